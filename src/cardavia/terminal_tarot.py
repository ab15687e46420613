"""French Tarot at the terminal table (spec/tarot.md).

:class:`TarotPresenter` plugs into the table loop of :mod:`cardavia.terminal` (see
:class:`cardavia.terminal.Presenter`). You are seat 0; play turns counter-clockwise, so Bot 1
sits on your right, Bot 2 opposite and Bot 3 on your left. Every string comes from the
catalogs (``locale/<lang>/terminal.json``, keys ``terminal.tarot.*`` and the loop's own
``terminal.session.*``), in the language given to :func:`tarot_presenter`; the engine's
refusals are shown as the engine words them.

- **The table**, shown when you are to act: each seat's place, role (dealer, taker,
  defender), bid, cards left, tricks won and card in the current trick (the seat winning
  it marked); the deal number, the dealer, the contract and the running totals; then by
  phase: the bids so far and yours to choose, the chien and what you have discarded, the
  chelem question, or the trick led, the last trick, the chien and the shown cards and a
  poignée you may show; your hand grouped: trumps, the Excuse, then each suit.
- **Bidding**: ``pass``, ``prise``, ``garde``, ``garde sans`` (``gs``), ``garde contre``
  (``gc``), with or without ``bid``.
- **The écart**: ``discard 3c 4c …`` (up to all six at once, or the cards alone); each
  card is sent as one ``discard`` action and checked by the engine; when one is refused,
  its reason is shown and none of the line's cards is discarded.
- **The chelem question**: ``yes`` / ``no``.
- **Playing**: one card (``kh``, ``21t``, ``ex``, ``10s``, ``as``, ``cs`` = the knight),
  with or without ``play``. In the first trick, before your card: ``poignee simple``
  (``double``, ``triple``) followed by the trumps to show, or the trumps alone once it
  is declared.
- **Between deals** the breakdown is shown and the table waits for Enter; **at the end**,
  every deal's result and the running totals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from cardavia.games.tarot import rules
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

PREFIX = "terminal.tarot."
SEATS = rules.SEATS
_PASS_WORDS = frozenset({"pass", "p", "no", "n", "-"})
_YES_WORDS = frozenset({"yes", "y", "declare", "chelem", "declare chelem", "oui", "o"})
# Typed bids: the contract's own name, spaces or underscores, and short forms.
_BIDS = {
    "prise": "prise",
    "petite": "prise",
    "garde": "garde",
    "g": "garde",
    "garde sans": "garde_sans",
    "garde_sans": "garde_sans",
    "sans": "garde_sans",
    "gs": "garde_sans",
    "garde contre": "garde_contre",
    "garde_contre": "garde_contre",
    "contre": "garde_contre",
    "gc": "garde_contre",
}
_POIGNEE_WORDS = ("poignee", "poignée", "declare poignee", "declare poignée", "declare")
_VERBS = {"play": ("play",), "discard": ("discard", "ecart", "écart"), "show": ("show",)}


def tarot_label(card: str) -> str:
    """'KH' -> 'K♥', 'TS' -> '10♠', '21T' and 'EX' as written."""
    if card == rules.EXCUSE or rules.is_trump(card):
        return card
    return card_label(card)


def tarot_style(card: str) -> str:
    if card == rules.EXCUSE or rules.is_trump(card):
        return "bold magenta"
    return card_style(card)


def tarot_cards(cards: Sequence[str]) -> Text:
    return cards_text(cards, tarot_label, tarot_style)


def _play_card(play: Mapping[str, Any]) -> Text:
    return tarot_cards([str(play.get("card"))])


class _DealLog:
    """What the event lines remember within a deal: the taker (for colouring the tricks
    by side), the hidden discards so far and the cards of a poignée being shown."""

    def __init__(self) -> None:
        self.taker: int | None = None
        self.discards = 0
        self.showing: list[str] = []
        self.show_size = 0
        self.trick_plays = 0


class TarotPresenter(CatalogPresenter):
    """French Tarot's table, events and input; see the module docstring."""

    prefix = PREFIX
    seats = SEATS

    def __init__(self, lang: str = "en", deals: int = 1) -> None:
        super().__init__(lang)
        self.deals = deals  # the match's scored deals: running totals are shown past one
        self.log = _DealLog()

    # --- texts ------------------------------------------------------------------------

    def contract(self, contract: Any) -> str:
        if contract in rules.CONTRACTS:
            return self.t(f"contract.{contract}")
        return self.t("bid_pass") if contract == "pass" else str(contract)

    def cards(self, cards: Sequence[str]) -> str:
        return " ".join(tarot_label(card) for card in cards)

    def sentence(self, words: str, cards: Sequence[str], style: str = "") -> Text:
        """``words`` with ``{cards}`` filled by coloured cards."""
        before, _, after = words.partition("\0")
        text = Text(before, style=style)
        text.append_text(tarot_cards(cards))
        text.append(after, style=style)
        return text

    def ally(self, seat: Any) -> bool:
        """Whether ``seat`` plays on your side this deal (the taker's side or the defence)."""
        taker = self.log.taker
        if not isinstance(seat, int) or taker is None:
            return bool(seat == 0)
        return (seat == taker) == (taker == 0)

    # --- events -----------------------------------------------------------------------

    def describe_event(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "deal":
            self.log = _DealLog()
            return self._deal_line(event, names)
        if kind == "redeal":
            return self._redeal_line(event, names)
        if kind == "bid":
            contract = self.contract(event.get("contract"))
            return Text(self.said("bids", seat, names, contract=contract), style="yellow")
        if kind == "pass":
            key = "no_chelem" if event.get("phase") == "chelem" else "passes"
            return Text(self.said(key, seat, names), style="dim")
        if kind == "contract":
            return self._contract_line(event, names)
        if kind == "chien":
            return self.sentence(self.t("chien_shown", cards="\0"), event.get("cards") or [])
        if kind == "discard":
            return self._discard_line(event, names)
        if kind == "chelem":
            return Text(self.said("chelem", seat, names), style="bold magenta")
        if kind == "poignee":
            self.log.showing, self.log.show_size = [], rules.POIGNEE_SIZES.get(event["size"], 0)
            size = self.t(f"poignee.{event.get('size')}")
            return Text(self.said("declares_poignee", seat, names, size=size), style="yellow")
        if kind == "show":
            return self._show_line(event, names)
        if kind == "play":
            return self._play_line(event, names)
        if kind == "trick":
            self.log.trick_plays = 0
            return self._trick_line(event, names)
        if kind == "excuse":
            return self._excuse_line(event, names)
        if kind == "deal_result":
            return self.result_text(event, names)
        return Text(f"{kind}", style="dim")

    def _deal_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        dealer = event.get("dealer")
        first = (dealer + 1) % SEATS if isinstance(dealer, int) else None
        text = Text(self.t("deal", number=event.get("number", "?")), style="bold cyan")
        text.append(" ")
        detail = self.t(
            "deal_detail", dealer=seat_name(names, dealer), first=seat_name(names, first)
        )
        text.append(detail, style="cyan")
        return text

    def _redeal_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        dealer = seat_name(names, event.get("dealer"))
        if event.get("reason") == "petit_sec":
            words = self.said("petit_sec", event.get("seat"), names, cards="\0", dealer=dealer)
            return self.sentence(words, event.get("hand") or [], style="yellow")
        return Text(self.t("all_pass", dealer=dealer), style="yellow")

    def _contract_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        taker = event.get("taker")
        self.log.taker = taker if isinstance(taker, int) else None
        contract = event.get("contract")
        words = self.said(
            "takes",
            taker,
            names,
            contract=self.contract(contract),
            multiplier=rules.MULTIPLIERS.get(str(contract), "?"),
        )
        if contract not in rules.CHIEN_SHOWN:
            words += " " + self.t(f"chien_unseen.{contract}")
        return Text(words, style="bold magenta")

    def _discard_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        self.log.discards += 1
        seat = event.get("seat")
        card = event.get("card")
        lines: list[Text] = []
        if isinstance(card, str):  # a trump forced into the écart is shown (§5.1.4)
            lines.append(
                self.sentence(self.said("discards_trump", seat, names, card="\0"), [card], "")
            )
        if self.log.discards == rules.CHIEN_SIZE:
            lines.append(Text(self.said("ecart_made", seat, names), style="dim"))
        if not lines:
            return None
        return Text("\n").join(lines)

    def _show_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text | None:
        self.log.showing.append(str(event.get("card")))
        if len(self.log.showing) < self.log.show_size:
            return None
        shown = rules.sort_hand(self.log.showing)
        return self.sentence(self.said("shows", event.get("seat"), names, cards="\0"), shown)

    def _play_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        key = "leads" if self.log.trick_plays == 0 else "plays"
        self.log.trick_plays += 1
        card = str(event.get("card"))
        return self.sentence(self.said(key, event.get("seat"), names, card="\0"), [card])

    def _trick_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        """'Trick 3: You 7♥ · Bot 1 K♥ · Bot 2 2T · Bot 3 EX → Bot 2 wins it.'"""
        winner = event.get("winner")
        style = "green" if self.ally(winner) else "red"
        text = Text(self.t("trick", number=event.get("number", "?")) + " ", style=style)
        plays = sorted(event.get("plays") or [], key=lambda play: int(play.get("seat", 0)))
        append_plays(text, plays, names, _play_card)
        text.append(" → " + self.said("wins_trick", winner, names), style=style)
        return text

    def _excuse_line(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        paid = event.get("paid")
        key = f"excuse.{paid}" if paid in ("now", "later", "paid", "never") else "excuse.now"
        owner = seat_name(names, event.get("seat"))
        line = self.t(key, player=owner, winner=seat_name(names, event.get("winner")))
        return Text(line, style="dim")

    # --- the breakdown ------------------------------------------------------------------

    def result_text(self, event: Mapping[str, Any], names: Sequence[str]) -> Text:
        """The deal's breakdown: contract, bouts, points, target, margin, each bonus, T,
        the four scores and, over several deals, the running totals."""
        b: Mapping[str, Any] = event.get("breakdown") or {}
        taker = b.get("taker")
        text = Text(self.t("result.over", number=event.get("number", "?")), style="bold")
        text.append("\n")
        text.append_text(self.sentence(self.t("result.chien", cards="\0"), event["chien"]))
        if event.get("ecart"):  # none in a garde sans or contre
            text.append("   ")
            text.append_text(self.sentence(self.t("result.ecart", cards="\0"), event["ecart"]))
        contract = self.contract(b.get("contract"))
        text.append(
            "\n"
            + self.t(
                "result.contract",
                player=seat_name(names, taker),
                contract=contract,
                multiplier=b.get("multiplier", "?"),
            )
        )
        text.append(
            "\n"
            + self.t(
                "result.points",
                points=b.get("points"),
                bouts=b.get("bouts"),
                target=b.get("target"),
                defence=b.get("defence_points"),
            )
        )
        made = "result.made" if b.get("made") else "result.failed"
        text.append("\n" + self.t(made, margin=b.get("margin")), style="bold")
        text.append(
            "  "
            + self.t(
                "result.contract_score",
                margin=b.get("margin"),
                multiplier=b.get("multiplier"),
                score=_signed(b.get("contract_score")),
            )
        )
        for line in self._bonus_lines(b, names):
            text.append("\n" + line)
        text.append("\n" + self.t("result.total", total=_signed(b.get("total"))), style="bold")
        scores = b.get("scores") or []
        text.append("\n" + self.t("result.scores", scores=self.per_seat(scores, names)))
        if isinstance(event.get("totals"), list) and self.deals > 1:
            totals = self.per_seat(event["totals"], names)
            text.append("\n" + self.t("result.totals", totals=totals), style="bold")
        return text

    def _bonus_lines(self, b: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        lines: list[str] = []
        petit = int(b.get("petit_au_bout") or 0)
        if petit:
            side = "taker" if b.get("petit_au_bout_side") == "taker" else "defence"
            lines.append(self.t(f"result.petit.{side}", score=_signed(petit)))
        for poignee in b.get("poignees") or []:
            lines.append(
                self.t(
                    "result.poignee",
                    size=self.t(f"poignee.{poignee.get('size')}"),
                    player=seat_name(names, poignee.get("seat")),
                    score=_signed(poignee.get("bonus")),
                )
            )
        chelem = int(b.get("chelem") or 0)
        if chelem or b.get("chelem_announced"):
            key = "result.chelem_defence" if b.get("slam") == "defence" else "result.chelem"
            lines.append(self.t(key, score=_signed(chelem)))
        if not lines:
            lines.append(self.t("result.no_bonus"))
        return lines

    def per_seat(self, values: Sequence[Any], names: Sequence[str]) -> str:
        return " · ".join(f"{seat_name(names, s)} {_signed(v)}" for s, v in enumerate(values))

    def pause_after(self, event: Mapping[str, Any]) -> str | None:
        """Wait for Enter after a deal's result (the loop skips it after the last deal)."""
        return self.t("pause") if event.get("type") == "deal_result" else None

    # --- input ------------------------------------------------------------------------

    def interpret(self, text: str, view: Mapping[str, Any]) -> Command:
        line, command = read_line(text)
        if command is not None:
            return command
        low = line.lower().replace(",", " ")
        low = " ".join(low.split())
        phase = view.get("phase")
        if view.get("current_player") != 0:
            return Command("error", message=self.t("error.not_your_turn"))
        try:
            if phase == "bidding":
                return self._bid_command(low, view)
            if phase == "ecart":
                return self._discard_command(low, view)
            if phase == "chelem":
                return self._chelem_command(low)
            if phase == "play":
                return self._play_command(low, view)
        except ValueError as error:
            return Command("error", message=str(error))
        return Command("error", message=self.t("error.not_your_turn"))

    def _bid_command(self, low: str, view: Mapping[str, Any]) -> Command:
        if low in _PASS_WORDS:
            return Command("action", action="pass")
        word = low.removeprefix("bid ").strip()
        if word not in _BIDS:
            raise ValueError(self.t("error.bid", bids=self._bid_choices(view)))
        # Sent as typed: a bid too low is refused by the engine, which says why.
        return Command("action", action="bid " + _BIDS[word])

    def _bid_choices(self, view: Mapping[str, Any]) -> str:
        legal = [str(a) for a in view.get("legal_actions") or []]
        words = [self.contract(a.split()[1]) for a in legal if a.startswith("bid ")]
        return ", ".join([*words, self.t("bid_pass")])

    def _parse(self, token: str) -> str:
        try:
            return rules.parse_card(token)
        except ValueError:
            raise ValueError(self.t("error.not_a_card", token=token)) from None

    def _named_cards(self, low: str, verb: str) -> list[str]:
        words = low.split()
        if words and words[0] in _VERBS[verb]:
            words = words[1:]
        if not words:
            raise ValueError(self.t(f"error.name_cards.{verb}"))
        return [self._parse(word) for word in words]

    def _discard_command(self, low: str, view: Mapping[str, Any]) -> Command:
        cards = self._named_cards(low, "discard")
        left = int(view.get("to_discard") or 0)
        if len(cards) > left:
            raise ValueError(self.t("error.too_many", left=left, named=len(cards)))
        actions = ["discard " + card for card in cards]
        # Each card is its own engine action, all checked before any is kept (the loop
        # tries them on a copy): a refused card shows the engine's reason, nothing is lost.
        message = ""
        if len(cards) < left:  # else the écart's own line says it is made
            message = self.t("discarded_now", cards=self.cards(cards), left=left - len(cards))
        return Command("action", action=actions[0], more=tuple(actions[1:]), message=message)

    def _chelem_command(self, low: str) -> Command:
        if low in _YES_WORDS:
            return Command("action", action="declare chelem")
        if low in _PASS_WORDS or low == "non":
            return Command("action", action="pass")
        raise ValueError(self.t("error.chelem"))

    def _play_command(self, low: str, view: Mapping[str, Any]) -> Command:
        if view.get("showing"):
            return self._show_command(low, view)
        if low in _POIGNEE_WORDS:
            raise ValueError(self.t("error.poignee_size"))
        for word in _POIGNEE_WORDS:
            rest = low.removeprefix(word + " ")
            if rest != low and rest.split()[0] in rules.POIGNEE_SIZES:
                return self._poignee_command(rest, view)
        cards = self._named_cards(low, "play")
        if len(cards) != 1:
            raise ValueError(self.t("error.one_card"))
        if cards[0] not in (view.get("hand") or []):
            raise ValueError(self.t("error.not_held", card=tarot_label(cards[0])))
        return Command("action", action="play " + cards[0])

    def _poignee_command(self, rest: str, view: Mapping[str, Any]) -> Command:
        """``poignee simple [cards]``: the declaration and, when named, the shows; with no
        cards and no choice (exactly as many trumps as the size), every trump is shown."""
        size, *tokens = rest.split()
        declare = "declare poignee " + size
        legal = [str(a) for a in view.get("legal_actions") or []]
        if declare not in legal:
            return Command("action", action=declare)  # the engine says why not
        cards = [self._parse(token) for token in tokens]
        if not cards:
            held = [c for c in view.get("hand") or [] if rules.is_trump(c)]
            held += list(view.get("ecart_trumps") or []) if view.get("taker") == 0 else []
            excuse = rules.EXCUSE in (view.get("hand") or [])
            needed = rules.POIGNEE_SIZES[size]
            if len(held) == needed or (excuse and len(held) + 1 == needed):
                cards = rules.sort_hand(held + ([rules.EXCUSE] if len(held) < needed else []))
        return self._shows(cards, rules.POIGNEE_SIZES[size], first=declare)

    def _show_command(self, low: str, view: Mapping[str, Any]) -> Command:
        showing = view.get("showing") or {}
        cards = self._named_cards(low, "show")
        return self._shows(cards, int(showing.get("needed") or 0))

    def _shows(self, cards: Sequence[str], needed: int, first: str | None = None) -> Command:
        if len(cards) > needed:
            raise ValueError(self.t("error.too_many_shown", needed=needed, named=len(cards)))
        actions = ([first] if first else []) + ["show " + card for card in cards]
        return Command("action", action=actions[0], more=tuple(actions[1:]))

    # --- the table --------------------------------------------------------------------

    def table(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> list[RenderableType]:
        items: list[RenderableType] = [self._seats(view, names, title, levels)]
        items.append(self._status(view, names))
        phase = view.get("phase")
        if phase == "bidding":
            items += self._bidding_lines(view, names)
        elif phase == "ecart":
            items += self._ecart_lines(view)
        elif phase == "chelem":
            items.append(Text(self.t("chelem_question"), style="bold yellow"))
        elif phase == "play":
            items += self._play_lines(view, names)
        items += self.hand_lines(view)
        return items

    def _role(self, view: Mapping[str, Any], seat: int) -> Text:
        taker = view.get("taker")
        parts: list[str] = []
        if seat == view.get("dealer"):
            parts.append(self.t("role.dealer"))
        if isinstance(taker, int):
            parts.append(self.t("role.taker" if seat == taker else "role.defender"))
        return Text(", ".join(parts), style="magenta" if seat == taker else "")

    def _seats(
        self, view: Mapping[str, Any], names: Sequence[str], title: str, levels: Sequence[str]
    ) -> Table:
        grid = Table(title=title, title_style="bold")
        for key in ("seat", "place", "role", "bid", "cards", "tricks", "trick"):
            grid.add_column(self.t(f"column.{key}"), style="bold" if key == "seat" else None)
        sizes = view.get("hand_sizes") or []
        won = view.get("tricks_won") or []
        bids = {bid.get("seat"): bid.get("bid") for bid in view.get("bids") or []}
        plays = {play.get("seat"): play.get("card") for play in view.get("trick") or []}
        for seat in range(len(names)):
            trick = tarot_cards([plays[seat]] if seat in plays else [])
            if seat == view.get("winning") and seat in plays:
                trick.append(" ★ " + self.t("winning"), style="bold yellow")
            grid.add_row(
                seat_cell(view, names, levels, seat),
                self.t(f"place.{seat}"),
                self._role(view, seat),
                self.contract(bids[seat]) if seat in bids else "",
                str(sizes[seat]) if seat < len(sizes) else "?",
                str(won[seat]) if seat < len(won) else "?",
                trick,
            )
        return grid

    def _status(self, view: Mapping[str, Any], names: Sequence[str]) -> Text:
        deals = int(view.get("deals") or 1)
        number = view.get("deal_number", "?")
        key = "status.deal_of" if deals > 1 else "status.deal"
        line = Text(self.t(key, number=number, deals=deals), style="bold")
        line.append(" · " + self.t("status.dealer", player=seat_name(names, view.get("dealer"))))
        contract = view.get("contract")
        if contract is not None:
            taker = seat_name(names, view.get("taker"))
            line.append(
                " · " + self.t("status.contract", contract=self.contract(contract), player=taker)
            )
        if view.get("chelem_announced"):
            line.append(" · " + self.t("status.chelem"), style="bold magenta")
        if deals > 1:
            line.append("\n" + self.t("status.totals", totals=self.per_seat(view["totals"], names)))
        return line

    def _bidding_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
        line = Text(self.t("bids_so_far") + " ", style="bold")
        bids = view.get("bids") or []
        if not bids:
            line.append(self.t("nobody_yet"), style="dim")
        line.append(
            ", ".join(
                f"{seat_name(names, b.get('seat'))} {self.contract(b.get('bid'))}" for b in bids
            )
        )
        return [line, Text(self.t("you_may_bid", bids=self._bid_choices(view)), style="cyan")]

    def _ecart_lines(self, view: Mapping[str, Any]) -> list[Text]:
        lines = [self.sentence(self.t("chien_line", cards="\0"), view.get("chien") or [])]
        ecart = view.get("ecart") or []
        line = Text(self.t("discarded_so_far") + " ", style="bold")
        if ecart:
            line.append_text(tarot_cards(ecart))
        else:
            line.append(self.t("nothing"), style="dim")
        lines.append(line)
        left = int(view.get("to_discard") or 0)
        lines.append(Text(self.t("ecart_rule", count=left), style="bold yellow"))
        allowed = [str(a).split()[1] for a in view.get("legal_actions") or []]
        lines.append(self.sentence(self.t("may_discard", cards="\0"), allowed, "dim"))
        return lines

    def _play_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
        lines: list[Text] = []
        if view.get("chien") is not None:
            lines.append(self.sentence(self.t("chien_line", cards="\0"), view["chien"]))
        if view.get("ecart_trumps"):
            lines.append(self.sentence(self.t("ecart_trumps", cards="\0"), view["ecart_trumps"]))
        for show in view.get("poignees") or []:
            words = self.t(
                "poignee_shown",
                player=seat_name(names, show.get("seat")),
                size=self.t(f"poignee.{show.get('size')}"),
                cards="\0",
            )
            lines.append(self.sentence(words, show.get("cards") or []))
        lines += self._trick_lines(view, names)
        if view.get("current_player") == 0:
            lines += self._poignee_lines(view)
        return lines

    def _trick_lines(self, view: Mapping[str, Any], names: Sequence[str]) -> list[Text]:
        lines: list[Text] = []
        number = int(view.get("tricks_played") or 0) + 1
        leader = seat_name(names, view.get("leader"))
        line = Text(self.t("trick_now", number=number, player=leader), style="bold")
        winning = view.get("winning")
        if isinstance(winning, int):
            line.append(" · " + self.t("winning_now", player=seat_name(names, winning)))
        lines.append(line)
        last = view.get("last_trick")
        if isinstance(last, Mapping):
            line = Text(self.t("last_trick") + " ", style="bold")
            append_plays(line, last.get("plays") or [], names, _play_card)
            line.append(" → " + seat_name(names, last.get("winner")))
            lines.append(line)
        return lines

    def _poignee_lines(self, view: Mapping[str, Any]) -> list[Text]:
        showing = view.get("showing")
        if isinstance(showing, Mapping):
            words = self.t("show_more", count=showing.get("needed", 0), cards="\0")
            line = self.sentence(words, showing.get("cards") or [], "bold yellow")
            choices = [str(a).split()[1] for a in view.get("legal_actions") or []]
            line.append("\n")
            line.append_text(self.sentence(self.t("may_show", cards="\0"), choices, "dim"))
            return [line]
        sizes = [
            str(a).split()[-1]
            for a in view.get("legal_actions") or []
            if str(a).startswith("declare poignee ")
        ]
        if not sizes:
            return []
        offers = ", ".join(
            self.t("poignee_offer", size=self.t(f"poignee.{s}"), count=rules.POIGNEE_SIZES[s])
            for s in sizes
        )
        return [Text(self.t("may_poignee", offers=offers), style="bold yellow")]

    def hand_lines(self, view: Mapping[str, Any]) -> list[Text]:
        """Your hand in display order, grouped: trumps, the Excuse, then each suit."""
        hand = [str(card) for card in view.get("hand") or []]
        lines = [Text(self.t("hand", count=len(hand)), style="bold")]
        groups: dict[str, list[str]] = {}
        for card in rules.sort_hand(hand):
            groups.setdefault(rules.suit_of(card), []).append(card)
        for suit in (rules.TRUMP, rules.EXCUSE, *rules.SUITS):
            if suit not in groups:
                continue
            if suit == rules.TRUMP:
                label = self.t("trumps")
            elif suit == rules.EXCUSE:
                label = self.t("excuse")
            else:
                label = SUIT_SYMBOLS[suit]
            line = Text(f"  {label}: ", style="bold")
            line.append_text(tarot_cards(groups[suit]))
            lines.append(line)
        return lines

    def prompt(self, view: Mapping[str, Any], names: Sequence[str]) -> str:
        phase = view.get("phase")
        if phase == "bidding":
            return self.t("prompt.bid", bids=self._bid_choices(view))
        if phase == "ecart":
            return self.t("prompt.ecart", count=int(view.get("to_discard") or 0))
        if phase == "chelem":
            return self.t("prompt.chelem")
        showing = view.get("showing")
        if isinstance(showing, Mapping):
            return self.t("prompt.show", count=showing.get("needed", 0))
        if not view.get("trick"):
            return self.t("prompt.lead")
        return self.t("prompt.follow")

    # --- hints and the end ------------------------------------------------------------

    def hint(self, action: str) -> Text:
        verb, _, rest = action.partition(" ")
        if verb in ("play", "discard", "show") and rest:
            words = Text(self.t(f"hint.{verb}") + " ")
            words.append_text(tarot_cards([rest]))
            typed = rest.lower() if verb == "play" else action.lower()
        elif verb == "bid":
            words, typed = Text(self.contract(rest)), rest.replace("_", " ")
        elif action == "declare chelem":
            words, typed = Text(self.t("hint.chelem")), "yes"
        elif verb == "declare":
            size = rest.split()[-1]
            words, typed = Text(self.t(f"poignee.{size}")), f"poignee {size}"
        else:
            words, typed = Text(self.t("bid_pass")), "pass"
        return hint_line(words, typed, self.t("hint.type"))

    def ending(self, view: Mapping[str, Any], names: Sequence[str]) -> list[RenderableType]:
        scores = render_scores(
            view.get("scores") or [],
            names,
            self.t("ending.totals"),
            (self.t("column.seat"), self.t("ending.points")),
        )
        deals = self.render_deals(view.get("events") or [], names)
        return ending_lines(self.t("ending.over"), deals, scores)

    def render_deals(self, events: Sequence[Mapping[str, Any]], names: Sequence[str]) -> Table:
        """One row per scored deal: contract and taker, bouts, points / target, the result,
        T and the four scores."""
        table = Table(title=self.t("ending.deals"), title_style="bold")
        for key in ("number", "contract", "bouts", "points", "result", "total"):
            table.add_column(self.t(f"ending.column.{key}"))
        for seat in range(len(names)):
            table.add_column(names[seat], justify="right")
        for event in events:
            if event.get("type") != "deal_result":
                continue
            b: Mapping[str, Any] = event.get("breakdown") or {}
            result = "result.made" if b.get("made") else "result.failed"
            table.add_row(
                str(event.get("number", "?")),
                f"{self.contract(b.get('contract'))} ({seat_name(names, b.get('taker'))})",
                str(b.get("bouts", "?")),
                f"{b.get('points')} / {b.get('target')}",
                self.t(result, margin=b.get("margin")),
                _signed(b.get("total")),
                *(_signed(score) for score in b.get("scores") or []),
            )
        return table


def _signed(value: Any) -> str:
    return f"{value:+}" if isinstance(value, int | float) else str(value)


def tarot_presenter(lang: str = "en", options: Mapping[str, Any] | None = None) -> TarotPresenter:
    """The table in ``lang`` for a match with the game's ``options`` (``deals``)."""
    deals = (options or {}).get("deals")
    return TarotPresenter(lang, deals if isinstance(deals, int) and deals > 0 else 1)
