"""Knowledge for the climbing games: splitting a hand into plays, and the ``basic`` policy.

The policy reads a :class:`Table`: the player's own hand and what everybody may know (top
play, hand sizes, roles). A Table is built from a view (``Table.from_view``) when a bot
acts, or straight from a state for the seats of a simulated world (``Table.from_state``),
which is the same information without the cost of building a whole view.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..climbing import ClimbingRules, ClimbingState, Combo, classify, plays, representatives
from ..engine import Game, State
from ..games import doudizhu, runfast
from .search import SearchBot

BOMB_KINDS = frozenset({"bomb", "rocket", "ace_bomb", "sky_bomb"})


@dataclass
class Table:
    """What a climbing-game seat knows that the policy uses."""

    game: str
    seat: int
    hand: list[str]
    top_seat: int | None
    top: Combo | None
    hand_sizes: list[int]
    landlord: int | None  # Dou Dizhu only
    phase: str  # 'auction' or 'play'
    bid: int
    opening: bool
    legal: list[str] | None  # the listed actions, when at hand

    @property
    def rules(self) -> ClimbingRules:
        return doudizhu.RULES if self.game == "doudizhu" else runfast.RULES

    def is_partner(self, seat: int) -> bool:
        """Farmers are partners in Dou Dizhu; nobody is in Run Fast."""
        if self.game != "doudizhu" or self.landlord is None:
            return False
        return seat != self.seat and self.landlord not in (seat, self.seat)

    def enemies(self) -> list[int]:
        seats = range(len(self.hand_sizes))
        return [s for s in seats if s != self.seat and not self.is_partner(s)]

    @staticmethod
    def from_view(view: dict[str, Any]) -> Table:
        rules = doudizhu.RULES if view["game"] == "doudizhu" else runfast.RULES
        top = view.get("top")
        plays_made = sum(view["plays_made"])
        combo = None
        if top is not None:  # the deal's first play may be Run Fast's sky bomb
            combo = classify(rules.counts(top["cards"]), rules, opening=plays_made == 1)
        return Table(
            game=view["game"],
            seat=view["seat"],
            hand=list(view["hand"]),
            top_seat=None if top is None else top["seat"],
            top=combo,
            hand_sizes=list(view["hand_sizes"]),
            landlord=view.get("landlord"),
            phase=view.get("phase", "play"),
            bid=view.get("bid", 0),
            opening=plays_made == 0,
            legal=list(view["legal_actions"]),
        )

    @staticmethod
    def from_state(state: ClimbingState) -> Table:
        seat = state.turn
        assert seat is not None
        top = state.top
        return Table(
            game=state.game.name,
            seat=seat,
            hand=state.hands[seat],
            top_seat=None if top is None else top["seat"],
            top=state.top_combo(),
            hand_sizes=[len(hand) for hand in state.hands],
            landlord=getattr(state, "landlord", None),
            phase=getattr(state, "phase", "play"),
            bid=getattr(state, "bid", 0),
            opening=state.opening,
            legal=None,
        )


# ---------------------------------------------------------------------------------------
# Splitting a hand into plays


@lru_cache(maxsize=1 << 18)
def split(counts: tuple[int, ...], rules: ClimbingRules) -> tuple[Combo, ...]:
    """A split of the hand into as few combination "bodies" as possible (singles, pairs,
    triples, sequences, bombs, rocket), weaker cards leading ties. Attachments (wings)
    are added by :func:`attach`. Memoised: hands shrink by whole plays, so the searches of
    one deal keep meeting the same hands."""
    if not any(counts):
        return ()
    lowest = next(rank for rank, n in enumerate(counts) if n)
    best: tuple[Combo, ...] | None = None
    best_cost = 1e9
    for body in _bodies_from(counts, lowest, rules):
        rest = list(counts)
        for rank in body.ranks:
            rest[rank] -= 1
        tail = split(tuple(rest), rules)
        cost = _cost((body, *tail))
        if cost < best_cost:
            best, best_cost = (body, *tail), cost
    assert best is not None
    return best


def _cost(bodies: tuple[Combo, ...]) -> float:
    """Plays needed, less the triples that can carry a single or pair, with a small
    charge for low singles (hard to get rid of) and credit for bombs (they take control)."""
    carriers = sum(body.size // 3 for body in bodies if body.kind in ("triple", "plane"))
    loose = sum(1 for body in bodies if body.kind in ("single", "pair") and body.key < 12)
    cost = float(len(bodies) - min(carriers, loose))
    cost -= 0.8 * sum(1 for body in bodies if body.kind in BOMB_KINDS)
    cost += sum(0.02 * (12 - body.key) for body in bodies if body.kind == "single")
    return cost


def _bodies_from(counts: tuple[int, ...], rank: int, rules: ClimbingRules) -> list[Combo]:
    """Bodies that contain ``rank``, the lowest rank held."""
    n = counts[rank]
    found = [Combo("single", 1, rank, 0, (rank,))]
    if rules.is_joker(rank):
        if rules.jokers and counts[rules.red_joker] and rank == rules.black_joker:
            found.append(Combo("rocket", 2, rules.red_joker, 1000, (rank, rules.red_joker)))
        return found
    if n >= 2:
        found.append(Combo("pair", 2, rank, 0, (rank, rank)))
    if n == 3 and rules.ace_bomb and rank == rules.ace:
        found = [Combo("ace_bomb", 3, rank, 100, (rank,) * 3)]
    elif n >= 3 and "triple" in rules.kinds:
        found.append(Combo("triple", 3, rank, 0, (rank,) * 3))
    if n == 4:
        found = [Combo("bomb", 4, rank, 1 + rank, (rank,) * 4)]  # never split a bomb
    for width, kind, minimum in (
        (1, "straight", rules.min_straight),
        (2, "pair_run", rules.min_pair_run),
        (3, "plane", rules.min_plane),
    ):
        if kind not in rules.kinds:
            continue
        last = rank
        while last <= rules.sequence_top and counts[last] >= width:
            length = last - rank + 1
            if length >= minimum:
                ranks = tuple(r for r in range(rank, last + 1) for _ in range(width))
                found.append(Combo(kind, len(ranks), last, 0, ranks))
            last += 1
    return found


def attach(bodies: tuple[Combo, ...], rules: ClimbingRules) -> list[Combo]:
    """Plays from a split: triples and planes carry the lowest loose singles or pairs."""
    plays_: list[Combo] = []
    singles = sorted((b for b in bodies if b.kind == "single" and b.key < 12), key=_key)
    pairs = sorted((b for b in bodies if b.kind == "pair" and b.key < 12), key=_key)
    carriers = sorted((b for b in bodies if b.kind in ("triple", "plane")), key=_key)
    rest = [b for b in bodies if b not in singles and b not in pairs and b not in carriers]
    kinds = rules.kinds
    for carrier in carriers:
        k = carrier.size // 3
        prefix = "triple" if carrier.kind == "triple" else "plane"
        if f"{prefix}_single" in kinds and len(singles) >= k and len(singles) >= len(pairs):
            wings, singles = singles[:k], singles[k:]
            plays_.append(_merge(f"{prefix}_single", carrier, wings))
        elif f"{prefix}_pair" in kinds and len(pairs) >= k:
            wings, pairs = pairs[:k], pairs[k:]
            plays_.append(_merge(f"{prefix}_pair", carrier, wings))
        elif f"{prefix}_single" in kinds and len(singles) >= k:
            wings, singles = singles[:k], singles[k:]
            plays_.append(_merge(f"{prefix}_single", carrier, wings))
        else:
            plays_.append(carrier)
    return sorted([*plays_, *singles, *pairs, *rest], key=_key)


def _key(combo: Combo) -> int:
    return combo.key


def _merge(kind: str, carrier: Combo, wings: list[Combo]) -> Combo:
    ranks = tuple(sorted([*carrier.ranks, *(r for w in wings for r in w.ranks)]))
    return Combo(kind, len(ranks), carrier.key, 0, ranks)


def plan(hand_counts: list[int], rules: ClimbingRules) -> list[Combo]:
    return attach(split(tuple(hand_counts), rules), rules)


# ---------------------------------------------------------------------------------------
# The basic policy


def basic_action(table: Table) -> str:
    """The ``basic`` bot's choice: bid on strength; play by the hand's split, keep bombs
    for when they matter, and (farmers) never overtake a partner who holds the round."""
    if table.phase == "auction":
        return _bid(table)
    return "play " + " ".join(_cards(table, choice)) if (choice := _choose(table)) else "pass"


def _bid(table: Table) -> str:
    rules = table.rules
    counts = rules.counts(table.hand)
    strength = counts[12] + 1.0 * counts[13] + 1.5 * counts[14]
    strength += 2 * sum(1 for rank in range(13) if counts[rank] == 4)
    strength += 0.5 * counts[11]
    strength -= 0.25 * max(0, len(plan(counts, rules)) - 6)
    wanted = 3 if strength >= 6 else 2 if strength >= 4.5 else 1 if strength >= 3 else 0
    return f"bid {wanted}" if wanted > table.bid else "pass"


def _choose(table: Table) -> Combo | None:
    rules = table.rules
    counts = rules.counts(table.hand)
    options = plays(counts, rules, table.top, table.opening)
    if table.opening and table.game == "runfast":
        options = [combo for combo in options if 0 in combo.ranks]
    must_play = table.top is None or (table.game == "runfast" and bool(options))
    if not options:
        return None
    total = sum(counts)
    finishing = [combo for combo in options if combo.size == total]
    if finishing:
        return finishing[0]
    if table.top is None:
        return _lead(table, counts, options)
    if table.top_seat is not None and table.is_partner(table.top_seat) and not must_play:
        return None  # let the partner's play hold the round
    return _follow(table, counts, options, must_play)


def _danger(table: Table) -> int:
    """Fewest cards an enemy holds."""
    return min(table.hand_sizes[s] for s in table.enemies())


def _lead(table: Table, counts: list[int], options: list[Combo]) -> Combo:
    rules = table.rules
    planned = plan(counts, rules)
    ordinary = [p for p in planned if p.kind not in BOMB_KINDS]
    if not ordinary:
        return min(planned, key=lambda p: p.power)
    if len(ordinary) == 1 and len(planned) > 1:
        return min((p for p in planned if p.kind in BOMB_KINDS), key=lambda p: p.power)
    if table.opening and table.game == "runfast":  # the first play must hold 3H
        return _legalise(next(p for p in planned if 0 in p.ranks), options)
    danger = _danger(table)
    candidates = ordinary
    if danger == 1:  # an enemy is on its last card: avoid leading a low single
        non_single = [p for p in ordinary if p.kind != "single"]
        candidates = non_single or [max(ordinary, key=_key)]
    elif danger == 2:
        safer = [p for p in ordinary if p.kind != "pair"]
        candidates = safer or candidates
    # Shed the most cards with the weakest key first.
    choice = min(candidates, key=lambda p: (p.key - 2 * (p.size - 1), p.key))
    return _legalise(choice, options)


def _legalise(choice: Combo, options: list[Combo]) -> Combo:
    """The listed option with the same ranks (plans and options agree on shapes)."""
    for option in options:
        if option.ranks == choice.ranks:
            return option
    return options[0]


def _follow(table: Table, counts: list[int], options: list[Combo], must_play: bool) -> Combo | None:
    rules = table.rules
    planned = plan(counts, rules)
    current = len(planned)
    ordinary = [c for c in options if not c.power]
    in_plan = [c for c in ordinary if any(p.ranks == c.ranks for p in planned)]
    if in_plan:
        return min(in_plan, key=_key)
    danger = _danger(table)
    enemy_on_top = table.top_seat is not None and not table.is_partner(table.top_seat)
    best, best_cost = None, 1e9
    for combo in ordinary:
        rest = list(counts)
        for rank in combo.ranks:
            rest[rank] -= 1
        cost = len(plan(rest, rules)) - (current - 1)
        if cost < best_cost or (cost == best_cost and best is not None and combo.key < best.key):
            best, best_cost = combo, cost
    if best is not None and (best_cost <= 1 or danger <= 3 or must_play):
        return best
    bombs = sorted((c for c in options if c.power), key=lambda c: c.power)
    if bombs and (must_play or (enemy_on_top and (danger <= 4 or current <= 3))):
        return bombs[0]
    return best if must_play else None


def _cards(table: Table, combo: Combo) -> list[str]:
    """The cards from the hand forming ``combo`` (3H first in Run Fast's opening)."""
    required = ("3H",) if table.opening and table.game == "runfast" else ()
    return representatives([combo], table.hand, table.rules, required)[0]


class BasicBot:
    """The ``basic`` level: :func:`basic_action` on the view."""

    def act(self, view: dict[str, Any]) -> str:
        return basic_action(Table.from_view(view))


def rollout_policy(state: State) -> str:
    """``basic`` for the seat to act in a simulated world, without building a view."""
    assert isinstance(state, ClimbingState)
    return basic_action(Table.from_state(state))


def rank_candidates(view: dict[str, Any]) -> list[str]:
    """Legal actions, most promising first: basic's choice, then plays of the hand's
    split, then passing, then the rest by how little they break the hand."""
    legal = list(view["legal_actions"])
    table = Table.from_view(view)
    first = basic_action(table)
    if table.phase == "auction":
        return [first, *(a for a in legal if a != first)]
    rules = table.rules
    planned = {p.ranks for p in plan(rules.counts(table.hand), rules)}

    def score(action: str) -> tuple[int, int]:
        if action == first:
            return (0, 0)
        if action == "pass":
            return (2, 0)
        cards = action.split()[1:]
        ranks = tuple(sorted(rules.rank_index(c) for c in cards))
        return (1 if ranks in planned else 3, -len(cards))

    return sorted(legal, key=score)


def strong_bot(game: Game, seed: int = 0, budget: float = 1.0, **options: Any) -> SearchBot:
    return SearchBot(game, rollout_policy, rank_candidates, seed=seed, budget=budget, **options)
