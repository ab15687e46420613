"""French Tarot at the terminal table: bids, the écart typed at once (each card checked by
the engine, a refusal losing nothing), the chelem question, the poignée, the trick lines,
the breakdown, every language of the catalogs, and scripted seeded sessions (a whole deal
as taker, two deals with running totals) through ``play_session`` and ``play_command``."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import make_console, random_bots, rendered

import cardavia
from cardavia.cli import PLAYABLE_GAMES, build_parser
from cardavia.games.tarot import rules
from cardavia.locale import LANGUAGES
from cardavia.terminal import Command, play_command, play_session, presenter_for
from cardavia.terminal_tarot import TarotPresenter, tarot_label

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]
TRUMPS = [f"{n}T" for n in range(20, 10, -1)]  # 20T … 11T: a simple poignée exactly
LOW = ["2S", "3S", "4S", "2H", "3H", "2D", "3D"]
MINE = [*TRUMPS, "KH", *LOW]
CHIEN = ["5C", "6C", "7C", "8C", "9C", "TC"]
WIDTH = 160  # the console's columns: the table's lines unwrapped


def fixed_deal(shuffle: int = 3) -> dict[str, Any]:
    """Seat 0 holds ``MINE`` and speaks first (Bot 3 deals); the chien is ``CHIEN``."""
    rest = [card for card in rules.pack() if card not in MINE and card not in CHIEN]
    random.Random(shuffle).shuffle(rest)
    hands = [list(MINE), rest[:18], rest[18:36], rest[36:]]
    assert not any(rules.is_petit_sec(hand) for hand in hands)
    return {"hands": hands, "chien": list(CHIEN), "dealer": 3}


def new_state(deals: int = 1, seed: int = 1) -> Any:
    return cardavia.new_game("tarot", deals=deals).new_state(seed=seed, deal=fixed_deal())


class QuietBidder:
    """A random bot that passes in the auction, so that seat 0's bid stands."""

    def __init__(self, seed: int) -> None:
        self.bot = cardavia.new_bot("tarot", level="random", seed=seed)

    def act(self, view: dict[str, Any]) -> str:
        return "pass" if view["phase"] == "bidding" else self.bot.act(view)


def autopilot(view: dict[str, Any]) -> str:
    """A legal line for any question: pass, the whole écart at once, no chelem, a card."""
    phase, legal = view["phase"], view["legal_actions"]
    if phase == "bidding":
        return "pass"
    if phase == "ecart":
        hand, done = list(view["hand"]), list(view["ecart"])
        for _ in range(view["to_discard"]):
            done.append(rules.ecart_choices(hand, done)[0])
            hand.remove(done[-1])
        return "discard " + " ".join(done[len(view["ecart"]) :])
    if phase == "chelem":
        return "no"
    return next(a.split()[1].lower() for a in legal if a.startswith("play "))


class Script:
    """input_fn: the scripted lines first, then :func:`autopilot`; Enter at the pause
    between deals. Records (prompt, typed, events so far)."""

    def __init__(self, state: Any, lines: list[str], lang: str = "en") -> None:
        self.state = state
        self.lines = list(lines)
        self.pause = TarotPresenter(lang).t("pause")
        self.calls: list[tuple[str, str, int]] = []

    def __call__(self, prompt: str) -> str:
        if prompt == self.pause:
            typed = ""
        elif self.lines:
            typed = self.lines.pop(0)
        else:
            typed = autopilot(self.state.view(0))
        assert len(self.calls) < 200, f"asked too often; last: {self.calls[-3:]}"
        self.calls.append((prompt, typed, len(self.state.events)))
        return typed


# --- reading what is typed ------------------------------------------------------------


