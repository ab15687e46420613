"""One Poker rules, scenario by scenario, through the public API only (API.md).

Every conformance scenario of spec/onepoker.md §9 has a test named after it
(``test_op01_…`` … ``test_op16_…``), and so has every worked example of §7
(``test_e1_…`` … ``test_e6_…``). Positions are reached by real play from fixed deals;
expected numbers are written from the spec, never computed with the engine's code. Then:
bad input, bad deals, options, secrecy of views and events, and ``sample_state``.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal
from cardavia.engine import State

GAME = cardavia.new_game("onepoker")
RANKS = "23456789TJQKA"
PACK = [rank + suit for suit in "SHDC" for rank in RANKS]
PACK_104 = PACK * 2
UP = set("89TJQKA")
CARD = re.compile(r"^(?:[2-9TJQKA][SHDC])$")
VIEW_KEYS = {
    "game",
    "seat",
    "current_player",
    "hand",
    "legal_actions",
    "scores",
    "events",
    "my_locked",
    "locked",
    "revealed",
    "signals",
    "first",
    "phase",
    "stacks",
    "bets",
    "pot",
    "stock_size",
    "discards",
    "deal_number",
    "bet_range",
    "to_call",
}

# E1's deal: seat 0 holds KS 4D, seat 1 9H 9C; the stock starts with E2's draws.
E1_HANDS = [["KS", "4D"], ["9H", "9C"]]
E1_STOCK_TOP = ["QD", "3S"]


# --------------------------------------------------------------------------------------
# Helpers (the test's own code)
# --------------------------------------------------------------------------------------


def make_deal(
    hands: list[list[str]],
    stock_top: list[str] | None = None,
    stacks: list[int] | None = None,
    first: int | None = None,
) -> dict[str, Any]:
    """A full legal deal: the stock is ``stock_top`` then the rest of the two packs."""
    rest = Counter(PACK_104)
    rest.subtract(card for hand in hands for card in hand)
    rest.subtract(stock_top or [])
    assert all(count >= 0 for count in rest.values()), "test deal uses a card three times"
    ordered = [card for card in PACK for _ in range(rest[card])]
    stock = [*(stock_top or []), *ordered]
    deal: dict[str, Any] = {"hands": hands, "stock": stock}
    if stacks is not None:
        deal["stacks"] = stacks
    if first is not None:
        deal["first"] = first
    return deal


def new(
    hands: list[list[str]],
    stock_top: list[str] | None = None,
    stacks: list[int] | None = None,
    first: int | None = None,
    seed: int = 0,
    **options: Any,
) -> State:
    game = cardavia.new_game("onepoker", **options) if options else GAME
    return game.new_state(seed=seed, deal=make_deal(hands, stock_top, stacks, first))


def act(state: State, *moves: str) -> None:
    """Moves written ``"seat: action"``; checks that the seat is the one to act."""
    for move in moves:
        seat, action = move.split(":", 1)
        assert state.current_player == int(seat), (move, state.current_player)
        state.apply(action.strip())


def rejected(state: State, action: Any) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    message = str(info.value)
    assert message
    return message


def events_of(state: State, kind: str) -> list[dict[str, Any]]:
    return [event for event in state.events if event["type"] == kind]


def deal_events(state: State, number: int) -> list[dict[str, Any]]:
    """The events of deal ``number`` (1-based)."""
    found: list[dict[str, Any]] = []
    inside = False
    for event in state.events:
        if event["type"] == "deal":
            inside = event["number"] == number
        if inside:
            found.append(event)
    return found


def signal(up: int, down: int) -> dict[str, int]:
    return {"up": up, "down": down}


def beats(a: str, b: str) -> int:
    """The test's own §4: +1, -1 or 0."""
    x, y = RANKS.index(a[0]), RANKS.index(b[0])
    if x == y:
        return 0
    if {a[0], b[0]} == {"2", "A"}:
        return 1 if a[0] == "2" else -1
    return 1 if x > y else -1


def e1_finished() -> State:
    state = new(E1_HANDS, E1_STOCK_TOP)
    act(state, "0: lock KS", "1: lock 9H", "0: bet 3", "1: raise 8", "0: call")
    return state


def all_cards(state: State) -> Counter[str]:
    """Every card of the state, through its JSON (hands, locked, stock, discards)."""
    data = json.loads(state.to_json())["state"]
    cards = [card for hand in data["hands"] for card in hand]
    cards += [card for card in data["locked"] if card is not None]
    return Counter(cards + data["stock"] + data["discards"])


def tie_everything_deal() -> State:
    """Both seats hold AS KS and the stock is pairs of identical cards, so both players
    always hold the same two cards: locking the first legal card ties every deal."""
    top = [card for card in PACK if card not in ("AS", "KS") for _ in range(2)]
    return new([["AS", "KS"], ["AS", "KS"]], top)


