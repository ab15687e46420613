"""Combinations and the "beats" relation of the climbing games (Dou Dizhu, Run Fast, Guandan).

Everything here works on rank counts: ``counts[r]`` is how many cards of rank index ``r`` a
set holds, in the game's strength order (Dou Dizhu: ``3 4 … A 2 BJ RJ``). Suits never
matter to a combination's shape, so a :class:`Combo` names ranks only; a game turns it
into cards (its representative) and back.

A game describes its catalogue with a :class:`ClimbingRules` value; the classifier, the
beats relation and the play generator below are shared by every climbing game.
"""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, groupby, product
from typing import Any, ClassVar, NamedTuple

from .cards import card_order_key, parse_cards, sort_cards
from .engine import IllegalAction, State

# Bomb power of plays nothing can beat (rocket, sky bomb).
UNBEATABLE = 1000


class Combo(NamedTuple):
    """One combination: its kind, card count, deciding rank and bomb power.

    ``power`` is 0 for ordinary plays; any bomb-class play has a positive power and beats
    every ordinary play and every bomb of lower power. ``ranks`` is the multiset of rank
    indices, sorted.
    """

    kind: str
    size: int
    key: int
    power: int
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class ClimbingRules:
    """The catalogue of one climbing game.

    ``rank_order`` lists the ranks from weakest to strongest (jokers excluded); with
    ``jokers`` the two jokers follow as the two strongest ranks. Sequences use rank
    indices ``0 … sequence_top``. ``kinds`` are the combination kinds the game allows.
    """

    rank_order: str
    jokers: bool
    sequence_top: int
    kinds: frozenset[str]
    min_straight: int = 5
    min_pair_run: int = 3
    min_plane: int = 2
    # Run Fast: three aces make a bomb, and 3333 as the deal's first play is unbeatable.
    ace_bomb: bool = False
    sky_bomb: bool = False
    # Guandan: the wild card (both copies of it), and sequences in natural order with the
    # ace low or high (SEQUENCE_RANKS) and of exactly the minimum lengths. Games with a
    # wild card use the suit-aware functions of the last section of this module.
    wild: str | None = None

    @property
    def num_ranks(self) -> int:
        return len(self.rank_order) + (2 if self.jokers else 0)

    @property
    def black_joker(self) -> int:
        return len(self.rank_order)

    @property
    def red_joker(self) -> int:
        return len(self.rank_order) + 1

    @property
    def ace(self) -> int:
        return self.rank_order.index("A")

    def is_joker(self, rank: int) -> bool:
        return rank >= len(self.rank_order)

    def rank_index(self, card: str) -> int:
        """Rank index of a card string (``BJ``/``RJ`` for jokers)."""
        return _card_indices(self.rank_order)[card]

    def counts(self, cards: list[str]) -> list[int]:
        indices = _card_indices(self.rank_order)
        counts = [0] * self.num_ranks
        for card in cards:
            counts[indices[card]] += 1
        return counts


@cache
def _card_indices(rank_order: str) -> dict[str, int]:
    """Card string -> rank index, for every card of a game with this rank order."""
    indices = {rank + suit: i for i, rank in enumerate(rank_order) for suit in "SHDC"}
    indices["BJ"], indices["RJ"] = len(rank_order), len(rank_order) + 1
    return indices


def beats(play: Combo, top: Combo) -> bool:
    """Whether ``play`` beats ``top``: bombs by power, others same kind, size, higher key."""
    if play.power:
        return play.power > top.power
    if top.power:
        return False
    return play.kind == top.kind and play.size == top.size and play.key > top.key


def _combo(kind: str, key: int, ranks: list[int], power: int = 0) -> Combo:
    return Combo(kind, len(ranks), key, power, tuple(sorted(ranks)))


def _bomb(rules: ClimbingRules, rank: int, opening: bool) -> Combo:
    if rules.sky_bomb and opening and rank == 0:
        return _combo("sky_bomb", rank, [rank] * 4, UNBEATABLE)
    return _combo("bomb", rank, [rank] * 4, 1 + rank)


def _ace_bomb(rules: ClimbingRules) -> Combo:
    return _combo("ace_bomb", rules.ace, [rules.ace] * 3, 100)


# ---------------------------------------------------------------------------------------
# Classification


def classify(counts: list[int], rules: ClimbingRules, opening: bool = False) -> Combo | None:
    """The one combination these cards form, or None. ``opening``: first play of the deal."""
    present = [r for r, n in enumerate(counts) if n]
    size = sum(counts)
    if not present:
        return None
    combo = _classify_shape(counts, present, size, rules, opening)
    if combo is None or combo.kind not in rules.kinds:
        return None
    return combo


def _classify_shape(
    counts: list[int], present: list[int], size: int, rules: ClimbingRules, opening: bool
) -> Combo | None:
    if size == 1:
        return _combo("single", present[0], present)
    if rules.jokers and size == 2 and present == [rules.black_joker, rules.red_joker]:
        return _combo("rocket", rules.red_joker, present, UNBEATABLE)
    if len(present) == 1:
        return _classify_group(present[0], size, rules, opening)
    widths = {counts[r] for r in present}
    if len(widths) == 1:
        sequence = _classify_sequence(present, widths.pop(), rules)
        if sequence is not None:
            return sequence
    return _classify_attached(counts, present, size, rules)


def _classify_group(rank: int, size: int, rules: ClimbingRules, opening: bool) -> Combo | None:
    """Cards of a single rank."""
    if size == 4:
        return _bomb(rules, rank, opening)
    if rules.ace_bomb and size == 3 and rank == rules.ace:
        return _ace_bomb(rules)
    kind = {2: "pair", 3: "triple"}.get(size)
    return _combo(kind, rank, [rank] * size) if kind else None


_SEQUENCE_KINDS = {1: "straight", 2: "pair_run", 3: "plane"}