def test_bids_are_read_forgivingly_and_a_low_bid_goes_to_the_engine() -> None:
    view = new_state().view(0)
    presenter = TarotPresenter()
    for typed, action in [
        ("p", "pass"),
        ("prise", "bid prise"),
        ("bid garde", "bid garde"),
        ("garde sans", "bid garde_sans"),
        ("GS", "bid garde_sans"),
        ("gc", "bid garde_contre"),
    ]:
        assert presenter.interpret(typed, view) == Command("action", action=action), typed
    wrong = presenter.interpret("seven", view)
    assert wrong.kind == "error"
    assert wrong.message == "Bid one of: prise, garde, garde sans, garde contre, pass."
    assert presenter.prompt(view, NAMES) == (
        "Your bid (prise, garde, garde sans, garde contre, pass) > "
    )


def test_the_ecart_is_six_discard_actions_from_one_line() -> None:
    state = new_state()
    state.apply("bid garde")
    for _ in range(3):
        state.apply("pass")
    view = state.view(0)
    assert view["phase"] == "ecart" and view["to_discard"] == 6 and len(view["hand"]) == 24
    presenter = TarotPresenter()
    command = presenter.interpret("discard 2s 3s 4s 2h 3h 10c", view)
    assert command.action == "discard 2S"
    assert command.more == ("discard 3S", "discard 4S", "discard 2H", "discard 3H", "discard TC")
    assert presenter.interpret("as", view).action == "discard 1S"  # A is the ace
    too_many = presenter.interpret("2s 3s 4s 2h 3h 2d 3d", view)
    assert too_many.kind == "error"
    assert too_many.message == "6 cards are left to discard; you named 7."
    bad = presenter.interpret("discard 2s zz", view)
    assert bad.kind == "error" and bad.message.startswith("'zz' is not a tarot card")
    assert presenter.prompt(view, NAMES) == "Discard 6 cards (all at once if you like) > "


def test_cards_and_poignee_while_playing() -> None:
    state = new_state()
    for action in ("bid prise", "pass", "pass", "pass", *(f"discard {c}" for c in LOW[:6])):
        state.apply(action)
    state.apply("pass")  # no chelem
    view = state.view(0)
    assert view["phase"] == "play" and state.current_player == 0
    presenter = TarotPresenter()
    assert presenter.interpret("kh", view).action == "play KH"
    assert presenter.interpret("play 20t", view).action == "play 20T"
    assert presenter.interpret("ex", view) == Command("error", message="You do not hold EX.")
    assert presenter.interpret("kh 20t", view).message == "Play one card at a time."
    whole = presenter.interpret("poignee simple", view)  # exactly ten trumps: no choice
    assert whole.action == "declare poignee simple"
    assert whole.more == tuple(f"show {card}" for card in TRUMPS)
    named = presenter.interpret("declare poignee simple 20t 19t", view)
    assert named.more == ("show 20T", "show 19T")
    # a size he cannot show goes to the engine, which says why
    assert presenter.interpret("poignee double", view).action == "declare poignee double"
    assert presenter.interpret("poignee", view).kind == "error"
    text = rendered(presenter.table(view, NAMES, "T", ()), WIDTH)
    assert "Before your first card you may show a poignée: simple poignée (10 trumps)." in text
    state.apply("declare poignee simple")
    view = state.view(0)
    assert presenter.prompt(view, NAMES) == "Show 10 more trumps > "
    assert presenter.interpret("20t 19t", view).more == ("show 19T",)


def test_the_hand_is_grouped_in_display_order() -> None:
    presenter = TarotPresenter()
    view = {"hand": ["2C", "EX", "KS", "1T", "21T", "TD", "NH", "1S"]}
    lines = [str(line) for line in presenter.hand_lines(view)]
    assert lines == [
        "Your hand (8 cards):",
        "  Trumps: 21T 1T",
        "  Excuse: EX",
        "  ♠: K♠ 1♠",
        "  ♥: N♥",
        "  ♦: 10♦",
        "  ♣: 2♣",
    ]
    assert [tarot_label(card) for card in ("TS", "21T", "EX", "NH")] == ["10♠", "21T", "EX", "N♥"]


