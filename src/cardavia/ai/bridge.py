"""The basic Bridge bot: a natural bidding system and sound rules of thumb for the play.

It acts on a view only. The auction follows :mod:`cardavia.ai.bridge_bidding` (five-card
majors, 1NT 15–17, Stayman and Jacoby transfers, simple competition); the play follows the
rules every beginner is taught, because they are right most of the time and cheap:

- **Opening lead**: the partner's bid suit; against NT the longest suit (top of a
  sequence, else fourth best); against a suit contract the top of a sequence, a singleton,
  or a suit that does not lead away from an ace or a king.
- **Second hand low**, but **cover an honour with an honour** (a covered honour promotes
  the defence's lower cards), unless the leader visibly holds the next card down.
- **Third hand high** (the lowest of equal cards), but never over the partner's card when
  it already wins; when the fourth hand is the visible dummy, just enough to beat it.
- **Fourth hand** wins as cheaply as possible, or plays low when the partner wins.
- Ruff when an opponent's card would win; discard from the weakest suit, keeping
  winners, trumps and guarded honours.
- **Declarer**: in a suit contract draw trumps while the opponents hold some and the side
  has more, then cash winners and ruff in the hand that is void; in NT cash winners from
  the longest suits first, then lead low from the longest combined suit to set it up.

Cards seen so far come from ``view["events"]`` (``play`` events of the current deal).
``view["turn_hand"]`` names the hand whose card is due: the bot plays the dummy's cards
when it is the declarer and the dummy's turn comes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import RANKS, pack_52
from ..engine import current_deal_events
from ..tricks import trick_winner, void_suits
from .bridge_bidding import (
    Constraints,
    HandFeatures,
    all_constraints,
    auction_constraints,
    basic_call,
    hand_features,
)

__all__ = [
    "BasicBot",
    "Constraints",
    "HandFeatures",
    "all_constraints",
    "auction_constraints",
    "basic_call",
    "basic_play",
    "hand_features",
]

SUIT_LETTERS = "SHDC"
JACK = RANKS.index("J")
QUEEN = RANKS.index("Q")


class BasicBot:
    """Bids by the natural system and plays by the rules of thumb above. Deterministic:
    the seed is kept only for the common bot signature."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: dict[str, Any]) -> str:
        legal = list(view["legal_actions"])
        if not legal:
            raise ValueError("it is not this seat's turn")
        action = basic_call(view) if view["phase"] == "auction" else basic_play(view)
        return action if action in legal else legal[0]


# ---------------------------------------------------------------------------------------
# Card helpers


def rank(card: str) -> int:
    return RANKS.index(card[0])


def suit_of(card: str) -> str:
    return card[1]


def in_suit(cards: Sequence[str], suit: str) -> list[str]:
    """The cards of ``suit``, highest first."""
    return sorted((c for c in cards if c[1] == suit), key=rank, reverse=True)


def lowest(cards: Sequence[str]) -> str:
    return min(cards, key=rank)


def highest(cards: Sequence[str]) -> str:
    return max(cards, key=rank)


def partner_of(seat: int) -> int:
    return (seat + 2) % 4


@dataclass
class Table:
    """What the hand due to play can see, from the viewer's side."""

    hand_seat: int  # the hand whose card is due (the dummy's when declarer plays it)
    hand: list[str]
    legal: list[str]
    trump: str | None
    declarer: int
    dummy_seat: int
    dummy: list[str]  # the exposed dummy's cards, [] before the opening lead
    viewer_hand: list[str]
    trick: list[tuple[int, str]]
    plays: list[tuple[int, str]]  # every card of the deal so far, in order
    voids: dict[int, set[str]]
    calls: list[tuple[int, str]]

    @property
    def partner(self) -> int:
        return partner_of(self.hand_seat)

    @property
    def declaring(self) -> bool:
        return self.hand_seat in (self.declarer, self.dummy_seat)

    def visible(self, seat: int) -> list[str] | None:
        """The cards a seat still holds, if the viewer can see them."""
        if seat == self.hand_seat:
            return self.hand
        if seat == self.dummy_seat and self.dummy:
            return self.dummy
        if self.declaring and seat in (self.declarer, self.dummy_seat):
            return self.viewer_hand
        return None

    def partner_cards(self) -> list[str] | None:
        return self.visible(self.partner)

    def played(self) -> set[str]:
        return {card for _, card in self.plays}

    def ours(self) -> set[str]:
        """Cards known to be held by this hand's side."""
        cards = set(self.hand)
        cards |= set(self.partner_cards() or [])
        return cards

    def outstanding(self, suit: str) -> list[str]:
        """Cards of ``suit`` that the opponents of this hand may still hold."""
        gone = self.played() | self.ours()
        return [c for c in pack_52() if c[1] == suit and c not in gone]

    def is_master(self, card: str) -> bool:
        """No opponent holds a higher card of its suit."""
        return all(rank(c) < rank(card) for c in self.outstanding(suit_of(card)))


