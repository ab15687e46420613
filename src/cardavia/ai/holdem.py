"""Texas Hold'em bots: ``BasicBot`` (rules of thumb) and ``StrongBot`` (Monte Carlo on ranges).

Both act on a view only (spec/holdem.md); neither ever sees another seat's hole cards.

``BasicBot`` plays pre-flop by the Chen formula (a classic hand score: high card points,
pairs doubled, suited and connected bonuses, gap penalties) and its position; post-flop it
rates its made hand against the board (overpair, top pair and kicker, set or trips…) plus
its draws (outs times a per-street rate), and calls when that estimate pays the price.

``StrongBot`` opens pre-flop by a chart: while nobody has raised it raises the top share of
holdings for its position (few hands first to act, many on the button and in the small
blind, where the blinds are worth stealing) and folds the rest. Everything after a raise,
and every later street, it decides by simulation, reasoning about what each opponent may
hold. Every two-card holding an opponent could have gets a weight from the opponent's
actions in this hand (a pre-flop raiser holds top hands, a re-raiser fewer, a caller a
wider range, a post-flop bettor tends to be strong, a checker less so); how far a player
strays outside those ranges is judged from how often it bet or raised in earlier hands of
the match. The bot samples holdings by those weights and the rest of the board, values
every hand with the fast evaluator, and scores each candidate action (fold, check or call,
bets of ½, ¾ and 1 pot, all-in when short) by the chips it wins on average. Bets are scored
with a simple response model: an opponent facing a bet continues with the hands among the
best share of all holdings that the price allows (pot odds, and fewer hands pre-flop), the
best of those raise back, and this seat then folds or calls, whichever is worth more on
average. A hand with streets to come is credited with a little less than its showdown share
(later bets push weak hands out). A small seeded share of bluffs is added where a bet is
most credible (last to act on the turn or river, at most two opponents, everyone checked).
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Any, NamedTuple

from ..engine import current_deal_events
from ..games.holdem import BIG_BLIND, SEATS
from ..poker import (
    CARD_INDEX,
    FLUSH,
    FULL_HOUSE,
    INDEX_CARD,
    PAIR,
    STRAIGHT,
    TRIPS,
    TWO_PAIR,
    evaluate,
    evaluate_indices,
)

CATEGORY_UNIT = 13**5  # poker.py's value layout: category * 13**5 + tiebreak ranks
ACE, KING, QUEEN, JACK, TEN = 12, 11, 10, 9, 8  # rank indices (2 = 0)


def rank(card: int) -> int:
    """Rank index (2 = 0 .. A = 12) of a ``CARD_INDEX`` card (the index is suit-major)."""
    return card % 13


def suit(card: int) -> int:
    return card // 13


# ---------------------------------------------------------------------------------------
# Reading a view


class Action(NamedTuple):
    """One betting action of the hand in progress, with the current bet it faced."""

    seat: int
    verb: str  # fold, check, call, bet, raise
    total: int  # the seat's round total after it (0 for a fold)
    street: str
    facing: int  # the current bet when it acted


@dataclass
class Spot:
    """What a seat about to act knows, taken from its view."""

    seat: int
    hole: list[int]
    board: list[int]
    street: str
    pot: int
    to_call: int
    current_bet: int
    bets: list[int]
    stacks: list[int]
    committed: list[int]
    live: list[bool]  # dealt in and not folded (all-in seats are live)
    all_in: list[bool]
    button: int
    big_blind_seat: int
    bet_range: tuple[str, int, int] | None  # verb, minimum and maximum total
    legal: list[str]
    actions: list[Action]
    earlier: list[dict[str, Any]]  # the events of the match's earlier hands

    @staticmethod
    def from_view(view: dict[str, Any]) -> Spot:
        seat = view["seat"]
        allowed = view["bet_range"]
        return Spot(
            seat=seat,
            hole=[CARD_INDEX[card] for card in view["hand"]],
            board=[CARD_INDEX[card] for card in view["board"]],
            street=view["street"],
            pot=view["pot"],
            to_call=view["to_call"],
            current_bet=view["current_bet"],
            bets=list(view["bets"]),
            stacks=list(view["stacks"]),
            committed=list(view["committed"]),
            live=[
                dealt and not out
                for dealt, out in zip(view["in_hand"], view["folded"], strict=True)
            ],
            all_in=list(view["all_in"]),
            button=view["button"],
            big_blind_seat=view["big_blind"],
            bet_range=None
            if allowed is None
            else (allowed["verb"], allowed["minimum"], allowed["maximum"]),
            legal=view["legal_actions"],
            actions=hand_actions(view["events"]),
            earlier=earlier_events(view["events"]),
        )

    @property
    def opponents(self) -> list[int]:
        return [s for s in range(SEATS) if s != self.seat and self.live[s]]

    @property
    def stack(self) -> int:
        return self.stacks[self.seat]

    def order(self, seat: int) -> int:
        """Place in this street's order of action (0 acts first)."""
        first_after = self.big_blind_seat if self.street == "preflop" else self.button
        return (seat - first_after - 1) % SEATS

    def behind(self) -> int:
        """Opponents who can still bet and act after this seat on this street."""
        mine = self.order(self.seat)
        return sum(1 for s in self.opponents if not self.all_in[s] and self.order(s) > mine)

    def passive(self) -> str:
        return "check" if self.to_call == 0 else "call"

    def give_up(self) -> str:
        """Fold, except that a free check is never folded (and folding it is illegal)."""
        return "check" if self.to_call == 0 else "fold"

    def pot_total(self, fraction: float) -> int:
        """Round total of a raise of ``fraction`` times the pot after calling."""
        return self.current_bet + round(fraction * (self.pot + self.to_call))

    def raise_to(self, total: int) -> str:
        """``bet``/``raise`` to ``total`` kept within the legal range; all-in when what would
        be left behind is small next to the pot (the rest would be committed anyway)."""
        if self.bet_range is None:
            return self.passive()
        verb, low, high = self.bet_range
        total = max(low, min(high, total))
        left = high - total
        pot_after = self.pot + (total - self.bets[self.seat])
        if left < 0.3 * pot_after:
            total = high
        return f"{verb} {total}"


