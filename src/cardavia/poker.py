"""Poker hand ranking: best five of five to seven cards (spec/holdem.md §6).

A hand value is a plain ``int``: higher is better, equal is an exact tie. It is written as
``category * 13**5 + tiebreak``, where ``category`` indexes ``CATEGORIES`` (0 high card ..
8 straight flush) and ``tiebreak`` holds the ranks that §6.2 compares, most significant
first, as base-13 digits (``2`` = 0 .. ``A`` = 12), padded with zeros to five digits. Within
one category every hand has the same number of tiebreak ranks, so the padding never decides.

Why the fast path is fast
-------------------------
Showdowns, equity estimates and bots evaluate millions of seven-card hands, so
``evaluate_indices`` does one addition per card, one bit test and one dict lookup, and no
loop, sort or allocation. Every card index has a precomputed integer weight made of two
parts that never carry into each other:

- **Rank part** (low 31 bits): ``5 ** rank``. A rank appears at most four times, so the sum
  of seven weights writes each rank's count as one base-5 digit: the sum identifies the
  multiset of ranks exactly, whatever the suits.
- **Suit part**: one 6-bit field per suit, each card adding 7 to its suit's field. Counts 0
  to 4 give 0..28 (bit 5 clear); counts 5 to 7 give 35..49 (bit 5 set, no overflow). So
  ``key & FLUSH_MASK`` is non-zero exactly when some suit has five or more cards, without
  a starting offset to add.

Without a flush, the best hand depends only on the rank multiset: ``_RANK_VALUES`` maps the
rank part to the value. It is built once at import, straight from rank counts (one pass
over the 49,205 seven-card rank multisets, each valued by its groups: quads, trips,
pairs, singles, already sorted because ranks are enumerated from the ace down), not by
trying the 21 five-card subsets; that keeps import around a tenth of a second. Five- and
six-card multisets are valued on first use and cached in the same dict (their rank parts
cannot collide with seven-card ones, the digit sums differ).

With a flush (about 3% of random seven-card hands) the slow path builds the flush suit's
13-bit rank mask and reads ``_FLUSH_VALUES``, an 8192-entry table: straight flush or the
top five ranks. Seven (or six) cards holding five of one suit cannot also make four of a
kind or a full house, so the flush table is the whole answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from .cards import RANKS, SUITS, pack_52

CATEGORIES: tuple[str, ...] = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)

_DIGITS = 5  # tiebreak ranks per value: a five-card hand never needs more
_CATEGORY_UNIT: int = 13**_DIGITS

# Suit-major, like cards.pack_52(): index = suit * 13 + rank (2S = 0, AS = 12, 2H = 13 …).
INDEX_CARD: list[str] = pack_52()
CARD_INDEX: dict[str, int] = {card: i for i, card in enumerate(INDEX_CARD)}

_RANK_BITS = 31  # 4 * 5**12 + 3 * 5**11 < 2**31: the largest seven-card rank part fits
_RANK_MASK = (1 << _RANK_BITS) - 1
_SUIT_SHIFT = [_RANK_BITS + 6 * s for s in range(4)]
FLUSH_MASK = sum(1 << (shift + 5) for shift in _SUIT_SHIFT)

_WEIGHTS: list[int] = [5 ** (i % 13) + (7 << _SUIT_SHIFT[i // 13]) for i in range(52)]
_CARD_WEIGHT: dict[str, int] = {card: _WEIGHTS[i] for card, i in CARD_INDEX.items()}
# Per suit: the card's rank bit when it is of that suit, else 0 (summed on the flush path).
_SUIT_BITS: list[list[int]] = [
    [1 << (i % 13) if i // 13 == s else 0 for i in range(52)] for s in range(4)
]


def _encode(category_index: int, ranks: Sequence[int]) -> int:
    value = category_index
    for rank in ranks:
        value = value * 13 + rank
    for _ in range(_DIGITS - len(ranks)):  # pad: every value has the same digit count
        value *= 13
    return value


def category(value: int) -> str:
    """The category name of a hand value, e.g. ``"full_house"``."""
    return CATEGORIES[value // _CATEGORY_UNIT]


def _straight_top(mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask, or -1; the wheel's top is 5."""
    for top in range(12, 3, -1):
        window = 0b11111 << (top - 4)
        if mask & window == window:
            return top
    wheel = 0b1000000001111  # A 2 3 4 5: the ace plays low, and only here
    return 3 if mask & wheel == wheel else -1


