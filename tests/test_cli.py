"""The command line through ``main``: ``play``, ``arena``, ``bench``, ``serve``."""

from __future__ import annotations

import json
import subprocess
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


@pytest.mark.parametrize(
    ("game", "level", "shown"),
    [("holdem", "random", "Hand 1 — button: You"), ("onepoker", "basic", "Your signal: UP")],
)
def test_main_play_poker_games(
    game: str,
    level: str,
    shown: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    answers = iter(["help", "nonsense", "quit"])
    monkeypatch.setattr("builtins.input", lambda *args: next(answers))
    argv = ["play", game, "--seed", "4", "--level", level, "--delay", "0"]
    assert cli.main(argv) == 1
    out = capsys.readouterr().out
    assert shown in out
    assert "Commands" in out and "allin" in out
    assert "✗ " in out  # the nonsense line is explained
    assert "You left the table" in out
    assert f"Replay this match: cardavia play {game} --seed 4 --level {level}" in out


def test_main_play_without_such_a_bot_is_explained(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_bot(game: str, level: str, seed: int, budget: float | None = None) -> None:
        raise ValueError(f"no {level} bot for {game} yet")

    monkeypatch.setattr("cardavia.terminal.make_bot", no_bot)
    assert cli.main(["play", "holdem", "--seed", "1", "--delay", "0"]) == 2
    assert "no basic bot for holdem yet (try --level random)" in capsys.readouterr().out


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


@pytest.mark.parametrize(
    ("argv", "script", "passed"),
    [
        (["bench"], "doudizhu_speed.py", []),
        (["bench", "--seconds", "2"], "doudizhu_speed.py", ["--seconds", "2"]),
        (["bench", "doudizhu", "--quick"], "doudizhu_speed.py", ["--quick"]),
        (
            ["bench", "poker", "--seconds", "1", "--hands", "50"],
            "poker_speed.py",
            ["--seconds", "1", "--hands", "50"],
        ),
        (["bench", "web", "--requests", "10"], "web_speed.py", ["--requests", "10"]),
        (["bench", "load", "--seconds", "3"], "load.py", ["--seconds", "3"]),
        (["bench", "bridge", "--deals", "3"], "bridge_speed.py", ["--deals", "3"]),
        (["bench", "tarot", "--seconds", "1"], "tarot_speed.py", ["--seconds", "1"]),
    ],
)
def test_bench_chooses_the_script_and_passes_the_rest(
    argv: list[str], script: str, passed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[list[str]] = []

    def fake_run(command: list[str], check: bool) -> subprocess.CompletedProcess[str]:
        runs.append(command)
        return subprocess.CompletedProcess(command, 0)

    monkeypatch.setattr(subprocess, "run", fake_run)
    assert cli.main(argv) == 0
    [command] = runs
    assert command[0] == sys.executable
    assert Path(command[1]).name == script and Path(command[1]).parent.name == "bench"
    assert command[2:] == passed


def test_bench_unknown_benchmark_and_missing_script(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["bench", "chess"]) == 2
    assert "no benchmark 'chess'; choose doudizhu, poker, bridge, web" in capsys.readouterr().out
    monkeypatch.setattr(cli, "find_bench_script", lambda name="doudizhu_speed.py": None)
    assert cli.main(["bench", "web"]) == 1
    assert "bench/web_speed.py was not found" in capsys.readouterr().out


def test_bench_help_lists_the_benchmarks(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["bench", "--help"])
    out = capsys.readouterr().out
    assert "doudizhu|poker|bridge|web" in out and "bridge_speed.py" in out


def test_main_play_bridge_with_rubber_scoring(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["help", "zz", "quit"])
    monkeypatch.setattr("builtins.input", lambda *args: next(answers))
    argv = ["play", "bridge", "--seed", "4", "--level", "random", "--delay", "0"]
    assert cli.main([*argv, "--scoring", "rubber"]) == 1
    out = capsys.readouterr().out
    assert "You are South; your partner North and the opponents West and East" in out
    assert "Auction" in out and "Your hand (South): ♠" in out
    assert "✗ Not allowed: 'zz' is not a call" in out
    assert (
        "Replay this rubber: cardavia play bridge --seed 4 --level random --scoring rubber" in out
    )
    assert cli.main(["play", "holdem", "--scoring", "rubber"]) == 2
    assert "--scoring is for bridge only" in capsys.readouterr().out


def test_main_play_tarot_with_deals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["help", "zz", "quit"])
    monkeypatch.setattr("builtins.input", lambda *args: next(answers))
    argv = ["play", "tarot", "--seed", "4", "--delay", "0"]  # basic bots by default
    assert cli.main([*argv, "--deals", "2"]) == 1
    out = capsys.readouterr().out
    assert "French Tarot · seed 4. You are seat 0; Bot 1 sits on your right" in out
    assert "three are basic bots" in out
    assert "Deal 1 of 2" in out and "Your hand (18 cards):" in out
    assert "discard 3c 4c 5d 6d 2h 7s" in out  # the help
    assert "✗ " in out  # the nonsense line is explained
    assert "Replay this match: cardavia play tarot --seed 4 --level basic --deals 2" in out
    assert cli.main(["play", "holdem", "--deals", "2"]) == 2
    assert "--deals is for tarot only" in capsys.readouterr().out