def hand_actions(events: list[dict[str, Any]]) -> list[Action]:
    """The betting actions of the hand in progress, each with the bet it faced."""
    actions = []
    facing = BIG_BLIND
    street = "preflop"
    for event in current_deal_events(events):
        if event["type"] != "action":
            continue
        if event["street"] != street:  # a new street starts with no bet
            street, facing = event["street"], 0
        verb = event["action"].split()[0]
        actions.append(Action(event["seat"], verb, event.get("total", 0), street, facing))
        if verb in ("bet", "raise"):
            facing = max(facing, event["total"])
    return actions


def earlier_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return events[: len(events) - len(current_deal_events(events))]


def legal_or_passive(spot: Spot, action: str) -> str:
    """A last guard: whatever the reasoning produced, only a listed action leaves the bot."""
    return action if action in spot.legal else spot.passive()


# ---------------------------------------------------------------------------------------
# Pre-flop hand strength


def chen_points(high: int, low: int, suited: bool) -> float:
    """The Chen formula, unrounded: a quick pre-flop score (AA 20, 72o about -1)."""
    top = {ACE: 10.0, KING: 8.0, QUEEN: 7.0, JACK: 6.0}.get(high, (high + 2) / 2)
    if high == low:
        return max(5.0, 2 * top)
    score = top + (2 if suited else 0)
    gap = high - low - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high < QUEEN:  # small connectors make straights more often
        score += 1
    return score


def hand_class(a: int, b: int) -> tuple[int, int, bool]:
    high, low = max(rank(a), rank(b)), min(rank(a), rank(b))
    return high, low, suit(a) == suit(b) and high != low


def chen_score(a: int, b: int) -> int:
    """The Chen score rounded up, as the formula is usually quoted."""
    return math.ceil(chen_points(*hand_class(a, b)))


def _build_percentiles() -> dict[tuple[int, int, bool], float]:
    """Each of the 169 starting-hand classes -> share of all 1326 holdings that are better
    (0 = aces), ranked by Chen points then high and low card. Opponents' pre-flop ranges
    are "the top X%" in this order."""
    classes = [
        (high, low, suited)
        for high in range(13)
        for low in range(high + 1)
        for suited in ((False,) if high == low else (False, True))
    ]
    classes.sort(key=lambda c: (chen_points(*c), c[0], c[1], c[2]), reverse=True)
    table: dict[tuple[int, int, bool], float] = {}
    better = 0
    for high, low, suited in classes:
        count = 6 if high == low else 4 if suited else 12
        table[(high, low, suited)] = (better + count / 2) / 1326
        better += count
    return table


PERCENTILE = _build_percentiles()


def preflop_percentile(a: int, b: int) -> float:
    return PERCENTILE[hand_class(a, b)]


# ---------------------------------------------------------------------------------------
# Post-flop: draws and made-hand strength

_WINDOWS = [0b11111 << low for low in range(9)] + [0b1000000001111]  # the wheel: A2345


def _has_straight(mask: int) -> bool:
    return any(mask & window == window for window in _WINDOWS)


@lru_cache(maxsize=1 << 14)
def _straight_out_ranks(mask: int, board_mask: int) -> int:
    """Ranks that would complete a straight with the hole cards but not on the board alone."""
    if _has_straight(mask):
        return 0
    return sum(
        1
        for r in range(13)
        if not mask >> r & 1
        and _has_straight(mask | 1 << r)
        and not _has_straight(board_mask | 1 << r)
    )


