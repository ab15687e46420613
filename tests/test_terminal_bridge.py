"""Contract bridge at the terminal table: reading calls and cards, the auction grid, the
event lines, and scripted ``play`` sessions (passed out, whole deals, the dummy, a rubber)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from helpers import make_console, rendered

import cardavia
from cardavia.bridge_scoring import new_sheet, score_contract, sheet_totals, write_on_sheet
from cardavia.cards import RANKS
from cardavia.terminal import Command, card_label, play_session, presenter_for, seat_names
from cardavia.terminal_bridge import (
    BRIDGE_NAMES,
    BridgePresenter,
    bridge_ending,
    bridge_prompt,
    contract_words,
    hand_text,
    interpret_bridge,
    render_auction,
    typed_form,
)

NAMES = list(BRIDGE_NAMES)
WIDTH = 200  # the console's columns: the table's lines unwrapped


# --- reading what is typed (no engine needed) ------------------------------------------

AUCTION: dict[str, Any] = {"phase": "auction", "legal_actions": ["pass", "1C", "1D"]}
PLAY: dict[str, Any] = {
    "phase": "play",
    "hand": ["AS", "KS", "TH", "2H", "AD"],
    "legal_actions": ["play AS", "play KS", "play TH", "play 2H", "play AD"],
}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1nt", "1NT"),
        ("1n", "1NT"),
        ("1 NT", "1NT"),
        ("2s", "2S"),
        ("7C", "7C"),
        ("p", "pass"),
        ("Pass", "pass"),
        ("x", "double"),
        ("xx", "redouble"),
        ("double", "double"),
        ("zz", "zz"),  # passed on: the engine says why it is not a call
        ("play as", "play as"),  # the engine: "the auction is not over"
    ],
)
def test_interpret_calls(text: str, expected: str) -> None:
    assert interpret_bridge(text, AUCTION) == Command("action", action=expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("play as", "play AS"),
        ("as", "play AS"),
        ("AS", "play AS"),
        ("sa", "play AS"),
        ("A♠", "play AS"),
        ("10h", "play TH"),
        ("th", "play TH"),
        ("play 10 h", "play TH"),
        ("k", "play KS"),  # the only legal king
        ("10", "play TH"),
        ("qc", "play QC"),  # not held: the engine explains
        ("zz", "play zz"),
    ],
)
def test_interpret_cards(text: str, expected: str) -> None:
    assert interpret_bridge(text, PLAY) == Command("action", action=expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a", "Which A? Name the suit too: A♠ or A♦."),
        ("q", "No Q can be played now."),
        ("play", "Name the card to play"),
    ],
)
def test_interpret_cards_explains(text: str, message: str) -> None:
    command = interpret_bridge(text, PLAY)
    assert command.kind == "error"
    assert message in command.message


@pytest.mark.parametrize(
    ("text", "kind"),
    [("hint", "hint"), ("help", "help"), ("quit", "quit"), ("table", "table"), (" ", "empty")],
)
def test_general_commands(text: str, kind: str) -> None:
    assert interpret_bridge(text, AUCTION).kind == kind
    assert interpret_bridge(text, PLAY).kind == kind


def test_typed_forms_and_hints() -> None:
    assert [typed_form(a) for a in ("1NT", "pass", "double", "redouble", "play TS")] == [
        "1nt",
        "p",
        "x",
        "xx",
        "10s",
    ]
    presenter = BridgePresenter()
    assert str(presenter.hint("4H")) == "4♥   (type: 4h)"
    assert str(presenter.hint("play QD")) == "play Q♦   (type: qd)"
    assert str(presenter.hint("pass")) == "pass   (type: p)"


def test_hand_by_suit_high_to_low() -> None:
    text = hand_text(["2C", "TH", "AS", "KS", "JC", "3S"])
    assert str(text) == "♠ A K 3  ♥ 10  ♦ —  ♣ J 2"


def test_contract_words() -> None:
    assert str(contract_words("4SX by E")) == "4♠X by East"
    assert str(contract_words("3NT by S")) == "3NT by South (You)"
    assert str(contract_words("2HXX by N")) == "2♥XX by North"


def test_names_and_presenter_by_game() -> None:
    assert seat_names(4, 0, "bridge") == NAMES
    assert seat_names(4, 0, "doudizhu") == ["You", "Bot 1", "Bot 2", "Bot 3"]
    assert isinstance(presenter_for("bridge"), BridgePresenter)
    assert presenter_for("bridge").unit == "deal"
    assert presenter_for("bridge", {"scoring": "rubber"}).unit == "rubber"


# --- the auction grid ------------------------------------------------------------------


def grid_rows(text: str) -> list[list[str]]:
    """The cells of a rendered rich table's rows (header included)."""
    rows = []
    for line in text.splitlines():
        if line.count("│") >= 3 or line.count("┃") >= 3:
            cells = re.split(r"[│┃]", line)[1:-1]
            rows.append([cell.strip() for cell in cells])
    return rows


