"""The API over HTTP at its edges (issue 11): whatever a client sends, the answer is a 4xx
JSON error, never a 500 and never HTML, and every answer, errors included, carries the
security headers and ``Cache-Control: no-store``. One regression test per defect found."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx import Response

from cardavia.web.app import CSP, create_app

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"


@pytest.fixture
def client(url: str) -> Iterator[TestClient]:
    app = create_app(url, bot_workers=1, bot_budget=0.05, bots_in_process=True)
    with TestClient(app) as client:
        yield client


@pytest.fixture
def match(client: TestClient) -> dict[str, Any]:
    """A new Dou Dizhu match (as dealt) with its token."""
    response = client.post("/api/matches", json={"game": "doudizhu", "level": "random"})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token(match: dict[str, Any]) -> dict[str, str]:
    return {"X-Match-Token": match["token"]}


def version_of(client: TestClient, match: dict[str, Any]) -> int:
    response = client.get(f"/api/matches/{match['id']}", headers=token(match))
    assert response.status_code == 200, response.text
    version: int = response.json()["version"]
    return version


def assert_headers(response: Response) -> None:
    """The security headers, and no-store (every case here is under /api)."""
    assert response.headers["content-security-policy"] == CSP
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["referrer-policy"] == "same-origin"
    assert response.headers["cache-control"] == "no-store"


def assert_json_error(response: Response, status: int) -> Any:
    """``response`` is the JSON error ``status`` with every header; answers its detail."""
    assert response.status_code == status, (response.status_code, response.text)
    assert response.headers["content-type"] == "application/json"
    assert_headers(response)
    return response.json()["detail"]


def assert_validation_error(response: Response) -> list[dict[str, Any]]:
    """A 422 in FastAPI's shape (loc, msg, type), without the input that failed."""
    errors: list[dict[str, Any]] = assert_json_error(response, 422)
    assert errors and all({"loc", "msg", "type"} == set(error) for error in errors), errors
    return errors


# --- the body ----------------------------------------------------------------------------


def test_a_lone_surrogate_in_the_body_is_422_not_500(
    client: TestClient, match: dict[str, Any]
) -> None:
    """``\\ud800`` is valid JSON but not encodable UTF-8: the 422 used to echo it back and
    fail with a 500, before any token was asked for."""
    actions = f"/api/matches/{match['id']}/actions"
    cases = [
        ("/api/matches", b'{"game": "\\ud800"}'),
        ("/api/matches", b'{"game": "doudizhu", "\\ud800": 1}'),
        ("/api/matches", b'{"game": "doudizhu", "level": "\\udfff\\ud800"}'),
        (actions, b'{"action": "\\ud800", "version": 1}'),
        (actions, b'{"action": "pass", "version": 1, "\\ud800\\ud800": "\\ud800"}'),
    ]
    for path, body in cases:
        response = client.post(path, content=body, headers={**JSON, **token(match)})
        errors = assert_validation_error(response)
        assert "\\ud800" not in response.text and "ud800" not in response.text
        assert all(isinstance(part, str | int) for error in errors for part in error["loc"])


def test_deeply_nested_json_is_422_not_400(client: TestClient, match: dict[str, Any]) -> None:
    """Python's parser gives up (RecursionError) and FastAPI answered 400; it is a malformed
    body like any other. (10,000 levels is 20 KB, over the body limit: 413.)"""
    deep = b"[" * 5000 + b"]" * 5000
    for path in ("/api/matches", f"/api/matches/{match['id']}/advance"):
        for body in (deep, b'{"game": ' + deep + b"}"):
            response = client.post(path, content=body, headers={**JSON, **token(match)})
            errors = assert_validation_error(response)
            assert errors[0]["type"] == "json_invalid"
    too_big = b"[" * 10_000 + b"]" * 10_000
    assert_json_error(client.post("/api/matches", content=too_big, headers=JSON), 413)


def test_bodies_that_are_not_json_are_422(client: TestClient, match: dict[str, Any]) -> None:
    """A non-JSON content type, bytes that are not UTF-8 (which FastAPI answered with 400,
    or with a 500 when it tried to echo them), an empty body: 422, nothing created."""
    actions = f"/api/matches/{match['id']}/actions"
    body = json.dumps({"action": "pass", "version": 1}).encode()
    cases: list[tuple[bytes, dict[str, str]]] = [
        (body, {"Content-Type": "text/plain"}),
        (body, {"Content-Type": "application/x-www-form-urlencoded"}),
        (b'{"game": "\xff\xfe"}', JSON),
        (b"\xff\xfe\xfd", JSON),
        (b"\xff\xfe\xfd", {"Content-Type": "text/plain"}),
        (b"\xc3(", {"Content-Type": "application/octet-stream"}),
        (b"", JSON),
        (b"", {}),
        (b"null", JSON),
        (b"{not json", JSON),
    ]
    for content, headers in cases:
        for path in ("/api/matches", actions):
            response = client.post(path, content=content, headers={**headers, **token(match)})
            assert_validation_error(response)
    assert version_of(client, match) == match["version"]


