"""``sample_state`` for Tractor: a complete world consistent with one seat's view.

What a view proves about the hidden cards (spec/tractor.md §6b):
- every card played, the seat's own hand and, for the dealer, the kitty it took and
  buried; the kitty shown when nobody declared went into the dealer's hand;
- a declaration: those cards were in the declarer's hand (a pass proves nothing: it is
  always legal);
- a follow with fewer cards of the led effective suit than the lead: the follower holds
  none of that suit any more (a void, trumps included);
- a follow all in the led suit with fewer pairs than the lead: the follower held no other
  pair of that suit, nor a twin of any single it played or played later in that suit.

The hidden cards are dealt respecting those facts, the deal is rebuilt and its actions
replayed (burying the sampled kitty), so every rule is checked again rather than trusted;
a world whose view differs from the given one is dealt again.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ... import tricks
from ...engine import (
    JSON,
    IllegalAction,
    check_match_length_of,
    copy_json,
    current_deal_events,
    first_world,
)
from . import rules as tr

if TYPE_CHECKING:
    from . import Tractor
    from .state import TractorState

ATTEMPTS = 200
KITTY = tr.SEATS  # the index of the kitty among the hidden places


@dataclass
class Facts:
    """What one view proves, as constraints on the hidden places (seats and kitty)."""

    seat: int
    dealer: int
    taken: bool  # the dealer has picked up the kitty
    sizes: dict[int, int]
    pool: list[str]
    played: dict[int, list[str]]
    declared: dict[int, Counter[str]]
    pinned: dict[int, list[str]] = field(default_factory=dict)
    dealer_pinned: list[str] = field(default_factory=list)  # in the dealer's hand or kitty
    voids: dict[int, set[str]] = field(default_factory=dict)
    single_only: dict[int, set[str]] = field(default_factory=dict)  # no two copies of a card
    forbidden: dict[int, set[str]] = field(default_factory=dict)


def sample_world(game: Tractor, view: dict[str, JSON], rng: random.Random) -> TractorState:
    check_match_length_of(game, view)
    facts = read_facts(view)

    def build() -> TractorState | None:
        hidden = deal_hidden(facts, view, rng)
        return None if hidden is None else rebuild(game, view, facts, hidden, rng)

    return first_world(view, ATTEMPTS, build)


def read_facts(view: dict[str, JSON]) -> Facts:
    seat, dealer = int(view["seat"]), int(view["dealer"])
    events = current_deal_events(view["events"])
    taken = any(event["type"] == "trump" for event in events)
    played: dict[int, list[str]] = {s: [] for s in range(tr.SEATS)}
    declared: dict[int, Counter[str]] = {s: Counter() for s in range(tr.SEATS)}
    for event in events:
        if event["type"] == "play":
            played[event["seat"]] += event["cards"]
        elif event["type"] == "declare":
            declared[event["seat"]] |= Counter(event["cards"])
    known = Counter(view["hand"]) + Counter(card for cards in played.values() for card in cards)
    sizes = {s: int(view["hand_counts"][s]) for s in range(tr.SEATS) if s != seat}
    buried = known_kitty(view, events)
    if not taken:
        sizes[KITTY] = tr.KITTY_SIZE
    elif buried is not None:
        known += Counter(buried)
    else:
        sizes[KITTY] = sum(1 for event in events if event["type"] == "bury")
    pool = list((Counter(tr.pack_108()) - known).elements())
    facts = Facts(seat, dealer, taken, sizes, pool, played, declared)
    _pin_declared(facts, view)
    if view["phase"] == "play" or view["phase"] == "over":
        _read_follows(facts, view, events)
    return facts


def known_kitty(view: dict[str, JSON], events: list[dict[str, JSON]]) -> list[str] | None:
    """The buried kitty when the view shows it: to the dealer, or to all once the deal
    is over (its result, the match's last event, names it)."""
    result = next((event for event in events if event["type"] == "deal_result"), None)
    if result is not None:
        return list(result["kitty"])
    return None if view["kitty"] is None else list(view["kitty"])


def _pin_declared(facts: Facts, view: dict[str, JSON]) -> None:
    for s in facts.sizes:
        if s == KITTY:
            continue
        must = facts.declared[s] - Counter(facts.played[s])
        if facts.taken and s == facts.dealer:
            exposed = Counter(view["exposed_kitty"] or [])
            buried = Counter(known_kitty(view, current_deal_events(view["events"])) or [])
            must = (facts.declared[s] + exposed) - Counter(facts.played[s]) - buried
            facts.dealer_pinned = list(must.elements())
        else:
            facts.pinned[s] = list(must.elements())


def _read_follows(facts: Facts, view: dict[str, JSON], events: list[dict[str, JSON]]) -> None:
    rules = tr.card_rules(int(view["level"]), view["trump"])
    tricks_seen = [event["plays"] for event in events if event["type"] == "trick"]
    tricks_seen.append(view["trick"])
    for number, plays in enumerate(tricks_seen):
        if not plays:
            continue
        lead = plays[0]["cards"]
        for play in plays[1:]:
            if len(play["cards"]) < len(lead) or play["seat"] == facts.seat:
                continue
            later = [
                card
                for other in tricks_seen[number + 1 :]
                for entry in other
                if entry["seat"] == play["seat"]
                for card in entry["cards"]
            ]
            _read_follow(facts, play["seat"], play["cards"], lead, later, rules)


def _read_follow(
    facts: Facts,
    seat: int,
    cards: list[str],
    lead: list[str],
    later: list[str],
    rules: tricks.TrickRules,
) -> None:
    suit = rules.suit_of(lead[0])
    in_suit = [card for card in cards if rules.suit_of(card) == suit]
    if len(in_suit) < len(lead):
        facts.voids.setdefault(seat, set()).add(suit)
        return
    if len(tricks.identical_pairs(in_suit)) >= len(tricks.identical_pairs(lead)):
        return
    facts.single_only.setdefault(seat, set()).add(suit)
    singles = [card for card, count in Counter(in_suit).items() if count == 1]
    later_in_suit = [card for card in later if rules.suit_of(card) == suit]
    facts.forbidden.setdefault(seat, set()).update(singles + later_in_suit)


def deal_hidden(
    facts: Facts, view: dict[str, JSON], rng: random.Random
) -> dict[int, list[str]] | None:
    """The hidden places filled at random within the facts, or None at a dead end."""
    rules = tr.card_rules(int(view["level"]), view["trump"])
    dealt: dict[int, list[str]] = {place: [] for place in facts.sizes}
    room = dict(facts.sizes)

    def fits(place: int, card: str) -> bool:
        if room.get(place, 0) <= 0:
            return False
        if place == KITTY:
            return True
        suit = rules.suit_of(card)
        return not (
            suit in facts.voids.get(place, ())
            or card in facts.forbidden.get(place, ())
            or (suit in facts.single_only.get(place, ()) and card in dealt[place])
        )

    def put(place: int, card: str) -> None:
        dealt[place].append(card)
        room[place] -= 1

    pool = Counter(facts.pool)
    for place, cards in facts.pinned.items():
        for card in cards:
            if not fits(place, card):
                return None
            put(place, card)
            pool[card] -= 1

    def dealer_or_kitty(place: int, card: str) -> bool:
        return place in (facts.dealer, KITTY) and fits(place, card)

    if not tricks.place_at_random(
        rng, facts.dealer_pinned, dealer_or_kitty, dealt, room, fewest_first=False
    ):
        return None
    pool.subtract(facts.dealer_pinned)
    if not tricks.place_at_random(rng, list(pool.elements()), fits, dealt, room):
        return None
    return dealt


def rebuild(
    game: Tractor,
    view: dict[str, JSON],
    facts: Facts,
    hidden: dict[int, list[str]],
    rng: random.Random,
) -> TractorState | None:
    """The deal rebuilt from the sampled places and replayed to the view's moment."""
    events = current_deal_events(view["events"])
    start = events[0]
    dealer = facts.dealer
    hands = {s: list(hidden.get(s, [])) for s in range(tr.SEATS)}
    hands[facts.seat] = list(view["hand"])
    for s in range(tr.SEATS):
        hands[s] += facts.played[s]
    if not facts.taken:
        kitty, buried = hidden[KITTY], []
    else:
        known = known_kitty(view, events)
        buried = hidden[KITTY] if known is None else known
        if view["taken_kitty"] is not None:
            kitty = list(view["taken_kitty"])
        else:
            kitty = _original_kitty(hands[dealer] + buried, facts, view, rng)
        hands[dealer] = list((Counter(hands[dealer] + buried) - Counter(kitty)).elements())
    deal: dict[str, JSON] = {
        "hands": [hands[s] for s in range(tr.SEATS)],
        "kitty": kitty,
        "dealer": start["dealer"],
    }
    if not start["first_declarer_deals"]:
        deal["levels"] = list(start["levels"])
    if start["trump"] is not None:
        deal["trump"] = start["trump"]
    state: TractorState = game.new_state(seed=rng.randrange(1 << 30), deal=deal)  # type: ignore[assignment]
    state.deal_index = int(start["deal"])
    earlier = view["events"][: len(view["events"]) - len(events)]
    state.events = [*copy_json(earlier), copy_json(start), *state.events[1:]]
    try:
        for event in events[1:]:
            if "action" in event:
                state.apply(event["action"])
            elif event["type"] == "bury":
                state.apply("bury " + buried.pop(0))
    except IllegalAction:
        return None
    return state


def _original_kitty(
    cards: list[str], facts: Facts, view: dict[str, JSON], rng: random.Random
) -> list[str]:
    """The kitty the dealer picked up: the shown one, or any 8 of the dealer's 33 cards
    that leave its declared cards in the hand it was dealt."""
    if view["exposed_kitty"] is not None:
        return list(view["exposed_kitty"])
    free = list((Counter(cards) - facts.declared[facts.dealer]).elements())
    return rng.sample(free, tr.KITTY_SIZE)
