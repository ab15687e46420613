"""Browser tests: the real app (``cardavia serve`` in a subprocess, SQLite in a temporary
folder) driven by Playwright for Python through Debian's Chromium.

Playwright's own browser download cannot work here, so the tests launch
``/usr/bin/chromium`` (or ``$CARDAVIA_CHROMIUM``); the Makefile's ``test`` target installs
it when missing. Without it these tests fail, they do not skip: CI must prove them.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, Request, expect, sync_playwright

import cardavia
from cardavia.locale import catalog
from cardavia.web.store import Store, hash_token

CHROMIUM = os.environ.get("CARDAVIA_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
]
SCREENSHOTS = Path(__file__).with_name("screenshots")
TIMEOUT_MS = 20_000  # any single wait; a bot move is shown for 0.6 s
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
CARD = re.compile(r"^(?:[2-9TJQKA][SHDC]|BJ|RJ)$")
SETTINGS = ["contrast", "grain", "temperature"]
# A catalog key shown instead of its text ("table.confirm"), or a placeholder left unfilled.
KEY_PREFIXES = "|".join(sorted({key.split(".")[0] for key in catalog("en")}))
RAW_KEY = re.compile(rf"\b(?:{KEY_PREFIXES})\.[a-z0-9_]+(?:\.[a-z0-9_]+)*\b")
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
PAGE_KEYS = ["settings.language", "settings.contrast", "settings.grain", "settings.temperature"]


# --- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``cardavia serve`` in a subprocess on 127.0.0.1, ``random``/``basic`` bots being
    fast. :meth:`stop` and :meth:`start` again keep the port and the database."""

    def __init__(self, folder: Path, port: int | None = None) -> None:
        self.folder = folder
        self.port = port or free_port()
        self.database_url = f"sqlite:///{folder / 'cardavia.sqlite3'}"
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / "server.log"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        assert self.process is None, "already running"
        env = {
            **os.environ,
            "CARDAVIA_BOT_WORKERS": "1",
            "CARDAVIA_BOT_BUDGET": "0.2",
            # One address opens every test's matches: no creation rate limit here.
            "CARDAVIA_CREATE_BURST": "1000000",
            "PYTHONUNBUFFERED": "1",
        }
        command = [
            sys.executable,
            "-c",
            "import sys; from cardavia.cli import main; sys.exit(main())",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=self.folder, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=2) as response:
                    if response.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not answer in 30 s: {self.log.read_text()[-3000:]}")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        self.process = None

    # What the server knows, straight from its database.
    def stored_state(self, match_id: str) -> Any:
        store = Store(self.database_url)
        try:
            match = store.load(match_id)
        finally:
            store.dispose()
        assert match is not None, f"match {match_id} is not in the database"
        return cardavia.new_game(match.game).state_from_json(match.state_json)

    def api(self, path: str, token: str) -> Any:
        request = urllib.request.Request(f"{self.url}{path}", headers={"X-Match-Token": token})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


@pytest.fixture(scope="package")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = Server(tmp_path_factory.mktemp("server"))
    server.start()
    yield server
    server.stop()


# --- the browser --------------------------------------------------------------------------