def _min_length(rules: ClimbingRules, width: int) -> int:
    return {1: rules.min_straight, 2: rules.min_pair_run, 3: rules.min_plane}[width]


def _is_run(ranks: list[int], rules: ClimbingRules) -> bool:
    return ranks[-1] <= rules.sequence_top and ranks[-1] - ranks[0] == len(ranks) - 1


def _classify_sequence(present: list[int], width: int, rules: ClimbingRules) -> Combo | None:
    if width not in _SEQUENCE_KINDS or len(present) < _min_length(rules, width):
        return None
    if not _is_run(present, rules):
        return None
    return _combo(_SEQUENCE_KINDS[width], present[-1], [r for r in present for _ in range(width)])


def _classify_attached(
    counts: list[int], present: list[int], size: int, rules: ClimbingRules
) -> Combo | None:
    """Triples with attachments, planes with wings, fours with two."""
    ranks = [r for r in present for _ in range(counts[r])]
    big = [r for r in present if counts[r] >= 3]
    rest = [r for r in present if counts[r] < 3]
    both_jokers = rules.jokers and counts[rules.black_joker] and counts[rules.red_joker]
    if len(big) == 1 and counts[big[0]] == 4:
        quad = big[0]
        if size == 6 and not both_jokers:
            return _combo("four_two_single", quad, ranks)
        if size == 8 and len(rest) == 2 and all(counts[r] == 2 for r in rest):
            return _combo("four_two_pair", quad, ranks)
        return None
    if any(counts[r] == 4 for r in big) or not big:
        return None
    if len(big) == 1:
        triple = big[0]
        if size == 4:
            return _combo("triple_single", triple, ranks)
        if size == 5 and counts[rest[0]] == 2:
            return _combo("triple_pair", triple, ranks)
        return None
    if len(big) < rules.min_plane or not _is_run(big, rules):
        return None
    wings = size - 3 * len(big)
    if wings == len(big) and not both_jokers:
        return _combo("plane_single", big[-1], ranks)
    if wings == 2 * len(big) and all(counts[r] == 2 for r in rest):
        return _combo("plane_pair", big[-1], ranks)
    return None


# ---------------------------------------------------------------------------------------
# Generation
#
# Every combination that needs no search (singles, groups, sequences, a triple or four with
# given attachments) is built once per rules as an immutable Combo and looked up by rank;
# generating the plays of a hand is then a few loops over the ranks it holds. Only planes
# with wings, which are rare, are assembled on the fly.


def plays(
    counts: list[int],
    rules: ClimbingRules,
    top: Combo | None = None,
    opening: bool = False,
) -> list[Combo]:
    """Every distinct combination (one per rank multiset) the counts can form that beats
    ``top``, or every combination when ``top`` is None (a lead)."""
    tables = _tables(rules)
    found: list[Combo] = []
    if top is None:
        found = tables.leads(counts)
    elif not top.power and top.kind in tables.generators:
        found = tables.generators[top.kind](counts, top.size, top.key)
    found.extend(tables.bombs(counts, top.power if top else 0, opening))
    return found


@cache
def _tables(rules: ClimbingRules) -> _Tables:
    return _Tables(rules)


Generate = Callable[[list[int], int | None, int], list[Combo]]


