"""Card notation, packs, forgiving parsing and display order.

A card is a string: rank then suit (``TS``, ``AH``, ``2C``) or a joker (``BJ`` black/small,
``RJ`` red/big). Parsing accepts what people type (``10s``, ``ah``, ``bj``); output is
always canonical. French Tarot has its own notation (spec/tarot.md).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "SHDC"
JOKERS = ("BJ", "RJ")

_RANK_WORDS = {"10": "T", "1": "A"}
_JOKER_WORDS = {
    "BJ": "BJ",
    "RJ": "RJ",
    "SJ": "BJ",  # small joker
    "LJ": "RJ",  # large joker
}


def pack_52() -> list[str]:
    """The 52 ranked cards, suit by suit."""
    return [rank + suit for suit in SUITS for rank in RANKS]


def pack_54() -> list[str]:
    """The French 54-card deck: 52 ranked cards and two jokers."""
    return [*pack_52(), *JOKERS]


def rank_of(card: str) -> str:
    """The rank character of a card, or the whole joker string."""
    return card if card in JOKERS else card[0]


def _normalise_rank(text: str) -> str | None:
    text = text.upper()
    if text in _RANK_WORDS:
        return _RANK_WORDS[text]
    if len(text) == 1 and text in RANKS:
        return text
    return None


def parse_card(text: str) -> str:
    """One card in canonical form; raises ValueError with a readable message."""
    if not isinstance(text, str):
        raise ValueError(f"a card is a string like TS, 10s, ah or BJ, not {type(text).__name__}")
    token = text.strip()
    # ASCII only ('ſ'.upper() is 'S'), and no card is longer than '10S'.
    if token.isascii() and len(token) <= 3:
        card = _parse_token(token.upper())
        if card is not None:
            return card
    shown = text.strip()
    if len(shown) > 12:
        shown = shown[:12] + "..."
    if not (shown.isascii() and shown.isprintable()):
        shown = ascii(shown)[1:-1]
    raise ValueError(f"'{shown}' is not a card (examples: TS, 10s, ah, BJ, RJ)")


def _parse_token(token: str) -> str | None:
    if token in _JOKER_WORDS and len(token) == 2:
        return _JOKER_WORDS[token]
    if len(token) >= 2:
        rank, suit = _normalise_rank(token[:-1]), token[-1]
        if rank is not None and suit in SUITS:
            return rank + suit
        # Also accept suit first ("s10", "HA").
        rank, suit = _normalise_rank(token[1:]), token[0]
        if rank is not None and suit in SUITS:
            return rank + suit
    return None


def split_tokens(text: str) -> list[str]:
    """Split on spaces, commas and '+'."""
    return [token for token in re.split(r"[\s,+]+", text.strip()) if token]


def parse_cards(text: str) -> list[str]:
    """Cards separated by spaces, commas or '+'; raises ValueError on a bad token."""
    return [parse_card(token) for token in split_tokens(text)]


def rank_tokens(token: str) -> list[str] | None:
    """'33' -> ['3', '3'], '10' -> ['T'], 'bj' (or 'sj') -> ['BJ']; None if it is not
    rank-only (a card such as '9h', or no card at all)."""
    upper = token.upper()
    if upper in _JOKER_WORDS and len(upper) == 2:
        return [_JOKER_WORDS[upper]]
    ranks: list[str] = []
    rest = upper
    while rest:
        if rest.startswith("10"):
            ranks.append("T")
            rest = rest[2:]
        elif rest[0] in RANKS:
            ranks.append(rest[0])
            rest = rest[1:]
        else:
            return None
    return ranks


def resolve_ranks(text: str, hand: Sequence[str]) -> list[str]:
    """Turn what a player typed into cards from their hand.

    Accepts full cards (``3h 3s``), rank-only groups (``33 44``, ``10``, ``bj``) or a mix.
    Rank-only tokens take the lowest-ordered matching cards still free in the hand.
    Raises ValueError when the hand cannot supply them.
    """
    free = Counter(hand)
    chosen: list[str] = []
    wanted_ranks: list[str] = []
    for token in split_tokens(text):
        ranks = rank_tokens(token)
        if ranks is None:
            card = parse_card(token)
            if free[card] == 0:
                raise ValueError(f"You do not hold {card}.")
            free[card] -= 1
            chosen.append(card)
        else:
            wanted_ranks.extend(ranks)
    for rank in wanted_ranks:
        found = next((c for c in hand if rank_of(c) == rank and free[c] > 0), None)
        if found is None:
            raise ValueError(f"You do not hold another {describe_rank(rank)}.")
        card = found
        free[card] -= 1
        chosen.append(card)
    if not chosen:
        raise ValueError("Name at least one card.")
    return chosen


def describe_rank(rank: str) -> str:
    return {"T": "10", "BJ": "black joker", "RJ": "red joker"}.get(rank, rank)


def sort_cards(cards: Iterable[str], rank_order: str) -> list[str]:
    """Display order: by rank in the game's order (jokers last, BJ before RJ), then suit."""
    return sorted(cards, key=lambda card: card_order_key(card, rank_order))


def card_order_key(card: str, rank_order: str) -> tuple[int, int]:
    if card in JOKERS:
        return (len(rank_order) + JOKERS.index(card), 0)
    return (rank_order.index(card[0]), SUITS.index(card[1]))


def check_pack(cards: Iterable[str], pack: Sequence[str]) -> str | None:
    """None when ``cards`` is exactly ``pack`` as a multiset, else what is wrong."""
    have, want = Counter(cards), Counter(pack)
    extra = have - want
    missing = want - have
    if extra:
        return "cards not in the pack or dealt twice: " + " ".join(sorted(extra.elements()))
    if missing:
        return "cards missing from the deal: " + " ".join(sorted(missing.elements()))
    return None
