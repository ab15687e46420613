"""Overload and abuse limits of the web app (docs/web-contract.md, "Limits").

- :class:`CreationLimiter`: a token bucket per client address for ``POST /api/matches``
  (a burst, then one creation every few seconds). It lives in the worker process: with
  several uvicorn workers each has its own buckets.
- :attr:`Limits.max_state_bytes`: the largest match state the store keeps.
- :class:`Pruner`: deletes the matches nobody has played for a while, once at start and
  then periodically.

:meth:`Limits.from_environment` reads the ``CARDAVIA_*`` settings of ``cardavia serve``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Protocol, TypeVar

logger = logging.getLogger("cardavia.web")
N = TypeVar("N", int, float)

DEFAULT_CREATE_BURST = 20
DEFAULT_CREATE_EVERY = 3.0  # seconds per creation once the burst is spent
DEFAULT_MAX_CLIENTS = 10_000
# A whole Hold'em match of basic bots stores up to ~520 KB (~2,900 decisions): 4x that.
DEFAULT_MAX_STATE_BYTES = 2 * 1024 * 1024
DEFAULT_PRUNE_AFTER = "30d"  # what ``cardavia serve`` uses unless told otherwise
DEFAULT_PRUNE_EVERY = 3600.0  # seconds between two prunes
OFF = "off"

_DURATION = re.compile(r"(\d+)([smhd])")
_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}
_UNIT_SECONDS = (("day", 86_400), ("hour", 3_600), ("minute", 60), ("second", 1))


def parse_duration(text: str) -> timedelta:
    """``90m``, ``12h``, ``30d`` (also ``45s``) as a timedelta; ValueError otherwise."""
    found = _DURATION.fullmatch(text.strip().lower())
    if found is None or int(found.group(1)) == 0:
        raise ValueError(f"{text!r} is not a duration such as 90m, 12h or 30d")
    return timedelta(**{_UNITS[found.group(2)]: int(found.group(1))})


def format_duration(duration: timedelta) -> str:
    """``30 days``, ``12 hours``, ``90 minutes``: the largest unit that divides it."""
    seconds = int(duration.total_seconds())
    unit, size = next((unit, size) for unit, size in _UNIT_SECONDS if seconds % size == 0)
    count = seconds // size
    return f"{count} {unit}" + ("" if count == 1 else "s")


def parse_prune_after(text: str) -> timedelta | None:
    """A duration, or None for ``off`` (no pruning)."""
    return None if text.strip().lower() == OFF else parse_duration(text)


# --- creations per client -------------------------------------------------------------


@dataclass
class _Bucket:
    tokens: float
    updated: float


class CreationLimiter:
    """A token bucket per client address: ``burst`` creations at once, then one every
    ``every`` seconds. Used on the event loop only (no lock).

    Memory is bounded: a client idle long enough for its bucket to be full again is
    forgotten (it would get a full bucket anyway), and beyond ``max_clients`` addresses
    the least recently seen is forgotten (it gets a fresh burst: the cap trades a little
    leniency under an address-spraying attack for bounded memory)."""

    def __init__(
        self,
        burst: int = DEFAULT_CREATE_BURST,
        every: float = DEFAULT_CREATE_EVERY,
        *,
        max_clients: int = DEFAULT_MAX_CLIENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if burst < 1 or every <= 0 or max_clients < 1:
            raise ValueError("a creation limit needs a burst >= 1, every > 0, max_clients >= 1")
        self.burst = burst
        self.every = every
        self.max_clients = max_clients
        self.clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()  # least recently seen first

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> int:
        """Spend one creation of ``client``: 0 when allowed, else the whole seconds to
        wait before the next one (nothing is spent then)."""
        now = self.clock()
        self._forget_idle(now)
        bucket = self._buckets.pop(client, None) or _Bucket(float(self.burst), now)
        refill = (now - bucket.updated) / self.every
        bucket.tokens, bucket.updated = min(float(self.burst), bucket.tokens + refill), now
        self._buckets[client] = bucket
        if len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return 0
        return max(1, math.ceil((1 - bucket.tokens) * self.every))

    def _forget_idle(self, now: float) -> None:
        full_after = self.burst * self.every
        while self._buckets:
            oldest = next(iter(self._buckets.values()))
            if now - oldest.updated < full_after:
                return
            self._buckets.popitem(last=False)


# --- settings -------------------------------------------------------------------------


@dataclass
class Limits:
    """The app's limits. Defaults: 20 creations at once then one every 3 s per address,
    2 MB of state per match, no pruning (``cardavia serve`` prunes after 30 days)."""

    create_burst: int = DEFAULT_CREATE_BURST
    create_every: float = DEFAULT_CREATE_EVERY
    max_clients: int = DEFAULT_MAX_CLIENTS
    max_state_bytes: int = DEFAULT_MAX_STATE_BYTES
    prune_after: timedelta | None = None
    prune_every: float = DEFAULT_PRUNE_EVERY
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)

    def creation_limiter(self) -> CreationLimiter:
        return CreationLimiter(
            self.create_burst, self.create_every, max_clients=self.max_clients, clock=self.clock
        )

    @classmethod
    def from_environment(cls) -> Limits:
        """``CARDAVIA_CREATE_BURST``, ``CARDAVIA_CREATE_EVERY`` (seconds),
        ``CARDAVIA_MAX_STATE_BYTES``, ``CARDAVIA_PRUNE_AFTER`` (``30d`` unless set; ``off``
        disables it). A ValueError names the setting that is wrong."""
        prune_text = os.environ.get("CARDAVIA_PRUNE_AFTER") or DEFAULT_PRUNE_AFTER
        try:
            prune_after = parse_prune_after(prune_text)
        except ValueError:
            raise ValueError(
                f"CARDAVIA_PRUNE_AFTER must be a duration such as 12h or 30d, or off, "
                f"not {prune_text!r}"
            ) from None
        return cls(
            create_burst=env_number("CARDAVIA_CREATE_BURST", int, DEFAULT_CREATE_BURST),
            create_every=env_number("CARDAVIA_CREATE_EVERY", float, DEFAULT_CREATE_EVERY),
            max_state_bytes=env_number("CARDAVIA_MAX_STATE_BYTES", int, DEFAULT_MAX_STATE_BYTES),
            prune_after=prune_after,
        )


def env_number(name: str, kind: type[N], default: N) -> N:
    """The environment setting ``name``: a finite number above 0 (a whole one for ``int``),
    ``default`` when unset or empty; ValueError with a line a server's operator can act on."""
    text = os.environ.get(name, "").strip()
    if not text:
        return default
    try:
        value = kind(text)
    except ValueError:
        value = None
    if value is None or not math.isfinite(value) or value <= 0:
        whole = "a whole number" if kind is int else "a number"
        raise ValueError(f"{name} must be {whole} above 0, not {text!r}")
    return value