def play_tied_deal(state: State) -> None:
    for _ in range(2):
        state.apply(state.legal_actions()[0])
    state.apply("check")
    state.apply("check")


# --------------------------------------------------------------------------------------
# §9 conformance scenarios
# --------------------------------------------------------------------------------------


def test_op01_start() -> None:
    state = new(E1_HANDS)
    for seat in (0, 1):
        view = state.view(seat)
        assert view["stacks"] == [19, 19]
        assert view["pot"] == 2
        assert view["signals"] == [signal(1, 1), signal(2, 0)]
        assert view["phase"] == "lock"
        assert view["deal_number"] == 1
        assert view["first"] == 0
    assert state.current_player == 0
    assert sorted(state.legal_actions()) == sorted(["lock KS", "lock 4D"])
    assert state.view(0)["hand"] == ["KS", "4D"]
    assert state.scores == [20, 20]


def test_op02_lock_order_and_secrecy() -> None:
    state = new(E1_HANDS)
    act(state, "0: lock KS")
    assert state.current_player == 1
    view = state.view(1)
    assert view["locked"] == [True, False]
    assert view["my_locked"] is None
    assert view["revealed"] == [None, None]
    assert "KS" not in json.dumps(view)
    assert view["signals"][0] == signal(1, 1)
    assert state.events[-1] == {"type": "lock", "seat": 0}
    own = state.view(0)
    assert own["my_locked"] == "KS" and own["hand"] == ["4D"]
    assert own["signals"][0] == signal(1, 1)


def test_op03_no_betting_before_both_lock() -> None:
    state = new(E1_HANDS)
    message = rejected(state, "bet 1")
    assert "lock" in message
    act(state, "0: lock KS")
    assert "lock" in rejected(state, "check")


def test_op04_a_lock_is_final() -> None:
    state = new(E1_HANDS)
    act(state, "0: lock KS", "1: lock 9H")
    assert state.current_player == 0
    assert "final" in rejected(state, "lock 4D")
    assert state.view(0)["my_locked"] == "KS"


def test_op05_minimum_bet_and_raise() -> None:
    state = new(E1_HANDS)
    act(state, "0: lock KS", "1: lock 9H")
    assert "smallest" in rejected(state, "bet 0")
    assert state.view(0)["bet_range"] == {"verb": "bet", "minimum": 1, "maximum": 19}
    act(state, "0: bet 3")
    view = state.view(1)
    assert view["bet_range"]["minimum"] == 6
    assert "raise 6" in view["legal_actions"] and "raise 5" not in view["legal_actions"]
    assert view["to_call"] == 3
    rejected(state, "raise 5")
    act(state, "1: raise 8")
    assert state.view(0)["bet_range"]["minimum"] == 13
    assert "raise 13" in state.legal_actions() and "raise 12" not in state.legal_actions()


def test_op06_showdown() -> None:
    state = e1_finished()
    assert state.scores == [29, 11]
    view = state.view(0)
    assert view["deal_number"] == 2
    assert sorted(view["discards"]) == sorted(["KS", "9H"])
    assert view["first"] == 0
    assert state.current_player == 0
    result = events_of(state, "result")[0]
    assert result["winner"] == 0 and result["by"] == "showdown" and result["pot"] == 18
    assert result["stacks"] == [29, 11] and result["next_first"] == 0


def test_op07_a_fold_still_reveals() -> None:
    state = e1_finished()
    act(state, "0: lock QD", "1: lock 3S", "0: bet 5", "1: fold")
    assert state.scores == [30, 10]
    reveal = events_of(state, "reveal")[-1]
    assert reveal == {"type": "reveal", "cards": ["QD", "3S"]}
    for seat in (0, 1):
        assert state.view(seat)["revealed"] == ["QD", "3S"]
    result = events_of(state, "result")[-1]
    assert result["by"] == "fold" and result["winner"] == 0 and result["pot"] == 2
    assert state.view(0)["deal_number"] == 3
    assert state.view(0)["first"] == 0 and state.current_player == 0


@pytest.mark.parametrize("first", [1, 0])
def test_op08_a_tie_moves_the_first_player(first: int) -> None:
    state = new([["7H", "2C"], ["7C", "3D"]], first=first)
    act(state, f"{first}: lock 7{'HC'[first]}", f"{1 - first}: lock 7{'HC'[1 - first]}")
    act(state, f"{first}: check", f"{1 - first}: check")
    result = events_of(state, "result")[0]
    assert result["winner"] is None and result["pot"] == 2
    assert result["payouts"] == [1, 1]
    assert state.scores == [20, 20]
    assert state.view(0)["first"] == 1 - first
    assert state.current_player == 1 - first


