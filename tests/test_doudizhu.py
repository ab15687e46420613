"""Dou Dizhu rules, example by example, through the public API only (API.md).

Every example and edge case of spec/doudizhu.md has a test that names it:
``test_s2_3_…`` (auction example), ``test_s4_3_…`` (what beats what),
``test_s5_example_N_…`` (worked scoring examples) and ``test_s7_NN_…`` (conformance
scenarios). Positions are reached through real play from fixed deals; farmers may always
pass (§3.3, D17), which lets a script steer a deal anywhere. Expected numbers are written
from the spec, never computed with the engine's code.

Rank strings (``"55566677"``) are multisets of ranks written in strength order
``3 … A 2 BJ RJ``; ``play_ranks`` turns the engine's ``play`` actions into them with the
test's own code, so suits never matter in the assertions (§0).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal

GAME = cardavia.new_game("doudizhu")
ORDER = "3456789TJQKA2"
SUITS = "SHDC"
PACK = [rank + suit for rank in ORDER for suit in SUITS] + ["BJ", "RJ"]
AUCTION_OPEN = ["bid 1", "bid 2", "bid 3", "pass"]


# --------------------------------------------------------------------------------------
# Helpers (the test's own code: nothing here asks the engine what the rules say)
# --------------------------------------------------------------------------------------


def run(low: str, high: str, suit: str) -> str:
    """Cards of ranks low … high (inclusive, strength order) in one suit: run('3','7','H')."""
    ranks = ORDER[ORDER.index(low) : ORDER.index(high) + 1]
    return " ".join(rank + suit for rank in ranks)


def make_deal(*hands: str, bottom: str = "", first_bidder: int = 0) -> dict[str, Any]:
    """A full legal deal. ``hands`` name cards per seat (up to 20: cards past the 17th go
    to the bottom, so a landlord's whole 20-card hand can be written at once); missing
    cards are filled from the rest of the pack in strength order."""
    chosen = [hand.split() for hand in hands] + [[] for _ in range(3 - len(hands))]
    bot = bottom.split()
    for index, hand in enumerate(chosen):
        if len(hand) > 17:
            bot += hand[17:]
            chosen[index] = hand[:17]
    used = [card for hand in chosen for card in hand] + bot
    assert len(used) == len(set(used)), f"test deal repeats a card: {used}"
    assert set(used) <= set(PACK), f"test deal names a foreign card: {used}"
    rest = [card for card in PACK if card not in set(used)]
    full = []
    for hand in chosen:
        need = 17 - len(hand)
        full.append(hand + rest[:need])
        rest = rest[need:]
    bot += rest[: 3 - len(bot)]
    assert len(bot) == 3, f"test deal has {len(bot)} bottom cards"
    return {"hands": full, "bottom": bot, "first_bidder": first_bidder}


def act(state: Any, *script: str) -> None:
    """Apply ``"seat: action"`` lines, checking that it is that seat's turn each time."""
    for line in script:
        seat, action = line.split(":", 1)
        assert state.current_player == int(seat), f"expected seat {seat} to act for {line!r}"
        state.apply(action.strip())


def start(*hands: str, landlord: int = 0, bid: int = 1, seed: int = 0, bottom: str = "") -> Any:
    """A deal where ``landlord`` opens the auction with ``bid`` and the others pass."""
    state = GAME.new_state(seed, deal=make_deal(*hands, bottom=bottom, first_bidder=landlord))
    act(state, f"{landlord}: bid {bid}")
    if bid < 3:
        act(state, f"{(landlord + 1) % 3}: pass", f"{(landlord + 2) % 3}: pass")
    assert state.current_player == landlord
    return state


def rank_of(card: str) -> str:
    return card if card in ("BJ", "RJ") else card[0]


def strength(card: str) -> int:
    return {"BJ": 13, "RJ": 14}.get(card, ORDER.index(card[0]) if card[0] in ORDER else 99)


def ranks(cards: str | list[str]) -> str:
    """'5H 6D 5S' -> '556' (strength order, jokers as BJ/RJ)."""
    items = cards.split() if isinstance(cards, str) else cards
    return "".join(rank_of(card) for card in sorted(items, key=strength))


def play_ranks(state: Any) -> list[str]:
    """The rank multiset of every ``play`` action now legal."""
    return [ranks(a.split()[1:]) for a in state.legal_actions() if a.startswith("play ")]


def events_of(state: Any, kind: str) -> list[dict[str, Any]]:
    return [event for event in state.events if event["type"] == kind]


def result(state: Any) -> dict[str, Any]:
    (event,) = events_of(state, "result")
    return event


def assert_rejected(state: Any, action: Any) -> str:
    """``action`` raises IllegalAction with a message and changes nothing."""
    before = state.to_json()
    legal = state.legal_actions()
    with pytest.raises(IllegalAction) as error:
        state.apply(action)
    assert str(error.value).strip(), f"{action!r} was rejected without a message"
    assert state.to_json() == before, f"rejecting {action!r} changed the state"
    assert state.legal_actions() == legal
    return str(error.value)


def assert_settled(
    state: Any,
    scores: list[int],
    *,
    bid: int,
    bombs: int,
    spring: bool,
    reverse_spring: bool,
    multiplier: int,
    unit: int,
) -> None:
    assert state.is_over
    assert state.current_player is None
    assert state.legal_actions() == []
    assert state.scores == scores
    assert sum(scores) == 0
    event = result(state)
    assert event["scores"] == scores
    assert event["breakdown"] == {
        "bid": bid,
        "bombs": bombs,
        "spring": spring,
        "reverse_spring": reverse_spring,
        "multiplier": multiplier,
        "unit": unit,
    }
    assert state.events[-1]["type"] == "result"


# --------------------------------------------------------------------------------------
# §2.3 The auction
# --------------------------------------------------------------------------------------


def test_s2_3_auction_example() -> None:
    """S1 pass, S2 bid 1, S0 pass, S1 bid 2, S2 pass, S0 pass -> seat 1 landlord, B = 2."""
    deal = make_deal(first_bidder=1)
    state = GAME.new_state(3, deal=deal)
    assert state.current_player == 1
    assert state.legal_actions() == AUCTION_OPEN
    act(state, "1: pass", "2: bid 1")
    assert state.legal_actions() == ["bid 2", "bid 3", "pass"]
    act(state, "0: pass", "1: bid 2")
    assert state.legal_actions() == ["bid 3", "pass"]
    act(state, "2: pass", "0: pass")
    (landlord,) = events_of(state, "landlord")
    assert landlord["seat"] == 1
    assert landlord["bid"] == 2
    assert sorted(landlord["bottom"]) == sorted(deal["bottom"])
    assert state.current_player == 1
    auction = [(e["seat"], e["action"]) for e in state.events if e["type"] in ("bid", "pass")]
    expected = [(1, "pass"), (2, "bid 1"), (0, "pass"), (1, "bid 2"), (2, "pass"), (0, "pass")]
    assert auction == expected


def test_s2_3_auction_has_at_most_seven_actions() -> None:
    """The longest auction: pass, pass, bid 1, pass, bid 2, pass, bid 3."""
    state = GAME.new_state(0, deal=make_deal(first_bidder=0))
    act(state, "0: pass", "1: pass", "2: bid 1", "0: pass", "1: bid 2", "2: pass", "0: bid 3")
    (landlord,) = events_of(state, "landlord")
    assert (landlord["seat"], landlord["bid"]) == (0, 3)
    assert "pass" not in state.legal_actions()


def test_s6_d4_passed_players_may_still_bid() -> None:
    """D4 example: S0 pass, S1 pass, S2 bid 1 -> S0 and S1 may still bid."""
    state = GAME.new_state(0, deal=make_deal(first_bidder=0))
    act(state, "0: pass", "1: pass", "2: bid 1")
    assert state.legal_actions() == ["bid 2", "bid 3", "pass"]
    act(state, "0: pass")
    assert state.legal_actions() == ["bid 2", "bid 3", "pass"]
    act(state, "1: bid 2", "2: pass", "0: pass")
    (landlord,) = events_of(state, "landlord")
    assert (landlord["seat"], landlord["bid"]) == (1, 2)


def test_s7_01_auction_simple() -> None:
    deal = make_deal(first_bidder=1)
    state = GAME.new_state(0, deal=deal)
    act(state, "1: bid 1", "2: pass", "0: pass")
    (landlord,) = events_of(state, "landlord")
    assert (landlord["seat"], landlord["bid"]) == (1, 1)
    assert sorted(landlord["bottom"]) == sorted(deal["bottom"])
    hand = state.view(1)["hand"]
    assert len(hand) == 20
    assert sorted(hand) == sorted(deal["hands"][1] + deal["bottom"])
    assert len(state.view(0)["hand"]) == 17 and len(state.view(2)["hand"]) == 17
    for seat in (0, 2):  # the bottom cards are public: every seat's events show them
        shown = [e for e in state.view(seat)["events"] if e["type"] == "landlord"]
        assert sorted(shown[0]["bottom"]) == sorted(deal["bottom"])
    assert state.current_player == 1
    assert "pass" not in state.legal_actions()
    assert state.view(1)["legal_actions"] == state.legal_actions()
    assert_rejected(state, "pass")


def test_s7_02_all_pass_redeals() -> None:
    deal = make_deal(first_bidder=0)
    state = GAME.new_state(11, deal=deal)
    act(state, "0: pass", "1: pass", "2: pass")
    types = [event["type"] for event in state.events]
    assert types == ["deal", "pass", "pass", "pass", "void_deal", "deal"]
    assert not events_of(state, "landlord")
    assert state.scores == [0, 0, 0]
    assert not state.is_over
    new_first = state.events[-1]["first_bidder"]
    assert new_first in (0, 1, 2)
    assert state.current_player == new_first
    assert state.legal_actions() == AUCTION_OPEN
    hands = [state.view(seat)["hand"] for seat in range(3)]
    assert [len(hand) for hand in hands] == [17, 17, 17]
    every = [card for hand in hands for card in hand]
    assert len(set(every)) == 51 and set(every) <= set(PACK)
    assert [sorted(h) for h in hands] != [sorted(h) for h in deal["hands"]]
    # The new auction works as the first one did, and crowns with the new bottom.
    act(state, f"{new_first}: bid 3")
    (landlord,) = events_of(state, "landlord")
    assert landlord["seat"] == new_first and landlord["bid"] == 3
    assert len(landlord["bottom"]) == 3
    assert set(landlord["bottom"]) == set(PACK) - set(every)
    assert len(state.view(new_first)["hand"]) == 20


def test_void_deal_is_reproducible_from_the_seed() -> None:
    def voided(seed: int) -> Any:
        state = GAME.new_state(seed, deal=make_deal(first_bidder=2))
        act(state, "2: pass", "0: pass", "1: pass")
        return state

    first, again = voided(5), voided(5)
    assert events_of(first, "void_deal")
    assert first.to_json() == again.to_json()
    assert [first.view(s)["hand"] for s in range(3)] == [again.view(s)["hand"] for s in range(3)]
    # The redeal depends on the seed (not only on the fixed first deal).
    other = voided(6)
    assert [first.view(s)["hand"] for s in range(3)] != [other.view(s)["hand"] for s in range(3)]
    # A state restored from JSON after the void deal goes on exactly alike.
    restored = GAME.state_from_json(first.to_json())
    seat = first.current_player
    for state in (first, restored):
        act(state, f"{seat}: pass", f"{(seat + 1) % 3}: pass", f"{(seat + 2) % 3}: pass")
    assert len(events_of(first, "void_deal")) == 2
    assert first.to_json() == restored.to_json()
    # The third deal differs from the second.
    deals = [e for e in first.events if e["type"] == "deal"]
    assert len(deals) == 3


def test_void_deal_draws_a_new_first_bidder_at_random() -> None:
    """D5: after a void deal the first bidder is chosen again at random."""
    seen = set()
    for seed in range(30):
        state = GAME.new_state(seed, deal=make_deal(first_bidder=0))
        act(state, "0: pass", "1: pass", "2: pass")
        seen.add(state.current_player)
    assert seen == {0, 1, 2}


def test_first_bidder_drawn_from_the_seed_when_not_given() -> None:
    deal = make_deal()
    del deal["first_bidder"]
    seen = set()
    for seed in range(30):
        one = GAME.new_state(seed, deal=deal)
        two = GAME.new_state(seed, deal=deal)
        assert one.current_player == two.current_player
        seen.add(one.current_player)
    assert seen == {0, 1, 2}


def test_s7_03_bid_3_ends_at_once() -> None:
    state = GAME.new_state(0, deal=make_deal(first_bidder=2))
    act(state, "2: bid 1", "0: bid 3")
    (landlord,) = events_of(state, "landlord")
    assert (landlord["seat"], landlord["bid"]) == (0, 3)
    assert state.current_player == 0
    assert "pass" not in state.legal_actions()
    assert all(a.startswith("play ") for a in state.legal_actions())
    assert not [e for e in state.events if e["type"] in ("bid", "pass") and e["seat"] == 1]
    assert_rejected(state, "bid 3")


def test_s7_04_reentry_after_a_pass() -> None:
    state = GAME.new_state(0, deal=make_deal(first_bidder=0))
    act(state, "0: pass", "1: bid 1", "2: pass", "0: bid 2", "1: pass", "2: pass")
    (landlord,) = events_of(state, "landlord")
    assert (landlord["seat"], landlord["bid"]) == (0, 2)
    assert state.current_player == 0


def test_s7_05_bid_must_exceed() -> None:
    state = GAME.new_state(0, deal=make_deal(first_bidder=0))
    act(state, "0: bid 2")
    assert state.current_player == 1
    assert state.legal_actions() == ["bid 3", "pass"]
    assert state.view(1)["legal_actions"] == ["bid 3", "pass"]
    assert state.view(0)["legal_actions"] == []
    assert_rejected(state, "bid 2")
    assert_rejected(state, "bid 1")


# --------------------------------------------------------------------------------------
# §3 Rounds
# --------------------------------------------------------------------------------------


def test_s7_06_leader_cannot_pass() -> None:
    # S1 leads the first round as landlord.
    state = start(landlord=1)
    assert "pass" not in state.legal_actions()
    assert_rejected(state, "pass")
    # S1 leads a new round after winning one.
    state = start("3S", "4S", landlord=0)
    act(state, "0: play 3S", "1: play 4S", "2: pass", "0: pass")
    assert events_of(state, "round_end")[-1]["leader"] == 1
    assert state.current_player == 1
    assert "pass" not in state.legal_actions()
    message = assert_rejected(state, "pass")
    assert message


def test_s7_14_round_end_and_new_lead() -> None:
    state = start("5S 5H", "9S", landlord=0)
    act(state, "0: play 5S", "1: pass", "2: pass")
    assert state.events[-1] == {"type": "round_end", "leader": 0}
    assert state.current_player == 0
    assert "pass" not in state.legal_actions()
    act(state, "0: play 5H", "1: play 9S", "2: pass", "0: pass")
    assert state.events[-1] == {"type": "round_end", "leader": 1}
    assert state.current_player == 1
    assert "pass" not in state.legal_actions()
    assert play_ranks(state)  # S1 leads with any combination


def test_s7_15_passed_player_plays_again_in_the_same_round() -> None:
    state = start("5S JS", "KS", "8S", landlord=0)
    act(state, "0: play 5S", "1: pass", "2: play 8S", "0: play JS")
    assert state.current_player == 1
    assert "play KS" in state.legal_actions()
    assert "pass" in state.legal_actions()
    act(state, "1: play KS")
    assert state.events[-1]["type"] == "play" and state.events[-1]["cards"] == ["KS"]
    assert state.current_player == 2


def test_s3_3_follower_may_pass_even_when_able_to_beat() -> None:
    """D17: passing is always allowed for a follower."""
    state = start("3S", "BJ RJ 2S 2H 2D 2C", landlord=0)
    act(state, "0: play 3S")
    assert "pass" in state.legal_actions()
    act(state, "1: pass")
    assert state.current_player == 2


def test_s7_16_immediate_end() -> None:
    landlord = "3S 5S BJ RJ " + run("4", "A", "C") + " 2S 4S 6S 7S 8S"
    farmer = "4H 6H " + run("3", "A", "D") + " 2H 2D 2C"
    state = start(landlord, farmer, landlord=0, bid=1)
    assert len(state.view(1)["hand"]) == 17
    act(
        state,
        "0: play 3S",
        "1: play 4H",
        "2: pass",
        "0: play 5S",
        "1: play 6H",
        "2: pass",
        "0: pass",
        "1: play " + run("3", "A", "D"),
        "2: pass",
        "0: pass",
    )
    assert state.view(1)["hand"] == ["2H", "2D", "2C"]
    events_before = len(state.events)
    act(state, "1: play 2H 2D 2C")
    # Over at once: S0 holds the rocket, which would beat, but gets no turn.
    assert "BJ" in state.view(0)["hand"] and "RJ" in state.view(0)["hand"]
    assert state.is_over and state.current_player is None
    assert [e["type"] for e in state.events[events_before:]] == ["play", "result"]
    assert state.events[events_before]["left"] == 0
    assert result(state)["winner"] == 1
    assert result(state)["landlord_won"] is False
    # Farmers win: each +U, landlord -2U; B = 1, no bombs, the landlord played twice.
    assert_settled(
        state,
        [-2, 1, 1],
        bid=1,
        bombs=0,
        spring=False,
        reverse_spring=False,
        multiplier=1,
        unit=1,
    )
    for seat in range(3):
        assert state.view(seat)["legal_actions"] == []
    assert_rejected(state, "play BJ RJ")
    assert_rejected(state, "pass")


# --------------------------------------------------------------------------------------
# §4.3 What beats what, §7 scenarios 7-13
# --------------------------------------------------------------------------------------


def test_s4_3_example_straight_34567() -> None:
    """T = 34567: 45678 beats it; 456789 does not; 9999 beats it."""
    state = start(run("3", "7", "S"), run("4", "8", "H") + " 9S 9H 9D 9C", landlord=0)
    act(state, "0: play 3S 4S 5S 6S 7S")
    plays = play_ranks(state)
    assert "45678" in plays
    assert "456789" not in plays
    assert "9999" in plays
    assert "pass" in state.legal_actions()
    assert "play 4H 5H 6H 7H 8H" in state.legal_actions()
    assert "play 9S 9H 9D 9C" in state.legal_actions()
    assert_rejected(state, "play 4H 5H 6H 7H 8H 9S")
    act(state, "1: play 9S 9H 9D 9C")
    assert state.events[-1]["kind"] == "bomb"


def test_s7_07_straight_length_must_match() -> None:
    state = start(run("3", "7", "S"), run("4", "9", "H") + " TS TH TD TC", landlord=0)
    act(state, "0: play 3S 4S 5S 6S 7S")
    plays = play_ranks(state)
    assert "45678" in plays
    assert "456789" not in plays
    assert "TTTT" in plays
    assert "pass" in state.legal_actions()
    # Every straight listed has exactly five cards and a higher top than 7.
    straights = [p for p in plays if len(set(p)) == len(p) and len(p) >= 5]
    assert straights and all(len(p) == 5 for p in straights)
    assert_rejected(state, "play 4H 5H 6H 7H 8H 9H")
    act(state, "1: play 4H 5H 6H 7H 8H")


def test_s4_3_example_bomb_9999() -> None:
    """T = 9999: 8888 does not beat it; TTTT and BJ RJ do."""
    state = start("9S 9H 9D 9C", "8S 8H 8D 8C TS TH TD TC BJ RJ", landlord=0)
    act(state, "0: play 9S 9H 9D 9C")
    plays = play_ranks(state)
    assert "8888" not in plays
    assert "TTTT" in plays
    assert "BJRJ" in plays
    assert_rejected(state, "play 8S 8H 8D 8C")


def test_s7_08_bomb_and_rocket_order() -> None:
    state = start("9S 9H 9D 9C", "8S 8H 8D 8C TS TH TD TC BJ RJ", landlord=0)
    act(state, "0: play 9S 9H 9D 9C")
    # Only higher bombs and the rocket answer a bomb (S1 also holds 3333 from the filler).
    assert set(play_ranks(state)) == {"TTTT", "BJRJ"}
    assert set(state.legal_actions()) == {"play TS TH TD TC", "play BJ RJ", "pass"}
    assert_rejected(state, "play 8S 8H 8D 8C")
    act(state, "1: play BJ RJ")
    assert state.legal_actions() == ["pass"]
    assert_rejected(state, "play " + " ".join(state.view(2)["hand"][:1]))
    act(state, "2: pass")
    assert state.legal_actions() == ["pass"]
    act(state, "0: pass")
    assert state.events[-1] == {"type": "round_end", "leader": 1}
    assert state.current_player == 1


def test_s4_3_example_plane_with_single_wings() -> None:
    """T = 333444 + 5 9: 555666 + 7 7 beats it; 555666 + 77 88 does not."""
    state = start("3S 3H 3D 4S 4H 4D 5S 9S", "5H 5D 5C 6S 6H 6D 7S 7H 8S 8H", landlord=0)
    act(state, "0: play 3S 3H 3D 4S 4H 4D 5S 9S")
    assert state.events[-1]["kind"] == "plane_single"
    plays = play_ranks(state)
    assert "55566677" in plays
    assert "5556667788" not in plays
    message = assert_rejected(state, "play 5H 5D 5C 6S 6H 6D 7S 7H 8S 8H")
    assert message
    act(state, "1: play 5H 5D 5C 6S 6H 6D 7S 7H")


def test_s7_10_planes_with_wings() -> None:
    state = start("3S 3H 3D 4S 4H 4D 5S 9S", "5H 5D 5C 6S 6H 6D 7S 7H 8S 8H", landlord=0)
    act(state, "0: play 3S 3H 3D 4S 4H 4D 5S 9S")
    plays = play_ranks(state)
    assert "55566677" in plays  # wings form a pair, key 6 > 4
    assert "5556667788" not in plays  # different wing kind and size
    assert_rejected(state, "play 5H 5D 5C 6S 6H 6D 7S 7H 8S 8H")
    # 666777 + 6 8 is no combination: a core rank among the wings. With one pack these are
    # the cards 6666 777 8, so the follower holds all four sixes (and with them a bomb).
    state = start("3S 3H 3D 4S 4H 4D 5S 9S", "6S 6H 6D 6C 7S 7H 7D 8S", landlord=0)
    act(state, "0: play 3S 3H 3D 4S 4H 4D 5S 9S")
    plays = play_ranks(state)
    assert "66667778" not in plays
    assert "6666" in plays  # the bomb still answers
    message = assert_rejected(state, "play 6S 6H 6D 6C 7S 7H 7D 8S")
    assert message
    # As a lead it is no combination either.
    state = start("6S 6H 6D 6C 7S 7H 7D 8S", landlord=0)
    assert "66667778" not in play_ranks(state)
    assert_rejected(state, "play 6S 6H 6D 6C 7S 7H 7D 8S")


def test_s4_3_example_four_with_two_singles() -> None:
    """T = JJJJ + 3 4 (not a bomb): QQQQ + 5 6 beats it; the bomb 9999 also beats it."""
    state = start("JS JH JD JC 3S 4S", "QS QH QD QC 5H 6H 9S 9H 9D 9C", landlord=0)
    act(state, "0: play 3S 4S JS JH JD JC")
    assert state.events[-1]["kind"] != "bomb"
    plays = play_ranks(state)
    assert "56QQQQ" in plays
    assert "9999" in plays
    assert "QQQQ" in plays
    act(state, "1: play QS QH QD QC 5H 6H")
    act(state, "2: pass", "0: pass", "1: play 9S 9H 9D 9C")
    assert state.events[-1]["kind"] == "bomb"


def test_s7_09_invalid_sequences() -> None:
    hand = "3S 3H 4S 4H 5S JS QS QH KS KH AS AH AD 2S 2H 2D"
    state = start(hand, landlord=0)
    plays = play_ranks(state)
    assert len(plays) == len(set(plays))
    for shape, action in [
        ("JQKA2", "play JS QS KS AS 2S"),
        ("345A2", "play AS 2S 3S 4S 5S"),
        ("3344", "play 3S 3H 4S 4H"),
        ("QQKKAA22", "play QS QH KS KH AS AH 2S 2H"),
        ("AAA222", "play AS AH AD 2S 2H 2D"),
    ]:
        assert ranks(action.split()[1:]) == shape
        assert shape not in plays, shape
        assert_rejected(state, action)
    # Sanity: shorter real combinations from the same cards are listed.
    assert {"QQKKAA", "AAA", "222", "33", "44"} <= set(plays)


def test_s7_11_wing_restrictions() -> None:
    hand = "3S 3H 3D 4S 4H 4D 5S 5H 5D 6S 6H 6D 7S 7H 7D 7C BJ RJ 9S TS"
    state = start(hand, landlord=0)
    plays = play_ranks(state)
    assert "555666BJRJ" not in plays  # both jokers as wings
    assert "333444555777" not in plays  # a non-consecutive triple as wings
    assert "3334447777" not in plays  # pair wings of one rank
    assert "3555666BJ" in plays  # one joker among the wings
    assert "333444555666" in plays  # plane of four triples, no wings
    assert_rejected(state, "play 5S 5H 5D 6S 6H 6D BJ RJ")
    assert_rejected(state, "play 3S 3H 3D 4S 4H 4D 5S 5H 5D 7S 7H 7D")
    assert_rejected(state, "play 3S 3H 3D 4S 4H 4D 7S 7H 7D 7C")
    act(state, "0: play 3S 5S 5H 5D 6S 6H 6D BJ")
    assert state.events[-1]["kind"] == "plane_single"


def test_s7_12_four_with_two() -> None:
    # With one pack, '8888 + 33 33' is the card set 3333 8888: the leader holds both quads.
    hand = "3S 3H 3D 3C 8S 8H 8D 8C KS KH 2S BJ RJ 9S TS JS QS AS 6S 7S"
    state = start(hand, landlord=0)
    plays = play_ranks(state)
    assert "338888" in plays  # 8888 + 33
    assert "88882BJ" in plays  # 8888 + 2 BJ
    assert "338888KK" in plays  # 8888 + 33 KK
    assert "8888BJRJ" not in plays  # both jokers
    assert "33338888" not in plays  # 8888 + 33 33: the pairs are not distinct
    assert_rejected(state, "play 8S 8H 8D 8C BJ RJ")
    assert_rejected(state, "play 3S 3H 3D 3C 8S 8H 8D 8C")
    state = start("4S 4H 4D 4C 5S 5H 5D 5C", landlord=0)
    assert "44445555" not in play_ranks(state)
    assert_rejected(state, "play 4S 4H 4D 4C 5S 5H 5D 5C")


def test_s7_12_four_with_two_against_a_follower() -> None:
    """Top play 7777 + 3 K; the follower holds 8888 9999 5555 44 66."""
    follower = "8S 8H 8D 8C 9S 9H 9D 9C 5S 5H 5D 5C 4H 4D 6H 6D"
    state = start("7S 7H 7D 7C 3S KS", follower, landlord=0)
    act(state, "0: play 3S 7S 7H 7D 7C KS")
    plays = play_ranks(state)
    assert "468888" in plays  # 8888 + 4 6
    assert "5555" in plays  # a bomb
    assert "44669999" not in plays  # different type and size
    assert_rejected(state, "play 4H 4D 6H 6D 9S 9H 9D 9C")
    act(state, "1: play 4H 6H 8S 8H 8D 8C")
    assert state.events[-1]["kind"] not in ("bomb", "rocket")


def test_s7_13_attachments_ignored() -> None:
    state = start("6S 6H 6D AS", "7S 7H 7D 3H 5S 5H 5D 2S", landlord=0)
    act(state, "0: play 6S 6H 6D AS")
    plays = play_ranks(state)
    assert "3777" in plays
    assert "5552" not in plays
    assert_rejected(state, "play 5S 5H 5D 2S")
    act(state, "1: play 3H 7S 7H 7D")


# --------------------------------------------------------------------------------------
# §5 Scoring: worked examples and §7 scenarios 17-20
# --------------------------------------------------------------------------------------


def test_s5_example_1_spring_with_two_bombs() -> None:
    landlord = "3S 3H 3D 3C 4S 4H 4D 4C " + run("5", "A", "S") + " 2S 2H"
    state = start(landlord, landlord=0, bid=2)
    act(
        state,
        "0: play 3S 3H 3D 3C",
        "1: pass",
        "2: pass",
        "0: play 4S 4H 4D 4C",
        "1: pass",
        "2: pass",
        "0: play " + run("5", "A", "S"),
        "1: pass",
        "2: pass",
        "0: play 2S 2H",
    )
    # M = 1 x 2 x 2 x 2 = 8, U = 2 x 8 = 16: landlord +32, each farmer -16.
    assert_settled(
        state,
        [32, -16, -16],
        bid=2,
        bombs=2,
        spring=True,
        reverse_spring=False,
        multiplier=8,
        unit=16,
    )
    assert result(state)["landlord_won"] is True


def test_s5_example_2_rocket_and_bomb() -> None:
    landlord = "3S 2S 2H 2D 2C " + run("4", "Q", "D") + " 4C 5C 6C 7C 8C 9C"
    farmer = "BJ RJ " + run("3", "A", "H") + " KS KD KC"
    state = start(landlord, farmer, landlord=0, bid=3)
    assert len(state.view(0)["hand"]) == 20
    act(
        state,
        "0: play 3S",
        "1: pass",
        "2: pass",
        "0: play 2S 2H 2D 2C",
        "1: play BJ RJ",
        "2: pass",
        "0: pass",
        "1: play " + run("3", "A", "H"),
        "2: pass",
        "0: pass",
        "1: play KS KD KC",
    )
    # M = 1 x 2 x 2 = 4, U = 3 x 4 = 12: landlord -24, each farmer +12.
    assert_settled(
        state,
        [-24, 12, 12],
        bid=3,
        bombs=2,
        spring=False,
        reverse_spring=False,
        multiplier=4,
        unit=12,
    )


def test_s5_example_3_reverse_spring() -> None:
    farmer = "4S " + run("3", "A", "H") + " 2H 2D 2C 5D"
    state = start("3S", farmer, landlord=0, bid=1)
    act(
        state,
        "0: play 3S",
        "1: play 4S",
        "2: pass",
        "0: pass",
        "1: play " + run("3", "A", "H"),
        "2: pass",
        "0: pass",
        "1: play 5D 2H 2D 2C",
    )
    # M = 1 x 2 = 2, U = 1 x 2 = 2: landlord -4, each farmer +2.
    assert_settled(
        state,
        [-4, 2, 2],
        bid=1,
        bombs=0,
        spring=False,
        reverse_spring=True,
        multiplier=2,
        unit=2,
    )


def test_s5_example_4_landlord_wins_normally() -> None:
    landlord = "3S 5S " + run("6", "A", "S") + " " + run("6", "A", "H")
    state = start(landlord, "4S", landlord=0, bid=1)
    act(
        state,
        "0: play 3S",
        "1: play 4S",
        "2: pass",
        "0: play 5S",
        "1: pass",
        "2: pass",
        "0: play " + run("6", "A", "S"),
        "1: pass",
        "2: pass",
        "0: play " + run("6", "A", "H"),
    )
    # M = 1, U = 1: landlord +2, each farmer -1.
    assert_settled(
        state,
        [2, -1, -1],
        bid=1,
        bombs=0,
        spring=False,
        reverse_spring=False,
        multiplier=1,
        unit=1,
    )


def test_s5_example_5_three_bombs_and_the_rocket() -> None:
    landlord = "3S 3H 3D 3C BJ RJ " + run("9", "A", "S") + " " + run("9", "A", "H") + " 2S 2H"
    state = start(landlord, "7S 7H 7D 7C", "8S 8H 8D 8C", landlord=0, bid=3)
    act(
        state,
        "0: play 3S 3H 3D 3C",  # 1 -> 2 (the landlord's bomb)
        "1: play 7S 7H 7D 7C",  # 2 -> 4 (a farmer's bomb)
        "2: play 8S 8H 8D 8C",  # 4 -> 8 (the other farmer's bomb)
        "0: play BJ RJ",  # 8 -> 16 (the rocket)
        "1: pass",
        "2: pass",
        "0: play " + run("9", "A", "S"),
        "1: pass",
        "2: pass",
        "0: play " + run("9", "A", "H"),
        "1: pass",
        "2: pass",
        "0: play 2S 2H",
    )
    # M = 2^4 = 16, U = 3 x 16 = 48: landlord +96, each farmer -48.
    assert_settled(
        state,
        [96, -48, -48],
        bid=3,
        bombs=4,
        spring=False,
        reverse_spring=False,
        multiplier=16,
        unit=48,
    )


def test_s7_17_spring() -> None:
    """B = 2, L = S0 plays two bombs and goes out (here with the second bomb)."""
    landlord = run("5", "A", "S") + " 2S 2H 3S 3H 3D 3C 4S 4H 4D 4C"
    state = start(landlord, landlord=0, bid=2)
    act(
        state,
        "0: play " + run("5", "A", "S"),
        "1: pass",
        "2: pass",
        "0: play 3S 3H 3D 3C",
        "1: pass",
        "2: pass",
        "0: play 2S 2H",
        "1: pass",
        "2: pass",
        "0: play 4S 4H 4D 4C",
    )
    assert_settled(
        state,
        [32, -16, -16],
        bid=2,
        bombs=2,
        spring=True,
        reverse_spring=False,
        multiplier=8,
        unit=16,
    )


def test_s7_18_reverse_spring() -> None:
    farmer2 = "2S " + run("3", "A", "D") + " 2H 2D 2C 5C"
    state = start("3S", "BJ RJ 4S", farmer2, landlord=0, bid=3)
    act(
        state,
        "0: play 3S",
        "1: play BJ RJ",
        "2: pass",
        "0: pass",
        "1: play 4S",
        "2: play 2S",
        "0: pass",
        "1: pass",
        "2: play " + run("3", "A", "D"),
        "0: pass",
        "1: pass",
        "2: play 5C 2H 2D 2C",
    )
    # M = 2 (rocket) x 2 (reverse spring) = 4, U = 12: S0 -24, S1 +12, S2 +12.
    assert_settled(
        state,
        [-24, 12, 12],
        bid=3,
        bombs=1,
        spring=False,
        reverse_spring=True,
        multiplier=4,
        unit=12,
    )
    assert result(state)["winner"] == 2


@pytest.mark.parametrize("farmer", [2, 1])
def test_s7_19_not_a_spring(farmer: int) -> None:
    """L = S0 goes out; one farmer (S2 in the spec) played one single earlier."""
    landlord = "3S 5S " + run("6", "A", "S") + " " + run("6", "A", "H")
    hands = [landlord, "", ""]
    hands[farmer] = "4S"
    state = start(*hands, landlord=0, bid=1)
    if farmer == 2:
        act(state, "0: play 3S", "1: pass", "2: play 4S", "0: play 5S", "1: pass", "2: pass")
    else:
        act(state, "0: play 3S", "1: play 4S", "2: pass", "0: play 5S", "1: pass", "2: pass")
    act(
        state,
        "0: play " + run("6", "A", "S"),
        "1: pass",
        "2: pass",
        "0: play " + run("6", "A", "H"),
    )
    assert_settled(
        state,
        [2, -1, -1],
        bid=1,
        bombs=0,
        spring=False,
        reverse_spring=False,
        multiplier=1,
        unit=1,
    )


def test_s7_20_four_with_two_does_not_double() -> None:
    landlord = "9S 9H 9D 9C 3S 4S 5S " + "TS TH JS JH QS QH KS KH AS AH" + " 2S 2H 2D"
    state = start(landlord, "6S", landlord=0, bid=1)
    act(
        state,
        "0: play 3S 4S 9S 9H 9D 9C",
        "1: pass",
        "2: pass",
        "0: play 5S",
        "1: play 6S",
        "2: pass",
        "0: play 2S",
        "1: pass",
        "2: pass",
        "0: play TS TH JS JH QS QH KS KH AS AH",
        "1: pass",
        "2: pass",
        "0: play 2H 2D",
    )
    kinds = [e["kind"] for e in events_of(state, "play")]
    assert "bomb" not in kinds and "rocket" not in kinds
    assert_settled(
        state,
        [2, -1, -1],
        bid=1,
        bombs=0,
        spring=False,
        reverse_spring=False,
        multiplier=1,
        unit=1,
    )


def test_s5_bombs_beaten_later_still_count() -> None:
    """D15: a bomb counts even when a bigger bomb beats it; bombs kept in hand do not."""
    landlord = "3S 3H 3D 3C " + run("7", "A", "S") + " 2S 2H 2D 2C KH KD 5S 5H"
    state = start(landlord, "4S 4H 4D 4C", "6S 6H 6D 6C", landlord=0, bid=1)
    act(
        state,
        "0: play 3S 3H 3D 3C",  # bomb 1
        "1: play 4S 4H 4D 4C",  # bomb 2 beats it
        "2: pass",  # S2 keeps its bomb 6666: it never counts
        "0: play 2S 2H 2D 2C",  # bomb 3
        "1: pass",
        "2: pass",
        "0: play KH KD",
        "1: pass",
        "2: pass",
        "0: play 5S 5H",
        "1: pass",
        "2: pass",
        "0: play " + run("7", "A", "S"),
    )
    # M = 2^3 = 8, U = 8; a farmer played, so no spring.
    assert_settled(
        state,
        [16, -8, -8],
        bid=1,
        bombs=3,
        spring=False,
        reverse_spring=False,
        multiplier=8,
        unit=8,
    )


# --------------------------------------------------------------------------------------
# Bad input never changes a state
# --------------------------------------------------------------------------------------

MALFORMED = ["", "   ", "play", "bid 4", "bid two", "jump", "play 1X", "bid", "bid 0", "pass now"]


@pytest.mark.parametrize("action", [*MALFORMED, "bid 1", "play 3S", "play 3S 3H", None, 7])
def test_bad_input_during_the_auction(action: Any) -> None:
    state = GAME.new_state(0, deal=make_deal("3S 3H", first_bidder=0))
    act(state, "0: bid 1")  # current bid 1: 'bid 1' is not higher
    assert_rejected(state, action)


def test_bid_not_higher_says_why() -> None:
    state = GAME.new_state(0, deal=make_deal(first_bidder=0))
    act(state, "0: bid 2")
    message = assert_rejected(state, "bid 1")
    assert "2" in message


@pytest.mark.parametrize(
    "action",
    [
        *MALFORMED,
        "bid 1",
        "bid 3",
        "pass",  # the leader may not pass
        "play KD",  # not in hand
        "play 3S 3S",  # one card twice
        "play 3S 4S",  # not a combination
        "play BJ",  # a farmer's card
    ],
)
def test_bad_input_while_leading(action: Any) -> None:
    state = start("3S 3H 4S", "KD BJ", landlord=0)
    assert_rejected(state, action)


@pytest.mark.parametrize(
    "action",
    [
        *MALFORMED,
        "bid 2",
        "play 8S 8H",  # a lower pair does not beat
        "play 9D 9C",  # an equal pair does not beat
        "play KS",  # wrong type
        "play KS KH KD",  # wrong type and size
        "play 5S 5H",  # the landlord's cards
        "play QS QS",  # one card twice
    ],
)
def test_bad_input_while_following(action: Any) -> None:
    state = start("5S 5H 9S 9H", "8S 8H 9D 9C KS KH KD QS", landlord=0)
    act(state, "0: play 9S 9H")
    assert_rejected(state, action)


def test_play_that_does_not_beat_says_why() -> None:
    state = start("5S 5H 9S 9H", "8S 8H", landlord=0)
    act(state, "0: play 9S 9H")
    assert "beat" in assert_rejected(state, "play 8S 8H")


@pytest.mark.parametrize("action", [*MALFORMED, "pass", "play 2H", "bid 1", "bid 3"])
def test_actions_after_the_end(action: Any) -> None:
    landlord = "3S 3H 3D 3C 4S 4H 4D 4C " + run("5", "A", "S") + " 2S 2H"
    state = start(landlord, "2D", landlord=0, bid=1)
    for cards in ("3S 3H 3D 3C", "4S 4H 4D 4C", run("5", "A", "S")):
        act(state, f"0: play {cards}", "1: pass", "2: pass")
    act(state, "0: play 2S 2H")
    assert state.is_over
    assert_rejected(state, action)


def test_a_rejected_action_leaves_a_usable_state() -> None:
    state = start("5S 5H", "5D 5C", landlord=0)
    snapshot = state.clone()
    for action in ("pass", "play 1X", "bid 3", "play 5S 5H 5D"):
        with pytest.raises(IllegalAction):
            state.apply(action)
    assert state == snapshot
    act(state, "0: play 5S 5H")
    assert state.current_player == 1


def test_error_classes() -> None:
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(InvalidDeal, ValueError)


# --------------------------------------------------------------------------------------
# Bad deals
# --------------------------------------------------------------------------------------


def _bad_deals() -> list[tuple[str, dict[str, Any]]]:
    good = make_deal(first_bidder=0)
    hands, bottom = good["hands"], good["bottom"]
    bad: list[tuple[str, dict[str, Any]]] = []

    def variant(name: str, **changes: Any) -> None:
        deal = {"hands": [list(h) for h in hands], "bottom": list(bottom), "first_bidder": 0}
        deal.update(changes)
        bad.append((name, deal))

    variant(
        "16-17-17 + 4", hands=[hands[0][:16], hands[1], hands[2]], bottom=[*bottom, hands[0][16]]
    )
    variant("18-17-16", hands=[[*hands[0], hands[2][0]], hands[1], hands[2][1:]])
    variant("two hands", hands=[hands[0], hands[1]])
    variant("four hands", hands=[hands[0], hands[1], hands[2], []])
    variant("bottom of 2", bottom=bottom[:2])
    variant("duplicate card", hands=[hands[0], [hands[0][0], *hands[1][1:]], hands[2]])
    variant("duplicate in bottom", bottom=[bottom[0], bottom[0], bottom[2]])
    variant("foreign card", hands=[["1Z", *hands[0][1:]], hands[1], hands[2]])
    variant("foreign joker", bottom=[*bottom[:2], "ZJ"])
    variant("first_bidder 5", first_bidder=5)
    variant("first_bidder 3", first_bidder=3)
    variant("first_bidder -1", first_bidder=-1)
    variant("unknown key", dealer=0)
    variant("hands not a list", hands=None)
    missing_bottom = {"hands": hands, "first_bidder": 0}
    bad.append(("missing bottom", missing_bottom))
    bad.append(("missing hands", {"bottom": bottom, "first_bidder": 0}))
    bad.append(("empty deal", {}))
    return bad


@pytest.mark.parametrize(("name", "deal"), _bad_deals(), ids=[n for n, _ in _bad_deals()])
def test_bad_deal_raises_invalid_deal(name: str, deal: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal) as error:
        GAME.new_state(0, deal=deal)
    assert str(error.value).strip()


def test_good_deal_is_kept_exactly() -> None:
    deal = make_deal(first_bidder=2)
    state = GAME.new_state(0, deal=deal)
    for seat in range(3):
        assert sorted(state.view(seat)["hand"]) == sorted(deal["hands"][seat])
    assert state.current_player == 2
    assert state.events[0]["type"] == "deal"
    assert state.events[0]["first_bidder"] == 2


# --------------------------------------------------------------------------------------
# Equivalent plays (API.md) and the shape of legal_actions
# --------------------------------------------------------------------------------------


def test_equivalent_plays_any_two_fives() -> None:
    state = start("5S 5H 5D", "5C", landlord=0)
    legal = state.legal_actions()
    assert "play 5S 5H" in legal
    assert "play 5H 5D" not in legal and "play 5S 5D" not in legal
    assert "play 5S 5H 5D" in legal
    assert "play 5S" in legal and "play 5H" not in legal
    act(state, "0: play 5H 5D")
    event = state.events[-1]
    assert event["type"] == "play" and event["seat"] == 0
    assert event["cards"] == ["5H", "5D"]
    hand = state.view(0)["hand"]
    assert "5S" in hand and "5H" not in hand and "5D" not in hand


def test_equivalent_plays_any_order_and_case() -> None:
    state = start("5S 5H 5D", "5C", landlord=0)
    act(state, "0: play 5d 5h")
    assert state.events[-1]["cards"] == ["5H", "5D"]
    assert state.events[-1]["action"] == "play 5H 5D"
    assert "5S" in state.view(0)["hand"]


def test_equivalent_plays_when_following() -> None:
    state = start("5S 5H", "6S 6H 6C", landlord=0)
    act(state, "0: play 5S 5H")
    assert "play 6S 6H" in state.legal_actions()
    act(state, "1: play 6H 6C")
    assert state.events[-1]["cards"] == ["6H", "6C"]
    assert state.view(1)["hand"].count("6S") == 1


def test_representative_uses_the_lowest_suits_held() -> None:
    state = start("5H 5D 5C", "5S", landlord=0)
    legal = state.legal_actions()
    assert "play 5H 5D" in legal
    assert "play 5H" in legal
    assert "play 5H 5D 5C" in legal


@pytest.mark.parametrize("seed", range(8))
def test_legal_actions_one_per_rank_multiset(seed: int) -> None:
    state = GAME.new_state(seed)
    seat = state.current_player
    act(state, f"{seat}: bid 3")
    for _ in range(12):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert legal == state.legal_actions()  # deterministic
        assert len(legal) == len(set(legal))
        plays = play_ranks(state)
        assert len(plays) == len(set(plays))
        hand = state.view(state.current_player)["hand"]
        for action in legal:
            if action.startswith("play "):
                cards = action.split()[1:]
                assert not Counter(cards) - Counter(hand)
                assert cards == sorted(cards, key=lambda c: (strength(c), SUITS.find(c[1])))
        state.apply(legal[0])


# --------------------------------------------------------------------------------------
# Views and JSON
# --------------------------------------------------------------------------------------


def test_views_hide_other_hands_and_the_bottom_until_crowned() -> None:
    deal = make_deal(first_bidder=0)
    state = GAME.new_state(0, deal=deal)
    act(state, "0: bid 1", "1: pass")
    for seat in range(3):
        text = json.dumps(state.view(seat))
        hidden = [c for s in range(3) if s != seat for c in deal["hands"][s]] + deal["bottom"]
        assert not [card for card in hidden if f'"{card}"' in text], seat
        view = state.view(seat)
        for key in ("game", "seat", "current_player", "hand", "legal_actions", "scores"):
            assert key in view
        assert view["game"] == "doudizhu" and view["seat"] == seat
    act(state, "2: pass")
    text = json.dumps(state.view(1))
    assert all(f'"{card}"' in text for card in deal["bottom"])
    assert not [card for card in deal["hands"][0] if f'"{card}"' in text]


def test_json_round_trip_mid_play() -> None:
    state = start("5S 5H 9S", "8S 8H", landlord=0)
    act(state, "0: play 5S 5H", "1: play 8S 8H")
    restored = GAME.state_from_json(state.to_json())
    assert restored.to_json() == state.to_json()
    assert restored.legal_actions() == state.legal_actions()
    act(restored, "2: pass")
    act(state, "2: pass")
    assert restored == state


# --------------------------------------------------------------------------------------
# Issue 11: every malformed deal is an InvalidDeal
# --------------------------------------------------------------------------------------


def test_first_bidder_true_is_invalid_deal() -> None:
    # True == 1 to Python, so 'True in (0, 1, 2)' let it through before.
    with pytest.raises(InvalidDeal, match="'first_bidder' is a seat number, 0 to 2"):
        GAME.new_state(0, deal={**make_deal(), "first_bidder": True})


@pytest.mark.parametrize("first_bidder", [False, 1.0, 3, -1, "1", [1]])
def test_first_bidder_must_be_an_int_seat(first_bidder: Any) -> None:
    with pytest.raises(InvalidDeal, match="first_bidder"):
        GAME.new_state(0, deal={**make_deal(), "first_bidder": first_bidder})


def test_first_bidder_none_is_drawn_from_the_seed() -> None:
    drawn = GAME.new_state(0, deal={**make_deal(), "first_bidder": None})
    assert drawn.first_bidder in (0, 1, 2)  # type: ignore[attr-defined]


@pytest.mark.parametrize("deal", [[], "3S 3H", 17, True])
def test_a_deal_that_is_not_a_dict_is_invalid(deal: Any) -> None:
    with pytest.raises(InvalidDeal, match="a deal is a dict"):
        GAME.new_state(0, deal=deal)


@pytest.mark.parametrize(
    "change",
    [
        {"hands": "3S 3H"},
        {"hands": [["3S"] * 17] * 2},
        {"bottom": "RJ BJ 2S"},
        {"bottom": [1, 2, 3]},
        {"hands": [[*make_deal()["hands"][0][:16], 5], *make_deal()["hands"][1:]]},
        {"bottom": ["ſA", "BJ", "RJ"]},
    ],
)
def test_card_lists_must_be_lists_of_card_strings(change: dict[str, Any]) -> None:
    with pytest.raises(InvalidDeal):
        GAME.new_state(0, deal={**make_deal(), **change})
