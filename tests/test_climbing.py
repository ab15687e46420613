"""The shared climbing mechanics: the generator lists exactly what the classifier accepts.

The generator (table lookups, a fast path for leads) and the classifier are written
independently, so checking one against the other on brute-forced hands catches a missing or
extra play in either.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from cardavia.cards import pack_54
from cardavia.climbing import ClimbingRules, Combo, beats, classify, plays
from cardavia.games import doudizhu, runfast


def _all_sub_multisets(counts: list[int]) -> list[list[int]]:
    return [list(choice) for choice in product(*(range(n + 1) for n in counts)) if any(choice)]


def _brute_force(
    counts: list[int], rules: ClimbingRules, top: Combo | None, opening: bool
) -> set[Combo]:
    found = set()
    for sub in _all_sub_multisets(counts):
        combo = classify(sub, rules, opening)
        if combo is not None and (top is None or beats(combo, top)):
            found.add(combo)
    return found


GAMES = [
    pytest.param(doudizhu.RULES, pack_54(), id="doudizhu"),
    pytest.param(runfast.RULES, runfast.pack_48(), id="runfast"),
]


@pytest.mark.parametrize(("rules", "pack"), GAMES)
def test_generated_plays_are_exactly_the_classified_sub_hands(
    rules: ClimbingRules, pack: list[str]
) -> None:
    rng = random.Random(11)
    for _ in range(150):
        # Small hands rich in repeated ranks, so planes, fours and bombs appear.
        ranks = rng.sample(range(len(rules.rank_order)), rng.randint(2, 5))
        hand = [c for c in pack if rules.rank_index(c) in ranks]
        hand = rng.sample(hand, min(len(hand), rng.randint(4, 13)))
        if rules.jokers and rng.random() < 0.4:
            hand += rng.sample(["BJ", "RJ"], rng.randint(1, 2))
        counts = rules.counts(hand)
        opening = rules.sky_bomb and rng.random() < 0.3
        leads = plays(counts, rules, None, opening)
        assert len(leads) == len(set(leads)), "a play is listed twice"
        assert set(leads) == _brute_force(counts, rules, None, opening)
        top = rng.choice(leads)
        other = rules.counts(rng.sample(pack, 12))
        answers = plays(other, rules, top)
        assert set(answers) == _brute_force(other, rules, top, False)


def test_beats_requires_same_kind_and_size_unless_bomb() -> None:
    rules = doudizhu.RULES
    straight5 = classify(rules.counts(["3S", "4S", "5S", "6S", "7S"]), rules)
    straight6 = classify(rules.counts(["4S", "5S", "6S", "7S", "8S", "9S"]), rules)
    bomb = classify(rules.counts(["9S", "9H", "9D", "9C"]), rules)
    assert straight5 and straight6 and bomb
    assert not beats(straight6, straight5)
    assert beats(bomb, straight5)
    assert not beats(straight5, bomb)
    assert not beats(bomb, bomb), "equal never beats"
