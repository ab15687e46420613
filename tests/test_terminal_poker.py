"""The poker games at the terminal table: betting shortcuts, One Poker's lock, event lines,
and scripted ``play`` sessions of Hold'em hands and One Poker deals."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from helpers import make_console

import cardavia
from cardavia.games.onepoker import pack_104
from cardavia.terminal import Command, play_session, presenter_for
from cardavia.terminal_poker import (
    HoldemPresenter,
    OnePokerPresenter,
    interpret_bet,
    interpret_lock,
    pot_line,
    pot_total,
)

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


def action(text: str, view: dict[str, Any]) -> str:
    command = interpret_bet(text, view)
    assert command.kind == "action", command
    return command.action


# --- reading betting lines (no engine needed) ------------------------------------------

# Seat 0 facing the big blind: pot 30, 20 to call, raises to 40..1000.
FACING: dict[str, Any] = {
    "seat": 0,
    "legal_actions": ["fold", "call", "raise 40", "raise 1000"],
    "stacks": [1000, 990, 980, 1000],
    "bets": [0, 10, 20, 0],
    "current_bet": 20,
    "to_call": 20,
    "pot": 30,
    "bet_range": {"verb": "raise", "minimum": 40, "maximum": 1000},
}
# Nobody has bet this round: pot 100, bets of 20..500.
UNBET: dict[str, Any] = {
    "seat": 0,
    "legal_actions": ["check", "bet 20", "bet 500"],
    "stacks": [500, 500],
    "bets": [0, 0],
    "current_bet": 0,
    "to_call": 0,
    "pot": 100,
    "bet_range": {"verb": "bet", "minimum": 20, "maximum": 500},
}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fold", "fold"),
        ("F", "fold"),
        ("call", "call"),
        ("c", "call"),
        ("allin", "raise 1000"),
        ("all-in", "raise 1000"),
        ("All In", "raise 1000"),
        ("shove", "raise 1000"),
        ("min", "raise 40"),
        ("pot", "raise 70"),  # 20 to call, then the pot of 50 on top
        ("half", "raise 45"),
        ("raise 120", "raise 120"),
        ("bet 120", "raise 120"),  # the legal verb is used
        ("r 90", "raise 90"),
        ("raise to 90", "raise 90"),
        ("90", "raise 90"),
        ("raise pot", "raise 70"),
        ("check", "check"),  # left to the engine, which explains the refusal
        ("call 20", "call 20"),
    ],
)
def test_interpret_bet_facing_a_bet(text: str, expected: str) -> None:
    assert action(text, FACING) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("c", "check"),
        ("k", "check"),
        ("bet 60", "bet 60"),
        ("raise 60", "bet 60"),
        ("60", "bet 60"),
        ("min", "bet 20"),
        ("pot", "bet 100"),
        ("half", "bet 50"),
        ("bet half", "bet 50"),
        ("allin", "bet 500"),
    ],
)
def test_interpret_bet_when_nobody_has_bet(text: str, expected: str) -> None:
    assert action(text, UNBET) == expected


def test_pot_sizes_are_kept_within_the_legal_range_and_say_so() -> None:
    big_minimum = {**FACING, "bet_range": {"verb": "raise", "minimum": 80, "maximum": 1000}}
    half = interpret_bet("half", big_minimum)
    assert half.action == "raise 80"
    assert "would be to 45" in half.message and "smallest is 80" in half.message
    short = {**FACING, "bet_range": {"verb": "raise", "minimum": 40, "maximum": 60}}
    pot = interpret_bet("pot", short)
    assert pot.action == "raise 60"
    assert "would be to 70" in pot.message and "all you have is 60" in pot.message
    assert interpret_bet("pot", FACING).message == ""
    assert pot_total(FACING) == 70 and pot_total(FACING, 1, 2) == 45


def test_shortcuts_when_no_raise_is_possible() -> None:
    capped = {**FACING, "legal_actions": ["fold", "call"], "bet_range": None}
    for text in ("min", "pot", "half", "raise 80"):
        command = interpret_bet(text, capped)
        if text == "raise 80":  # the engine explains why (not a full raise, ...)
            assert command.action == "raise 80"
        else:
            assert command.kind == "error"
            assert "No bet or raise is possible now" in command.message
            assert "fold or call 20" in command.message
    # all-in is then the largest legal total: a call (with a note unless it is all-in)
    allin = interpret_bet("allin", capped)
    assert allin.action == "call" and "all-in is a call" in allin.message
    covered = {**capped, "to_call": 1000}
    assert interpret_bet("allin", covered) == Command("action", action="call")
    only_check = {**UNBET, "legal_actions": ["check"], "bet_range": None}
    assert interpret_bet("allin", only_check).kind == "error"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("zz", "'zz' is not a betting action"),
        ("bet", "Say how much"),
        ("raise", "like raise 40"),
        ("raise abc", "'abc' is not an amount"),
    ],
)
def test_interpret_bet_explains_bad_input(text: str, message: str) -> None:
    command = interpret_bet(text, FACING)
    assert command.kind == "error"
    assert message in command.message


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("help", "help"),
        ("?", "help"),
        ("hint", "hint"),
        ("quit", "quit"),
        ("table", "table"),
        ("", "empty"),
        ("  ", "empty"),
    ],
)
def test_general_commands(text: str, kind: str) -> None:
    assert interpret_bet(text, FACING).kind == kind
    assert interpret_lock(text, {"hand": ["KS", "7D"]}).kind == kind


LOCK_VIEW: dict[str, Any] = {"seat": 0, "phase": "lock", "hand": ["KS", "7D"]}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("lock KS", "lock KS"),
        ("lock ks", "lock KS"),
        ("LOCK  k", "lock KS"),
        ("ks", "lock KS"),
        ("lock 1", "lock KS"),
        ("1", "lock KS"),
        ("lock 2", "lock 7D"),
        ("2", "lock 7D"),
        ("7", "lock 7D"),
        ("lock 7d", "lock 7D"),
    ],
)
def test_interpret_lock(text: str, expected: str) -> None:
    assert interpret_lock(text, LOCK_VIEW) == Command("action", action=expected)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lock", "Lock which card? Type lock 1 (K♠) or lock 2 (7♦)"),
        ("lock qh", "You do not hold Q♥"),
        ("lock 3", "You hold no 3"),
        ("c", "First lock a card"),
        ("bet 5", "First lock a card"),
        ("allin", "First lock a card"),
        ("zz", "'zz' is not one of your cards"),
    ],
)
def test_interpret_lock_explains_bad_input(text: str, message: str) -> None:
    command = interpret_lock(text, LOCK_VIEW)
    assert command.kind == "error"
    assert message in command.message


def test_one_poker_reads_locks_then_bets() -> None:
    presenter = OnePokerPresenter()
    assert presenter.interpret("1", LOCK_VIEW).action == "lock KS"
    betting = {**UNBET, "phase": "bet", "hand": ["7D"]}
    assert presenter.interpret("c", betting).action == "check"
    assert presenter.interpret("1", betting).action == "bet 1"


# --- event lines -------------------------------------------------------------------------


def line(presenter: Any, event: dict[str, Any]) -> str:
    return str(presenter.describe_event(event, NAMES))


def test_holdem_event_lines() -> None:
    holdem = HoldemPresenter()
    deal = {
        "type": "deal",
        "hand": 3,
        "button": 2,
        "small_blind": 3,
        "big_blind": 0,
        "posted": [20, 0, 0, 10],
    }
    assert line(holdem, deal) == (
        "Hand 3 — button: Bot 2 · small blind: Bot 3 (10) · big blind: You (20)"
    )
    raise_event = {"type": "action", "seat": 1, "action": "raise 120", "total": 120}
    assert line(holdem, {**raise_event, "all_in": False}) == "Bot 1 raises to 120"
    assert line(holdem, {**raise_event, "all_in": True}) == "Bot 1 raises to 120 — all-in!"
    call = {"type": "action", "seat": 0, "action": "call", "total": 60, "all_in": False}
    assert line(holdem, call) == "You call (60 in this round)"
    assert line(holdem, {"type": "board", "street": "turn", "cards": ["TS"]}) == "Turn: 10♠"
    uncalled = {"type": "uncalled", "seat": 2, "amount": 40}
    assert line(holdem, uncalled) == "40 uncalled chips go back to Bot 2."
    showdown = {
        "type": "showdown",
        "hands": [
            {
                "seat": 0,
                "cards": ["AS", "AD"],
                "best": ["AS", "AD", "KH", "9C", "2D"],
                "category": "pair",
            },
            {
                "seat": 3,
                "cards": ["7C", "2C"],
                "best": ["2C", "2D", "KH", "9C", "7C"],
                "category": "pair",
            },
        ],
    }
    shown = line(holdem, showdown)
    assert "You show A♠ A♦ — pair: A♠ A♦ K♥ 9♣ 2♦" in shown
    assert "Bot 3 shows 7♣ 2♣ — pair" in shown
    split = {
        "type": "pot",
        "index": 1,
        "amount": 300,
        "eligible": [0, 1, 3],
        "winners": [0, 3],
        "payouts": [150, 0, 0, 150],
    }
    assert (
        line(holdem, split) == "Side pot 1 of 300 (You, Bot 1, Bot 3) is split: You 150, Bot 3 150."
    )
    main = {**split, "index": 0, "winners": [1], "payouts": [0, 300, 0, 0]}
    assert line(holdem, main).endswith(": Bot 1 wins 300.")
    assert line(holdem, {"type": "eliminated", "seat": 0}) == "You are out of chips."
    assert "Bot 2 is out of chips" in line(holdem, {"type": "eliminated", "seat": 2})
    over = {"type": "match_over", "scores": [0, 4000, 0, 0]}
    assert line(holdem, over) == "The match is over: Bot 1 holds every chip (4000)."
    tie = {"type": "match_over", "scores": [2000, 0, 2000, 0]}
    assert "A tie between You, Bot 2" in line(holdem, tie)
    assert "comet" in line(holdem, {"type": "comet", "seat": 1, "size": 3})


def test_one_poker_event_lines() -> None:
    onepoker = OnePokerPresenter()
    assert line(onepoker, {"type": "signal", "seat": 0, "up": 2, "down": 0}) == (
        "Your signal: UP 2 / DOWN 0"
    )
    assert line(onepoker, {"type": "signal", "seat": 1, "up": 0, "down": 2}) == (
        "Bot 1's signal: UP 0 / DOWN 2"
    )
    assert line(onepoker, {"type": "lock", "seat": 1}) == "Bot 1 locks a card face down."
    reveal = {"type": "reveal", "cards": ["2S", "AH"]}
    assert line(onepoker, reveal) == "Reveal: You 2♠  vs  Bot 1 A♥"
    tie = {
        "type": "result",
        "winner": None,
        "by": "showdown",
        "pot": 4,
        "payouts": [2, 2],
        "stacks": [20, 20],
        "next_first": 1,
    }
    assert line(onepoker, tie) == (
        "Equal ranks: the pot of 4 is split. Stacks: You 20, Bot 1 20. Bot 1 is first next."
    )
    fold = {**tie, "winner": 1, "by": "fold", "pot": 3, "next_first": None}
    assert line(onepoker, fold).startswith("Bot 1 wins the pot of 3: You folded.")


# --- scripted sessions ----------------------------------------------------------------


class CallBot:
    """Locks its first card, then checks or calls whatever happens."""

    def act(self, view: dict[str, Any]) -> str:
        legal: list[str] = view["legal_actions"]
        for choice in ("check", "call"):
            if choice in legal:
                return choice
        return legal[0]


class Script:
    """input_fn: the lines in order; records (prompt, typed, events so far)."""

    def __init__(self, state: Any, lines: list[str]) -> None:
        self.state = state
        self.lines = list(lines)
        self.calls: list[tuple[str, str, int]] = []

    def __call__(self, prompt: str) -> str:
        typed = self.lines.pop(0) if self.lines else "quit"
        self.calls.append((prompt, typed, len(self.state.events)))
        return typed


def human_actions(state: Any) -> list[str]:
    return [e["action"] for e in state.events if e["type"] == "action" and e["seat"] == 0]


HOLE = [["AS", "AD"], ["KS", "KD"], ["QS", "QD"], ["7C", "2D"]]
BOARD = ["2C", "5D", "9H", "JS", "3H"]


def test_scripted_holdem_hand_with_shortcuts_and_bad_input() -> None:
    game = cardavia.new_game("holdem", hands=1)
    state = game.new_state(seed=1, deal={"hands": HOLE, "board": BOARD, "button": 0})
    console, buffer = make_console()
    # pre-flop: two bad lines, then half the pot; flop: c; turn: min; river: pot
    script = Script(state, ["zz", "raise abc", "half", "help", "c", "min", "table", "pot"])
    bots = {seat: CallBot() for seat in (1, 2, 3)}
    assert play_session(state, console, script, bots, title="test") == 0
    out = buffer.getvalue()

    assert state.is_over
    # half: 20 + (50 + 20) / 2; min: the big blind; pot: four players' 55 + 20 each
    assert human_actions(state) == ["raise 55", "check", "bet 20", "bet 300"]
    assert "✗ 'zz' is not a betting action" in out
    assert "✗ 'abc' is not an amount" in out
    for refused in (0, 1, 3, 6):  # bad lines, help and table change nothing
        assert script.calls[refused][2] == script.calls[refused + 1][2]
        assert script.calls[refused][0] == script.calls[refused + 1][0]
    assert script.calls[0][0] == "Your move (fold, call 20 or raise to 40–1000; help) > "
    # the hand as it went
    assert "Hand 1 — button: You · small blind: Bot 1 (10) · big blind: Bot 2 (20)" in out
    assert "Bot 3 calls (20 in this round)" in out
    assert "You raise to 55" in out
    assert "Flop: 2♣ 5♦ 9♥" in out and "Turn: J♠" in out and "River: 3♥" in out
    assert "You bet 300" in out and "Bot 1 calls (300 in this round)" in out
    # the table at the human's turns
    assert "test · hand 1 · preflop" in out
    assert "Your cards: A♠ A♦" in out
    assert "Your cards: A♠ A♦  — pair: A♠ A♦ J♠ 9♥ 5♦" in out
    assert "Board: no cards yet (pre-flop)" in out
    assert "To call: 20 · you may fold, call 20 or raise to 40–1000" in out
    assert "Pot: 50" in out
    assert "Commands" in out and "allin" in out
    # the showdown and the pot
    assert "Showdown" in out
    assert "You show A♠ A♦ — pair" in out and "Bot 3 shows 7♣ 2♦ — pair" in out
    assert "Main pot of 1500 (You, Bot 1, Bot 2, Bot 3): You win 1500." in out
    assert "After hand 1: You 2125 (+1125), Bot 1 625 (-375)" in out
    assert "The match is over: You 2125, Bot 1 625, Bot 2 625, Bot 3 625. You win." in out
    assert "Standings" in out


def test_holdem_all_in_side_pots_and_eliminations() -> None:
    game = cardavia.new_game("holdem")
    deal = {"hands": HOLE, "board": BOARD, "button": 0, "stacks": [1000, 100, 300, 1000]}
    state = game.new_state(seed=1, deal=deal)
    console, buffer = make_console()
    script = Script(state, ["shove"])
    bots = {seat: CallBot() for seat in (1, 2, 3)}
    assert play_session(state, console, script, bots) == 0
    out = buffer.getvalue()
    assert state.is_over
    assert human_actions(state) == ["raise 1000"]
    assert "You raise to 1000 — all-in!" in out
    assert "Bot 1 calls (100 in this round) — all-in!" in out
    assert "Main pot of 400 (You, Bot 1, Bot 2, Bot 3): You win 400." in out
    assert "Side pot 1 of 600 (You, Bot 2, Bot 3): You win 600." in out
    assert "Side pot 2 of 1400 (You, Bot 3): You win 1400." in out
    for seat in (1, 2, 3):
        assert f"Bot {seat} is out of chips and leaves the table." in out
    assert "The match is over: You hold every chip (2400)." in out
    standings = out[out.index("Standings") :]
    assert "in hand 1" in standings and "+1400" in standings


def test_holdem_pot_line_shows_side_pots_while_someone_is_all_in() -> None:
    game = cardavia.new_game("holdem")
    deal = {"hands": HOLE, "board": BOARD, "button": 0, "stacks": [1000, 100, 300, 1000]}
    state = game.new_state(seed=1, deal=deal)
    assert str(pot_line(state.view(0), NAMES)) == "Pot: 30"
    # Bot 1 is all-in for 100 and everybody calls: one pot, nothing to break down
    for move in ("call", "call", "raise 100", "call", "call", "call"):
        state.apply(move)
    assert state.view(0)["pots"] == [{"amount": 400, "eligible": [0, 1, 2, 3]}]
    assert str(pot_line(state.view(0), NAMES)) == "Pot: 400"
    state.apply("bet 200")  # Bot 2 all-in on the flop: a side pot only Bot 2 is in so far
    assert str(pot_line(state.view(0), NAMES)) == (
        "Pot: 600 — main pot 400 (You, Bot 1, Bot 2, Bot 3) · side pot 1: 200 (Bot 2 only)"
    )


def test_holdem_human_busted_leaves_the_match_to_the_bots() -> None:
    game = cardavia.new_game("holdem")
    hole = [["7C", "2D"], ["AS", "AD"], ["KS", "KD"], ["QS", "QD"]]
    board = ["3C", "5D", "9H", "JS", "KH"]
    deal = {"hands": hole, "board": board, "button": 0, "stacks": [20, 1000, 1000, 1000]}
    state = game.new_state(seed=1, deal=deal)
    console, buffer = make_console()
    script = Script(state, ["allin"])
    bots = {seat: CallBot() for seat in (1, 2, 3)}
    assert play_session(state, console, script, bots) == 0
    out = buffer.getvalue()
    assert human_actions(state) == ["call"]  # all-in for the 20 to call
    assert "Your move (fold or call 20; help) > " in script.calls[0][0]
    assert "You call (20 in this round) — all-in!" in out
    assert "You are out of chips." in out
    assert "You are out of chips: the match goes on without you." in out
    assert not state.is_over
    standings = out[out.index("Standings") :]
    assert "You" in standings and "in hand 1" in standings


def one_poker_deal() -> dict[str, Any]:
    """You hold K♠ 7♦, the bot 9♣ 4♥; the stock's top cards are A♠ (for you) then 3♣."""
    hands = [["KS", "7D"], ["9C", "4H"]]
    rest = Counter(pack_104()) - Counter(card for hand in hands for card in hand)
    rest -= Counter(["AS", "3C"])
    return {"hands": hands, "stock": ["AS", "3C", *sorted(rest.elements())], "first": 1}


