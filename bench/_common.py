"""What every benchmark prints around its figures: the machine, its load, and a guarded
measurement (a missing or broken library must not stop the others). Imported as
``_common`` by the scripts in this folder (run as ``python bench/<name>.py``)."""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable
from typing import TypeVar

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
