"""Guandan bots: the ``basic`` hand-split policy and the ``strong`` search over it.

The policy reads a :class:`Seat`: the player's own hand and what everybody may know (the
top play, hand sizes, the level). A Seat is built from a view (``Seat.from_view``) when a
bot acts, or straight from a state for the seats of a simulated world
(``Seat.from_state``), the same information without the cost of a whole view.

The split (:func:`plan`) treats the hand as rank counts in natural order (``2 … A``), so
that sequences (with the ace low or high) and groups come out of one memoised search. The
two wild cards count as level cards (what they are when they stand for themselves) unless
standing for another rank saves a play or more, such as a triple made a bomb or a gap in
a straight filled; straight flushes are taken out first when that does not cost the rest
of the hand more than the bomb is worth.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from ..climbing import (
    SEQUENCE_RANKS,
    ClimbingRules,
    Combo,
    Play,
    beats,
    classify_printed,
    same_kind_plays,
    wild_plays,
)
from ..engine import Game, State
from ..games.guandan import GuandanState
from ..games.guandan import rules as gd
from .search import SearchBot

NATURAL = "23456789TJQKA"  # split positions 0 … 12
BOMB_KINDS = frozenset({"bomb", "straight_flush", "joker_bomb"})
Body = tuple[str, tuple[str, ...], str]  # kind, rank letters (jokers 'BJ'/'RJ'), flush suit


@dataclass
class Seat:
    """What a Guandan seat knows that the policy uses."""

    seat: int
    hand: list[str]
    level: int
    top_seat: int | None
    top: Combo | None
    hand_sizes: list[int]
    phase: str
    return_choices: list[str]

    @property
    def rules(self) -> ClimbingRules:
        return gd.rules_at(self.level)

    @staticmethod
    def from_view(view: dict[str, Any]) -> Seat:
        rules = gd.rules_at(view["level"])
        top = view["top"]
        combo = None
        if top is not None:
            combo = _read(top["cards"], top["as"], top["kind"], rules)
        choices = []
        if view["phase"] == "return":
            choices = [action.split()[1] for action in view["legal_actions"]]
        return Seat(
            seat=view["seat"],
            hand=list(view["hand"]),
            level=view["level"],
            top_seat=None if top is None else top["seat"],
            top=combo,
            hand_sizes=list(view["hand_sizes"]),
            phase=view["phase"],
            return_choices=choices,
        )

    @staticmethod
    def from_state(state: GuandanState) -> Seat:
        seat = state.turn
        assert seat is not None
        top = state.top
        return Seat(
            seat=seat,
            hand=state.hands[seat],
            level=state.level,
            top_seat=None if top is None else top["seat"],
            top=state.top_combo(),
            hand_sizes=[len(hand) for hand in state.hands],
            phase=state.phase,
            return_choices=state.return_choices() if state.phase == "return" else [],
        )

    def opponents_left(self) -> list[int]:
        """The cards each opponent still holding cards has."""
        return [
            n for s, n in enumerate(self.hand_sizes) if n and gd.team_of(s) != gd.team_of(self.seat)
        ]

    def danger(self) -> int:
        """Fewest cards an opponent still in the deal holds (99 when both are out)."""
        return min(self.opponents_left(), default=99)


def _read(cards: list[str], shown: list[str] | None, kind: str, rules: ClimbingRules) -> Combo:
    """The combination of a play on the table, from its cards and what they stand for."""
    readings = classify_printed(shown if shown is not None else cards, rules)
    return next((c for c in readings if c.kind == kind), readings[0])


# ---------------------------------------------------------------------------------------
# Splitting a hand into plays


@cache
def _strength(letter: str, level: str) -> int:
    """Single-card strength of a rank letter: 0 for the weakest … 12 for the level rank,
    13 and 14 for the jokers."""
    if letter == "BJ":
        return 13
    if letter == "RJ":
        return 14
    if letter == level:
        return 12
    position = NATURAL.index(letter)
    return position - (position > NATURAL.index(level))


def _body_value(body: Body, level: str) -> float:
    """How strong a body is among its kind, on the single-card scale (sequences by their
    top natural position, stretched to it)."""
    kind, letters, _ = body
    if kind in ("straight", "tube", "plate", "straight_flush"):
        return _sequence_top(letters) * 12 / 13
    if kind == "full_house":
        triple = Counter(letters).most_common(1)[0][0]
        return _strength(triple, level)
    return _strength(letters[0], level)


def _sequence_top(letters: tuple[str, ...]) -> int:
    """The top natural position (0 = low ace … 13 = high ace) of a sequence's letters."""
    positions = {SEQUENCE_RANKS.index(letter) for letter in letters}
    if "A" in letters and 1 in positions:  # the ace low: A 2 …
        return max(positions - {0})
    return 13 if "A" in letters else max(positions)