def test_version_and_quick_are_strict(client: TestClient, match: dict[str, Any]) -> None:
    """``"7"``, ``7.0`` and ``true`` were taken for the integer 7 (or 1); ``"true"`` and
    ``1`` for true. The version here is the match's own, so only strictness refuses them."""
    version = match["version"]
    actions = f"/api/matches/{match['id']}/actions"
    advance = f"/api/matches/{match['id']}/advance"
    wrongs: list[Any] = [str(version), float(version), True, [version], {"v": version}]
    for wrong in wrongs:
        body: dict[str, Any] = {"action": "pass", "version": wrong}
        assert_validation_error(client.post(actions, json=body, headers=token(match)))
        body = {"version": wrong}
        assert_validation_error(client.post(advance, json=body, headers=token(match)))
    for not_bool in ("true", 1, 0, "false", None):
        body = {"version": version, "quick": not_bool}
        assert_validation_error(client.post(advance, json=body, headers=token(match)))
    # 7.0 written as such in the JSON, not as Python's float
    content = b'{"version": %d.0}' % version
    response = client.post(advance, content=content, headers={**JSON, **token(match)})
    assert_validation_error(response)
    assert version_of(client, match) == version


def test_huge_versions_are_422(client: TestClient, match: dict[str, Any]) -> None:
    """Over the database's 32-bit integer, or over Python's 4300 digits: 422, the store is
    never asked to compare them."""
    advance = f"/api/matches/{match['id']}/advance"
    for huge in (2**31, 10**30, -(2**63)):
        response = client.post(advance, json={"version": huge}, headers=token(match))
        assert_validation_error(response)
    content = b'{"version": ' + b"9" * 5000 + b"}"
    response = client.post(advance, content=content, headers={**JSON, **token(match)})
    assert_validation_error(response)
    largest = client.post(advance, json={"version": 2**31 - 1}, headers=token(match))
    assert_json_error(largest, 409)  # accepted as a version, just not this match's


# --- paths, methods, headers, queries ----------------------------------------------------


def test_a_wrong_method_on_an_api_path_is_405_with_allow(
    client: TestClient, match: dict[str, Any]
) -> None:
    """``GET /api/matches`` answered the HTML 404 page (the pages' ``/{lang}/{tradition}``)."""
    match_path = f"/api/matches/{match['id']}"
    cases = [
        ("GET", "/api/matches", "POST"),
        ("PUT", "/api/matches", "POST"),
        ("POST", "/api/games", "GET"),
        ("DELETE", match_path, "GET"),
        ("POST", match_path, "GET"),
        ("GET", f"{match_path}/actions", "POST"),
        ("GET", f"{match_path}/advance", "POST"),
        ("POST", f"{match_path}/hint", "GET"),
        ("PATCH", "/api/matches/anything/hint", "GET"),
        ("BREW", "/api/games", "GET"),
    ]
    for method, path, allow in cases:
        response = client.request(method, path, headers=token(match))
        assert assert_json_error(response, 405) == "Method Not Allowed"
        assert response.headers["allow"] == allow, (method, path)


def test_unknown_api_paths_are_json_404(client: TestClient) -> None:
    """Not the HTML page the pages' catch-all routes answer."""
    for method, path in [
        ("GET", "/api"),
        ("GET", "/api/"),
        ("GET", "/api/nope"),
        ("POST", "/api/nope"),
        ("GET", "/api/matches/"),
        ("GET", "/api/matches/x/y/z"),
        ("GET", "/api/matches/x/unknown"),
        ("DELETE", "/api/games/1"),
        ("GET", "/api/matches/a%2Fb"),
    ]:
        response = client.request(method, path)
        assert assert_json_error(response, 404) == "Not Found", (method, path)
    page = client.get("/en/nope")  # the pages keep their own 404
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")


