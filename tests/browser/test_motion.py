"""Motion, sounds and Bridge's one-click play in a real browser (issue 10, must show 4).

Every deal is seeded: the test writes the match straight into the server's database (a
seeded engine state, a token of its own) and opens it, so the same cards fall each time.
Run Fast seed 6 gives You the 3♥ to open; after your single 3♥ the next AI must beat it
(Run Fast forbids passing when you can beat), so an AI card is always played. Bridge seed
1 has You deal; the test bids 7NT for You, three passes, West's lead: the dummy (North) is
then yours to play.

The other browser tests run with reduced motion (conftest.new_page); these switch it off
where they look at the motion."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import cardavia
from cardavia.engine import State

from .conftest import (
    Server,
    click_and_wait,
    posts,
    screenshot,
    sent_actions,
    store_match,
    table_attr,
    wait_ready,
)

RUNFAST_SEED = 6  # You hold the 3♥ and open
BRIDGE_SEED = 1  # You deal
HOLDEM_SEED = 3  # AI 3 acts first, then You
DOUDIZHU_SEED = 1  # You bid first
ONEPOKER_SEED = 3  # You lock first
SETTLE_MS = 3_000  # every animation is under half a second; this is room, not a pace

# Records the cards placed on the table (the climbing games' top play, Bridge's trick) and
# how many animations run on each just after it appeared; the motion layer's copies too.
WATCH_TABLE = """() => {
    window.__placed = [];
    window.__ghosts = 0;
    new MutationObserver((changes) => {
        for (const change of changes) {
            for (const node of change.addedNodes) {
                if (!(node instanceof Element)) continue;
                const placed = '#top-play-cards .card, [data-testid=trick-card]';
                const cards = [node, ...node.querySelectorAll(placed)];
                for (const card of cards.filter((n) => n.matches(placed))) {
                    const seat = card.closest('[data-seat]')?.dataset.seat;
                    const entry = { node: card, seat, card: card.dataset.card, moving: null };
                    window.__placed.push(entry);
                    // Looked at once the task that drew it is over (its motion starts then).
                    setTimeout(() => { entry.moving = card.getAnimations().length; }, 0);
                }
                if (node.matches('.motion-ghost')) window.__ghosts += 1;
            }
        }
    }).observe(document.body, { childList: true, subtree: true });
}"""

# Counts the sounds started (every WebAudio source node), sound on or off.
COUNT_SOUNDS = """
window.__sounds = 0;
for (const name of ['OscillatorNode', 'AudioBufferSourceNode']) {
    const start = window[name]?.prototype.start;
    if (start) window[name].prototype.start = function (...args) {
        window.__sounds += 1;
        return start.apply(this, args);
    };
}
"""


def seeded_match(server: Server, page: Page, state: State, name: str) -> str:
    """Stores ``state`` as the match ``motion-<name>`` (the id seeds the AI's decisions, so
    they are the same each run) with random AI, hands its token to the page; answers the
    match's path."""
    match, match_token = f"motion-{name}", secrets.token_urlsafe(18)
    game = state.game.name
    store_match(server, match, match_token, state, "random")
    page.add_init_script(f"localStorage.setItem('cardavia.token.{match}', '{match_token}')")
    return f"/en/play/{game}/{match}"


def runfast_opening() -> State:
    state = cardavia.new_game("runfast").new_state(seed=RUNFAST_SEED)
    assert state.current_player == 0 and "play 3H" in state.view(0)["legal_actions"]
    return state


def bridge_dummy_to_play() -> State:
    """You declare 7NT, West has led: North's (the dummy's) card is yours to play."""
    state = cardavia.new_game("bridge").new_state(seed=BRIDGE_SEED)
    for call in ("7NT", "pass", "pass", "pass"):
        state.apply(call)
    state.apply(state.view(1)["legal_actions"][0])  # West's opening lead
    view = state.view(0)
    assert view["current_player"] == 0 and view["turn_hand"] == 2
    return state


def open_runfast(server: Server, page: Page, name: str) -> None:
    page.goto(seeded_match(server, page, runfast_opening(), name))
    assert wait_ready(page) == "turn"
    page.evaluate(WATCH_TABLE)


def play_the_3h(page: Page) -> None:
    page.locator("[data-testid=hand-card][data-card='3H']").click()
    click_and_wait(page, page.get_by_test_id("confirm"))


def ai_plays(page: Page) -> list[dict[str, Any]]:
    """Each AI card as it first appeared on the table (a later redraw draws it again, at
    rest): its seat, and how many animations ran on it then."""
    placed: list[dict[str, Any]] = page.evaluate(
        "() => window.__placed.map(({ seat, card, moving }) => ({ seat, card, moving }))"
    )
    first: dict[str, dict[str, Any]] = {}
    for item in placed:
        first.setdefault(item["card"], item)
    return [item for item in first.values() if item["seat"] not in (None, "0")]