_STRAIGHT_TOP: list[int] = [_straight_top(mask) for mask in range(1 << 13)]


def _flush_value(mask: int) -> int:
    top = _STRAIGHT_TOP[mask]
    if top >= 0:
        return _encode(STRAIGHT_FLUSH, (top,))
    ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
    return _encode(FLUSH, ranks[:5])


# Index = rank mask of the flush suit; masks of fewer than five ranks never occur.
_FLUSH_VALUES: list[int] = [
    _flush_value(mask) if mask.bit_count() >= 5 else 0 for mask in range(1 << 13)
]


def _groups_value(groups: list[list[int]], mask: int) -> int:
    """Value of a flushless hand from its ranks grouped by count (each group high to low)."""
    _, singles, pairs, trips, quads = groups
    if quads:  # the kicker is the best other rank, whatever its count
        return _encode(QUADS, (quads[0], max(trips[:1] + pairs[:1] + singles[:1])))
    if trips and (len(trips) > 1 or pairs):  # a second trips can only play as the pair
        return _encode(FULL_HOUSE, (trips[0], max(trips[1:2] + pairs[:1])))
    top = _STRAIGHT_TOP[mask]
    if top >= 0:
        return _encode(STRAIGHT, (top,))
    if trips:  # no pair here, so the kickers are singles
        return _encode(TRIPS, (trips[0], *singles[:2]))
    if len(pairs) >= 2:  # a third pair's rank can still be the kicker
        return _encode(TWO_PAIR, (pairs[0], pairs[1], max(pairs[2:3] + singles[:1])))
    if pairs:
        return _encode(PAIR, (pairs[0], *singles[:3]))
    return _encode(HIGH_CARD, singles[:5])


def _rank_counts_value(rank_part: int) -> int:
    """Value of a flushless hand from the base-5 rank counts in its key."""
    groups: list[list[int]] = [[], [], [], [], []]
    mask = 0
    for rank in range(12, -1, -1):
        count = rank_part // 5**rank % 5
        if count:
            groups[count].append(rank)
            mask |= 1 << rank
    return _groups_value(groups, mask)


def _build_seven_card_values() -> dict[int, int]:
    """Every seven-card rank multiset (at most four of a rank): rank part -> value.

    Depth-first from the ace down, so each group list comes out sorted high to low and
    the key, mask and groups are updated in place rather than rebuilt per multiset.
    """
    values: dict[int, int] = {}
    groups: list[list[int]] = [[], [], [], [], []]

    def place(rank: int, left: int, key: int, mask: int) -> None:
        if left == 0:
            values[key] = _groups_value(groups, mask)
            return
        if rank < 0:
            return
        place(rank - 1, left, key, mask)
        weight = 5**rank
        for count in range(1, min(4, left) + 1):
            groups[count].append(rank)
            place(rank - 1, left - count, key + count * weight, mask | 1 << rank)
            groups[count].pop()

    place(12, 7, 0, 0)
    return values


_RANK_VALUES: dict[int, int] = _build_seven_card_values()


def _flush_path(cards: Sequence[int], key: int) -> int:
    for suit, shift in enumerate(_SUIT_SHIFT):
        if key >> (shift + 5) & 1:
            bits = _SUIT_BITS[suit]
            return _FLUSH_VALUES[sum(bits[c] for c in cards)]
    raise AssertionError("flush bit set without a flush suit")  # pragma: no cover


