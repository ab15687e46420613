"""The command line: ``cardavia play | arena | bench | serve``.

- ``play``: a terminal table against bots (you are seat 0). The input/output loop is
  :func:`play_session`, which takes an ``input_fn`` and a rich :class:`Console` so that tests
  can script a whole session.
- ``arena``: bots against bots over many deals, every seat arrangement equally often, with
  win rates (Wilson interval), average points, decision times and a head-to-head summary.
  The statistics are pure functions (:func:`wilson_interval`, :func:`mean_interval`,
  :func:`percentile`).
- ``bench``: runs ``bench/doudizhu_speed.py``.
- ``serve``: not built yet.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import random
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

import cardavia
from cardavia.cards import rank_of, resolve_ranks, sort_cards, split_tokens

# --------------------------------------------------------------------------------------
# Protocols: the part of the engine API (API.md) this module relies on.
# --------------------------------------------------------------------------------------


class Bot(Protocol):
    def act(self, view: dict[str, Any]) -> str: ...


class StateLike(Protocol):
    @property
    def current_player(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> list[int]: ...

    def legal_actions(self) -> list[str]: ...

    def apply(self, action: str) -> None: ...

    def view(self, seat: int) -> dict[str, Any]: ...


LEVELS = ("random", "basic", "strong")
GAME_TITLES = {"doudizhu": "Dou Dizhu", "runfast": "Run Fast (Zheng Shangyou)"}
PLAYABLE_GAMES = ("doudizhu", "runfast")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
EXIT_USAGE = 2


def make_bot(game_name: str, level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot; ``budget`` (seconds per decision) goes to strong bots only."""
    if level == "strong" and budget is not None:
        bot: Bot = cardavia.new_bot(game_name, level=level, seed=seed, budget=budget)
    else:
        bot = cardavia.new_bot(game_name, level=level, seed=seed)
    return bot


# --------------------------------------------------------------------------------------
# Showing cards, actions and events
# --------------------------------------------------------------------------------------


def card_label(card: str) -> str:
    """'TS' -> '10♠', 'BJ' -> 'BJ'."""
    if card in ("BJ", "RJ"):
        return card
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS.get(card[1:], card[1:])


def card_style(card: str) -> str:
    if card == "RJ" or (len(card) == 2 and card[1] in RED_SUITS):
        return "bold red"
    return "bold"


def cards_text(cards: Iterable[str]) -> Text:
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append(card_label(card), style=card_style(card))
    return text


KIND_NAMES = {
    "triple_single": "triple with a single",
    "triple_pair": "triple with a pair",
    "plane_single": "plane with single wings",
    "plane_pair": "plane with pair wings",
    "four_two_single": "four with two singles",
    "four_two_pair": "four with two pairs",
}
CLIMBING_ORDER = "3456789TJQKA2"


def kind_label(kind: Any) -> str:
    return KIND_NAMES.get(str(kind), str(kind).replace("_", " "))


def action_text(action: str, kind: Any = None, *, you: bool = False) -> Text:
    """'play 3S 3H' -> 'plays 3♠ 3♥ (pair)'; 'bid 2' -> 'bids 2'; 'pass' -> 'passes'.
    With ``you`` the verb agrees with "You" ('play', 'bid', 'pass')."""
    verb, _, rest = action.partition(" ")
    if verb == "play":
        text = Text("play " if you else "plays ")
        text.append_text(cards_text(rest.split()))
        if kind:
            text.append(f" ({kind_label(kind)})", style="dim")
        return text
    if verb == "pass":
        return Text("pass" if you else "passes")
    if verb == "bid":
        return Text(f"{'bid' if you else 'bids'} {rest}")
    return Text(action)


def seat_names(num_players: int, human_seat: int = 0) -> list[str]:
    return ["You" if seat == human_seat else f"Bot {seat}" for seat in range(num_players)]


