"""One Poker, exactly per spec/onepoker.md.

Two seats, two 52-card packs mixed (104 cards; two copies of a card are the same string),
20 chips each, an ante of 1 chip per deal. Each player holds two cards; the public
*signals* show how many of each hand's two cards are UP (ranks 8 to A) and DOWN (2 to 7),
counted at the start of the deal and fixed for it. The first player of the deal locks one
card face down, then the other; then one no-limit betting round (minimum bet 1, the first
player acts first). Both locked cards are revealed, also after a fold; the higher rank
wins, except that a 2 beats an ace; equal ranks split the pot. The locked cards are
discarded, each player keeps the other card and draws one (the first player first); when
the stock holds fewer than 2 cards, the discards and the stock left are shuffled into a
new stock. The winner is first in the next deal; after a tie the player who was second
is. A player with 0 chips behind after the ante is all-in: both lock and the cards are
compared at once. The match ends when a player has no chips. The betting rules (totals,
minimum raises, short all-ins, refunds) live in :mod:`cardavia.betting`.

Options: ``deals`` (int or None, default None): end the match after that many deals even
if both players still have chips (for arenas and benchmarks); None plays until a player
has no chips.

``deal`` keys: ``hands`` (two lists of two cards), ``stock`` (the other 100 cards, top
first; hands and stock together must be exactly the two packs), and for a deal that starts
mid-match ``stacks`` (two whole chip counts, each at least 1; the chips need not add
up to 40, but at most 1,000 in all, 25 times a match's 40, since every bet total is a legal
action; default 20 each) and ``first`` (the seat that locks and bets
first, default 0). Without ``deal`` the 104 cards are shuffled and dealt one at a time,
seat 0 first. Later deals continue from the state: the kept cards, the stock and the
discards; a reshuffle uses the seeded generator of that deal.

Actions: ``lock <card>`` (one of the two cards in hand; ``lock ks`` is accepted), then
``fold``, ``check``, ``call``, ``bet T``, ``raise T`` (T = the total for the round, the
ante excluded). Equivalent plays: two identical cards in hand give one ``lock`` action.

Hands are kept in display order: rank from A down to 2, then suits S H D C.

Events: ``deal`` (deal index, number, first player, stacks before the antes, stock size),
``reshuffle`` (the new stock size), ``draw`` (seat and stock size, never the card),
``ante`` (amount, stacks after, pot), ``signal`` (seat, up, down), ``lock`` (seat only:
no card and no ``action`` key), ``action`` (seat, action, round total, all-in),
``uncalled`` (seat, chips returned), ``reveal`` (both locked cards), ``result`` (deal
number, winner or None for a tie, ``by`` fold or showdown, pot, payouts, stacks, the next
deal's first player or None at the end), ``match_over`` (scores).

``sample_state`` cannot use :func:`cardavia.engine.replay`, whose record holds no locked
card: it rebuilds the deal from the view with the opponent's cards drawn from the unseen
ones (respecting its signal and, after a reveal, the group of the card it kept), then
re-applies the locks (the opponent's sampled card, the viewer's own) and the betting.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from ..betting import BET_VERBS, BettingState, split_pot
from ..cards import RANKS, SUITS, check_pack, pack_52, parse_card
from ..engine import (
    JSON,
    DealReader,
    Game,
    IllegalAction,
    InvalidDeal,
    State,
    copy_json,
    current_deal_events,
    register,
)

SEATS = 2
STARTING_STACK = 20
ANTE = 1
MIN_BET = 1
HAND_SIZE = 2
UP_RANKS = frozenset("89TJQKA")
DEAL_KEYS = {"stock", "stacks", "first"}
# A deal may set at most this many chips in all (25 times a match's 40): every bet total
# is a legal action, so the cap keeps the list short.
MAX_DEAL_CHIPS = 1000

# A move: ("lock", card) or ("bet", (verb, round total)).
Move = tuple[str, Any]


def pack_104() -> list[str]:
    """Two 52-card packs: every card twice."""
    return pack_52() * 2


def is_up(card: str) -> bool:
    return card[0] in UP_RANKS


def signal_of(cards: list[str]) -> dict[str, int]:
    up = sum(1 for card in cards if is_up(card))
    return {"up": up, "down": len(cards) - up}


def display_key(card: str) -> tuple[int, int]:
    return (-RANKS.index(card[0]), SUITS.index(card[1]))


def sort_hand(cards: list[str]) -> list[str]:
    return sorted(cards, key=display_key)


def compare(first: str, second: str) -> int:
    """+1 when card ``first`` beats ``second``, -1 when it loses, 0 on equal ranks (§4)."""
    a, b = RANKS.index(first[0]), RANKS.index(second[0])
    if a == b:
        return 0
    two, ace = RANKS.index("2"), RANKS.index("A")
    if {a, b} == {two, ace}:
        return 1 if a == two else -1
    return 1 if a > b else -1


class OnePokerState(BettingState):
    phase: str  # 'lock', 'bet' or 'over'
    first: int  # locks and bets first in this deal
    hands: list[list[str]]  # cards in hand now (two before locking, one after)
    locked: list[str | None]
    revealed: list[str | None]  # the locked cards of the last revealed deal
    signals: list[dict[str, int]]  # fixed at the start of the deal
    stock: list[str]  # top first
    discards: list[str]

    # --- starting a deal -----------------------------------------------------------------

    def _start_deal(self, deal: dict[str, JSON] | None) -> None:
        if deal is None:
            cards = pack_104()
            self.rng().shuffle(cards)
            hands: list[list[str]] = [cards[0:4:2], cards[1:4:2]]
            stock, stacks, first = cards[4:], [STARTING_STACK] * SEATS, 0
        else:
            hands, stock, stacks, first = _check_deal(deal)
        self.stacks = stacks
        self.hands = [sort_hand(hand) for hand in hands]
        self.stock = stock
        self.discards = []
        self.locked = [None] * SEATS
        self.revealed = [None] * SEATS
        self.first = first
        self._announce_deal()
        self._open_deal()

    def _announce_deal(self) -> None:
        self.events.append(
            {
                "type": "deal",
                "deal": self.deal_index,
                "number": self.deal_index + 1,
                "first": self.first,
                "stacks": list(self.stacks),
                "stock_size": len(self.stock),
            }
        )

    def _next_deal(self, first: int) -> None:
        """§3.1: discard the locked cards, reshuffle if needed, draw (first player first)."""
        self.deal_index += 1
        self.first = first
        self.discards += [card for card in self.locked if card is not None]
        self.locked = [None] * SEATS
        self._announce_deal()
        if len(self.stock) < HAND_SIZE:
            pool = self.discards + self.stock
            self.rng().shuffle(pool)
            self.stock, self.discards = pool, []
            self.events.append({"type": "reshuffle", "stock_size": len(self.stock)})
        for seat in (first, 1 - first):
            self.hands[seat] = sort_hand([*self.hands[seat], self.stock.pop(0)])
            self.events.append({"type": "draw", "seat": seat, "stock_size": len(self.stock)})
        self._open_deal()

    def _open_deal(self) -> None:
        """Antes and signals; then the first player locks."""
        self.phase = "lock"
        self.locked = [None] * SEATS
        self._new_hand_betting([True] * SEATS)
        for seat in range(SEATS):
            self.stacks[seat] -= ANTE
            self.committed[seat] += ANTE
        self.events.append(
            {"type": "ante", "amount": ANTE, "stacks": list(self.stacks), "pot": self.pot}
        )
        self.signals = [signal_of(hand) for hand in self.hands]
        for seat in range(SEATS):
            self.events.append({"type": "signal", "seat": seat, **self.signals[seat]})

    # --- play ---------------------------------------------------------------------------

    @property
    def pot(self) -> int:
        return sum(self.committed)

    @property
    def current_player(self) -> int | None:
        if self.phase == "lock":
            return self.first if self.locked[self.first] is None else 1 - self.first
        if self.phase == "bet":
            return self.to_act
        return None

    def legal_actions(self) -> list[str]:
        seat = self.current_player
        if seat is None:
            return []
        if self.phase == "lock":
            return [f"lock {card}" for card in dict.fromkeys(self.hands[seat])]
        return self.betting_actions()

    def _verify(self, action: str) -> Move:
        words = action.strip().split()
        verb = words[0].lower() if words else ""
        seat = self.current_player
        assert seat is not None
        if verb == "lock":
            return "lock", self._verify_lock(seat, words[1:])
        if verb in BET_VERBS:
            if self.phase == "lock":
                raise IllegalAction(
                    "no betting before both players have locked a card: "
                    + " or ".join(self.legal_actions())
                )
            return "bet", self._verify_bet(action)
        if self.phase == "lock":
            raise IllegalAction("lock one of your two cards first, like 'lock KS'")
        raise IllegalAction("a betting action is fold, check, call, bet <total> or raise <total>")

    def _verify_lock(self, seat: int, rest: list[str]) -> str:
        if self.phase != "lock":
            raise IllegalAction(
                "both cards are locked and a lock is final: fold, check, call, bet or raise"
            )
        if len(rest) != 1:
            raise IllegalAction("'lock' names one card of your hand, like 'lock KS'")
        try:
            card = parse_card(rest[0])
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        if card not in self.hands[seat]:
            raise IllegalAction(f"you do not hold {card}: " + " or ".join(self.legal_actions()))
        return card

    def _perform(self, move: Any) -> None:
        kind, detail = move
        if kind == "lock":
            seat = self.current_player
            assert seat is not None
            self.hands[seat].remove(detail)
            self.locked[seat] = detail
            self.events.append({"type": "lock", "seat": seat})
            if all(card is not None for card in self.locked):
                self.phase = "bet"
                # With a player all-in from the ante nobody acts: straight to the reveal.
                self._start_round(self.first, 0, MIN_BET)
                if self.to_act is None:
                    self._settle()
            return
        event = self._perform_bet(detail)
        self.events.append(event)
        if self.to_act is None:
            self._settle()

    # --- settling -----------------------------------------------------------------------

    def _settle(self) -> None:
        """Refund, reveal, pay (§3.5); then the next deal or the end of the match."""
        returned = self._return_uncalled()
        if returned is not None:
            seat, chips = returned
            self.events.append({"type": "uncalled", "seat": seat, "amount": chips})
        self._close_round()
        cards = [card for card in self.locked if card is not None]
        self.revealed = list(cards)
        self.events.append({"type": "reveal", "cards": list(cards)})
        live = self.live_seats()
        winner: int | None
        if len(live) == 1:
            winner, by = live[0], "fold"
        else:
            outcome = compare(cards[0], cards[1])
            winner, by = (None if outcome == 0 else 0 if outcome > 0 else 1), "showdown"
        pot = self.pot
        winners = list(range(SEATS)) if winner is None else [winner]
        payout = split_pot(pot, winners, [self.first, 1 - self.first])
        for seat, chips in payout.items():
            self.stacks[seat] += chips
        self.committed = [0] * SEATS
        next_first = (1 - self.first) if winner is None else winner
        limit = self.game.options["deals"]
        over = min(self.stacks) == 0 or (limit is not None and self.deal_index + 1 >= limit)
        self.events.append(
            {
                "type": "result",
                "deal": self.deal_index,
                "number": self.deal_index + 1,
                "winner": winner,
                "by": by,
                "pot": pot,
                "payouts": [payout.get(seat, 0) for seat in range(SEATS)],
                "stacks": list(self.stacks),
                "next_first": None if over else next_first,
            }
        )
        if over:
            self.phase = "over"
            self.events.append({"type": "match_over", "scores": list(self.stacks)})
            return
        self._next_deal(next_first)

    # --- scores and views ---------------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        """Chips as of the last settled deal: the stacks plus what is in the pot."""
        return [chips + put_in for chips, put_in in zip(self.stacks, self.committed, strict=True)]

    def _private_view(self, seat: int) -> dict[str, JSON]:
        acting = self.phase == "bet" and self.current_player == seat
        allowed = self.bet_range(seat) if acting else None
        return {
            "hand": list(self.hands[seat]),
            "my_locked": self.locked[seat],
            "locked": [card is not None for card in self.locked],
            "revealed": list(self.revealed),
            "signals": copy_json(self.signals),
            "first": self.first,
            "phase": self.phase,
            "stacks": list(self.stacks),
            "bets": list(self.bets),
            "pot": self.pot,
            "stock_size": len(self.stock),
            "discards": list(self.discards),
            "deal_number": self.deal_index + 1,
            "bet_range": None if allowed is None else allowed._asdict(),
            "to_call": self.to_call(seat) if acting else 0,
        }


def _check_deal(deal: dict[str, JSON]) -> tuple[list[list[str]], list[str], list[int], int]:
    read = DealReader(deal, DEAL_KEYS, "One Poker")
    hands = read.hands([HAND_SIZE] * SEATS)
    stock_size = 2 * 52 - HAND_SIZE * SEATS
    stock = read.cards("stock", stock_size, f"the {stock_size} cards of the draw pile, top first")
    problem = check_pack([card for hand in hands for card in hand] + stock, pack_104())
    if problem is not None:
        raise InvalidDeal(f"hands and stock must be exactly two 52-card packs: {problem}")
    stacks = read.chips("stacks", SEATS, 1, MAX_DEAL_CHIPS) or [STARTING_STACK] * SEATS
    first = read.seat("first", SEATS)
    return hands, stock, stacks, 0 if first is None else first


def _pick(rng: random.Random, pool: list[str], up: bool) -> str:
    """Remove and return a random card of the group from ``pool``."""
    indices = [index for index, card in enumerate(pool) if is_up(card) == up]
    if not indices:
        raise ValueError("this view is inconsistent: no unseen card fits the signal")
    return pool.pop(rng.choice(indices))


@register
class OnePoker(Game):
    name = "onepoker"
    num_players = SEATS
    state_class = OnePokerState
    default_options: ClassVar[dict[str, JSON]] = {"deals": None}
    match_length_option = "deals"

    def sample_state(self, view: dict[str, JSON], rng: random.Random) -> State:
        """The opponent's two cards drawn from the unseen ones so that they match its
        signal, and, after a reveal, the group of the card it kept (its previous signal
        minus its revealed card); its locked card one of them at random; the stock the
        other unseen cards in random order. Then the locks and bets are re-applied."""
        if view.get("phase") not in ("lock", "bet"):
            raise IllegalAction("this view is not of a deal in progress")
        seat: int = view["seat"]
        opponent = 1 - seat
        events: list[dict[str, JSON]] = view["events"]
        current = current_deal_events(events)
        earlier = events[: len(events) - len(current)]
        start = current[0]
        mine = [*view["hand"], *([view["my_locked"]] if view["my_locked"] else [])]
        pool = list((Counter(pack_104()) - Counter(mine) - Counter(view["discards"])).elements())
        if len(pool) != HAND_SIZE + view["stock_size"]:
            raise ValueError("this view is inconsistent: the unseen cards do not add up")
        signal = view["signals"][opponent]
        groups = [True] * signal["up"] + [False] * signal["down"]
        kept = _kept_group(earlier, opponent)
        if kept is not None:  # the kept card first, then the draw from the rest of the signal
            if kept not in groups:
                raise ValueError("this view is inconsistent: the signal lacks the kept card")
            groups.remove(kept)
            groups.insert(0, kept)
        theirs = [_pick(rng, pool, up) for up in groups]
        rng.shuffle(pool)
        their_lock = rng.choice(theirs) if view["locked"][opponent] else None

        state = OnePokerState.__new__(OnePokerState)
        state.game = self
        state.seed = rng.randrange(2**31)
        state.deal_index = int(start["deal"])
        setup = next(i for i, event in enumerate(current) if event["type"] == "ante")
        state.events = copy_json([*earlier, *current[:setup]])
        state.stacks = list(start["stacks"])
        hands: list[list[str]] = [[], []]
        hands[seat], hands[opponent] = sort_hand(mine), sort_hand(theirs)
        state.hands = hands
        state.stock = pool
        state.discards = list(view["discards"])
        state.revealed = list(view["revealed"])
        state.first = int(start["first"])
        state._open_deal()
        locks = {seat: view["my_locked"], opponent: their_lock}
        for event in current[setup:]:
            if event["type"] == "lock":
                action = f"lock {locks[event['seat']]}"
            elif "action" in event:
                action = event["action"]
            else:
                continue
            if state.current_player != event["seat"]:
                raise ValueError("this view's record does not follow the turn order")
            state.apply(action)
        if state.events[len(earlier) :] != current:
            raise ValueError("this view's record cannot be replayed")
        return state


def _kept_group(earlier: list[dict[str, JSON]], seat: int) -> bool | None:
    """Whether the card ``seat`` kept from the previous deal is UP (its signal minus its
    revealed locked card), or None when the record holds no previous deal."""
    if not earlier:
        return None
    previous = current_deal_events(earlier)
    signal = next((e for e in previous if e["type"] == "signal" and e["seat"] == seat), None)
    reveal = next((e for e in previous if e["type"] == "reveal"), None)
    if signal is None or reveal is None:
        return None
    return bool(signal["up"] - is_up(reveal["cards"][seat]))
