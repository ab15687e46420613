"""Bot decisions off the event loop, in two process pools.

Every decision is ``cardavia.new_bot(game, level, seed).act(view)`` for one seat's view,
and every hint ``cardavia.ai.hints.suggest(game, view, seed, budget)``, computed in a
worker process (spawn context, created on first use, shut down with the app). Strong
decisions and hints think for their whole budget, so they have a pool of their own: a
slow strong table never delays a ``random`` or ``basic`` one (their decisions and Skip's
:func:`play_quickly` take milliseconds in the quick pool). The API awaits them through
``loop.run_in_executor``. Seeds come from the match id and the number of public events so
far, so the same match replays the same decisions.
"""

from __future__ import annotations

import asyncio
import hashlib
import multiprocessing
import os
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
    from cardavia.engine import load_state

    state = load_state(state_json)
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


PARENT_CHECK_S = 1.0


def _exit_with_parent(parent: int) -> None:
    """Ends this pool process once its web worker is gone: a SIGKILLed worker never shuts
    its pool down, and the orphans would hold memory forever."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_S)
    os._exit(0)


def _warm_up(parent: int) -> None:
    import cardavia  # noqa: F401  (the first decision should not pay for the import)

    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


# Two quick processes: with one, concurrent tables queue for random and basic decisions
# (bench/web_speed.py: human action p50 26 ms against 19 ms with two, on 2 cores).
DEFAULT_QUICK_WORKERS = 2


def default_strong_workers() -> int:
    """One strong process per core but one, and at least two: with one, two strong tables
    thinking at once answer in twice their budget (bench/web_speed.py, 2 cores)."""
    return max(2, (os.cpu_count() or 2) - 1)


class LazyExecutor:
    """An executor created on first use: a spawn-context process pool of ``workers``
    processes, or threads when ``in_process`` is set (tests). A broken one is discarded
    and the next use starts a fresh one."""

    def __init__(self, workers: int, in_process: bool, name: str) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        self.workers = workers
        self.in_process = in_process
        self.name = name
        self._executor: Executor | None = None
        self._lock = threading.Lock()

    @property
    def started(self) -> bool:
        return self._executor is not None

    def get(self) -> Executor:
        with self._lock:
            if self._executor is None:
                if self.in_process:
                    self._executor = ThreadPoolExecutor(self.workers, self.name)
                else:
                    self._executor = ProcessPoolExecutor(
                        self.workers,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_warm_up,
                        initargs=(os.getpid(),),
                    )
            return self._executor

    def discard(self, executor: Executor) -> None:
        with self._lock:
            if self._executor is executor:
                self._executor = None
        executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


class BotPool:
    """Runs bot work in two executors: ``workers`` for random and basic decisions and
    Skip (the quick pool), ``strong_workers`` (default: :func:`default_strong_workers`)
    for strong decisions and hints. Process pools by default, threads with ``in_process``
    (tests)."""

    def __init__(
        self,
        workers: int = DEFAULT_QUICK_WORKERS,
        budget: float = 1.0,
        in_process: bool = False,
        strong_workers: int | None = None,
    ) -> None:
        self.budget = budget
        self.in_process = in_process
        self.quick = LazyExecutor(workers, in_process, "cardavia-bot")
        self.strong = LazyExecutor(
            default_strong_workers() if strong_workers is None else strong_workers,
            in_process,
            "cardavia-strong-bot",
        )

    @property
    def workers(self) -> int:
        return self.quick.workers

    @property
    def executor(self) -> Executor:
        """The quick pool's executor."""
        return self.quick.get()

    @property
    def strong_executor(self) -> Executor:
        return self.strong.get()

    async def act(self, game: str, level: str, seed: int, view: dict[str, Any]) -> str:
        pool = self.strong if level == STRONG else self.quick
        return await self._run(pool, decide, game, level, seed, self.budget, view)

    async def play_quickly(self, game: str, match_id: str, state_json: str, seconds: float) -> str:
        """:func:`play_quickly` in the quick pool."""
        return await self._run(self.quick, play_quickly, game, match_id, state_json, seconds)

    async def hint(self, game: str, seed: int, view: dict[str, Any]) -> dict[str, Any]:
        """:func:`hint` in the strong pool, within min(the pool's budget, the hint budget)."""
        from cardavia.ai.hints import HINT_BUDGET

        return await self._run(self.strong, hint, game, seed, min(self.budget, HINT_BUDGET), view)

    async def _run(self, pool: LazyExecutor, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        executor = pool.get()
        try:
            return await loop.run_in_executor(executor, function, *args)
        except BrokenExecutor:
            # A worker died (killed, out of memory): start a fresh pool and try once more.
            pool.discard(executor)
            return await loop.run_in_executor(pool.get(), function, *args)

    def shutdown(self) -> None:
        self.quick.shutdown()
        self.strong.shutdown()
