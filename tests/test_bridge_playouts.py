"""Random Bridge playouts (duplicate and rubber) checking the API's promises at each step.

Hypothesis draws the seed and the generator that picks each action. Checked: the 52 cards
are conserved (hands + played); listed actions are distinct and each accepted; a refused
action changes nothing; JSON round-trips exactly; a view shows no card its seat may not
know (the other hands; dummy before the opening lead); ``sample_state`` rebuilds a state
with the same view; scores are zero-sum with partners equal.
"""

from __future__ import annotations

import json
import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import IllegalAction
from cardavia.cards import pack_52
from cardavia.engine import current_deal_events
from cardavia.games.bridge import BridgeState

CARD_TOKEN = re.compile(r"\b[2-9TJQKA][SHDC]\b")
JUNK = ["", "junk", "8NT", "play", "play ZZ", "play RJ", "double double", "fold", "1S 1H"]
CALL_KEYS = {"auction", "legal_actions", "contract", "events"}
CARD_EVENTS = {"play", "dummy", "trick"}
SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


def pick(state: BridgeState, rng: random.Random) -> str:
    """Mostly passes in the auction (random bids climb to 7NT at once), any card in play."""
    actions = state.legal_actions()
    if state.phase == "auction" and rng.random() < 0.7:
        return "pass"
    return rng.choice(actions)


def played_cards(state: BridgeState) -> list[tuple[int, str]]:
    return [
        (event["seat"], event["card"])
        for event in current_deal_events(state.events)
        if event["type"] == "play"
    ]


def check_cards_conserved(state: BridgeState) -> None:
    plays = played_cards(state)
    all_cards = [card for hand in state.hands for card in hand] + [card for _, card in plays]
    assert sorted(all_cards) == sorted(pack_52())
    for seat in range(4):
        assert len(state.hands[seat]) + sum(1 for s, _ in plays if s == seat) == 13


def check_view_hides(state: BridgeState, seat: int) -> None:
    view = state.view(seat)
    may_know = set(state.hands[seat]) | {card for _, card in played_cards(state)}
    if state.dummy_exposed and state.dummy is not None:
        may_know |= set(state.hands[state.dummy])
    hidden = {card for hand in state.hands for card in hand} - may_know
    # Bids look like cards ("2S"): scan everything but the calls and contracts.
    # Earlier rubber deals' plays name the same 52 cards: read this deal's events only.
    deal = current_deal_events(view["events"])
    card_events = [event for event in deal if event["type"] in CARD_EVENTS]
    rest = {key: value for key, value in view.items() if key not in CALL_KEYS}
    shown = set(CARD_TOKEN.findall(json.dumps([rest, card_events])))
    assert not shown & hidden, f"seat {seat} sees {shown & hidden}"


def check_actions(state: BridgeState, rng: random.Random) -> None:
    actions = state.legal_actions()
    assert actions and len(actions) == len(set(actions))
    assert actions == state.legal_actions()
    for action in rng.sample(actions, min(len(actions), 6)):
        trial = state.clone()
        trial.apply(action)
    before = state.to_json()
    for junk in JUNK:
        if junk in actions:
            continue
        try:
            state.apply(junk)
        except IllegalAction:
            assert state.to_json() == before
        else:
            raise AssertionError(f"{junk!r} was accepted")


def check_round_trip_and_sampling(state: BridgeState, rng: random.Random) -> None:
    game = state.game
    again = game.state_from_json(state.to_json())
    assert again == state and again.view(0) == state.view(0)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    world = game.sample_state(view, rng)
    assert world.view(seat) == view


def playout(scoring: str, seed: int, rng: random.Random, max_steps: int) -> BridgeState:
    state = cardavia.new_game("bridge", scoring=scoring).new_state(seed=seed)
    assert isinstance(state, BridgeState)
    for step in range(max_steps):
        if state.is_over:
            break
        check_cards_conserved(state)
        check_view_hides(state, step % 4)
        check_actions(state, rng)
        if step % 5 == 0:
            check_round_trip_and_sampling(state, rng)
        state.apply(pick(state, rng))
    scores = state.scores
    assert scores[0] == scores[2] == -scores[1] == -scores[3]
    return state


@SETTINGS
@given(seed=st.integers(0, 2**31), rng=st.randoms(use_true_random=False))
def test_duplicate_playouts_keep_every_promise(seed: int, rng: random.Random) -> None:
    state = playout("duplicate", seed, rng, max_steps=200)
    assert state.is_over
    result = [event for event in state.events if event["type"] == "score"]
    assert len(result) == 1 and result[0]["ns"] == state.scores[0]


@settings(SETTINGS, max_examples=10)
@given(seed=st.integers(0, 2**31), rng=st.randoms(use_true_random=False))
def test_rubber_playouts_keep_every_promise(seed: int, rng: random.Random) -> None:
    state = playout("rubber", seed, rng, max_steps=250)
    sheet = state.view(0)["rubber"]
    ns, ew = (sheet["below"][side] + sheet["above"][side] for side in (0, 1))
    assert state.scores[0] == ns - ew
    assert max(sheet["games"]) <= 2
