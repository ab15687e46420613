"""French Tarot's count and score (spec/tarot.md §7.5–§8), as pure functions: the tricks,
the écart or chien and the announcements go in, a breakdown comes out. Nothing here knows
the state; the state calls these once the eighteenth trick is done."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import rules as tr

TAKER, DEFENCE = "taker", "defence"
CHELEM_ANNOUNCED_MADE = 400
CHELEM_UNANNOUNCED_MADE = 200
CHELEM_ANNOUNCED_FAILED = -200
DEFENCE_CHELEM = -200
CONTRACT_BASE = 25
PETIT_AU_BOUT = 10


@dataclass(frozen=True)
class Piles:
    """What each side brought home, in half points, and the facts the bonuses need."""

    taker_half_points: int
    defence_half_points: int
    taker_bouts: int
    taker_tricks: int
    defence_tricks: int
    petit_au_bout: str | None  # the side that earned it, or None
    slam: str | None  # the side that won every trick, or None


def count_piles(
    tricks: Sequence[Mapping[str, Any]],
    taker: int,
    contract: str,
    ecart: Sequence[str],
    chien: Sequence[str],
) -> Piles:
    """Count the two piles from the 18 trick records (``{"number", "plays": [{"seat",
    "card"}], "winner"}``). The Excuse goes back to its owner's side from a trick the other
    side won, except in the last trick; the owner's side then pays the winners a half point
    if it wins any trick at all, else nothing (§7.5, T9, T14). The écart counts for the
    taker; the unseen chien for the taker in a garde sans, for the defence in a garde contre."""

    def side(seat: int) -> str:
        return TAKER if seat == taker else DEFENCE

    half = {TAKER: 0, DEFENCE: 0}
    cards_of = {TAKER: list(ecart) if contract in tr.CHIEN_SHOWN else [], DEFENCE: []}
    won = {TAKER: 0, DEFENCE: 0}
    owed: list[tuple[str, str]] = []  # (Excuse owner's side, trick winners' side)
    for trick in tricks:
        winners = side(int(trick["winner"]))
        won[winners] += 1
        for play in trick["plays"]:
            owner = side(int(play["seat"]))
            if play["card"] == tr.EXCUSE and trick["number"] < tr.TRICKS and owner != winners:
                cards_of[owner].append(tr.EXCUSE)
                owed.append((owner, winners))
            else:
                cards_of[winners].append(play["card"])
    if contract == "garde_sans":
        cards_of[TAKER].extend(chien)
    elif contract == "garde_contre":
        cards_of[DEFENCE].extend(chien)
    for name, cards in cards_of.items():
        half[name] = tr.pile_half_points(cards)
    for owner, winners in owed:
        if won[owner]:
            half[owner] -= 1
            half[winners] += 1
    return Piles(
        taker_half_points=half[TAKER],
        defence_half_points=half[DEFENCE],
        taker_bouts=sum(1 for card in cards_of[TAKER] if card in tr.BOUTS),
        taker_tricks=won[TAKER],
        defence_tricks=won[DEFENCE],
        petit_au_bout=_petit_au_bout(tricks, side),
        slam=next((name for name, count in won.items() if count == tr.TRICKS), None),
    )


def _petit_au_bout(tricks: Sequence[Mapping[str, Any]], side: Any) -> str | None:
    """The side that won the last trick with the Petit in it; under the chelem exception
    (the Excuse led to trick 18 and winning it) the side that won trick 17 if the Petit
    was there (§7.6, §7.7)."""
    if len(tricks) < tr.TRICKS:
        return None
    last, before = tricks[-1], tricks[-2]

    def holds_petit(trick: Mapping[str, Any]) -> bool:
        return any(play["card"] == tr.PETIT for play in trick["plays"])

    if holds_petit(last):
        return str(side(int(last["winner"])))
    lead = last["plays"][0]
    exception = lead["card"] == tr.EXCUSE and int(last["winner"]) == int(lead["seat"])
    if exception and holds_petit(before):
        return str(side(int(before["winner"])))
    return None


def margin_of(taker_half_points: int, target: int) -> int:
    """``|P − target|`` with a half point rounded up (§8.2, T7)."""
    return (abs(taker_half_points - 2 * target) + 1) // 2


def score_deal(
    contract: str,
    taker: int,
    taker_half_points: int,
    bouts: int,
    *,
    petit_au_bout: str | None,
    poignees: Sequence[Mapping[str, Any]],
    chelem_announced: bool,
    slam: str | None,
) -> dict[str, Any]:
    """The breakdown of one deal (§8.2–§8.4): every part of ``T`` seen from the taker and
    the four seats' scores (the taker 3T, each defender −T)."""
    multiplier = tr.MULTIPLIERS[contract]
    target = tr.TARGETS[bouts]
    made = taker_half_points >= 2 * target
    sign = 1 if made else -1
    margin = margin_of(taker_half_points, target)
    contract_score = sign * (CONTRACT_BASE + margin) * multiplier
    petit = {TAKER: 1, DEFENCE: -1, None: 0}[petit_au_bout] * PETIT_AU_BOUT * multiplier
    shown = [
        {"seat": int(p["seat"]), "size": p["size"], "bonus": sign * tr.POIGNEE_BONUS[p["size"]]}
        for p in poignees
    ]
    poignee = sum(int(p["bonus"]) for p in shown)
    chelem = _chelem_score(chelem_announced, slam)
    total = contract_score + petit + poignee + chelem
    return {
        "contract": contract,
        "multiplier": multiplier,
        "taker": taker,
        "bouts": bouts,
        "points": tr.points_value(taker_half_points),
        "defence_points": tr.points_value(tr.TOTAL_HALF_POINTS - taker_half_points),
        "target": target,
        "made": made,
        "margin": margin,
        "contract_score": contract_score,
        "petit_au_bout": petit,
        "petit_au_bout_side": petit_au_bout,
        "poignees": shown,
        "poignee": poignee,
        "chelem_announced": chelem_announced,
        "slam": slam,
        "chelem": chelem,
        "total": total,
        "scores": [3 * total if seat == taker else -total for seat in range(tr.SEATS)],
    }


def _chelem_score(announced: bool, slam: str | None) -> int:
    """Not multiplied (§8.3.4, T8): the defence's chelem adds to a failed announcement."""
    if slam == TAKER:
        return CHELEM_ANNOUNCED_MADE if announced else CHELEM_UNANNOUNCED_MADE
    score = CHELEM_ANNOUNCED_FAILED if announced else 0
    if slam == DEFENCE:
        score += DEFENCE_CHELEM
    return score
