"""French Tarot on the site (issue 14 part 4; spec/site.md §3, §8): the hub lists it as a
playable tradition, its page renders in every language with its one entry, player line,
Start and five numbered rule sections; the table page loads the tarot adapter's texts; the
API plays tarot actions (a whole deal through ``/actions`` and ``/advance``) and refuses bad
ones with 4xx, leaving the match as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi.testclient import TestClient

from cardavia.locale import LANGUAGES, catalog, t
from cardavia.web import pages
from cardavia.web.app import create_app

STATIC = Path(pages.__file__).with_name("static")
SECTIONS = ["objective", "setup", "bidding", "turn", "score"]


@pytest.fixture(scope="module")
def site() -> TestClient:
    app = FastAPI()
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return TestClient(app)


@pytest.fixture
def api(tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    with TestClient(create_app(url, bot_workers=1, bots_in_process=True)) as client:
        yield client


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


# --- pages ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_hub_lists_tarot_as_playable(site: TestClient, lang: str) -> None:
    html = site.get(f"/{lang}/").text
    assert 'data-testid="tradition-tarot"' in html
    card = html.split('data-testid="tradition-tarot"')[1].split("</li>")[0]
    assert f'href="/{lang}/tarot"' in card
    assert "is-soon" not in html.split('data-testid="tradition-tarot"')[0].rsplit("<li", 1)[1]
    assert 'data-testid="coming-soon"' not in card
    assert t(lang, "tradition.tarot.name") in card
    # French 54 first, then French Tarot (spec/site.md §3).
    assert html.index('data-testid="tradition-french54"') < html.index(
        'data-testid="tradition-tarot"'
    )


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_tradition_page_in_every_language(site: TestClient, lang: str) -> None:
    response = site.get(f"/{lang}/tarot")
    assert response.status_code == 200
    html = response.text
    shown = text_of(html)
    for key in ("tradition.back", "tradition.tarot.name", "tradition.tarot.subtitle"):
        assert t(lang, key) in shown, key
    assert t(lang, "tradition.tarot.intro").replace("'", "&#39;") in html
    assert f'href="/{lang}/play/tarot"' in html  # Start game, enabled
    assert (
        'data-testid="start-tarot"' in html
        and "disabled" not in html.split('data-testid="start-tarot"')[0].rsplit("<", 1)[1]
    )
    assert t(lang, "game.tarot.players") in shown
    assert html.count('data-testid="rule-section"') == len(SECTIONS)
    for number, section in enumerate(SECTIONS, start=1):
        title = t(lang, f"game.tarot.section.{section}.title")
        assert f"{number}.</span> {title}" in html.replace("&#39;", "'")
        points = catalog(lang)[f"game.tarot.section.{section}.points"]
        assert isinstance(points, list) and points


def test_the_player_line_is_the_spec_line_in_english(site: TestClient) -> None:
    assert "4 players · You vs 3 AI · Single deal" in site.get("/en/tarot").text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_table_page_has_the_tarot_texts(site: TestClient, lang: str) -> None:
    html = site.get(f"/{lang}/play/tarot").text
    assert 'data-game="tarot"' in html
    for key in ("table.tarot.turn.ecart", "table.tarot.chelem_yes", "event.tarot.contract.other"):
        assert key in html  # the page's data block carries the adapter's texts


def test_the_adapter_is_registered() -> None:
    index = (STATIC / "js" / "games" / "index.js").read_text()
    assert "tarot: () => import('./tarot.js')" in index
    adapter = (STATIC / "js" / "games" / "tarot.js").read_text()
    used = set(re.findall(r"'((?:table|event)\.tarot\.[a-z_.]+)'", adapter))
    english = catalog("en")
    for key in used:
        assert key in english or f"{key}.you" in english, key


# --- the API -------------------------------------------------------------------------------


def create(api: TestClient, **fields: Any) -> dict[str, Any]:
    response = api.post("/api/matches", json={"game": "tarot", "level": "basic", **fields})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def post(api: TestClient, match: dict[str, Any], path: str, body: dict[str, Any]) -> Any:
    return api.post(
        f"/api/matches/{match['id']}/{path}", json=body, headers={"X-Match-Token": match["token"]}
    )


def until_you(api: TestClient, match: dict[str, Any]) -> dict[str, Any]:
    for _ in range(400):
        if match["view"]["current_player"] in (0, None):
            return match
        response = post(api, match, "advance", {"version": match["version"], "quick": False})
        assert response.status_code == 200, response.text
        match = {**match, **response.json()}
    raise AssertionError("the AI seats never gave the turn back")


def test_the_api_lists_tarot_with_four_seats(api: TestClient) -> None:
    games = {game["name"]: game for game in api.get("/api/games").json()}
    assert games["tarot"] == {"name": "tarot", "players": 4, "playable": True}


def test_a_match_of_several_deals_keeps_running_totals(api: TestClient) -> None:
    """``deals`` (tarot only, 1 … 12) is stored with the match: the reloaded match plays its
    two scored deals with running totals that always sum to zero."""
    assert api.post("/api/matches", json={"game": "bridge", "deals": 2}).status_code == 400
    for deals in (0, 13, "2", True):
        refused = api.post("/api/matches", json={"game": "tarot", "deals": deals})
        assert refused.status_code == 422, deals
    match = create(api, deals=2, level="random")
    assert match["level"] == "random" and match["view"]["deals"] == 2
    for _ in range(200):
        match = until_you(api, match)
        view = match["view"]
        if view["current_player"] is None:
            break
        response = post(
            api, match, "actions", {"action": view["legal_actions"][0], "version": match["version"]}
        )
        assert response.status_code == 200, response.text
        match = {**match, **response.json()}
    view = match["view"]
    results = [event for event in view["events"] if event["type"] == "deal_result"]
    assert view["phase"] == "over" and view["scored_deals"] == 2 and len(results) == 2
    running = [sum(r["breakdown"]["scores"][seat] for r in results) for seat in range(4)]
    assert results[-1]["totals"] == running == view["scores"] and sum(running) == 0


def test_the_api_plays_a_whole_deal_and_refuses_bad_actions(api: TestClient) -> None:
    match = until_you(api, create(api))
    refused = 0
    for _ in range(60):
        view = match["view"]
        if view["current_player"] is None:
            break
        version = match["version"]
        for bad in (
            "bid nonsense",
            "play 22T",
            "discard KH" if view["phase"] == "ecart" else "show 1S",
        ):
            response = post(api, match, "actions", {"action": bad, "version": version})
            assert response.status_code == 400, (bad, response.text)
            refused += 1
        stale = post(
            api, match, "actions", {"action": view["legal_actions"][0], "version": version + 5}
        )
        assert stale.status_code == 409
        assert (
            api.get(
                f"/api/matches/{match['id']}", headers={"X-Match-Token": match["token"]}
            ).json()["version"]
            == version
        )
        response = post(
            api, match, "actions", {"action": view["legal_actions"][0], "version": version}
        )
        assert response.status_code == 200, response.text
        match = until_you(api, {**match, **response.json()})
    final = match["view"]
    assert final["phase"] == "over" and final["current_player"] is None
    assert sum(final["scores"]) == 0 and final["breakdown"] is not None
    assert refused >= 3
    hint = api.get(f"/api/matches/{match['id']}/hint", headers={"X-Match-Token": match["token"]})
    assert hint.status_code == 409
