"""Texas Hold'em, no limit, exactly per spec/holdem.md.

Four seats, 1000 chips each, blinds 10/20; hands are played until one seat holds every
chip. The betting rules (totals, minimum raises, short all-ins, side pots) live in
:mod:`cardavia.betting`; this module adds the button, the blinds, the streets, the
showdown and the match.

Options: ``hands`` (int or None): end the match after that many hands even if several
seats still have chips (used by arenas and benchmarks); None plays to the last player.

``deal`` keys: ``hands`` (four lists of two hole cards; ``[]`` for a seat with no chips),
``board`` (the five board cards: flop, flop, flop, turn, river), and for a hand that starts
mid-match ``button`` (the button by §3.1 rule 2, default the first seat with chips),
``stacks`` (whole chip counts per seat, 0 for an eliminated seat, default 1000 each) and
``previous_big_blind`` (the seat that posted the big blind in the previous hand: in a
heads-up hand it applies §3.1 rule 3, moving the button so that nobody posts the big blind
twice in a row). The stacks of a deal hold at most 100,000 chips in all (25 times a
match's 4000): every total from the minimum raise to the all-in is a legal action, and the
cap keeps ``legal_actions()`` short. Later hands are dealt from the seed, burning a card
before each street.

Actions: ``fold``, ``check``, ``call``, ``bet T``, ``raise T`` (T = the total for this
betting round). No two actions are equivalent.

Events: ``deal`` (hand number, button, blinds, what each blind posted, stacks before the
blinds), ``action`` (seat, action, street, round total, all-in), ``board`` (street and
its new cards), ``uncalled`` (seat, chips returned), ``showdown`` (each live seat's hole
cards, best five cards and category), ``pot`` (amount, eligible seats, winners, payouts),
``hand_result`` (stacks and net change), ``eliminated`` (seat), ``match_over``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..betting import BettingState, split_pot
from ..cards import pack_52
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
from ..poker import best_five, category

SEATS = 4
STARTING_STACK = 1000
SMALL_BLIND = 10
BIG_BLIND = 20
STREETS = ("preflop", "flop", "turn", "river")
BOARD_SHOWN = (0, 3, 4, 5)  # board cards face up during each street
PACK = tuple(pack_52())
DEAL_KEYS = {"board", "button", "stacks", "previous_big_blind"}
# A deal may set at most this many chips in all (25 times a match's 4000): every total
# from the minimum raise to the all-in is a legal action, so the cap keeps the list short.
MAX_DEAL_CHIPS = 100_000


class HoldemState(BettingState):
    phase: str  # 'bet' or 'over'
    button: int
    small_blind: int
    big_blind: int
    hole: list[list[str]]
    board: list[str]  # all five, face down beyond the street
    burns: list[str]
    street: int  # index into STREETS

    # --- starting a hand -----------------------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        if deal is None:
            self.stacks = [STARTING_STACK] * SEATS
            self._begin_hand(button=0, previous_big_blind=None, cards=None)
            return
        hole, board, button, stacks, previous = _check_deal(deal)
        self.stacks = stacks
        self._begin_hand(button, previous, (hole, board))

    def _begin_hand(
        self,
        button: int,
        previous_big_blind: int | None,
        cards: tuple[list[list[str]], list[str]] | None,
    ) -> None:
        in_match = [chips > 0 for chips in self.stacks]
        seats = [seat for seat in range(SEATS) if in_match[seat]]
        if len(seats) == 2:
            other = seats[1 - seats.index(button)]
            if other == previous_big_blind:  # §3.1 rule 3: first heads-up hand
                button = other
            small, big = button, seats[1 - seats.index(button)]
        else:
            small = self._next_in_match(button, in_match)
            big = self._next_in_match(small, in_match)
        self.phase = "bet"
        self.button, self.small_blind, self.big_blind = button, small, big
        self.street = 0
        self._new_hand_betting(in_match)
        self._deal_cards(cards)
        stacks_before = list(self.stacks)
        self._put_in(small, SMALL_BLIND)
        self._put_in(big, BIG_BLIND)
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_index,
                "hand": self.deal_index + 1,
                "button": button,
                "small_blind": small,
                "big_blind": big,
                "posted": list(self.bets),
                "stacks": stacks_before,
                "previous_big_blind": previous_big_blind,
            }
        )
        # Pre-flop the current bet is the big blind even when it was posted short (H8).
        self._start_round(big + 1, BIG_BLIND, BIG_BLIND)
        if self.to_act is None:
            self._end_round()

    @staticmethod
    def _next_in_match(seat: int, in_match: list[bool]) -> int:
        for step in range(1, SEATS + 1):
            if in_match[(seat + step) % SEATS]:
                return (seat + step) % SEATS
        raise AssertionError("nobody is in the match")

    def _deal_cards(self, cards: tuple[list[list[str]], list[str]] | None) -> None:
        """Hole cards one at a time from the seat left of the button, then burn-and-turn."""
        if cards is not None:
            self.hole, self.board, self.burns = cards[0], cards[1], []
            return
        order = [seat for seat in self._clockwise_from(self.button + 1) if self.in_hand[seat]]
        # Only the cards that will be seen are drawn, in dealing order (cheaper than a
        # full shuffle, and the same thing: a uniformly random sequence from the pack).
        deck = self.rng().sample(PACK, 2 * len(order) + 8)
        deck.reverse()
        self.hole = [[] for _ in range(SEATS)]
        for _ in range(2):
            for seat in order:
                self.hole[seat].append(deck.pop())
        self.board, self.burns = [], []
        for size in (3, 1, 1):
            self.burns.append(deck.pop())
            self.board += [deck.pop() for _ in range(size)]

    # --- play ---------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act if self.phase == "bet" else None

    def legal_actions(self) -> list[str]:
        return self.betting_actions() if self.phase == "bet" else []

    def _verify(self, action: str) -> tuple[str, int]:
        return self._verify_bet(action)

    def _perform(self, move: Any) -> None:
        event = self._perform_bet(move)
        event["street"] = STREETS[self.street]
        self.events.append(event)
        if len(self.live_seats()) == 1:
            self._settle()
        elif self.to_act is None:
            self._end_round()

    def _end_round(self) -> None:
        """Return uncalled chips; then the next street, a run-out or the showdown."""
        self._note_uncalled()
        self._close_round()
        if self.street == len(STREETS) - 1:
            self._settle()
            return
        self.street += 1
        shown = BOARD_SHOWN[self.street]
        new_cards = self.board[BOARD_SHOWN[self.street - 1] : shown]
        self.events.append({"type": "board", "street": STREETS[self.street], "cards": new_cards})
        # With at most one seat still able to bet, nobody acts and the board runs out.
        self._start_round(self.button + 1, 0, BIG_BLIND)
        if self.to_act is None:
            self._end_round()

    def _note_uncalled(self) -> None:
        returned = self._return_uncalled()
        if returned is not None:
            seat, chips = returned
            self.events.append({"type": "uncalled", "seat": seat, "amount": chips})

    # --- settling -----------------------------------------------------------------------

    def _settle(self) -> None:
        """Award every pot (§7), eliminate the busted seats, then the next hand or the end."""
        if self.to_act is not None or any(self.bets):
            self._note_uncalled()
            self._close_round()
        live = self.live_seats()
        values = self._showdown(live) if len(live) > 1 else {live[0]: 0}
        odd_chip_order = self._clockwise_from(self.button + 1)
        for index, pot in enumerate(self.pots()):
            best = max(values[seat] for seat in pot.eligible)
            winners = [seat for seat in pot.eligible if values[seat] == best]
            payout = split_pot(pot.amount, winners, odd_chip_order)
            for seat, chips in payout.items():
                self.stacks[seat] += chips
            self.events.append(
                {
                    "type": "pot",
                    "index": index,
                    "amount": pot.amount,
                    "eligible": pot.eligible,
                    "winners": winners,
                    "payouts": [payout.get(seat, 0) for seat in range(SEATS)],
                }
            )
        self._finish_hand()

    def _showdown(self, live: list[int]) -> dict[int, int]:
        board = self.board
        shown = []
        values = {}
        for seat in live:
            values[seat], five = best_five(self.hole[seat] + board)
            shown.append({"seat": seat, "cards": list(self.hole[seat]), "best": five})
            shown[-1]["category"] = category(values[seat])
        self.events.append({"type": "showdown", "hands": shown})
        return values

    def _finish_hand(self) -> None:
        start = current_deal_events(self.events)[0]
        before = [chips for chips in start["stacks"]]
        self.events.append(
            {
                "type": "hand_result",
                "hand": self.deal_index + 1,
                "stacks": list(self.stacks),
                "net": [after - was for after, was in zip(self.stacks, before, strict=True)],
            }
        )
        self.committed = [0] * SEATS
        for seat in range(SEATS):
            if self.in_hand[seat] and self.stacks[seat] == 0:
                self.events.append({"type": "eliminated", "seat": seat})
        remaining = [seat for seat in range(SEATS) if self.stacks[seat] > 0]
        limit = self.game.options["hands"]
        if len(remaining) == 1 or (limit is not None and self.deal_index + 1 >= limit):
            self.phase = "over"
            self.events.append({"type": "match_over", "scores": list(self.stacks)})
            return
        previous_big_blind = self.big_blind
        in_match = [chips > 0 for chips in self.stacks]
        button = self._next_in_match(self.button, in_match)
        self.deal_index += 1
        self._begin_hand(button, previous_big_blind, None)

    # --- scores and views ---------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        return [chips + put_in for chips, put_in in zip(self.stacks, self.committed, strict=True)]

    def _private_view(self, seat: int) -> dict[str, JSON]:
        allowed = self.bet_range(seat) if self.current_player == seat else None
        return {
            "hand": list(self.hole[seat]),
            "phase": self.phase,
            "hand_number": self.deal_index + 1,
            "button": self.button,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "street": STREETS[self.street],
            "board": self.board[: BOARD_SHOWN[self.street]],
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "committed": list(self.committed),
            "pot": sum(self.committed),
            "pots": [{"amount": pot.amount, "eligible": pot.eligible} for pot in self.pots()],
            "current_bet": self.current_bet,
            "to_call": self.to_call(seat) if self.current_player == seat else 0,
            "bet_range": None if allowed is None else allowed._asdict(),
            "in_hand": list(self.in_hand),
            "folded": list(self.folded),
            "all_in": [self._is_live(s) and self.stacks[s] == 0 for s in range(SEATS)],
        }


def _check_deal(
    deal: dict[str, JSON],
) -> tuple[list[list[str]], list[str], int, list[int], int | None]:
    read = DealReader(deal, DEAL_KEYS, "Hold'em")
    stacks = read.chips("stacks", SEATS, 0, MAX_DEAL_CHIPS) or [STARTING_STACK] * SEATS
    if sum(chips > 0 for chips in stacks) < 2:
        raise InvalidDeal("'stacks' lists four chip counts, at least two of them above 0")
    sizes = [2 if chips > 0 else 0 for chips in stacks]
    hole = read.hands(sizes, " (two cards, or [] for a seat without chips)")
    board = read.cards("board", 5, "the five board cards: flop, turn, river")
    dealt = [card for hand in hole for card in hand] + board
    twice = sorted({card for card in dealt if dealt.count(card) > 1})
    if twice or "BJ" in dealt or "RJ" in dealt:
        raise InvalidDeal(
            f"cards dealt twice or not in the 52-card pack: {' '.join(twice) or 'a joker'}"
        )
    button = read.seat("button", SEATS)
    if button is None:
        button = next(seat for seat, chips in enumerate(stacks) if chips > 0)
    if stacks[button] == 0:
        raise InvalidDeal("the button must be on a seat with chips")
    return hole, board, button, stacks, read.seat("previous_big_blind", SEATS)


@register
class Holdem(Game):
    name = "holdem"
    num_players = SEATS
    state_class = HoldemState
    default_options: ClassVar[dict[str, JSON]] = {"hands": None}
    match_length_option = "hands"

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        """Deal the unseen hole cards and board at random, then replay this hand's actions."""
        start = current_deal_events(view["events"])[0]
        seat = view["seat"]
        known = set(view["hand"]) | set(view["board"])
        others = [s for s in range(SEATS) if s != seat and start["stacks"][s] > 0]
        unknown = [card for card in pack_52() if card not in known]
        sizes = {str(s): 2 for s in others} | {"board": 5 - len(view["board"])}
        sizes["rest"] = len(unknown) - sum(sizes.values())
        filled = fill_hidden(rng, unknown, sizes)
        hole = [filled.get(str(s), []) for s in range(SEATS)]
        hole[seat] = list(view["hand"])
        board = list(view["board"]) + filled["board"]
        deal = {
            "hands": hole,
            "board": board,
            "button": start["button"],
            "stacks": start["stacks"],
            "previous_big_blind": start["previous_big_blind"],
        }
        state = replay(self, rng.randrange(2**31), deal, view["events"])
        if isinstance(state, HoldemState) and state.phase == "bet" and view["phase"] == "bet":
            return state
        raise IllegalAction("this view is not of a hand in progress")
