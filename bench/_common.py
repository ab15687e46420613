"""What every benchmark prints around its figures: the machine, its load, and a guarded
measurement (a missing or broken library must not stop the others); and for the web
benchmarks, a ``cardavia serve`` subprocess on a free loopback port and percentiles.
Imported as ``_common`` by the scripts in this folder (run as ``python bench/<name>.py``)."""

from __future__ import annotations

import os
import platform
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from typing import IO, TypeVar

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
