"""Tractor (Shengji) at the terminal table.

:class:`TractorPresenter` plugs into the table loop of :mod:`cardavia.terminal` (see
:class:`cardavia.terminal.Presenter`). You are seat 0; your partner is seat 2 and the
opponents are seats 1 and 3, all bots. Every string comes from the catalogs
(``locale/<lang>/terminal.json``, keys ``terminal.tractor.*`` and the loop's own
``terminal.session.*``), in the language given to :func:`tractor_presenter`.

- **The table**, shown when you are to act: each seat's team, role (dealer, defender,
  attacker), cards left and cards in the current trick (the seat winning it marked); the
  deal number, the level, the trump, the dealer and both teams' levels; the standing
  declaration; then by phase: your declaring choices (numbered), the kitty you picked up
  and what you have buried, or the lead, who is winning, the attackers' points and the
  last trick; your hand grouped by effective suit, trumps first.
- **Declaring**: a number from the list, the cards (``2h``, ``2s 2s``, ``bj bj``, with or
  without ``declare``), or ``pass``.
- **Burying**: ``bury 3c 4c …`` (up to all eight at once, sent one by one and all
  refused when one is wrong), or the cards without ``bury``.
- **Leading and following**: the cards, with or without ``play`` (``9s 9s``; a bare rank
  ``9 9`` when only one suit fits). A follow is typed whole and sent as one
  ``play c1 c2 …`` (a part of it is also accepted; the rest is asked for next).
- **Between deals** the result (trick points, the kitty and its bonus, P, the level
  changes, the next dealer) is shown and the table waits for Enter.
- **At the end**: every deal's result and the final scores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardavia import tricks
from cardavia.cards import parse_card, rank_of, rank_tokens
from cardavia.engine import current_deal_events
from cardavia.games.tractor.rules import KITTY_SIZE, TRUMP, card_rules, level_rank, points
from cardavia.terminal import (
    SUIT_SYMBOLS,
    CatalogPresenter,
    Command,
    append_plays,
    card_label,
    card_style,
    cards_text,
    ending_lines,
    hint_line,
    read_line,
    render_scores,
    seat_cell,
    seat_name,
)

PREFIX = "terminal.tractor."
PLAIN_SUITS = "SHDC"
_PASS_WORDS = frozenset({"pass", "p", "no", "-"})
_DECLARE_WORDS = ("declare", "d")


def level_label(level: Any) -> str:
    """14 -> 'A', 10 -> '10': the level as shown."""
    if not (isinstance(level, int) and 2 <= level <= 14):
        return str(level)
    rank = level_rank(level)
    return "10" if rank == "T" else rank


def _ordered(cards: Sequence[str], hand: Sequence[str]) -> list[str]:
    """``cards`` in the order of ``hand`` (the engine's display order)."""
    position = {card: index for index, card in reversed(list(enumerate(hand)))}
    return sorted(cards, key=lambda card: position.get(card, len(hand)))


def _missing(cards: Sequence[str], hand: Sequence[str]) -> list[str]:
    """The cards of ``cards`` that ``hand`` cannot supply (two packs: copies count)."""
    return list((Counter(cards) - Counter(hand)).elements())


def _play_cards(play: Mapping[str, Any]) -> Text:
    return cards_text(play.get("cards") or [])


class _DealLog:
    """What the event lines need to remember within a deal: whether the next play leads
    a trick, the lead's size and each follower's cards so far (a follow played card by
    card is told in one line once complete), how many cards the dealer has buried."""

    def __init__(self) -> None:
        self.leading = True
        self.lead_size = 0
        self.parts: dict[Any, list[str]] = {}
        self.buried = 0


class TractorPresenter(CatalogPresenter):
    """Tractor's table, events and input; see the module docstring."""

    prefix = PREFIX

    def __init__(self, lang: str = "en") -> None:
        super().__init__(lang)
        self.log = _DealLog()

    # --- texts ------------------------------------------------------------------------

    def team(self, team: Any) -> str:
        return self.t("team.us") if team == 0 else self.t("team.them")

    def trump_label(self, trump: Any) -> str:
        if trump == "NT":
            return self.t("no_trump")
        if isinstance(trump, str) and trump in SUIT_SYMBOLS:
            return SUIT_SYMBOLS[trump]
        return self.t("trump_unknown")

    def levels_text(self, levels: Any) -> str:
        if not (isinstance(levels, list) and len(levels) == 2):
            return "?"
        return self.t("levels", us=level_label(levels[0]), them=level_label(levels[1]))

    def shape(self, count: int) -> str:
        """The shape of a lead of ``count`` cards (leads are singles, pairs or tractors)."""
        if count == 1:
            return self.t("shape.single")
        if count == 2:
            return self.t("shape.pair")
        return self.t("shape.tractor", count=count // 2)

    # --- events -----------------------------------------------------------------------

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "deal":
            self.log = _DealLog()
            return self._deal_line(event, names)
        if kind == "declare":
            line = self.said("declares", seat, names, cards=self.cards(event.get("cards") or []))
            return Text(
                line + " " + self.t("makes_trump", trump=self.trump_label(event.get("trump"))),
                style="yellow",
            )
        if kind == "pass":
            return Text(self.said("passes", seat, names), style="dim")
        if kind == "kitty_exposed":
            return Text(
                self.t(
                    "kitty_exposed",
                    cards=self.cards(event.get("cards") or []),
                    trump=self.trump_label(event.get("trump")),
                ),
                style="yellow",
            )
        if kind == "trump":
            return self._trump_line(event, names)
        if kind == "bury":
            self.log.buried += 1
            if self.log.buried < KITTY_SIZE:
                return None
            return Text(self.said("buried", seat, names, count=KITTY_SIZE), style="dim")
        if kind == "play":
            return self._play_line(event, names)
        if kind == "trick":
            self.log.leading = True
            return self._trick_line(event, names)
        if kind == "deal_result":
            return self._result_text(event, names)
        return Text(f"{kind}", style="dim")

    def cards(self, cards: Sequence[str]) -> str:
        return " ".join(card_label(card) for card in cards)

    def _deal_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        index = event.get("deal")
        number = index + 1 if isinstance(index, int) else "?"  # the engine counts from 0
        text = Text(self.t("deal", number=number), style="bold cyan")
        text.append(" ")
        text.append(
            self.t(
                "deal_detail",
                level=level_label(event.get("level")),
                dealer=seat_name(names, event.get("dealer")),
                levels=self.levels_text(event.get("levels")),
            ),
            style="cyan",
        )
        return text

    def _trump_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        trump = self.trump_label(event.get("trump"))
        dealer = event.get("dealer")
        declarer = event.get("declarer")
        if isinstance(declarer, int):
            line = self.t("trump_declared", trump=trump, player=seat_name(names, declarer))
        else:
            line = self.t("trump_fixed", trump=trump)
        line += " " + self.said("takes_kitty", dealer, names)
        return Text(line, style="bold magenta")

    def _play_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        seat = event.get("seat")
        cards = list(event.get("cards") or [])
        if self.log.leading:
            self.log.leading = False
            self.log.lead_size, self.log.parts = len(cards), {}
            words = self.said("leads", seat, names, cards="\0")
            shape = f" ({self.shape(len(cards))})"
        else:
            cards = self.log.parts.pop(seat, []) + cards
            if len(cards) < self.log.lead_size:  # the rest of this follow is still to come
                self.log.parts[seat] = cards
                return None
            words = self.said("plays", seat, names, cards="\0")
            shape = ""
        # The sentence with the cards coloured where the catalog puts them.
        before, _, after = words.partition("\0")
        sentence = Text(before)
        sentence.append_text(cards_text(cards))
        sentence.append(after)
        if shape:
            sentence.append(shape, style="dim")
        return sentence

    def _trick_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        winner = event.get("winner")
        points = int(event.get("points") or 0)
        line = self.said("wins_trick", winner, names, number=event.get("number", "?"))
        if points:
            line += " " + self.t("trick_points", count=points)
        line += " " + self.t("attackers_points", points=event.get("attackers_points", 0))
        return Text(line, style="green" if isinstance(winner, int) and winner % 2 == 0 else "red")

    def _result_text(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        attackers_won = event.get("winner") == "attackers"
        text = Text(self.t("result.over"), style="bold")
        text.append(" " + self.t("result.trick_points", points=event.get("trick_points", 0)))
        text.append("\n" + self.t("result.kitty", cards=self.cards(event.get("kitty") or [])))
        text.append(" " + self.t("result.kitty_points", count=int(event.get("kitty_points") or 0)))
        multiplier = int(event.get("multiplier") or 0)
        if multiplier:
            text.append(
                " "
                + self.t(
                    "result.bonus",
                    points=event.get("kitty_points", 0),
                    multiplier=multiplier,
                    bonus=event.get("bonus", 0),
                )
            )
        else:
            text.append(" " + self.t("result.no_bonus"))
        gain = int(event.get("gain") or 0)
        outcome = "result.take_over" if attackers_won else "result.hold"
        if attackers_won and not gain:
            outcome = "result.take_over_only"
        team = self.t("result.team.us" if event.get("team") == 0 else "result.team.them")
        points = event.get("points", 0)
        levels = self.t("gain", count=gain)
        text.append("\n" + self.t(outcome, points=points, team=team, levels=levels), style="bold")
        text.append(
            "\n"
            + self.t(
                "result.after",
                levels=self.levels_text(event.get("levels")),
                dealer=seat_name(names, event.get("next_dealer")),
            )
        )
        won = event.get("match_won")
        if isinstance(won, int):
            key = "result.match_us" if won == 0 else "result.match_them"
            text.append("\n" + self.t(key), style="bold magenta")
        return text

    def pause_after(self, event: Mapping[str, Any]) -> str | None:
        """Wait for Enter after a deal's result, unless the match is decided."""
        if event.get("type") == "deal_result" and event.get("match_won") is None:
            return self.t("pause")
        return None

    # --- input ------------------------------------------------------------------------

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        line, command = read_line(text)
        if command is not None:
            return command
        low = line.lower()
        if low in _PASS_WORDS:
            return Command("action", action="pass")
        phase = view.get("phase")
        if view.get("current_player") != 0 or phase not in ("declare", "bury", "play"):
            return Command("error", message=self.t("error.not_your_turn"))
        try:
            if phase == "declare":
                return self._declare_command(low, view)
            if phase == "bury":
                return self._bury_command(low, view)
            return self._play_command(low, view)
        except ValueError as error:
            return Command("error", message=str(error))

    def _tokens(self, low: str, verbs: Sequence[str]) -> list[str]:
        words = low.replace(",", " ").split()
        if words and words[0] in verbs:
            words = words[1:]
        if not words:
            raise ValueError(self.t(f"error.name_cards.{verbs[0]}"))
        return words

    def _parse(self, token: str) -> str:
        try:
            return parse_card(token)
        except ValueError:
            raise ValueError(self.t("error.not_a_card", token=token)) from None

    def _held(self, cards: Sequence[str], hand: Sequence[str]) -> None:
        missing = _missing(cards, hand)
        if missing:
            raise ValueError(self.t("error.not_held", cards=self.cards(missing)))

    def _declare_command(self, low: str, view: Mapping[str, Any]) -> Command:
        legal = [str(action) for action in view.get("legal_actions") or []]
        choices = [action for action in legal if action != "pass"]
        if low.isdigit():
            number = int(low)
            if 1 <= number <= len(choices):
                return Command("action", action=choices[number - 1])
            if not choices:
                raise ValueError(self.t("error.no_declaration"))
            raise ValueError(self.t("error.choice", count=len(choices)))
        cards = [self._parse(token) for token in self._tokens(low, _DECLARE_WORDS)]
        self._held(cards, view.get("hand") or [])
        action = "declare " + " ".join(cards)  # one card, or two identical ones
        if action not in legal:
            raise ValueError(self.t("error.declaration"))
        return Command("action", action=action)

    def _bury_command(self, low: str, view: Mapping[str, Any]) -> Command:
        cards = [self._parse(token) for token in self._tokens(low, ("bury", "b"))]
        self._held(cards, view.get("hand") or [])
        left = int(view.get("to_bury") or 0)
        if len(cards) > left:
            raise ValueError(self.t("error.too_many_bury", count=left, named=len(cards)))
        actions = [f"bury {card}" for card in cards]
        message = self.t("buried_now", cards=self.cards(cards), count=left - len(cards))
        return Command("action", action=actions[0], more=tuple(actions[1:]), message=message)

    def _play_command(self, low: str, view: Mapping[str, Any]) -> Command:
        tokens = self._tokens(low, ("play",))
        hand = list(view.get("hand") or [])
        legal = [str(action) for action in view.get("legal_actions") or []]
        owed = int(view.get("to_follow") or 0)
        exact = [token for token in tokens if rank_tokens(token) is None]
        cards = [self._parse(token) for token in exact]
        ranks = [rank for token in tokens for rank in rank_tokens(token) or []]
        if ranks:
            cards = self._by_ranks(cards, ranks, hand, legal, leading=owed == 0)
        self._held(cards, hand)
        cards = _ordered(cards, hand)
        if owed == 0:
            action = "play " + " ".join(cards)
            if action not in legal:
                raise ValueError(self.t("error.lead"))
            return Command("action", action=action)
        if len(cards) > owed:
            raise ValueError(self.t("error.too_many_follow", count=owed, named=len(cards)))
        if not self._can_follow(cards, view):
            raise ValueError(self.t("error.follow", suit=self._lead_suit(view)))
        return Command("action", action="play " + " ".join(cards))

    def _by_ranks(
        self,
        cards: list[str],
        ranks: list[str],
        hand: Sequence[str],
        legal: Sequence[str],
        leading: bool,
    ) -> list[str]:
        """Typed ranks (``9 9``, ``bj``) as cards: the one legal lead whose ranks match,
        or, while following, the legal card of each rank; asks for the suit otherwise."""
        if leading:
            wanted = Counter(rank_of(card) for card in cards) + Counter(ranks)
            matches = [
                action.split()[1:]
                for action in legal
                if action.startswith("play ")
                and Counter(rank_of(c) for c in action.split()[1:]) == wanted
                and not _missing(cards, action.split()[1:])
            ]
            if len(matches) == 1:
                return matches[0]
            if not matches:
                raise ValueError(self.t("error.lead"))
            options = " / ".join(self.cards(match) for match in matches)
            raise ValueError(self.t("error.which_suit", options=options))
        playable = [a.split()[1] for a in legal if a.startswith("play ") and len(a.split()) == 2]
        out = list(cards)
        for rank in ranks:
            fits = [card for card in dict.fromkeys(playable or hand) if rank_of(card) == rank]
            if len(fits) != 1:
                shown = " / ".join(card_label(card) for card in fits) or rank
                raise ValueError(self.t("error.which_suit", options=shown))
            out.append(fits[0])
        return out

    def _can_follow(self, cards: Sequence[str], view: Mapping[str, Any]) -> bool:
        """Whether ``cards`` can still be completed into a legal follow (the engine's
        own test, so that a refusal is explained in the table's language)."""
        lead = view.get("lead") or {}
        rules = card_rules(int(view.get("level") or 2), view.get("trump"))
        hand = list(view.get("hand") or [])
        committed = next(
            (list(p.get("cards") or []) for p in view.get("trick") or [] if p.get("seat") == 0),
            [],
        )
        rest = list((Counter(hand) - Counter(cards)).elements())
        return bool(
            tricks.can_complete_follow(
                rest, committed + list(cards), list(lead.get("cards") or []), rules
            )
        )

    def _lead_suit(self, view: Mapping[str, Any]) -> str:
        lead = view.get("lead") or {}
        suit = lead.get("suit")
        if suit == TRUMP:
            return self.t("trumps")
        return SUIT_SYMBOLS.get(str(suit), str(suit))

    # --- the table --------------------------------------------------------------------

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        items: list[RenderableType] = [self._seats(view, names, title, levels)]
        items.append(self._deal_status(view, names))
        declaration = self._declaration_line(view, names)
        if declaration is not None:
            items.append(declaration)
        phase = view.get("phase")
        if phase == "declare":
            items += self._declare_lines(view)
        elif phase == "bury":
            items += self._bury_lines(view)
        elif phase == "play":
            items += self._play_lines(view, names)
        items += self.hand_lines(view)
        return items

    def _role(self, view: Mapping[str, Any], seat: int) -> Text:
        if view.get("trump") is None and view.get("phase") == "declare":
            return Text("")
        if seat == view.get("dealer"):
            return Text(self.t("role.dealer"), style="magenta")
        if seat in (view.get("defenders") or []):
            return Text(self.t("role.defender"), style="magenta")
        return Text(self.t("role.attacker"), style="cyan")

    def _seats(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> Table:
        grid = Table(title=title, title_style="bold")
        for key in ("seat", "team", "role", "cards", "trick"):
            grid.add_column(self.t(f"column.{key}"), style="bold" if key == "seat" else None)
        counts = view.get("hand_counts") or []
        plays = {p.get("seat"): p.get("cards") or [] for p in view.get("trick") or []}
        for seat in range(len(names)):
            name = seat_cell(view, names, levels, seat)
            team = Text(self.team(seat % 2), style="green" if seat % 2 == 0 else "red")
            count = str(counts[seat]) if seat < len(counts) else "?"
            trick = cards_text(plays.get(seat, []))
            if seat == view.get("winning") and plays.get(seat):
                trick.append(" ★ " + self.t("winning"), style="bold yellow")
            grid.add_row(name, team, self._role(view, seat), count, trick)
        return grid

    def _deal_status(self, view: Mapping[str, Any], names: Sequence[str]) -> Text:
        deals = view.get("deals")
        number = view.get("deal_number", "?")
        key = "status.deal_of" if deals else "status.deal"
        line = Text(self.t(key, number=number, deals=deals), style="bold")
        line.append(" · " + self.t("status.level", level=level_label(view.get("level"))))
        line.append(" · " + self.t("status.trump", trump=self.trump_label(view.get("trump"))))
        dealer = view.get("dealer")
        deal = current_deal_events(list(view.get("events") or []))[:1]
        first_declarer_deals = bool(deal and deal[0].get("first_declarer_deals"))
        if view.get("phase") == "declare" and first_declarer_deals:
            line.append(" · " + self.t("status.starting_dealer", player=seat_name(names, dealer)))
        else:
            line.append(" · " + self.t("status.dealer", player=seat_name(names, dealer)))
        line.append("\n" + self.levels_text(view.get("levels")))
        return line

    def _declaration_line(self, view: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        """The standing declaration (and the kitty turned up when nobody declared); None
        once play has started without any (a trump fixed by the deal)."""
        declaration = view.get("declaration")
        exposed = view.get("exposed_kitty")
        if declaration is None and exposed is None and view.get("phase") != "declare":
            return None
        line = Text(self.t("declaration") + " ", style="bold")
        if isinstance(declaration, Mapping):
            line.append_text(cards_text(declaration.get("cards") or []))
            line.append(
                " " + self.t("declared_by", player=seat_name(names, declaration.get("seat")))
            )
        else:
            line.append(self.t("declaration_none"), style="dim")
        if isinstance(exposed, list):
            line.append("\n" + self.t("exposed") + " ", style="bold")
            line.append_text(cards_text(exposed))
        return line

    def _declare_lines(self, view: Mapping[str, Any]) -> list[Text]:
        legal = [str(action) for action in view.get("legal_actions") or []]
        choices = [action for action in legal if action.startswith("declare ")]
        if view.get("current_player") != 0:
            return []
        line = Text(self.t("choices") + " ", style="bold")
        if not choices:
            line.append(self.t("choices_none"), style="dim")
            return [line]
        for number, action in enumerate(choices, 1):
            if number > 1:
                line.append("   ")
            line.append(f"{number}. ", style="cyan")
            line.append_text(cards_text(action.split()[1:]))
        line.append("   " + self.t("or_pass"), style="dim")
        return [line]

    def _bury_lines(self, view: Mapping[str, Any]) -> list[Text]:
        lines: list[Text] = []
        taken = view.get("taken_kitty")
        if isinstance(taken, list):
            line = Text(self.t("taken_kitty") + " ", style="bold")
            line.append_text(cards_text(taken))
            lines.append(line)
        buried = view.get("kitty")
        if isinstance(buried, list):
            line = Text(self.t("buried_so_far") + " ", style="bold")
            if buried:
                line.append_text(cards_text(buried))
                line.append(f"  ({self.t('points', count=points(buried))})", style="dim")
            else:
                line.append(self.t("nothing"), style="dim")
            lines.append(line)
        left = int(view.get("to_bury") or 0)
        if left:
            lines.append(Text(self.t("bury_more", count=left), style="bold yellow"))
        return lines

    def _play_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
        lines: list[Text] = []
        lead = view.get("lead")
        if isinstance(lead, Mapping):
            line = Text(self.t("lead") + " ", style="bold")
            line.append(seat_name(names, lead.get("seat")) + " — ")
            line.append_text(cards_text(lead.get("cards") or []))
            line.append(f" ({self.shape(len(lead.get('cards') or []))})", style="dim")
            winning = view.get("winning")
            if isinstance(winning, int):
                line.append(" · " + self.t("winning_now", player=seat_name(names, winning)))
            lines.append(line)
        attackers = " & ".join(seat_name(names, s) for s in view.get("attackers") or [])
        line = Text(self.t("points_line", points=view.get("points", 0), attackers=attackers))
        lines.append(line)
        last = view.get("last_trick")
        if isinstance(last, Mapping):
            line = Text(self.t("last_trick") + " ", style="bold")
            append_plays(line, last.get("plays") or [], names, _play_cards)
            winner = seat_name(names, last.get("winner"))
            line.append(
                " → " + self.t("last_winner", player=winner, count=int(last.get("points") or 0))
            )
            lines.append(line)
        owed = int(view.get("to_follow") or 0)
        if owed and view.get("current_player") == 0:
            legal = [str(a).split()[1] for a in view.get("legal_actions") or [] if " " in str(a)]
            line = Text(self.t("owe", count=owed) + " ", style="bold yellow")
            line.append_text(cards_text(legal))
            lines.append(line)
        return lines

    def hand_lines(self, view: Mapping[str, Any]) -> list[Text]:
        """Your hand by effective suit, trumps first, each group in the engine's order."""
        hand = [str(card) for card in view.get("hand") or []]
        rules = card_rules(int(view.get("level") or 2), view.get("trump"))
        groups: dict[str, list[str]] = {}
        for card in hand:
            groups.setdefault(rules.suit_of(card), []).append(card)
        lines = [Text(self.t("hand", count=len(hand)), style="bold")]
        for suit in (TRUMP, *PLAIN_SUITS):
            if suit not in groups:
                continue
            label = self.t("trumps") if suit == TRUMP else SUIT_SYMBOLS[suit]
            line = Text(f"  {label}: ", style="bold magenta" if suit == TRUMP else "bold")
            for index, card in enumerate(groups[suit]):
                if index:
                    line.append(" ")
                line.append(card_label(card), style=card_style(card))
            lines.append(line)
        return lines

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        phase = view.get("phase")
        if phase == "declare":
            return self.t("prompt.declare")
        if phase == "bury":
            return self.t("prompt.bury", count=int(view.get("to_bury") or 0))
        owed = int(view.get("to_follow") or 0)
        if owed:
            return self.t("prompt.follow", count=owed, suit=self._lead_suit(view))
        return self.t("prompt.lead")

    # --- hints and the end ------------------------------------------------------------

    def hint(self, action: str) -> Text:
        verb, _, rest = action.partition(" ")
        words = Text(
            self.t(f"hint.{verb}") if verb in ("pass", "declare", "bury", "play") else action
        )
        if rest:
            words.append(" ")
            words.append_text(cards_text(rest.split()))
        typed = action.lower() if verb != "play" else rest.lower()
        return hint_line(words, typed, self.t("hint.type"))

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        events = view.get("events") or []
        over = (
            self.t("ending.match")
            if view.get("match_winner") is not None
            else self.t("ending.deals")
        )
        scores = render_scores(
            view.get("scores") or [],
            names,
            self.t("ending.scores"),
            (self.t("column.seat"), self.t("ending.points")),
        )
        return ending_lines(over, self.render_deals(events, names), scores)

    def render_deals(self, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Table:
        """One row per finished deal: level, dealer, trump, P, who gained, levels after."""
        table = Table(title=self.t("ending.deals_title"), title_style="bold")
        for key in ("number", "level", "dealer", "trump", "p", "gain", "levels", "next"):
            table.add_column(self.t(f"ending.column.{key}"))
        level: Any = None
        dealer: Any = None
        trump: Any = None
        for event in events:
            kind = event.get("type")
            if kind == "deal":
                level, dealer = event.get("level"), event.get("dealer")
            elif kind == "trump":
                trump, dealer = event.get("trump"), event.get("dealer", dealer)
            elif kind == "deal_result":
                side = "attackers" if event.get("winner") == "attackers" else "defenders"
                after = event.get("levels") or ["?", "?"]
                table.add_row(
                    str(event.get("deal", len(table.rows) + 1)),
                    level_label(level),
                    seat_name(names, dealer),
                    self.trump_label(trump),
                    str(event.get("points", "?")),
                    f"{self.t('side.' + side)} +{event.get('gain', 0)}",
                    f"{level_label(after[0])} / {level_label(after[1])}",
                    seat_name(names, event.get("next_dealer")),
                )
        return table


def tractor_presenter(lang: str = "en") -> TractorPresenter:
    return TractorPresenter(lang)