# Package scope: the sync API keeps an event loop running in this thread until it stops,
# and later tests (tests/web) call asyncio.run().
@pytest.fixture(scope="package")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="package")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).is_file():
        pytest.fail(
            f"Chromium is missing at {CHROMIUM}: `make test` installs Debian's chromium "
            "(apt-get install chromium); the browser tests need it",
            pytrace=False,
        )
    browser = playwright.chromium.launch(
        executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


def new_page(browser: Browser, server: Server, viewport: dict[str, int] = DESKTOP) -> Page:
    """A page in a fresh browser profile (empty localStorage), English by default."""
    context = browser.new_context(
        base_url=server.url, viewport=viewport, locale="en-US", reduced_motion="reduce"
    )
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    PAGE_ERRORS[page] = errors
    return page


def close_page(page: Page) -> None:
    """Closes the page's browser profile; no script error may have happened on it."""
    errors = PAGE_ERRORS.pop(page, [])
    page.context.close()
    assert not errors, f"script errors on the page: {errors}"


PAGE_ERRORS: dict[Page, list[str]] = {}


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    page = new_page(browser, server)
    yield page
    close_page(page)


def screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


# --- languages ----------------------------------------------------------------------------


def text(lang: str, key: str) -> str:
    value = catalog(lang)[key]
    assert isinstance(value, str)
    return value


def assert_translated(page: Page, lang: str, keys: list[str]) -> None:
    """The page is in ``lang``: its texts for ``keys`` show, English ones that differ do
    not, and no raw catalog key or placeholder is visible."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    body = page.locator("body").inner_text()
    for key in [*PAGE_KEYS, *keys]:
        assert text(lang, key) in body, f"{lang}: {key} = {text(lang, key)!r} is not shown"
        english = text("en", key)
        if lang != "en" and english != text(lang, key) and len(english) > 5:
            shown = re.search(rf"(?<!\w){re.escape(english)}(?!\w)", body)
            assert not shown, f"{lang}: {key} is still in English ({english!r})"
    assert not RAW_KEY.findall(body), f"{lang}: catalog keys shown: {RAW_KEY.findall(body)}"
    assert not PLACEHOLDER.findall(body), f"{lang}: placeholders shown: {body[:200]}"


# --- the table ----------------------------------------------------------------------------


def wait_idle(page: Page) -> None:
    """Until the table waits for You (or the deal is over): nothing being sent or shown."""
    page.wait_for_selector(
        "[data-testid=table][data-busy=false][data-version]:is([data-turn='0'], [data-over=true])",
        state="attached",
    )


def table_attr(page: Page, name: str) -> str:
    value = page.get_by_test_id("table").get_attribute(f"data-{name}")
    return value or ""


def is_over(page: Page) -> bool:
    return table_attr(page, "over") == "true"


def hand(page: Page) -> list[str]:
    cards = page.get_by_test_id("hand-card").evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    return [str(card) for card in cards]


def match_id(page: Page) -> str:
    found = re.search(r"/play/\w+/([\w-]+)(?:[?#].*)?$", page.url)
    assert found, f"no match id in {page.url}"
    return found.group(1)


def token(page: Page) -> str:
    value = page.evaluate("id => localStorage.getItem(`cardavia.token.${id}`)", match_id(page))
    assert value, "no token in localStorage"
    return str(value)


def after_action(page: Page, version: str) -> None:
    """Waits for the answer to an action sent at ``version`` to be shown."""
    page.wait_for_function(
        """version => {
            const table = document.querySelector('[data-testid=table]');
            const message = document.querySelector('[data-testid=message]');
            return table.dataset.busy === 'false'
                && (table.dataset.version !== version || !message.hidden);
        }""",
        arg=version,
    )
    message = page.get_by_test_id("message")
    assert message.is_hidden(), f"the action was refused: {message.inner_text()}"
    wait_idle(page)


def take_hint(page: Page) -> str:
    """Clicks Hint and waits for it to show: cards selected (Confirm enabled) or a button
    marked. Answers 'confirm' or the marked button's action."""
    page.get_by_test_id("hint").click()
    handle = page.wait_for_function(
        """() => {
            const confirm = document.querySelector('[data-testid=confirm]');
            if (!confirm.hidden && !confirm.disabled) return 'confirm';
            const marked = document.querySelector('[data-action].is-hinted');
            return marked ? marked.dataset.action : null;
        }"""
    )
    return str(handle.json_value())


def play_turn(page: Page) -> None:
    """One turn of You, by clicks: Hint, then Confirm if enabled, else the suggested bid or
    Pass."""
    wait_idle(page)
    version = table_attr(page, "version")
    choice = take_hint(page)
    if choice == "confirm":
        page.get_by_test_id("confirm").click()
    else:
        page.locator(f"[data-action='{choice}']").click()
    after_action(page, version)


def play_until_over(page: Page, turns: int = 60, each: Any = None) -> int:
    """Plays You's turns until the deal is over; ``each()`` after every turn."""
    wait_idle(page)
    played = 0
    while not is_over(page):
        assert played < turns, f"the deal is not over after {turns} turns"
        play_turn(page)
        played += 1
        if each is not None:
            each()
    return played


# --- one screen -----------------------------------------------------------------------------

SIZES = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 375, "height": 800}}


def settle(page: Page) -> None:
    """Two frames: the layout after a resize is drawn."""
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def outside(page: Page, selectors: list[str]) -> list[dict[str, Any]]:
    """The visible elements of ``selectors`` whose box is not wholly inside the viewport
    (inside a panel that scrolls by itself, such as the last hand, only the panel counts)."""
    found: list[dict[str, Any]] = page.evaluate(
        """selectors => {
            const scrolls = (node) => ['auto', 'scroll'].includes(getComputedStyle(node).overflowY);
            const inPanel = (node) => {
                for (let up = node.parentElement; up; up = up.parentElement) {
                    if (scrolls(up)) return true;
                }
                return false;
            };
            const bad = [];
            for (const selector of selectors) {
                for (const node of document.querySelectorAll(selector)) {
                    const box = node.getBoundingClientRect();
                    if (!box.width || !box.height || node.closest('[hidden]')) continue;
                    if (getComputedStyle(node).visibility === 'hidden' || inPanel(node)) continue;
                    const inside = box.left >= -0.5 && box.top >= -0.5
                        && box.right <= innerWidth + 0.5 && box.bottom <= innerHeight + 0.5;
                    if (!inside) bad.push({ selector, id: node.dataset.testid ?? node.id ?? '',
                        text: node.textContent.slice(0, 30), top: box.top, bottom: box.bottom,
                        left: box.left, right: box.right });
                }
            }
            return bad;
        }""",
        selectors,
    )
    return found


