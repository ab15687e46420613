"""CFR+ for One Poker's one-deal abstraction; writes the strategy ``StrongBot`` plays.

Run ``python -m cardavia.ai.onepoker_cfr [--iterations N] [--out PATH]``. The abstraction
(ranks, signals, stack buckets, lock and betting actions) is described in
:mod:`cardavia.ai.onepoker`. Each stack bucket is one tree; its information sets are
(position, signal pair, hand) for the lock and (position, signal pair, locked rank,
betting history) for the bets. Every quantity is a numpy array over the 9 signal pairs
and the 13 locked ranks (or the 91 hands), so one pass of the tree serves all of them.

Keying the betting on the locked rank alone loses nothing here: the payoff depends only
on the two locked ranks and the hands are drawn independently, so the kept card tells its
holder nothing more about the opponent.

Training is CFR+ (regret matching+, alternating updates, linearly weighted average
strategy). The average strategy's exploitability is measured exactly in the abstraction:
each player's best-response value against the other's average strategy, summed over both
players and halved, per deal (0 at a Nash equilibrium).

Result of ``python -m cardavia.ai.onepoker_cfr --iterations 2000`` (the default; the
full table is in bench/results/onepoker_cfr.txt): 25 s on one core; exploitability of the
average strategy 0.00005 chips per deal, mean over the 8 stack buckets (0.005% of the
ante, 0.002% of the 2-chip starting pot), at most 0.00013 (stacks 17-19); the stored
strategy, rounded to 3 decimals, 0.00015 chips per deal (0.015% of the ante), at most
0.00040. After 1 iteration the mean is 2.83 chips per deal. The first player loses
0.014 to 0.042 chips per deal: acting second is worth a little.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from .onepoker import (
    BUCKETS,
    HANDS,
    MAX_SIZED,
    RANKS,
    SIZES,
    STRATEGY_PATH,
    Node,
    build_tree,
    decision_nodes,
    hand_weights,
    showdown,
    signal_probability,
)

Array = NDArray[np.float64]
PAIRS = 9  # (first player's, second player's) signal pairs
NRANKS = len(RANKS)

# WIN[r, s]: +1 when locked rank r beats s, -1 when it loses, 0 on a tie.
WIN: Array = np.array([[showdown(r, s) for s in range(NRANKS)] for r in range(NRANKS)], float)
LOW: Array = np.eye(NRANKS)[[low for low, _ in HANDS]]  # hand -> its lower rank (one-hot)
HIGH: Array = np.eye(NRANKS)[[high for _, high in HANDS]]
# CHANCE[p][g, h]: P(player p holds hand h | signal pair g).
CHANCE: list[Array] = [
    np.array([hand_weights(g // 3) for g in range(PAIRS)]),
    np.array([hand_weights(g % 3) for g in range(PAIRS)]),
]
PAIR_WEIGHTS: Array = np.array(
    [signal_probability(g // 3) * signal_probability(g % 3) for g in range(PAIRS)]
)


def normalise(weights: Array) -> Array:
    """Rows of the last axis scaled to sum to 1; all-zero rows become uniform."""
    total = weights.sum(axis=-1, keepdims=True)
    uniform = np.full_like(weights, 1.0 / weights.shape[-1])
    return np.where(total > 0, weights / np.where(total > 0, total, 1.0), uniform)


def terminal_value(node: Node, player: int, opponent_reach: Array) -> Array:
    """Counterfactual value of ``player`` for each (signal pair, locked rank) at a leaf:
    the chips won, weighted by the opponent's reach of each of its locked ranks."""
    if node.folder is not None:
        sign = -1.0 if node.folder == player else 1.0
        chips = 1 + node.bets[node.folder]  # the folder's ante and bets
        mass = opponent_reach.sum(axis=1, keepdims=True)
        return np.broadcast_to(sign * chips * mass, opponent_reach.shape).copy()
    chips = 1 + min(node.bets)
    return chips * (opponent_reach @ WIN.T)


