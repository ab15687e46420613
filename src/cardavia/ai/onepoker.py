"""One Poker bots: ``BasicBot`` (rules of thumb) and ``StrongBot`` (a stored CFR strategy).

Both act on a view only (spec/onepoker.md). This module also holds the **one-deal
abstraction** that the solver (:mod:`cardavia.ai.onepoker_cfr`) trains on and that
``StrongBot`` reads back, in plain Python so that playing needs no numpy:

- **Cards by rank.** Only the locked rank decides a deal, so a hand is an unordered pair of
  ranks (91 pairs) and a locked card is one of 13 ranks. A player's hand is drawn from the
  two-pack composition consistent with its public signal (its number of UP cards), the two
  players independently: discards, card removal and what the kept card of the last deal
  tells are ignored.
- **Public state.** The two signals (first player's, second player's: 3 x 3 pairs) and a
  bucket of the effective stack (the smaller number of chips behind after the antes). Each
  bucket is solved as one tree with both stacks at the bucket's representative size.
- **Actions.** Lock the lower or the higher card, then one betting round with check,
  call, fold, bets and raises of half the pot, the pot and twice the pot (sizes measured
  on the pot after a call), and all-in; at most ``MAX_SIZED`` sized bets or raises per
  round, after which only all-in remains. Both players' positions are in every tree.
- **Payoff.** Chips won or lost in the deal; the kept card's future is not valued.

In the real game a chosen abstract action becomes the nearest legal total, and each real
action already taken is mapped to the nearest abstract action, in order, by replaying the
deal's betting from the view's events.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

RANKS = "23456789TJQKA"
UP_FROM = RANKS.index("8")  # ranks 8 to A are UP, 2 to 7 DOWN
TWO, ACE = 0, len(RANKS) - 1
COPIES = 8  # of each rank: two packs of four suits
ANTES = 2  # the pot before any bet: one chip from each player

STRATEGY_PATH = Path(__file__).with_name("data") / "onepoker_strategy.json"

# Effective stack buckets: (lowest, highest, representative) chips behind after the ante.
# With 40 chips in play nobody has more than 19 behind both players' antes; small stacks,
# where one chip changes the options, get buckets of their own.
BUCKETS: tuple[tuple[int, int, int], ...] = (
    (0, 0, 0),
    (1, 1, 1),
    (2, 2, 2),
    (3, 4, 3),
    (5, 7, 6),
    (8, 12, 10),
    (13, 16, 15),
    (17, 19, 19),
)
SIZES: dict[str, float] = {"h": 0.5, "p": 1.0, "d": 2.0}  # fractions of the pot after a call
ALL_IN = "a"
PASSIVE = ("k", "c")  # check, call
MAX_SIZED = 3
BET_VERBS = ("fold", "check", "call", "bet", "raise")


# ---------------------------------------------------------------------------------------
# Ranks, hands, signals


def rank_of(card: str) -> int:
    return RANKS.index(card[0])


def showdown(mine: int, theirs: int) -> int:
    """+1 when rank ``mine`` beats ``theirs``, -1 when it loses, 0 on a tie (§4)."""
    if mine == theirs:
        return 0
    if {mine, theirs} == {TWO, ACE}:
        return 1 if mine == TWO else -1
    return 1 if mine > theirs else -1


HANDS: tuple[tuple[int, int], ...] = tuple(
    (low, high) for low in range(len(RANKS)) for high in range(low, len(RANKS))
)
HAND_INDEX = {hand: index for index, hand in enumerate(HANDS)}


def ups(hand: tuple[int, int]) -> int:
    return sum(1 for rank in hand if rank >= UP_FROM)


@lru_cache(maxsize=3)
def hand_weights(up: int) -> tuple[float, ...]:
    """P(hand | signal ``up``) over ``HANDS``: two cards of the 104 with ``up`` UP ones."""
    group = {2: COPIES * (len(RANKS) - UP_FROM), 0: COPIES * UP_FROM}
    weights = []
    for hand in HANDS:
        if ups(hand) != up:
            weights.append(0.0)
        elif up == 1:  # one card of each group, each uniform in its group
            weights.append(COPIES * COPIES / (group[2] * group[0]))
        else:
            n = group[up]
            pairs = COPIES * (COPIES - 1) if hand[0] == hand[1] else 2 * COPIES * COPIES
            weights.append(pairs / (n * (n - 1)))
    return tuple(weights)


def signal_probability(up: int) -> float:
    """P(a fresh two-card hand shows ``up`` UP cards), for weighting signal pairs."""
    n_up, n_down = COPIES * (len(RANKS) - UP_FROM), COPIES * UP_FROM
    total = (n_up + n_down) * (n_up + n_down - 1)
    ways = {2: n_up * (n_up - 1), 1: 2 * n_up * n_down, 0: n_down * (n_down - 1)}
    return ways[up] / total


def signal_pair(first_up: int, second_up: int) -> int:
    """Index of a (first player's, second player's) signal pair, 0 to 8."""
    return 3 * first_up + second_up


def bucket_of(effective: int) -> int:
    for index, (_, highest, _) in enumerate(BUCKETS):
        if effective <= highest:
            return index
    return len(BUCKETS) - 1


# ---------------------------------------------------------------------------------------
# The abstract betting tree


@dataclass(frozen=True)
class Node:
    """A point of the abstract betting round. ``key`` spells the actions from the root
    (one letter each); ``player`` is 0 (first) or 1 (second), None once the round is over."""

    key: str
    player: int | None
    bets: tuple[int, int]
    folder: int | None = None
    actions: tuple[str, ...] = ()
    children: tuple[Node, ...] = field(default=(), repr=False)

    def child(self, label: str) -> Node:
        return self.children[self.actions.index(label)]


def sized_total(label: str, current: int) -> int:
    """The round total of a sized bet or raise: the current bet plus a fraction of the
    pot after calling it (rounded half up)."""
    return current + int(SIZES[label] * (ANTES + 2 * current) + 0.5)


def abstract_raises(current: int, full: int, sized: int, stack: int) -> list[tuple[str, int]]:
    """The aggressive actions of the tree and their totals; sizes that reach the stack
    merge into all-in, sizes that round to the same total keep the smaller label."""
    found: list[tuple[str, int]] = []
    if sized < MAX_SIZED:
        for label in SIZES:
            total = max(sized_total(label, current), current + full)
            if total >= stack:
                break
            if all(total != seen for _, seen in found):
                found.append((label, total))
    return [*found, (ALL_IN, stack)]


@lru_cache(maxsize=len(BUCKETS))
def build_tree(stack: int) -> Node:
    """The betting round for equal stacks of ``stack`` chips behind (no betting at 0)."""
    if stack == 0:
        return Node("", None, (0, 0))
    return _decision("", 0, (0, 0), 0, 1, 0, (False, False), stack)


def _decision(
    key: str,
    player: int,
    bets: tuple[int, int],
    current: int,
    full: int,
    sized: int,
    acted: tuple[bool, bool],
    stack: int,
) -> Node:
    other = 1 - player
    labels: list[str] = []
    kids: list[Node] = []
    if current > bets[player]:
        labels += ["f", "c"]
        kids += [Node(key + "f", None, bets, folder=player), Node(key + "c", None, (current,) * 2)]
    else:
        labels.append("k")
        if acted[other]:
            kids.append(Node(key + "k", None, bets))
        else:
            now_acted = (True, acted[1]) if player == 0 else (acted[0], True)
            kids.append(_decision(key + "k", other, bets, current, full, sized, now_acted, stack))
    if current < stack:  # with equal stacks nobody is all-in yet: raising is open
        for label, total in abstract_raises(current, full, sized, stack):
            increment = total - current
            new_bets = (total, bets[1]) if player == 0 else (bets[0], total)
            now_full = increment if increment >= full else full
            kids.append(
                _decision(
                    key + label,
                    other,
                    new_bets,
                    total,
                    now_full,
                    sized + (label != ALL_IN),
                    (True, True),
                    stack,
                )
            )
            labels.append(label)
    return Node(key, player, bets, None, tuple(labels), tuple(kids))


def decision_nodes(node: Node) -> Iterator[Node]:
    """Every node where a player acts, parents before children."""
    if node.player is None:
        return
    yield node
    for kid in node.children:
        yield from decision_nodes(kid)


# ---------------------------------------------------------------------------------------
# The real betting round, replayed from the view


@dataclass
class RealRound:
    """The real deal's betting so far: enough of §3.4 to size abstract actions."""

    behind: list[int]  # chips behind at the start of the round (after the antes)
    bets: list[int] = field(default_factory=lambda: [0, 0])
    current: int = 0
    full: int = 1

    @staticmethod
    def from_view(view: dict[str, Any]) -> RealRound:
        behind = [stack + bet for stack, bet in zip(view["stacks"], view["bets"], strict=True)]
        return RealRound(behind)

    def bounds(self) -> tuple[int, int] | None:
        """The totals worth betting or raising to: never beyond what the opponent can
        match (the excess would come back). None when nobody may raise."""
        cap = min(self.behind)
        if cap <= self.current:
            return None
        return min(self.current + self.full, cap), cap

    def target(self, label: str) -> int | None:
        """The real total an aggressive abstract action stands for now."""
        bounds = self.bounds()
        if bounds is None:
            return None
        low, high = bounds
        if label == ALL_IN:
            return high
        return max(low, min(high, sized_total(label, self.current)))

    def apply(self, seat: int, action: str) -> None:
        words = action.split()
        if words[0] == "call":
            self.bets[seat] = min(self.current, self.behind[seat])
        elif words[0] in ("bet", "raise"):
            total = int(words[1])
            if total - self.current >= self.full:
                self.full = total - self.current
            self.current = max(self.current, total)
            self.bets[seat] = total


