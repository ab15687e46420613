"""``cardavia arena --engine ray``: the same report as the local process pool for the same
seeds, through :func:`run_arena` and the command line; without ray, a clear line.

One small local Ray cluster (2 CPUs, no dashboard) serves the whole module."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import sys
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

from cardavia import cli
from cardavia.arena import (
    RAY_MISSING,
    ArenaReport,
    ArenaSettings,
    DealTask,
    EngineMissing,
    _play_deals,
    ray_init_options,
    run_arena,
)

RAY_REASON = "ray is not importable (the optional extra: pip install 'cardavia[ray]')"
needs_ray = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason=RAY_REASON)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[ModuleType]:
    """A local cluster started once; the arena reuses it and leaves it running."""
    ray = pytest.importorskip("ray", reason=RAY_REASON, exc_type=ImportError)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RAY_USAGE_STATS_ENABLED", "0")  # no usage report over the network
        ray.init(
            address="local",  # a new cluster, whatever else runs on this machine
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
            _node_ip_address="127.0.0.1",  # no look-up of this machine's address
        )
        try:
            yield ray
        finally:
            ray.shutdown()


def without_timings(report: ArenaReport) -> dict[str, Any]:
    """The report minus what the clock decides: decision times (their count stays)."""
    data = dataclasses.asdict(report)
    for row in data["rows"]:
        del row["mean_ms"], row["p95_ms"]
    for result in data["results"]:
        result["times_ms"] = [len(times) for times in result["times_ms"]]
    return data


@needs_ray
def test_ray_gives_the_local_pools_report(ray_cluster: ModuleType) -> None:
    levels = ["random", "basic", "basic"]
    on_ray = run_arena("runfast", levels, deals=12, seed=3, engine="ray")
    local = run_arena("runfast", levels, deals=12, seed=3, workers=2, engine="local")
    assert [result.index for result in on_ray.results] == list(range(12))
    assert without_timings(on_ray) == without_timings(local)
    assert ray_cluster.is_initialized()  # not ours to shut down


def table_lines(out: str) -> list[str]:
    """The report's lines with single spaces, the two timing columns (ms, p95) cut off
    the rows, and without the Rerun line (it names the engine)."""
    lines = []
    for line in out.splitlines():
        words = line.split()
        if not words or words[0] == "Rerun:":
            continue
        if "%" in line and "[" in line and all(_is_number(word) for word in words[-2:]):
            words = words[:-2]
        lines.append(" ".join(words))
    return lines


def _is_number(word: str) -> bool:
    try:
        float(word)
    except ValueError:
        return False
    return True


@needs_ray
def test_cli_engine_ray_prints_the_local_table(
    ray_cluster: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["arena", "doudizhu", "--bots", "basic,random,basic", "--deals", "12", "--seed", "3"]
    assert cli.main([*argv, "--engine", "ray"]) == 0
    on_ray = capsys.readouterr().out
    assert cli.main(argv) == 0
    local = capsys.readouterr().out
    assert table_lines(on_ray) == table_lines(local)
    assert any(line.startswith("random landlord ") for line in table_lines(local))
    assert any(line.startswith("Head-to-head: basic#0") for line in table_lines(local))
    rerun = "Rerun: cardavia arena doudizhu --bots basic,random,basic --deals 12 --seed 3"
    assert f"{rerun} --engine ray\n" in on_ray
    assert f"{rerun}\n" in local


@needs_ray
def test_a_deal_that_fails_on_ray_raises_the_local_error(ray_cluster: ModuleType) -> None:
    task = DealTask("runfast", 0, 1, (0, 1, 2), ("random", "genius", "random"))
    with pytest.raises(Exception) as local:
        list(_play_deals([task], 1))
    with pytest.raises(type(local.value)) as on_ray:
        list(_play_deals([task], 1, engine="ray"))
    assert str(on_ray.value) == str(local.value)


# --- without a cluster ------------------------------------------------------------------


def test_engine_ray_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    argv = ["arena", "runfast", "--bots", "random,basic,basic", "--deals", "3"]
    assert cli.main([*argv, "--engine", "ray"]) == 2
    assert RAY_MISSING + "\n" in capsys.readouterr().out
    with pytest.raises(EngineMissing, match="pip install 'cardavia\\[ray\\]'"):
        run_arena("runfast", ["random"] * 3, deals=3, seed=1, engine="ray")


def test_address_needs_engine_ray(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "runfast", "--bots", "random,basic,basic", "--address", "auto"]
    assert cli.main(argv) == 2
    assert "--address is for --engine ray" in capsys.readouterr().out


def test_unknown_engine_is_refused() -> None:
    with pytest.raises(ValueError, match="no arena engine 'spark'"):
        run_arena("runfast", ["random"] * 3, deals=3, seed=1, engine="spark")


def test_the_rerun_line_names_the_engine_and_address() -> None:
    settings = ArenaSettings("runfast", ("random", "basic", "basic"), 12, 3)
    assert "--engine" not in settings.command_line()
    on_cluster = dataclasses.replace(settings, engine="ray", address="ray://head:10001")
    assert on_cluster.command_line() == (
        "cardavia arena runfast --bots random,basic,basic --deals 12 --seed 3 "
        "--engine ray --address ray://head:10001"
    )


def test_joining_a_cluster_ships_this_cardavia_package() -> None:
    assert ray_init_options(None) == {}  # a local cluster's workers import it as we do
    options = ray_init_options("ray://head:10001")
    assert options["address"] == "ray://head:10001"
    (package,) = options["runtime_env"]["py_modules"]
    assert os.path.samefile(package, os.path.dirname(cli.__file__))
