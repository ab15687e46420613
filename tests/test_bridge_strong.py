"""The strong Bridge bot (cardavia.ai.bridge_strong): legal, view-only, deterministic,
double-dummy sound on a clear ending, and bounded in work (sample counts, never a clock)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

pytest.importorskip("endplay")

import cardavia
from cardavia.ai import bridge_strong
from cardavia.ai.bridge_strong import StrongBot, contract_reached, equivalent_cards, imps
from cardavia.games.bridge import BridgeState, deal_hidden

# A deal whose first ten tricks are fixed (South wins them all) and leave this ending, South
# on lead in 1NT: South AS KS 2D, West KD QD JD, North 3D 4D 5D, East QS JS TS. West showed
# out of spades, so West holds the diamonds in every world: cashing the spades takes two
# tricks, the 2D none.
HANDS = [
    ["AH", "9S", "8S", "KH", "QH", "JH", "AD", "AC", "KC", "QC", "AS", "KS", "2D"],
    ["2H", "2C", "3C", "5H", "8H", "9H", "6D", "5C", "6C", "7C", "KD", "QD", "JD"],
    ["3H", "2S", "4S", "6H", "7H", "TH", "7D", "8C", "9C", "TC", "3D", "4D", "5D"],
    ["4H", "3S", "5S", "7S", "6S", "4C", "8D", "JC", "9D", "TD", "QS", "JS", "TS"],
]
TRICKS = [  # leader first
    ["2H", "3H", "4H", "AH"],
    ["9S", "2C", "2S", "3S"],
    ["8S", "3C", "4S", "5S"],
    ["KH", "5H", "6H", "7S"],
    ["QH", "8H", "7H", "6S"],
    ["JH", "9H", "TH", "4C"],
    ["AD", "6D", "7D", "8D"],
    ["AC", "5C", "8C", "JC"],
    ["KC", "6C", "9C", "9D"],
    ["QC", "7C", "TC", "TD"],
]


def fixed_deal(hands: list[list[str]] = HANDS, cards: int = 40) -> BridgeState:
    """The deal above, 1NT by South, with the first ``cards`` cards of ``TRICKS`` played."""
    state = cardavia.new_game("bridge").new_state(seed=1, deal={"hands": hands})
    assert isinstance(state, BridgeState)
    for call in ("1NT", "pass", "pass", "pass"):
        state.apply(call)
    for card in [card for trick in TRICKS for card in trick][:cards]:
        state.apply(f"play {card}")
    return state


def test_cashes_the_winners_in_a_clear_ending() -> None:
    state = fixed_deal()
    view = state.view(0)
    assert view["legal_actions"] == ["play AS", "play KS", "play 2D"]
    bot = StrongBot(seed=3, samples=8)
    assert bot.act(view) in ("play AS", "play KS")  # they tie: basic's card or the lower
    assert bot.last_samples == 8
    state.apply("play KS")
    for _ in range(3):
        player = state.current_player
        assert player is not None
        state.apply(StrongBot(seed=player, samples=4).act(state.view(player)))
    assert StrongBot(seed=3, samples=8).act(state.view(0)) == "play AS"


def test_plays_the_dummy_when_declaring() -> None:
    state = fixed_deal(cards=1)  # West has led: North (dummy) is due, South decides
    assert state.current_player == 0 and state.turn == 2
    view = state.view(0)
    action = StrongBot(seed=1, samples=4).act(view)
    assert action in view["legal_actions"]
    assert action.split()[1] in view["dummy"]


def test_equivalent_cards_and_single_cards_answer_at_once() -> None:
    state = fixed_deal(cards=33)  # trick 9: South led KC; West holds 6C 7C (5C is gone)
    view = state.view(1)
    assert view["legal_actions"] == ["play 7C", "play 6C"]
    assert equivalent_cards(view, ["7C", "6C"])
    bot = StrongBot(seed=1, budget=0.05)
    assert bot.act(view) == "play 6C"
    assert bot.last_shortcut == "equivalent cards" and bot.last_samples == 0
    state = fixed_deal(cards=5)  # trick 2: West (void in spades) may discard anything
    assert not equivalent_cards(state.view(1), ["2C", "3C", "5H"])
    state = fixed_deal(cards=6)  # North (dummy) follows to a spade with 4S or 2S
    view = state.view(0)
    assert view["legal_actions"] == ["play 4S", "play 2S"]
    assert not equivalent_cards(view, ["2S", "4S"])  # the 3S is still out (East)


def test_same_view_same_answer_whatever_the_hidden_cards() -> None:
    swapped = copy.deepcopy(HANDS)
    west, east = swapped[1], swapped[3]
    west[west.index("6D")], east[east.index("8D")] = "8D", "6D"  # unseen by South yet
    state_a = fixed_deal(cards=3)
    state_b = fixed_deal(swapped, cards=3)
    view_a, view_b = state_a.view(0), state_b.view(0)
    assert view_a == view_b
    before = copy.deepcopy(view_a)
    assert StrongBot(seed=5, samples=6).act(view_a) == StrongBot(seed=5, samples=6).act(view_b)
    assert view_a == before  # the bot does not touch the view


def test_worlds_are_the_engine_samplers_deals() -> None:
    state = fixed_deal(cards=9)
    view = state.view(3)
    worlds = bridge_strong.Worlds(view, random.Random(4), use_auction=False)
    rng = random.Random(4)
    for _ in range(5):
        hidden = worlds.deal()
        assert hidden == deal_hidden(view, rng)
        assert set(hidden) == {0, 1}  # East sees its own hand and the dummy (North)
        assert not any(card[1] == "S" for card in hidden[1])  # West showed out of spades


def test_deterministic_for_a_seed() -> None:
    state = fixed_deal(cards=1)
    view = state.view(0)
    first = [StrongBot(seed=7, samples=5).act(view) for _ in range(2)]
    bot = StrongBot(seed=7, samples=5)
    again = [bot.act(view), bot.act(view)]  # the same view, the same answer
    assert first == again


def test_sample_plan_follows_the_budget() -> None:
    lead = fixed_deal(cards=0)
    bot = StrongBot(seed=1, budget=0.05)
    view = lead.view(1)  # the opening lead: the dearest solve, one deal fits
    assert bot.plan(view) == 1
    assert bot.act(view) in view["legal_actions"]
    assert 1 <= bot.last_samples <= bot.last_planned == 1
    late = fixed_deal(cards=36).view(0)
    assert StrongBot(budget=0.05).plan(late) > 20
    assert StrongBot(budget=0.05, max_samples=10).plan(late) == 10
    assert StrongBot(budget=5.0, samples=3).plan(late) == 3
    with pytest.raises(ValueError):
        StrongBot(budget=0)


def test_whole_deals_are_legal() -> None:
    game = cardavia.new_game("bridge")
    for seed in (11, 12):
        state = game.new_state(seed=seed)
        bots = [StrongBot(seed=seat, budget=0.05, max_samples=6) for seat in range(4)]
        steps = 0
        while not state.is_over:
            player = state.current_player
            assert player is not None
            view = state.view(player)
            action = bots[player].act(copy.deepcopy(view))
            assert action in view["legal_actions"]
            assert bots[player].last_samples <= max(bots[player].last_planned, 0)
            state.apply(action)
            steps += 1
            assert steps < 200


def test_close_call_checks_with_double_dummy(monkeypatch: pytest.MonkeyPatch) -> None:
    # South 1S, North 2S: with a stand-in basic system that passes, the bot weighs pass,
    # 3S and 4S on deals that fit the auction (here: any deal).
    monkeypatch.setattr(bridge_strong, "basic_call", lambda view: "pass")
    hands = [
        ["AS", "KS", "QS", "JS", "TS", "AH", "KH", "2H", "AD", "KD", "2D", "3C", "2C"],
        ["9S", "8S", "QH", "JH", "TH", "QD", "JD", "TD", "QC", "JC", "TC", "9C", "8C"],
        ["7S", "6S", "5S", "9H", "8H", "7H", "6H", "9D", "8D", "7D", "AC", "KC", "7C"],
        ["4S", "3S", "2S", "5H", "4H", "3H", "6D", "5D", "4D", "3D", "6C", "5C", "4C"],
    ]
    state = cardavia.new_game("bridge").new_state(seed=2, deal={"hands": hands})
    for call in ("1S", "pass", "2S", "pass"):
        state.apply(call)
    view: dict[str, Any] = state.view(0)
    assert contract_reached(state, "4S") == (4, "S", 0, 0)  # everyone passes after it
    assert contract_reached(state, "pass") == (2, "S", 0, 0)  # South named spades first
    bot = StrongBot(seed=1, samples=4)
    action = bot.act(view)
    assert action in ("pass", "3S", "4S")
    assert bot.last_samples == 4
    # 26 HCP and ten spades together: game gains on most deals.
    assert action == "4S"


def test_contract_reached_finishes_the_auction_with_the_basic_system() -> None:
    # South opens 1S; North has four spades and 11 HCP. If West passes, the basic North
    # raises: the auction goes on past the pass, unlike an auction that stopped there.
    hands = [
        ["AS", "KS", "QS", "9S", "8S", "AH", "7H", "2H", "KD", "7D", "2D", "3C", "2C"],
        ["5S", "4S", "QH", "JH", "TH", "QD", "JD", "TD", "QC", "JC", "TC", "9C", "8C"],
        ["JS", "TS", "7S", "6S", "KH", "9H", "8H", "AD", "9D", "8D", "KC", "7C", "6C"],
        ["3S", "2S", "6H", "5H", "4H", "3H", "6D", "5D", "4D", "3D", "AC", "5C", "4C"],
    ]
    state = cardavia.new_game("bridge").new_state(seed=2, deal={"hands": hands})
    assert isinstance(state, BridgeState)
    state.apply("1S")
    before = state.to_json()
    reached = contract_reached(state, "pass")
    assert state.to_json() == before  # the world itself is untouched
    assert reached is not None
    level, strain, _doubling, declarer = reached
    assert (strain, declarer) == ("S", 0) and level >= 2


def test_contract_reached_passed_out_rubber_deal_is_none() -> None:
    # In a rubber a passed-out deal is redealt: the roll-out stops at the pass-out.
    state = cardavia.new_game("bridge", scoring="rubber").new_state(seed=3)
    assert isinstance(state, BridgeState)
    for _ in range(3):
        state.apply("pass")
    assert contract_reached(state, "pass") is None


def test_seat_by_seat_deals_fit_a_narrow_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    # East opened 1D, North overcalled 1H, East rebid 2D: whole random deals rarely fit
    # all three pictures at once; seat by seat they do, with the counts intact.
    monkeypatch.setattr(bridge_strong, "REJECTION_TRIES", 0)  # seat by seat only
    state = cardavia.new_game("bridge").new_state(seed=11)
    for call in ("pass", "pass", "pass", "1D", "pass", "pass", "1H", "2D"):
        state.apply(call)
    view = state.view(0)
    worlds = bridge_strong.Worlds(view, random.Random(5))
    assert set(worlds.checks) == {1, 2, 3}
    for _ in range(20):
        hidden = worlds.draw()
        assert worlds.last_fits and worlds.fits(hidden)
        assert sorted(c for cards in hidden.values() for c in cards) == sorted(worlds.unknown)
        assert all(len(hidden[seat]) == 13 for seat in (1, 2, 3))
    assert worlds.fitted == 20


def test_basic_call_stands_when_no_deal_fits(monkeypatch: pytest.MonkeyPatch) -> None:
    # Same close spot as test_close_call_checks_with_double_dummy, but no deal can be
    # found that fits the auction: the bot does not judge from deals that contradict it.
    monkeypatch.setattr(bridge_strong, "basic_call", lambda view: "pass")
    monkeypatch.setattr(bridge_strong.Worlds, "fits", lambda self, hidden: False)
    monkeypatch.setattr(bridge_strong, "SEAT_BY_SEAT_TRIES", 0)
    state = cardavia.new_game("bridge").new_state(seed=2)
    for call in ("1S", "pass", "2S", "pass"):
        state.apply(call)
    bot = StrongBot(seed=1, samples=8)
    assert bot.act(state.view(0)) == "pass"
    assert bot.last_samples == 0
    assert bot.last_shortcut == "too few deals fit the auction"


def test_imp_scale() -> None:
    assert [imps(d) for d in (0, 10, 20, 40, 50, 420, 430, 4000, 9999)] == [
        0,
        0,
        1,
        1,
        2,
        9,
        10,
        24,
        24,
    ]
    assert imps(-620) == -12


def test_new_bot_builds_the_strong_bot() -> None:
    bot = cardavia.new_bot("bridge", "strong", seed=2, budget=0.05)
    assert isinstance(bot, StrongBot) and bot.budget == 0.05 and bot.seed == 2
