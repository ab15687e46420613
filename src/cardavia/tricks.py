"""Trick taking, shared by Bridge, Tractor and French Tarot: following suit and the
winner of a trick, with or without a trump suit.

A game describes its cards through :class:`TrickRules`: which *suit* a card belongs to for
following (Tractor puts its level cards and jokers in the trump suit; Tarot's trumps are a
suit of their own) and how strong a card is inside its suit. Following rules differ too:
Bridge and Tractor only oblige a player to follow the suit led, Tarot also obliges a
player who cannot follow to trump and to overtrump; those are flags, not copies.

One card a player (Bridge, Tarot) uses :func:`playable` and :func:`trick_winner`. Tricks
of several cards a player (Tractor, two packs) use the *combination* functions at the end:
pairs of identical cards, tractors of pairs whose strengths are consecutive in their suit
(so a game makes its ladder dense: Tractor's missing level rank leaves no gap), the follow
obligations and the winner among plays of the lead's shape.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple, TypeVar

from .cards import RANKS

Place = TypeVar("Place", bound=Hashable)  # a seat, or a pile such as a kitty


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
    # Cards outside every obligation (Tarot's Excuse): always playable, never the suit led
    # (the next card decides it), never the winner.
    excused: frozenset[str] = frozenset()


BRIDGE = TrickRules()


def playable(
    hand: Sequence[str], trick: Sequence[str], trump: str | None, rules: TrickRules = BRIDGE
) -> list[str]:
    """The cards of ``hand`` that may go on ``trick`` (the cards played so far, leader
    first), in the hand's order. Any card may lead."""
    counted = [card for card in trick if card not in rules.excused]
    if not counted:
        return list(hand)
    free = [card for card in hand if card in rules.excused]
    led = rules.suit_of(counted[0])
    following = [card for card in hand if rules.suit_of(card) == led and card not in free]
    if following:
        allowed = _overtrumps(following, counted, rules) if led == trump else following
        return _in_hand_order(hand, allowed, free)
    trumps = [card for card in hand if trump is not None and rules.suit_of(card) == trump]
    if rules.must_trump and trumps:
        return _in_hand_order(hand, _overtrumps(trumps, counted, rules), free)
    return list(hand)


def _in_hand_order(hand: Sequence[str], allowed: list[str], free: list[str]) -> list[str]:
    if not free:
        return allowed
    chosen = {*allowed, *free}
    return [card for card in hand if card in chosen]


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
    suit never win. Equal strengths (two packs): the first played wins. Excused cards never
    win (Tarot's last-trick exception is the game's own)."""
    suits = [None if card in rules.excused else rules.suit_of(card) for card in trick]
    led = next((suit for suit in suits if suit is not None), None)
    winning_suit = trump if trump is not None and trump in suits else led
    best: int | None = None
    for index, suit in enumerate(suits):
        if suit != winning_suit or suit is None:
            continue
        if best is None or rules.strength(trick[index]) > rules.strength(trick[best]):
            best = index
    if best is None:  # nothing but excused cards (a trick of one Excuse so far)
        return 0
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


def place_at_random(
    rng: random.Random,
    cards: Sequence[str],
    fits: Callable[[Place, str], bool],
    dealt: dict[Place, list[str]],
    room: dict[Place, int],
    fewest_first: bool = True,
    limited: Collection[Place] | None = None,
) -> bool:
    """Put each of ``cards`` into a place of ``room`` that has room left and ``fits`` it,
    chosen in proportion to its room (which keeps a constrained deal close to uniform).
    With ``fewest_first`` the cards are shuffled and those with the fewest possible places
    go first; given ``limited`` (places whose ``fits`` changes as they fill, such as a cap
    on some cards), that order is worked out again whenever a place fills up or a limited
    place takes a card. Returns False at a dead end (the caller deals again). How the
    trick games' ``sample_state`` deal the hidden cards."""
    places = list(room)

    def options(card: str) -> list[Place]:
        return [p for p in places if room[p] > 0 and fits(p, card)]

    left = list(cards)
    if fewest_first:
        rng.shuffle(left)
    resort = fewest_first
    while left:
        if resort:
            left.sort(key=lambda card: len(options(card)))
        card = left.pop(0)
        possible = options(card)
        if not possible:
            return False
        chosen = rng.choices(possible, weights=[room[p] for p in possible])[0]
        dealt[chosen].append(card)
        room[chosen] -= 1
        resort = limited is not None and (room[chosen] == 0 or chosen in limited)
    return True


