"""French Tarot's cards and fixed rules (spec/tarot.md §0–§6): the notation, the pack, card
values in half points, the display order, how cards take tricks, the contracts, the écart's
restrictions, the poignée sizes and the petit sec."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from ...tricks import TrickRules

SEATS = 4
HAND_SIZE = 18
CHIEN_SIZE = 6
TRICKS = HAND_SIZE
TRUMP = "T"
EXCUSE = "EX"
PETIT = "1T"
TWENTY_ONE = "21T"
BOUTS = (TWENTY_ONE, PETIT, EXCUSE)
SUITS = "SHDC"
SUIT_RANKS = "123456789TJNQK"  # the ace (1) lowest, the king highest
KING = "K"

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
MULTIPLIERS = {"prise": 1, "garde": 2, "garde_sans": 4, "garde_contre": 6}
CHIEN_SHOWN = ("prise", "garde")  # the contracts where the taker sees, takes and discards
POIGNEE_SIZES = {"simple": 10, "double": 13, "triple": 15}
POIGNEE_BONUS = {"simple": 20, "double": 30, "triple": 40}
TARGETS = {0: 56, 1: 51, 2: 41, 3: 36}  # points the taker needs, by bouts in his pile
TOTAL_HALF_POINTS = 182  # 91 points

# Honours' values in half points; every other card is a low card worth one half point.
_HONOUR_HALF_POINTS = {"K": 9, "Q": 7, "N": 5, "J": 3}
_RANK_WORDS = {"A": "1", "10": "T", "C": "N"}  # ace, ten, cavalier
_EXCUSE_WORDS = ("EX", "EXCUSE", "E", "X")


def trump(number: int) -> str:
    return f"{number}{TRUMP}"


def pack() -> list[str]:
    """The 78 cards in display order."""
    return sort_hand(
        [trump(number) for number in range(1, 22)]
        + [EXCUSE]
        + [rank + suit for suit in SUITS for rank in SUIT_RANKS]
    )


def is_trump(card: str) -> bool:
    return card != EXCUSE and card.endswith(TRUMP) and card[:-1].isdigit()


def suit_of(card: str) -> str:
    """The suit a card follows: ``S H D C``, ``T`` for a trump, ``EX`` for the Excuse."""
    if card == EXCUSE:
        return EXCUSE
    return card[-1]


def strength(card: str) -> int:
    """Rank inside its suit: 1 (ace) … 14 (king), a trump's number, 0 for the Excuse."""
    if card == EXCUSE:
        return 0
    if is_trump(card):
        return int(card[:-1])
    return SUIT_RANKS.index(card[0]) + 1


CARD_RULES = TrickRules(
    suit_of=suit_of,
    strength=strength,
    must_trump=True,
    must_overtrump=True,
    excused=frozenset({EXCUSE}),
)


def is_bout(card: str) -> bool:
    return card in BOUTS


def half_points(card: str) -> int:
    """A card's value in half points: bouts and kings 9, queens 7, knights 5, jacks 3, the
    rest 1 (spec §2)."""
    if card in BOUTS:
        return 9
    if is_trump(card):
        return 1
    return _HONOUR_HALF_POINTS.get(card[0], 1)


def pile_half_points(cards: Iterable[str]) -> int:
    return sum(half_points(card) for card in cards)


