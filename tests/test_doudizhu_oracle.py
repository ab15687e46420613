"""Differential tests of the Dou Dizhu classifier against DouZero's move detector.

DouZero (``douzero==1.1.0``, only ``douzero.env`` is imported: it needs numpy, never torch)
ships a move detector, ``douzero.env.move_detector.get_move_type``, and a lead generator,
``douzero.env.move_generator.MovesGener``. Both are used here as an independent oracle for
``cardavia.games.doudizhu.classify`` and ``plays_for``.

DouZero and ``spec/doudizhu.md`` do not agree everywhere. Every known disagreement is a
named predicate below (``douzero_…``), with the spec section that decides it. A card set is
left out of the comparison only when one of those predicates holds, and then the test
still checks both sides: DouZero must give the answer the predicate describes, and
Cardavia must give the spec's answer. Everything else must match exactly: valid/invalid,
kind, card count and key rank.

Rank indices are Cardavia's: 0 = '3' … 11 = 'A', 12 = '2', 13 = BJ, 14 = RJ. DouZero uses
the ints 3 … 14, 17 (the 2), 20 (black joker), 30 (red joker).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

mdet = pytest.importorskip("douzero.env.move_detector")
mgen = pytest.importorskip("douzero.env.move_generator")
dz_utils = pytest.importorskip("douzero.env.utils")

ddz = pytest.importorskip("cardavia.games.doudizhu")
classify: Callable[[Iterable[str]], Any] = ddz.classify

RANKS = "3456789TJQKA2"
BJ, RJ = 13, 14
NUM_RANKS = 15
CAP = [4] * 13 + [1, 1]  # cards of each rank in the 54-card pack
SUITS = "SHDC"
ACE = 11  # highest sequence rank (spec §4.1)
DZ_INT = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30]
DZ_TO_RANK = {v: i for i, v in enumerate(DZ_INT)}

Counts = Counter[int]  # rank index -> number of cards

# DouZero move type -> Cardavia kind.
DZ_KIND = {
    dz_utils.TYPE_1_SINGLE: "single",
    dz_utils.TYPE_2_PAIR: "pair",
    dz_utils.TYPE_3_TRIPLE: "triple",
    dz_utils.TYPE_4_BOMB: "bomb",
    dz_utils.TYPE_5_KING_BOMB: "rocket",
    dz_utils.TYPE_6_3_1: "triple_single",
    dz_utils.TYPE_7_3_2: "triple_pair",
    dz_utils.TYPE_8_SERIAL_SINGLE: "straight",
    dz_utils.TYPE_9_SERIAL_PAIR: "pair_run",
    dz_utils.TYPE_10_SERIAL_TRIPLE: "plane",
    dz_utils.TYPE_11_SERIAL_3_1: "plane_single",
    dz_utils.TYPE_12_SERIAL_3_2: "plane_pair",
    dz_utils.TYPE_13_4_2: "four_two_single",
    dz_utils.TYPE_14_4_22: "four_two_pair",
}
# DouZero keys sequences by their LOWEST rank, the spec (§4.2) by the highest.
DZ_SERIAL = {
    dz_utils.TYPE_8_SERIAL_SINGLE,
    dz_utils.TYPE_9_SERIAL_PAIR,
    dz_utils.TYPE_10_SERIAL_TRIPLE,
    dz_utils.TYPE_11_SERIAL_3_1,
    dz_utils.TYPE_12_SERIAL_3_2,
}


# --------------------------------------------------------------------------------------
# Card helpers
# --------------------------------------------------------------------------------------


def cards_from_counts(counts: Counts, rng: random.Random | None = None) -> list[str]:
    """Concrete cards for a rank multiset; suits random with ``rng``, else S, H, D, C."""
    cards: list[str] = []
    for rank in sorted(counts):
        n = counts[rank]
        if rank == BJ:
            cards.append("BJ")
        elif rank == RJ:
            cards.append("RJ")
        else:
            suits = rng.sample(SUITS, n) if rng else SUITS[:n]
            cards.extend(RANKS[rank] + s for s in suits)
    return cards


def parse_ranks(text: str) -> Counts:
    """Spec notation (``333444 + 5 9``, ``8888 + 2 BJ``) to a rank multiset."""
    counts: Counts = Counter()
    for token in text.replace("+", " ").split():
        if token in ("BJ", "RJ"):
            counts[BJ if token == "BJ" else RJ] += 1
        else:
            for ch in token:
                counts[RANKS.index(ch)] += 1
    return counts


def spec_cards(text: str) -> list[str]:
    counts = parse_ranks(text)
    assert all(counts[r] <= CAP[r] for r in counts), text
    return cards_from_counts(counts)


def dz_move(counts: Counts) -> list[int]:
    return sorted(DZ_INT[r] for r in counts.elements())


def show(counts: Counts) -> str:
    return " ".join(
        "BJ" if r == BJ else "RJ" if r == RJ else RANKS[r] * counts[r] for r in sorted(counts)
    )


# --------------------------------------------------------------------------------------
# Named differences between DouZero and spec/doudizhu.md
#
# Each predicate takes a rank multiset. When it holds, DouZero's detector (or generator)
# accepts the set as the DouZero type named in DETECTOR_DIFFERENCES, and the spec says the
# set is not a valid combination.
# --------------------------------------------------------------------------------------


def _is_seq_run(ranks: list[int]) -> bool:
    """Consecutive sequence ranks 3 … A (spec §4.1: no 2, no joker in a sequence)."""
    return all(r <= ACE for r in ranks) and all(b - a == 1 for a, b in itertools.pairwise(ranks))


def _triples(counts: Counts) -> list[int]:
    return sorted(r for r, n in counts.items() if n == 3)


def _size(counts: Counts) -> int:
    return sum(counts.values())


def douzero_reads_bomb_plus_single_as_triple_pair(counts: Counts) -> bool:
    """``5555 + 7``: DouZero's detector says TYPE_7_3_2 (it only checks "5 cards, 2 ranks").

    Spec §4.2: a triple with pair is a triple plus a pair; four plus one card is in no row
    of the table, and "nothing else is a valid combination". (DouZero's generator never
    produces this set; only its detector is lax.)
    """
    return _size(counts) == 5 and sorted(counts.values()) == [1, 4]


def douzero_allows_rocket_as_four_two_wings(counts: Counts) -> bool:
    """``8888 + BJ RJ``: DouZero accepts it as four with two (TYPE_13_4_2), detector and
    generator alike.

    Spec §4.2 (invalid example ``8888 + BJ RJ``), §4.4 "four with two singles … not both
    jokers", §6 D10.
    """
    return _size(counts) == 6 and 4 in counts.values() and counts[BJ] == 1 and counts[RJ] == 1


def douzero_allows_two_bombs_as_four_two_pairs(counts: Counts) -> bool:
    """``44445555`` / ``8888 + 33 33``: DouZero's detector says four with two pairs
    (TYPE_14_4_22, keyed by the higher quad).

    Spec §4.2 (invalid examples ``8888 + 33 33`` and ``44445555``), §4.4 "two pairs of two
    different ranks", §4.5 "two bombs are never one play", §6 D11. (DouZero's generator
    requires two different pair ranks, so only its detector differs.)
    """
    return _size(counts) == 8 and sorted(counts.values()) == [4, 4]


def douzero_allows_rocket_as_plane_wings(counts: Counts) -> bool:
    """``555666 + BJ RJ``: DouZero's detector says plane with single wings (TYPE_11).

    Spec §4.2 (invalid example ``555666 + BJ RJ``), §4.4 single wings rule 4, §6 D9,
    §7 scenario 11.
    """
    triples = _triples(counts)
    k = len(triples)
    return (
        k >= 2
        and _is_seq_run(triples)
        and 4 not in counts.values()
        and _size(counts) == 4 * k
        and counts[BJ] == 1
        and counts[RJ] == 1
    )


def _three_of_four_consecutive(triples: list[int]) -> bool:
    return len(triples) == 4 and (_is_seq_run(triples[:3]) or _is_seq_run(triples[1:]))


def douzero_allows_triple_as_plane_wings(counts: Counts) -> bool:
    """``333444555 + 777``: DouZero reads three consecutive triples plus any fourth triple as
    a plane of three with the fourth triple as its three single wings (TYPE_11, len 3);
    its generator produces such sets too.

    Spec §4.4 single wings rule 3 ("three or four wing cards of the same rank are not
    allowed"), §4.5 (``333444555 + 777`` is invalid), §7 scenario 11.
    """
    triples = _triples(counts)
    return (
        _size(counts) == 12
        and len(counts) == 4
        and not _is_seq_run(triples)
        and _three_of_four_consecutive(triples)
    )


def douzero_ignores_wing_count_with_four_triples(counts: Counts) -> bool:
    """``333444555666 + 7`` or ``333444555 + 888 + 9 T``: when a set holds exactly four
    triples, three of them consecutive, DouZero's detector returns "plane of three with
    single wings" (TYPE_11, len 3) without counting the wings, so sets of 13 to 20 cards
    pass. (A detector bug: its generator never produces these.)

    Spec §4.2: a plane with single wings has exactly k wing cards (4k cards), with pair
    wings exactly k pairs (5k); §4.4 rule 3 forbids a triple among the wings.
    Excluded: four consecutive triples with 4 wing cards or 4 distinct pairs, which both
    sides accept.
    """
    triples = _triples(counts)
    size = _size(counts)
    if size <= 12 or 4 in counts.values() or not _three_of_four_consecutive(triples):
        return False
    if _is_seq_run(triples):
        others = [n for r, n in counts.items() if r not in triples]
        if size == 16 or (size == 20 and others == [2, 2, 2, 2]):
            return False
    return True


# name -> (predicate, DouZero type its detector gives for such sets)
DETECTOR_DIFFERENCES: dict[str, tuple[Callable[[Counts], bool], int]] = {
    f.__name__: (f, t)
    for f, t in (
        (douzero_reads_bomb_plus_single_as_triple_pair, dz_utils.TYPE_7_3_2),
        (douzero_allows_rocket_as_four_two_wings, dz_utils.TYPE_13_4_2),
        (douzero_allows_two_bombs_as_four_two_pairs, dz_utils.TYPE_14_4_22),
        (douzero_allows_rocket_as_plane_wings, dz_utils.TYPE_11_SERIAL_3_1),
        (douzero_allows_triple_as_plane_wings, dz_utils.TYPE_11_SERIAL_3_1),
        (douzero_ignores_wing_count_with_four_triples, dz_utils.TYPE_11_SERIAL_3_1),
    )
}


# Differences of DouZero's lead generator (MovesGener.gen_moves). Its plane with single
# wings takes ANY k cards outside the core as wings.


def _plane_single_readings(counts: Counts) -> list[Counts]:
    """Wing multisets of every reading of ``counts`` as k ≥ 2 consecutive triples + k cards
    of other ranks (DouZero's generator shape)."""
    readings = []
    size = _size(counts)
    for k in range(2, size // 4 + 1):
        if 4 * k != size:
            continue
        for low in range(0, ACE - k + 2):
            core = range(low, low + k)
            if all(counts[r] == 3 for r in core):
                readings.append(Counter({r: n for r, n in counts.items() if r not in core}))
    return readings


def douzero_generates_rocket_as_plane_wings(counts: Counts) -> bool:
    """DouZero's generator offers planes whose single wings include both jokers.

    Spec §4.4 single wings rule 4, §6 D9.
    """
    return any(w[BJ] == 1 and w[RJ] == 1 for w in _plane_single_readings(counts))


def douzero_generates_triple_or_bomb_as_plane_wings(counts: Counts) -> bool:
    """DouZero's generator offers planes whose single wings hold three or four cards of one
    rank (``333444555 + 777``, ``333444555666 + 7777``, ``333444555666 + 888 + 9``).

    Spec §4.4 single wings rule 3, §4.5.
    """
    return any(max(w.values()) >= 3 for w in _plane_single_readings(counts))


GENERATOR_DIFFERENCES: dict[str, Callable[[Counts], bool]] = {
    f.__name__: f
    for f in (
        douzero_allows_rocket_as_four_two_wings,
        douzero_generates_rocket_as_plane_wings,
        douzero_generates_triple_or_bomb_as_plane_wings,
    )
}


# --------------------------------------------------------------------------------------
# The oracle: DouZero's answer in Cardavia terms
# --------------------------------------------------------------------------------------


def douzero_classify(counts: Counts) -> tuple[str, int, int | None] | None:
    """(kind, card count, key rank index) per DouZero, None when it says invalid.
    The rocket has no key (spec §4.2: "–")."""
    info = mdet.get_move_type(dz_move(counts))
    t = info["type"]
    if t == dz_utils.TYPE_15_WRONG:
        return None
    size = _size(counts)
    if t == dz_utils.TYPE_5_KING_BOMB:
        return ("rocket", size, None)
    key = DZ_TO_RANK[info["rank"]]
    if t in DZ_SERIAL:
        key += info["len"] - 1
    return (DZ_KIND[t], size, key)


def cardavia_classify(cards: list[str]) -> tuple[str, int, int | None] | None:
    combo = classify(cards)
    if combo is None:
        return None
    return (combo.kind, combo.size, None if combo.kind == "rocket" else combo.key)


def compare(counts: Counts, cards: list[str], hits: Counter[str]) -> str | None:
    """None when both sides agree (or a named difference explains it), else a message."""
    ours = cardavia_classify(cards)
    names = [n for n, (pred, _) in DETECTOR_DIFFERENCES.items() if pred(counts)]
    if names:
        hits.update(names)
        dz_type = mdet.get_move_type(dz_move(counts))["type"]
        expected_types = {DETECTOR_DIFFERENCES[n][1] for n in names}
        problems = []
        if dz_type not in expected_types:
            problems.append(f"DouZero type {dz_type}, predicate expects {expected_types}")
        if ours is not None:
            problems.append(f"spec says invalid, Cardavia says {ours}")
        if problems:
            return f"{show(counts)} [{', '.join(names)}]: {'; '.join(problems)}"
        return None
    theirs = douzero_classify(counts)
    if ours != theirs:
        return f"{show(counts)} ({' '.join(cards)}): DouZero {theirs}, Cardavia {ours}"
    return None


# --------------------------------------------------------------------------------------
# Random card sets
# --------------------------------------------------------------------------------------


def _add(counts: Counts, rank: int, n: int = 1) -> bool:
    if counts[rank] + n > CAP[rank]:
        return False
    counts[rank] += n
    return True


def _add_random_cards(counts: Counts, n: int, rng: random.Random) -> bool:
    pool = [r for r in range(NUM_RANKS) for _ in range(CAP[r] - counts[r])]
    if len(pool) < n:
        return False
    for r in rng.sample(pool, n):
        counts[r] += 1
    return True


def _run(rng: random.Random, width: int, lengths: range) -> Counts | None:
    length = rng.choice(lengths)
    # Start so that the run usually stays in 3 … A, sometimes reaching the 2.
    start = rng.randint(0, max(0, 13 - length))
    if start + length > 13:
        return None
    return Counter({r: width for r in range(start, start + length)})


def random_structure(rng: random.Random) -> Counts | None:
    """A rank multiset built like a combination, often valid, often just off."""
    shape = rng.choice(
        [
            "single",
            "group",
            "rocket",
            "triple_one",
            "triple_two",
            "straight",
            "pair_run",
            "plane",
            "plane_single",
            "plane_pair",
            "four_two",
            "four_two_pair",
            "chunky",
            "chunky",
            "plane_single",
            "plane_pair",
        ]
    )
    counts: Counts = Counter()
    ok = True
    if shape == "single":
        counts[rng.randrange(NUM_RANKS)] = 1
    elif shape == "group":
        counts[rng.randrange(13)] = rng.randint(2, 4)
    elif shape == "rocket":
        counts.update({BJ: 1, RJ: 1})
    elif shape in ("triple_one", "triple_two"):
        counts[rng.randrange(13)] = 3
        if shape == "triple_one":
            ok = _add_random_cards(counts, 1, rng)
        elif rng.random() < 0.1:
            counts.update({BJ: 1, RJ: 1})
        else:
            ok = _add(counts, rng.randrange(13), 2)
    elif shape in ("straight", "pair_run", "plane"):
        width = {"straight": 1, "pair_run": 2, "plane": 3}[shape]
        lengths = {1: range(4, 14), 2: range(2, 11), 3: range(1, 7)}[width]
        run = _run(rng, width, lengths)
        if run is None:
            return None
        counts = run
    elif shape in ("plane_single", "plane_pair"):
        run = _run(rng, 3, range(2, 6))
        if run is None:
            return None
        counts = run
        k = len(run) + rng.choice([0, 0, 0, 0, -1, 1])
        if shape == "plane_single":
            ok = _add_random_cards(counts, k, rng)
        else:
            for _ in range(k):
                ok = ok and _add(counts, rng.randrange(13), 2)
    elif shape in ("four_two", "four_two_pair"):
        counts[rng.randrange(13)] = 4
        if shape == "four_two":
            ok = _add_random_cards(counts, 2, rng)
        else:
            for _ in range(2):
                ok = ok and _add(counts, rng.randrange(13), 2)
    else:  # chunky: a few ranks with large counts (bombs, triples, pairs side by side)
        window = range(rng.randrange(13), NUM_RANKS)[:6]
        for r in rng.sample(window, rng.randint(1, min(5, len(window)))):
            counts[r] = min(CAP[r], rng.choice([1, 2, 3, 3, 3, 4, 4]))
    if not ok:
        return None
    # Mutations: drop or add a card now and then.
    roll = rng.random()
    if roll < 0.12 and counts:
        r = rng.choice(list(counts.elements()))
        counts[r] -= 1
    elif roll < 0.24 and not _add_random_cards(counts, 1, rng):
        return None
    counts = +counts
    if not 1 <= _size(counts) <= 20:
        return None
    return counts


def random_subset(rng: random.Random) -> Counts:
    pack = [r for r in range(NUM_RANKS) for _ in range(CAP[r])]
    return Counter(rng.sample(pack, rng.randint(1, 20)))


def all_small_multisets(max_size: int) -> list[Counts]:
    """Every rank multiset of 1 … max_size cards that the pack allows."""
    out: list[Counts] = []
    for size in range(1, max_size + 1):
        for combo in itertools.combinations_with_replacement(range(NUM_RANKS), size):
            counts = Counter(combo)
            if all(counts[r] <= CAP[r] for r in counts):
                out.append(counts)
    return out


def sample_sets(seed: int, structured: int, uniform: int) -> list[Counts]:
    rng = random.Random(seed)
    sets: list[Counts] = []
    while len(sets) < structured:
        counts = random_structure(rng)
        if counts is not None:
            sets.append(counts)
    sets.extend(random_subset(rng) for _ in range(uniform))
    return sets


# --------------------------------------------------------------------------------------
# Tests: classify against DouZero's detector
# --------------------------------------------------------------------------------------


def _run_comparison(sets: Iterable[Counts], rng: random.Random) -> tuple[list[str], Counter[str]]:
    failures: list[str] = []
    hits: Counter[str] = Counter()
    for counts in sets:
        cards = cards_from_counts(counts, rng)
        rng.shuffle(cards)  # classify must not depend on the order
        problem = compare(counts, cards, hits)
        if problem:
            failures.append(problem)
    return failures, hits


def _report(failures: list[str]) -> str:
    return f"{len(failures)} disagreements, first 40:\n" + "\n".join(failures[:40])


def test_classify_matches_douzero_on_random_sets() -> None:
    sets = sample_sets(seed=20240601, structured=12_000, uniform=4_000)
    valid = sum(1 for c in sets if douzero_classify(c) is not None)
    assert valid > 4_000, "the sample should hold many valid combinations"
    failures, hits = _run_comparison(sets, random.Random(1))
    assert not failures, _report(failures)
    # The sample must exercise the named differences, or they are not tested at all.
    for name in (
        "douzero_reads_bomb_plus_single_as_triple_pair",
        "douzero_allows_rocket_as_four_two_wings",
        "douzero_allows_two_bombs_as_four_two_pairs",
        "douzero_allows_rocket_as_plane_wings",
        "douzero_allows_triple_as_plane_wings",
        "douzero_ignores_wing_count_with_four_triples",
    ):
        assert hits[name] > 0, f"{name} never occurred in the sample"


def test_classify_matches_douzero_on_every_set_of_up_to_five_cards() -> None:
    failures, _ = _run_comparison(all_small_multisets(5), random.Random(2))
    assert not failures, _report(failures)


# One witness per named difference: DouZero's answer and the spec's.
DIFFERENCE_WITNESSES = [
    ("douzero_reads_bomb_plus_single_as_triple_pair", "5555 + 7"),
    ("douzero_allows_rocket_as_four_two_wings", "8888 + BJ RJ"),
    ("douzero_allows_two_bombs_as_four_two_pairs", "44445555"),
    ("douzero_allows_two_bombs_as_four_two_pairs", "8888 + 33 33"),
    ("douzero_allows_rocket_as_plane_wings", "555666 + BJ RJ"),
    ("douzero_allows_triple_as_plane_wings", "333444555 + 777"),
    ("douzero_allows_triple_as_plane_wings", "QQQKKKAAA + 222"),
    ("douzero_ignores_wing_count_with_four_triples", "333444555666 + 7"),
    ("douzero_ignores_wing_count_with_four_triples", "333444555 + 888 + 9 T"),
]


@pytest.mark.parametrize(
    ("name", "text"), DIFFERENCE_WITNESSES, ids=[f"{n}:{t}" for n, t in DIFFERENCE_WITNESSES]
)
def test_named_difference_witness(name: str, text: str) -> None:
    counts = parse_ranks(text)
    predicate, dz_type = DETECTOR_DIFFERENCES[name]
    assert predicate(counts)
    assert mdet.get_move_type(dz_move(counts))["type"] == dz_type
    assert classify(spec_cards(text)) is None


# --------------------------------------------------------------------------------------
# Tests: the spec's own examples
# --------------------------------------------------------------------------------------

# (kind or None, key rank or None, example) from §4.2's table, §4.5 and §7 scenarios 9-12.
SPEC_TABLE_4_2 = [
    ("single", "7", "7"),
    ("single", "2", "2"),
    ("single", "BJ", "BJ"),
    ("pair", "9", "99"),
    ("pair", "2", "22"),
    ("rocket", None, "BJ RJ"),  # the table's "BJ RJ is not a pair: that is the rocket"
    (None, None, "9T"),
    ("triple", "J", "JJJ"),
    ("triple", "2", "222"),
    ("triple_single", "5", "555 + 9"),
    ("triple_single", "2", "222 + 3"),
    ("triple_single", "7", "777 + BJ"),
    ("bomb", "5", "555 + 5"),  # "that is a bomb"
    ("triple_pair", "5", "555 + 99"),
    ("triple_pair", "K", "KKK + 22"),
    (None, None, "555 + BJ RJ"),
    ("straight", "7", "34567"),
    ("straight", "A", "789TJQKA"),
    ("straight", "A", "3456789TJQKA"),
    (None, None, "JQKA2"),
    (None, None, "A2345"),
    (None, None, "3456"),
    ("pair_run", "5", "334455"),
    ("pair_run", "A", "TTJJQQKKAA"),
    (None, None, "3344"),
    (None, None, "QQKKAA22"),
    ("plane", "4", "333444"),
    ("plane", "9", "777888999"),
    (None, None, "333555"),
    (None, None, "AAA222"),
    ("plane_single", "4", "333444 + 5 9"),
    ("plane_single", "4", "333444 + 5 5"),
    ("plane_single", "7", "555666777 + 3 9 BJ"),
    (None, None, "333444 + 3 5"),
    (None, None, "555666 + BJ RJ"),
    ("plane_pair", "4", "333444 + 77 99"),
    ("plane_pair", "T", "888999TTT + 33 44 22"),
    (None, None, "333444 + 77 77"),
    (None, None, "333444 + 77 8"),
    ("four_two_single", "8", "8888 + 3 K"),
    ("four_two_single", "8", "8888 + 33"),
    ("four_two_single", "8", "8888 + 2 BJ"),
    (None, None, "8888 + BJ RJ"),
    ("four_two_pair", "8", "8888 + 33 KK"),
    (None, None, "8888 + 33 33"),
    (None, None, "44445555"),
    ("bomb", "3", "3333"),
    ("bomb", "2", "2222"),
]

SPEC_4_5 = [
    ("plane", "6", "333444555666"),
    (None, None, "333444555 + 777"),
    ("plane_single", "4", "33344455"),
    (None, None, "44445555"),
    (None, None, "5555 + 666 + 7"),
]

SPEC_7_SCENARIOS = [
    # 9. Invalid sequences
    (None, None, "JQKA2"),
    (None, None, "A2345"),
    (None, None, "3344"),
    (None, None, "QQKKAA22"),
    (None, None, "AAA222"),
    # 10. Planes with wings
    ("plane_single", "4", "333444 + 5 9"),
    ("plane_single", "6", "555666 + 7 7"),
    ("plane_pair", "6", "555666 + 77 88"),
    (None, None, "666777 + 6 8"),
    # 11. Wing restrictions
    (None, None, "555666 + BJ RJ"),
    (None, None, "333444555 + 777"),
    ("plane_single", "6", "555666 + BJ 3"),
    ("plane", "6", "333444555666"),
    # 12. Four with two
    ("four_two_single", "8", "8888 + 33"),
    ("four_two_single", "8", "8888 + 2 BJ"),
    ("four_two_pair", "8", "8888 + 33 KK"),
    (None, None, "8888 + BJ RJ"),
    (None, None, "44445555"),
    ("four_two_single", "7", "7777 + 3 K"),
    ("four_two_single", "8", "8888 + 4 6"),
    ("bomb", "5", "5555"),
    ("four_two_pair", "9", "9999 + 44 66"),
]


def _rank_key(name: str | None) -> int | None:
    if name is None:
        return None
    return {"BJ": BJ, "RJ": RJ}.get(name, RANKS.index(name) if len(name) == 1 else -1)


def _check_example(kind: str | None, key: str | None, text: str) -> None:
    combo = classify(spec_cards(text))
    if kind is None:
        assert combo is None, f"{text} must be invalid, got {combo}"
        return
    assert combo is not None, f"{text} must be a {kind}"
    assert combo.kind == kind, f"{text}: {combo.kind} != {kind}"
    assert combo.size == _size(parse_ranks(text))
    if key is not None:
        assert combo.key == _rank_key(key), f"{text}: key {combo.key} != {key}"


def _ids(rows: list[tuple[str | None, str | None, str]]) -> list[str]:
    return [f"{text}->{kind or 'invalid'}" for kind, _, text in rows]


@pytest.mark.parametrize(("kind", "key", "text"), SPEC_TABLE_4_2, ids=_ids(SPEC_TABLE_4_2))
def test_spec_4_2_table_example(kind: str | None, key: str | None, text: str) -> None:
    _check_example(kind, key, text)


@pytest.mark.parametrize(("kind", "key", "text"), SPEC_4_5, ids=_ids(SPEC_4_5))
def test_spec_4_5_classification_example(kind: str | None, key: str | None, text: str) -> None:
    _check_example(kind, key, text)


@pytest.mark.parametrize(("kind", "key", "text"), SPEC_7_SCENARIOS, ids=_ids(SPEC_7_SCENARIOS))
def test_spec_7_scenarios_9_to_12_example(kind: str | None, key: str | None, text: str) -> None:
    _check_example(kind, key, text)


def _plays_for() -> Callable[..., list[Any]]:
    fn = getattr(ddz, "plays_for", None)
    if fn is None:
        pytest.skip("cardavia.games.doudizhu.plays_for does not exist yet")
    return fn  # type: ignore[no-any-return]


def _beats_example(top: str, hand: str, play: str) -> bool:
    plays_for = _plays_for()
    top_combo = classify(spec_cards(top))
    assert top_combo is not None
    want = tuple(sorted(parse_ranks(play).elements()))
    return any(tuple(c.ranks) == want for c in plays_for(spec_cards(hand), top_combo))


SPEC_4_3_BEATS = [
    ("34567", "45678", True),
    ("34567", "456789", False),
    ("34567", "9999", True),
    ("9999", "8888", False),
    ("9999", "TTTT", True),
    ("9999", "BJ RJ", True),
    ("333444 + 5 9", "555666 + 7 7", True),
    ("333444 + 5 9", "555666 + 77 88", False),
    ("JJJJ + 3 4", "QQQQ + 5 6", True),
    ("JJJJ + 3 4", "9999", True),
]


@pytest.mark.parametrize(
    ("top", "play", "beats"),
    SPEC_4_3_BEATS,
    ids=[f"{p} {'beats' if b else 'does not beat'} {t}" for t, p, b in SPEC_4_3_BEATS],
)
def test_spec_4_3_beats_example(top: str, play: str, beats: bool) -> None:
    assert _beats_example(top, play, play) is beats


def test_spec_7_scenario_10_planes_with_wings_answers() -> None:
    hand = "555666 + 77 88"
    assert _beats_example("333444 + 5 9", hand, "555666 + 7 7")
    assert not _beats_example("333444 + 5 9", hand, "555666 + 77 88")


def test_spec_7_scenario_12_four_with_two_answers() -> None:
    hand = "8888 9999 5555 44 66"
    top = "7777 + 3 K"
    assert _beats_example(top, hand, "8888 + 4 6")
    assert _beats_example(top, hand, "5555")
    assert not _beats_example(top, hand, "9999 + 44 66")


# --------------------------------------------------------------------------------------
# Tests: the set of legal leads against DouZero's generator
# --------------------------------------------------------------------------------------


def random_hand(rng: random.Random) -> Counts:
    if rng.random() < 0.5:  # an ordinary deal: 17 or 20 cards from the pack
        pack = [r for r in range(NUM_RANKS) for _ in range(CAP[r])]
        return Counter(rng.sample(pack, rng.choice([17, 20])))
    # A hand rich in triples and bombs, where wings and attachments multiply.
    counts: Counts = Counter()
    low = rng.randrange(10)
    for r in range(low, min(13, low + 6)):
        counts[r] = rng.choice([0, 2, 3, 3, 4])
    while _size(counts) > 20:
        counts[rng.choice(list(+counts))] -= 1
    _add_random_cards(counts, min(20 - _size(counts), rng.randint(0, 6)), rng)
    if rng.random() < 0.3:
        counts[BJ], counts[RJ] = 1, 1
        while _size(counts) > 20:
            counts[rng.choice([r for r in counts if r < BJ and counts[r]])] -= 1
    return +counts


def test_leads_match_douzero_generator() -> None:
    plays_for = _plays_for()
    rng = random.Random(7)
    failures: list[str] = []
    hits: Counter[str] = Counter()
    for _ in range(300):
        hand = random_hand(rng)
        cards = cards_from_counts(hand, rng)
        ours_list = [tuple(sorted(DZ_INT[r] for r in c.ranks)) for c in plays_for(cards, None)]
        ours = set(ours_list)
        if len(ours) != len(ours_list):
            failures.append(f"{show(hand)}: plays_for lists a rank multiset twice")
        theirs = {tuple(sorted(m)) for m in mgen.MovesGener(dz_move(hand)).gen_moves()}
        for move in sorted(theirs - ours):
            counts = Counter(DZ_TO_RANK[v] for v in move)
            names = [n for n, pred in GENERATOR_DIFFERENCES.items() if pred(counts)]
            if names:
                hits.update(names)
            else:
                failures.append(f"hand {show(hand)}: DouZero leads {show(counts)}, Cardavia not")
        for move in sorted(ours - theirs):
            counts = Counter(DZ_TO_RANK[v] for v in move)
            failures.append(f"hand {show(hand)}: Cardavia leads {show(counts)}, DouZero not")
    assert not failures, _report(failures)
    for name in GENERATOR_DIFFERENCES:
        assert hits[name] > 0, f"{name} never occurred in the sample"