def rank_mask(cards: list[int]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << rank(card)
    return mask


def draw_outs(a: int, b: int, suits: list[int], board_mask: int) -> int:
    """Outs to a flush or straight using a hole card; ``suits`` counts the board's suits."""
    outs = 0
    for s in {suit(a), suit(b)}:
        if suits[s] + (suit(a) == s) + (suit(b) == s) == 4:
            outs = 9
    mask = board_mask | 1 << rank(a) | 1 << rank(b)
    outs += 4 * _straight_out_ranks(mask, board_mask)
    return min(outs, 15)


def draw_equity(outs: int, street: str) -> float:
    """The rule of 4 and 2: about 4% per out with two cards to come, 2% with one."""
    per_out = {"flop": 0.04, "turn": 0.022}.get(street, 0.0)
    return min(0.6, outs * per_out)


def value_of(hole: list[int], board: list[int]) -> int:
    if len(board) == 5:
        return evaluate_indices(*hole, *board)
    return evaluate([INDEX_CARD[card] for card in (*hole, *board)])


def made_equity(hole: list[int], board: list[int]) -> float:
    """A rough chance that the made hand beats one unknown hand, by category and by how
    the hole cards rank against the board (what a player reads at a glance)."""
    value = value_of(hole, board)
    kind = value // CATEGORY_UNIT
    if len(board) == 5 and evaluate([INDEX_CARD[c] for c in board]) == value:
        return 0.12  # the board plays: at best a split
    counts = Counter(rank(card) for card in board)
    if kind >= STRAIGHT:
        return _big_hand_equity(kind, hole, board, counts)
    high, low = sorted((rank(card) for card in hole), reverse=True)
    distinct = sorted(counts, reverse=True)
    if kind == TRIPS:
        if high == low:
            return 0.88  # a set: hidden and strong
        return 0.72 if high in counts or low in counts else 0.25
    paired = [r for r in (high, low) if r in counts]
    if kind == TWO_PAIR and len(set(paired)) == 2:
        return 0.8 if paired[0] == distinct[0] else 0.72
    if kind in (PAIR, TWO_PAIR) and high == low:
        return _pocket_pair_equity(high, distinct)
    if kind in (PAIR, TWO_PAIR) and paired:
        kicker = low if paired[0] == high else high
        return _pair_equity(distinct.index(paired[0]), kicker)
    overs = sum(1 for r in (high, low) if r > distinct[0])
    return 0.08 + 0.04 * overs + (0.04 if high == ACE else 0.0)


def _big_hand_equity(kind: int, hole: list[int], board: list[int], counts: Counter[int]) -> float:
    paired_board = max(counts.values()) >= 2
    suits = Counter(suit(card) for card in board)
    if kind == STRAIGHT:
        # A flush or a full house may be out there when the board allows one.
        return 0.82 - (0.15 if max(suits.values()) >= 3 else 0) - (0.08 if paired_board else 0)
    if kind == FLUSH:
        flush_suit = max(suits, key=lambda s: suits[s])
        mine = max((rank(c) for c in hole if suit(c) == flush_suit), default=0)
        equity = 0.86 + (0.08 if mine == ACE else 0) - (0.1 if paired_board else 0)
        if suits[flush_suit] >= 4 and mine < QUEEN:  # one card makes it for anybody
            equity -= 0.2
        return equity
    if kind == FULL_HOUSE:
        return 0.8 if max(counts.values()) >= 3 else 0.94  # board trips: others share it
    return 0.99


def _pocket_pair_equity(pair: int, distinct: list[int]) -> float:
    if pair > distinct[0]:  # an overpair, better the higher it is
        return min(0.8, 0.68 + 0.02 * max(0, pair - TEN))
    return 0.45 if len(distinct) > 1 and pair > distinct[1] else 0.32


def _pair_equity(place: int, kicker: int) -> float:
    """A hole card pairing the board: top pair (by kicker), second pair or lower."""
    if place == 0:
        return 0.56 + 0.015 * kicker
    return 0.45 if place == 1 else 0.34


def hand_equity(hole: list[int], board: list[int], street: str) -> float:
    """Made-hand estimate, improved by the draws still to come."""
    made = made_equity(hole, board)
    suits = [0] * 4
    for card in board:
        suits[suit(card)] += 1
    outs = draw_outs(hole[0], hole[1], suits, rank_mask(board))
    return made + (1 - made) * draw_equity(outs, street)


# ---------------------------------------------------------------------------------------
# BasicBot

OPEN_AT = {0: 9, 1: 7, 2: 7, 3: 8}  # Chen score to open-raise, by opponents left to act


class BasicBot:
    """Rules of thumb: Chen score and position pre-flop, made hand and pot odds after."""

    def act(self, view: dict[str, Any]) -> str:
        spot = Spot.from_view(view)
        if len(spot.legal) == 1:
            return spot.legal[0]
        if spot.street == "preflop":
            return legal_or_passive(spot, basic_preflop(spot))
        return legal_or_passive(spot, basic_postflop(spot))


def basic_preflop(spot: Spot) -> str:
    score = chen_score(*spot.hole)
    if spot.current_bet <= BIG_BLIND:
        return _unraised(spot, score)
    price = spot.to_call / (spot.pot + spot.to_call)
    committing = spot.to_call >= 0.4 * spot.stack
    if score >= 12:  # JJ+, AKs: re-raise about three times
        return spot.raise_to(3 * spot.current_bet)
    if committing:  # a big share of the stack: only the best hands go on
        return spot.passive() if score >= (9 if price < 0.35 else 10) else spot.give_up()
    needed = 8 + (1 if spot.to_call > 4 * BIG_BLIND else 0) - (1 if price < 0.25 else 0)
    return spot.passive() if score >= needed else spot.give_up()


def _unraised(spot: Spot, score: int) -> str:
    """Nobody raised yet: raise good hands (more of them late), limp playable ones cheaply."""
    behind = spot.behind()
    limpers = sum(1 for a in spot.actions if a.verb == "call")
    if score >= OPEN_AT[behind]:
        return spot.raise_to((3 + limpers) * BIG_BLIND)
    if spot.to_call == 0:
        return "check"
    cheap = spot.to_call <= BIG_BLIND // 2 or limpers > 0
    return "call" if score >= OPEN_AT[behind] - (3 if cheap else 2) else "fold"


def basic_postflop(spot: Spot) -> str:
    opponents = len(spot.opponents)
    alone = hand_equity(spot.hole, spot.board, spot.street)
    equity = alone**opponents  # beating each opponent, taken as independent
    if spot.to_call == 0:
        if equity >= 0.55:  # value: charge worse hands
            return spot.raise_to(spot.pot_total(0.66))
        if alone >= 0.4 and opponents == 1 and spot.behind() == 0 and spot.street != "river":
            return spot.raise_to(spot.pot_total(0.5))  # a semi-bluff with a draw, last to act
        return "check"
    price = spot.to_call / (spot.pot + spot.to_call)
    if equity >= 0.78:
        return spot.raise_to(spot.pot_total(0.75))
    return "call" if equity >= price else "fold"


# ---------------------------------------------------------------------------------------
# StrongBot: ranges

# Nobody's range is ever ruled out: bluffs and odd plays exist. How much weight the hands
# outside an opponent's action range keep is set by its *floor* (scaled down for narrow
# ranges, see preflop_weight): RANGE_FLOOR for a player the bot knows nothing about, moved
# by how often that player bet or raised in earlier hands of the match (TYPICAL_AGGRESSION
# is a sensible player's share; a maniac raising every hand soon gets a high floor, a rock
# a low one). PRIOR_ACTIONS is how many typical actions the estimate starts from, so a few
# hands cannot swing it far.
RANGE_FLOOR = 0.1
FLOOR_LIMITS = (0.02, 0.5)
TYPICAL_AGGRESSION = 0.25
AGGRESSION_SLOPE = 0.8
PRIOR_ACTIONS = 10
RANGE_SOFTNESS = (0.01, 0.2)  # width of a range's soft edge: this plus this times its top
# Pre-flop ranges, the top share of all holdings, by how many raises the action faced
# (none, one, two or more): raising first in, re-raising, raising a re-raise; limping,
# calling a raise, calling a re-raise. Each raise in front narrows the range sharply.
RAISE_TOPS = (0.18, 0.05, 0.025)
CALL_TOPS = (0.5, 0.25, 0.08)
# Opening pre-flop with a raise to more than WILD_RAISE big blinds is nobody's usual size:
# such a raiser may hold anything (WILD_FLOOR), and its later bets tell little.
WILD_RAISE = 8
WILD_FLOOR = 0.5
# Post-flop actions: (floor, power). Most players bet and raise for value far more often
# than they bluff, so the weight climbs steeply with strength; the floor keeps bluffs and
# draws possible. A call shows something, less sharply.
SHAPES = {"bet": (0.05, 4.0), "raise": (0.02, 6.0), "call": (0.15, 3.0)}
CHECK_SHAPE = (0.7, 4.0)  # many strong hands would have bet: fewer of them after a check


def preflop_top(seat: int, actions: list[Action]) -> float:
    """The share of hands an opponent's pre-flop actions suggest: raisers and re-raisers
    hold the top of the pack, callers of a raise a wider band, limpers wider still; every
    raise in front of an action narrows it (see ``RAISE_TOPS``)."""
    top = 1.0
    raises = 0
    for action in actions:
        if action.street != "preflop":
            continue
        if action.seat == seat and action.verb in ("raise", "call"):
            tops = RAISE_TOPS if action.verb == "raise" else CALL_TOPS
            top = min(top, tops[min(raises, len(tops) - 1)])
        raises += action.verb == "raise"
    return top


def range_floor(seat: int, earlier: list[dict[str, Any]]) -> float:
    """The floor for an opponent (see RANGE_FLOOR) from its actions in earlier hands."""
    actions = aggressive = 0
    for event in earlier:
        if event["type"] == "action" and event["seat"] == seat:
            actions += 1
            aggressive += event["action"].split()[0] in ("bet", "raise")
    share = (aggressive + TYPICAL_AGGRESSION * PRIOR_ACTIONS) / (actions + PRIOR_ACTIONS)
    floor = RANGE_FLOOR + AGGRESSION_SLOPE * (share - TYPICAL_AGGRESSION)
    return max(FLOOR_LIMITS[0], min(FLOOR_LIMITS[1], floor))


def wild_raiser(seat: int, actions: list[Action]) -> bool:
    """Whether the seat opened the betting pre-flop with a raise far beyond any usual size
    (see WILD_RAISE). A re-raise all-in is no such sign: it is a common play."""
    return any(
        action.seat == seat
        and action.street == "preflop"
        and action.verb == "raise"
        and action.facing <= BIG_BLIND
        and action.total > WILD_RAISE * BIG_BLIND
        for action in actions
    )


def preflop_weight(percentile: float, top: float, floor: float, wild: bool = False) -> float:
    """A holding's weight in a pre-flop range of the ``top`` share. Outside it each holding
    keeps ``floor`` times the square root of that share (a narrow range stays narrow, yet a
    raiser's range keeps some bluffs), or the whole ``floor`` for a wild raiser."""
    if top >= 1.0:
        return 1.0
    softness = RANGE_SOFTNESS[0] + RANGE_SOFTNESS[1] * top  # narrow ranges have sharp edges
    inside = 1 / (1 + math.exp((percentile - top) / softness))
    low = floor if wild else floor * math.sqrt(top)
    return low + (1 - low) * inside


def action_factor(verb: str, strength: float) -> float:
    """How much more (or less) likely a holding of this street strength (0 worst, 1 best)
    makes the action seen: ``floor + (1 − floor) · strength ** power`` (see ``SHAPES``).
    A check instead makes the best hands rarer: ``1 − CHECK_SHAPE[0] · strength ** power``."""
    if verb == "check":
        drop, power = CHECK_SHAPE
        return float(1.0 - drop * strength**power)
    if verb not in SHAPES:
        return 1.0
    floor, power = SHAPES[verb]
    return float(floor + (1 - floor) * strength**power)


def street_strengths(combos: list[tuple[int, int]], board: list[int], street: str) -> list[float]:
    """Each holding's strength on ``board``: its made-hand percentile among all holdings
    (0 worst, 1 best), lifted by its draws when cards are still to come."""
    if not board:
        return [1.0 - preflop_percentile(a, b) for a, b in combos]
    strengths = percentiles([value_of([a, b], board) for a, b in combos])
    if street != "river":
        _add_draws(combos, board, street, strengths)
    return strengths


def percentiles(values: list[int]) -> list[float]:
    """Each value's place among all of them, 0 (lowest) to 1; ties share their average."""
    order = sorted(range(len(values)), key=values.__getitem__)
    places = [0.0] * len(values)
    last = max(1, len(values) - 1)
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for i in order[start : end + 1]:
            places[i] = (start + end) / 2 / last
        start = end + 1
    return places


def _add_draws(
    combos: list[tuple[int, int]], board: list[int], street: str, strengths: list[float]
) -> None:
    suits = [0] * 4
    for card in board:
        suits[suit(card)] += 1
    board_mask = rank_mask(board)
    for i, (a, b) in enumerate(combos):
        outs = draw_outs(a, b, suits, board_mask)
        if outs:
            strengths[i] += (1 - strengths[i]) * draw_equity(outs, street)


@dataclass
class Range:
    """One opponent's weighted holdings, ready to sample, and where each holding stands
    now (``place``: 0 for the best holding, 1 for the worst, whatever the range). Whether
    a holding continues against a bet depends on its place among all holdings, not within
    the range: a player who has shown strength keeps calling with it."""

    seat: int
    cumulative: list[float]
    place: list[float]

    def sample(self, rng: random.Random) -> int:
        return bisect.bisect_right(self.cumulative, rng.random() * self.cumulative[-1])


STREETS = ("preflop", "flop", "turn", "river")
SHOWN = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}