def _name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _generic_fields(event: Mapping[str, Any], skip: Iterable[str] = ()) -> str:
    hidden = {"type", *skip}
    parts = [f"{key}={json.dumps(value)}" for key, value in event.items() if key not in hidden]
    return ", ".join(parts)


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """One line for an event, or None for events not worth a line (the final result is
    shown separately). Unknown event types are shown generically."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "deal":
        text = Text("New deal.", style="bold cyan")
        if isinstance(event.get("first_bidder"), int):
            text.append(f" {_name(names, event['first_bidder'])} bid first.")
        if isinstance(event.get("opener"), int):
            opener = event["opener"]
            s = "" if opener == 0 else "s"
            text.append(f" {_name(names, opener)} hold{s} 3♥ and open{s}.")
        return text
    if kind in ("bid", "pass", "play") and "action" in event:
        text = Text(f"{_name(names, seat)} ", style="bold")
        text.append_text(
            action_text(str(event["action"]), event.get("kind"), you=_name(names, seat) == "You")
        )
        left = event.get("left")
        if kind == "play" and isinstance(left, int) and 1 <= left <= 2:
            text.append(f" — {left} card{'s' if left != 1 else ''} left!", style="bold yellow")
        return text
    if kind == "landlord":
        text = Text(f"{_name(names, seat)} become{'' if seat == 0 else 's'} the landlord")
        if event.get("bid") is not None:
            text.append(f" with a bid of {event['bid']}")
        bottom = event.get("bottom") or event.get("cards")
        if isinstance(bottom, list):
            text.append(". Bottom cards: ")
            text.append_text(cards_text(sort_cards(bottom, CLIMBING_ORDER)))
        text.append(".")
        text.stylize("bold magenta")
        return text
    if kind == "round_end":
        leader = event.get("leader", seat)
        return Text(
            f"Round over — {_name(names, leader)} lead{'' if leader == 0 else 's'}.", style="dim"
        )
    if kind == "void_deal":
        return Text("Nobody bid: the deal is void, the cards are dealt again.", style="yellow")
    if kind == "result":
        winner = event.get("winner")
        if winner is None:
            return None
        text = Text(f"{_name(names, winner)} went out", style="bold")
        if event.get("landlord_won") is not None:
            text.append(": the landlord wins." if event["landlord_won"] else ": the farmers win.")
        else:
            text.append(f" and win{'' if winner == 0 else 's'}.")
        return text
    if kind == "bonus":
        text = Text("Bonus: ", style="yellow")
        if seat is not None:
            text.append(f"{_name(names, seat)}'s bomb stands")
        amounts: Any = event.get("amounts")
        if _is_seat_numbers(amounts, len(names)):
            text.append(": " + _per_seat(amounts, names))
        rest = _generic_fields(event, skip=("seat", "amounts"))
        if rest:
            text.append(f" ({rest})")
        return text
    # Unknown event: type and fields, so that new kinds never crash the table.
    text = Text(f"{kind}", style="dim")
    if seat is not None:
        text.append(f" {_name(names, seat)}", style="dim")
    fields = _generic_fields(event, skip=("seat",))
    if fields:
        text.append(f": {fields}", style="dim")
    return text


# --------------------------------------------------------------------------------------
# Reading what the human types
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """What a line of input means: ``kind`` is 'action' (then ``action`` is the engine
    action), 'help', 'hint', 'quit', 'table', 'empty' or 'error' (then ``message`` says
    why)."""

    kind: str
    action: str = ""
    message: str = ""


HELP_TEXT = """\
[bold]Commands[/bold]
  [cyan]33 44[/cyan], [cyan]3h 3s[/cyan], [cyan]10[/cyan], [cyan]bj rj[/cyan], \
[cyan]play 5 5[/cyan]   play cards: ranks (the lowest such cards of your hand) or exact cards
  [cyan]pass[/cyan] or [cyan]p[/cyan]                      pass (no bid in the auction)
  [cyan]bid 2[/cyan] or just [cyan]2[/cyan]                bid during the auction (1, 2 or 3)
  [cyan]hint[/cyan]                           what the basic bot would do
  [cyan]table[/cyan]                          show the table again
  [cyan]help[/cyan]                           this list
  [cyan]quit[/cyan]                           leave the game