def test_an_ai_card_travels_to_the_table_and_stops(page: Page, server: Server) -> None:
    page.emulate_media(reduced_motion="no-preference")
    open_runfast(server, page, "travels")
    play_the_3h(page)
    played = ai_plays(page)
    assert played, "no AI card was shown on the table"
    assert all(item["moving"] > 0 for item in played), played
    # The animations end by themselves: nothing moves a moment later, no copy is left.
    page.wait_for_function(
        "() => window.__placed.every(({ node }) => node.getAnimations().length === 0)"
        " && !document.querySelector('.motion-ghost')",
        timeout=SETTLE_MS,
    )
    screenshot(page, "motion-runfast")


def test_a_click_finishes_the_motion_at_once(page: Page, server: Server) -> None:
    page.emulate_media(reduced_motion="no-preference")
    open_runfast(server, page, "click")
    page.locator("[data-testid=hand-card][data-card='3H']").click()
    page.get_by_test_id("confirm").click()
    # As soon as a card is on its way, a click anywhere (here: the records) lands it.
    page.wait_for_function(
        "() => window.__placed.some(({ node }) => node.getAnimations().length > 0)"
    )
    page.get_by_test_id("records").click()
    moving = page.evaluate(
        """() => window.__placed.filter(({ node }) =>
            node.getAnimations().some((animation) => animation.playState === 'running')).length"""
    )
    assert moving == 0
    wait_ready(page)


def test_no_motion_under_reduced_motion(page: Page, server: Server) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_runfast(server, page, "reduced")
    play_the_3h(page)
    played = ai_plays(page)
    assert played, "no AI card was shown on the table"
    assert all(item["moving"] == 0 for item in played), played
    assert page.evaluate("() => window.__ghosts") == 0
    # Not even the turn highlight pulses.
    assert page.evaluate("() => document.getAnimations().length") == 0
    expect(page.get_by_test_id("seat-0")).to_have_class(re.compile(r"\bis-turn\b"))


def test_sound_toggle_off_by_default_kept_and_on_every_page(page: Page, server: Server) -> None:
    page.add_init_script(COUNT_SOUNDS)
    for path in ("/en/", "/en/french54", "/en/play/runfast", "/en/nowhere"):
        page.goto(path)
        toggle = page.get_by_test_id("setting-sound")
        expect(toggle).to_be_visible()
        expect(toggle).not_to_be_checked()
    page.goto("/en/")
    page.get_by_test_id("setting-sound").check()
    stored = json.loads(page.evaluate("() => localStorage.getItem('cardavia.settings')"))
    assert stored["sound"] is True
    page.reload()
    expect(page.get_by_test_id("setting-sound")).to_be_checked()
    page.goto("/en/french54")
    expect(page.get_by_test_id("setting-sound")).to_be_checked()
    # The other settings are kept beside it.
    page.get_by_test_id("setting-grain").fill("20")
    page.reload()
    expect(page.get_by_test_id("setting-sound")).to_be_checked()
    expect(page.get_by_test_id("setting-grain-value")).to_have_text("20%")
    screenshot(page, "motion-sound-toggle")


def test_sounds_play_only_when_on(page: Page, server: Server) -> None:
    page.add_init_script(COUNT_SOUNDS)
    open_runfast(server, page, "sounds-off")
    play_the_3h(page)
    assert page.evaluate("() => window.__sounds") == 0, "a sound played while Sound is off"
    page.get_by_test_id("setting-sound").check()
    before = page.evaluate("() => window.__sounds")
    page.goto(seeded_match(server, page, runfast_opening(), "sounds-on"))
    wait_ready(page)
    expect(page.get_by_test_id("setting-sound")).to_be_checked()
    play_the_3h(page)
    assert page.evaluate("() => window.__sounds") > before


def dummy_cards(page: Page) -> list[str]:
    cards = page.locator("button[data-testid=dummy-card]:enabled")
    return [str(card) for card in cards.evaluate_all("ns => ns.map(n => n.dataset.card)")]


def test_bridge_one_click_plays_a_card(page: Page, server: Server) -> None:
    page.emulate_media(reduced_motion="no-preference")
    sent = posts(page)
    page.goto(seeded_match(server, page, bridge_dummy_to_play(), "one-click"))
    assert wait_ready(page) == "turn"
    page.evaluate(WATCH_TABLE)
    expect(page.get_by_test_id("confirm-cards")).not_to_be_checked()
    expect(page.get_by_test_id("play-confirm")).to_be_hidden()
    card = dummy_cards(page)[0]
    click_and_wait(page, page.locator(f"[data-testid=dummy-card][data-card='{card}']"))
    assert sent_actions(sent) == [f"play {card}"]
    # East's card came after: it travelled from East's seat to the trick.
    east = [item for item in ai_plays(page) if item["seat"] == "3"]
    assert east and east[0]["moving"] > 0, ai_plays(page)
    screenshot(page, "motion-bridge-one-click")

    # Your card completes the trick: the four cards slide to the winner (West's lead,
    # which no other motion touches after it was played, moves too).
    lead = page.locator("[data-testid=trick-card][data-seat='1']").get_attribute("data-card")
    mine = page.locator("button[data-testid=hand-card]:enabled").first
    click_and_wait(page, mine)
    gathered = page.evaluate(
        "lead => window.__placed.some(({ card, moving }) => card === lead && moving > 0)", lead
    )
    assert gathered, "the finished trick did not move"
    page.wait_for_function(
        "() => window.__placed.every(({ node }) => node.getAnimations()"
        ".every((animation) => animation.playState === 'finished'))",
        timeout=SETTLE_MS,
    )


