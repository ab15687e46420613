"""``cardavia play``: a terminal table against bots (you are seat 0).

The input/output loop is :func:`play_session`, which takes an ``input_fn`` and a rich
:class:`Console` so that tests can script a whole session. What is shown and how typed
lines are read depends on the game family, through a :class:`Presenter`: the climbing
games (Dou Dizhu, Run Fast) here, where reading what the human types is :func:`interpret`
and everything shown is built by the ``render_*`` and ``describe_*`` functions; the poker
games (Hold'em, One Poker) in :mod:`cardavia.terminal_poker`; Contract Bridge in
:mod:`cardavia.terminal_bridge`; Guandan in :mod:`cardavia.terminal_guandan`; Tractor in
:mod:`cardavia.terminal_tractor`; French Tarot in :mod:`cardavia.terminal_tarot`.
:data:`GAME_TITLES` and :func:`make_bot` also serve the arena.

The loop's own lines (leaving, a refusal, a hint, the replay line) are English unless the
presenter has a ``session_text(key, **params)`` (the catalogs' texts of its language, see
:data:`SESSION_TEXTS` for the keys); a presenter with ``seat_names()`` names the seats.
"""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from cardavia.ai import Bot, new_bot
from cardavia.cards import rank_of, resolve_ranks, sort_cards, split_tokens
from cardavia.engine import IllegalAction, State, current_deal_events, new_game
from cardavia.locale import LANGUAGES, t

GAME_TITLES = {
    "doudizhu": "Dou Dizhu",
    "runfast": "Run Fast (Zheng Shangyou)",
    "holdem": "Texas Hold'em (no limit)",
    "onepoker": "One Poker",
    "bridge": "Contract Bridge",
    "guandan": "Guandan",
    "tractor": "Tractor (Shengji)",
    "tarot": "French Tarot",
}
# Games whose seats have names of their own at the table (seat 0 is always "You").
TABLE_NAMES: dict[str, tuple[str, ...]] = {
    "bridge": ("You", "West", "North", "East"),
    "guandan": ("You", "Bot 1", "Partner", "Bot 3"),
}
# How play_command introduces the table, when "You are seat 0 against N bots" does not fit.
SEATING: dict[str, str] = {
    "bridge": "You are South; your partner North and the opponents West and East are {level} bots.",
    "guandan": "You are seat 0; your partner (seat 2, opposite) and the opponents (Bot 1 and "
    "Bot 3) are {level} bots.",
}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = frozenset("HD")
CLIMBING_ORDER = "3456789TJQKA2"
KIND_NAMES = {
    "triple_single": "triple with a single",
    "triple_pair": "triple with a pair",
    "plane_single": "plane with single wings",
    "plane_pair": "plane with pair wings",
    "four_two_single": "four with two singles",
    "four_two_pair": "four with two pairs",
}


def make_bot(game_name: str, level: str, seed: int, budget: float | None = None) -> Bot:
    """A bot; ``budget`` (seconds per decision) goes to strong bots only."""
    if level == "strong" and budget is not None:
        return new_bot(game_name, level=level, seed=seed, budget=budget)
    return new_bot(game_name, level=level, seed=seed)


# --------------------------------------------------------------------------------------
# Showing cards and actions
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


def cards_text(
    cards: Iterable[str],
    label: Callable[[str], str] = card_label,
    style: Callable[[str], str] = card_style,
) -> Text:
    """The cards, space-separated and coloured; ``label`` and ``style`` show one card
    (French Tarot passes its own, for the trumps and the Excuse)."""
    text = Text()
    for index, card in enumerate(cards):
        if index:
            text.append(" ")
        text.append(label(card), style=style(card))
    return text


def append_plays(
    text: Text,
    plays: Iterable[Mapping[str, Any]],
    names: Sequence[str],
    cards: Callable[[Mapping[str, Any]], Text],
) -> None:
    """Append 'You 7♥ · Bot 1 K♥ · …' to ``text``: each play's seat and ``cards(play)``."""
    for index, play in enumerate(plays):
        if index:
            text.append(" · ")
        text.append(seat_name(names, play.get("seat")) + " ")
        text.append_text(cards(play))


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


