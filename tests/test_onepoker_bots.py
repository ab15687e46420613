"""One Poker bots: the stored CFR strategy, the abstraction's action mapping, the solver.

Most tests build views by hand, so they need no engine. Those marked ``needs_engine`` play
real matches through ``cardavia.new_game("onepoker")`` and are skipped while
``cardavia.games.onepoker`` does not exist.
"""

from __future__ import annotations

import importlib.util
import json
import time
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.ai import onepoker
from cardavia.ai.onepoker import (
    BUCKETS,
    HANDS,
    STRATEGY_PATH,
    BasicBot,
    Node,
    RealRound,
    StrongBot,
    abstract_label,
    build_tree,
    decision_nodes,
    hand_weights,
    load_strategy,
    real_action,
    showdown,
)
from cardavia.ai.onepoker_cfr import PAIRS, Solver

ENGINE = importlib.util.find_spec("cardavia.games.onepoker") is not None
needs_engine = pytest.mark.skipif(not ENGINE, reason="cardavia.games.onepoker not written yet")


def _stored() -> dict[str, Any]:
    with STRATEGY_PATH.open(encoding="utf-8") as stream:
        data: dict[str, Any] = json.load(stream)
    return data


def _view(**changes: Any) -> dict[str, Any]:
    """A view of seat 1, second in deal 1, about to lock; ``changes`` override fields."""
    view: dict[str, Any] = {
        "game": "onepoker",
        "seat": 1,
        "current_player": 1,
        "legal_actions": ["lock 9H", "lock 2C"],
        "scores": [20, 20],
        "events": [{"type": "deal", "deal": 0}],
        "hand": ["9H", "2C"],
        "my_locked": None,
        "locked": [True, False],
        "revealed": [None, None],
        "signals": [{"up": 2, "down": 0}, {"up": 1, "down": 1}],
        "first": 0,
        "phase": "lock",
        "stacks": [19, 19],
        "bets": [0, 0],
        "pot": 2,
        "stock_size": 100,
        "discards": [],
        "deal_number": 1,
    }
    view.update(changes)
    return view


def _facing_bet(total: int, locked: str = "9H", their_up: int = 2) -> dict[str, Any]:
    """Seat 1 after seat 0 (first, showing ``their_up`` UP cards) bet ``total`` with 19
    behind each."""
    return _view(
        signals=[{"up": their_up, "down": 2 - their_up}, {"up": 1, "down": 1}],
        phase="bet",
        hand=["2C"],
        my_locked=locked,
        locked=[True, True],
        events=[
            {"type": "deal", "deal": 0},
            {"type": "lock", "seat": 0},
            {"type": "lock", "seat": 1},
            {"type": "action", "seat": 0, "action": f"bet {total}", "total": total},
        ],
        bets=[total, 0],
        stacks=[19 - total, 19],
        pot=2 + total,
        legal_actions=["fold", "call"] + [f"raise {t}" for t in range(2 * total, 20)],
    )


# --- rules and abstraction --------------------------------------------------------------


def test_a_two_beats_only_an_ace() -> None:
    two, three, king, ace = 0, 1, 11, 12
    assert showdown(two, ace) == 1 and showdown(ace, two) == -1
    assert showdown(two, three) == -1 and showdown(ace, king) == 1
    assert showdown(two, two) == 0


@pytest.mark.parametrize("up", [0, 1, 2])
def test_hands_are_drawn_consistently_with_the_signal(up: int) -> None:
    weights = hand_weights(up)
    assert sum(weights) == pytest.approx(1.0)
    assert all(w == 0 for w, hand in zip(weights, HANDS, strict=True) if onepoker.ups(hand) != up)


@pytest.mark.parametrize("stack", [rep for _, _, rep in BUCKETS])
def test_tree_bets_stay_within_the_stack_and_all_in_is_always_offered(stack: int) -> None:
    for node in decision_nodes(build_tree(stack)):
        assert max(node.bets) <= stack
        if max(node.bets) < stack:
            assert onepoker.ALL_IN in node.actions


def _start(behind: tuple[int, int]) -> tuple[RealRound, list[str]]:
    legal = ["check"] + [f"bet {t}" for t in range(1, behind[0] + 1)]
    return RealRound(list(behind)), legal


