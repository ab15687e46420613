"""Hold'em bots (cardavia.ai.holdem): legal play over whole matches, views only, a few
clear-cut decisions, the strong bot's time budget and its determinism."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

import cardavia
from cardavia.ai import RandomBot
from cardavia.ai.holdem import BasicBot, StrongBot, chen_score, hand_equity, preflop_percentile
from cardavia.engine import State
from cardavia.poker import CARD_INDEX

# Hand 1: button seat 0, small blind seat 1, big blind seat 2; seat 3 acts first pre-flop,
# seat 1 first after the flop.
BOARD = ["QS", "JS", "TS", "2D", "3C"]


def deal_state(hands: list[list[str]], board: list[str], *actions: str) -> State:
    state = cardavia.new_game("holdem", hands=1).new_state(
        seed=1, deal={"hands": hands, "board": board}
    )
    for action in actions:
        state.apply(action)
    return state


def view_of(state: State) -> dict[str, Any]:
    """The current player's view, through JSON: plain data and nothing else."""
    seat = state.current_player
    assert seat is not None
    view: dict[str, Any] = json.loads(json.dumps(state.view(seat)))
    return view


def play_match(bots: list[Any], seed: int, hands: int) -> int:
    """Play a match with these bots, checking every action; returns the decisions made."""
    state = cardavia.new_game("holdem", hands=hands).new_state(seed=seed)
    decisions = 0
    while not state.is_over:
        view = view_of(state)
        before = json.dumps(view, sort_keys=True)
        action = bots[view["seat"]].act(view)
        assert action in view["legal_actions"], (action, view["street"], view["to_call"])
        assert json.dumps(view, sort_keys=True) == before  # the bot left the view alone
        state.apply(action)
        decisions += 1
    assert sum(state.scores) == 4000
    return decisions


@pytest.mark.parametrize("seed", range(3))
def test_mixed_table_plays_only_legal_actions(seed: int) -> None:
    bots = [
        BasicBot(),
        StrongBot(seed, samples=80),
        RandomBot(seed),
        StrongBot(seed + 9, budget=0.01),
    ]
    assert play_match(bots, seed, hands=6) > 10


def test_basic_bots_play_long_matches_legally() -> None:
    for seed in range(4):
        play_match([BasicBot() for _ in range(4)], seed, hands=40)


def test_against_random_shoves_every_action_stays_legal() -> None:
    # Random bots bet odd amounts and go all-in often: short stacks, side pots, short raises.
    for seed in range(3):
        bots = [RandomBot(seed), BasicBot(), RandomBot(seed + 1), StrongBot(seed, samples=60)]
        play_match(bots, seed, hands=8)


def test_decisions_depend_on_the_view_only() -> None:
    """Two deals that differ only in cards seat 3 cannot see give seat 3 the same view, so
    every bot must act the same in both."""
    mine = ["AH", "7D"]
    first = [["KC", "KD"], ["4H", "4C"], ["9C", "8C"], mine]
    second = [["2C", "3D"], ["AD", "AC"], ["5H", "6H"], mine]
    actions = ("call", "call", "call", "check", "check", "check")
    one = deal_state(first, ["TD", "7H", "2S", "QH", "JD"], *actions)
    two = deal_state(second, ["TD", "7H", "2S", "KH", "9D"], *actions)
    assert one.current_player == 3
    assert view_of(one) == view_of(two)
    for make in (BasicBot, lambda: StrongBot(4, samples=300)):
        assert make().act(view_of(one)) == make().act(view_of(two))


# --- basic ------------------------------------------------------------------------------


def test_chen_scores_and_percentiles() -> None:
    def score(a: str, b: str) -> int:
        return chen_score(CARD_INDEX[a], CARD_INDEX[b])

    assert score("AS", "AH") == 20
    assert score("AS", "KS") == 12
    assert score("TD", "TC") == 10
    assert score("7H", "2C") < 1
    assert preflop_percentile(CARD_INDEX["AS"], CARD_INDEX["AH"]) < 0.01
    assert preflop_percentile(CARD_INDEX["7H"], CARD_INDEX["2C"]) > 0.9


