"""French Tarot bots (spec/tarot.md): ``basic`` (hand counting and card-play rules of
thumb) and ``strong`` (information-set search with ``basic`` rollouts).

Both act on what one seat knows: :class:`Table` is built from a view
(:meth:`Table.from_view`) or, inside a simulated world, from the state for the seat to act
(:meth:`Table.from_state`, the same facts without copying the view's events); either way
it holds only that seat's hand, the public cards and what the seat itself discarded.

``basic``:
- bidding: a points count of the hand (bouts, trumps, honours, long and void suits)
  mapped to pass / prise / garde / garde sans / garde contre, never a bid below the
  highest one so far;
- écart: voids the shortest suits it can, its honours first (points in the écart are the
  taker's), never a king, trumps only when the rules force them (the lowest);
- chelem: only with an overwhelming hand (15 trumps with the 21, the rest kings);
- poignée: the taker shows his largest, a defender a simple one (the bonus goes to the
  side that wins, and a defender with ten trumps makes the taker's deal hard), lowest
  trumps first;
- play: the Petit only when it wins for sure (or is forced); the Excuse before the last
  trick, on a trick its side loses when it would otherwise give an honour; a defender
  gives points to a trick a partner holds for sure and plays low otherwise; a winning
  card only when it holds against the seats still to play; the taker draws trumps while
  he holds the best ones, cashes kings, and keeps the Petit for the end.

``strong``: for each card to play, ``N`` worlds from ``game.sample_state(view, rng)``,
each candidate played in every world and the deal finished by ``basic`` for all seats;
the candidate with the best mean deal score (the breakdown's score for the seat) is
played, ``basic``'s own move unless another is clearly better over the same worlds.
Bidding, écart, chelem and poignée decisions are ``basic``'s: a search of the auction with
``basic`` rollouts mostly measures how ``basic`` plays a contract, and each of those is a
single decision per deal, so the budget goes to the eighteen cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .. import tricks
from ..engine import Game, State, current_deal_events, new_game
from ..games.tarot import rules as tr
from ..games.tarot.state import TarotState
from .search import SearchBot, SearchDecision

TRUMP = tr.TRUMP
EXCUSE = tr.EXCUSE
PETIT = tr.PETIT
TOP = tr.TWENTY_ONE
SUITS = tr.SUITS
ALL_TRUMPS = tuple(tr.trump(n) for n in range(1, 22))
SUIT_CARDS = {suit: tuple(rank + suit for rank in tr.SUIT_RANKS) for suit in SUITS}

Play = tuple[int, str]  # (seat, card)

# The rules' card facts as lookups: the policy asks them thousands of times a rollout.
SUIT_OF = {card: tr.suit_of(card) for card in tr.PACK}
STRENGTH = {card: tr.strength(card) for card in tr.PACK}
IS_TRUMP = {card: tr.is_trump(card) for card in tr.PACK}
HALF = {card: tr.half_points(card) for card in tr.PACK}


# ---------------------------------------------------------------------------------------
# What the seat to act knows


@dataclass
class Table:
    """One seat's knowledge for a decision: its hand, the legal actions, the auction and
    every public card of the deal."""

    seat: int
    phase: str
    hand: list[str]
    legal: list[str]
    dealer: int
    taker: int | None
    contract: str | None
    bids: list[tuple[int, str]]
    trick: list[Play]
    done: list[list[Play]]  # the finished tricks of the deal
    winners: list[int]  # who won each finished trick
    known_out: list[str]  # écart cards this seat knows: its own écart, or the shown trumps
    showing: dict[str, Any] | None = None
    to_discard: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    @staticmethod
    def from_view(view: dict[str, Any]) -> Table:
        events = current_deal_events(view["events"])
        done: list[list[Play]] = []
        winners: list[int] = []
        for event in events:
            if event["type"] == "trick":
                done.append([(int(p["seat"]), str(p["card"])) for p in event["plays"]])
                winners.append(int(event["winner"]))
        known = view["ecart"] if view["ecart"] is not None else view["ecart_trumps"]
        return Table(
            seat=int(view["seat"]),
            phase=str(view["phase"]),
            hand=list(view["hand"]),
            legal=list(view["legal_actions"]),
            dealer=int(view["dealer"]),
            taker=view["taker"],
            contract=view["contract"],
            bids=[(int(b["seat"]), str(b["bid"])) for b in view["bids"]],
            trick=[(int(p["seat"]), str(p["card"])) for p in view["trick"]],
            done=done,
            winners=winners,
            known_out=list(known or []),
            showing=view["showing"],
            to_discard=int(view["to_discard"]),
        )

    @staticmethod
    def from_state(state: TarotState) -> Table:
        seat = state.current_player
        assert seat is not None
        done = [[(int(p["seat"]), str(p["card"])) for p in t["plays"]] for t in state.done_tricks]
        known = state.ecart if seat == state.taker else state.ecart_trumps()
        return Table(
            seat=seat,
            phase=state.phase,
            hand=list(state.hands[seat]),
            legal=state.legal_actions(),
            dealer=state.dealer,
            taker=state.taker,
            contract=state.contract,
            bids=[(int(s), str(b)) for s, b in state.bids],
            trick=[(int(s), str(c)) for s, c in state.trick],
            done=done,
            winners=[int(t["winner"]) for t in state.done_tricks],
            known_out=list(known),
            showing=state.showing,
            to_discard=tr.CHIEN_SIZE - len(state.ecart) if state.phase == "ecart" else 0,
        )

    # --- derived facts ---------------------------------------------------------------

    @cached_property
    def played(self) -> set[str]:
        cards = {card for trick in self.done for _, card in trick}
        return cards | {card for _, card in self.trick}

    @cached_property
    def outside(self) -> set[str]:
        """Cards that another seat may hold: not mine, not played, not in an écart I know."""
        gone = self.played | set(self.hand) | set(self.known_out)
        return {card for card in tr.PACK if card not in gone}

    @cached_property
    def voids(self) -> dict[int, set[str]]:
        """The suits (``T`` for trumps) each seat has shown it lacks."""
        voids: dict[int, set[str]] = {seat: set() for seat in range(tr.SEATS)}
        for trick in [*self.done, self.trick]:
            led: str | None = None
            for seat, card in trick:
                if card == EXCUSE:
                    continue
                suit = SUIT_OF[card]
                if led is None:
                    led = suit
                elif suit != led:
                    voids[seat].add(led)
                    if suit != TRUMP:
                        voids[seat].add(TRUMP)
        return voids

    @property
    def trick_number(self) -> int:
        return len(self.done) + 1

    @property
    def is_taker(self) -> bool:
        return self.seat == self.taker

    def partners(self, a: int, b: int) -> bool:
        """Same side: the same seat, or two defenders."""
        return a == b or (a != self.taker and b != self.taker)

    @property
    def counted(self) -> list[str]:
        return [card for _, card in self.trick if card != EXCUSE]

    @property
    def led(self) -> str | None:
        counted = self.counted
        return SUIT_OF[counted[0]] if counted else None

    @property
    def later(self) -> list[int]:
        """Seats still to play to this trick after this one."""
        return [(self.seat + i) % tr.SEATS for i in range(1, tr.SEATS - len(self.trick))]

    @property
    def later_opponents(self) -> list[int]:
        return [seat for seat in self.later if not self.partners(seat, self.seat)]

    @property
    def winning(self) -> int | None:
        if not self.counted:
            return None
        cards = [card for _, card in self.trick]
        return self.trick[tricks.trick_winner(cards, TRUMP, tr.CARD_RULES)][0]

    def wins_now(self, card: str) -> bool:
        if card == EXCUSE:
            return False
        cards = [c for _, c in self.trick] + [card]
        return tricks.trick_winner(cards, TRUMP, tr.CARD_RULES) == len(cards) - 1

    def trumps(self, cards: list[str] | None = None) -> list[str]:
        return [card for card in (self.hand if cards is None else cards) if IS_TRUMP[card]]

    def outside_trumps(self) -> list[str]:
        return [card for card in ALL_TRUMPS if card in self.outside]

    def is_master(self, card: str) -> bool:
        """No card that another seat may hold beats it in its suit (trumps aside)."""
        suit, strength = SUIT_OF[card], STRENGTH[card]
        pool = ALL_TRUMPS if suit == TRUMP else SUIT_CARDS[suit]
        return not any(STRENGTH[c] > strength for c in pool if c in self.outside)

    def holds(self, card: str, seats: list[int]) -> bool:
        """Whether ``card``, winning the trick now, stays on top whatever ``seats`` play."""
        if not seats:
            return True
        if IS_TRUMP[card]:
            return self.is_master(card) or all(TRUMP in self.voids[s] for s in seats)
        suit = SUIT_OF[card]
        if not self.is_master(card):
            return False
        rounds = sum(1 for trick in self.done if _led_suit(trick) == suit)
        may_ruff = any(suit in self.voids[s] and TRUMP not in self.voids[s] for s in seats)
        return rounds < 2 and not may_ruff

    def plays(self) -> list[str]:
        return [action.split()[1] for action in self.legal if action.startswith("play ")]


def _led_suit(trick: list[Play]) -> str | None:
    counted = [card for _, card in trick if card != EXCUSE]
    return SUIT_OF[counted[0]] if counted else None


# ---------------------------------------------------------------------------------------
# Bidding


BID_THRESHOLDS = (("garde_contre", 80), ("garde_sans", 70), ("garde", 55), ("prise", 46))


def hand_strength(hand: list[str]) -> int:
    """A points count of a hand (the usual French method, in its spirit): bouts, trumps
    (the long and the high ones more), honours, long suits and voids."""
    trumps = [card for card in hand if IS_TRUMP[card]]
    count = len(trumps)
    points = 2 * count + sum(1 for card in trumps if STRENGTH[card] >= 16)
    if TOP in hand:
        points += 10
    if EXCUSE in hand:
        points += 8
    if PETIT in hand:  # a Petit is only worth its bout when enough trumps guard it
        points += 8 if count >= 7 else 5 if count >= 5 else 0
    if count >= 8:
        points += 2 * (count - 7)
    for suit in SUITS:
        ranks = {card[0] for card in hand if card[-1] == suit and not IS_TRUMP[card]}
        length = sum(1 for card in hand if card[-1] == suit and not IS_TRUMP[card])
        points += 6 * ("K" in ranks) + 3 * ("Q" in ranks) + 2 * ("N" in ranks) + ("J" in ranks)
        if {"K", "Q"} <= ranks:
            points += 1
        if length == 0:
            points += 6 if count >= 5 else 3
        elif length == 1 and count >= 5:
            points += 3
        if length >= 5:
            points += 2 * (length - 4)
    return points


def choose_bid(table: Table) -> str:
    strength = hand_strength(table.hand)
    for contract, threshold in BID_THRESHOLDS:
        if strength >= threshold and "bid " + contract in table.legal:
            return "bid " + contract
    return "pass"


# ---------------------------------------------------------------------------------------
# The écart


def ecart_plan(hand: list[str], count: int) -> list[str]:
    """The ``count`` cards basic discards from ``hand`` (24 cards less the discards so far):
    whole short suits first (their honours secured for the taker, the void lets him
    trump), shortest first; then the costliest cards left of the shortest suits."""
    plain = {suit: [c for c in hand if c[-1] == suit and not IS_TRUMP[c]] for suit in SUITS}
    discardable = {suit: [c for c in cards if c[0] != tr.KING] for suit, cards in plain.items()}
    plan: list[str] = []
    # A suit without its king can be voided; shortest first.
    for suit in sorted(SUITS, key=lambda s: (len(plain[s]), s)):
        cards = discardable[suit]
        if not cards or len(cards) != len(plain[suit]):
            continue
        if len(plan) + len(cards) <= count:
            plan.extend(_costliest_first(cards))
    rest = [c for s in SUITS for c in discardable[s] if c not in plan]
    rest.sort(key=lambda c: (len(plain[c[-1]]), -HALF[c], -STRENGTH[c]))
    plan.extend(rest[: count - len(plan)])
    return plan


def _costliest_first(cards: list[str]) -> list[str]:
    return sorted(cards, key=lambda c: (-HALF[c], -STRENGTH[c]))


def choose_discard(table: Table) -> str:
    choices = [action.split()[1] for action in table.legal]
    count = table.to_discard or tr.CHIEN_SIZE
    for card in ecart_plan(table.hand, count):
        if card in choices:
            return "discard " + card
    # Only trumps may go (too few suit cards): the lowest ones.
    return "discard " + min(choices, key=lambda c: (tr.is_bout(c), STRENGTH[c]))


# ---------------------------------------------------------------------------------------
# Chelem and poignée


def choose_chelem(table: Table) -> str:
    trumps = table.trumps()
    others = [c for c in table.hand if not IS_TRUMP[c] and c != EXCUSE]
    overwhelming = len(trumps) >= 15 and TOP in trumps and all(c[0] == "K" for c in others)
    return "declare chelem" if overwhelming and "declare chelem" in table.legal else "pass"


def choose_poignee(table: Table) -> str | None:
    """The poignée basic declares now, or None."""
    sizes = [a.split()[2] for a in table.legal if a.startswith("declare poignee ")]
    if not sizes:
        return None
    if table.is_taker:
        return "declare poignee " + sizes[-1]
    return "declare poignee simple" if "simple" in sizes else None


def choose_show(table: Table) -> str:
    choices = [action.split()[1] for action in table.legal]
    assert table.showing is not None
    needed = int(tr.POIGNEE_SIZES[table.showing["size"]]) - len(table.showing["cards"])
    trumps = sorted((c for c in choices if c != EXCUSE), key=STRENGTH.__getitem__)
    if EXCUSE in choices and len(trumps) < needed:
        return "show " + EXCUSE
    return "show " + trumps[0]


# ---------------------------------------------------------------------------------------
# The play


def cost(card: str) -> int:
    """How much basic minds giving ``card`` away: the Petit and the Excuse most, then by
    value; trumps above low suit cards (they are the control), high trumps more."""
    if card == EXCUSE:
        return 1000
    if card == PETIT:
        return 500
    if IS_TRUMP[card]:
        return 25 + STRENGTH[card] + (40 if card == TOP else 0)
    return 10 * HALF[card] + STRENGTH[card]


def cheapest(cards: list[str]) -> str:
    return min(cards, key=lambda c: (cost(c), c))


def choose_play(table: Table) -> str:
    cards = table.plays()
    if len(cards) == 1:
        return cards[0]
    if EXCUSE in cards and excuse_now(table, cards):
        return EXCUSE
    others = [card for card in cards if card != EXCUSE]
    if not table.counted:
        return lead(table, others)
    return follow(table, others)


def excuse_now(table: Table, cards: list[str]) -> bool:
    """Play the Excuse now: before the last trick at the latest, or on a trick the other
    side takes when the card basic would play instead is worth something."""
    if len(table.hand) <= 2:
        return True
    if not table.counted:
        return False
    others = [card for card in cards if card != EXCUSE]
    choice = follow(table, others)
    winner = table.winning
    assert winner is not None
    losing = not table.partners(winner, table.seat) and not table.wins_now(choice)
    return losing and (cost(choice) >= 50 or (len(table.hand) <= 4 and cost(choice) >= 20))


def follow(table: Table, cards: list[str]) -> str:
    winner = table.winning
    assert winner is not None
    later = table.later_opponents
    if table.partners(winner, table.seat):
        winning_card = next(card for seat, card in table.trick if seat == winner)
        if table.holds(winning_card, later):
            return charge(cards)
        return give_least(table, cards)
    winners = [card for card in cards if table.wins_now(card)]
    if winners and not later:
        return win_last(table, winners)
    sure = [card for card in winners if table.holds(card, later)]
    if sure:
        return win_cheaply(table, sure)
    ruffs = [c for c in winners if IS_TRUMP[c] and c != PETIT and table.led != TRUMP]
    if ruffs:
        # Ruffing with later opponents to play: the lowest trump, unless the trick is worth
        # an overtrump-proof one (a master trump).
        on_table = sum(HALF[card] for card in table.counted)
        masters = [card for card in ruffs if table.is_master(card)]
        if on_table >= 8 and masters:
            return min(masters, key=STRENGTH.__getitem__)
        return min(ruffs, key=STRENGTH.__getitem__)
    return give_least(table, cards)


def charge(cards: list[str]) -> str:
    """Points to a trick the own side holds: the costliest suit card, else the Petit (safe
    here), else the lowest trump."""
    plain = [card for card in cards if not IS_TRUMP[card]]
    if plain:
        return max(plain, key=lambda c: (HALF[c], -STRENGTH[c]))
    if PETIT in cards:
        return PETIT
    return cheapest(cards)


def give_least(table: Table, cards: list[str]) -> str:
    """The card that costs least, keeping kings and the Petit; discarding, from the
    shortest suit (to make a void)."""
    if table.led is not None and all(SUIT_OF[card] != table.led for card in cards):
        plain = [card for card in cards if not IS_TRUMP[card]]
        if plain:
            length = Counter(SUIT_OF[card] for card in table.hand)
            return min(plain, key=lambda c: (cost(c) >= 50, length[c[-1]], cost(c), c))
    return cheapest(cards)


def win_last(table: Table, winners: list[str]) -> str:
    """Last to play and able to win: the Petit if it wins, else the costliest winning suit
    card that is not the master of its suit (a master wins later anyway), else the
    lowest winning trump."""
    if PETIT in winners:
        return PETIT
    plain = [card for card in winners if not IS_TRUMP[card]]
    if plain:
        spare = [card for card in plain if not table.is_master(card)] or plain
        return max(spare, key=lambda c: (HALF[c], STRENGTH[c]))
    return min(winners, key=STRENGTH.__getitem__)


def win_cheaply(table: Table, sure: list[str]) -> str:
    if PETIT in sure:
        return PETIT
    plain = [card for card in sure if not IS_TRUMP[card]]
    if plain:
        return max(plain, key=lambda c: (HALF[c], STRENGTH[c]))
    return min(sure, key=STRENGTH.__getitem__)


def lead(table: Table, cards: list[str]) -> str:
    outside_trumps = table.outside_trumps()
    if PETIT in cards and not outside_trumps:
        return PETIT  # nobody can take it
    mine = [card for card in cards if IS_TRUMP[card]]
    plain = [card for card in cards if not IS_TRUMP[card]]
    if table.is_taker:
        return taker_lead(table, mine, plain, len(outside_trumps))
    return defender_lead(table, mine, plain)


def taker_lead(table: Table, trumps: list[str], plain: list[str], outside: int) -> str:
    """Draw trumps while holding the best one and the defence still has some; cash the
    kings; else make a void in the shortest suit."""
    defenders = [seat for seat in range(tr.SEATS) if seat != table.seat]
    defence_has_trumps = outside > 0 and any(TRUMP not in table.voids[s] for s in defenders)
    masters = [card for card in trumps if table.is_master(card) and card != PETIT]
    if defence_has_trumps and masters and len(trumps) >= outside:
        return max(masters, key=STRENGTH.__getitem__)
    kings = [card for card in plain if _cashable(table, card, defenders)]
    if kings:
        return max(kings, key=lambda c: (HALF[c], c))
    if defence_has_trumps and len(trumps) >= outside + 3:
        low = [card for card in trumps if card != PETIT]
        if low:
            return min(low, key=STRENGTH.__getitem__)
    if plain:
        length = Counter(SUIT_OF[card] for card in plain)
        return min(plain, key=lambda c: (length[c[-1]], cost(c), c))
    return _lowest_trump(trumps)


def defender_lead(table: Table, trumps: list[str], plain: list[str]) -> str:
    """Cash a king on the suit's first round; else lead a suit the taker lacks (he must
    trump, and the partners are not exposed), else a low card of the longest suit."""
    taker = table.taker
    assert taker is not None
    kings = [card for card in plain if _cashable(table, card, [taker])]
    if kings:
        return kings[0]
    if plain:
        voids = table.voids[taker]
        cut = [card for card in plain if SUIT_OF[card] in voids and TRUMP not in voids]
        pool = cut or plain
        length = Counter(SUIT_OF[card] for card in pool)
        return min(pool, key=lambda c: (cost(c) >= 30, -length[c[-1]], cost(c), c))
    return _lowest_trump(trumps)


def _cashable(table: Table, card: str, opponents: list[int]) -> bool:
    """A master suit card on a suit not led before, no opponent known to lack it."""
    suit = SUIT_OF[card]
    if not table.is_master(card):
        return False
    if any(_led_suit(trick) == suit for trick in table.done):
        return False
    return not any(suit in table.voids[s] and TRUMP not in table.voids[s] for s in opponents)


def _lowest_trump(trumps: list[str]) -> str:
    low = [card for card in trumps if card != PETIT] or trumps
    return min(low, key=STRENGTH.__getitem__)


# ---------------------------------------------------------------------------------------
# The basic policy


def basic_action(table: Table) -> str:
    """The ``basic`` bot's action for the seat to act."""
    if table.phase == "bidding":
        return choose_bid(table)
    if table.phase == "ecart":
        return choose_discard(table)
    if table.phase == "chelem":
        return choose_chelem(table)
    if table.showing is not None:
        return choose_show(table)
    declare = choose_poignee(table)
    if declare is not None:
        return declare
    return "play " + choose_play(table)