@given(st.integers(1, 19), st.integers(1, 19), st.sampled_from(["k", "h", "p", "d", "a"]))
def test_every_abstract_action_becomes_a_legal_one(mine: int, theirs: int, label: str) -> None:
    rnd, legal = _start((mine, theirs))
    action = real_action(label, rnd, 0, legal)
    assert action in legal
    if label == "a":  # all-in: as much as the opponent can match, never more
        assert action == f"bet {min(mine, theirs)}"


def test_sized_bets_are_fractions_of_the_pot_after_a_call() -> None:
    rnd, legal = _start((19, 19))
    assert [real_action(label, rnd, 0, legal) for label in "hpd"] == ["bet 1", "bet 2", "bet 4"]
    rnd.apply(0, "bet 2")
    raises = ["fold", "call"] + [f"raise {t}" for t in range(4, 20)]
    assert real_action("p", rnd, 1, raises) == "raise 8"  # 2 to call, then the pot of 6


@pytest.mark.parametrize(
    ("action", "label"),
    [("bet 1", "h"), ("bet 3", "p"), ("bet 5", "d"), ("bet 9", "d"), ("bet 14", "a")],
)
def test_off_tree_opponent_bets_map_to_the_nearest_abstract_bet(action: str, label: str) -> None:
    root = build_tree(19)
    assert abstract_label(root, RealRound([19, 19]), 0, action) == label


def test_passive_actions_map_to_the_node_passive_action() -> None:
    root = build_tree(19)
    assert abstract_label(root, RealRound([19, 19]), 0, "check") == "k"
    facing = root.child("p")
    assert abstract_label(facing, RealRound([19, 19]), 1, "call") == "c"
    assert abstract_label(facing, RealRound([19, 19]), 1, "fold") == "f"


# --- the stored strategy ------------------------------------------------------------------


def test_stored_strategy_loads_and_covers_every_tree() -> None:
    strategy = load_strategy()
    assert strategy.iterations > 0
    for index, (_, _, stack) in enumerate(BUCKETS):
        nodes = list(decision_nodes(build_tree(stack)))
        assert set(strategy.bet[index]) == {node.key for node in nodes}
        assert len(strategy.lock[index]) == 2
        assert all(len(pair) == len(HANDS) for side in strategy.lock[index] for pair in side)


def _node_table(node: Node, table: list[list[list[float]]]) -> None:
    assert len(table) == PAIRS
    for by_rank in table:
        assert len(by_rank) == 13
        for probabilities in by_rank:
            assert len(probabilities) == len(node.actions)
            assert all(0 <= p <= 1 for p in probabilities)
            assert sum(probabilities) == pytest.approx(1.0, abs=0.01)


def test_stored_probabilities_are_distributions() -> None:
    strategy = load_strategy()
    for index, (_, _, stack) in enumerate(BUCKETS):
        for node in decision_nodes(build_tree(stack)):
            _node_table(node, strategy.bet[index][node.key])
        for side in strategy.lock[index]:
            assert all(0 <= p <= 1 for pair in side for p in pair)


