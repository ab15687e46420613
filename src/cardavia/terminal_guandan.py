"""Guandan at the terminal table.

:class:`GuandanPresenter` plugs into the table loop of :mod:`cardavia.terminal` (see
:class:`cardavia.terminal.Presenter`). You are seat 0; your partner is seat 2 and the
opponents are seats 1 and 3, all bots.

- **The table**, shown when you are to act: each seat's cards left, place and latest
  action this round; the deal number, both teams' levels and the level this deal is played
  at, with the wild card; the play on the table and who made it (with what its wild cards
  stand for); the places so far; the tribute paid and your return; your hand in level
  order with the wild cards marked ``*``.
- **Plays** are typed as cards (``9s 5h``), ranks (``99``, ``10``, ``bj``; a level-rank
  rank takes the non-wild copies first, ``w`` names a wild card) or the engine's own form,
  with or without ``play``: ``play 9s 5h as 9s 9d`` says what each wild card stands for,
  ``as straight`` plays five cards of one suit as a plain straight. When the cards you
  name can be read several ways, a numbered list of the readings is shown and a number
  picks one. ``pass`` or ``p`` passes.
- **Returns** after a tribute: ``return 3c``, ``3c`` or a rank (``3``).
- **Between deals** the result (places, the levels climbed, the match standing) is shown
  and the table waits for Enter before the next deal (``quit`` leaves).
- **At the end**: every deal's result and the final scores.

As at the other tables (:mod:`cardavia.terminal`), the strings are English.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardavia.cards import describe_rank, parse_card, rank_of, resolve_ranks, split_tokens
from cardavia.climbing import (
    ClimbingRules,
    Combo,
    Play,
    beats,
    classify_printed,
    wild_plays,
    wild_rules,
)
from cardavia.engine import current_deal_events
from cardavia.games.guandan.describe import describe as describe_combo
from cardavia.terminal import (
    GENERAL_COMMANDS,
    Command,
    card_label,
    card_style,
    cards_text,
    describe_unknown,
    ending_lines,
    hint_line,
    kind_label,
    render_scores,
    seat_cell,
    seat_name,
)

# The seats at the table: your partner sits opposite, the opponents either side.
GUANDAN_NAMES = ("You", "Bot 1", "Partner", "Bot 3")
TEAM_WORDS = ("your team", "the opponents")
LEVEL_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
WILD_WORDS = frozenset({"w", "wild", "*"})
_PASS_WORDS = frozenset({"pass", "p", "no", "-"})

HELP_TEXT = """\
[bold]Commands[/bold]
  [cyan]9s 9d[/cyan], [cyan]99[/cyan], [cyan]10 j q k a[/cyan], [cyan]play 5 5 5 k k[/cyan] \
  play cards: exact cards, or ranks (the lowest such cards of your hand)
  [cyan]w[/cyan]                        a wild card (the level card of hearts, marked *)
  [cyan]play 9s 5h as 9s 9d[/cyan]      play cards saying what each wild card stands for
  [cyan]... as straight[/cyan]          five cards of one suit as a plain straight
  [cyan]1[/cyan], [cyan]2[/cyan] …                   pick a reading from the numbered list
  [cyan]pass[/cyan] or [cyan]p[/cyan]                pass
  [cyan]return 3c[/cyan] or [cyan]3c[/cyan]          give a card back after receiving tribute
  [cyan]hint[/cyan]                     what the basic bot would do
  [cyan]table[/cyan]                    show the table again
  [cyan]help[/cyan]                     this list
  [cyan]quit[/cyan]                     leave the game
