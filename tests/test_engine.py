"""The game-independent API of API.md: registry, options, seeds, JSON, clones, views."""

from __future__ import annotations

import json

import pytest

import cardavia
from cardavia import IllegalAction, InvalidDeal

API_ORDER = ["doudizhu", "runfast", "guandan", "tractor", "holdem", "onepoker", "bridge", "tarot"]
GAMES = ["doudizhu", "runfast"]
VIEW_KEYS = {"game", "seat", "current_player", "hand", "legal_actions", "scores", "events"}


def test_game_names_lists_the_games_in_api_order() -> None:
    names = cardavia.game_names()
    assert isinstance(names, list)
    assert names[:2] == ["doudizhu", "runfast"]
    assert names == [name for name in API_ORDER if name in names]


def test_errors_are_value_errors() -> None:
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(InvalidDeal, ValueError)


def test_unknown_game_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        cardavia.new_game("poker_of_doom")
    with pytest.raises(ValueError):
        cardavia.new_game("")


@pytest.mark.parametrize("name", GAMES)
def test_unknown_option_is_a_value_error(name: str) -> None:
    with pytest.raises(ValueError):
        cardavia.new_game(name, no_such_option=1)


@pytest.mark.parametrize("name", GAMES)
def test_game_attributes(name: str) -> None:
    game = cardavia.new_game(name)
    assert game.name == name
    assert game.num_players == 3
    assert isinstance(game.options, dict)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_deal_other_seeds_differ(name: str) -> None:
    game = cardavia.new_game(name)
    first = game.new_state(seed=7)
    again = game.new_state(seed=7)
    assert first.to_json() == again.to_json()
    assert [first.view(s) for s in range(3)] == [again.view(s) for s in range(3)]
    deals = {tuple(game.new_state(seed=seed).view(0)["hand"]) for seed in range(6)}
    assert len(deals) == 6
    # Another game object with the same options deals the same.
    assert cardavia.new_game(name).new_state(seed=7).to_json() == first.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_state_from_json_round_trip(name: str) -> None:
    game = cardavia.new_game(name)
    state = game.new_state(seed=3)
    for _ in range(5):
        state.apply(state.legal_actions()[-1])
    text = state.to_json()
    json.loads(text)
    restored = game.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    assert restored.current_player == state.current_player


def test_state_from_json_refuses_another_games_json() -> None:
    ddz, runfast = cardavia.new_game("doudizhu"), cardavia.new_game("runfast")
    with pytest.raises(ValueError):
        runfast.state_from_json(ddz.new_state(seed=1).to_json())
    with pytest.raises(ValueError):
        ddz.state_from_json(runfast.new_state(seed=1).to_json())


@pytest.mark.parametrize("name", GAMES)
def test_clone_is_independent(name: str) -> None:
    game = cardavia.new_game(name)
    state = game.new_state(seed=5)
    state.apply(state.legal_actions()[0])
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    for _ in range(4):
        copy.apply(copy.legal_actions()[0])
    assert state.to_json() == before
    assert copy.to_json() != before
    # And the other way round: playing on the original leaves an earlier clone alone.
    other = state.clone()
    snapshot = other.to_json()
    state.apply(state.legal_actions()[0])
    assert other.to_json() == snapshot
    # Views are copies too: editing one changes nothing.
    view = other.view(0)
    view["hand"].clear()
    view["events"].clear()
    assert other.to_json() == snapshot


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seat", [-1, 3, 99])
def test_view_of_a_bad_seat_is_a_value_error(name: str, seat: int) -> None:
    state = cardavia.new_game(name).new_state(seed=1)
    with pytest.raises(ValueError):
        state.view(seat)


