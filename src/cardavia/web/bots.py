"""Bot decisions off the event loop, in a process pool.

Every decision is ``cardavia.new_bot(game, level, seed).act(view)`` for one seat's view,
and every hint ``cardavia.ai.hints.suggest(game, view, seed, budget)``, computed in a
worker process (spawn context, created on first use, shut down with the
app). The API awaits it through ``loop.run_in_executor``. Seeds come from the match id and
the number of public events so far, so the same match replays the same decisions.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import threading
import time
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")

STRONG = "strong"


def bot_seed(match_id: str, event_count: int) -> int:
    """A reproducible seed for the decision taken after ``event_count`` public events."""
    digest = hashlib.sha256(f"cardavia-bot:{match_id}:{event_count}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def decide(game: str, level: str, seed: int, budget: float, view: dict[str, Any]) -> str:
    """One bot decision (runs in a worker process)."""
    import cardavia

    options: dict[str, Any] = {"budget": budget} if level == STRONG else {}
    return cardavia.new_bot(game, level, seed, **options).act(view)


def play_quickly(game: str, match_id: str, state_json: str, seconds: float) -> str:
    """Skip to the result (runs in a worker process): ``basic`` decisions for the AI seats,
    seeded as one at a time would be, for up to ``seconds`` or until seat 0 is to act or
    the match is over; the state after them. One pool call, so the growing view is never
    sent across processes once per decision."""
    import cardavia

    state = cardavia.new_game(game).state_from_json(state_json)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        seat = state.current_player
        if seat is None or seat == 0:
            break
        seed = bot_seed(match_id, len(state.events))
        state.apply(cardavia.new_bot(game, "basic", seed).act(state.view(seat)))
    return state.to_json()


def hint(game: str, seed: int, budget: float, view: dict[str, Any]) -> dict[str, Any]:
    """The hint for one view (runs in a worker process): the strong bot's action, the
    catalog key of its reason and the reason's parameters."""
    from cardavia.ai.hints import suggest

    suggestion = suggest(game, view, seed, budget)
    return {"action": suggestion.action, "reason": suggestion.reason, "params": suggestion.params}


def _warm_up() -> None:
    import cardavia  # noqa: F401  (the first decision should not pay for the import)


class BotPool:
    """Runs bot decisions in an executor: a spawn-context process pool by default
    (``workers`` processes), or threads when ``in_process`` is set (tests)."""

    def __init__(self, workers: int = 2, budget: float = 1.0, in_process: bool = False) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.workers = workers
        self.budget = budget
        self.in_process = in_process
        self._executor: Executor | None = None
        self._lock = threading.Lock()

    @property
    def executor(self) -> Executor:
        with self._lock:
            if self._executor is None:
                if self.in_process:
                    self._executor = ThreadPoolExecutor(self.workers, "cardavia-bot")
                else:
                    self._executor = ProcessPoolExecutor(
                        self.workers,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_warm_up,
                    )
            return self._executor

    async def act(self, game: str, level: str, seed: int, view: dict[str, Any]) -> str:
        return await self._run(decide, game, level, seed, self.budget, view)

    async def play_quickly(self, game: str, match_id: str, state_json: str, seconds: float) -> str:
        """:func:`play_quickly` in the pool."""
        return await self._run(play_quickly, game, match_id, state_json, seconds)

    async def hint(self, game: str, seed: int, view: dict[str, Any]) -> dict[str, Any]:
        """:func:`hint` in a worker, within min(the pool's budget, the hint budget)."""
        from cardavia.ai.hints import HINT_BUDGET

        return await self._run(hint, game, seed, min(self.budget, HINT_BUDGET), view)

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            return await loop.run_in_executor(executor, function, *args)
        except BrokenExecutor:
            # A worker died (killed, out of memory): start a fresh pool and try once more.
            self._discard(executor)
            return await loop.run_in_executor(self.executor, function, *args)

    def _discard(self, executor: Executor) -> None:
        with self._lock:
            if self._executor is executor:
                self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
