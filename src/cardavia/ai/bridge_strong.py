"""The strong Bridge bot: the basic bidding with a double-dummy check of close calls, and
card play by double-dummy analysis of sampled deals.

**Card play.** For the hand due (its own, or the dummy's when it declares) the bot deals
the cards it cannot see at random, consistent with its view (card counts, shown voids:
the deals of ``cardavia.games.bridge.deal_hidden``, the sampler behind
``Bridge.sample_state``, with its inputs worked out once per decision) and, when such a
deal can be found, with what the auction showed about each hidden hand (its HCP
range and suit lengths: ``cardavia.ai.bridge.auction_constraints``). Each deal is solved by
DDS (:mod:`cardavia.dds`: every legal card at once) and the card with the most tricks on
average wins; ties go to the basic bot's card, else the lowest. Shortcuts answer at once:
a single legal card, or legal cards that are all equivalent (one suit, and every rank
between them is in this hand or already gone in a finished trick).

**Budget.** ``budget`` seconds per decision. The number of deals is planned from the
position (the measured cost of a DDS solve with that many cards left, on the development
machine, see ``bench/bridge_speed.py``), so the same seed gives the same play. A clock
only cuts the plan short when the solves run slower than planned: the bot stops before a
deal that would overrun the budget at the decision's average cost so far (a single DDS
solve cannot be interrupted: an opening lead alone can take 0.1–0.4 s). ``samples`` fixes
the number of deals instead; then no clock is read and play is fully reproducible.

**Auction.** The basic call, except in a few close spots where the partner has bid and
the basic call is one of: pass, raising the side's strain (one level, or to game; over the
opponents, competing one level higher), or doubling the opponents. There the bot deals
hands that fit the auction (only such deals count: when too few can be found, the basic
call stands), finishes the auction after each candidate with the basic system for all
four seats (:func:`contract_reached`), scores the contract reached from the double-dummy
tricks, and departs from the basic call only when another candidate gains at least
``IMP_MARGIN`` IMPs on average.

Every decision uses only the view it is given, and a random generator seeded by the
bot's seed and the position, so a view always gets the same answer.
"""

from __future__ import annotations

import bisect
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import dds
from ..bridge_scoring import score_contract
from ..cards import RANKS
from ..engine import current_deal_events
from ..games.bridge import (
    BIDS,
    Bridge,
    BridgeState,
    hands_left,
    hidden_cards,
    is_vulnerable,
    partner,
    played_by_seat,
    rebuild,
    side_of,
    tricks_of,
)
from ..tricks import deal_respecting_voids
from .bridge import auction_constraints, basic_call, basic_play
from .bridge_bidding import MAX_HCP, Constraints

GAME_LEVEL = {"C": 5, "D": 5, "H": 4, "S": 4, "NT": 3}
# Average IMPs another call must gain over the basic call. With the 9–24 deals a 1 s
# budget allows, a margin of 1 changed a third of the contracts and lost 0.3 IMP a deal
# against the basic auction; 2.5 is about even (bench/bridge_auction.py, 600 deals).
IMP_MARGIN = 2.5
MAX_SAMPLES = 100  # deals per card decision, at most
MAX_AUCTION_SAMPLES = 24
MIN_AUCTION_SAMPLES = 4  # fewer deals than this fit the budget: keep the basic call
REJECTION_TRIES = 40  # whole random deals tried per deal wanted, to fit the auction
SEAT_BY_SEAT_TRIES = 20  # then tries seat by seat, each drawing up to SEAT_TRIES hands
SEAT_TRIES = 200
SAMPLE_COST = 0.0005  # seconds to deal (with rejections) and convert one world
AUCTION_SOLVE_COST = 0.025  # seconds per full-deal "one best card" solve (this machine)

# The upper bounds of the standard IMP scale: a difference of up to 10 points is 0 IMP, …
_IMP_BOUNDS = (
    10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490,
    1740, 1990, 2240, 2490, 2990, 3490, 3990,
)  # fmt: skip


def imps(difference: int) -> int:
    """The standard IMP scale: a score difference in points to IMPs (signed, 0 … ±24)."""
    size = bisect.bisect_left(_IMP_BOUNDS, abs(difference))
    return size if difference >= 0 else -size