class _Tables:
    """The prebuilt combinations of one game and a generator per kind.

    A generator takes (counts, required size or None, key to exceed) and returns the
    combinations of its kind, in increasing key order.
    """

    def __init__(self, rules: ClimbingRules) -> None:
        self.rules = rules
        self.ordinary = len(rules.rank_order)
        ranks = range(rules.num_ranks)
        ordinary = range(self.ordinary)
        self.single = [Combo("single", 1, r, 0, (r,)) for r in ranks]
        self.group = {
            width: [Combo(kind, width, r, 0, (r,) * width) for r in ordinary]
            for width, kind in ((2, "pair"), (3, "triple"))
        }
        self.bomb = [_bomb(rules, r, opening=False) for r in ordinary]
        self.sky = _bomb(rules, 0, opening=True)
        self.rocket = _combo(
            "rocket", rules.red_joker, [rules.black_joker, rules.red_joker], UNBEATABLE
        )
        self.runs: dict[int, dict[int, list[Combo]]] = {1: {}, 2: {}, 3: {}}
        self.with_one = {
            (t, r): _combo("triple_single", t, [t] * 3 + [r]) for t in ordinary for r in ranks
        }
        self.with_pair = {
            (t, r): _combo("triple_pair", t, [t] * 3 + [r] * 2) for t in ordinary for r in ordinary
        }
        self.four_single = {
            (q, a, b): _combo("four_two_single", q, [q] * 4 + [a, b])
            for q in ordinary
            for a in ranks
            for b in ranks
            if a <= b
        }
        self.four_pair = {
            (q, a, b): _combo("four_two_pair", q, [q] * 4 + [a, a, b, b])
            for q in ordinary
            for a in ordinary
            for b in ordinary
            if a < b
        }
        every: dict[str, Generate] = {
            "single": self._singles,
            "pair": lambda c, size, above: self._groups(c, 2, above),
            "triple": lambda c, size, above: self._groups(c, 3, above),
            "straight": lambda c, size, above: self._sequences(c, 1, size, above),
            "pair_run": lambda c, size, above: self._sequences(c, 2, size, above),
            "plane": lambda c, size, above: self._sequences(c, 3, size, above),
            "triple_single": lambda c, size, above: self._triples_with(c, False, above),
            "triple_pair": lambda c, size, above: self._triples_with(c, True, above),
            "plane_single": lambda c, size, above: self._planes_with(c, False, size, above),
            "plane_pair": lambda c, size, above: self._planes_with(c, True, size, above),
            "four_two_single": lambda c, size, above: self._fours_with(c, False, above),
            "four_two_pair": lambda c, size, above: self._fours_with(c, True, above),
        }
        self.generators = {kind: every[kind] for kind in every if kind in rules.kinds}

    def leads(self, counts: list[int]) -> list[Combo]:
        """Every non-bomb combination of a hand: the generators' work done in one pass over
        the ranks, as leading is the hot path of every playout."""
        ordinary, top, kinds = self.ordinary, self.rules.sequence_top, self.rules.kinds
        present, pairs, triples, masks = [], [], [], [0, 0, 0, 0]
        for rank, n in enumerate(counts):
            if n:
                present.append(rank)
                if rank < ordinary and n >= 2:
                    pairs.append(rank)
                    if n >= 3:
                        triples.append(rank)
                if rank <= top:
                    for width in range(1, min(n, 3) + 1):
                        masks[width] |= 1 << rank
        single, pair, triple = self.single, self.group[2], self.group[3]
        found = [single[r] for r in present]
        found += [pair[r] for r in pairs]
        if self.rules.ace_bomb and self.rules.ace in triples:  # three aces are a bomb
            triples.remove(self.rules.ace)
        if "triple" in kinds:
            found += [triple[r] for r in triples]
        for width in (1, 2, 3):
            if _SEQUENCE_KINDS[width] in kinds:
                found += self._runs(masks[width], width)
        if triples and "triple_single" in kinds:
            with_one, with_pair = self.with_one, self.with_pair
            found += [with_one[t, r] for t in triples for r in present if r != t]
            found += [with_pair[t, r] for t in triples for r in pairs if r != t]
        if masks[3] & (masks[3] >> 1) and "plane_single" in kinds:  # consecutive triples
            found += self._planes_with(counts, False, None, -1)
            found += self._planes_with(counts, True, None, -1)
        if 4 in counts and "four_two_single" in kinds:
            found += self._fours_with(counts, False, -1)
            found += self._fours_with(counts, True, -1)
        return found

    def _runs(self, mask: int, width: int) -> list[Combo]:
        """The sequences over the ranks in ``mask`` (a table filled on first use)."""
        runs = self.runs[width].get(mask)
        if runs is None:
            runs = self.runs[width][mask] = self._runs_in(mask, width)
        return runs

    def _singles(self, counts: list[int], size: int | None, above: int) -> list[Combo]:
        single = self.single
        return [single[r] for r in range(above + 1, len(counts)) if counts[r]]

    def _groups(self, counts: list[int], width: int, above: int) -> list[Combo]:
        table = self.group[width]
        found = [table[r] for r in range(above + 1, self.ordinary) if counts[r] >= width]
        if width == 3 and self.rules.ace_bomb:  # three aces are a bomb, not a triple
            found = [combo for combo in found if combo.key != self.rules.ace]
        return found

    def _sequences(
        self, counts: list[int], width: int, size: int | None, above: int
    ) -> list[Combo]:
        mask = 0
        for rank in range(self.rules.sequence_top + 1):
            if counts[rank] >= width:
                mask |= 1 << rank
        runs = self._runs(mask, width)
        if size is None:
            return runs
        return [combo for combo in runs if combo.size == size and combo.key > above]

    def _runs_in(self, mask: int, width: int) -> list[Combo]:
        """Every sequence of ``width`` cards a rank over the ranks set in ``mask``."""
        minimum = _min_length(self.rules, width)
        kind = _SEQUENCE_KINDS[width]
        found = []
        for first in range(self.rules.sequence_top + 1):
            last = first
            while mask >> last & 1:
                if last - first + 1 >= minimum:
                    ranks = tuple(r for r in range(first, last + 1) for _ in range(width))
                    found.append(Combo(kind, len(ranks), last, 0, ranks))
                last += 1
        return sorted(found, key=lambda combo: combo.key)

    def _triples(self, counts: list[int], above: int) -> list[int]:
        return [r for r in range(above + 1, self.ordinary) if counts[r] >= 3]

    def _triples_with(self, counts: list[int], pairs: bool, above: int) -> list[Combo]:
        if pairs:
            table, extras = self.with_pair, [r for r in range(self.ordinary) if counts[r] >= 2]
        else:
            table, extras = self.with_one, [r for r, n in enumerate(counts) if n]
        return [table[t, r] for t in self._triples(counts, above) for r in extras if r != t]

    def _fours_with(self, counts: list[int], pairs: bool, above: int) -> list[Combo]:
        quads = [r for r in range(above + 1, self.ordinary) if counts[r] == 4]
        if not quads:
            return []
        if pairs:
            extras = [r for r in range(self.ordinary) if counts[r] >= 2]
            return [
                self.four_pair[q, a, b]
                for q in quads
                for i, a in enumerate(extras)
                for b in extras[i + 1 :]
                if q not in (a, b)
            ]
        present = [r for r, n in enumerate(counts) if n]
        jokers = self.ordinary
        return [
            self.four_single[q, a, b]
            for q in quads
            for i, a in enumerate(present)
            for b in present[i:]
            if q not in (a, b) and (a != b or counts[a] >= 2) and not (a >= jokers and b > a)
        ]

    def _planes_with(
        self, counts: list[int], pairs: bool, size: int | None, above: int
    ) -> list[Combo]:
        kind = "plane_pair" if pairs else "plane_single"
        per_triple = 5 if pairs else 4
        total = sum(counts)
        found = []
        for core in self._sequences(counts, 3, None, -1):
            length = core.size // 3
            if core.key <= above or length * per_triple > total:
                continue
            if size is not None and size != length * per_triple:
                continue
            first, ranks, key = core.ranks[0], core.ranks, core.key
            for extra in _attachments(counts, self.rules, set(ranks), length, pairs):
                # Wings lie outside the core: splice them in rather than sort.
                low = [r for r in extra if r < first]
                high = extra[len(low) :]
                found.append(Combo(kind, length * per_triple, key, 0, (*low, *ranks, *high)))
        return found

    def bombs(self, counts: list[int], above: int, opening: bool) -> list[Combo]:
        rules = self.rules
        found = []
        for rank in range(self.ordinary):
            if counts[rank] == 4:
                bomb = self.sky if opening and rank == 0 and rules.sky_bomb else self.bomb[rank]
                if bomb.power > above and bomb.kind in rules.kinds:
                    found.append(bomb)
        if rules.ace_bomb and counts[rules.ace] == 3 and _ace_bomb(rules).power > above:
            found.append(_ace_bomb(rules))
        jokers = rules.jokers and counts[rules.black_joker] and counts[rules.red_joker]
        if jokers and "rocket" in rules.kinds and above < UNBEATABLE:
            found.append(self.rocket)
        return found


