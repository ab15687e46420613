"""The shared trick-taking rules (tricks.py): Bridge's defaults, and the parameters that
Tractor (a trump suit holding other cards) and Tarot (must trump, must overtrump) need."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardavia.tricks import (
    BRIDGE,
    TrickRules,
    deal_respecting_voids,
    playable,
    trick_winner,
    void_suits,
)

TAROT_LIKE = TrickRules(must_trump=True, must_overtrump=True)


def test_any_card_may_lead() -> None:
    assert playable(["AS", "2H"], [], trump="H") == ["AS", "2H"]


def test_must_follow_the_suit_led() -> None:
    assert playable(["AS", "5H", "2H", "3C"], ["KH"], trump="S") == ["5H", "2H"]


def test_bridge_void_player_may_discard_rather_than_trump() -> None:
    assert playable(["AS", "3C"], ["KH"], trump="S") == ["AS", "3C"]


def test_must_trump_when_void_if_the_rules_say_so() -> None:
    assert playable(["AS", "2S", "3C"], ["KH"], trump="S", rules=TAROT_LIKE) == ["AS", "2S"]


def test_must_overtrump_when_possible_else_any_trump() -> None:
    hand = ["AS", "4S", "2S", "3C"]
    assert playable(hand, ["KH", "5S"], trump="S", rules=TAROT_LIKE) == ["AS"]
    assert playable(["4S", "2S"], ["KH", "AS"], trump="S", rules=TAROT_LIKE) == ["4S", "2S"]
    # Following a trump lead: overtrump applies to the led trumps too.
    assert playable(hand, ["5S"], trump="S", rules=TAROT_LIKE) == ["AS"]


def test_trick_winner_with_and_without_trumps() -> None:
    assert trick_winner(["AH", "2S", "KH", "3H"], trump="S") == 1
    assert trick_winner(["2H", "AS", "QH", "3H"], trump=None) == 2
    assert trick_winner(["2H", "AS", "3S", "QD"], trump="S") == 1
    assert trick_winner(["5C", "AD", "KD", "4C"], trump="H") == 0


def test_identical_cards_first_played_wins() -> None:
    assert trick_winner(["AH", "AH"], trump=None) == 0


def test_a_game_may_move_cards_into_the_trump_suit() -> None:
    """Tractor-style: the level card (here every 2) belongs to the trump suit and ranks
    above its aces."""

    def suit_of(card: str) -> str:
        return "T" if card[0] == "2" or card[1] == "H" else card[1]

    def strength(card: str) -> int:
        return 20 if card[0] == "2" else "3456789TJQKA".index(card[0])

    tractor = TrickRules(suit_of=suit_of, strength=strength)
    assert trick_winner(["AH", "2C", "KH"], trump="T", rules=tractor) == 1
    assert playable(["2S", "5S", "3H"], ["AH"], trump="T", rules=tractor) == ["2S", "3H"]


def test_void_suits_from_failures_to_follow() -> None:
    tricks = [[(1, "AH"), (2, "2S"), (3, "KH"), (0, "3D")], [(2, "4C"), (3, "5C")]]
    assert void_suits(tricks, BRIDGE) == {2: {"H"}, 0: {"H"}}


def test_deal_respecting_voids_keeps_sizes_and_voids() -> None:
    unknown = ["AH", "KH", "QH", "2S", "3S", "4S", "5D", "6D"]
    sizes = {1: 3, 2: 3, 3: 2}
    voids = {1: {"H"}, 2: {"S"}}
    seen: Counter[tuple[int, str]] = Counter()
    for seed in range(200):
        dealt = deal_respecting_voids(random.Random(seed), unknown, sizes, voids)
        assert {seat: len(cards) for seat, cards in dealt.items()} == sizes
        assert sorted(card for cards in dealt.values() for card in cards) == sorted(unknown)
        assert not any(card[1] == "H" for card in dealt[1])
        assert not any(card[1] == "S" for card in dealt[2])
        seen.update((seat, card) for seat, cards in dealt.items() for card in cards)
    assert seen[(3, "AH")] > 0 and seen[(2, "AH")] > 0  # random, not a fixed answer


def test_impossible_voids_are_an_error() -> None:
    with pytest.raises(ValueError):
        deal_respecting_voids(random.Random(1), ["AH", "KH"], {1: 1, 2: 1}, {1: {"H"}})
