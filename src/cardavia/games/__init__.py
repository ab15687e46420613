"""One module per game; importing this package registers every game."""

from . import doudizhu, runfast

__all__ = ["doudizhu", "runfast"]
