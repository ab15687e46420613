"""Poker hand ranking (spec/holdem.md §6): spec examples, best_five, and pokerkit agreement.

Differential test: 100,000 random pairs of seven-card hands (70,000 on a shared uniform
board with two hole cards each; 20,000 on a shared board drawn from a dense pack, few ranks
or two suits, so that straights, flushes, straight flushes, full houses and quads are
common; 10,000 pairs of independent uniform hands), fixed seed. For every pair the
comparison (<, =, >) of our values must equal the comparison of pokerkit 0.7.7's
``StandardHighHand.from_game(hole, board)`` hands (pokerkit's own ``<`` and ``==``), and
every hand's category must match pokerkit's label. Then all 200,000 hands are sorted by
our value and every adjacent pair is compared with pokerkit, which checks the order of the
whole pool, not only the paired hands. pokerkit is the slow side (about 8,000 hands/s
here), so the test takes about 30 s. Every one of the 7,462 distinct five-card hands is
also checked against pokerkit's order.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, combinations_with_replacement, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Card, StandardHighHand

from cardavia.cards import RANKS, SUITS
from cardavia.poker import (
    CARD_INDEX,
    CATEGORIES,
    INDEX_CARD,
    best_five,
    category,
    evaluate,
    evaluate7,
    evaluate_indices,
)

PK_CARD: dict[str, Card] = {c: next(iter(Card.parse(c[0] + c[1].lower()))) for c in INDEX_CARD}
PK_CATEGORY = {
    "HIGH_CARD": "high_card",
    "ONE_PAIR": "pair",
    "TWO_PAIR": "two_pair",
    "THREE_OF_A_KIND": "three_of_a_kind",
    "STRAIGHT": "straight",
    "FLUSH": "flush",
    "FULL_HOUSE": "full_house",
    "FOUR_OF_A_KIND": "four_of_a_kind",
    "STRAIGHT_FLUSH": "straight_flush",
}
PAIRS_SHARED_UNIFORM = 70_000
PAIRS_SHARED_DENSE = 20_000
PAIRS_INDEPENDENT = 10_000


def cards(text: str) -> list[str]:
    return text.split()


def showdown(hole_a: str, hole_b: str, board: str) -> int:
    """1 if hole_a wins, -1 if hole_b wins, 0 on a tie (same board)."""
    a, b = evaluate(cards(hole_a + " " + board)), evaluate(cards(hole_b + " " + board))
    return (a > b) - (a < b)


def pokerkit_hand(hand: Sequence[str]) -> StandardHighHand:
    hand_ = StandardHighHand.from_game(
        [PK_CARD[c] for c in hand[:2]], [PK_CARD[c] for c in hand[2:]]
    )
    assert isinstance(hand_, StandardHighHand)
    return hand_


def pk_compare(a: StandardHighHand, b: StandardHighHand) -> int:
    return 0 if a == b else (1 if b < a else -1)


# --------------------------------------------------------------------------------------
# spec/holdem.md §6.2 examples and the HE-12 .. HE-14 scenarios
# --------------------------------------------------------------------------------------


def test_spec_wheel_loses_to_seven_high_straight() -> None:  # HE-12
    assert showdown("AH 2D", "6C 7D", "3C 4H 5S 9D KC") == -1
    assert category(evaluate(cards("AH 2D 3C 4H 5S 9D KC"))) == "straight"


def test_spec_two_pair_kicker_king_beats_queen() -> None:
    assert showdown("AS KD", "AH QC", "AD 7S 7C 4H 2D") == 1


def test_spec_sixth_card_never_counts() -> None:  # HE-14
    assert showdown("QC 2D", "JH 3S", "KS KD 7C 7H AS") == 0


def test_spec_third_pair_never_plays() -> None:
    assert showdown("3C 3D", "4C 2D", "9S 9D 5C 5H KD") == 0


def test_spec_counterfeited_pair_loses_to_ace_kicker() -> None:
    assert showdown("7C 7D", "AS 3C", "9S 9D 8C 8H 2S") == -1


def test_spec_full_house_compares_the_three_first() -> None:
    assert showdown("AC AD", "QS QD", "AH KS KD KC 2S") == 1


def test_spec_flushes_compare_all_five_cards() -> None:
    assert showdown("AH 2H", "QH JH", "KH TH 7H 4C 3H") == 1


def test_spec_same_full_house_ties() -> None:
    assert showdown("JS 2D", "QH 2H", "KS KD KC 7H 2S") == 0


def test_spec_board_plays_is_a_split() -> None:  # HE-13
    assert showdown("2C 3D", "9H 8H", "AS KS QD JC TH") == 0


def test_no_wrap_around_straight() -> None:
    assert category(evaluate(cards("QS KH AD 2C 3S"))) == "high_card"


def test_suits_never_rank() -> None:
    assert evaluate(cards("AS KS QS JS 9S")) == evaluate(cards("AC KC QC JC 9C"))
    assert showdown("AS 2D", "AC 2H", "KD 9C 7S 5H 3D") == 0


def test_straight_flush_beats_quads_and_royal_is_top() -> None:
    royal = evaluate(cards("AH KH QH JH TH"))
    steel_wheel = evaluate(cards("5D 4D 3D 2D AD"))
    quads = evaluate(cards("AS AH AD AC KS"))
    assert royal > steel_wheel > quads
    assert category(royal) == category(steel_wheel) == "straight_flush"


# --------------------------------------------------------------------------------------
# Categories, input sizes, errors
# --------------------------------------------------------------------------------------

CATEGORY_EXAMPLES = {
    "high_card": "AS JD 8C 5H 3S 2D 9C",
    "pair": "AS AD 8C 5H 3S 2D 9C",
    "two_pair": "AS AD 8C 8H 3S 2D 9C",
    "three_of_a_kind": "AS AD AC 8H 3S 2D 9C",
    "straight": "9S TD JC QH KS 2D 3C",
    "flush": "AS JS 8S 5S 3S 2D 9C",
    "full_house": "AS AD AC 8H 8S 2D 9C",
    "four_of_a_kind": "AS AD AC AH 3S 2D 9C",
    "straight_flush": "9S TS JS QS KS 2D 3C",
}


def test_categories_from_low_to_high() -> None:
    assert tuple(CATEGORY_EXAMPLES) == CATEGORIES
    values = [evaluate(cards(text)) for text in CATEGORY_EXAMPLES.values()]
    assert values == sorted(values)
    assert [category(v) for v in values] == list(CATEGORIES)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_five_six_and_seven_cards(size: int) -> None:
    rng = random.Random(size)
    for _ in range(2000):
        hand = rng.sample(INDEX_CARD, size)
        assert evaluate(hand) == max(evaluate(five) for five in combinations(hand, 5))


def test_index_mapping_and_fast_path() -> None:
    assert len(CARD_INDEX) == 52 and sorted(CARD_INDEX.values()) == list(range(52))
    assert all(INDEX_CARD[CARD_INDEX[c]] == c for c in CARD_INDEX)
    rng = random.Random(7)
    for _ in range(5000):
        hand = rng.sample(range(52), 7)
        value = evaluate([INDEX_CARD[i] for i in hand])
        assert evaluate7(hand) == evaluate_indices(*hand) == value


@pytest.mark.parametrize(
    "bad", [["AS", "KS", "QS", "JS"], ["AS"] * 5, ["AS", "KS", "QS", "JS", "1S"], ["2S"] * 8]
)
def test_bad_input_raises_value_error(bad: list[str]) -> None:
    with pytest.raises(ValueError):
        evaluate(bad)


# --------------------------------------------------------------------------------------
# best_five
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "five", "name"),
    [
        ("AH 2D 3C 4H 5S 9D KC", "5S 4H 3C 2D AH", "straight"),
        ("6C 7D 3C 4H 5S 9D KC", "7D 6C 5S 4H 3C", "straight"),
        ("AC AD AH KS KD KC 2S", "AH AD AC KS KD", "full_house"),
        ("2S 2D KH KS KD 7C 7H", "KS KH KD 7H 7C", "full_house"),
        ("AS KD AD 7S 7C 4H 2D", "AS AD 7S 7C KD", "two_pair"),
        ("AH 2H KH TH 7H 4C 3H", "AH KH TH 7H 3H", "flush"),
        ("QS 9S 9D 9H 9C 2D 3D", "9S 9H 9D 9C QS", "four_of_a_kind"),
        ("AS 3H 5D 2C 4S 6H KD", "6H 5D 4S 3H 2C", "straight"),
        ("5D 4D 3D 2D AD", "5D 4D 3D 2D AD", "straight_flush"),
        ("8C 8D 4S JH 2C QS", "8D 8C QS JH 4S", "pair"),
    ],
)
def test_best_five_in_display_order(hand: str, five: str, name: str) -> None:
    value, shown = best_five(cards(hand))
    assert shown == cards(five)
    assert value == evaluate(cards(hand)) == evaluate(shown)
    assert category(value) == name


# --------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------

seven_cards = st.lists(st.sampled_from(INDEX_CARD), min_size=7, max_size=7, unique=True)


@settings(max_examples=300, deadline=None)
@given(seven_cards, st.randoms(use_true_random=False), st.permutations(SUITS))
def test_invariant_under_order_and_suit_relabelling(
    hand: list[str], rnd: random.Random, suits: list[str]
) -> None:
    value = evaluate(hand)
    shuffled = hand.copy()
    rnd.shuffle(shuffled)
    relabel = dict(zip(SUITS, suits, strict=True))
    assert evaluate(shuffled) == value
    assert evaluate([c[0] + relabel[c[1]] for c in hand]) == value
    assert evaluate(best_five(hand)[1]) == value
    assert value == max(evaluate(five) for five in combinations(hand, 5))


# --------------------------------------------------------------------------------------
# Against pokerkit
# --------------------------------------------------------------------------------------


def all_five_card_classes() -> list[list[str]]:
    """One hand for each of the 7,462 distinct five-card values."""
    hands: list[list[str]] = []
    for ranks in combinations_with_replacement(RANKS, 5):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        seen: Counter[str] = Counter()
        hand = []
        for r in ranks:  # suits S, H, D, C per rank: never five of one suit
            hand.append(r + SUITS[seen[r]])
            seen[r] += 1
        if len(counts) == 5:
            hand[-1] = hand[-1][0] + "H"  # four spades and a heart
            hands.append([r + "S" for r in ranks])  # and the flush of the same ranks
        hands.append(hand)
    return hands


def test_every_five_card_hand_in_pokerkit_order() -> None:
    hands = all_five_card_classes()
    assert len(hands) == 7462
    ours = sorted(hands, key=evaluate)
    values = [evaluate(h) for h in ours]
    assert len(set(values)) == 7462
    pk = [StandardHighHand([PK_CARD[c] for c in h]) for h in ours]
    assert all(a < b for a, b in pairwise(pk))


def dense_pack(rng: random.Random) -> list[str]:
    """Few ranks and all suits (quads, full houses) or a run of ranks in two suits."""
    if rng.random() < 0.5:
        return [r + s for r in rng.sample(RANKS, 5) for s in SUITS]
    start = rng.randrange(-1, 7)  # -1: A 2 3 4 5 6 7, the wheel window
    ranks = [RANKS[i] for i in range(start, start + 7)]
    return [r + s for r in ranks for s in rng.sample(SUITS, 2)]


def random_pairs(rng: random.Random) -> list[tuple[list[str], list[str]]]:
    pairs: list[tuple[list[str], list[str]]] = []
    sources: list[tuple[int, Callable[[], list[str]]]] = [
        (PAIRS_SHARED_UNIFORM, lambda: INDEX_CARD),
        (PAIRS_SHARED_DENSE, lambda: dense_pack(rng)),
    ]
    for count, pack in sources:
        for _ in range(count):
            nine = rng.sample(pack(), 9)
            board = nine[4:]
            pairs.append((nine[:2] + board, nine[2:4] + board))
    for _ in range(PAIRS_INDEPENDENT):
        pairs.append((rng.sample(INDEX_CARD, 7), rng.sample(INDEX_CARD, 7)))
    return pairs


def test_random_pairs_agree_with_pokerkit() -> None:
    start = time.perf_counter()
    pairs = random_pairs(random.Random(20240611))
    assert len(pairs) == 100_000
    pool: list[tuple[int, StandardHighHand]] = []
    seen: Counter[str] = Counter()
    for a, b in pairs:
        va, vb = evaluate7([CARD_INDEX[c] for c in a]), evaluate7([CARD_INDEX[c] for c in b])
        assert va == evaluate(a) and vb == evaluate(b)
        pa, pb = pokerkit_hand(a), pokerkit_hand(b)
        assert (va > vb) - (va < vb) == pk_compare(pa, pb), (a, b)
        for value, hand, pk in ((va, a, pa), (vb, b, pb)):
            assert category(value) == PK_CATEGORY[pk.entry.label.name], hand
            seen[category(value)] += 1
            pool.append((value, pk))
    # Every category is well represented, the rare ones thanks to the dense packs.
    assert min(seen[name] for name in CATEGORIES) >= 100, seen
    # The whole pool in our order is in pokerkit's order too (ties exactly where it ties).
    pool.sort(key=lambda item: item[0])
    for (v1, h1), (v2, h2) in pairwise(pool):
        assert (h1 == h2) if v1 == v2 else (h1 < h2)
    print(f"\n100,000 pairs checked against pokerkit in {time.perf_counter() - start:.1f} s")