def _attachments(
    counts: list[int],
    rules: ClimbingRules,
    excluded: set[int],
    number: int,
    pairs: bool,
) -> Iterator[list[int]]:
    """Multisets of ``number`` wings (single cards, or pairs of distinct ranks) from ranks
    outside ``excluded``: at most two singles of a rank, at most one joker."""
    ordinary = range(len(rules.rank_order))
    if pairs:
        candidates = [r for r in ordinary if r not in excluded and counts[r] >= 2]
        for chosen in combinations(candidates, number):
            yield [r for r in chosen for _ in range(2)]
        return
    # Each rank offers at most two wing cards, each joker one; both jokers never go together.
    units = [r for r in ordinary if r not in excluded for _ in range(min(counts[r], 2))]
    both = (rules.black_joker, rules.red_joker)
    if rules.jokers:
        units.extend(r for r in both if counts[r])
    for chosen in dict.fromkeys(combinations(units, number)):  # distinct, in order
        if chosen[-2:] != both:
            yield list(chosen)


# ---------------------------------------------------------------------------------------
# The shared play loop: rounds, the top play, passes, going out.


def describe(combo: Combo, rules: ClimbingRules) -> str:
    """A short readable name for a combination, for messages: 'pair of 9', 'straight to A'."""
    names = {
        "single": "single",
        "pair": "pair",
        "triple": "triple",
        "bomb": "bomb",
        "triple_single": "triple with one",
        "triple_pair": "triple with a pair",
        "four_two_single": "four with two",
        "four_two_pair": "four with two pairs",
    }
    rank = _rank_name(combo.key, rules)
    if combo.kind in ("rocket", "sky_bomb", "ace_bomb"):
        return combo.kind.replace("_", " ")
    if combo.kind in ("straight", "pair_run", "plane", "plane_single", "plane_pair"):
        return f"{combo.size}-card {combo.kind.replace('_', ' ')} to {rank}"
    return f"{names[combo.kind]} of {rank}"


def _rank_name(rank: int, rules: ClimbingRules) -> str:
    if rank >= len(rules.rank_order):
        return ("black joker", "red joker")[rank - len(rules.rank_order)]
    letter = rules.rank_order[rank]
    return "10" if letter == "T" else letter


def representatives(
    combos: list[Combo], hand: list[str], rules: ClimbingRules, required: tuple[str, ...] = ()
) -> list[list[str]]:
    """For each combination, the cards from ``hand`` that stand for it: the lowest in
    display order, ``required`` cards first (Run Fast's 3H); listed in display order."""
    by_rank: dict[int, list[str]] = {}
    for card in sorted(hand, key=lambda card: card not in required):  # stable
        by_rank.setdefault(rules.rank_index(card), []).append(card)
    chosen = []
    for combo in combos:
        cards: list[str] = []
        for rank, run in groupby(combo.ranks):
            cards.extend(by_rank[rank][: len(list(run))])
        chosen.append(sort_cards(cards, rules.rank_order) if required else cards)
    return chosen


