"""The table's keyboard on seeded deals: arrows and Space pick cards, Enter plays them,
H asks for a hint, P passes; nothing fires while a dialog is open. The Rules dialog opens
at its top and lists the keys. In Chinese the bidding Pass reads 不叫 (the play's 不出).

The deals are seeded and stored straight into the server's database (with a token of
ours), and the bots' seeds come from the match id, so every move here is known."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

import cardavia
from cardavia.locale import catalog

from .conftest import Server, hand, posts, sent_actions, store_match, text, wait_idle

TOKEN = "keyboard-test-token"
RUNFAST_YOU_OPEN = 6  # seat 0 holds 3♥ 3♣ and opens: plays 3H or 3H 3C
DOUDIZHU_YOU_BID = 1  # seat 0 bids first
BRIDGE_YOU_CALL = 0  # South deals and calls first
ONEPOKER_YOU_LOCK = 0  # seat 0 holds QD 6S and locks first
# Hold'em with the button on seat 1: You are under the gun, facing the big blind.
HOLDEM_UNDER_THE_GUN = {
    "hands": [["AS", "KS"], ["2C", "7D"], ["3H", "8C"], ["4D", "9S"]],
    "board": ["TC", "JD", "QH", "5S", "6C"],
    "button": 1,
}


def open_seeded(
    page: Page,
    server: Server,
    game: str,
    seed: int,
    match: str,
    lang: str = "en",
    deal: dict[str, Any] | None = None,
) -> None:
    """Stores a fresh match of ``game`` dealt from ``seed`` (and ``deal``) under the id
    ``match`` and opens its table in ``lang``, You to act."""
    state = cardavia.new_game(game).new_state(seed=seed, deal=deal)
    assert state.current_player == 0
    store_match(server, match, TOKEN, state, "basic")
    page.goto(f"/{lang}/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`cardavia.token.${id}`, token)", [match, TOKEN]
    )
    page.goto(f"/{lang}/play/{game}/{match}")
    wait_idle(page)


def focused_card(page: Page) -> str | None:
    value = page.evaluate("() => document.activeElement?.dataset?.card ?? null")
    return None if value is None else str(value)


def pressed(page: Page, card: str) -> bool:
    return (
        page.locator(f"[data-testid=hand-card][data-card='{card}']").get_attribute("aria-pressed")
        == "true"
    )


def test_arrows_space_enter_play_the_cards(page: Page, server: Server) -> None:
    open_seeded(page, server, "runfast", RUNFAST_YOU_OPEN, "keys-runfast-6")
    assert hand(page)[:2] == ["3H", "3C"]
    sent = posts(page)
    page.evaluate("() => document.activeElement?.blur()")

    page.keyboard.press("ArrowRight")  # onto the first card
    assert focused_card(page) == "3H"
    page.keyboard.press("ArrowRight")
    assert focused_card(page) == "3C"
    page.keyboard.press("Space")
    assert pressed(page, "3C") and not pressed(page, "3H")
    page.keyboard.press("Space")  # and back
    assert not pressed(page, "3C")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    assert pressed(page, "3H") and pressed(page, "3C")
    expect(page.get_by_test_id("confirm")).to_be_enabled()

    # Enter on a focused card plays the selection; it does not toggle the card.
    assert focused_card(page) == "3H"
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('[data-card=\"3H\"]')")
    assert sent_actions(sent) == ["play 3H 3C"]
    wait_idle(page)

    # H: the hint selects cards or marks Pass, as the Hint button does.
    if page.get_by_test_id("table").get_attribute("data-over") != "true":
        page.keyboard.press("h")
        page.wait_for_function(
            """() => !document.querySelector('[data-testid=confirm]').disabled
                || document.querySelector('[data-action].is-hinted')"""
        )


def test_hint_and_pass_in_the_auction_and_zh_bidding_pass(page: Page, server: Server) -> None:
    open_seeded(page, server, "doudizhu", DOUDIZHU_YOU_BID, "keys-doudizhu-1-zh", lang="zh")
    pass_button = page.get_by_test_id("pass")
    expect(pass_button).to_have_text("不叫")  # the bidding pass, not the play's 不出
    assert text("zh", "table.pass") == "不出"
    sent = posts(page)

    page.keyboard.press("H")
    page.wait_for_function("() => document.querySelector('[data-action].is-hinted')")
    assert sent == []  # a hint sends nothing

    page.keyboard.press("p")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=last-0]').textContent.trim()"
    )
    assert sent_actions(sent) == ["pass"]
    wait_idle(page)
    expect(page.get_by_test_id("last-0")).to_have_text("不叫")
    first = page.get_by_test_id("record").nth(1)  # after the deal line
    expect(first).to_have_text("你不叫")


def test_rules_dialog_opens_at_its_top_and_lists_the_keys(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1280, "height": 600})
    open_seeded(page, server, "doudizhu", DOUDIZHU_YOU_BID, "keys-doudizhu-1-rules")
    sent = posts(page)
    page.get_by_test_id("rules-open").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    sizes = dialog.evaluate("d => [d.scrollTop, d.scrollHeight, d.clientHeight]")
    assert sizes[1] > sizes[2], "the rules fit: the test would not see where they open"
    assert sizes[0] == 0
    keys = page.get_by_test_id("keyboard-help")
    english = catalog("en")
    for key in ["enter", "pass", "hint", "arrows", "space"]:
        expect(keys.get_by_test_id(f"key-{key}")).to_contain_text(
            str(english[f"table.keys.{key}.key"])
        )
        expect(keys.get_by_test_id(f"key-{key}")).to_contain_text(str(english[f"table.keys.{key}"]))

    # Keys do nothing while the dialog is open.
    page.keyboard.press("p")
    page.keyboard.press("h")
    page.wait_for_timeout(300)
    assert sent == []
    expect(page.get_by_test_id("message")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # Opened again after scrolling it down: at the top again.
    page.get_by_test_id("rules-open").click()
    dialog.evaluate("d => { d.scrollTop = d.scrollHeight; }")
    page.keyboard.press("Escape")
    page.get_by_test_id("rules-open").click()
    assert dialog.evaluate("d => d.scrollTop") == 0
    page.keyboard.press("Escape")


def test_bridge_p_passes_and_h_suggests_a_call_as_written(page: Page, server: Server) -> None:
    open_seeded(page, server, "bridge", BRIDGE_YOU_CALL, "keys-bridge-0")
    sent = posts(page)
    page.keyboard.press("h")
    message = page.get_by_test_id("message")
    expect(message).to_be_visible()
    # "Suggestion: 1♦. <the reason>": the call as the table writes it, then why.
    shown = message.inner_text()
    assert re.match(r"Suggestion: (?:Pass|Double|Redouble|[1-7](?:[♣♦♥♠]|NT))(?:\.|$)", shown), (
        shown
    )
    page.keyboard.press("p")
    page.wait_for_function("() => document.querySelector('[data-testid=auction]').textContent")
    page.wait_for_timeout(100)
    assert sent_actions(sent)[:1] == ["pass"]


def test_one_poker_space_and_enter_lock_the_card(page: Page, server: Server) -> None:
    open_seeded(page, server, "onepoker", ONEPOKER_YOU_LOCK, "keys-onepoker-0")
    assert hand(page) == ["QD", "6S"]
    sent = posts(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Space")
    assert pressed(page, "6S") and not pressed(page, "QD")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=kept-card]')")
    assert sent_actions(sent)[:1] == ["lock 6S"]


def test_holdem_p_folds_facing_a_bet_but_not_from_the_amount_field(
    page: Page, server: Server
) -> None:
    open_seeded(page, server, "holdem", 3, "keys-holdem-utg", deal=HOLDEM_UNDER_THE_GUN)
    sent = posts(page)
    page.get_by_test_id("bet-amount").focus()
    page.keyboard.press("p")  # typed into the amount field: no fold
    page.wait_for_timeout(300)
    assert sent == []
    page.evaluate("() => document.activeElement?.blur()")
    page.keyboard.press("p")  # no check possible: P folds
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.busy")
    page.wait_for_timeout(300)
    assert sent_actions(sent)[:1] == ["fold"]
