"""Random Guandan matches (several deals, tribute phases included), checking the API's
promises at every step (DEVELOPERS.md): 108 cards conserved; listed actions distinct,
deterministic and accepted; a refused action changes nothing; JSON round-trips exactly;
a view never shows another seat's cards (the public tribute aside, and a return card only
to the two seats of its exchange); ``sample_state`` rebuilds a state with the same view and
the same public facts; levels only climb, by the advance the places give, and the final
scores are zero-sum.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

from helpers import check_actions, refuse_junk, refuse_unchanged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import IllegalAction
from cardavia.engine import current_deal_events
from cardavia.games.guandan.rules import pack_108

CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][SHDC]|BJ|RJ)\b")
JUNK = ["", "junk", "play", "play ZZ", "return", "play BJ 2H as BJ BJ", "bid 1", "pass pass"]
SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def played(state: cardavia.State) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {seat: [] for seat in range(4)}
    for event in current_deal_events(state.events):
        if event["type"] == "play":
            out[event["seat"]].extend(event["cards"])
    return out


def hands(state: cardavia.State) -> list[list[str]]:
    return [state.view(seat)["hand"] for seat in range(4)]


def check_conservation(state: cardavia.State) -> None:
    held = [card for hand in hands(state) for card in hand]
    gone = [card for cards in played(state).values() for card in cards]
    assert Counter(held + gone) == Counter(pack_108())


def check_refusals(state: cardavia.State, actions: list[str], rng: random.Random) -> None:
    seat = refuse_junk(state, actions, JUNK)
    foreign = [c for s, hand in enumerate(hands(state)) if s != seat for c in hand]
    mine = Counter(state.view(seat)["hand"])
    for card in rng.sample(foreign, min(3, len(foreign))):
        if mine[card] == 0:
            refuse_unchanged(state, f"play {card}")
    # Random selections of the player's own cards: refused ones change nothing.
    hand = state.view(seat)["hand"]
    for _ in range(3):
        chosen = rng.sample(hand, rng.randint(1, min(len(hand), 6)))
        trial = state.clone()
        before = trial.to_json()
        try:
            trial.apply("play " + " ".join(chosen))
        except IllegalAction:
            assert trial.to_json() == before


def check_json(state: cardavia.State) -> None:
    text = state.to_json()
    restored = state.game.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()


def known_to(state: cardavia.State, seat: int) -> set[str]:
    """The cards ``seat`` may see: its hand, every card played, the tribute cards, the
    return cards of its own exchanges."""
    view = state.view(seat)
    known = set(view["hand"]) | {c for cards in played(state).values() for c in cards}
    for event in state.events:
        if event["type"] == "tribute":
            known.add(event["card"])
    tribute = view["tribute"] or {"returns": []}
    for exchange in tribute["returns"]:
        if exchange["card"] is not None:
            assert seat in (exchange["from"], exchange["to"])
            known.add(exchange["card"])
    return known


def shown_cards(view: dict[str, Any]) -> set[str]:
    """Card names a view shows, except the cards a wild stands for ("as" parts) and the
    name of the wild card, which say nothing about where any card is."""
    stripped = {**view, "wild": None}
    stripped["legal_actions"] = [a.split(" as ")[0] for a in view["legal_actions"]]
    stripped["events"] = [
        {**e, "action": e["action"].split(" as ")[0], "as": None} if e["type"] == "play" else e
        for e in view["events"]
    ]
    if view["top"] is not None:
        stripped["top"] = {**view["top"], "as": None}
    return set(CARD_TOKEN.findall(json.dumps(stripped)))


def check_no_leak(state: cardavia.State) -> None:
    earlier = {
        c
        for e in state.events[: len(state.events) - len(current_deal_events(state.events))]
        for c in CARD_TOKEN.findall(json.dumps(e))
    }
    for seat in range(4):
        view = state.view(seat)
        leaked = shown_cards(view) - known_to(state, seat) - earlier
        assert not leaked, f"view({seat}) shows {sorted(leaked)}"


def check_sample_state(state: cardavia.State, me: int, rng: random.Random) -> None:
    view = state.view(me)
    sampled = state.game.sample_state(view, random.Random(rng.randrange(2**31)))
    assert sampled.view(me) == view
    assert played(sampled) == played(state)
    check_conservation(sampled)


def check_deal_result(event: dict[str, Any], before: list[int]) -> None:
    places = event["places"]
    assert sorted(places) == [0, 1, 2, 3]
    team = places[0] % 2
    partner_place = places.index((places[0] + 2) % 4)
    advance = {1: 3, 2: 2, 3: 1}[partner_place]
    assert event["winning_team"] == team
    assert event["advance"][team] == advance and event["advance"][1 - team] == 0
    assert event["levels"][team] == min(14, before[team] + advance)
    assert event["levels"][1 - team] == before[1 - team]


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), chooser=st.integers(0, 2**31 - 1))
def test_random_matches_keep_every_promise(seed: int, chooser: int) -> None:
    game = cardavia.new_game("guandan", deals=2)
    state = game.new_state(seed=seed)
    rng = random.Random(chooser)
    levels = [2, 2]
    seen_results = 0
    step = 0
    while not state.is_over:
        check_conservation(state)
        actions = check_actions(state, rng, 12)
        if step % 5 == 0:
            check_refusals(state, actions, rng)
            check_json(state)
            check_no_leak(state)
        if step % 20 == 0 or state.view(0)["phase"] == "return":
            check_sample_state(state, rng.randrange(4), rng)
        state.apply(rng.choice(actions))
        step += 1
        results = [e for e in state.events if e["type"] == "deal_result"]
        if len(results) > seen_results:
            check_deal_result(results[-1], levels)
            levels = results[-1]["levels"]
            seen_results = len(results)
    assert seen_results == 2
    assert sum(state.scores) == 0


def test_tribute_phase_is_reached_and_sampled() -> None:
    """A seeded match's second deal begins with a tribute (or its cancellation); every seat's
    view during the returns samples back to itself."""
    game = cardavia.new_game("guandan", deals=2)
    state = game.new_state(seed=3)
    rng = random.Random(3)
    while state.view(0)["deal_number"] == 1:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view["tribute"] is not None and view["previous_places"] is not None
    types = [e["type"] for e in current_deal_events(state.events)]
    assert "tribute" in types or "tribute_cancelled" in types
    while state.view(0)["phase"] == "return":
        for seat in range(4):
            check_sample_state(state, seat, rng)
        check_no_leak(state)
        state.apply(state.legal_actions()[0])
    for seat in range(4):
        check_sample_state(state, seat, rng)