class ClimbingState(State):
    """What Dou Dizhu, Run Fast and Guandan share: hands, rounds, the top play, passes.

    Attributes (JSON-native): ``hands`` per seat in display order; ``turn``; ``top`` (the
    play to beat: seat, cards and its combination, or None when the turn-holder leads);
    ``passes`` in a row since the top play; ``plays_made`` per seat in this deal;
    ``winner`` once someone has gone out.
    """

    rules: ClassVar[ClimbingRules]
    hands: list[list[str]]
    turn: int | None
    top: dict[str, Any] | None
    passes: int
    plays_made: list[int]
    winner: int | None
    result: list[int] | None  # the scores, once the deal is settled

    # Hooks -------------------------------------------------------------------------

    def _may_pass(self, options: list[Combo]) -> bool:
        """Whether the player to act may pass, given the plays that beat the table."""
        return self.top is not None

    def _play_filter(self, combo: Combo) -> str | None:
        """Why a game-specific rule forbids this play now (Run Fast's 3H opening), or None."""
        return None

    def _required_cards(self) -> tuple[str, ...]:
        """Cards a representative prefers (Run Fast's 3H in the opening play)."""
        return ()

    def _after_play(self, seat: int, combo: Combo, response: bool) -> None:
        """Bookkeeping after a play, before a possible going out (bombs, bonuses)."""

    def _after_round(self, leader: int) -> None:
        """Bookkeeping when a round ends (Run Fast's bomb bonus)."""

    @abstractmethod
    def _finish(self, winner: int) -> None:
        """Settle the deal that ``winner`` has just won by going out."""

    # Shared ------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.turn

    @property
    def scores(self) -> list[int]:
        return list(self.result) if self.result is not None else [0] * len(self.hands)

    def _reset_play(self, hands: list[list[str]], leader: int) -> None:
        self.hands = [sort_cards(hand, self.rules.rank_order) for hand in hands]
        self.turn = leader
        self.top = None
        self.passes = 0
        self.plays_made = [0] * len(hands)
        self.winner = None
        self.result = None

    @property
    def opening(self) -> bool:
        return not any(self.plays_made)

    def top_combo(self) -> Combo | None:
        if self.top is None:
            return None
        kind, size, key, power, ranks = self.top["combo"]
        return Combo(kind, size, key, power, tuple(ranks))

    def play_options(self) -> list[Combo]:
        """The plays (one per rank multiset) the player to act may make now."""
        assert self.turn is not None
        counts = self.rules.counts(self.hands[self.turn])
        found = plays(counts, self.rules, self.top_combo(), self.opening)
        return [combo for combo in found if self._play_filter(combo) is None]

    def _play_actions(self) -> list[str]:
        assert self.turn is not None
        options = self.play_options()
        cards = representatives(options, self.hands[self.turn], self.rules, self._required_cards())
        actions = ["play " + " ".join(chosen) for chosen in cards]
        if self._may_pass(options):
            actions.append("pass")
        return actions

    def _verify_turn(self, action: str) -> tuple[str, Any]:
        """Check a play-phase action: ``play <cards>`` or ``pass``."""
        words = action.strip().split(None, 1)
        verb = words[0].lower() if words else ""
        if verb == "pass" and len(words) == 1:
            self._verify_pass()
            return ("pass", None)
        if verb == "play" and len(words) == 2:
            return ("play", self._verify_play(words[1]))
        raise IllegalAction("play a combination ('play 5S 5H') or 'pass'")

    def _perform_turn(self, move: tuple[str, Any]) -> None:
        kind, detail = move
        if kind == "pass":
            self._perform_pass()
        else:
            self._perform_play(*detail)

    def _verify_play(self, text: str) -> tuple[list[str], Combo]:
        assert self.turn is not None
        try:
            cards = parse_cards(text)
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if not cards:
            raise IllegalAction("name the cards to play, for example 'play 5S 5H'")
        missing = Counter(cards) - Counter(self.hands[self.turn])
        if missing:
            raise IllegalAction("you do not hold " + " ".join(sorted(missing.elements())))
        combo = classify(self.rules.counts(cards), self.rules, self.opening)
        if combo is None:
            raise IllegalAction(f"{' '.join(cards)} is not a valid combination")
        top = self.top_combo()
        if top is not None and not beats(combo, top):
            raise IllegalAction(
                f"{describe(combo, self.rules)} does not beat the "
                f"{describe(top, self.rules)} on the table"
            )
        reason = self._play_filter(combo)
        if reason is not None:
            raise IllegalAction(reason)
        return sort_cards(cards, self.rules.rank_order), combo

    def _verify_pass(self) -> None:
        if self.top is None:
            raise IllegalAction("you lead this round: play a combination, you cannot pass")
        if not self._may_pass(self.play_options()):
            raise IllegalAction("you can beat the table, so you must play")

    def _perform_play(
        self,
        cards: list[str],
        combo: Combo,
        extra: dict[str, Any] | None = None,
        action: str | None = None,
    ) -> None:
        """Play ``cards`` as ``combo``; ``extra`` adds fields to the top play and its event
        (Guandan's ``as`` reading), ``action`` is the event's action text when it is not
        just ``play <cards>``."""
        seat = self.turn
        assert seat is not None
        response = self.top is not None
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        more = extra or {}
        self.top = {"seat": seat, "cards": cards, **more, "combo": [*combo[:4], list(combo.ranks)]}
        self.passes = 0
        self.plays_made[seat] += 1
        self.events.append(
            {
                "type": "play",
                "seat": seat,
                "action": action or "play " + " ".join(cards),
                "cards": cards,
                **more,
                "kind": combo.kind,
                "left": len(hand),
            }
        )
        self._after_play(seat, combo, response)
        if not hand:
            self._went_out(seat)
        else:
            self.turn = self._next_seat(seat)

    def _went_out(self, seat: int) -> None:
        """``seat`` has played its last card: the first out wins the deal (Guandan: takes a
        place and the deal goes on)."""
        self.winner = seat
        self.turn = None
        self._finish(seat)

    def _perform_pass(self) -> None:
        seat = self.turn
        assert seat is not None and self.top is not None
        self.events.append({"type": "pass", "seat": seat, "action": "pass"})
        self.passes += 1
        top_seat = self.top["seat"]
        if self.passes < self._answering(top_seat):
            self.turn = self._next_seat(seat)
            return
        self._after_round(top_seat)
        leader = self._round_leader(top_seat)
        self.events.append({"type": "round_end", "leader": leader})
        self.top = None
        self.passes = 0
        self.turn = leader

    def _answering(self, top_seat: int) -> int:
        """How many passes in a row end the round on ``top_seat``'s play."""
        return len(self.hands) - 1

    def _round_leader(self, top_seat: int) -> int:
        """Who leads after a round won by ``top_seat``'s play."""
        return top_seat

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % len(self.hands)

    def _table_view(self, seat: int) -> dict[str, Any]:
        top = None
        if self.top is not None:
            top = {
                "seat": self.top["seat"],
                "cards": list(self.top["cards"]),
                "kind": self.top["combo"][0],
            }
        return {
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "top": top,
            "plays_made": list(self.plays_made),
        }


def played_cards(events: list[dict[str, Any]], seat: int) -> list[str]:
    """Cards ``seat`` has played according to ``events`` (pass the current deal's)."""
    return [
        card for e in events if e["type"] == "play" and e["seat"] == seat for card in e["cards"]
    ]


