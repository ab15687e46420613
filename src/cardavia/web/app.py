"""The application: ``create_app()`` builds it; ``cardavia serve`` runs it with uvicorn.

- The JSON API (:mod:`cardavia.web.api`) and, when that module exists, the HTML pages
  (:mod:`cardavia.web.pages`); static files at ``/static``.
- Security headers on every response: a Content-Security-Policy without inline script,
  nosniff, ``Referrer-Policy: same-origin``, ``X-Frame-Options: DENY``. FastAPI's own
  documentation pages (``/docs``, ``/redoc``) load Swagger UI and ReDoc from a CDN with an
  inline script; only those two pages get a CSP that allows it.
- ``Cache-Control: no-store`` on every ``/api`` response: they carry tokens and hands.
- Request bodies above 16 KB are refused with 413, whether announced by Content-Length or
  only found while streaming.
- Errors are JSON, never HTML and never an echo of the request: a body that is not JSON (too
  deep, not UTF-8, a number too long) is 422 like any malformed body; a known ``/api`` path
  with the wrong method is 405 with ``Allow``, an unknown one 404; an unhandled exception is
  a 500 ``{"detail": "internal error"}`` that still carries the security headers.
- A database error (locked, full, unreachable, any other) answers 503 with ``Retry-After``,
  never 500: nothing was saved, the client may try again.

:func:`run_server` runs it with uvicorn, in one process or several workers; each worker
builds its own app (:func:`app_from_environment`), bot pool and database connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import importlib.util
import logging
import os
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import api
from .bots import DEFAULT_QUICK_WORKERS, BotPool
from .limits import Limits, Pruner, env_number
from .store import Store

MAX_BODY_BYTES = 16 * 1024
# A database that is locked, full or unreachable answers 503 with this Retry-After.
DATABASE_RETRY_AFTER_S = 2
DATABASE_TROUBLE = "the database is busy or unavailable; try again shortly"
logger = logging.getLogger(__name__)
STATIC_DIR = Path(__file__).with_name("static")

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_CSP = (
    f"default-src 'self'; script-src 'self' 'unsafe-inline' {DOCS_CDN}; "
    f"style-src 'self' 'unsafe-inline' {DOCS_CDN} https://fonts.googleapis.com; "
    "font-src 'self' https://fonts.gstatic.com; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "worker-src 'self' blob:; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
DOCS_PATHS = ("/docs", "/docs/oauth2-redirect", "/redoc")

SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
]
NO_STORE = (b"cache-control", b"no-store")
# What FastAPI answers (400) when the body cannot be parsed at all: RecursionError on deep
# nesting, UnicodeDecodeError, a number over Python's digit limit. For us it is malformed: 422.
UNPARSABLE_BODY = "There was an error parsing the body"


def is_api_path(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


class SecurityHeaders:
    """Adds the security headers to every HTTP response, and ``no-store`` under ``/api``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        csp = DOCS_CSP if scope["path"] in DOCS_PATHS else CSP
        added = [(b"content-security-policy", csp.encode()), *SECURITY_HEADERS]
        if is_api_path(scope["path"]):
            added.append(NO_STORE)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                headers = list(message.get("headers", []))
                for name, value in added:
                    if name not in names:
                        headers.append((name, value))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class InternalErrors:
    """Answers an unhandled exception with a JSON 500 from inside :class:`SecurityHeaders`
    (Starlette's own 500 comes from outside every middleware, without their headers), then
    re-raises it for the server's log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception:
            if not started:
                response = JSONResponse({"detail": "internal error"}, status_code=500)
                await response(scope, receive, send)
            raise


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes with 413: at once when Content-Length
    says so, else as soon as the streamed body passes the limit."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope["headers"]:
            if name == b"content-length":
                if not value.isdigit():
                    await JSONResponse({"detail": "bad Content-Length"}, 400)(scope, receive, send)
                    return
                if int(value) > self.limit:
                    await self._refuse(scope, receive, send)
                    return
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    # FastAPI lets an HTTPException from reading the body through.
                    raise HTTPException(413, self._detail())
            return message

        await self.app(scope, limited_receive, send)

    def _detail(self) -> str:
        return f"the request body is over {self.limit // 1024} KB"

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = JSONResponse({"detail": self._detail()}, status_code=413)
        await response(scope, receive, send)


def encodable(value: Any) -> Any:
    """``value`` (JSON-like) with every string made UTF-8 encodable: a lone surrogate from a
    ``\\ud800`` JSON escape becomes ``?`` instead of failing the response."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, list | tuple):
        return [encodable(item) for item in value]
    if isinstance(value, dict):
        return {encodable(key): encodable(item) for key, item in value.items()}
    return value


