"""The Tractor bots: legal over whole seeded deals and matches, basic well ahead of random,
strong reproducible with a fixed number of worlds and within its budget, bots that see
only the view, the rules of thumb on fixed positions, the arena's figures and the hint."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Sequence
from typing import Any

import pytest

import cardavia
from cardavia.ai import Bot, RandomBot
from cardavia.ai.hints import REASON, REASONS, suggest
from cardavia.ai.tractor import (
    BasicBot,
    Table,
    basic_action,
    bury_plan,
    rank_candidates,
)
from cardavia.arena import run_arena
from cardavia.engine import State


def play_out(state: State, bots: Sequence[Bot], deals: int | None = None) -> int:
    """Play to the end (or ``deals`` deal results); every action must be accepted. Returns
    the number of decisions."""
    decisions = 0
    while not state.is_over:
        if deals is not None and sum(e["type"] == "deal_result" for e in state.events) >= deals:
            break
        turn = state.current_player
        assert turn is not None
        view = json.loads(json.dumps(state.view(turn)))  # plain data, as the web sends
        action = bots[turn].act(view)
        if not action.startswith("play ") or len(view["trick"]) == 0:
            assert action in view["legal_actions"], (action, view["phase"])
        state.apply(action)  # raises IllegalAction on an illegal choice
        decisions += 1
    return decisions


def deal_results(state: State) -> list[dict[str, Any]]:
    return [e for e in state.events if e["type"] == "deal_result"]


def test_basic_and_random_play_whole_seeded_deals_legally() -> None:
    game = cardavia.new_game("tractor", deals=1)
    for seed in range(4):
        state = game.new_state(seed=seed)
        bots: list[Bot] = [BasicBot(), RandomBot(seed), BasicBot(), RandomBot(seed + 9)]
        play_out(state, bots)
        assert len(deal_results(state)) == 1
        assert all(count == 0 for count in state.view(0)["hand_counts"])


def test_basic_plays_a_match_of_several_deals_legally() -> None:
    game = cardavia.new_game("tractor", deals=3)
    state = game.new_state(seed=11)
    play_out(state, [BasicBot() for _ in range(4)])
    results = deal_results(state)
    assert len(results) == 3
    assert results[1]["levels_before"] == results[0]["levels"]


def side_margin(result: dict[str, Any], attacking: bool) -> int:
    won = (result["winner"] == "attackers") == attacking
    return int(result["gain"]) if won else -int(result["gain"])


def test_basic_beats_random_over_seeded_deals() -> None:
    """24 deals, the basic side sitting 0-2 and 1-3 alternately: winning 20 or more by
    chance at even odds has probability below 1e-3."""
    game = cardavia.new_game("tractor", deals=1)
    wins = margin = 0
    for seed in range(24):
        side = seed % 2
        bots = [BasicBot() if s % 2 == side else RandomBot(seed * 4 + s) for s in range(4)]
        state = game.new_state(seed=200 + seed)
        play_out(state, bots)
        (result,) = deal_results(state)
        dealer = next(e["dealer"] for e in state.events if e["type"] == "trump")
        attacking = side != dealer % 2
        gained = side_margin(result, attacking)
        margin += gained
        wins += (result["winner"] == "attackers") == attacking
    assert wins >= 20
    assert margin / 24 >= 1.0


def started(seed: int) -> State:
    """A deal with hearts fixed trump at level 2, dealer seat 0, played by basic up to the
    second trick."""
    state = cardavia.new_game("tractor", deals=1).new_state(
        seed=seed, deal={"dealer": 0, "trump": "H"}
    )
    basic = BasicBot()
    while state.view(0)["tricks_played"] < 1 or state.current_player == 0:
        turn = state.current_player
        assert turn is not None
        state.apply(basic.act(state.view(turn)))
    return state


def test_strong_with_fixed_worlds_is_reproducible_and_legal() -> None:
    state = started(3)
    for _ in range(6):
        turn = state.current_player
        assert turn is not None
        view = state.view(turn)
        one = cardavia.new_bot("tractor", "strong", seed=5, worlds=3)
        two = cardavia.new_bot("tractor", "strong", seed=5, worlds=3)
        action = one.act(view)
        assert action == two.act(view)
        assert one.last_decision.means == two.last_decision.means  # type: ignore[attr-defined]
        assert action in rank_candidates(view)
        state.apply(action)


def test_strong_acts_within_its_budget() -> None:
    state = started(4)
    bot = cardavia.new_bot("tractor", "strong", seed=1, budget=0.2)
    for _ in range(4):
        turn = state.current_player
        assert turn is not None
        view = state.view(turn)
        start = time.perf_counter()
        action = bot.act(view)
        # The clock is read between worlds: one world (every candidate's rollout) may
        # run past the deadline.
        assert time.perf_counter() - start < 0.2 + 0.5
        state.apply(action)


def test_bots_see_only_the_view() -> None:
    """Two worlds with the same view of seat 0 (the other hands dealt differently) get the
    same actions from every bot: nothing but the view reaches them."""
    state = started(5)
    while state.current_player != 0:
        turn = state.current_player
        assert turn is not None
        state.apply(BasicBot().act(state.view(turn)))
    view = state.view(0)
    other = state.game.sample_state(view, random.Random(8))
    assert other.view(0) == view
    assert state.to_json() != other.to_json()  # the hidden cards differ
    for make in (BasicBot, lambda: cardavia.new_bot("tractor", "strong", seed=2, worlds=2)):
        assert make().act(other.view(0)) == make().act(json.loads(json.dumps(view)))


# --- the rules of thumb on fixed positions (level 7, hearts trump) --------------------


def cards(text: str) -> list[str]:
    return text.split()


def view_of(**fields: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "seat": 0,
        "hand": [],
        "phase": "play",
        "level": 7,
        "trump": "H",
        "legal_actions": [],
        "dealer": 1,
        "declaration": None,
        "trick": [],
        "winning": None,
        "to_follow": 0,
        "to_bury": 0,
        "kitty": None,
        "attackers": [0, 2],
        "events": [],
    }
    values.update(fields)
    return values


def trick(*plays: str) -> list[dict[str, Any]]:
    """The trick so far from seat 1 on: each play's cards separated by spaces."""
    return [{"seat": (1 + i) % 4, "cards": play.split()} for i, play in enumerate(plays)]