# --- Combinations: tricks of several cards a player (Tractor) -------------------------


class Combination(NamedTuple):
    """A single, a pair of identical cards or a tractor (two or more pairs on consecutive
    strengths), all in one suit; ``top`` is the strength of its highest card."""

    kind: str  # "single", "pair" or "tractor"
    suit: str
    pairs: int
    top: int
    size: int


def identical_pairs(cards: Sequence[str]) -> list[str]:
    """One card for each pair of identical copies in ``cards``, in order of completion."""
    open_cards: set[str] = set()
    pairs = []
    for card in cards:
        if card in open_cards:
            open_cards.discard(card)
            pairs.append(card)
        else:
            open_cards.add(card)
    return pairs


def combination_of(cards: Sequence[str], rules: TrickRules) -> Combination | None:
    """What ``cards`` form as one play, or None when they are no single, pair or tractor."""
    if not cards:
        return None
    suit = rules.suit_of(cards[0])
    if any(rules.suit_of(card) != suit for card in cards):
        return None
    if len(cards) == 1:
        return Combination("single", suit, 0, rules.strength(cards[0]), 1)
    counts = Counter(cards)
    if any(count != 2 for count in counts.values()):
        return None
    strengths = sorted(rules.strength(card) for card in counts)
    if strengths != list(range(strengths[0], strengths[0] + len(strengths))):
        return None  # a gap, or two different cards of equal strength
    kind = "pair" if len(counts) == 1 else "tractor"
    return Combination(kind, suit, len(counts), strengths[-1], len(cards))


def lead_combinations(hand: Sequence[str], rules: TrickRules) -> list[list[str]]:
    """Every single, pair and tractor ``hand`` holds: singles, then pairs, then tractors
    (shortest first), each group in the hand's order. Identical cards count once."""
    singles = [[card] for card in dict.fromkeys(hand)]
    pair_cards = list(dict.fromkeys(identical_pairs(hand)))
    pairs = [[card, card] for card in pair_cards]
    return singles + pairs + _tractors(pair_cards, rules)


def _tractors(pair_cards: list[str], rules: TrickRules) -> list[list[str]]:
    by_place: dict[tuple[str, int], list[str]] = {}
    for card in pair_cards:
        by_place.setdefault((rules.suit_of(card), rules.strength(card)), []).append(card)
    found: list[tuple[int, int, list[str]]] = []
    for (suit, low), _ in by_place.items():
        if (suit, low - 1) in by_place:
            continue  # not the bottom of a run
        run: list[list[str]] = []
        while (suit, low + len(run)) in by_place:
            run.append(by_place[(suit, low + len(run))])
        for start in range(len(run)):
            for end in range(start + 2, len(run) + 1):
                for choice in _one_of_each(run[start:end]):
                    found.append((end - start, 0, [card for card in choice for _ in (0, 1)]))
    order = {card: index for index, card in enumerate(pair_cards)}
    found.sort(key=lambda item: (item[0], min(order[card] for card in item[2])))
    return [sorted(cards, key=order.__getitem__) for _, _, cards in found]


def _one_of_each(places: list[list[str]]) -> list[list[str]]:
    """Every way to take one card from each place (places of equal strength can hold
    several different pairs, like two off-suit level pairs)."""
    choices: list[list[str]] = [[]]
    for place in places:
        choices = [[*choice, card] for choice in choices for card in place]
    return choices