class BucketSolver:
    """CFR+ on the tree of one stack bucket, for all signal pairs at once."""

    def __init__(self, stack: int) -> None:
        self.stack = stack
        self.root = build_tree(stack)
        self.nodes = list(decision_nodes(self.root))
        self.regret = {n.key: np.zeros((PAIRS, NRANKS, len(n.actions))) for n in self.nodes}
        self.average = {n.key: np.zeros((PAIRS, NRANKS, len(n.actions))) for n in self.nodes}
        # Lock: action 0 locks the lower card, 1 the higher; per position.
        self.lock_regret = [np.zeros((PAIRS, len(HANDS), 2)) for _ in range(2)]
        self.lock_average = [np.zeros((PAIRS, len(HANDS), 2)) for _ in range(2)]

    # --- strategies ---------------------------------------------------------------------

    def lock_policy(self, player: int, average: bool = False) -> Array:
        source = self.lock_average if average else self.lock_regret
        return normalise(source[player])

    def bet_policy(self, key: str, average: bool = False) -> Array:
        return normalise((self.average if average else self.regret)[key])

    def locked_reach(self, player: int, lock: Array) -> Array:
        """P(hand) x P(lock) summed into locked ranks: (signal pair, rank)."""
        chance = CHANCE[player]
        return (chance * lock[..., 0]) @ LOW + (chance * lock[..., 1]) @ HIGH

    # --- training -----------------------------------------------------------------------

    def iterate(self, weight: float) -> None:
        """One CFR+ iteration: each player updates in turn against the other's current
        strategy; ``weight`` (the iteration number) weights the average strategy."""
        for player in (0, 1):
            reach = [self.locked_reach(p, self.lock_policy(p)) for p in (0, 1)]
            values = self._walk(self.root, reach, player, weight)
            self._update_lock(player, values, weight)

    def _walk(self, node: Node, reach: list[Array], player: int, weight: float) -> Array:
        if node.player is None:
            return terminal_value(node, player, reach[1 - player])
        policy = self.bet_policy(node.key)
        actor = node.player
        child_values = []
        for index, kid in enumerate(node.children):
            kid_reach = list(reach)
            kid_reach[actor] = reach[actor] * policy[..., index]
            child_values.append(self._walk(kid, kid_reach, player, weight))
        values = np.stack(child_values, axis=-1)
        if actor != player:
            passed: Array = values.sum(axis=-1)
            return passed
        expected: Array = (values * policy).sum(axis=-1)
        regret = self.regret[node.key]
        regret += values - expected[..., None]
        np.maximum(regret, 0.0, out=regret)
        self.average[node.key] += weight * reach[player][..., None] * policy
        return expected

    def _update_lock(self, player: int, values: Array, weight: float) -> None:
        """Regrets of locking the lower or the higher card, from the betting root's
        counterfactual values of the locked ranks."""
        lock = self.lock_policy(player)
        chance = CHANCE[player]
        action_values = np.stack([values @ LOW.T, values @ HIGH.T], axis=-1)
        expected = (action_values * lock).sum(axis=-1, keepdims=True)
        regret = self.lock_regret[player]
        regret += chance[..., None] * (action_values - expected)
        np.maximum(regret, 0.0, out=regret)
        self.lock_average[player] += weight * chance[..., None] * lock

    # --- evaluation ---------------------------------------------------------------------

    def best_response(self, player: int) -> Array:
        """Best-response value of ``player`` per signal pair against the other's average
        strategy (lock and bets)."""
        other = 1 - player
        reach: list[Array] = [np.ones((PAIRS, NRANKS)), np.ones((PAIRS, NRANKS))]
        reach[other] = self.locked_reach(other, self.lock_policy(other, average=True))
        values = self._evaluate(self.root, reach, player, best=True)
        best_lock = np.maximum(values @ LOW.T, values @ HIGH.T)
        result: Array = (CHANCE[player] * best_lock).sum(axis=1)
        return result

    def first_value(self) -> Array:
        """The first player's expected chips per deal, per signal pair, when both play the
        average strategy (the second player's is its negative)."""
        reach = [self.locked_reach(p, self.lock_policy(p, average=True)) for p in (0, 1)]
        values = self._evaluate(self.root, reach, 0, best=False)
        result: Array = (reach[0] * values).sum(axis=1)
        return result

    def _evaluate(self, node: Node, reach: list[Array], player: int, best: bool) -> Array:
        """Counterfactual values of ``player`` under the average strategy; where ``best``,
        ``player`` takes its best action instead of its own average one."""
        if node.player is None:
            return terminal_value(node, player, reach[1 - player])
        policy = self.bet_policy(node.key, average=True)
        if node.player == player:
            kids = np.stack(
                [self._evaluate(kid, reach, player, best) for kid in node.children], axis=-1
            )
            result: Array = kids.max(axis=-1) if best else (kids * policy).sum(axis=-1)
            return result
        total = np.zeros((PAIRS, NRANKS))
        for index, kid in enumerate(node.children):
            kid_reach = list(reach)
            kid_reach[node.player] = reach[node.player] * policy[..., index]
            total += self._evaluate(kid, kid_reach, player, best)
        return total

    def exploitability(self) -> Array:
        """Per signal pair: (BR value of first + BR value of second) / 2, chips per deal."""
        result: Array = (self.best_response(0) + self.best_response(1)) / 2
        return result

    def load(self, data: dict[str, Any]) -> None:
        """Make a stored (rounded) strategy this solver's average strategy, to measure
        what the bot actually plays."""
        for player, high in enumerate(data["lock"]):
            high_array = np.array(high, float)
            self.lock_average[player] = np.stack([1 - high_array, high_array], axis=-1)
        for key, probabilities in data["bet"].items():
            self.average[key] = np.array(probabilities, float)

    # --- output -------------------------------------------------------------------------

    def to_json(self, digits: int = 3) -> dict[str, Any]:
        def rounded(array: Array) -> object:
            return np.round(array, digits).tolist()

        return {
            "stack": self.stack,
            "lock": [rounded(self.lock_policy(p, average=True)[..., 1]) for p in (0, 1)],
            "bet": {n.key: rounded(self.bet_policy(n.key, average=True)) for n in self.nodes},
        }