# --- the event lines and the breakdown --------------------------------------------------


def test_event_lines() -> None:
    presenter = TarotPresenter()

    def line(event: dict[str, Any]) -> str:
        return str(presenter.describe_event(event, NAMES))

    assert line({"type": "deal", "deal": 0, "number": 1, "dealer": 3}) == (
        "Deal 1. Dealer: Bot 3; first to speak: You."
    )
    assert line({"type": "bid", "seat": 1, "contract": "garde_sans"}) == "Bot 1 bids garde sans."
    assert line({"type": "contract", "taker": 1, "contract": "garde_contre"}) == (
        "Bot 1 takes: garde contre (×6). Nobody sees the chien; it counts for the defence."
    )
    redeal = {"type": "redeal", "reason": "petit_sec", "seat": 2, "hand": ["1T", "KS"]}
    assert line(dict(redeal, dealer=0)).startswith("Bot 2 holds the Petit alone")
    assert "1T K♠" in line(dict(redeal, dealer=0))
    for _ in range(5):
        assert presenter.describe_event({"type": "discard", "seat": 1}, NAMES) is None
    assert line({"type": "discard", "seat": 1, "card": "5T"}) == (
        "Bot 1 discards the trump 5T (shown to all).\nBot 1 has made the écart."
    )
    trick = {
        "type": "trick",
        "number": 3,
        "plays": [
            {"seat": 2, "card": "7H"},
            {"seat": 3, "card": "KH"},
            {"seat": 0, "card": "2T"},
            {"seat": 1, "card": "EX"},
        ],
        "winner": 0,
    }
    assert line(trick) == "Trick 3: You 2T · Bot 1 EX · Bot 2 7♥ · Bot 3 K♥ → you win it."
    excuse = {"type": "excuse", "seat": 1, "trick": 3, "winner": 0, "paid": "later"}
    assert line(excuse).startswith("The Excuse (Bot 1) goes back to its owner's side;")
    assert presenter.describe_event({"type": "poignee", "seat": 3, "size": "simple"}, NAMES)
    shows = [{"type": "show", "seat": 3, "card": f"{n}T"} for n in range(1, 11)]
    assert [presenter.describe_event(show, NAMES) for show in shows[:9]] == [None] * 9
    assert line(shows[9]) == "Bot 3 shows: 10T 9T 8T 7T 6T 5T 4T 3T 2T 1T."


def test_the_breakdown_names_every_part() -> None:
    presenter = TarotPresenter(deals=2)
    breakdown = {
        "contract": "garde",
        "multiplier": 2,
        "taker": 0,
        "bouts": 2,
        "points": 49,
        "defence_points": 42,
        "target": 41,
        "made": True,
        "margin": 8,
        "contract_score": 66,
        "petit_au_bout": 20,
        "petit_au_bout_side": "taker",
        "poignees": [{"seat": 0, "size": "simple", "bonus": 20}],
        "poignee": 20,
        "chelem_announced": False,
        "slam": None,
        "chelem": 0,
        "total": 106,
        "scores": [318, -106, -106, -106],
    }
    event = {
        "type": "deal_result",
        "number": 1,
        "chien": CHIEN,
        "ecart": LOW[:6],
        "breakdown": breakdown,
        "totals": [318, -106, -106, -106],
    }
    text = str(presenter.describe_event(event, NAMES))
    for part in [
        "Deal 1 is over.",
        "Chien: 5♣ 6♣ 7♣ 8♣ 9♣ 10♣.",
        "Écart: 2♠ 3♠ 4♠ 2♥ 3♥ 2♦.",
        "Contract: garde (×2) by You.",
        "Taker's points: 49 with 2 bouts (target 41); the defence 42.",
        "Made by 8.  Contract: (25 + 8) × 2 = +66.",
        "Petit au bout, the taker's side: +20.",
        "simple poignée (You): +20.",
        "T = +106 (the taker 3 × T, each defender −T).",
        "This deal: You +318 · Bot 1 -106 · Bot 2 -106 · Bot 3 -106.",
        "Running totals: You +318 · Bot 1 -106 · Bot 2 -106 · Bot 3 -106.",
    ]:
        assert part in text, part
    assert "Running totals" not in str(TarotPresenter().describe_event(event, NAMES))
    swept = dict(breakdown, made=False, slam="defence", chelem=-200, petit_au_bout=0)
    text = str(presenter.describe_event(dict(event, breakdown=swept), NAMES))
    assert "Failed by 8." in text and "Chelem, the defence won every trick: -200." in text
    assert presenter.pause_after(event) == presenter.t("pause")