def fits(page: Page, label: str, shot: str, needed: list[str]) -> dict[str, int]:
    """At the page's viewport: no page scroll, every visible element of ``needed`` inside
    the viewport; a screenshot named ``shot``. The page's scroll measures (height, width,
    y), for a caller that asks more of them."""
    viewport = page.viewport_size
    assert viewport is not None, f"{label}: the page has no fixed viewport"
    settle(page)
    screenshot(page, shot)
    scroll: dict[str, int] = page.evaluate(
        """() => { const s = document.scrollingElement;
            return { height: s.scrollHeight, width: s.scrollWidth, y: scrollY }; }"""
    )
    assert scroll["height"] <= viewport["height"], f"{label}: the page scrolls ({scroll})"
    assert scroll["width"] <= viewport["width"], f"{label}: the page scrolls sideways"
    assert not outside(page, needed), f"{label}: off screen {outside(page, needed)}"
    return scroll


def fits_at_sizes(
    page: Page, sizes: list[str], label: str, shot: str, needed: list[str], at_top: bool = False
) -> None:
    """:func:`fits` at each of ``sizes`` (names in :data:`SIZES`), and not scrolled if
    ``at_top``; the page is left at the first size."""
    for size in sizes:
        page.set_viewport_size(SIZES[size])
        scroll = fits(page, f"{label} {size}", f"{shot}-{size}", needed)
        assert not at_top or scroll["y"] == 0, f"{label} {size}: the page was scrolled"
    page.set_viewport_size(SIZES[sizes[0]])
    settle(page)


# --- deals with an interlude (Guandan, Tractor) ---------------------------------------------

DEAL_TIMEOUT_MS = 60_000  # a whole AI trick or the end of a deal, on a busy machine


def wait_for_you(page: Page) -> str:
    """Until the page waits for You: 'turn', 'next' (a deal's result and Next deal) or
    'over'."""
    handle = page.wait_for_function(
        """() => {
            const table = document.querySelector('[data-testid=table]');
            const next = document.querySelector('[data-testid=interlude-next]');
            if (next && next.offsetParent) return 'next';
            if (table.dataset.busy !== 'false' || !table.dataset.version) return null;
            if (table.dataset.over === 'true') return 'over';
            if (table.dataset.turn === '0') return 'turn';
            return null;
        }""",
        timeout=DEAL_TIMEOUT_MS,
    )
    return str(handle.json_value())


def sent(page: Page, version: str) -> str:
    """After a click that sends an action at ``version``: until it is answered and shown;
    then :func:`wait_for_you`."""
    page.wait_for_function(
        """version => {
            const table = document.querySelector('[data-testid=table]');
            const message = document.querySelector('[data-testid=message]');
            const next = document.querySelector('[data-testid=interlude-next]');
            return (next && next.offsetParent) || !message.hidden
                || (table.dataset.busy === 'false' && table.dataset.version !== version);
        }""",
        arg=version,
        timeout=DEAL_TIMEOUT_MS,
    )
    message = page.get_by_test_id("message")
    assert message.is_hidden(), f"the action was refused: {message.inner_text()}"
    return wait_for_you(page)


def current_view(page: Page, server: Server, match: str) -> dict[str, Any]:
    """The match's view for seat 0, from the API with the page's token."""
    view: dict[str, Any] = server.api(f"/api/matches/{match}", token(page))["view"]
    return view


def click_card(card: Locator) -> None:
    """A click on the strip of a card that the next card leaves in sight."""
    card.click(position={"x": 3, "y": 30})


# --- hidden cards (SI-17) -------------------------------------------------------------------