def test_op09_all_in_opponent() -> None:
    state = new([["KS", "3D"], ["QH", "3C"]], stacks=[36, 4], first=0)
    act(state, "0: lock KS", "1: lock QH", "0: bet 10")
    assert sorted(state.legal_actions()) == ["call", "fold"]
    assert state.view(1)["bet_range"] is None
    act(state, "1: call")
    assert events_of(state, "uncalled") == [{"type": "uncalled", "seat": 0, "amount": 7}]
    assert events_of(state, "result")[0]["pot"] == 8


def test_op10_one_chip_left() -> None:
    state = new([["KS", "3D"], ["KH", "3C"]], stacks=[39, 1], first=0)
    assert state.view(0)["stacks"] == [38, 0]
    act(state, "0: lock 3D")
    assert state.legal_actions() == ["lock KH", "lock 3C"]
    act(state, "1: lock KH")
    assert not events_of(state, "action")
    assert events_of(state, "reveal") == [{"type": "reveal", "cards": ["3D", "KH"]}]
    assert events_of(state, "result")[0]["winner"] == 1
    assert state.scores == [38, 2]
    assert state.view(0)["stacks"] == [37, 1]
    assert state.view(0)["phase"] == "lock" and state.view(0)["deal_number"] == 2


@pytest.mark.parametrize(
    ("mine", "theirs", "winner"),
    [("2C", "AS", 0), ("2C", "3D", 1), ("AH", "KD", 0), ("7H", "7H", None)],
)
def test_op11_the_two_beats_only_the_ace(mine: str, theirs: str, winner: int | None) -> None:
    state = new([[mine, "5S"], [theirs, "5H"]])
    act(state, f"0: lock {mine}", f"1: lock {theirs}", "0: check", "1: check")
    result = events_of(state, "result")[0]
    assert result["winner"] == winner and result["by"] == "showdown"
    expected = {0: [21, 19], 1: [19, 21], None: [20, 20]}[winner]
    assert state.scores == expected


def test_op12_keep_and_draw() -> None:
    state = e1_finished()
    assert state.view(0)["hand"] == ["QD", "4D"]
    assert state.view(1)["hand"] == ["9C", "3S"]
    draws = [event for event in deal_events(state, 2) if event["type"] == "draw"]
    assert draws == [
        {"type": "draw", "seat": 0, "stock_size": 99},
        {"type": "draw", "seat": 1, "stock_size": 98},
    ]
    assert state.view(0)["stacks"] == [28, 10]
    assert state.view(0)["pot"] == 2
    assert state.view(0)["stock_size"] == 98
    ante = [event for event in deal_events(state, 2) if event["type"] == "ante"]
    assert ante == [{"type": "ante", "amount": 1, "stacks": [28, 10], "pot": 2}]


def test_op13_what_the_signal_reveals() -> None:
    state = e1_finished()
    first = deal_events(state, 1)
    assert {"type": "signal", "seat": 0, "up": 1, "down": 1} in first
    assert {"type": "reveal", "cards": ["KS", "9H"]} in first
    # Seat 1 may deduce that seat 0 kept a DOWN card, but nothing names it.
    assert "4D" not in json.dumps(state.view(1))
    assert "9C" not in json.dumps(state.view(0))
    second = deal_events(state, 2)
    signals = [event for event in second if event["type"] == "signal"]
    assert signals == [
        {"type": "signal", "seat": 0, "up": 1, "down": 1},  # 4D kept + QD drawn
        {"type": "signal", "seat": 1, "up": 1, "down": 1},  # 9C kept + 3S drawn
    ]


def test_op14_reshuffle() -> None:
    state = tie_everything_deal()
    revealed: list[str] = []
    for number in range(1, 52):
        assert state.view(0)["deal_number"] == number
        play_tied_deal(state)
        revealed += events_of(state, "reveal")[-1]["cards"]
    assert state.view(0)["deal_number"] == 52
    assert len(revealed) == 102
    deal_52 = deal_events(state, 52)
    assert [event["type"] for event in deal_52[:4]] == ["deal", "reshuffle", "draw", "draw"]
    assert deal_52[0]["stock_size"] == 0
    assert deal_52[1]["stock_size"] == 102
    data = json.loads(state.to_json())["state"]
    assert data["discards"] == [] and state.view(0)["discards"] == []
    assert len(data["stock"]) == 100 and state.view(0)["stock_size"] == 100
    # The new stock was exactly the discarded cards: what is left plus the two draws.
    kept = Counter(PACK_104) - Counter(revealed)
    assert sum(kept.values()) == 2
    hands = data["hands"]
    drawn = Counter(hands[0] + hands[1]) - kept
    assert Counter(data["stock"]) + drawn == Counter(revealed)
    assert sum(drawn.values()) == 2
    assert all_cards(state) == Counter(PACK_104)


