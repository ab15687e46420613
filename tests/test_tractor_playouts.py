"""Random Tractor matches (two or three deals, declaring, burying and play), checking the
API's promises at every step: 108 cards conserved (hands, the kitty, the cards played);
listed actions distinct, deterministic and accepted; a refused action changes nothing;
JSON round-trips exactly; a view never shows another seat's hand, and the buried kitty
only to the dealer until the deal ends; ``sample_state`` rebuilds a state with the same
view; every deal result adds up (§5.1), moves the levels and the deal as §5.2 says, and
the scores stay zero-sum (§5.3). Seeded (derandomized) and bounded.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from helpers import check_actions, refuse_junk, refuse_unchanged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia import IllegalAction
from cardavia.engine import current_deal_events
from cardavia.games.tractor.rules import pack_108, points

CARD_TOKEN = re.compile(r"\b(?:[2-9TJQKA][SHDC]|BJ|RJ)\b")
JUNK = ["", "junk", "play", "play ZZ", "bury", "bury ZZ", "declare", "declare 3S 4S", "pass 2S"]
SETTINGS = settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def deal_events(state: cardavia.State) -> list[dict[str, Any]]:
    return list(current_deal_events(state.events))


def played(state: cardavia.State) -> list[str]:
    return [c for e in deal_events(state) if e["type"] == "play" for c in e["cards"]]


Views = list[dict[str, Any]]


def all_views(state: cardavia.State) -> Views:
    return [state.view(seat) for seat in range(4)]


def check_conservation(state: cardavia.State, views: Views) -> None:
    view = views[0]
    held = [c for v in views for c in v["hand"]]
    if view["phase"] == "declare":
        # The kitty is still face down: 100 cards in hand, none played.
        assert len(held) == 100 and not (Counter(held) - Counter(pack_108()))
        return
    buried = views[view["dealer"]]["kitty"] or []
    assert Counter(held + played(state) + buried) == Counter(pack_108())
    assert view["hand_counts"] == [len(v["hand"]) for v in views]


def check_refusals(
    state: cardavia.State, views: Views, actions: list[str], rng: random.Random
) -> None:
    seat = refuse_junk(state, actions, JUNK)
    verb = actions[0].split()[0]
    mine = Counter(views[seat]["hand"])
    listed = {a for a in actions}
    for card in rng.sample(pack_108(), 6):
        action = f"{verb} {card}"
        if mine[card] == 0 or (action not in listed and verb != "play"):
            refuse_unchanged(state, action)
    if verb == "play" and views[seat]["to_follow"]:
        # Following: every card not listed is refused, alone.
        for card in set(mine) - {a.split()[1] for a in actions}:
            refuse_unchanged(state, f"play {card}")
    # Random selections of own cards: accepted or refused, a refusal changes nothing.
    hand = views[seat]["hand"]
    for _ in range(2):
        chosen = rng.sample(hand, rng.randint(1, min(len(hand), 4)))
        trial = state.clone()
        before = trial.to_json()
        try:
            trial.apply(f"{verb} " + " ".join(chosen))
        except IllegalAction:
            assert trial.to_json() == before


def check_json(state: cardavia.State, views: Views) -> None:
    text = state.to_json()
    restored = state.game.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    assert all_views(restored) == views


def known_to(state: cardavia.State, view: dict[str, Any]) -> set[str]:
    """Cards ``view["seat"]`` may name: its hand, the cards played, declared and shown
    (the exposed kitty), and as dealer the kitty it picked up and buried."""
    seat = view["seat"]
    known = set(view["hand"]) | set(played(state))
    for event in deal_events(state):
        if event["type"] in ("declare", "kitty_exposed"):
            known |= set(event["cards"])
    if seat == view["dealer"]:
        known |= set(view["taken_kitty"] or []) | set(view["kitty"] or [])
    return known


def check_no_leak(state: cardavia.State, views: Views) -> None:
    current = deal_events(state)
    earlier = {
        c
        for e in state.events[: len(state.events) - len(current)]
        for c in CARD_TOKEN.findall(json.dumps(e))
    }
    dealer = views[0]["dealer"]
    for seat, view in enumerate(views):
        leaked = set(CARD_TOKEN.findall(json.dumps(view))) - known_to(state, view) - earlier
        assert not leaked, f"view({seat}) shows {sorted(leaked)}"
        if seat != dealer:
            assert view["kitty"] is None and view["taken_kitty"] is None
        for event in view["events"]:
            if event["type"] == "bury":
                assert not ({"card", "cards", "action"} & set(event))


def check_trick_fields(state: cardavia.State, views: Views) -> None:
    """The view's running totals agree with the deal's trick events."""
    view = views[0]
    if view["phase"] != "play":
        return
    tricks = [e for e in deal_events(state) if e["type"] == "trick"]
    attackers = set(view["attackers"])
    assert view["tricks_played"] == len(tricks)
    assert view["points"] == sum(t["points"] for t in tricks if t["winner"] in attackers)
    if tricks:
        last = view["last_trick"]
        assert last["plays"] == tricks[-1]["plays"] and last["winner"] == tricks[-1]["winner"]
        assert last["points"] == tricks[-1]["points"]
    assert all(v["trick"] == view["trick"] for v in views)


def check_sample_state(state: cardavia.State, me: int, rng: random.Random) -> None:
    view = state.view(me)
    sampled = state.game.sample_state(view, random.Random(rng.randrange(2**31)))
    assert sampled.view(me) == view
    assert played(sampled) == played(state)
    check_conservation(sampled, all_views(sampled))


def expected_outcome(levels: list[int], dealer: int, p: int) -> tuple[int, int, int]:
    """(gaining team, levels gained, next dealer) by the §5.2 table."""
    if p < 80:
        gain = 3 if p == 0 else 2 if p <= 35 else 1
        return dealer % 2, gain, (dealer + 2) % 4
    return (dealer + 1) % 2, (p - 80) // 40, (dealer + 1) % 4


def check_deal_result(state: cardavia.State, begin: int) -> dict[str, Any]:
    """The deal whose events start at ``begin`` just ended: its result adds up."""
    events = state.events[begin:]
    deal = events[0]
    assert deal["type"] == "deal"
    result = next(e for e in events if e["type"] == "deal_result")
    tricks = [e for e in events if e["type"] == "trick"]
    dealer = [e for e in events if e["type"] == "trump"][-1]["dealer"]
    attackers = {(dealer + 1) % 4, (dealer + 3) % 4}
    assert sum(len(t["plays"][0]["cards"]) for t in tricks) == 25
    assert sum(t["points"] for t in tricks) + result["kitty_points"] == 200
    won = sum(t["points"] for t in tricks if t["winner"] in attackers)
    assert result["trick_points"] == won <= 200
    assert result["kitty_points"] == points(result["kitty"]) and len(result["kitty"]) == 8
    last = tricks[-1]
    n = len(last["plays"][0]["cards"])
    assert result["multiplier"] == (2 * n if last["winner"] in attackers else 0)
    assert result["bonus"] == result["kitty_points"] * result["multiplier"]
    p = result["points"]
    assert p == won + result["bonus"] and p % 5 == 0
    before = result["levels_before"]
    assert before == deal["levels"]
    team, gain, next_dealer = expected_outcome(before, dealer, p)
    assert result["winner"] == ("defenders" if team == dealer % 2 else "attackers")
    assert result["gain"] == gain and result["next_dealer"] == next_dealer
    if before[team] + gain > 14:
        assert result["match_won"] == team
    else:
        assert result["match_won"] is None
        want = list(before)
        want[team] += gain
        assert result["levels"] == want
    later = [e for e in events if e["type"] == "deal" and e is not deal]
    if later:
        assert later[0]["dealer"] == next_dealer and later[0]["levels"] == result["levels"]
        assert later[0]["level"] == result["levels"][next_dealer % 2]
    result_event: dict[str, Any] = result
    return result_event


def choose(actions: list[str], rng: random.Random) -> str:
    """Random, but declaring passes half of the time so that some deals see no
    declaration at all and others see overcalls."""
    if actions[-1] == "pass" and rng.random() < 0.5:
        return "pass"
    return rng.choice(actions)


def run_match(state: cardavia.State, chooser: int, every: int = 5) -> list[dict[str, Any]]:
    """Play the match at random; the listed actions are checked at every step, the rest
    every ``every`` steps and at each change of phase (views are slow to build)."""
    rng = random.Random(chooser)
    phase = ""
    buried: list[str] = []
    results: list[dict[str, Any]] = []
    begin = 0
    step = 0
    while not state.is_over:
        actions = check_actions(state, rng, 3)
        view = state.view(state.current_player)
        assert view["legal_actions"] == actions
        now = view["phase"]
        if step % every == 0 or now != phase:
            views = all_views(state)
            check_conservation(state, views)
            check_refusals(state, views, actions, rng)
            check_json(state, views)
            check_no_leak(state, views)
            check_trick_fields(state, views)
        if step % (6 * every) == 0 or now != phase:
            check_sample_state(state, rng.randrange(4), rng)
        if now == "play" and phase != "play":  # burying just ended
            buried = state.view(view["dealer"])["kitty"]
        state.apply(choose(actions, rng))
        phase = now
        step += 1
        if any(e["type"] == "deal_result" for e in state.events[begin:]):
            results.append(check_deal_result(state, begin))
            assert Counter(results[-1]["kitty"]) == Counter(buried)
            deals = [i for i, e in enumerate(state.events) if e["type"] == "deal"]
            begin = deals[-1] if deals[-1] > begin else len(state.events)
    check_json(state, all_views(state))
    assert state.legal_actions() == [] and state.current_player is None
    assert sum(state.scores) == 0
    return results


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), chooser=st.integers(0, 2**31 - 1))
def test_random_matches_keep_every_promise(seed: int, chooser: int) -> None:
    game = cardavia.new_game("tractor", deals=2)
    results = run_match(game.new_state(seed=seed), chooser, every=8)
    assert len(results) == 2 or results[-1]["match_won"] is not None
    assert game.new_state(seed=seed).to_json() == game.new_state(seed=seed).to_json()


@settings(SETTINGS, max_examples=2)
@given(seed=st.integers(0, 2**31 - 1), chooser=st.integers(0, 2**31 - 1))
def test_three_deal_matches(seed: int, chooser: int) -> None:
    game = cardavia.new_game("tractor", deals=3)
    results = run_match(game.new_state(seed=seed), chooser, every=8)
    assert len(results) == 3 or results[-1]["match_won"] is not None


@settings(SETTINGS, max_examples=6)
@given(
    seed=st.integers(0, 2**31 - 1),
    chooser=st.integers(0, 2**31 - 1),
    dealer=st.integers(0, 3),
)
def test_matches_near_ace_end_with_scores_plus_minus_one(
    seed: int, chooser: int, dealer: int
) -> None:
    """Both teams at A: any defence or any promotion of 120+ wins the match (§5.3)."""
    game = cardavia.new_game("tractor", deals=3)
    state = game.new_state(seed=seed, deal={"dealer": dealer, "levels": [14, 14]})
    results = run_match(state, chooser, every=10)
    won = results[-1]["match_won"]
    if won is None:
        assert len(results) == 3 and state.scores == [0, 0, 0, 0]
    else:
        assert state.scores == [1 if s % 2 == won else -1 for s in range(4)]
        assert state.view(0)["match_winner"] == won and state.view(0)["phase"] == "over"


@pytest.mark.parametrize("deals", [1, 2])
def test_sample_state_of_a_finished_match(deals: int) -> None:
    """API.md: ``sample_state(view, rng).view(seat) == view`` for any view; Guandan and
    Bridge also answer for a finished match (the last deal's kitty is public then)."""
    game = cardavia.new_game("tractor", deals=deals)
    state = game.new_state(seed=deals)
    rng = random.Random(deals)
    while not state.is_over:
        state.apply(choose(state.legal_actions(), rng))
    for seat in range(4):
        view = state.view(seat)
        assert game.sample_state(view, random.Random(seat)).view(seat) == view


def test_sample_state_refuses_a_view_of_another_match_length() -> None:
    """A view shows its match's ``deals``; a game of another length cannot reproduce it
    and says so at once (rather than searching for a world that cannot exist)."""
    view = cardavia.new_game("tractor", deals=1).new_state(seed=3).view(0)
    with pytest.raises(ValueError, match="deals=1"):
        cardavia.new_game("tractor").sample_state(view, random.Random(0))