def solve_cost(cards_left: int, leading: bool) -> float:
    """Planned seconds for one DDS solve of every legal card, with ``cards_left`` in the
    hand to play, on a new trick (``leading``) or not: the mean measured on the
    development machine over sampled deals of real positions, rounded up. The opening
    lead is the dearest by far (mean about 70 ms, some over 150 ms)."""
    if cards_left >= 13:
        return 0.075 if leading else 0.040
    if cards_left == 12:
        return 0.035 if leading else 0.015
    if cards_left == 10:
        return 0.005 if leading else 0.003
    return {11: 0.012, 9: 0.002, 8: 0.0012, 7: 0.0006}.get(cards_left, 0.0004)


# ---------------------------------------------------------------------------------------
# What the auction showed


def constraint_check(constraint: Constraints) -> Callable[[Sequence[str]], bool] | None:
    """A test of a full 13-card hand against what the auction showed of a seat; None when
    it shows nothing, so that no time goes into testing it."""
    trivial = (
        constraint.hcp_min <= 0
        and constraint.hcp_max >= MAX_HCP
        and not any(constraint.min_len.values())
        and all(length >= 13 for length in constraint.max_len.values())
        and not constraint.balanced
    )
    return None if trivial else constraint.admits


def seat_checks(view: dict[str, Any], seats: Sequence[int]) -> dict[int, Callable[..., bool]]:
    """The auction's constraints on ``seats`` as hand tests (none where it shows nothing)."""
    checks: dict[int, Callable[..., bool]] = {}
    for seat in seats:
        check = constraint_check(auction_constraints(view, seat))
        if check is not None:
            checks[seat] = check
    return checks


# ---------------------------------------------------------------------------------------
# Sampling worlds


class Worlds:
    """Deals of the hidden cards consistent with a view: ``draw`` gives each hidden seat
    its cards left, fitting the auction's constraints when it finds such a deal (else a
    random deal: counts and voids always hold)."""

    def __init__(self, view: dict[str, Any], rng: random.Random, use_auction: bool = True):
        self.view = view
        self.rng = rng
        # deal_hidden's inputs worked out once: the same dealer, so the same deals come out.
        self.unknown, self.sizes, self.voids = hidden_cards(view)
        self.hidden = list(self.sizes)
        self.played = played_by_seat(current_deal_events(view["events"]))
        self.checks = seat_checks(view, self.hidden) if use_auction else {}
        self.fitted = 0  # deals drawn that fit the auction
        self.drawn = 0
        self.last_fits = True

    def deal(self) -> dict[int, list[str]]:
        """One random deal of the hidden cards (``deal_hidden``'s)."""
        return deal_respecting_voids(self.rng, self.unknown, self.sizes, self.voids)

    def fits(self, hidden: dict[int, list[str]]) -> bool:
        """Whether every hidden seat's whole hand (cards left and played) fits the auction."""
        return all(check(hidden[seat] + self.played[seat]) for seat, check in self.checks.items())

    def draw(self) -> dict[int, list[str]]:
        """A deal of the hidden cards that fits the auction if one can be found: whole
        random deals first, then seat by seat (:meth:`deal_seat_by_seat`), which finds
        the rare fits of several narrow hands at once. ``last_fits`` says which it was."""
        self.drawn += 1
        self.last_fits = True
        if not self.checks:
            return self.deal()
        for _ in range(REJECTION_TRIES):
            hidden = self.deal()
            if self.fits(hidden):
                self.fitted += 1
                return hidden
        for _ in range(SEAT_BY_SEAT_TRIES):
            found = self.deal_seat_by_seat()
            if found is not None:
                self.fitted += 1
                return found
        self.last_fits = False
        return self.deal()

    def deal_seat_by_seat(self) -> dict[int, list[str]] | None:
        """One try at a fitting deal: each constrained seat in turn draws hands from the
        cards left until one fits it (at most ``SEAT_TRIES``), the last seat takes what
        remains; None when a seat finds no fit or the remainder breaks a void or a
        constraint. Slightly favours the first seats' rarer hands over exact uniformity."""
        order = sorted(self.hidden, key=lambda seat: seat not in self.checks)
        pool = set(self.unknown)
        hidden: dict[int, list[str]] = {}
        for seat in order[:-1]:
            voids = self.voids.get(seat, set())
            allowed = sorted(card for card in pool if card[1] not in voids)
            if len(allowed) < self.sizes[seat]:
                return None
            check = self.checks.get(seat)
            for _ in range(SEAT_TRIES):
                hand = self.rng.sample(allowed, self.sizes[seat])
                if check is None or check(hand + self.played[seat]):
                    break
            else:
                return None
            hidden[seat] = hand
            pool.difference_update(hand)
        last = order[-1]
        rest = sorted(pool)
        if any(card[1] in self.voids.get(last, set()) for card in rest):
            return None
        check = self.checks.get(last)
        if check is not None and not check(rest + self.played[last]):
            return None
        hidden[last] = rest
        return hidden

    def hands(self, hidden: dict[int, list[str]]) -> list[list[str]]:
        """The four hands' cards left, seat order."""
        return hands_left(self.view, hidden)