def test_op15_match_end() -> None:
    state = new([["KS", "3D"], ["KH", "3C"]], stacks=[39, 1], first=1)
    act(state, "1: lock 3C", "0: lock KS")
    assert state.is_over
    assert state.current_player is None
    assert state.scores == [40, 0]
    assert state.legal_actions() == []
    assert state.view(1)["legal_actions"] == []
    assert state.view(0)["phase"] == "over"
    assert state.events[-1] == {"type": "match_over", "scores": [40, 0]}
    assert events_of(state, "result")[-1]["next_first"] is None
    assert "over" in rejected(state, "check")


def test_op15_match_end_the_other_way() -> None:
    state = new([["KS", "3D"], ["KH", "3C"]], stacks=[1, 39])
    act(state, "0: lock 3D", "1: lock KH")
    assert state.is_over and state.scores == [0, 40]


def _random_action(state: State, rng: random.Random) -> str:
    legal = state.legal_actions()
    if legal[0].startswith("lock"):
        return rng.choice(legal)
    passive = [a for a in legal if a in ("check", "call")]
    if rng.random() < 0.6 and passive:
        return passive[0]
    if rng.random() < 0.15 and "fold" in legal:
        return "fold"
    return rng.choice(legal)


@pytest.mark.parametrize("seed", range(12))
def test_op16_conservation(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(seed=seed)
    moves = 0
    while not state.is_over and moves < 1500:
        state.apply(_random_action(state, rng))
        moves += 1
        for seat in (0, 1):
            view = state.view(seat)
            assert sum(view["stacks"]) + view["pot"] == 40
            assert view["pot"] % 2 == 0 or view["phase"] == "bet"
        assert sum(state.scores) == 40
        assert all_cards(state) == Counter(PACK_104)


# --------------------------------------------------------------------------------------
# §7 worked examples
# --------------------------------------------------------------------------------------


def test_e1_a_full_deal() -> None:
    state = new(E1_HANDS, E1_STOCK_TOP)
    assert state.view(0)["signals"] == [signal(1, 1), signal(2, 0)]
    assert state.view(0)["stacks"] == [19, 19] and state.view(0)["pot"] == 2
    act(state, "0: lock KS", "1: lock 9H")
    assert state.view(0)["signals"] == [signal(1, 1), signal(2, 0)]
    act(state, "0: bet 3", "1: raise 8")
    assert state.view(0)["bet_range"]["minimum"] == 13
    assert state.view(0)["to_call"] == 5
    act(state, "0: call")
    assert events_of(state, "result")[0]["pot"] == 18
    assert state.scores == [29, 11]
    assert events_of(state, "reveal")[0]["cards"] == ["KS", "9H"]
    # Deduction from the record: seat 0 signalled one UP, revealed the K: kept a DOWN card.
    sig = next(e for e in deal_events(state, 1) if e["type"] == "signal" and e["seat"] == 0)
    assert sig["up"] - (1 if "KS"[0] in UP else 0) == 0


def test_e2_next_deal_and_a_fold() -> None:
    state = e1_finished()
    view = state.view(0)
    assert view["first"] == 0
    assert sorted(view["discards"]) == ["9H", "KS"]
    assert view["signals"] == [signal(1, 1), signal(1, 1)]
    assert view["stacks"] == [28, 10] and view["pot"] == 2
    act(state, "0: lock QD", "1: lock 3S", "0: bet 5")
    assert state.view(0)["stacks"] == [23, 10]
    act(state, "1: fold")
    assert [e for e in deal_events(state, 2) if e["type"] == "uncalled"] == [
        {"type": "uncalled", "seat": 0, "amount": 5}
    ]
    assert state.scores == [30, 10]
    assert {"type": "reveal", "cards": ["QD", "3S"]} in state.events
    assert state.view(1)["first"] == 0


def test_e3_a_tie() -> None:
    state = new([["7H", "KD"], ["7C", "QD"]], first=1)
    act(state, "1: lock 7C", "0: lock 7H", "1: check", "0: check")
    result = events_of(state, "result")[0]
    assert result["winner"] is None and result["payouts"] == [1, 1]
    assert state.scores == [20, 20]
    assert state.view(0)["first"] == 0


@pytest.mark.parametrize(
    ("locks", "scores", "over"),
    [
        (("3D", "QH"), [32, 8], False),  # the AI wins
        (("KS", "3C"), [40, 0], True),  # you win: the match is over
        (("3D", "3C"), [36, 4], False),  # a tie
    ],
)
def test_e4_all_in_from_a_short_stack(
    locks: tuple[str, str], scores: list[int], over: bool
) -> None:
    state = new([["KS", "3D"], ["QH", "3C"]], stacks=[36, 4], first=0)
    assert state.view(0)["stacks"] == [35, 3] and state.view(0)["pot"] == 2
    act(state, f"0: lock {locks[0]}", f"1: lock {locks[1]}", "0: bet 10")
    assert state.view(0)["stacks"] == [25, 3]
    assert sorted(state.legal_actions()) == ["call", "fold"]
    act(state, "1: call")
    assert events_of(state, "uncalled")[0] == {"type": "uncalled", "seat": 0, "amount": 7}
    assert events_of(state, "result")[0]["pot"] == 8
    assert state.scores == scores
    assert state.is_over == over


@pytest.mark.parametrize(
    ("a", "b"), [("2C", "AS"), ("2C", "KH"), ("AS", "KH"), ("2C", "2D"), ("AS", "AS")]
)
def test_e5_the_two_rule(a: str, b: str) -> None:
    expected = {("2C", "AS"): 1, ("2C", "KH"): -1, ("AS", "KH"): 1}.get((a, b), 0)
    assert beats(a, b) == expected
    state = new([[a, "5S"], [b, "5H"]])
    act(state, f"0: lock {a}", f"1: lock {b}", "0: check", "1: check")
    winner = events_of(state, "result")[0]["winner"]
    assert winner == {1: 0, -1: 1, 0: None}[expected]


def test_e6_reshuffle_counts() -> None:
    state = tie_everything_deal()
    assert state.view(0)["stock_size"] == 100
    for number in range(2, 53):
        play_tied_deal(state)
        view = state.view(0)
        assert view["deal_number"] == number
        expected = 100 if number == 52 else 100 - 2 * (number - 1)
        assert view["stock_size"] == expected
        assert len(view["discards"]) == (0 if number == 52 else 2 * (number - 1))
        assert bool(events_of(state, "reshuffle")) == (number == 52)
    assert state.scores == [20, 20]


# --------------------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------------------

MALFORMED = ["", "   ", "dance", "lock", "lock KS 4D", "lock ZZ", "lock 1X", "bet", "bet x"]


@pytest.mark.parametrize(
    "action", [*MALFORMED, "lock 9H", "lock 5H", "fold", "check", "call", "raise 3", None, 7]
)
def test_bad_input_while_locking(action: Any) -> None:
    state = new(E1_HANDS)
    rejected(state, action)


@pytest.mark.parametrize(
    "action",
    [
        *MALFORMED,
        "lock 4D",
        "bet 0",
        "bet -1",
        "bet 20",  # 19 behind
        "raise 3",  # nobody bet
        "call",  # nothing to call
        "fold",  # nothing to call: check instead
        "check 2",
        "bet 3 4",
        None,
    ],
)
def test_bad_input_while_betting(action: Any) -> None:
    state = new(E1_HANDS)
    act(state, "0: lock KS", "1: lock 9H")
    rejected(state, action)


def test_bad_input_facing_a_bet() -> None:
    state = new(E1_HANDS)
    act(state, "0: lock KS", "1: lock 9H", "0: bet 3")
    for action in ("check", "bet 5", "raise 5", "raise 20", "lock 9C"):
        rejected(state, action)


def test_messages_say_why() -> None:
    state = new(E1_HANDS)
    assert "5H" in rejected(state, "lock 5H")
    assert "lock KS" in rejected(state, "lock 5H")
    act(state, "0: lock KS")  # now seat 1 locks: it does not hold KS
    assert "KS" in rejected(state, "lock KS")
    assert "lock 9H" in rejected(state, "bet 1")
    act(state, "1: lock 9H")
    assert "final" in rejected(state, "lock 9C")
    assert "smallest" in rejected(state, "bet 0")


def test_lock_parsing_is_forgiving() -> None:
    state = new([["TS", "4D"], ["9H", "9C"]])
    act(state, "0:   LOCK 10s  ")
    assert state.view(0)["my_locked"] == "TS"
    act(state, "1: lock 9c")
    assert state.view(1)["my_locked"] == "9C"


def test_identical_cards_give_one_lock_action() -> None:
    state = new([["9H", "9H"], ["9C", "9C"]], first=1)
    assert state.legal_actions() == ["lock 9C"]
    act(state, "1: lock 9C")
    assert state.view(1)["hand"] == ["9C"]
    assert state.legal_actions() == ["lock 9H"]
    act(state, "0: lock 9h")
    assert state.view(0)["locked"] == [True, True]


def _bad_deals() -> list[tuple[str, dict[str, Any]]]:
    good = make_deal(E1_HANDS)
    stock = good["stock"]
    cases: list[tuple[str, dict[str, Any]]] = [
        ("no hands", {"stock": stock}),
        ("no stock", {"hands": E1_HANDS}),
        ("three hands", {"hands": [*E1_HANDS, ["2S", "2H"]], "stock": stock}),
        ("three cards", {"hands": [["KS", "4D", "2S"], ["9H", "9C"]], "stock": stock[1:]}),
        ("one card", {"hands": [["KS"], ["9H", "9C"]], "stock": [*stock, "4D"]}),
        ("short stock", {"hands": E1_HANDS, "stock": stock[:-1]}),
        ("long stock", {"hands": E1_HANDS, "stock": [*stock, "2S"]}),
        ("a card thrice", {"hands": E1_HANDS, "stock": ["KS", *stock[1:]]}),
        ("a joker", {"hands": E1_HANDS, "stock": ["BJ", *stock[1:]]}),
        ("not a card", {"hands": E1_HANDS, "stock": ["1X", *stock[1:]]}),
        ("stock not a list", {"hands": E1_HANDS, "stock": 5}),
        ("unknown key", {**good, "board": []}),
        ("stacks one seat", {**good, "stacks": [20]}),
        ("stacks zero", {**good, "stacks": [0, 40]}),
        ("stacks negative", {**good, "stacks": [41, -1]}),
        ("stacks text", {**good, "stacks": [20, "20"]}),
        ("stacks bool", {**good, "stacks": [True, 20]}),
        ("stacks not a list", {**good, "stacks": 20}),
        ("first two", {**good, "first": 2}),
        ("first text", {**good, "first": "0"}),
        ("first bool", {**good, "first": True}),
    ]
    return cases


@pytest.mark.parametrize(("name", "deal"), _bad_deals(), ids=[n for n, _ in _bad_deals()])
def test_bad_deals_are_refused(name: str, deal: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal):
        GAME.new_state(seed=0, deal=deal)


def test_deal_accepts_forgiving_cards_and_any_positive_stacks() -> None:
    deal = make_deal([["KS", "TD"], ["9H", "9C"]], stacks=[5, 70], first=1)
    deal["hands"] = [["ks", "10d"], ["9h", "c9"]]
    deal["stock"][0] = deal["stock"][0].lower()
    state = GAME.new_state(seed=0, deal=deal)
    assert state.view(0)["hand"] == ["KS", "TD"]
    assert state.view(0)["stacks"] == [4, 69]
    assert state.current_player == 1


# --------------------------------------------------------------------------------------
# Options, seeds, JSON
# --------------------------------------------------------------------------------------


def test_the_deals_option_ends_the_match() -> None:
    state = new(E1_HANDS, deals=3)
    for _ in range(3):
        assert not state.is_over
        for _ in range(2):
            state.apply(state.legal_actions()[0])
        state.apply("check")
        state.apply("check")
    assert state.is_over
    assert state.view(0)["phase"] == "over"
    assert sum(state.scores) == 40
    assert state.events[-1] == {"type": "match_over", "scores": state.scores}


@pytest.mark.parametrize("bad", [0, -1, "3", True, 2.5])
def test_bad_deals_option(bad: Any) -> None:
    with pytest.raises(ValueError):
        cardavia.new_game("onepoker", deals=bad)
    with pytest.raises(ValueError):
        cardavia.new_game("onepoker", hands=3)


def test_game_attributes_and_random_deal() -> None:
    assert GAME.name == "onepoker" and GAME.num_players == 2
    assert GAME.options == {"deals": None}
    assert "onepoker" in cardavia.game_names()
    state = GAME.new_state(seed=4)
    assert state.scores == [20, 20]
    assert all_cards(state) == Counter(PACK_104)
    assert state.view(0)["stock_size"] == 100
    assert state.current_player == 0
    assert len(state.view(0)["hand"]) == len(state.view(1)["hand"]) == 2


def test_same_seed_same_match_other_seeds_differ() -> None:
    assert GAME.new_state(seed=7).to_json() == GAME.new_state(seed=7).to_json()
    hands = {tuple(GAME.new_state(seed=seed).view(0)["hand"]) for seed in range(8)}
    assert len(hands) > 4


def test_json_round_trip_and_clone() -> None:
    rng = random.Random(2)
    state = GAME.new_state(seed=3)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(_random_action(state, rng))
    text = state.to_json()
    restored = GAME.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    copy = state.clone()
    assert copy == state
    if not copy.is_over:
        copy.apply(copy.legal_actions()[0])
        assert copy != state and state.to_json() == text


# --------------------------------------------------------------------------------------
# Views and events: never a hidden card
# --------------------------------------------------------------------------------------


def test_view_has_exactly_the_documented_keys() -> None:
    state = new(E1_HANDS)
    for seat in (0, 1):
        view = state.view(seat)
        assert set(view) == VIEW_KEYS
        json.dumps(view)
    assert state.view(0)["legal_actions"] and not state.view(1)["legal_actions"]
    assert state.view(1)["bet_range"] is None and state.view(1)["to_call"] == 0


def _card_strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if CARD.match(value) else []
    if isinstance(value, list):
        return [card for item in value for card in _card_strings(item)]
    if isinstance(value, dict):
        return [card for item in value.values() for card in _card_strings(item)]
    return []


def _check_secrecy(state: State) -> None:
    data = json.loads(state.to_json())["state"]
    for event in state.events:
        if event["type"] == "reveal":
            assert set(event) == {"type", "cards"}
        else:
            assert _card_strings(event) == [], event
        if event["type"] == "lock":
            assert event.keys() == {"type", "seat"}
    for seat in (0, 1):
        view = state.view(seat)
        assert view["hand"] == data["hands"][seat]
        assert view["my_locked"] == data["locked"][seat]
        public = {
            key: value
            for key, value in view.items()
            if key not in ("hand", "my_locked", "revealed", "discards", "events")
        }
        assert _card_strings(public) == []
        reveals = events_of(state, "reveal")
        assert view["revealed"] == (reveals[-1]["cards"] if reveals else [None, None])


@pytest.mark.parametrize("seed", range(4))
def test_views_and_events_never_show_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(seed=seed)
    for _ in range(300):
        if state.is_over:
            break
        _check_secrecy(state)
        state.apply(_random_action(state, rng))
    _check_secrecy(state)


def test_a_view_does_not_depend_on_the_opponents_hidden_cards() -> None:
    # Same groups for seat 1 (one UP, one DOWN), other cards: seat 0 sees the same.
    one = new([["KS", "4D"], ["9H", "3C"]], ["QD", "5S"])
    two = new([["KS", "4D"], ["JC", "2D"]], ["QD", "5S"])
    assert one.view(0) == two.view(0)
    act(one, "0: lock KS", "1: lock 3C", "0: check")
    act(two, "0: lock KS", "1: lock JC", "0: check")
    assert one.view(0) == two.view(0)


# --------------------------------------------------------------------------------------
# sample_state
# --------------------------------------------------------------------------------------


def _up_count(cards: list[str]) -> int:
    return sum(1 for card in cards if card[0] in UP)


def _start_hand(world: State, seat: int) -> list[str]:
    data = json.loads(world.to_json())["state"]
    locked = data["locked"][seat]
    return [*data["hands"][seat], *([locked] if locked else [])]


@pytest.mark.parametrize("seed", range(10))
def test_sampled_worlds_show_the_seat_its_own_view(seed: int) -> None:
    rng = random.Random(seed)
    sample_rng = random.Random(seed + 1000)
    state = GAME.new_state(seed=seed)
    checked = 0
    phases: set[tuple[str, bool]] = set()
    while checked < 300:
        if state.is_over:
            state = GAME.new_state(seed=rng.randrange(10**6))
        for seat in (0, 1):
            view = state.view(seat)
            world = GAME.sample_state(view, sample_rng)
            assert world.view(seat) == view
            assert all_cards(world) == Counter(PACK_104)
            other = 1 - seat
            theirs = _start_hand(world, other)
            assert len(theirs) == 2
            assert _up_count(theirs) == view["signals"][other]["up"]
            phases.add((view["phase"], view["deal_number"] > 1))
            assert (json.loads(world.to_json())["state"]["locked"][other] is not None) == (
                view["locked"][other]
            )
            # The world is a real state: it plays on.
            if not world.is_over:
                world.apply(world.legal_actions()[0])
            checked += 1
        state.apply(_random_action(state, rng))
    assert phases == {("lock", False), ("lock", True), ("bet", False), ("bet", True)}


def test_sampled_worlds_keep_the_viewers_cards_and_vary_the_opponents() -> None:
    state = e1_finished()
    act(state, "0: lock QD")
    view = state.view(1)  # seat 1: holds 9C 3S, seat 0 locked one of 4D QD
    rng = random.Random(5)
    hands: set[tuple[str, ...]] = set()
    locks: set[str] = set()
    for _ in range(300):
        world = GAME.sample_state(view, rng)
        data = json.loads(world.to_json())["state"]
        assert data["hands"][1] == ["9C", "3S"]
        assert data["locked"][1] is None
        theirs = _start_hand(world, 0)
        # Seat 0's signal is UP 1 / DOWN 1; its kept card is DOWN (UP 1 minus the KS).
        assert _up_count(theirs) == 1
        seen = Counter(["9C", "3S", "KS", "9H"])
        assert all(seen[card] + Counter(theirs)[card] <= 2 for card in theirs)
        hands.add(tuple(sorted(theirs)))
        locks.add("up" if data["locked"][0][0] in UP else "down")
        assert world.view(1) == view
    assert len(hands) > 100
    assert locks == {"up", "down"}


def test_sampled_worlds_respect_a_two_up_signal_and_the_discards() -> None:
    # Seat 1's kept card after E1 is UP (UP 2 minus the revealed 9H); from seat 0's view
    # in deal 2 it holds one UP and one DOWN card, none of them a card seat 0 can see.
    state = e1_finished()
    view = state.view(0)
    rng = random.Random(9)
    for _ in range(300):
        world = GAME.sample_state(view, rng)
        theirs = _start_hand(world, 1)
        assert _up_count(theirs) == 1
        seen = Counter(["QD", "4D", "KS", "9H"])
        for card in theirs:
            assert seen[card] + Counter(theirs)[card] <= 2
        assert world.view(0) == view


def test_sample_state_replays_the_betting() -> None:
    state = new(E1_HANDS, E1_STOCK_TOP)
    act(state, "0: lock KS", "1: lock 9H", "0: bet 3", "1: raise 8")
    view = state.view(0)
    world = GAME.sample_state(view, random.Random(1))
    assert world.view(0) == view
    assert world.legal_actions() == state.legal_actions()
    world.apply("call")
    assert world.scores[0] + world.scores[1] == 40


def test_sample_state_refuses_a_finished_match() -> None:
    state = new([["KS", "3D"], ["KH", "3C"]], stacks=[39, 1])
    act(state, "0: lock KS", "1: lock 3C")
    assert state.is_over
    with pytest.raises(IllegalAction):
        GAME.sample_state(state.view(0), random.Random(0))


def test_sample_state_across_a_reshuffle() -> None:
    state = tie_everything_deal()
    for _ in range(51):
        play_tied_deal(state)
    state.apply(state.legal_actions()[0])
    rng = random.Random(3)
    for seat in (0, 1):
        view = state.view(seat)
        for _ in range(20):
            assert GAME.sample_state(view, rng).view(seat) == view


def test_sample_state_refuses_an_inconsistent_view() -> None:
    state = e1_finished()
    view = state.view(0)
    # Seat 1 kept an UP card (UP 2 minus the 9H): a signal of two DOWN cards cannot be.
    bad = {**view, "signals": [view["signals"][0], {"up": 0, "down": 2}]}
    with pytest.raises(ValueError, match="kept"):
        GAME.sample_state(bad, random.Random(0))
    # A record that does not match the table cannot be replayed.
    tampered = json.loads(json.dumps(view))
    assert tampered["events"][-1] == {"type": "signal", "seat": 1, "up": 1, "down": 1}
    tampered["events"][-1].update(up=2, down=0)
    with pytest.raises(ValueError):
        GAME.sample_state(tampered, random.Random(0))


# --------------------------------------------------------------------------------------
# Issue 11: malformed amounts and deals are clean refusals
# --------------------------------------------------------------------------------------


def betting_state() -> State:
    state = new([["KS", "3H"], ["QD", "4C"]])
    act(state, "0: lock KS", "1: lock QD")
    return state


@pytest.mark.parametrize("action", ["bet ²", "bet ①", "bet ４", "bet 1" + "0" * 4400, "bet -1"])
def test_amount_junk_is_an_illegal_action(action: str) -> None:
    state = betting_state()
    assert "bet 4" in state.legal_actions()
    rejected(state, action)


def test_an_amount_beyond_the_stack_says_the_all_in() -> None:
    assert "you can bet at most 19 (all-in)" in rejected(betting_state(), "bet 99999999999")


def test_onepoker_stack_cap() -> None:
    state = new([["KS", "3H"], ["QD", "4C"]], stacks=[999, 1])
    assert state.stacks == [998, 0]
    for stacks in ([1000, 1], [10**30, 20], [True, 20], [20.0, 20], [0, 40], [20, 20, 0]):
        with pytest.raises(InvalidDeal, match="'stacks'"):
            new([["KS", "3H"], ["QD", "4C"]], stacks=stacks)


@pytest.mark.parametrize("first", [True, False, 2, -1, 1.0, "0"])
def test_first_is_an_int_seat(first: Any) -> None:
    with pytest.raises(InvalidDeal, match="'first' is a seat number, 0 to 1"):
        new([["KS", "3H"], ["QD", "4C"]], first=first)


@pytest.mark.parametrize("stock", ["AS KS", [1] * 100, None, {"AS": 1}])
def test_stock_must_be_a_list_of_cards(stock: Any) -> None:
    deal = make_deal([["KS", "3H"], ["QD", "4C"]])
    with pytest.raises(InvalidDeal, match="stock"):
        GAME.new_state(seed=1, deal={**deal, "stock": stock})