def _skeleton(value: Any) -> Any:
    """The shape of JSON data: dict keys and list lengths, numbers blanked out."""
    if isinstance(value, dict):
        return {key: _skeleton(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_skeleton(item) for item in value]
    return type(value).__name__ if isinstance(value, str) else "number"


def test_stored_file_has_the_shape_the_solver_writes() -> None:
    solver = Solver.new()
    solver.train(1)
    fresh = json.loads(json.dumps(solver.to_json()))
    stored = _stored()
    assert fresh["abstraction"] == stored["abstraction"]
    assert _skeleton(fresh) == _skeleton(stored)
    assert STRATEGY_PATH.stat().st_size < 2_000_000


# --- the solver ---------------------------------------------------------------------------


def test_exploitability_falls_with_training() -> None:
    solver = Solver.new([2, 6])
    solver.train(1)
    early = solver.exploitability()
    solver.train(39)
    late = solver.exploitability()
    assert all(value >= -1e-9 for value in early + late)
    assert all(b < a / 5 for a, b in zip(early, late, strict=True))


def test_first_player_value_matches_a_plain_enumeration() -> None:
    # Same value computed hand by hand in plain Python, independent of the vectorisation.
    solver = Solver.new([2])
    solver.train(3)
    bucket = solver.buckets[0]
    data = json.loads(json.dumps(bucket.to_json(digits=12)))
    for pair in (0, 4, 7):
        expected = _enumerated_first_value(build_tree(2), data, pair)
        assert bucket.first_value()[pair] == pytest.approx(expected, abs=1e-6)


def _enumerated_first_value(root: Node, data: dict[str, Any], pair: int) -> float:
    @cache
    def value(node: Node, ranks: tuple[int, int]) -> float:
        if node.player is None:
            if node.folder is not None:
                return (1 + node.bets[node.folder]) * (1 if node.folder == 1 else -1)
            return (1 + min(node.bets)) * showdown(*ranks)
        probabilities: list[float] = data["bet"][node.key][pair][ranks[node.player]]
        return sum(
            p * value(kid, ranks) for p, kid in zip(probabilities, node.children, strict=True)
        )

    total = 0.0
    weights = (hand_weights(pair // 3), hand_weights(pair % 3))
    for h0, w0 in enumerate(weights[0]):
        for h1, w1 in enumerate(weights[1]):
            if w0 and w1:
                for r0, p0 in _locks(data, 0, pair, h0):
                    for r1, p1 in _locks(data, 1, pair, h1):
                        total += w0 * w1 * p0 * p1 * value(root, (r0, r1))
    return total


def _locks(data: dict[str, Any], side: int, pair: int, hand: int) -> list[tuple[int, float]]:
    high = data["lock"][side][pair][hand]
    return [(HANDS[hand][0], 1 - high), (HANDS[hand][1], high)]


# --- the bots on hand-made views ----------------------------------------------------------


def test_both_bots_keep_a_two_against_an_opponent_showing_two_up_cards() -> None:
    view = _view()
    assert BasicBot().act(view) == "lock 2C"
    assert StrongBot(seed=3).act(view) == "lock 2C"


def test_strong_bot_is_deterministic_fast_and_legal() -> None:
    StrongBot()  # loads the strategy once
    for total in (1, 3, 7, 19):
        view = _facing_bet(total)
        start = time.perf_counter()
        actions = [StrongBot(seed=seed).act(view) for seed in range(20)]
        assert (time.perf_counter() - start) / 20 < 0.05
        assert actions == [StrongBot(seed=seed).act(view) for seed in range(20)]
        assert all(action in view["legal_actions"] for action in actions)


def test_basic_bot_folds_a_weak_card_to_a_big_bet_and_raises_a_sure_winner() -> None:
    assert BasicBot().act(_facing_bet(10, locked="3D")) == "fold"
    assert BasicBot().act(_facing_bet(1, locked="AS")) == "call"  # an ace may meet an ace
    # Against two DOWN cards a king cannot lose: raise about the pot.
    assert BasicBot().act(_facing_bet(1, locked="KS", their_up=0)) == "raise 5"


# --- real matches (needs the engine) -----------------------------------------------------


def _play_match(seed: int, bots: list[Any], max_deals: int = 60) -> tuple[list[int], float]:
    """Plays until the match ends or ``max_deals``; returns the scores and the slowest
    decision in seconds."""
    import cardavia

    state = cardavia.new_game("onepoker").new_state(seed=seed)
    slowest = 0.0
    while not state.is_over and state.view(0)["deal_number"] <= max_deals:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        slowest = max(slowest, time.perf_counter() - start)
        assert action in view["legal_actions"], (action, view["legal_actions"])
        state.apply(action)
    return list(state.scores), slowest


@needs_engine
@pytest.mark.parametrize("seed", range(6))
def test_engine_strong_and_basic_play_legal_fast_matches(seed: int) -> None:
    bots: list[Any] = [StrongBot(seed=seed), BasicBot()]
    if seed % 2:
        bots.reverse()
    scores, slowest = _play_match(seed, bots)
    assert sum(scores) == 40
    assert slowest < 0.05


@needs_engine
def test_engine_strong_bot_follows_the_tree_through_real_events() -> None:
    # In real matches the replayed betting must land on the tree (the fallback to the
    # basic policy is for the rare off-tree cases, not the rule).
    import cardavia

    walked = missed = 0
    for seed in range(4):
        state = cardavia.new_game("onepoker").new_state(seed=seed)
        bots: list[Any] = [StrongBot(seed=seed), StrongBot(seed=seed + 100)]
        while not state.is_over and state.view(0)["deal_number"] <= 40:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            if view["phase"] == "bet":
                rnd = RealRound.from_view(view)
                bucket = onepoker.bucket_of(min(rnd.behind))
                node = StrongBot._walk(view, rnd, bucket, view["first"])
                position = 0 if seat == view["first"] else 1
                walked += 1
                missed += node is None or node.player != position
            state.apply(bots[seat].act(view))
    assert walked > 0
    assert missed <= walked // 10
