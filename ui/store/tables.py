"""Shared Tables in the store: one hand that several people play from their own browsers, whichever app server
process serves each of them (the hand is in the database, not in a server's memory).

The rules of seats and turns are the engine's (:mod:`engine.shared_table`); this module keeps its value, hands out
keys and checks them. Whoever opens a table gets its **code** (6 characters, to say out loud or project) and a
**host key**; a person who sits down gets a **seat key**. Keys stay in the browsers; only their SHA-256 digests
are kept. Every change is one transaction that reads the row, lets the engine decide, and writes the row back
against the version it read (SQLAlchemy's ``version_id_col``): a write from a stale read is refused and run
again, so two people clicking at once can never both change the hand; a play chosen at an older step is then
refused by the engine with one sentence. Wrong codes are counted per browser and slowed down, as join codes are.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from engine import shared_table as shared
from engine.errors import CardTableError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.shared_table import SharedGame
from ui.store.classes import ALPHABET, JOIN_LENGTH, guard_key, normal_code
from ui.store.errors import InputRefused, StoreError, StoreUnavailable
from ui.store.table_rows import SharedTableRow
from ui.store.text import clean_key, clean_name, clean_time

T = TypeVar("T")

WRONG_TABLE: Final = N_("No table has this code; check it with whoever opened the table (6 letters and digits).")
GONE: Final = N_("This table is no longer here (it was closed); open a new one, or take a seat with another code.")
STALE_SEAT: Final = N_("This seat is no longer yours: the table's host freed it, or you left it; take a free seat "
                       "again with the table's code.")
NOT_HOST: Final = N_("Only the person who opened this table can do that.")
CLASH_TRIES: Final = 6  # a write refused because another one changed the row first is run again this often


class TableRefused(StoreError):
    """A seat that cannot be taken, a turn that is not yours, or a play the rules forbid: the sentence says why."""


class StaleSeat(StoreError):
    """A seat key that no longer holds its seat (given to a bot, left, or the table closed)."""


@dataclass(frozen=True)
class TableInfo:
    """A shared Table as it is now: its id, its code, the game (who sits where, the hand so far) and the version
    every change raises (a screen redraws when it changes)."""

    id: str
    code: str
    game: SharedGame
    version: int
    updated: datetime


@dataclass(frozen=True)
class Seated:
    """A person at a table: the table, their seat and the seat key their browser keeps."""

    table: TableInfo
    seat: int
    key: str


@dataclass(frozen=True)
class Hosted:
    """A table just opened and the host key of the browser that opened it."""

    table: TableInfo
    key: str


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "replace")).hexdigest()


def _info(row: SharedTableRow) -> TableInfo:
    return TableInfo(row.id, row.code, SharedGame.from_json(json.loads(row.state)), row.version, row.updated)


def _keys(row: SharedTableRow) -> list[str]:
    keys = json.loads(row.seat_keys)
    return [str(k) for k in keys] if isinstance(keys, list) else []


def _valid(value: object) -> bool:
    return isinstance(value, str) and 8 <= len(value) <= 64 and value.isascii()


class TableStore:
    """The shared Tables half of the Store (mixed into ui.store.Store, which supplies ``_run`` and ``_guarded``)."""

    def _run(self, work: Callable[[Session], T], *, write: bool) -> T:  # pragma: no cover - Store's
        raise NotImplementedError

    def _guarded(self, keys: tuple[str, ...], moment: datetime, attempt: Callable[[Session], T | None],
                 wrong: str) -> T:  # pragma: no cover - ClassroomStore's
        raise NotImplementedError

    def _change(self, work: Callable[[Session], T]) -> T:
        """One write, run again when another process changed the same table in between (a stale version)."""
        for attempt in range(CLASH_TRIES):
            try:
                return self._run(work, write=True)
            except StoreUnavailable as error:
                stale = isinstance(error.__cause__, StaleDataError) or isinstance(error.__context__, StaleDataError)
                if not stale or attempt + 1 == CLASH_TRIES:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    def _row(session: Session, table_id: object, *, lock: bool = False) -> SharedTableRow:
        row = session.get(SharedTableRow, table_id, with_for_update=lock) if _valid(table_id) else None
        if row is None:
            raise StaleSeat(_(GONE))
        return row

    @staticmethod
    def _seat_of(row: SharedTableRow, seat_key: object) -> int:
        digest = _digest(str(seat_key)) if _valid(seat_key) else ""
        keys = _keys(row)
        if not digest or digest not in keys:
            raise StaleSeat(_(STALE_SEAT))
        seat = keys.index(digest)
        if SharedGame.from_json(json.loads(row.state)).seats[seat].kind is not shared.SeatKind.PERSON:
            raise StaleSeat(_(STALE_SEAT))
        return seat

    @staticmethod
    def _host(row: SharedTableRow, host_key: object) -> None:
        if not _valid(host_key) or not secrets.compare_digest(_digest(str(host_key)), row.host):
            raise TableRefused(_(NOT_HOST))

    @staticmethod
    def _write(session: Session, row: SharedTableRow, game: SharedGame, moment: datetime) -> TableInfo:
        row.state = json.dumps(game.to_json(), separators=(",", ":"))
        row.updated = moment
        session.flush()  # raises the version (StaleDataError when another write got there first)
        return TableInfo(row.id, row.code, game, row.version, moment)

    # --- opening and finding ------------------------------------------------------------------------------

    def open_table(self, game: str, preset: str | None, seed: int, people: Collection[int],
                   options: Mapping[str, Any] | None = None, now: datetime | None = None) -> Hosted:
        """A new table of ``game`` under ``preset`` and ``options`` (``people``: the seats kept for people; bots
        play the others), with a fresh code; the opener's host key comes with it. TableRefused for seats, a preset
        or options the game does not have."""
        key, moment = clean_key(game, "game"), clean_time(now)
        try:
            value = shared.open_game(key, preset, seed, people, options)
        except CardTableError as error:
            raise TableRefused(str(error)) from None
        host = secrets.token_urlsafe(16)

        def work(session: Session) -> Hosted:
            code = "".join(secrets.choice(ALPHABET) for _ in range(JOIN_LENGTH))
            while session.scalars(select(SharedTableRow).where(SharedTableRow.code == code)).first() is not None:
                code = "".join(secrets.choice(ALPHABET) for _ in range(JOIN_LENGTH))
            row = SharedTableRow(id=secrets.token_urlsafe(16), code=code, game=key, host=_digest(host),
                                 state=json.dumps(value.to_json(), separators=(",", ":")),
                                 seat_keys=json.dumps([""] * len(value.seats)), created=moment, updated=moment)
            session.add(row)
            session.flush()
            return Hosted(_info(row), host)

        return self._run(work, write=True)

    def table_by_code(self, code: str, who: str, now: datetime | None = None) -> TableInfo:
        """The table whose code this is. A wrong code is a WrongCode; repeated wrong codes from ``who`` (a
        browser) are slowed down (Throttled), as wrong join codes are."""
        moment, typed = clean_time(now), normal_code(code)

        def attempt(session: Session) -> TableInfo | None:
            row = session.scalars(select(SharedTableRow).where(SharedTableRow.code == typed)).first() \
                if typed else None
            return None if row is None else _info(row)

        return self._guarded((guard_key("table", who),), moment, attempt, WRONG_TABLE)

    def table(self, table_id: str) -> TableInfo:
        """The table as it is now (StaleSeat when it is gone)."""
        return self._run(lambda s: _info(self._row(s, table_id)), write=False)

    def table_version(self, table_id: str) -> int | None:
        """The table's version (one small query, for screens that poll), or None when it is gone."""
        if not _valid(table_id):
            return None
        return self._run(lambda s: s.scalar(select(SharedTableRow.version).where(SharedTableRow.id == table_id)),
                         write=False)

    def seat_of(self, table_id: str, seat_key: str) -> int:
        """The seat this key holds at the table; StaleSeat when it holds none any more."""
        return self._run(lambda s: self._seat_of(self._row(s, table_id), seat_key), write=False)

    # --- people -------------------------------------------------------------------------------------------

    def sit(self, table_id: str, seat: int, name: str, now: datetime | None = None) -> Seated:
        """``name`` sits down at a free ``seat``: their seat key comes back (kept by their browser). TableRefused
        for a seat taken already or played by a bot; InputRefused for a name the store will not keep."""
        clean, moment = clean_name(name), clean_time(now)
        key = secrets.token_urlsafe(16)

        def work(session: Session) -> Seated:
            row = self._row(session, table_id, lock=True)
            try:
                game = shared.take_seat(_info(row).game, seat, clean)
            except CardTableError as error:
                raise TableRefused(str(error)) from None
            keys = _keys(row)
            keys[seat] = _digest(key)
            row.seat_keys = json.dumps(keys)
            return Seated(self._write(session, row, game, moment), seat, key)

        return self._change(work)

    def leave(self, table_id: str, seat_key: str, now: datetime | None = None) -> TableInfo:
        """The person with this key gets up: the seat is free again (the hand waits there for someone)."""
        moment = clean_time(now)

        def work(session: Session) -> TableInfo:
            row = self._row(session, table_id, lock=True)
            seat = self._seat_of(row, seat_key)
            keys = _keys(row)
            keys[seat] = ""
            row.seat_keys = json.dumps(keys)
            return self._write(session, row, shared.leave_seat(_info(row).game, seat), moment)

        return self._change(work)

    def play(self, table_id: str, seat_key: str, action: str, at_step: int, now: datetime | None = None
             ) -> TableInfo:
        """The person with this key takes ``action`` (its text), chosen when the hand was at ``at_step``: applied,
        then the bots play up to the next person. TableRefused with the sentence why not (not your turn, the
        table moved on, the engine's reason for an illegal play); StaleSeat for a key that holds no seat."""
        moment = clean_time(now)
        if not isinstance(action, str) or len(action) > 400:
            raise InputRefused(_("An action is a short text."))

        def work(session: Session) -> TableInfo:
            row = self._row(session, table_id, lock=True)
            seat = self._seat_of(row, seat_key)
            try:
                game = shared.act(_info(row).game, seat, action, at_step=at_step)
            except CardTableError as error:
                raise TableRefused(str(error)) from None
            return self._write(session, row, game, moment)

        return self._change(work)

    # --- the host -----------------------------------------------------------------------------------------

    def fill_with_bots(self, table_id: str, host_key: str, now: datetime | None = None) -> TableInfo:
        """The host gives every free seat to a bot; the bots play up to a person's turn."""
        return self._hosted(table_id, host_key, shared.fill_with_bots, now)

    def free_seat(self, table_id: str, host_key: str, seat: int, now: datetime | None = None) -> TableInfo:
        """The host frees a person's seat (someone who went away): their key stops working; the seat waits for
        someone else, or a bot (:meth:`fill_with_bots`)."""
        return self._hosted(table_id, host_key, lambda g: shared.leave_seat(g, seat), now)

    def deal_again(self, table_id: str, host_key: str, seed: int, now: datetime | None = None) -> TableInfo:
        """The host deals a new hand (from ``seed``) to the same seats."""
        return self._hosted(table_id, host_key, lambda g: shared.deal_again(g, seed), now)

    def is_host(self, table_id: str, host_key: str) -> bool:
        """Whether this is the host key of the table."""
        row = self._run(lambda s: self._row(s, table_id), write=False)
        try:
            self._host(row, host_key)
        except TableRefused:
            return False
        return True

    def _hosted(self, table_id: str, host_key: str, change: Callable[[SharedGame], SharedGame],
                now: datetime | None) -> TableInfo:
        moment = clean_time(now)

        def work(session: Session) -> TableInfo:
            row = self._row(session, table_id, lock=True)
            self._host(row, host_key)
            game = change(_info(row).game)
            row.seat_keys = json.dumps([k if game.seats[i].kind is shared.SeatKind.PERSON else ""
                                        for i, k in enumerate(_keys(row))])
            return self._write(session, row, game, moment)

        return self._change(work)


__all__ = ["GONE", "NOT_HOST", "STALE_SEAT", "WRONG_TABLE", "Hosted", "Seated", "StaleSeat", "TableInfo",
           "TableRefused", "TableStore"]