def test_leads_a_tractor_before_anything_else() -> None:
    hand = cards("RJ 7H AH AH 9S 9S 8S 8S AS 3S 4D KC 2C")
    leads = [f"play {c}" for c in dict.fromkeys(hand)]
    leads += ["play 9S 9S", "play 8S 8S", "play AH AH", "play 9S 9S 8S 8S"]
    assert BasicBot().act(view_of(hand=hand, legal_actions=leads)) == "play 9S 9S 8S 8S"


def test_leads_a_plain_ace_that_nobody_can_beat() -> None:
    hand = cards("RJ 7H AH AH 9S 9S AS 3S 4D KC 2C")
    leads = [f"play {c}" for c in dict.fromkeys(hand)] + ["play 9S 9S", "play AH AH"]
    assert BasicBot().act(view_of(hand=hand, legal_actions=leads)) == "play AS"


def test_feeds_points_to_a_partner_who_wins_and_beats_an_opponent_last() -> None:
    hand = cards("KS 3S 5D TC")
    legal = ["play KS", "play 3S"]
    fed = view_of(hand=hand, trick=trick("4S", "AS", "6S"), winning=2, to_follow=1)
    assert BasicBot().act({**fed, "legal_actions": legal}) == "play KS"
    beaten = view_of(hand=hand, trick=trick("4S", "5S", "QS"), winning=3, to_follow=1)
    assert BasicBot().act({**beaten, "legal_actions": legal}) == "play KS"
    # Second hand with a king that an ace could still beat: low.
    second = view_of(seat=2, hand=hand, trick=trick("4S"), winning=1, to_follow=1)
    assert BasicBot().act({**second, "legal_actions": legal}) == "play 3S"


def test_ruffs_points_with_the_lowest_trump_and_discards_cheaply_otherwise() -> None:
    hand = cards("2H 9H 5D TC 3C")
    legal = [f"play {c}" for c in hand]
    points = view_of(hand=hand, trick=trick("KS"), winning=1, to_follow=1, legal_actions=legal)
    assert BasicBot().act(points) == "play 2H"
    nothing = view_of(hand=hand, trick=trick("QS"), winning=1, to_follow=1, legal_actions=legal)
    assert BasicBot().act(nothing) == "play 3C"