def decision_rng(seed: int, view: dict[str, Any]) -> random.Random:
    """A generator that depends only on the seed and the position (the seat and how far
    the match has gone), so that a view always gets the same answer."""
    return random.Random(f"bridge-strong:{seed}:{view['seat']}:{len(view['events'])}")


# ---------------------------------------------------------------------------------------
# Card play


def card_of(action: str) -> str:
    return action.split()[1]


def rank_index(card: str) -> int:
    return RANKS.index(card[0])


def equivalent_cards(view: dict[str, Any], cards: Sequence[str]) -> bool:
    """True when every card of ``cards`` (the legal cards) takes the same tricks whatever
    the others hold: one suit, and every rank between the lowest and the highest is one of
    them or already gone in a finished trick (a card on the current trick still counts)."""
    suits = {card[1] for card in cards}
    if len(suits) != 1:
        return False
    suit = suits.pop()
    events = current_deal_events(view["events"])
    finished = [trick for trick in tricks_of(events)[:-1]]
    gone = {card for trick in finished for _, card in trick if card[1] == suit}
    ranks = sorted(rank_index(card) for card in cards)
    held = set(ranks)
    for index in range(ranks[0], ranks[-1] + 1):
        if index not in held and RANKS[index] + suit not in gone:
            return False
    return True


def lowest(cards: Sequence[str]) -> str:
    return min(cards, key=lambda card: (rank_index(card), "SHDC".index(card[1])))


def basic_choice(view: dict[str, Any]) -> str:
    return card_of(basic_play(view))


def hand_to_play(view: dict[str, Any]) -> list[str]:
    if view["turn_hand"] == view["seat"]:
        return list(view["hand"])
    return list(view["dummy"] or [])


# ---------------------------------------------------------------------------------------
# The auction


def contract_reached(state: BridgeState, call: str) -> tuple[int, str, int, int] | None:
    """(level, strain, doubling, declarer) that the auction of ``state`` (a world) ends in
    when the player to call makes ``call`` and every later call, by all four seats, is the
    basic system's; None for a pass-out. The rest of the auction matters: a raise the
    opponents outbid, or a pass partner reopens, is not the contract it first names."""
    trial = state.clone()
    assert isinstance(trial, BridgeState)
    deal = trial.deal_index
    trial.apply(call)
    while trial.phase == "auction" and trial.deal_index == deal and not trial.is_over:
        seat = trial.current_player
        assert seat is not None
        trial.apply(basic_call(trial.view(seat)))
    contract = trial.contract if trial.deal_index == deal else None
    if contract is None:
        return None
    return contract["level"], contract["strain"], contract["doubling"], contract["declarer"]


