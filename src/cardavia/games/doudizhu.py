"""Dou Dizhu (Fight the Landlord), exactly per spec/doudizhu.md.

Three seats; an open auction (bids 1-3, a pass is not final) chooses the landlord, who
takes the three public bottom cards and plays alone against two farmers. One deal per
match, settled zero-sum: ``U = bid × 2^(bombs + rockets + spring)``, the landlord wins or
loses 2U, each farmer U.

Options: none.

``deal`` keys: ``hands`` (three lists of 17 cards), ``bottom`` (3 cards) and optionally
``first_bidder`` (seat). Without ``first_bidder`` it is drawn from the seed. A void
auction (three passes) redeals from the seed, as deal 1, 2, …

Actions: ``bid 1``, ``bid 2``, ``bid 3``, ``pass``, ``play <cards>``.
Equivalent plays: suits never matter, so ``legal_actions`` lists one ``play`` per multiset
of ranks (the lowest suits in display order) and ``apply`` accepts any cards of the same
ranks from the player's hand.

Events: ``deal`` (deal index, first bidder), ``bid``, ``pass``, ``void_deal``, ``landlord``
(seat, bid, the bottom cards now public), ``play`` (cards, kind, cards left), ``round_end``
(who leads next), ``result`` (scores and their breakdown).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from .. import climbing
from ..cards import check_pack, pack_54, sort_cards
from ..climbing import ClimbingRules, ClimbingState, Combo, played_cards
from ..engine import (
    JSON,
    DealReader,
    Game,
    IllegalAction,
    InvalidDeal,
    State,
    current_deal_events,
    fill_hidden,
    register,
    replay,
)

RULES = ClimbingRules(
    rank_order="3456789TJQKA2",
    jokers=True,
    sequence_top=11,  # sequences run 3 … A
    kinds=frozenset(
        {
            "single",
            "pair",
            "triple",
            "triple_single",
            "triple_pair",
            "straight",
            "pair_run",
            "plane",
            "plane_single",
            "plane_pair",
            "four_two_single",
            "four_two_pair",
            "bomb",
            "rocket",
        }
    ),
    min_straight=5,
    min_pair_run=3,
    min_plane=2,
)

HAND_SIZE = 17
BOMB_KINDS = ("bomb", "rocket")


def classify(cards: Iterable[str]) -> Combo | None:
    """The Dou Dizhu combination these cards form, or None."""
    return climbing.classify(RULES.counts(list(cards)), RULES)


def plays_for(hand: Iterable[str], top: Combo | None = None) -> list[Combo]:
    """Every distinct play (one per rank multiset) from ``hand`` that beats ``top``."""
    return climbing.plays(RULES.counts(list(hand)), RULES, top)


class DouDizhuState(ClimbingState):
    rules = RULES

    phase: str  # 'auction', 'play' or 'over'
    first_bidder: int
    bid: int
    high_bidder: int | None
    auction_passes: int
    landlord: int | None
    bottom: list[str]
    bombs: int

    # --- dealing and the auction ----------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        rng = self.rng()
        if deal is None:
            cards = pack_54()
            rng.shuffle(cards)
            hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(3)]
            bottom = cards[3 * HAND_SIZE :]
            first = rng.randrange(3)
        else:
            hands, bottom, first = _check_deal(deal, rng)
        self._reset_play(hands, first)
        self.phase = "auction"
        self.first_bidder = first
        self.bid = 0
        self.high_bidder = None
        self.auction_passes = 0
        self.landlord = None
        self.bottom = list(bottom)
        self.bombs = 0
        self.events.append({"type": "deal", "deal": self.deal_index, "first_bidder": first})

    def legal_actions(self) -> list[str]:
        if self.phase == "auction":
            return [f"bid {n}" for n in range(self.bid + 1, 4)] + ["pass"]
        if self.phase == "play":
            return self._play_actions()
        return []

    def _verify(self, action: str) -> tuple[str, Any]:
        if self.phase != "auction":
            return self._verify_turn(action)
        words = action.strip().split(None, 1)
        verb = words[0].lower() if words else ""
        if verb == "pass" and len(words) == 1:
            return ("pass", None)
        if verb == "bid" and len(words) == 2:
            return ("bid", self._verify_bid(words[1]))
        raise IllegalAction("during the auction: 'bid 1', 'bid 2', 'bid 3' or 'pass'")

    def _verify_bid(self, text: str) -> int:
        if text.strip() not in ("1", "2", "3"):
            raise IllegalAction("a bid is 1, 2 or 3")
        value = int(text)
        if value <= self.bid:
            raise IllegalAction(f"a bid must be higher than the current bid of {self.bid}")
        return value

    def _perform(self, move: tuple[str, Any]) -> None:
        if self.phase == "auction":
            self._perform_auction(*move)
        else:
            self._perform_turn(move)

    def _perform_auction(self, kind: str, value: int | None) -> None:
        seat = self.turn
        assert seat is not None
        if kind == "bid":
            assert value is not None
            self.events.append({"type": "bid", "seat": seat, "action": f"bid {value}"})
            self.bid, self.high_bidder, self.auction_passes = value, seat, 0
            if value == 3:
                self._crown(seat)
                return
        else:
            self.events.append({"type": "pass", "seat": seat, "action": "pass"})
            self.auction_passes += 1
            if self.high_bidder is None and self.auction_passes == 3:
                self._void_deal()
                return
            if self.high_bidder is not None and self.auction_passes == 2:
                self._crown(self.high_bidder)
                return
        self.turn = self._next_seat(seat)

    def _void_deal(self) -> None:
        self.events.append({"type": "void_deal", "deal": self.deal_index})
        self.deal_index += 1
        self._start_deal(None)

    def _crown(self, seat: int) -> None:
        self.landlord = seat
        self.hands[seat] = sort_cards(self.hands[seat] + self.bottom, RULES.rank_order)
        self.phase = "play"
        self.turn = seat
        self.events.append(
            {"type": "landlord", "seat": seat, "bid": self.bid, "bottom": list(self.bottom)}
        )

    # --- play and settlement --------------------------------------------------------

    def _after_play(self, seat: int, combo: Combo, response: bool) -> None:
        if combo.kind in BOMB_KINDS:
            self.bombs += 1

    def _finish(self, winner: int) -> None:
        landlord = self.landlord
        assert landlord is not None
        farmers = [seat for seat in range(3) if seat != landlord]
        landlord_won = winner == landlord
        spring = landlord_won and all(self.plays_made[f] == 0 for f in farmers)
        reverse = not landlord_won and self.plays_made[landlord] == 1
        multiplier = 2 ** (self.bombs + (1 if spring or reverse else 0))
        unit = self.bid * multiplier
        sign = 1 if landlord_won else -1
        scores = [-sign * unit] * 3
        scores[landlord] = 2 * sign * unit
        self.result = scores
        self.phase = "over"
        self.events.append(
            {
                "type": "result",
                "winner": winner,
                "landlord_won": landlord_won,
                "scores": list(scores),
                "breakdown": {
                    "bid": self.bid,
                    "bombs": self.bombs,
                    "spring": spring,
                    "reverse_spring": reverse,
                    "multiplier": multiplier,
                    "unit": unit,
                },
            }
        )

    @property
    def multiplier(self) -> int:
        return int(2**self.bombs)

    def _private_view(self, seat: int) -> dict[str, JSON]:
        return {
            **self._table_view(seat),
            "phase": self.phase,
            "first_bidder": self.first_bidder,
            "bid": self.bid,
            "high_bidder": self.high_bidder,
            "landlord": self.landlord,
            "bottom": list(self.bottom) if self.landlord is not None else None,
            "bombs": self.bombs,
            "multiplier": self.multiplier,
        }


def _check_deal(
    deal: dict[str, JSON], rng: random.Random
) -> tuple[list[list[str]], list[str], int]:
    read = DealReader(deal, {"bottom", "first_bidder"}, "Dou Dizhu")
    hands = read.hands([HAND_SIZE] * 3)
    bottom = read.cards("bottom", 3, "the 3 bottom cards")
    problem = check_pack([*hands[0], *hands[1], *hands[2], *bottom], pack_54())
    if problem:
        raise InvalidDeal(problem)
    first = read.seat("first_bidder", 3)
    return hands, bottom, rng.randrange(3) if first is None else first


@register
class DouDizhu(Game):
    """Dou Dizhu for three players; see the module docstring for deal keys and actions."""

    name = "doudizhu"
    num_players = 3
    state_class = DouDizhuState

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        me = view["seat"]
        events = current_deal_events(view["events"])
        played = {seat: played_cards(events, seat) for seat in range(3)}
        landlord = view["landlord"]
        bottom_known = list(view["bottom"] or [])
        gone = {card for cards in played.values() for card in cards}
        unplayed_bottom = [c for c in bottom_known if c not in gone]
        known = set(view["hand"]) | gone | set(unplayed_bottom)
        unknown = [card for card in pack_54() if card not in known]
        sizes = {}
        for seat in range(3):
            if seat != me:
                hidden = view["hand_sizes"][seat]
                if seat == landlord:
                    hidden -= len(unplayed_bottom)
                sizes[str(seat)] = hidden
        if landlord is None:
            sizes["bottom"] = 3
        filled = fill_hidden(rng, unknown, sizes)
        current = {seat: filled.get(str(seat), list(view["hand"])) for seat in range(3)}
        bottom = bottom_known if landlord is not None else filled["bottom"]
        if landlord is not None and landlord != me:
            current[landlord] = current[landlord] + unplayed_bottom
        hands = []
        for seat in range(3):
            initial = current[seat] + played[seat]
            if seat == landlord:
                initial = [card for card in initial if card not in bottom]
            hands.append(initial)
        deal = {"hands": hands, "bottom": bottom, "first_bidder": events[0]["first_bidder"]}
        return replay(self, rng.randrange(2**31), deal, view["events"])
