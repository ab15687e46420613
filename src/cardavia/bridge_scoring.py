"""Contract bridge scoring: duplicate (spec/bridge.md §5) and the rubber score sheet (§6).

Both come from one breakdown of a deal's result (:func:`score_contract`): the parts are
the same, duplicate adds them all (with a game or partscore bonus), rubber writes the
contract trick points below the line and the rest above it (with no game bonus: games and
the rubber bonus come from the sheet).
"""

from __future__ import annotations

from dataclasses import dataclass

STRAINS = ("C", "D", "H", "S", "NT")
BOOK = 6
GAME_POINTS = 100
DOUBLING_NAMES = ("", "X", "XX")


@dataclass(frozen=True)
class Result:
    """One played contract, scored for the declaring side (negative when defeated)."""

    trick_points: int  # bid tricks, multiplied by the doubling (below the line in rubber)
    game_bonus: int  # duplicate only: 300/500 game or 50 partscore
    slam_bonus: int
    insult_bonus: int
    overtricks: int  # overtrick points
    undertricks: int  # the penalty, as a positive number (scored by the defenders)

    @property
    def made(self) -> bool:
        return self.undertricks == 0

    @property
    def duplicate(self) -> int:
        """The declaring side's duplicate score."""
        if not self.made:
            return -self.undertricks
        return (
            self.trick_points
            + self.game_bonus
            + self.slam_bonus
            + self.insult_bonus
            + self.overtricks
        )

    @property
    def above_the_line(self) -> int:
        """Rubber: the declaring side's points above the line (0 when defeated)."""
        return self.slam_bonus + self.insult_bonus + self.overtricks if self.made else 0

    def as_dict(self) -> dict[str, int]:
        return {
            "trick_points": self.trick_points,
            "game_bonus": self.game_bonus,
            "slam_bonus": self.slam_bonus,
            "insult_bonus": self.insult_bonus,
            "overtricks": self.overtricks,
            "undertricks": self.undertricks,
        }


def trick_points(level: int, strain: str, doubling: int) -> int:
    """§5.1 step 1: the bid tricks' points; ``doubling`` 0, 1 (doubled) or 2 (redoubled)."""
    per_trick = 20 if strain in ("C", "D") else 30
    first_extra = 10 if strain == "NT" else 0
    return (per_trick * level + first_extra) * (1 << doubling)


def score_contract(level: int, strain: str, doubling: int, vulnerable: bool, tricks: int) -> Result:
    """The result of ``level``/``strain`` (doubled ``doubling`` times) taking ``tricks``."""
    if not (1 <= level <= 7 and strain in STRAINS and doubling in (0, 1, 2)):
        raise ValueError(f"no contract {level}{strain}{DOUBLING_NAMES[doubling % 3]}")
    if not 0 <= tricks <= 13:
        raise ValueError(f"a deal has 13 tricks, not {tricks}")
    target = BOOK + level
    if tricks < target:
        penalty = undertrick_penalty(target - tricks, doubling, vulnerable)
        return Result(0, 0, 0, 0, 0, penalty)
    points = trick_points(level, strain, doubling)
    game = (500 if vulnerable else 300) if points >= GAME_POINTS else 50
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(level, 0)
    insult = (0, 50, 100)[doubling]
    return Result(
        points,
        game,
        slam,
        insult,
        overtrick_points(tricks - target, strain, doubling, vulnerable),
        0,
    )


def overtrick_points(count: int, strain: str, doubling: int, vulnerable: bool) -> int:
    """§5.1 step 5."""
    if doubling == 0:
        return count * (20 if strain in ("C", "D") else 30)
    return count * (200 if vulnerable else 100) * doubling


def undertrick_penalty(count: int, doubling: int, vulnerable: bool) -> int:
    """§5.2: the defenders' points for ``count`` undertricks."""
    if doubling == 0:
        return count * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (count - 1)
    else:
        doubled = 100 + 200 * min(count - 1, 2) + 300 * max(count - 3, 0)
    return doubled * doubling


RUBBER_BONUS_WON_TWO_NIL = 700
RUBBER_BONUS_WON_TWO_ONE = 500
GAMES_FOR_RUBBER = 2


def new_sheet() -> dict[str, list[int]]:
    """A rubber score sheet, per side [NS, EW]: all points below the line, all above, the
    below-the-line points of the game in progress, and games won."""
    return {"below": [0, 0], "above": [0, 0], "game": [0, 0], "games": [0, 0]}


def sheet_vulnerable(sheet: dict[str, list[int]], side: int) -> bool:
    """§6.4: a side that has won a game of this rubber is vulnerable."""
    return sheet["games"][side] > 0


def rubber_winner(sheet: dict[str, list[int]]) -> int | None:
    for side in (0, 1):
        if sheet["games"][side] >= GAMES_FOR_RUBBER:
            return side
    return None


def write_on_sheet(sheet: dict[str, list[int]], side: int, result: Result) -> dict[str, int]:
    """Enter the declaring ``side``'s ``result`` on the sheet (changed in place); returns
    what was written: below, above (declarer's side), penalty (defenders'), game won,
    rubber bonus."""
    written = {"below": 0, "above": 0, "penalty": 0, "game": 0, "rubber_bonus": 0}
    if not result.made:
        sheet["above"][1 - side] += result.undertricks
        written["penalty"] = result.undertricks
        return written
    sheet["below"][side] += result.trick_points
    sheet["game"][side] += result.trick_points
    sheet["above"][side] += result.above_the_line
    written["below"], written["above"] = result.trick_points, result.above_the_line
    if sheet["game"][side] >= GAME_POINTS:
        # A line is drawn: both sides start the next game from nothing (§6.3).
        sheet["games"][side] += 1
        sheet["game"] = [0, 0]
        written["game"] = 1
        if sheet["games"][side] >= GAMES_FOR_RUBBER:
            lost = sheet["games"][1 - side]
            bonus = RUBBER_BONUS_WON_TWO_NIL if lost == 0 else RUBBER_BONUS_WON_TWO_ONE
            sheet["above"][side] += bonus
            written["rubber_bonus"] = bonus
    return written


def sheet_totals(sheet: dict[str, list[int]]) -> list[int]:
    return [sheet["below"][side] + sheet["above"][side] for side in (0, 1)]
