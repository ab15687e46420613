"""The wild-card section of climbing.py (Guandan) checked against brute force.

The generator (``wild_plays``) must list, for every sub-multiset of a hand, exactly the
combinations that trying every card for each wild card finds (``substitution_readings``,
built on the independent ``classify_printed``); a follow list must be exactly the lead
list's plays that beat the top. Hands are drawn from a few neighbouring ranks so that
sequences, groups, flushes and bombs are common.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product

import pytest

from cardavia.climbing import (
    Combo,
    Play,
    beats,
    classify_printed,
    substitution_readings,
    wild_plays,
    wild_rules,
)

RANKS = "23456789TJQKA"
NATURAL = "A23456789TJQKA"


def shape(combo: Combo) -> tuple[str, int, int, int]:
    return (combo.kind, combo.size, combo.key, combo.power)


def random_hand(rng: random.Random, level: str, size: int) -> list[str]:
    """``size`` cards around a random stretch of the natural order, with 0-2 wild cards
    and now and then jokers."""
    wild = level + "H"
    while True:
        start = rng.randrange(len(NATURAL) - 4)
        stretch = NATURAL[start : start + rng.choice((3, 5, 6))]
        suits = rng.choice(("S", "SH", "SD", "SHDC"))
        if 2 * len(set(stretch)) * len(suits) >= size + 2:  # room for the cards drawn
            break
    hand = [wild] * rng.choice((0, 1, 1, 2, 2))
    while len(hand) < size:
        roll = rng.random()
        card = rng.choice(("BJ", "RJ")) if roll < 0.08 else rng.choice(stretch) + rng.choice(suits)
        if Counter(hand)[card] < 2 and card != wild:
            hand.append(card)
    return hand


def sub_multisets(hand: list[str]) -> set[tuple[str, ...]]:
    counts = Counter(hand)
    cards = sorted(counts)
    found = set()
    for picks in product(*(range(counts[card] + 1) for card in cards)):
        chosen = tuple(card for card, n in zip(cards, picks, strict=True) for _ in range(n))
        if chosen:
            found.add(chosen)
    return found


@cache
def brute(cards: tuple[str, ...], level: str) -> frozenset[tuple[str, int, int, int]]:
    return frozenset(shape(c) for c in substitution_readings(list(cards), wild_rules(level)))


def play_class(play: Play, wild: str) -> tuple[object, ...]:
    """Which sub-multisets a listed play stands for (the module's equivalence)."""
    if play.combo.kind == "straight_flush":
        return ("exact", tuple(sorted([*play.naturals, *[wild] * len(play.targets)])))
    ranks = tuple(sorted(card if card in ("BJ", "RJ") else card[0] for card in play.naturals))
    return ("ranks", len(play.targets), ranks)


def subset_classes(cards: tuple[str, ...], wild: str) -> list[tuple[object, ...]]:
    naturals = [card for card in cards if card != wild]
    ranks = tuple(sorted(card if card in ("BJ", "RJ") else card[0] for card in naturals))
    return [("exact", tuple(sorted(cards))), ("ranks", len(cards) - len(naturals), ranks)]


def check_hand(hand: list[str], level: str) -> None:
    rules = wild_rules(level)
    wild = level + "H"
    listed = wild_plays(hand, rules)
    actions = [play.action(rules) for play in listed]
    by_class: dict[tuple[object, ...], set[tuple[str, int, int, int]]] = {}
    for play in listed:
        by_class.setdefault(play_class(play, wild), set()).add(shape(play.combo))
    # Distinct plays are distinct actions, and the same play is never listed twice.
    assert len(set(actions)) == len(actions), hand
    for subset in sub_multisets(hand):
        expected = brute(subset, level)
        found: set[tuple[str, int, int, int]] = set()
        for key in subset_classes(subset, wild):
            found |= by_class.get(key, set())
        # A rank class lists plain plays only; the flushes come from the exact class.
        assert found == expected, (level, hand, subset, sorted(found ^ expected))


def test_generator_matches_brute_force_on_random_hands() -> None:
    rng = random.Random(20261202)
    for _ in range(1500):
        level = rng.choice(RANKS)
        check_hand(random_hand(rng, level, rng.choice((5, 6, 7))), level)


def test_follow_lists_are_the_lead_plays_that_beat_the_top() -> None:
    rng = random.Random(7)
    checked = 0
    while checked < 2000:
        level = rng.choice(RANKS)
        rules = wild_rules(level)
        hand = random_hand(rng, level, rng.choice((8, 10, 12)))
        table = random_hand(rng, level, rng.choice((1, 2, 3, 4, 5, 6)))
        tops = classify_printed(table, rules)
        if not tops:
            continue
        top = tops[0]
        everything = wild_plays(hand, rules)
        expected = sorted(p.action(rules) for p in everything if beats(p.combo, top))
        assert sorted(p.action(rules) for p in wild_plays(hand, rules, top)) == expected
        checked += 1


@pytest.mark.parametrize(
    ("cards", "level", "readings"),
    [
        # §4.2.4, the three examples at L = 5
        ("3C 4C 5H 6C 7C", "5", {("straight", 6), ("straight_flush", 6)}),
        ("4S 4D 6S 6D 5H", "5", {("full_house", 2), ("full_house", 3)}),
        ("3S 4D 5C 6H 5H", "5", {("straight", 5), ("straight", 6)}),
        # G18: five suited cards are a straight flush or, by choice, a plain straight
        ("9S TS JS QS KS", "5", {("straight_flush", 12), ("straight", 12)}),
        # a wild never stands for a joker
        ("BJ 5H", "5", set()),
        ("BJ BJ RJ 5H", "5", set()),
    ],
)
def test_spec_readings(cards: str, level: str, readings: set[tuple[str, int]]) -> None:
    found = {(kind, key) for kind, _, key, _ in brute(tuple(cards.split()), level)}
    assert found == readings


def test_lone_wild_is_a_single_of_the_level_rank() -> None:
    """G15: alone, a wild card is a single of rank L, nothing else."""
    rules = wild_rules("7")
    singles = [p for p in wild_plays(["7H"], rules)]
    assert [(p.combo.kind, p.combo.key) for p in singles] == [("single", rules.rank_index("7S"))]
    assert [p.action(rules) for p in singles] == ["play 7H"]