def _table(view: dict[str, Any]) -> Table:
    contract = view["contract"]
    events = current_deal_events(view["events"])
    plays = [(int(e["seat"]), str(e["card"])) for e in events if e["type"] == "play"]
    tricks: list[list[tuple[int, str]]] = [[]]
    for event in events:
        if event["type"] == "play":
            tricks[-1].append((int(event["seat"]), str(event["card"])))
        elif event["type"] == "trick":
            tricks.append([])
    hand_seat = int(view["turn_hand"])
    hand = list(view["hand"]) if hand_seat == view["seat"] else list(view["dummy"] or [])
    return Table(
        hand_seat=hand_seat,
        hand=hand,
        legal=[action.split()[1] for action in view["legal_actions"]],
        trump=None if contract["strain"] == "NT" else contract["strain"],
        declarer=int(view["declarer"]),
        dummy_seat=int(view["dummy_seat"]),
        dummy=list(view["dummy"] or []),
        viewer_hand=list(view["hand"]),
        trick=[(int(t["seat"]), str(t["card"])) for t in view["trick"]],
        plays=plays,
        voids=void_suits(tricks),
        calls=[(int(a["seat"]), str(a["call"])) for a in view["auction"]],
    )


def basic_play(view: dict[str, Any]) -> str:
    """The card (``play XX``) the rules of thumb choose for the hand due to play."""
    table = _table(view)
    position = len(table.trick)
    if position == 0:
        card = _lead(table)
    elif position == 1:
        card = _second_hand(table)
    elif position == 2:
        card = _third_hand(table)
    else:
        card = _fourth_hand(table)
    if card not in table.legal:
        card = lowest(table.legal)
    return f"play {card}"


# ---------------------------------------------------------------------------------------
# Following


def _winner(table: Table) -> tuple[int, str]:
    cards = [card for _, card in table.trick]
    return table.trick[trick_winner(cards, table.trump)]


def _beats(card: str, best: str, led: str, trump: str | None) -> bool:
    """Whether ``card`` would beat ``best`` (the card winning a trick of suit ``led``)."""
    if suit_of(card) == suit_of(best):
        return rank(card) > rank(best)
    return trump is not None and suit_of(card) == trump


def _cheapest_winner(cards: Sequence[str], best: str, led: str, trump: str | None) -> str | None:
    winners = [c for c in cards if _beats(c, best, led, trump)]
    if not winners:
        return None
    return min(winners, key=lambda c: (c[1] == trump, rank(c)))


def _low_of_equals(card: str, table: Table) -> str:
    """The lowest card of ``card``'s run of equals in this hand: cards between them that
    went in earlier tricks count as gone (K and J are equal once the Q has been played);
    cards on the current trick still have to be beaten."""
    on_trick = {c for _, c in table.trick}
    played = table.played() - on_trick
    hand = set(table.hand)
    best = card
    for r in range(rank(card) - 1, -1, -1):
        lower = RANKS[r] + suit_of(card)
        if lower in hand:
            best = lower
        elif lower not in played:
            break
    return best


def _second_hand(table: Table) -> str:
    led_seat, led = table.trick[0]
    following = in_suit(table.legal, suit_of(led))
    if not following:
        return _ruff_or_discard(table, must_beat=led, worth_it=_worth_ruffing(table, led))
    cover = _cover(table, led_seat, led, following)
    return cover or lowest(following)