@pytest.mark.parametrize("name", GAMES)
def test_view_has_the_required_keys(name: str) -> None:
    game = cardavia.new_game(name)
    state = game.new_state(seed=2)
    for step in range(8):
        for seat in range(3):
            view = state.view(seat)
            assert set(view) >= VIEW_KEYS
            assert view["game"] == name and view["seat"] == seat
            assert view["current_player"] == state.current_player
            assert view["scores"] == state.scores
            assert all(isinstance(score, int) for score in view["scores"])
            assert all("type" in event for event in view["events"])
            assert view["events"] == state.events
            if seat == state.current_player:
                assert view["legal_actions"] == state.legal_actions()
            else:
                assert view["legal_actions"] == []
            json.dumps(view)
        state.apply(state.legal_actions()[step % len(state.legal_actions())])


@pytest.mark.parametrize("name", GAMES)
def test_finished_state(name: str) -> None:
    state = cardavia.new_game(name).new_state(seed=4)
    while not state.is_over:
        assert state.current_player is not None
        state.apply(state.legal_actions()[0])
    assert state.current_player is None
    assert state.legal_actions() == []
    assert sum(state.scores) == 0
    assert all(state.view(seat)["legal_actions"] == [] for seat in range(3))
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply("pass")
    assert state.to_json() == before


def _bad_deals(name: str) -> list[dict]:
    state = cardavia.new_game(name).new_state(seed=0)
    good = [state.view(seat)["hand"] for seat in range(3)]
    extra = {"bottom": json.loads(state.to_json())["state"]["bottom"]} if name == "doudizhu" else {}
    return [
        {},
        {**extra, "hands": good[:2]},
        {**extra, "hands": [good[0], good[1], good[2][:-1]]},
        {**extra, "hands": [good[0], good[1], [*good[2][:-1], good[0][0]]]},
        {**extra, "hands": [good[0], good[1], [*good[2][:-1], "XX"]]},
        {**extra, "hands": [good[0], good[1], [*good[2][:-1], None]]},
        {**extra, "hands": [good[0], good[1], [*good[2][:-1], 12]]},
        {**extra, "hands": good, "no_such_key": 1},
    ]


@pytest.mark.parametrize("name", GAMES)
def test_bad_deals_raise_invalid_deal(name: str) -> None:
    game = cardavia.new_game(name)
    for deal in _bad_deals(name):
        with pytest.raises(InvalidDeal):
            game.new_state(seed=0, deal=deal)


# --- issue 11: what no game can read is refused in one place ----------------------------------


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "action", ["\ud800", "pass\udfff", "play 3\u0336S", "\x00", "pass\x1b[0m", "ｐａｓｓ"]
)
def test_apply_refuses_characters_no_action_uses(name: str, action: str) -> None:
    state = cardavia.new_game(name).new_state(seed=3)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"plain letters, digits and spaces .*U\+[0-9A-F]{4}"):
        state.apply(action)
    assert state.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_apply_refuses_actions_over_1000_characters(name: str) -> None:
    state = cardavia.new_game(name).new_state(seed=3)
    with pytest.raises(IllegalAction, match="at most 1000 characters"):
        state.apply("play " + "3S " * 400)
    state.apply(" \t" + state.legal_actions()[0] + "\n")  # ASCII spacing stays forgiving


@pytest.mark.parametrize("name", [None, 5, ["doudizhu"], b"doudizhu"])
def test_a_game_name_that_is_not_a_string_is_a_value_error(name: object) -> None:
    with pytest.raises(ValueError, match="a game name is a string"):
        cardavia.new_game(name)  # type: ignore[arg-type]


def test_check_deal_hands_still_type_checks_for_older_callers() -> None:
    from cardavia.engine import check_deal_hands

    assert check_deal_hands({"hands": [["as"], ["10h"]]}, set(), [1, 1], "Test") == [["AS"], ["TH"]]
    for deal in [[], {"hands": [["AS"], [True]]}, {"hands": [["AS"]]}, {"hands": [], "x": 1}]:
        with pytest.raises(InvalidDeal):
            check_deal_hands(deal, set(), [1, 1], "Test")  # type: ignore[arg-type]