def build_ranges(spot: Spot, combos: list[tuple[int, int]]) -> list[Range]:
    """The weighted range of every live opponent, from the actions of this hand."""
    upto = STREETS.index(spot.street)
    strengths = {
        street: street_strengths(combos, spot.board[: SHOWN[street]], street)
        for street in STREETS[: upto + 1]
    }
    place = [1.0 - strength for strength in strengths[spot.street]]
    pre = strengths["preflop"]
    return [_opponent_range(spot, seat, pre, strengths, place) for seat in spot.opponents]


def _opponent_range(
    spot: Spot,
    seat: int,
    pre: list[float],
    strengths: dict[str, list[float]],
    place: list[float],
) -> Range:
    top = preflop_top(seat, spot.actions)
    wild = wild_raiser(seat, spot.actions)
    floor = WILD_FLOOR if wild else range_floor(seat, spot.earlier)
    weights = [preflop_weight(1.0 - p, top, floor, wild) for p in pre]
    for action in spot.actions:
        if action.seat != seat or action.street == "preflop" or wild:
            continue
        street = strengths[action.street]
        for i, strength in enumerate(street):
            weights[i] *= action_factor(action.verb, strength)
    cumulative = []
    total = 0.0
    for w in weights:
        total += w
        cumulative.append(total)
    return Range(seat, cumulative, place)