def _split(counts: tuple[int, ...], level: str) -> tuple[float, tuple[Body, ...]]:
    """The cheapest split (see :func:`_body_cost`) of natural-order counts into singles,
    pairs, triples, bombs, straights, tubes and plates: its cost and its bodies."""
    base, triples, pairs, bodies = _search(counts, level)
    return (base - min(triples, pairs), bodies)


@lru_cache(maxsize=1 << 18)
def _search(counts: tuple[int, ...], level: str) -> tuple[float, int, int, tuple[Body, ...]]:
    """:func:`_split` as (cost before the full houses, triples, pairs, bodies), so that a
    longer hand's cost adds up from its tail's. Memoised: hands shrink by whole plays, so
    the rollouts of one deal keep meeting the same hands."""
    lowest = next((p for p, n in enumerate(counts) if n), None)
    if lowest is None:
        return (0.0, 0, 0, ())
    best: tuple[float, int, int, tuple[Body, ...]] = (0.0, 0, 0, ())
    best_cost = 1e9
    costs = _costs(level)
    for body, used in _bodies_from(counts, lowest):
        rest = list(counts)
        for position in used:
            rest[position] -= 1
        base, triples, pairs, tail = _search(tuple(rest), level)
        kind = body[0]
        base += costs[kind, body[1][0]]
        triples += kind == "triple"
        pairs += kind == "pair"
        cost = base - min(triples, pairs)
        if cost < best_cost:
            best, best_cost = (base, triples, pairs, (body, *tail)), cost
    return best


@cache
def _costs(level: str) -> dict[tuple[str, str], float]:
    """Each body's share of a split's cost, by kind and (first) rank letter: one play, a
    small charge for low singles and pairs, credit for bombs (they take the lead back)."""
    costs = {}
    for letter in [*NATURAL, "BJ", "RJ"]:
        strength = _strength(letter, level)
        for kind in ("triple", "straight", "tube", "plate", "full_house"):
            costs[kind, letter] = 1.0
        costs["single", letter] = 1.0 + 0.03 * (12 - strength)
        costs["pair", letter] = 1.0 + 0.01 * (12 - strength)
        for kind in BOMB_KINDS:
            costs[kind, letter] = 1.0 - BOMB_CREDIT
    return costs


BOMB_CREDIT = 1.2


def _bodies_from(counts: tuple[int, ...], p: int) -> list[tuple[Body, list[int]]]:
    """Bodies that contain position ``p``, the lowest held, with the positions they use."""
    n = counts[p]
    letter = NATURAL[p]
    if n >= 4:  # never split a bomb
        return [(("bomb", (letter,) * n, ""), [p] * n)]
    # The copies no sequence takes stay together (a pair is not split into two singles).
    found: list[tuple[Body, list[int]]] = [((_GROUPS[n], (letter,) * n, ""), [p] * n)]
    for kind, width, runs in _RUNS[p]:
        if n < width:
            continue
        for run in runs:
            if all(counts[q] >= width for q in run):
                letters = tuple(NATURAL[q] for q in sorted(run) for _ in range(width))
                found.append(((kind, letters, ""), [q for q in run for _ in range(width)]))
    return found


def _runs_at(p: int) -> list[tuple[str, int, list[list[int]]]]:
    """The sequences whose lowest held position is ``p``: (kind, width, position runs)."""
    found = []
    for kind, length, width in (("straight", 5, 1), ("tube", 3, 2), ("plate", 2, 3)):
        runs = [list(range(p, p + length))] if p + length <= len(NATURAL) else []
        if p == 0:  # the ace low: A 2 3 …
            runs.append([12, *range(0, length - 1)])
        found.append((kind, width, runs))
    return found


