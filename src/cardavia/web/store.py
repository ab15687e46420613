"""The match store: SQLAlchemy 2, SQLite by default, PostgreSQL (or any SQLAlchemy URL).

One row per match: the engine's JSON state and a version number. No match is kept in
memory between requests: a request loads the row, works on the engine state, and saves
it with ``UPDATE matches ... WHERE id = :id AND version = :version`` (optimistic
concurrency). If another tab or another worker saved first, no row is updated and the
caller answers 409, so a match is never corrupted and never half written.

The schema is Alembic's (``migrations/``): :func:`migrate` brings a database to the newest
revision, and adopts one that ``create_all`` made before migrations existed. ``cardavia
serve`` calls :func:`prepare_database` once before its workers start; every :class:`Store`
checks the schema again (nothing to do once it is current).
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy import (
    Connection,
    DateTime,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    false,
    insert,
    inspect,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

DEFAULT_SQLITE_FILE = "cardavia.sqlite3"
MIGRATIONS_DIR = Path(__file__).with_name("migrations")
# The revision that creates the matches table as create_all did before migrations.
FIRST_REVISION = "0001"
# How long a SQLite writer waits for another's lock before the request answers 503.
SQLITE_BUSY_TIMEOUT_S = 1.5
POSTGRES_CONNECT_TIMEOUT_S = 5


def default_database_url() -> str:
    """``CARDAVIA_DATABASE_URL``, else a SQLite file in the current directory."""
    url = os.environ.get("CARDAVIA_DATABASE_URL")
    if url:
        return url
    return f"sqlite:///{Path.cwd() / DEFAULT_SQLITE_FILE}"


def hash_token(token: str) -> str:
    """The stored form of a match token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, token_hash: str) -> bool:
    """Whether ``token`` is the match's token; a constant-time comparison of hashes."""
    if token is None:
        return False
    return hmac.compare_digest(hash_token(token), token_hash)


class Base(DeclarativeBase):
    pass


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    game: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(16))
    state_json: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class Match:
    """A match as loaded from the store (a plain value: nothing stays attached)."""

    id: str
    token_hash: str
    game: str
    level: str
    state_json: str
    version: int


def _now() -> datetime:
    return datetime.now(UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers and one writer work at once (several uvicorn workers); the busy
    # timeout makes a writer wait for the lock instead of failing at once.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT_S * 1000)}")
    cursor.close()


def database_engine(url: str) -> Engine:
    """An engine for ``url``: SQLite in WAL mode with a short busy timeout; PostgreSQL
    (any other URL) with pre-ping, so a pooled connection the server dropped is replaced."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT_S}
        )
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    connect_args: dict[str, Any] = {}
    if make_url(url).get_backend_name() == "postgresql":
        connect_args["connect_timeout"] = POSTGRES_CONNECT_TIMEOUT_S
    return create_engine(url, pool_pre_ping=True, connect_args=connect_args)


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's configuration without an ``alembic.ini``: the migrations run on
    ``connection`` (:func:`migrate`) or on ``url`` (a developer's own commands)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    # Module names that mypy accepts (a name may not start with a digit).
    config.set_main_option("file_template", "m%%(rev)s_%%(slug)s")
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision, in one transaction where the database
    allows it. A ``matches`` table without ``alembic_version`` was made by ``create_all``
    before migrations existed: it is stamped at the first revision, not created again."""
    with engine.begin() as connection:
        config = alembic_config(connection)
        tables = set(inspect(connection).get_table_names())
        if "matches" in tables and "alembic_version" not in tables:
            command.stamp(config, FIRST_REVISION)
        command.upgrade(config, "head")


class DatabaseUnavailable(Exception):
    """The database cannot serve: the message is one line for the person starting it."""


def shown_url(url: str) -> str:
    """``url`` without its password, for messages (else as typed: SQLAlchemy would
    escape a SQLite ``file:`` URI)."""
    try:
        parsed = make_url(url)
    except SQLAlchemyError:
        return url
    return url if parsed.password is None else parsed.render_as_string(hide_password=True)


def _reason(error: Exception) -> str:
    """The driver's own message, first line (psycopg adds hints on the next ones)."""
    message = str(getattr(error, "orig", None) or error).strip()
    return message.splitlines()[0] if message else type(error).__name__


def prepare_database(url: str) -> None:
    """What ``cardavia serve`` does before its workers start: connect, migrate, and prove
    that it can write (an UPDATE of no row still needs write access). Raises
    :class:`DatabaseUnavailable` with a one-line reason."""
    try:
        engine = database_engine(url)
    except SQLAlchemyError as error:
        raise DatabaseUnavailable(f"bad database URL {shown_url(url)}: {_reason(error)}") from None
    try:
        try:
            with engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError as error:
            message = f"cannot reach the database {shown_url(url)}: {_reason(error)}"
            raise DatabaseUnavailable(message) from None
        try:
            migrate(engine)
            with engine.begin() as connection:
                connection.execute(update(MatchRow).where(false()).values(version=MatchRow.version))
        except (SQLAlchemyError, CommandError) as error:
            message = f"cannot write to the database {shown_url(url)}: {_reason(error)}"
            raise DatabaseUnavailable(message) from None
    finally:
        engine.dispose()


class Store:
    """The matches table behind one SQLAlchemy engine. Methods are blocking (call them
    from a thread pool in async code); each is one short transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        self.engine: Engine = database_engine(self.url)
        self.create_tables()

    def create_tables(self) -> None:
        """Migrate the schema to the newest revision (nothing to do once it is current).
        Two processes migrating one new SQLite file at once may race: the loser tries
        again once the winner is done."""
        try:
            migrate(self.engine)
        except OperationalError:
            migrate(self.engine)

    def dispose(self) -> None:
        self.engine.dispose()

    def create(self, match_id: str, token_hash: str, game: str, level: str, state: str) -> int:
        """Insert a new match at version 1; returns the version."""
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(
                insert(MatchRow).values(
                    id=match_id,
                    token_hash=token_hash,
                    game=game,
                    level=level,
                    state_json=state,
                    version=1,
                    created_at=now,
                    updated_at=now,
                )
            )
        return 1

    def load(self, match_id: str) -> Match | None:
        with self.engine.connect() as connection:
            row = connection.execute(
                select(
                    MatchRow.id,
                    MatchRow.token_hash,
                    MatchRow.game,
                    MatchRow.level,
                    MatchRow.state_json,
                    MatchRow.version,
                ).where(MatchRow.id == match_id)
            ).one_or_none()
        if row is None:
            return None
        return Match(row.id, row.token_hash, row.game, row.level, row.state_json, row.version)

    def save(self, match_id: str, version: int, state: str) -> int | None:
        """Store ``state`` if the match is still at ``version``; returns the new version,
        or None when someone else saved first (nothing is written then)."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(MatchRow)
                .where(MatchRow.id == match_id, MatchRow.version == version)
                .values(state_json=state, version=version + 1, updated_at=_now())
            )
            if result.rowcount != 1:
                return None
        return version + 1

    def stored_size(self, match_id: str) -> int:
        """Bytes of the stored state (for the benchmark's size goal)."""
        match = self.load(match_id)
        return 0 if match is None else len(match.state_json.encode("utf-8"))

    def prune(self, older_than: timedelta) -> int:
        """Delete the matches not saved for more than ``older_than`` (one DELETE);
        returns how many were removed."""
        with self.engine.begin() as connection:
            result = connection.execute(
                delete(MatchRow).where(MatchRow.updated_at < _now() - older_than)
            )
        return result.rowcount
