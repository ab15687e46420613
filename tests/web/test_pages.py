"""The HTML pages (spec/site.md §1-4, §8; docs/web-contract.md): each page in each
language, the French 54 page's structure, 404s, and no inline script or style."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.testclient import TestClient

import cardavia
from cardavia.locale import LANGUAGES, catalog, t
from cardavia.web import pages

STATIC = Path(pages.__file__).with_name("static")
LOCALE = Path(pages.__file__).parent.parent / "locale"
FRENCH54 = ["doudizhu", "guandan", "runfast", "tractor", "holdem", "onepoker", "bridge"]
PLAYER_LINES = {
    "doudizhu": "3 players · You vs 2 AI · Single deal",
    "guandan": "4 players · You partner the opposite AI · Level-based match",
    "runfast": "3 players · You and 2 independent AI · Single deal",
    "tractor": "4 players · You partner the opposite AI · Double-deck promotion match",
    "holdem": "4 players · You vs 3 AI opponents · Virtual-chip match",
    "onepoker": "2 players · You vs AI · Virtual-chip match",
    "bridge": "4 players · You partner the opposite AI · Single deal",
}
PLAYABLE = [game for game in FRENCH54 if game in cardavia.game_names()]


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return TestClient(app)


def has_games(lang: str) -> bool:
    return (LOCALE / lang / "games.json").is_file()


class Page(HTMLParser):
    """A flat list of the elements (tag, attributes) and the page's visible text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.inline_scripts: list[dict[str, str]] = []
        self.text_parts: list[str] = []
        self._script: dict[str, str] | None = None
        self._script_text = ""
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        self.elements.append((tag, attributes))
        if tag == "script":
            self._script = attributes
            self._script_text = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._script is not None:
            if "src" not in self._script:
                self.inline_scripts.append(self._script)
            self._script = None

    def handle_data(self, data: str) -> None:
        if self._script is None:
            self.text_parts.append(data)

    @property
    def text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.text_parts))

    def with_testid(self, testid: str) -> list[dict[str, str]]:
        return [attrs for _, attrs in self.elements if attrs.get("data-testid") == testid]


def get(client: TestClient, path: str, status: int = 200) -> tuple[str, Page]:
    response = client.get(path, follow_redirects=False)
    assert response.status_code == status, path
    return response.text, Page(response.text)


def text_of(lang: str, key: str) -> str:
    value = catalog(lang)[key]
    assert isinstance(value, str)
    return value


def escaped(text: str) -> str:
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


def assert_in_order(html: str, texts: list[str]) -> None:
    position = 0
    for text in texts:
        found = html.find(escaped(text), position)
        if found < 0:  # markup such as href="…" is searched as it is
            found = html.find(text, position)
        assert found >= 0, f"{text!r} missing or out of order"
        position = found + 1


# --- redirects and the header ---------------------------------------------------


def test_root_redirects_to_the_browser_language(client: TestClient) -> None:
    response = client.get("/", headers={"Accept-Language": "cs,en;q=0.5"}, follow_redirects=False)
    assert response.status_code == 307
    assert response.headers["location"] == "/cs/"
    response = client.get("/", headers={"Accept-Language": "ja"}, follow_redirects=False)
    assert response.headers["location"] == "/en/"


def test_root_prefers_the_chosen_language(client: TestClient) -> None:
    response = client.get(
        "/", headers={"Accept-Language": "fr", "Cookie": "cardavia_lang=zh"}, follow_redirects=False
    )
    assert response.headers["location"] == "/zh/"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_page_has_the_header_and_settings(client: TestClient, lang: str) -> None:
    for path in [f"/{lang}/", f"/{lang}/french54", f"/{lang}/tarot", f"/{lang}/play/doudizhu"]:
        html, page = get(client, path)
        assert f'<html lang="{lang}">' in html
        assert "CARDAVIA" in page.text
        for key in ["language", "contrast", "grain", "temperature"]:
            assert text_of(lang, f"settings.{key}") in page.text
        for slider in ["contrast", "grain", "temperature"]:
            (attrs,) = page.with_testid(f"setting-{slider}")
            assert (attrs["type"], attrs["min"], attrs["max"], attrs["value"]) == (
                "range",
                "0",
                "100",
                "50",
            )
            assert page.with_testid(f"setting-{slider}-value")
        options = [attrs["value"] for tag, attrs in page.elements if tag == "option"][:5]
        assert options == list(LANGUAGES)
        for name in LANGUAGES.values():
            assert name in page.text


