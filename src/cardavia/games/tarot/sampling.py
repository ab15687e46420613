"""``sample_state`` for French Tarot: a complete world consistent with one seat's view.

What a view proves about the hidden cards (spec/tarot.md §5–§7):
- the seat's own hand, every card played, the chien once shown (prise, garde: it went into
  the taker's hand, so each of its cards not played yet is in his hand or his écart), the
  trumps forced into the écart, the poignées shown (those cards are in the shower's hand
  until played; a show with the Excuse holds every trump of its player);
- the écart's hidden cards are suit cards other than kings, and once a trump was forced
  into it the taker had at most 6 - (trumps discarded) such cards in all: he holds at most
  6 - (cards discarded so far), none once the écart is made;
- a player who did not follow the suit led is void in it; one who then discarded instead
  of trumping holds no trump; one who played a trump below the highest trump already in
  the trick holds none above it (the overtrump rule);
- no hand of the deal was a petit sec (it would have been cancelled).

The hidden cards are dealt respecting those facts (the cards with the fewest possible
places first, each to a place chosen in proportion to its room), the deal is rebuilt and
every action replayed, so each rule is checked again; a world whose view differs from the
given one is dealt again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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
    from . import Tarot
    from .state import TarotState

ATTEMPTS = 300
ECART, CHIEN = "ecart", "chien"  # the hidden places besides the seats
Place = int | str


@dataclass
class Facts:
    """One view's proofs, as places to fill and what each place may hold."""

    seat: int
    taker: int | None
    contract: str | None
    hand: list[str]
    played: dict[int, list[str]]
    chien: list[str] | None  # known chien cards (None: hidden)
    ecart_known: list[str]  # écart cards this seat knows (its own écart, or the shown trumps)
    hidden_discards: int  # écart cards this seat does not know
    pinned: dict[int, list[str]] = field(default_factory=dict)  # known cards in a hand
    chien_left: list[str] = field(default_factory=list)  # in the taker's hand or écart
    sizes: dict[Place, int] = field(default_factory=dict)
    voids: dict[int, set[str]] = field(default_factory=dict)
    ceiling: dict[int, int] = field(default_factory=dict)  # no trump above this number
    no_more_trumps: set[int] = field(default_factory=set)  # every trump already known
    # A show in progress: its owner holds this many trumps besides those pinned (at least;
    # exactly when he shows the Excuse, which he may only with every trump he holds).
    trump_quota: dict[int, int] = field(default_factory=dict)
    trump_exact: set[int] = field(default_factory=set)
    # Once a trump was forced into the écart, the taker had at most 6 - trumps plain
    # cards in all: he holds at most 6 - (cards discarded so far), none once it is done.
    taker_plain_cap: int | None = None


def sample_world(game: Tarot, view: dict[str, JSON], rng: random.Random) -> TarotState:
    check_match_length_of(game, view)
    facts = read_facts(view)

    def build() -> TarotState | None:
        placed = deal_hidden(facts, rng)
        return None if placed is None else rebuild(game, view, facts, placed, rng)

    return first_world(view, ATTEMPTS, build)


# --- reading the view ----------------------------------------------------------------


def read_facts(view: dict[str, JSON]) -> Facts:
    seat, taker = int(view["seat"]), view["taker"]
    events = current_deal_events(view["events"])
    played: dict[int, list[str]] = {s: [] for s in range(tr.SEATS)}
    for event in events:
        if event["type"] == "play":
            played[int(event["seat"])].append(event["card"])
    discards = sum(1 for event in events if event["type"] == "discard")
    known_ecart = list(view["ecart"] if view["ecart"] is not None else view["ecart_trumps"])
    facts = Facts(
        seat=seat,
        taker=taker,
        contract=view["contract"],
        hand=list(view["hand"]),
        played=played,
        chien=None if view["chien"] is None else list(view["chien"]),
        ecart_known=known_ecart,
        hidden_discards=discards - len(known_ecart),
    )
    _read_shows(facts, view)
    _read_chien(facts)
    _read_tricks(facts, view, events)
    if view["ecart_trumps"]:
        facts.taker_plain_cap = tr.CHIEN_SIZE - discards
    facts.sizes = _sizes(facts, view)
    return facts


