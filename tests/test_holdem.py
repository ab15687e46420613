"""Texas Hold'em per spec/holdem.md: the §11 conformance scenarios (HE-01 … HE-19), the §9
worked examples (E1 … E5), the betting mechanism of betting.py, and bad input."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal
from cardavia.betting import side_pots, split_pot
from cardavia.games.holdem import HoldemState

HANDS = [["AS", "KS"], ["2C", "7D"], ["QH", "QD"], ["9S", "8S"]]
BOARD = ["3C", "4D", "JH", "5S", "TC"]


def new_hand(deal: dict[str, Any] | None = None, **options: Any) -> HoldemState:
    game = cardavia.new_game("holdem", **options)
    state = game.new_state(
        seed=3, deal=deal if deal is not None else {"hands": HANDS, "board": BOARD}
    )
    assert isinstance(state, HoldemState)
    return state


def play(state: HoldemState, *actions: str) -> None:
    for action in actions:
        state.apply(action)


def raises(state: HoldemState) -> list[int]:
    return [int(a.split()[1]) for a in state.legal_actions() if a.split()[0] in ("bet", "raise")]


def events_of(state: HoldemState, kind: str) -> list[dict[str, Any]]:
    return [event for event in state.events if event["type"] == kind]


def dealt(stacks: list[int], **extra: Any) -> dict[str, Any]:
    hands = [hand if chips else [] for hand, chips in zip(HANDS, stacks, strict=True)]
    return {"hands": hands, "board": BOARD, "stacks": stacks, **extra}


def check_down(state: HoldemState) -> None:
    """Check (or call) until the hand in progress ends."""
    hand = state.deal_index
    while not state.is_over and state.deal_index == hand:
        state.apply("check" if "check" in state.legal_actions() else "call")


# --- §11 conformance scenarios -------------------------------------------------------------


def test_he01_start() -> None:
    state = cardavia.new_game("holdem").new_state(seed=1)
    view = state.view(3)
    assert (view["button"], view["small_blind"], view["big_blind"]) == (0, 1, 2)
    assert view["bets"] == [0, 10, 20, 0]
    assert state.current_player == 3
    assert state.legal_actions() == ["fold", "call", *[f"raise {t}" for t in range(40, 1001)]]


def test_he02_big_blind_option() -> None:
    state = new_hand()
    play(state, "call", "call", "call")
    assert state.current_player == 2
    assert state.legal_actions() == ["check", *[f"raise {t}" for t in range(40, 1001)]]
    state.apply("check")
    assert state.view(1)["board"] == BOARD[:3]
    assert state.current_player == 1


def test_he03_raise_is_a_total() -> None:
    state = new_hand()
    state.apply("raise 60")
    assert state.bets[3] == 60 and state.stacks[3] == 940
    before = state.to_json()
    with pytest.raises(IllegalAction, match="smallest raise is to 100"):
        state.apply("raise 90")
    assert state.to_json() == before
    assert min(raises(state)) == 100


def test_he04_short_all_in_does_not_reopen() -> None:
    state = new_hand(dealt([1000, 1000, 170, 1000]))
    play(state, "call", "call", "call", "check")  # pre-flop; seat 2 has 150 on the flop
    assert state.current_player == 1 and state.stacks[2] == 150
    play(state, "bet 100", "raise 150", "call", "call")
    assert state.current_player == 1
    assert sorted(state.legal_actions()) == ["call", "fold"]
    state.apply("call")
    assert state.view(0)["street"] == "turn" and len(state.view(0)["board"]) == 4


def test_he05_cumulative_reopening() -> None:
    """E3: two short all-ins add up to a full raise for seat 1, not for seat 3."""
    state = new_hand(dealt([220, 1000, 150, 1000]))
    play(state, "call", "call", "call", "check")  # pre-flop
    play(state, "check", "check", "check", "check")  # flop
    assert state.view(0)["street"] == "turn" and state.current_player == 1
    play(state, "bet 100", "raise 130", "call", "raise 200")
    assert state.full_raise == 100
    assert state.current_player == 1 and min(raises(state)) == 300
    state.apply("call")
    assert state.current_player == 3
    assert sorted(state.legal_actions()) == ["call", "fold"]


def test_he06_checked_player_facing_a_small_all_in_bet() -> None:
    state = new_hand(dealt([1000, 1000, 35, 1000]))
    play(state, "call", "call", "call", "check")
    play(state, "check", "bet 15")
    assert state.current_player == 3 and min(raises(state)) == 35
    play(state, "call", "call")
    assert state.current_player == 1
    assert sorted(state.legal_actions()) == ["call", "fold"]


def test_he07_nobody_left_to_answer() -> None:
    state = new_hand(dealt([820, 320, 0, 0], button=0))
    assert (state.small_blind, state.big_blind, state.current_player) == (0, 1, 0)
    play(state, "call", "check")  # pre-flop: the button (small blind) acts first
    for _ in range(3):  # flop, turn, river: the big blind acts first
        assert state.current_player == 1
        if state.street < 3:
            play(state, "check", "check")
    state.apply("bet 300")
    assert state.stacks == [800, 0, 0, 0]
    assert sorted(state.legal_actions()) == ["call", "fold"]


def test_he08_uncalled_bet() -> None:
    state = new_hand(hands=1)  # the match ends with this hand: no new cards in the views
    play(state, "fold", "call", "call", "check")
    for _ in range(2):
        play(state, "check", "check", "check")
    play(state, "check", "bet 200", "fold", "fold")
    assert events_of(state, "uncalled") == [{"type": "uncalled", "seat": 2, "amount": 200}]
    pot = events_of(state, "pot")[0]
    assert (pot["amount"], pot["winners"]) == (60, [2])
    assert events_of(state, "hand_result")[0]["stacks"] == [980, 980, 1040, 1000]
    assert not events_of(state, "showdown")
    for seat in range(4):
        text = json.dumps(state.view(seat))
        hidden = [card for other in range(4) if other != seat for card in HANDS[other]]
        assert not any(f'"{card}"' in text for card in hidden)


E2_DEAL = {
    "hands": [["4C", "4D"], ["JS", "TS"], ["AC", "3D"], ["AH", "5C"]],
    "board": ["KS", "KD", "7C", "7H", "2S"],
    "button": 0,
    "stacks": [1000, 300, 155, 2545],
}


def test_he09_side_pots_and_odd_chip() -> None:
    """E2: a main pot of 525 split 263/262 (odd chip to seat 2), a side pot of 290."""
    state = new_hand(E2_DEAL)
    play(state, "raise 60", "call", "raise 300", "call")
    assert state.full_raise == 240
    play(state, "call", "fold")
    pots = events_of(state, "pot")
    assert [(p["amount"], p["eligible"], p["winners"]) for p in pots] == [
        (525, [1, 2, 3], [2, 3]),
        (290, [1, 3], [3]),
    ]
    assert pots[0]["payouts"] == [0, 0, 263, 262]
    assert events_of(state, "hand_result")[0]["stacks"] == [940, 0, 263, 2797]
    assert events_of(state, "eliminated") == [{"type": "eliminated", "seat": 1}]
    assert (state.button, state.small_blind, state.big_blind) == (2, 3, 0)
    assert state.hole[1] == [] and not state.in_hand[1]


def test_he10_run_out() -> None:
    state = new_hand()
    play(state, "raise 1000", "call", "fold", "fold")
    first_hand = [e for e in state.events if e.get("deal", 0) == 0 or "deal" not in e]
    streets = [e["street"] for e in first_hand if e["type"] == "board"]
    assert streets == ["flop", "turn", "river"]
    actions_after_flop = [
        e for e in first_hand if e["type"] == "action" and e["street"] != "preflop"
    ]
    assert actions_after_flop == []
    shown = events_of(state, "showdown")[0]["hands"]
    assert [hand["seat"] for hand in shown] == [0, 3]


def test_he11_post_flop_first_actor_skips() -> None:
    state = new_hand(dealt([1000, 1000, 100, 1000]))
    play(state, "call", "call", "fold", "raise 100", "call", "call")
    assert state.view(0)["street"] == "flop"
    assert state.current_player == 3


def test_he12_wheel() -> None:
    deal = {
        "hands": [["AH", "2D"], ["6C", "7D"], ["2S", "2H"], ["8D", "9C"]],
        "board": ["3C", "4H", "5S", "9D", "KC"],
    }
    state = new_hand(deal)
    play(state, "fold", "call", "call", "check")
    check_down(state)
    pot = events_of(state, "pot")[0]
    assert pot["winners"] == [1] and pot["payouts"] == [0, 60, 0, 0]


def test_he13_board_plays_and_the_odd_chip() -> None:
    deal = {
        "hands": [["2C", "3D"], ["4H", "5S"], ["6C", "7D"], ["8H", "9C"]],
        "board": ["AS", "KS", "QD", "JC", "TH"],
    }
    state = new_hand(deal)
    play(state, "raise 41", "call", "call", "fold")  # seats 3, 0, 1; the big blind folds
    play(state, "bet 20", "fold", "call")  # flop: seat 1 bets, seat 3 folds, seat 0 calls
    check_down(state)
    pot = events_of(state, "pot")[0]
    assert pot["amount"] == 183 and pot["winners"] == [0, 1]
    assert pot["payouts"] == [91, 92, 0, 0]  # seat 1 is the first seat left of the button


def test_he14_sixth_card_never_counts() -> None:
    deal = {
        "hands": [["QC", "2D"], ["JH", "3S"], ["4C", "5D"], ["6H", "8C"]],
        "board": ["KS", "KD", "7C", "7H", "AS"],
    }
    state = new_hand(deal)
    play(state, "fold", "raise 40", "call", "fold")
    check_down(state)
    pot = events_of(state, "pot")[0]
    assert pot["winners"] == [0, 1] and pot["payouts"] == [50, 50, 0, 0]


def test_he15_heads_up_switch() -> None:
    """E4: seat 1, big blind in the hand seat 3 busted in, is not big blind again."""
    deal = {
        "hands": [["AS", "AD"], ["2C", "7D"], [], ["8H", "3C"]],
        "board": ["KS", "QD", "9C", "5H", "4D"],
        "button": 3,
        "stacks": [1000, 1000, 0, 100],
    }
    state = new_hand(deal)
    assert (state.small_blind, state.big_blind, state.current_player) == (0, 1, 3)
    play(state, "raise 100", "call", "fold")
    assert events_of(state, "eliminated") == [{"type": "eliminated", "seat": 3}]
    assert (state.button, state.small_blind, state.big_blind) == (1, 1, 0)
    assert state.bets == [20, 10, 0, 0] and state.current_player == 1
    state.apply("fold")
    assert (state.button, state.small_blind, state.big_blind) == (0, 0, 1)


def test_he15_previous_big_blind_deal_key_applies_rule_3() -> None:
    deal = dealt([500, 0, 0, 3500], button=0, previous_big_blind=3)
    state = new_hand(deal)
    assert (state.button, state.small_blind, state.big_blind) == (3, 3, 0)
    assert (new_hand(dealt([500, 0, 0, 3500], button=0)).big_blind) == 3


def test_he16_short_big_blind() -> None:
    deal = {
        "hands": [["4C", "5D"], ["6H", "8C"], ["AS", "AD"], ["9S", "JD"]],
        "board": ["KS", "QD", "2C", "7H", "3D"],
        "stacks": [1000, 1000, 15, 1000],
    }
    state = new_hand(deal)
    assert state.bets[2] == 15 and state.stacks[2] == 0
    assert state.current_player == 3 and min(raises(state)) == 40
    state.apply("call")
    assert state.bets[3] == 20
    play(state, "call", "call")
    check_down(state)
    pots = events_of(state, "pot")
    assert [(p["amount"], p["winners"]) for p in pots] == [(60, [2]), (15, [3])]
    assert events_of(state, "hand_result")[0]["stacks"] == [980, 980, 60, 995]


def test_he17_match_end() -> None:
    deal = {
        "hands": [["AS", "AD"], ["2C", "7D"], [], []],
        "board": ["KS", "QD", "9C", "5H", "4D"],
        "stacks": [3000, 1000, 0, 0],
    }
    state = new_hand(deal)
    play(state, "raise 3000", "call")
    assert state.is_over and state.current_player is None
    assert state.scores == [4000, 0, 0, 0]
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply("check")


def test_he18_human_eliminated() -> None:
    deal = {
        "hands": [["2C", "7D"], ["4C", "5D"], ["AS", "AD"], ["9S", "JD"]],
        "board": ["KS", "QD", "9C", "8H", "3D"],
        "stacks": [100, 1300, 1300, 1300],
    }
    state = new_hand(deal)
    play(state, "call", "raise 100", "fold", "call", "fold")
    assert state.stacks[0] == 0 and not state.is_over
    assert state.hole[0] == [] and state.button == 1
    rng = random.Random(5)
    for _ in range(300):
        if state.is_over:
            break
        assert state.current_player != 0
        state.apply(rng.choice(state.legal_actions()))


def test_he19_pre_flop_short_all_in() -> None:
    state = new_hand(dealt([30, 1000, 1000, 1000]))
    play(state, "call", "raise 30", "call")
    assert state.current_player == 2 and min(raises(state)) == 50
    state.apply("call")
    assert state.current_player == 3
    assert sorted(state.legal_actions()) == ["call", "fold"]


# --- §9 worked examples -----------------------------------------------------------------------


def test_e1_first_hand() -> None:
    state = new_hand()
    play(state, "call", "raise 60")
    assert state.full_raise == 40
    play(state, "fold", "call", "call")
    assert sum(state.committed) == 190
    assert state.current_player == 2
    state.apply("bet 40")
    assert state.current_player == 3 and state.full_raise == 40
    state.apply("raise 120")
    assert state.current_player == 0 and min(raises(state)) == 200
    state.apply("raise 200")
    assert state.current_player == 2 and min(raises(state)) == 280


def test_e5_three_way_split() -> None:
    """A pot of 100 tied by seats 0, 1, 3, button 2: the odd chip goes to seat 3."""
    order = [3, 0, 1, 2]  # clockwise from the seat left of the button
    assert split_pot(100, [0, 1, 3], order) == {0: 33, 1: 33, 3: 34}


# --- the betting mechanism ------------------------------------------------------------------


def test_side_pots_take_folded_chips_and_merge_equal_levels() -> None:
    pots = side_pots([60, 300, 155, 300], [False, True, True, True])
    assert pots == [(525, [1, 2, 3]), (290, [1, 3])]
    assert side_pots([20, 20, 20, 20], [True] * 4) == [(80, [0, 1, 2, 3])]


def test_scores_count_chips_in_the_pot_and_total_4000() -> None:
    state = new_hand()
    play(state, "raise 500", "call")
    assert state.scores == [1000] * 4
    assert sum(state.stacks) + sum(state.committed) == 4000


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("check", "cannot check: 20 to call"),
        ("bet 100", "use 'raise'"),
        ("raise", "one whole number"),
        ("raise 5O", "one whole number"),
        ("raise 1001", r"at most 1000 \(all-in\)"),
        ("call 20", "takes no amount"),
        ("shove", "fold, check, call"),
        ("", "fold, check, call"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(action: str, message: str) -> None:
    state = new_hand()
    before = state.to_json()
    with pytest.raises(IllegalAction, match=message):
        state.apply(action)
    assert state.to_json() == before


def test_fold_is_refused_when_a_check_is_free() -> None:
    state = new_hand()
    play(state, "call", "call", "call")
    with pytest.raises(IllegalAction, match="check instead"):
        state.apply("fold")


def test_actions_accept_any_case_and_spacing() -> None:
    state = new_hand()
    state.apply("  RAISE   60 ")
    assert state.bets[3] == 60


@pytest.mark.parametrize(
    "deal",
    [
        {"hands": HANDS, "board": BOARD[:4]},
        {"hands": HANDS, "board": [*BOARD[:4], "AS"]},
        {"hands": HANDS, "board": [*BOARD[:4], "RJ"]},
        {"hands": HANDS[:3], "board": BOARD},
        {"hands": HANDS, "board": BOARD, "stacks": [1000, 0, 0, 0]},
        {"hands": HANDS, "board": BOARD, "stacks": [1000, -5, 1000, 1000]},
        {"hands": HANDS, "board": BOARD, "button": 4},
        {"hands": HANDS, "board": BOARD, "colour": "red"},
        dealt([1000, 0, 1000, 1000], button=1),
    ],
)
def test_invalid_deals_are_refused(deal: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal):
        new_hand(deal)


def test_hands_option_ends_the_match() -> None:
    state = new_hand(hands=2)
    play(state, "fold", "fold", "fold")
    assert not state.is_over and state.deal_index == 1
    play(state, "fold", "fold", "fold")
    assert state.is_over and events_of(state, "match_over")
    with pytest.raises(ValueError):
        cardavia.new_game("holdem", hands=0)


def test_button_moves_to_the_next_seat_in_the_match() -> None:
    state = cardavia.new_game("holdem").new_state(seed=2)
    buttons = []
    for _ in range(5):
        buttons.append(state.button)
        hand = state.deal_index
        while state.deal_index == hand:
            state.apply("fold")
    assert buttons == [0, 1, 2, 3, 0]


def test_later_hands_follow_the_seed() -> None:
    game = cardavia.new_game("holdem")
    first, second = game.new_state(seed=9), game.new_state(seed=9)
    for state in (first, second):
        play(state, "fold", "fold", "fold")
    assert first.hole == second.hole and first.board == second.board
    assert game.new_state(seed=10).hole != game.new_state(seed=9).hole


# --- issue 11: malformed amounts and deals are clean refusals ------------------------------


def refused(state: HoldemState, action: str) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return str(info.value)


@pytest.mark.parametrize("action", ["raise ²", "raise 6²", "bet ①", "raise ①⓪⓪"])
def test_superscript_amount_is_illegal_not_valueerror(action: str) -> None:
    # '²'.isdigit() is True and int('²') a ValueError: neither may leak out.
    refused(new_hand(), action)


def test_fullwidth_digits_refused() -> None:
    state = new_hand()
    assert "raise 60" in state.legal_actions()
    message = refused(state, "raise ６０")
    assert "plain letters, digits and spaces" in message


def test_4300_digit_amount_refused() -> None:
    state = new_hand()
    # A long amount is refused by its length, before int() (which raises past 4300 digits).
    assert "at most 1000 (all-in)" in refused(state, "raise " + "9" * 990)
    assert "at most 1000 characters" in refused(state, "raise " + "9" * 4301)


def test_parse_total_checks_the_length_before_int() -> None:
    from cardavia.betting import parse_total

    assert parse_total("0040", "bet", 980) == 40
    for text in ["9" * 5000, "981", "1" + "0" * 4400]:
        with pytest.raises(IllegalAction, match=r"you can bet at most 980 \(all-in\)"):
            parse_total(text, "bet", 980)
    for text in ["+40", "-40", "4 0", "40.0", "0x28", "4_0", "４０", "", "²"]:
        with pytest.raises(IllegalAction, match="one whole number"):
            parse_total(text, "raise", 980)


@pytest.mark.parametrize(
    "action", ["raise +60", "raise -60", "raise 6 0", "raise 60.0", "raise 6_0"]
)
def test_signed_or_split_amounts_refused(action: str) -> None:
    assert "one whole number" in refused(new_hand(), action)


def test_holdem_stack_cap() -> None:
    at_cap = new_hand(dealt([97_000, 1000, 1000, 1000]))
    while at_cap.current_player != 0:
        at_cap.apply("call")
    assert at_cap.legal_actions()[-1] == "raise 97000"
    assert len(at_cap.legal_actions()) < 100_000
    assert "at most 97000" in refused(at_cap, "raise 97001")
    for stacks in ([97_001, 1000, 1000, 1000], [10**30, 1000, 1000, 1000], [10**5000, 1, 1, 1]):
        with pytest.raises(InvalidDeal, match="at most 100000 chips in all"):
            new_hand(dealt(stacks))


@pytest.mark.parametrize(
    "stacks", [[True, 1000, 1000, 1000], [1000.0, 1000, 1000, 1000], ["1000"] * 4, [-1, 2, 1, 1]]
)
def test_holdem_stacks_are_whole_numbers(stacks: list[Any]) -> None:
    with pytest.raises(InvalidDeal, match="'stacks' lists 4 chip counts"):
        new_hand(dealt(stacks))


@pytest.mark.parametrize(
    "extra", [{"button": True}, {"button": 4}, {"button": "1"}, {"previous_big_blind": False}]
)
def test_holdem_seats_in_a_deal_are_ints_in_range(extra: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal, match="is a seat number, 0 to 3"):
        new_hand(dealt([1000] * 4, **extra))


@pytest.mark.parametrize("deal", [[], "hands", 5, ("AS", "KS")])
def test_holdem_deal_that_is_not_a_dict(deal: Any) -> None:
    with pytest.raises(InvalidDeal, match="a deal is a dict"):
        cardavia.new_game("holdem").new_state(seed=1, deal=deal)