_RUNS = [_runs_at(p) for p in range(len(NATURAL))]
# Natural positions of each rank letter as bits (the ace at both ends).
_SEQUENCE_BITS = {
    letter: sum(1 << p for p, held in enumerate(SEQUENCE_RANKS) if held == letter)
    for letter in NATURAL
}
_GROUPS = {1: "single", 2: "pair", 3: "triple"}


@dataclass(frozen=True)
class Plan:
    """A hand's split: the bodies (full houses assembled) and the play each one is."""

    cost: float
    plays: tuple[Play, ...]
    bodies: tuple[Body, ...]


def plan(hand: list[str], level: int) -> Plan:
    return _plan(tuple(hand), level)


@lru_cache(maxsize=1 << 16)
def _plan(hand: tuple[str, ...], level: int) -> Plan:
    rules = gd.rules_at(level)
    letter = gd.LEVEL_RANKS[level]
    wild = rules.wild
    assert wild is not None
    wilds = hand.count(wild)
    naturals = [card for card in hand if card != wild]
    jokers = tuple(card for card in naturals if card in ("BJ", "RJ"))
    ranked = [card for card in naturals if card not in ("BJ", "RJ")]
    counts = [0] * len(NATURAL)
    for card in ranked:
        counts[NATURAL.index(card[0])] += 1

    flushes: list[Body] = []
    cost, bodies, wilds = _best_flushes(ranked, counts, wilds, letter, flushes)
    joker_bodies = _joker_bodies(jokers)
    bodies = (*flushes, *bodies, *joker_bodies)
    cost += sum(1 - BOMB_CREDIT if body[0] in BOMB_KINDS else 1.0 for body in joker_bodies)
    bodies = _full_houses(bodies, letter)
    plays = _plays_of(bodies, list(hand), rules)
    return Plan(cost, plays, bodies)


def _best_flushes(
    ranked: list[str], counts: list[int], wilds: int, level: str, flushes: list[Body]
) -> tuple[float, tuple[Body, ...], int]:
    """Take out the straight flushes worth more than what they break (greedily, at most
    two); ``flushes`` receives them. The split of the rest and the wilds left."""
    cost, bodies = _with_wilds(tuple(counts), wilds, level)
    for _ in range(2):
        best: tuple[float, tuple[Body, ...], Body, list[str], int] | None = None
        masks = dict.fromkeys("SHDC", 0)
        for card in ranked:
            masks[card[1]] |= _SEQUENCE_BITS[card[0]]
        for suit, mask in masks.items():
            for top in range(4, 14):
                missing = 5 - (mask >> (top - 4) & 0b11111).bit_count()
                if missing > min(wilds, 1):
                    continue
                letters = [SEQUENCE_RANKS[p] for p in range(top - 4, top + 1)]
                held = {letter for letter in letters if mask >> SEQUENCE_RANKS.index(letter) & 1}
                rest = list(counts)
                used = [letter + suit for letter in letters if letter in held]
                for card in used:
                    rest[NATURAL.index(card[0])] -= 1
                trial, tail = _with_wilds(tuple(rest), wilds - missing, level)
                trial -= BOMB_CREDIT - 1
                if trial < cost - 0.3 and (best is None or trial < best[0]):
                    body: Body = ("straight_flush", tuple(letters), suit)
                    best = (trial, tail, body, used, wilds - missing)
        if best is None:
            break
        cost, bodies, body, used, wilds = best
        flushes.append(body)
        for card in used:
            ranked.remove(card)
            counts[NATURAL.index(card[0])] -= 1
    return cost, bodies, wilds


def _with_wilds(counts: tuple[int, ...], wilds: int, level: str) -> tuple[float, tuple[Body, ...]]:
    """The split with each wild card standing for the rank that helps most: itself (a
    level card) unless another rank saves at least a play."""
    return _wilds_split(counts, wilds, level)


