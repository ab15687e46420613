"""The natural bidding system of the basic Bridge bot, and what an auction tells.

The system (Standard American in miniature; HCP counts A 4, K 3, Q 2, J 1):

Openings
    ``2C`` 22+ any shape; ``2NT`` 20–21 balanced; ``1NT`` 15–17 balanced (a five-card
    major allowed); ``1S``/``1H`` 12–21 with five or more cards (``1S`` with 5–5);
    otherwise the better minor 12–21: the longer one, ``1D`` with 4–4 (or longer equal
    minors), ``1C`` with 3–3. Weak twos ``2D``/``2H``/``2S``: a six-card suit and 5–10 HCP
    (not in fourth seat). Pass below 12. Balanced means 4333, 4432 or 5332.
Responses
    To a major: raise with 3+ cards (6–9 to two, 10–12 to three, 13+ to game); ``1S`` over
    ``1H`` with four spades and 6+; a new suit at the two level with 10+ and four cards
    (five for ``2H`` over ``1S``); ``1NT`` 6–10; ``2NT`` 11–12 balanced; ``3NT`` 13–15
    balanced. To a minor: a four-card major at the one level (hearts first with 4–4),
    ``1D`` over ``1C`` with four diamonds, a raise with five cards (6–9, 10–12), NT by
    strength as above. To ``1NT``: Jacoby transfers ``2D`` → hearts and ``2H`` → spades
    with a five-card major (any strength), Stayman ``2C`` with 8+ and a four-card major,
    else ``2NT`` 8–9, ``3NT`` 10–15, ``4NT`` 16–17 (invites six), ``6NT`` 18–19, ``7NT``
    20+. To ``2NT`` the same one level up (``3C``, ``3D``, ``3H``; ``3NT`` 4–10). To ``2C``:
    ``2D`` waiting. To a weak two: game with support and 15+, ``3NT`` with 16+ balanced.
Opener's rebid
    Stayman answers ``2D`` (no major), ``2H`` (four hearts, maybe spades too), ``2S``;
    transfers are completed; invitations are accepted with the top of the range. After a
    suit opening: raise the responder's major with four cards (12–15 one step, 16–18 a
    jump, 19+ game); ``1NT`` 12–14 balanced, ``2NT`` 18–19; rebid a six-card suit (a jump
    with 16–18); a new lower suit (a higher one at the two level, a reverse, needs 16+).
Later rounds (``place``)
    Both partners read the other's hand from :func:`auction_constraints` and bid the
    contract the combined values ask for: game with 25+ combined HCP in a major fit of
    eight cards or in NT (a minor game with 28+), an invitation when the partner's range
    straddles 25, a small slam with 33+, a grand with 37+; partscores stay at the two level
    (three with a nine-card fit or 22+). Penalty double when the side holds 23+ HCP and
    the opponents bid on (four cards in their suit below game).
Competition
    ``1NT`` overcall 15–18 balanced with a stopper; a takeout double with 12+ and at most
    two cards in their suit and three in the others (17+ any shape); a suit overcall with
    a good five-card suit, 8–16 at the one level, 10–16 at the two. The partner of a
    takeout double always answers a pass (cheapest 0–8, a jump 9–11, game 12+).

``auction_constraints(view, seat)`` replays the auction through the same rules and returns
a :class:`Constraints` box (HCP range, minimum and maximum length of each suit, whether
balanced) that the seat's hand fits if it bid by this system. It is approximate: the
strong bot uses it to reject sampled deals, so it errs on the wide side, and a call that
would contradict what a seat showed before is ignored rather than trusted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import RANKS

SUIT_LETTERS = "SHDC"
STRAINS = ("C", "D", "H", "S", "NT")  # low to high
MAJORS = ("S", "H")
MINORS = ("D", "C")
HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}
BALANCED_SHAPES = {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}
GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
MAX_HCP = 37


# ---------------------------------------------------------------------------------------
# Hands


@dataclass(frozen=True)
class HandFeatures:
    """What the system needs to know about 13 (or fewer) cards."""

    cards: tuple[str, ...]
    hcp: int
    lengths: dict[str, int]
    balanced: bool

    def length(self, suit: str) -> int:
        return self.lengths[suit]

    def ranks(self, suit: str) -> str:
        """The ranks held in ``suit``, highest first."""
        held = [card[0] for card in self.cards if card[1] == suit]
        return "".join(sorted(held, key=RANKS.index, reverse=True))

    def longest(self, suits: Sequence[str] = SUIT_LETTERS) -> str:
        """The longest of ``suits``; ties go to the first listed (callers list majors or
        higher suits first)."""
        return max(suits, key=lambda suit: (self.lengths[suit], -suits.index(suit)))

    def stopper(self, suit: str) -> bool:
        """A likely trick in NT when the opponents run ``suit``: A, Kx, Qxx or Jxxx."""
        ranks, length = self.ranks(suit), self.lengths[suit]
        return (
            "A" in ranks
            or ("K" in ranks and length >= 2)
            or ("Q" in ranks and length >= 3)
            or ("J" in ranks and length >= 4)
        )

    def good_suit(self, suit: str) -> bool:
        """Five or more cards with two of the top five honours, one of them A, K or Q: a
        suit worth overcalling (it should lead well and play well opposite a singleton)."""
        ranks = self.ranks(suit)
        honours = sum(rank in ranks for rank in "AKQJT")
        return self.lengths[suit] >= 5 and honours >= 2 and any(r in ranks for r in "AKQ")


def hand_features(cards: Sequence[str]) -> HandFeatures:
    """HCP, suit lengths and balance of ``cards``."""
    lengths = {suit: sum(card[1] == suit for card in cards) for suit in SUIT_LETTERS}
    shape = tuple(sorted(lengths.values(), reverse=True))
    return HandFeatures(
        cards=tuple(cards),
        hcp=sum(HCP.get(card[0], 0) for card in cards),
        lengths=lengths,
        balanced=shape in BALANCED_SHAPES,
    )


# ---------------------------------------------------------------------------------------
# Constraints


def _zero() -> dict[str, int]:
    return dict.fromkeys(SUIT_LETTERS, 0)


def _thirteen() -> dict[str, int]:
    return dict.fromkeys(SUIT_LETTERS, 13)


@dataclass
class Constraints:
    """What an auction says about one hand: ``hcp_min`` ≤ HCP ≤ ``hcp_max``, each suit's
    length within ``min_len``/``max_len``, and 4333/4432/5332 if ``balanced``."""

    hcp_min: int = 0
    hcp_max: int = MAX_HCP
    min_len: dict[str, int] = field(default_factory=_zero)
    max_len: dict[str, int] = field(default_factory=_thirteen)
    balanced: bool = False

    def admits(self, cards: Sequence[str]) -> bool:
        """Whether a full 13-card hand fits the box."""
        features = hand_features(cards)
        if not self.hcp_min <= features.hcp <= self.hcp_max:
            return False
        if self.balanced and not features.balanced:
            return False
        return all(
            self.min_len[suit] <= features.lengths[suit] <= self.max_len[suit]
            for suit in SUIT_LETTERS
        )

    def expected_hcp(self) -> float:
        """A working guess of the HCP: the bottom of the range plus a little, since wide
        ranges (an opening's 12–21) are mostly near their bottom."""
        top = min(self.hcp_max, self.hcp_min + 5)
        return (self.hcp_min + top) / 2

    def narrow(
        self,
        hcp: tuple[int, int] | None = None,
        min_len: dict[str, int] | None = None,
        max_len: dict[str, int] | None = None,
        balanced: bool = False,
    ) -> None:
        """Intersect with a new statement; a part that contradicts what is already known
        (a misbid, or a human partner's own system) is ignored, so the box never empties."""
        if hcp is not None:
            low, high = max(self.hcp_min, hcp[0]), min(self.hcp_max, hcp[1])
            if low <= high:
                self.hcp_min, self.hcp_max = low, high
        for suit, length in (min_len or {}).items():
            if (
                length <= self.max_len[suit]
                and sum(self.min_len.values()) + max(0, length - self.min_len[suit]) <= 13
            ):
                self.min_len[suit] = max(self.min_len[suit], length)
        for suit, length in (max_len or {}).items():
            if length >= self.min_len[suit]:
                self.max_len[suit] = min(self.max_len[suit], length)
        fits = all(self.max_len[s] >= 2 and self.min_len[s] <= 5 for s in SUIT_LETTERS)
        if balanced and fits:
            self.balanced = True
            for suit in SUIT_LETTERS:
                self.min_len[suit] = max(self.min_len[suit], 2)
                self.max_len[suit] = min(self.max_len[suit], 5)


# ---------------------------------------------------------------------------------------
# Reading the auction


def level(bid: str) -> int:
    return int(bid[0])


def strain(bid: str) -> str:
    return bid[1:]


def is_bid(call: str) -> bool:
    return call[0].isdigit()


def bid_index(bid: str) -> int:
    return (level(bid) - 1) * 5 + STRAINS.index(strain(bid))


def cheapest(last: str | None, target: str) -> str | None:
    """The lowest bid of strain ``target`` above ``last`` (None past seven)."""
    for lvl in range(1, 8):
        bid = f"{lvl}{target}"
        if last is None or bid_index(bid) > bid_index(last):
            return bid
    return None


def side(seat: int) -> int:
    return seat % 2


@dataclass
class Context:
    """The auction before one call, from the caller's seat."""

    seat: int
    calls: list[tuple[int, str]]

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    def bids_of(self, seat: int) -> list[str]:
        return [call for who, call in self.calls if who == seat and is_bid(call)]

    def calls_of(self, seat: int) -> list[str]:
        return [call for who, call in self.calls if who == seat]

    @property
    def opening(self) -> tuple[int, str] | None:
        return next(((who, call) for who, call in self.calls if is_bid(call)), None)

    @property
    def last_bid(self) -> tuple[int, str] | None:
        return next(((who, c) for who, c in reversed(self.calls) if is_bid(c)), None)

    def last_bid_text(self) -> str | None:
        last = self.last_bid
        return None if last is None else last[1]

    def ours(self, seat: int) -> bool:
        return side(seat) == side(self.seat)

    def side_bids(self, mine: bool) -> list[tuple[int, str]]:
        return [(w, c) for w, c in self.calls if is_bid(c) and self.ours(w) == mine]

    def doubled(self) -> bool:
        """Whether the last bid stands doubled (or redoubled)."""
        after: list[str] = []
        for _, call in reversed(self.calls):
            if is_bid(call):
                break
            after.append(call)
        return "double" in after or "redouble" in after

    def opponent_suits(self) -> set[str]:
        return {strain(c) for _, c in self.side_bids(False) if strain(c) != "NT"}

    def partner_takeout_double(self) -> str | None:
        """The opponents' bid that the partner doubled for takeout (our side had bid
        nothing before, the bid was at most at the two level), if any."""
        for index, (who, call) in enumerate(self.calls):
            if who == self.partner and call == "double":
                before = Context(self.seat, self.calls[:index])
                last = before.last_bid_text()
                if not before.side_bids(True) and last is not None and level(last) <= 2:
                    return None if strain(last) == "NT" else last
        return None

    def situation(self) -> str:
        """open, respond, rebid, overcall, advance_double or other (see the module doc)."""
        opening = self.opening
        if opening is None:
            return "open"
        mine, partners = self.bids_of(self.seat), self.bids_of(self.partner)
        my_doubles = "double" in self.calls_of(self.seat)
        if opening[0] == self.partner:
            return "respond" if not mine and not my_doubles and len(partners) == 1 else "other"
        if opening[0] == self.seat:
            first_response = self._first_response()
            ok = len(mine) == 1 and len(partners) == 1 and first_response
            return "rebid" if ok else "other"
        if not mine and not partners and not my_doubles:
            if self.partner_takeout_double() is not None:
                return "advance_double"
            if "double" in self.calls_of(self.partner):
                return "other"
            last = self.last_bid_text()
            if last is not None and level(last) <= 2 and len(self.side_bids(False)) <= 2:
                return "overcall"
        return "other"

    def _first_response(self) -> bool:
        """Whether the partner's only bid came in the first round after the opening."""
        opening = self.opening
        assert opening is not None
        index = self.calls.index(opening)
        return any(
            who == self.partner and is_bid(call) for who, call in self.calls[index + 1 : index + 3]
        )


def _calls_of_view(view: dict[str, Any]) -> list[tuple[int, str]]:
    return [(int(entry["seat"]), str(entry["call"])) for entry in view["auction"]]


def auction_constraints(view: dict[str, Any], seat: int) -> Constraints:
    """What the auction so far (``view["auction"]``) says about ``seat``'s hand under this
    system. Works for any seat, the viewer's own included."""
    return all_constraints(_calls_of_view(view))[seat]


def all_constraints(calls: Sequence[tuple[int, str]]) -> list[Constraints]:
    """The four seats' boxes after ``calls`` (seat, call), in order."""
    boxes = [Constraints() for _ in range(4)]
    for index, (who, call) in enumerate(calls):
        context = Context(who, list(calls[:index]))
        _explain(context, call, boxes)
    return boxes


# ---------------------------------------------------------------------------------------
# What each call means


def _explain(ctx: Context, call: str, boxes: list[Constraints]) -> None:
    box = boxes[ctx.seat]
    situation = ctx.situation()
    if situation == "open":
        _explain_opening(call, box, len(ctx.calls))
    elif situation == "respond":
        _explain_response(ctx, call, box)
    elif situation == "rebid":
        _explain_rebid(ctx, call, box, boxes[ctx.partner])
    elif situation == "overcall":
        _explain_overcall(ctx, call, box)
    elif situation == "advance_double":
        _explain_advance(ctx, call, box)
    else:
        _explain_other(ctx, call, box, boxes[ctx.partner])


def _explain_opening(call: str, box: Constraints, position: int) -> None:
    suits: dict[str, tuple[tuple[int, int], dict[str, int], dict[str, int]]] = {
        "1S": ((12, 21), {"S": 5}, {}),
        "1H": ((12, 21), {"H": 5}, {"S": 5}),
        "1D": ((12, 21), {"D": 3}, {"S": 4, "H": 4}),
        "1C": ((12, 21), {"C": 3}, {"S": 4, "H": 4}),
        "2D": ((5, 10), {"D": 6}, {"D": 7}),
        "2H": ((5, 10), {"H": 6}, {"H": 7}),
        "2S": ((5, 10), {"S": 6}, {"S": 7}),
    }
    if call == "pass":
        box.narrow(hcp=(0, 11))
    elif call == "1NT":
        box.narrow(hcp=(15, 17), balanced=True)
    elif call == "2NT":
        box.narrow(hcp=(20, 21), balanced=True)
    elif call == "2C":
        box.narrow(hcp=(22, MAX_HCP))
    elif call in suits:
        hcp, low, high = suits[call]
        box.narrow(hcp=hcp, min_len=low, max_len=high)
    elif is_bid(call) and strain(call) != "NT":  # a pre-empt by someone else's system
        box.narrow(min_len={strain(call): 6})


def _explain_response(ctx: Context, call: str, box: Constraints) -> None:
    opening = ctx.bids_of(ctx.partner)[0]
    if opening in ("1NT", "2NT"):
        _explain_nt_response(opening, call, box)
        return
    if opening == "2C" or call in ("double", "redouble"):
        return
    interfered = ctx.side_bids(False) != []
    if call == "pass":
        box.narrow(hcp=(0, 9 if interfered else 5))
        return
    if strain(opening) == strain(call):
        ranges = {2: (6, 9), 3: (10, 12)}
        support = 3 if strain(call) in MAJORS else 5
        box.narrow(hcp=ranges.get(level(call), (13, MAX_HCP)), min_len={strain(call): support})
    elif strain(call) == "NT":
        ranges = {1: (6, 10), 2: (11, 12), 3: (13, 15)}
        box.narrow(hcp=ranges.get(level(call), (6, MAX_HCP)))
    elif level(call) == 1:
        box.narrow(hcp=(6, MAX_HCP), min_len={strain(call): 4})
    else:
        length = 5 if strain(call) == "H" else 4
        box.narrow(hcp=(10, MAX_HCP), min_len={strain(call): length})


# Responses to 1NT and 2NT: HCP ladders of natural NT raises, (1NT, 2NT) answers.
NT_LADDER = {
    "1NT": (("pass", 0, 7), ("2NT", 8, 9), ("3NT", 10, 15), ("4NT", 16, 17), ("6NT", 18, 19)),
    "2NT": (("pass", 0, 3), ("3NT", 4, 10), ("4NT", 11, 11), ("6NT", 12, 15)),
}
STAYMAN_MIN = {"1NT": 8, "2NT": 4}


def _explain_nt_response(opening: str, call: str, box: Constraints) -> None:
    """Responses to 1NT and to 2NT (the same calls one level higher)."""
    shift = level(opening) - 1
    artificial = {
        f"{2 + shift}C": ((STAYMAN_MIN[opening], MAX_HCP), {}),
        f"{2 + shift}D": ((0, MAX_HCP), {"H": 5}),
        f"{2 + shift}H": ((0, MAX_HCP), {"S": 5}),
    }
    if call in artificial:
        hcp, low = artificial[call]
        box.narrow(hcp=hcp, min_len=low)
        return
    for name, bottom, top in NT_LADDER[opening]:
        if call == name:
            no_four = call != "pass" and bottom >= STAYMAN_MIN[opening]
            most = 3 if no_four else 4
            box.narrow(hcp=(bottom, top), max_len={"S": most, "H": most})
            return
    if call == "7NT":
        box.narrow(hcp=(NT_LADDER[opening][-1][2] + 1, MAX_HCP))


def _explain_rebid(ctx: Context, call: str, box: Constraints, partner_box: Constraints) -> None:
    opening = ctx.bids_of(ctx.seat)[0]
    response = ctx.bids_of(ctx.partner)[0]
    if opening in ("1NT", "2NT"):
        shift = level(opening) - 1
        if response == f"{2 + shift}C":
            stayman = {
                f"{2 + shift}D": ({}, {"H": 3, "S": 3}),
                f"{2 + shift}H": ({"H": 4}, {}),
                f"{2 + shift}S": ({"S": 4}, {"H": 3}),
            }
            if call in stayman:
                box.narrow(min_len=stayman[call][0], max_len=stayman[call][1])
        elif call == "3NT" and response == "2NT":
            box.narrow(hcp=(16, 17))
        elif call == "pass" and response in ("2NT", "4NT"):
            box.narrow(hcp=(box.hcp_min, box.hcp_max - 1))
        return
    if level(opening) == 2 and opening != "2C":
        return
    if opening == "2C" or call in ("pass", "double", "redouble"):
        if call == "pass" and strain(response) == strain(opening) and level(response) == 2:
            box.narrow(hcp=(12, 15))
        return
    last = _last_bid_before(ctx)
    jump = level(call) - level(cheapest(last, strain(call)) or call)
    if strain(call) == strain(response) and strain(call) != "NT":
        box.narrow(hcp=((12, 15), (16, 18))[min(jump, 1)] if jump < 2 else (19, 21))
        box.narrow(min_len={strain(call): 4})
    elif strain(call) == strain(opening):
        if strain(response) == strain(opening):  # a try after partner's raise
            box.narrow(hcp=(16, 18) if level(call) < GAME_LEVEL[strain(call)] else (19, 21))
        else:
            box.narrow(hcp=(12, 15) if jump == 0 else (16, 18), min_len={strain(call): 6})
    elif strain(call) == "NT":
        strong = (level(call) == 2 and level(response) == 1) or level(call) == 3
        box.narrow(hcp=(18, 19) if strong else (12, 14), balanced=True)
    else:
        reverse = STRAINS.index(strain(call)) > STRAINS.index(strain(opening)) and level(call) >= 2
        box.narrow(hcp=(16, 21) if reverse else (12, 21), min_len={strain(call): 4})


def _last_bid_before(ctx: Context) -> str | None:
    return ctx.last_bid_text()


def _explain_overcall(ctx: Context, call: str, box: Constraints) -> None:
    last = ctx.last_bid_text()
    assert last is not None
    theirs = strain(last)
    if call == "pass":
        if theirs != "NT" and level(last) == 1:
            box.narrow(hcp=(0, 16))
    elif call == "double":
        if theirs == "NT":
            box.narrow(hcp=(15, MAX_HCP))
        else:
            box.narrow(hcp=(12, MAX_HCP), max_len={theirs: 3})
    elif call == "1NT":
        box.narrow(hcp=(15, 18), balanced=True)
    elif is_bid(call) and strain(call) != "NT":
        low = 8 if level(call) == 1 else 10
        box.narrow(hcp=(low, 16), min_len={strain(call): 5})


def _explain_advance(ctx: Context, call: str, box: Constraints) -> None:
    if not is_bid(call):
        return
    last = ctx.last_bid_text()
    jump = level(call) - level(cheapest(last, strain(call)) or call)
    free = ctx.calls[-1][1] != "pass"
    hcp = (12, MAX_HCP) if jump >= 2 else (9, 11) if jump == 1 else (6 if free else 0, 11)
    if strain(call) != "NT":
        box.narrow(hcp=hcp, min_len={strain(call): 4 if free else 3})
    else:
        box.narrow(hcp=hcp)


# What responder's second call says after Stayman or a transfer over 1NT.
NT_SECOND = {"pass": (0, 7), "2NT": (8, 9), "3NT": (10, 15), "4NT": (16, 17)}


def _explain_other(ctx: Context, call: str, box: Constraints, partner_box: Constraints) -> None:
    opening = ctx.opening
    ours = [c for _, c in ctx.side_bids(True)]
    if (
        opening is not None
        and opening == (ctx.partner, "1NT")
        and len(ours) == 3
        and ours[1] in ("2C", "2D", "2H")
        and not ctx.side_bids(False)
    ):
        second = NT_SECOND.get(call)
        if call in ("3H", "3S"):
            second = (8, 9)
        elif call in ("4H", "4S"):
            second = (10, 15)
        if second is not None:
            box.narrow(hcp=second)
    if not is_bid(call):
        return
    suit = strain(call)
    if suit == "NT":
        return
    if partner_box.min_len[suit] >= 4:
        box.narrow(min_len={suit: 3})
    elif box.min_len[suit] >= 4:
        box.narrow(min_len={suit: 5})
    elif not _nt_system_bid(ctx, call):
        box.narrow(min_len={suit: 4})


def _nt_system_bid(ctx: Context, call: str) -> bool:
    """Completing or answering a transfer or Stayman is not a natural suit."""
    opening = ctx.opening
    return opening is not None and opening[1] in ("1NT", "2NT") and ctx.ours(opening[0])


# ---------------------------------------------------------------------------------------
# Choosing a call


def basic_call(view: dict[str, Any]) -> str:
    """The call this system makes with ``view["hand"]`` after ``view["auction"]``; always
    one of ``view["legal_actions"]`` (``pass`` when the wanted call is not legal)."""
    legal = list(view["legal_actions"])
    calls = _calls_of_view(view)
    ctx = Context(int(view["seat"]), calls)
    features = hand_features(view["hand"])
    boxes = all_constraints(calls)
    call = choose_call(ctx, features, boxes)
    return call if call in legal else "pass"


def choose_call(ctx: Context, f: HandFeatures, boxes: list[Constraints]) -> str:
    situation = ctx.situation()
    if situation == "open":
        return _opening(f, len(ctx.calls))
    if situation == "respond":
        call = _response(ctx, f)
        if call is not None:
            return call
    elif situation == "rebid":
        call = _rebid(ctx, f)
        if call is not None:
            return call
    elif situation == "overcall":
        return _overcall(ctx, f)
    elif situation == "advance_double":
        return _advance_double(ctx, f)
    special = _nt_continuation(ctx, f)
    if special is not None:
        return special
    return place(ctx, f, boxes)


def _legal_bid(ctx: Context, bid: str) -> bool:
    last = ctx.last_bid_text()
    return last is None or bid_index(bid) > bid_index(last)


def _opening(f: HandFeatures, position: int) -> str:
    if f.hcp >= 22:
        return "2C"
    if f.balanced and 20 <= f.hcp <= 21:
        return "2NT"
    if f.balanced and 15 <= f.hcp <= 17:
        return "1NT"
    if f.hcp >= 12:
        if f.length("S") >= 5 and f.length("S") >= f.length("H"):
            return "1S"
        if f.length("H") >= 5:
            return "1H"
        diamonds, clubs = f.length("D"), f.length("C")
        return "1D" if diamonds > clubs or (diamonds == clubs and diamonds >= 4) else "1C"
    if 5 <= f.hcp <= 10 and position < 3:
        for suit in ("S", "H", "D"):
            if f.length(suit) == 6 and f.good_suit(suit):
                return f"2{suit}"
    return "pass"


def _response(ctx: Context, f: HandFeatures) -> str | None:
    """The first answer to the partner's opening; None leaves it to ``place`` (after
    interference, when the wanted bid is no longer available)."""
    opening = ctx.bids_of(ctx.partner)[0]
    interfered = bool(ctx.side_bids(False))
    if opening in ("1NT", "2NT"):
        call = None if interfered else _nt_response(f, opening)
    elif opening == "2C":
        call = "2D"
    elif level(opening) == 2:
        call = _weak_two_response(f, strain(opening))
    elif level(opening) >= 3:  # outside our system (a pre-empt, 3NT): ``place`` decides
        call = None
    elif strain(opening) in MAJORS:
        call = _major_response(f, strain(opening))
    else:
        call = _minor_response(f, strain(opening))
    if call is None or (call != "pass" and not _legal_bid(ctx, call)):
        return None
    if call == "pass" and interfered and f.hcp >= 10:
        return None
    return call


def _nt_response(f: HandFeatures, opening: str) -> str:
    """Transfers with a five-card major, Stayman with a four-card major and the values
    for game opposite the minimum, else the NT ladder."""
    shift = level(opening) - 1
    hearts, spades = f.length("H"), f.length("S")
    if max(hearts, spades) >= 5:
        return f"{2 + shift}H" if spades >= hearts else f"{2 + shift}D"
    if max(hearts, spades) == 4 and f.hcp >= STAYMAN_MIN[opening]:
        return f"{2 + shift}C"
    for call, _, top in NT_LADDER[opening]:
        if f.hcp <= top:
            return call
    return "7NT"


def _major_response(f: HandFeatures, major: str) -> str:
    if f.hcp < 6:
        return "pass"
    if f.length(major) >= 3:
        return f"4{major}" if f.hcp >= 13 else f"3{major}" if f.hcp >= 10 else f"2{major}"
    if major == "H" and f.length("S") >= 4:
        return "1S"
    if f.balanced and 13 <= f.hcp <= 15:
        return "3NT"
    if f.hcp >= 10:
        candidates = [s for s in ("H", "D", "C") if s != major]
        suit = f.longest(candidates)
        need = 5 if suit == "H" else 4
        if f.length(suit) >= need:
            return f"2{suit}"
        if f.balanced and f.hcp <= 12:
            return "2NT"
        if f.hcp >= 16:
            return f"2{f.longest(('D', 'C'))}"
    return "1NT"


def _minor_response(f: HandFeatures, minor: str) -> str:
    if f.hcp < 6:
        return "pass"
    hearts, spades = f.length("H"), f.length("S")
    if max(hearts, spades) >= 4:
        return "1S" if spades > hearts else "1H"
    if minor == "C" and f.length("D") >= 4:
        return "1D"
    if f.length(minor) >= 5 and not f.balanced and f.hcp <= 12:
        return f"3{minor}" if f.hcp >= 10 else f"2{minor}"
    if f.hcp <= 10:
        return "1NT"
    if f.hcp <= 12:
        return "2NT"
    if f.hcp <= 15 or minor == "C":
        return "3NT"
    return "2C"


def _weak_two_response(f: HandFeatures, suit: str) -> str:
    if f.length(suit) >= 3 and f.hcp >= 15 and suit in MAJORS:
        return f"4{suit}"
    if f.hcp >= 16 and f.balanced:
        return "3NT"
    return "pass"


def _rebid(ctx: Context, f: HandFeatures) -> str | None:
    opening = ctx.bids_of(ctx.seat)[0]
    response = ctx.bids_of(ctx.partner)[0]
    if opening in ("1NT", "2NT"):
        call = _nt_rebid(f, opening, response)
    elif opening == "2C":
        call = _strong_rebid(f)
    elif level(opening) == 2:
        call = "pass"
    elif strain(response) == strain(opening):
        call = _after_raise(f, response)
    elif strain(response) == "NT":
        call = _after_nt_response(ctx, f, opening, response)
    else:
        call = _after_new_suit(ctx, f, opening, response)
    if call is None or (call != "pass" and not _legal_bid(ctx, call)):
        return None
    return call


def _nt_rebid(f: HandFeatures, opening: str, response: str) -> str | None:
    shift = level(opening) - 1
    top = f.hcp >= (16 if shift == 0 else 21)
    if response == f"{2 + shift}C":
        if f.length("H") >= 4:
            return f"{2 + shift}H"
        return f"{2 + shift}S" if f.length("S") >= 4 else f"{2 + shift}D"
    if response == f"{2 + shift}D":
        return f"{2 + shift}H"
    if response == f"{2 + shift}H":
        return f"{2 + shift}S"
    if response == "2NT":
        return "3NT" if top else "pass"
    if response == "4NT":
        return "6NT" if f.hcp >= (17 if shift == 0 else 21) else "pass"
    return "pass" if level(response) >= 3 else None


def _strong_rebid(f: HandFeatures) -> str:
    if f.balanced:
        return "2NT" if f.hcp <= 24 else "3NT"
    suit = f.longest(("S", "H", "D", "C"))
    return f"2{suit}" if suit in MAJORS else f"3{suit}"


def _after_raise(f: HandFeatures, response: str) -> str:
    suit, lvl = strain(response), level(response)
    major = suit in MAJORS
    if lvl == 2:
        if f.hcp >= 19:
            return f"4{suit}" if major else "3NT"
        if f.hcp >= 16 and major:
            return f"3{suit}"
        return "pass"
    if lvl == 3:
        if f.hcp >= 14:
            return f"4{suit}" if major else "3NT"
        return "pass"
    return f"6{suit}" if f.hcp >= 21 else "pass"


def _after_nt_response(ctx: Context, f: HandFeatures, opening: str, response: str) -> str:
    suit = strain(opening)
    if level(response) >= 3:
        return "pass"
    if level(response) == 2:  # 11–12
        if f.hcp >= 14:
            return f"4{suit}" if suit in MAJORS and f.length(suit) >= 6 else "3NT"
        return f"3{suit}" if f.length(suit) >= 6 else "pass"
    if f.hcp >= 19:
        return f"4{suit}" if suit in MAJORS and f.length(suit) >= 6 else "3NT"
    if f.length(suit) >= 6:
        return f"3{suit}" if f.hcp >= 16 else f"2{suit}"
    if f.balanced:
        return "2NT" if f.hcp >= 18 else "pass"
    lower = [s for s in SUIT_LETTERS if STRAINS.index(s) < STRAINS.index(suit)]
    second = [s for s in lower if f.length(s) >= 4]
    if second:
        return f"2{f.longest(second)}"
    return "pass"


def _after_new_suit(ctx: Context, f: HandFeatures, opening: str, response: str) -> str:
    mine, theirs = strain(opening), strain(response)
    last = ctx.last_bid_text()
    step = cheapest(last, theirs)
    if f.length(theirs) >= 4 and (theirs in MAJORS or not f.balanced) and step is not None:
        jump = 0 if f.hcp <= 15 else 1 if f.hcp <= 18 else 2
        lvl = min(level(step) + jump, GAME_LEVEL[theirs])
        return f"{lvl}{theirs}"
    nt = cheapest(last, "NT")
    if f.balanced and nt is not None:
        low_level = level(response) == 1
        if f.hcp <= 14:
            return nt
        return ("2NT" if low_level else "3NT") if f.hcp <= 19 else "3NT"
    own = cheapest(last, mine)
    if f.length(mine) >= 6 and own is not None:
        return own if f.hcp <= 15 else f"{level(own) + 1}{mine}"
    for suit in sorted(SUIT_LETTERS, key=lambda s: -f.length(s)):
        if suit in (mine, theirs) or f.length(suit) < 4:
            continue
        bid = cheapest(last, suit)
        if bid is None:
            continue
        reverse = STRAINS.index(suit) > STRAINS.index(mine) and level(bid) >= 2
        if not reverse or f.hcp >= 16:
            return bid
    if f.hcp >= 19:
        return "3NT"
    return own or "pass"


def _overcall(ctx: Context, f: HandFeatures) -> str:
    last = ctx.last_bid_text()
    assert last is not None
    theirs = ctx.opponent_suits()
    if strain(last) == "NT":
        return "double" if f.hcp >= 15 else _suit_overcall(ctx, f, theirs, need_six=True)
    stopped = all(f.stopper(s) for s in theirs)
    if f.balanced and 15 <= f.hcp <= 18 and stopped and _legal_bid(ctx, "1NT"):
        return "1NT"
    if f.hcp >= 17:
        return "double"
    suit_call = _suit_overcall(ctx, f, theirs, need_six=False)
    if suit_call != "pass":
        return suit_call
    others = [s for s in SUIT_LETTERS if s not in theirs]
    short = all(f.length(s) <= 2 for s in theirs)
    if f.hcp >= 12 and short and all(f.length(s) >= 3 for s in others):
        return "double"
    return "pass"


def _suit_overcall(ctx: Context, f: HandFeatures, theirs: set[str], need_six: bool) -> str:
    if f.hcp < 8 or f.hcp > 16:
        return "pass"
    last = ctx.last_bid_text()
    options = [s for s in SUIT_LETTERS if s not in theirs and f.good_suit(s)]
    if need_six:
        options = [s for s in options if f.length(s) >= 6]
    for suit in sorted(options, key=lambda s: -f.length(s)):
        bid = cheapest(last, suit)
        if bid is None:
            continue
        if level(bid) == 1 or (level(bid) == 2 and f.hcp >= 10):
            return bid
    return "pass"


def _advance_double(ctx: Context, f: HandFeatures) -> str:
    last = ctx.last_bid_text()
    theirs = ctx.opponent_suits()
    free = ctx.calls[-1][1] != "pass"
    if free and f.hcp < 6:
        return "pass"
    others = [s for s in ("S", "H", "D", "C") if s not in theirs]
    if not others:
        return "pass"
    suit = max(others, key=lambda s: f.length(s) + (0.5 if s in MAJORS else 0))
    if free and f.length(suit) < 4:
        return "pass"
    bid = cheapest(last, suit)
    if bid is None:
        return "pass"
    stopped = all(f.stopper(s) for s in theirs)
    if f.hcp >= 12:
        if suit in MAJORS and f.length(suit) >= 4:
            return f"4{suit}"
        return "3NT" if stopped else f"{min(level(bid) + 1, 7)}{suit}"
    if f.hcp >= 9:
        if f.balanced and stopped and cheapest(last, "NT") in ("1NT", "2NT"):
            return "2NT"
        return f"{min(level(bid) + 1, 7)}{suit}"
    nt = cheapest(last, "NT")
    if f.hcp >= 6 and f.balanced and stopped and nt == "1NT":
        return "1NT"
    return bid


def _nt_continuation(ctx: Context, f: HandFeatures) -> str | None:
    """Responder's second call after Stayman or a transfer over the partner's 1NT/2NT,
    and the opener's answer to it."""
    opening = ctx.opening
    if opening is None or opening[1] not in ("1NT", "2NT") or not ctx.ours(opening[0]):
        return None
    if ctx.side_bids(False):
        return None
    ours = [c for _, c in ctx.side_bids(True)]
    shift = level(opening[1]) - 1
    responder = opening[0] == ctx.partner
    if len(ours) == 3 and responder:
        return _responder_second(f, ours, shift)
    if len(ours) == 4 and not responder:
        return _opener_third(f, ours, shift)
    return None


# Responder's thresholds after Stayman or a transfer: (invite, game, 4NT, slam) HCP.
NT_THRESHOLDS = {0: (8, 10, 16, 18), 1: (99, 4, 11, 12)}


def _responder_second(f: HandFeatures, ours: list[str], shift: int) -> str | None:
    ask, answer = ours[1], ours[2]
    invite, game, quantitative, slam = NT_THRESHOLDS[shift]
    major = strain(answer)
    if ask == f"{2 + shift}C":
        fit = major in MAJORS and f.length(major) >= 4
    elif ask in (f"{2 + shift}D", f"{2 + shift}H") and major in MAJORS:
        fit = f.length(major) >= 6
    else:  # no Stayman or transfer, or the partner did not complete it: ``place`` decides
        return None
    if f.hcp >= slam:
        return f"6{major}" if fit else "6NT"
    if f.hcp >= quantitative:
        return f"6{major}" if fit else "4NT"
    if f.hcp >= game:
        return f"4{major}" if fit else "3NT"
    if f.hcp >= invite:
        return f"3{major}" if fit else "2NT"
    return "pass"


def _opener_third(f: HandFeatures, ours: list[str], shift: int) -> str | None:
    ask, last = ours[1], ours[3]
    top = f.hcp >= (17 if shift == 0 else 21)
    maximum = f.hcp >= (16 if shift == 0 else 21)
    if ask in (f"{2 + shift}D", f"{2 + shift}H"):
        major = strain(ours[2])
        fit = f.length(major) >= 3
        if last == "2NT":
            if fit:
                return f"4{major}" if top else f"3{major}"
            return "3NT" if maximum else "pass"
        if last == "3NT":
            return f"4{major}" if fit else "pass"
        if last == f"3{major}":
            return f"4{major}" if maximum else "pass"
        if last == "4NT":
            return "6NT" if top else "pass"
        return "pass"
    if ask == f"{2 + shift}C":
        if last == "2NT":
            spades = f.length("S") >= 4 and strain(ours[2]) == "H"
            if spades:
                return "4S" if maximum else "3S"
            return "3NT" if maximum else "pass"
        if last == "3NT":
            spades = f.length("S") >= 4 and strain(ours[2]) == "H"
            return "4S" if spades else "pass"
        if level(last) == 3 and strain(last) in MAJORS:
            return f"4{strain(last)}" if maximum else "pass"
        if last == "4NT":
            return "6NT" if top else "pass"
        return "pass"
    return None


# ---------------------------------------------------------------------------------------
# Placing the contract


def place(ctx: Context, f: HandFeatures, boxes: list[Constraints]) -> str:
    """The general rule for every later call: read the partner's box, pick the strain
    (major fit, NT, minor fit) and the level the combined HCP ask for, and bid it if it is
    higher than what stands; otherwise pass, or double the opponents for penalty."""
    partner_box, my_box = boxes[ctx.partner], boxes[ctx.seat]
    last = ctx.last_bid
    if last is not None and not ctx.ours(last[0]) and _partner_penalty_doubled(ctx):
        return "pass"
    low = f.hcp + partner_box.hcp_min
    expected = f.hcp + partner_box.expected_hcp()
    high = f.hcp + min(partner_box.hcp_max, partner_box.hcp_min + 6)
    chosen = _choose_strain(ctx, f, partner_box, expected)
    if chosen is None:
        return _maybe_penalty(ctx, f, low)
    target_strain, fit_length = chosen
    target_level = _target_level(ctx, f, my_box, target_strain, fit_length, low, expected, high)
    if target_level is None:
        return _maybe_penalty(ctx, f, low)
    held = last is not None and ctx.ours(last[0]) and strain(last[1]) == target_strain
    if held and last is not None and level(last[1]) >= target_level:
        return "pass"
    bid = f"{target_level}{target_strain}"
    if _legal_bid(ctx, bid):
        return bid
    return _maybe_penalty(ctx, f, low)


def _partner_penalty_doubled(ctx: Context) -> bool:
    after_bid = []
    for who, call in reversed(ctx.calls):
        if is_bid(call):
            break
        after_bid.append((who, call))
    return any(who == ctx.partner and call == "double" for who, call in after_bid) and bool(
        ctx.side_bids(True)
    )


def _choose_strain(
    ctx: Context, f: HandFeatures, partner_box: Constraints, expected: float
) -> tuple[str, int] | None:
    """(strain, combined length) to play in, or None when nothing is worth a bid."""
    totals = {s: f.length(s) + partner_box.min_len[s] for s in SUIT_LETTERS}
    majors = [s for s in MAJORS if totals[s] >= 8]
    if majors:
        best = max(majors, key=lambda s: totals[s])
        return best, totals[best]
    stopped = all(f.stopper(s) for s in ctx.opponent_suits())
    partner_shown = any(partner_box.min_len[s] >= 4 for s in SUIT_LETTERS) or bool(
        ctx.bids_of(ctx.partner)
    )
    if expected >= 25 and stopped and partner_shown:
        return "NT", 0
    minors = [s for s in MINORS if totals[s] >= 8]
    if minors:
        best = max(minors, key=lambda s: totals[s])
        return best, totals[best]
    long = f.longest()
    if f.length(long) >= 6 and (partner_shown or f.hcp >= 10):
        return long, f.length(long) + partner_box.min_len[long]
    if not partner_shown:
        return None
    if (f.balanced or partner_box.balanced) and stopped:
        return "NT", 0
    last = ctx.last_bid
    if last is not None and ctx.ours(last[0]):  # our side holds the contract: let it be
        return strain(last[1]), totals.get(strain(last[1]), 0)
    return None


def _target_level(
    ctx: Context,
    f: HandFeatures,
    my_box: Constraints,
    target: str,
    fit: int,
    low: int,
    expected: float,
    high: int,
) -> int | None:
    """The level to bid to: slam, game, an invitation one below game, or the cheapest
    partscore within its cap; None when even the partscore is too high."""
    game = GAME_LEVEL[target]
    need = 27 if target in MINORS else 25
    if expected >= 37 and low >= 33:
        return 7
    if expected >= 33 and low >= 30:
        return 6
    if low >= need or expected >= need + 1:
        return game
    if _partner_invited(ctx, target):
        middle = (my_box.hcp_min + min(my_box.hcp_max, my_box.hcp_min + 6)) / 2
        return game if f.hcp >= middle else None
    step = cheapest(ctx.last_bid_text(), target)
    if step is None:
        return None
    if high >= 25 and level(step) < game and target not in MINORS:
        return max(level(step), game - 1)
    cap = 3 if fit >= 9 or expected >= 22 else 2
    if target == "NT":
        cap = 1 if expected < 22 else 2
    return level(step) if level(step) <= cap else None


def _partner_invited(ctx: Context, target: str) -> bool:
    last = ctx.last_bid
    if last is None or last[0] != ctx.partner:
        return False
    return strain(last[1]) == target and level(last[1]) == GAME_LEVEL[target] - 1


def _maybe_penalty(ctx: Context, f: HandFeatures, low: int) -> str:
    """Double the opponents when our side clearly holds the balance and they bid on."""
    last = ctx.last_bid
    if last is None or ctx.ours(last[0]) or ctx.doubled() or not ctx.side_bids(True):
        return "pass"
    their_strain = strain(last[1])
    holding = their_strain == "NT" or f.length(their_strain) >= 4
    if low >= 23 and level(last[1]) >= 2 and holding:
        return "double"
    if low >= 25 and level(last[1]) >= 4:
        return "double"
    return "pass"
