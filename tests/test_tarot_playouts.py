"""Random French Tarot matches (one to three deals: bidding, passed-out deals, the écart,
the chelem question, poignées, eighteen tricks), checking the API's promises at every
step: the 78 cards conserved (hands, the trick, the tricks taken, the chien or écart);
91 points in every deal; zero-sum scores; listed actions distinct and accepted; an
unlisted or garbled action refused with the state unchanged; an exact JSON round trip; a
view never shows another hand, the écart's hidden cards or an unseen chien; and
``sample_state(view, rng).view(seat) == view`` for every seat. Seeded and bounded.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from collections import Counter
from typing import Any

from helpers import check_actions, refuse_junk, refuse_unchanged
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardavia
from cardavia.engine import current_deal_events
from cardavia.games.tarot import TarotState
from cardavia.games.tarot import rules as tr

CARD_TOKEN = re.compile(r"\b(?:\d{1,2}T|[1-9TJNQK][SHDC]|EX)\b")
JUNK = [
    "",
    "junk",
    "play",
    "play ZZ",
    "play 22T",
    "discard",
    "show",
    "bid",
    "bid petite",
    "declare",
    "declare poignee",
    "declare poignee huge",
    "pass pass",
    "play 1S 2S",
]
SETTINGS = settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PACK = Counter(tr.pack())

Views = list[dict[str, Any]]


def all_views(state: cardavia.State) -> Views:
    return [state.view(seat) for seat in range(4)]


def deal_events(state: cardavia.State) -> list[dict[str, Any]]:
    return list(current_deal_events(state.events))


def trick_cards(state: cardavia.State) -> list[str]:
    return [p["card"] for e in deal_events(state) if e["type"] == "trick" for p in e["plays"]]


def chien_of(state: cardavia.State) -> list[str]:
    """The deal's chien, read from the state (no view may show it before its time)."""
    assert isinstance(state, TarotState)
    return list(state.chien)


def check_conservation(state: cardavia.State, views: Views) -> None:
    view = views[0]
    held = [c for v in views for c in v["hand"]]
    table = [p["card"] for p in view["trick"]]
    taken = view["contract"] in tr.CHIEN_SHOWN  # the chien went into the taker's hand
    aside = views[view["taker"]]["ecart"] if taken else chien_of(state)
    assert Counter(held + table + trick_cards(state) + aside) == PACK
    assert view["hand_sizes"] == [len(v["hand"]) for v in views]


def check_json(state: cardavia.State, views: Views) -> None:
    text = state.to_json()
    restored = state.game.state_from_json(text)
    assert restored.to_json() == text
    assert restored.legal_actions() == state.legal_actions()
    assert all_views(restored) == views


def tokens(view: dict[str, Any]) -> set[str]:
    """Card names in a view, its current deal's events included (earlier deals' events
    name cards of other deals)."""
    own = {key: value for key, value in view.items() if key != "events"}
    text = json.dumps([own, current_deal_events(view["events"])])
    return set(CARD_TOKEN.findall(text))


def check_no_leak(state: cardavia.State, views: Views) -> None:
    over = views[0]["phase"] == "over"
    taker = views[0]["taker"]
    chien = set(chien_of(state))
    ecart = set(views[taker]["ecart"] or []) if taker is not None else set()
    shown = {c for p in views[0]["poignees"] for c in p["cards"]}
    if views[0]["showing"]:
        shown |= set(views[0]["showing"]["cards"])
    hidden_ecart = {c for c in ecart if not tr.is_trump(c)}
    for seat, view in enumerate(views):
        seen = tokens(view)
        public = shown | set(view["chien"] or [])  # the shown chien went to the taker
        others = {c for s, v in enumerate(views) if s != seat for c in v["hand"]} - public
        assert not (seen & others), f"view({seat}) shows {sorted(seen & others)}"
        if over:
            continue
        if seat != taker:
            assert view["ecart"] is None
            secret = hidden_ecart - public  # discarded chien cards were seen by all
            assert not (seen & secret), f"view({seat}) shows the écart"
        if view["chien"] is None:
            unseen = chien - set(view["hand"])
            assert not (seen & unseen), f"view({seat}) shows the unseen chien"
        for event in current_deal_events(view["events"]):
            if event["type"] == "discard" and "card" not in event:
                assert set(event) == {"type", "seat"}