def test_odd_match_ids_are_404_without_asking_the_store(
    client: TestClient, match: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An id that no match can have (ids are token_urlsafe) is a 404 before the database:
    PostgreSQL refuses a NUL in text, for one."""
    store = client.app.state.store  # type: ignore[attr-defined]
    loaded: list[str] = []
    load = store.load

    def recording_load(match_id: str) -> Any:
        loaded.append(match_id)
        return load(match_id)

    monkeypatch.setattr(store, "load", recording_load)
    for odd in ("%00", "a%00b", "%ff", "%C3%A9", "...", "a.b", "x" * 65, "%20", "a%0Ab", "~"):
        for suffix in ("", "/hint"):
            response = client.get(f"/api/matches/{odd}{suffix}", headers=token(match))
            assert assert_json_error(response, 404) == "no such match", odd
        response = client.post(
            f"/api/matches/{odd}/advance", json={"version": 1}, headers=token(match)
        )
        assert_json_error(response, 404)
    assert loaded == []
    assert version_of(client, match) == match["version"] and loaded == [match["id"]]


def test_odd_tokens_and_query_strings_are_4xx_json(
    client: TestClient, match: dict[str, Any]
) -> None:
    path = f"/api/matches/{match['id']}"
    for odd in (
        b"\xff\x01 \xe9",
        b"",
        b" ",
        b"\x7f",
        b"x" * 128,
        b"a,b",
        match["token"].encode()[1:],
    ):
        assert_json_error(client.get(path, headers={"X-Match-Token": odd}), 403)
    assert_validation_error(client.get(path, headers={"X-Match-Token": "x" * 129}))
    for query in ("?x=%ff%00", "?version=7&version=8", "?&&==&", "?match_id=other", "?%zz"):
        response = client.get(path + query, headers=token(match))
        assert response.status_code == 200 and response.json()["id"] == match["id"]
        assert_headers(response)
        assert_json_error(client.get(path + query), 403)


# --- the 500 and the headers --------------------------------------------------------------


def test_an_unhandled_exception_is_a_json_500_with_every_security_header(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Starlette's own 500 comes from outside every middleware: plain text, no CSP, no
    nosniff, no frame header."""
    app = create_app(url, bot_workers=1, bot_budget=0.05, bots_in_process=True)
    with TestClient(app, raise_server_exceptions=False) as client:
        created = client.post("/api/matches", json={"game": "runfast", "level": "random"}).json()

        def broken_load(_match_id: str) -> None:
            raise RuntimeError("the database went away")

        monkeypatch.setattr(app.state.store, "load", broken_load)
        response = client.get(f"/api/matches/{created['id']}", headers=token(created))
        assert assert_json_error(response, 500) == "internal error"
        assert "database" not in response.text
    with TestClient(app) as client, pytest.raises(RuntimeError, match="went away"):
        client.get(f"/api/matches/{created['id']}", headers=token(created))  # still logged


def test_every_api_response_is_no_store(client: TestClient, match: dict[str, Any]) -> None:
    """Answers carry a token or a hand: no cache may keep them. The pages are unaffected."""
    match_path = f"/api/matches/{match['id']}"
    while match["view"]["current_player"] != 0:
        body = {"version": match["version"]}
        response = client.post(f"{match_path}/advance", json=body, headers=token(match))
        assert response.status_code == 200, response.text
        assert_headers(response)
        match = {**match, **response.json()}
    responses = [
        client.get("/api/games"),
        client.post("/api/matches", json={"game": "runfast"}),
        client.get(match_path, headers=token(match)),
        client.get(f"{match_path}/hint", headers=token(match)),
        client.post(
            f"{match_path}/actions",
            json={"action": match["view"]["legal_actions"][0], "version": match["version"]},
            headers=token(match),
        ),
        client.get(match_path),
        client.post("/api/matches", json={"game": "chess"}),
    ]
    assert [response.status_code for response in responses] == [200, 201, 200, 200, 200, 403, 422]
    for response in responses:
        assert_headers(response)
    assert "cache-control" not in client.get("/en/").headers


# --- the spec -----------------------------------------------------------------------------


def test_openapi_documents_every_error_status(client: TestClient) -> None:
    """What schemathesis checks answers against; 429 and 503 come with the rate limit and
    the busy database."""
    paths = client.get("/openapi.json").json()["paths"]
    store_errors = {"413", "422", "503"}
    expected = {
        ("get", "/api/games"): {"413"},
        ("post", "/api/matches"): {"400", "429"} | store_errors,
        ("get", "/api/matches/{match_id}"): {"403", "404"} | store_errors,
        ("post", "/api/matches/{match_id}/actions"): {"400", "403", "404", "409"} | store_errors,
        ("post", "/api/matches/{match_id}/advance"): {"400", "403", "404", "409"} | store_errors,
        ("get", "/api/matches/{match_id}/hint"): {"403", "404", "409"} | store_errors,
    }
    for (method, path), errors in expected.items():
        responses = paths[path][method]["responses"]
        assert set(responses) - {"200", "201"} == errors, (method, path)
        for code in errors - {"422"}:
            content = responses[code]["content"]["application/json"]["schema"]
            assert content == {"$ref": "#/components/schemas/ErrorOut"}, (path, code)
