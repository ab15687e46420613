"""Random playouts of every climbing game, checking the API's promises at each step.

Hypothesis draws the seed and a seeded ``Random`` that picks each action, so a failure
shrinks to a short, reproducible playout. Checked (API.md): cards are conserved; listed
actions are distinct, deterministic and each accepted; a refused action changes nothing;
JSON round-trips exactly; a view never shows a card its seat may not know, and stays the
same when the other seats' hidden cards are shuffled; ``sample_state`` rebuilds a state
with the same view; final scores sum to zero.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from helpers import refuse_unchanged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import IllegalAction
from cardavia.cards import pack_54
from cardavia.games.runfast import pack_48

GAMES = ["doudizhu", "runfast"]
PACKS = {"doudizhu": pack_54(), "runfast": pack_48()}
CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][SHDC]|BJ|RJ)\b")
JUNK = ["", "junk", "play", "play ZZ", "play 5X", "bid 4", "bid", "play BJ BJ BJ", "fold"]

SETTINGS = settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --------------------------------------------------------------------------------------
# reading a state through the public API (plus Dou Dizhu's hidden bottom)


def deal_events(state: cardavia.State) -> list[dict[str, Any]]:
    """The events of the deal being played (since the latest ``deal`` event)."""
    events = state.events
    starts = [i for i, event in enumerate(events) if event["type"] == "deal"]
    return events[starts[-1] :] if starts else list(events)


def played(state: cardavia.State) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {seat: [] for seat in range(3)}
    for event in deal_events(state):
        if event["type"] == "play":
            out[event["seat"]].extend(event["cards"])
    return out


def hands(state: cardavia.State) -> list[list[str]]:
    return [state.view(seat)["hand"] for seat in range(3)]


def landlord_event(state: cardavia.State) -> dict[str, Any] | None:
    found = [e for e in deal_events(state) if e["type"] == "landlord"]
    return found[0] if found else None


def hidden_bottom(state: cardavia.State) -> list[str]:
    """Dou Dizhu's bottom while no landlord has taken it (not in any view)."""
    if state.game.name != "doudizhu" or landlord_event(state) is not None:
        return []
    return list(json.loads(state.to_json())["state"]["bottom"])


def public_bottom(state: cardavia.State) -> list[str]:
    event = landlord_event(state) if state.game.name == "doudizhu" else None
    return list(event["bottom"]) if event else []


def ranks(cards: list[str]) -> tuple[str, ...]:
    return tuple(sorted(card if card in ("BJ", "RJ") else card[0] for card in cards))


def play_cards(action: str) -> list[str]:
    return action.split()[1:] if action.startswith("play ") else []


def is_opening(state: cardavia.State) -> bool:
    return state.game.name == "runfast" and not any(e["type"] == "play" for e in deal_events(state))


# --------------------------------------------------------------------------------------
# per-step checks


def check_conservation(state: cardavia.State) -> None:
    held = [card for hand in hands(state) for card in hand]
    gone = [card for cards in played(state).values() for card in cards]
    assert Counter(held + gone + hidden_bottom(state)) == Counter(PACKS[state.game.name])


def check_legal_actions(state: cardavia.State) -> list[str]:
    actions = state.legal_actions()
    assert len(actions) == len(set(actions)), "an action is listed twice"
    assert state.legal_actions() == actions, "legal_actions is not deterministic"
    assert state.clone().legal_actions() == actions
    for action in actions:
        trial = state.clone()
        trial.apply(action)  # every listed action is accepted
    return actions


