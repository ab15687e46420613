"""The terminal table: input parsing, event lines and scripted ``play`` sessions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import make_console

import cardavia
from cardavia.cards import pack_54
from cardavia.terminal import (
    Command,
    describe_event,
    human_form,
    interpret,
    play_session,
)

NAMES = ["You", "Bot 1", "Bot 2"]
WIDTH = 120  # the console's columns: the table's lines unwrapped


# --- input parsing (no engine needed) -------------------------------------------------

HAND = ["3S", "3H", "4D", "TS", "TC", "QH", "AS", "2C", "BJ", "RJ"]
PLAY_VIEW: dict[str, Any] = {
    "game": "doudizhu",
    "landlord": 1,
    "hand": HAND,
    "legal_actions": ["play 3S", "play 3S 3H", "pass"],
}
AUCTION_VIEW: dict[str, Any] = {
    "game": "doudizhu",
    "landlord": None,
    "hand": HAND,
    "legal_actions": ["bid 2", "bid 3", "pass"],
}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass", "pass"),
        ("P", "pass"),
        ("  pass  ", "pass"),
        ("33", "play 3S 3H"),
        ("3 3", "play 3S 3H"),
        ("play 33", "play 3S 3H"),
        ("3h 3s", "play 3S 3H"),
        ("3h, 3s", "play 3S 3H"),
        ("10", "play TS"),
        ("10 10", "play TS TC"),
        ("tt", "play TS TC"),
        ("10c", "play TC"),
        ("bj rj", "play BJ RJ"),
        ("BJ RJ", "play BJ RJ"),
        ("q", "play QH"),
        ("a", "play AS"),
        ("2", "play 2C"),
        ("bid 2", "bid 2"),
    ],
)
def test_interpret_plays(text: str, expected: str) -> None:
    assert interpret(text, PLAY_VIEW) == Command("action", action=expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2", "bid 2"), ("bid 3", "bid 3"), ("BID 1", "bid 1"), ("bid2", "bid 2"), ("p", "pass")],
)
def test_interpret_auction(text: str, expected: str) -> None:
    assert interpret(text, AUCTION_VIEW) == Command("action", action=expected)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("help", "help"),
        ("?", "help"),
        ("hint", "hint"),
        ("quit", "quit"),
        ("exit", "quit"),
        ("table", "table"),
        ("", "empty"),
        ("   ", "empty"),
    ],
)
def test_interpret_commands(text: str, kind: str) -> None:
    assert interpret(text, PLAY_VIEW).kind == kind


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("zz", "'zz' is not a card"),
        ("333", "do not hold another 3"),
        ("5", "do not hold another 5"),
        ("kh", "do not hold KH"),
        ("play", "Name the cards"),
        ("bid", "bid 1, bid 2 or bid 3"),
    ],
)
def test_interpret_explains_bad_input(text: str, message: str) -> None:
    command = interpret(text, PLAY_VIEW)
    assert command.kind == "error"
    assert message in command.message


def test_interpret_prefers_the_legal_play_with_the_same_ranks() -> None:
    # Run Fast's opening must contain 3H: typing the rank picks the legal representative.
    view = {"game": "runfast", "hand": ["3S", "3H", "4D"], "legal_actions": ["play 3H"]}
    assert interpret("3", view).action == "play 3H"
    # An exact card is respected (the engine will explain why it is refused).
    assert interpret("3s", view).action == "play 3S"


def test_human_form_round_trips() -> None:
    assert human_form("play 3S 3H 4D") == "33 4"
    assert human_form("play TS TH") == "tt"
    assert human_form("play TS") == "10"
    assert human_form("play BJ RJ") == "bj rj"
    assert human_form("bid 2") == "bid 2"
    assert human_form("pass") == "pass"
    for action in ["play 3S 3H", "play TS TC", "play BJ RJ", "play 2C", "play QH"]:
        assert interpret(human_form(action), PLAY_VIEW).action == action


def test_events_render_and_unknown_types_do_not_crash() -> None:
    play = {
        "type": "play",
        "seat": 1,
        "action": "play 3S 3H",
        "cards": ["3S", "3H"],
        "kind": "pair",
    }
    assert describe_event(play, NAMES) is not None
    assert str(describe_event(play, NAMES)) == "Bot 1 plays 3♠ 3♥ (pair)"
    mine = {"type": "pass", "seat": 0, "action": "pass"}
    assert str(describe_event(mine, NAMES)) == "You pass"
    odd = {"type": "comet", "seat": 2, "colour": "green", "size": [1, 2]}
    text = str(describe_event(odd, NAMES))
    assert "comet" in text and "Bot 2" in text and "green" in text
    assert describe_event({"type": "mystery"}, NAMES) is not None
    assert describe_event({"type": "round_end", "leader": 2}, NAMES) is not None


# --- scripted sessions ----------------------------------------------------------------


class LowestPlayBot:
    """Passes in the auction; in play, always makes the smallest play it can."""

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        plays = [a for a in legal if a.startswith("play ")]
        if plays:
            return min(plays, key=lambda a: (len(a.split()), legal.index(a)))
        return "pass" if "pass" in legal else legal[0]


class Script:
    """input_fn: the scripted lines first, then a legal play typed as a person would.

    For every scripted line it also records what the engine says about it, so the test
    can check that exactly that explanation was shown."""

    def __init__(self, state: Any, lines: list[str]) -> None:
        self.state = state
        self.lines = list(lines)
        self.calls: list[tuple[str, str, int]] = []  # (prompt, typed, events so far)

    def __call__(self, prompt: str) -> str:
        view = self.state.view(0)
        if self.lines:
            typed = self.lines.pop(0)
        else:
            legal = view["legal_actions"]
            plays = [a for a in legal if a.startswith("play ")]
            typed = human_form(plays[0]) if plays else "pass"
        self.calls.append((prompt, typed, len(self.state.events)))
        return typed


def engine_message(state: Any, typed: str) -> str:
    """What the engine says when ``typed`` is applied now (it must be refused)."""
    command = interpret(typed, state.view(0))
    assert command.kind == "action"
    trial = state.clone()
    with pytest.raises(cardavia.IllegalAction) as error:
        trial.apply(command.action)
    return str(error.value)


def fixed_doudizhu_deal() -> dict[str, Any]:
    """Seat 0 holds all four 3s (so a 3 never beats anything) and bids first."""
    threes = ["3S", "3H", "3D", "3C"]
    rest = [card for card in pack_54() if card not in threes]
    random.Random(5).shuffle(rest)
    hands = [threes + rest[:13], rest[13:30], rest[30:47]]
    return {"hands": hands, "bottom": rest[47:50], "first_bidder": 0}


def test_scripted_doudizhu_session_explains_refusals_and_finishes() -> None:
    game = cardavia.new_game("doudizhu")
    state = game.new_state(seed=1, deal=fixed_doudizhu_deal())
    console, buffer = make_console(WIDTH)
    expected: list[str] = []

    class Checking(Script):
        def __call__(self, prompt: str) -> str:
            typed = super().__call__(prompt)
            if len(self.calls) == 3:  # the leader's pass
                assert typed == "p"
                expected.append(engine_message(self.state, typed))
            if len(self.calls) == 5:  # a 3 against the bots' higher single
                assert typed == "3"
                assert self.state.view(0)["top"]["seat"] in (1, 2)
                expected.append(engine_message(self.state, typed))
            return typed

    # bad card in the auction, bid 3, pass as leader, lead a 3, then a 3 that does not beat
    script = Checking(state, ["zz", "3", "p", "3", "3"])
    bots = {1: LowestPlayBot(), 2: LowestPlayBot()}
    result = play_session(state, console, script, bots, hint_bot=None, title="test")
    out = buffer.getvalue()

    assert result == 0
    assert state.is_over
    assert "'zz' is not a card" in out
    assert len(expected) == 2
    assert "pass" in expected[0]  # the leader may not pass
    assert "does not beat" in expected[1]
    for message in expected:
        assert f"Not allowed: {message}" in out
    # each refused line was asked again with nothing applied in between
    for refused in (0, 2, 4):
        assert script.calls[refused][2] == script.calls[refused + 1][2]
        assert script.calls[refused][0] == script.calls[refused + 1][0]
    assert "You bid 3" in out
    assert "You become the landlord" in out
    assert "Bot 1 plays" in out
    # the end: the record of every bid and play, the scores and the breakdown
    assert "Record" in out and "Scores" in out and "Breakdown" in out
    actions = [e for e in state.events if "action" in e]
    record = out[out.index("Record") :]
    assert f"{len(actions)} " in record
    for seat, name in enumerate(NAMES):
        assert name in record
        assert f"{state.scores[seat]:+}" in record
    assert sum(state.scores) == 0


def test_runfast_session_with_real_bots_help_hint_and_must_beat() -> None:
    game = cardavia.new_game("runfast")
    for seed in range(50):
        state = game.new_state(seed=seed)
        if state.current_player != 0:
            break
    console, buffer = make_console(WIDTH)
    bots = {seat: cardavia.new_bot("runfast", level="random", seed=seat) for seat in (1, 2)}
    hint_bot = cardavia.new_bot("runfast", level="basic", seed=0)
    refusals: list[str] = []

    class MustBeat(Script):
        def __call__(self, prompt: str) -> str:
            view = self.state.view(0)
            plays = [a for a in view["legal_actions"] if a.startswith("play ")]
            if not self.lines and view["top"] is not None and plays and not refusals:
                refusals.append(engine_message(self.state, "pass"))
                self.calls.append((prompt, "pass", len(self.state.events)))
                return "pass"
            return super().__call__(prompt)

    script = MustBeat(state, ["help", "hint", "", "table", "zz"])
    assert play_session(state, console, script, bots, hint_bot) == 0
    out = buffer.getvalue()
    assert "Commands" in out
    assert "Hint:" in out
    assert "'zz' is not a card" in out
    assert "holds 3♥ and opens" in out or "hold 3♥ and open" in out
    assert len(refusals) == 1 and "must" in refusals[0]  # a pass when able to beat
    assert f"Not allowed: {refusals[0]}" in out
    assert state.is_over
    assert "Scores" in out and "Breakdown" in out


def test_quit_and_end_of_input_leave_the_table() -> None:
    game = cardavia.new_game("doudizhu")
    for typed in ("quit", None):
        state = game.new_state(seed=2, deal=fixed_doudizhu_deal())
        console, buffer = make_console(WIDTH)

        def answer(prompt: str, typed: str | None = typed) -> str:
            if typed is None:
                raise EOFError
            return typed

        assert play_session(state, console, answer, {1: LowestPlayBot(), 2: LowestPlayBot()}) == 1
        assert "You left the table" in buffer.getvalue()
        assert not state.is_over