@lru_cache(maxsize=1 << 16)
def _wilds_split(counts: tuple[int, ...], wilds: int, level: str) -> tuple[float, tuple[Body, ...]]:
    base = list(counts)
    level_at = NATURAL.index(level)
    chosen: list[int] = []
    for _ in range(wilds):
        own = list(base)
        own[level_at] += 1 + wilds - len(chosen) - 1
        best_cost, _ = _split(tuple(own), level)
        best_at = level_at
        for p in range(len(NATURAL)):
            if p == level_at or not (base[p] in (2, 3) or (base[p] == 0 and _near(base, p))):
                continue  # a wild card makes a bomb or fills a gap, or stands for itself
            trial = list(base)
            trial[p] += 1
            trial[level_at] += wilds - len(chosen) - 1
            cost, _ = _split(tuple(trial), level)
            if cost < best_cost - 0.99:
                best_cost, best_at = cost, p
        chosen.append(best_at)
        base[best_at] += 1
    return _split(tuple(base), level)


def _near(counts: list[int], p: int) -> bool:
    """Whether a position has held neighbours on both sides (a gap a wild could fill)."""
    below = counts[p - 1] if p > 0 else counts[12]
    above = counts[p + 1] if p < 12 else counts[0]
    return bool(below and above)


def _joker_bodies(jokers: tuple[str, ...]) -> list[Body]:
    held = Counter(jokers)
    if held["BJ"] == 2 and held["RJ"] == 2:
        return [("joker_bomb", ("BJ", "BJ", "RJ", "RJ"), "")]
    bodies: list[Body] = []
    for joker in ("BJ", "RJ"):
        if held[joker] == 2:
            bodies.append(("pair", (joker, joker), ""))
        elif held[joker] == 1:
            bodies.append(("single", (joker,), ""))
    return bodies


def _full_houses(bodies: tuple[Body, ...], level: str) -> tuple[Body, ...]:
    """Triples carry the lowest pairs (not jokers nor level cards) as full houses."""
    value = {body: _body_value(body, level) for body in bodies}
    triples = sorted((b for b in bodies if b[0] == "triple"), key=value.__getitem__)
    pairs = sorted((b for b in bodies if b[0] == "pair" and value[b] < 11), key=value.__getitem__)
    merged: list[Body] = []
    for triple, pair in zip(triples, pairs, strict=False):
        merged.append(("full_house", (*triple[1], *pair[1]), ""))
    rest = list(bodies)
    for body in [*triples[: len(merged)], *pairs[: len(merged)]]:
        rest.remove(body)
    return tuple(sorted([*merged, *rest], key=lambda b: (value.get(b, 0.0), b)))


def _plays_of(bodies: tuple[Body, ...], hand: list[str], rules: ClimbingRules) -> tuple[Play, ...]:
    """The bodies as plays from disjoint cards of the hand: the natural cards first (in
    display order), a wild card for each one missing."""
    wild = rules.wild
    assert wild is not None
    pool: dict[str, list[str]] = {}
    for card in hand:
        if card != wild:
            pool.setdefault(card if card in ("BJ", "RJ") else card[0], []).append(card)
    wilds = hand.count(wild)
    # Straight flushes take their suited cards first, then bombs, then the rest.
    order = sorted(
        range(len(bodies)),
        key=lambda i: (bodies[i][0] != "straight_flush", bodies[i][0] not in BOMB_KINDS),
    )
    plays: list[Play | None] = [None] * len(bodies)
    for i in order:
        kind, letters, suit = bodies[i]
        naturals: list[str] = []
        targets: list[str] = []
        if kind == "straight_flush":
            for letter in letters:
                card = letter + suit
                if card != wild and card in pool.get(letter, []):
                    pool[letter].remove(card)
                    naturals.append(card)
                else:
                    targets.append(card)
        else:
            for letter, group in Counter(letters).items():
                have = pool.get(letter, [])
                take = have[:group]
                del have[:group]
                naturals.extend(take)
                targets.extend([letter + "H"] * (group - len(take)))
            hearts = bool(naturals) and all(card[1] == "H" for card in naturals)
            if kind in ("straight", "tube", "plate") and targets and hearts:
                targets = [t[0] + "S" for t in targets]  # not a straight flush
        targets = [wild if t == wild else t for t in targets]
        wilds -= len(targets)
        combo = _combo_of(kind, naturals, targets, rules)
        plays[i] = Play(combo, tuple(naturals), tuple(targets))
    assert wilds >= 0
    return tuple(play for play in plays if play is not None)


