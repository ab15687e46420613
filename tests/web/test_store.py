"""The match store on SQLite and PostgreSQL: versions, optimistic concurrency, token
hashes, default URL; the Alembic migrations; database trouble answered 503."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, event, insert, inspect, text

from cardavia.web.app import DATABASE_RETRY_AFTER_S, create_app
from cardavia.web.bots import bot_seed
from cardavia.web.limits import Limits
from cardavia.web.store import (
    FIRST_REVISION,
    SQLITE_BUSY_TIMEOUT_S,
    Base,
    MatchRow,
    Store,
    alembic_config,
    default_database_url,
    hash_token,
    migrate,
    token_matches,
)


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    store = Store(database_url)
    yield store
    store.dispose()


def test_create_load_save(store: Store) -> None:
    assert store.create("m1", hash_token("secret"), "doudizhu", "basic", '{"a":1}') == 1
    match = store.load("m1")
    assert match is not None
    assert (match.game, match.level, match.state_json, match.version) == (
        "doudizhu",
        "basic",
        '{"a":1}',
        1,
    )
    assert match.token_hash != "secret" and len(match.token_hash) == 64
    assert store.save("m1", 1, '{"a":2}') == 2
    again = store.load("m1")
    assert again is not None and (again.state_json, again.version) == ('{"a":2}', 2)
    assert store.stored_size("m1") == len('{"a":2}')


def test_a_stale_save_changes_nothing(store: Store) -> None:
    store.create("m1", hash_token("t"), "runfast", "random", "first")
    assert store.save("m1", 1, "tab one") == 2
    assert store.save("m1", 1, "tab two") is None  # the second tab is refused
    match = store.load("m1")
    assert match is not None and (match.state_json, match.version) == ("tab one", 2)


def test_unknown_match(store: Store) -> None:
    assert store.load("nope") is None
    assert store.save("nope", 1, "x") is None


def test_the_table_survives_a_new_store(database_url: str) -> None:
    first = Store(database_url)
    first.create("m1", hash_token("t"), "doudizhu", "basic", "state")
    first.dispose()
    second = Store(database_url)  # migrating again: the table and its rows stay
    match = second.load("m1")
    second.dispose()
    assert match is not None and match.state_json == "state"


def test_tokens_are_compared_by_hash() -> None:
    stored = hash_token("right")
    assert token_matches("right", stored)
    assert not token_matches("wrong", stored)
    assert not token_matches(None, stored)
    assert not token_matches("", stored)


def test_default_database_url(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_DATABASE_URL", "postgresql+psycopg://u@db/cardavia")
    assert default_database_url() == "postgresql+psycopg://u@db/cardavia"
    monkeypatch.setenv("CARDAVIA_DATABASE_URL", "")
    monkeypatch.chdir(tmp_path)
    assert default_database_url() == f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"


def test_bot_seeds_are_reproducible() -> None:
    assert bot_seed("abc", 3) == bot_seed("abc", 3)
    assert len({bot_seed("abc", 3), bot_seed("abc", 4), bot_seed("abd", 3)}) == 3
    assert 0 <= bot_seed("abc", 3) < 2**63


# --- migrations -----------------------------------------------------------------------


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


def test_the_migrations_make_the_models_schema(store: Store) -> None:
    """The model stays the source of truth: migrated, the database has exactly its tables
    and columns (Alembic's autogenerate comparison finds nothing to change)."""
    from alembic.autogenerate import compare_metadata

    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []
    assert current_revision(store.url) == head_revision()


def test_a_database_made_by_create_all_is_adopted(database_url: str) -> None:
    """Before migrations, the store ran create_all: such a database has the table and a
    match but no alembic_version. It is stamped, its match kept, never created twice."""
    engine = create_engine(database_url)
    Base.metadata.create_all(engine)
    with engine.begin() as connection:
        connection.execute(insert(MatchRow).values(**old_row("kept")))
    engine.dispose()
    assert current_revision(database_url) is None

    store = Store(database_url)
    try:
        match = store.load("kept")
        assert match is not None and match.state_json == "old state"
        assert store.save("kept", 3, "new state") == 4
    finally:
        store.dispose()
    assert current_revision(database_url) == head_revision()
    assert FIRST_REVISION in {head_revision(), *_ancestors(head_revision())}


def _ancestors(revision: str) -> set[str]:
    scripts = ScriptDirectory.from_config(alembic_config())
    return {script.revision for script in scripts.walk_revisions("base", revision)}


def old_row(match_id: str) -> dict[str, Any]:
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    return {
        "id": match_id,
        "token_hash": hash_token("t"),
        "game": "doudizhu",
        "level": "basic",
        "state_json": "old state",
        "version": 3,
        "created_at": now,
        "updated_at": now,
    }


def test_migrating_a_current_database_changes_nothing(store: Store) -> None:
    store.create("m1", hash_token("t"), "doudizhu", "basic", "state")
    migrate(store.engine)
    migrate(store.engine)
    assert set(inspect(store.engine).get_table_names()) == {"alembic_version", "matches"}
    match = store.load("m1")
    assert match is not None and match.version == 1


# --- database trouble: 503, never 500 ---------------------------------------------------


def make_client(url: str) -> TestClient:
    # These tests create matches in a loop: no creation rate limit in the way.
    limits = Limits(create_burst=1_000)
    return TestClient(create_app(url, bot_workers=1, bots_in_process=True, limits=limits))


def new_match(client: TestClient) -> Any:
    response = client.post("/api/matches", json={"game": "runfast", "level": "random"})
    assert response.status_code == 201, response.text
    return response.json()


def assert_503(response: Any) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["retry-after"] == str(DATABASE_RETRY_AFTER_S)
    assert "database" in response.json()["detail"]


def test_sqlite_writers_wait_a_short_time_for_a_lock(tmp_path: Path) -> None:
    """Well under the 10 s they waited before: a locked database answers within ~2 s."""
    store = Store(f"sqlite:///{tmp_path / 'cardavia.sqlite3'}")
    try:
        with store.engine.connect() as connection:
            busy_timeout = connection.execute(text("PRAGMA busy_timeout")).scalar()
    finally:
        store.dispose()
    assert busy_timeout == int(SQLITE_BUSY_TIMEOUT_S * 1000) <= 2000


def next_move(client: TestClient, match: Any) -> Any:
    """The match's next move, as the page asks for it: yours, or one AI decision."""
    headers = {"X-Match-Token": match["token"]}
    view, version = match["view"], match["version"]
    if view["current_player"] == 0:
        body = {"action": view["legal_actions"][0], "version": version}
        return client.post(f"/api/matches/{match['id']}/actions", json=body, headers=headers)
    body = {"version": version}
    return client.post(f"/api/matches/{match['id']}/advance", json=body, headers=headers)


def test_a_locked_sqlite_database_answers_503_then_recovers(tmp_path: Path) -> None:
    path = tmp_path / "cardavia.sqlite3"
    with make_client(f"sqlite:///{path}") as client:
        match = new_match(client)
        locker = sqlite3.connect(path, isolation_level=None)
        try:
            locker.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
            assert_503(client.post("/api/matches", json={"game": "runfast"}))
            assert_503(next_move(client, match))
        finally:
            locker.rollback()
            locker.close()
        moved = next_move(client, match)
        assert moved.status_code == 200, moved.text  # nothing was half saved
        assert moved.json()["version"] == match["version"] + 1


def test_a_full_sqlite_database_answers_503(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'cardavia.sqlite3'}") as client:
        new_match(client)
        engine = client.app.state.store.engine  # type: ignore[attr-defined]
        with engine.connect() as connection:
            pages = connection.execute(text("PRAGMA page_count")).scalar()

        def no_more_pages(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.execute(f"PRAGMA max_page_count={pages}")

        event.listen(engine, "connect", no_more_pages)
        engine.dispose()  # new connections: the file may not grow (SQLITE_FULL)
        answers = [client.post("/api/matches", json={"game": "holdem"}) for _ in range(20)]
    assert {answer.status_code for answer in answers} <= {201, 503}
    assert_503(answers[-1])


def test_any_other_database_error_is_503_not_500(database_url: str) -> None:
    with make_client(database_url) as client:
        match = new_match(client)
        store = client.app.state.store  # type: ignore[attr-defined]
        with store.engine.begin() as connection:
            connection.execute(text("DROP TABLE matches"))
        headers = {"X-Match-Token": match["token"]}
        assert_503(client.get(f"/api/matches/{match['id']}", headers=headers))
        assert_503(client.post("/api/matches", json={"game": "runfast"}))


def test_a_postgresql_database_gone_mid_run_answers_503(postgres_url: str) -> None:
    with make_client(postgres_url) as client:
        match = new_match(client)
        name = postgres_url.rsplit("/", 1)[1]
        admin = create_engine(
            postgres_url.rsplit("/", 1)[0] + "/postgres", isolation_level="AUTOCOMMIT"
        )
        try:
            with admin.connect() as connection:
                connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        finally:
            admin.dispose()
        headers = {"X-Match-Token": match["token"]}
        assert_503(client.get(f"/api/matches/{match['id']}", headers=headers))
