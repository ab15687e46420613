"""The basic Bridge bot: its bidding system, what it reads from an auction, its card play."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia.ai.bridge import (
    BasicBot,
    auction_constraints,
    basic_call,
    basic_play,
    hand_features,
)
from cardavia.cards import pack_52

S, W, N, E = 0, 1, 2, 3


def hands_with(**given: str) -> list[list[str]]:
    """Four 13-card hands: the seats named (``S="AS KS ..."``) get those cards, the
    others are filled with the rest of the pack in order."""
    seats = {"S": 0, "W": 1, "N": 2, "E": 3}
    hands: list[list[str]] = [[] for _ in range(4)]
    for name, text in given.items():
        hands[seats[name]] = text.split()
    used = {card for hand in hands for card in hand}
    rest = [card for card in pack_52() if card not in used]
    for hand in hands:
        while len(hand) < 13:
            hand.append(rest.pop(0))
    assert all(len(hand) == 13 for hand in hands), hands
    return hands


def state_after(hands: list[list[str]], actions: list[str] | None = None) -> cardavia.State:
    state = cardavia.new_game("bridge").new_state(seed=1, deal={"hands": hands})
    for action in actions or []:
        state.apply(action)
    return state


def call_of(state: cardavia.State) -> str:
    seat = state.current_player
    assert seat is not None
    return basic_call(state.view(seat))


def card_of(state: cardavia.State) -> str:
    seat = state.current_player
    assert seat is not None
    return basic_play(state.view(seat))


NT_15_BALANCED = "AS KS 5S KH QH 4H QD 7D 6D 3D JC 9C 2C"


# --- hands ----------------------------------------------------------------------------


def test_hand_features_counts_hcp_lengths_and_balance() -> None:
    features = hand_features(NT_15_BALANCED.split())
    assert features.hcp == 15
    assert features.lengths == {"S": 3, "H": 3, "D": 4, "C": 3}
    assert features.balanced
    seven_spades = "AS KS QS JS TS 9S 8S 2H 3H 4H 5D 6D 7C"
    assert not hand_features(seven_spades.split(" ")).balanced


# --- openings -------------------------------------------------------------------------


def test_opens_1nt_with_15_to_17_balanced() -> None:
    assert call_of(state_after(hands_with(S=NT_15_BALANCED))) == "1NT"


def test_opens_1s_with_five_spades_and_13() -> None:
    hand = "AS KS 9S 6S 3S KH 7H 2H QD JD 4D 5C 2C"
    assert call_of(state_after(hands_with(S=hand))) == "1S"


def test_opens_better_minor_without_a_five_card_major() -> None:
    four_four = "AS KS 6S 3S KH 7H QD JD 4D 2D 9C 5C 2C"  # 13 HCP, 4-2-4-3
    assert call_of(state_after(hands_with(S=four_four))) == "1D"


def test_passes_8_hcp() -> None:
    hand = "KS 7S 4S QH 8H 5H 2H JD 6D 3D QC 7C 3C"
    assert call_of(state_after(hands_with(S=hand))) == "pass"


def test_opens_2c_with_22_points() -> None:
    hand = "AS KS QS 5S AH KH QH 4H AD 7D 6D 3C 2C"
    assert call_of(state_after(hands_with(S=hand))) == "2C"


# --- responses and rebids ---------------------------------------------------------------


def test_stayman_sequence_1nt_2c_2h_then_3nt_without_a_fit() -> None:
    south = "AS 5S 2S KH QH 4H 3H QD 7D 6D KC JC 2C"  # 15, four hearts
    north = "KS QS 9S 8S 7H 6H AD JD 4D 9C 8C 7C 6C"  # 10 HCP, four spades
    state = state_after(hands_with(S=south, N=north), ["1NT", "pass"])
    assert call_of(state) == "2C"
    state.apply("2C")
    state.apply("pass")
    assert call_of(state) == "2H"
    state.apply("2H")
    state.apply("pass")
    assert call_of(state) == "3NT"


def test_transfer_1nt_2d_2h() -> None:
    south = NT_15_BALANCED
    north = "8S 7S JH TH 9H 8H 7H 5D 4D 8C 7C 6C 5C"  # 1 HCP, five hearts
    state = state_after(hands_with(S=south, N=north), ["1NT", "pass"])
    assert call_of(state) == "2D"
    state.apply("2D")
    state.apply("pass")
    assert call_of(state) == "2H"
    state.apply("2H")
    state.apply("pass")
    assert call_of(state) == "pass"  # weak: play in two hearts


def test_raises_partners_major_by_strength() -> None:
    south = "AS KS 9S 6S 3S KH 7H 2H QD JD 4D 5C 2C"
    weak = "QS 8S 4S 9H 8H 3H KD 9D 5D KC 9C 8C 3C"  # 8 HCP, three spades
    state = state_after(hands_with(S=south, N=weak), ["1S", "pass"])
    assert call_of(state) == "2S"
    invite = "QS 8S 4S AH 8H 3H KD 9D 5D KC 9C 8C 3C"  # 12 HCP
    state = state_after(hands_with(S=south, N=invite), ["1S", "pass"])
    assert call_of(state) == "3S"


def test_reaches_game_with_25_combined_in_a_fit() -> None:
    south = "AS KS 9S 6S 3S KH 7H 2H QD JD 4D 5C 2C"  # 13
    north = "QS 8S 4S AH 8H 3H KD 9D 5D AC 9C 8C 3C"  # 13, three spades
    state = state_after(hands_with(S=south, N=north), ["1S", "pass"])
    assert call_of(state) == "4S"


def test_responds_1nt_with_6_to_10_and_no_fit() -> None:
    south = "AS KS 9S 6S 3S KH 7H 2H QD JD 4D 5C 2C"
    north = "8S 4S QH 9H 3H KD 9D 5D 3D KC 9C 8C 3C"  # 8 HCP, two spades
    state = state_after(hands_with(S=south, N=north), ["1S", "pass"])
    assert call_of(state) == "1NT"


# --- competition ------------------------------------------------------------------------


def test_takeout_double_with_shortness_in_their_suit() -> None:
    west = "AS KS 8S 3S AH JH 7H 3H 9D 4D KD 2D 2C"  # 15, singleton club
    state = state_after(hands_with(W=west), ["1C"])
    assert call_of(state) == "double"


def test_overcalls_a_good_five_card_suit() -> None:
    west = "AS KS JS 8S 3S 7H 3H 9D 4D 2D 6C 4C 2C"  # 8 HCP, AKJxx
    state = state_after(hands_with(W=west), ["1C"])
    assert call_of(state) == "1S"


def test_never_returns_an_illegal_call() -> None:
    state = state_after(hands_with(S=NT_15_BALANCED), ["7NT"])
    call = call_of(state)
    assert call in state.legal_actions()


@pytest.mark.parametrize("opening", ["3NT", "4NT", "3C", "3H", "5D", "6NT"])
def test_answers_a_partner_who_opened_above_the_two_level(opening: str) -> None:
    """Openings the basic system never makes (a player at the table may): a legal answer,
    not a crash (3NT once raised KeyError 'NT' in the minor-suit responses)."""
    state = state_after(hands_with(S=NT_15_BALANCED), [opening, "pass"])
    assert call_of(state) in state.legal_actions()


# --- reading the auction ----------------------------------------------------------------


def test_auction_constraints_of_a_1nt_opening_and_stayman_answer() -> None:
    south = "AS 5S 2S KH QH 4H 3H QD 7D 6D KC JC 2C"
    state = state_after(hands_with(S=south), ["1NT", "pass", "2C", "pass", "2H", "pass"])
    view = state.view(N)
    box = auction_constraints(view, S)
    assert (box.hcp_min, box.hcp_max) == (15, 17)
    assert box.balanced and box.min_len["H"] == 4
    assert box.admits(south.split())
    responder = auction_constraints(view, N)
    assert responder.hcp_min == 8


def test_auction_constraints_of_a_major_opening_and_a_pass() -> None:
    state = state_after(hands_with(), ["1S", "pass", "pass"])
    view = state.view(E)
    opener = auction_constraints(view, S)
    assert opener.min_len["S"] == 5 and (opener.hcp_min, opener.hcp_max) == (12, 21)
    assert auction_constraints(view, N).hcp_max == 5


# --- card play ----------------------------------------------------------------------------

# West declares 1NT (South passed, West opened): North leads, East is the dummy.
W_1NT = ["pass", "1NT", "pass", "pass", "pass"]


def test_declarer_plays_the_dummys_cards() -> None:
    state = state_after(hands_with(), W_1NT)
    state.apply(state.legal_actions()[0])  # North's opening lead
    view = state.view(W)
    assert view["turn_hand"] == E and state.current_player == W
    action = BasicBot().act(view)
    assert action in view["legal_actions"]
    assert action.split()[1] in view["dummy"]


def test_third_hand_high() -> None:
    north = "5C 4C 3C 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D"
    east = "9C 8C 6S 7S 8S 9S 6H 7H 8H 9H 4D 5D 6D"
    south = "KC 7C 6C TS JS QS TH JH QH 7D 8D 9D TD"
    state = state_after(hands_with(N=north, E=east, S=south), [*W_1NT, "play 2H", "play 6H"])
    assert card_of(state) == "play TH"  # Q-J-T are equal: the lowest of them
    state = state_after(hands_with(N=north, E=east, S=south), [*W_1NT, "play 3C", "play 8C"])
    assert card_of(state) == "play KC"


def test_third_hand_does_not_overtake_partners_winning_card() -> None:
    north = "AC 4C 3C 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D"
    east = "9C 8C 6S 7S 8S 9S 6H 7H 8H 9H 4D 5D 6D"
    south = "KC 7C 6C TS JS QS TH JH QH 7D 8D 9D TD"
    state = state_after(hands_with(N=north, E=east, S=south), [*W_1NT, "play AC", "play 8C"])
    assert card_of(state) == "play 6C"


def test_second_hand_low_and_fourth_hand_wins_cheaply() -> None:
    north = "5C 4C 3C 2S 3S 4S 5S 2H 3H 4H 5H 2D 3D"
    east = "KD 8D 2C 6S 7S 8S 9S 6H 7H 8H 9H 4D 5D"  # the dummy
    west = "AC JC 6C TS JS QS TH JH QH 7D 6D 9D TD"
    state = state_after(hands_with(N=north, E=east, W=west), [*W_1NT, "play 3D"])
    assert card_of(state) == "play 4D"  # the dummy plays second: low
    state = state_after(hands_with(N=north, E=east, W=west), [*W_1NT, "play 5C", "play 2C"])
    state.apply("play " + next(c for c in state.view(S)["hand"] if c == "9C"))
    assert card_of(state) == "play JC"  # fourth hand: the lowest card that wins


def test_covers_an_honour_with_an_honour() -> None:
    north = "KH 4H 3H 2S 3S 4S 5S 5H 2D 3D 4D 5D 6D"
    west = "JH TH 9H AC KC QC JC TC 9C AS KS QS JS"
    east = "2H 6H 7H 8H 9S 8S 7S 6S 7D 8D 9D TD 2C"
    state = state_after(hands_with(N=north, W=west, E=east), W_1NT)
    # North leads 2S, won by West's AS; West leads the jack of hearts.
    for action in ["play 2S", "play 6S"]:
        state.apply(action)
    state.apply("play " + min(state.view(S)["legal_actions"])[5:])
    state.apply("play AS")
    assert state.current_player == W
    state.apply("play JH")
    assert card_of(state) == "play KH"  # cover, so that West's honour costs a trick


def test_second_hand_low_against_a_small_card() -> None:
    north = "AH 4H 3H 2S 3S 4S 5S 5H 2D 3D 4D 5D 6D"
    west = "JH TH 9H AC KC QC JC TC 9C AS KS QS JS"
    east = "2H 6H 7H 8H 9S 8S 7S 6S 7D 8D 9D TD 2C"
    state = state_after(hands_with(N=north, W=west, E=east), W_1NT)
    for action in ["play 2S", "play 6S"]:
        state.apply(action)
    state.apply("play " + min(state.view(S)["legal_actions"])[5:])
    state.apply("play AS")
    state.apply("play 9H")
    assert card_of(state) == "play 3H"  # second hand low: the ace waits


def test_leads_top_of_a_sequence() -> None:
    south = "KH QH JH 4H 8S 5S 2S 9D 6D 3D 7C 5C 2C"
    state = state_after(hands_with(S=south), ["pass", "pass", "pass", "4S", "pass", "pass", "pass"])
    assert card_of(state) == "play KH"


def test_leads_fourth_best_of_the_longest_suit_against_nt() -> None:
    south = "KH TH 8H 6H 3H 8S 5S 9D 6D 3D 7C 5C 2C"
    state = state_after(
        hands_with(S=south), ["pass", "pass", "pass", "3NT", "pass", "pass", "pass"]
    )
    assert card_of(state) == "play 6H"


def test_leads_partners_suit() -> None:
    south = "KH TH 8H 6H 3H 8S 5S 9D 6D 3D 7C 5C 2C"
    calls = ["pass", "pass", "1D", "1NT", "pass", "3NT", "pass", "pass", "pass"]
    state = state_after(hands_with(S=south), calls)
    assert state.view(S)["declarer"] == E
    assert card_of(state) == "play 9D"  # top of nothing in partner's suit


def test_declarer_draws_trumps() -> None:
    east = "AS KS QS JS 9S AH KH QH AD 3D 4D 5D 6D"  # declares 4S
    west = "2S 3S 4S 5S 2D AC KC QC JC TC 9C 8C 7C"  # the dummy
    south = "2H 3H 4H 5H 6H 7H 8H 9H TH 7D 8D 9D KD"
    calls = ["pass", "pass", "pass", "4S", "pass", "pass", "pass"]
    state = state_after(hands_with(E=east, W=west, S=south), calls)
    for action in ["play 7D", "play 2D", "play TD", "play AD"]:
        state.apply(action)
    assert state.current_player == E
    assert card_of(state) == "play AS"  # the opponents still hold four trumps


# --- whole deals --------------------------------------------------------------------------


def play_legally(state: cardavia.State, bots: list[Any]) -> None:
    """The deal to its end, every bot's action checked against the legal ones first."""
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].act(view)
        assert action in view["legal_actions"]
        state.apply(action)


@pytest.mark.parametrize("seed", range(30))
def test_basic_bots_beside_a_random_player_act_legally(seed: int) -> None:
    """The web table's case: seat 0 may make any call at all, the basic bots answer it."""
    state = cardavia.new_game("bridge").new_state(seed=seed)
    bots = [
        cardavia.new_bot("bridge", "random" if seat == 0 else "basic", seed) for seat in range(4)
    ]
    play_legally(state, bots)


@pytest.mark.parametrize("seed", range(30))
def test_four_basic_bots_always_act_legally(seed: int) -> None:
    state = cardavia.new_game("bridge").new_state(seed=seed)
    bots = [cardavia.new_bot("bridge", "basic", seed=seat) for seat in range(4)]
    play_legally(state, bots)
