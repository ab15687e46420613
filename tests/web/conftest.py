"""The database every store, API and worker test runs on: a SQLite file, and a fresh
PostgreSQL database on the server that ``CARDAVIA_TEST_POSTGRES_URL`` names (skipped
without it; ``.ci/run`` starts a throwaway cluster with ``scripts/throwaway-postgres``)."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, make_url, text

POSTGRES_ENV = "CARDAVIA_TEST_POSTGRES_URL"
POSTGRES_SKIP = (
    f"PostgreSQL tests need {POSTGRES_ENV}; .ci/run starts a throwaway cluster: "
    "scripts/throwaway-postgres"
)
DATABASES = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def postgres_server_url() -> str:
    """The PostgreSQL server's URL (any database on it), or the test is skipped."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        pytest.skip(POSTGRES_SKIP)
    return url


@pytest.fixture
def postgres_url(postgres_server_url: str) -> Iterator[str]:
    """A new, empty database on the server for this test alone, dropped afterwards
    (with FORCE: a server process the test started may still hold a connection)."""
    server = make_url(postgres_server_url)
    name = f"test_{secrets.token_hex(6)}"
    admin = create_engine(server.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield server.set(database=name).render_as_string(hide_password=False)
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        admin.dispose()


@pytest.fixture(params=DATABASES)
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database: a SQLite file in ``tmp_path``, or a PostgreSQL one."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url