def betting_history(view: dict[str, Any]) -> list[tuple[int, str]]:
    """The betting actions of the deal being played, in order, from the view's events."""
    events = view["events"]
    start = 0
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("type") == "deal":
            start = index
            break
    history = []
    for event in events[start:]:
        action = event.get("action")
        if isinstance(action, str) and action.split()[:1] and action.split()[0] in BET_VERBS:
            history.append((int(event["seat"]), action))
    return history


def abstract_label(node: Node, rnd: RealRound, seat: int, action: str) -> str | None:
    """The abstract action at ``node`` nearest to the real ``action`` of ``seat``: a bet or
    raise goes to the abstract size whose real total is closest (the smaller on a tie)."""
    verb = action.split()[0]
    if verb == "fold":
        return "f" if "f" in node.actions else None
    passive = [label for label in node.actions if label in PASSIVE]
    if verb in ("check", "call"):
        return passive[0] if passive else None
    total = int(action.split()[1])
    options = [label for label in node.actions if label == ALL_IN or label in SIZES]
    if not options:
        return passive[0] if passive else None

    def distance(label: str) -> int:
        target = rnd.target(label)
        return abs(total - (rnd.behind[seat] if target is None else target))

    return min(options, key=distance)


def real_action(label: str, rnd: RealRound, seat: int, legal: Sequence[str]) -> str:
    """The legal action nearest to the abstract ``label``."""
    if label in ("k", "c", "f"):
        wanted = {"k": ("check", "call"), "c": ("call", "check"), "f": ("fold", "check")}
        return next(action for action in wanted[label] if action in legal)
    raises = [action for action in legal if action.split()[0] in ("bet", "raise")]
    if not raises:
        return "call" if "call" in legal else "check"
    target = rnd.target(label)
    if target is None:
        target = rnd.behind[seat]
    return min(raises, key=lambda action: abs(int(action.split()[1]) - target))


