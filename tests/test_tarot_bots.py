"""French Tarot bots: legal actions from views, view-only decisions, basic's écart, Petit
and Excuse rules, and a short arena (every deal seeded; no clock in any assertion)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cardavia
from cardavia import tricks
from cardavia.ai import new_bot, tarot
from cardavia.arena import run_arena
from cardavia.engine import State
from cardavia.games.tarot import rules as tr

SEEDS = (1, 2, 3)


def play_deal(levels: list[str], seed: int, **strong: Any) -> State:
    """One deal, each seat's bot acting on its own view; every action must be legal."""
    state = cardavia.new_game("tarot").new_state(seed=seed)
    bots = [
        new_bot(
            "tarot", level=level, seed=seed * 10 + seat, **(strong if level == "strong" else {})
        )
        for seat, level in enumerate(levels)
    ]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].act(view)
        assert action in view["legal_actions"], (seed, seat, action)
        state.apply(action)
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_random_and_basic_play_legal_whole_deals(seed: int) -> None:
    state = play_deal(["basic", "random", "basic", "random"], seed)
    assert sum(state.scores) == 0


def test_strong_plays_legal_whole_deal() -> None:
    # A fixed number of worlds, no clock: the same deal every run.
    state = play_deal(["strong", "basic", "basic", "basic"], seed=4, worlds=2)
    assert sum(state.scores) == 0


def mid_play_state(seed: int, tricks: int) -> State:
    state = cardavia.new_game("tarot").new_state(seed=seed)
    while not state.is_over:
        view_phase = state.view(0)["phase"]
        if view_phase == "play" and state.view(0)["tricks_played"] >= tricks:
            break
        state.apply(tarot.rollout_policy(state))
    return state


@pytest.mark.parametrize("seed", SEEDS)
def test_bots_decide_on_the_view_alone(seed: int) -> None:
    """Worlds that differ in the hidden cards but show the same view get the same action."""
    state = mid_play_state(seed, tricks=5)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    game = cardavia.new_game("tarot")
    worlds = [game.sample_state(view, random.Random(k)) for k in (1, 2)]
    assert all(world.view(seat) == view for world in worlds)
    hidden = [[list(h) for s, h in enumerate(w.hands) if s != seat] for w in worlds]  # type: ignore[attr-defined]
    assert hidden[0] != hidden[1]  # the worlds really differ behind the view
    basic = tarot.BasicBot().act(view)
    assert all(tarot.BasicBot().act(world.view(seat)) == basic for world in worlds)
    strong = new_bot("tarot", level="strong", seed=7, worlds=2).act(view)
    for world in worlds:
        assert new_bot("tarot", level="strong", seed=7, worlds=2).act(world.view(seat)) == strong


# --- the écart ---------------------------------------------------------------------

TAKER_HAND = tr.parse_cards("21T 19T 17T 15T 12T 10T 8T 6T EX KS QS 9S 4S 5H 3H KD 2D 7C")
CHIEN = tr.parse_cards("11T 2S 2H 8D 9D 3C")


def fixed_deal() -> dict[str, Any]:
    """Seat 1 (first to speak, dealer 0) holds TAKER_HAND; the rest dealt round the table."""
    rest = [c for c in tr.pack() if c not in TAKER_HAND and c not in CHIEN]
    others = [rest[i::3] for i in range(3)]
    return {"hands": [others[0], TAKER_HAND, others[1], others[2]], "chien": CHIEN, "dealer": 0}


def test_basic_ecart_voids_short_suits_and_keeps_kings_and_bouts() -> None:
    state = cardavia.new_game("tarot").new_state(seed=1, deal=fixed_deal())
    for action in ("bid garde", "pass", "pass", "pass"):
        state.apply(action)
    bot = tarot.BasicBot()
    while state.view(1)["phase"] == "ecart":
        state.apply(bot.act(state.view(1)))
    ecart = state.view(1)["ecart"]
    assert len(ecart) == 6
    assert not [c for c in ecart if tr.is_bout(c) or tr.is_trump(c) or c[0] == "K"]
    hand = state.view(1)["hand"]
    assert not [c for c in hand if c[-1] in "HC" and not tr.is_trump(c)]  # hearts, clubs void