# ---------------------------------------------------------------------------------------
# Wild cards, suits and natural sequences (Guandan)
#
# Guandan's strength order moves the level rank L above the ace, while its sequences keep
# the natural order with the ace low or high; its straight flushes need suits, and its two
# heart level cards are wild. So a Guandan play is read from its cards, not from rank
# counts alone. Combos keep the shared shape: ``key`` is a rank index in the strength
# order (singles, groups, full houses) or a natural position (sequences, 0 = the low ace …
# 13 = the high ace), and ``power`` places bomb-class plays on one ladder, so ``beats``
# above serves unchanged.
#
# Equivalent plays: two plays are the same action when they make the same combination
# from the same number of wild cards and the same multiset of ranks among the other cards;
# a straight flush is also told apart by its suit. The listed representative takes the
# lowest cards of each rank in display order. A wild card that stands for another card is
# written, after ``as``, as that rank in hearts (its own suit), or in the flush suit in a
# straight flush, or in spades in a plain straight whose other cards are all hearts. Five
# consecutive cards of one suit read as a straight flush; ``as straight`` plays them as a
# plain straight (spec G18).

SEQUENCE_RANKS = "A23456789TJQKA"  # natural positions 0 … 13: the ace low and high
GUANDAN_KINDS = frozenset(
    {
        "single",
        "pair",
        "triple",
        "full_house",
        "straight",
        "tube",
        "plate",
        "bomb",
        "straight_flush",
        "joker_bomb",
    }
)
# The bomb ladder (spec §4.4): 4 < 5 < straight flush < 6 < … < 10 cards < four jokers.
_BOMB_TIER = {4: 1, 5: 2, 6: 4, 7: 5, 8: 6, 9: 7, 10: 8}
_FLUSH_TIER = 3
# Sequences: (kind, number of ranks, cards per rank).
_NATURAL_SEQUENCES = (("straight", 5, 1), ("tube", 3, 2), ("plate", 2, 3))
_SEQUENCE_OF = {kind: (length, width) for kind, length, width in _NATURAL_SEQUENCES}
_GROUP_KINDS = {1: "single", 2: "pair", 3: "triple"}


def wild_rules(level_rank: str) -> ClimbingRules:
    """Guandan's rules at level rank ``level_rank`` (``2`` … ``A``): the strength order with
    L above the ace, and ``LH`` wild."""
    return _wild_rules(level_rank)


@cache
def _wild_rules(level_rank: str) -> ClimbingRules:
    order = "23456789TJQKA".replace(level_rank, "") + level_rank
    return ClimbingRules(
        rank_order=order,
        jokers=True,
        sequence_top=-1,  # sequences follow SEQUENCE_RANKS instead
        kinds=GUANDAN_KINDS,
        min_straight=5,
        min_pair_run=3,
        min_plane=2,
        wild=level_rank + "H",
    )


def bomb_power(size: int, rank: int) -> int:
    return 100 * _BOMB_TIER[size] + rank


def flush_power(key: int) -> int:
    return 100 * _FLUSH_TIER + key


class Play(NamedTuple):
    """A play from a hand: its combination, the other cards it uses (display order) and the
    cards its wild cards stand for (a wild standing for itself is listed as itself)."""

    combo: Combo
    naturals: tuple[str, ...]
    targets: tuple[str, ...]

    def cards(self, rules: ClimbingRules) -> list[str]:
        assert rules.wild is not None
        return _in_display_order([*self.naturals, *[rules.wild] * len(self.targets)], rules)

    def stands_for(self, rules: ClimbingRules) -> list[str] | None:
        """What the cards stand for, or None when every wild card stands for itself."""
        if all(target == rules.wild for target in self.targets):
            return None
        return _in_display_order([*self.naturals, *self.targets], rules)

    def action(self, rules: ClimbingRules) -> str:
        # cards() and stands_for() inlined: a lead lists hundreds of plays, and this is
        # where legal_actions() spends half its time.
        wild = rules.wild or ""
        key = _display_keys(rules.rank_order).__getitem__
        naturals, targets = self.naturals, self.targets
        text = "play " + " ".join(sorted([*naturals, *(wild,) * len(targets)], key=key))
        for target in targets:
            if target != wild:
                return text + " as " + " ".join(sorted([*naturals, *targets], key=key))
        if self.combo.kind == "straight" and _one_suit([*naturals, *targets]):
            return text + " as straight"  # five cards of one suit played as a plain straight
        return text


def _in_display_order(cards: list[str], rules: ClimbingRules) -> list[str]:
    order = _display_keys(rules.rank_order)
    return sorted(cards, key=order.__getitem__)


@cache
def _display_keys(rank_order: str) -> dict[str, int]:
    """Each card's place in display order, as one int (sorting by ints beats tuples)."""
    cards = [rank + suit for rank in rank_order for suit in "SHDC"] + ["BJ", "RJ"]
    return {
        card: 4 * card_order_key(card, rank_order)[0] + card_order_key(card, rank_order)[1]
        for card in cards
    }


def _one_suit(cards: list[str]) -> bool:
    return len({card[1] for card in cards}) == 1


def _sequence_key(ranks: list[str], width: int, length: int) -> int | None:
    """The top natural position of ``ranks`` (each ``width`` times) as a run of ``length``
    consecutive ranks, ace low or high, or None."""
    distinct = sorted(set(ranks))
    if len(distinct) != length or any(ranks.count(rank) != width for rank in distinct):
        return None
    for ace_high in (False, True):
        positions = sorted(
            13 if r == "A" and ace_high else SEQUENCE_RANKS.index(r) for r in distinct
        )
        if positions[-1] - positions[0] == length - 1:
            return positions[-1]
    return None


