"""The JSON API under ``/api`` (docs/web-contract.md).

- ``GET /api/games``: every game, its number of players and whether it can be played.
- ``POST /api/matches``: a new match, as dealt; answers its id, its token (shown once,
  stored hashed) and ``view(0)``. Bridge only: ``vulnerability`` (``none``, ``ns``, ``ew`` or
  ``both``; default ``none``), the engine's ``deal["vulnerability"]``.
- ``GET /api/matches/{id}``: the match's ``view(0)`` (header ``X-Match-Token``).
- ``POST /api/matches/{id}/actions``: seat 0's action against a version, saved and answered
  at once: no request ever waits for an AI.
- ``POST /api/matches/{id}/advance``: exactly one AI decision (the seat to act), saved before
  it is answered. The page calls it while an AI seat is to act and shows each move; a closed
  tab or a restart loses nothing, and two callers of the same version play the move once.
  Once seat 0 is out of the match, ``quick`` skips ahead: quick ``basic`` decisions for a
  quarter of a second per request.
- ``GET /api/matches/{id}/hint``: the ``strong`` bot's choice for seat 0 (at most 0.5 s)
  and its reason: a catalog key and the parameters that fill it in.

Only ``state.view(0)`` ever leaves the server. Errors (JSON ``{"detail": ...}``, documented
per endpoint in the OpenAPI spec): 400 illegal action (nothing changed), 403 missing or wrong
token, 404 unknown match, 409 stale version, 413 body too large or a match too long to
store (nothing saved), 422 malformed body (a ``version`` must be a JSON integer, ``quick`` a
JSON boolean: ``"7"``, ``7.0`` and ``1`` are refused), 429 too many new matches from one
address (``Retry-After``, see :mod:`cardavia.web.limits`), 503 database busy.
"""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import replace
from enum import StrEnum
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Request, status
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

import cardavia
from cardavia.engine import GAME_ORDER, State, load_state

from .bots import BotPool, bot_seed
from .limits import CreationLimiter, Limits
from .store import Match, Store, hash_token, token_matches

router = APIRouter(prefix="/api", tags=["api"])

HUMAN_SEAT = 0
MAX_ACTION_CHARS = 200
QUICK_SLICE = 0.25  # seconds of quick decisions per Skip request

# Seats of the games whose engine may not exist yet (spec/site.md §4).
PLAYERS = {
    "doudizhu": 3,
    "runfast": 3,
    "guandan": 4,
    "tractor": 4,
    "holdem": 4,
    "onepoker": 2,
    "bridge": 4,
    "tarot": 4,
}

GameName = Literal[
    "doudizhu", "runfast", "guandan", "tractor", "holdem", "onepoker", "bridge", "tarot"
]
Vulnerability = Literal["none", "ns", "ew", "both"]
MatchId = Annotated[str, Path(description="the id returned when the match was created")]
MAX_ID_CHARS = 64
# Ids are token_urlsafe (tests store readable ones of the same alphabet); any other id is an
# unknown match without asking the database (PostgreSQL refuses NUL in text, for one).
MATCH_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_ID_CHARS}}}")
MAX_VERSION = 2**31 - 1  # the database's integer column
MAX_TAROT_DEALS = 12  # a long evening of French Tarot; keeps every match's record bounded
Token = Annotated[str | None, Header(alias="X-Match-Token", max_length=128)]


class Level(StrEnum):
    random = "random"
    basic = "basic"
    strong = "strong"


# --- models ---------------------------------------------------------------------------


class GameInfo(BaseModel):
    name: str
    players: int
    playable: bool


