"""The arena's statistics (pure functions), its schedule and a tiny real run."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardavia.arena import (
    DealResult,
    arrangements,
    bot_labels,
    deal_outcome,
    mean_interval,
    percentile,
    run_arena,
    schedule,
    summarise,
    wilson_interval,
)

# --- Wilson interval ------------------------------------------------------------------


def test_wilson_known_values() -> None:
    # Hand-computed with z = 1.96 (statsmodels' proportion_confint uses z = 1.959964, so
    # its figures differ in the fifth decimal).
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.236590, abs=1e-5)
    assert high == pytest.approx(0.763410, abs=1e-5)
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.277540, abs=1e-5)
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.722460, abs=1e-5)
    assert high == 1.0
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.256, abs=1e-3)
    assert high == pytest.approx(0.366, abs=1e-3)


def test_wilson_without_data_is_uninformative() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(-1, 10)


@given(
    st.integers(min_value=1, max_value=10_000).flatmap(
        lambda n: st.tuples(st.integers(min_value=0, max_value=n), st.just(n))
    )
)
def test_wilson_contains_the_estimate_and_stays_in_0_1(case: tuple[int, int]) -> None:
    wins, n = case
    low, high = wilson_interval(wins, n)
    assert 0.0 <= low <= wins / n <= high <= 1.0
    # symmetric under swapping wins and losses
    other_low, other_high = wilson_interval(n - wins, n)
    assert other_low == pytest.approx(1 - high, abs=1e-12)
    assert other_high == pytest.approx(1 - low, abs=1e-12)


def test_wilson_narrows_with_more_data() -> None:
    widths = [
        wilson_interval(n // 2, n)[1] - wilson_interval(n // 2, n)[0] for n in (10, 100, 1000)
    ]
    assert widths[0] > widths[1] > widths[2]


# --- mean interval --------------------------------------------------------------------


def test_mean_interval_known_values() -> None:
    mean, low, high = mean_interval([1, 2, 3, 4])
    sd = math.sqrt(5 / 3)  # sample sd of 1..4
    assert mean == 2.5
    assert low == pytest.approx(2.5 - 1.96 * sd / 2)
    assert high == pytest.approx(2.5 + 1.96 * sd / 2)


def test_mean_interval_small_samples() -> None:
    assert all(math.isnan(value) for value in mean_interval([]))
    mean, low, high = mean_interval([3.0])
    assert mean == 3.0 and math.isnan(low) and math.isnan(high)
    assert mean_interval([2, 2, 2]) == (2.0, 2.0, 2.0)


@given(st.lists(st.integers(min_value=-1000, max_value=1000), min_size=2, max_size=200))
def test_mean_interval_is_centred(values: list[int]) -> None:
    mean, low, high = mean_interval(values)
    assert low <= mean <= high
    assert mean == pytest.approx(sum(values) / len(values))
    assert (high - mean) == pytest.approx(mean - low, abs=1e-9)


# --- percentile -----------------------------------------------------------------------


def test_percentile_matches_linear_interpolation() -> None:
    values = list(range(1, 101))
    assert percentile(values, 95) == pytest.approx(95.05)  # numpy.percentile(1..100, 95)
    assert percentile(values, 50) == pytest.approx(50.5)
    assert percentile(values, 0) == 1
    assert percentile(values, 100) == 100
    assert percentile([7.0], 95) == 7.0
    assert percentile([10, 0], 95) == pytest.approx(9.5)
    assert math.isnan(percentile([], 95))
    with pytest.raises(ValueError):
        percentile([1.0], 101)


@given(st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=100))
def test_percentile_is_within_the_data(values: list[float]) -> None:
    p95 = percentile(values, 95)
    assert min(values) <= p95 <= max(values)
    assert percentile(values, 50) <= p95 + 1e-9


# --- labels and schedule --------------------------------------------------------------


def test_labels_mark_repeated_levels_by_position() -> None:
    assert bot_labels(["strong", "basic", "basic"]) == ["strong", "basic#1", "basic#2"]
    assert bot_labels(["strong", "strong", "basic"]) == ["strong#0", "strong#1", "basic"]
    assert bot_labels(["random", "basic", "strong"]) == ["random", "basic", "strong"]


def test_every_arrangement_equally_often() -> None:
    plan = schedule(deals=24, seed=100, num_bots=3)
    orders = Counter(order for _, order in plan)
    assert set(orders) == set(arrangements(3))
    assert set(orders.values()) == {4}
    # each bot sits in each seat equally often
    for bot in range(3):
        assert Counter(order.index(bot) for _, order in plan) == {0: 8, 1: 8, 2: 8}


def test_duplicate_seeds_replay_each_deal_in_every_arrangement() -> None:
    plan = schedule(deals=12, seed=7, num_bots=3)
    assert [seed for seed, _ in plan] == [7] * 6 + [8] * 6
    assert {order for seed, order in plan if seed == 7} == set(arrangements(3))
    fresh = schedule(deals=12, seed=7, num_bots=3, fresh_deals=True)
    assert [seed for seed, _ in fresh] == list(range(7, 19))
    assert [order for _, order in fresh] == [order for _, order in plan]


# --- outcome and summary (no engine needed) -------------------------------------------


def test_deal_outcome_doudizhu_farmers_share_the_win() -> None:
    view = {"landlord": 1, "hand_sizes": [0, 5, 9]}
    roles, wins = deal_outcome(view, [2, -4, 2])
    assert roles == ["farmer", "landlord", "farmer"]
    assert wins == [True, False, True]
    roles, wins = deal_outcome({"landlord": 2, "hand_sizes": [3, 4, 0]}, [-1, -1, 2])
    assert wins == [False, False, True]


def test_deal_outcome_without_roles_uses_who_went_out() -> None:
    # Run Fast example 3: the winner has fewer points than a loser with a bomb bonus.
    roles, wins = deal_outcome({"hand_sizes": [6, 3, 0]}, [-16, 7, 9])
    assert roles == ["seat 0", "seat 1", "seat 2"]
    assert wins == [False, False, True]


def _fake_result(index: int, order: tuple[int, ...], scores: list[int]) -> DealResult:
    landlord = scores.index(max(scores, key=abs))
    roles = ["landlord" if seat == landlord else "farmer" for seat in range(3)]
    landlord_won = scores[landlord] > 0
    wins = [(seat == landlord) == landlord_won for seat in range(3)]
    return DealResult(index, 1, order, scores, roles, wins, [[1.0], [2.0, 4.0], []])


def test_summary_counts_and_head_to_head() -> None:
    orders = arrangements(3)
    results = [
        _fake_result(i, orders[i % 6], [2, -1, -1] if i % 2 else [-2, 1, 1]) for i in range(12)
    ]
    labels = ["strong", "basic#1", "basic#2"]
    rows, head = summarise(labels, results, block=6)
    by_key = {(row.label, row.role): row for row in rows}
    for label in labels:
        total = by_key[(label, "all")]
        assert total.deals == 12
        parts = [row for row in rows if row.label == label and row.role != "all"]
        assert sum(row.deals for row in parts) == 12
        assert sum(row.wins for row in parts) == total.wins
    # one landlord per deal, wins: landlord side 1 seat or farmer side 2 seats
    assert sum(row.deals for row in rows if row.role == "landlord") == 12
    assert sum(row.wins for row in rows if row.role == "all") == 6 * 1 + 6 * 2
    assert head.label == "strong" and head.others == ["basic#1", "basic#2"]
    assert head.blocks == 2


# --- a tiny real arena ----------------------------------------------------------------


@pytest.mark.parametrize("game", ["doudizhu", "runfast"])
def test_tiny_arena_report_adds_up(game: str) -> None:
    report = run_arena(game, ["random", "basic", "random"], deals=6, seed=3)
    assert report.labels == ["random#0", "basic", "random#2"]
    assert len(report.results) == 6
    assert report.arrangements == 6
    for result in report.results:
        assert sum(result.scores) == 0
        assert len(result.roles) == 3
    all_rows = [row for row in report.rows if row.role == "all"]
    assert [row.label for row in all_rows] == report.labels
    assert all(row.deals == 6 for row in all_rows)
    total_wins = sum(row.wins for row in all_rows)
    if game == "doudizhu":
        landlord_wins = sum(row.wins for row in report.rows if row.role == "landlord")
        farmer_wins = sum(row.wins for row in report.rows if row.role == "farmer")
        assert sum(row.deals for row in report.rows if row.role == "landlord") == 6
        assert farmer_wins % 2 == 0
        assert landlord_wins + farmer_wins // 2 == 6
        assert total_wins == landlord_wins + farmer_wins
    else:
        assert total_wins == 6  # exactly one player goes out per deal
        seats = {row.role for row in report.rows} - {"all"}
        assert seats == {"seat 0", "seat 1", "seat 2"}
    for row in report.rows:
        assert 0 <= row.win_low <= row.win_rate <= row.win_high <= 1
        assert row.decisions > 0 and row.p95_ms >= 0
    assert report.head_to_head.blocks == 1


def test_arena_with_workers_gives_the_same_results() -> None:
    one = run_arena("doudizhu", ["basic", "random", "random"], deals=6, seed=11)
    two = run_arena("doudizhu", ["basic", "random", "random"], deals=6, seed=11, workers=2)
    assert [r.scores for r in one.results] == [r.scores for r in two.results]
    assert [r.roles for r in one.results] == [r.roles for r in two.results]


# --- a partnership game: Bridge -------------------------------------------------------


def test_bridge_arrangements_keep_partners_together() -> None:
    orders = arrangements(4, ((0, 2), (1, 3)))
    assert len(orders) == 8
    for order in orders:
        assert {order[0], order[2]} in ({0, 2}, {1, 3})
    # each side sits North-South as often as East-West
    assert Counter(order[0] in (0, 2) for order in orders) == Counter({True: 4, False: 4})
    assert set(arrangements(3)) == set(arrangements(3, ()))


def test_deal_outcome_bridge_and_trick_games() -> None:
    view = {"declarer": 2, "dummy_seat": 0, "hand_sizes": [0, 0, 0, 0]}
    roles, wins = deal_outcome(view, [100, -100, 100, -100])
    assert roles == ["dummy", "defender", "declarer", "defender"]
    assert wins == [True, False, True, False]
    passed = {"declarer": None, "dummy_seat": None, "hand_sizes": [13] * 4}
    assert deal_outcome(passed, [0, 0, 0, 0]) == (["passed out"] * 4, [False] * 4)
    # every hand empty (a trick game): the score decides, not "who went out"
    assert deal_outcome({"hand_sizes": [0, 0, 0]}, [2, -1, -1])[1] == [True, False, False]


def test_tiny_bridge_arena_scores_partners_together() -> None:
    report = run_arena("bridge", ["random"] * 4, deals=8, seed=2)
    assert report.arrangements == 8
    assert report.labels == ["random#0", "random#1", "random#2", "random#3"]
    for result in report.results:
        bots = result.arrangement
        assert sum(result.scores) == 0
        # the bots listed for seats 0 and 2 are partners in every deal
        assert result.scores[bots.index(0)] == result.scores[bots.index(2)]
        assert result.scores[bots.index(1)] == result.scores[bots.index(3)]
        assert set(result.roles) <= {"declarer", "dummy", "defender", "passed out"}
        assert result.wins == [points > 0 for points in result.scores]
    rows = {row.label: row for row in report.rows if row.role == "all"}
    assert rows["random#0"].avg_points == rows["random#2"].avg_points
    assert report.head_to_head.others == ["random#1", "random#3"]
    assert report.head_to_head.blocks == 1


def test_deal_outcome_tarot_taker_by_contract_and_defenders_share() -> None:
    made = {"game": "tarot", "breakdown": {"taker": 2, "contract": "garde", "made": True}}
    roles, wins = deal_outcome(made, [-50, -50, 150, -50])
    assert roles == ["defender", "defender", "taker garde", "defender"]
    assert wins == [False, False, True, False]
    failed = {"game": "tarot", "breakdown": {"taker": 0, "contract": "prise", "made": False}}
    roles, wins = deal_outcome(failed, [-90, 30, 30, 30])
    assert roles[0] == "taker prise"
    assert wins == [False, True, True, True]