def test_auction_grid_starts_in_the_dealers_column() -> None:
    view = {
        "phase": "auction",
        "dealer": 2,  # North
        "vulnerability": "ew",
        "turn_hand": 2,
        "auction": [
            {"seat": 2, "call": "1H"},
            {"seat": 3, "call": "double"},
            {"seat": 0, "call": "redouble"},
            {"seat": 1, "call": "1NT"},
            {"seat": 2, "call": "pass"},
            {"seat": 3, "call": "pass"},
            {"seat": 0, "call": "2C"},
            {"seat": 1, "call": "pass"},
        ],
    }
    rows = grid_rows(rendered([render_auction(view, NAMES)], WIDTH))
    assert rows[0] == ["West V", "North · dealer", "East V", "South (You)"]
    assert rows[1] == ["", "1♥", "X", "XX"]
    assert rows[2] == ["1NT", "Pass", "Pass", "2♣"]
    assert rows[3] == ["Pass", "?", "", ""]


def test_prompts() -> None:
    legal = ["pass", "2C", "2D", "double"]
    assert bridge_prompt({"phase": "auction", "legal_actions": legal}) == (
        "Your call (p, 2c…7nt, x; help) > "
    )
    dummy_turn = {
        "phase": "play",
        "seat": 0,
        "current_player": 0,
        "turn_hand": 2,
        "dummy_seat": 2,
        "trick": [{"seat": 1, "card": "5H"}],
        "legal_actions": ["play 2H"],
    }
    assert bridge_prompt(dummy_turn) == "Dummy (North) to play, ♥ led > "
    own_turn = {**dummy_turn, "turn_hand": 0, "trick": []}
    assert bridge_prompt(own_turn) == "Your card (South) > "


# --- scripted sessions -----------------------------------------------------------------


class PassBot:
    """Passes in the auction, plays its first legal card."""

    def act(self, view: dict[str, Any]) -> str:
        legal = view["legal_actions"]
        return "pass" if "pass" in legal else str(legal[0])


class BidBot(PassBot):
    """Bids ``call`` at its first chance, then as PassBot."""

    def __init__(self, call: str) -> None:
        self.call = call

    def act(self, view: dict[str, Any]) -> str:
        if self.call in view["legal_actions"]:
            call, self.call = self.call, ""
            return call
        return super().act(view)


class Script:
    """The human's lines: ``answer(view, number)`` gives each; every call is recorded
    with the prompt and the human's view as it was."""

    def __init__(self, state: Any, answer: Callable[[dict[str, Any], int], str]) -> None:
        self.state = state
        self.answer = answer
        self.calls: list[tuple[str, dict[str, Any], str]] = []

    def __call__(self, prompt: str) -> str:
        view = self.state.view(0)
        line = self.answer(view, len(self.calls))
        self.calls.append((prompt, view, line))
        return line


def first_legal(view: dict[str, Any], number: int) -> str:
    """The first legal action, typed as a person would."""
    return typed_form(str(view["legal_actions"][0]))


