"""The poker games at the terminal table: Texas Hold'em and One Poker.

:class:`HoldemPresenter` and :class:`OnePokerPresenter` plug into the table loop of
:mod:`cardavia.terminal` (see :class:`cardavia.terminal.Presenter`): they describe the
events one line each, draw the table when the human is to act, and read what the human
types. Betting lines are read by :func:`interpret_bet`: ``fold``, ``check``, ``call``,
``bet 60``, ``raise 120`` (totals for the betting round, as the engine takes them; ``bet``
and ``raise`` are interchangeable, a bare ``120`` works too), and the shortcuts ``c``
(check or call), ``f``, ``allin`` (``all-in``, ``shove``: the largest legal total), ``min``
(the smallest bet or raise), ``pot`` and ``half`` (a pot-sized or half-pot bet or raise,
measured on the pot after a call and kept within the legal range). One Poker's lock is
read by :func:`interpret_lock`: ``lock KS``, ``lock 1`` / ``lock 2`` (by position in the
hand), or just ``KS``, ``K`` or ``1``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardavia.cards import RANKS, parse_card
from cardavia.engine import current_deal_events
from cardavia.games.holdem import BIG_BLIND, SMALL_BLIND
from cardavia.poker import best_five, category
from cardavia.terminal import (
    GENERAL_COMMANDS,
    Command,
    Presenter,
    card_label,
    cards_text,
    describe_unknown,
    hint_line,
    seat_cell,
    seat_name,
)

Describer = Callable[[Mapping[str, Any], Sequence[str]], Text | None]

# --------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------


def _is_you(names: Sequence[str], seat: Any) -> bool:
    return seat_name(names, seat) == "You"


def _verb(names: Sequence[str], seat: Any, base: str, third: str = "") -> str:
    """The verb agreeing with the seat's name: "You raise", "Bot 1 raises"."""
    return base if _is_you(names, seat) else (third or base + "s")


def _names_of(seats: Sequence[Any], names: Sequence[str]) -> str:
    return ", ".join(seat_name(names, seat) for seat in seats)


def _per_seat(values: Sequence[Any], names: Sequence[str], signed: bool = False) -> str:
    return ", ".join(
        f"{seat_name(names, seat)} {value:+}" if signed else f"{seat_name(names, seat)} {value}"
        for seat, value in enumerate(values)
    )


def _category_label(name: str) -> str:
    return name.replace("_", " ")


def _current_bet(view: Mapping[str, Any]) -> int:
    current = view.get("current_bet")
    if isinstance(current, int):
        return current
    return int(max(view.get("bets") or [0]))