# ---------------------------------------------------------------------------------------
# StrongBot: candidate actions and their value

CONTINUE_EXPONENT = (2.0, 1.0)  # pre-flop, post-flop: see continue_share
MIN_CONTINUE = 0.08
RERAISE_SHARE = 0.25  # the top of the continuing range raises back,
RERAISE_TIMES = 3  # to three times the raise (or all-in)
SIZES = (0.5, 0.75, 1.0)  # raises, as fractions of the pot after calling
SHORT = 2.5  # with at most this many pots behind, all-in is a candidate too
BLUFF_RATE = 0.12
# A hand with cards to come wins less than its share of the pot at a showdown: later
# bets push the weaker hands out and charge the draws that miss. Its share is scaled by:
REALIZE = {"preflop": 0.8, "flop": 0.85, "turn": 0.92, "river": 1.0}
MIN_SAMPLES = 100  # even under a tiny budget: fewer would be noise
# Raising first in pre-flop follows a chart rather than the simulation, whose estimates
# there are too close and too noisy to separate a good opening hand from a bad one (the
# value of a pre-flop hand lies mostly in how it plays later). The top share of holdings
# that raises, by opponents left to act: few first to act, many on the button and in the
# small blind, where the blinds are worth stealing, and over limpers, who have shown weak
# hands (0: the big blind after limps). The rest folds, or checks in the big blind.
OPEN_TOPS = {3: 0.18, 2: 0.75, 1: 0.9, 0: 0.6}
OPEN_SIZE = 1.0  # a pot-sized raise: 3.5 big blinds first in, more over limpers