def card_tokens(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value (whole strings or words of actions)."""
    if isinstance(value, dict):
        return set().union(*(card_tokens(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(card_tokens(item) for item in value))
    if isinstance(value, str):
        return {word for word in value.split() if CARD.match(word)}
    return set()


def public_cards(view: dict[str, Any]) -> set[str]:
    """The cards seat 0 may know: its hand, every card shown in the record, the bottom."""
    known = set(view.get("hand") or []) | set(view.get("bottom") or [])
    for event in view.get("events", []):
        known |= set(event.get("cards") or []) | set(event.get("bottom") or [])
    return known


@dataclass
class ApiLog:
    """The JSON of every /api/ response the page receives (read at once, in order)."""

    pending: list[Any] = field(default_factory=list)
    bodies: list[tuple[str, Any]] = field(default_factory=list)

    def attach(self, page: Page) -> None:
        page.on("response", lambda response: self._seen(response))

    def _seen(self, response: Any) -> None:
        if "/api/" in response.url:
            self.pending.append(response)

    def drain(self) -> None:
        while self.pending:
            response = self.pending.pop(0)
            self.bodies.append((response.url, response.json()))

    def views(self) -> list[tuple[str, dict[str, Any]]]:
        """Every view received so far (drained first), with its URL, in order."""
        self.drain()
        return [
            (url, body["view"])
            for url, body in self.bodies
            if isinstance(body, dict) and body.get("view") is not None
        ]


def wait_ready(page: Page) -> str:
    """Until the page waits for You: 'turn', 'over', or 'watch' (You are out of chips and
    the page offers Watch or Restart)."""
    handle = page.wait_for_function(
        """() => {
            const table = document.querySelector('[data-testid=table]');
            const offer = document.querySelector('[data-testid=watch-offer]');
            const watch = document.querySelector('[data-testid=watch]');
            if (offer && !offer.hidden && watch && !watch.hidden) return 'watch';
            if (table.dataset.busy !== 'false' || !table.dataset.version) return null;
            if (table.dataset.over === 'true') return 'over';
            if (table.dataset.turn === '0') return 'turn';
            return null;
        }"""
    )
    return str(handle.json_value())


def click_and_wait(page: Page, target: Locator) -> str:
    """Clicks a control that sends one action, waits for the answer to be shown."""
    version = table_attr(page, "version")
    target.click()
    page.wait_for_function(
        """version => {
            const table = document.querySelector('[data-testid=table]');
            const message = document.querySelector('[data-testid=message]');
            const offer = document.querySelector('[data-testid=watch-offer]');
            return (offer && !offer.hidden)
                || (table.dataset.busy === 'false'
                    && (table.dataset.version !== version || !message.hidden));
        }""",
        arg=version,
    )
    message = page.get_by_test_id("message")
    assert message.is_hidden(), f"the action was refused: {message.inner_text()}"
    return wait_ready(page)


def restart_match(page: Page) -> None:
    """Restart (confirmed if a match is in progress), until the new match is shown."""
    old = match_id(page)
    page.get_by_test_id("restart").click()
    dialog = page.get_by_test_id("restart-dialog")
    if dialog.is_visible():
        page.get_by_test_id("restart-confirm").click()
    page.wait_for_function("old => !location.pathname.endsWith('/' + old)", arg=old)


def posts(page: Page) -> list[Request]:
    sent: list[Request] = []
    page.on(
        "request",
        lambda request: (
            sent.append(request)
            if request.method == "POST" and request.url.endswith("/actions")
            else None
        ),
    )
    return sent


def sent_actions(sent: list[Request]) -> list[str]:
    return [json.loads(request.post_data or "{}")["action"] for request in sent]


# --- Texas Hold'em ------------------------------------------------------------------------


def store_match(
    server: Server, match_id: str, token: str, state: cardavia.State, level: str
) -> None:
    """``state`` written straight into the server's database as the match ``match_id``
    (the id also seeds the AI's decisions, so a fixed id replays the same match)."""
    store = Store(server.database_url)
    try:
        store.create(match_id, hash_token(token), state.game.name, level, state.to_json())
    finally:
        store.dispose()


def open_seeded_match(
    page: Page,
    server: Server,
    state: cardavia.State,
    level: str,
    name: str,
    pace: int | None = None,
) -> str:
    """``state`` stored as the match ``seeded-<name>`` of ``level`` and opened at the table,
    so a test starts from the very deal it needs; the match id. ``pace``: the ms each AI
    move stays in sight (the page's ``?pace=``; default the table's own)."""
    match_id, token = f"seeded-{name}", secrets.token_urlsafe(24)
    store_match(server, match_id, token, state, level)
    page.goto("/en/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`cardavia.token.${id}`, token)", [match_id, token]
    )
    query = "" if pace is None else f"?pace={pace}"
    page.goto(f"/en/play/{state.game.name}/{match_id}{query}")
    return match_id