def test_hints_show_how_to_type() -> None:
    presenter = TarotPresenter()
    assert str(presenter.hint("play KH")) == "play K♥   (type: kh)"
    assert str(presenter.hint("discard 3C")) == "discard 3♣   (type: discard 3c)"
    assert str(presenter.hint("bid garde_sans")) == "garde sans   (type: garde sans)"
    assert str(presenter.hint("declare chelem")) == "announce a chelem   (type: yes)"
    assert str(presenter.hint("pass")) == "pass   (type: pass)"


# --- scripted sessions ----------------------------------------------------------------


def test_a_whole_deal_as_taker_with_refusals_that_lose_nothing() -> None:
    state = new_state()
    console, buffer = make_console(WIDTH)
    lines = [
        "garde",
        "discard kh 2s",  # a king: the engine refuses, nothing is discarded
        "discard 2s 3s zz",  # not a card
        "discard 2s 3s 4s 2h 3h 2d 3d",  # seven
        "discard 2s 3s 4s",  # three now …
        "discard 2s",  # … already gone: refused, the rest kept
        "2h 3h 2d",  # … and the last three
        "maybe",
        "no",
        "poignee double",  # ten trumps: the engine says why not
        "poignee simple",
    ]
    script = Script(state, lines)
    bots = {seat: QuietBidder(seat) for seat in (1, 2, 3)}
    assert play_session(state, console, script, bots, title="French Tarot") == 0
    out = buffer.getvalue()
    assert state.is_over
    events = [call[2] for call in script.calls]
    # the refused lines changed nothing: the same number of events before and after
    assert events[1] == events[2] == events[3] == events[4]
    assert events[5] == events[4] + 3 == events[6]
    assert "✗ Not allowed: KH is a king: kings never go into the écart" in out
    assert "✗ 'zz' is not a tarot card" in out
    assert "✗ 6 cards are left to discard; you named 7." in out
    assert "Discarded 2♠ 3♠ 4♠; left to discard: 3." in out
    assert "✗ Not allowed: 2S is not in your hand" in out
    assert "You have made your écart." in out
    assert "✗ Answer yes (announce a chelem) or no." in out
    assert "You announce no chelem." in out
    assert "✗ Not allowed: a double poignée shows exactly 13 trumps and you hold 10" in out
    assert "You declare a simple poignée." in out
    assert "You show: 20T 19T 18T 17T 16T 15T 14T 13T 12T 11T." in out
    # the table as the taker saw it: the chien, the écart prompt, the grouped hand
    assert "The chien is turned up: 10♣ 9♣ 8♣ 7♣ 6♣ 5♣." in out
    assert "You take: garde (×2)." in out
    assert "  Trumps: 20T 19T 18T 17T 16T 15T 14T 13T 12T 11T" in out
    assert "Discard 6 more cards: no king, no bout" in out
    assert "Your écart so far: 2♠ 3♠ 4♠" in out
    assert "Trick 1: You " in out and "Trick 18: " in out
    result = next(e for e in state.events if e["type"] == "deal_result")
    assert result["ecart"] == rules.sort_hand(LOW[:6])
    breakdown = result["breakdown"]
    assert breakdown["poignees"] == [
        {"seat": 0, "size": "simple", "bonus": 20 if breakdown["made"] else -20}
    ]
    assert f"T = {breakdown['total']:+}" in out
    assert "The match is over." in out and "Running totals" in out


