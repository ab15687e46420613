"""Double-dummy analysis for Bridge: a thin, typed wrapper over ``endplay`` (Bo Haglund's DDS).

Cardavia and endplay name the same things differently; every conversion lives here.

- **Seats.** Cardavia: 0 South, 1 West, 2 North, 3 East. endplay's ``Player``: 0 North,
  1 East, 2 South, 3 West. Both count clockwise, so ``endplay = (seat + 2) % 4`` and back the
  same way (:func:`to_player`, :func:`to_seat`).
- **Cards.** Cardavia writes rank then suit (``"TS"``); endplay writes suit then rank
  (``"ST"``). This module never goes through endplay's strings: a card is a suit index and a
  rank bit.
- **Suits and strains.** endplay's ``Denom``: 0 spades, 1 hearts, 2 diamonds, 3 clubs, 4 NT.
  Cardavia strains are ``"C" "D" "H" "S" "NT"``.
- **Ranks.** In a hand, DDS keeps each suit as a bit set with the rank ``r`` (2 … 14, ace 14)
  at bit ``r``: ``2`` is ``0x4``, ``A`` is ``0x4000`` (endplay's ``Rank``). The cards already
  on the current trick are *not* in the hands; they are listed, leader first, as suit and
  rank number 2 … 14 (endplay's ``AlternateRank``) in ``currentTrickSuit/Rank``.
- **A position** (``endplay.types.Deal``): the four hands' cards left, ``trump`` (the strain),
  ``first`` (the player who led, or is to lead, the current trick) and the current trick.
  The player to move is ``first`` plus the number of cards on the trick.
- **Solving** (``endplay.dds.solve_board``): for each legal card of the hand to move, the
  number of tricks that the *side to move* takes from here on with best play by all four
  hands, **counting the current trick**. DDS lists one entry per group of equivalent cards
  (``equals``); endplay expands them, and so do we: every legal card gets its number.
- **Tables** (``calc_dd_table``): tricks for each strain and each declarer, the deal played
  from the start with the declarer's left-hand opponent on lead. Needs an empty trick.
- **Par** (``endplay.dds.par``, DDS ``DealerParBin``): the score with both sides bidding
  perfectly on the double-dummy table; DDS gives it from North–South's side, and the par
  contracts (a sacrifice is doubled; "NS"/"EW" seats mean either partner). Careful: a par
  contract numbers its strain 0 NT, 1 spades, 2 hearts, 3 diamonds, 4 clubs, unlike
  ``Denom``.

Reading the endplay structures directly (``Deal._data`` and the ``futureTricks`` result)
keeps the conversion a few microseconds; a full opening-lead solve takes tens of
milliseconds, so the wrapper's overhead is what ``bench/bridge_speed.py`` measures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from endplay.dds import calc_dd_table, solve_all_boards, solve_board
from endplay.dds import par as endplay_par
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player, Vul

from .bridge_scoring import STRAINS

if TYPE_CHECKING:
    from .games.bridge import BridgeState

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"  # endplay's Denom order: spades 0 … clubs 3
DENOM = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
VUL = {"none": Vul.none, "both": Vul.both, "ns": Vul.ns, "ew": Vul.ew}
MAX_BOARDS = 200  # DDS's MAXNOOFBOARDS: solve_all_boards takes at most this many at once
SEAT_NAMES = ("S", "W", "N", "E")
PAR_STRAINS = ("NT", "S", "H", "D", "C")  # DDS's contractType numbers strains differently

_CARD_BITS: dict[str, tuple[int, int]] = {
    rank + suit: (SUIT_CHARS.index(suit), index + 2)
    for suit in SUIT_CHARS
    for index, rank in enumerate(RANK_CHARS)
}


def to_player(seat: int) -> Player:
    """The endplay ``Player`` of a Cardavia seat (South 0 → ``Player.south`` 2, …)."""
    return Player((seat + 2) % 4)


def to_seat(player: int) -> int:
    """The Cardavia seat of an endplay ``Player`` (or its number 0 … 3)."""
    return (int(player) + 2) % 4


def card_name(suit: int, rank: int) -> str:
    """Cardavia's name of a card given endplay's suit index and rank number 2 … 14."""
    return RANK_CHARS[rank - 2] + SUIT_CHARS[suit]


# ---------------------------------------------------------------------------------------
# Positions


def make_deal(
    hands: Sequence[Sequence[str]],
    strain: str,
    leader: int,
    trick: Sequence[str] = (),
) -> Deal:
    """An endplay position.

    ``hands``: the cards each seat still holds, in Cardavia seat order (the cards on the
    current trick excluded); ``strain``: ``C D H S NT``; ``leader``: the seat that led the
    current trick, or is to lead when ``trick`` is empty; ``trick``: the cards on the current
    trick, leader first (0 to 3 cards).
    """
    if len(trick) > 3:
        raise ValueError("a trick in progress holds at most three cards")
    deal = Deal(first=to_player(leader), trump=Denom(DENOM[strain]))
    data: Any = deal._data
    remain = data.remainCards
    for seat in range(4):
        row = remain[(seat + 2) % 4]
        for card in hands[seat]:
            suit, rank = _CARD_BITS[card]
            row[suit] |= 1 << rank
    for index, card in enumerate(trick):
        suit, rank = _CARD_BITS[card]
        data.currentTrickSuit[index] = suit
        data.currentTrickRank[index] = rank
    return deal


def deal_from_state(state: BridgeState) -> Deal:
    """The position of a Bridge state in the play phase: the cards left, the contract's
    strain, the current trick's leader (or the seat on lead) and its cards."""
    if state.phase != "play" or state.contract is None or state.turn is None:
        raise ValueError("only a deal in its play phase can be solved")
    leader = int(state.trick[0][0]) if state.trick else state.turn
    return make_deal(
        state.hands, state.contract["strain"], leader, [card for _, card in state.trick]
    )