def test_scripted_one_poker_deals() -> None:
    game = cardavia.new_game("onepoker")
    state = game.new_state(seed=1, deal=one_poker_deal())
    console, buffer = make_console()
    hint_bot = cardavia.new_bot("onepoker", "basic", seed=0)
    # deal 1 (the bot first): bad lines, a hint, lock K♠, check; deal 2: lock 7♦, all-in
    lines = ["c", "lock 3", "hint", "lock ks", "c", "lock 2", "allin"]
    script = Script(state, lines)
    assert play_session(state, console, script, {1: CallBot()}, hint_bot, title="1P") == 0
    out = buffer.getvalue()
    assert state.is_over
    assert "✗ First lock a card" in out and "✗ You hold no 3" in out
    assert "Hint: lock " in out
    for refused in (0, 1, 2):
        assert script.calls[refused][2] == script.calls[refused + 1][2]
    assert script.calls[0][0] == "Lock a card (lock 1 (K♠) or lock 2 (7♦); help) > "
    # deal 1: signals, the AI's lock, the table, the reveal and the result
    assert "Deal 1 — Bot 1 is first. Stock: 100 cards." in out
    assert "Your signal: UP 1 / DOWN 1" in out and "Bot 1's signal: UP 1 / DOWN 1" in out
    first_table = out[out.index("1P · deal 1") :]
    assert "Bot 1 locks a card face down." in out[: out.index("1P · deal 1")]
    assert "locked" in first_table and "not yet" in first_table  # the bot's, yours
    assert "Your cards: 1: K♠  2: 7♦" in out
    assert "Pot: 2 · stock: 100 cards · discards: 0 · first: Bot 1" in out
    assert "Bot 1 checks" in out
    assert "Your cards: locked K♠, kept 7♦" in out
    assert "Reveal: You K♠  vs  Bot 1 9♣" in out
    assert "You win the pot of 2 at the showdown. Stacks: You 21, Bot 1 19." in out
    assert "You are first next." in out
    # deal 2: you draw first, the discards count, then an all-in called for less
    assert "Deal 2 — You are first." in out
    assert "You draw a card (stock: 99)." in out
    assert "Pot: 2 · stock: 98 cards · discards: 2 · first: You" in out
    assert "Last reveal: You K♠  vs  Bot 1 9♣" in out
    assert "Your cards: 1: A♠  2: 7♦" in out
    assert "Your cards: locked 7♦, kept A♠" in out
    assert "To call: nothing · you may check or bet 1–20" in out
    assert "You bet 20 — all-in!" in out
    assert "Bot 1 calls (18 in this round) — all-in!" in out
    assert "2 uncalled chips go back to You." in out
    assert "Reveal: You 7♦  vs  Bot 1 4♥" in out
    assert "You win the pot of 38 at the showdown. Stacks: You 40, Bot 1 0." in out
    assert "The match is over: You hold every chip (40)." in out
    assert human_actions(state) == ["check", "bet 20"]


def test_quit_leaves_a_poker_table() -> None:
    for game_name in ("holdem", "onepoker"):
        state = cardavia.new_game(game_name).new_state(seed=2)
        console, buffer = make_console()
        bots = {seat: CallBot() for seat in range(1, state.game.num_players)}
        before = len(state.events)
        human_first = state.current_player == 0

        def answer(prompt: str) -> str:
            raise EOFError

        assert play_session(state, console, answer, bots) == 1
        assert "You left the table" in buffer.getvalue()
        assert not state.is_over
        if human_first:
            assert len(state.events) == before


def test_presenters_by_game() -> None:
    assert isinstance(presenter_for("holdem"), HoldemPresenter)
    assert isinstance(presenter_for("onepoker"), OnePokerPresenter)
    assert presenter_for("doudizhu").unit == "deal"
    assert presenter_for("holdem").unit == "match"