def test_follows_a_tractor_with_the_pairs_it_must_and_beats_it_when_it_can() -> None:
    lead = trick("3S 3S 4S 4S")
    hand = cards("8S 8S TS TS QS 3D")
    follow = view_of(hand=hand, trick=lead, winning=1, to_follow=4, legal_actions=["play 8S"])
    assert sorted(basic_action(Table.from_view(follow)).split()[1:]) == sorted(cards("8S 8S TS TS"))
    hand = cards("8S 8S 9S 9S QS 3D")
    win = view_of(hand=hand, trick=lead, winning=1, to_follow=4, legal_actions=["play 8S"])
    assert sorted(basic_action(Table.from_view(win)).split()[1:]) == sorted(cards("8S 8S 9S 9S"))


def test_buries_a_short_suit_without_points_and_no_trumps() -> None:
    hand = cards(
        "RJ 7H AH KH 9S 9S 8S 8S AS 3S 4D 6D 2D 3D KC 2C 3C 4C 5C 6C 8C 9C JC QC "
        "TC JS QS AC 2H 3H 4H 5H QH"
    )
    table = Table.from_view(view_of(hand=hand, phase="bury", to_bury=8, dealer=0))
    buried = bury_plan(table, hand)
    assert len(buried) == 8
    assert {"4D", "6D", "2D", "3D"} <= set(buried)  # diamonds made void
    assert not any(table.suit(card) == "T" or card[0] in "5TK" for card in buried)


def test_declares_a_long_suit_and_passes_a_short_one() -> None:
    hand = "2H 2H AH KH 9H 8H 5H 3S 4D 6D KC 2C 3C 4C 5C 6C 8C 9C JC QC TD JD QD AD BJ"
    legal = ["declare 2H", "declare 2C", "declare 2H 2H", "pass"]
    view = view_of(hand=hand.split(), phase="declare", trump=None, level=2, legal_actions=legal)
    assert BasicBot().act(view) == "declare 2C"  # 13 trumps with clubs, 9.5 with hearts
    weak = "2S 3S 4S 6S 7H 8H 9H JH 3D 4D 6D 8D 9D QD 3C 4C 6C 7C 8C 9C JC QC AC AH AS"
    legal = ["declare 2S", "pass"]  # five spades with the 2: not enough
    view = view_of(hand=weak.split(), phase="declare", trump=None, level=2, legal_actions=legal)
    assert BasicBot().act(view) == "pass"


# --- the arena and the hint -------------------------------------------------------------


def test_small_tractor_arena_reports_levels_and_points_per_side() -> None:
    report = run_arena("tractor", ["basic", "random", "basic", "random"], deals=8, seed=2)
    assert report.arrangements == 8
    for result in report.results:
        scores = result.scores
        assert scores[0] == scores[2] == -scores[1] == -scores[3]
        assert set(result.roles) == {"attackers", "defenders"}
        levels, points = result.metrics["Levels"], result.metrics["Team pts"]
        assert all(level >= 0 for level in levels) and levels[0] == levels[2]
        assert points[0] == points[2] and points[1] == points[3]
    rows = {(row.label, row.role): row for row in report.rows}
    assert rows["basic#0", "all"].avg_points > 0
    assert set(rows["basic#0", "all"].metrics) == {"Levels", "Team pts"}
    assert rows["basic#0", "all"].p95_ms >= 0


@pytest.mark.parametrize("seed", [7, 8])
def test_hints_are_deterministic_legal_and_explained(seed: int) -> None:
    state = cardavia.new_game("tractor", deals=1).new_state(seed=seed)
    basic = BasicBot()
    for step in range(40):
        turn = state.current_player
        assert turn is not None
        view = json.loads(json.dumps(state.view(turn)))
        if step % 5 == 0 or view["phase"] != "play":
            first = suggest("tractor", view, seed=11, budget=0.2)
            assert first == suggest("tractor", view, seed=11, budget=0.2)
            state.clone().apply(first.action)
            key = first.reason.removeprefix(REASON)
            assert set(first.params) == set(REASONS[key])
        state.apply(basic.act(view))
