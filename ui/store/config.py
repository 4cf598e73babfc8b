"""Which database the store uses: ``CARD_TABLE_DB_URL`` (any SQLite or PostgreSQL SQLAlchemy URL) when set,
else the SQLite file ``classroom.sqlite`` in the data folder (``CARD_TABLE_DATA_DIR``, default ``data/`` at the
top of the repository), which is created on first use."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from engine.i18n import N_
from engine.i18n import gettext as _
from ui.store.errors import StoreError

DB_URL_ENV = "CARD_TABLE_DB_URL"
DATA_DIR_ENV = "CARD_TABLE_DATA_DIR"
ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_DATA_DIR = ROOT / "data"
DB_FILE = "classroom.sqlite"
POSTGRES_DRIVER = "postgresql+psycopg"
BACKENDS = ("sqlite", "postgresql")


def database_url(env: Mapping[str, str] | None = None) -> URL:
    """The URL the store opens by default, from ``env`` (default: the process environment)."""
    env = os.environ if env is None else env
    raw = env.get(DB_URL_ENV, "").strip()
    if raw:
        return parse_url(raw, DB_URL_ENV)
    folder = Path(env.get(DATA_DIR_ENV, "").strip() or DEFAULT_DATA_DIR)
    return URL.create("sqlite+pysqlite", database=str(folder / DB_FILE))


def parse_url(raw: str | URL, source: str = N_("the database URL")) -> URL:
    """A URL the store can open. ``postgres://…`` and ``postgresql://…`` get the psycopg 3 driver (the one in
    requirements.txt); backends other than SQLite and PostgreSQL are refused with a message."""
    try:
        url = raw if isinstance(raw, URL) else make_url(raw)
    except ArgumentError:
        raise StoreError(_("{source} is not a database URL; examples: {examples}").format(
            source=_(source), examples="sqlite:///data/classroom.sqlite, postgresql://user:password@host:5432/classroom"
        )) from None
    backend = url.get_backend_name()
    if backend == "postgres":
        url, backend = url.set(drivername=POSTGRES_DRIVER), "postgresql"
    elif backend == "postgresql" and url.drivername == "postgresql":
        url = url.set(drivername=POSTGRES_DRIVER)
    if backend not in BACKENDS:
        raise StoreError(_("{source} names a {backend} database; the store works with SQLite or PostgreSQL.").format(
            source=_(source), backend=backend))
    return url


def sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL (None for other databases and for in-memory SQLite)."""
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    if url.database.startswith("file:"):
        return None
    return Path(url.database)
