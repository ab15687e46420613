"""Tractor at the terminal table: declaring, burying from one line, leading and whole
follows typed at once, refusals that change nothing, the event lines and deal results,
every language of the catalogs, and scripted seeded sessions over whole deals."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers import make_console, random_bots

import cardavia
from cardavia.cli import PLAYABLE_GAMES, build_parser, main
from cardavia.games.tractor.rules import pack_108
from cardavia.locale import LANGUAGES
from cardavia.terminal import Command, play_command, play_session, presenter_for
from cardavia.terminal_tractor import TractorPresenter, level_label

NAMES = ["You", "Bot 1", "Partner", "Bot 3"]
# Seat 0's 25 cards: level-2 cards to declare with, a pair of kings of spades, two low
# spades, both black jokers.
MINE = [
    *("2H", "2H", "2S", "BJ", "BJ", "KS", "KS", "3S", "4S", "AS", "9S", "9S"),
    *("5H", "6H", "7H", "8H", "3D", "4D", "5D", "6D", "3C", "4C", "5C", "6C", "7C"),
]


def deal_keys(
    mine: list[str], shuffle: int = 5, third: tuple[str, ...] = (), **keys: Any
) -> dict[str, Any]:
    """Seat 0 holds ``mine`` and Bot 3 holds ``third`` among its cards; the rest of the
    two packs is shuffled into the other hands and the kitty."""
    rest = list((Counter(pack_108()) - Counter(mine) - Counter(third)).elements())
    random.Random(shuffle).shuffle(rest)
    fill = 25 - len(third)
    hands = [list(mine), rest[:25], rest[25:50], [*third, *rest[50 : 50 + fill]]]
    return {"hands": hands, "kitty": rest[50 + fill :], **keys}


def declaring_state() -> Any:
    """Deal 1 with seat 0 the starting dealer: seat 0 declares first."""
    return cardavia.new_game("tractor", deals=1).new_state(seed=1, deal=deal_keys(MINE, dealer=0))


def burying_state() -> Any:
    """Hearts fixed, seat 0 the dealer: seat 0 holds 33 cards and buries."""
    keys = deal_keys(MINE, dealer=0, trump="H", levels=[2, 2])
    return cardavia.new_game("tractor", deals=1).new_state(seed=2, deal=keys)


def following_state() -> Any:
    """Bot 3 deals (hearts), buries and leads 9♠ 9♠; seat 0, holding K♠ K♠ 3♠ 4♠ A♠,
    follows."""
    mine = [c for c in MINE if c != "9S"] + ["8D", "8C"]
    keys = deal_keys(mine, shuffle=7, third=("9S", "9S"), dealer=3, trump="H", levels=[2, 2])
    state = cardavia.new_game("tractor", deals=1).new_state(seed=3, deal=keys)
    for card in [c for c in state.view(3)["hand"] if c != "9S"][:8]:
        state.apply(f"bury {card}")
    state.apply("play 9S 9S")
    assert state.current_player == 0
    return state


# --- reading what is typed ------------------------------------------------------------


def test_declaring_by_number_by_cards_and_refusals() -> None:
    view = declaring_state().view(0)
    presenter = TractorPresenter()
    legal = view["legal_actions"]
    assert legal[-1] == "pass" and "declare 2H 2H" in legal and "declare BJ BJ" in legal
    assert presenter.interpret("1", view) == Command("action", action=legal[0])
    assert presenter.interpret("2h 2h", view).action == "declare 2H 2H"
    assert presenter.interpret("declare bj bj", view).action == "declare BJ BJ"
    assert presenter.interpret("d 2s", view).action == "declare 2S"
    assert presenter.interpret("p", view).action == "pass"
    for typed, message in [
        ("rj rj", "You do not hold RJ RJ"),
        ("zz", "'zz' is not a card"),
        ("9", "Choose a number from 1 to"),
        ("declare", "Name the cards to show"),
        ("ks", "You cannot declare that now"),
    ]:
        command = presenter.interpret(typed, view)
        assert command.kind == "error", typed
        assert message in command.message, (typed, command.message)


def test_bury_several_cards_from_one_line() -> None:
    view = burying_state().view(0)
    assert view["phase"] == "bury" and view["to_bury"] == 8 and len(view["hand"]) == 33
    presenter = TractorPresenter()
    command = presenter.interpret("bury 3c 4c 5c 6c 7c 3d 4d 5d", view)
    assert command.kind == "action" and command.action == "bury 3C"
    assert command.more == tuple(f"bury {c}" for c in ("4C", "5C", "6C", "7C", "3D", "4D", "5D"))
    assert presenter.interpret("3c", view) == Command(
        "action", action="bury 3C", message="Buried 3♣; 7 to go."
    )
    assert presenter.interpret("bury ks ks", view).more == ("bury KS",)
    nine = presenter.interpret("bury 3c 4c 5c 6c 7c 3d 4d 5d 6d", view)
    assert nine.kind == "error" and "8 cards left to bury; you named 9" in nine.message
    three_kings = presenter.interpret("bury ks ks ks", view)
    assert three_kings.kind == "error"
    held = Counter(view["hand"])["KS"]
    assert held == 2 and "You do not hold K♠" in three_kings.message


def test_lead_by_cards_and_ranks() -> None:
    state = burying_state()
    for card in ("3C", "4C", "5C", "6C", "7C", "3D", "4D", "5D"):
        state.apply(f"bury {card}")
    view = state.view(0)
    presenter = TractorPresenter()
    assert view["phase"] == "play" and view["to_follow"] == 0
    assert presenter.interpret("ks ks", view).action == "play KS KS"
    assert presenter.interpret("play 9s 9s", view).action == "play 9S 9S"
    assert presenter.interpret("k k", view).action == "play KS KS"  # one suit fits
    refused = presenter.interpret("as ks", view)
    assert refused.kind == "error" and "Lead a single card, a pair" in refused.message
    assert presenter.prompt(view, NAMES) == "You lead: a single, a pair or a tractor > "


def test_a_whole_follow_is_one_action_and_wrong_follows_are_explained() -> None:
    state = following_state()
    view = state.view(0)
    presenter = TractorPresenter()
    assert view["to_follow"] == 2
    assert presenter.prompt(view, NAMES) == "Follow with 2 cards (♠ if you have them) > "
    assert presenter.interpret("ks ks", view) == Command("action", action="play KS KS")
    assert presenter.interpret("ks", view).action == "play KS"  # a part is accepted too
    wrong = presenter.interpret("3s 4s", view)
    assert wrong.kind == "error" and "as many pairs of ♠ as you hold" in wrong.message
    assert "owe 2 more cards" in presenter.interpret("ks ks 3s", view).message
    # the session applies the whole follow as one engine action
    console, buffer = make_console()
    before = len(state.events)
    lines = ["3s 4s", "ks ks"]

    def answer(prompt: str) -> str:
        return lines.pop(0) if lines else "quit"

    session = play_session(state, console, answer, random_bots("tractor"), presenter=presenter)
    assert session == 1  # quit at the next question
    plays = [e for e in state.events[before:] if e["type"] == "play" and e["seat"] == 0]
    assert plays[0]["cards"] == ["KS", "KS"]
    out = buffer.getvalue()
    assert "✗ That follow is not allowed" in out
    assert "You play K♠ K♠" in out


# --- the table and the event lines ----------------------------------------------------


def test_the_table_while_declaring_and_burying() -> None:
    presenter = TractorPresenter()
    console, buffer = make_console()
    for item in presenter.table(declaring_state().view(0), NAMES, "T", ()):
        console.print(item)
    text = buffer.getvalue()
    assert "starting dealer You (the first to declare deals)" in text
    assert "Declaration: none yet" in text
    assert "You may declare: 1. 2♠   2. 2♥   3. 2♥ 2♥   4. BJ BJ   (a number, or pass)" in text
    assert "Trumps: BJ BJ 2♠ 2♥ 2♥" in text  # declaring: ordered as in no-trump
    console, buffer = make_console()
    state = burying_state()
    state.apply("bury 3C")
    for item in presenter.table(state.view(0), NAMES, "T", ()):
        console.print(item)
    text = buffer.getvalue()
    assert "You picked up the kitty:" in text
    assert "Buried so far: 3♣  (0 points)" in text
    assert "Bury 7 more cards" in text
    assert "trump ♥" in text and "dealer You" in text
    # hearts are trumps: the hand's trump group holds them, ♥ has no group of its own
    assert "Trumps: BJ BJ 2♥ 2♥ 2♠" in text and "\n  ♥:" not in text


def test_effective_suits_group_the_hand() -> None:
    presenter = TractorPresenter()
    view = {"hand": ["RJ", "7H", "7S", "AH", "AS", "7C", "KD"], "level": 7, "trump": "H"}
    lines = [str(line) for line in presenter.hand_lines(view)]
    # 7♣ is a level card, so a trump; hearts are trumps and have no group of their own
    assert lines == ["Your hand (7 cards):", "  Trumps: RJ 7♥ 7♠ A♥ 7♣", "  ♠: A♠", "  ♦: K♦"]
    assert [level_label(level) for level in (2, 10, 11, 14)] == ["2", "10", "J", "A"]


def test_deal_result_lines() -> None:
    presenter = TractorPresenter()
    result = {
        "type": "deal_result",
        "trick_points": 70,
        "kitty": ["KS", "5D", "3C", "4C", "6C", "7C", "8C", "9C"],
        "kitty_points": 15,
        "multiplier": 4,
        "bonus": 60,
        "points": 130,
        "winner": "attackers",
        "team": 1,
        "gain": 1,
        "levels_before": [8, 5],
        "levels": [8, 6],
        "next_dealer": 1,
        "match_won": None,
    }
    text = str(presenter.describe_event(result, NAMES))
    assert "The attackers took 70 points in tricks." in text
    assert "Kitty: K♠ 5♦ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ (15 points)." in text
    assert "kitty bonus 15 × 4 = 60" in text
    assert "P = 130: the attackers (the opponents) take over and climb 1 level." in text
    assert "Levels: your team 8, the opponents 6. Next dealer: Bot 1." in text
    held = dict(result, multiplier=0, bonus=0, points=60, winner="defenders", team=0)
    text = str(presenter.describe_event(dict(held, levels=[9, 5], next_dealer=2), NAMES))
    assert "The defenders won the last trick: no kitty bonus." in text
    assert "P = 60: the defenders (your team) hold the deal and climb 1 level." in text
    flat = dict(result, points=95, gain=0)
    assert "take over the deal, without climbing" in str(presenter.describe_event(flat, NAMES))
    won = dict(result, match_won=0)
    assert "Your team passes the ace and wins the match!" in str(
        presenter.describe_event(won, NAMES)
    )
    assert presenter.pause_after(result) is not None and presenter.pause_after(won) is None


def test_trick_and_declaring_lines() -> None:
    presenter = TractorPresenter()
    declare = {"type": "declare", "seat": 1, "cards": ["2S", "2S"], "strength": 2, "trump": "S"}
    assert str(presenter.describe_event(declare, NAMES)) == "Bot 1 declares 2♠ 2♠. Trump: ♠."
    trick = {"type": "trick", "number": 3, "winner": 0, "points": 15, "attackers_points": 40}
    assert str(presenter.describe_event(trick, NAMES)) == (
        "Trick 3: you win it. It holds 15 points. Attackers' points: 40."
    )
    lead = {"type": "play", "seat": 2, "cards": ["8S", "8S", "9S", "9S"], "action": "play"}
    assert str(presenter.describe_event(lead, NAMES)) == (
        "Partner leads 8♠ 8♠ 9♠ 9♠ (tractor of 2 pairs)"
    )
    # a follow played card by card is one line, once complete
    follow = {"type": "play", "seat": 3, "cards": ["3S"], "action": "play 3S"}
    assert presenter.describe_event(follow, NAMES) is None
    assert presenter.describe_event(dict(follow, cards=["4S", "5S"]), NAMES) is None
    last = dict(follow, cards=["6S"], action="play 6S")
    assert str(presenter.describe_event(last, NAMES)) == "Bot 3 plays 3♠ 4♠ 5♠ 6♠"
    # the eighth bury of a deal says so once
    lines = [presenter.describe_event({"type": "bury", "seat": 1}, NAMES) for _ in range(8)]
    assert lines[:7] == [None] * 7 and str(lines[7]) == "Bot 1 has buried 8 cards."


def test_hint_shows_how_to_type() -> None:
    presenter = TractorPresenter()
    assert str(presenter.hint("play 9S 9S")) == "play 9♠ 9♠   (type: 9s 9s)"
    assert str(presenter.hint("bury 3C")) == "bury 3♣   (type: bury 3c)"
    assert str(presenter.hint("pass")) == "pass   (type: pass)"


# --- the command line -----------------------------------------------------------------


def test_cli_lists_tractor_and_its_languages() -> None:
    assert "tractor" in PLAYABLE_GAMES
    args = build_parser().parse_args(["play", "tractor", "--level", "random", "--lang", "cs"])
    assert args.game == "tractor" and args.lang == "cs"
    assert isinstance(presenter_for("tractor"), TractorPresenter)
    presenter = presenter_for("tractor", lang="zh")
    assert isinstance(presenter, TractorPresenter) and presenter.lang == "zh"
    assert main(["play", "guandan", "--lang", "fr", "--level", "random"]) == 2


def test_play_command_introduces_the_table_in_its_language() -> None:
    console, buffer = make_console()
    code = play_command(
        "tractor",
        seed=5,
        level="random",
        console=console,
        input_fn=lambda prompt: "quit",
        lang="fr",
    )
    out = buffer.getvalue()
    assert code == 1
    assert "Tractor (Shengji) · seed 5. Vous êtes à la place 0" in out
    assert "Vous avez quitté la table." in out
    assert "Rejouer cette partie : cardavia play tractor --seed 5 --level random --lang fr" in out


# --- scripted sessions ----------------------------------------------------------------


class Script:
    """input_fn: the scripted lines first, then a legal action (declaring: pass; burying:
    all that is left at once); Enter at the pause between deals. Records (prompt, typed,
    events so far)."""

    def __init__(self, state: Any, lines: list[str], pause: str = "", lang: str = "en") -> None:
        self.state = state
        self.lines = list(lines)
        self.pause = pause
        self.pause_prompt = TractorPresenter(lang).t("pause")
        self.calls: list[tuple[str, str, int]] = []

    def __call__(self, prompt: str) -> str:
        view = self.state.view(0)
        if prompt == self.pause_prompt:
            typed = self.pause  # the pause after a deal's result
        elif self.lines:
            typed = self.lines.pop(0)
        elif view["phase"] == "bury":
            typed = "bury " + " ".join(view["hand"][-view["to_bury"] :])
        elif view["phase"] == "declare":
            typed = "pass"
        else:
            typed = " ".join(a.split()[1] for a in view["legal_actions"][:1])
        assert len(self.calls) < 400, f"asked too often; last: {self.calls[-3:]}"
        self.calls.append((prompt, typed, len(self.state.events)))
        return typed


def test_a_deal_as_dealer_with_refusals_and_the_result() -> None:
    state = burying_state()
    console, buffer = make_console()
    script = Script(state, ["bury zz", "bury 3c 3c", "bury 3c 4c 5c", "5d 6d 7c 6c 4d"])
    assert play_session(state, console, script, random_bots("tractor"), title="Tractor") == 0
    out = buffer.getvalue()
    assert state.is_over
    assert "✗ 'zz' is not a card" in out
    assert "✗ You do not hold 3♣ 3♣" not in out and "You do not hold 3♣" in out
    # refused lines changed nothing; the three good lines buried 3 then 5 cards
    assert script.calls[0][2] == script.calls[1][2] == script.calls[2][2]
    assert script.calls[3][2] == script.calls[2][2] + 3
    assert "Buried 3♣ 4♣ 5♣; 5 to go." in out and "You have buried 8 cards." in out
    result = next(e for e in state.events if e["type"] == "deal_result")
    assert sorted(result["kitty"]) == sorted(["3C", "4C", "5C", "5D", "6D", "7C", "6C", "4D"])
    assert "The deal is over." in out and "Kitty: 3♣ 4♣ 5♣" in out
    assert "Trick 1:" in out and "Attackers' points:" in out
    assert "The session's deals are played." in out and "Deals" in out and "Scores" in out


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_two_seeded_deals_in_every_language(lang: str) -> None:
    state = cardavia.new_game("tractor", deals=2).new_state(seed=11)
    console, buffer = make_console()
    script = Script(state, [], lang=lang)
    presenter = TractorPresenter(lang)
    code = play_session(state, console, script, random_bots("tractor"), presenter=presenter)
    out = buffer.getvalue()
    assert code == 0 and state.is_over
    assert "terminal." not in out and "{" not in out
    results = [e for e in state.events if e["type"] == "deal_result"]
    assert len(results) == 2
    pauses = [call for call in script.calls if call[0] == presenter.t("pause")]
    assert len(pauses) == 1
    assert out.count(presenter.t("result.over")) == 2


def test_quit_at_the_pause_leaves_the_table() -> None:
    state = cardavia.new_game("tractor", deals=3).new_state(seed=4)
    console, buffer = make_console()
    script = Script(state, [], pause="quit")
    assert play_session(state, console, script, random_bots("tractor")) == 1
    out = buffer.getvalue()
    assert "The deal is over." in out and "You left the table." in out
    assert not state.is_over and "Deal 2:" not in out


def test_nobody_declares_the_kitty_is_turned_up() -> None:
    state = declaring_state()
    for _ in range(4):
        state.apply("pass")
    events = [e for e in state.events if e["type"] in ("kitty_exposed", "trump")]
    assert [e["type"] for e in events] == ["kitty_exposed", "trump"]
    presenter = TractorPresenter()
    line = str(presenter.describe_event(events[0], NAMES))
    shown = presenter.cards(events[0]["cards"])
    assert line.startswith(f"Nobody declared: the kitty is turned up ({shown});")
    trump = presenter.trump_label(events[0]["trump"])
    assert line.endswith(f"makes the trump {trump}.")
    assert str(presenter.describe_event(events[1], NAMES)) == (
        f"Trump: {trump}. You are the dealer: you pick up the kitty and bury eight cards."
    )
    view = state.view(0)
    assert view["phase"] == "bury" and state.current_player == 0
    text = " ".join(str(item) for item in presenter.table(view, NAMES, "T", ()))
    if view["exposed_kitty"] is not None:
        assert "Kitty turned up:" in text


def test_hint_and_help_in_a_session_change_nothing() -> None:
    state = declaring_state()
    console, buffer = make_console()
    lines = ["hint", "help", "table", "", "quit"]
    hint_bot = cardavia.new_bot("tractor", level="random", seed=9)
    code = play_session(
        state, console, lambda prompt: lines.pop(0), random_bots("tractor"), hint_bot
    )
    out = buffer.getvalue()
    assert code == 1 and len(state.events) == 1  # only the deal event
    assert "Hint: " in out and "(type: " in out
    assert "bury 3c 4c 6d …" in out and "You left the table." in out
