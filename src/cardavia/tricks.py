"""Trick taking, shared by Bridge, Tractor and French Tarot: following suit and the
winner of a trick, with or without a trump suit.

A game describes its cards through :class:`TrickRules`: which *suit* a card belongs to for
following (Tractor puts its level cards and jokers in the trump suit; Tarot's trumps are a
suit of their own) and how strong a card is inside its suit. Following rules differ too:
Bridge and Tractor only oblige a player to follow the suit led, Tarot also obliges a
player who cannot follow to trump and to overtrump; those are flags, not copies.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .cards import RANKS


def plain_suit(card: str) -> str:
    return card[1]


def plain_strength(card: str) -> int:
    return RANKS.index(card[0])


@dataclass(frozen=True)
class TrickRules:
    """How one game's cards take tricks. The defaults are Bridge's: four suits, aces high."""

    suit_of: Callable[[str], str] = field(default=plain_suit)
    strength: Callable[[str], int] = field(default=plain_strength)
    must_trump: bool = False  # a player void in the led suit must play a trump if they have one
    must_overtrump: bool = False  # … and a higher trump than any in the trick, when they can


BRIDGE = TrickRules()


def playable(
    hand: Sequence[str], trick: Sequence[str], trump: str | None, rules: TrickRules = BRIDGE
) -> list[str]:
    """The cards of ``hand`` that may go on ``trick`` (the cards played so far, leader
    first), in the hand's order. Any card may lead."""
    if not trick:
        return list(hand)
    led = rules.suit_of(trick[0])
    following = [card for card in hand if rules.suit_of(card) == led]
    if following:
        return _overtrumps(following, trick, rules) if led == trump else following
    trumps = [card for card in hand if trump is not None and rules.suit_of(card) == trump]
    if rules.must_trump and trumps:
        return _overtrumps(trumps, trick, rules)
    return list(hand)


def _overtrumps(trumps: list[str], trick: Sequence[str], rules: TrickRules) -> list[str]:
    """Under ``must_overtrump``, the trumps that beat every trump on the trick if there
    are any (else every trump)."""
    if not rules.must_overtrump:
        return trumps
    suit = rules.suit_of(trumps[0])
    played = [rules.strength(card) for card in trick if rules.suit_of(card) == suit]
    if not played:
        return trumps
    higher = [card for card in trumps if rules.strength(card) > max(played)]
    return higher or trumps


def trick_winner(trick: Sequence[str], trump: str | None, rules: TrickRules = BRIDGE) -> int:
    """The index in ``trick`` (leader first) of the card that wins it: the strongest trump
    if any trump was played, else the strongest card of the suit led. Cards of any other
    suit never win. Equal strengths (two packs): the first played wins."""
    led = rules.suit_of(trick[0])
    suits = [rules.suit_of(card) for card in trick]
    winning_suit = trump if trump is not None and trump in suits else led
    best = 0 if suits[0] == winning_suit else None
    for index in range(1, len(trick)):
        if suits[index] != winning_suit:
            continue
        if best is None or rules.strength(trick[index]) > rules.strength(trick[best]):
            best = index
    assert best is not None  # the led suit is always present
    return best


def void_suits(
    tricks: Sequence[Sequence[tuple[int, str]]], rules: TrickRules = BRIDGE
) -> dict[int, set[str]]:
    """The suits each seat is proven not to hold: a seat that did not follow the suit led
    to some trick. ``tricks`` lists (seat, card) in play order, the current trick too."""
    voids: dict[int, set[str]] = {}
    for trick in tricks:
        if not trick:
            continue
        led = rules.suit_of(trick[0][1])
        for seat, card in trick[1:]:
            if rules.suit_of(card) != led:
                voids.setdefault(seat, set()).add(led)
    return voids


def deal_respecting_voids(
    rng: random.Random,
    unknown: Sequence[str],
    sizes: dict[int, int],
    voids: dict[int, set[str]],
    rules: TrickRules = BRIDGE,
    tries: int = 1000,
) -> dict[int, list[str]]:
    """Deal the ``unknown`` cards at random to the seats of ``sizes`` (that many cards
    each) so that no seat gets a suit it is void in. Cards with the fewest possible seats
    go first, each to a possible seat chosen in proportion to the room it has left, which
    keeps the deal close to uniform; a dead end starts over."""
    if sum(sizes.values()) != len(unknown):
        raise ValueError(f"{len(unknown)} hidden cards cannot fill {sizes}")
    seats = sorted(sizes)
    allowed = {
        suit: [seat for seat in seats if suit not in voids.get(seat, set())]
        for suit in {rules.suit_of(card) for card in unknown}
    }
    for _ in range(tries):
        pool = list(unknown)
        rng.shuffle(pool)
        pool.sort(key=lambda card: len(allowed[rules.suit_of(card)]))
        room = dict(sizes)
        dealt: dict[int, list[str]] = {seat: [] for seat in seats}
        for card in pool:
            options = [seat for seat in allowed[rules.suit_of(card)] if room[seat] > 0]
            if not options:
                break
            seat = rng.choices(options, weights=[room[seat] for seat in options])[0]
            dealt[seat].append(card)
            room[seat] -= 1
        else:
            return dealt
    raise ValueError("no deal of the hidden cards respects every void")