def can_complete_follow(
    hand: Sequence[str], committed: Sequence[str], lead: Sequence[str], rules: TrickRules
) -> bool:
    """Whether a follower who already put ``committed`` on the trick and still holds
    ``hand`` can finish a legal follow of ``lead``: as many cards as the lead; all of the
    led suit when they hold enough, with as many pairs as the lead has (or as they hold);
    every card of the led suit when they hold fewer; anything when void."""
    needed = len(lead) - len(committed)
    if needed < 0:
        return False
    suit = rules.suit_of(lead[0])
    in_suit = [card for card in hand if rules.suit_of(card) == suit]
    committed_in_suit = [card for card in committed if rules.suit_of(card) == suit]
    held = len(in_suit) + len(committed_in_suit)
    if held < len(lead):  # short or void: every card of the suit must go
        return len(in_suit) <= needed
    if len(committed_in_suit) < len(committed):
        return False
    must_pair = min(len(identical_pairs(lead)), len(identical_pairs(in_suit + committed_in_suit)))
    return _most_pairs(in_suit, committed, needed) >= must_pair


def _most_pairs(in_suit: list[str], committed: Sequence[str], needed: int) -> int:
    """The most pairs a follow can hold once ``needed`` cards of ``in_suit`` are added to
    ``committed``: matching a committed single costs one card a pair, a new pair two."""
    chosen = _counts(committed)
    singles = {card for card, count in chosen.items() if count % 2}
    available = _counts(in_suit)
    matchable = sum(1 for card in singles if card in available)
    new_pairs = sum(count // 2 for card, count in available.items() if card not in singles)
    matched = min(matchable, needed)
    paired = sum(count // 2 for count in chosen.values())
    return paired + matched + min(new_pairs, (needed - matched) // 2)


def _counts(cards: Sequence[str]) -> dict[str, int]:
    """Copies of each card (a plain dict: far cheaper than a Counter on a hot path)."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def follow_choices(
    hand: Sequence[str], committed: Sequence[str], lead: Sequence[str], rules: TrickRules
) -> list[str]:
    """The distinct cards of ``hand`` that a follower who already put ``committed`` on
    the trick may play next, each still completing a legal follow of ``lead``."""
    suit = rules.suit_of(lead[0])
    in_suit = sum(1 for card in hand if rules.suit_of(card) == suit)
    held = in_suit + sum(1 for card in committed if rules.suit_of(card) == suit)
    distinct = list(dict.fromkeys(hand))
    if held < len(lead):  # short or void: any card, as long as the suit's cards still fit
        room = len(lead) - len(committed) - 1
        return [card for card in distinct if in_suit - (rules.suit_of(card) == suit) <= room]
    choices = []
    for card in distinct:  # enough of the suit: only its cards, if the pairs still fit
        if rules.suit_of(card) != suit:
            continue
        rest = list(hand)
        rest.remove(card)
        if can_complete_follow(rest, [*committed, card], lead, rules):
            choices.append(card)
    return choices


def combination_winner(plays: Sequence[Sequence[str]], trump: str | None, rules: TrickRules) -> int:
    """The index of the play (leader first) that wins: only plays of the lead's exact
    shape count, in the led suit or (from a player void in it) all in ``trump``; trumps
    beat the led suit, then the higher top card; equal plays: the earlier wins."""
    lead = combination_of(plays[0], rules)
    assert lead is not None  # every lead is a combination
    best, best_key = 0, (lead.suit == trump, lead.top)
    for index in range(1, len(plays)):
        play = combination_of(plays[index], rules)
        if play is None or (play.kind, play.size) != (lead.kind, lead.size):
            continue
        if play.suit not in (lead.suit, trump):
            continue
        key = (play.suit == trump, play.top)
        if key > best_key:
            best, best_key = index, key
    return best
