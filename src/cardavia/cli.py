"""The command line: ``cardavia play | arena | bench | serve | prune``.

- ``play``: a terminal table against bots, see :mod:`cardavia.terminal` (Dou Dizhu, Run
  Fast), :mod:`cardavia.terminal_poker` (Hold'em, One Poker) and
  :mod:`cardavia.terminal_bridge` (Contract Bridge; ``--scoring duplicate|rubber``),
  :mod:`cardavia.terminal_guandan` (Guandan), :mod:`cardavia.terminal_tractor` (Tractor) and
  :mod:`cardavia.terminal_tarot` (French Tarot; ``--deals N`` scored deals with running
  totals); ``--lang en|fr|cs|id|zh``: the Tractor and Tarot tables speak the catalogs'
  languages, the others English.
- ``arena``: bots against bots over many deals, see :mod:`cardavia.arena`.
- ``bench [doudizhu|poker|bridge|web|load|tractor|tarot] [ARGS]``: runs
  ``bench/doudizhu_speed.py`` (the default), ``bench/poker_speed.py``,
  ``bench/bridge_speed.py``, ``bench/web_speed.py``, ``bench/load.py``,
  ``bench/tractor_speed.py`` or ``bench/tarot_speed.py``;
  every other argument is passed on.
- ``serve``: the web app on uvicorn, see :mod:`cardavia.web.app`; ``--prune-after 30d``
  (the default; ``off`` keeps every match) deletes the matches idle that long, hourly.
- ``prune --older-than 30d``: deletes the matches nobody has played for that long (``90m``,
  ``12h``, ``30d``) and says how many.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from rich.console import Console
from rich.text import Text

from cardavia.ai import LEVELS
from cardavia.arena import ENGINES, ArenaSettings, arena_command, parse_levels
from cardavia.locale import LANGUAGES
from cardavia.terminal import play_command

PLAYABLE_GAMES = (
    "doudizhu",
    "runfast",
    "guandan",
    "tractor",
    "tarot",
    "holdem",
    "onepoker",
    "bridge",
)
# Tables whose texts come from the catalogs (``--lang``); the others are English.
LOCALISED_TABLES = ("tractor", "tarot")
# Games whose match length is chosen at the table (``--deals N``).
DEALS_GAMES = ("tarot",)
BRIDGE_SCORINGS = ("duplicate", "rubber")
EXIT_USAGE = 2
# ``cardavia bench NAME`` runs bench/<script>.
BENCHMARKS = {
    "doudizhu": "doudizhu_speed.py",
    "poker": "poker_speed.py",
    "bridge": "bridge_speed.py",
    "web": "web_speed.py",
    "load": "load.py",
    "tractor": "tractor_speed.py",
    "tarot": "tarot_speed.py",
}
DEFAULT_BENCHMARK = "doudizhu"

# --------------------------------------------------------------------------------------
# bench
# --------------------------------------------------------------------------------------


def find_bench_script(name: str = "doudizhu_speed.py") -> Path | None:
    """``bench/<name>`` in the repository that holds this package, else under the cwd."""
    here = Path(__file__).resolve()
    candidates = [parent / "bench" / name for parent in here.parents[:4]]
    candidates.append(Path.cwd() / "bench" / name)
    return next((path for path in candidates if path.is_file()), None)


def bench_command(args: Sequence[str], console: Console) -> int:
    """``args`` as typed after ``bench``: an optional benchmark name, then its own options."""
    name, rest = DEFAULT_BENCHMARK, list(args)
    if rest and not rest[0].startswith("-"):
        name, rest = rest[0], rest[1:]
        if name not in BENCHMARKS:
            console.print(
                Text(f"cardavia bench: no benchmark {name!r}; choose {', '.join(BENCHMARKS)}")
            )
            return EXIT_USAGE
    script = find_bench_script(BENCHMARKS[name])
    if script is None:
        console.print(
            f"cardavia bench: bench/{BENCHMARKS[name]} was not found (looked next to the "
            "cardavia package and in the current directory). Run it from a source checkout."
        )
        return 1
    return subprocess.run([sys.executable, str(script), *rest], check=False).returncode


# --------------------------------------------------------------------------------------
# serve
# --------------------------------------------------------------------------------------


def serve_command(
    host: str, port: int, database_url: str | None, workers: int, prune_after: str | None = None
) -> int:
    """Run the web app with uvicorn until interrupted; prints the address first. A
    database it cannot reach or write to stops it at once: one line on stderr, status 2."""
    import os

    from cardavia.web import app
    from cardavia.web.store import DatabaseUnavailable, default_database_url, prepare_database

    url = database_url or default_database_url()
    # Every worker process builds its app from the environment (uvicorn's factory).
    os.environ["CARDAVIA_DATABASE_URL"] = url
    if prune_after is not None:
        os.environ["CARDAVIA_PRUNE_AFTER"] = prune_after
    try:
        app.settings_from_environment()  # a wrong setting stops us here, not every worker
        prepare_database(url)  # migrates once, before the workers start
    except (ValueError, DatabaseUnavailable) as error:
        print(f"cardavia serve: {error}", file=sys.stderr)
        return EXIT_USAGE
    shown_host = f"[{host}]" if ":" in host else host
    print(f"Cardavia is running on http://{shown_host}:{port}/ (Ctrl+C to stop)", flush=True)
    app.run_server(host, port, workers)
    return 0


# --------------------------------------------------------------------------------------
# prune
# --------------------------------------------------------------------------------------


def prune_command(older_than: timedelta, database_url: str | None, console: Console) -> int:
    """Delete the matches idle for more than ``older_than``; prints how many."""
    from cardavia.web.limits import format_duration
    from cardavia.web.store import Store

    store = Store(database_url)
    try:
        removed = store.prune(older_than)
    finally:
        store.dispose()
    noun = "match" if removed == 1 else "matches"
    idle = format_duration(older_than)
    console.print(Text(f"Removed {removed} {noun} idle for more than {idle}."))
    return 0


# --------------------------------------------------------------------------------------
# Arguments
# --------------------------------------------------------------------------------------


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def _budget(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number of seconds")
    return value


def _add_play_arguments(play: argparse.ArgumentParser) -> None:
    play.add_argument("game", choices=PLAYABLE_GAMES)
    play.add_argument("--seed", type=int, default=None, help="the deal's seed (default: random)")
    play.add_argument("--level", choices=LEVELS, default="basic", help="the bots' level")
    play.add_argument(
        "--delay", type=float, default=0.4, help="seconds to wait after each bot move"
    )
    play.add_argument(
        "--budget", type=_budget, default=None, help="strong bots: seconds per decision"
    )
    play.add_argument(
        "--scoring",
        choices=BRIDGE_SCORINGS,
        default=None,
        help="bridge only: one deal with duplicate scoring (default) or a rubber",
    )
    play.add_argument(
        "--lang",
        choices=list(LANGUAGES),
        default="en",
        help="the table's language (tractor, tarot; the other tables are in English)",
    )
    play.add_argument(
        "--deals",
        type=_positive_int,
        default=None,
        help="tarot only: the number of scored deals, with running totals (default 1)",
    )


def _add_arena_arguments(arena: argparse.ArgumentParser) -> None:
    arena.add_argument("game")
    arena.add_argument(
        "--bots",
        required=True,
        help="one level per seat, e.g. strong,basic,basic; 'hint' always plays the hint",
    )
    arena.add_argument("--deals", type=_positive_int, default=60)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--workers", type=_positive_int, default=1)
    arena.add_argument(
        "--budget", type=_budget, default=None, help="strong bots: s/decision (hint: at most 0.5)"
    )
    arena.add_argument(
        "--fresh-deals",
        action="store_true",
        help="a new seed for every deal (default: each seed is replayed in every arrangement)",
    )
    arena.add_argument("--json", metavar="FILE", help="also write the report as JSON")
    arena.add_argument(
        "--engine",
        choices=ENGINES,
        default="local",
        help="local: this machine (--workers processes); ray: Ray tasks (the ray extra)",
    )
    arena.add_argument(
        "--address",
        metavar="ADDR",
        default=None,
        help="--engine ray: join the Ray cluster at ADDR (default: start a local one)",
    )


def _add_serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--database-url",
        default=None,
        help="SQLAlchemy URL (default: $CARDAVIA_DATABASE_URL, else sqlite file "
        "cardavia.sqlite3 in the current directory)",
    )
    serve.add_argument("--workers", type=_positive_int, default=1, help="uvicorn workers")
    serve.add_argument(
        "--prune-after",
        type=_prune_after,
        default=None,
        metavar="AGE",
        help="delete the matches idle this long (90m, 12h, 30d; 'off' keeps them), "
        "at start and hourly (default: $CARDAVIA_PRUNE_AFTER, else 30d)",
    )


def _duration(text: str) -> timedelta:
    from cardavia.web.limits import parse_duration

    try:
        return parse_duration(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _prune_after(text: str) -> str:
    if text.strip().lower() != "off":
        _duration(text)
    return text


def _add_prune_arguments(prune: argparse.ArgumentParser) -> None:
    prune.add_argument(
        "--older-than",
        type=_duration,
        required=True,
        metavar="AGE",
        help="the matches not played for this long: 90m, 12h, 30d",
    )
    prune.add_argument(
        "--database-url",
        default=None,
        help="SQLAlchemy URL (default: $CARDAVIA_DATABASE_URL, else sqlite file "
        "cardavia.sqlite3 in the current directory)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardavia", description="Traditional card games against computer opponents."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_play_arguments(
        commands.add_parser(
            "play",
            help="play in the terminal against bots "
            "(doudizhu, runfast, guandan, tractor, tarot, holdem, onepoker, bridge)",
        )
    )
    _add_arena_arguments(commands.add_parser("arena", help="bots against bots over many deals"))
    bench = commands.add_parser(
        "bench",
        help="run a benchmark: doudizhu (default), poker, bridge, web, load, tractor or tarot",
        usage="cardavia bench [doudizhu|poker|bridge|web|load|tractor|tarot] [ARGS ...]",
        description="Runs bench/doudizhu_speed.py (doudizhu, the default), "
        "bench/poker_speed.py (poker), bench/bridge_speed.py (bridge), "
        "bench/web_speed.py (web), bench/load.py (load), bench/tractor_speed.py (tractor) "
        "or bench/tarot_speed.py (tarot) "
        "with this Python; "
        "every other argument goes to the script (cardavia bench poker --help lists them).",
    )
    bench.add_argument(
        "args",
        nargs=argparse.REMAINDER,
        help="[doudizhu|poker|bridge|web|load|tractor|tarot] ARGS",
    )
    _add_serve_arguments(commands.add_parser("serve", help="the web app (FastAPI on uvicorn)"))
    _add_prune_arguments(
        commands.add_parser("prune", help="delete the matches nobody has played for a while")
    )
    return parser


# --------------------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------------------


def _play_main(args: argparse.Namespace, console: Console) -> int:
    options: dict[str, str | int] = {}
    if args.scoring is not None:
        if args.game != "bridge":
            console.print(Text("cardavia play: --scoring is for bridge only"))
            return EXIT_USAGE
        options["scoring"] = args.scoring
    if args.deals is not None:
        if args.game not in DEALS_GAMES:
            console.print(Text(f"cardavia play: --deals is for {', '.join(DEALS_GAMES)} only"))
            return EXIT_USAGE
        options["deals"] = args.deals
    if args.lang != "en" and args.game not in LOCALISED_TABLES:
        console.print(Text(f"cardavia play: --lang is for {', '.join(LOCALISED_TABLES)} only"))
        return EXIT_USAGE
    try:
        return play_command(
            args.game,
            seed=args.seed,
            level=args.level,
            console=console,
            input_fn=lambda prompt: console.input(prompt),
            delay=args.delay,
            budget=args.budget,
            options=options,
            lang=args.lang,
        )
    except KeyboardInterrupt:
        console.print("\nYou left the table.")
        return 1


def _arena_main(args: argparse.Namespace, console: Console) -> int:
    try:
        levels = parse_levels(args.game, args.bots)
    except ValueError as error:
        console.print(Text(f"cardavia arena: {error}"))
        return EXIT_USAGE
    if args.address is not None and args.engine != "ray":
        console.print(Text("cardavia arena: --address is for --engine ray"))
        return EXIT_USAGE
    settings = ArenaSettings(
        args.game,
        tuple(levels),
        args.deals,
        args.seed,
        args.workers,
        args.budget,
        args.fresh_deals,
        engine=args.engine,
        address=args.address,
    )
    return arena_command(settings, json_path=args.json, console=console)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser()
    # Piped output (logs, files) is not cut at 80 columns.
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    if argv[:1] == ["bench"] and argv[1:] not in (["-h"], ["--help"]):
        # Everything after "bench" goes to the benchmark as typed (argparse would take
        # "--seconds 2" apart).
        return bench_command(argv[1:], console)
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    if args.command == "play":
        return _play_main(args, console)
    if args.command == "arena":
        return _arena_main(args, console)
    if args.command == "serve":
        return serve_command(
            args.host, args.port, args.database_url, args.workers, args.prune_after
        )
    if args.command == "prune":
        return prune_command(args.older_than, args.database_url, console)
    parser.error(f"unknown command {args.command}")
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