# ---------------------------------------------------------------------------------------
# Solving


def _scores(result: Any) -> dict[str, int]:
    """``{card: tricks}`` from a DDS ``futureTricks``, equal cards expanded."""
    scores: dict[str, int] = {}
    for i in range(result.cards):
        score = int(result.score[i])
        if score < 0:
            continue
        suit = int(result.suit[i])
        holding = (1 << int(result.rank[i])) | int(result.equals[i])
        for rank in range(2, 15):
            if holding >> rank & 1:
                scores[card_name(suit, rank)] = score
    return scores


def solve_deal(deal: Deal) -> dict[str, int]:
    """For each legal card of the player to move: the tricks the side to move takes from
    here on (the current trick included), every hand playing double-dummy."""
    return _scores(solve_board(deal)._data)


def solve_deals(deals: Sequence[Deal], best_only: bool = False) -> list[dict[str, int]]:
    """:func:`solve_deal` for many positions through DDS's multi-threaded batch solver
    (``solve_all_boards``), in groups of at most 200. ``best_only``: DDS stops at one best
    card (about twice as fast; the only entry is a card with the most tricks)."""
    mode = SolveMode.OptimalOne if best_only else SolveMode.Default
    results: list[dict[str, int]] = []
    for start in range(0, len(deals), MAX_BOARDS):
        solved: Any = solve_all_boards(deals[start : start + MAX_BOARDS], mode)
        data = solved._data
        results.extend(_scores(data.solvedBoard[i]) for i in range(len(solved)))
    return results


def solve_cards(state: BridgeState) -> dict[str, int]:
    """For each legal card of the hand due in ``state`` (the dummy's when it is the dummy's
    turn): the tricks that the side to play takes from now on, the current trick included,
    with double-dummy play. Keys are Cardavia card names."""
    return solve_deal(deal_from_state(state))


def declarer_tricks(hands: Sequence[Sequence[str]], strain: str, declarer: int) -> int:
    """Double-dummy tricks for ``declarer`` (a seat) in ``strain`` from a full deal (13 or
    fewer cards each, nothing on the trick): the opening leader is the declarer's LHO.
    Solved in DDS's "one optimal card" mode, about twice as fast as :func:`solve_deal`."""
    solved: Any = solve_board(make_deal(hands, strain, (declarer + 1) % 4), SolveMode.OptimalOne)
    return len(hands[0]) - max(_scores(solved._data).values())


def declarer_tricks_many(
    jobs: Sequence[tuple[Sequence[Sequence[str]], str, int]],
) -> list[int]:
    """:func:`declarer_tricks` for many (hands, strain, declarer) at once (batched)."""
    deals = [make_deal(hands, strain, (declarer + 1) % 4) for hands, strain, declarer in jobs]
    solved = solve_deals(deals, best_only=True)
    return [
        len(hands[0]) - max(scores.values())
        for (hands, _, _), scores in zip(jobs, solved, strict=True)
    ]


# ---------------------------------------------------------------------------------------
# Tables and par


def dd_table(hands: Sequence[Sequence[str]]) -> dict[str, list[int]]:
    """Double-dummy tricks of a full deal: ``{strain: [tricks with declarer South, West,
    North, East]}`` for the strains ``C D H S NT``."""
    table: Any = calc_dd_table(make_deal(hands, "NT", 0))
    results = table._data.resTable
    return {
        strain: [int(results[DENOM[strain]][(seat + 2) % 4]) for seat in range(4)]
        for strain in STRAINS
    }


@dataclass(frozen=True)
class ParContract:
    level: int
    strain: str
    doubling: int  # 0, or 1 for a (doubled) sacrifice
    declarers: tuple[int, ...]  # the seats that may declare it (one, or both partners)
    result: int  # overtricks (> 0) or undertricks (< 0) with double-dummy play

    def __str__(self) -> str:
        seats = "".join(SEAT_NAMES[seat] for seat in sorted(self.declarers, key=[2, 0, 3, 1].index))
        doubled = "X" if self.doubling else ""
        result = "=" if self.result == 0 else f"{self.result:+d}"
        return f"{self.level}{self.strain}{doubled} by {seats} {result}"


@dataclass(frozen=True)
class Par:
    ns_score: int  # the par score, North–South's side (EW's is its opposite)
    contracts: tuple[ParContract, ...]  # empty when par is to pass the deal out


def par(hands: Sequence[Sequence[str]], vulnerability: str = "none", dealer: int = 0) -> Par:
    """The double-dummy par of a full deal (DDS's dealer par): the NS score and the par
    contract(s). ``vulnerability``: ``none ns ew both``; ``dealer``: a seat."""
    result: Any = endplay_par(make_deal(hands, "NT", 0), VUL[vulnerability], to_player(dealer))
    data = result._data
    contracts = []
    for i in range(int(data.number)):
        entry = data.contracts[i]
        seats = int(entry.seats)
        if seats < 4:
            declarers: tuple[int, ...] = (to_seat(seats),)
        else:  # 4: North or South, 5: East or West
            declarers = (0, 2) if seats == 4 else (1, 3)
        under = int(entry.underTricks)
        strain = PAR_STRAINS[int(entry.denom)]
        contracts.append(
            ParContract(
                level=int(entry.level),
                strain=strain,
                doubling=1 if under > 0 else 0,
                declarers=declarers,
                result=-under if under > 0 else int(entry.overTricks),
            )
        )
    return Par(int(data.score), tuple(contracts))