@pytest.mark.parametrize("seed", range(10, 22))
def test_basic_ecarts_obey_the_rules(seed: int) -> None:
    state = cardavia.new_game("tarot").new_state(seed=seed)
    while not state.is_over:
        state.apply(tarot.rollout_policy(state))
    result = next(e for e in state.events if e["type"] == "deal_result")
    ecart = result["ecart"]
    if result["breakdown"]["contract"] in tr.CHIEN_SHOWN:
        assert len(ecart) == 6
        assert not [c for c in ecart if tr.is_bout(c) or (not tr.is_trump(c) and c[0] == "K")]


# --- the Petit and the Excuse -------------------------------------------------------


def table(hand: list[str], trick: list[tuple[int, str]], seat: int, **facts: Any) -> tarot.Table:
    cards = tr.sort_hand(hand)
    led = [c for _, c in trick]
    legal = ["play " + c for c in tricks.playable(cards, led, tr.TRUMP, tr.CARD_RULES)]
    base: dict[str, Any] = {
        "seat": seat,
        "phase": "play",
        "hand": cards,
        "legal": legal,
        "dealer": 3,
        "taker": 0,
        "contract": "garde",
        "bids": [(0, "garde"), (1, "pass"), (2, "pass"), (3, "pass")],
        "trick": trick,
        "done": [],
        "winners": [],
        "known_out": [],
    }
    base.update(facts)
    return tarot.Table(**base)


def test_basic_never_leads_the_petit_into_a_loss() -> None:
    position = table(["1T", "7T", "4H", "9C", "QS"], [], seat=1)
    assert tarot.basic_action(position) != "play 1T"


def test_basic_keeps_the_petit_under_a_high_trump() -> None:
    # The taker leads the 21: the defender must play a trump and keeps the Petit back.
    position = table(["1T", "5T", "KH", "3C"], [(0, "21T")], seat=1)
    assert tarot.basic_action(position) == "play 5T"


def test_basic_saves_the_petit_when_it_wins_for_sure() -> None:
    # Last to play, void in hearts: the Petit takes the taker's king.
    position = table(["1T", "8T", "4C"], [(0, "KH"), (1, "5H"), (2, "2H")], seat=3)
    assert tarot.basic_action(position) == "play 1T"


def test_basic_gives_points_to_a_partner_holding_the_trick() -> None:
    # The taker (seat 0) led; a defender holds the trick with the 21; the last defender
    # follows spades with his queen rather than a low one.
    position = table(["QS", "3S", "4D"], [(0, "7S"), (1, "21T"), (2, "2S")], seat=3)
    assert tarot.basic_action(position) == "play QS"


@pytest.mark.parametrize("seed", range(30, 42))
def test_basic_keeps_the_excuse_out_of_the_last_trick(seed: int) -> None:
    state = cardavia.new_game("tarot").new_state(seed=seed)
    while not state.is_over:
        state.apply(tarot.rollout_policy(state))
    last = next(e for e in reversed(state.events) if e["type"] == "trick")
    assert last["number"] == tr.TRICKS
    assert tr.EXCUSE not in [p["card"] for p in last["plays"]]


# --- the arena ----------------------------------------------------------------------


def test_short_tarot_arena() -> None:
    report = run_arena("tarot", ["basic", "random", "random", "random"], deals=4, seed=3)
    assert report.deals == 4
    for result in report.results:
        assert sum(result.scores) == 0
        assert sorted(result.roles).count("defender") == 3
        assert any(role.startswith("taker ") for role in result.roles)
    roles = {row.role for row in report.rows}
    assert "defender" in roles and "all" in roles
