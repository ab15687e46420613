"""The command line through ``main``: ``play``, ``arena``, ``bench``, ``serve``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cardavia import cli


def test_main_play_reads_from_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["help", "quit"])
    monkeypatch.setattr("builtins.input", lambda *args: next(answers))
    code = cli.main(["play", "runfast", "--seed", "4", "--level", "random", "--delay", "0"])
    out = capsys.readouterr().out
    assert code == 1
    assert "Commands" in out
    assert "cardavia play runfast --seed 4 --level random" in out


# --- arena, bench, serve ------------------------------------------------------------


def test_main_arena_prints_report_and_rerun(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report_file = tmp_path / "arena.json"
    argv = ["arena", "doudizhu", "--bots", "random,random,random", "--deals", "6", "--seed", "5"]
    assert cli.main([*argv, "--json", str(report_file)]) == 0
    out = capsys.readouterr().out
    assert "random#0" in out and "random#2" in out
    assert "landlord" in out and "farmer" in out
    assert "Head-to-head: random#0" in out
    assert "Rerun: cardavia arena doudizhu --bots random,random,random --deals 6 --seed 5" in out
    data = json.loads(report_file.read_text())
    assert data["deals"] == 6 and len(data["results"]) == 6
    rows = [row for row in data["rows"] if row["role"] == "all"]
    landlord_won = sum(1 for r in data["results"] if r["wins"][r["roles"].index("landlord")])
    assert sum(row["wins"] for row in rows) == landlord_won + 2 * (6 - landlord_won)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "doudizhu", "--bots", "strong,basic"], "needs 3 levels"),
        (["arena", "doudizhu", "--bots", "basic,genius,basic"], "unknown bot level genius"),
        (["arena", "chess", "--bots", "basic,basic"], "no game"),
    ],
)
def test_main_arena_rejects_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().out


def test_serve_prints_the_address_and_runs_uvicorn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardavia.web import app

    calls: list[tuple[str, int, int]] = []
    monkeypatch.setattr(app, "run_server", lambda *args: calls.append(args))
    monkeypatch.setenv("CARDAVIA_DATABASE_URL", "")  # restored after the test
    monkeypatch.chdir(tmp_path)
    assert cli.main(["serve", "--port", "8123", "--workers", "2"]) == 0
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out
    assert calls == [("127.0.0.1", 8123, 2)]
    assert (tmp_path / "cardavia.sqlite3").is_file()


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([]) == 2
    assert "play" in capsys.readouterr().out


def test_bench_missing_script_is_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "find_bench_script", lambda name="doudizhu_speed.py": None)
    assert cli.main(["bench"]) == 1
    assert "bench/doudizhu_speed.py was not found" in capsys.readouterr().out


def test_bench_runs_the_script_with_the_same_python(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    script = tmp_path / "doudizhu_speed.py"
    marker = tmp_path / "ran.txt"
    script.write_text(
        "import sys, pathlib\n"
        f"pathlib.Path({str(marker)!r}).write_text(sys.executable + '|' + ' '.join(sys.argv[1:]))\n"
        "sys.exit(3)\n"
    )
    monkeypatch.setattr(cli, "find_bench_script", lambda name="doudizhu_speed.py": script)
    assert cli.main(["bench", "--quick"]) == 3
    executable, args = marker.read_text().split("|")
    assert executable == sys.executable
    assert args == "--quick"


def test_find_bench_script_looks_in_the_checkout(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "bench").mkdir()
    target = tmp_path / "bench" / "doudizhu_speed.py"
    target.write_text("")
    monkeypatch.chdir(tmp_path)
    found = cli.find_bench_script()
    assert found is not None and found.name == "doudizhu_speed.py"
