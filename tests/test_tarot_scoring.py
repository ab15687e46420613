"""French Tarot's pure count and score (``cardavia.games.tarot.scoring``) against spec §7.5–§8
and decisions T1–T9, T13, T14: margins and their rounding, targets by bouts, multipliers,
the petit au bout on both sides, the poignée's sign, every chelem case, zero-sum scores,
and the pile count with the Excuse. Expected values are read off the spec by hand."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from tarot_script import score_deal

from cardavia.games.tarot import rules as tr
from cardavia.games.tarot import scoring


def score(contract: str, points: float, bouts: int, **extra: Any) -> dict[str, Any]:
    return score_deal(contract, points, bouts, taker=1, **extra)


@pytest.mark.parametrize(("bouts", "target"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_sec8_2_targets_by_bouts(bouts: int, target: int) -> None:
    assert score("prise", target, bouts)["target"] == target
    assert score("prise", target, bouts)["made"]  # exactly the target is made by 0
    assert not score("prise", target - 0.5, bouts)["made"]  # short by half a point fails


@pytest.mark.parametrize(
    ("points", "made", "margin"),
    [
        (41, True, 0),
        (41.5, True, 1),
        (42, True, 1),
        (40.5, False, 1),
        (40, False, 1),
        (3, False, 38),
    ],
)
def test_t7_margin_half_point_rounded_up(points: float, made: bool, margin: int) -> None:
    b = score("prise", points, 2)
    assert (b["made"], b["margin"]) == (made, margin)
    assert scoring.margin_of(round(2 * points), 41) == margin


@pytest.mark.parametrize(
    ("contract", "multiplier"),
    [("prise", 1), ("garde", 2), ("garde_sans", 4), ("garde_contre", 6)],
)
def test_sec8_3_1_contract_multiplied(contract: str, multiplier: int) -> None:
    made, failed = score(contract, 51, 1), score(contract, 45, 1)
    assert made["multiplier"] == multiplier
    assert made["contract_score"] == 25 * multiplier and made["total"] == 25 * multiplier
    assert failed["contract_score"] == -(25 + 6) * multiplier


@pytest.mark.parametrize("contract", ["prise", "garde", "garde_sans", "garde_contre"])
@pytest.mark.parametrize(("side", "sign"), [("taker", 1), ("defence", -1), (None, 0)])
def test_t1_petit_au_bout_both_sides_multiplied(contract: str, side: str | None, sign: int) -> None:
    for points in (60, 30):  # whether the contract is made or not
        b = score(contract, points, 2, petit_au_bout=side)
        assert b["petit_au_bout"] == sign * 10 * tr.MULTIPLIERS[contract]
        assert b["petit_au_bout_side"] == side


@pytest.mark.parametrize(("size", "bonus"), [("simple", 20), ("double", 30), ("triple", 40)])
def test_t3_t4_poignee_to_the_winning_side_not_multiplied(size: str, bonus: int) -> None:
    for shower in range(4):  # whoever showed it
        shown = [{"seat": shower, "size": size}]
        made = score("garde_contre", 60, 2, poignees=shown)
        failed = score("garde_contre", 30, 2, poignees=shown)
        assert made["poignee"] == bonus and made["poignees"][0]["bonus"] == bonus
        assert failed["poignee"] == -bonus
    two = score("garde", 50, 2, poignees=[{"seat": 0, "size": size}, {"seat": 2, "size": "simple"}])
    assert two["poignee"] == bonus + 20


@pytest.mark.parametrize(
    ("announced", "slam", "chelem"),
    [
        (True, "taker", 400),
        (False, "taker", 200),
        (True, None, -200),
        (False, None, 0),
        (False, "defence", -200),
        (True, "defence", -400),  # T8: the two add up
    ],
)
def test_sec8_3_4_chelem_cases_not_multiplied(
    announced: bool, slam: str | None, chelem: int
) -> None:
    points = {"taker": 91, None: 50, "defence": 0}[slam]
    b = score(
        "garde_sans", points, 3 if slam == "taker" else 0, chelem_announced=announced, slam=slam
    )
    assert b["chelem"] == chelem
    assert b["total"] == b["contract_score"] + b["petit_au_bout"] + b["poignee"] + chelem


@pytest.mark.parametrize("taker", range(4))
def test_t2_distribution_taker_three_times_zero_sum(taker: int) -> None:
    b = scoring.score_deal(
        "garde",
        taker,
        98,
        2,
        petit_au_bout="taker",
        poignees=[{"seat": 3, "size": "simple"}],
        chelem_announced=False,
        slam=None,
    )
    assert b["total"] == 106  # seed example 1
    assert b["scores"] == [318 if seat == taker else -106 for seat in range(4)]
    assert sum(b["scores"]) == 0 and b["taker"] == taker


def test_breakdown_reports_both_piles() -> None:
    b = score("prise", 86.5, 2)
    assert (b["points"], b["defence_points"]) == (86.5, 4.5)
    assert isinstance(score("prise", 50, 2)["points"], int)


# --- count_piles -----------------------------------------------------------------------


def plays(text: str, leader: int) -> list[dict[str, Any]]:
    return [{"seat": (leader + i) % 4, "card": card} for i, card in enumerate(text.split())]


LOW = [c for c in reversed(tr.pack()) if c[-1] in "SHDC" and tr.half_points(c) == 1]


def tricks_won_by(
    winners: list[int], special: dict[int, str] | None = None
) -> list[dict[str, Any]]:
    """18 tricks of low suit cards, trick n won by ``winners[n]``; ``special[n]`` replaces
    trick n's cards (led by its winner)."""
    special = special or {}
    pool = itertools.cycle(LOW)  # the count needs values, not distinct cards
    out = []
    for number, winner in enumerate(winners, start=1):
        text = special.get(number) or " ".join(next(pool) for _ in range(4))
        out.append({"number": number, "plays": plays(text, winner), "winner": winner})
    return out


