"""Tractor bots: the ``basic`` rules of thumb and the ``strong`` search over them.

The policy reads a :class:`Table`, built from a view (what the seat may know): its hand,
the trick so far, every card played this deal and the suits each seat has shown void in.

- **Declaring**: declare a suit whose level card it holds when that suit would give it
  many trumps (jokers, level cards and the suit: :data:`DECLARE_TRUMPS`), the pair when it
  has one; overcall an opponent with a joker pair (no-trump) when the opponent's suit
  leaves it few trumps; never overcall its partner; pass otherwise.
- **Burying** (dealer): void the short plain suits that hold no point, ace nor pair, then
  the cheapest cards (low, unpaired, plain, no points); trumps and points only if forced.
- **Leading**: tractors first (plain suits, high ones), then pairs and singles nobody
  can beat (plain-suit aces, no opponent known void), else a low card of a short plain
  suit, no points.
- **Following**: the whole follow at once (``play c1 c2 …``): feed points (5, 10, K) to a
  partner whose play stands, beat an opponent only with a play that stays on top (or as
  the last hand), ruff with the cheapest trumps when void and the trick holds points,
  otherwise the cheapest legal cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import Any

from .. import tricks
from ..cards import SUITS, pack_54
from ..engine import Game, State, current_deal_events, new_game
from ..games.tractor import TractorState
from ..games.tractor import rules as tr
from ..tricks import TrickRules
from .search import SearchBot, SearchDecision

TRUMP = tr.TRUMP
JOKERS = ("BJ", "RJ")
FULL_PACK: Counter[str] = Counter({card: 2 for card in pack_54()})
DRAW_SHARE = 0.5  # of the hand in trumps: lead the top trumps to draw the opponents'
# Trumps (of 25 cards; 8.3 on average) that make a suit worth declaring. Low on purpose:
# the first declarer of deal 1 deals and defends; a threshold of 9 loses 0.10 ± 0.04
# levels a deal to this one (300 duplicate pairs of basic-against-basic deals, seeds 7000+).
DECLARE_TRUMPS = 6
NT_OVERCALL_AT_MOST = 7  # overcall an opponent's suit with jokers when it gives us this few


def card_points(card: str) -> int:
    return tr.CARD_POINTS.get(card[0], 0)


def points_of(cards: Iterable[str]) -> int:
    return tr.points(list(cards))


@cache
def card_table(level: int, trump: str | None) -> dict[str, tuple[str, int]]:
    """Each card's effective suit and strength (looked up far more often than computed)."""
    rules = tr.card_rules(level, trump)
    return {card: (rules.suit_of(card), rules.strength(card)) for card in pack_54()}


@cache
def cards_by_suit(level: int, trump: str | None) -> dict[str, tuple[str, ...]]:
    """Each effective suit's distinct cards, strongest first."""
    rules = tr.card_rules(level, trump)
    suits: dict[str, list[str]] = {}
    for card in pack_54():
        suits.setdefault(rules.suit_of(card), []).append(card)
    return {s: tuple(sorted(cs, key=rules.strength, reverse=True)) for s, cs in suits.items()}


# ---------------------------------------------------------------------------------------
# Shapes: singles, pairs, tractors (tricks.combination_of reads them)

Shape = tricks.Combination
Lookup = dict[str, tuple[str, int]]  # card -> (effective suit, strength): card_table


def pair_cards(cards: Iterable[str]) -> list[str]:
    """One card per identical pair among ``cards``."""
    return [card for card, n in Counter(cards).items() if n >= 2]


def tractors_of(pairs: Sequence[str], length: int, lookup: Lookup) -> list[list[str]]:
    """Every tractor of ``length`` pairs among the pair cards ``pairs`` (one suit), as the
    pair cards, lowest first; equal-strength pairs (off-suit level cards) give one each."""
    by_strength: dict[int, str] = {}
    for card in pairs:
        by_strength.setdefault(lookup[card][1], card)
    found = []
    for low in sorted(by_strength):
        run = [by_strength.get(low + i) for i in range(length)]
        if all(card is not None for card in run):
            found.append([card for card in run if card is not None])
    return found