def points_text(half: int) -> str:
    """Half points written as points: 98 → '49', 173 → '86.5'."""
    return str(half // 2) + (".5" if half % 2 else "")


def points_value(half: int) -> int | float:
    """Half points as a JSON number: an int when whole."""
    return half // 2 if half % 2 == 0 else half / 2


@cache
def _order_key(card: str) -> tuple[int, int]:
    if card == EXCUSE:
        return (1, 0)
    if is_trump(card):
        return (0, -strength(card))
    return (2 + SUITS.index(card[-1]), -strength(card))


def sort_hand(cards: Iterable[str]) -> list[str]:
    """Display order: trumps 21T → 1T, the Excuse, then spades, hearts, diamonds, clubs,
    each from the king down to the ace."""
    return sorted(cards, key=_order_key)


PACK = frozenset(pack())


def parse_card(text: str) -> str:
    """One card in the Tarot notation, forgivingly: any case, ``A`` for the ace (``AS`` =
    ``1S``), ``10`` for the ten of a suit (``10S`` = ``TS``), ``C`` for the knight, trumps
    ``1T`` … ``21T``, ``EX`` or ``Excuse``. Raises ValueError saying what is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"a card is a string like 'KH', '21T' or 'EX', not {type(text).__name__}")
    word = text.strip().upper()
    if word in _EXCUSE_WORDS:
        return EXCUSE
    if len(word) >= 2 and word[-1] == TRUMP and word[:-1].isdigit():
        number = int(word[:-1])
        if 1 <= number <= 21 and word[:-1] == str(number):
            return trump(number)
        raise ValueError(f"{text.strip()!r} is no trump: trumps are 1T to 21T")
    if len(word) >= 2 and word[-1] in SUITS:
        rank = _RANK_WORDS.get(word[:-1], word[:-1])
        if len(rank) == 1 and rank in SUIT_RANKS:
            return rank + word[-1]
    raise ValueError(
        f"{text.strip()[:20]!r} is not a tarot card: write rank then suit (KH, NS, TD, 1C), a "
        "trump 1T to 21T, or EX"
    )


def parse_cards(text: str) -> list[str]:
    return [parse_card(token) for token in text.replace(",", " ").split()]


def check_cards(cards: Sequence[str]) -> str | None:
    """Why a list of canonical cards is not part of one tarot pack, or None."""
    seen: set[str] = set()
    for card in cards:
        if card in seen:
            return f"{card} appears twice"
        seen.add(card)
    return None


# --- the deal ------------------------------------------------------------------------


def is_petit_sec(hand: Sequence[str]) -> bool:
    """The Petit is the hand's only trump and the hand has no Excuse (§3.3)."""
    trumps = [card for card in hand if is_trump(card)]
    return trumps == [PETIT] and EXCUSE not in hand


# --- the écart -----------------------------------------------------------------------


def _plain_discards(cards: Iterable[str]) -> list[str]:
    """Suit cards other than kings: what an écart is made of when it can be."""
    return [card for card in cards if not is_trump(card) and card != EXCUSE and card[0] != KING]


def ecart_problem(hand: Sequence[str], discarded: Sequence[str], card: str) -> str | None:
    """Why the taker may not discard ``card`` next (``hand``: the cards he still holds, the
    chien included; ``discarded``: the écart so far), or None. Kings and bouts never; a
    trump only when the suit cards other than kings cannot fill the écart, and then only
    as many trumps as they leave missing (§5.1, T16: any order)."""
    if card not in hand:
        return f"{card} is not in your hand"
    if card in BOUTS:
        return f"{card} is a bout: bouts never go into the écart"
    if not is_trump(card) and card[0] == KING:
        return f"{card} is a king: kings never go into the écart"
    if not is_trump(card):
        return None
    plain = len(_plain_discards(hand)) + len(_plain_discards(discarded))
    trumps_allowed = max(0, CHIEN_SIZE - plain)
    trumps_so_far = sum(1 for done in discarded if is_trump(done))
    if trumps_so_far >= trumps_allowed:
        if trumps_allowed == 0:
            return (
                f"{card} is a trump: a trump goes into the écart only when you have too few "
                "suit cards other than kings"
            )
        return (
            f"{card} is a trump: you may discard only {trumps_allowed} trump"
            f"{'s' if trumps_allowed > 1 else ''}, and the rest must be suit cards"
        )
    return None


def ecart_choices(hand: Sequence[str], discarded: Sequence[str]) -> list[str]:
    """The cards the taker may discard next, in the hand's order."""
    return [card for card in hand if ecart_problem(hand, discarded, card) is None]


# --- the poignée ---------------------------------------------------------------------


def poignee_sizes(trumps: int, has_excuse: bool) -> list[str]:
    """The poignées a player with ``trumps`` trumps (the taker's shown écart trumps
    included) can show: exactly the size, the Excuse standing in for a trump only when the
    show then holds every trump (§6.2)."""
    return [
        size
        for size, count in POIGNEE_SIZES.items()
        if trumps >= count or (has_excuse and trumps + 1 == count)
    ]