def test_hand_equity_orders_made_hands() -> None:
    def equity(hole: list[str], board: list[str]) -> float:
        cards = [CARD_INDEX[c] for c in hole]
        return hand_equity(cards, [CARD_INDEX[c] for c in board], "river")

    board = ["KD", "8S", "4C", "2H", "9D"]
    nothing = equity(["7H", "3C"], board)
    bottom_pair = equity(["2C", "6D"], board)
    top_pair = equity(["KH", "QC"], board)
    overpair = equity(["AS", "AD"], board)
    set_of_eights = equity(["8D", "8C"], board)
    assert nothing < bottom_pair < top_pair < set_of_eights
    assert overpair > top_pair


def test_basic_folds_trash_to_a_big_raise() -> None:
    hands = [["AS", "AH"], ["9C", "4D"], ["KD", "QH"], ["7C", "2H"]]
    state = deal_state(hands, BOARD, "fold", "raise 200")
    assert BasicBot().act(view_of(state)) == "fold"  # seat 1: 9-4 off-suit


def test_basic_raises_aces_preflop() -> None:
    hands = [["AS", "AH"], ["9C", "4D"], ["KD", "QH"], ["7C", "2H"]]
    assert BasicBot().act(view_of(deal_state(hands, BOARD, "call"))).startswith("raise")
    facing = deal_state(hands, BOARD, "raise 100")
    assert BasicBot().act(view_of(facing)).startswith("raise")


def test_basic_is_fast() -> None:
    views = []
    state = cardavia.new_game("holdem", hands=30).new_state(seed=11)
    bot = BasicBot()
    while not state.is_over:
        views.append(view_of(state))
        state.apply(bot.act(views[-1]))
    started = time.perf_counter()
    for view in views:
        bot.act(view)
    assert (time.perf_counter() - started) / len(views) < 0.005


# --- strong -----------------------------------------------------------------------------

# Seat 0 (the button) holds a royal flush with BOARD; seats 1 and 2 check to the river,
# where seat 1 goes all-in and seat 2 folds.
NUTS = [["AS", "KS"], ["QD", "QC"], ["8H", "8C"], ["5D", "4H"]]
TO_RIVER = ("call", "call", "call", "check") + ("check",) * 3 * 3
SHOVE = ("bet 980", "fold")


def test_strong_calls_with_the_nuts_on_the_river() -> None:
    state = deal_state(NUTS, BOARD, "fold", *TO_RIVER[1:10], *SHOVE)
    view = view_of(state)
    assert (view["seat"], view["street"], view["to_call"]) == (0, "river", 980)
    assert StrongBot(1, samples=300).act(view) == "call"


def test_strong_bets_the_nuts_when_checked_to() -> None:
    state = deal_state(NUTS, BOARD, "fold", *TO_RIVER[1:10], "check", "check")
    view = view_of(state)
    assert view["seat"] == 0
    assert StrongBot(1, samples=300).act(view).startswith("bet")


def test_strong_folds_a_hopeless_hand_to_an_all_in() -> None:
    hands = [["7C", "2D"], ["QD", "QC"], ["8H", "8C"], ["5D", "4H"]]
    board = ["AS", "KH", "QS", "9C", "3D"]  # seat 0 has seven high, no draw left
    state = deal_state(hands, board, "fold", *TO_RIVER[1:10], *SHOVE)
    assert StrongBot(1, samples=300).act(view_of(state)) == "fold"
    preflop = deal_state(hands, board, "raise 1000")  # and 7-2 facing a shove pre-flop
    assert StrongBot(1, samples=300).act(view_of(preflop)) == "fold"


def test_strong_raises_aces_preflop() -> None:
    hands = [["AS", "AH"], ["9C", "4D"], ["KD", "QH"], ["7C", "2H"]]
    assert (
        StrongBot(2, samples=400).act(view_of(deal_state(hands, BOARD, "call"))).startswith("raise")
    )