def classify_printed(cards: list[str], rules: ClimbingRules) -> list[Combo]:
    """The combinations ``cards`` form when every card stands for itself (a lone wild card
    is then a single of rank L): none, one, or for five consecutive cards of one suit two,
    the straight flush first and then the plain straight. The independent classifier that
    ``apply`` and the differential tests rely on."""
    size = len(cards)
    counts = rules.counts(cards)
    present = [r for r, n in enumerate(counts) if n]
    black, red = rules.black_joker, rules.red_joker
    if size == 1:
        return [_combo("single", present[0], present)]
    if len(present) == 1:
        rank = present[0]
        if rules.is_joker(rank):
            return [_combo("pair", rank, [rank] * 2)] if size == 2 else []
        if size >= 4:
            return [_combo("bomb", rank, [rank] * size, bomb_power(size, rank))]
        return [_combo(_GROUP_KINDS[size], rank, [rank] * size)]
    if size == 4 and counts[black] == 2 and counts[red] == 2:
        return [_combo("joker_bomb", red, [black, black, red, red], UNBEATABLE)]
    ranks = [r for r in present for _ in range(counts[r])]
    if size == 5 and len(present) == 2:
        triple = next((r for r in present if counts[r] == 3), None)
        if triple is not None and not rules.is_joker(triple):
            return [_combo("full_house", triple, ranks)]
        return []
    if counts[black] or counts[red]:
        return []
    letters = [card[0] for card in cards]
    for kind, length, width in _NATURAL_SEQUENCES:
        if size == length * width:
            key = _sequence_key(letters, width, length)
            if key is not None:
                plain = _combo(kind, key, ranks)
                if kind == "straight" and _one_suit(cards):
                    return [_combo("straight_flush", key, ranks, flush_power(key)), plain]
                return [plain]
    return []


def substitution_readings(cards: list[str], rules: ClimbingRules) -> set[Combo]:
    """Every combination ``cards`` can form, by trying every card each wild may stand for:
    the brute force the generator is checked against. Suits matter only to a flush, so a
    wild tries each rank in the other cards' common suit (if any) and in one other suit."""
    assert rules.wild is not None
    wilds = cards.count(rules.wild)
    naturals = [card for card in cards if card != rules.wild]
    if wilds == 0 or len(cards) == 1:
        return set(classify_printed(cards, rules))
    suits = {card[1] for card in naturals if card not in ("BJ", "RJ")}
    trial_suits = [*suits, next(s for s in "SHDC" if s not in suits)] if len(suits) == 1 else ["S"]
    if not naturals:
        trial_suits = ["S", "H"]
    options = [rank + suit for rank in "23456789TJQKA" for suit in trial_suits]
    found: set[Combo] = set()
    for targets in combinations_with_replacement(options, wilds):
        found.update(classify_printed([*naturals, *targets], rules))
    return found


class _Hand:
    """A hand prepared for generation: its wild count and its other cards by rank index
    (display order)."""

    def __init__(self, hand: list[str], rules: ClimbingRules) -> None:
        assert rules.wild is not None
        self.rules = rules
        self.wilds = hand.count(rules.wild)
        self.by_rank: list[list[str]] = [[] for _ in range(rules.num_ranks)]
        for card in _in_display_order([c for c in hand if c != rules.wild], rules):
            self.by_rank[rules.rank_index(card)].append(card)
        self.counts = [len(cards) for cards in self.by_rank]
        self.index = _card_indices(rules.rank_order)
        self.level = rules.rank_order[-1]


def wild_plays(hand: list[str], rules: ClimbingRules, top: Combo | None = None) -> list[Play]:
    """Every distinct play (see "Equivalent plays" above) from ``hand`` that beats ``top``,
    or every play when ``top`` is None (a lead)."""
    prepared = _Hand(hand, rules)
    found: list[Play] = []
    if top is None:
        for generate in _WILD_GENERATORS.values():
            found += generate(prepared, -1)
        found += _bomb_plays(prepared, 0)
        return found
    if not top.power:
        found += _WILD_GENERATORS[top.kind](prepared, top.key)
    found += _bomb_plays(prepared, top.power)
    return found


def same_kind_plays(hand: list[str], rules: ClimbingRules, top: Combo) -> list[Play]:
    """The plays of ``top``'s kind (not bomb-class) that beat it: ``wild_plays`` without
    the bombs, for a policy that weighs bombs apart."""
    if top.power:
        return []
    return _WILD_GENERATORS[top.kind](_Hand(hand, rules), top.key)


def _group_plays(hand: _Hand, width: int, above: int) -> list[Play]:
    """Singles, pairs or triples of one rank above ``above``, wilds filling."""
    kind, rules = _GROUP_KINDS[width], hand.rules
    found = []
    for rank in range(above + 1, rules.num_ranks):
        have = hand.counts[rank]
        if rules.is_joker(rank):
            if have >= width and width <= 2:
                found.append(_group_play(hand, kind, rank, width, 0))
            continue
        for wild in range(min(hand.wilds, width) + 1):
            if have >= width - wild and (width > wild or width == 2):
                found.append(_group_play(hand, kind, rank, width, wild))
    if width == 1 and hand.wilds and above < rules.num_ranks - 3:
        level = rules.num_ranks - 3
        found.append(Play(_combo("single", level, [level]), (), (rules.wild or "",)))
    return found


def _group_play(hand: _Hand, kind: str, rank: int, width: int, wilds: int) -> Play:
    letter = _rank_letter(hand, rank)
    naturals = tuple(hand.by_rank[rank][: width - wilds])
    targets = (letter + "H",) * wilds
    if kind == "single":
        return Play(_combo(kind, rank, [rank]), naturals, targets)
    power = bomb_power(width, rank) if kind == "bomb" else 0
    return Play(_combo(kind, rank, [rank] * width, power), naturals, targets)


def _rank_letter(hand: _Hand, rank: int) -> str:
    """The printed rank of rank index ``rank`` (jokers: their own name)."""
    order = hand.rules.rank_order
    return order[rank] if rank < len(order) else ("BJ", "RJ")[rank - len(order)]