Ranks: 2 3 4 5 6 7 8 9 10 (or t) j q k a, jokers bj (black) and rj (red). The level rank
ranks above the ace; its two hearts are wild and stand in for any card but a joker."""


def level_name(level: Any) -> str:
    """14 -> 'A', 10 -> '10'."""
    if isinstance(level, int):
        return LEVEL_NAMES.get(level, str(level))
    return str(level)


def team_of(seat: int) -> int:
    return seat % 2


def team_word(team: Any, human_seat: int = 0) -> str:
    """'your team' or 'the opponents' as seen from ``human_seat``."""
    if not isinstance(team, int):
        return f"team {team}"
    return TEAM_WORDS[0 if team == team_of(human_seat) else 1]


def _verb_s(names: Sequence[str], seat: Any) -> str:
    return "" if seat_name(names, seat) == "You" else "s"


def _place_list(places: Sequence[Any], names: Sequence[str]) -> str:
    return ", ".join(
        f"{ORDINALS.get(i + 1, str(i + 1))} {seat_name(names, seat)}"
        for i, seat in enumerate(places)
    )


def _standing(levels: Any) -> str:
    """'your team at 5, the opponents at 3'."""
    if not (isinstance(levels, list) and len(levels) == 2):
        return "?"
    return f"your team at {level_name(levels[0])}, the opponents at {level_name(levels[1])}"


def hand_text(hand: Sequence[str], wild: str | None) -> Text:
    """The hand with wild cards marked: '… 5♥* …'."""
    text = Text()
    for index, card in enumerate(hand):
        if index:
            text.append(" ")
        if card == wild:
            text.append(card_label(card) + "*", style="bold magenta")
        else:
            text.append(card_label(card), style=card_style(card))
    return text


def play_text(cards: Sequence[str], stands_for: Sequence[str] | None, kind: Any) -> Text:
    """'9♠ 5♥ as 9♠ 9♥ (pair)'."""
    text = cards_text(cards)
    if stands_for:
        text.append(" as ", style="dim")
        text.append_text(cards_text(stands_for))
    if kind:
        text.append(f" ({kind_label(kind)})", style="dim")
    return text


def _action_words(action: str, kind: Any, you: bool) -> Text:
    """'play 9S 5H as 9S 9H' -> 'plays 9♠ 5♥ as 9♠ 9♥ (pair)'."""
    verb, _, rest = action.partition(" ")
    if verb == "play":
        cards, _, reading = rest.partition(" as ")
        text = Text("play " if you else "plays ")
        if reading == "straight":
            text.append_text(cards_text(cards.split()))
            text.append(" as a plain straight", style="dim")
            return text
        text.append_text(play_text(cards.split(), reading.split() or None, kind))
        return text
    if verb == "pass":
        return Text("pass" if you else "passes")
    if verb == "return":
        return Text(f"{'return' if you else 'returns'} {card_label(rest)}")
    return Text(action)


# --------------------------------------------------------------------------------------
# Events
# --------------------------------------------------------------------------------------


def describe_event(event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    kind = event.get("type")
    seat = event.get("seat")
    who = seat_name(names, seat)
    if kind == "deal":
        return _describe_deal(event, names)
    if kind == "tribute":
        text = Text(f"{seat_name(names, event.get('payer'))} ", style="yellow")
        payer_s = _verb_s(names, event.get("payer"))
        text.append(f"pay{payer_s} tribute to {seat_name(names, event.get('receiver'))}: ")
        text.append(card_label(str(event.get("card"))), style=card_style(str(event.get("card"))))
        text.append(".")
        return text
    if kind == "tribute_cancelled":
        payers = " and ".join(seat_name(names, s) for s in event.get("payers") or [])
        leader = event.get("leader")
        return Text(
            f"No tribute: {payers} hold both red jokers. "
            f"{seat_name(names, leader)} lead{_verb_s(names, leader)}.",
            style="yellow",
        )
    if kind == "return":
        to = seat_name(names, event.get("to"))
        return Text(f"{who} return{_verb_s(names, seat)} a card to {to}.", style="yellow")
    if kind == "lead":
        return Text(f"{who} lead{_verb_s(names, seat)} the first round.", style="dim")
    if kind in ("play", "pass") and "action" in event:
        text = Text(f"{who} ", style="bold")
        text.append_text(_action_words(str(event["action"]), event.get("kind"), who == "You"))
        left = event.get("left")
        if kind == "play" and isinstance(left, int) and 1 <= left <= 10:
            style = "bold yellow" if left <= 2 else "yellow"
            text.append(f" — {left} card{'s' if left != 1 else ''} left", style=style)
        return text
    if kind == "round_end":
        leader = event.get("leader")
        return Text(
            f"Round over — {seat_name(names, leader)} lead{_verb_s(names, leader)}.", style="dim"
        )
    if kind == "finish":
        number = event.get("place")
        place = ORDINALS.get(number, str(number)) if isinstance(number, int) else str(number)
        verb = "are" if who == "You" else "is"
        return Text(f"{who} {verb} out: {place} place.", style="bold green")
    if kind == "deal_result":
        return _describe_deal_result(event, names)
    return describe_unknown(event, names)


def _describe_deal(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    number = event.get("deal", 0)
    number = number + 1 if isinstance(number, int) else number
    team = event.get("level_team")
    text = Text(f"Deal {number}", style="bold cyan")
    text.append(
        f" at level {level_name(event.get('level'))} ({team_word(team)}'s level); "
        f"{_standing(event.get('levels'))}.",
        style="cyan",
    )
    leader = event.get("first_leader")
    if isinstance(leader, int):
        text.append(f" {seat_name(names, leader)} lead{_verb_s(names, leader)}.")
    return text


def _describe_deal_result(event: Mapping[str, Any], names: Sequence[str]) -> Text:
    number = event.get("deal", 0)
    number = number + 1 if isinstance(number, int) else number
    team = event.get("winning_team")
    advance = event.get("advance") or [0, 0]
    climbed = advance[team] if isinstance(team, int) and team < len(advance) else 0
    text = Text(f"Deal {number} is over: ", style="bold")
    text.append(_place_list(event.get("places") or [], names) + ". ")
    winners = team_word(team)
    text.append(
        f"{winners[0].upper()}{winners[1:]} win{'' if winners.startswith('the') else 's'}"
        f" and climb{'' if winners.startswith('the') else 's'} {climbed} "
        f"level{'s' if climbed != 1 else ''}: {_standing(event.get('levels'))}.",
        style="bold green" if team == 0 else "bold red",
    )
    if event.get("match_won"):
        text.append(
            " Your team wins the match!" if team == 0 else " The opponents win the match.",
            style="bold magenta",
        )
    return text


# --------------------------------------------------------------------------------------
# Reading what the human types
# --------------------------------------------------------------------------------------


def rules_of(view: Mapping[str, Any]) -> ClimbingRules:
    return wild_rules(str(view.get("level_rank") or "2"))


def top_combo(view: Mapping[str, Any], rules: ClimbingRules) -> Combo | None:
    """The combination on the table, read back from the view's ``top``."""
    top = view.get("top")
    if not isinstance(top, Mapping):
        return None
    cards = list(top.get("as") or top.get("cards") or [])
    combos = classify_printed(cards, rules)
    return next((c for c in combos if c.kind == top.get("kind")), combos[0] if combos else None)