# --- hub ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_hub(client: TestClient, lang: str) -> None:
    html, page = get(client, f"/{lang}/")
    assert t(lang, "hub.title") in page.text
    assert_in_order(
        html,
        [
            f'href="/{lang}/french54"',
            t(lang, "tradition.french54.name"),
            t(lang, "tradition.french54.subtitle"),
            f'href="/{lang}/tarot"',
            t(lang, "tradition.tarot.name"),
        ],
    )
    if "tarot" not in cardavia.game_names():
        assert t(lang, "hub.coming_soon") in page.text


# --- French 54 ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_french54_page_structure(client: TestClient, lang: str) -> None:
    html, page = get(client, f"/{lang}/french54")
    assert_in_order(
        html,
        [
            t(lang, "tradition.back"),
            t(lang, "tradition.french54.name"),
            t(lang, "tradition.french54.subtitle"),
            t(lang, "tradition.wikipedia"),
            t(lang, "tradition.french54.intro"),
            t(lang, "tradition.games"),
        ],
    )
    (back,) = page.with_testid("back")
    assert back["href"] == f"/{lang}/"
    (wiki,) = page.with_testid("wikipedia")
    assert wiki["target"] == "_blank"
    assert "noopener" in wiki["rel"].split()
    assert wiki["href"].startswith("https://")
    entries = [attrs["data-game"] for attrs in page.with_testid("game-entry")]
    assert entries == FRENCH54


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_french54_entries(client: TestClient, lang: str) -> None:
    html, page = get(client, f"/{lang}/french54")
    for game in FRENCH54:
        start = html.index(f'data-game="{game}"')
        end = html.find('data-testid="game-entry"', start)
        entry = html[start : end if end > 0 else len(html)]
        assert_in_order(
            entry,
            [
                t(lang, f"game.{game}.name"),
                t(lang, "game.start"),
                t(lang, f"game.{game}.tagline"),
                t(lang, "game.rules"),
                t(lang, f"game.{game}.players"),
            ],
        )
        (button,) = page.with_testid(f"start-{game}")
        if game in PLAYABLE:
            assert button["href"] == f"/{lang}/play/{game}"
        else:
            assert "disabled" in button
            assert t(lang, "game.coming_soon") in entry


def test_french54_player_lines_in_english(client: TestClient) -> None:
    _, page = get(client, "/en/french54")
    for game, line in PLAYER_LINES.items():
        assert line in page.text, game
        (players,) = page.with_testid(f"players-{game}")
        assert players


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_french54_has_35_numbered_sections(client: TestClient, lang: str) -> None:
    if not has_games(lang):
        pytest.skip(f"locale/{lang}/games.json not there yet")
    html, page = get(client, f"/{lang}/french54")
    assert len(page.with_testid("rule-section")) == 35
    per_game = [len(catalog(lang)[f"game.{game}.sections"]) for game in FRENCH54]
    assert per_game == [5, 6, 5, 4, 5, 5, 5]
    numbers = re.findall(r'class="rule-number">(\d+)\.<', html)
    assert numbers == [str(n) for count in per_game for n in range(1, count + 1)]


def test_french54_section_titles_in_english(client: TestClient) -> None:
    _, page = get(client, "/en/french54")
    for title in [
        "Objective",
        "Setup",
        "Playing a turn",
        "Supported combinations",
        "Score and end",
    ]:
        assert title in page.text


# --- Tarot --------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_tarot_page(client: TestClient, lang: str) -> None:
    html, page = get(client, f"/{lang}/tarot")
    assert_in_order(
        html,
        [
            t(lang, "tradition.back"),
            t(lang, "tradition.tarot.name"),
            t(lang, "tradition.tarot.subtitle"),
            t(lang, "tradition.wikipedia"),
            t(lang, "tradition.tarot.intro"),
            t(lang, "tradition.games"),
            t(lang, "game.tarot.name"),
        ],
    )
    assert [attrs["data-game"] for attrs in page.with_testid("game-entry")] == ["tarot"]
    if has_games(lang):
        assert len(page.with_testid("rule-section")) == 5
    if "tarot" not in cardavia.game_names():
        (button,) = page.with_testid("start-tarot")
        assert "disabled" in button


