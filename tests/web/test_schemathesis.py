"""Schemathesis against the app's own OpenAPI spec: generated requests, valid and not, to
every operation must never get a 5xx, and every answer must be one the spec documents
(status code, content type, body schema). Bounded and derandomized: the same requests on
every run. Half the requests to a match go to a real one, with its token, so that the
answers past the 404 (400, 409, 200) are checked too."""

from __future__ import annotations

import functools
import itertools
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from cardavia.web.app import create_app

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

DATABASE = Path(tempfile.mkdtemp(prefix="cardavia-schemathesis-")) / "cardavia.sqlite3"
APP = create_app(f"sqlite:///{DATABASE}", bots_in_process=True, bot_budget=0.05)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
REQUESTS_TO_A_MATCH = itertools.count()


@pytest.fixture(scope="module", autouse=True)
def shut_down_the_app() -> Iterator[None]:
    yield
    APP.state.bots.shutdown()
    APP.state.store.dispose()
    shutil.rmtree(DATABASE.parent)


@functools.cache
def real_matches() -> list[tuple[str, str]]:
    """(id, token) of a few matches created through the API, each at seat 0's turn."""
    client = TestClient(APP)  # no lifespan: the bot pool must outlive this client
    matches = []
    for game in ("doudizhu", "holdem", "bridge"):
        match = client.post("/api/matches", json={"game": game, "level": "basic"}).json()
        headers = {"X-Match-Token": match["token"]}
        while match["view"]["current_player"] not in (0, None):
            path = f"/api/matches/{match['id']}/advance"
            match |= client.post(path, json={"version": match["version"]}, headers=headers).json()
        matches.append((match["id"], match["token"]))
    return matches


def aim_at_a_real_match(case: schemathesis.Case[Any]) -> None:
    """Every other request to a match: a real match's id and token instead of generated
    ones (which are a 404 or 403 whatever the rest of the request says)."""
    if "match_id" not in case.path_parameters:
        return
    number = next(REQUESTS_TO_A_MATCH)
    if number % 2:
        return
    matches = real_matches()
    match_id, token = matches[number // 2 % len(matches)]
    case.path_parameters["match_id"] = match_id
    case.headers["X-Match-Token"] = token


@schema.parametrize()
@settings(
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_keeps_to_its_spec(case: schemathesis.Case[Any]) -> None:
    aim_at_a_real_match(case)
    case.call_and_validate(checks=CHECKS)
