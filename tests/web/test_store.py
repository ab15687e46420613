"""The match store: versions, optimistic concurrency, token hashes, default URL."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardavia.web.bots import bot_seed
from cardavia.web.store import Store, default_database_url, hash_token, token_matches


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(f"sqlite:///{tmp_path / 'store.sqlite3'}")
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


def test_the_table_survives_a_new_store(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'again.sqlite3'}"
    first = Store(url)
    first.create("m1", hash_token("t"), "doudizhu", "basic", "state")
    first.dispose()
    second = Store(url)  # create_all again: the table and its rows stay
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