def call_scores(
    world: BridgeState, hands: list[list[str]], candidates: Sequence[str], side: int
) -> dict[str, int]:
    """Each candidate call's score for ``side`` in one world: the contract the auction
    reaches after it (:func:`contract_reached`) played double-dummy."""
    contracts = {call: contract_reached(world, call) for call in candidates}
    jobs = sorted({(c[1], c[3]) for c in contracts.values() if c is not None})
    tricks = dict(
        zip(
            jobs,
            dds.declarer_tricks_many([(hands, strain, seat) for strain, seat in jobs]),
            strict=True,
        )
    )
    scores = {}
    for call, contract in contracts.items():
        if contract is None:
            scores[call] = 0
            continue
        level, strain, doubling, declarer = contract
        declaring = side_of(declarer)
        vulnerable = is_vulnerable(world.vulnerability, declaring)
        result = score_contract(
            level, strain, doubling, vulnerable, tricks[(strain, declarer)]
        ).duplicate
        scores[call] = result if declaring == side else -result
    return scores


def close_candidates(view: dict[str, Any], basic: str) -> list[str]:
    """The calls worth a double-dummy check beside ``basic`` (empty: keep ``basic``)."""
    seat = view["seat"]
    side = side_of(seat)
    auction = view["auction"]
    legal = set(view["legal_actions"])
    partner_bids = [e for e in auction if e["seat"] == partner(seat) and e["call"] in BIDS]
    if not partner_bids:
        return []  # nothing known about partner's hand: the basic system knows best
    ours = [e for e in auction if side_of(e["seat"]) == side and e["call"] in BIDS]
    bids = [e for e in auction if e["call"] in BIDS]
    last = bids[-1]
    our_strain = ours[-1]["call"][1:]
    candidates = {"pass"}
    level = int(last["call"][0])
    if side_of(last["seat"]) == side:  # our contract: stop, invite (one higher) or bid game
        game = f"{GAME_LEVEL[our_strain]}{our_strain}"
        if level < GAME_LEVEL[our_strain] and game in legal:
            candidates.add(game)
            raise_one = f"{level + 1}{our_strain}"
            if raise_one in legal:
                candidates.add(raise_one)
    else:  # theirs: let them play, compete one level higher, or double
        cheapest = next((b for b in BIDS if b[1:] == our_strain and b in legal), None)
        if cheapest is not None and int(cheapest[0]) <= min(GAME_LEVEL[our_strain], level + 1):
            candidates.add(cheapest)
        if "double" in legal and level >= 2:
            candidates.add("double")
    if basic not in candidates:
        return []
    return sorted(candidates, key=lambda call: (call != basic, call))


# ---------------------------------------------------------------------------------------
# The bot


@dataclass(frozen=True)
class BridgeDecision:
    """What the last decision weighed. ``kind``: ``forced`` (one legal action, or a basic
    call with no double-dummy check), ``equivalent`` (legal cards that all take the same
    tricks), ``play`` (``values``: the tricks each legal card takes on average for its
    side from here, double dummy, over ``deals`` sampled deals) or ``call`` (``values``:
    the IMPs each candidate call gains over the basic call on average)."""

    kind: str
    values: dict[str, float] = field(default_factory=dict)
    deals: int = 0