class BasicBot:
    """The ``basic`` level: :func:`basic_action` on the view."""

    def act(self, view: dict[str, Any]) -> str:
        action = basic_action(Table.from_view(view))
        legal = view["legal_actions"]
        return action if action in legal else str(legal[0])


def rollout_policy(state: State) -> str:
    """``basic`` for the seat to act in a simulated world, without building a view."""
    assert isinstance(state, TarotState)
    return basic_action(Table.from_state(state))


# ---------------------------------------------------------------------------------------
# The strong bot


def rank_candidates(view: dict[str, Any]) -> list[str]:
    """The cards worth searching, basic's first, then the cheapest, the costliest, the
    lowest and highest winning card, the Excuse, the Petit and the rest by cost; the other
    decisions are basic's alone."""
    table = Table.from_view(view)
    first = basic_action(table)
    if not first.startswith("play "):
        return [first]
    cards = table.plays()
    winners = [card for card in cards if table.wins_now(card)] if table.counted else []
    picks = [
        cheapest(cards),
        max(cards, key=lambda c: (HALF[c], STRENGTH[c])),
        *([min(winners, key=cost), max(winners, key=cost)] if winners else []),
        *([EXCUSE] if EXCUSE in cards else []),
        *([PETIT] if PETIT in cards else []),
        *sorted(cards, key=cost),
    ]
    return list(dict.fromkeys([first, *("play " + card for card in picks)]))


