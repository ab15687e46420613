"""Information-set search: the ``strong`` bots.

For a decision, the bot deals many worlds consistent with its view
(``game.sample_state``), plays each candidate move in every world, finishes the deal with
the ``basic`` policy for every seat (a rollout) and keeps the move with the best average
result for its own seat. The same worlds serve every candidate, so the comparison between
moves is not blurred by the luck of the deal. This is determinised ("perfect information")
Monte Carlo: it never looks at the real hidden cards, only at worlds built from the view.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, State

Policy = Callable[[State], str]
Ranker = Callable[[dict[str, Any]], list[str]]


@dataclass
class SearchDecision:
    """What the last decision weighed: the candidates in the order tried, each one's mean
    score and share of worlds won (score above 0) over ``worlds`` sampled worlds."""

    candidates: list[str] = field(default_factory=list)
    means: dict[str, float] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    worlds: int = 0


class SearchBot:
    """Flat Monte Carlo over sampled worlds with a rollout policy: as many worlds as
    ``budget`` seconds allow, or exactly ``worlds`` of them without a clock (reproducible).
    ``last_decision`` records what the last decision weighed."""

    def __init__(
        self,
        game: Game,
        rollout: Policy,
        rank_candidates: Ranker,
        seed: int = 0,
        budget: float = 1.0,
        max_candidates: int = 8,
        max_worlds: int = 10_000,
        worlds: int | None = None,
        keep_first: float | None = None,
    ) -> None:
        self.game = game
        self.rollout = rollout
        self.rank_candidates = rank_candidates
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_candidates = max_candidates
        self.max_worlds = max_worlds
        self.fixed_worlds = worlds  # a fixed number of worlds, no clock: reproducible
        self.last_worlds = 0  # how many worlds the last decision searched
        self.last_decision = SearchDecision()
        # With few worlds the best mean is mostly luck: when set, the first candidate (the
        # rollout policy's own move) stays unless another beats it, world by world, by
        # more than ``keep_first`` standard errors of the paired differences.
        self.keep_first = keep_first

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = list(view["legal_actions"])
        self.last_decision = SearchDecision(candidates=legal[:1])
        if len(legal) == 1:
            return legal[0]
        candidates = self.rank_candidates(view)[: self.max_candidates]
        seat = view["seat"]
        totals = dict.fromkeys(candidates, 0.0)
        won = dict.fromkeys(candidates, 0)
        gains: dict[str, list[float]] = {action: [] for action in candidates}
        deadline = math.inf if self.fixed_worlds else time.perf_counter() + self.budget
        limit = self.fixed_worlds or self.max_worlds
        worlds = 0
        tries = 0
        while worlds < limit and (tries == 0 or time.perf_counter() < deadline):
            tries += 1
            if self.fixed_worlds and tries > 4 * limit:  # no clock: never loop forever
                break
            try:
                world = self.game.sample_state(view, self.rng)
            except ValueError:  # no world found this time: never seen, but never fatal
                continue
            scores = [self._playout(world.clone(), action, seat) for action in candidates]
            for action, score in zip(candidates, scores, strict=True):
                totals[action] += score
                won[action] += score > 0
                gains[action].append(score - scores[0])
            worlds += 1
        self.last_worlds = worlds
        self.last_decision = SearchDecision(
            candidates,
            {action: totals[action] / max(1, worlds) for action in candidates},
            {action: won[action] / max(1, worlds) for action in candidates},
            worlds,
        )
        if not worlds:
            return candidates[0]
        if self.keep_first is not None:
            proven = [a for a in candidates[1:] if _clearly_positive(gains[a], self.keep_first)]
            candidates = [candidates[0], *proven]
        return max(candidates, key=lambda action: (totals[action], -candidates.index(action)))

    def _playout(self, state: State, action: str, seat: int) -> float:
        state.apply(action)
        while not state.is_over:
            state.apply(self.rollout(state))
        return float(state.scores[seat])


def _clearly_positive(gains: list[float], z: float) -> bool:
    """Whether the mean of paired gains exceeds ``z`` standard errors (at least 3 worlds)."""
    n = len(gains)
    if n < 3:
        return False
    mean = sum(gains) / n
    variance = sum((g - mean) ** 2 for g in gains) / (n - 1)
    if variance == 0:
        return mean > 0
    return mean > z * math.sqrt(variance / n)
