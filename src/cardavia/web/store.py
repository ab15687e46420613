"""The match store: SQLAlchemy 2, SQLite by default, PostgreSQL (or any SQLAlchemy URL).

One row per match: the engine's JSON state and a version number. No match is kept in
memory between requests: a request loads the row, works on the engine state, and saves
it with ``UPDATE matches ... WHERE id = :id AND version = :version`` (optimistic
concurrency). If another tab or another worker saved first, no row is updated and the
caller answers 409, so a match is never corrupted and never half written.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import DateTime, Integer, String, Text, create_engine, event, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

DEFAULT_SQLITE_FILE = "cardavia.sqlite3"


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
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Store:
    """The matches table behind one SQLAlchemy engine. Methods are blocking (call them
    from a thread pool in async code); each is one short transaction."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_database_url()
        if self.url.startswith("sqlite"):
            self.engine: Engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 10}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(self.url, pool_pre_ping=True)
        self.create_tables()

    def create_tables(self) -> None:
        """Create the table if missing. Two workers starting at once may race: the loser's
        error is ignored once the table exists."""
        try:
            Base.metadata.create_all(self.engine)
        except (OperationalError, ProgrammingError):
            Base.metadata.create_all(self.engine)

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
        from sqlalchemy import delete

        with self.engine.begin() as connection:
            result = connection.execute(
                delete(MatchRow).where(MatchRow.updated_at < _now() - older_than)
            )
        return result.rowcount
