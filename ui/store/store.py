"""The store: a learner's progress, practice state and saved positions, behind a small typed API.

Every method runs in its own short transaction and returns frozen records (ui.store.records). Writes that race
with another process are retried: on SQLite every write transaction takes the write lock at its start (BEGIN
IMMEDIATE, in WAL mode, waiting up to BUSY_TIMEOUT for the lock), and on PostgreSQL every transaction is
SERIALIZABLE and run again when the server reports a serialization failure, a deadlock or a unique-key race.
So two app processes writing at once lose nothing.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Engine, create_engine, delete, event, func, select
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from sqlalchemy.orm import Session

from engine.i18n import LANGUAGES, N_, digits
from engine.i18n import gettext as _
from ui.store import practice
from ui.store.classes import ClassroomStore
from ui.store.config import database_url, parse_url, sqlite_file
from ui.store.errors import InputRefused, StoreError, StoreUnavailable, UnknownLearner
from ui.store.live import LiveStore
from ui.store.models import (
    LastLessonRow,
    LearnerRow,
    LessonDoneRow,
    PositionRow,
    PracticeRow,
    StreakRow,
    TryRow,
)
from ui.store.records import Learner, PracticeItem, Progress, SavedPosition, Streak, Try
from ui.store.schema import WRITE_OPTION, ensure_schema
from ui.store.tables import TableStore
from ui.store.text import (
    MAX_ANSWER,
    MAX_PRACTICE_BATCH,
    MAX_RULES,
    MAX_TITLE,
    clean_count,
    clean_key,
    clean_line,
    clean_name,
    clean_time,
    name_key,
    position_json,
    valid_learner_id,
)

T = TypeVar("T")

BUSY_TIMEOUT = 30.0  # seconds a SQLite connection waits for another process's write lock
ATTEMPTS = 12  # tries of one transaction that keeps meeting concurrency errors
MAX_POSITIONS = 500  # saved positions per learner
MAX_LISTED = 1_000  # rows one listing returns at most
# PostgreSQL error codes that mean "run the transaction again": serialization failure, deadlock, unique race.
RETRY_SQLSTATES = frozenset({"40001", "40P01", "23505"})


def _sqlite_engine(url: URL) -> Engine:
    file = sqlite_file(url)
    if file is not None:
        try:
            file.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise StoreUnavailable(_("The data folder {folder} cannot be created: {reason}.").format(
                folder=file.parent, reason=e.strerror)) from None
    engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, decide where transactions begin (see _begin).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        # A writer takes the lock at once: a reader that later tries to write could fail without waiting.
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE_OPTION) else "BEGIN")

    return engine


def make_engine(url: URL) -> Engine:
    """An engine for ``url`` set up as the store needs it (SQLite: its folder made, WAL, writers' lock at
    BEGIN; PostgreSQL: SERIALIZABLE). The schema is not touched."""
    if url.get_backend_name() == "sqlite":
        return _sqlite_engine(url)
    return create_engine(url, isolation_level="SERIALIZABLE", pool_pre_ping=True, pool_size=5, max_overflow=5)


def _retryable(error: DBAPIError, backend: str) -> bool:
    if backend == "sqlite":
        text = str(error.orig).lower()
        return "locked" in text or "busy" in text
    return getattr(error.orig, "sqlstate", None) in RETRY_SQLSTATES


def _learner(row: LearnerRow) -> Learner:
    return Learner(row.id, row.name, row.created)


def _try(row: TryRow) -> Try:
    return Try(row.id, row.game, row.exercise, row.correct, row.answer, row.at)


def _item(row: PracticeRow) -> PracticeItem:
    return PracticeItem(row.game, row.rule, row.box, row.due, row.seen, row.missed, row.last_seen)


def _position(row: PositionRow) -> SavedPosition:
    return SavedPosition(row.id, row.game, row.title, row.position, row.created)


class Store(LiveStore, ClassroomStore, TableStore):
    """Progress kept in a database: SQLite (a file, the default) or PostgreSQL (shared by several app servers).

    ``Store()`` opens the default database (see ui.store.config: ``CARD_TABLE_DB_URL`` or the SQLite file in the
    data folder, created on first use); ``Store(url)`` opens the given one. Opening brings the schema up to
    date (raising SchemaTooNew for a database a newer app wrote). Every method is safe to call from several
    threads and processes at once. Errors are StoreError subclasses with a message for the learner.
    """

    def __init__(self, url: str | URL | None = None) -> None:
        self._url = database_url() if url is None else parse_url(url)
        self._backend = self._url.get_backend_name()
        self._engine = self._open()

    def _open(self, attempts: int = 8) -> Engine:
        """The engine, its schema at HEAD. Several processes opening a new SQLite file at once can meet its lock
        while one switches it to WAL (SQLite answers that at once, without waiting): try again a little later."""
        for attempt in range(attempts):
            engine: Engine | None = None
            try:
                engine = make_engine(self._url)
                ensure_schema(engine)
                return engine
            except StoreError:
                raise
            except DBAPIError as e:
                if engine is not None:
                    engine.dispose()
                if attempt + 1 < attempts and _retryable(e, self._backend):
                    time.sleep(0.05 * (attempt + 1) + random.random() * 0.05)
                    continue
                raise StoreUnavailable(_cannot_open(self.where, _reason(e))) from None
            except (SQLAlchemyError, OSError) as e:
                raise StoreUnavailable(_cannot_open(self.where, _reason(e))) from None
        raise StoreUnavailable(_cannot_open(self.where, _("it stays locked.")))

    @property
    def where(self) -> str:
        """The database, for messages: the URL with any password hidden."""
        return self._url.render_as_string(hide_password=True)

    @property
    def backend(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._backend

    @property
    def file(self) -> Path | None:
        """The SQLite file (None for PostgreSQL)."""
        return sqlite_file(self._url)

    def close(self) -> None:
        """Close the connections (a store can be used again afterwards: it reconnects)."""
        self._engine.dispose()

    # --- transactions -------------------------------------------------------------------------------------

    def _run(self, work: Callable[[Session], T], *, write: bool) -> T:
        """``work`` in one transaction, run again (with a short random pause) while it meets concurrency errors."""
        for attempt in range(ATTEMPTS):
            try:
                with self._engine.connect() as conn:
                    if write:
                        conn.execution_options(**{WRITE_OPTION: True})
                    with Session(bind=conn, expire_on_commit=False, autoflush=True) as session:
                        with session.begin():
                            return work(session)
            except DBAPIError as e:
                if attempt + 1 < ATTEMPTS and _retryable(e, self._backend):
                    time.sleep(random.uniform(0.005, 0.02) * (attempt + 1))
                    continue
                raise StoreUnavailable(_not_usable(e)) from None
            except SQLAlchemyError as e:
                raise StoreUnavailable(_not_usable(e)) from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    @staticmethod
    def _known(session: Session, learner_id: str, *, lock: bool = False) -> LearnerRow:
        row = session.get(LearnerRow, learner_id, with_for_update=lock) if valid_learner_id(learner_id) else None
        if row is None:
            raise UnknownLearner(_("This learner is not known here (the progress database may have been "
                                   "replaced); please pick or type your name again."))
        return row

    # --- learners -----------------------------------------------------------------------------------------

    def learner(self, name: str, now: datetime | None = None) -> Learner:
        """The learner with this name, created on first use. Names are plain text (HTML or Markdown is kept as
        typed, not interpreted), trimmed, at most 40 characters; names that differ only in case (or in
        invisible characters) are the same learner. Raises InputRefused for a name it cannot keep."""
        clean = clean_name(name)
        key = name_key(clean)
        moment = clean_time(now)

        def work(session: Session) -> Learner:
            row = session.scalars(select(LearnerRow).where(LearnerRow.name_key == key)).first()
            if row is None:
                row = LearnerRow(id=secrets.token_urlsafe(16), name=clean, name_key=key, created=moment)
                session.add(row)
                session.flush()
            return _learner(row)

        return self._run(work, write=True)

    def find_learner(self, name: str) -> Learner | None:
        """The learner with this name (compared as ``learner`` does), or None: nobody is created. A page can
        ask "Is this you?" before it continues as an existing learner."""
        key = name_key(clean_name(name))
        row = self._run(lambda s: s.scalars(select(LearnerRow).where(LearnerRow.name_key == key)).first(),
                        write=False)
        return None if row is None else _learner(row)

    def learner_by_id(self, learner_id: object) -> Learner | None:
        """The learner the browser remembers, or None when the id is unknown or not an id at all."""
        if not valid_learner_id(learner_id):
            return None
        assert isinstance(learner_id, str)
        row = self._run(lambda s: s.get(LearnerRow, learner_id), write=False)
        return None if row is None else _learner(row)

    def learners(self, limit: int = MAX_LISTED) -> tuple[Learner, ...]:
        """Learners to pick a name from, by name."""
        limit = clean_count(limit, "number of learners", MAX_LISTED)
        query = select(LearnerRow).order_by(LearnerRow.name_key).limit(limit)
        return tuple(_learner(r) for r in self._run(lambda s: s.scalars(query).all(), write=False))

    def language_of(self, learner_id: str) -> str | None:
        """The language the learner last chose (a code of engine.i18n.LANGUAGES), or None before any choice."""
        return self._run(lambda s: self._known(s, learner_id).language, write=False)

    def set_language(self, learner_id: str, lang: str) -> None:
        """Remember ``lang`` as the learner's language (InputRefused for a value that is no language)."""
        if lang not in LANGUAGES:
            raise InputRefused(_("There is no language “{value}”.").format(value=str(lang)[:20]))

        def work(session: Session) -> None:
            self._known(session, learner_id, lock=True).language = lang

        self._run(work, write=True)

    # --- lessons and exercises ----------------------------------------------------------------------------

    def mark_lesson_done(self, learner_id: str, game: str, lesson: str, now: datetime | None = None) -> None:
        """Record that the learner finished a lesson (the first time counts; marking it again changes nothing)."""
        game, lesson, moment = clean_key(game, "game"), clean_key(lesson, "lesson"), clean_time(now)

        def work(session: Session) -> None:
            self._known(session, learner_id)
            if session.get(LessonDoneRow, (learner_id, game, lesson)) is None:
                session.add(LessonDoneRow(learner_id=learner_id, game=game, lesson=lesson, done=moment))

        self._run(work, write=True)

    def lessons_done(self, learner_id: str, game: str) -> frozenset[str]:
        """The lessons of ``game`` the learner finished."""
        return self.progress(learner_id, game).lessons_done

    def open_lesson(self, learner_id: str, game: str, lesson: str, now: datetime | None = None) -> None:
        """Record the lesson the learner is on now: the lessons page resumes there."""
        game, lesson, moment = clean_key(game, "game"), clean_key(lesson, "lesson"), clean_time(now)

        def work(session: Session) -> None:
            self._known(session, learner_id)
            row = session.get(LastLessonRow, (learner_id, game), with_for_update=True)
            if row is None:
                session.add(LastLessonRow(learner_id=learner_id, game=game, lesson=lesson, opened=moment))
            else:
                row.lesson, row.opened = lesson, moment

        self._run(work, write=True)

    def last_lesson(self, learner_id: str, game: str) -> str | None:
        """The lesson of ``game`` the learner last opened (None before any)."""
        return self.progress(learner_id, game).last_lesson

    def record_try(self, learner_id: str, game: str, exercise: str, correct: bool, answer: str = "",
                   now: datetime | None = None) -> Try:
        """Record one answer to an exercise: right or wrong, what was answered (one line, at most 500
        characters), and when."""
        game, exercise, moment = clean_key(game, "game"), clean_key(exercise, "exercise"), clean_time(now)
        answer = clean_line(answer, N_("answer"), MAX_ANSWER, empty_ok=True)
        if not isinstance(correct, bool):
            raise InputRefused(_("Whether the answer was right must be True or False."))

        def work(session: Session) -> Try:
            self._known(session, learner_id)
            row = TryRow(learner_id=learner_id, game=game, exercise=exercise, correct=correct, answer=answer,
                         at=moment)
            session.add(row)
            session.flush()
            return _try(row)

        return self._run(work, write=True)

    def tries(self, learner_id: str, game: str, exercise: str | None = None, limit: int = MAX_LISTED
              ) -> tuple[Try, ...]:
        """The learner's answers in ``game`` (to one ``exercise``, if given), oldest first, at most ``limit``
        (the newest ones)."""
        game = clean_key(game, "game")
        limit = clean_count(limit, "number of tries", MAX_LISTED)
        query = select(TryRow).where(TryRow.learner_id == learner_id, TryRow.game == game)
        if exercise is not None:
            query = query.where(TryRow.exercise == clean_key(exercise, "exercise"))
        query = query.order_by(TryRow.at.desc(), TryRow.id.desc()).limit(limit)

        def work(session: Session) -> tuple[Try, ...]:
            self._known(session, learner_id)
            return tuple(_try(r) for r in reversed(session.scalars(query).all()))

        return self._run(work, write=False)

    def exercises_done(self, learner_id: str, game: str) -> frozenset[str]:
        """The exercises of ``game`` the learner has answered right at least once."""
        return self.progress(learner_id, game).exercises_done

    def progress(self, learner_id: str, game: str) -> Progress:
        """Everything the lessons page shows at once: lessons done (✓), exercises done, the lesson to resume."""
        game = clean_key(game, "game")

        def work(session: Session) -> Progress:
            self._known(session, learner_id)
            done = session.scalars(select(LessonDoneRow.lesson).where(
                LessonDoneRow.learner_id == learner_id, LessonDoneRow.game == game)).all()
            right = session.scalars(select(TryRow.exercise).distinct().where(
                TryRow.learner_id == learner_id, TryRow.game == game, TryRow.correct.is_(True))).all()
            last = session.get(LastLessonRow, (learner_id, game))
            return Progress(game, frozenset(done), frozenset(right), None if last is None else last.lesson)

        return self._run(work, write=False)

    # --- practice -----------------------------------------------------------------------------------------

    def record_practice(self, learner_id: str, game: str, rule: str, correct: bool, now: datetime | None = None
                        ) -> PracticeItem:
        """Record one practice answer about ``rule``: it moves the rule's Leitner box (up when right, back to
        the first when wrong), sets when it is due again, and counts towards the streak."""
        game, rule, moment = clean_key(game, "game"), clean_key(rule, "rule"), clean_time(now)
        if not isinstance(correct, bool):
            raise InputRefused(_("Whether the answer was right must be True or False."))
        today = (now or moment).date()  # the learner's own date when ``now`` carries their time zone

        def work(session: Session) -> PracticeItem:
            self._known(session, learner_id)
            row = session.get(PracticeRow, (learner_id, game, rule), with_for_update=True)
            if row is None:
                row = PracticeRow(learner_id=learner_id, game=game, rule=rule, box=practice.FIRST_BOX, seen=0,
                                  missed=0, due=moment, last_seen=moment)
                session.add(row)
            row.box, row.due = practice.after_answer(row.box, row.due - row.last_seen, row.missed, correct, moment)
            row.seen, row.missed, row.last_seen = row.seen + 1, row.missed + (not correct), moment
            streak_row = session.get(StreakRow, (learner_id, game), with_for_update=True)
            before = Streak(game, 0, 0, 0, None) if streak_row is None else _streak(streak_row)
            after = practice.next_streak(before, correct, today)
            if streak_row is None:
                streak_row = StreakRow(learner_id=learner_id, game=game)
                session.add(streak_row)
            streak_row.current, streak_row.best = after.current, after.best
            streak_row.days, streak_row.last_day = after.days, today
            session.flush()
            return _item(row)

        return self._run(work, write=True)

    def practice_items(self, learner_id: str, game: str) -> tuple[PracticeItem, ...]:
        """The learner's practice state for every rule of ``game`` asked so far, by rule."""
        game = clean_key(game, "game")
        query = select(PracticeRow).where(PracticeRow.learner_id == learner_id, PracticeRow.game == game
                                          ).order_by(PracticeRow.rule)

        def work(session: Session) -> tuple[PracticeItem, ...]:
            self._known(session, learner_id)
            return tuple(_item(r) for r in session.scalars(query).all())

        return self._run(work, write=False)

    def due_practice(self, learner_id: str, game: str, rules: Sequence[str], n: int, now: datetime | None = None
                     ) -> tuple[str, ...]:
        """Up to ``n`` distinct rules of ``rules`` (the rules the practice set can ask) to ask next, most needed
        first: due rules (lowest box, then most often missed), then rules never asked, then the soonest due."""
        game, moment = clean_key(game, "game"), clean_time(now)
        n = clean_count(n, "number of exercises", MAX_PRACTICE_BATCH)
        if isinstance(rules, str) or len(rules) > MAX_RULES:
            raise InputRefused(f"The rules must be a list of at most {MAX_RULES:,} rule names.")
        wanted = [clean_key(r, "rule") for r in rules]
        items = {it.rule: it for it in self.practice_items(learner_id, game)}
        return practice.choose(wanted, items, n, moment)

    def streak(self, learner_id: str, game: str) -> Streak:
        """The learner's practice streak in ``game`` (all zero before any practice)."""
        game = clean_key(game, "game")

        def work(session: Session) -> Streak:
            self._known(session, learner_id)
            row = session.get(StreakRow, (learner_id, game))
            return Streak(game, 0, 0, 0, None) if row is None else _streak(row)

        return self._run(work, write=False)

    # --- saved positions ----------------------------------------------------------------------------------

    def save_position(self, learner_id: str, game: str, title: str, position: object,
                      now: datetime | None = None) -> SavedPosition:
        """Save a position (a JSON object, as a dict or as JSON text) under a title (one line, at most 80
        characters). A learner keeps at most 500 positions."""
        game, moment = clean_key(game, "game"), clean_time(now)
        title = clean_line(title, N_("title"), MAX_TITLE)
        text = position_json(position)

        def work(session: Session) -> SavedPosition:
            self._known(session, learner_id, lock=True)  # the lock keeps two saves from passing the cap together
            count = session.scalar(select(func.count()).select_from(PositionRow).where(
                PositionRow.learner_id == learner_id)) or 0
            if count >= MAX_POSITIONS:
                raise InputRefused(_("You have saved {n} positions, the most one learner can keep; delete some to "
                                     "save more.").format(n=digits(str(MAX_POSITIONS))))
            row = PositionRow(learner_id=learner_id, game=game, title=title, position=text, created=moment)
            session.add(row)
            session.flush()
            return _position(row)

        return self._run(work, write=True)

    def positions(self, learner_id: str, game: str | None = None) -> tuple[SavedPosition, ...]:
        """The learner's saved positions (of ``game``, if given), newest first."""
        query = select(PositionRow).where(PositionRow.learner_id == learner_id)
        if game is not None:
            query = query.where(PositionRow.game == clean_key(game, "game"))
        query = query.order_by(PositionRow.created.desc(), PositionRow.id.desc())

        def work(session: Session) -> tuple[SavedPosition, ...]:
            self._known(session, learner_id)
            return tuple(_position(r) for r in session.scalars(query).all())

        return self._run(work, write=False)

    def delete_position(self, learner_id: str, position_id: int) -> bool:
        """Delete one of the learner's saved positions; whether there was one with this id."""
        position_id = clean_count(position_id, "position number", 2**62)

        def work(session: Session) -> bool:
            self._known(session, learner_id)
            gone = session.execute(delete(PositionRow).where(
                PositionRow.learner_id == learner_id, PositionRow.id == position_id))
            return bool(getattr(gone, "rowcount", 0))

        return self._run(work, write=True)


def _streak(row: StreakRow) -> Streak:
    return Streak(row.game, row.current, row.best, row.days, row.last_day)


def _not_usable(error: BaseException) -> str:
    return _("The progress database could not be used: {reason}").format(reason=_reason(error))


def _cannot_open(where: str, reason: str) -> str:
    return _("The progress database {where} cannot be opened: {reason}").format(where=where, reason=reason)


def _reason(error: BaseException) -> str:
    """A one-line reason from a driver error (no SQL statement, no parameters)."""
    orig = getattr(error, "orig", None) or error
    first = str(orig).strip().splitlines()[0] if str(orig).strip() else type(orig).__name__
    return first[:300]
