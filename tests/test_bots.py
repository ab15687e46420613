"""Bots: legal moves from views alone, and the behaviours the basic level promises."""

from __future__ import annotations

from typing import Any

import pytest

import cardavia
from cardavia.cards import pack_54
from cardavia.engine import State
from cardavia.games.runfast import pack_48

GAMES = ["doudizhu", "runfast"]


def _play_to_end(state: State, bots: list[Any]) -> None:
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        action = bots[seat].act(view)
        assert action in view["legal_actions"]
        state.apply(action)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["random", "basic"])
def test_bots_play_whole_deals_with_listed_actions(game: str, level: str) -> None:
    for seed in range(20):
        state = cardavia.new_game(game).new_state(seed=seed)
        bots = [cardavia.new_bot(game, level, seed=seed * 3 + i) for i in range(3)]
        _play_to_end(state, bots)
        assert sum(state.scores) == 0


@pytest.mark.parametrize("game", GAMES)
def test_strong_bot_plays_a_deal_with_a_small_budget(game: str) -> None:
    state = cardavia.new_game(game).new_state(seed=5)
    bots = [cardavia.new_bot(game, "strong", seed=1, budget=0.01)] + [
        cardavia.new_bot(game, "basic") for _ in range(2)
    ]
    _play_to_end(state, bots)


def test_unknown_level_and_game_are_refused() -> None:
    with pytest.raises(ValueError, match="level"):
        cardavia.new_bot("doudizhu", "genius")
    with pytest.raises(ValueError, match="no game"):
        cardavia.new_bot("skat", "basic")


def _doudizhu(hands: list[list[str]], bottom: list[str], first: int = 0) -> State:
    return cardavia.new_game("doudizhu").new_state(
        seed=0, deal={"hands": hands, "bottom": bottom, "first_bidder": first}
    )


def _deal_rest(fixed: list[list[str]], sizes: list[int], pack: list[str]) -> list[list[str]]:
    """Complete fixed partial hands to ``sizes`` with the unused cards, in pack order."""
    used = {card for hand in fixed for card in hand}
    rest = [card for card in pack if card not in used]
    hands = []
    for hand, size in zip(fixed, sizes, strict=True):
        hands.append(hand + rest[: size - len(hand)])
        rest = rest[size - len(hand) :]
    return hands


def _landlord_zero_leading(fixed: list[list[str]]) -> State:
    """Seat 0 bids 3 and leads; ``fixed`` holds cards for seats 0-2 and the bottom."""
    *hands, bottom = _deal_rest(fixed, [17, 17, 17, 3], pack_54())
    state = _doudizhu(hands, bottom)
    state.apply("bid 3")
    return state


def test_basic_farmer_does_not_overtake_a_partner_holding_the_round() -> None:
    # Landlord 0 leads a single 3; farmer 1 beats it with a K; farmer 2, who could beat
    # the K, lets its partner's play stand.
    state = _landlord_zero_leading([["3S"], ["KS"], ["AS", "AH", "2S"], []])
    state.apply("play 3S")
    state.apply("play KS")
    view = state.view(2)
    assert any(action.startswith("play A") for action in view["legal_actions"])
    assert cardavia.new_bot("doudizhu", "basic").act(view) == "pass"


def test_basic_goes_out_when_one_play_empties_the_hand() -> None:
    # A whole 16-card hand that is one 8-pair run: the opening play takes it all.
    run = [r + s for r in "3456789T" for s in "SH"]
    hands = _deal_rest([run, [], []], [16, 16, 16], pack_48())
    state = cardavia.new_game("runfast").new_state(seed=0, deal={"hands": hands})
    action = cardavia.new_bot("runfast", "basic").act(state.view(0))
    assert action == "play " + " ".join(run)


def test_basic_keeps_a_bomb_rather_than_spending_it_early() -> None:
    # Farmer 1 faces the landlord's lead of a single 4 with plenty of cards everywhere; it
    # answers with its 10, not with its bomb.
    state = _landlord_zero_leading([["4S"], ["9S", "9H", "9D", "9C", "TS"], [], []])
    state.apply("play 4S")
    view = state.view(1)
    assert "play 9S 9H 9D 9C" in view["legal_actions"]
    assert cardavia.new_bot("doudizhu", "basic").act(view) != "play 9S 9H 9D 9C"


def test_strong_bot_decides_the_same_whatever_the_hidden_cards() -> None:
    # Two deals that look the same from seat 0 (the other hands swapped): the same bot,
    # searching a fixed number of worlds, must choose the same action.
    hands = _deal_rest([[], [], [], []], [17, 17, 17, 3], pack_54())
    swapped = [hands[0], hands[2], hands[1]]
    actions = []
    for seat_hands in (hands[:3], swapped):
        state = _doudizhu(seat_hands, hands[3], first=0)
        bot = cardavia.new_bot("doudizhu", "strong", seed=4, budget=60, max_worlds=4)
        actions.append(bot.act(state.view(0)))
    assert actions[0] == actions[1]