def check_refusals(
    state: cardavia.State, views: Views, actions: list[str], rng: random.Random
) -> None:
    seat = refuse_junk(state, actions, JUNK)
    verb = actions[0].split()[0]
    listed = set(actions)
    for card in rng.sample(tr.pack(), 8):
        action = f"{verb} {card}"
        if action not in listed:
            refuse_unchanged(state, action)
    if verb == "play":  # a card not listed is refused, whoever's it is
        for card in set(views[seat]["hand"]) - {a.split()[1] for a in actions if " " in a}:
            refuse_unchanged(state, f"play {card}")


def check_sample_state(state: cardavia.State, rng: random.Random) -> None:
    for seat in range(4):
        view = state.view(seat)
        sampled = state.game.sample_state(view, random.Random(rng.randrange(2**31)))
        assert sampled.view(seat) == view
        check_conservation(sampled, all_views(sampled))


def check_deal_result(result: dict[str, Any]) -> None:
    b = result["breakdown"]
    assert b["points"] + b["defence_points"] == 91
    assert sum(b["scores"]) == 0 and sum(result["totals"]) == 0
    defenders = {s for seat, s in enumerate(b["scores"]) if seat != b["taker"]}
    assert defenders == {-b["total"]} and b["scores"][b["taker"]] == 3 * b["total"]
    assert b["total"] == b["contract_score"] + b["petit_au_bout"] + b["poignee"] + b["chelem"]
    assert len(result["ecart"]) == (6 if b["contract"] in tr.CHIEN_SHOWN else 0)


def choose(actions: list[str], phase: str, rng: random.Random) -> str:
    """Random, passing often while bidding (some deals are passed out), and declaring a
    poignée whenever one is offered (they are rare)."""
    if phase == "bidding" and rng.random() < 0.55:
        return "pass"
    declares = [a for a in actions if a.startswith("declare poignee")]
    if declares and rng.random() < 0.8:
        return rng.choice(declares)
    return rng.choice(actions)


def run_match(state: cardavia.State, chooser: int, every: int = 4) -> list[dict[str, Any]]:
    """Play at random; the listed actions and the scores are checked at every step, the
    rest every ``every`` steps and at each change of phase, ``sample_state`` less often."""
    rng = random.Random(chooser)
    phase, step = "", 0
    while not state.is_over:
        actions = check_actions(state, rng, 3)
        assert sum(state.scores) == 0
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert view["legal_actions"] == actions
        now = view["phase"]
        if step % every == 0 or now != phase:
            views = all_views(state)
            check_conservation(state, views)
            check_refusals(state, views, actions, rng)
            check_json(state, views)
            check_no_leak(state, views)
        if step % (8 * every) == 0 or now != phase:
            check_sample_state(state, rng)
        state.apply(choose(actions, now, rng))
        phase, step = now, step + 1
    views = all_views(state)
    check_json(state, views)
    check_conservation(state, views)
    check_no_leak(state, views)
    check_sample_state(state, rng)
    assert state.legal_actions() == [] and state.current_player is None
    results = [e for e in state.events if e["type"] == "deal_result"]
    for result in results:
        check_deal_result(result)
    assert state.scores == results[-1]["totals"]
    return results


@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), chooser=st.integers(0, 2**31 - 1))
def test_random_deals_keep_every_promise(seed: int, chooser: int) -> None:
    game = cardavia.new_game("tarot")
    results = run_match(game.new_state(seed=seed), chooser)
    assert len(results) == 1
    assert game.new_state(seed=seed).to_json() == game.new_state(seed=seed).to_json()


@settings(SETTINGS, max_examples=6)
@given(
    seed=st.integers(0, 2**31 - 1),
    chooser=st.integers(0, 2**31 - 1),
    deals=st.integers(2, 3),
)
def test_random_matches_count_only_scored_deals(seed: int, chooser: int, deals: int) -> None:
    state = cardavia.new_game("tarot", deals=deals).new_state(seed=seed)
    results = run_match(state, chooser, every=6)
    assert [r["number"] for r in results] == list(range(1, deals + 1))
    running = [0] * 4
    for result in results:
        running = [a + b for a, b in zip(running, result["breakdown"]["scores"], strict=True)]
        assert result["totals"] == running
    dealers = [e["dealer"] for e in state.events if e["type"] == "deal"]
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
