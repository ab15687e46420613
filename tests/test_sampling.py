"""sample_state: worlds that agree with everything a view proves.

Checked from every seat at every decision of whole deals: the sampled world shows that
seat exactly the same view (same hand, record, table, legal actions), and it is a real
state (replaying the record re-checked every rule, including Run Fast's forced passes).
"""

from __future__ import annotations

import random

import pytest

import cardavia


@pytest.mark.parametrize("game_name", ["doudizhu", "runfast"])
def test_sampled_worlds_show_the_seat_its_own_view(game_name: str) -> None:
    game = cardavia.new_game(game_name)
    bots = [cardavia.new_bot(game_name, "basic") for _ in range(3)]
    rng = random.Random(3)
    for seed in range(40):
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            world = game.sample_state(view, rng)
            assert world.view(seat) == view
            other = (seat + 1) % 3
            assert len(world.view(other)["hand"]) == len(state.view(other)["hand"])
            state.apply(bots[seat].act(view))


def test_doudizhu_world_after_a_void_deal_keeps_the_record() -> None:
    game = cardavia.new_game("doudizhu")
    state = game.new_state(seed=1, deal=None)
    for _ in range(3):
        state.apply("pass")
    assert any(event["type"] == "void_deal" for event in state.events)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    assert game.sample_state(view, random.Random(0)).view(seat) == view


def test_runfast_worlds_agree_with_every_forced_pass() -> None:
    # Under must-beat, another seat's pass proves it held nothing that beat the table. The
    # world is built by replaying the record, which re-checks each pass, so a world that
    # gave a passer a beating play could not be returned at all.
    game = cardavia.new_game("runfast")
    bots = [cardavia.new_bot("runfast", "basic") for _ in range(3)]
    rng = random.Random(5)
    checked = 0
    for seed in range(200):
        state = game.new_state(seed=seed)
        while not state.is_over and checked < 30:
            seat = state.current_player
            assert seat is not None
            view = state.view(seat)
            passed = [e for e in view["events"] if e["type"] == "pass" and e["seat"] != seat]
            if passed:
                world = game.sample_state(view, rng)
                # Replaying the record in the world succeeded, so each pass was forced there.
                assert world.view(seat) == view
                checked += 1
            state.apply(bots[seat].act(view))
    assert checked == 30
