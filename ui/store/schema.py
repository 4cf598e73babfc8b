"""Bringing a database to the schema this code knows, with Alembic, on first use.

Opening a store reads the database's Alembic revision (one small query). At HEAD it goes on at once, without
importing Alembic. Otherwise Alembic is loaded: a revision it does not know means a newer version of the app
wrote the database, and the store refuses it (SchemaTooNew) without touching it; an older or empty database is
upgraded to HEAD in one transaction, under a lock (PostgreSQL: an advisory lock; SQLite: the write lock of
BEGIN IMMEDIATE) so that several app processes starting at once upgrade it exactly once.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from engine.i18n import gettext as _
from ui.store.errors import SchemaTooNew

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
VERSION_TABLE = "alembic_version"
HEAD = "0005_learner_language"  # the newest revision in migrations/versions (a test checks that they agree)
WRITE_OPTION = "card_table_write"  # an execution option: begin the transaction as a writer (SQLite)
# pg_advisory_xact_lock key held while migrating: any fixed 64-bit number no other app on the server uses.
MIGRATION_LOCK = 0x43415244_5441424C


def current_revisions(conn: Connection) -> tuple[str, ...]:
    """The revisions recorded in the database (none for a new database)."""
    if not inspect(conn).has_table(VERSION_TABLE):
        return ()
    return tuple(sorted(r for (r,) in conn.execute(text(f"SELECT version_num FROM {VERSION_TABLE}"))))


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration for ui/store/migrations, running on ``connection`` when one is given."""
    from alembic.config import Config

    config = Config(str(MIGRATIONS.parent / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def _refuse_unknown(revisions: tuple[str, ...], config: Config) -> None:
    from alembic.script import ScriptDirectory
    from alembic.util import CommandError

    script = ScriptDirectory.from_config(config)
    for revision in revisions:
        try:
            known = script.get_revision(revision)
        except CommandError:
            known = None
        if known is None:
            raise SchemaTooNew(_(
                "This progress database was written by a newer version of Card Table Classroom (its schema "
                "revision {revision} is unknown here; this version knows revisions up to {head}). It was left "
                "unchanged: update the app, or point CARD_TABLE_DB_URL at another database.").format(
                    revision=revision, head=HEAD))


def ensure_schema(engine: Engine) -> None:
    """Bring the database behind ``engine`` to HEAD, or raise SchemaTooNew for a database newer than the code."""
    with engine.connect() as conn:
        if current_revisions(conn) == (HEAD,):
            return
    from alembic import command

    with engine.connect() as conn:
        if engine.dialect.name == "postgresql":
            # a snapshot taken before the lock is granted would miss another process's finished upgrade
            conn.execution_options(isolation_level="READ COMMITTED")
        conn.execution_options(**{WRITE_OPTION: True})
        with conn.begin():
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config = alembic_config(conn)
            revisions = current_revisions(conn)
            if revisions == (HEAD,):
                return
            _refuse_unknown(revisions, config)
            command.upgrade(config, "head")