@dataclass
class Solver:
    """One :class:`BucketSolver` per stack bucket."""

    buckets: list[BucketSolver]
    iterations: int = 0

    @staticmethod
    def new(stacks: list[int] | None = None) -> Solver:
        chosen = [rep for _, _, rep in BUCKETS] if stacks is None else stacks
        return Solver([BucketSolver(stack) for stack in chosen])

    def train(self, iterations: int, report: Callable[[int], None] | None = None) -> None:
        for _ in range(iterations):
            self.iterations += 1
            for bucket in self.buckets:
                bucket.iterate(float(self.iterations))
            if report is not None:
                report(self.iterations)

    def exploitability(self) -> list[float]:
        """Per bucket, chips per deal, signal pairs weighted by how often they are dealt."""
        return [float(PAIR_WEIGHTS @ bucket.exploitability()) for bucket in self.buckets]

    def first_values(self) -> list[float]:
        """Per bucket, the first player's expected chips per deal (same weighting)."""
        return [float(PAIR_WEIGHTS @ bucket.first_value()) for bucket in self.buckets]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "cardavia-onepoker-cfr/1",
            "algorithm": "CFR+",
            "iterations": self.iterations,
            "abstraction": {
                "ranks": RANKS,
                "buckets": [list(bucket) for bucket in BUCKETS],
                "sizes": SIZES,
                "max_sized": MAX_SIZED,
                "lock": "probability of locking the higher card [position][signal pair][hand]",
                "bet": "probabilities per node action [node key][signal pair][locked rank]",
            },
            "buckets": [bucket.to_json() for bucket in self.buckets],
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Solver:
        """A solver whose average strategy is a stored one (for evaluation only)."""
        solver = Solver.new([bucket["stack"] for bucket in data["buckets"]])
        for bucket, stored in zip(solver.buckets, data["buckets"], strict=True):
            bucket.load(stored)
        solver.iterations = int(data["iterations"])
        return solver


def shown(path: Path) -> str:
    """``path`` relative to the working directory when it lies below it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def report_lines(solver: Solver, stored: Solver, seconds: float, out: Path) -> list[str]:
    """The figures printed after training (and kept in bench/results/onepoker_cfr.txt)."""
    exact, rounded, first = solver.exploitability(), stored.exploitability(), solver.first_values()
    lines = [
        f"One Poker CFR+, one-deal abstraction: {solver.iterations} iterations in {seconds:.1f} s",
        "Exploitability in the abstraction, chips per deal, signal pairs weighted by how",
        "often they are dealt; 'stored' is the file's strategy (rounded to 3 decimals).",
        "First: the first player's expected chips per deal under that strategy.",
        f"{'stacks':>7} {'tree':>5} {'average':>9} {'% ante':>8} {'stored':>9} "
        f"{'% ante':>8} {'first':>8}",
    ]
    for index, (low, high, _) in enumerate(BUCKETS[: len(solver.buckets)]):
        bucket = solver.buckets[index]
        lines.append(
            f"{f'{low}-{high}':>7} {bucket.stack:>5} {exact[index]:>9.5f} "
            f"{100 * exact[index]:>7.3f}% {rounded[index]:>9.5f} "
            f"{100 * rounded[index]:>7.3f}% {first[index]:>+8.4f}"
        )
    lines += [
        f"mean over buckets: average strategy {mean(exact):.5f} chips per deal "
        f"= {100 * mean(exact):.3f}% of the ante ({50 * mean(exact):.3f}% of the 2-chip "
        "starting pot);",
        f"stored strategy {mean(rounded):.5f} chips per deal = {100 * mean(rounded):.3f}% "
        f"of the ante ({50 * mean(rounded):.3f}% of the starting pot)",
        f"strategy file: {shown(out)} ({out.stat().st_size / 1024:.0f} KiB)",
    ]
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Train One Poker's CFR+ strategy.")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=STRATEGY_PATH)
    args = parser.parse_args(argv)
    solver = Solver.new()
    step = max(1, args.iterations // 10)
    start = time.perf_counter()

    def progress(done: int) -> None:
        if done % step == 0:
            print(f"  {done} iterations, {time.perf_counter() - start:.1f} s", flush=True)

    solver.train(args.iterations, progress)
    seconds = time.perf_counter() - start
    data = solver.to_json()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as stream:
        json.dump(data, stream, separators=(",", ":"))
    stored = Solver.from_json(json.loads(args.out.read_text(encoding="utf-8")))
    print("\n".join(report_lines(solver, stored, seconds, args.out)))


if __name__ == "__main__":
    main()
