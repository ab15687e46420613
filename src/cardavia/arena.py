"""``cardavia arena``: bots against bots over many deals.

Every seat arrangement is played equally often (:func:`schedule`); each deal is a
:class:`DealTask` that :func:`play_arena_deal` turns into a :class:`DealResult`, in this
process or in a pool of worker processes. :func:`summarise` turns the results into win
rates (Wilson interval), average points, decision times and a head-to-head difference; the
statistics are pure functions (:func:`wilson_interval`, :func:`mean_interval`,
:func:`percentile`). :func:`render_arena` prints the report, :func:`report_json` gives it
as JSON.

Partnership games (:data:`PARTNERSHIPS`: Bridge, where seats 0 and 2 play against seats 1
and 3) keep partners together: ``--bots`` names a level per seat, the bots of seats 0
and 2 are one side and those of 1 and 3 the other, and only the arrangements that seat
each side's bots as partners are played (Bridge: 8 of the 24, each side sitting
North–South and East–West equally often, each seed replayed with the sides swapped).
A bot's points are its side's (partners' rows are equal); a seat wins when its score is
positive, and its role is declarer, dummy or defender (``passed out`` when nobody bid).
Guandan (the same sides) plays one deal at level 2 per arena deal: a bot's points are its
side's level advance minus the other side's (+3 … −3), it wins when its side finished
first, and its role says whether its side led the first round. Tractor (the same sides)
plays one deal per arena deal (``deals=1``): a bot's points are its side's levels gained
minus the other side's, it wins when its side won the deal (the defenders holding, or
the attackers taking over with 80 points or more), its role is attackers or defenders,
and two further columns give its side's levels gained and card points
(:data:`ARENA_METRICS`).

Besides the bot levels, ``--bots`` may seat ``hint``: a player who always plays the hint
(:class:`cardavia.ai.hints.HintPlayer`, the strong bot at min(``--budget``, 0.5 s)).

The deals run on an engine (:data:`ENGINES`): ``local`` (this process, or ``--workers``
processes) or ``ray`` (Ray tasks on a cluster, :func:`_play_deals_on_ray`; ``ray`` is
imported only then). Each deal depends on its task alone and the results are sorted by
index, so both engines give the same report for the same seeds.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import multiprocessing
import shlex
import time
from collections import Counter
from collections.abc import Callable, Container, Generator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardavia.ai import LEVELS, Bot
from cardavia.ai.hints import HINT_BUDGET, HintPlayer
from cardavia.engine import IllegalAction, new_game
from cardavia.terminal import GAME_TITLES, make_bot

# --------------------------------------------------------------------------------------
# Statistics (pure)
# --------------------------------------------------------------------------------------

Z95 = 1.96


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; (0, 1) when there is no data."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n} trials")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high) with mean ± z·sd/√n (sample sd); NaN bounds below two values."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n < 2:
        return (mean, math.nan, math.nan)
    variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    half = z * math.sqrt(variance) / math.sqrt(n)
    return (mean, mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0–100), linear interpolation between order statistics
    (numpy's default); NaN for no data."""
    if not values:
        return math.nan
    if not 0 <= q <= 100:
        raise ValueError(f"percentile {q} is outside 0..100")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# --------------------------------------------------------------------------------------
# Bots, seats and the schedule
# --------------------------------------------------------------------------------------


HINT = "hint"  # a player who always follows the hint
ARENA_LEVELS = (*LEVELS, HINT)


def parse_levels(game_name: str, bots: str) -> list[str]:
    """The levels ``--bots`` names ('strong,basic,basic'), one per seat of the game.
    Raises ValueError saying what is wrong (no such game, level or number of seats)."""
    game = new_game(game_name)
    levels = [level.strip() for level in bots.split(",") if level.strip()]
    bad = [level for level in levels if level not in ARENA_LEVELS]
    if bad:
        raise ValueError(f"unknown bot level {', '.join(bad)}; use {', '.join(ARENA_LEVELS)}")
    if len(levels) != game.num_players:
        raise ValueError(
            f"{game_name} has {game.num_players} seats, so --bots needs "
            f"{game.num_players} levels (got {len(levels)})"
        )
    return levels