def check_rejections(state: cardavia.State, actions: list[str], rng: random.Random) -> None:
    for junk in JUNK:
        refuse_unchanged(state, junk)
    if "pass" not in actions:
        refuse_unchanged(state, "pass")
    seat = state.current_player
    others = [c for s, hand in enumerate(hands(state)) if s != seat for c in hand]
    gone = [c for cards in played(state).values() for c in cards]
    for foreign in rng.sample(others, min(2, len(others))) + gone[-1:]:
        refuse_unchanged(state, f"play {foreign}")
    # Random choices of the player's own cards: accepted exactly when a listed play has
    # the same ranks (API "equivalent plays"; Run Fast's opening must also contain 3H).
    hand = state.view(seat)["hand"]
    listed = {ranks(play_cards(a)) for a in actions if a.startswith("play ")}
    for _ in range(3):
        chosen = rng.sample(hand, rng.randint(1, min(len(hand), 6)))
        text = "play " + " ".join(chosen)
        expected = ranks(chosen) in listed and (not is_opening(state) or "3H" in chosen)
        trial = state.clone()
        before = trial.to_json()
        try:
            trial.apply(text)
            accepted = True
        except IllegalAction:
            assert trial.to_json() == before
            accepted = False
        assert accepted == expected, (text, actions)


def check_json(state: cardavia.State) -> None:
    text = state.to_json()
    restored = state.game.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    assert restored.current_player == state.current_player
    assert restored.scores == state.scores


def check_no_leak(state: cardavia.State) -> None:
    public = {c for cards in played(state).values() for c in cards} | set(public_bottom(state))
    secret_bottom = set(hidden_bottom(state))
    for seat in range(3):
        view = state.view(seat)
        text = json.dumps(view)
        assert view["seat"] == seat
        others = {c for s, hand in enumerate(hands(state)) if s != seat for c in hand}
        forbidden = (others | secret_bottom) - public
        leaked = set(CARD_TOKEN.findall(text)) & forbidden
        assert not leaked, f"view({seat}) shows {sorted(leaked)}"


# --------------------------------------------------------------------------------------
# hidden information: shuffles and sampling


def initial_deal(state: cardavia.State, current: list[list[str]]) -> dict[str, Any]:
    """A fixed deal that, replayed, gives ``current`` hands now (same plays)."""
    gone = played(state)
    bottom = public_bottom(state) or hidden_bottom(state)
    landlord = landlord_event(state)
    deal_hands = []
    for seat in range(3):
        cards = Counter(current[seat]) + Counter(gone[seat])
        if landlord is not None and seat == landlord["seat"]:
            cards -= Counter(bottom)
        deal_hands.append(sorted(cards.elements()))
    deal: dict[str, Any] = {"hands": deal_hands}
    if state.game.name == "doudizhu":
        deal["bottom"] = bottom
        deal["first_bidder"] = deal_events(state)[0]["first_bidder"]
    return deal


def replay(state: cardavia.State, seed: int, deal: dict[str, Any]) -> cardavia.State:
    other = state.game.new_state(seed=seed, deal=deal)
    for event in deal_events(state):
        if "action" in event:
            other.apply(event["action"])
    return other


def check_shuffle_invariance(state: cardavia.State, seed: int, me: int, rng: random.Random) -> None:
    if any(e["type"] == "void_deal" for e in state.events):
        return  # a redeal comes from the seed: no fixed deal reproduces it
    current = hands(state)
    fixed = Counter(public_bottom(state))
    if is_opening(state):
        fixed["3H"] += 1  # who holds 3H is public: that seat opens
    pool: list[str] = []
    kept: list[list[str]] = []
    for seat in range(3):
        if seat == me:
            kept.append(list(current[seat]))
            continue
        stays = [c for c in current[seat] if fixed[c] > 0]
        kept.append(stays)
        pool.extend(c for c in current[seat] if fixed[c] == 0)
    bottom = hidden_bottom(state)
    pool.extend(bottom)
    rng.shuffle(pool)
    new_hands = [list(hand) for hand in kept]
    for seat in range(3):
        if seat != me:
            need = len(current[seat]) - len(kept[seat])
            new_hands[seat] += pool[:need]
            pool = pool[need:]
    deal = initial_deal(state, new_hands)
    if bottom:
        deal["bottom"] = pool
    try:
        other = replay(state, seed, deal)
    except IllegalAction:
        return  # must-beat: a shuffled hand could have beaten where the real one passed
    assert other.view(me) == state.view(me)