def _own(view: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """The viewer's entry of a per-seat list of the view."""
    values = view.get(key)
    seat = view.get("seat", 0)
    if isinstance(values, list) and isinstance(seat, int) and 0 <= seat < len(values):
        return values[seat]
    return default


def _is_my_turn(view: Mapping[str, Any]) -> bool:
    return view.get("current_player") == view.get("seat", 0) and view.get("phase") != "over"


# --------------------------------------------------------------------------------------
# Reading what the human types
# --------------------------------------------------------------------------------------

_FOLD = frozenset(("fold", "f"))
_CHECK = frozenset(("check", "k", "x"))
_SIZES: dict[str, str] = {
    **dict.fromkeys(("allin", "all-in", "all in", "shove", "jam", "max"), "allin"),
    **dict.fromkeys(("min", "minimum"), "min"),
    "pot": "pot",
    **dict.fromkeys(("half", "half pot", "half-pot", "1/2", "½"), "half"),
}
_AMOUNT_VERBS = {"bet": "bet", "b": "bet", "raise": "raise", "r": "raise"}
_SIZE_NAMES = {"pot": "A pot-sized", "half": "A half-pot"}

BET_USAGE = "fold, check, call, c, bet 60, raise 120, min, half, pot, allin (or help)"


def _action(action: str, message: str = "") -> Command:
    return Command("action", action=action, message=message)


def _error(message: str) -> Command:
    return Command("error", message=message)


def interpret_bet(text: str, view: Mapping[str, Any]) -> Command:
    """A betting line as a command (see the module docstring). Legality is left to the
    engine, whose message explains a refusal; only the shortcuts are checked here."""
    low = " ".join(text.strip().lower().split())
    if not low:
        return Command("empty")
    if low in GENERAL_COMMANDS:
        return GENERAL_COMMANDS[low]
    legal = [str(action) for action in view.get("legal_actions") or []]
    if low in _FOLD:
        return _action("fold")
    if low in _CHECK:
        return _action("check")
    if low == "c":
        return _action("call" if "call" in legal else "check")
    if low in _SIZES:
        return sized_bet(_SIZES[low], view)
    if low.isdigit():
        return _bet_to(int(low), view)
    verb, _, rest = low.partition(" ")
    if verb in _AMOUNT_VERBS:
        return _amount_command(_AMOUNT_VERBS[verb], rest.removeprefix("to ").strip(), view)
    if verb in ("fold", "check", "call", "lock"):
        return _action(low)  # the engine says what is wrong ("'call' takes no amount")
    return _error(f"'{text.strip()}' is not a betting action. Type {BET_USAGE}.")


def _amount_command(verb: str, rest: str, view: Mapping[str, Any]) -> Command:
    if not rest:
        return _error(
            f"Say how much: {verb} and your total for this betting round "
            f"(like {verb} {_example_total(view)}), or min, half, pot, allin."
        )
    if rest.isdigit():
        return _bet_to(int(rest), view)
    if rest in _SIZES:
        return sized_bet(_SIZES[rest], view)
    return _error(
        f"'{rest}' is not an amount: {verb} takes a whole number, your total for this "
        f"betting round (like {verb} {_example_total(view)}), or min, half, pot, allin."
    )


def _example_total(view: Mapping[str, Any]) -> int:
    allowed = view.get("bet_range")
    return int(allowed["minimum"]) if isinstance(allowed, Mapping) else 2 * BIG_BLIND


def _bet_to(total: int, view: Mapping[str, Any]) -> Command:
    """``bet``/``raise`` to ``total``, with whichever of the two verbs is the legal one."""
    allowed = view.get("bet_range")
    if isinstance(allowed, Mapping):
        verb = str(allowed["verb"])
    else:
        verb = "raise" if _current_bet(view) > 0 else "bet"
    return _action(f"{verb} {total}")


def pot_total(view: Mapping[str, Any], numerator: int = 1, denominator: int = 1) -> int:
    """The round total of a bet or raise of ``numerator/denominator`` of the pot, the pot
    measured after the player's call (so a pot-sized raise pre-flop at 10/20 is to 70)."""
    to_call = int(view.get("to_call") or 0)
    pot = int(view.get("pot") or 0)
    return _current_bet(view) + (pot + to_call) * numerator // denominator


def sized_bet(size: str, view: Mapping[str, Any]) -> Command:
    """``size`` is 'allin', 'min', 'pot' or 'half': the bet or raise it means now."""
    allowed = view.get("bet_range")
    if not isinstance(allowed, Mapping):
        legal = [str(action) for action in view.get("legal_actions") or []]
        if size == "allin" and "call" in legal:
            to_call, stack = int(view.get("to_call") or 0), int(_own(view, "stacks", 0))
            note = "" if to_call >= stack else "No raise is possible now: all-in is a call."
            return _action("call", note)
        return _error(f"No bet or raise is possible now. You may {_options(view)}.")
    verb, low, high = str(allowed["verb"]), int(allowed["minimum"]), int(allowed["maximum"])
    if size == "allin":
        return _action(f"{verb} {high}")
    if size == "min":
        return _action(f"{verb} {low}")
    wanted = pot_total(view, 1, 1 if size == "pot" else 2)
    total = min(max(wanted, low), high)
    note = ""
    if total != wanted:
        limit = "the smallest" if wanted < low else "all you have"
        note = f"{_SIZE_NAMES[size]} {verb} would be to {wanted}; {limit} is {total}."
    return _action(f"{verb} {total}", note)


def _options(view: Mapping[str, Any]) -> str:
    """The legal actions in words: 'fold, call 40 or raise to 80–1000'."""
    to_call = int(view.get("to_call") or 0)
    options = ["fold", f"call {to_call}"] if to_call else ["check"]
    allowed = view.get("bet_range")
    if isinstance(allowed, Mapping):
        low, high = allowed["minimum"], allowed["maximum"]
        to = " to" if allowed["verb"] == "raise" else ""
        span = f"{high} (all-in)" if low == high else f"{low}–{high}"
        options.append(f"{allowed['verb']}{to} {span}")
    return ", ".join(options[:-1]) + " or " + options[-1] if len(options) > 1 else options[0]


def interpret_lock(text: str, view: Mapping[str, Any]) -> Command:
    """One Poker, before the betting: which card to lock."""
    low = " ".join(text.strip().lower().split())
    if not low:
        return Command("empty")
    if low in GENERAL_COMMANDS:
        return GENERAL_COMMANDS[low]
    hand = [str(card) for card in view.get("hand") or []]
    choices = lock_choices(hand)
    words = low.split()
    if words[0] == "lock":
        if len(words) == 1:
            return _error(f"Lock which card? Type {choices}.")
        words = words[1:]
    elif words[0] in _FOLD | _CHECK | {"c", "call", *_AMOUNT_VERBS} or low in _SIZES:
        return _error(f"First lock a card (the betting comes after both locks): {choices}.")
    token = "".join(words)
    card = _card_in_hand(token, hand)
    if card is not None:
        return _action(f"lock {card}")
    try:
        named = card_label(parse_card(token))
    except ValueError:
        rank = _rank(token)
        if rank is None:
            return _error(f"'{' '.join(words)}' is not one of your cards: {choices}.")
        named = "10" if rank == "T" else rank
        return _error(f"You hold no {named}: {choices}.")
    return _error(f"You do not hold {named}: {choices}.")


def _rank(token: str) -> str | None:
    rank = "T" if token == "10" else token.upper()
    return rank if len(rank) == 1 and rank in RANKS else None


def _card_in_hand(token: str, hand: Sequence[str]) -> str | None:
    """The card of ``hand`` that ``token`` names: a position (1, 2), a card or a rank."""
    if token.isdigit() and 1 <= int(token) <= len(hand):
        return hand[int(token) - 1]
    try:
        card = parse_card(token)
    except ValueError:
        rank = _rank(token)
        return next((card for card in hand if card[0] == rank), None)
    return card if card in hand else None


def lock_choices(hand: Sequence[str]) -> str:
    """'lock 1 (K♠) or lock 2 (7♦)'."""
    parts = [f"lock {index} ({card_label(card)})" for index, card in enumerate(hand, start=1)]
    return " or ".join(parts) if parts else "lock a card"


# --------------------------------------------------------------------------------------
# Describing events, one line each
# --------------------------------------------------------------------------------------


def action_words(event: Mapping[str, Any], you: bool, short: bool = False) -> Text:
    """'raises to 120 — all-in!', 'calls (60 in this round)', 'checks'; the base form of
    the verb (raise, call) with ``you``; ``short`` leaves out what a call amounts to."""
    verb, _, amount = str(event.get("action", "")).partition(" ")
    ending = "" if you else "s"
    if verb == "raise":
        text = Text(f"raise{ending} to {amount}")
    elif verb == "bet":
        text = Text(f"bet{ending} {amount}")
    elif verb == "call":
        text = Text(f"call{ending}" + ("" if short else f" ({event.get('total')} in this round)"))
    elif verb in ("check", "fold"):
        text = Text(verb + ending)
    else:
        text = Text(str(event.get("action")))
    if event.get("all_in"):
        text.append(" — all-in!", style="bold yellow")
    return text


def _describe_action(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    text = Text(f"{seat_name(names, seat)} ", style="bold")
    text.append_text(action_words(event, _is_you(names, seat)))
    return text


def _describe_uncalled(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    amount = event.get("amount")
    chips = "chip goes" if amount == 1 else "chips go"
    return Text(f"{amount} uncalled {chips} back to {seat_name(names, event.get('seat'))}.")


def _describe_holdem_deal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    posted = event.get("posted") or []

    def blind(key: str) -> str:
        seat = event.get(key)
        paid = posted[seat] if isinstance(seat, int) and seat < len(posted) else "?"
        return f"{seat_name(names, seat)} ({paid})"

    text = Text(f"Hand {event.get('hand')}", style="bold cyan")
    text.append(
        f" — button: {seat_name(names, event.get('button'))} · small blind: "
        f"{blind('small_blind')} · big blind: {blind('big_blind')}"
    )
    return text


def _describe_board(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    text = Text(f"{str(event.get('street', 'board')).capitalize()}: ", style="bold")
    text.append_text(cards_text(event.get("cards") or []))
    return text


def _describe_showdown(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    text = Text("Showdown", style="bold magenta")
    for hand in event.get("hands") or []:
        seat = hand.get("seat")
        text.append(f"\n  {seat_name(names, seat)} {_verb(names, seat, 'show')} ")
        text.append_text(cards_text(hand.get("cards") or []))
        text.append(f" — {_category_label(str(hand.get('category')))}: ", style="bold")
        text.append_text(cards_text(hand.get("best") or []))
    return text


def _describe_pot(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    index = event.get("index", 0)
    label = "Main pot" if index == 0 else f"Side pot {index}"
    winners = list(event.get("winners") or [])
    payouts = event.get("payouts") or []
    text = Text(f"{label} of {event.get('amount')}", style="bold")
    eligible = event.get("eligible") or []
    if len(eligible) > 1:
        text.append(f" ({_names_of(eligible, names)})", style="dim")
    if len(winners) == 1:
        seat = winners[0]
        won = payouts[seat] if seat < len(payouts) else event.get("amount")
        text.append(f": {seat_name(names, seat)} {_verb(names, seat, 'win')} {won}.")
    else:
        shares = ", ".join(f"{seat_name(names, seat)} {payouts[seat]}" for seat in winners)
        text.append(f" is split: {shares}.")
    return text


def _describe_hand_result(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    stacks = event.get("stacks") or []
    net = event.get("net") or [0] * len(stacks)
    parts = [
        f"{seat_name(names, seat)} {chips} ({change:+})"
        for seat, (chips, change) in enumerate(zip(stacks, net, strict=False))
        if chips or change
    ]
    return Text(f"After hand {event.get('hand')}: " + ", ".join(parts), style="dim")


def _describe_eliminated(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    if _is_you(names, seat):
        return Text("You are out of chips.", style="bold red")
    return Text(f"{seat_name(names, seat)} is out of chips and leaves the table.", style="yellow")


def _describe_match_over(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    scores = list(event.get("scores") or [])
    text = Text("The match is over: ", style="bold")
    holding = [seat for seat, chips in enumerate(scores) if chips > 0]
    if len(holding) == 1:
        seat = holding[0]
        text.append(
            f"{seat_name(names, seat)} {_verb(names, seat, 'hold')} every chip ({scores[seat]})."
        )
    else:
        text.append(_per_seat(scores, names) + ".")
        top = [seat for seat, chips in enumerate(scores) if chips == max(scores)]
        if len(top) == 1:
            text.append(f" {seat_name(names, top[0])} {_verb(names, top[0], 'win')}.")
        else:
            text.append(f" A tie between {_names_of(top, names)}.")
    return text


def _describe_onepoker_deal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    first = event.get("first")
    text = Text(f"Deal {event.get('number')}", style="bold cyan")
    text.append(
        f" — {seat_name(names, first)} {_verb(names, first, 'are', 'is')} first. "
        f"Stock: {event.get('stock_size')} cards."
    )
    return text


def _describe_reshuffle(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    return Text(
        f"The discards are shuffled into a new stock of {event.get('stock_size')} cards.",
        style="yellow",
    )


def _describe_draw(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    return Text(
        f"{seat_name(names, seat)} {_verb(names, seat, 'draw')} a card "
        f"(stock: {event.get('stock_size')}).",
        style="dim",
    )


def _describe_ante(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    return Text(f"Antes: {event.get('amount')} each, pot {event.get('pot')}.", style="dim")


def _describe_signal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    whose = "Your" if _is_you(names, seat) else f"{seat_name(names, seat)}'s"
    return Text(f"{whose} signal: {signal_label(event)}")


def _describe_lock(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    seat = event.get("seat")
    return Text(f"{seat_name(names, seat)} {_verb(names, seat, 'lock')} a card face down.")


def _describe_reveal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    text = Text("Reveal: ", style="bold magenta")
    for seat, card in enumerate(event.get("cards") or []):
        if seat:
            text.append("  vs  ")
        text.append(f"{seat_name(names, seat)} ")
        text.append_text(cards_text([card]))
    return text


def _describe_onepoker_result(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    winner, pot = event.get("winner"), event.get("pot")
    if winner is None:
        text = Text(f"Equal ranks: the pot of {pot} is split.", style="bold")
    else:
        text = Text(f"{seat_name(names, winner)} {_verb(names, winner, 'win')} the pot of {pot}")
        text.stylize("bold")
        loser = 1 - winner if isinstance(winner, int) else None
        if event.get("by") == "fold":
            text.append(f": {seat_name(names, loser)} folded.")
        else:
            text.append(" at the showdown.")
    text.append(f" Stacks: {_per_seat(event.get('stacks') or [], names)}.")
    after = event.get("next_first")
    if after is not None:
        text.append(f" {seat_name(names, after)} {_verb(names, after, 'are', 'is')} first next.")
    return text


HOLDEM_DESCRIBERS: dict[str, Describer] = {
    "deal": _describe_holdem_deal,
    "action": _describe_action,
    "board": _describe_board,
    "uncalled": _describe_uncalled,
    "showdown": _describe_showdown,
    "pot": _describe_pot,
    "hand_result": _describe_hand_result,
    "eliminated": _describe_eliminated,
    "match_over": _describe_match_over,
}

ONEPOKER_DESCRIBERS: dict[str, Describer] = {
    "deal": _describe_onepoker_deal,
    "reshuffle": _describe_reshuffle,
    "draw": _describe_draw,
    "ante": _describe_ante,
    "signal": _describe_signal,
    "lock": _describe_lock,
    "action": _describe_action,
    "uncalled": _describe_uncalled,
    "reveal": _describe_reveal,
    "result": _describe_onepoker_result,
    "match_over": _describe_match_over,
}


def describe_with(
    describers: Mapping[str, Describer], event: Mapping[str, Any], names: Sequence[str]
) -> Text | None:
    kind = event.get("type")
    describe = describers.get(kind) if isinstance(kind, str) else None
    return (describe or describe_unknown)(event, names)


# --------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------


def signal_label(signal: Mapping[str, Any]) -> str:
    return f"UP {signal.get('up')} / DOWN {signal.get('down')}"


def _round_actions(events: list[dict[str, Any]]) -> dict[int, Mapping[str, Any]]:
    """Each seat's latest betting action in the current betting round."""
    last: dict[int, Mapping[str, Any]] = {}
    for event in current_deal_events(events):
        if event.get("type") == "board":
            last = {}
        elif event.get("type") == "action" and isinstance(event.get("seat"), int):
            last[event["seat"]] = event
    return last


def _cell(values: Any, seat: int, blank_zero: bool = False) -> str:
    if not isinstance(values, list) or seat >= len(values):
        return "?"
    return "" if blank_zero and not values[seat] else str(values[seat])


def _position(view: Mapping[str, Any], seat: int) -> str:
    marks = [
        label
        for key, label in (("button", "BTN"), ("small_blind", "SB"), ("big_blind", "BB"))
        if view.get(key) == seat
    ]
    return "/".join(marks)


def _holdem_status(view: Mapping[str, Any], seat: int) -> Text:
    if not _cell_true(view.get("in_hand"), seat):
        return Text("out", style="dim")
    if _cell_true(view.get("folded"), seat):
        return Text("folded", style="dim")
    if _cell_true(view.get("all_in"), seat):
        return Text("ALL-IN", style="bold yellow")
    return Text("")


def _cell_true(values: Any, seat: int) -> bool:
    return isinstance(values, list) and seat < len(values) and bool(values[seat])


def render_holdem_table(
    view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str] = ()
) -> Table:
    """Each seat: position, stack, this round's bet, folded/all-in, its last action."""
    last = _round_actions(view.get("events") or [])
    heading = f"{title} · hand {view.get('hand_number')} · {view.get('street')}"
    grid = Table(title=heading.lstrip(" ·"), title_style="bold")
    grid.add_column("Seat", style="bold")
    grid.add_column("Pos")
    grid.add_column("Stack", justify="right")
    grid.add_column("Bet", justify="right")
    grid.add_column("Status")
    grid.add_column("This round")
    for seat in range(len(names)):
        action = last.get(seat)
        grid.add_row(
            seat_cell(view, names, levels, seat),
            _position(view, seat),
            _cell(view.get("stacks"), seat),
            _cell(view.get("bets"), seat, blank_zero=True),
            _holdem_status(view, seat),
            action_words(action, you=True, short=True) if action else Text(""),
        )
    return grid


def board_line(view: Mapping[str, Any]) -> Text:
    board = view.get("board") or []
    line = Text("Board: ", style="bold")
    if board:
        line.append_text(cards_text(board))
    else:
        line.append("no cards yet (pre-flop)", style="dim")
    return line


def pot_line(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    """'Pot: 240', and while someone is all-in the pots of ``view["pots"]``: 'Pot: 240 —
    main pot 180 (You, Bot 1, Bot 2) · side pot 1: 60 (Bot 1, Bot 2)'. (Without an all-in
    the levels of a betting round in progress are not side pots, so they are not shown.)"""
    line = Text("Pot: ", style="bold")
    line.append(str(view.get("pot", 0)))
    pots = view.get("pots") or []
    if len(pots) > 1 and any(view.get("all_in") or []):
        parts = []
        for index, pot in enumerate(pots):
            label = "main pot" if index == 0 else f"side pot {index}:"
            eligible = list(pot.get("eligible") or [])
            who = _names_of(eligible, names) + (" only" if len(eligible) == 1 else "")
            parts.append(f"{label} {pot.get('amount')} ({who})")
        line.append(" — " + " · ".join(parts))
    return line


def holdem_cards_line(view: Mapping[str, Any]) -> Text:
    """Your hole cards and, once there is a flop, the best hand they make."""
    hand = [str(card) for card in view.get("hand") or []]
    board = [str(card) for card in view.get("board") or []]
    line = Text("Your cards: ", style="bold")
    if not hand:
        line.append("none (you are out)", style="dim")
        return line
    line.append_text(cards_text(hand))
    if _own(view, "folded"):
        line.append("  (folded)", style="dim")
    elif len(hand) + len(board) >= 5:
        value, five = best_five(hand + board)
        line.append(f"  — {_category_label(category(value))}: ", style="dim")
        line.append_text(cards_text(five))
    return line


def to_act_line(view: Mapping[str, Any]) -> Text:
    """'To call: 40 · you may fold, call 40 or raise to 80–1000'."""
    to_call = int(view.get("to_call") or 0)
    line = Text("To call: ", style="bold")
    line.append(str(to_call) if to_call else "nothing")
    line.append(f" · you may {_options(view)}")
    return line


def turn_prompt(view: Mapping[str, Any]) -> str:
    return f"Your move ({_options(view)}; help) > "


def standings_table(view: Mapping[str, Any], names: Sequence[str]) -> Table:
    """Places (seats with chips by chips, then the eliminated, last out first), chips
    and the change since the start of the session's first hand."""
    events = view.get("events") or []
    scores = list(view.get("scores") or [])
    start: Mapping[str, Any] = next((e for e in events if e.get("type") == "deal"), {})
    before = start.get("stacks") or [0] * len(scores)
    out: list[tuple[int, Any]] = []  # (seat, hand number), in the order they went out
    hand: Any = None
    for event in events:
        if event.get("type") == "hand_result":
            hand = event.get("hand")
        elif event.get("type") == "eliminated":
            out.append((event.get("seat"), hand))
    gone = {seat: number for seat, number in out}
    alive = sorted((s for s in range(len(scores)) if s not in gone), key=lambda s: -scores[s])
    order = alive + [seat for seat, _ in reversed(out)]
    table = Table(title="Standings", title_style="bold")
    table.add_column("Place", justify="right")
    table.add_column("Seat", style="bold")
    table.add_column("Chips", justify="right")
    table.add_column("Change", justify="right")
    if gone:
        table.add_column("Out", style="dim")
    for place, seat in enumerate(order, start=1):
        change = scores[seat] - before[seat]
        style = "green" if change > 0 else "red" if change < 0 else ""
        row: list[RenderableType] = [
            str(place),
            seat_name(names, seat),
            str(scores[seat]),
            Text(f"{change:+}", style=style),
        ]
        if gone:
            row.append(f"in hand {gone[seat]}" if seat in gone else "")
        table.add_row(*row)
    return table


def render_onepoker_table(
    view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str] = ()
) -> Table:
    """Each seat: stack, this round's bet, signal, locked card, last action."""
    last = _round_actions(view.get("events") or [])
    heading = f"{title} · deal {view.get('deal_number')}".lstrip(" ·")
    grid = Table(title=heading, title_style="bold")
    grid.add_column("Seat", style="bold")
    grid.add_column("Stack", justify="right")
    grid.add_column("Bet", justify="right")
    grid.add_column("Signal")
    grid.add_column("Locked")
    grid.add_column("This deal")
    signals = view.get("signals") or []
    for seat in range(len(names)):
        name = seat_cell(view, names, levels, seat)
        if seat == view.get("first"):
            name += " · first"
        action = last.get(seat)
        grid.add_row(
            name,
            _cell(view.get("stacks"), seat),
            _cell(view.get("bets"), seat, blank_zero=True),
            signal_label(signals[seat]) if seat < len(signals) else "?",
            _locked_cell(view, seat),
            action_words(action, you=True, short=True) if action else Text(""),
        )
    return grid


def _locked_cell(view: Mapping[str, Any], seat: int) -> Text:
    if seat == view.get("seat", 0) and view.get("my_locked"):
        return cards_text([str(view["my_locked"])])
    if _cell_true(view.get("locked"), seat):
        return Text("locked", style="magenta")
    return Text("not yet", style="dim")


def onepoker_status(view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    lines = []
    info = Text("Pot: ", style="bold")
    info.append(str(view.get("pot", 0)))
    info.append(f" · stock: {view.get('stock_size')} cards")
    info.append(f" · discards: {len(view.get('discards') or [])}")
    info.append(f" · first: {seat_name(names, view.get('first'))}")
    lines.append(info)
    revealed = view.get("revealed") or []
    if any(revealed):
        line = Text("Last reveal: ", style="bold")
        for seat, card in enumerate(revealed):
            line.append(("  vs  " if seat else "") + f"{seat_name(names, seat)} ")
            line.append_text(cards_text([str(card)]) if card else Text("?"))
        lines.append(line)
    hand = [str(card) for card in view.get("hand") or []]
    mine = Text("Your cards: ", style="bold")
    if view.get("my_locked"):
        mine.append("locked ")
        mine.append_text(cards_text([str(view["my_locked"])]))
        mine.append(", kept ")
        mine.append_text(cards_text(hand))
    else:
        for index, card in enumerate(hand, start=1):
            mine.append(f"{'  ' if index > 1 else ''}{index}: ")
            mine.append_text(cards_text([card]))
    lines.append(mine)
    if _is_my_turn(view) and view.get("phase") == "bet":
        lines.append(to_act_line(view))
    return lines


# --------------------------------------------------------------------------------------
# The presenters
# --------------------------------------------------------------------------------------


def _help_lines(rows: Sequence[tuple[Sequence[str], str]]) -> str:
    """Rich markup for a list of commands: each row's words in cyan, the descriptions
    aligned (on the shown text, not on the markup)."""
    shown = [", ".join(words) for words, _ in rows]
    width = max(len(text) for text in shown) + 3
    lines = []
    for (words, description), text in zip(rows, shown, strict=True):
        marked = ", ".join(f"[cyan]{word}[/cyan]" for word in words)
        lines.append(f"  {marked}{' ' * (width - len(text))}{description}")
    return "\n".join(lines)


_LOCK_ROW = (
    ("lock KS", "lock 1", "lock 2"),
    "lock a card face down (1 and 2: its place in your hand; ks or 1 alone work too)",
)
_BET_ROWS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("fold", "f"), "give up the hand"),
    (("check", "call"), "check, or call the bet"),
    (("c",), "check or call, whichever is legal"),
    (("bet 60", "raise 120"), "bet or raise to a total for this betting round (or just 120)"),
    (("min",), "the smallest bet or raise"),
    (("half", "pot"), "bet or raise half the pot / the pot (after your call), within limits"),
    (("allin", "all-in", "shove"), "everything: the largest legal total"),
    (("hint",), "what the basic bot would do"),
    (("table",), "show the table again"),
    (("help",), "this list"),
    (("quit",), "leave the game"),
)

HOLDEM_HELP = f"""\
[bold]Commands[/bold]
{_help_lines(_BET_ROWS)}
No-limit Texas Hold'em, blinds {SMALL_BLIND}/{BIG_BLIND}: the match goes on until one \
player holds every chip."""

ONEPOKER_HELP = f"""\
[bold]Commands[/bold]
{_help_lines((_LOCK_ROW, *_BET_ROWS))}
One Poker: the higher locked rank wins, but a 2 beats an ace. A signal counts a hand's \
UP cards (8 to A) and DOWN cards (2 to 7)."""


class _PokerPresenter:
    """What the two poker games share: the betting, the hint, the end."""

    help_text = HOLDEM_HELP
    unit = "match"
    describers: Mapping[str, Describer] = HOLDEM_DESCRIBERS

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        return describe_with(self.describers, event, names)

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        return interpret_bet(text, view)

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        return turn_prompt(view)

    def hint(self, action: str) -> Text:
        verb, _, rest = action.partition(" ")
        text = Text(verb + " ")
        if verb == "lock":
            text.append_text(cards_text([rest]))
        else:
            text.append(rest)
        return hint_line(text, action)

    def human_out(self, view: Mapping[str, Any]) -> bool:
        return False

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        return [Text(""), Text("The match is over.", style="bold"), standings_table(view, names)]


class HoldemPresenter(_PokerPresenter):
    help_text = HOLDEM_HELP
    describers = HOLDEM_DESCRIBERS

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        lines: list[RenderableType] = [
            render_holdem_table(view, names, title, levels),
            board_line(view),
            pot_line(view, names),
            holdem_cards_line(view),
        ]
        if _is_my_turn(view):
            lines.append(to_act_line(view))
        return lines

    def human_out(self, view: Mapping[str, Any]) -> bool:
        """Busted: no longer dealt in, while the others play on."""
        return view.get("phase") != "over" and not _own(view, "in_hand", True)

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        if view.get("phase") == "over":
            return super().ending(view, names)
        heading = "You are out of chips: the match goes on without you."
        return [Text(""), Text(heading, style="bold"), standings_table(view, names)]


class OnePokerPresenter(_PokerPresenter):
    help_text = ONEPOKER_HELP
    describers = ONEPOKER_DESCRIBERS

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        if view.get("phase") == "lock":
            return interpret_lock(text, view)
        return interpret_bet(text, view)

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        return [render_onepoker_table(view, names, title, levels), *onepoker_status(view, names)]

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        if view.get("phase") == "lock":
            hand = [str(card) for card in view.get("hand") or []]
            return f"Lock a card ({lock_choices(hand)}; help) > "
        return turn_prompt(view)


def poker_presenter(game_name: str) -> Presenter:
    presenters: dict[str, Callable[[], Presenter]] = {
        "holdem": HoldemPresenter,
        "onepoker": OnePokerPresenter,
    }
    return presenters[game_name]()