Ranks: 3 4 5 6 7 8 9 10 (or t) j q k a 2, jokers bj (black) and rj (red)."""

_QUIT = frozenset({"quit", "exit", ":q"})
_HELP = frozenset({"help", "h", "?"})
_PASS = frozenset({"pass", "p", "no", "-"})
_TABLE = frozenset({"table", "show", "look"})
_SUITED = re.compile(r"^(10|[2-9tjqka])[shdc]$|^[shdc](10|[2-9tjqka])$", re.IGNORECASE)


def in_auction(view: Mapping[str, Any]) -> bool:
    legal = view.get("legal_actions") or []
    if any(str(action).startswith("bid ") for action in legal):
        return True
    return view.get("game") == "doudizhu" and view.get("landlord") is None


def _rank_multiset(cards: Iterable[str]) -> Counter[str]:
    return Counter(rank_of(card) for card in cards)


def interpret(text: str, view: Mapping[str, Any]) -> Command:
    """Translate a line the human typed into a command or an engine action.

    Cards may be typed as ranks (``33 44``, ``10``, ``bj rj``), exact cards (``3h 3s``) or
    a mix, with or without a leading ``play``; ranks take the lowest matching cards of the
    hand. When that exact choice is not listed but a legal play has the same ranks (Run
    Fast's opening must contain 3H), that play is chosen. Legality itself is left to the
    engine, whose message explains a refusal.
    """
    line = " ".join(text.strip().split())
    low = line.lower()
    if not low:
        return Command("empty")
    if low in _QUIT:
        return Command("quit")
    if low in _HELP:
        return Command("help")
    if low == "hint":
        return Command("hint")
    if low in _TABLE:
        return Command("table")
    if low in _PASS:
        return Command("action", action="pass")
    if low == "bid":
        return Command("error", message="Say how much: bid 1, bid 2 or bid 3.")
    bid = re.fullmatch(r"bid\s*(\S+)", low)
    if bid:
        return Command("action", action=f"bid {bid.group(1)}")
    if in_auction(view) and re.fullmatch(r"[123]", low):
        return Command("action", action=f"bid {low}")
    if low.startswith("play"):
        line = line[4:].strip()
        if not line:
            return Command("error", message="Name the cards to play, for example: play 5 5")
    hand: list[str] = list(view.get("hand") or [])
    try:
        cards = resolve_ranks(line, hand)
    except ValueError as error:
        return Command("error", message=str(error))
    order = {card: index for index, card in reversed(list(enumerate(hand)))}
    cards.sort(key=lambda card: order.get(card, len(hand)))
    action = "play " + " ".join(cards)
    legal = [str(a) for a in view.get("legal_actions") or []]
    if action not in legal and not any(_SUITED.match(token) for token in split_tokens(line)):
        wanted = _rank_multiset(cards)
        for candidate in legal:
            if candidate.startswith("play ") and _rank_multiset(candidate.split()[1:]) == wanted:
                return Command("action", action=candidate)
    return Command("action", action=action)


def human_form(action: str) -> str:
    """An engine action as a person would type it: 'play 3S 3H 4D' -> '33 4', 'bid 2'."""
    verb, _, rest = action.partition(" ")
    if verb != "play":
        return action
    groups: list[str] = []
    for rank, cards in itertools.groupby(rank_of(card) for card in rest.split()):
        count = len(list(cards))
        if rank in ("BJ", "RJ"):
            groups.extend([rank.lower()] * count)
        elif rank == "T":
            groups.append("10" if count == 1 else "t" * count)
        else:
            groups.append(rank.lower() * count)
    return " ".join(groups)


# --------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------


def _deal_events(events: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("type") == "deal":
            return list(events[index:])
    return list(events)


def _last_actions(events: Sequence[Mapping[str, Any]]) -> dict[int, Mapping[str, Any]]:
    """Each seat's latest action in the current round (or the auction)."""
    last: dict[int, Mapping[str, Any]] = {}
    for event in _deal_events(events):
        kind = event.get("type")
        if kind in ("round_end", "landlord", "deal", "void_deal"):
            last = {}
        elif "action" in event and isinstance(event.get("seat"), int):
            last[event["seat"]] = event
    return last


def role_of(view: Mapping[str, Any], seat: int) -> str:
    landlord = view.get("landlord")
    if isinstance(landlord, int):
        return "landlord" if seat == landlord else "farmer"
    return ""


def render_table(
    view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str] = ()
) -> Table:
    """The whole table as the human sees it."""
    num = len(names)
    sizes = view.get("hand_sizes")
    last = _last_actions(view.get("events") or [])
    current = view.get("current_player")
    grid = Table(title=title, title_style="bold", show_lines=False, expand=False)
    grid.add_column("Seat", style="bold")
    grid.add_column("Cards", justify="right")
    if "landlord" in view:
        grid.add_column("Role")
    grid.add_column("This round")
    for seat in range(num):
        name = names[seat]
        if seat < len(levels) and levels[seat]:
            name += f" ({levels[seat]})"
        if seat == current:
            name = "▶ " + name
        count = str(sizes[seat]) if isinstance(sizes, list) and seat < len(sizes) else "?"
        event = last.get(seat)
        doing = Text("")
        if event:
            doing = action_text(str(event["action"]), event.get("kind"), you=seat == 0)
        row: list[Any] = [name, count]
        if "landlord" in view:
            role = role_of(view, seat)
            row.append(Text(role, style="magenta" if role == "landlord" else "green"))
        row.append(doing)
        grid.add_row(*row)
    return grid


