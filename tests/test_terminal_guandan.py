"""Guandan at the terminal table: reading typed plays (wild cards, readings, ranks), the
return after a tribute, the table, and scripted seeded sessions over whole deals."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers import make_console, random_bots

import cardavia
from cardavia.cli import PLAYABLE_GAMES, build_parser
from cardavia.games.guandan.rules import pack_108
from cardavia.terminal import Command, card_label, play_session, presenter_for
from cardavia.terminal_guandan import (
    GuandanPresenter,
    describe_event,
    reading_label,
    readings,
)

NAMES = ["You", "Bot 1", "Partner", "Bot 3"]
# Seat 0's 27 cards at level 5 (5H wild): both wilds, a run 6-9 of spades, two 9s, two 3s.
MINE = [
    *("5H", "5H", "6S", "7S", "8S", "9S", "9D", "3D", "3C", "5S", "AS", "KH", "2S", "2D"),
    *("4D", "4C", "TD", "TC", "JD", "JC", "QD", "KC", "AD", "AC", "6D", "7D", "8C"),
]


def fixed_deal(shuffle: int = 11, **keys: Any) -> dict[str, Any]:
    rest = list((Counter(pack_108()) - Counter(MINE)).elements())
    random.Random(shuffle).shuffle(rest)
    hands = [list(MINE)] + [rest[27 * i : 27 * (i + 1)] for i in range(3)]
    return {"hands": hands, "levels": [5, 2], "level_team": 0, **keys}


def lead_state(deals: int = 1) -> Any:
    game = cardavia.new_game("guandan", deals=deals)
    return game.new_state(seed=4, deal=fixed_deal(first_leader=0))


# --- reading what is typed ------------------------------------------------------------


def test_cards_ranks_and_the_wild_word() -> None:
    view = lead_state().view(0)
    presenter = GuandanPresenter()
    assert presenter.interpret("play 9s 5h as 9s 9d", view) == Command(
        "action", action="play 9S 5H as 9S 9D"
    )
    assert presenter.interpret("9S 5H as 9S 9H", view).action == "play 9S 5H as 9S 9H"
    # 'AS' (and an 'as' that is no reading) is the ace of spades
    for typed in ("AS AD AC", "ad as ac", "as ad ac"):
        assert presenter.interpret(typed, view).action == "play AS AD AC"
    # only the wild can stand for 9: a single reading is played at once
    assert presenter.interpret("9s 5h", view).action == "play 9S 5H as 9S 9H"
    assert presenter.interpret("99", view).action == "play 9S 9D"
    assert presenter.interpret("3 3", view).action == "play 3D 3C"
    # a level-rank rank takes the natural five first, 'w' a wild card
    assert presenter.interpret("5", view).action == "play 5S"
    assert presenter.interpret("w", view).action == "play 5H"
    assert presenter.interpret("9 w", view).action == "play 9S 5H as 9S 9H"
    # a reading typed as ranks keeps the played naturals, the wild's rank in hearts
    assert presenter.interpret("9s w as 9 9", view).action == "play 9S 5H as 9S 9H"
    assert presenter.interpret("6s 7s 8s 9s as as straight", view).action == (
        "play 6S 7S 8S 9S AS as straight"
    )
    assert presenter.interpret("p", view).action == "pass"
    assert presenter.interpret("hint", view).kind == "hint"


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("zz", "'zz' is not a card"),
        ("qc", "do not hold QC"),
        ("9 9 9", "do not hold another 9"),
        ("w w w", "You hold 2 wild cards"),
        ("play", "Name the cards"),
    ],
)
def test_bad_input_is_explained(typed: str, message: str) -> None:
    command = GuandanPresenter().interpret(typed, lead_state().view(0))
    assert command.kind == "error"
    assert message in command.message


def test_several_readings_are_numbered_and_a_number_picks_one() -> None:
    state = lead_state()
    view = state.view(0)
    presenter = GuandanPresenter()
    command = presenter.interpret("play 6s 7s 8s 9s 5h", view)
    assert command.kind == "info"
    options = readings(["6S", "7S", "8S", "9S", "5H"], view)
    assert len(options) == 4 and all(option in view["legal_actions"] for option in options)
    for number, option in enumerate(options, 1):
        assert f"{number}. {reading_label(option, view)}" in command.message
    assert "straight flush to 10" in command.message and "straight to 9" in command.message
    assert presenter.prompt(view, NAMES) == "Which reading (1-4)? > "
    # an out-of-range number is refused and the list stays open
    assert presenter.interpret("9", view).kind == "error"
    assert presenter.interpret("2", view) == Command("action", action=options[1])
    # the list is gone once answered; a bare number is then an ordinary rank
    assert presenter.interpret("9", view).action == "play 9S"
    assert presenter.prompt(view, NAMES) == "You lead: your play > "


def test_a_reading_list_only_offers_what_beats_the_table() -> None:
    view = {
        "level_rank": "5",
        "hand": ["5H", "5H", "KS"],
        "wild": "5H",
        "phase": "play",
        "top": {"seat": 1, "cards": ["QS", "QD"], "as": None, "kind": "pair"},
        "events": [],
    }
    assert readings(["5H", "5H"], view) == [
        "play 5H 5H as KH KH",
        "play 5H 5H as AH AH",
        "play 5H 5H",
    ]


def test_event_lines() -> None:
    play = {
        "type": "play",
        "seat": 1,
        "action": "play 9S 5H as 9S 9H",
        "cards": ["9S", "5H"],
        "as": ["9S", "9H"],
        "kind": "pair",
        "left": 8,
    }
    assert str(describe_event(play, NAMES)) == "Bot 1 plays 9♠ 5♥ as 9♠ 9♥ (pair) — 8 cards left"
    straight = {"type": "play", "seat": 0, "action": "play 6S 7S 8S 9S TS as straight"}
    assert "You play 6♠ 7♠ 8♠ 9♠ 10♠ as a plain straight" in str(describe_event(straight, NAMES))
    assert str(describe_event({"type": "finish", "seat": 2, "place": 1}, NAMES)) == (
        "Partner is out: 1st place."
    )
    tribute = {"type": "tribute", "payer": 3, "receiver": 0, "card": "RJ"}
    assert str(describe_event(tribute, NAMES)) == "Bot 3 pays tribute to You: RJ."
    result = {
        "type": "deal_result",
        "deal": 0,
        "places": [1, 3, 0, 2],
        "winning_team": 1,
        "advance": [0, 3],
        "levels": [2, 5],
        "match_won": False,
    }
    line = str(describe_event(result, NAMES))
    assert "1st Bot 1, 2nd Bot 3, 3rd You, 4th Partner" in line
    assert "The opponents win and climb 3 levels: your team at 2, the opponents at 5" in line


def test_cli_lists_guandan() -> None:
    assert "guandan" in PLAYABLE_GAMES
    assert build_parser().parse_args(["play", "guandan", "--level", "random"]).game == "guandan"
    assert isinstance(presenter_for("guandan"), GuandanPresenter)


# --- scripted sessions ----------------------------------------------------------------


class Script:
    """input_fn: the scripted lines first, then the first legal action; a numbered list
    is answered 1 and the pause between deals with Enter. Records (prompt, typed, events
    so far)."""

    def __init__(self, state: Any, lines: list[str]) -> None:
        self.state = state
        self.lines = list(lines)
        self.calls: list[tuple[str, str, int]] = []

    def __call__(self, prompt: str) -> str:
        if self.lines:
            typed = self.lines.pop(0)
        elif prompt.startswith("Which reading"):
            typed = "1"
        elif prompt.startswith("Press Enter"):
            typed = ""
        else:
            typed = self.state.view(0)["legal_actions"][0]
        assert len(self.calls) < 500, f"asked too often; last: {self.calls[-3:]}"
        self.calls.append((prompt, typed, len(self.state.events)))
        return typed


def test_a_deal_with_readings_refusals_and_the_result() -> None:
    state = lead_state()
    console, buffer = make_console()
    # a bad card, a pass the leader may not make, cards with four readings, a wrong
    # number, then the choice
    script = Script(state, ["zz", "p", "6s 7s 8s 9s 5h", "7", "4"])
    assert (
        play_session(state, console, script, random_bots("guandan"), hint_bot=None, title="t") == 0
    )
    out = buffer.getvalue()
    assert state.is_over
    assert "✗ 'zz' is not a card" in out
    assert "4 ways to read these cards" in out
    assert "✗ Choose a number from 1 to 4." in out
    assert "✗ Not allowed: you lead this round" in out
    # refused or informative lines changed nothing: the same events
    for index in (0, 1, 2, 3):
        assert script.calls[index][2] == script.calls[index + 1][2]
    first = next(e for e in state.events if e["type"] == "play")
    assert first["seat"] == 0 and first["kind"] == "straight_flush"
    assert "You play 6♠ 7♠ 8♠ 9♠ 5♥ as 6♠ 7♠ 8♠ 9♠ 10♠ (straight flush)" in out
    # the table: levels, the deal's level, the wild, the marked hand, counts and teams
    assert "Deal 1 of 1 at level 5 (your team's)" in out
    assert "Levels: your team at 5, the opponents at 2" in out
    assert "Wild: 5♥*" in out
    assert "Your hand: " in out and "5♥* 5♥*" in out
    assert "(27 cards)" in out
    assert "│ Partner" in out and "them" in out
    # the end: every deal and the scores
    assert "Deal 1 is over:" in out
    assert "The match is over." in out and "Deals" in out and "Scores" in out


def test_tribute_return_and_the_pause_between_deals() -> None:
    # Seat 0 finished first last time, Bot 3 last: Bot 3 pays seat 0, who returns a card.
    game = cardavia.new_game("guandan", deals=2)
    state = game.new_state(seed=8, deal=fixed_deal(13, previous_places=[0, 1, 2, 3]))
    view = state.view(0)
    assert view["phase"] == "return" and state.current_player == 0
    paid = view["tribute"]["payments"][0]["card"]
    console, buffer = make_console()
    presenter = GuandanPresenter()
    assert presenter.interpret("3", view) == Command("action", action="return 3D")
    assert presenter.prompt(view, NAMES).startswith("Return a card to Bot 3 (")
    script = Script(state, ["a", "return 4c"])
    assert play_session(state, console, script, random_bots("guandan"), presenter=presenter) == 0
    out = buffer.getvalue()
    assert "✗ Not allowed: return a card of rank 2 to 10" in out
    assert script.calls[0][2] == script.calls[1][2]
    returned = next(e for e in state.events if e["type"] == "return")
    assert returned == {"type": "return", "seat": 0, "to": 3}
    assert "You return a card to Bot 3." in out
    assert f"Bot 3 pays tribute to You: {card_label(paid)}." in out
    # the table shows the tribute and, to you, the card you returned
    assert f"Tribute: Bot 3 → You: {card_label(paid)}; You → Bot 3: 4♣ (returned)" in out
    # the pause between the two deals, then the second deal
    pauses = [call for call in script.calls if call[0].startswith("Press Enter")]
    assert len(pauses) == 1
    assert "Deal 1 is over:" in out and "Deal 2 at level" in out
    assert out.index("Deal 1 is over:") < out.index("Deal 2 at level")
    assert state.is_over and "Deal 2 is over:" in out


def test_quit_at_the_pause_leaves_the_table() -> None:
    game = cardavia.new_game("guandan", deals=3)
    state = game.new_state(seed=2)
    console, buffer = make_console()

    def answer(prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            return "quit"
        if prompt.startswith("Which reading"):
            return "1"
        return str(state.view(0)["legal_actions"][0])

    assert play_session(state, console, answer, random_bots("guandan")) == 1
    out = buffer.getvalue()
    assert "Deal 1 is over:" in out and "You left the table." in out
    assert not state.is_over and "Deal 2 at level" not in out


def test_a_reading_typed_with_10_means_the_ten() -> None:
    """'as 10 J' names the ten (written T) among the played cards, not a card '10H'."""
    from cardavia.terminal_guandan import _reading_cards

    assert _reading_cards(["10", "J"], ["TS", "JS"], "2H") == ["TS", "JS"]