def _full_houses(hand: _Hand, above: int) -> list[Play]:
    rules, counts, wilds = hand.rules, hand.counts, hand.wilds
    level = rules.num_ranks - 3
    found = []
    for triple in range(above + 1, level + 1):
        for triple_wilds in range(min(wilds, 2) + 1):
            if counts[triple] < 3 - triple_wilds:
                continue
            spare = wilds - triple_wilds
            naturals = hand.by_rank[triple][: 3 - triple_wilds]
            targets = [_rank_letter(hand, triple) + "H"] * triple_wilds
            combo = _combo("full_house", triple, [triple] * 3)
            for pair in range(rules.num_ranks):
                if pair == triple:
                    continue
                joker = rules.is_joker(pair)
                for pair_wilds in range((0 if joker else min(spare, 1)) + 1):
                    if counts[pair] >= 2 - pair_wilds:
                        pair_cards = hand.by_rank[pair][: 2 - pair_wilds]
                        pair_targets = [_rank_letter(hand, pair) + "H"] * pair_wilds
                        found.append(
                            _full_house(
                                combo, [*naturals, *pair_cards], [*targets, *pair_targets], pair
                            )
                        )
            if spare == 2:  # both wilds make the pair: one action, the pair of L if it can be
                pair = level if triple != level else 0
                found.append(
                    _full_house(
                        combo, naturals, [*targets, *[_rank_letter(hand, pair) + "H"] * 2], pair
                    )
                )
    return found


def _full_house(combo: Combo, naturals: list[str], targets: list[str], pair: int) -> Play:
    ranks = tuple(sorted([*combo.ranks, pair, pair]))
    return Play(
        Combo(combo.kind, 5, combo.key, combo.power, ranks), tuple(naturals), tuple(targets)
    )


def _sequence_plays(hand: _Hand, kind: str, above: int) -> list[Play]:
    """Straights, tubes or plates of natural positions, every way the wilds can fill."""
    length, width = _SEQUENCE_OF[kind]
    found = []
    counts, wilds = hand.counts, hand.wilds
    for top in range(max(above + 1, length - 1), 14):
        letters = [SEQUENCE_RANKS[p] for p in range(top - length + 1, top + 1)]
        ranks = [hand.index[letter + "S"] for letter in letters]
        if sum(max(0, width - counts[rank]) for rank in ranks) > wilds:
            continue  # even every wild card cannot fill it
        options = [
            [(used, width - used) for used in range(width + 1) if used <= counts[rank]]
            for rank in ranks
        ]
        held = [hand.by_rank[rank] for rank in ranks]
        combo = _combo(kind, top, [rank for rank in ranks for _ in range(width)])
        for choice in product(*options):
            if sum(wild for _, wild in choice) > wilds:
                continue
            naturals = [
                card for cards, (used, _) in zip(held, choice, strict=True) for card in cards[:used]
            ]
            suit = "S" if naturals and _one_suit(naturals) and naturals[0][1] == "H" else "H"
            targets = [
                letter + suit
                for letter, (_, wild) in zip(letters, choice, strict=True)
                for _ in range(wild)
            ]
            found.append(Play(combo, tuple(naturals), tuple(targets)))
    return found


def _straight_flushes(hand: _Hand, above: int) -> list[Play]:
    """Straight flushes with power above ``above``, suit by suit."""
    found = []
    held = {
        suit: {card[0] for rank in hand.by_rank for card in rank if card[1] == suit}
        for suit in "SHDC"
    }
    for top in range(4, 14):
        power = flush_power(top)
        if power <= above:
            continue
        letters = [SEQUENCE_RANKS[p] for p in range(top - 4, top + 1)]
        ranks = tuple(sorted(hand.index[letter + "S"] for letter in letters))
        for suit in "SHDC":
            have = [letter in held[suit] for letter in letters]
            missing = have.count(False)
            if missing > hand.wilds:
                continue
            kept = [i for i, h in enumerate(have) if h]
            for extra in range(hand.wilds - missing + 1):
                for replaced in combinations(kept, extra):
                    wild_at = {i for i, h in enumerate(have) if not h} | set(replaced)
                    naturals = tuple(letters[i] + suit for i in range(5) if i not in wild_at)
                    targets = tuple(letters[i] + suit for i in sorted(wild_at))
                    found.append(
                        Play(Combo("straight_flush", 5, top, power, ranks), naturals, targets)
                    )
    return found


def _bomb_plays(hand: _Hand, above: int) -> list[Play]:
    """Every bomb-class play with power above ``above``."""
    rules = hand.rules
    found = []
    level = rules.num_ranks - 3
    for rank in range(level + 1):
        have = hand.counts[rank]
        for wild in range(hand.wilds + 1):
            for size in range(max(4, wild + 1), have + wild + 1):
                if bomb_power(size, rank) > above:
                    found.append(_group_play(hand, "bomb", rank, size, wild))
    found += _straight_flushes(hand, above)
    black, red = rules.black_joker, rules.red_joker
    if hand.counts[black] == 2 and hand.counts[red] == 2 and above < UNBEATABLE:
        cards = ("BJ", "BJ", "RJ", "RJ")
        found.append(
            Play(_combo("joker_bomb", red, [black, black, red, red], UNBEATABLE), cards, ())
        )
    return found


_WildGenerate = Callable[[_Hand, int], list[Play]]
_WILD_GENERATORS: dict[str, _WildGenerate] = {
    "single": lambda hand, above: _group_plays(hand, 1, above),
    "pair": lambda hand, above: _group_plays(hand, 2, above),
    "triple": lambda hand, above: _group_plays(hand, 3, above),
    "full_house": _full_houses,
    "straight": lambda hand, above: _sequence_plays(hand, "straight", above),
    "tube": lambda hand, above: _sequence_plays(hand, "tube", above),
    "plate": lambda hand, above: _sequence_plays(hand, "plate", above),
}