def beats(mine: Shape, best: Shape) -> bool:
    """Whether a qualifying play ``mine`` beats the best play so far (trumps beat plain
    suits; the same suit by strength, ties to the earlier play)."""
    if mine.suit == best.suit:
        return mine.top > best.top
    return mine.suit == TRUMP


# ---------------------------------------------------------------------------------------
# What a seat knows


@dataclass
class Table:
    """What the seat to act knows that the policy uses."""

    seat: int
    hand: list[str]
    phase: str
    level: int
    trump: str | None
    legal: list[str]
    dealer: int
    declaration: dict[str, Any] | None
    trick: list[tuple[int, list[str]]]
    winning: int | None
    to_follow: int
    to_bury: int
    buried: list[str]
    attackers: list[int]
    played: Counter[str] = field(default_factory=Counter)
    voids: dict[int, set[str]] = field(default_factory=dict)
    # In a simulated world the follow choices are listed only if the policy needs them.
    list_legal: Callable[[], list[str]] | None = None
    _left: dict[str, Counter[str]] = field(default_factory=dict)

    def listed(self) -> list[str]:
        """The legal actions (asked of the world only when needed)."""
        if not self.legal and self.list_legal is not None:
            self.legal = self.list_legal()
        return self.legal

    @property
    def rules(self) -> TrickRules:
        return tr.card_rules(self.level, self.trump)

    @property
    def cards(self) -> Lookup:
        return card_table(self.level, self.trump)

    @cached_property
    def gone(self) -> Counter[str]:
        """Cards nobody else can hold: the hand, the cards played, the dealer's kitty."""
        gone = Counter(self.hand) + self.played
        if self.seat == self.dealer:
            gone += Counter(self.buried)
        return gone

    @cached_property
    def hand_lengths(self) -> Counter[str]:
        return self.lengths(self.hand)

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def suit(self, card: str) -> str:
        return card_table(self.level, self.trump)[card][0]

    def strength(self, card: str) -> int:
        return card_table(self.level, self.trump)[card][1]

    def lengths(self, cards: Iterable[str]) -> Counter[str]:
        """How many of ``cards`` each effective suit holds."""
        cards_of = card_table(self.level, self.trump)
        return Counter(cards_of[card][0] for card in cards)

    def in_suit(self, cards: Iterable[str], suit: str) -> list[str]:
        return [card for card in cards if self.suit(card) == suit]

    @staticmethod
    def from_view(view: dict[str, Any]) -> Table:
        level = int(view["level"])
        trump = view["trump"]
        table = Table(
            seat=int(view["seat"]),
            hand=list(view["hand"]),
            phase=str(view["phase"]),
            level=level,
            trump=trump,
            legal=list(view["legal_actions"]),
            dealer=int(view["dealer"]),
            declaration=view.get("declaration"),
            trick=[(int(p["seat"]), list(p["cards"])) for p in view.get("trick") or []],
            winning=view.get("winning"),
            to_follow=int(view.get("to_follow") or 0),
            to_bury=int(view.get("to_bury") or 0),
            buried=list(view.get("kitty") or []),
            attackers=list(view.get("attackers") or []),
        )
        if trump is not None:
            table.read_tricks(current_deal_events(view["events"]))
        return table

    @staticmethod
    def from_state(state: TractorState) -> Table:
        """The table of the seat to act in a simulated world: what its view would show,
        without building the view (the rollouts' hot path)."""
        seat = state.turn
        assert seat is not None
        dealer_sees = seat == state.dealer and state.phase in ("bury", "play")
        following = state.phase == "play" and bool(state.trick)
        table = Table(
            seat=seat,
            hand=list(state.hands[seat]),
            phase=state.phase,
            level=state.level,
            trump=state.trump,
            legal=[] if following else state.legal_actions(),
            dealer=state.dealer,
            declaration=state.declaration,
            trick=[(int(s), list(cards)) for s, cards in state.trick],
            winning=state.winning() if state.trick else None,
            to_follow=state.owed(),
            to_bury=8 - len(state.buried) if state.phase == "bury" else 0,
            buried=list(state.buried) if dealer_sees else [],
            attackers=state.attackers(),
            list_legal=state.legal_actions if following else None,
        )
        if state.trump is not None:
            seen = _seen_in(state, table.cards)
            table.played = Counter(seen.played)
            table.voids = {s: set(suits) for s, suits in seen.voids.items()}
            _scan([table.trick], table.cards, table.played, table.voids)
        return table

    def read_tricks(self, events: Sequence[dict[str, Any]]) -> None:
        """Cards played this deal and the voids shown, from the finished tricks' events
        and the trick on the table."""
        plays = [
            [(int(p["seat"]), list(p["cards"])) for p in e["plays"]]
            for e in events
            if e["type"] == "trick"
        ]
        _scan([*plays, self.trick], self.cards, self.played, self.voids)

    def outstanding(self, suit: str) -> Counter[str]:
        """Copies of each card of ``suit`` that another seat (or the unknown kitty) may hold."""
        if suit not in self._left:
            self._left[suit] = self._outstanding(suit)
        return self._left[suit]

    def _outstanding(self, suit: str) -> Counter[str]:
        gone = self.gone
        found: Counter[str] = Counter()
        for card in cards_by_suit(self.level, self.trump).get(suit, ()):
            left = FULL_PACK[card] - gone[card]
            if left > 0:
                found[card] = left
        return found

    def stays_on_top(self, shape: Shape, after: Sequence[int]) -> bool:
        """Whether no seat in ``after`` can beat ``shape`` as far as we know: no higher
        card (single) or pair (pairs, tractors) left in its suit, and, in a plain suit,
        none of them shown void (they could trump)."""
        if shape.suit != TRUMP and any(shape.suit in self.voids.get(s, ()) for s in after):
            return False
        need = 1 if shape.pairs == 0 else 2
        left = self.outstanding(shape.suit)
        return not any(n >= need and self.strength(c) > shape.top for c, n in left.items())