# --- table ----------------------------------------------------------------------------

TABLE_TESTIDS = [
    "table",
    "hand",
    "confirm",
    "pass",
    "hint",
    "bid-1",
    "bid-2",
    "bid-3",
    "records",
    "result",
    "restart",
    "level",
    "rules-open",
    "rules-dialog",
    "restart-dialog",
    "turn",
    "message",
]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("game", PLAYABLE)
def test_table_page(client: TestClient, lang: str, game: str) -> None:
    html, page = get(client, f"/{lang}/play/{game}")
    for testid in TABLE_TESTIDS:
        assert page.with_testid(testid), testid
    for key in ["table.confirm", "table.pass", "table.hint", "table.restart", "table.records"]:
        assert t(lang, key) in page.text
    assert t(lang, f"game.{game}.name") in page.text
    levels = [attrs["value"] for tag, attrs in page.elements if tag == "option"][5:]
    assert levels == ["random", "basic", "strong"]
    data = page_data(html)
    assert data["lang"] == lang
    assert data["game"] == game
    assert data["matchId"] is None
    assert data["texts"]["table.you"] == t(lang, "table.you")
    assert all(key in data["texts"] for key in catalog("en") if key.startswith("event."))
    if has_games(lang):
        assert len(page.with_testid("rule-section")) == len(catalog(lang)[f"game.{game}.sections"])


def page_data(html: str) -> dict[str, object]:
    match = re.search(r'<script type="application/json" id="page-data">(.*?)</script>', html, re.S)
    assert match
    data = json.loads(match.group(1))
    assert isinstance(data, dict)
    return data


def test_table_page_with_a_match_id(client: TestClient) -> None:
    html, _ = get(client, "/fr/play/runfast/AbC-12_x")
    assert page_data(html)["matchId"] == "AbC-12_x"


# --- 404 ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/xx/",
        "/xx/french54",
        "/en/nowhere",
        "/en/play/nothing",
        "/en/play/nothing/abc",
        "/xx/play/doudizhu",
        *[f"/en/play/{game}" for game in FRENCH54 if game not in PLAYABLE],
    ],
)
def test_unknown_pages_are_404(client: TestClient, path: str) -> None:
    _, page = get(client, path, status=404)
    assert "CARDAVIA" in page.text


def test_404_speaks_the_page_language(client: TestClient) -> None:
    _, page = get(client, "/fr/nowhere", status=404)
    assert t("fr", "error.not_found.title") in page.text


# --- content security ---------------------------------------------------------------


ALL_PAGES = [
    "/en/",
    "/fr/french54",
    "/cs/tarot",
    "/id/play/doudizhu",
    "/zh/play/runfast/abc",
    "/en/missing",
]


@pytest.mark.parametrize("path", ALL_PAGES)
def test_no_inline_script_or_style(client: TestClient, path: str) -> None:
    response = client.get(path)
    page = Page(response.text)
    for attrs in page.inline_scripts:
        assert attrs.get("type") == "application/json", attrs
    for tag, attrs in page.elements:
        assert "style" not in attrs, tag
        assert tag != "style"
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)


@pytest.mark.parametrize("path", ALL_PAGES)
def test_referenced_static_files_exist(client: TestClient, path: str) -> None:
    page = Page(client.get(path).text)
    for _, attrs in page.elements:
        for name in ("src", "href"):
            url = attrs.get(name, "")
            if url.startswith("/static/"):
                assert client.get(url).status_code == 200, url


def test_every_module_import_resolves() -> None:
    for script in STATIC.rglob("*.js"):
        for target in re.findall(
            r"""(?:from|import)\s*\(?\s*'(\.{1,2}/[^']+)'""", script.read_text()
        ):
            assert (script.parent / target).resolve().is_file(), f"{script.name}: {target}"
