"""Worlds consistent with a Guandan view, for search bots.

What a view proves about the hidden cards: every card played; the tribute cards (public)
and, for the two seats of an exchange, the return card; that a payer held no card
stronger than its tribute (the tribute is the strongest non-wild card; of equal ones the
first in display order), and no second red joker when it paid one; that after a
cancellation the payers held both red jokers. A pass proves nothing: passing is always
allowed (§3.3). The sampler deals the unknown cards respecting these, chooses the unseen
return cards among the payer's cards that may be returned, and replays the deal's actions
from the reconstructed hands, so every rule is checked again.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from ...climbing import ClimbingRules, played_cards
from ...engine import JSON, Game, IllegalAction, copy_json, current_deal_events
from . import rules as gd

if TYPE_CHECKING:
    from .state import GuandanState

ATTEMPTS = 200


def sample_world(game: Game, view: dict[str, JSON], rng: random.Random) -> GuandanState:
    for _ in range(ATTEMPTS):
        world = _try_world(game, view, rng)
        if world is not None:
            return world
    raise ValueError("no world found consistent with this view")


def _try_world(game: Game, view: dict[str, JSON], rng: random.Random) -> GuandanState | None:
    me = view["seat"]
    events = current_deal_events(view["events"])
    opening = events[0]
    rules = gd.rules_at(opening["level"])
    played = {seat: played_cards(events, seat) for seat in range(gd.SEATS)}
    tribute = view["tribute"]
    payments = [] if tribute is None else tribute["payments"]
    exchanged = [] if tribute is None else tribute["returns"]
    done = {(r["from"], r["to"]) for r in exchanged if r["done"]}
    returned = {(r["from"], r["to"]): r["card"] for r in exchanged if r["card"] is not None}

    # The cards each seat must have held after the exchanges (hand and plays together):
    # a receiver its tribute card unless it gave that very card back, a payer its return.
    pool = Counter(gd.pack_108()) - Counter(view["hand"])
    for cards in played.values():
        pool -= Counter(cards)
    held: dict[int, Counter[str]] = {seat: Counter(played[seat]) for seat in range(gd.SEATS)}
    exchanges: list[tuple[int, int, str, str | None]] = []  # payer, receiver, tribute, return
    for payment in payments:
        payer, receiver, card = payment["payer"], payment["receiver"], payment["card"]
        back = returned.get((receiver, payer))  # None while the return is still to come
        if back is None and (receiver, payer) in done:
            kept = pool[card] > 0 or card in played[receiver]
            back = _guess_return(card, played[payer], pool, rng, rules) if kept else card
            if back is None:
                return None
        exchanges.append((payer, receiver, card, back))
    required = {seat: Counter[str]() for seat in range(gd.SEATS)}
    for payer, receiver, card, back in exchanges:
        if back != card:
            required[receiver][card] += 1
        if back is not None:
            required[payer][back] += 1
    for seat in range(gd.SEATS):
        if seat == me:
            continue
        pinned = required[seat] - held[seat]
        if pinned - pool:
            return None
        pool -= pinned
        held[seat] += pinned
    held[me] += Counter(view["hand"])
    hands = _deal_rest(view, me, held, pool, exchanges, tribute, rng, rules)
    if hands is None:
        return None
    deal = {
        "hands": hands,
        "levels": opening["levels"],
        "level_team": opening["level_team"],
        "previous_places": opening["previous_places"],
        "first_leader": opening["first_leader"],
    }
    return _replay(game, view, deal, {(r, p): back for p, r, _, back in exchanges}, rng)


def _guess_return(
    tribute: str,
    payer_played: list[str],
    pool: Counter[str],
    rng: random.Random,
    rules: ClimbingRules,
) -> str | None:
    """An unseen return: a card of rank 2 … 10, not wild, that the payer still holds or has
    played (the tribute card itself when it qualifies, as the receiver may give it back).
    A card the payer played that would have been its tribute can only be the return."""
    forced = [
        card for card in payer_played if card != rules.wild and _outranks(card, tribute, rules)
    ]
    if forced:
        return forced[0] if len(forced) == 1 and forced[0][0] in gd.RETURN_RANKS else None
    options = [
        card
        for card in [*pool.elements(), *payer_played, tribute]
        if card[0] in gd.RETURN_RANKS and card != rules.wild
    ]
    return rng.choice(options) if options else None


def _deal_rest(
    view: dict[str, JSON],
    me: int,
    held: dict[int, Counter[str]],
    pool: Counter[str],
    exchanges: list[tuple[int, int, str, str | None]],
    tribute: dict[str, Any] | None,
    rng: random.Random,
    rules: ClimbingRules,
) -> list[list[str]] | None:
    """Deal the pool so each seat holds its count, then undo the exchanges: the hands as
    dealt."""
    sizes = view["hand_sizes"]
    room = {
        seat: sizes[seat] + len(_played(view, seat)) - sum(held[seat].values())
        for seat in range(gd.SEATS)
        if seat != me
    }
    if any(n < 0 for n in room.values()):
        return None
    allowed = _allowed_seats(room, exchanges, tribute, rules)
    cards = list(pool.elements())
    rng.shuffle(cards)
    cards.sort(key=lambda card: len(allowed(card)))  # the most constrained first
    for card in cards:
        seats = [seat for seat in allowed(card) if room[seat] > 0]
        if not seats:
            return None
        seat = rng.choices(seats, weights=[room[s] for s in seats])[0]
        held[seat][card] += 1
        room[seat] -= 1
    dealt = {seat: Counter(held[seat]) for seat in range(gd.SEATS)}
    for payer, receiver, card, back in exchanges:  # add before taking away: back may be card
        if back is not None:
            dealt[receiver][back] += 1
            dealt[payer][back] -= 1
        dealt[payer][card] += 1
        dealt[receiver][card] -= 1
    if any(n < 0 for counts in dealt.values() for n in counts.values()):
        return None
    hands = [list(dealt[seat].elements()) for seat in range(gd.SEATS)]
    if any(len(hand) != gd.HAND_SIZE for hand in hands):
        return None
    return hands


def _played(view: dict[str, JSON], seat: int) -> list[str]:
    return played_cards(current_deal_events(view["events"]), seat)


def _allowed_seats(
    room: dict[int, int],
    exchanges: list[tuple[int, int, str, str | None]],
    tribute: dict[str, Any] | None,
    rules: ClimbingRules,
) -> Any:
    """Which unknown seats may hold each pool card: a payer none stronger than its tribute;
    after a cancellation the red jokers only the payers; a receiver whose return was not
    of rank 2 … 10 (the fallback) no such card and none weaker than its return."""
    seats = sorted(room)
    caps = {payer: card for payer, _, card, _ in exchanges}
    floors = {
        receiver: back
        for _, receiver, _, back in exchanges
        if back is not None and back[0] not in gd.RETURN_RANKS
    }
    red_paid = any(card == "RJ" for card in caps.values())
    payers = set(tribute["payers"]) if tribute else set()
    cancelled = bool(tribute and tribute["cancelled"])

    def allowed(card: str) -> list[int]:
        result = []
        for seat in seats:
            cap = caps.get(seat)
            if cap is not None and card != rules.wild and _outranks(card, cap, rules):
                continue
            if card == "RJ" and red_paid and seat in payers:
                continue
            floor = floors.get(seat)
            if floor is not None and card != rules.wild and _below_floor(card, floor, rules):
                continue
            if card == "RJ" and cancelled and seat not in payers:
                continue
            result.append(seat)
        return result

    return allowed


def _below_floor(card: str, back: str, rules: ClimbingRules) -> bool:
    """Whether a receiver holding ``card`` could not have returned ``back`` as a fallback."""
    small = card[0] in gd.RETURN_RANKS and card not in ("BJ", "RJ")
    return small or gd.strength(card, rules) < gd.strength(back, rules)


def _outranks(card: str, tribute: str, rules: ClimbingRules) -> bool:
    """Whether holding ``card`` would have made it the tribute instead of ``tribute``."""
    mine, paid = gd.strength(card, rules), gd.strength(tribute, rules)
    if mine != paid:
        return mine > paid
    return gd.display_position(card, rules) < gd.display_position(tribute, rules)


def _replay(
    game: Game,
    view: dict[str, JSON],
    deal: dict[str, JSON],
    backs: dict[tuple[int, int], str | None],
    rng: random.Random,
) -> GuandanState | None:
    """The state that dealt ``deal`` and saw the view's record: earlier deals kept, this
    deal's automatic events regenerated and its actions applied again."""
    record = view["events"]
    current = current_deal_events(record)
    earlier = record[: len(record) - len(current)]
    try:
        state = game.new_state(seed=rng.randrange(2**31), deal=deal)
    except ValueError:
        return None
    state.deal_index = int(current[0]["deal"])
    generated = state.events
    # The earlier deals' events are shared with the view, not copied: a match's record is
    # long, events are never changed once written, and the view is the caller's own copy.
    state.events = [*earlier, copy_json(current[0]), *generated[1:]]
    try:
        for event in current[len(generated) :]:
            if event["type"] == "return":
                back = backs.get((event["seat"], event["to"]))
                state.apply(f"return {back}")
            elif "action" in event:
                state.apply(event["action"])
    except IllegalAction:
        return None
    if state.events[len(earlier) :] != current:
        return None
    return state  # type: ignore[return-value]