def readings(cards: Sequence[str], view: Mapping[str, Any]) -> list[str]:
    """Every action that plays exactly ``cards`` and beats the table (or leads), one per
    reading of the wild cards; when none beats, every reading (the engine explains)."""
    rules = rules_of(view)
    plays = [
        play
        for play in wild_plays(list(cards), rules)
        if len(play.naturals) + len(play.targets) == len(cards)
    ]
    top = top_combo(view, rules)
    beating = [play for play in plays if top is None or beats(play.combo, top)]
    chosen: list[Play] = beating or plays
    return list(dict.fromkeys(play.action(rules) for play in chosen))


def reading_label(action: str, view: Mapping[str, Any]) -> str:
    """'play 9S 5H as 9S 9H' -> '9♠ 5♥ as 9♠ 9♥: pair of 9'."""
    rules = rules_of(view)
    cards, _, reading = action.removeprefix("play ").partition(" as ")
    played = cards.split()
    shown = " ".join(card_label(c) for c in played)
    if reading == "straight":
        combos = [c for c in classify_printed(played, rules) if c.kind == "straight"]
        shown += " as a plain straight"
    else:
        stands = reading.split() or played
        combos = classify_printed(stands, rules)[:1]
        if reading:
            shown += " as " + " ".join(card_label(c) for c in stands)
    if combos:
        shown += f": {describe_combo(combos[0], rules)}"
    return shown