def deal_value(state: State, start: int, seat: int) -> float:
    """The seat's score in the first deal result after event ``start``."""
    result = next((e for e in state.events[start:] if e["type"] == "deal_result"), None)
    if result is None:
        return 0.0
    return float(result["breakdown"]["scores"][seat])


# What a world costs on the development machine (idle): dealing it about 1 ms, and a
# basic rollout to the end of the deal about this much per card still in the hands
# (8 ms from the first trick).
SAMPLE_COST = 1e-3
ROLLOUT_COST_PER_CARD = 110e-6
FEWEST_WORLDS, MOST_WORLDS = 3, 400
CLOCK_SLACK = 4  # the clock stops a search only past this many budgets (a loaded machine)


def planned_worlds(view: dict[str, Any], budget: float, candidates: int) -> int:
    """The worlds a ``budget`` of seconds buys for this position on an idle machine."""
    cards = max(1, sum(int(size) for size in view["hand_sizes"]))
    world = SAMPLE_COST + candidates * ROLLOUT_COST_PER_CARD * cards
    return max(FEWEST_WORLDS, min(MOST_WORLDS, int(budget / world)))


class TarotSearchBot(SearchBot):
    """:class:`SearchBot` whose rollouts stop at the end of the current deal, scored by
    the seat's score of that deal; a decision with one candidate (forced, or not a card)
    is not searched.

    The budget is planned rather than clocked: a decision weighs the worlds that
    ``budget`` seconds buy on the development machine (:func:`planned_worlds`), so a view
    and a seed always get the same move whatever the load (the arena's figures do not
    depend on the machine's other work); the clock stops the search only beyond
    ``CLOCK_SLACK`` budgets. Fixed ``worlds`` (no clock at all) still take precedence."""

    def act(self, view: dict[str, Any]) -> str:
        # A sampled world must show this very view, the match length included.
        if self.game.options.get("deals") != view.get("deals"):
            self.game = new_game("tarot", deals=view.get("deals"))
        candidates = self.rank_candidates(view)
        if len(candidates) == 1:
            self.last_worlds = 0
            self.last_decision = SearchDecision(candidates=candidates)
            return candidates[0]
        if self.fixed_worlds is not None:
            return super().act(view)
        nominal = self.budget
        searched = min(len(candidates), self.max_candidates)
        self.max_worlds = planned_worlds(view, nominal, searched)
        self.budget = CLOCK_SLACK * nominal
        try:
            return super().act(view)
        finally:
            self.budget = nominal

    def _playout(self, state: State, action: str, seat: int) -> float:
        start = len(state.events)
        number = state.scored_deals if isinstance(state, TarotState) else 0
        state.apply(action)
        while not state.is_over:
            assert isinstance(state, TarotState)
            if state.scored_deals != number:
                break
            state.apply(self.rollout(state))
        return deal_value(state, start, seat)


KEEP_FIRST = 1.0  # standard errors: keep basic's card unless another is clearly better
MAX_CANDIDATES = 4


def strong_bot(game: Game, seed: int = 0, budget: float = 1.0, **options: Any) -> SearchBot:
    options.setdefault("max_candidates", MAX_CANDIDATES)
    options.setdefault("keep_first", KEEP_FIRST)
    return TarotSearchBot(
        game, rollout_policy, rank_candidates, seed=seed, budget=budget, **options
    )