def bot_labels(levels: Sequence[str]) -> list[str]:
    """One label per bot: its level, or ``level#position`` when the level repeats."""
    counts = Counter(levels)
    return [level if counts[level] == 1 else f"{level}#{i}" for i, level in enumerate(levels)]


# The sides of the partnership games, as seats; the bots listed for those seats are
# partners too, and every arrangement keeps them together.
PARTNERSHIPS: dict[str, tuple[tuple[int, ...], ...]] = {
    "bridge": ((0, 2), (1, 3)),
    "guandan": ((0, 2), (1, 3)),
    "tractor": ((0, 2), (1, 3)),
}


def arrangements(num_bots: int, sides: Sequence[Sequence[int]] = ()) -> list[tuple[int, ...]]:
    """Every seat arrangement: ``arrangement[seat]`` is the index of the bot in that seat.
    With ``sides`` (partnerships, as seats; bot ``i`` belongs to the side of seat ``i``),
    only the arrangements that seat every side's bots together on one side."""
    orders = list(itertools.permutations(range(num_bots)))
    if not sides:
        return orders
    teams = {frozenset(side) for side in sides}
    return [
        order
        for order in orders
        if all(frozenset(order[seat] for seat in side) in teams for side in sides)
    ]


def schedule(
    deals: int,
    seed: int,
    num_bots: int,
    fresh_deals: bool = False,
    sides: Sequence[Sequence[int]] = (),
) -> list[tuple[int, tuple[int, ...]]]:
    """(seed, arrangement) per deal. Deals come in blocks of one deal per arrangement, in
    the same order each block. By default a block replays one seed in every arrangement
    (duplicate style: each bot gets each seat's cards), seed ``S + block``; with
    ``fresh_deals`` every deal has its own seed ``S + i``. ``sides``: see
    :func:`arrangements`."""
    orders = arrangements(num_bots, sides)
    return [
        (seed + (i if fresh_deals else i // len(orders)), orders[i % len(orders)])
        for i in range(deals)
    ]


# --------------------------------------------------------------------------------------
# Playing the deals
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DealTask:
    game: str
    index: int
    seed: int
    arrangement: tuple[int, ...]
    levels: tuple[str, ...]
    budget: float | None = None


@dataclass
class DealResult:
    index: int
    seed: int
    arrangement: tuple[int, ...]
    scores: list[int]
    roles: list[str]
    wins: list[bool]
    times_ms: list[list[float]]
    # Further per-seat figures a game reports (ARENA_METRICS), by column name.
    metrics: dict[str, list[float]] = field(default_factory=dict)


def deal_outcome(view: Mapping[str, Any], scores: Sequence[int]) -> tuple[list[str], list[bool]]:
    """Roles and wins per seat from a finished match's view.

    Dou Dizhu: roles landlord/farmer, a farmer wins when the farmers' side wins. Bridge:
    roles declarer/dummy/defender (or passed out), a positive score wins. Other games:
    the role is the seat position, the winner is whoever went out (hand size 0); without
    hand sizes, or when every hand is empty (trick games), a positive score counts as a
    win.
    """
    num = len(scores)
    if "declarer" in view and "dummy_seat" in view:
        declarer, dummy = view.get("declarer"), view.get("dummy_seat")
        roles = [
            "passed out"
            if declarer is None
            else "declarer"
            if seat == declarer
            else "dummy"
            if seat == dummy
            else "defender"
            for seat in range(num)
        ]
        return roles, [points > 0 for points in scores]
    if view.get("game") == "guandan":
        return _guandan_outcome(view)
    if view.get("game") == "tractor":
        return _tractor_outcome(view)
    if view.get("game") == "tarot":
        return _tarot_outcome(view)
    sizes = view.get("hand_sizes")
    out = [seat for seat in range(num) if isinstance(sizes, list) and sizes[seat] == 0]
    landlord = view.get("landlord")
    if isinstance(landlord, int):
        roles = ["landlord" if seat == landlord else "farmer" for seat in range(num)]
        landlord_won = landlord in out if out else scores[landlord] > 0
        wins = [(seat == landlord) == landlord_won for seat in range(num)]
        return roles, wins
    roles = [f"seat {seat}" for seat in range(num)]
    if out and len(out) < num:
        return roles, [seat in out for seat in range(num)]
    return roles, [points > 0 for points in scores]


def _guandan_outcome(view: Mapping[str, Any]) -> tuple[list[str], list[bool]]:
    """Guandan: the side of the first place wins the deal; the role is whether the seat's
    side led the deal's first round ('led first') or not ('second hand')."""
    places = view["places"]
    lead = next(event["seat"] for event in view["events"] if event["type"] == "lead")
    roles = ["led first" if seat % 2 == lead % 2 else "second hand" for seat in range(4)]
    return roles, [seat % 2 == places[0] % 2 for seat in range(4)]


def guandan_margins(view: Mapping[str, Any]) -> list[int]:
    """Per seat, the level advance of its side in the last finished deal minus the other
    side's (+3 … −3)."""
    result = next(e for e in reversed(view["events"]) if e["type"] == "deal_result")
    advance = result["advance"]
    return [advance[seat % 2] - advance[1 - seat % 2] for seat in range(4)]


def _tractor_result(view: Mapping[str, Any]) -> tuple[dict[str, Any], list[bool]]:
    """Tractor's last deal result and, per seat, whether it attacked in that deal (the
    defenders are the dealer's side: the dealer of the deal's ``trump`` event)."""
    events = view["events"]
    result = next(e for e in reversed(events) if e["type"] == "deal_result")
    dealer = next(e["dealer"] for e in reversed(events) if e["type"] == "trump")
    return result, [seat % 2 != dealer % 2 for seat in range(4)]


def _tractor_outcome(view: Mapping[str, Any]) -> tuple[list[str], list[bool]]:
    """Tractor: the role is the seat's side in the deal (attackers or defenders); a side
    wins the deal when it gains or, attacking, takes over (80 points or more)."""
    result, attacking = _tractor_result(view)
    attackers_won = result["winner"] == "attackers"
    roles = ["attackers" if a else "defenders" for a in attacking]
    return roles, [a == attackers_won for a in attacking]


def tractor_margins(view: Mapping[str, Any]) -> list[int]:
    """Per seat, the levels its side gained in the last finished deal minus the other
    side's (+3 … −3 for the defenders, +0 … for a take-over)."""
    result, attacking = _tractor_result(view)
    attackers_won = result["winner"] == "attackers"
    gain = int(result["gain"])
    return [gain if a == attackers_won else -gain for a in attacking]


def tractor_levels(view: Mapping[str, Any]) -> list[float]:
    """Per seat, the levels its side gained in the last finished deal (0 or more)."""
    return [float(max(0, margin)) for margin in tractor_margins(view)]


def tractor_team_points(view: Mapping[str, Any]) -> list[float]:
    """Per seat, its side's card points in the last deal: the attackers' P (trick points
    and kitty bonus), the defenders' trick points (the kitty they keep is nobody's)."""
    result, attacking = _tractor_result(view)
    defenders = 200 - int(result["kitty_points"]) - int(result["trick_points"])
    return [float(result["points"]) if a else float(defenders) for a in attacking]


def _tarot_outcome(view: Mapping[str, Any]) -> tuple[list[str], list[bool]]:
    """French Tarot: the role is ``taker <contract>`` or ``defender``; the taker wins when
    he makes his contract, the defenders when he fails (so a taker row's Win % is his
    success rate in that contract)."""
    breakdown = view["breakdown"]
    taker, made = int(breakdown["taker"]), bool(breakdown["made"])
    roles = [f"taker {breakdown['contract']}" if seat == taker else "defender" for seat in range(4)]
    return roles, [(seat == taker) == made for seat in range(4)]


# The poker games are matches of many hands carried over; an arena deal is one hand
# (One Poker: one deal) from the starting stacks, scored as chips won or lost. A Guandan
# arena deal is one deal at level 2, scored by the level advance (guandan_margins).
ARENA_OPTIONS: dict[str, dict[str, Any]] = {
    "holdem": {"hands": 1},
    "onepoker": {"deals": 1},
    "guandan": {"deals": 1},
    "tractor": {"deals": 1},
    "tarot": {"deals": 1},
}
# Games whose arena points are not the match scores: points per seat from the final view.
ARENA_POINTS: dict[str, Callable[[Mapping[str, Any]], list[int]]] = {
    "guandan": guandan_margins,
    "tractor": tractor_margins,
}
# Games that report more per-seat figures than the points: column name and its figures.
ARENA_METRICS: dict[str, tuple[tuple[str, Callable[[Mapping[str, Any]], list[float]]], ...]] = {
    "tractor": (("Levels", tractor_levels), ("Team pts", tractor_team_points)),
}


def play_arena_deal(task: DealTask) -> DealResult:
    """Play one arena deal (a top-level function, so worker processes can run it)."""
    game = new_game(task.game, **ARENA_OPTIONS.get(task.game, {}))
    state = game.new_state(seed=task.seed)
    start_scores = list(state.scores)
    bots = [
        arena_bot(task.game, task.levels[bot], seed=task.seed * 10 + bot, budget=task.budget)
        for bot in task.arrangement
    ]
    times: list[list[float]] = [[] for _ in task.arrangement]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        start = time.perf_counter()
        action = bots[seat].act(view)
        times[seat].append((time.perf_counter() - start) * 1000)
        try:
            state.apply(action)
        except IllegalAction as error:
            level = task.levels[task.arrangement[seat]]
            raise RuntimeError(
                f"{task.game} seed {task.seed}: the {level} bot at seat {seat} chose "
                f"{action!r}, which the engine refused: {error}"
            ) from None
    final = state.view(0)
    scores = [end - start for end, start in zip(state.scores, start_scores, strict=True)]
    if task.game in ARENA_POINTS:
        scores = ARENA_POINTS[task.game](final)
    roles, wins = deal_outcome(final, scores)
    metrics = {name: figures(final) for name, figures in ARENA_METRICS.get(task.game, ())}
    return DealResult(task.index, task.seed, task.arrangement, scores, roles, wins, times, metrics)


def arena_bot(game: str, level: str, seed: int, budget: float | None) -> Bot:
    """A bot of ``level``, or the hint follower at min(``budget``, the hint budget)."""
    if level == HINT:
        return HintPlayer(game, seed, HINT_BUDGET if budget is None else min(budget, HINT_BUDGET))
    return make_bot(game, level, seed=seed, budget=budget)


ENGINES = ("local", "ray")
RAY_MISSING = "cardavia arena --engine ray needs the ray extra: pip install 'cardavia[ray]'"
EXIT_USAGE = 2


class EngineMissing(ImportError):
    """The chosen engine's package is not installed (the message says how to get it)."""


def _play_deals(
    tasks: Sequence[DealTask], workers: int, engine: str = "local", address: str | None = None
) -> Generator[DealResult, None, None]:
    """The results of ``tasks`` as ``engine`` finishes them (``local``: :func:`_play_local`;
    ``ray``: :func:`_play_deals_on_ray`, joining the cluster at ``address`` if given)."""
    if engine == "local":
        yield from _play_local(tasks, workers)
    elif engine == "ray":
        yield from _play_deals_on_ray(tasks, address)
    else:
        raise ValueError(f"no arena engine {engine!r}; use {', '.join(ENGINES)}")


def _play_local(tasks: Sequence[DealTask], workers: int) -> Generator[DealResult, None, None]:
    """The results in task order with one worker, else as worker processes finish them."""
    if workers <= 1:
        yield from map(play_arena_deal, tasks)
        return
    context = multiprocessing.get_context("spawn")
    with context.Pool(workers) as pool:
        yield from pool.imap_unordered(play_arena_deal, tasks)


def import_ray() -> ModuleType:
    """``ray``, or :class:`EngineMissing` saying how to install it."""
    try:
        import ray
    except ImportError as error:
        raise EngineMissing(RAY_MISSING) from error
    return ray


def ray_init_options(address: str | None) -> dict[str, Any]:
    """``ray.init`` arguments. Without an address Ray joins a cluster started on this
    machine or starts one, whose workers import cardavia as this process does; joining a
    cluster by address ships this process's cardavia package to the workers
    (``py_modules``), so every node plays the driver's code (docs/arena.md)."""
    if address is None:
        return {}
    package = str(Path(__file__).resolve().parent)
    return {"address": address, "runtime_env": {"py_modules": [package]}}


def _play_deals_on_ray(
    tasks: Sequence[DealTask], address: str | None
) -> Generator[DealResult, None, None]:
    """One Ray task per deal, yielded as they finish; at most two per cluster CPU are in
    flight (the rest wait here, not in Ray's queue). Reuses a connection this process
    already has, else connects (or starts a local cluster) and shuts it down at the end."""
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        ray.init(**ray_init_options(address))
    pending: list[Any] = []
    try:
        play = ray.remote(play_arena_deal)
        limit = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
        waiting = iter(tasks)
        pending = [play.remote(task) for task in itertools.islice(waiting, limit)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            pending.extend(play.remote(task) for task in itertools.islice(waiting, len(done)))
            for ref in done:
                yield _ray_result(ray, ref)
    finally:
        for ref in pending:  # stopped early (an error, Ctrl+C): drop the rest
            ray.cancel(ref)
        if started:
            ray.shutdown()


def _ray_result(ray: ModuleType, ref: Any) -> DealResult:
    """The task's result; a deal's own error is raised as itself, as the local engine
    would (not wrapped in Ray's RayTaskError)."""
    try:
        result: DealResult = ray.get(ref)
    except ray.exceptions.RayTaskError as error:
        if isinstance(error.cause, Exception):
            raise error.cause from None
        raise
    return result


# --------------------------------------------------------------------------------------
# The summary
# --------------------------------------------------------------------------------------


@dataclass
class ArenaRow:
    label: str
    role: str
    deals: int
    wins: int
    win_rate: float
    win_low: float
    win_high: float
    avg_points: float
    points_low: float
    points_high: float
    decisions: int
    mean_ms: float
    p95_ms: float
    # ARENA_METRICS figures: (mean, low, high) of the 95 % interval, by column name.
    metrics: dict[str, tuple[float, float, float]] = field(default_factory=dict)


@dataclass
class HeadToHead:
    label: str
    others: list[str]
    blocks: int
    mean: float
    low: float
    high: float

    @property
    def clear_of_zero(self) -> bool:
        return not math.isnan(self.low) and (self.low > 0 or self.high < 0)


@dataclass
class ArenaReport:
    game: str
    labels: list[str]
    deals: int
    seed: int
    arrangements: int
    rows: list[ArenaRow]
    head_to_head: HeadToHead
    results: list[DealResult] = field(repr=False)
    command: str = ""


Key = tuple[str, str]  # (bot label, role or "all")


@dataclass
class _Tally:
    """Points, wins and decision times per (bot label, role), and the roles seen."""

    points: dict[Key, list[float]] = field(default_factory=dict)
    wins: Counter[Key] = field(default_factory=Counter)
    times: dict[Key, list[float]] = field(default_factory=dict)
    roles: list[str] = field(default_factory=list)
    metrics: dict[Key, dict[str, list[float]]] = field(default_factory=dict)

    def add(self, labels: Sequence[str], result: DealResult) -> None:
        for seat, bot in enumerate(result.arrangement):
            role = result.roles[seat]
            if role not in self.roles:
                self.roles.append(role)
            for key in ((labels[bot], role), (labels[bot], "all")):
                self.points.setdefault(key, []).append(result.scores[seat])
                self.times.setdefault(key, []).extend(result.times_ms[seat])
                self.wins[key] += result.wins[seat]
                figures = self.metrics.setdefault(key, {})
                for name, values in result.metrics.items():
                    figures.setdefault(name, []).append(values[seat])

    def row(self, key: Key) -> ArenaRow:
        points = self.points[key]
        wins = self.wins[key]
        n = len(points)
        low, high = wilson_interval(wins, n)
        mean, points_low, points_high = mean_interval(points)
        decision_times = self.times[key]
        mean_ms = math.fsum(decision_times) / len(decision_times) if decision_times else 0.0
        return ArenaRow(
            label=key[0],
            role=key[1],
            deals=n,
            wins=wins,
            win_rate=wins / n,
            win_low=low,
            win_high=high,
            avg_points=mean,
            points_low=points_low,
            points_high=points_high,
            decisions=len(decision_times),
            mean_ms=mean_ms,
            p95_ms=percentile(decision_times, 95) if decision_times else 0.0,
            metrics={
                name: mean_interval(values) for name, values in self.metrics.get(key, {}).items()
            },
        )


def summarise(
    labels: Sequence[str],
    results: Sequence[DealResult],
    block: int,
    sides: Sequence[Sequence[int]] = (),
) -> tuple[list[ArenaRow], HeadToHead]:
    """Rows per bot and role (plus 'all'), and the first bot's head-to-head difference
    (against its opponents only, in a partnership game: see :func:`head_to_head`)."""
    tally = _Tally()
    for result in results:
        tally.add(labels, result)
    roles = [*sorted(tally.roles), "all"]
    keys = [(label, role) for label in labels for role in roles]
    rows = [tally.row(key) for key in keys if key in tally.points]
    return rows, head_to_head(labels, results, block, sides)


def head_to_head(
    labels: Sequence[str],
    results: Sequence[DealResult],
    block: int,
    sides: Sequence[Sequence[int]] = (),
) -> HeadToHead:
    """The first bot's points minus the mean points of the other bots, per deal; with
    ``sides`` (a partnership game), of the other sides' bots only (its partners score
    what it scores).

    Each complete block (one deal per seat arrangement) is averaged, and the interval is
    mean ± 1.96·sd/√blocks over blocks.
    """
    partners = next((set(side) for side in sides if 0 in side), {0})
    by_index = sorted(results, key=lambda result: result.index)
    block_values: list[float] = []
    for start in range(0, len(by_index) - block + 1, block):
        chunk = by_index[start : start + block]
        margins = [_first_bot_margin(result, partners) for result in chunk]
        block_values.append(math.fsum(margins) / len(margins))
    mean, low, high = mean_interval(block_values)
    others = [label for bot, label in enumerate(labels) if bot not in partners]
    return HeadToHead(labels[0], others, len(block_values), mean, low, high)


def _first_bot_margin(result: DealResult, partners: Container[int] = (0,)) -> float:
    """The first bot's points minus the mean of the bots outside ``partners`` (its own
    index and its partners')."""
    first_seat = result.arrangement.index(0)
    others = [
        points
        for seat, points in enumerate(result.scores)
        if result.arrangement[seat] not in partners
    ]
    return result.scores[first_seat] - math.fsum(others) / max(1, len(others))


def run_arena(
    game_name: str,
    levels: Sequence[str],
    deals: int,
    seed: int,
    *,
    workers: int = 1,
    budget: float | None = None,
    fresh_deals: bool = False,
    on_result: Callable[[DealResult], None] | None = None,
    engine: str = "local",
    address: str | None = None,
) -> ArenaReport:
    """Play ``deals`` deals between bots of the given levels (one per seat), on ``engine``
    (see :func:`_play_deals`)."""
    sides = PARTNERSHIPS.get(game_name, ())
    plan = schedule(deals, seed, len(levels), fresh_deals, sides)
    tasks = [
        DealTask(game_name, index, deal_seed, order, tuple(levels), budget)
        for index, (deal_seed, order) in enumerate(plan)
    ]
    results: list[DealResult] = []
    # closing(): an exception in on_result still shuts the workers down at once.
    with contextlib.closing(_play_deals(tasks, workers, engine, address)) as finished:
        for result in finished:
            results.append(result)
            if on_result:
                on_result(result)
    results.sort(key=lambda result: result.index)
    labels = bot_labels(levels)
    block = len(arrangements(len(levels), sides))
    rows, head = summarise(labels, results, block, sides)
    return ArenaReport(game_name, labels, deals, seed, block, rows, head, results)


# --------------------------------------------------------------------------------------
# The report
# --------------------------------------------------------------------------------------


def _num(value: float, signed: bool = True) -> str:
    if math.isnan(value):
        return "n/a"
    return f"{value:+.2f}" if signed else f"{value:.2f}"


def _win_cell(row: ArenaRow) -> str:
    return f"{100 * row.win_rate:.0f}% [{100 * row.win_low:.0f}–{100 * row.win_high:.0f}]"


def _points_cell(row: ArenaRow) -> str:
    if math.isnan(row.points_low):
        return _num(row.avg_points)
    return f"{_num(row.avg_points)} ±{(row.points_high - row.points_low) / 2:.2f}"


def _interval_cell(figures: tuple[float, float, float]) -> str:
    mean, low, high = figures
    if math.isnan(low):
        return _num(mean, signed=False)
    return f"{_num(mean, signed=False)} ±{(high - low) / 2:.2f}"


# What the points and further columns mean, for the games whose points are not scores.
ARENA_CAPTIONS = {
    "tarot": "; each seat plays for itself: Points: its score of the deal (taker 3T, "
    "defenders -T); a taker wins when he makes his contract, a defender when it fails",
    "tractor": "; Points: the side's levels gained minus the other side's; Levels: the "
    "side's levels gained; Team pts: the side's card points (attackers: P with the kitty "
    "bonus; defenders: their trick points)",
}


def _rows_table(report: ArenaReport) -> Table:
    """One row per bot and role, a section per bot."""
    table = Table(
        title=f"Arena · {GAME_TITLES.get(report.game, report.game)} · {report.deals} deals",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        caption="Won: wins/deals; Win % [95% Wilson interval]; Points: mean per deal ± 95% "
        "interval; ms, p95: mean and 95th percentile decision time"
        + ARENA_CAPTIONS.get(report.game, ""),
    )
    table.add_column("Bot", style="bold", no_wrap=True)
    table.add_column("Role", no_wrap=True)
    extra = list(report.rows[0].metrics) if report.rows else []
    for name in ("Won", "Win %", "Points", *extra, "Moves", "ms", "p95"):
        table.add_column(name, justify="right", no_wrap=True)
    previous = ""
    for row in report.rows:
        if previous and row.label != previous:
            table.add_section()
        previous = row.label
        table.add_row(
            row.label,
            row.role,
            f"{row.wins}/{row.deals}",
            _win_cell(row),
            _points_cell(row),
            *(_interval_cell(row.metrics[name]) for name in extra),
            str(row.decisions),
            f"{row.mean_ms:.1f}",
            f"{row.p95_ms:.1f}",
            style="bold" if row.role == "all" else None,
        )
    return table


def _head_to_head_line(report: ArenaReport) -> Text:
    head = report.head_to_head
    if math.isnan(head.low):
        verdict = "not enough blocks for an interval (at least 2 needed)"
    else:
        verdict = "clear of zero" if head.clear_of_zero else "not clear of zero"
    return Text(
        f"Head-to-head: {head.label} − mean of ({', '.join(head.others)}) = "
        f"{_num(head.mean)} points per deal, 95% interval "
        f"[{_num(head.low)}, {_num(head.high)}] over {head.blocks} blocks of "
        f"{report.arrangements} seat arrangements: {verdict}."
    )


def render_arena(report: ArenaReport, console: Console) -> None:
    """The arena report: one row per bot and role, then the head-to-head line."""
    console.print(_rows_table(report))
    if report.deals % report.arrangements:
        console.print(
            Text(
                f"Note: {report.deals} deals is not a multiple of the {report.arrangements} "
                "seat arrangements; the last partial block is left out of the head-to-head.",
                style="yellow",
            )
        )
    console.print(_head_to_head_line(report))
    if report.command:
        console.print(Text(f"Rerun: {report.command}"))


@dataclass(frozen=True)
class ArenaSettings:
    """What ``cardavia arena`` was asked to run."""

    game: str
    levels: tuple[str, ...]
    deals: int
    seed: int
    workers: int = 1
    budget: float | None = None
    fresh_deals: bool = False
    engine: str = "local"
    address: str | None = None

    def command_line(self) -> str:
        """The command that reruns these settings."""
        parts = [
            "cardavia arena",
            self.game,
            f"--bots {','.join(self.levels)}",
            f"--deals {self.deals}",
            f"--seed {self.seed}",
        ]
        if self.workers != 1:
            parts.append(f"--workers {self.workers}")
        if self.budget is not None:
            parts.append(f"--budget {self.budget:g}")
        if self.fresh_deals:
            parts.append("--fresh-deals")
        if self.engine != "local":
            parts.append(f"--engine {self.engine}")
        if self.address is not None:
            parts.append(f"--address {shlex.quote(self.address)}")
        return " ".join(parts)


def report_json(report: ArenaReport) -> dict[str, Any]:
    data = asdict(report)
    data["head_to_head"]["clear_of_zero"] = report.head_to_head.clear_of_zero
    for result in data["results"]:
        result.pop("times_ms")
    return data


# --------------------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------------------


def _progress_printer(console: Console, deals: int) -> Callable[[DealResult], None]:
    """Counts finished deals on a terminal ('  12/60 deals'); silent when piped."""
    done = itertools.count(1)

    def progress(_: DealResult) -> None:
        finished = next(done)
        if console.is_terminal:
            console.print(f"  {finished}/{deals} deals", end="\r")

    return progress


def arena_command(settings: ArenaSettings, *, json_path: str | None, console: Console) -> int:
    """``cardavia arena`` with checked levels (:func:`parse_levels`): run, then report."""
    if settings.budget is not None and not {"strong", HINT} & set(settings.levels):
        console.print("Note: --budget only applies to strong bots; there are none here.")
    if settings.engine == "ray" and settings.workers != 1:
        console.print("Note: --workers is for --engine local; Ray uses the cluster's CPUs.")
    try:
        report = run_arena(
            settings.game,
            settings.levels,
            settings.deals,
            settings.seed,
            workers=settings.workers,
            budget=settings.budget,
            fresh_deals=settings.fresh_deals,
            on_result=_progress_printer(console, settings.deals),
            engine=settings.engine,
            address=settings.address,
        )
    except EngineMissing as error:
        console.print(Text(str(error)))
        return EXIT_USAGE
    except (RuntimeError, ConnectionError) as error:  # ConnectionError: no Ray cluster there
        console.print(Text(f"cardavia arena: {error}"))
        return 1
    report.command = settings.command_line()
    render_arena(report, console)
    if json_path:
        Path(json_path).write_text(json.dumps(report_json(report), indent=2) + "\n")
        console.print(Text(f"Report written to {json_path}"))
    return 0