def _combo_of(kind: str, naturals: list[str], targets: list[str], rules: ClimbingRules) -> Combo:
    readings = classify_printed([*naturals, *targets], rules)
    return next((c for c in readings if c.kind == kind), readings[0])


# ---------------------------------------------------------------------------------------
# The basic policy


def basic_action(seat: Seat) -> str:
    """The ``basic`` bot's choice: return the card that breaks least; lead the weakest
    part of the split; follow with the cheapest play that beats the table; leave a
    partner's play alone; bomb when an opponent is nearly out or the table is strong."""
    if seat.phase == "return":
        return "return " + _return_card(seat)
    choice = _choose(seat)
    return "pass" if choice is None else choice.action(seat.rules)


def _return_card(seat: Seat) -> str:
    choices = seat.return_choices
    rules = seat.rules

    def score(card: str) -> tuple[float, int]:
        rest = list(seat.hand)
        rest.remove(card)
        return (plan(rest, seat.level).cost, rules.rank_index(card))

    return min(choices, key=score)


def _choose(seat: Seat) -> Play | None:
    planned = plan(seat.hand, seat.level)
    size = len(seat.hand)
    top = seat.top
    if top is None:
        return _lead(seat, planned)
    top_seat = seat.top_seat
    assert top_seat is not None
    finishing = [p for p in planned.plays if _size(p) == size and beats(p.combo, top)]
    if len(planned.plays) == 1 and finishing:
        return finishing[0]
    if gd.team_of(top_seat) == gd.team_of(seat.seat):
        return None  # the partner holds the round
    return _follow(seat, planned, top)


def _size(play: Play) -> int:
    return len(play.naturals) + len(play.targets)


def _lead(seat: Seat, planned: Plan) -> Play:
    plays = list(planned.plays)
    if len(plays) == 1:
        return plays[0]
    level = gd.LEVEL_RANKS[seat.level]
    value = dict(zip(plays, (_body_value(b, level) for b in planned.bodies), strict=True))
    ordinary = [p for p in plays if p.combo.kind not in BOMB_KINDS]
    bombs = sorted((p for p in plays if p.combo.kind in BOMB_KINDS), key=lambda p: p.combo.power)
    if not ordinary:
        return bombs[0]
    if len(ordinary) == 1 and bombs:
        return bombs[0]  # take the lead back with a bomb, then go out with the last play
    partner = gd.partner_of(seat.seat)
    if seat.hand_sizes[partner] == 1:  # help the partner out with a low single
        singles = [p for p in ordinary if p.combo.kind == "single"]
        if singles:
            return min(singles, key=value.__getitem__)
    danger = seat.danger()
    candidates = ordinary
    if danger == 1:  # an opponent is on its last card: no low single
        candidates = [p for p in ordinary if p.combo.kind != "single"] or [
            max(ordinary, key=value.__getitem__)
        ]
    elif danger == 2:
        candidates = [p for p in ordinary if p.combo.kind != "pair"] or ordinary
    # Shed the most cards with the weakest play first.
    return min(candidates, key=lambda p: (value[p] - 2 * (_size(p) - 1), value[p]))


def _follow(seat: Seat, planned: Plan, top: Combo) -> Play | None:
    danger = seat.danger()
    ordinary = [p for p in planned.plays if not p.combo.power and beats(p.combo, top)]
    if ordinary:
        return min(ordinary, key=lambda p: p.combo.key)
    # Plays of the table's kind only: the bombs worth playing are the split's.
    options = same_kind_plays(seat.hand, seat.rules, top)  # [] on a bomb
    size = len(seat.hand)
    finishing = [p for p in options if _size(p) == size]
    if finishing:
        return finishing[0]
    current = len(planned.plays)
    best: Play | None = None
    best_cost = 1e9
    cheap = sorted(
        (p for p in options if not p.combo.power and (not p.targets or danger <= 4)),
        key=lambda p: p.combo.key,
    )
    for option in cheap[:4]:
        rest = Counter(seat.hand)
        rest.subtract(option.cards(seat.rules))
        after = plan(sorted(rest.elements(), key=seat.hand.index), seat.level)
        cost = len(after.plays) - (current - 1)
        if cost < best_cost:
            best, best_cost = option, cost
    if best is not None and (best_cost <= 1 or danger <= 3):
        return best
    bombs = [p for p in planned.plays if p.combo.power and beats(p.combo, top)]
    if not bombs:
        return None
    strong_top = top.power > 0 or top.key >= 12 or top.size >= 5
    if danger <= 4 or current <= 3 or (strong_top and danger <= 8):
        return min(bombs, key=lambda p: p.combo.power)
    return None


