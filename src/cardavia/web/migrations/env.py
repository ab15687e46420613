"""Alembic's entry point: runs the migrations on the connection that
:func:`cardavia.web.store.migrate` puts in ``config.attributes["connection"]``, or on
``sqlalchemy.url`` (a developer's ``alembic`` command, e.g. autogenerating a revision)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine, text

from cardavia.web.store import Base

# Two servers starting at once on one PostgreSQL database: the second waits here until
# the first has finished migrating, then finds nothing left to do.
POSTGRES_MIGRATION_LOCK = 7_114_201_011


def run_on(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text(f"SELECT pg_advisory_xact_lock({POSTGRES_MIGRATION_LOCK})"))
        context.run_migrations()


def main() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is not None:
        run_on(connection)
        return
    url = config.get_main_option("sqlalchemy.url")
    if context.is_offline_mode():
        context.configure(url=url, target_metadata=Base.metadata, literal_binds=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(url or "")
    with engine.connect() as own_connection:
        run_on(own_connection)
    engine.dispose()


main()
