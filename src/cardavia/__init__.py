"""Cardavia: traditional card games, their rules engine and computer opponents.

The public API is described in API.md: ``game_names``, ``new_game``, ``new_bot``,
``IllegalAction``, ``InvalidDeal``.
"""

from . import games as _games  # noqa: F401  (registers every game)
from .ai import new_bot
from .engine import Game, IllegalAction, InvalidDeal, State, game_names, new_game

__all__ = [
    "Game",
    "IllegalAction",
    "InvalidDeal",
    "State",
    "game_names",
    "new_bot",
    "new_game",
]