Trick = list[tuple[int, list[str]]]


def _scan(
    plays: Iterable[Trick], lookup: Lookup, played: Counter[str], voids: dict[int, set[str]]
) -> None:
    """Adds the cards of ``plays`` (tricks as (seat, cards), lead first) to ``played`` and
    the suits a complete follow showed void in to ``voids``."""
    for trick in plays:
        if not trick:
            continue
        lead = trick[0][1]
        suit = lookup[lead[0]][0]
        for seat, cards in trick:
            played.update(cards)
            if len(cards) == len(lead) and any(lookup[c][0] != suit for c in cards):
                voids.setdefault(seat, set()).add(suit)


@dataclass
class _Seen:
    """The finished tricks of the current deal in the event list ``log`` read so far
    (its first ``events``)."""

    log: list[dict[str, Any]]
    events: int
    played: Counter[str] = field(default_factory=Counter)
    voids: dict[int, set[str]] = field(default_factory=dict)


# A rollout plays one world to the end, appending to one event list: each step reads only
# the events since the step before. (The list is held here, so its identity is safe.)
_last_seen: list[_Seen] = []


def _seen_in(state: TractorState, lookup: Lookup) -> _Seen:
    events = state.events
    seen = _last_seen[0] if _last_seen else None
    if seen is None or seen.log is not events or seen.events > len(events):
        seen = _Seen(events, _deal_start(events))
        _last_seen[:] = [seen]
    for event in events[seen.events :]:
        if event["type"] == "deal":
            seen.played, seen.voids = Counter(), {}
        elif event["type"] == "trick":
            trick = [(int(p["seat"]), list(p["cards"])) for p in event["plays"]]
            _scan([trick], lookup, seen.played, seen.voids)
    seen.events = len(events)
    return seen


def _deal_start(events: list[dict[str, Any]]) -> int:
    """The index of the current deal's ``deal`` event."""
    for index in range(len(events) - 1, -1, -1):
        if events[index]["type"] == "deal":
            return index
    return 0