def _read_shows(facts: Facts, view: dict[str, JSON]) -> None:
    shows = list(view["poignees"]) + ([view["showing"]] if view["showing"] else [])
    for show in shows:
        owner = int(show["seat"])
        if owner == facts.seat:
            continue
        gone = set(facts.played[owner]) | set(facts.ecart_known)
        facts.pinned.setdefault(owner, []).extend(c for c in show["cards"] if c not in gone)
        if tr.EXCUSE in show["cards"] and show is not view["showing"]:
            facts.no_more_trumps.add(owner)
        if show is view["showing"]:
            _read_show_in_progress(facts, view, owner, show)


def _read_show_in_progress(
    facts: Facts, view: dict[str, JSON], owner: int, show: dict[str, Any]
) -> None:
    """A declared poignée proves its owner holds at least one trump less than its size
    (the Excuse may stand in for the last one), the taker's shown écart trumps included."""
    held = tr.POIGNEE_SIZES[show["size"]] - 1
    if owner == facts.taker:
        held -= len(view["ecart_trumps"])
    pinned = sum(1 for card in facts.pinned.get(owner, []) if tr.is_trump(card))
    facts.trump_quota[owner] = max(0, held - pinned)
    if tr.EXCUSE in show["cards"]:
        facts.trump_exact.add(owner)


def _read_chien(facts: Facts) -> None:
    """A shown chien went into the taker's hand: what of it is not played nor a shown
    écart trump is in his hand or his hidden écart."""
    if facts.chien is None or facts.taker is None or facts.seat == facts.taker:
        return
    if facts.contract not in tr.CHIEN_SHOWN:
        return
    gone = set(facts.played[facts.taker]) | set(facts.ecart_known)
    pinned = set(facts.pinned.get(facts.taker, []))
    facts.chien_left = [c for c in facts.chien if c not in gone and c not in pinned]


def _read_tricks(facts: Facts, view: dict[str, JSON], events: list[dict[str, Any]]) -> None:
    tricks = [
        [(int(p["seat"]), p["card"]) for p in event["plays"]]
        for event in events
        if event["type"] == "trick"
    ]
    tricks.append([(int(p["seat"]), p["card"]) for p in view["trick"]])
    for trick in tricks:
        _read_trick(facts, trick)


def _read_trick(facts: Facts, trick: list[tuple[int, str]]) -> None:
    led: str | None = None
    highest = 0
    for seat, card in trick:
        if card == tr.EXCUSE:
            continue
        suit = tr.suit_of(card)
        if led is None:
            led = suit
        elif suit != led:
            facts.voids.setdefault(seat, set()).add(led)
            if suit != tr.TRUMP:
                facts.voids[seat].add(tr.TRUMP)
        if suit == tr.TRUMP:
            if 0 < tr.strength(card) < highest and (led == tr.TRUMP or suit != led):
                facts.ceiling[seat] = min(facts.ceiling.get(seat, 21), highest)
            highest = max(highest, tr.strength(card))


def _sizes(facts: Facts, view: dict[str, JSON]) -> dict[Place, int]:
    sizes: dict[Place, int] = {}
    for seat, size in enumerate(view["hand_sizes"]):
        if seat != facts.seat:
            sizes[seat] = int(size) - len(facts.pinned.get(seat, []))
    if facts.hidden_discards:
        sizes[ECART] = facts.hidden_discards
    if facts.chien is None:
        sizes[CHIEN] = tr.CHIEN_SIZE
    return sizes


# --- dealing the hidden cards --------------------------------------------------------