def test_strong_stays_within_its_budget() -> None:
    # Three opponents on the river: the most expensive ranges to build.
    hands = [["AH", "7D"], ["KC", "KD"], ["9C", "8C"], ["4H", "4C"]]
    state = deal_state(hands, BOARD, *("call", "call", "call", "check"), *("check",) * 11)
    view = view_of(state)
    bot = StrongBot(3, budget=0.05)
    started = time.perf_counter()
    bot.act(view)
    assert time.perf_counter() - started < 1.0
    assert bot.last_samples >= 100


def test_strong_is_deterministic_with_a_fixed_sample_count() -> None:
    hands = [["AH", "7D"], ["KC", "KD"], ["9C", "8C"], ["4H", "4C"]]
    state = deal_state(hands, BOARD, "call", "call", "call", "check", "check", "bet 40")
    view = view_of(state)
    first = StrongBot(5, samples=500)
    action = first.act(view)
    gains = dict(first.last_gains)
    again = StrongBot(5, samples=500)
    assert again.act(view) == action and again.last_gains == gains
    assert first.act(view) == action and first.last_gains == gains  # no memory between acts
    assert first.last_samples == 500


@pytest.mark.parametrize("hole", [["JC", "5D"], ["7H", "2C"], ["KD", "4S"], ["QC", "7D"]])
def test_strong_folds_weak_offsuit_hands_first_to_act(hole: list[str]) -> None:
    # Seat 3 acts first pre-flop with three players behind: the opening chart is tight.
    hands = [["AS", "AH"], ["9C", "4D"], ["KS", "QH"], hole]
    view = view_of(deal_state(hands, BOARD))
    assert view["seat"] == 3
    assert StrongBot(1, samples=300).act(view) == "fold"


def test_strong_opens_good_hands_first_to_act_and_steals_wider_late() -> None:
    hands = [["KC", "9D"], ["9C", "4D"], ["KS", "QH"], ["AD", "QC"]]
    first = StrongBot(1, samples=300).act(view_of(deal_state(hands, BOARD)))
    assert first.startswith("raise")  # A-Q first to act
    button = StrongBot(1, samples=300).act(view_of(deal_state(hands, BOARD, "fold")))
    assert button.startswith("raise")  # K-9 off-suit on the button, folded to
    hands[0] = ["7H", "2C"]  # seven-deuce folds even there
    assert StrongBot(1, samples=300).act(view_of(deal_state(hands, BOARD, "fold"))) == "fold"


@pytest.mark.parametrize("hole", [["AH", "TD"], ["KH", "QD"]])
def test_strong_folds_dominated_hands_to_a_re_raise_all_in(hole: list[str]) -> None:
    # Seat 3 opens, the small blind re-raises all-in: its range is a few top hands.
    hands = [["8C", "8H"], ["AS", "AD"], ["5D", "4H"], hole]
    state = deal_state(hands, BOARD, "raise 70", "fold", "raise 1000", "fold")
    for seed in range(3):
        assert StrongBot(seed, samples=300).act(view_of(state)) == "fold"


def test_strong_does_not_re_raise_all_in_with_king_queen() -> None:
    hands = [["8C", "8H"], ["AS", "AD"], ["5D", "4H"], ["KH", "QD"]]
    state = deal_state(hands, BOARD, "raise 70", "fold", "fold", "raise 210")
    for seed in range(3):  # a re-raiser holds top hands: fold or see a flop, never shove
        assert StrongBot(seed, samples=300).act(view_of(state)) in ("fold", "call")


def test_strong_calls_a_wild_shove_with_a_good_hand() -> None:
    # Seat 3 moves all-in first, fifty times the big blind: nobody's usual size, so its range
    # stays wide, and a call all-in wins the whole showdown share (no later betting).
    hands = [["8C", "4H"], ["9S", "5D"], ["AH", "TD"], ["KC", "7D"]]
    state = deal_state(hands, BOARD, "raise 1000", "fold", "fold")
    assert view_of(state)["seat"] == 2
    for seed in range(3):
        assert StrongBot(seed, samples=300).act(view_of(state)) == "call"
    hands[2] = ["7H", "2C"]
    state = deal_state(hands, BOARD, "raise 1000", "fold", "fold")
    assert StrongBot(1, samples=300).act(view_of(state)) == "fold"
