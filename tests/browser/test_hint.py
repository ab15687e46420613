"""The Hint button shows the strong bot's suggestion with its reason, in the page language."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from cardavia.locale import catalog

from .conftest import PLACEHOLDER, RAW_KEY, Server, close_page, new_page, wait_ready
from .test_bridge import open_bridge


def fixed_text(lang: str, key: str) -> str:
    """The longest stretch of the key's text between placeholders."""
    value = catalog(lang)[key]
    assert isinstance(value, str)
    return max(re.split(r"\{\w+\}", value), key=len).strip()


def test_the_hint_message_gives_the_reason(browser: Browser, server: Server) -> None:
    page = new_page(browser, server)
    try:
        # Run Fast selects the suggested cards; Hold'em marks a button; Bridge's adapter
        # names the call or card itself.
        for game in ("runfast", "holdem", "bridge"):
            if game == "bridge":
                open_bridge(page, "fr")  # the vulnerability dialog first
            else:
                page.goto(f"/fr/play/{game}")
            assert wait_ready(page) == "turn"
            with page.expect_response(re.compile(r"/hint$")) as answer:
                page.get_by_test_id("hint").click()
            body = answer.value.json()
            message = page.get_by_test_id("message")
            expect(message).to_be_visible()
            shown = message.inner_text()
            assert fixed_text("fr", body["reason"]) in shown, (game, body, shown)
            assert not RAW_KEY.findall(shown) and not PLACEHOLDER.findall(shown), shown
            for value in body["params"].values():
                if isinstance(value, float) and value > 0 and not value.is_integer():
                    assert f"{value:g}".replace(".", ",") in shown  # French decimals
    finally:
        close_page(page)
