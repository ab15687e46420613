"""One module per game; importing this package registers every game."""

from . import bridge, doudizhu, guandan, holdem, onepoker, runfast, tarot, tractor

__all__ = ["bridge", "doudizhu", "guandan", "holdem", "onepoker", "runfast", "tarot", "tractor"]
