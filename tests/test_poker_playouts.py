"""Random playouts of the poker games, checking the API's promises at each step.

Hypothesis draws the seed and a seeded ``Random`` that picks each action (biased towards
calls and all-ins, so that side pots, run-outs and eliminations happen). Checked: chips
are conserved and the scores always total the same; the cards in play are distinct cards
of the pack; listed actions are distinct and deterministic, the cheap ones and a sample
of the bet totals are each accepted; refused actions change nothing; JSON round-trips
exactly; a view never shows another seat's hole cards (unless shown down), a burn card
or an undealt board card; ``sample_state`` rebuilds a state with the same view.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from helpers import refuse_unchanged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia.cards import pack_52
from cardavia.engine import current_deal_events
from cardavia.games.holdem import BOARD_SHOWN, HoldemState

CARD_TOKEN = re.compile(r"\b[2-9TJQKA][SHDC]\b")
JUNK = ["", "junk", "raise", "bet -5", "raise 99999", "call 5", "check 0", "lock AS", "pass"]
SETTINGS = settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


def choose(actions: list[str], rng: random.Random) -> str:
    roll = rng.random()
    cheap = [a for a in actions if a in ("check", "call")]
    if roll < 0.45 and cheap:
        return cheap[0]
    if roll < 0.6:
        return actions[-1]  # all-in (or the largest total)
    if roll < 0.7 and "fold" in actions:
        return "fold"
    return rng.choice(actions)


def check_actions(state: cardavia.State, rng: random.Random) -> list[str]:
    actions = state.legal_actions()
    assert len(actions) == len(set(actions)) and state.legal_actions() == actions
    totals = [a for a in actions if a.split()[0] in ("bet", "raise")]
    tried = [a for a in actions if a not in totals] + totals[:1] + totals[-1:]
    tried += rng.sample(totals, min(3, len(totals)))
    for action in tried:
        state.clone().apply(action)
    for junk in JUNK:
        if junk not in actions:
            refuse_unchanged(state, junk)
    if totals:
        verb, low = totals[0].split()
        high = int(totals[-1].split()[1])
        if int(low) < high:  # a total below the minimum is refused (all-in excepted)
            refuse_unchanged(state, f"{verb} {int(low) - 1}")
        refuse_unchanged(state, f"{verb} {high + 1}")
        refuse_unchanged(state, f"{'bet' if verb == 'raise' else 'raise'} {low}")
    return actions


def check_json(state: cardavia.State) -> None:
    text = state.to_json()
    restored = state.game.state_from_json(text)
    assert restored.to_json() == text and restored == state
    assert restored.legal_actions() == state.legal_actions()


def shown_down(events: list[dict[str, Any]]) -> set[str]:
    return {c for e in events if e["type"] == "showdown" for h in e["hands"] for c in h["cards"]}


def check_holdem_cards_and_views(state: HoldemState, total: int) -> None:
    in_play = [c for hand in state.hole for c in hand] + state.board + state.burns
    assert len(in_play) == len(set(in_play)) and set(in_play) <= set(pack_52())
    assert sum(state.scores) == total and min(state.stacks) >= 0
    shown = BOARD_SHOWN[state.street]
    revealed = shown_down(current_deal_events(state.events))
    for seat in range(4):
        view = state.view(seat)
        assert view["hand"] == state.hole[seat] and view["board"] == state.board[:shown]
        # Earlier hands' events name cards that are back in the pack now: leave them out.
        view["events"] = current_deal_events(view["events"])
        secret = {c for s in range(4) if s != seat for c in state.hole[s]}
        secret |= set(state.burns) | set(state.board[shown:])
        leaked = set(CARD_TOKEN.findall(json.dumps(view))) & (secret - revealed)
        assert not leaked, f"view({seat}) shows {sorted(leaked)}"


def check_sampling(state: cardavia.State, rng: random.Random) -> None:
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    sampled = state.game.sample_state(view, rng)
    assert sampled.view(seat) == view


@SETTINGS
@given(seed=st.integers(0, 10**6), picker=st.randoms(use_true_random=False))
def test_holdem_playout_keeps_every_promise(seed: int, picker: random.Random) -> None:
    game = cardavia.new_game("holdem", hands=6)
    stacks = [picker.choice([15, 35, 200, 1000, 2750]) for _ in range(4)]
    state = game.new_state(seed=seed)
    if picker.random() < 0.5:
        deck = pack_52()
        picker.shuffle(deck)
        hands = [[deck.pop(), deck.pop()] for _ in range(4)]
        deal = {"hands": hands, "board": deck[:5], "stacks": stacks, "button": picker.randrange(4)}
        state = game.new_state(seed=seed, deal=deal)
    assert isinstance(state, HoldemState)
    total = sum(state.scores)
    steps = 0
    while not state.is_over and steps < 120:
        actions = check_actions(state, picker)
        check_json(state)
        check_holdem_cards_and_views(state, total)
        if steps % 5 == 0:
            check_sampling(state, picker)
        state.apply(choose(actions, picker))
        assert sum(state.scores) == total
        steps += 1
    check_json(state)
    check_holdem_cards_and_views(state, total)


def test_sampled_holdem_worlds_differ_in_hidden_cards_only() -> None:
    state = cardavia.new_game("holdem").new_state(seed=4)
    for action in ("call", "call", "call", "check", "bet 40"):
        state.apply(action)
    view = state.view(3)
    worlds = [state.game.sample_state(view, random.Random(k)) for k in range(20)]
    assert all(world.view(3) == view for world in worlds)
    others = {tuple(map(tuple, world.hole)) for world in worlds}  # type: ignore[attr-defined]
    assert len(others) > 1


@SETTINGS
@given(seed=st.integers(0, 10**6), picker=st.randoms(use_true_random=False))
def test_onepoker_playout_keeps_every_promise(seed: int, picker: random.Random) -> None:
    state = cardavia.new_game("onepoker", deals=12).new_state(seed=seed)
    steps = 0
    while not state.is_over and steps < 80:
        actions = check_actions(state, picker)
        check_json(state)
        assert sum(state.scores) == 40
        for seat in (0, 1):
            # Two packs: a card string can be in both hands, so check what may be named:
            # own cards, the revealed locked cards and the discards, nothing else.
            view = state.view(seat)
            allowed = set(view["hand"]) | set(view["discards"]) | set(view["revealed"])
            allowed.add(view["my_locked"])
            fields = {key: value for key, value in view.items() if key != "events"}
            assert set(CARD_TOKEN.findall(json.dumps(fields))) <= allowed
            assert all(
                set(e) & {"card", "cards"} == set() or e["type"] == "reveal" for e in view["events"]
            )
        check_sampling(state, picker)
        state.apply(choose(actions, picker))
        steps += 1
    check_json(state)