def check_sample_state(state: cardavia.State, me: int, rng: random.Random) -> None:
    game = state.game
    view = state.view(me)
    sampled = game.sample_state(view, random.Random(rng.randrange(2**31)))
    assert sampled.view(me) == view
    assert [len(hand) for hand in hands(sampled)] == [len(hand) for hand in hands(state)]
    assert played(sampled) == played(state)
    assert sampled.view(me)["hand"] == view["hand"]
    check_conservation(sampled)
    landlord = landlord_event(state)
    if landlord is not None:
        seat = landlord["seat"]
        for card in landlord["bottom"]:
            assert card in sampled.view(seat)["hand"] or card in played(sampled)[seat]
    if game.name == "runfast":
        # Every pass in the sampled world was forced: replay it and look before each pass.
        world = game.new_state(seed=0, deal=initial_deal(sampled, hands(sampled)))
        for event in deal_events(sampled):
            if "action" not in event:
                continue
            if event["action"] == "pass":
                assert world.legal_actions() == ["pass"], "a sampled hand could have beaten"
            world.apply(event["action"])
        assert world.view(me) == view


# --------------------------------------------------------------------------------------
# the tests


def playout(name: str, seed: int, rng: random.Random, step_check: Any) -> cardavia.State:
    game = cardavia.new_game(name)
    state = game.new_state(seed=seed)
    steps = 0
    while not state.is_over:
        step_check(state)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 500, "the deal does not end"
    step_check(state)
    assert state.legal_actions() == []
    assert sum(state.scores) == 0
    return state


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), rng=st.randoms(use_true_random=False))
def test_every_step_conserves_cards_and_keeps_promises(
    name: str, seed: int, rng: random.Random
) -> None:
    def step(state: cardavia.State) -> None:
        check_conservation(state)
        check_json(state)
        check_no_leak(state)
        if state.is_over:
            for action in ("pass", "play 3H", "bid 1"):
                refuse_unchanged(state, action)
            return
        actions = check_legal_actions(state)
        check_rejections(state, actions, rng)

    final = playout(name, seed, rng, step)
    result = [e for e in final.events if e["type"] == "result"]
    assert len(result) == 1 and result[0]["scores"] == final.scores


@pytest.mark.parametrize("name", GAMES)
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), rng=st.randoms(use_true_random=False))
def test_views_survive_shuffles_and_sampling(name: str, seed: int, rng: random.Random) -> None:
    def step(state: cardavia.State) -> None:
        if rng.random() < 0.25 or state.is_over:
            me = rng.randrange(3)
            check_shuffle_invariance(state, seed, me, rng)
            if not state.is_over:
                check_sample_state(state, me, rng)

    playout(name, seed, rng, step)


def test_doudizhu_sample_state_after_a_void_deal() -> None:
    """A void auction redeals (deal 1); the view keeps the void deal's events, so a sampled
    state must reproduce them too for its view to equal the original."""
    game = cardavia.new_game("doudizhu")
    state = game.new_state(seed=3, deal={**_ANY_DDZ_DEAL, "first_bidder": 1})
    for _ in range(3):
        state.apply("pass")
    assert any(e["type"] == "void_deal" for e in state.events)
    state.apply("bid 3")
    for me in range(3):
        view = state.view(me)
        sampled = game.sample_state(view, random.Random(me))
        assert sampled.view(me) == view
        if me == state.current_player:  # other seats' worlds give the landlord other cards
            assert sampled.legal_actions() == state.legal_actions()


_PACK54 = pack_54()
_ANY_DDZ_DEAL = {"hands": [_PACK54[0:17], _PACK54[17:34], _PACK54[34:51]], "bottom": _PACK54[51:]}
