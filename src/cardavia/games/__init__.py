"""One module per game; importing this package registers every game."""

from . import doudizhu, holdem, onepoker, runfast

__all__ = ["doudizhu", "holdem", "onepoker", "runfast"]
