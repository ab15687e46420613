"""Tractor's rules outside the trick mechanism (spec/tractor.md §2, §3.1, §5): the two
packs, the card order of a deal, declarations, points, and the deal's outcome. Pure
functions of plain values, shared by the state, the sampler, the bots and the tests."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

from ...cards import RANKS, SUITS, pack_54
from ...tricks import TrickRules

SEATS = 4
HAND_SIZE = 25
KITTY_SIZE = 8
ACE = 14
TRUMP = "T"  # the effective suit of every trump
NO_TRUMP = "NT"
TRUMP_CHOICES = (*SUITS, NO_TRUMP)
TAKE_OVER = 80  # the attackers' points that take the deal over (§5.2)
CARD_POINTS = {"5": 5, "T": 10, "K": 10}


def pack_108() -> list[str]:
    """Two full packs of 54."""
    return pack_54() * 2


def level_rank(level: int) -> str:
    """The rank of level ``level`` (2 … 14): '2' … 'T', 'J', 'Q', 'K', 'A'."""
    return RANKS[level - 2]


def team_of(seat: int) -> int:
    return seat % 2


def points(cards: Sequence[str]) -> int:
    """Fives count 5, tens and kings 10 (§5.1)."""
    return sum(CARD_POINTS.get(card[0], 0) for card in cards)


@cache
def card_rules(level: int, trump: str | None) -> TrickRules:
    """Effective suits and strengths at ``level`` with ``trump`` (a suit, 'NT', or None
    while declaring, ordered as no-trump). Strengths are dense ladders (§3.3 positions):
    in a plain suit the level rank is left out, so its neighbours are consecutive; the
    off-suit level cards share one strength, so two of their pairs never form a tractor."""
    suit_of: dict[str, str] = {}
    strength: dict[str, int] = {}
    rank_l = level_rank(level)
    trump_suit = trump if trump is not None and trump in SUITS else None
    ranks = [rank for rank in RANKS if rank != rank_l]  # low to high
    for suit in SUITS:
        effective = TRUMP if suit == trump_suit else suit
        for height, rank in enumerate(ranks):
            suit_of[rank + suit] = effective
            strength[rank + suit] = height
    top = len(ranks) if trump_suit else 0  # the off-suit level cards sit above the suit
    for suit in SUITS:
        suit_of[rank_l + suit] = TRUMP
        strength[rank_l + suit] = top + 1 if suit == trump_suit else top
    suit_of["BJ"] = suit_of["RJ"] = TRUMP
    strength["BJ"], strength["RJ"] = top + 2, top + 3
    if not trump_suit:
        strength["BJ"], strength["RJ"] = top + 1, top + 2
    return TrickRules(suit_of=suit_of.__getitem__, strength=strength.__getitem__)


@cache
def _display_keys(level: int, trump: str | None) -> dict[str, tuple[int, int, int]]:
    rules = card_rules(level, trump)
    keys = {}
    for card in pack_54():
        suit = rules.suit_of(card)
        group = 0 if suit == TRUMP else 1 + SUITS.index(suit)
        printed = SUITS.index(card[1]) if card[1] in SUITS else 0
        keys[card] = (group, -rules.strength(card), printed)
    return keys


def sort_hand(cards: Sequence[str], level: int, trump: str | None) -> list[str]:
    """Display order: trumps high to low, then the plain suits S, H, D, C, aces first."""
    keys = _display_keys(level, trump)
    return sorted(cards, key=keys.__getitem__)


# --- Declarations (§2.3) ----------------------------------------------------------


def declaration_strength(cards: Sequence[str], level: int) -> int | None:
    """1 one level card, 2 two identical level cards, 3 BJ BJ, 4 RJ RJ; None otherwise."""
    rank_l = level_rank(level)
    if len(cards) == 1 and cards[0][0] == rank_l and cards[0][1] in SUITS:
        return 1
    if len(cards) != 2 or cards[0] != cards[1]:
        return None
    if cards[0] == "BJ":
        return 3
    if cards[0] == "RJ":
        return 4
    return 2 if cards[0][0] == rank_l and cards[0][1] in SUITS else None


def declared_trump(cards: Sequence[str]) -> str:
    """The trump a declaration makes: the level card's suit, or no-trump for jokers."""
    return NO_TRUMP if cards[0] in ("BJ", "RJ") else cards[0][1]


def declarations(hand: Sequence[str], level: int, standing: int) -> list[list[str]]:
    """The declarations ``hand`` can make over a standing one of strength ``standing``
    (0 when none stands), weakest first, suits in S, H, D, C order."""
    rank_l = level_rank(level)
    held = set(hand)
    options: list[list[str]] = []
    if standing < 1:
        options += [[rank_l + suit] for suit in SUITS if rank_l + suit in held]
    if standing < 2:
        options += [[rank_l + suit] * 2 for suit in SUITS if list(hand).count(rank_l + suit) == 2]
    for joker, strength in (("BJ", 3), ("RJ", 4)):
        if standing < strength and list(hand).count(joker) == 2:
            options.append([joker, joker])
    return options


def exposed_trump(kitty: Sequence[str]) -> str:
    """§2.3.5: nobody declared; the suit of the kitty's first card that is no joker."""
    return next(card[1] for card in kitty if card not in ("BJ", "RJ"))


# --- The deal's outcome (§5) -------------------------------------------------------


class Outcome(NamedTuple):
    """The result of a deal whose attackers scored ``points`` (P)."""

    team: int  # the team that gains (or takes over)
    gain: int  # levels it climbs
    next_dealer: int
    attackers_take_over: bool


def kitty_multiplier(attackers_won_last: bool, cards_each: int) -> int:
    """2 × n when the attackers win the last trick of n cards each, else 0 (§5.1)."""
    return 2 * cards_each if attackers_won_last else 0


def outcome(dealer: int, points_p: int) -> Outcome:
    """§5.2: the defenders gain 3, 2 or 1 below 80 and keep the deal in their team; from
    80 the attackers take over, climbing one level for every full 40 beyond 80."""
    defenders = team_of(dealer)
    if points_p < TAKE_OVER:
        gain = 3 if points_p == 0 else 2 if points_p < 40 else 1
        return Outcome(defenders, gain, (dealer + 2) % SEATS, False)
    return Outcome(1 - defenders, (points_p - TAKE_OVER) // 40, (dealer + 1) % SEATS, True)
