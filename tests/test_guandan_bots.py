"""The Guandan bots: legal over whole seeded matches (tribute and return included), basic
ahead of random, strong reproducible with a fixed number of worlds, and the arena."""

from __future__ import annotations

from collections.abc import Sequence

import cardavia
from cardavia.ai import Bot, RandomBot
from cardavia.ai.guandan import BasicBot, Seat, basic_action, plan, rank_candidates
from cardavia.arena import run_arena
from cardavia.climbing import Combo
from cardavia.engine import State
from cardavia.games.guandan.rules import pack_108

LEVEL = 2  # wild card 2H


def seat(hand: str, **fields: object) -> Seat:
    values: dict[str, object] = {
        "seat": 0,
        "hand": hand.split(),
        "level": LEVEL,
        "top_seat": None,
        "top": None,
        "hand_sizes": [len(hand.split()), 27, 27, 27],
        "phase": "play",
        "return_choices": [],
    }
    values.update(fields)
    return Seat(**values)  # type: ignore[arg-type]


def play_out(state: State, bots: Sequence[Bot]) -> list[str]:
    """Play to the end; every action must be accepted, and be listed or an equivalent of
    a listed one (same cards). Returns the phases seen."""
    phases = []
    while not state.is_over:
        turn = state.current_player
        assert turn is not None
        view = state.view(turn)
        phases.append(view["phase"])
        action = bots[turn].act(view)
        if view["phase"] == "return" or action == "pass":
            assert action in view["legal_actions"]
        state.apply(action)  # raises IllegalAction on an illegal choice
    return phases


def test_basic_and_random_play_whole_matches_legally_with_tributes() -> None:
    game = cardavia.new_game("guandan", deals=3)
    returns = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        bots: list[Bot] = [BasicBot(), RandomBot(seed), BasicBot(), BasicBot()]
        phases = play_out(state, bots)
        returns += phases.count("return")
        results = [e for e in state.events if e["type"] == "deal_result"]
        assert len(results) == 3
    assert returns >= 3  # every later deal had a tribute to return (or a cancellation)


def test_basic_beats_random_over_seeded_deals() -> None:
    """24 deals, the basic side sitting 0-2 and 1-3 alternately: winning 22 or more by
    chance at even odds has probability below 2e-5."""
    game = cardavia.new_game("guandan", deals=1)
    wins = margin = 0
    for seed in range(24):
        side = seed % 2
        bots = [BasicBot() if s % 2 == side else RandomBot(seed * 4 + s) for s in range(4)]
        state = game.new_state(seed=100 + seed)
        play_out(state, bots)
        result = next(e for e in state.events if e["type"] == "deal_result")
        wins += result["winning_team"] == side
        margin += result["advance"][side] - result["advance"][1 - side]
    assert wins >= 22
    assert margin / 24 >= 2.0


def test_plan_keeps_the_wild_card_for_a_bomb() -> None:
    planned = plan(["9S", "9D", "9C", "2H", "3S", "4D", "6C", "JS"], LEVEL)
    bombs = [p for p in planned.plays if p.combo.kind == "bomb"]
    assert len(bombs) == 1
    assert bombs[0].naturals == ("9S", "9D", "9C") and bombs[0].targets == ("9H",)


def test_plan_finds_straights_tubes_and_a_straight_flush() -> None:
    planned = plan(["3S", "4S", "5S", "6S", "7S", "8D", "8C", "9D", "9C", "TD", "TC", "QH"], 14)
    kinds = sorted(p.combo.kind for p in planned.plays)
    assert kinds == ["single", "straight_flush", "tube"]


def test_lead_is_the_weakest_multi_card_play_and_keeps_control() -> None:
    action = basic_action(seat("3S 3D 5C 5D 5H 8S 9H TD JC QS AS RJ"))
    assert action == "play 3S 3D 5H 5D 5C"  # the full house of low cards


def test_no_overtaking_a_partner_who_holds_the_round() -> None:
    top = Combo("single", 1, 3, 0, (3,))  # a single 5 (rank index 3 at level 2)
    assert basic_action(seat("7S 8D KC", top_seat=2, top=top)) == "pass"
    assert basic_action(seat("7S 8D KC", top_seat=1, top=top)) == "play 7S"


def test_bombs_only_when_it_matters() -> None:
    top = Combo("single", 1, 11, 0, (11,))  # a single ace, from an opponent
    hand = "3S 4D 6C 8H 8S 8D 8C 9S JD"
    far = seat(hand, top_seat=1, top=top, hand_sizes=[9, 20, 27, 18])
    near = seat(hand, top_seat=1, top=top, hand_sizes=[9, 2, 27, 18])
    assert basic_action(far) == "pass"
    assert basic_action(near) == "play 8S 8H 8D 8C"


def test_return_gives_the_card_that_breaks_nothing() -> None:
    hand = "3S 3D 4C 7S 7D 7H 9C TD KS AH BJ"
    choices = ["3S", "3D", "4C", "7S", "7D", "7H", "9C", "TD"]
    action = basic_action(seat(hand, phase="return", return_choices=choices))
    assert action == "return 4C"


def tribute_state() -> State:
    """Deal 2: seat 0 finished first, its partner last, so seat 2 pays seat 0."""
    cards = pack_108()
    hands = [cards[i * 27 : (i + 1) * 27] for i in range(4)]
    game = cardavia.new_game("guandan", deals=1)
    return game.new_state(
        seed=7, deal={"hands": hands, "levels": [3, 2], "previous_places": [0, 1, 3, 2]}
    )


def test_strong_with_fixed_worlds_is_reproducible_and_legal() -> None:
    state = tribute_state()
    for _ in range(4):  # the return, then the first plays
        turn = state.current_player
        assert turn is not None
        view = state.view(turn)
        one = cardavia.new_bot("guandan", "strong", seed=5, worlds=2)
        two = cardavia.new_bot("guandan", "strong", seed=5, worlds=2)
        action = one.act(view)
        assert action == two.act(view)
        assert one.last_decision.means == two.last_decision.means  # type: ignore[attr-defined]
        assert action in rank_candidates(view)
        state.apply(action)
    assert state.view(0)["phase"] == "play"


def test_small_guandan_arena_keeps_partners_and_scores_the_advance() -> None:
    report = run_arena("guandan", ["basic", "random", "basic", "random"], deals=8, seed=2)
    assert report.arrangements == 8
    for result in report.results:
        scores = result.scores
        assert scores[0] == scores[2] == -scores[1] == -scores[3]
        assert abs(scores[0]) in (1, 2, 3)
        assert result.wins == [score > 0 for score in scores]
        assert set(result.roles) == {"led first", "second hand"}
    rows = {row.label: row for row in report.rows if row.role == "all"}
    assert rows["basic#0"].avg_points == rows["basic#2"].avg_points > 0
    assert rows["basic#0"].decisions > 0 and rows["basic#0"].p95_ms >= 0
    assert report.head_to_head.others == ["random#1", "random#3"]