def test_passed_out_deal() -> None:
    state = cardavia.new_game("bridge").new_state(seed=5)
    console, buffer = make_console(WIDTH)
    script = Script(state, first_legal)
    bots = {seat: PassBot() for seat in (1, 2, 3)}
    assert play_session(state, console, script, bots, title="Bridge") == 0
    out = buffer.getvalue()
    assert len(script.calls) == 1
    assert script.calls[0][0].startswith("Your call (p, 1c…7nt; help)")
    assert "You pass" in out and "East passes" in out
    assert "Passed out: all four players passed." in out
    assert "Score: no contract, 0 to both sides." in out
    assert "The deal is over." in out and "passed out" in out
    assert "Result: NS 0 · EW 0  — a tie." in out
    assert state.scores == [0, 0, 0, 0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_deals_with_the_first_legal_action(seed: int) -> None:
    state = cardavia.new_game("bridge").new_state(seed=seed)
    console, buffer = make_console(WIDTH)
    bots = {seat: cardavia.new_bot("bridge", "random", seed=seed * 10 + seat) for seat in (1, 2, 3)}
    script = Script(state, first_legal)
    assert play_session(state, console, script, bots, title="Bridge") == 0
    assert state.is_over
    out = buffer.getvalue()
    assert "The deal is over." in out
    assert "✗" not in out  # every line typed was accepted
    score = next(e for e in reversed(state.events) if e["type"] == "score")
    if not score["passed_out"]:
        assert "Trick 13:" in out
        for item in ("Declarer", "Result", "Trick points", "Slam bonus", "Insult bonus"):
            assert item in out
        assert "Overtricks" in out and "Undertricks" in out
    ns = state.scores[0]
    shown = f"+{ns}" if ns > 0 else f"−{-ns}" if ns < 0 else "0"
    assert f"Result: NS {shown} · EW " in out
    assert "deal 1 · dealer South · vulnerable: none" in out


def test_a_bad_call_is_refused_then_a_good_one_accepted_and_you_play_the_dummy() -> None:
    state = cardavia.new_game("bridge").new_state(seed=8)
    lines = ["x", "zz", "1nt", "1h", "3nt"]

    def answer(view: dict[str, Any], number: int) -> str:
        if number < len(lines):
            return lines[number]
        return first_legal(view, number)

    console, buffer = make_console(WIDTH)
    script = Script(state, answer)
    bots = {1: BidBot("2C"), 2: PassBot(), 3: PassBot()}
    assert play_session(state, console, script, bots) == 0
    out = buffer.getvalue()
    assert "✗ Not allowed: there is no bid to double" in out
    assert "✗ Not allowed: 'zz' is not a call" in out
    # nothing was lost: the same prompt and view each time until the good call
    assert script.calls[0][1] == script.calls[1][1]
    assert script.calls[0][0] == script.calls[1][0]
    assert "You bid 1NT" in out and "West bids 2♣" in out
    # 1h after 2C is refused by the engine, then 3nt is accepted
    assert "✗ Not allowed: 1H is not higher than the last bid, 2C" in out
    assert script.calls[3][1] == script.calls[4][1]
    assert "You bid 3NT" in out
    prompts = [prompt for prompt, _, _ in script.calls]
    assert "Contract: 3NT by South (You)" in out
    assert "You declare: you play North's cards too." in out
    assert any(prompt.startswith("Dummy (North) to play") for prompt in prompts)
    assert any(prompt.startswith("Your card (South") for prompt in prompts)
    assert "▶ Dummy (North) to play: choose one of its cards." in out
    assert "The dummy (North) goes down: ♠" in out
    assert re.search(r"Dummy \(North\): ♠ .*♣", out)
    assert re.search(r"You play \S+ from the dummy \(North\)", out)
    assert "Score: 3NT by South (You), " in out


def test_north_declares_and_plays_both_hands_while_you_watch() -> None:
    state = cardavia.new_game("bridge").new_state(seed=9)
    console, buffer = make_console(WIDTH)
    script = Script(state, first_legal)
    bots = {1: PassBot(), 2: BidBot("3NT"), 3: PassBot()}
    assert play_session(state, console, script, bots) == 0
    out = buffer.getvalue()
    assert [line for _, _, line in script.calls] == ["p", "p"]  # two calls, no card
    assert "North bids 3NT" in out
    assert "Contract: 3NT by North. NS need 9 tricks. East leads" in out
    assert "You are the dummy: North plays both hands, you watch." in out
    assert "The dummy (You (South)) goes down" in out
    assert re.search(r"North plays \S+ from your hand \(the dummy\)", out)
    assert "Trick 13:" in out and "The deal is over." in out


SPLIT_DEAL = {
    # Every hand one suit: anything of West (spades) or East (clubs) that is shown
    # before it is played would be a leak.
    "hands": [
        [rank + "H" for rank in RANKS],
        [rank + "S" for rank in RANKS],
        [rank + "D" for rank in RANKS],
        [rank + "C" for rank in RANKS],
    ]
}


def test_no_hidden_card_of_west_or_east_is_shown_before_it_is_played() -> None:
    state = cardavia.new_game("bridge").new_state(seed=4, deal=SPLIT_DEAL)
    console, buffer = make_console(WIDTH)
    hidden = SPLIT_DEAL["hands"][1] + SPLIT_DEAL["hands"][3]
    checked = []

    def answer(view: dict[str, Any], number: int) -> str:
        out = buffer.getvalue()
        played = {e["card"] for e in state.events if e["type"] == "play"}
        for card in hidden:
            if card not in played:
                assert card_label(card) not in out, card
        assert "♠ A" not in out and "♣ A" not in out  # no hand line of West or East
        checked.append(number)
        return "7nt" if number == 0 else first_legal(view, number)

    bots = {seat: cardavia.new_bot("bridge", "random", seed=seat) for seat in (1, 2, 3)}
    assert play_session(state, console, Script(state, answer), bots) == 0
    assert len(checked) > 13  # the auction, then South's and North's cards
    assert "Contract: 7NT" in buffer.getvalue()
    assert "by South (You)" in buffer.getvalue()


def test_quit_leaves_the_bridge_table() -> None:
    state = cardavia.new_game("bridge").new_state(seed=1)
    console, buffer = make_console(WIDTH)
    bots = {seat: PassBot() for seat in (1, 2, 3)}
    assert play_session(state, console, lambda prompt: "quit", bots) == 1
    assert "You left the table." in buffer.getvalue()


def test_hint_and_help_at_the_bridge_table() -> None:
    state = cardavia.new_game("bridge").new_state(seed=2)
    console, buffer = make_console(WIDTH)
    lines = iter(["help", "hint", "table", "quit"])
    bots = {seat: PassBot() for seat in (1, 2, 3)}
    play_session(state, console, lambda prompt: next(lines), bots, BidBot("2H"))
    out = buffer.getvalue()
    assert "Commands" in out and "xx" in out
    assert "Hint: 2♥   (type: 2h)" in out
    assert out.count("Auction") == 2  # the table, then again on "table"


# --- rubber scoring ----------------------------------------------------------------------

SPADES_DEAL = {
    "hands": [
        [rank + "S" for rank in RANKS],  # South holds every trump: 7S makes
        [rank + "H" for rank in RANKS],
        [rank + "D" for rank in RANKS],
        [rank + "C" for rank in RANKS],
    ]
}


def test_a_rubber_session_shows_the_sheet() -> None:
    state = cardavia.new_game("bridge", scoring="rubber").new_state(seed=3, deal=SPADES_DEAL)

    def answer(view: dict[str, Any], number: int) -> str:
        deals = sum(1 for e in view["events"] if e["type"] == "deal")
        if number == 0:
            return "7s"
        if deals >= 3:
            return "quit"
        return first_legal(view, number)

    console, buffer = make_console(WIDTH)
    bots = {seat: PassBot() for seat in (1, 2, 3)}
    assert play_session(state, console, Script(state, answer), bots) == 1
    out = buffer.getvalue()
    assert "Score: 7♠ by South (You), 13 tricks (=) — on the sheet: NS 210 below, " in out
    assert "NS 1000 above, NS win a game; totals NS +1210, EW −1210." in out
    assert "Deal 2 — dealer West, vulnerable: North–South." in out
    assert "rubber games NS 1 – EW 0 · points NS 1210 – EW 0" in out


def test_rubber_ending_lists_every_deal() -> None:
    # spec §6.7: five deals, EW win the rubber by 640
    deals = [
        (2, "S", 0, 2, 8),
        (3, "NT", 0, 3, 9),
        (4, "S", 1, 1, 8),
        (2, "H", 1, 0, 9),
        (6, "D", 0, 3, 12),
    ]
    sheet = new_sheet()
    events: list[dict[str, Any]] = []
    for index, (level, strain, doubling, declarer, tricks) in enumerate(deals):
        side = declarer % 2
        vulnerable = sheet["games"][side] > 0
        result = score_contract(level, strain, doubling, vulnerable, tricks)
        written = write_on_sheet(sheet, side, result)
        events.append({"type": "deal", "deal": index, "dealer": index % 4})
        contract = f"{level}{strain}{'X' * doubling} by {'SWNE'[declarer]}"
        ns, ew = sheet_totals(sheet)
        events.append(
            {
                "type": "score",
                "passed_out": False,
                "contract": contract,
                "declarer": declarer,
                "tricks": tricks,
                "result": tricks - 6 - level,
                **result.as_dict(),
                "written": written,
                "ns": ns - ew,
                "ew": ew - ns,
            }
        )
    assert sheet_totals(sheet) == [830, 1470]
    view = {
        "scoring": "rubber",
        "phase": "over",
        "dealer": 0,
        "auction": [],
        "events": events,
        "scores": [-640, 640, -640, 640],
    }
    out = rendered(bridge_ending(view, NAMES), WIDTH)
    assert "The rubber is over." in out
    rows = {row[0]: row for row in grid_rows(out) if row and row[0].isdigit()}
    assert rows["1"][1:] == ["2♠ by North", "=", "60 / –", "– / –"]
    assert rows["3"][1:] == ["4♠X by West", "−2", "– / 500", "– / –"]
    assert rows["4"][1:] == ["2♥X by South (You)", "+1", "120 / 150", "– / –"]
    assert rows["5"][1:] == ["6♦ by East", "=", "– / –", "120 / 750 + 500"]
    assert "Result: NS −640 · EW +640  — West and East win." in out