def _is_plain(card: str) -> bool:
    """A card an écart is made of: a suit card other than a king."""
    return not tr.is_trump(card) and card != tr.EXCUSE and card[0] != tr.KING


def _trumps(cards: list[str]) -> int:
    return sum(1 for card in cards if tr.is_trump(card))


def _allows(facts: Facts, placed: dict[Place, list[str]]) -> Callable[[Place, str], bool]:
    """Whether ``card`` may go to ``place``, given the cards ``placed`` so far."""

    def allows(place: Place, card: str) -> bool:
        if place == CHIEN:
            return True
        if place == ECART:
            return _is_plain(card)
        assert isinstance(place, int)
        suit = tr.suit_of(card)
        if suit in facts.voids.get(place, ()):
            return False
        if tr.is_trump(card):
            if place in facts.no_more_trumps:
                return False
            if place in facts.trump_exact and _trumps(placed[place]) >= facts.trump_quota[place]:
                return False
            if tr.strength(card) > facts.ceiling.get(place, 21):
                return False
        if place != facts.taker or facts.taker_plain_cap is None or not _is_plain(card):
            return True
        return sum(1 for held in placed[place] if _is_plain(held)) < facts.taker_plain_cap

    return allows


def hidden_pool(facts: Facts) -> list[str]:
    known = set(facts.hand) | set(facts.ecart_known) | set(facts.chien or [])
    for cards in (*facts.played.values(), *facts.pinned.values()):
        known.update(cards)
    return [card for card in tr.pack() if card not in known]


def deal_hidden(facts: Facts, rng: random.Random) -> dict[Place, list[str]] | None:
    """Each hidden card to a place that may hold it, or None at a dead end."""
    room = dict(facts.sizes)
    placed: dict[Place, list[str]] = {place: [] for place in room}
    allows = _allows(facts, placed)
    # The chien's unplayed cards: in the taker's hand or among his hidden discards.
    chien_left = set(facts.chien_left)

    def fits(place: Place, card: str) -> bool:
        if card in chien_left and place not in (facts.taker, ECART):
            return False
        return allows(place, card)

    pool = [card for card in hidden_pool(facts) if card not in chien_left]
    for owner, quota in facts.trump_quota.items():
        # The trumps a show in progress still proves, dealt to its owner first (the
        # shown chien's trumps, which only the taker can hold, count).
        theirs = facts.chien_left if owner == facts.taker else []
        count = max(0, quota - _trumps(placed[owner]) - _trumps(theirs))
        ceiling = facts.ceiling.get(owner, 21)
        trumps = [c for c in pool if tr.is_trump(c) and tr.strength(c) <= ceiling]
        if len(trumps) < count or room[owner] < count:
            return None
        for card in rng.sample(trumps, count):
            placed[owner].append(card)
            room[owner] -= 1
            pool.remove(card)
    if facts.taker_plain_cap is not None:
        return placed if _deal_capped(facts, rng, pool, fits, placed, room) else None
    cards = pool + facts.chien_left
    dealt = tricks.place_at_random(rng, cards, fits, placed, room, limited=_limited(facts))
    return placed if dealt else None


def _deal_capped(
    facts: Facts,
    rng: random.Random,
    pool: list[str],
    fits: Callable[[Place, str], bool],
    placed: dict[Place, list[str]],
    room: dict[Place, int],
) -> bool:
    """The taker may hold few plain cards (a trump was forced into the écart): the hidden
    écart is filled first (with the shown chien's plain cards the taker cannot keep), then
    the other plain cards, then the rest, so that the trumps, kings and Excuse that must
    fill his hand are not sent elsewhere first."""
    assert facts.taker_plain_cap is not None
    chien_plain = [card for card in facts.chien_left if _is_plain(card)]
    plain = [card for card in pool if _is_plain(card)]
    ecart_room = room.get(ECART, 0)
    forced = max(0, len(chien_plain) - facts.taker_plain_cap)
    if forced > ecart_room:
        return False
    chosen = rng.sample(chien_plain, forced)
    rest = [card for card in plain + chien_plain if card not in chosen]
    if len(rest) < ecart_room - forced:
        return False
    chosen += rng.sample(rest, ecart_room - forced)
    for card in chosen:
        placed[ECART].append(card)
        room[ECART] -= 1
    others = [card for card in pool + facts.chien_left if card not in chosen]
    first = [card for card in others if _is_plain(card)]
    second = [card for card in others if not _is_plain(card)]
    limited = _limited(facts)
    return tricks.place_at_random(
        rng, first, fits, placed, room, limited=limited
    ) and tricks.place_at_random(rng, second, fits, placed, room, limited=limited)