def evaluate_indices(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """Value of seven distinct cards given as ``CARD_INDEX`` indices: the fast path.

    Same values as ``evaluate``. The indices are not checked (duplicates give nonsense).
    """
    w = _WEIGHTS
    key = w[a] + w[b] + w[c] + w[d] + w[e] + w[f] + w[g]
    if key & FLUSH_MASK:
        return _flush_path((a, b, c, d, e, f, g), key)
    return _RANK_VALUES[key & _RANK_MASK]


def evaluate7(indices: Sequence[int]) -> int:
    """``evaluate_indices`` for a sequence of seven card indices."""
    a, b, c, d, e, f, g = indices
    return evaluate_indices(a, b, c, d, e, f, g)


def evaluate(cards: Sequence[str]) -> int:
    """Value of the best five of 5, 6 or 7 distinct cards (``AH``, ``TS`` …); higher wins.

    Raises ValueError for another count, a repeated card or an unknown card.
    """
    if not 5 <= len(cards) <= 7 or len(set(cards)) != len(cards):
        raise ValueError(f"need 5 to 7 distinct cards, got {list(cards)}")
    try:
        key = sum(_CARD_WEIGHT[card] for card in cards)
    except KeyError as exc:
        raise ValueError(f"{exc.args[0]!r} is not a card (examples: AH, TS, 2C)") from None
    if key & FLUSH_MASK:
        return _flush_path([CARD_INDEX[card] for card in cards], key)
    rank_part = key & _RANK_MASK
    value = _RANK_VALUES.get(rank_part)
    if value is None:  # five or six cards: value the multiset once, then it is cached
        value = _RANK_VALUES[rank_part] = _rank_counts_value(rank_part)
    return value


def _display_order(five: Sequence[str], value: int) -> list[str]:
    """Bigger groups first, higher ranks first; the wheel as 5 4 3 2 A; suits S H D C."""
    counts: dict[str, int] = {}
    for card in five:
        counts[card[0]] = counts.get(card[0], 0) + 1
    wheel = set(counts) == set("A2345")  # five distinct ranks: only a straight has these

    def sort_key(card: str) -> tuple[int, int, int]:
        rank = RANKS.index(card[0])
        if wheel and card[0] == "A":
            rank = -1
        return (-counts[card[0]], -rank, SUITS.index(card[1]))

    return sorted(five, key=sort_key)


# The groups each category is made of, biggest first; the rest of the five are kickers.
_MADE_GROUPS = {
    "high_card": (),
    "pair": (2,),
    "two_pair": (2, 2),
    "three_of_a_kind": (3,),
    "full_house": (3, 2),
    "four_of_a_kind": (4,),
}


def best_five(cards: Sequence[str]) -> tuple[int, list[str]]:
    """The value of ``cards`` (5 to 7) and the five cards that make it, in display order.

    For showing the winning hand at showdown: a full house shows the three then the two,
    groups show higher ranks first, the wheel shows ``5 4 3 2 A``. When several fives are
    worth the same (a kicker of either suit), the first in the order given is shown.
    """
    value = evaluate(cards)
    groups = _MADE_GROUPS.get(category(value))
    if groups is None:  # straights and flushes: search the fives (rare at a showdown)
        for five in combinations(cards, 5):
            if evaluate(five) == value:
                return value, _display_order(five, value)
        raise AssertionError("no five cards reach the hand's value")  # pragma: no cover
    return value, _display_order(_grouped_five(cards, groups), value)


def _grouped_five(cards: Sequence[str], groups: Sequence[int]) -> list[str]:
    """Without a straight or flush, the best five are the highest groups of the sizes the
    category needs, then the highest remaining cards as kickers."""
    left = sorted(cards, key=lambda card: -RANKS.index(card[0]))  # stable: given order kept
    chosen: list[str] = []
    for size in groups:
        rank = next(c[0] for c in left if sum(d[0] == c[0] for d in left) >= size)
        group = [card for card in left if card[0] == rank][:size]
        chosen += group
        left = [card for card in left if card not in group]
    return chosen + left[: 5 - len(chosen)]
