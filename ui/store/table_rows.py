"""The table of shared Tables: one hand that several people play from their own browsers (and server processes),
with the bots in the other seats. A row only the store uses; its migration is
ui/store/migrations/versions/0004_shared_tables.py."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ui.store.models import DIGEST_LENGTH, ID_LENGTH, Base, UTCDateTime
from ui.store.text import MAX_CODE, MAX_KEY


class SharedTableRow(Base):
    """A shared Table: the code people sit down with, the game (engine.shared_table's JSON: the hand so far and
    who sits where), a SHA-256 digest of each seat's key and of the host's key (the keys stay in the browsers),
    and a version that every change raises — an update written against an older version is refused, so that two
    people acting at once can never both change the same hand."""

    __tablename__ = "shared_tables"
    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    code: Mapped[str] = mapped_column(String(MAX_CODE), unique=True)
    game: Mapped[str] = mapped_column(String(MAX_KEY))
    host: Mapped[str] = mapped_column(String(DIGEST_LENGTH))
    state: Mapped[str] = mapped_column(Text)
    seat_keys: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    updated: Mapped[datetime] = mapped_column(UTCDateTime())

    __mapper_args__ = {"version_id_col": version}
