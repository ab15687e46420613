"""What every benchmark prints around its figures: the machine, its load, and a guarded
measurement (a missing or broken library must not stop the others); for the game
benchmarks, random-playout deals per second (ours and OpenSpiel's) and per-call timings;
and for the web benchmarks, a ``cardavia serve`` subprocess on a free loopback port and percentiles.
Imported as ``_common`` by the scripts in this folder (run as ``python bench/<name>.py``)."""

from __future__ import annotations

import argparse
import os
import platform
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from typing import IO, Any, TypeVar

T = TypeVar("T")


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def load() -> str:
    """The load averages (1, 5, 15 min): other jobs on a shared machine add noise."""
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "n/a"


def attempt(label: str, fn: Callable[[], T | None]) -> T | None:
    """``fn()``, or None (said on stderr) when it raises."""
    print(f"  measuring {label} …", end="", flush=True, file=sys.stderr)
    try:
        result = fn()
    except Exception as exc:  # a missing or broken library must not stop the others
        print(f" unavailable ({type(exc).__name__}: {exc})", file=sys.stderr)
        return None
    print(" done", file=sys.stderr)
    return result


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def machine() -> str:
    """The CPU, its cores, the Python and the system, for a report's first lines."""
    return (
        f"{cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        f" ({platform.system()} {platform.machine()})"
    )


# --- game benchmarks ------------------------------------------------------------------


def deals_per_second(
    game_name: str, seconds: float, seed: int, **options: Any
) -> tuple[float, float]:
    """(deals/s, actions per deal) of random playouts of whole deals, wall time, deal
    ``i`` seeded ``i`` and the moves drawn by a ``random.Random(seed)``."""
    import cardavia

    game = cardavia.new_game(game_name, **options)
    rng = random.Random(seed)
    deals = steps = 0
    start = time.perf_counter()
    while True:
        state = game.new_state(seed=deals)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        deals += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return deals / elapsed, steps / deals


def timed(calls: int, pool: list[Any], once: Callable[[Any], object]) -> tuple[float, float]:
    """p50 and p95 in ms of ``once(item)`` over ``calls`` calls cycling through ``pool``,
    each the thread's CPU time (other jobs of a shared machine do not make the tail)."""
    for item in pool[:10]:  # warm the caches (rules, display keys)
        once(item)
    times: list[float] = []
    for i in range(calls):
        item = pool[i % len(pool)]
        start = time.thread_time_ns()
        once(item)
        times.append(float(time.thread_time_ns() - start))
    return percentile(times, 0.5) / 1e6, percentile(times, 0.95) / 1e6


# Run here (exec) or by another interpreter (-c NAME SECONDS): open_spiel is not a
# project dependency.
OPEN_SPIEL_LOOP = """
import random, sys, time
import pyspiel

def measure(name, seconds):
    game = pyspiel.load_game(name)
    rng = random.Random(4)
    n = steps = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():  # dealing: uniform outcomes
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
                steps += 1
            state.apply_action(action)
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return n, elapsed, steps / n

if __name__ == "__main__":
    print(*measure(sys.argv[1], float(sys.argv[2])))
"""


def open_spiel_deals(
    name: str, seconds: float, python: str | None
) -> tuple[int, float, float] | None:
    """OpenSpiel's game ``name`` in random playouts, live: (deals, elapsed s, actions per
    deal), in this Python or ``python``; None when pyspiel imports in neither."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        if not python:
            return None
        out = subprocess.run(
            [python, "-c", OPEN_SPIEL_LOOP, name, str(seconds)],
            capture_output=True,
            text=True,
            check=True,
            timeout=seconds * 4 + 60,
        ).stdout.split()
        return int(out[0]), float(out[1]), float(out[2])
    namespace: dict[str, Any] = {}
    exec(OPEN_SPIEL_LOOP, namespace)
    n, elapsed, per = namespace["measure"](name, seconds)
    return int(n), float(elapsed), float(per)


def open_spiel_rate(name: str, seconds: float, python: str | None) -> tuple[float, float]:
    """Live OpenSpiel (deals/s, actions per deal); raises when pyspiel is nowhere."""
    measured = open_spiel_deals(name, seconds, python)
    if measured is None:
        raise RuntimeError("open_spiel is not installed here")
    deals, elapsed, per = measured
    return deals / elapsed, per


def open_spiel_available(python: str | None) -> str | None:
    """Where pyspiel can be imported ('this Python' or the interpreter), else None."""
    try:
        import pyspiel  # noqa: F401

        return "this Python"
    except ImportError:
        pass
    if python:
        probe = subprocess.run([python, "-c", "import pyspiel"], capture_output=True, check=False)
        if probe.returncode == 0:
            return python
    return None


def add_open_spiel_option(parser: argparse.ArgumentParser) -> None:
    """``--open-spiel-python PATH`` (env ``OPEN_SPIEL_PYTHON``)."""
    parser.add_argument(
        "--open-spiel-python",
        default=os.environ.get("OPEN_SPIEL_PYTHON"),
        help="a Python interpreter with open_spiel installed (env OPEN_SPIEL_PYTHON)",
    )


def line_buffered() -> None:
    """Keep the report (stdout) and the progress lines (stderr) in order."""
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)


def print_playouts(
    rows: list[tuple[str, tuple[float, float] | None]], not_measured: str | None
) -> None:
    """Part 1 of a game benchmark: each row's deals/s, actions per deal and actions/s
    (``n/a`` where it failed); ``not_measured`` (OpenSpiel's, when pyspiel is nowhere)
    is followed by how to measure it. Ends with a blank line."""
    print("1. Random-playout full deals per second")
    print(f"   {'game':<44} {'deals/s':>9} {'actions/deal':>13} {'actions/s':>10}")
    for name, res in rows:
        if res is None:
            print(f"   {name:<44} {'n/a':>9}")
        else:
            print(f"   {name:<44} {res[0]:9,.1f} {res[1]:13.1f} {res[0] * res[1]:10,.0f}")
    if not_measured is not None:
        print(f"   {not_measured}")
        print(
            "   to compare, rerun with --open-spiel-python PATH to an interpreter that has it"
            " (python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel)."
        )
    print()


# --- a server under test --------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(
    workers: int,
    port: int,
    url: str,
    env: Mapping[str, str] | None = None,
    stderr: IO[bytes] | None = None,
) -> subprocess.Popen[bytes]:
    """``cardavia serve`` on 127.0.0.1:``port``; ``env`` is added to this environment.

    Run from ``-c``, not ``-m cardavia.cli``: each spawned uvicorn worker re-imports the
    main module (the whole CLI) before it answers the supervisor's 5 s health check, and
    on a busy machine that takes longer, so the supervisor kills and respawns its workers
    forever and the server never answers."""
    command = [
        sys.executable,
        "-c",
        "import sys; from cardavia.cli import main; sys.exit(main())",
        "serve",
        "--port",
        str(port),
        "--database-url",
        url,
        "--workers",
        str(workers),
    ]
    # Every simulated client is 127.0.0.1: no creation rate limit unless ``env`` sets one.
    environment = {**os.environ, "CARDAVIA_CREATE_BURST": "1000000", **(env or {})}
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr, env=environment)


def stop_server(server: subprocess.Popen[bytes]) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGINT)  # uvicorn stops its workers and their bot pools
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def wait_until_up(base: str, server: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    import httpx  # only the web benchmarks need it

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited with status {server.returncode}")
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"the server did not answer within {timeout} s")