# --- pruning --------------------------------------------------------------------------


class Prunable(Protocol):
    def prune(self, older_than: timedelta) -> int: ...


class Pruner:
    """Deletes the matches idle for more than ``older_than``: once when started, then
    every ``every`` seconds. With several workers each prunes; a second DELETE finds
    nothing more to remove, so that is harmless."""

    def __init__(self, store: Prunable, older_than: timedelta, every: float) -> None:
        self.store = store
        self.older_than = older_than
        self.every = every
        self.rounds = 0  # prunes finished (or failed), for tests and logs
        self.removed = 0
        self._progress = threading.Condition()

    async def run(self) -> None:
        """Prune until cancelled; a failure (database away) is logged and retried later."""
        while True:
            await self.prune_once()
            await asyncio.sleep(self.every)

    async def prune_once(self) -> int:
        removed = 0
        try:
            removed = await asyncio.to_thread(self.store.prune, self.older_than)
        except Exception:
            logger.exception("pruning idle matches failed; trying again later")
        if removed:
            idle = format_duration(self.older_than)
            logger.info("pruned %d matches idle for more than %s", removed, idle)
        with self._progress:
            self.rounds += 1
            self.removed += removed
            self._progress.notify_all()
        return removed

    def wait_for_rounds(self, rounds: int, timeout: float) -> bool:
        """Block until ``rounds`` prunes have finished (from another thread)."""
        with self._progress:
            return self._progress.wait_for(lambda: self.rounds >= rounds, timeout)
