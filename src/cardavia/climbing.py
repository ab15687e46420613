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
from typing import Any, ClassVar, NamedTuple

from .cards import parse_cards, sort_cards
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
        if card == "BJ":
            return self.black_joker
        if card == "RJ":
            return self.red_joker
        return self.rank_order.index(card[0])

    def counts(self, cards: list[str]) -> list[int]:
        counts = [0] * self.num_ranks
        for card in cards:
            counts[self.rank_index(card)] += 1
        return counts


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

# A generator of one kind: (counts, rules, required size or None) -> combinations.
Generator = Callable[[list[int], "ClimbingRules", int | None], Iterator[Combo]]


def plays(
    counts: list[int],
    rules: ClimbingRules,
    top: Combo | None = None,
    opening: bool = False,
) -> list[Combo]:
    """Every distinct combination (one per rank multiset) the counts can form that beats
    ``top``, or every combination when ``top`` is None (a lead)."""
    if top is None:
        found = [combo for kind in _GENERATORS for combo in _generate(kind, counts, rules)]
        found.extend(_bombs(counts, rules, 0, opening))
        return found
    found = []
    if not top.power and top.kind in _GENERATORS:
        found = [
            combo
            for combo in _generate(top.kind, counts, rules, top.size)
            if combo.key > top.key
        ]
    found.extend(_bombs(counts, rules, top.power, opening))
    return found


def _generate(
    kind: str, counts: list[int], rules: ClimbingRules, size: int | None = None
) -> Iterator[Combo]:
    if kind in rules.kinds:
        yield from _GENERATORS[kind](counts, rules, size)


def _bombs(counts: list[int], rules: ClimbingRules, above: int, opening: bool) -> list[Combo]:
    found = []
    for rank in range(len(rules.rank_order)):
        if counts[rank] == 4:
            bomb = _bomb(rules, rank, opening)
            if bomb.power > above and bomb.kind in rules.kinds:
                found.append(bomb)
    if rules.ace_bomb and counts[rules.ace] == 3 and _ace_bomb(rules).power > above:
        found.append(_ace_bomb(rules))
    if (
        rules.jokers
        and "rocket" in rules.kinds
        and counts[rules.black_joker]
        and counts[rules.red_joker]
        and UNBEATABLE > above
    ):
        found.append(_combo("rocket", rules.red_joker, [rules.black_joker, rules.red_joker], UNBEATABLE))
    return found


def _ordinary_ranks(rules: ClimbingRules) -> range:
    return range(len(rules.rank_order))


def _singles(counts: list[int], rules: ClimbingRules, size: int | None) -> Iterator[Combo]:
    for rank, n in enumerate(counts):
        if n:
            yield Combo("single", 1, rank, 0, (rank,))


def _groups(width: int, kind: str) -> Generator:
    def generate(counts: list[int], rules: ClimbingRules, size: int | None) -> Iterator[Combo]:
        for rank in _ordinary_ranks(rules):
            if counts[rank] >= width and not (
                width == 3 and rules.ace_bomb and rank == rules.ace
            ):
                yield Combo(kind, width, rank, 0, (rank,) * width)

    return generate


def _runs(counts: list[int], rules: ClimbingRules, width: int) -> Iterator[tuple[int, int]]:
    """(first, last) rank of every run of ranks holding at least ``width`` cards each."""
    minimum = _min_length(rules, width)
    for first in range(rules.sequence_top + 1):
        last = first
        while last <= rules.sequence_top and counts[last] >= width:
            if last - first + 1 >= minimum:
                yield first, last
            last += 1


def _sequences(width: int) -> Generator:
    kind = _SEQUENCE_KINDS[width]

    def generate(counts: list[int], rules: ClimbingRules, size: int | None) -> Iterator[Combo]:
        for first, last in _runs(counts, rules, width):
            length = last - first + 1
            if size is None or size == length * width:
                ranks = tuple(r for r in range(first, last + 1) for _ in range(width))
                yield Combo(kind, length * width, last, 0, ranks)

    return generate


def _attachments(
    counts: list[int],
    rules: ClimbingRules,
    excluded: set[int],
    number: int,
    pairs: bool,
) -> Iterator[list[int]]:
    """Multisets of ``number`` attachments (single cards, or pairs of distinct ranks) from
    ranks outside ``excluded``: at most two singles of a rank, at most one joker."""
    if pairs:
        candidates = [
            r
            for r in _ordinary_ranks(rules)
            if r not in excluded and counts[r] >= 2
        ]
        yield from _choose_distinct(candidates, number, 2)
        return
    limits = [
        (r, min(counts[r], 2))
        for r in _ordinary_ranks(rules)
        if r not in excluded and counts[r]
    ]
    if rules.jokers:
        jokers = [r for r in (rules.black_joker, rules.red_joker) if counts[r]]
        limits.extend((r, 1) for r in jokers)
    yield from _choose_bounded(limits, number, rules)


def _choose_distinct(candidates: list[int], number: int, width: int) -> Iterator[list[int]]:
    if number == 0:
        yield []
        return
    for i, rank in enumerate(candidates):
        for rest in _choose_distinct(candidates[i + 1 :], number - 1, width):
            yield [rank] * width + rest