def _cover(table: Table, led_seat: int, led: str, following: list[str]) -> str | None:
    """Cover an honour with an honour, unless the leader holds the next card down (then
    the cover would only be taken by the honour that follows) or, for the declarer, the
    other hand (playing fourth) beats the honour anyway."""
    if rank(led) < JACK:
        return None
    partner_cards = table.visible(table.partner) if table.declaring else None
    if partner_cards and any(c[1] == led[1] and rank(c) > rank(led) for c in partner_cards):
        return None  # the declarer's other hand wins it anyway: keep both honours
    leader_cards = table.visible(led_seat)
    next_down = RANKS[rank(led) - 1] + suit_of(led)
    if leader_cards is not None and next_down in leader_cards:
        return None
    covers = [c for c in following if rank(c) > rank(led)]
    return min(covers, key=rank) if covers else None


def _worth_ruffing(table: Table, card: str) -> bool:
    """Second hand ruffs a card that would probably win: a master or a high honour."""
    return table.is_master(card) or rank(card) >= QUEEN


def _third_hand(table: Table) -> str:
    led = table.trick[0][1]
    winner_seat, best = _winner(table)
    following = in_suit(table.legal, suit_of(led))
    fourth = (table.hand_seat + 1) % 4
    fourth_cards = table.visible(fourth)
    partner_wins = winner_seat == table.partner
    safe = partner_wins and _partner_safe(table, best, fourth_cards)
    if not following:
        if safe:
            return _discard(table)
        return _ruff_or_discard(table, must_beat=best, worth_it=True)
    if safe:
        return lowest(following)
    if not _beats(following[0], best, led, table.trump):
        return lowest(following)
    if fourth_cards is not None:
        rivals = in_suit(fourth_cards, suit_of(led))
        target = max([best, *rivals], key=rank) if rivals else best
        exact = _cheapest_winner(following, target, led, table.trump)
        return exact or lowest(following)
    return _low_of_equals(following[0], table)


def _partner_safe(table: Table, best: str, fourth_cards: list[str] | None) -> bool:
    """Whether the partner's winning card will hold against the fourth hand."""
    led = table.trick[0][1]
    if table.trump is not None and suit_of(best) == table.trump and suit_of(led) != table.trump:
        return table.is_master(best) or rank(best) >= QUEEN
    if fourth_cards is not None:
        same = in_suit(fourth_cards, suit_of(led))
        if same:
            return rank(same[0]) < rank(best)
        trumps = in_suit(fourth_cards, table.trump) if table.trump else []
        return not trumps
    return table.is_master(best) or rank(best) >= QUEEN


def _fourth_hand(table: Table) -> str:
    led = table.trick[0][1]
    winner_seat, best = _winner(table)
    following = in_suit(table.legal, suit_of(led))
    if winner_seat == table.partner:
        return lowest(following) if following else _discard(table)
    if following:
        return _cheapest_winner(following, best, led, table.trump) or lowest(following)
    return _ruff_or_discard(table, must_beat=best, worth_it=True)


def _ruff_or_discard(table: Table, must_beat: str, worth_it: bool) -> str:
    """Void in the suit led: ruff with the cheapest trump that wins, or discard."""
    led = table.trick[0][1]
    if worth_it and table.trump is not None:
        _, best = _winner(table)
        trumps = in_suit(table.legal, table.trump)
        ruff = _cheapest_winner(trumps, best, led, table.trump)
        if ruff is not None:
            return ruff
    return _discard(table)


def _discard(table: Table) -> str:
    """The cheapest card of the weakest suit, keeping trumps, winners and guards."""
    cards = [c for c in table.legal if c[1] != table.trump] or list(table.legal)
    plain = [c for c in cards if not table.is_master(c)] or cards

    def cost(card: str) -> tuple[int, int, int]:
        suit = in_suit(table.hand, suit_of(card))
        honours = sum(max(0, rank(c) - JACK + 1) for c in suit)
        guard = 1 if _guards(card, suit) else 0
        return guard, honours, rank(card)

    return min(plain, key=cost)


def _guards(card: str, suit: list[str]) -> bool:
    """Whether discarding ``card`` leaves an honour of its suit unguarded (Kx, Qxx)."""
    for honour, need in (("K", 2), ("Q", 3)):
        if any(c[0] == honour for c in suit) and card[0] != honour and len(suit) <= need:
            return True
    return False


# ---------------------------------------------------------------------------------------
# Leading


def _lead(table: Table) -> str:
    if not table.plays:
        return _opening_lead(table)
    if table.declaring:
        return _declarer_lead(table)
    return _defender_lead(table)


