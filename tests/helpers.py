"""Checks that several test modules share (imported as ``helpers``: pytest puts this
folder on the path of the modules in it)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterable
from typing import Any

import pytest
from rich.console import Console

import cardavia
from cardavia import IllegalAction


def refuse_unchanged(state: cardavia.State, action: object) -> None:
    """``action`` is refused, and the state is exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)  # type: ignore[arg-type]
    assert state.to_json() == before, f"{action!r} was refused but changed the state"


def check_actions(state: cardavia.State, rng: random.Random, tries: int) -> list[str]:
    """The listed actions: some, none twice, the same on a clone, and ``tries`` of them
    (drawn by ``rng``) each accepted by a clone."""
    actions = state.legal_actions()
    assert actions, "a live state with nothing to do"
    assert len(actions) == len(set(actions)), "an action is listed twice"
    assert state.clone().legal_actions() == actions
    for action in rng.sample(actions, min(tries, len(actions))):
        state.clone().apply(action)  # every listed action is accepted
    return actions


def refuse_junk(state: cardavia.State, actions: list[str], junk: list[str]) -> int:
    """Every line of ``junk`` refused, and a pass when none is listed, each leaving the
    state unchanged; the seat to act."""
    for line in junk:
        refuse_unchanged(state, line)
    seat = state.current_player
    assert seat is not None
    if "pass" not in actions:
        refuse_unchanged(state, "pass")
    return seat


# --- the terminal table ----------------------------------------------------------------


def make_console(width: int = 140) -> tuple[Console, io.StringIO]:
    """A plain console (no colour, no highlighting) ``width`` columns wide, and what it
    printed."""
    buffer = io.StringIO()
    return Console(file=buffer, width=width, color_system=None, highlight=False), buffer


def rendered(items: Iterable[Any], width: int = 140) -> str:
    """``items`` printed one after the other, as plain text."""
    console, buffer = make_console(width)
    for item in items:
        console.print(item)
    return buffer.getvalue()


def random_bots(game_name: str) -> dict[int, Any]:
    """Random bots at seats 1 to 3, seeded by their seat."""
    return {seat: cardavia.new_bot(game_name, level="random", seed=seat) for seat in (1, 2, 3)}