def _limited(facts: Facts) -> frozenset[Place]:
    """The places whose fits change as they fill (a cap on plain cards or on trumps)."""
    capped = {facts.taker} if facts.taker_plain_cap is not None else set()
    return frozenset(place for place in capped | facts.trump_exact if place is not None)


# --- rebuilding the deal and replaying it --------------------------------------------


def rebuild(
    game: Tarot,
    view: dict[str, JSON],
    facts: Facts,
    placed: dict[Place, list[str]],
    rng: random.Random,
) -> TarotState | None:
    """The deal's original hands and chien from the sampled places, its actions replayed
    (the hidden discards from the sampled écart); None when a rule refuses the world."""
    hands = _current_hands(facts, placed)
    chien = facts.chien if facts.chien is not None else placed[CHIEN]
    secret = [c for c in facts.ecart_known if not tr.is_trump(c)] + placed.get(ECART, [])
    taker = facts.taker
    if taker is not None and facts.contract in tr.CHIEN_SHOWN and _chien_taken(view):
        ecart = secret + [c for c in facts.ecart_known if tr.is_trump(c)]
        taken = set(chien)
        hands[taker] = [c for c in hands[taker] + ecart if c not in taken]
    if any(tr.is_petit_sec(hand) for hand in hands):
        return None
    state = _fresh_state(game, view, rng)
    state._start_deal({"hands": hands, "chien": chien, "dealer": view_dealer(view)})
    hidden = iter(secret)
    try:
        for event in current_deal_events(view["events"])[1:]:
            if "action" in event:
                state.apply(event["action"])
            elif event["type"] == "discard":
                state.apply("discard " + next(hidden))
    except (IllegalAction, StopIteration):
        return None
    return state


def _chien_taken(view: dict[str, JSON]) -> bool:
    return any(e["type"] == "chien" for e in current_deal_events(view["events"]))


def view_dealer(view: dict[str, JSON]) -> int:
    return int(current_deal_events(view["events"])[0]["dealer"])


def _current_hands(facts: Facts, placed: dict[Place, list[str]]) -> list[list[str]]:
    """Each seat's cards of the deal so far: its hand now plus what it played."""
    hands = []
    for seat in range(tr.SEATS):
        now = facts.hand if seat == facts.seat else facts.pinned.get(seat, []) + placed[seat]
        hands.append(list(now) + facts.played[seat])
    return hands


def _fresh_state(game: Tarot, view: dict[str, JSON], rng: random.Random) -> TarotState:
    """A state standing where the view's deal began: the match so far, before its first
    event (a finished last deal is taken back out of the totals)."""
    from .state import TarotState

    events = list(view["events"])
    current = current_deal_events(events)
    earlier = events[: len(events) - len(current)]
    results = [e for e in earlier if e["type"] == "deal_result"]
    state = TarotState.__new__(TarotState)
    state.game = game
    state.seed = rng.randrange(2**31)
    state.deal_index = int(current[0]["deal"])
    state.events = copy_json(earlier)
    state.scored_deals = len(results)
    state.totals = list(results[-1]["totals"]) if results else [0] * tr.SEATS
    state.breakdown = copy_json(results[-1]["breakdown"]) if results else None
    return state