def test_sec8_1_piles_add_up_to_91_with_the_ecart() -> None:
    ecart = LOW[-6:]
    tricks = tricks_won_by([0] * 9 + [1] * 9)
    piles = scoring.count_piles(tricks, 0, "prise", ecart, [])
    assert piles.taker_half_points + piles.defence_half_points == 72 + 6  # 78 low cards
    assert piles.taker_half_points == 36 + 6 and piles.taker_tricks == 9


def test_ta_12_excuse_returned_and_paid_half_point() -> None:
    # Defender seat 2 plays EX in trick 5, won by the taker (seat 0); the defence won trick 1.
    tricks = tricks_won_by([1] + [0] * 17, {5: "2S 3S EX 4S"})
    piles = scoring.count_piles(tricks, 0, "garde_sans", [], [])
    # The taker's pile: 17 tricks of 4 low cards minus the Excuse (3 cards in trick 5) + 0.5
    assert piles.taker_half_points == 16 * 4 + 3 + 1
    assert piles.defence_half_points == 4 + 9 - 1
    assert piles.taker_bouts == 0


def test_t9_excuse_never_paid_when_its_side_wins_nothing() -> None:
    tricks = tricks_won_by([0] * 18, {9: "2S 3S 4S EX"})  # seat 3's Excuse
    piles = scoring.count_piles(tricks, 0, "prise", [], [])
    assert piles.defence_half_points == 9 and piles.slam == "taker"
    assert piles.taker_half_points == 17 * 4 + 3  # a card short: a half point short


def test_t14_exchange_counted_in_points_without_a_low_card() -> None:
    # The defence's only trick holds kings alone; the exchange is still 0.5 point.
    tricks = tricks_won_by([1] + [0] * 17, {1: "KS KH KD KC", 5: "2S 3S EX 4S"})
    piles = scoring.count_piles(tricks, 0, "garde_sans", [], [])
    assert piles.defence_half_points == 36 + 9 - 1


def test_sec7_5_2_no_exchange_between_partners() -> None:
    tricks = tricks_won_by([0] + [1] * 17, {5: "2S 3S EX 4S"})  # seat 3's EX, seat 1 wins
    piles = scoring.count_piles(tricks, 0, "garde_sans", [], [])
    assert piles.taker_half_points == 4 and piles.defence_half_points == 16 * 4 + 3 + 9


def test_sec7_5_1_taker_excuse_returned() -> None:
    # The taker's Excuse in a trick the defence wins comes back; he has won a trick: pays.
    tricks = tricks_won_by([0] + [1] * 17, {5: "2S 3S 4S EX"})  # led by seat 1: EX is 0's
    piles = scoring.count_piles(tricks, 0, "garde", [], [])
    assert piles.taker_half_points == 4 + 9 - 1 and piles.taker_bouts == 1


def test_sec7_5_4_excuse_in_the_last_trick_goes_to_the_winner() -> None:
    # The taker (seat 0) lost trick 1, leads EX to trick 18 and seat 1 wins it.
    tricks = tricks_won_by([1] + [0] * 16 + [1])
    tricks[-1]["plays"] = plays("EX 2S 3S 4S", 0)
    piles = scoring.count_piles(tricks, 0, "garde", [], [])
    assert piles.taker_bouts == 0 and piles.defence_half_points == 4 + 9 + 3


def test_sec7_6_chelem_exception_petit_au_bout_from_trick_17() -> None:
    tricks = tricks_won_by([0] * 18, {17: "1T 2S 3S 4S", 18: "EX 5S 6S 7S"})
    piles = scoring.count_piles(tricks, 0, "garde", [], [])
    assert piles.petit_au_bout == "taker" and piles.slam == "taker"
    # Without the exception (the Excuse not led), a Petit in trick 17 earns nothing.
    tricks[-1]["plays"] = plays("5S EX 6S 7S", 0)
    assert scoring.count_piles(tricks, 0, "garde", [], []).petit_au_bout is None


def test_t13_chelem_exception_for_the_defence() -> None:
    tricks = tricks_won_by([2] * 18, {17: "1T 2S 3S 4S", 18: "EX 5S 6S 7S"})
    piles = scoring.count_piles(tricks, 0, "garde", [], [])
    assert piles.slam == "defence" and piles.petit_au_bout == "defence"


def test_t1_petit_played_earlier_earns_nothing() -> None:
    tricks = tricks_won_by([0] * 18, {3: "1T 2S 3S 4S"})
    assert scoring.count_piles(tricks, 0, "prise", [], []).petit_au_bout is None


@pytest.mark.parametrize(("winner", "side"), [(0, "taker"), (2, "defence")])
def test_sec7_7_petit_au_bout_to_the_last_tricks_winner(winner: int, side: str) -> None:
    tricks = tricks_won_by([1] * 17 + [winner], {18: "21T 1T 2S 3S"})
    assert scoring.count_piles(tricks, 0, "garde", [], []).petit_au_bout == side


@pytest.mark.parametrize(
    ("contract", "taker_gets"), [("garde_sans", True), ("garde_contre", False)]
)
def test_sec5_2_unseen_chien_to_its_side(contract: str, taker_gets: bool) -> None:
    chien = ["21T", "KS", *LOW[-4:]]
    tricks = tricks_won_by([0] * 9 + [1] * 9)
    piles = scoring.count_piles(tricks, 0, contract, [], chien)
    extra = 9 + 9 + 4
    assert piles.taker_half_points == 36 + (extra if taker_gets else 0)
    assert piles.taker_bouts == (1 if taker_gets else 0)