def _later_opponents(table: Table) -> list[int]:
    """The opponents who still play to this trick after the seat to act."""
    others = sum(1 for seat, _ in table.trick if seat != table.seat)
    after = [(table.seat + i) % 4 for i in range(1, 4 - others)]
    return [s for s in after if s % 2 != table.seat % 2]


# ---------------------------------------------------------------------------------------
# Card costs


@dataclass(frozen=True)
class Holding:
    """A hand's copies of each card and cards in each effective suit, for the costs."""

    counts: Counter[str]
    lengths: Counter[str]

    @staticmethod
    def of(table: Table, hand: Sequence[str]) -> Holding:
        return Holding(Counter(hand), table.lengths(hand))


def discard_cost(table: Table, card: str, holding: Holding) -> float:
    """How much giving ``card`` away costs: trumps, points, pairs and high cards cost
    more; cards of short plain suits less (the suit may become void)."""
    suit = table.suit(card)
    cost = float(table.strength(card)) + 2 * card_points(card)
    if suit == TRUMP:
        cost += 40
    else:
        cost += 0.5 * holding.lengths[suit]
    if holding.counts[card] >= 2:
        cost += 6
    return cost


def feed_cost(table: Table, card: str, holding: Holding) -> float:
    """The order to give a winning partner cards: plain points first (tens and kings, then
    fives), else the cheapest cards."""
    trump = table.suit(card) == TRUMP
    cost = 0.2 * discard_cost(table, card, holding)
    return cost - card_points(card) * (0.5 if trump else 2.0)


def _cheapest(
    table: Table, cards: Sequence[str], n: int, holding: Holding, feed: bool
) -> list[str]:
    key = feed_cost if feed else discard_cost
    return sorted(cards, key=lambda c: (key(table, c, holding), c))[:n]


def _remove(cards: Sequence[str], taken: Iterable[str]) -> list[str]:
    rest = list(cards)
    for card in taken:
        rest.remove(card)
    return rest


# ---------------------------------------------------------------------------------------
# Declaring and burying


def trumps_if(hand: Sequence[str], level: int, suit: str | None) -> int:
    """How many trumps ``hand`` would hold with ``suit`` trump (None: no-trump)."""
    rank = tr.level_rank(level)
    return sum(
        1 for c in hand if c in JOKERS or c[0] == rank or (suit is not None and c[1] == suit)
    )


def _declare(table: Table) -> str:
    standing = table.declaration
    if standing is not None and int(standing["seat"]) % 2 == table.seat % 2:
        return "pass"  # never overcall the partner
    options = [a for a in table.legal if a.startswith("declare ")]
    best, best_score = "pass", float(DECLARE_TRUMPS) - 0.01
    for action in options:
        cards = action.split()[1:]
        if cards[0] in JOKERS:
            continue
        score = trumps_if(table.hand, table.level, cards[0][1]) + 0.5 * (len(cards) - 1)
        if score > best_score:
            best, best_score = action, score
    if best != "pass" or standing is None:
        return best
    their_suit = _declared_suit(standing)
    if trumps_if(table.hand, table.level, their_suit) <= NT_OVERCALL_AT_MOST:
        jokers = [a for a in options if a.split()[1] in JOKERS]
        if jokers:
            return jokers[0]
    return "pass"


def _declared_suit(declaration: dict[str, Any]) -> str | None:
    card = str(declaration["cards"][0])
    return None if card in JOKERS else card[1]


def bury_plan(table: Table, cards: Sequence[str]) -> list[str]:
    """The eight cards to bury from the dealer's 33: whole short plain suits without
    points, aces or pairs (voids to trump in later), then the cheapest cards."""
    slots = 8
    chosen: list[str] = []
    plain = {s: table.in_suit(cards, s) for s in SUITS if s != table.trump}
    for suit in sorted(plain, key=lambda s: (len(plain[s]), s)):
        held = [c for c in plain[suit] if c[0] != tr.level_rank(table.level)]
        clean = not points_of(held) and not pair_cards(held) and not any(c[0] == "A" for c in held)
        if held and clean and len(held) <= slots:
            chosen.extend(held)
            slots -= len(held)
    rest = _remove(cards, chosen)

    holding = Holding.of(table, cards)

    def cost(card: str) -> float:
        high = 20 if card[0] == "A" else 0
        return discard_cost(table, card, holding) + 25 * bool(card_points(card)) + high

    chosen.extend(sorted(rest, key=lambda c: (cost(c), c))[:slots])
    return chosen