def holdem_your_call() -> State:
    """Hold'em seed 3: AI 3 calls the big blind, You are to act (a call pays 20)."""
    state = cardavia.new_game("holdem").new_state(seed=HOLDEM_SEED)
    state.apply("call")
    view = state.view(0)
    assert view["current_player"] == 0 and "call" in view["legal_actions"]
    return state


def test_holdem_chips_travel(page: Page, server: Server) -> None:
    page.emulate_media(reduced_motion="no-preference")
    page.goto(seeded_match(server, page, holdem_your_call(), "holdem"))
    assert wait_ready(page) == "turn"
    page.evaluate(WATCH_TABLE)
    click_and_wait(page, page.get_by_test_id("call"))
    assert page.evaluate("() => window.__ghosts") > 0, "no chip moved"
    # The chips land and are gone: nothing is left over the table.
    page.wait_for_function("() => !document.querySelector('.motion-ghost')", timeout=SETTLE_MS)


def test_bridge_confirm_setting_first_click_selects(page: Page, server: Server) -> None:
    sent = posts(page)
    page.goto(seeded_match(server, page, bridge_dummy_to_play(), "confirm"))
    assert wait_ready(page) == "turn"
    page.get_by_test_id("confirm-cards").check()
    stored = json.loads(page.evaluate("() => localStorage.getItem('cardavia.settings')"))
    assert stored["bridgeConfirm"] is True
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("confirm-cards")).to_be_checked()
    confirm = page.get_by_test_id("play-confirm")
    expect(confirm).to_be_visible()
    expect(confirm).to_be_disabled()
    card = dummy_cards(page)[0]
    button = page.locator(f"[data-testid=dummy-card][data-card='{card}']")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(confirm).to_be_enabled()
    page.wait_for_timeout(300)  # time for a request, if one were sent
    assert sent == [], "the first click sent the card"
    version = table_attr(page, "version")
    click_and_wait(page, confirm)
    assert sent_actions(sent) == [f"play {card}"] and table_attr(page, "version") != version


def doudizhu_your_bid() -> State:
    state = cardavia.new_game("doudizhu").new_state(seed=DOUDIZHU_SEED)
    assert state.current_player == 0
    return state


def onepoker_your_lock() -> State:
    state = cardavia.new_game("onepoker").new_state(seed=ONEPOKER_SEED)
    assert state.current_player == 0
    return state


TURN_RING = "rgb(181, 131, 42) 0px 0px 0px 3px, rgba(181, 131, 42, 0.55) 0px 0px 16px 2px"

# Each game at a seeded moment: the state, its seats, the seat to act (Bridge: the
# dummy, whose card You choose).
TURNS = {
    "doudizhu": (doudizhu_your_bid, 3, "0"),
    "runfast": (runfast_opening, 3, "0"),
    "holdem": (holdem_your_call, 4, "0"),
    "onepoker": (onepoker_your_lock, 2, "0"),
    "bridge": (bridge_dummy_to_play, 4, "2"),
}


@pytest.mark.parametrize("game", list(TURNS))
def test_every_seat_is_marked_and_the_seat_to_act_stands_out(
    page: Page, server: Server, game: str
) -> None:
    make, players, to_act = TURNS[game]
    page.goto(seeded_match(server, page, make(), f"turn-{game}"))
    wait_ready(page)
    seats = page.evaluate(
        """() => [...document.querySelectorAll('#table :is(.seat, .pk-seat, .bd-seat)')]
            .filter((seat) => seat.getClientRects().length)
            .map((seat) => ({
                seat: seat.dataset.seat,
                turn: seat.classList.contains('is-turn'),
                ring: getComputedStyle(seat).boxShadow,
            }))"""
    )
    assert sorted(seat["seat"] for seat in seats) == [str(n) for n in range(players)], seats
    turns = [seat for seat in seats if seat["turn"]]
    assert [seat["seat"] for seat in turns] == [to_act], seats
    # One look in every game: the accent ring and its glow, static under reduced motion.
    assert turns[0]["ring"] == TURN_RING
    assert page.evaluate("() => document.getAnimations().length") == 0
    # An AI thinking: its seat shows the badge (table.js marks the table while it waits).
    ai = next(seat["seat"] for seat in seats if seat["seat"] != "0")
    badge = page.evaluate(
        """seat => {
            const table = document.getElementById('table');
            table.dataset.thinking = seat;
            const box = [...table.querySelectorAll(`[data-seat="${seat}"]`)].find(
                (node) => node.matches('.seat, .pk-seat, .bd-seat') && node.getClientRects().length,
            );
            const content = getComputedStyle(box, '::after').content;
            delete table.dataset.thinking;
            return content;
        }""",
        ai,
    )
    assert badge != "none", "no thinking badge"
    screenshot(page, f"motion-turn-{game}")