@dataclass
class Candidate:
    """An action and what it puts in play, for :func:`outcome`.

    ``add`` chips go in now. Opponent ``j`` continues when its holding's place is below
    ``defend[j]`` (2 = it cannot fold), raising back when below ``reraise[j]``; it then has
    ``called[j]`` in, or ``raised[j]`` after its re-raise, else ``folded[j]`` (each capped
    at what this seat can match). A re-raise is answered by folding or by calling
    ``call_add`` chips in all. ``dead`` and ``dead_raised``: chips of the seats out of the
    hand plus this seat's own total, without and with a call of a re-raise."""

    action: str
    add: int
    call_add: int
    defend: list[float]
    reraise: list[float]
    called: list[int]
    raised: list[int]
    folded: list[int]
    dead: int
    dead_raised: int
    realize: float


def candidates(spot: Spot) -> list[Candidate]:
    """Check or call, fold when facing a bet, and raises of a few pot fractions."""
    actions = [spot.passive()]
    if spot.to_call > 0:
        actions.append("fold")
    if spot.bet_range is not None:
        fractions = list(SIZES)
        if spot.stack <= SHORT * (spot.pot + spot.to_call):
            fractions.append(1e9)  # clamped to all-in
        for fraction in fractions:
            action = spot.raise_to(spot.pot_total(fraction))
            if action not in actions:
                actions.append(action)
    return [_candidate(spot, action) for action in actions]


def continue_share(pot_after: int, owe: int, street: str) -> float:
    """The share of all holdings that continues against a bet of ``owe`` into ``pot_after``.

    Minimum defence, (pot − owe) / pot, is the share that keeps a bettor from profiting
    with any two cards. After the flop players defend about that much; pre-flop, where
    most hands are junk, far fewer (the exponent); yet some hands always call even a huge
    shove (the floor)."""
    minimum_defence = (pot_after - owe) / pot_after
    exponent = CONTINUE_EXPONENT[0 if street == "preflop" else 1]
    return float(max(MIN_CONTINUE, minimum_defence**exponent))


def round_total(spot: Spot, action: str) -> int:
    """This seat's round contribution after ``action``."""
    if action == "fold":
        return spot.bets[spot.seat]
    if action in ("check", "call"):
        return min(spot.current_bet, spot.bets[spot.seat] + spot.stack)
    return int(action.split()[1])