def _bury(table: Table) -> str:
    dealt = [*table.hand, *table.buried]
    planned = Counter(bury_plan(table, dealt)) - Counter(table.buried)
    for card in table.hand:
        if planned[card] > 0 and f"bury {card}" in table.legal:
            return f"bury {card}"
    holding = Holding.of(table, table.hand)
    cheapest = min(table.hand, key=lambda c: (discard_cost(table, c, holding), c))
    return f"bury {cheapest}"


# ---------------------------------------------------------------------------------------
# Leading


def lead_score(table: Table, cards: Sequence[str]) -> float:
    """How much the basic bot likes leading ``cards`` (higher first)."""
    shape = tricks.combination_of(cards, table.rules)
    if shape is None:
        return -1e9
    plain = shape.suit != TRUMP
    top = shape.top
    on_top = table.stays_on_top(shape, [s for s in range(4) if s % 2 != table.seat % 2])
    if shape.pairs >= 2:
        return 100 + 10 * plain + shape.size + 0.01 * top
    if shape.pairs == 1:
        if on_top:
            return 80 + 10 * plain + 0.1 * points_of(cards)
        return 40 - 10 * (not plain) - 0.5 * top - 0.5 * points_of(cards)
    if on_top and plain:
        return 70 + 0.1 * top
    if on_top and table.hand_lengths[TRUMP] >= DRAW_SHARE * len(table.hand):
        return 50 + 0.1 * top
    short = max(0, 6 - table.hand_lengths[shape.suit])
    return 30 - 15 * (not plain) - 0.5 * top - points_of(cards) + short


def lead_options(table: Table) -> list[list[str]]:
    return [a.split()[1:] for a in table.legal if a.startswith("play ")]


def _lead(table: Table) -> str:
    best = max(lead_options(table), key=lambda cards: lead_score(table, cards))
    return "play " + " ".join(best)


# ---------------------------------------------------------------------------------------
# Following