class BasicBot:
    """The ``basic`` level: :func:`basic_action` on the view."""

    def act(self, view: dict[str, Any]) -> str:
        return basic_action(Seat.from_view(view))


def rollout_policy(state: State) -> str:
    """``basic`` for the seat to act in a simulated world, without building a view."""
    assert isinstance(state, GuandanState)
    return basic_action(Seat.from_state(state))


# ---------------------------------------------------------------------------------------
# The strong bot


def _play_key(play: Play) -> tuple[Any, ...]:
    """What makes two plays the same action (climbing.py, "Equivalent plays")."""
    suit = play.naturals[0][1] if play.combo.kind == "straight_flush" and play.naturals else ""
    ranks = tuple(sorted(card if card in ("BJ", "RJ") else card[0] for card in play.naturals))
    return (play.combo, len(play.targets), ranks, suit)


def rank_candidates(view: dict[str, Any]) -> list[str]:
    """Legal actions, most promising first: basic's choice, then the plays of the hand's
    split, then passing, then the rest, plays that keep the wild cards first."""
    legal = list(view["legal_actions"])
    seat = Seat.from_view(view)
    first = basic_action(seat)
    if seat.phase == "return":
        return [first, *(a for a in legal if a != first)]
    rules = seat.rules
    options = wild_plays(seat.hand, rules, seat.top)
    by_action = {play.action(rules): play for play in options}
    planned = {_play_key(play) for play in plan(seat.hand, seat.level).plays}
    chosen = None
    if first != "pass":
        chosen = next(
            (
                _play_key(play)
                for play in plan(seat.hand, seat.level).plays
                if play.action(rules) == first
            ),
            None,
        )

    def score(action: str) -> tuple[int, int, int]:
        if action == "pass":
            return (2, 0, 0)
        play = by_action.get(action)
        if play is None:
            return (4, 0, 0)
        key = _play_key(play)
        return (1 if key in planned else 3, len(play.targets), -_size(play))

    rest = sorted(
        (
            a
            for a in legal
            if a != first and (a not in by_action or _play_key(by_action[a]) != chosen)
        ),
        key=score,
    )
    return [first, *rest]


class GuandanSearchBot(SearchBot):
    """:class:`SearchBot` whose rollouts stop at the end of the current deal, scored by
    the deal's result for the bot's team: its level advance minus the opponents'. It
    keeps basic's choice (the first candidate) unless another beats it world by world by
    more than ``KEEP_FIRST`` standard errors: a deal's margin swings by ±6 levels, so a
    handful of worlds says little, and a move that only looked better was losing."""

    def _playout(self, state: State, action: str, seat: int) -> float:
        assert isinstance(state, GuandanState)
        deal = state.deal_index
        state.apply(action)
        while state.turn is not None and state.deal_index == deal:
            state.apply(self.rollout(state))
        return deal_margin(state, seat)


def deal_margin(state: GuandanState, seat: int) -> float:
    """The last finished deal's level advance for ``seat``'s team minus the other's."""
    result = next(e for e in reversed(state.events) if e["type"] == "deal_result")
    team = gd.team_of(seat)
    advance = result["advance"]
    return float(advance[team] - advance[1 - team])


KEEP_FIRST = 2.0  # standard errors (a one-sided test at about 2 %)


def strong_bot(game: Game, seed: int = 0, budget: float = 1.0, **options: Any) -> SearchBot:
    options.setdefault("max_candidates", 4)
    options.setdefault("keep_first", KEEP_FIRST)
    return GuandanSearchBot(
        game, rollout_policy, rank_candidates, seed=seed, budget=budget, **options
    )


def is_bomb(view: dict[str, Any], action: str) -> bool:
    """Whether the listed play ``action`` is bomb-class (bombs, straight flushes, jokers)."""
    seat = Seat.from_view(view)
    plays = wild_plays(seat.hand, seat.rules, seat.top)
    return any(play.combo.power and play.action(seat.rules) == action for play in plays)