def render_status(view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """Lines under the table: auction, bottom cards, multiplier, top play, hand, turn."""
    lines: list[Text] = []
    events = view.get("events") or []
    if view.get("game") == "doudizhu" or "bid" in view:
        bid = view.get("bid")
        line = Text("Bid: ", style="bold")
        if bid:
            line.append(str(bid))
            bidder = next(
                (e.get("seat") for e in reversed(_deal_events(events)) if e.get("type") == "bid"),
                None,
            )
            if bidder is not None:
                line.append(f" ({_name(names, bidder)})")
        else:
            line.append("none yet")
        if view.get("multiplier") is not None:
            line.append("   Multiplier: ", style="bold")
            line.append(f"×{view['multiplier']}")
        bottom = view.get("bottom")
        line.append("   Bottom: ", style="bold")
        if isinstance(bottom, list):
            line.append_text(cards_text(sort_cards(bottom, CLIMBING_ORDER)))
        else:
            line.append("hidden until the auction ends", style="dim")
        lines.append(line)
    top = view.get("top")
    if not in_auction(view):
        line = Text("On the table: ", style="bold")
        if isinstance(top, Mapping):
            line.append(f"{_name(names, top.get('seat'))} — ")
            line.append_text(cards_text(top.get("cards") or []))
            if top.get("kind"):
                line.append(f" ({kind_label(top['kind'])})", style="dim")
        else:
            line.append("nothing (a new round)", style="dim")
        lines.append(line)
    hand = Text("Your hand: ", style="bold")
    hand.append_text(cards_text(view.get("hand") or []))
    hand.append(f"  ({len(view.get('hand') or [])} cards)", style="dim")
    lines.append(hand)
    return lines


def turn_prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    legal = view.get("legal_actions") or []
    if in_auction(view):
        bids = [a.split()[1] for a in legal if str(a).startswith("bid ")]
        return f"Your bid ({'/'.join(bids) or 'none'}, or pass) > "
    top = view.get("top")
    if not isinstance(top, Mapping):
        return "You lead: your play > "
    if legal == ["pass"]:
        return "You cannot beat it — type pass > "
    who = _name(names, top.get("seat"))
    must = "pass" not in legal
    return f"Beat {who}'s play{' (you must)' if must else ' or pass'} > "


# --------------------------------------------------------------------------------------
# The game loop
# --------------------------------------------------------------------------------------


def render_record(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Table:
    """Every bid and play of the match, in order."""
    record = Table(title="Record", title_style="bold")
    record.add_column("#", justify="right", style="dim")
    record.add_column("Seat", style="bold")
    record.add_column("Action")
    number = 0
    for event in events:
        kind = event.get("type")
        if "action" in event and "seat" in event:
            number += 1
            record.add_row(
                str(number),
                _name(names, event["seat"]),
                action_text(
                    str(event["action"]),
                    event.get("kind"),
                    you=_name(names, event["seat"]) == "You",
                ),
            )
        elif kind in ("landlord", "void_deal", "round_end", "bonus"):
            line = describe_event(event, names)
            if line is not None:
                line.stylize("dim")
                record.add_row("", "", line)
    return record


def _is_seat_numbers(value: Any, num: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == num
        and all(isinstance(item, (int, float)) and not isinstance(item, bool) for item in value)
    )


def _per_seat(values: Sequence[Any], names: Sequence[str]) -> str:
    return ", ".join(f"{_name(names, seat)} {value:+}" for seat, value in enumerate(values))


def _format_value(value: Any, names: Sequence[str]) -> str:
    """A breakdown value in words: per-seat lists and seat-keyed dicts get seat names."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _is_seat_numbers(value, len(names)):
        return _per_seat(value, names)
    if isinstance(value, Mapping):
        parts = []
        for key, item in value.items():
            label = _name(names, int(key)) if str(key).isdigit() else kind_label(key)
            parts.append(f"{label}: {_format_value(item, names)}")
        return "; ".join(parts)
    if isinstance(value, list):
        return ", ".join(_format_value(item, names) for item in value)
    if isinstance(value, str):
        return value
    return json.dumps(value)


def render_result(
    events: Sequence[Mapping[str, Any]], scores: Sequence[int], names: Sequence[str]
) -> list[Table]:
    """The scores per seat, and the breakdown of the last result event."""
    tables: list[Table] = []
    score_table = Table(title="Scores", title_style="bold")
    score_table.add_column("Seat", style="bold")
    score_table.add_column("Points", justify="right")
    for seat, points in enumerate(scores):
        style = "green" if points > 0 else "red" if points < 0 else ""
        score_table.add_row(_name(names, seat), Text(f"{points:+}", style=style))
    tables.append(score_table)
    result = next((e for e in reversed(events) if e.get("type") == "result"), None)
    breakdown = result.get("breakdown") if result else None
    if isinstance(breakdown, Mapping) and breakdown:
        detail = Table(title="Breakdown", title_style="bold")
        detail.add_column("Item", style="bold")
        detail.add_column("Value")
        for key, value in breakdown.items():
            detail.add_row(kind_label(key), _format_value(value, names))
        tables.append(detail)
    return tables


def play_session(
    state: StateLike,
    console: Console,
    input_fn: Callable[[str], str],
    bots: Mapping[int, Bot],
    hint_bot: Bot | None = None,
    *,
    human_seat: int = 0,
    title: str = "",
    levels: Sequence[str] = (),
    delay: float = 0.0,
) -> int:
    """Play ``state`` to the end: the human at ``human_seat`` types, ``bots`` play the
    other seats. Returns 0 when the match ended, 1 when the human quit."""
    num = len(state.view(human_seat).get("hand_sizes") or []) or (max(bots, default=0) + 1)
    names = seat_names(num, human_seat)
    shown = 0

    def public_events() -> list[dict[str, Any]]:
        # Only what the human's seat may know, as a web page would receive it.
        events: list[dict[str, Any]] = state.view(human_seat)["events"]
        return events

    def flush() -> None:
        nonlocal shown
        events = public_events()
        for event in events[shown:]:
            line = describe_event(event, names)
            if line is not None:
                console.print(line)
        shown = len(events)

    while not state.is_over:
        flush()
        seat = state.current_player
        assert seat is not None
        if seat != human_seat:
            bot = bots[seat]
            action = bot.act(state.view(seat))
            try:
                state.apply(action)
            except cardavia.IllegalAction as error:
                raise RuntimeError(f"bot at seat {seat} chose {action!r}: {error}") from error
            if delay:
                time.sleep(delay)
            continue
        view = state.view(human_seat)
        console.print()
        console.print(render_table(view, names, title, levels))
        for line in render_status(view, names):
            console.print(line)
        while True:
            try:
                typed = input_fn(turn_prompt(view, names))
            except (EOFError, KeyboardInterrupt):
                typed = "quit"
            command = interpret(typed, view)
            if command.kind == "empty":
                continue
            if command.kind == "quit":
                console.print("You left the table.")
                return 1
            if command.kind == "help":
                console.print(HELP_TEXT)
                continue
            if command.kind == "table":
                console.print(render_table(view, names, title, levels))
                for line in render_status(view, names):
                    console.print(line)
                continue
            if command.kind == "hint":
                if hint_bot is None:
                    console.print("No hint available.")
                else:
                    suggestion = hint_bot.act(view)
                    hint = Text("Hint: ", style="bold cyan")
                    hint.append_text(action_text(suggestion, you=True))
                    hint.append(f"   (type: {human_form(suggestion)})", style="dim")
                    console.print(hint)
                continue
            if command.kind == "error":
                console.print(Text(f"✗ {command.message}", style="red"))
                continue
            try:
                state.apply(command.action)
            except cardavia.IllegalAction as error:
                console.print(Text(f"✗ Not allowed: {error}", style="red"))
                continue
            break
    flush()
    final_events = public_events()
    console.print()
    console.print(Text("The deal is over.", style="bold"))
    console.print(render_record(final_events, names))
    for table in render_result(final_events, state.scores, names):
        console.print(table)
    return 0


def play_command(
    game_name: str,
    *,
    seed: int | None,
    level: str,
    console: Console,
    input_fn: Callable[[str], str],
    delay: float = 0.0,
    budget: float | None = None,
) -> int:
    """``cardavia play``: build the match and its bots, then :func:`play_session`."""
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    game = cardavia.new_game(game_name)
    state = game.new_state(seed=seed)
    bots = {
        seat: make_bot(game_name, level, seed=seed * 10 + seat, budget=budget)
        for seat in range(1, game.num_players)
    }
    hint_bot = make_bot(game_name, "basic", seed=seed)
    title = f"{GAME_TITLES.get(game_name, game_name)} · seed {seed}"
    console.print(
        Text(
            f"{title}. You are seat 0 against {game.num_players - 1} {level} bots. "
            "Type 'help' for commands.",
            style="bold",
        )
    )
    levels = [""] + [level] * (game.num_players - 1)
    result = play_session(
        state, console, input_fn, bots, hint_bot, title=title, levels=levels, delay=delay
    )
    replay = f"cardavia play {game_name} --seed {seed} --level {level}"
    if budget is not None:
        replay += f" --budget {budget:g}"
    console.print(Text(f"Replay this deal: {replay}"))
    return result


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
# Arena
# --------------------------------------------------------------------------------------


def bot_labels(levels: Sequence[str]) -> list[str]:
    """One label per bot: its level, or ``level#position`` when the level repeats."""
    counts = Counter(levels)
    return [level if counts[level] == 1 else f"{level}#{i}" for i, level in enumerate(levels)]


def arrangements(num_bots: int) -> list[tuple[int, ...]]:
    """Every seat arrangement: ``arrangement[seat]`` is the index of the bot in that seat."""
    return list(itertools.permutations(range(num_bots)))


def schedule(
    deals: int, seed: int, num_bots: int, fresh_deals: bool = False
) -> list[tuple[int, tuple[int, ...]]]:
    """(seed, arrangement) per deal. Deals come in blocks of one deal per arrangement, in
    the same order each block. By default a block replays one seed in every arrangement
    (duplicate style: each bot gets each seat's cards), seed ``S + block``; with
    ``fresh_deals`` every deal has its own seed ``S + i``."""
    orders = arrangements(num_bots)
    return [
        (seed + (i if fresh_deals else i // len(orders)), orders[i % len(orders)])
        for i in range(deals)
    ]


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


def deal_outcome(view: Mapping[str, Any], scores: Sequence[int]) -> tuple[list[str], list[bool]]:
    """Roles and wins per seat from a finished match's view.

    Dou Dizhu: roles landlord/farmer, a farmer wins when the farmers' side wins. Games
    without roles: the role is the seat position, the winner is whoever went out (hand
    size 0); without hand sizes, a positive score counts as a win.
    """
    num = len(scores)
    sizes = view.get("hand_sizes")
    out = [seat for seat in range(num) if isinstance(sizes, list) and sizes[seat] == 0]
    landlord = view.get("landlord")
    if isinstance(landlord, int):
        roles = ["landlord" if seat == landlord else "farmer" for seat in range(num)]
        landlord_won = landlord in out if out else scores[landlord] > 0
        wins = [(seat == landlord) == landlord_won for seat in range(num)]
        return roles, wins
    roles = [f"seat {seat}" for seat in range(num)]
    if out:
        return roles, [seat in out for seat in range(num)]
    return roles, [points > 0 for points in scores]


def play_arena_deal(task: DealTask) -> DealResult:
    """Play one arena deal (a top-level function, so worker processes can run it)."""
    game = cardavia.new_game(task.game)
    state = game.new_state(seed=task.seed)
    bots = [
        make_bot(task.game, task.levels[bot], seed=task.seed * 10 + bot, budget=task.budget)
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
        except cardavia.IllegalAction as error:
            level = task.levels[task.arrangement[seat]]
            raise RuntimeError(
                f"{task.game} seed {task.seed}: the {level} bot at seat {seat} chose "
                f"{action!r}, which the engine refused: {error}"
            ) from None
    scores = list(state.scores)
    roles, wins = deal_outcome(state.view(0), scores)
    return DealResult(task.index, task.seed, task.arrangement, scores, roles, wins, times)


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


def summarise(
    labels: Sequence[str], results: Sequence[DealResult], block: int
) -> tuple[list[ArenaRow], HeadToHead]:
    """Rows per bot and role (plus 'all'), and the first bot's head-to-head difference.

    The head-to-head value of a deal is the first bot's points minus the mean points of the
    other bots; each complete block (one deal per seat arrangement) is averaged, and the
    interval is mean ± 1.96·sd/√blocks over blocks.
    """
    points: dict[tuple[str, str], list[float]] = {}
    wins: Counter[tuple[str, str]] = Counter()
    times: dict[tuple[str, str], list[float]] = {}
    role_order: list[str] = []
    for result in results:
        for seat, bot in enumerate(result.arrangement):
            role = result.roles[seat]
            if role not in role_order:
                role_order.append(role)
            for key in ((labels[bot], role), (labels[bot], "all")):
                points.setdefault(key, []).append(result.scores[seat])
                times.setdefault(key, []).extend(result.times_ms[seat])
                wins[key] += result.wins[seat]
    role_order.sort()
    rows: list[ArenaRow] = []
    for label in labels:
        for role in [*role_order, "all"]:
            key = (label, role)
            if key not in points:
                continue
            n = len(points[key])
            low, high = wilson_interval(wins[key], n)
            mean, points_low, points_high = mean_interval(points[key])
            decision_times = times[key]
            mean_ms = math.fsum(decision_times) / len(decision_times) if decision_times else 0.0
            rows.append(
                ArenaRow(
                    label=label,
                    role=role,
                    deals=n,
                    wins=wins[key],
                    win_rate=wins[key] / n,
                    win_low=low,
                    win_high=high,
                    avg_points=mean,
                    points_low=points_low,
                    points_high=points_high,
                    decisions=len(decision_times),
                    mean_ms=mean_ms,
                    p95_ms=percentile(decision_times, 95) if decision_times else 0.0,
                )
            )
    by_index = sorted(results, key=lambda result: result.index)
    block_values: list[float] = []
    for start in range(0, len(by_index) - block + 1, block):
        diffs = []
        for result in by_index[start : start + block]:
            first_seat = result.arrangement.index(0)
            others = [p for s, p in enumerate(result.scores) if s != first_seat]
            diffs.append(result.scores[first_seat] - math.fsum(others) / max(1, len(others)))
        block_values.append(math.fsum(diffs) / len(diffs))
    mean, low, high = mean_interval(block_values)
    head = HeadToHead(labels[0], list(labels[1:]), len(block_values), mean, low, high)
    return rows, head


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
) -> ArenaReport:
    """Play ``deals`` deals between bots of the given levels (one per seat)."""
    labels = bot_labels(levels)
    plan = schedule(deals, seed, len(levels), fresh_deals)
    tasks = [
        DealTask(game_name, index, deal_seed, order, tuple(levels), budget)
        for index, (deal_seed, order) in enumerate(plan)
    ]
    results: list[DealResult] = []
    if workers <= 1:
        for task in tasks:
            result = play_arena_deal(task)
            results.append(result)
            if on_result:
                on_result(result)
    else:
        context = multiprocessing.get_context("spawn")
        with context.Pool(workers) as pool:
            for result in pool.imap_unordered(play_arena_deal, tasks):
                results.append(result)
                if on_result:
                    on_result(result)
    results.sort(key=lambda result: result.index)
    block = len(arrangements(len(levels)))
    rows, head = summarise(labels, results, block)
    return ArenaReport(game_name, labels, deals, seed, block, rows, head, results)


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


def render_arena(report: ArenaReport, console: Console) -> None:
    """The arena report: one row per bot and role, then the head-to-head line."""
    table = Table(
        title=f"Arena · {GAME_TITLES.get(report.game, report.game)} · {report.deals} deals",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        caption="Won: wins/deals; Win % [95% Wilson interval]; Points: mean per deal ± 95% "
        "interval; ms, p95: mean and 95th percentile decision time",
    )
    table.add_column("Bot", style="bold", no_wrap=True)
    table.add_column("Role", no_wrap=True)
    for name in ("Won", "Win %", "Points", "Moves", "ms", "p95"):
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
            str(row.decisions),
            f"{row.mean_ms:.1f}",
            f"{row.p95_ms:.1f}",
            style="bold" if row.role == "all" else None,
        )
    console.print(table)
    head = report.head_to_head
    if report.deals % report.arrangements:
        console.print(
            Text(
                f"Note: {report.deals} deals is not a multiple of the {report.arrangements} "
                "seat arrangements; the last partial block is left out of the head-to-head.",
                style="yellow",
            )
        )
    verdict = (
        "not enough blocks for an interval (at least 2 needed)"
        if math.isnan(head.low)
        else ("clear of zero" if head.clear_of_zero else "not clear of zero")
    )
    console.print(
        Text(
            f"Head-to-head: {head.label} − mean of ({', '.join(head.others)}) = "
            f"{_num(head.mean)} points per deal, 95% interval "
            f"[{_num(head.low)}, {_num(head.high)}] over {head.blocks} blocks of "
            f"{report.arrangements} seat arrangements: {verdict}."
        )
    )
    if report.command:
        console.print(Text(f"Rerun: {report.command}"))


def arena_command_line(
    game: str,
    levels: Sequence[str],
    deals: int,
    seed: int,
    workers: int,
    budget: float | None,
    fresh_deals: bool,
) -> str:
    parts = [
        "cardavia arena",
        game,
        f"--bots {','.join(levels)}",
        f"--deals {deals}",
        f"--seed {seed}",
    ]
    if workers != 1:
        parts.append(f"--workers {workers}")
    if budget is not None:
        parts.append(f"--budget {budget:g}")
    if fresh_deals:
        parts.append("--fresh-deals")
    return " ".join(parts)


def report_json(report: ArenaReport) -> dict[str, Any]:
    data = asdict(report)
    data["head_to_head"]["clear_of_zero"] = report.head_to_head.clear_of_zero
    for result in data["results"]:
        result.pop("times_ms")
    return data


# --------------------------------------------------------------------------------------
# bench, serve, main
# --------------------------------------------------------------------------------------


def find_bench_script(name: str = "doudizhu_speed.py") -> Path | None:
    """``bench/<name>`` in the repository that holds this package, else under the cwd."""
    here = Path(__file__).resolve()
    candidates = [parent / "bench" / name for parent in here.parents[:4]]
    candidates.append(Path.cwd() / "bench" / name)
    return next((path for path in candidates if path.is_file()), None)


def bench_command(args: Sequence[str], console: Console) -> int:
    script = find_bench_script()
    if script is None:
        console.print(
            "cardavia bench: bench/doudizhu_speed.py was not found (looked next to the "
            "cardavia package and in the current directory). Run it from a source checkout."
        )
        return 1
    return subprocess.run([sys.executable, str(script), *args], check=False).returncode


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="cardavia", description="Traditional card games against computer opponents."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="play a deal in the terminal against bots")
    play.add_argument("game", choices=PLAYABLE_GAMES)
    play.add_argument("--seed", type=int, default=None, help="the deal's seed (default: random)")
    play.add_argument("--level", choices=LEVELS, default="basic", help="the bots' level")
    play.add_argument(
        "--delay", type=float, default=0.4, help="seconds to wait after each bot move"
    )
    play.add_argument(
        "--budget", type=_budget, default=None, help="strong bots: seconds per decision"
    )

    arena = commands.add_parser("arena", help="bots against bots over many deals")
    arena.add_argument("game")
    arena.add_argument("--bots", required=True, help="one level per seat, e.g. strong,basic,basic")
    arena.add_argument("--deals", type=_positive_int, default=60)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--workers", type=_positive_int, default=1)
    arena.add_argument("--budget", type=_budget, default=None, help="strong bots: s/decision")
    arena.add_argument(
        "--fresh-deals",
        action="store_true",
        help="a new seed for every deal (default: each seed is replayed in every arrangement)",
    )
    arena.add_argument("--json", metavar="FILE", help="also write the report as JSON")

    bench = commands.add_parser("bench", help="run bench/doudizhu_speed.py")
    bench.add_argument("args", nargs=argparse.REMAINDER, help="passed to the benchmark")

    commands.add_parser("serve", help="the web app (not built yet)")
    return parser


def _arena_main(args: argparse.Namespace, console: Console) -> int:
    try:
        game = cardavia.new_game(args.game)
    except ValueError as error:
        console.print(Text(f"cardavia arena: {error}"))
        return EXIT_USAGE
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    bad = [level for level in levels if level not in LEVELS]
    if bad:
        console.print(
            Text(f"cardavia arena: unknown bot level {', '.join(bad)}; use {', '.join(LEVELS)}")
        )
        return EXIT_USAGE
    if len(levels) != game.num_players:
        console.print(
            f"cardavia arena: {args.game} has {game.num_players} seats, so --bots needs "
            f"{game.num_players} levels (got {len(levels)})"
        )
        return EXIT_USAGE
    if args.budget is not None and "strong" not in levels:
        console.print("Note: --budget only applies to strong bots; there are none here.")
    command = arena_command_line(
        args.game, levels, args.deals, args.seed, args.workers, args.budget, args.fresh_deals
    )
    done = 0

    def progress(_: DealResult) -> None:
        nonlocal done
        done += 1
        if console.is_terminal:
            console.print(f"  {done}/{args.deals} deals", end="\r")

    try:
        report = run_arena(
            args.game,
            levels,
            args.deals,
            args.seed,
            workers=args.workers,
            budget=args.budget,
            fresh_deals=args.fresh_deals,
            on_result=progress,
        )
    except RuntimeError as error:
        console.print(Text(f"cardavia arena: {error}"))
        return 1
    report.command = command
    render_arena(report, console)
    if args.json:
        Path(args.json).write_text(json.dumps(report_json(report), indent=2) + "\n")
        console.print(Text(f"Report written to {args.json}"))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    # The benchmark's own options pass through ("cardavia bench --quick").
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "bench":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    # Piped output (logs, files) is not cut at 80 columns.
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 120)
    if args.command is None:
        parser.print_help()
        return EXIT_USAGE
    if args.command == "play":
        try:
            return play_command(
                args.game,
                seed=args.seed,
                level=args.level,
                console=console,
                input_fn=lambda prompt: console.input(prompt),
                delay=args.delay,
                budget=args.budget,
            )
        except KeyboardInterrupt:
            console.print("\nYou left the table.")
            return 1
    if args.command == "arena":
        return _arena_main(args, console)
    if args.command == "bench":
        return bench_command([*args.args, *extra], console)
    if args.command == "serve":
        print("cardavia serve: the web app is not built yet.", file=sys.stderr)
        return EXIT_USAGE
    parser.error(f"unknown command {args.command}")
    return EXIT_USAGE


if __name__ == "__main__":
    sys.exit(main())