def follow_sets(table: Table) -> dict[str, list[str]]:
    """Complete follows by intent: ``cheap`` (lose little), ``feed`` (give points),
    ``win`` (the cheapest play that beats the best so far in the led suit), ``ruff`` (the
    cheapest trumps that do, when void in a plain suit). Cards of a partial follow already
    played are included."""
    lead = table.trick[0][1]
    mine = next((cards for seat, cards in table.trick if seat == table.seat), [])
    hand = [*table.hand, *mine]
    suit = table.suit(lead[0])
    n, p = len(lead), (len(lead) // 2 if len(lead) > 1 else 0)
    held = table.in_suit(hand, suit)
    best = _best_shape(table)
    holding = Holding.of(table, hand)
    sets: dict[str, list[str]] = {}
    if len(held) >= n:
        pairs = pair_cards(held)
        for intent, feed in (("cheap", False), ("feed", True)):
            chosen = _pairs_first(table, held, pairs, min(p, len(pairs)), n, holding, feed)
            sets[intent] = chosen
        win = _beating(table, held, n, p, best)
        if win is not None:
            sets["win"] = win
        return sets
    others = _remove(hand, held)
    for intent, feed in (("cheap", False), ("feed", True)):
        sets[intent] = [*held, *_cheapest(table, others, n - len(held), holding, feed)]
    if not held and suit != TRUMP:
        ruff = _beating(table, table.in_suit(hand, TRUMP), n, p, best)
        if ruff is not None:
            sets["ruff"] = ruff
    return sets


def _pairs_first(
    table: Table, held: list[str], pairs: list[str], m: int, n: int, holding: Holding, feed: bool
) -> list[str]:
    """``m`` pairs of the led suit (the cheapest, or the richest when feeding), then the
    cheapest other cards of the suit up to ``n``."""
    chosen_pairs = _cheapest(table, pairs, m, holding, feed)
    chosen = [card for card in chosen_pairs for _ in range(2)]
    rest = _remove(held, chosen)
    return [*chosen, *_cheapest(table, rest, n - len(chosen), holding, feed)]


def _beating(table: Table, cards: list[str], n: int, p: int, best: Shape) -> list[str] | None:
    """The cheapest play of the lead's shape from ``cards`` (one effective suit) that beats
    ``best``, or None."""
    if p == 0:
        options = [[c] for c in dict.fromkeys(cards)]
    elif p == 1:
        options = [[c, c] for c in pair_cards(cards)]
    else:
        options = [
            [c for c in run for _ in range(2)]
            for run in tractors_of(pair_cards(cards), p, table.cards)
        ]
    winning = []
    for option in options:
        shape = tricks.combination_of(option, table.rules)
        if shape is not None and shape.size == n and beats(shape, best):
            winning.append((shape.top, option))
    return min(winning)[1] if winning else None


def _best_shape(table: Table) -> Shape:
    """The shape of the play winning the trick so far (its suit is trump when ruffed)."""
    seat = table.winning if table.winning is not None else table.trick[0][0]
    cards = next(cards for s, cards in table.trick if s == seat)
    shape = tricks.combination_of(cards, table.rules)
    assert shape is not None, f"the winning play {cards} has no shape"
    return shape


def choose_follow(table: Table, sets: dict[str, list[str]]) -> tuple[str, list[str]]:
    """Basic's follow: (intent, cards)."""
    complete = [cards for seat, cards in table.trick if seat != table.seat]
    on_table = points_of(card for cards in complete for card in cards)
    later = _later_opponents(table)
    last = not later
    if table.winning is not None and table.winning % 2 == table.seat % 2:
        partner_cards = next(c for s, c in table.trick if s == table.winning)
        shape = tricks.combination_of(partner_cards, table.rules)
        safe = last or (shape is not None and table.stays_on_top(shape, later))
        return ("feed", sets["feed"]) if safe else ("cheap", sets["cheap"])
    if "win" in sets:
        shape = tricks.combination_of(sets["win"], table.rules)
        assert shape is not None
        if last or table.stays_on_top(shape, later) or (on_table >= 10 and len(later) == 1):
            return "win", sets["win"]
    if "ruff" in sets and on_table > 0:
        return "ruff", sets["ruff"]
    return "cheap", sets["cheap"]


def _follow(table: Table) -> str:
    _, cards = choose_follow(table, follow_sets(table))
    return follow_action(table, cards)


def follow_action(table: Table, cards: list[str]) -> str:
    """``play`` with the cards of ``cards`` not yet played to this trick, when they make a
    legal follow; else the listed card that costs least."""
    mine = next((c for seat, c in table.trick if seat == table.seat), [])
    rest = _remove(cards, mine) if not Counter(mine) - Counter(cards) else []
    if rest and len(rest) == table.to_follow and legal_follow(table, rest):
        return "play " + " ".join(tr.sort_hand(rest, table.level, table.trump))
    listed = [a.split()[1] for a in table.listed()]
    wanted = [c for c in listed if c in rest]
    pool = wanted or listed
    holding = Holding.of(table, table.hand)
    card = min(pool, key=lambda c: (discard_cost(table, c, holding), c))
    return f"play {card}"


def legal_follow(table: Table, cards: list[str]) -> bool:
    """Whether playing ``cards`` (not yet played, still in hand) completes a legal follow."""
    if Counter(cards) - Counter(table.hand):
        return False
    mine = next((c for seat, c in table.trick if seat == table.seat), [])
    lead = table.trick[0][1]
    if len(mine) + len(cards) != len(lead):
        return False
    rest = _remove(table.hand, cards)
    return tricks.can_complete_follow(rest, [*mine, *cards], lead, table.rules)


# ---------------------------------------------------------------------------------------
# The basic policy


def basic_action(table: Table) -> str:
    """The ``basic`` bot's action for the seat to act."""
    if table.phase == "declare":
        return _declare(table)
    if table.phase == "bury":
        return _bury(table)
    if table.to_follow and table.trick:
        return _follow(table)
    return _lead(table)


class BasicBot:
    """The ``basic`` level: :func:`basic_action` on the view."""

    def act(self, view: dict[str, Any]) -> str:
        action = basic_action(Table.from_view(view))
        legal = view["legal_actions"]
        if action in legal or action.startswith("play "):
            return action
        return str(legal[0])


def rollout_policy(state: State) -> str:
    """``basic`` for the seat to act in a simulated world, without building a view."""
    assert isinstance(state, TractorState)
    return basic_action(Table.from_state(state))


# ---------------------------------------------------------------------------------------
# The strong bot


def rank_candidates(view: dict[str, Any]) -> list[str]:
    """Actions worth searching, basic's first: the other follows by intent, the other leads
    by basic's liking, or the other declarations and passing; burying is basic's alone."""
    table = Table.from_view(view)
    first = basic_action(table)
    if table.phase == "bury":
        return [first]
    if table.phase == "declare":
        return [first, *(a for a in table.legal if a != first)]
    if table.to_follow and table.trick:
        sets = follow_sets(table)
        actions = [follow_action(table, cards) for cards in sets.values()]
        return list(dict.fromkeys([first, *actions]))
    leads = sorted(lead_options(table), key=lambda cards: -lead_score(table, cards))
    return list(dict.fromkeys([first, *("play " + " ".join(cards) for cards in leads)]))


POINT_WEIGHT = 0.25  # levels per 40 card points above or below 80, a tie-break to the levels


def deal_value(state: State, start: int, seat: int) -> float:
    """The first deal result after event ``start`` for ``seat``'s side: its levels gained
    minus the other side's, plus a small share of the attackers' points beyond 80."""
    events = state.events
    result = next((e for e in events[start:] if e["type"] == "deal_result"), None)
    if result is None:
        return 0.0
    dealer = next(e["dealer"] for e in reversed(events) if e["type"] == "trump")
    attacking = seat % 2 != int(dealer) % 2
    won = (result["winner"] == "attackers") == attacking
    levels = float(result["gain"]) if won else -float(result["gain"])
    margin = (float(result["points"]) - 80) / 40
    return levels + POINT_WEIGHT * (margin if attacking else -margin)


class TractorSearchBot(SearchBot):
    """:class:`SearchBot` whose rollouts stop at the end of the current deal, scored by
    :func:`deal_value`; a decision with one candidate (forced, or burying) is not
    searched."""

    def act(self, view: dict[str, Any]) -> str:
        # A sampled world must show this very view, the match length included: worlds
        # come from a game with the view's options (the arena plays deals=1 matches).
        if self.game.options.get("deals") != view.get("deals"):
            self.game = new_game("tractor", deals=view.get("deals"))
        candidates = self.rank_candidates(view)
        if len(candidates) == 1:
            self.last_worlds = 0
            self.last_decision = SearchDecision(candidates=candidates)
            return candidates[0]
        return super().act(view)

    def _playout(self, state: State, action: str, seat: int) -> float:
        start = len(state.events)
        state.apply(action)
        checked = start
        while not state.is_over:
            if any(e["type"] == "deal_result" for e in state.events[checked:]):
                break
            checked = len(state.events)
            state.apply(self.rollout(state))
        return deal_value(state, start, seat)


KEEP_FIRST = 2.0  # standard errors: keep basic's move unless another is clearly better


def strong_bot(game: Game, seed: int = 0, budget: float = 1.0, **options: Any) -> SearchBot:
    # Three candidates: basic's move and the two next (a world costs one rollout each,
    # about 10 ms from early in a deal), so even 0.1 s weighs a few worlds.
    options.setdefault("max_candidates", 3)
    options.setdefault("keep_first", KEEP_FIRST)
    return TractorSearchBot(
        game, rollout_policy, rank_candidates, seed=seed, budget=budget, **options
    )