# ---------------------------------------------------------------------------------------
# The basic bot


@lru_cache(maxsize=3)
def locked_distribution(up: int) -> tuple[float, ...]:
    """The rank an opponent with signal ``up`` locks, if it locks its higher card."""
    dist = [0.0] * len(RANKS)
    for hand, weight in zip(HANDS, hand_weights(up), strict=True):
        dist[hand[1]] += weight
    return tuple(dist)


def equity(rank: int, dist: Sequence[float]) -> float:
    """Share of the pot ``rank`` wins at showdown against a rank drawn from ``dist``."""
    return sum(p * (1 + showdown(rank, other)) / 2 for other, p in enumerate(dist))


class BasicBot:
    """Locks the card with the better showdown chance against the opponent's signal (a 2
    is worth keeping for an opponent who likely holds aces), then bets for value with a
    strong card and calls when its chance, shaded for the opponent's aggression, beats
    the pot odds."""

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        opponent_up = view["signals"][1 - view["seat"]]["up"]
        dist = locked_distribution(opponent_up)
        if legal[0].startswith("lock"):
            return max(legal, key=lambda action: equity(rank_of(action.split()[1]), dist))
        chance = equity(rank_of(view["my_locked"]), dist)
        return basic_bet(view, chance)


def basic_bet(view: dict[str, Any], chance: float) -> str:
    legal: list[str] = view["legal_actions"]
    seat = view["seat"]
    pressure = sum(1 for s, action in betting_history(view) if s != seat and action[0] in "br")
    chance -= 0.15 * pressure  # an opponent who bets is more often strong
    rnd = RealRound.from_view(view)
    for s, action in betting_history(view):
        rnd.apply(s, action)
    if chance >= 0.8:
        return real_action("p", rnd, seat, legal)
    if chance >= 0.65 and "check" in legal:
        return real_action("h", rnd, seat, legal)
    if "check" in legal:
        return "check"
    owed = max(view["bets"]) - view["bets"][seat]
    odds = owed / (view["pot"] + owed)
    return "call" if chance >= odds else "fold"


# ---------------------------------------------------------------------------------------
# The strong bot


