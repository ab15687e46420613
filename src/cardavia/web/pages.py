"""The HTML pages (docs/web-contract.md, spec/site.md): the card-traditions hub, one page
per tradition, the game table and a 404 page, all server-rendered with Jinja2 and all
under a language prefix (``/en/…``). The table itself is driven by ``static/js/table.js``
through the JSON API; the page only hands it its texts and ids in a JSON data block.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

import cardavia
from cardavia.locale import LANGUAGES, catalog, lookup, negotiate, t

router = APIRouter(include_in_schema=False)

TEMPLATES = Jinja2Templates(directory=Path(__file__).with_name("templates"))
LANGUAGE_COOKIE = "cardavia_lang"

LEVELS = ("random", "basic", "strong")
DEFAULT_LEVEL = "basic"


@dataclass(frozen=True)
class Tradition:
    name: str
    games: tuple[str, ...]
    # Only used while games.json lacks the link (never shown as text).
    fallback_wikipedia: str = "https://en.wikipedia.org/wiki/Standard_52-card_deck"


TRADITIONS: dict[str, Tradition] = {
    "french54": Tradition(
        "french54",
        ("doudizhu", "guandan", "runfast", "tractor", "holdem", "onepoker", "bridge"),
    ),
    "tarot": Tradition("tarot", ("tarot",), "https://en.wikipedia.org/wiki/French_tarot"),
}
TRADITION_OF = {game: name for name, tr in TRADITIONS.items() for game in tr.games}

# Catalog prefixes the table script needs (sent in the page's JSON data block).
TABLE_TEXT_PREFIXES = ("table.", "msg.", "event.", "result.", "kind.", "hint.")


def playable() -> set[str]:
    return set(cardavia.game_names())


@dataclass
class Section:
    number: int
    title: str
    points: list[str]


@dataclass
class GameEntry:
    name: str
    title: str
    tagline: str
    players: str
    playable: bool
    sections: list[Section] = field(default_factory=list)


def _text(lang: str, key: str) -> str:
    value = lookup(lang, key)
    return value if isinstance(value, str) else ""


def _list(lang: str, key: str) -> list[str]:
    value = lookup(lang, key)
    if isinstance(value, list):
        return [str(item) for item in value]
    return [value] if isinstance(value, str) and value else []


def game_entry(lang: str, game: str) -> GameEntry:
    prefix = f"game.{game}"
    sections = [
        Section(
            number,
            _text(lang, f"{prefix}.section.{sid}.title"),
            _list(lang, f"{prefix}.section.{sid}.points"),
        )
        for number, sid in enumerate(_list(lang, f"{prefix}.sections"), start=1)
    ]
    return GameEntry(
        name=game,
        title=_text(lang, f"{prefix}.name") or game,
        tagline=_text(lang, f"{prefix}.tagline"),
        players=_text(lang, f"{prefix}.players"),
        playable=game in playable(),
        sections=sections,
    )


def _tradition_view(lang: str, tradition: Tradition) -> dict[str, Any]:
    prefix = f"tradition.{tradition.name}"
    names = playable()
    return {
        "id": tradition.name,
        "name": _text(lang, f"{prefix}.name") or tradition.name,
        "subtitle": _text(lang, f"{prefix}.subtitle"),
        "intro": _text(lang, f"{prefix}.intro"),
        "wikipedia": _text(lang, f"{prefix}.wikipedia") or tradition.fallback_wikipedia,
        "available": any(game in names for game in tradition.games),
        "count": len(tradition.games),
    }


def _render(
    request: Request,
    lang: str,
    template: str,
    page_title: str,
    status_code: int = 200,
    **context: Any,
) -> HTMLResponse:
    def tr(key: str, **params: object) -> str:
        return t(lang, key, **params)

    return TEMPLATES.TemplateResponse(
        request,
        template,
        {
            "lang": lang,
            "languages": LANGUAGES,
            "tr": tr,
            "page_title": page_title,
            "path_rest": _path_rest(request),
            **context,
        },
        status_code=status_code,
    )


def _path_rest(request: Request) -> str:
    """The path after the language prefix (``/french54``), for the language links."""
    parts = request.url.path.split("/", 2)
    return "/" + parts[2] if len(parts) > 2 else "/"


def not_found(request: Request, lang: str | None = None) -> HTMLResponse:
    if lang not in LANGUAGES:
        lang = request.cookies.get(LANGUAGE_COOKIE) or negotiate(
            request.headers.get("accept-language")
        )
        if lang not in LANGUAGES:
            lang = "en"
    return _render(
        request, lang, "not_found.html", t(lang, "error.not_found.title"), status_code=404
    )


@router.get("/")
def root(request: Request) -> Response:
    lang = request.cookies.get(LANGUAGE_COOKIE)
    if lang not in LANGUAGES:
        lang = negotiate(request.headers.get("accept-language"))
    return RedirectResponse(f"/{lang}/", status_code=307)


@router.get("/{lang}", response_model=None)
def language_root(request: Request, lang: str) -> Response:
    if lang not in LANGUAGES:
        return not_found(request)
    return RedirectResponse(f"/{lang}/", status_code=307)


@router.get("/{lang}/", response_class=HTMLResponse)
def hub(request: Request, lang: str) -> HTMLResponse:
    if lang not in LANGUAGES:
        return not_found(request)
    traditions = [_tradition_view(lang, tradition) for tradition in TRADITIONS.values()]
    return _render(request, lang, "hub.html", t(lang, "hub.title"), traditions=traditions)


@router.get("/{lang}/{tradition}", response_class=HTMLResponse)
def tradition_page(request: Request, lang: str, tradition: str) -> HTMLResponse:
    if lang not in LANGUAGES or tradition not in TRADITIONS:
        return not_found(request, lang)
    info = _tradition_view(lang, TRADITIONS[tradition])
    games = [game_entry(lang, game) for game in TRADITIONS[tradition].games]
    return _render(request, lang, "tradition.html", info["name"], tradition=info, games=games)


def _table(request: Request, lang: str, game: str, match_id: str | None) -> HTMLResponse:
    if lang not in LANGUAGES or game not in TRADITION_OF or game not in playable():
        return not_found(request, lang)
    entry = game_entry(lang, game)
    tradition = _tradition_view(lang, TRADITIONS[TRADITION_OF[game]])
    texts = {
        key: value for key, value in catalog("en").items() if key.startswith(TABLE_TEXT_PREFIXES)
    }
    texts.update(
        (key, value) for key, value in catalog(lang).items() if key.startswith(TABLE_TEXT_PREFIXES)
    )
    data = {
        "lang": lang,
        "game": game,
        "gameName": entry.title,
        "matchId": match_id,
        "levels": list(LEVELS),
        "defaultLevel": DEFAULT_LEVEL,
        "texts": texts,
    }
    return _render(
        request,
        lang,
        "table.html",
        entry.title,
        game=entry,
        tradition=tradition,
        levels=LEVELS,
        default_level=DEFAULT_LEVEL,
        page_data=data,
    )


@router.get("/{lang}/play/{game}", response_class=HTMLResponse)
def table_new(request: Request, lang: str, game: str) -> HTMLResponse:
    return _table(request, lang, game, None)


@router.get("/{lang}/play/{game}/{match_id}", response_class=HTMLResponse)
def table_match(request: Request, lang: str, game: str, match_id: str) -> HTMLResponse:
    if not match_id.replace("-", "").replace("_", "").isalnum() or len(match_id) > 64:
        return not_found(request, lang)
    return _table(request, lang, game, match_id)