async def validation_error(_request: Request, exc: Exception) -> Response:
    """422 with where and why, never the input (it may be huge, deep or unencodable)."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"type": error["type"], "loc": encodable(error["loc"]), "msg": encodable(error["msg"])}
        for error in exc.errors()
    ]
    return JSONResponse({"detail": errors}, status_code=422)


async def http_error(request: Request, exc: Exception) -> Response:
    """FastAPI's answer with an encodable detail; an unparsable body is 422, not 400."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 400 and exc.detail == UNPARSABLE_BODY:
        error = {"type": "json_invalid", "loc": ["body"], "msg": "the body is not valid JSON"}
        return JSONResponse({"detail": [error]}, status_code=422)
    safe = StarletteHTTPException(exc.status_code, encodable(exc.detail), exc.headers)
    return await http_exception_handler(request, safe)


class ApiFallback:
    """Any ``/api`` request no route of ``router`` took, whatever its method (an ASGI app:
    Starlette would limit a function endpoint to GET): 405 with ``Allow`` when the path is
    one of the router's (the pages' catch-all routes would otherwise answer it with their
    HTML 404), else 404."""

    def __init__(self, router: APIRouter) -> None:
        self.router = router

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        allowed = {
            method
            for route in self.router.routes
            if isinstance(route, Route) and route.methods
            if route.path_regex.match(scope["path"])
            for method in route.methods
        }
        response = JSONResponse({"detail": "Not Found"}, status_code=404)
        if allowed:
            headers = {"Allow": ", ".join(sorted(allowed))}
            response = JSONResponse(
                {"detail": "Method Not Allowed"}, status_code=405, headers=headers
            )
        await response(scope, receive, send)


async def database_trouble(request: Request, error: Exception) -> JSONResponse:
    """Any database error (locked, full, unreachable, or other) is the service's passing
    trouble, never a 500: nothing was saved, and the client may try again."""
    reason = str(getattr(error, "orig", None) or error).strip().splitlines() or ["?"]
    logger.warning("database error on %s %s: %s", request.method, request.url.path, reason[0])
    headers = {"Retry-After": str(DATABASE_RETRY_AFTER_S)}
    return JSONResponse({"detail": DATABASE_TROUBLE}, status_code=503, headers=headers)


def _include_pages(app: FastAPI) -> None:
    """The pages router, when :mod:`cardavia.web.pages` exists (errors inside it surface)."""
    if importlib.util.find_spec("cardavia.web.pages") is None:
        return
    pages = importlib.import_module("cardavia.web.pages")
    app.include_router(pages.router)