def _candidate(spot: Spot, action: str) -> Candidate:
    me = spot.seat
    total = round_total(spot, action)
    add = total - spot.bets[me]
    mine = spot.committed[me] + add
    raising = action.split()[0] in ("bet", "raise") and add < spot.stack
    reraise_to = RERAISE_TIMES * total
    call_add = min(reraise_to - spot.bets[me], spot.stack)
    cap = spot.committed[me] + call_add
    # Nobody can bet later when this seat or everyone it plays against is all-in: the
    # showdown share is then won in full.
    closed = add >= spot.stack or all(
        spot.all_in[s] or spot.stacks[s] <= total - spot.bets[s] for s in spot.opponents
    )
    realize = 1.0 if closed and not raising else REALIZE[spot.street]
    option = Candidate(action, add, call_add, [], [], [], [], [], 0, 0, realize)
    for seat in spot.opponents:
        owe = min(total - spot.bets[seat], spot.stacks[seat])
        share = 2.0 if owe <= 0 else continue_share(spot.pot + add, owe, spot.street)
        can_raise = raising and spot.stacks[seat] > owe
        option.defend.append(share)
        option.reraise.append(share * RERAISE_SHARE if can_raise and owe > 0 else -1.0)
        option.called.append(min(spot.committed[seat] + max(owe, 0), mine))
        raised = min(reraise_to - spot.bets[seat], spot.stacks[seat])
        option.raised.append(min(spot.committed[seat] + raised, cap))
        option.folded.append(min(spot.committed[seat], mine))
    out = [s for s in range(SEATS) if s != me and not spot.live[s]]
    option.dead = sum(min(spot.committed[s], mine) for s in out) + mine
    option.dead_raised = sum(min(spot.committed[s], cap) for s in out) + cap
    return option


def outcome(
    option: Candidate, mine: int, values: list[int], places: list[float], pot: int
) -> tuple[float, float]:
    """Chips won (minus what this seat has now) in one sampled world, under the two
    answers to a re-raise: (fold to it, call it). Equal when nobody re-raises.
    Which answer to play is chosen on the averages, never per world, since the bot cannot
    see the opponent's cards when it decides."""
    if option.action == "fold":
        return 0.0, 0.0
    won = option.dead
    won_raised = option.dead_raised
    best, ties, stayed, reraised = -1, 0, False, False
    for j, value in enumerate(values):
        place = places[j]
        if place < option.defend[j]:
            stayed = True
            won += option.called[j]
            if place < option.reraise[j]:
                reraised = True
                won_raised += option.raised[j]
            else:
                won_raised += option.called[j]
            if value > best:
                best, ties = value, 1
            elif value == best:
                ties += 1
        else:
            won += option.folded[j]
            won_raised += option.folded[j]
    if not stayed:
        return float(pot), float(pot)  # everybody folded: the whole pot, the bet comes back
    share = 1.0 if mine > best else 1 / (ties + 1) if mine == best else 0.0
    share *= option.realize
    if reraised:
        return float(-option.add), won_raised * share - option.call_add
    result = won * share - option.add
    return result, result


@dataclass
class HoldemDecision:
    """What the last decision weighed. ``kind``: ``forced`` (one legal action), ``chart``
    (first in pre-flop: the hand's ``percentile`` among all holdings against the top share
    ``open_top`` that raises), ``simulated`` (``gains``: chips expected per candidate
    action; ``equity``: the pot share won at a showdown against the sampled holdings of
    every opponent still in, over ``samples`` samples) or ``bluff`` (a seeded bluff where
    the simulation chose to check)."""

    kind: str
    gains: dict[str, float] = field(default_factory=dict)
    equity: float = 0.0
    samples: int = 0
    percentile: float = 0.0
    open_top: float = 0.0


def showdown_share_of(mine: int, values: list[int]) -> float:
    """This seat's share of the pot at a showdown against every value of ``values``."""
    best = max(values)
    if mine != best:
        return 1.0 if mine > best else 0.0
    return 1 / (values.count(best) + 1)