@dataclass
class _Choice:
    """A numbered list of readings waiting for an answer, valid for one view only."""

    key: tuple[Any, ...]
    actions: list[str] = field(default_factory=list)


def _view_key(view: Mapping[str, Any]) -> tuple[Any, ...]:
    return (len(view.get("events") or []), tuple(view.get("hand") or ()))


def _resolve(tokens: Sequence[str], hand: Sequence[str], wild: str) -> list[str]:
    """Typed tokens as cards of the hand: exact cards, ranks (non-wild copies first) and
    ``w`` for a wild card. Raises ValueError with a readable message."""
    wilds_wanted = sum(1 for token in tokens if token.lower() in WILD_WORDS)
    rest = [token for token in tokens if token.lower() not in WILD_WORDS]
    held_wilds = list(hand).count(wild)
    if wilds_wanted > held_wilds:
        raise ValueError(
            f"You hold {held_wilds} wild card{'s' if held_wilds != 1 else ''} ({card_label(wild)})."
        )
    # Ranks take the lowest free cards in this order: the wild cards last.
    ordered = [c for c in hand if c != wild] + [wild] * (held_wilds - wilds_wanted)
    cards = resolve_ranks(" ".join(rest), ordered) if rest else []
    return cards + [wild] * wilds_wanted


def _reading_cards(tokens: Sequence[str], played: Sequence[str], wild: str) -> list[str]:
    """What the cards stand for, typed as cards or ranks (``9 9``): a rank takes one of the
    played cards of that rank that is not wild, else that rank in hearts (what a wild card
    stands for)."""
    free = Counter(card for card in played if card != wild)
    out: list[str] = []
    for token in tokens:
        ranks = _rank_only(token)
        if ranks is None:
            out.append(parse_card(token))
            continue
        for rank in ranks:
            card = next((c for c in free if rank_of(c) == rank and free[c] > 0), None)
            if card is not None:
                free[card] -= 1
                out.append(card)
            elif rank in ("BJ", "RJ"):
                out.append(rank)
            else:
                out.append(rank + "H")
    return out


def _rank_only(token: str) -> list[str] | None:
    upper = token.upper()
    if upper in ("BJ", "RJ"):
        return [upper]
    if re.fullmatch(r"(10|[2-9TJQKA])+", upper):
        return ["T" if rank == "10" else rank for rank in re.findall(r"10|[2-9TJQKA]", upper)]
    return None


def _count_cards(tokens: Sequence[str]) -> int:
    total = 0
    for token in tokens:
        ranks = _rank_only(token)
        total += 1 if ranks is None else len(ranks)
    return total