def seat_names(num_players: int, human_seat: int = 0, game_name: str = "") -> list[str]:
    """The seats' display names: the game's own (Bridge: You, West, North, East) when the
    human has seat 0, else "You" and "Bot N"."""
    if game_name in TABLE_NAMES and human_seat == 0:
        return list(TABLE_NAMES[game_name])
    return ["You" if seat == human_seat else f"Bot {seat}" for seat in range(num_players)]


def seat_name(names: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def _verb_s(seat: Any) -> str:
    """The verb ending after a seat's name: "You hold" for seat 0, "Bot 1 holds" otherwise."""
    return "" if seat == 0 else "s"


def _event_action_text(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    """The action of a bid, pass or play event, its verb agreeing with the seat's name."""
    you = seat_name(names, event.get("seat")) == "You"
    return action_text(str(event["action"]), event.get("kind"), you=you)


def _is_seat_numbers(value: Any, num: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == num
        and all(isinstance(item, (int, float)) and not isinstance(item, bool) for item in value)
    )


def _per_seat(values: Sequence[Any], names: Sequence[str]) -> str:
    return ", ".join(f"{seat_name(names, seat)} {value:+}" for seat, value in enumerate(values))


def _generic_fields(event: Mapping[str, Any], skip: Iterable[str] = ()) -> str:
    hidden = {"type", *skip}
    parts = [f"{key}={json.dumps(value)}" for key, value in event.items() if key not in hidden]
    return ", ".join(parts)


# --------------------------------------------------------------------------------------
# Describing events, one line each
# --------------------------------------------------------------------------------------


def _describe_deal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    text = Text("New deal.", style="bold cyan")
    if isinstance(event.get("first_bidder"), int):
        text.append(f" {seat_name(names, event['first_bidder'])} bid first.")
    opener = event.get("opener")
    if isinstance(opener, int):
        s = _verb_s(opener)
        text.append(f" {seat_name(names, opener)} hold{s} 3♥ and open{s}.")
    return text


def _describe_action(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    text = Text(f"{seat_name(names, event.get('seat'))} ", style="bold")
    text.append_text(_event_action_text(event, names))
    left = event.get("left")
    if event.get("type") == "play" and isinstance(left, int) and 1 <= left <= 2:
        text.append(f" — {left} card{'s' if left != 1 else ''} left!", style="bold yellow")
    return text


def _describe_landlord(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    text = Text(f"{seat_name(names, seat)} become{_verb_s(seat)} the landlord")
    if event.get("bid") is not None:
        text.append(f" with a bid of {event['bid']}")
    bottom = event.get("bottom") or event.get("cards")
    if isinstance(bottom, list):
        text.append(". Bottom cards: ")
        text.append_text(cards_text(sort_cards(bottom, CLIMBING_ORDER)))
    text.append(".")
    text.stylize("bold magenta")
    return text


def _describe_round_end(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    leader = event.get("leader", event.get("seat"))
    return Text(f"Round over — {seat_name(names, leader)} lead{_verb_s(leader)}.", style="dim")


def _describe_void_deal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    return Text("Nobody bid: the deal is void, the cards are dealt again.", style="yellow")


def _describe_result(event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    winner = event.get("winner")
    if winner is None:
        return None
    text = Text(f"{seat_name(names, winner)} went out", style="bold")
    if event.get("landlord_won") is not None:
        text.append(": the landlord wins." if event["landlord_won"] else ": the farmers win.")
    else:
        text.append(f" and win{_verb_s(winner)}.")
    return text


def _describe_bonus(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    text = Text("Bonus: ", style="yellow")
    if seat is not None:
        text.append(f"{seat_name(names, seat)}'s bomb stands")
    amounts: Any = event.get("amounts")
    if _is_seat_numbers(amounts, len(names)):
        text.append(": " + _per_seat(amounts, names))
    rest = _generic_fields(event, skip=("seat", "amounts"))
    if rest:
        text.append(f" ({rest})")
    return text


def describe_unknown(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    """Type and fields, so that new kinds of event never crash the table."""
    seat = event.get("seat")
    text = Text(f"{event.get('type')}", style="dim")
    if seat is not None:
        text.append(f" {seat_name(names, seat)}", style="dim")
    fields = _generic_fields(event, skip=("seat",))
    if fields:
        text.append(f": {fields}", style="dim")
    return text


_DESCRIBERS: dict[str, Callable[[Mapping[str, Any], Sequence[str]], Text | None]] = {
    "deal": _describe_deal,
    "landlord": _describe_landlord,
    "round_end": _describe_round_end,
    "void_deal": _describe_void_deal,
    "result": _describe_result,
    "bonus": _describe_bonus,
}


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """One line for an event, or None for events not worth a line (the final result is
    shown separately). Unknown event types are shown generically."""
    kind = event.get("type")
    if kind in ("bid", "pass", "play") and "action" in event:
        return _describe_action(event, names)
    describe = _DESCRIBERS.get(kind) if isinstance(kind, str) else None
    return (describe or describe_unknown)(event, names)


# --------------------------------------------------------------------------------------
# Reading what the human types
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    """What a line of input means: ``kind`` is 'action' (then ``action`` is the engine
    action, and a ``message``, if any, is shown once it is applied: how a shortcut was
    read), 'help', 'hint', 'quit', 'table', 'empty', 'error' (then ``message`` says
    why) or 'info' (``message`` is shown and the human is asked again: Guandan's numbered
    readings). ``more`` are engine actions applied after ``action``, in order (Tractor's
    eight cards buried from one line): all of them or, when one is refused, none."""

    kind: str
    action: str = ""
    message: str = ""
    more: tuple[str, ...] = ()


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

# The words every game understands (the poker games too).
GENERAL_COMMANDS: dict[str, Command] = {
    **dict.fromkeys(("quit", "exit", ":q"), Command("quit")),
    **dict.fromkeys(("help", "h", "?"), Command("help")),
    "hint": Command("hint"),
    **dict.fromkeys(("table", "show", "look"), Command("table")),
}
_WORD_COMMANDS: dict[str, Command] = {
    **GENERAL_COMMANDS,
    **dict.fromkeys(("pass", "p", "no", "-"), Command("action", action="pass")),
}


def read_line(
    text: str, words: Mapping[str, Command] = GENERAL_COMMANDS
) -> tuple[str, Command | None]:
    """The typed line with its white space folded, and the command it already is: 'empty',
    or one of ``words`` (matched in lower case); None when the game must read it."""
    line = " ".join(text.strip().split())
    low = line.lower()
    if not low:
        return line, Command("empty")
    return line, words.get(low)


_SUITED = re.compile(r"^(10|[2-9tjqka])[shdc]$|^[shdc](10|[2-9tjqka])$", re.IGNORECASE)


def in_auction(view: Mapping[str, Any]) -> bool:
    legal = view.get("legal_actions") or []
    if any(str(action).startswith("bid ") for action in legal):
        return True
    return view.get("game") == "doudizhu" and view.get("landlord") is None


def interpret(text: str, view: Mapping[str, Any]) -> Command:
    """Translate a line the human typed into a command or an engine action.

    Cards may be typed as ranks (``33 44``, ``10``, ``bj rj``), exact cards (``3h 3s``) or
    a mix, with or without a leading ``play``; ranks take the lowest matching cards of the
    hand. When that exact choice is not listed but a legal play has the same ranks (Run
    Fast's opening must contain 3H), that play is chosen. Legality itself is left to the
    engine, whose message explains a refusal.
    """
    line, command = read_line(text, _WORD_COMMANDS)
    if command is not None:
        return command
    low = line.lower()
    bid = _bid_command(low, view)
    if bid is not None:
        return bid
    if low.startswith("play"):
        line = line[4:].strip()
        if not line:
            return Command("error", message="Name the cards to play, for example: play 5 5")
    return _play_command(line, view)


def _bid_command(low: str, view: Mapping[str, Any]) -> Command | None:
    """'bid 2', 'bid2', or a bare 1/2/3 during the auction; None for anything else."""
    if low == "bid":
        return Command("error", message="Say how much: bid 1, bid 2 or bid 3.")
    bid = re.fullmatch(r"bid\s*(\S+)", low)
    if bid:
        return Command("action", action=f"bid {bid.group(1)}")
    if in_auction(view) and re.fullmatch(r"[123]", low):
        return Command("action", action=f"bid {low}")
    return None


def _play_command(line: str, view: Mapping[str, Any]) -> Command:
    """The cards named by ``line`` as a play, in the order of the hand."""
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
        same_ranks = _legal_play_with_ranks(legal, cards)
        if same_ranks is not None:
            return Command("action", action=same_ranks)
    return Command("action", action=action)


def _rank_multiset(cards: Iterable[str]) -> Counter[str]:
    return Counter(rank_of(card) for card in cards)


def _legal_play_with_ranks(legal: Iterable[str], cards: Iterable[str]) -> str | None:
    wanted = _rank_multiset(cards)
    for candidate in legal:
        if candidate.startswith("play ") and _rank_multiset(candidate.split()[1:]) == wanted:
            return candidate
    return None


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


def _last_actions(events: list[dict[str, Any]]) -> dict[int, Mapping[str, Any]]:
    """Each seat's latest action in the current round (or the auction)."""
    last: dict[int, Mapping[str, Any]] = {}
    for event in current_deal_events(events):
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
    last = _last_actions(view.get("events") or [])
    grid = Table(title=title, title_style="bold", show_lines=False, expand=False)
    grid.add_column("Seat", style="bold")
    grid.add_column("Cards", justify="right")
    if "landlord" in view:
        grid.add_column("Role")
    grid.add_column("This round")
    for seat in range(len(names)):
        grid.add_row(*_seat_row(view, names, levels, seat, last.get(seat)))
    return grid


def seat_cell(
    view: Mapping[str, Any], names: Sequence[str], levels: Sequence[str], seat: int
) -> str:
    """A seat's name in a table, with its bot level if any and ▶ when it is to act."""
    name = names[seat]
    if seat < len(levels) and levels[seat]:
        name += f" ({levels[seat]})"
    if seat == view.get("current_player"):
        name = "▶ " + name
    return name


def _seat_row(
    view: Mapping[str, Any],
    names: Sequence[str],
    levels: Sequence[str],
    seat: int,
    last_action: Mapping[str, Any] | None,
) -> list[Any]:
    """One seat's cells: name (with level and turn marker), cards left, role, last action."""
    name = seat_cell(view, names, levels, seat)
    sizes = view.get("hand_sizes")
    count = str(sizes[seat]) if isinstance(sizes, list) and seat < len(sizes) else "?"
    row: list[Any] = [name, count]
    if "landlord" in view:
        role = role_of(view, seat)
        row.append(Text(role, style="magenta" if role == "landlord" else "green"))
    doing = Text("")
    if last_action:
        doing = action_text(str(last_action["action"]), last_action.get("kind"), you=seat == 0)
    row.append(doing)
    return row


def render_status(view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """Lines under the table: auction, bottom cards, multiplier, top play, hand, turn."""
    lines: list[Text] = []
    if view.get("game") == "doudizhu" or "bid" in view:
        lines.append(_auction_line(view, names))
    if not in_auction(view):
        lines.append(_top_play_line(view, names))
    lines.append(_hand_line(view))
    return lines


def _auction_line(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    line = Text("Bid: ", style="bold")
    bid = view.get("bid")
    if bid:
        line.append(str(bid))
        deal_events = current_deal_events(view.get("events") or [])
        bidder = next(
            (e.get("seat") for e in reversed(deal_events) if e.get("type") == "bid"), None
        )
        if bidder is not None:
            line.append(f" ({seat_name(names, bidder)})")
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
    return line


def _top_play_line(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    top = view.get("top")
    line = Text("On the table: ", style="bold")
    if isinstance(top, Mapping):
        line.append(f"{seat_name(names, top.get('seat'))} — ")
        line.append_text(cards_text(top.get("cards") or []))
        if top.get("kind"):
            line.append(f" ({kind_label(top['kind'])})", style="dim")
    else:
        line.append("nothing (a new round)", style="dim")
    return line


def _hand_line(view: Mapping[str, Any]) -> Text:
    hand = view.get("hand") or []
    line = Text("Your hand: ", style="bold")
    line.append_text(cards_text(hand))
    line.append(f"  ({len(hand)} cards)", style="dim")
    return line


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
    who = seat_name(names, top.get("seat"))
    must = "pass" not in legal
    return f"Beat {who}'s play{' (you must)' if must else ' or pass'} > "


# --------------------------------------------------------------------------------------
# The end of the deal
# --------------------------------------------------------------------------------------


def render_record(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Table:
    """Every bid and play of the match, in order."""
    record = Table(title="Record", title_style="bold")
    record.add_column("#", justify="right", style="dim")
    record.add_column("Seat", style="bold")
    record.add_column("Action")
    number = 0
    for event in events:
        if "action" in event and "seat" in event:
            number += 1
            record.add_row(
                str(number), seat_name(names, event["seat"]), _event_action_text(event, names)
            )
        elif event.get("type") in ("landlord", "void_deal", "round_end", "bonus"):
            line = describe_event(event, names)
            if line is not None:
                line.stylize("dim")
                record.add_row("", "", line)
    return record


def _format_value(value: Any, names: Sequence[str]) -> str:
    """A breakdown value in words: per-seat lists and seat-keyed dicts get seat names."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if _is_seat_numbers(value, len(names)):
        return _per_seat(value, names)
    if isinstance(value, Mapping):
        parts = []
        for key, item in value.items():
            label = seat_name(names, int(key)) if str(key).isdigit() else kind_label(key)
            parts.append(f"{label}: {_format_value(item, names)}")
        return "; ".join(parts)
    if isinstance(value, list):
        return ", ".join(_format_value(item, names) for item in value)
    if isinstance(value, str):
        return value
    return json.dumps(value)


def render_scores(
    scores: Sequence[int],
    names: Sequence[str],
    title: str = "Scores",
    columns: tuple[str, str] = ("Seat", "Points"),
) -> Table:
    """The final score of each seat, signed and coloured (every game's ending)."""
    table = Table(title=title, title_style="bold")
    table.add_column(columns[0], style="bold")
    table.add_column(columns[1], justify="right")
    for seat, points in enumerate(scores):
        style = "green" if points > 0 else "red" if points < 0 else ""
        table.add_row(seat_name(names, seat), Text(f"{points:+}", style=style))
    return table


def hint_line(words: Text, typed: str, label: str = "type") -> Text:
    """A suggested action in words, then how to type it: 'play 3♠   (type: 3)'."""
    hint = words.copy()
    hint.append(f"   ({label}: {typed})", style="dim")
    return hint


def ending_lines(title: str, *tables: RenderableType) -> list[RenderableType]:
    """What a table shows when the session ends: a blank line, the title, the tables."""
    return [Text(""), Text(title, style="bold"), *tables]


def render_result(
    events: Sequence[Mapping[str, Any]], scores: Sequence[int], names: Sequence[str]
) -> list[Table]:
    """The scores per seat, and the breakdown of the last result event."""
    tables = [render_scores(scores, names)]
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


# --------------------------------------------------------------------------------------
# How a family of games is shown and typed
# --------------------------------------------------------------------------------------


class Presenter(Protocol):
    """What the table loop needs from a game family: the climbing games below, the poker
    games in :mod:`cardavia.terminal_poker`. ``names`` are the seats' display names."""

    help_text: str  # rich markup
    unit: str  # what one state is: "deal" or "match" ("Replay this deal: …")

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        """One line (or a few) for a public event, or None to print nothing."""
        ...

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command: ...

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        """The table and the lines under it, shown when the human is to act."""
        ...

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str: ...

    def hint(self, action: str) -> Text:
        """A suggested engine action, as shown after "Hint: "."""
        ...

    def human_out(self, view: Mapping[str, Any]) -> bool:
        """True when the human can no longer act although the match goes on (busted)."""
        ...

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        """What is shown when the session ends (the match is over, or the human is out)."""
        ...


class ClimbingPresenter:
    """Dou Dizhu and Run Fast: the functions above."""

    help_text = HELP_TEXT
    unit = "deal"

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        return describe_event(event, names)

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        return interpret(text, view)

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        return [render_table(view, names, title, levels), *render_status(view, names)]

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return turn_prompt(view, names)

    def hint(self, action: str) -> Text:
        return hint_line(action_text(action, you=True), human_form(action))

    def human_out(self, view: Mapping[str, Any]) -> bool:
        return False

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        events = view.get("events") or []
        return ending_lines(
            "The deal is over.",
            render_record(events, names),
            *render_result(events, view.get("scores") or [], names),
        )


POKER_GAMES = ("holdem", "onepoker")


def presenter_for(
    game_name: str, options: Mapping[str, Any] | None = None, lang: str = "en"
) -> Presenter:
    """The presenter of ``game_name``; ``options`` are the game's (Bridge's scoring).
    ``lang`` is the table's language where it has catalog texts (Tractor, Tarot); the other
    tables are English."""
    if game_name == "tractor":
        from cardavia.terminal_tractor import tractor_presenter

        return tractor_presenter(lang)
    if game_name == "tarot":
        from cardavia.terminal_tarot import tarot_presenter

        return tarot_presenter(lang, options)
    if game_name == "bridge":
        from cardavia.terminal_bridge import bridge_presenter

        return bridge_presenter(options)
    if game_name == "guandan":
        from cardavia.terminal_guandan import guandan_presenter

        return guandan_presenter()
    if game_name in POKER_GAMES:
        # Imported here: terminal_poker builds on this module's helpers.
        from cardavia.terminal_poker import poker_presenter

        return poker_presenter(game_name)
    return ClimbingPresenter()


# --------------------------------------------------------------------------------------
# The game loop
# --------------------------------------------------------------------------------------

# The loop's own lines, by key; a presenter's ``session_text`` may give them in its language.
SESSION_TEXTS = {
    "left": "You left the table.",
    "not_allowed": "Not allowed: {error}",
    "hint": "Hint: ",
    "no_hint": "No hint available.",
    "intro": "{title}. {seating} Type 'help' for commands.",
    "replay": "Replay this {unit}: {command}",
}


def session_text(presenter: Presenter, key: str, **params: object) -> str:
    """The loop's line ``key`` in the presenter's language (else English)."""
    own = getattr(presenter, "session_text", None)
    if own is not None:
        return str(own(key, **params))
    return SESSION_TEXTS[key].format(**params)


class CatalogPresenter:
    """The catalog texts of a table in one language (Tractor, French Tarot): a subclass
    names its catalog ``prefix`` (``terminal.<game>.``) and its number of ``seats``; the
    loop's own lines come from ``terminal.session.*``, whose sentences name the match."""

    unit = "match"
    prefix = ""
    seats = 4

    def __init__(self, lang: str = "en") -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}; choose {', '.join(LANGUAGES)}")
        self.lang = lang
        self.help_text = self.t("help")

    def t(self, key: str, **params: object) -> str:
        return t(self.lang, self.prefix + key, **params)

    def session_text(self, key: str, **params: object) -> str:
        if key not in SESSION_TEXTS:
            raise KeyError(key)
        params.pop("unit", None)  # the catalog's sentence names the match itself
        return t(self.lang, "terminal.session." + key, **params)

    def seat_names(self) -> list[str]:
        return [self.t(f"seat.{seat}") for seat in range(self.seats)]

    def seating(self, level: str) -> str:
        return self.t("seating", level=level)

    def said(self, key: str, seat: Any, names: Sequence[str], **params: object) -> str:
        """A sentence about ``seat``: the ``by_you`` form for seat 0, else ``by_other``."""
        if seat == 0:
            return self.t(f"{key}.by_you", **params)
        return self.t(f"{key}.by_other", player=seat_name(names, seat), **params)

    def human_out(self, view: Mapping[str, Any]) -> bool:
        return False


@dataclass
class _Session:
    """One match at the terminal table; see :func:`play_session`."""

    state: State
    console: Console
    input_fn: Callable[[str], str]
    bots: Mapping[int, Bot]
    hint_bot: Bot | None
    presenter: Presenter
    human_seat: int
    names: list[str]
    title: str
    levels: Sequence[str]
    delay: float
    shown: int = 0  # how many public events have been printed

    def run(self) -> int:
        while not self.state.is_over and not self.presenter.human_out(self.view()):
            if not self.show_new_events():
                self.console.print(self.say("left"))
                return 1
            seat = self.state.current_player
            assert seat is not None
            if seat != self.human_seat:
                self.bot_turn(seat)
            elif not self.human_turn():
                self.console.print(self.say("left"))
                return 1
        self.show_new_events()
        for item in self.presenter.ending(self.view(), self.names):
            self.console.print(item)
        return 0

    def say(self, key: str, **params: object) -> str:
        return session_text(self.presenter, key, **params)

    def view(self) -> dict[str, Any]:
        # Only what the human's seat may know, as a web page would receive it.
        return self.state.view(self.human_seat)

    def show_new_events(self) -> bool:
        """Print the public events not shown yet; False when the human left at a pause
        between deals (a presenter's optional ``pause_after(event)`` asks the question)."""
        events = self.view()["events"]
        pause_after = getattr(self.presenter, "pause_after", None)
        while self.shown < len(events):
            event = events[self.shown]
            self.shown += 1
            line = self.presenter.describe_event(event, self.names)
            if line is not None:
                self.console.print(line)
            question = pause_after(event) if pause_after is not None else None
            if question and not self.state.is_over:
                try:
                    answer = self.input_fn(question)
                except (EOFError, KeyboardInterrupt):
                    answer = "quit"
                if answer.strip().lower() in ("quit", "exit", ":q"):
                    return False
        return True

    def show_table(self, view: Mapping[str, Any]) -> None:
        for item in self.presenter.table(view, self.names, self.title, self.levels):
            self.console.print(item)

    def bot_turn(self, seat: int) -> None:
        action = self.bots[seat].act(self.state.view(seat))
        try:
            self.state.apply(action)
        except IllegalAction as error:
            raise RuntimeError(f"bot at seat {seat} chose {action!r}: {error}") from error
        if self.delay:
            time.sleep(self.delay)

    def human_turn(self) -> bool:
        """Ask until a line the engine accepts has been applied; False when the human quits."""
        view = self.view()
        self.console.print()
        self.show_table(view)
        while True:
            command = self.presenter.interpret(self.read_line(view), view)
            if command.kind == "quit":
                return False
            if command.kind != "action":
                self.answer(command, view)
            elif self.try_apply(command):
                return True

    def read_line(self, view: dict[str, Any]) -> str:
        try:
            return self.input_fn(self.presenter.prompt(view, self.names))
        except (EOFError, KeyboardInterrupt):
            return "quit"

    def answer(self, command: Command, view: dict[str, Any]) -> None:
        """Respond to a line that is not an action: help, table, hint, an error or nothing."""
        if command.kind == "help":
            self.console.print(self.presenter.help_text)
        elif command.kind == "table":
            self.show_table(view)
        elif command.kind == "hint":
            self.show_hint(view)
        elif command.kind == "error":
            self.console.print(Text(f"✗ {command.message}", style="red"))
        elif command.kind == "info":
            self.console.print(Text(command.message))

    def show_hint(self, view: dict[str, Any]) -> None:
        if self.hint_bot is None:
            self.console.print(self.say("no_hint"))
            return
        hint = Text(self.say("hint"), style="bold cyan")
        hint.append_text(self.presenter.hint(self.hint_bot.act(view)))
        self.console.print(hint)

    def try_apply(self, command: Command) -> bool:
        actions = [command.action, *command.more]
        try:
            if command.more:  # all or nothing: tried on a copy first
                trial = self.state.clone()
                for action in actions:
                    trial.apply(action)
            for action in actions:
                self.state.apply(action)
        except IllegalAction as error:
            self.console.print(Text(f"✗ {self.say('not_allowed', error=error)}", style="red"))
            return False
        if command.message:  # how a shortcut was read ("allin" when only a call is left)
            self.console.print(Text(command.message, style="dim"))
        return True


def play_session(
    state: State,
    console: Console,
    input_fn: Callable[[str], str],
    bots: Mapping[int, Bot],
    hint_bot: Bot | None = None,
    *,
    human_seat: int = 0,
    title: str = "",
    levels: Sequence[str] = (),
    delay: float = 0.0,
    presenter: Presenter | None = None,
) -> int:
    """Play ``state`` to the end: the human at ``human_seat`` types, ``bots`` play the
    other seats. Returns 0 when the match ended (or the human is out of it), 1 when the
    human quit. ``presenter`` defaults to the one for the state's game."""
    presenter = presenter or presenter_for(state.game.name, state.game.options)
    own_names = getattr(presenter, "seat_names", None)
    if own_names is not None and human_seat == 0:
        names = list(own_names())
    else:
        names = seat_names(state.game.num_players, human_seat, state.game.name)
    session = _Session(
        state,
        console,
        input_fn,
        bots,
        hint_bot,
        presenter,
        human_seat,
        names,
        title,
        levels,
        delay,
    )
    return session.run()


def play_command(
    game_name: str,
    *,
    seed: int | None,
    level: str,
    console: Console,
    input_fn: Callable[[str], str],
    delay: float = 0.0,
    budget: float | None = None,
    options: Mapping[str, Any] | None = None,
    lang: str = "en",
) -> int:
    """``cardavia play``: build the match and its bots, then :func:`play_session`.
    ``options`` go to the game (Bridge: ``scoring``); ``lang`` is the table's language
    (see :func:`presenter_for`). Returns 2 when there is no such bot for the game."""
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    options = dict(options or {})
    game = new_game(game_name, **options)
    state = game.new_state(seed=seed)
    try:
        bots = {
            seat: make_bot(game_name, level, seed=seed * 10 + seat, budget=budget)
            for seat in range(1, game.num_players)
        }
    except ValueError as error:
        console.print(Text(f"cardavia play: {error} (try --level random)"))
        return 2
    presenter = presenter_for(game_name, game.options, lang)
    title = f"{GAME_TITLES.get(game_name, game_name)} · seed {seed}"
    own_seating = getattr(presenter, "seating", None)
    seating = own_seating(level) if own_seating is not None else _seating(game_name, level, game)
    intro = session_text(presenter, "intro", title=title, seating=seating)
    console.print(Text(intro, style="bold"))
    levels = [""] + [level] * (game.num_players - 1)
    result = play_session(
        state,
        console,
        input_fn,
        bots,
        _hint_bot(game_name, seed),
        title=title,
        levels=levels,
        delay=delay,
        presenter=presenter,
    )
    replay = replay_command_line(game_name, seed, level, budget, options)
    if lang != "en" and hasattr(presenter, "session_text"):
        replay += f" --lang {lang}"
    console.print(Text(session_text(presenter, "replay", unit=presenter.unit, command=replay)))
    return result


def _seating(game_name: str, level: str, game: Any) -> str:
    """How the table is introduced: the game's own sentence, else "seat 0 against N"."""
    return SEATING.get(game_name, "").format(level=level) or (
        f"You are seat 0 against {game.num_players - 1} {level} "
        f"bot{'s' if game.num_players > 2 else ''}."
    )


def _hint_bot(game_name: str, seed: int) -> Bot | None:
    """The basic bot, for hints; None while the game has none."""
    try:
        return make_bot(game_name, "basic", seed=seed)
    except (ValueError, ImportError):
        return None


def replay_command_line(
    game_name: str,
    seed: int,
    level: str,
    budget: float | None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """The ``cardavia play`` line that replays this table; game options that differ from
    the defaults are written as ``--<name> <value>`` (Bridge: ``--scoring rubber``)."""
    replay = f"cardavia play {game_name} --seed {seed} --level {level}"
    if budget is not None:
        replay += f" --budget {budget:g}"
    defaults = new_game(game_name).options
    for name, value in (options or {}).items():
        if defaults.get(name) != value:
            replay += f" --{name.replace('_', '-')} {value}"
    return replay