class StrongBot:
    """Monte Carlo over opponents' action-weighted ranges; picks the action worth most.

    ``budget``: seconds per decision (sampling stops when it is spent; at least
    ``MIN_SAMPLES`` samples). ``samples``: a fixed sample count instead, for reproducible
    tests (then the clock is ignored). ``max_samples`` caps the timed search: beyond it the
    estimate no longer moves enough to change a decision.
    """

    def __init__(
        self,
        seed: int = 0,
        budget: float = 1.0,
        samples: int | None = None,
        max_samples: int = 20_000,
    ) -> None:
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.max_samples = max_samples
        self.last_samples = 0  # how many samples the last decision used
        self.last_gains: dict[str, float] = {}  # and the chips it expected from each action
        self.last_equity = 0.0  # the pot share won at showdown, over those samples
        self.last_decision = HoldemDecision("forced")

    def act(self, view: dict[str, Any]) -> str:
        started = time.perf_counter()
        spot = Spot.from_view(view)
        self.last_decision = HoldemDecision("forced")
        if len(spot.legal) == 1:
            return spot.legal[0]
        opening = first_in(spot)
        if opening is not None:
            self.last_samples, self.last_gains = 0, {}
            self.last_decision = HoldemDecision(
                "chart", percentile=preflop_percentile(*spot.hole), open_top=open_top(spot)
            )
            return legal_or_passive(spot, opening)
        # Seeded by the view too, so a decision never depends on earlier decisions.
        rng = random.Random(
            f"{self.seed}|{view['hand_number']}|{len(view['events'])}|{view['hand']}"
        )
        bluff_roll = rng.random()
        dead = set(spot.hole) | set(spot.board)
        unknown = [card for card in range(52) if card not in dead]
        combos = list(combinations(unknown, 2))
        ranges = build_ranges(spot, combos)
        options = candidates(spot)
        gains = self._simulate(spot, combos, unknown, ranges, options, rng, started)
        self.last_gains = {option.action: gain for option, gain in zip(options, gains, strict=True)}
        best = max(range(len(options)), key=lambda i: (gains[i], -i))
        action = options[best].action
        kind = "simulated"
        if action == "check" and bluff_roll < BLUFF_RATE and bluff_spot(spot):
            action = spot.raise_to(spot.pot_total(0.66))
            kind = "bluff"
        self.last_decision = HoldemDecision(
            kind, dict(self.last_gains), self.last_equity, self.last_samples
        )
        return legal_or_passive(spot, action)

    def _limits(self, started: float) -> tuple[int, float]:
        if self.samples is not None:
            return self.samples, math.inf
        return self.max_samples, started + self.budget * 0.9

    def _simulate(
        self,
        spot: Spot,
        combos: list[tuple[int, int]],
        unknown: list[int],
        ranges: list[Range],
        options: list[Candidate],
        rng: random.Random,
        started: float,
    ) -> list[float]:
        """Average chips won by each candidate over sampled holdings and boards."""
        limit, deadline = self._limits(started)
        folding = [0.0] * len(options)  # totals when folding to a re-raise
        calling = [0.0] * len(options)  # and when calling one
        showdown_share = 0.0  # the pot share won at a showdown against every holding
        done = tries = 0
        while done < limit and tries < 4 * limit:  # clashes are rare; never loop forever
            tries += 1
            if done >= MIN_SAMPLES and tries % 8 == 0 and time.perf_counter() > deadline:
                break
            world = deal_world(spot, combos, unknown, ranges, rng)
            if world is None:
                continue
            mine, values, places = world
            showdown_share += showdown_share_of(mine, values)
            for i, option in enumerate(options):
                if_fold, if_call = outcome(option, mine, values, places, spot.pot)
                folding[i] += if_fold
                calling[i] += if_call
            done += 1
        self.last_samples = done
        self.last_equity = showdown_share / max(1, done)
        return [max(pair) / max(1, done) for pair in zip(folding, calling, strict=True)]


def deal_world(
    spot: Spot,
    combos: list[tuple[int, int]],
    unknown: list[int],
    ranges: list[Range],
    rng: random.Random,
) -> tuple[int, list[int], list[float]] | None:
    """Holdings for every opponent (by range weight) and the rest of the board; returns
    this seat's hand value, each opponent's value and place among all holdings, or None when
    the holdings drawn clash (the caller draws again)."""
    used: set[int] = set()
    holdings = []
    places = []
    for opponent in ranges:
        index = opponent.sample(rng)
        a, b = combos[index]
        if a in used or b in used:
            return None
        used.update((a, b))
        holdings.append((a, b))
        places.append(opponent.place[index])
    board = list(spot.board)
    while len(board) < 5:
        card = unknown[int(rng.random() * len(unknown))]
        if card not in used:
            used.add(card)
            board.append(card)
    c, d, e, f, g = board
    mine = evaluate_indices(spot.hole[0], spot.hole[1], c, d, e, f, g)
    values = [evaluate_indices(a, b, c, d, e, f, g) for a, b in holdings]
    return mine, values, places


def first_in(spot: Spot) -> str | None:
    """The pre-flop action while nobody has raised (see ``OPEN_TOPS``), else None."""
    if spot.street != "preflop" or spot.current_bet > BIG_BLIND:
        return None
    percentile = preflop_percentile(*spot.hole)
    if percentile < open_top(spot):
        return spot.raise_to(spot.pot_total(OPEN_SIZE))
    return spot.give_up()


def open_top(spot: Spot) -> float:
    """The top share of holdings that raises first in from this seat (``OPEN_TOPS``)."""
    return OPEN_TOPS[spot.behind()]


def bluff_spot(spot: Spot) -> bool:
    """Where a bet tells the most credible story: last to act on the turn or river, at
    most two opponents, everybody checked to us."""
    return (
        spot.street in ("turn", "river")
        and len(spot.opponents) <= 2
        and spot.behind() == 0
        and spot.to_call == 0
        and spot.bet_range is not None
    )