def _natural_suits(calls: list[tuple[int, str]], seat: int) -> list[str]:
    """Suits ``seat`` bid, first bid first (NT and repeated suits left out)."""
    suits: list[str] = []
    for who, call in calls:
        if who == seat and call[0].isdigit() and call[1:] != "NT" and call[1:] not in suits:
            suits.append(call[1:])
    return suits


def _sequence_top(cards: list[str], need_three: bool) -> bool:
    """Whether ``cards`` (one suit, highest first) start with touching honours: two
    (AK, KQ, QJ, JT) or, against NT, three or a broken three (KQT)."""
    if len(cards) < 2 or rank(cards[0]) < RANKS.index("T"):
        return False
    if rank(cards[1]) != rank(cards[0]) - 1:
        return False
    if not need_three:
        return True
    return len(cards) >= 3 and rank(cards[2]) >= rank(cards[1]) - 2


def _from_suit(cards: list[str], notrump: bool) -> str:
    """The card to lead from one suit: top of a sequence or of a doubleton, fourth best
    from four or more with an honour, the top of three small, low from an honour."""
    if len(cards) <= 2 or _sequence_top(cards, need_three=notrump):
        return cards[0]
    honour = rank(cards[0]) >= JACK
    if len(cards) >= 4 and honour:
        return cards[3]
    return cards[-1] if honour else cards[0]


def _opening_lead(table: Table) -> str:
    notrump = table.trump is None
    partner_suits = [s for s in _natural_suits(table.calls, table.partner) if s != table.trump]
    for suit in partner_suits:
        cards = in_suit(table.hand, suit)
        if cards:
            top = len(cards) <= 2 or _sequence_top(cards, False) or rank(cards[0]) < JACK
            return cards[0] if top else cards[-1]
    theirs = set(_natural_suits(table.calls, table.declarer))
    theirs |= set(_natural_suits(table.calls, table.dummy_seat))
    if notrump:
        return _nt_opening_lead(table, theirs)
    return _suit_opening_lead(table, theirs)


def _nt_opening_lead(table: Table, theirs: set[str]) -> str:
    suits = [s for s in SUIT_LETTERS if in_suit(table.hand, s)]
    preferred = [s for s in suits if s not in theirs] or suits

    def strength(suit: str) -> tuple[int, int]:
        cards = in_suit(table.hand, suit)
        return len(cards), sum(max(0, rank(c) - JACK + 1) for c in cards)

    best = max(preferred, key=strength)
    return _from_suit(in_suit(table.hand, best), notrump=True)


def _suit_opening_lead(table: Table, theirs: set[str]) -> str:
    trump = table.trump
    sides = [s for s in SUIT_LETTERS if s != trump and in_suit(table.hand, s)]
    if not sides:
        return lowest(table.hand)
    sequences = [s for s in sides if _sequence_top(in_suit(table.hand, s), False)]
    if sequences:
        best = max(sequences, key=lambda s: rank(in_suit(table.hand, s)[0]))
        return in_suit(table.hand, best)[0]
    trumps = in_suit(table.hand, trump) if trump else []
    singletons = [s for s in sides if len(in_suit(table.hand, s)) == 1 and s not in theirs]
    if singletons and trumps and rank(in_suit(table.hand, singletons[0])[0]) < JACK:
        return in_suit(table.hand, singletons[0])[0]

    def risk(suit: str) -> tuple[int, int, int]:
        cards = in_suit(table.hand, suit)
        top = cards[0][0]
        danger = {"A": 3, "K": 2, "Q": 1}.get(top, 0)
        return danger, suit in theirs, -len(cards)

    best = min(sides, key=risk)
    cards = in_suit(table.hand, best)
    if cards[0][0] == "A":  # an unsupported ace is better cashed than underled
        return cards[0]
    return _from_suit(cards, notrump=False)


