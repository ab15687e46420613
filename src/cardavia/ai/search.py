"""Information-set search: the ``strong`` bots.

For a decision, the bot deals many worlds consistent with its view
(``game.sample_state``), plays each candidate move in every world, finishes the deal with
the ``basic`` policy for every seat (a rollout) and keeps the move with the best average
result for its own seat. The same worlds serve every candidate, so the comparison between
moves is not blurred by the luck of the deal. This is determinised ("perfect information")
Monte Carlo: it never looks at the real hidden cards, only at worlds built from the view.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ..engine import Game, State

Policy = Callable[[State], str]
Ranker = Callable[[dict[str, Any]], list[str]]


class SearchBot:
    """Flat Monte Carlo over sampled worlds with a rollout policy."""

    def __init__(
        self,
        game: Game,
        rollout: Policy,
        rank_candidates: Ranker,
        seed: int = 0,
        budget: float = 1.0,
        max_candidates: int = 8,
        max_worlds: int = 10_000,
    ) -> None:
        self.game = game
        self.rollout = rollout
        self.rank_candidates = rank_candidates
        self.rng = random.Random(seed)
        self.budget = budget
        self.max_candidates = max_candidates
        self.max_worlds = max_worlds
        self.last_worlds = 0  # how many worlds the last decision searched

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = list(view["legal_actions"])
        if len(legal) == 1:
            return legal[0]
        candidates = self.rank_candidates(view)[: self.max_candidates]
        seat = view["seat"]
        totals = dict.fromkeys(candidates, 0.0)
        deadline = time.perf_counter() + self.budget
        worlds = 0
        tries = 0
        while worlds < self.max_worlds and (tries == 0 or time.perf_counter() < deadline):
            tries += 1
            try:
                world = self.game.sample_state(view, self.rng)
            except ValueError:  # no world found this time: never seen, but never fatal
                continue
            for action in candidates:
                totals[action] += self._playout(world.clone(), action, seat)
            worlds += 1
        self.last_worlds = worlds
        if not worlds:
            return candidates[0]
        return max(candidates, key=lambda action: (totals[action], -candidates.index(action)))

    def _playout(self, state: State, action: str, seat: int) -> float:
        state.apply(action)
        while not state.is_over:
            state.apply(self.rollout(state))
        return float(state.scores[seat])
