"""Guandan's rules outside the combinations: the two packs, levels, the deal's result and
the tribute (spec/guandan.md §2.4, §5). Pure functions of plain values, so that the state,
the sampler and the tests share them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...cards import card_order_key, pack_54
from ...climbing import ClimbingRules, wild_rules

SEATS = 4
HAND_SIZE = 27
ACE = 14
LEVEL_RANKS = {level: "23456789TJQKA"[level - 2] for level in range(2, ACE + 1)}
RETURN_RANKS = frozenset("23456789T")  # printed ranks a return card may have (§2.4.3)


def pack_108() -> list[str]:
    """Two full packs of 54."""
    return pack_54() * 2


def rules_at(level: int) -> ClimbingRules:
    """The combination rules of a deal played at ``level`` (2 … 14)."""
    return wild_rules(LEVEL_RANKS[level])


def team_of(seat: int) -> int:
    return seat % 2


def partner_of(seat: int) -> int:
    return (seat + 2) % SEATS


def advance_for(places: Sequence[int]) -> int:
    """Levels the first place's team climbs: 3, 2 or 1 as its partner finished 2nd, 3rd, 4th."""
    return {1: 3, 2: 2, 3: 1}[list(places).index(partner_of(places[0]))]


def match_won(places: Sequence[int], deal_level: int, levels_before: Sequence[int]) -> bool:
    """§5.2: a deal played at A, won by a team already at A, its partner not last."""
    team = team_of(places[0])
    return deal_level == ACE and levels_before[team] == ACE and places[3] != partner_of(places[0])


def strength(card: str, rules: ClimbingRules) -> int:
    """Single-card strength (§4.1): the rank index in the level order."""
    return rules.rank_index(card)


def tribute_card(hand: Sequence[str], rules: ClimbingRules) -> str:
    """The strongest card other than a wild card; of equal ones, the first in display order."""
    candidates = [card for card in hand if card != rules.wild]
    best = max(strength(card, rules) for card in candidates)
    return min(
        (card for card in candidates if strength(card, rules) == best),
        key=lambda card: display_position(card, rules),
    )


def display_position(card: str, rules: ClimbingRules) -> tuple[int, int]:
    return card_order_key(card, rules.rank_order)


def return_choices(hand: Sequence[str], rules: ClimbingRules) -> list[str]:
    """The cards a receiver may return (§2.4.3): non-wild cards of printed rank 2 … 10, or,
    when it holds none, its non-wild cards of the lowest strength. Distinct, display order."""
    others = [card for card in hand if card != rules.wild]
    allowed = [card for card in others if card[0] in RETURN_RANKS and card not in ("BJ", "RJ")]
    if not allowed:
        lowest = min(strength(card, rules) for card in others)
        allowed = [card for card in others if strength(card, rules) == lowest]
    return sorted(set(allowed), key=lambda card: display_position(card, rules))


@dataclass(frozen=True)
class Payment:
    payer: int
    receiver: int
    card: str


@dataclass(frozen=True)
class Tribute:
    """What the previous finishing order and the new hands decide: the payments (empty when
    cancelled) and, when cancelled, who leads."""

    payers: tuple[int, ...]
    payments: tuple[Payment, ...]
    cancelled: bool
    leader: int | None  # set when cancelled: the previous first place leads


def payers_and_receivers(places: Sequence[int]) -> tuple[list[int], list[int]]:
    """Case A (single): the last place pays the first (its partner, after a 1-4 finish).
    Case B (double, a 1-2 finish): the two opponents pay the first and second places."""
    first = places[0]
    if places[1] == partner_of(first):
        return [places[2], places[3]], [first, places[1]]
    return [places[3]], [first]


def plan_tribute(
    places: Sequence[int], hands: Sequence[Sequence[str]], rules: ClimbingRules
) -> Tribute:
    payers, receivers = payers_and_receivers(places)
    first = places[0]
    red_jokers = sum(hands[payer].count("RJ") for payer in payers)
    if red_jokers == 2:
        return Tribute(tuple(payers), (), True, first)
    cards = {payer: tribute_card(hands[payer], rules) for payer in payers}
    if len(payers) == 1:
        (payer,) = payers
        return Tribute((payer,), (Payment(payer, first, cards[payer]),), False, None)
    # The stronger tribute goes to first place; of equal ones, the payer first reached in
    # turn order from first place pays first place (§2.4.2, G5).
    ordered = sorted(
        payers,
        key=lambda payer: (-strength(cards[payer], rules), (payer - first) % SEATS),
    )
    payments = tuple(
        Payment(payer, receiver, cards[payer])
        for payer, receiver in zip(ordered, receivers, strict=True)
    )
    return Tribute(tuple(payers), payments, False, None)