def _defender_lead(table: Table) -> str:
    trump = table.trump
    sides = [s for s in SUIT_LETTERS if s != trump and in_suit(table.hand, s)]
    for suit in sides:
        top = in_suit(table.hand, suit)[0]
        if table.is_master(top) and not _both_void(table, suit):
            return top
    leads = [(s, c) for i, (s, c) in enumerate(table.plays) if i % 4 == 0]
    partner_leads = [c for s, c in leads if s == table.partner]
    my_leads = [c for s, c in leads if s == table.hand_seat]
    wanted: list[str] = []
    if partner_leads:
        wanted.append(suit_of(partner_leads[0]))
    if trump is None and my_leads:
        wanted.append(suit_of(my_leads[0]))
    wanted += _natural_suits(table.calls, table.partner)
    for suit in wanted:
        cards = in_suit(table.hand, suit)
        if cards and suit != trump:
            return cards[0] if len(cards) <= 2 else cards[-1]
    safe = [s for s in sides if not _both_void(table, s)] or sides
    if not safe:
        return lowest(table.hand)
    best = max(safe, key=lambda s: (len(in_suit(table.hand, s)), -_honour_points(table, s)))
    return _from_suit(in_suit(table.hand, best), notrump=trump is None)


def _both_void(table: Table, suit: str) -> bool:
    """Declarer and dummy both out of ``suit``: leading it gives a ruff and discard."""
    dummy_void = not in_suit(table.dummy, suit) if table.dummy else False
    return dummy_void and suit in table.voids.get(table.declarer, set())


def _honour_points(table: Table, suit: str) -> int:
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[0], 0) for c in in_suit(table.hand, suit))


def _declarer_lead(table: Table) -> str:
    other = table.partner_cards() or []
    trump = table.trump
    if trump is not None:
        card = _draw_trumps(table, other, trump)
        if card is not None:
            return card
    opponents_trumps = len(table.outstanding(trump)) if trump else 0
    card = _cash_winner(table, other, opponents_trumps)
    if card is not None:
        return card
    if trump is not None:
        card = _ruff_in_other_hand(table, other, trump)
        if card is not None:
            return card
    return _establish(table, other)


def _draw_trumps(table: Table, other: list[str], trump: str) -> str | None:
    theirs = len(table.outstanding(trump))
    mine = in_suit(table.hand, trump)
    ours = len(mine) + len(in_suit(other, trump))
    if theirs == 0 or not mine or ours <= theirs:
        return None
    return mine[0] if table.is_master(mine[0]) else mine[-1]


def _cash_winner(table: Table, other: list[str], opponents_trumps: int) -> str | None:
    """A winner to cash, from the suit the side holds most of (run the long suits). The
    short hand plays its high cards first and the long hand leads low to the other
    hand's winner, so the suit does not block; while the opponents keep trumps, only
    suits they can still follow."""
    options = []
    for suit in SUIT_LETTERS:
        cards = in_suit(table.hand, suit)
        both = sorted([*cards, *in_suit(other, suit)], key=rank, reverse=True)
        if suit == table.trump or not cards or not table.is_master(both[0]):
            continue
        if opponents_trumps and len(table.outstanding(suit)) < 2:
            continue
        theirs = in_suit(other, suit)
        low_first = not table.is_master(cards[0]) or _blocks(cards, theirs)
        options.append((len(both), cards[-1] if low_first else cards[0]))
    if not options:
        return None
    return max(options, key=lambda item: item[0])[1]


def _blocks(mine: list[str], theirs: list[str]) -> bool:
    """Whether cashing ``mine`` from the top, the other hand following low, would leave
    the other hand winning a round it should not (K3 opposite AJ8754: the K blocks)."""
    rest = sorted(theirs, key=rank)
    for card in mine:
        if not rest:
            return False
        if rank(rest.pop(0)) > rank(card):
            return True
    return False


def _ruff_in_other_hand(table: Table, other: list[str], trump: str) -> str | None:
    """Lead a loser of a suit the other hand is void in while it still has trumps."""
    if not in_suit(other, trump):
        return None
    for suit in SUIT_LETTERS:
        cards = in_suit(table.hand, suit)
        if suit != trump and cards and not in_suit(other, suit):
            return cards[-1]
    return None


def _establish(table: Table, other: list[str]) -> str:
    """Lead low from the longest combined suit (towards the other hand's honours), to
    set up its small cards; trumps only when nothing else is left."""
    suits = [s for s in SUIT_LETTERS if in_suit(table.hand, s) and s != table.trump]
    if not suits:
        return lowest(table.hand)
    best = max(suits, key=lambda s: len(in_suit(table.hand, s)) + len(in_suit(other, s)))
    return in_suit(table.hand, best)[-1]