def create_app(
    database_url: str | None = None,
    bot_budget: float = 1.0,
    bot_workers: int = DEFAULT_QUICK_WORKERS,
    *,
    bots_in_process: bool = False,
    strong_bot_workers: int | None = None,
    limits: Limits | None = None,
) -> FastAPI:
    """The web app on ``database_url`` (default: ``CARDAVIA_DATABASE_URL`` or the SQLite
    file ``cardavia.sqlite3`` in the current directory). Random and basic bots decide in a
    pool of ``bot_workers`` processes, strong bots and hints (``bot_budget`` seconds per
    decision) in their own pool of ``strong_bot_workers`` (threads with
    ``bots_in_process``, for tests). ``limits``: creations per address, stored state size,
    pruning (default :class:`Limits`: no pruning)."""
    store = Store(database_url)
    bots = BotPool(
        bot_workers, bot_budget, in_process=bots_in_process, strong_workers=strong_bot_workers
    )
    limits = limits or Limits()
    pruner = (
        None
        if limits.prune_after is None
        else Pruner(store, limits.prune_after, limits.prune_every)
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        pruning = None if pruner is None else asyncio.create_task(pruner.run())
        try:
            yield
        finally:
            if pruning is not None:
                pruning.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pruning
            bots.shutdown()
            store.dispose()

    app = FastAPI(
        title="Cardavia",
        summary="Traditional card games against computer opponents.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.store = store
    app.state.bots = bots
    app.state.limits = limits
    app.state.creation_limiter = limits.creation_limiter()
    app.state.pruner = pruner
    app.add_exception_handler(SQLAlchemyError, database_trouble)
    app.include_router(api.router)
    for path in ("/api", "/api/{rest:path}"):  # after the API, before the pages
        app.router.routes.append(Route(path, ApiFallback(api.router), include_in_schema=False))
    _include_pages(app)
    if STATIC_DIR.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(InternalErrors)
    app.add_middleware(SecurityHeaders)
    return app


def settings_from_environment() -> dict[str, Any]:
    """The keyword arguments of :func:`create_app` that ``cardavia serve`` passes through
    the environment: ``CARDAVIA_DATABASE_URL``, ``CARDAVIA_BOT_BUDGET`` (seconds),
    ``CARDAVIA_BOT_WORKERS`` (quick pool, default 2), ``CARDAVIA_STRONG_BOT_WORKERS``
    (default: cores - 1, at least 2) and the limits of :meth:`Limits.from_environment`
    (pruning after 30 days by default). A ValueError names a setting that is wrong."""
    strong_workers = env_number("CARDAVIA_STRONG_BOT_WORKERS", int, 0)
    return {
        "database_url": os.environ.get("CARDAVIA_DATABASE_URL") or None,
        "bot_budget": env_number("CARDAVIA_BOT_BUDGET", float, 1.0),
        "bot_workers": env_number("CARDAVIA_BOT_WORKERS", int, DEFAULT_QUICK_WORKERS),
        "strong_bot_workers": strong_workers or None,
        "limits": Limits.from_environment(),
    }


def app_from_environment() -> FastAPI:
    """The app factory ``cardavia serve`` gives uvicorn (one call per worker process), on
    :func:`settings_from_environment`."""
    return create_app(**settings_from_environment())


APP_FACTORY = "cardavia.web.app:app_from_environment"


def tcp_listener(sock: socket.socket) -> socket.socket:
    """``sock`` marked as TCP (``proto`` 6). uvicorn binds a multi-worker server's socket
    with ``proto`` 0; accepted connections inherit it, so asyncio never sets TCP_NODELAY
    on them and each keep-alive response waits about 40 ms for the client's delayed ACK
    (Kludex/uvicorn#3149)."""
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto != socket.IPPROTO_TCP:
        return socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
    return sock


# A new worker answers the supervisor's health check only once it has imported the app;
# with uvicorn's 5 s, a busy machine had workers killed as hung while they started, again
# and again. A worker that dies (SIGKILL, crash) is still replaced at once.
WORKER_HEALTHCHECK_S = 30


def run_server(host: str, port: int, workers: int = 1, log_level: str = "warning") -> None:
    """Serve :data:`APP_FACTORY` with uvicorn until interrupted (what ``uvicorn.run`` does,
    with the multi-worker socket fixed by :func:`tcp_listener`)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(
        APP_FACTORY,
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level=log_level,
        timeout_worker_healthcheck=WORKER_HEALTHCHECK_S,
    )
    try:
        if workers > 1:
            Multiprocess(config, sockets=[tcp_listener(config.bind_socket())]).run()
        else:
            uvicorn.Server(config).run()
    except KeyboardInterrupt:
        pass