def _choose_bounded(
    limits: list[tuple[int, int]], number: int, rules: ClimbingRules
) -> Iterator[list[int]]:
    """Multisets of ``number`` ranks, each rank at most its limit, never both jokers."""
    if number == 0:
        yield []
        return
    if not limits:
        return
    (rank, limit), rest = limits[0], limits[1:]
    for take in range(min(limit, number), -1, -1):
        for tail in _choose_bounded(rest, number - take, rules):
            if take and rules.is_joker(rank) and any(rules.is_joker(r) for r in tail):
                continue
            yield [rank] * take + tail


def _triple_with(pairs: bool) -> Generator:
    kind = "triple_pair" if pairs else "triple_single"

    def generate(counts: list[int], rules: ClimbingRules, size: int | None) -> Iterator[Combo]:
        for rank in _ordinary_ranks(rules):
            if counts[rank] >= 3:
                for extra in _attachments(counts, rules, {rank}, 1, pairs):
                    yield _combo(kind, rank, [rank] * 3 + extra)

    return generate


def _plane_with(pairs: bool) -> Generator:
    kind = "plane_pair" if pairs else "plane_single"
    per_triple = 5 if pairs else 4

    def generate(counts: list[int], rules: ClimbingRules, size: int | None) -> Iterator[Combo]:
        total = sum(counts)
        for first, last in _runs(counts, rules, 3):
            length = last - first + 1
            if length * per_triple > total or (size is not None and size != length * per_triple):
                continue
            core = list(range(first, last + 1))
            for extra in _attachments(counts, rules, set(core), length, pairs):
                yield _combo(kind, last, [r for r in core for _ in range(3)] + extra)

    return generate


def _four_with(pairs: bool) -> Generator:
    kind = "four_two_pair" if pairs else "four_two_single"

    def generate(counts: list[int], rules: ClimbingRules, size: int | None) -> Iterator[Combo]:
        for rank in _ordinary_ranks(rules):
            if counts[rank] == 4:
                for extra in _attachments(counts, rules, {rank}, 2, pairs):
                    yield _combo(kind, rank, [rank] * 4 + extra)

    return generate


_GENERATORS = {
    "single": _singles,
    "pair": _groups(2, "pair"),
    "triple": _groups(3, "triple"),
    "straight": _sequences(1),
    "pair_run": _sequences(2),
    "plane": _sequences(3),
    "triple_single": _triple_with(False),
    "triple_pair": _triple_with(True),
    "plane_single": _plane_with(False),
    "plane_pair": _plane_with(True),
    "four_two_single": _four_with(False),
    "four_two_pair": _four_with(True),
}


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

    def _reset_play(self, hands: list[list[str]], leader: int) -> None:
        self.hands = [sort_cards(hand, self.rules.rank_order) for hand in hands]
        self.turn = leader
        self.top = None
        self.passes = 0
        self.plays_made = [0] * len(hands)
        self.winner = None

    @property
    def opening(self) -> bool:
        return not any(self.plays_made)

    def top_combo(self) -> Combo | None:
        if self.top is None:
            return None
        return Combo(*self.top["combo"][:4], tuple(self.top["combo"][4]))

    def play_options(self) -> list[Combo]:
        """The plays (one per rank multiset) the player to act may make now."""
        assert self.turn is not None
        counts = self.rules.counts(self.hands[self.turn])
        found = plays(counts, self.rules, self.top_combo(), self.opening)
        return [combo for combo in found if self._play_filter(combo) is None]

    def _play_actions(self) -> list[str]:
        assert self.turn is not None
        options = self.play_options()
        hand = self.hands[self.turn]
        actions = ["play " + " ".join(self.representative(combo, hand)) for combo in options]
        if self._may_pass(options):
            actions.append("pass")
        return actions

    def representative(self, combo: Combo, hand: list[str]) -> list[str]:
        """The lowest cards in display order that form ``combo`` (preferring required ones)."""
        required = self._required_cards()
        ordered = sorted(hand, key=lambda card: card not in required)  # stable: display order
        needed = Counter(combo.ranks)
        chosen: list[str] = []
        for card in ordered:
            rank = self.rules.rank_index(card)
            if needed[rank]:
                needed[rank] -= 1
                chosen.append(card)
        return sort_cards(chosen, self.rules.rank_order)

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

    def _perform_play(self, cards: list[str], combo: Combo) -> None:
        seat = self.turn
        assert seat is not None
        response = self.top is not None
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.top = {"seat": seat, "cards": cards, "combo": [*combo[:4], list(combo.ranks)]}
        self.passes = 0
        self.plays_made[seat] += 1
        self.events.append(
            {
                "type": "play",
                "seat": seat,
                "action": "play " + " ".join(cards),
                "cards": cards,
                "kind": combo.kind,
                "left": len(hand),
            }
        )
        self._after_play(seat, combo, response)
        if not hand:
            self.winner = seat
            self.turn = None
            self._finish(seat)
        else:
            self.turn = self._next_seat(seat)

    def _perform_pass(self) -> None:
        seat = self.turn
        assert seat is not None and self.top is not None
        self.events.append({"type": "pass", "seat": seat, "action": "pass"})
        self.passes += 1
        if self.passes == len(self.hands) - 1:
            leader = self.top["seat"]
            self._after_round(leader)
            self.events.append({"type": "round_end", "leader": leader})
            self.top = None
            self.passes = 0
            self.turn = leader
        else:
            self.turn = self._next_seat(seat)

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
    return [card for e in events if e["type"] == "play" and e["seat"] == seat for card in e["cards"]]