class NewMatch(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: GameName
    level: Level = Level.basic
    vulnerability: Vulnerability | None = Field(
        default=None, description="bridge only: the vulnerable sides of the deal (default none)"
    )
    deals: int | None = Field(
        default=None,
        ge=1,
        le=MAX_TAROT_DEALS,
        strict=True,
        description="tarot only: the scored deals of the match, with running totals (default 1)",
    )


class ActionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: str = Field(min_length=1, max_length=MAX_ACTION_CHARS, examples=["play 3S 3H"])
    version: int = Field(
        ge=0, le=MAX_VERSION, strict=True, description="the version the action was chosen against"
    )


class MatchOut(BaseModel):
    id: str
    game: str
    level: str
    version: int
    view: dict[str, Any] = Field(description="state.view(0): what seat 0 may know")


class CreatedMatch(MatchOut):
    token: str = Field(description="send it back in X-Match-Token; it is not stored in clear")


class AdvanceIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    version: int = Field(ge=0, le=MAX_VERSION, strict=True, description="the version the page has")
    quick: bool = Field(
        default=False,
        strict=True,
        description="once seat 0 is out of the match: quick basic decisions for a quarter "
        "of a second (Skip to the result)",
    )


class Played(BaseModel):
    version: int
    view: dict[str, Any]


class Hint(BaseModel):
    action: str
    reason: str = Field(
        description="a catalog key under hint.reason.", examples=["hint.reason.keeps_bomb"]
    )
    params: dict[str, int | float | str] = Field(
        description="the reason's placeholders: numbers, percentages, ranks, suit symbols"
    )


class ErrorOut(BaseModel):
    detail: str


ERRORS = {
    400: "illegal action or request (nothing changed)",
    403: "missing or wrong X-Match-Token",
    404: "no such match",
    409: "stale version, or not this side's turn",
    413: "request body over 16 KB",
    429: "too many new matches from this client: retry later",
    503: "the database is busy: retry later",
}


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of ``codes`` (422 FastAPI documents by itself)."""
    return {code: {"model": ErrorOut, "description": ERRORS[code]} for code in codes}


# --- helpers --------------------------------------------------------------------------


def get_store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def get_bots(request: Request) -> BotPool:
    bots: BotPool = request.app.state.bots
    return bots


def get_limits(request: Request) -> Limits:
    limits: Limits = request.app.state.limits
    return limits


StoreDep = Annotated[Store, Depends(get_store)]
BotsDep = Annotated[BotPool, Depends(get_bots)]
LimitsDep = Annotated[Limits, Depends(get_limits)]

TOO_LONG = "this match is too long to store: start a new one"


def _spend_creation(request: Request) -> None:
    """429 with ``Retry-After`` once the client's address has used up its creations."""
    limiter: CreationLimiter = request.app.state.creation_limiter
    wait = limiter.take(request.client.host if request.client else "unknown")
    if wait:
        raise HTTPException(
            status.HTTP_429_TOO_MANY_REQUESTS,
            f"too many new matches from your address: try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )


def _storable(state: State, limits: Limits) -> str:
    """The state's JSON, or 413 when it is over the stored size cap (nothing is saved)."""
    text = state.to_json()
    if len(text.encode("utf-8")) > limits.max_state_bytes:
        raise HTTPException(status.HTTP_413_CONTENT_TOO_LARGE, TOO_LONG)
    return text


async def _load(store: Store, match_id: str, token: str | None) -> Match:
    match = None
    if MATCH_ID.fullmatch(match_id):
        match = await run_in_threadpool(store.load, match_id)
    if match is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, "no such match")
    if not token_matches(token, match.token_hash):
        raise HTTPException(status.HTTP_403_FORBIDDEN, "missing or wrong match token")
    return match


def _state(match: Match) -> State:
    return load_state(match.state_json)  # with its options (Tarot's deals)


def _deal_seed() -> int:
    """A fresh deal seed; tests fix every deal with ``CARDAVIA_DEAL_SEED`` (an integer)."""
    fixed = os.environ.get("CARDAVIA_DEAL_SEED")
    return int(fixed) if fixed else secrets.randbits(62)


def _new_state(body: NewMatch) -> State:
    """The match's first state: a seeded deal, with the options of the request."""
    seed = _deal_seed()
    game = cardavia.new_game(body.game, **({} if body.deals is None else {"deals": body.deals}))
    state = game.new_state(seed=seed)
    if body.vulnerability is None:
        return state
    # The engine takes a vulnerability only with the hands: keep the seeded ones.
    hands = [state.view(seat)["hand"] for seat in range(game.num_players)]
    return game.new_state(seed=seed, deal={"hands": hands, "vulnerability": body.vulnerability})


def human_is_out(state: State) -> bool:
    """Whether seat 0 was knocked out of a match that goes on (Hold'em's ``eliminated``)."""
    return any(
        event.get("type") == "eliminated" and event.get("seat") == HUMAN_SEAT
        for event in state.events
    )


def _stale(match: Match, version: int) -> HTTPException:
    return HTTPException(
        status.HTTP_409_CONFLICT,
        f"the match is at version {match.version}, not {version}: reload it",
    )


def _as_stored(match: Match) -> Played:
    return Played(version=match.version, view=_state(match).view(HUMAN_SEAT))


# --- endpoints ------------------------------------------------------------------------


@router.get("/games", response_model=list[GameInfo], responses=_errors(413))
async def list_games() -> list[GameInfo]:
    """Every game of the site, with whether its engine exists."""
    playable = set(cardavia.game_names())
    return [
        GameInfo(
            name=name,
            players=cardavia.new_game(name).num_players if name in playable else PLAYERS[name],
            playable=name in playable,
        )
        for name in GAME_ORDER
    ]


@router.post(
    "/matches",
    status_code=status.HTTP_201_CREATED,
    response_model=CreatedMatch,
    responses=_errors(400, 413, 429, 503),
)
async def create_match(
    body: NewMatch, request: Request, store: StoreDep, limits: LimitsDep
) -> CreatedMatch:
    """A new match as dealt; the page then asks for the AI moves before seat 0's."""
    if body.game not in cardavia.game_names():
        raise HTTPException(status.HTTP_400_BAD_REQUEST, f"{body.game} cannot be played yet")
    if body.vulnerability is not None and body.game != "bridge":
        raise HTTPException(
            status.HTTP_400_BAD_REQUEST, f"vulnerability is a bridge option, not one of {body.game}"
        )
    if body.deals is not None and body.game != "tarot":
        raise HTTPException(
            status.HTTP_400_BAD_REQUEST, f"deals is a tarot option, not one of {body.game}"
        )
    level = body.level.value
    try:
        cardavia.new_bot(body.game, level)
    except ValueError as error:
        raise HTTPException(status.HTTP_400_BAD_REQUEST, str(error)) from None
    _spend_creation(request)  # only requests that would create a match count
    match_id = secrets.token_urlsafe(16)
    token = secrets.token_urlsafe(24)
    state = _new_state(body)
    text = _storable(state, limits)
    version = await run_in_threadpool(
        store.create, match_id, hash_token(token), body.game, level, text
    )
    return CreatedMatch(
        id=match_id,
        token=token,
        game=body.game,
        level=level,
        version=version,
        view=state.view(HUMAN_SEAT),
    )


@router.get("/matches/{match_id}", response_model=MatchOut, responses=_errors(403, 404, 413, 503))
async def read_match(match_id: MatchId, store: StoreDep, token: Token = None) -> MatchOut:
    """The match as seat 0 sees it."""
    match = await _load(store, match_id, token)
    return MatchOut(
        id=match.id,
        game=match.game,
        level=match.level,
        version=match.version,
        view=_state(match).view(HUMAN_SEAT),
    )


@router.post(
    "/matches/{match_id}/actions",
    response_model=Played,
    responses=_errors(400, 403, 404, 409, 413, 503),
)
async def play(
    match_id: MatchId, body: ActionIn, store: StoreDep, limits: LimitsDep, token: Token = None
) -> Played:
    """Seat 0's action, saved and answered at once (the AI moves come by ``advance``)."""
    match = await _load(store, match_id, token)
    if body.version != match.version:
        raise _stale(match, body.version)
    state = _state(match)
    if state.current_player not in (HUMAN_SEAT, None):  # over: the engine says why
        raise HTTPException(status.HTTP_409_CONFLICT, "it is not your turn")
    try:
        state.apply(body.action)
    except cardavia.IllegalAction as error:
        raise HTTPException(status.HTTP_400_BAD_REQUEST, str(error)) from None
    text = _storable(state, limits)
    version = await run_in_threadpool(store.save, match_id, match.version, text)
    if version is None:
        raise HTTPException(
            status.HTTP_409_CONFLICT, "the match changed meanwhile (another tab?): reload it"
        )
    return Played(version=version, view=state.view(HUMAN_SEAT))


@router.post(
    "/matches/{match_id}/advance",
    response_model=Played,
    responses=_errors(400, 403, 404, 409, 413, 503),
)
async def advance(
    match_id: MatchId,
    body: AdvanceIn,
    store: StoreDep,
    bots: BotsDep,
    limits: LimitsDep,
    token: Token = None,
) -> Played:
    """One AI decision, saved, then answered. A version the match has already passed gets
    the stored match back (another tab or worker made that move): the move is never played
    twice, and the caller just shows what it has not seen yet."""
    match = await _load(store, match_id, token)
    if body.version < match.version:
        return _as_stored(match)
    if body.version > match.version:
        raise _stale(match, body.version)
    state = _state(match)
    seat = state.current_player
    if seat is None or seat == HUMAN_SEAT:
        raise HTTPException(status.HTTP_409_CONFLICT, "no AI is to act: it is your turn")
    if body.quick and not human_is_out(state):
        raise HTTPException(
            status.HTTP_400_BAD_REQUEST, "skipping ahead is only for a match you are out of"
        )
    if body.quick:  # Skip: quick basic decisions for about one strong decision's time
        quick = await bots.play_quickly(match.game, match_id, match.state_json, QUICK_SLICE)
        state = _state(replace(match, state_json=quick))
    else:
        seed = bot_seed(match_id, len(state.events))
        state.apply(await bots.act(match.game, match.level, seed, state.view(seat)))
    text = _storable(state, limits)
    version = await run_in_threadpool(store.save, match_id, match.version, text)
    if version is None:
        # Another worker saved this very move first: answer what is stored.
        return _as_stored(await _load(store, match_id, token))
    return Played(version=version, view=state.view(HUMAN_SEAT))


@router.get(
    "/matches/{match_id}/hint", response_model=Hint, responses=_errors(403, 404, 409, 413, 503)
)
async def hint(match_id: MatchId, store: StoreDep, bots: BotsDep, token: Token = None) -> Hint:
    """What the ``strong`` bot would play in seat 0's place, and why."""
    match = await _load(store, match_id, token)
    state = _state(match)
    if state.current_player != HUMAN_SEAT:
        raise HTTPException(status.HTTP_409_CONFLICT, "it is not your turn")
    seed = bot_seed(match_id, len(state.events))
    return Hint(**await bots.hint(match.game, seed, state.view(HUMAN_SEAT)))