@dataclass(frozen=True)
class Strategy:
    """The solver's average strategy, per stack bucket: lock (probability of locking the
    higher card, per position, signal pair and hand) and betting (per node key, signal
    pair and locked rank, one probability per action of the node)."""

    iterations: int
    lock: list[list[list[list[float]]]]  # bucket, position, signal pair, hand
    bet: list[dict[str, list[list[list[float]]]]]  # bucket, node key, signal pair, rank

    @staticmethod
    def from_json(data: dict[str, Any]) -> Strategy:
        buckets = data["buckets"]
        stacks = [bucket["stack"] for bucket in buckets]
        if stacks != [rep for _, _, rep in BUCKETS]:  # a file from another abstraction
            raise ValueError(f"strategy stacks {stacks} do not match the abstraction")
        return Strategy(
            int(data["iterations"]),
            [bucket["lock"] for bucket in buckets],
            [bucket["bet"] for bucket in buckets],
        )


@lru_cache(maxsize=2)
def load_strategy(path: Path = STRATEGY_PATH) -> Strategy:
    with path.open(encoding="utf-8") as stream:
        return Strategy.from_json(json.load(stream))


def sample(probabilities: Sequence[float], rng: random.Random) -> int:
    """An index drawn with the given (possibly rounded, unnormalised) weights."""
    point = rng.random() * sum(probabilities)
    for index, p in enumerate(probabilities):
        point -= p
        if point < 0:
            return index
    return max(range(len(probabilities)), key=lambda index: probabilities[index])


@dataclass(frozen=True)
class OnePokerDecision:
    """What the last decision weighed. ``kind``: ``forced`` (one legal action), ``lock``
    (``labels`` low/high with the strategy's ``probabilities`` of locking each),
    ``bet`` (the abstract node's action ``labels`` and their probabilities) or
    ``off_tree`` (the real betting left the abstract tree: the basic rule decided).
    ``chosen``: the label drawn; ``equity``: the pot share the (locked) card wins at a
    showdown against the card an opponent with that signal locks."""

    kind: str
    labels: tuple[str, ...] = ()
    probabilities: tuple[float, ...] = ()
    chosen: str = ""
    equity: float = 0.0


class StrongBot:
    """Plays the stored CFR strategy of the one-deal abstraction. Its draws come from a
    generator seeded by ``seed`` and the view's position in the match, so the same view
    always gets the same answer."""

    def __init__(self, seed: int = 0, strategy: Strategy | None = None) -> None:
        self.seed = seed
        self.strategy = strategy or load_strategy()
        self.last_decision = OnePokerDecision("forced")

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        self.last_decision = OnePokerDecision("forced")
        if len(legal) == 1:
            return legal[0]
        seat, first = view["seat"], view["first"]
        position = 0 if seat == first else 1
        ups_ = [signal["up"] for signal in view["signals"]]
        pair = signal_pair(ups_[first], ups_[1 - first])
        rnd = RealRound.from_view(view)
        bucket = bucket_of(min(rnd.behind))
        rng = random.Random(f"{self.seed}:{view['deal_number']}:{len(view['events'])}:{seat}")
        if legal[0].startswith("lock"):
            return self._lock(view, bucket, position, pair, rng)
        node = self._walk(view, rnd, bucket, first)
        dist = locked_distribution(ups_[1 - seat])
        chance = equity(rank_of(view["my_locked"]), dist)
        if node is None or node.player != position:  # the real round left the tree
            self.last_decision = OnePokerDecision("off_tree", equity=chance)
            return basic_bet(view, chance)
        probs = self.strategy.bet[bucket][node.key][pair][rank_of(view["my_locked"])]
        chosen = sample(probs, rng)
        self.last_decision = OnePokerDecision(
            "bet", node.actions, tuple(probs), node.actions[chosen], chance
        )
        return real_action(node.actions[chosen], rnd, seat, legal)

    def _lock(
        self, view: dict[str, Any], bucket: int, position: int, pair: int, rng: random.Random
    ) -> str:
        cards = sorted(view["hand"], key=rank_of)
        hand = (rank_of(cards[0]), rank_of(cards[1]))
        high = self.strategy.lock[bucket][position][pair][HAND_INDEX[hand]]
        locks_high = rng.random() < high
        card = cards[1] if locks_high else cards[0]
        dist = locked_distribution(view["signals"][1 - view["seat"]]["up"])
        self.last_decision = OnePokerDecision(
            "lock",
            ("low", "high"),
            (1 - high, high),
            "high" if locks_high else "low",
            equity(rank_of(card), dist),
        )
        return f"lock {card}"

    @staticmethod
    def _walk(view: dict[str, Any], rnd: RealRound, bucket: int, first: int) -> Node | None:
        """The abstract node the real betting so far maps to, action by action."""
        node = build_tree(BUCKETS[bucket][2])
        for seat, action in betting_history(view):
            position = 0 if seat == first else 1
            if node.player != position:
                return None
            label = abstract_label(node, rnd, seat, action)
            if label is None:
                return None
            node = node.child(label)
            rnd.apply(seat, action)
        return node