class GuandanPresenter:
    """Guandan's table, events and input; see the module docstring."""

    help_text = HELP_TEXT
    unit = "match"

    def __init__(self) -> None:
        self.choice: _Choice | None = None

    # --- events -------------------------------------------------------------------

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        return describe_event(event, names)

    def pause_after(self, event: Mapping[str, Any]) -> str | None:
        """The question asked after ``event`` before the match goes on, or None."""
        if event.get("type") == "deal_result" and not event.get("match_won"):
            return "Press Enter for the next deal (or type quit) > "
        return None

    # --- input --------------------------------------------------------------------

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        line = " ".join(text.strip().split())
        low = line.lower()
        choice = self.choice if self.choice and self.choice.key == _view_key(view) else None
        self.choice = None
        if not low:
            return Command("empty")
        if choice is not None and low.isdigit():
            number = int(low)
            if 1 <= number <= len(choice.actions):
                return Command("action", action=choice.actions[number - 1])
            self.choice = choice
            return Command("error", message=f"Choose a number from 1 to {len(choice.actions)}.")
        if low in GENERAL_COMMANDS:
            if low in ("table", "show", "look", "help", "h", "?", "hint"):
                self.choice = choice  # the list stays open
            return GENERAL_COMMANDS[low]
        if low in _PASS_WORDS:
            return Command("action", action="pass")
        if view.get("phase") == "return":
            return self._return_command(line, view)
        if low.startswith("return"):
            return Command("action", action=low)  # the engine says there is nothing to return
        if low.startswith("play"):
            line = line[4:].strip()
            if not line:
                return Command("error", message="Name the cards to play, for example: play 9s 9d")
        return self._play_command(line, view)

    def _return_command(self, line: str, view: Mapping[str, Any]) -> Command:
        words = line.split()
        if words[0].lower() == "return":
            words = words[1:]
        if len(words) != 1:
            return Command("error", message="Return one card, for example: return 3c")
        token = words[0]
        legal = [str(a).split()[1] for a in view.get("legal_actions") or [] if " " in str(a)]
        ranks = _rank_only(token)
        if ranks is not None and len(ranks) == 1:
            card = next((c for c in legal if rank_of(c) == ranks[0]), None)
            if card is None:
                card = next((c for c in view.get("hand") or [] if rank_of(c) == ranks[0]), None)
            if card is None:
                return Command(
                    "error", message=f"You do not hold a {describe_rank(ranks[0])} to return."
                )
            return Command("action", action=f"return {card}")
        try:
            card = parse_card(token)
        except ValueError as error:
            return Command("error", message=str(error))
        return Command("action", action=f"return {card}")

    def _play_command(self, line: str, view: Mapping[str, Any]) -> Command:
        hand: list[str] = list(view.get("hand") or [])
        wild = str(view.get("wild") or "")
        tokens = split_tokens(line)
        played_tokens, reading_tokens = _split_reading(tokens, hand, wild)
        try:
            cards = _resolve(played_tokens, hand, wild)
        except ValueError as error:
            return Command("error", message=str(error))
        cards = sorted(cards, key=_order(hand))
        played = " ".join(cards)
        if reading_tokens == ["straight"]:
            return Command("action", action=f"play {played} as straight")
        if reading_tokens:
            try:
                stands = _reading_cards(reading_tokens, cards, wild)
            except ValueError as error:
                return Command("error", message=str(error))
            return Command("action", action=f"play {played} as {' '.join(stands)}")
        options = readings(cards, view)
        if len(options) > 1:
            self.choice = _Choice(_view_key(view), options)
            lines = [f"{len(options)} ways to read these cards — type a number:"]
            lines += [
                f"  {i}. {reading_label(action, view)}" for i, action in enumerate(options, 1)
            ]
            return Command("info", message="\n".join(lines))
        if options:
            return Command("action", action=options[0])
        return Command("action", action=f"play {played}")

    # --- the table ------------------------------------------------------------------

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        return [render_table(view, names, title, levels), *render_status(view, names)]

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        if self.choice is not None and self.choice.key == _view_key(view):
            return f"Which reading (1-{len(self.choice.actions)})? > "
        return turn_prompt(view, names)

    def hint(self, action: str) -> Text:
        verb = action.split(" ", 1)[0]
        typed = action.lower() if verb != "play" else action[5:].lower()
        return hint_line(_action_words(action, None, you=True), typed)

    def human_out(self, view: Mapping[str, Any]) -> bool:
        return False

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        events = view.get("events") or []
        return ending_lines(
            "The match is over.",
            render_deals(events, names),
            render_scores(view.get("scores") or [], names),
        )


