"""Contract bridge at the terminal table.

:class:`BridgePresenter` plugs into the table loop of :mod:`cardavia.terminal` (see
:class:`cardavia.terminal.Presenter`). You sit South (seat 0) with the North bot as your
partner, against the West and East bots.

- **The table**, shown when you are to act: the deal (dealer, vulnerability; the rubber's
  games and totals), the auction as a grid ``West North East South`` with the dealer
  marked, the contract, the dummy once it is exposed, the trick in progress by seat, the
  tricks per side and your hand by suit (♠ ♥ ♦ ♣, each from the ace down).
- **Calls** are typed as the engine reads them: ``1nt`` (or ``1n``), ``2s``, ``p`` (or
  ``pass``), ``x`` (double), ``xx`` (redouble).
- **Cards**: ``play as``, ``as``, ``10h``, ``h10`` or ``A♠``; a bare rank (``k``) when only
  one legal card has it. When you declare, you also choose the dummy's (North's) cards:
  the prompt says ``Dummy (North) to play``. When North declares you are the dummy and
  North plays both hands: you watch.
- Anything the engine refuses is answered with its message and asked again.
- **At the end**: the score breakdown (contract, declarer, result, trick points, game or
  partscore bonus, slam, insult, overtricks or undertricks, NS and EW), and in rubber
  scoring every deal of the rubber and the totals.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardavia.cards import RANKS, SUITS, parse_card
from cardavia.engine import current_deal_events
from cardavia.games.bridge import display_key, parse_call
from cardavia.terminal import (
    RED_SUITS,
    SUIT_SYMBOLS,
    Command,
    card_label,
    cards_text,
    describe_unknown,
    hint_line,
    read_line,
)

# The names of the seats at the table: You are South.
BRIDGE_NAMES = ("You", "West", "North", "East")
COMPASS = ("South", "West", "North", "East")
SIDES = ("NS", "EW")
SIDE_WORDS = ("North–South", "East–West")
# The auction grid's columns, left to right, as seats: West, North, East, South.
GRID_SEATS = (1, 2, 3, 0)
STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
VULNERABILITY_WORDS = {
    "none": "none",
    "ns": "North–South",
    "ew": "East–West",
    "both": "both sides",
}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}


# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------


def seat_label(names: Sequence[str], seat: Any) -> str:
    """'You', 'West', 'North', 'East' (the table's names), 'seat 7' for anything else."""
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return f"seat {seat}"


def compass(seat: Any) -> str:
    return COMPASS[seat] if isinstance(seat, int) and 0 <= seat < 4 else f"seat {seat}"


def hand_name(names: Sequence[str], seat: Any) -> str:
    """A hand as a place at the table: 'You (South)', 'West'."""
    name = seat_label(names, seat)
    return f"You ({compass(seat)})" if name == "You" else name


def _is_you(names: Sequence[str], seat: Any) -> bool:
    return seat_label(names, seat) == "You"


def _verb(names: Sequence[str], seat: Any, base: str, third: str = "") -> str:
    """The verb agreeing with the seat's name: "You bid", "West bids"."""
    return base if _is_you(names, seat) else (third or base + "s")


def side_of(seat: int) -> int:
    return seat % 2


def _side_name(side: Any) -> str:
    return SIDES[side] if isinstance(side, int) and side in (0, 1) else str(side)


def strain_text(strain: str) -> Text:
    return Text(STRAIN_SYMBOLS.get(strain, strain), style="red" if strain in RED_SUITS else "")


def call_text(call: str) -> Text:
    """'1H' -> '1♥' (red), 'pass' -> 'Pass', 'double' -> 'X', 'redouble' -> 'XX'."""
    if call == "pass":
        return Text("Pass", style="dim")
    if call == "double":
        return Text("X", style="bold red")
    if call == "redouble":
        return Text("XX", style="bold blue")
    text = Text(call[:1], style="bold")
    text.append_text(strain_text(call[1:]))
    return text


def contract_text(contract: Mapping[str, Any], names: Sequence[str] = BRIDGE_NAMES) -> Text:
    """'4♠X by North' from the view's or the auction event's contract."""
    text = Text(str(contract.get("level")), style="bold")
    text.append_text(strain_text(str(contract.get("strain"))))
    text.append(("", "X", "XX")[int(contract.get("doubling") or 0)], style="bold")
    declarer = contract.get("declarer")
    by = compass(declarer) + (" (You)" if _is_you(names, declarer) else "")
    text.append(f" by {by}")
    return text


_CONTRACT = re.compile(r"^([1-7])(NT|[CDHS])(X{0,2}) by ([SWNE])$")


def contract_words(text: Any, names: Sequence[str] = BRIDGE_NAMES) -> Text:
    """The engine's '4SX by E' as '4♠X by East' (anything else as it is)."""
    match = _CONTRACT.match(str(text))
    if match is None:
        return Text(str(text))
    level, strain, doubled, seat = match.groups()
    contract = {
        "level": int(level),
        "strain": strain,
        "doubling": len(doubled),
        "declarer": "SWNE".index(seat),
    }
    return contract_text(contract, names)


def rank_label(rank: str) -> str:
    return "10" if rank == "T" else rank


def hand_text(cards: Sequence[str]) -> Text:
    """'♠ A K 7  ♥ Q 10  ♦ —  ♣ 9 8 2': the cards by suit, high to low."""
    ordered = sorted(cards, key=display_key)
    text = Text()
    for index, suit in enumerate(SUITS):
        if index:
            text.append("  ")
        style = "bold red" if suit in RED_SUITS else "bold"
        text.append(SUIT_SYMBOLS[suit], style=style)
        ranks = [rank_label(card[0]) for card in ordered if card[1] == suit]
        text.append(" " + (" ".join(ranks) if ranks else "—"), style="" if ranks else "dim")
    return text


def _vulnerability_text(vulnerability: Any) -> str:
    return VULNERABILITY_WORDS.get(str(vulnerability), str(vulnerability))


def _result_text(result: Any) -> str:
    """'=', '+2', '−1'."""
    if not isinstance(result, int) or result == 0:
        return "="
    return f"+{result}" if result > 0 else f"−{-result}"


def _signed(points: Any) -> str:
    if not isinstance(points, int):
        return str(points)
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def _points_style(points: Any) -> str:
    if not isinstance(points, int):
        return ""
    return "green" if points > 0 else "red" if points < 0 else ""


# --------------------------------------------------------------------------------------
# Reading what the human types
# --------------------------------------------------------------------------------------

CALL_USAGE = "1nt, 2s, p (pass), x (double), xx (redouble)"


def interpret_bridge(text: str, view: Mapping[str, Any]) -> Command:
    """A typed line as a command. In the auction, a call (``1nt``, ``2s``, ``p``, ``x``,
    ``xx``); in the play, a card (``play as``, ``as``, ``A♠``, or a rank when only one
    legal card has it). Legality is the engine's: what it cannot read is passed on as
    typed, so that its message explains the refusal."""
    line, command = read_line(text)
    if command is not None:
        return command
    if view.get("phase") == "play":
        return _card_command(line, view)
    call = parse_call(line)
    return Command("action", action=call if call is not None else line)


def _card_command(line: str, view: Mapping[str, Any]) -> Command:
    words = line.split()
    if words[0].lower() == "play":
        words = words[1:]
        if not words:
            return Command("error", message="Name the card to play, for example: play as")
    token = "".join(words)
    for symbol, suit in _SYMBOL_SUITS.items():
        token = token.replace(symbol, suit)
    if token.upper() in ("10", "T") or (len(token) == 1 and token.upper() in RANKS):
        return _rank_command(token, view)
    try:
        card = parse_card(token)
    except ValueError:
        # The engine explains ("'zz' is not a card …", "write play and a card …").
        return Command("action", action="play " + " ".join(words))
    return Command("action", action=f"play {card}")


def _rank_command(token: str, view: Mapping[str, Any]) -> Command:
    """A bare rank: the one legal card of that rank."""
    rank = "T" if token.upper() in ("10", "T") else token.upper()
    legal = [str(action).split()[-1] for action in view.get("legal_actions") or []]
    matches = [card for card in legal if card[0] == rank]
    if len(matches) == 1:
        return Command("action", action=f"play {matches[0]}")
    if not matches:
        return Command("error", message=f"No {rank_label(rank)} can be played now.")
    choices = " or ".join(card_label(card) for card in matches)
    return Command("error", message=f"Which {rank_label(rank)}? Name the suit too: {choices}.")


def typed_form(action: str) -> str:
    """An engine action as a person would type it: '1NT' -> '1nt', 'play TS' -> '10s'."""
    if action.startswith("play "):
        card = action.split()[1]
        return rank_label(card[0]).lower() + card[1].lower()
    return {"pass": "p", "double": "x", "redouble": "xx"}.get(action, action.lower())


# --------------------------------------------------------------------------------------
# Describing events, one line each
# --------------------------------------------------------------------------------------


def _describe_deal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    number = int(event.get("deal") or 0) + 1
    text = Text(f"Deal {number}", style="bold cyan")
    text.append(
        f" — dealer {compass(event.get('dealer'))}, "
        f"vulnerable: {_vulnerability_text(event.get('vulnerability'))}."
    )
    return text


def _describe_call(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat, call = event.get("seat"), str(event.get("call"))
    text = Text(seat_label(names, seat) + " ", style="bold")
    if call == "pass":
        text.append(_verb(names, seat, "pass", "passes"))
    elif call == "double":
        text.append(_verb(names, seat, "double"))
    elif call == "redouble":
        text.append(_verb(names, seat, "redouble"))
    else:
        text.append(_verb(names, seat, "bid") + " ")
        text.append_text(call_text(call))
    return text


def _describe_auction(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    if event.get("passed_out"):
        return Text("Passed out: all four players passed.", style="bold yellow")
    text = Text("Contract: ", style="bold magenta")
    text.append_text(contract_text(event, names))
    declarer, dummy, leader = event.get("declarer"), event.get("dummy"), event.get("leader")
    need = 6 + int(event.get("level") or 0)
    side = SIDES[side_of(declarer)] if isinstance(declarer, int) else "?"
    text.append(
        f". {side} need {need} tricks. {seat_label(names, leader)} "
        f"{_verb(names, leader, 'lead')}; the dummy is {hand_name(names, dummy)}."
    )
    if _is_you(names, declarer):
        text.append(" You declare: you play North's cards too.", style="bold")
    elif _is_you(names, dummy):
        text.append(" You are the dummy: North plays both hands, you watch.", style="bold")
    return text


def _describe_play(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat, card, by = event.get("seat"), str(event.get("card")), event.get("by")
    player = by if by is not None else seat
    text = Text(seat_label(names, player) + " ", style="bold")
    text.append(_verb(names, player, "play") + " ")
    text.append_text(cards_text([card]))
    if by is not None and _is_you(names, seat):
        text.append(" from your hand (the dummy)", style="dim")
    elif by is not None:
        text.append(f" from the dummy ({hand_name(names, seat)})", style="dim")
    return text


def _describe_dummy(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    text = Text(f"The dummy ({hand_name(names, seat)}) goes down: ", style="bold")
    text.append_text(hand_text([str(card) for card in event.get("cards") or []]))
    return text


def _describe_trick(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    winner = event.get("winner")
    card = next((str(c) for s, c in event.get("plays") or [] if s == winner), None)
    text = Text(f"Trick {event.get('number')}: ", style="bold")
    text.append(f"{seat_label(names, winner)} {_verb(names, winner, 'win')}")
    if card:
        text.append(" with ")
        text.append_text(cards_text([card]))
    tricks = event.get("tricks") or [0, 0]
    text.append(f" — tricks NS {tricks[0]}, EW {tricks[1]}.", style="dim")
    return text


def _describe_score(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    text = Text("Score: ", style="bold")
    if event.get("passed_out"):
        text.append("no contract, 0 to both sides.")
        return text
    text.append_text(contract_words(event.get("contract"), names))
    text.append(f", {event.get('tricks')} tricks ")
    text.append(f"({_result_text(event.get('result'))})")
    written = event.get("written")
    if isinstance(written, Mapping):
        text.append(" — on the sheet: " + _written_words(event, written))
    ns, ew = event.get("ns"), event.get("ew")
    label = "totals" if isinstance(written, Mapping) else "deal"
    text.append(f"; {label} NS {_signed(ns)}, EW {_signed(ew)}.")
    return text


def _written_words(event: Mapping[str, Any], written: Mapping[str, Any]) -> str:
    declarer = event.get("declarer")
    side = side_of(declarer) if isinstance(declarer, int) else 0
    parts = []
    if written.get("penalty"):
        parts.append(f"{SIDES[1 - side]} {written['penalty']} above")
    if written.get("below"):
        parts.append(f"{SIDES[side]} {written['below']} below")
    if written.get("above"):
        parts.append(f"{SIDES[side]} {written['above']} above")
    if written.get("game"):
        parts.append(f"{SIDES[side]} win a game")
    if written.get("rubber_bonus"):
        parts.append(f"rubber bonus {written['rubber_bonus']}")
    return ", ".join(parts) or "nothing"


def _describe_rubber(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    totals = event.get("totals") or [0, 0]
    text = Text(f"{event.get('winner')} win the rubber", style="bold magenta")
    text.append(f": NS {totals[0]}, EW {totals[1]} points.")
    return text


_DESCRIBERS = {
    "deal": _describe_deal,
    "call": _describe_call,
    "auction": _describe_auction,
    "play": _describe_play,
    "dummy": _describe_dummy,
    "trick": _describe_trick,
    "score": _describe_score,
    "rubber": _describe_rubber,
}


def describe_bridge_event(event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    kind = event.get("type")
    describe = _DESCRIBERS.get(kind) if isinstance(kind, str) else None
    return (describe or describe_unknown)(event, names)


# --------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------


def _column_title(seat: int, view: Mapping[str, Any], names: Sequence[str]) -> Text:
    title = Text(compass(seat), style="bold")
    if _is_you(names, seat):
        title.append(" (You)")
    vulnerability = str(view.get("vulnerability"))
    if vulnerability == "both" or vulnerability == SIDES[side_of(seat)].lower():
        title.append(" V", style="bold red")
    if seat == view.get("dealer"):
        title.append(" · dealer", style="yellow")
    return title


def render_auction(
    view: Mapping[str, Any], names: Sequence[str] = BRIDGE_NAMES, title: str = "Auction"
) -> Table:
    """The calls as a grid: columns West, North, East, South; the first row starts in the
    dealer's column; '?' marks the call now due. V marks a vulnerable seat."""
    grid = Table(title=title, title_style="bold", show_lines=False)
    for seat in GRID_SEATS:
        grid.add_column(_column_title(seat, view, names), justify="center", min_width=7)
    cells: list[Text] = [Text("") for _ in range(GRID_SEATS.index(int(view.get("dealer") or 0)))]
    for entry in view.get("auction") or []:
        cells.append(call_text(str(entry.get("call"))))
    if view.get("phase") == "auction" and view.get("turn_hand") is not None:
        cells.append(Text("?", style="bold yellow"))
    if not cells or all(not cell.plain for cell in cells):
        cells.append(Text("—", style="dim"))
    for start in range(0, len(cells), 4):
        row = cells[start : start + 4]
        grid.add_row(*row, *[Text("")] * (4 - len(row)))
    return grid


def deal_line(view: Mapping[str, Any], title: str) -> Text:
    """'<title> · deal 2 · dealer West · vulnerable: none', plus the rubber's games."""
    events = view.get("events") or []
    deal: Mapping[str, Any] = next((e for e in reversed(events) if e.get("type") == "deal"), {})
    parts = [title] if title else []
    parts.append(f"deal {int(deal.get('deal') or 0) + 1}")
    parts.append(f"dealer {compass(view.get('dealer'))}")
    parts.append(f"vulnerable: {_vulnerability_text(view.get('vulnerability'))}")
    sheet = view.get("rubber")
    if isinstance(sheet, Mapping):
        games = sheet.get("games") or [0, 0]
        parts.append(f"rubber games NS {games[0]} – EW {games[1]}")
        below, above = sheet.get("below") or [0, 0], sheet.get("above") or [0, 0]
        parts.append(f"points NS {below[0] + above[0]} – EW {below[1] + above[1]}")
    return Text(" · ".join(parts), style="bold")


def contract_line(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    contract = view.get("contract")
    line = Text("Contract: ", style="bold")
    if not isinstance(contract, Mapping):
        line.append("none yet (the auction is on)", style="dim")
        return line
    line.append_text(contract_text(contract, names))
    declarer = int(contract.get("declarer") or 0)
    need = 6 + int(contract.get("level") or 0)
    tricks = view.get("tricks") or [0, 0]
    line.append(
        f" · {SIDES[side_of(declarer)]} need {need} tricks · tricks NS {tricks[0]}, EW {tricks[1]}"
    )
    return line


def dummy_line(view: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    seat = view.get("dummy_seat")
    if seat is None:
        return None
    line = Text(f"Dummy ({hand_name(names, seat)}): ", style="bold")
    cards = view.get("dummy")
    if isinstance(cards, list):
        line.append_text(hand_text([str(card) for card in cards]))
    else:
        line.append("shown after the opening lead", style="dim")
    return line


def trick_line(view: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    """The trick in progress by seat, in play order, '?' for the card now due; the last
    trick when the current one has not started."""
    if view.get("phase") != "play":
        return None
    plays = list(view.get("trick") or [])
    tricks = view.get("tricks") or [0, 0]
    number = int(tricks[0]) + int(tricks[1]) + 1
    line = Text(f"Trick {number}: ", style="bold")
    if not plays:
        leader = view.get("turn_hand")
        line.append(f"{seat_label(names, leader)} to lead", style="dim")
        last = view.get("last_trick")
        if isinstance(last, list) and last:
            line.append("   Last trick: ", style="bold")
            line.append_text(_plays_text(last, names))
        return line
    line.append_text(_plays_text(plays, names))
    due = view.get("turn_hand")
    if due is not None:
        line.append(f" · {seat_label(names, due)} ?", style="yellow")
    return line


def _plays_text(plays: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Text:
    text = Text()
    for index, play in enumerate(plays):
        if index:
            text.append(" · ")
        text.append(f"{seat_label(names, play.get('seat'))} ")
        text.append_text(cards_text([str(play.get("card"))]))
    return text


def your_hand_line(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = view.get("seat", 0)
    line = Text(f"Your hand ({compass(seat)}): ", style="bold")
    line.append_text(hand_text([str(card) for card in view.get("hand") or []]))
    return line


def dummy_to_play(view: Mapping[str, Any]) -> bool:
    """The card now due is the dummy's, chosen by this view's seat (the declarer)."""
    return (
        view.get("phase") == "play"
        and view.get("current_player") == view.get("seat")
        and view.get("turn_hand") is not None
        and view.get("turn_hand") == view.get("dummy_seat")
    )


def _led_suit(view: Mapping[str, Any]) -> str | None:
    plays = view.get("trick") or []
    return str(plays[0].get("card"))[1] if plays else None


def render_bridge_table(
    view: Mapping[str, Any], names: Sequence[str], title: str = ""
) -> list[RenderableType]:
    """What the human sees when asked to act."""
    lines: list[RenderableType] = [deal_line(view, title), render_auction(view, names)]
    if view.get("phase") == "play":
        lines.append(contract_line(view, names))
        dummy = dummy_line(view, names)
        if dummy is not None:
            lines.append(dummy)
        trick = trick_line(view, names)
        if trick is not None:
            lines.append(trick)
    lines.append(your_hand_line(view, names))
    if dummy_to_play(view):
        due = view.get("turn_hand")
        lines.append(
            Text(f"▶ Dummy ({compass(due)}) to play: choose one of its cards.", style="bold")
        )
    return lines


def bridge_prompt(view: Mapping[str, Any], names: Sequence[str] = BRIDGE_NAMES) -> str:
    legal = [str(action) for action in view.get("legal_actions") or []]
    if view.get("phase") != "play":
        bids = [call for call in legal if call[:1].isdigit()]
        options = ["p"]
        if bids:
            options.append(f"{bids[0].lower()}…7nt" if len(bids) > 1 else bids[0].lower())
        if "double" in legal:
            options.append("x")
        if "redouble" in legal:
            options.append("xx")
        return f"Your call ({', '.join(options)}; help) > "
    led = _led_suit(view)
    follow = f", {SUIT_SYMBOLS.get(led, led)} led" if led else ""
    if dummy_to_play(view):
        return f"Dummy ({compass(view.get('turn_hand'))}) to play{follow} > "
    return f"Your card ({compass(view.get('seat', 0))}{follow}) > "


# --------------------------------------------------------------------------------------
# The end
# --------------------------------------------------------------------------------------


def _game_bonus_label(event: Mapping[str, Any]) -> str:
    bonus = int(event.get("game_bonus") or 0)
    if bonus >= 300:
        return "Game bonus"
    if bonus:
        return "Partscore bonus"
    return "Game / partscore bonus"


def score_breakdown(event: Mapping[str, Any], names: Sequence[str]) -> Table:
    """One deal's score (a ``score`` event) item by item."""
    table = Table(title="Score", title_style="bold")
    table.add_column("Item", style="bold")
    table.add_column("Value", justify="right")
    if event.get("passed_out"):
        table.add_row("Contract", "passed out")
        table.add_row("NS", "0")
        table.add_row("EW", "0")
        return table
    declarer = event.get("declarer")
    side = side_of(declarer) if isinstance(declarer, int) else 0
    level = str(event.get("contract") or "?")[:1]
    need = 6 + int(level) if level.isdigit() else "?"
    table.add_row("Contract", contract_words(event.get("contract"), names))
    table.add_row("Declarer", f"{compass(declarer)}{' (You)' if _is_you(names, declarer) else ''}")
    table.add_row("Vulnerable", "yes" if event.get("vulnerable") else "no")
    table.add_row("Tricks taken", f"{event.get('tricks')} of {need}")
    result = event.get("result")
    made = "made" if isinstance(result, int) and result >= 0 else "down"
    table.add_row("Result", f"{_result_text(result)} ({made})")
    table.add_row("Trick points", str(event.get("trick_points", 0)))
    table.add_row(_game_bonus_label(event), str(event.get("game_bonus", 0)))
    table.add_row("Slam bonus", str(event.get("slam_bonus", 0)))
    table.add_row("Insult bonus", str(event.get("insult_bonus", 0)))
    table.add_row("Overtricks", str(event.get("overtricks", 0)))
    undertricks = event.get("undertricks", 0)
    table.add_row(
        "Undertricks", f"{undertricks}" + (f" (to {SIDES[1 - side]})" if undertricks else "")
    )
    written = event.get("written")
    if isinstance(written, Mapping):
        table.add_row("On the sheet", _written_words(event, written))
    label = " total" if isinstance(written, Mapping) else ""
    for name in SIDES:
        points = event.get(name.lower())
        table.add_row(f"{name}{label}", Text(_signed(points), style=_points_style(points)))
    return table


def rubber_table(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Table:
    """Every deal of a rubber: contract, result and what each side wrote."""
    table = Table(title="The rubber", title_style="bold")
    table.add_column("Deal", justify="right")
    table.add_column("Contract")
    table.add_column("Result")
    table.add_column("NS below / above", justify="right")
    table.add_column("EW below / above", justify="right")
    number = 0
    for event in events:
        if event.get("type") == "deal":
            number = int(event.get("deal") or 0) + 1
        if event.get("type") != "score":
            continue
        if event.get("passed_out"):
            table.add_row(str(number), "passed out", "", "", "")
            continue
        written = event.get("written") or {}
        declarer = event.get("declarer")
        side = side_of(declarer) if isinstance(declarer, int) else 0
        cells = [["", ""], ["", ""]]
        if written.get("below"):
            cells[side][0] = str(written["below"])
        if written.get("above"):
            cells[side][1] = str(written["above"])
        if written.get("penalty"):
            cells[1 - side][1] = str(written["penalty"])
        if written.get("rubber_bonus"):
            cells[side][1] = f"{cells[side][1] or 0} + {written['rubber_bonus']}"
        table.add_row(
            str(number),
            contract_words(event.get("contract"), names),
            _result_text(event.get("result")),
            " / ".join(cell or "–" for cell in cells[0]),
            " / ".join(cell or "–" for cell in cells[1]),
        )
    return table


def bridge_ending(view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
    events = list(view.get("events") or [])
    rubber = view.get("scoring") == "rubber"
    items: list[RenderableType] = [
        Text(""),
        Text(f"The {'rubber' if rubber else 'deal'} is over.", style="bold"),
    ]
    deal = current_deal_events(events)
    auction_view = {**view, "phase": "over"}
    items.append(
        render_auction(
            auction_view, names, title="Auction of the last deal" if rubber else "Auction"
        )
    )
    score = next((e for e in reversed(deal) if e.get("type") == "score"), None)
    if score is not None:
        items.append(score_breakdown(score, names))
    if rubber:
        items.append(rubber_table(events, names))
    scores = list(view.get("scores") or [0, 0])
    line = Text("Result: ", style="bold")
    for index, name in enumerate(SIDES):
        if index:
            line.append(" · ")
        line.append(f"{name} ")
        line.append(_signed(scores[index]), style=_points_style(scores[index]))
    ns = scores[0] if scores else 0
    line.append(
        "  — you and North win." if ns > 0 else "  — West and East win." if ns < 0 else "  — a tie."
    )
    items.append(line)
    return items


# --------------------------------------------------------------------------------------
# The presenter
# --------------------------------------------------------------------------------------

BRIDGE_HELP = """\
[bold]Commands[/bold]
  [cyan]1nt[/cyan], [cyan]2s[/cyan], [cyan]4h[/cyan], [cyan]7n[/cyan]   bid (level 1–7, \
strain c d h s nt)
  [cyan]p[/cyan], [cyan]pass[/cyan]            pass
  [cyan]x[/cyan], [cyan]xx[/cyan]              double an opponents' bid / redouble your side's \
doubled bid
  [cyan]as[/cyan], [cyan]play as[/cyan], [cyan]10h[/cyan]   play a card (a bare rank, like \
[cyan]k[/cyan], when only one legal card has it)
  [cyan]hint[/cyan]               what the basic bot would do
  [cyan]table[/cyan]              show the table again
  [cyan]help[/cyan]               this list
  [cyan]quit[/cyan]               leave the game
You are South; North is your partner. When you declare you also play the dummy's \
(North's) cards; when North declares, North plays both hands."""


class BridgePresenter:
    """Contract bridge: the functions above."""

    help_text = BRIDGE_HELP

    def __init__(self, scoring: str = "duplicate") -> None:
        self.unit = "rubber" if scoring == "rubber" else "deal"

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        return describe_bridge_event(event, names)

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        return interpret_bridge(text, view)

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        return render_bridge_table(view, names, title)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return bridge_prompt(view, names)

    def hint(self, action: str) -> Text:
        if action.startswith("play "):
            text = Text("play ")
            text.append_text(cards_text([action.split()[1]]))
        else:
            text = call_text(action) if action[:1].isdigit() else Text(action)
        return hint_line(text, typed_form(action))

    def human_out(self, view: Mapping[str, Any]) -> bool:
        return False

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        return bridge_ending(view, names)


def bridge_presenter(options: Mapping[str, Any] | None = None) -> BridgePresenter:
    return BridgePresenter(str((options or {}).get("scoring", "duplicate")))
