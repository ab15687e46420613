"""The site in a real browser: hub and French 54 page (SI-01, SI-02), every language
translated with no catalog key showing, the settings sliders applied live and remembered
(SI-04, SI-05)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import cardavia
from cardavia.locale import LANGUAGES, catalog

from .conftest import SETTINGS, Server, assert_translated, screenshot, text

FRENCH54 = ["doudizhu", "guandan", "runfast", "tractor", "holdem", "onepoker", "bridge"]
HUB_KEYS = ["hub.title", "tradition.french54.name", "tradition.french54.subtitle"]
TRADITION_KEYS = [
    "tradition.back",
    "tradition.french54.name",
    "tradition.french54.subtitle",
    "tradition.games",
    "game.start",
    "game.doudizhu.name",
    "game.runfast.tagline",
]


def applied(page: Page) -> dict[str, str]:
    """What the settings change on the page, as the browser computed it."""
    values = page.evaluate(
        """() => {
            const root = getComputedStyle(document.documentElement);
            return {
                contrast: root.filter,
                grain: getComputedStyle(document.body, '::after').opacity,
                temperature: getComputedStyle(document.body, '::before').opacity
                    + ' ' + getComputedStyle(document.body, '::before').backgroundColor,
            };
        }"""
    )
    return {name: str(value) for name, value in values.items()}


def test_hub_and_french54(page: Page) -> None:
    """SI-01, SI-02: the hub lists French 54 then French Tarot, both playable; French 54
    opens its page."""
    response = page.goto("/")
    assert response is not None and response.ok
    expect(page).to_have_url(re.compile(r"/en/$"))
    expect(page.get_by_test_id("title")).to_have_text("Card traditions")
    traditions = page.locator("[data-testid^=tradition-]")
    expect(traditions).to_have_count(2)
    expect(traditions.nth(0)).to_have_attribute("data-testid", "tradition-french54")
    expect(traditions.nth(1)).to_have_attribute("data-testid", "tradition-tarot")
    expect(traditions.get_by_test_id("coming-soon")).to_have_count(0)  # Tarot has its engine
    assert_translated(page, "en", HUB_KEYS)
    screenshot(page, "hub")

    page.get_by_test_id("tradition-french54").locator("a").click()
    expect(page).to_have_url(re.compile(r"/en/french54$"))
    expect(page.get_by_test_id("back")).to_have_text("← Card traditions")
    expect(page.get_by_test_id("title")).to_have_text("French 54")
    expect(page.get_by_test_id("subtitle")).to_have_text("International standard · 54 cards")
    wikipedia = page.get_by_test_id("wikipedia")
    expect(wikipedia).to_have_attribute("target", "_blank")
    expect(wikipedia).to_have_attribute("href", re.compile(r"^https://en\.wikipedia\.org/"))
    expect(page.get_by_test_id("intro")).to_have_text(text("en", "tradition.french54.intro"))
    entries = page.get_by_test_id("game-entry")
    assert entries.evaluate_all("nodes => nodes.map(node => node.dataset.game)") == FRENCH54
    for game in FRENCH54:
        start = page.get_by_test_id(f"start-{game}")
        if game in cardavia.game_names():  # a game is playable once its engine exists
            expect(start).to_be_enabled()
        else:
            expect(start).to_be_disabled()
    assert_translated(page, "en", TRADITION_KEYS)
    screenshot(page, "french54")

    page.get_by_test_id("back").click()
    expect(page).to_have_url(re.compile(r"/en/$"))


def test_every_language(page: Page) -> None:
    """The language selector moves the page to each language: translated, no key missing,
    the choice remembered for the next visit to the site root."""
    page.goto("/en/french54")
    assert_translated(page, "en", TRADITION_KEYS)
    for lang in LANGUAGES:
        if lang == "en":
            continue
        page.get_by_test_id("language").select_option(lang)
        expect(page).to_have_url(re.compile(rf"/{lang}/french54$"))
        expect(page.get_by_test_id("language")).to_have_value(lang)
        assert_translated(page, lang, TRADITION_KEYS)
        # The rules panels of the games are in the page too.
        body = page.locator("body").inner_text()
        doudizhu = catalog(lang)["game.doudizhu.section.objective.points"]
        assert isinstance(doudizhu, list) and doudizhu[0] in body
        if lang == "fr":
            screenshot(page, "french54-fr")
        page.get_by_test_id("brand").click()
        expect(page).to_have_url(re.compile(rf"/{lang}/$"))
        assert_translated(page, lang, HUB_KEYS)
        page.goto(f"/{lang}/french54")
    # The last choice is remembered: the site root now opens in it.
    page.goto("/")
    expect(page).to_have_url(re.compile(r"/zh/$"))


def test_settings_defaults(page: Page) -> None:
    """SI-04: a fresh profile shows Contrast, Grain and Color temperature at 50 %."""
    for path in ("/en/", "/en/french54", "/en/play/runfast"):
        page.goto(path)
        for name in SETTINGS:
            expect(page.get_by_test_id(f"setting-{name}")).to_have_value("50")
            expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("50%")


@pytest.mark.parametrize("name", SETTINGS)
def test_slider_changes_page_and_persists(page: Page, server: Server, name: str) -> None:
    """Each slider, moved with the keyboard, changes the page at once, shows its value and
    is remembered after a reload and on another page; the other two stay at 50 %."""
    page.goto("/en/")
    slider = page.get_by_test_id(f"setting-{name}")
    before = applied(page)
    slider.focus()
    page.keyboard.press("Home")
    expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("0%")
    at_zero = applied(page)
    assert at_zero[name] != before[name], f"{name} 0%: the page did not change"
    page.keyboard.press("End")
    expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("100%")
    at_hundred = applied(page)
    assert at_hundred[name] not in (before[name], at_zero[name])
    for _ in range(3):
        page.keyboard.press("ArrowLeft")
    expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("97%")
    for other in SETTINGS:
        if other != name:
            assert applied(page)[other] == before[other], f"{name} changed {other}"
    moved = applied(page)

    page.reload()
    expect(slider).to_have_value("97")
    expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("97%")
    assert applied(page) == moved
    for other in SETTINGS:
        if other != name:
            expect(page.get_by_test_id(f"setting-{other}-value")).to_have_text("50%")
    page.goto("/fr/french54")
    expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("97%")
    assert applied(page) == moved