def _order(hand: Sequence[str]) -> Any:
    position = {card: index for index, card in reversed(list(enumerate(hand)))}
    return lambda card: position.get(card, len(hand))


def _split_reading(
    tokens: list[str], hand: Sequence[str], wild: str
) -> tuple[list[str], list[str]]:
    """The played tokens and the reading's (``as straight`` gives ``['straight']``). The
    word ``as`` in lower case separates them when as many cards follow it as precede it,
    the played cards other than wild among them; otherwise it is the ace of spades."""
    if len(tokens) >= 3 and tokens[-2].lower() == "as" and tokens[-1].lower() == "straight":
        return tokens[:-2], ["straight"]
    for index, token in enumerate(tokens):
        if token != "as" or index == 0 or index == len(tokens) - 1:
            continue
        left, right = tokens[:index], tokens[index + 1 :]
        try:
            played = _resolve(left, hand, wild)
            stands = _reading_cards(right, played, wild)
        except ValueError:
            continue
        naturals = Counter(card for card in played if card != wild)
        if len(played) == len(stands) and not naturals - Counter(stands):
            return left, right
    return tokens, []


# --------------------------------------------------------------------------------------
# The table
# --------------------------------------------------------------------------------------


def _last_actions(events: list[dict[str, Any]]) -> dict[int, Mapping[str, Any]]:
    """Each seat's latest play or pass in the current round."""
    last: dict[int, Mapping[str, Any]] = {}
    for event in current_deal_events(events):
        if event.get("type") in ("round_end", "deal", "lead"):
            last = {}
        elif event.get("type") in ("play", "pass") and isinstance(event.get("seat"), int):
            last[event["seat"]] = event
    return last


def render_table(
    view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str] = ()
) -> Table:
    last = _last_actions(view.get("events") or [])
    places = list(view.get("places") or [])
    sizes = view.get("hand_sizes") or []
    grid = Table(title=title, title_style="bold")
    grid.add_column("Seat", style="bold")
    grid.add_column("Team")
    grid.add_column("Cards", justify="right")
    grid.add_column("Place")
    grid.add_column("This round")
    for seat in range(len(names)):
        name = seat_cell(view, names, levels, seat)
        team = Text("us", style="green") if team_of(seat) == 0 else Text("them", style="red")
        count = str(sizes[seat]) if seat < len(sizes) else "?"
        place = ORDINALS.get(places.index(seat) + 1, "") if seat in places else ""
        doing = Text("")
        if seat in last:
            event = last[seat]
            doing = _action_words(str(event["action"]), event.get("kind"), you=seat == 0)
        grid.add_row(name, team, count, place, doing)
    return grid


