"""Bots. Every bot acts on a view only: ``bot.act(state.view(seat)) -> action``.

Levels: ``random`` (a uniformly random legal action), ``basic`` (the game's hand-split
heuristics), ``strong`` (information-set search over sampled worlds with ``basic``
rollouts; ``budget`` seconds per decision, 1 s by default).
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from ..engine import new_game

LEVELS = ("random", "basic", "strong")


class Bot(Protocol):
    def act(self, view: dict[str, Any]) -> str: ...


class RandomBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any]) -> str:
        return str(self.rng.choice(view["legal_actions"]))


def new_bot(game: str, level: str = "basic", seed: int = 0, **options: Any) -> Bot:
    """A bot for ``game`` at ``level``; ``strong`` takes ``budget`` (seconds per decision)."""
    if level not in LEVELS:
        raise ValueError(f"no bot level {level!r}; levels: {', '.join(LEVELS)}")
    the_game = new_game(game)
    if level == "random":
        return RandomBot(seed)
    if game in ("doudizhu", "runfast"):
        from . import climbing

        if level == "basic":
            return climbing.BasicBot()
        return climbing.strong_bot(the_game, seed, **options)
    if game == "guandan":
        from . import guandan

        if level == "basic":
            return guandan.BasicBot()
        return guandan.strong_bot(the_game, seed, **options)
    if game == "tractor":
        from . import tractor

        if level == "basic":
            return tractor.BasicBot()
        return tractor.strong_bot(the_game, seed, **options)
    if game == "tarot":
        from . import tarot

        if level == "basic":
            return tarot.BasicBot()
        return tarot.strong_bot(the_game, seed, **options)
    if game == "holdem":
        from . import holdem

        if level == "basic":
            return holdem.BasicBot()
        return holdem.StrongBot(seed=seed, **options)
    if game == "onepoker":
        from . import onepoker

        return onepoker.BasicBot() if level == "basic" else onepoker.StrongBot(seed=seed)
    if game == "bridge":
        from . import bridge

        if level == "basic":
            return bridge.BasicBot(seed=seed)
        from . import bridge_strong

        return bridge_strong.StrongBot(seed=seed, **options)
    raise ValueError(f"no {level} bot for {game} yet")