def test_a_refused_card_in_play_gets_the_engines_reason() -> None:
    state = new_state()
    for action in ("bid prise", "pass", "pass", "pass", *(f"discard {c}" for c in LOW[:6])):
        state.apply(action)
    state.apply("pass")
    state.apply("play 3D")  # seat 0 leads a diamond
    bots = random_bots("tarot")
    while state.current_player != 0:
        seat = state.current_player
        state.apply(bots[seat].act(state.view(seat)))
    view = state.view(0)
    led = rules.suit_of(view["trick"][0]["card"]) if view["trick"] else None
    legal = {a.split()[1] for a in view["legal_actions"] if a.startswith("play ")}
    wrong = next((c for c in view["hand"] if c not in legal), None)
    if wrong is None:  # everything is playable here: the test needs a choice
        pytest.skip(f"no unplayable card (led {led})")
    console, buffer = make_console(WIDTH)
    before = len(state.events)
    script = Script(state, [wrong.lower(), "quit"])
    assert play_session(state, console, script, bots) == 1
    assert len(state.events) == before and state.view(0)["hand"] == view["hand"]
    assert "✗ Not allowed: " in buffer.getvalue()


def test_two_deals_with_running_totals_through_play_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: dict[str, Any] = {}
    prompt = TarotPresenter.prompt

    def remember(self: TarotPresenter, view: Any, names: Any) -> str:
        seen["view"] = view
        return prompt(self, view, names)

    monkeypatch.setattr(TarotPresenter, "prompt", remember)
    pause = TarotPresenter().t("pause")
    console, buffer = make_console(WIDTH)
    code = play_command(
        "tarot",
        seed=7,
        level="random",
        console=console,
        input_fn=lambda asked: "" if asked == pause else autopilot(seen["view"]),
        options={"deals": 2},
    )
    out = buffer.getvalue()
    assert code == 0
    assert "French Tarot · seed 7. You are seat 0; Bot 1 sits on your right" in out
    assert "Deal 2 of 2" in out and "The match is over." in out
    assert out.count("Deal 1 is over.") == out.count("Deal 2 is over.") == 1
    totals = [line for line in out.splitlines() if line.startswith("Running totals: You")]
    assert len(totals) >= 2  # after each deal (and on the table in deal 2)
    assert "Replay this match: cardavia play tarot --seed 7 --level random --deals 2" in out


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_seeded_deal_in_every_language(lang: str) -> None:
    state = cardavia.new_game("tarot", deals=2).new_state(seed=11)
    console, buffer = make_console(WIDTH)
    presenter = TarotPresenter(lang, deals=2)
    script = Script(state, [], lang=lang)
    assert play_session(state, console, script, random_bots("tarot"), presenter=presenter) == 0
    out = buffer.getvalue()
    assert "terminal." not in out and "{" not in out
    assert out.count(presenter.t("ending.over")) == 1
    assert len([e for e in state.events if e["type"] == "deal_result"]) == 2


# --- the command line -----------------------------------------------------------------


def test_cli_plays_tarot_with_deals_and_languages() -> None:
    assert "tarot" in PLAYABLE_GAMES
    args = build_parser().parse_args(["play", "tarot", "--deals", "3", "--lang", "fr"])
    assert args.game == "tarot" and args.deals == 3 and args.lang == "fr"
    presenter = presenter_for("tarot", {"deals": 3}, lang="zh")
    assert isinstance(presenter, TarotPresenter) and presenter.lang == "zh"
    assert presenter.deals == 3
    with pytest.raises(SystemExit):
        build_parser().parse_args(["play", "tarot", "--deals", "0"])
