"""Alembic's entry point for the store's migrations. The store passes its own connection (already inside the
transaction it locked, see ui/store/schema.py); the ``alembic`` command line opens the configured database."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from ui.store.config import database_url
from ui.store.models import Base
from ui.store.store import make_engine


def _run(connection: Connection) -> None:
    # render_as_batch: SQLite can alter a table only by copying it; batch mode writes migrations that work on both
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


given = context.config.attributes.get("connection")
if given is not None:
    _run(given)
else:
    engine = make_engine(database_url())
    with engine.connect() as conn:
        _run(conn)
        conn.commit()
    engine.dispose()