def render_status(view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
    """Lines under the table: levels, tribute, the play on the table, your hand."""
    lines = [_level_line(view)]
    tribute = _tribute_line(view, names)
    if tribute is not None:
        lines.append(tribute)
    if view.get("phase") == "play":
        lines.append(_top_line(view, names))
    lines.append(_hand_line(view))
    return lines


def _level_line(view: Mapping[str, Any]) -> Text:
    line = Text(f"Deal {view.get('deal_number', '?')}", style="bold")
    if view.get("deals"):
        line.append(f" of {view['deals']}", style="bold")
    line.append(f" at level {level_name(view.get('level'))} ", style="bold")
    line.append(f"({team_word(view.get('level_team'))}'s)")
    line.append("   Levels: ", style="bold")
    line.append(_standing(view.get("levels")))
    wild = view.get("wild")
    if isinstance(wild, str):
        line.append("   Wild: ", style="bold")
        line.append(card_label(wild) + "*", style="bold magenta")
    return line


def _tribute_line(view: Mapping[str, Any], names: Sequence[str]) -> Text | None:
    tribute = view.get("tribute")
    if not isinstance(tribute, Mapping):
        return None
    line = Text("Tribute: ", style="bold")
    if tribute.get("cancelled"):
        line.append("none — the payers hold both red jokers.")
        return line
    parts: list[Text] = []
    for payment in tribute.get("payments") or []:
        part = Text(f"{seat_name(names, payment.get('payer'))} → ")
        part.append(f"{seat_name(names, payment.get('receiver'))}: ")
        part.append(
            card_label(str(payment.get("card"))), style=card_style(str(payment.get("card")))
        )
        parts.append(part)
    for back in tribute.get("returns") or []:
        part = Text(f"{seat_name(names, back.get('from'))} → {seat_name(names, back.get('to'))}: ")
        card = back.get("card")
        if isinstance(card, str):
            part.append(card_label(card), style=card_style(card))
            part.append(" (returned)", style="dim")
        elif back.get("done"):
            part.append("a card (returned)", style="dim")
        else:
            part.append("a card to return", style="dim")
        parts.append(part)
    for index, part in enumerate(parts):
        if index:
            line.append("; ")
        line.append_text(part)
    return line


def _top_line(view: Mapping[str, Any], names: Sequence[str]) -> Text:
    top = view.get("top")
    line = Text("On the table: ", style="bold")
    if isinstance(top, Mapping):
        line.append(f"{seat_name(names, top.get('seat'))} — ")
        line.append_text(play_text(top.get("cards") or [], top.get("as"), top.get("kind")))
    else:
        line.append("nothing (a new round)", style="dim")
    return line


def _hand_line(view: Mapping[str, Any]) -> Text:
    hand = list(view.get("hand") or [])
    line = Text("Your hand: ", style="bold")
    line.append_text(hand_text(hand, view.get("wild")))
    line.append(f"  ({len(hand)} card{'s' if len(hand) != 1 else ''})", style="dim")
    return line


def turn_prompt(view: Mapping[str, Any], names: Sequence[str]) -> str:
    legal = [str(a) for a in view.get("legal_actions") or []]
    if view.get("phase") == "return":
        tribute = view.get("tribute") or {}
        pending = next(
            (r for r in tribute.get("returns") or [] if r.get("from") == 0 and not r.get("done")),
            None,
        )
        to = seat_name(names, pending.get("to")) if pending else "the payer"
        choices = " ".join(a.split()[1] for a in legal)
        return f"Return a card to {to} ({choices}) > "
    top = view.get("top")
    if not isinstance(top, Mapping):
        return "You lead: your play > "
    if legal == ["pass"]:
        return "You cannot beat it — type pass > "
    who = seat_name(names, top.get("seat"))
    return f"Beat {who}'s play or pass > "


# --------------------------------------------------------------------------------------
# The end of the match
# --------------------------------------------------------------------------------------


def render_deals(events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Table:
    """One row per deal: its level, the places, who won and the levels after it."""
    table = Table(title="Deals", title_style="bold")
    table.add_column("#", justify="right", style="dim")
    table.add_column("Level")
    table.add_column("Places")
    table.add_column("Won by")
    table.add_column("Levels after (us / them)")
    level = None
    for event in events:
        if event.get("type") == "deal":
            level = event.get("level")
        elif event.get("type") == "deal_result":
            team = event.get("winning_team")
            advance = event.get("advance") or [0, 0]
            climbed = advance[team] if isinstance(team, int) and team < len(advance) else 0
            after = event.get("levels") or ["?", "?"]
            table.add_row(
                str(int(event.get("deal", 0)) + 1),
                level_name(level),
                _place_list(event.get("places") or [], names),
                f"{team_word(team)} (+{climbed})",
                f"{level_name(after[0])} / {level_name(after[1])}",
            )
    return table


def guandan_presenter() -> GuandanPresenter:
    return GuandanPresenter()
