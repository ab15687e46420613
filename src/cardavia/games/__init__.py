"""One module per game; importing this package registers every game."""

from . import doudizhu, holdem, runfast

__all__ = ["doudizhu", "holdem", "runfast"]