class StrongBot:
    """Double-dummy search over sampled deals; ``budget`` seconds per decision."""

    def __init__(
        self,
        seed: int = 0,
        budget: float = 1.0,
        samples: int | None = None,
        max_samples: int = MAX_SAMPLES,
        use_auction: bool = True,
    ) -> None:
        if budget <= 0:
            raise ValueError("the budget is a number of seconds, more than 0")
        if samples is not None and samples < 1:
            raise ValueError("samples is 1 or more")
        self.seed = seed
        self.budget = budget
        self.samples = samples
        self.max_samples = max_samples
        self.use_auction = use_auction
        # what the last decision did, for tests and benchmarks
        self.last_planned = 0
        self.last_samples = 0
        self.last_fitted = 0
        self.last_shortcut = ""
        self.last_decision = BridgeDecision("forced")

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = list(view["legal_actions"])
        if not legal:
            raise ValueError("this view has nothing to decide")
        self.last_planned = self.last_samples = self.last_fitted = 0
        self.last_shortcut = ""
        self.last_decision = BridgeDecision("forced")
        if len(legal) == 1:
            self.last_shortcut = "one legal action"
            return str(legal[0])
        if view["phase"] == "auction":
            return self.call(view)
        return self.play(view)

    # --- card play ----------------------------------------------------------------

    def plan(self, view: dict[str, Any]) -> int:
        """How many deals to solve for this card (deterministic)."""
        if self.samples is not None:
            return self.samples
        cards_left = len(hand_to_play(view))
        cost = solve_cost(cards_left, leading=not view["trick"]) + SAMPLE_COST
        return max(1, min(self.max_samples, int(0.8 * self.budget / cost)))

    def play(self, view: dict[str, Any]) -> str:
        cards = [card_of(action) for action in view["legal_actions"]]
        if equivalent_cards(view, cards):
            self.last_shortcut = "equivalent cards"
            self.last_decision = BridgeDecision("equivalent")
            return f"play {lowest(cards)}"
        start = time.perf_counter()
        rng = decision_rng(self.seed, view)
        worlds = Worlds(view, rng, self.use_auction)
        contract = view["contract"]
        trick = [entry["card"] for entry in view["trick"]]
        leader = view["trick"][0]["seat"] if trick else view["turn_hand"]
        planned = self.plan(view)
        self.last_planned = planned
        totals = dict.fromkeys(cards, 0.0)
        seen: dict[tuple[tuple[str, ...], ...], dict[str, int]] = {}
        solved = 0
        while solved < planned:
            hidden = worlds.draw()
            hands = worlds.hands(hidden)
            key = tuple(tuple(sorted(hand)) for hand in hands)
            scores = seen.get(key)
            if scores is None:
                deal = dds.make_deal(hands, contract["strain"], leader, trick)
                scores = seen[key] = dds.solve_deal(deal)
            for card in cards:
                totals[card] += scores.get(card, 0)
            solved += 1
            elapsed = time.perf_counter() - start
            if self.samples is None and elapsed * (solved + 1) / solved >= self.budget:
                break  # another deal like these would overrun the budget
        self.last_samples = solved
        self.last_fitted = worlds.fitted
        averages = {card: total / max(1, solved) for card, total in totals.items()}
        self.last_decision = BridgeDecision("play", averages, solved)
        best = max(totals.values())
        tied = [card for card in cards if totals[card] >= best - 1e-9]
        if len(tied) == 1:
            return f"play {tied[0]}"
        basic = basic_choice(view)
        return f"play {basic if basic in tied else lowest(tied)}"

    # --- the auction --------------------------------------------------------------

    def call(self, view: dict[str, Any]) -> str:
        basic = basic_call(view)
        if not self.use_auction:
            return basic
        candidates = close_candidates(view, basic)
        if len(candidates) < 2:
            return basic
        if self.samples is not None:
            planned = min(self.samples, MAX_AUCTION_SAMPLES)
        else:
            cost = AUCTION_SOLVE_COST * len(candidates) + SAMPLE_COST
            planned = min(MAX_AUCTION_SAMPLES, int(0.7 * self.budget / cost))
        self.last_planned = planned
        if planned < MIN_AUCTION_SAMPLES:
            self.last_shortcut = "no time for a double-dummy check"
            return basic
        start = time.perf_counter()
        rng = decision_rng(self.seed, view)
        worlds = Worlds(view, rng)
        game = Bridge(scoring=view["scoring"])
        side = side_of(view["seat"])
        gains = dict.fromkeys(candidates, 0.0)
        solved = 0
        while solved < planned:
            hidden = worlds.draw()
            if not worlds.last_fits:
                break  # the auction's picture is too narrow to deal: trust the system
            world = rebuild(game, view, hidden, rng)
            assert isinstance(world, BridgeState)
            scores = call_scores(world, worlds.hands(hidden), candidates, side)
            for call in candidates:
                gains[call] += imps(scores[call] - scores[basic])
            solved += 1
            elapsed = time.perf_counter() - start
            if self.samples is None and elapsed * (solved + 1) / solved >= self.budget:
                break
        self.last_samples = solved
        self.last_fitted = worlds.fitted
        averages = {call: gain / max(1, solved) for call, gain in gains.items()}
        self.last_decision = BridgeDecision("call", averages, solved)
        if solved < MIN_AUCTION_SAMPLES:
            self.last_shortcut = "too few deals fit the auction"
            return basic
        best = max(candidates, key=lambda call: gains[call])
        if gains[best] / solved >= IMP_MARGIN:
            return best
        return basic
