"""Classes: teachers' accounts (argon2 password hashes), classes with join codes, students who join with a
code and a name, resume codes that bring a learner back on another device, the teacher's report, and guards
that slow repeated wrong guesses (kept in the database, so they hold across app processes).

Codes use an alphabet without look-alike characters (no 0/O, 1/I/L); what a person types is upper-cased and
stripped of spaces and dashes before it is compared. Join codes are 6 characters; resume codes 10 (shown as
``XXXXX-XXXXX``), kept only as a SHA-256 digest (they carry 50 bits of chance: a digest is enough).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Final, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from engine.i18n import N_, digits
from engine.i18n import gettext as _
from ui.store.errors import InputRefused, NotAllowed, Throttled, UnknownLearner, WrongCode
from ui.store.models import (
    ClassRow,
    GuardRow,
    LastLessonRow,
    LearnerRow,
    LessonDoneRow,
    MembershipRow,
    PracticeRow,
    ResumeCodeRow,
    TeacherRow,
    TryRow,
)
from ui.store.records import ClassInfo, Joined, Learner, PracticeItem, StudentReport, Teacher
from ui.store.text import MAX_TITLE, clean_line, clean_name, clean_time, name_key, valid_learner_id

T = TypeVar("T")

ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
JOIN_LENGTH: Final = 6
RESUME_LENGTH: Final = 10
MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 200
FREE_GUESSES: Final = 5  # wrong guesses in a row answered at once; after them each one waits longer
MAX_WAIT: Final = 15 * 60  # seconds: the longest wait after many wrong guesses
MAX_CLASSES: Final = 200  # classes per teacher
MAX_STUDENTS: Final = 500  # students per class

_HASHER: Final = PasswordHasher()
_DUMMY_HASH: Final = _HASHER.hash("not a password anyone has")  # so an unknown name costs as much as a wrong one
WRONG_SIGN_IN: Final = N_("That name and password do not match an account; check both and try again.")
WRONG_JOIN: Final = N_("No class has this join code; check it with your teacher (6 letters and digits).")
WRONG_RESUME: Final = N_("This resume code is not known here; check it, or start again with your name.")


def normal_code(value: object) -> str:
    """What a person typed as a code, as compared: upper case, without spaces and dashes ("" for non-text)."""
    if not isinstance(value, str) or len(value) > 64:
        return ""
    return "".join(value.split()).replace("-", "").upper()


def _new_code(length: int) -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def show_resume_code(code: str) -> str:
    """A resume code as shown to a learner: two groups of five."""
    return f"{code[:5]}-{code[5:]}"


def _digest(code: str) -> str:
    return hashlib.sha256(code.encode("ascii")).hexdigest()


def guard_key(kind: str, who: str) -> str:
    """The guard's key for ``kind`` (join, resume, password, account) and a browser or account: hashed, so that
    no raw address or name is kept."""
    return f"{kind}:" + hashlib.sha256(who.encode("utf-8", "replace")).hexdigest()[:64]


def wait_after(failures: int) -> float:
    """Seconds answers wait after ``failures`` wrong guesses in a row: none for the first FREE_GUESSES, then
    doubling from 2 s up to MAX_WAIT."""
    if failures < FREE_GUESSES:
        return 0.0
    return float(min(2 ** (failures - FREE_GUESSES + 1), MAX_WAIT))


def _wait_sentence(seconds: float) -> str:
    wait = max(1, round(seconds))
    if wait < 120:
        return _("Too many wrong tries in a row: please wait {n} seconds before trying again.").format(
            n=digits(str(wait)))
    return _("Too many wrong tries in a row: please wait {n} minutes before trying again.").format(
        n=digits(str(round(wait / 60))))


class ClassroomStore:
    """The classroom half of the Store (mixed into ui.store.Store, which supplies ``_run``)."""

    def _run(self, work: Callable[[Session], T], *, write: bool) -> T:  # pragma: no cover - Store's
        raise NotImplementedError

    # --- guards -------------------------------------------------------------------------------------------

    def _check(self, session: Session, keys: tuple[str, ...], moment: datetime) -> None:
        for key in keys:
            row = session.get(GuardRow, key)
            if row is not None and row.until is not None and row.until > moment:
                raise Throttled(_wait_sentence((row.until - moment).total_seconds()))

    def _failed(self, keys: tuple[str, ...], moment: datetime) -> None:
        """Count one wrong guess under every key (its own transaction: the refusal must not undo it)."""

        def work(session: Session) -> None:
            for key in keys:
                row = session.get(GuardRow, key, with_for_update=True)
                if row is None:
                    row = GuardRow(key=key, failures=0, until=None, updated=moment)
                    session.add(row)
                row.failures += 1
                wait = wait_after(row.failures)
                row.until = moment + timedelta(seconds=wait) if wait else None
                row.updated = moment

        self._run(work, write=True)

    def guard_failures(self, kind: str, who: str) -> int:
        """Wrong guesses in a row counted for ``kind`` and ``who`` (0 when none)."""
        row = self._run(lambda s: s.get(GuardRow, guard_key(kind, who)), write=False)
        return 0 if row is None else row.failures

    def _guarded(self, keys: tuple[str, ...], moment: datetime, attempt: Callable[[Session], T | None],
                 wrong: str) -> T:
        """``attempt`` unless a key is waiting; None from it is a wrong guess (counted, then WrongCode)."""

        def work(session: Session) -> T | None:
            self._check(session, keys, moment)
            found = attempt(session)
            if found is not None:
                for key in keys:
                    row = session.get(GuardRow, key)
                    if row is not None:
                        session.delete(row)
            return found

        result = self._run(work, write=True)
        if result is None:
            self._failed(keys, moment)
            raise WrongCode(_(wrong))
        return result

    # --- teachers -----------------------------------------------------------------------------------------

    def sign_up(self, name: str, password: str, now: datetime | None = None) -> Teacher:
        """A new teacher's account: ``name`` (or an e-mail; compared without case) must be free; the password
        (8 to 200 characters) is kept only as an argon2 hash."""
        clean, moment = clean_name(name), clean_time(now)
        key = name_key(clean)
        hashed = _HASHER.hash(_password(password))

        def work(session: Session) -> Teacher:
            if session.scalars(select(TeacherRow).where(TeacherRow.name_key == key)).first() is not None:
                raise InputRefused(_("An account with this name exists already: sign in, or choose another name."))
            row = TeacherRow(id=secrets.token_urlsafe(16), name=clean, name_key=key, password_hash=hashed,
                             created=moment)
            session.add(row)
            return Teacher(row.id, row.name, row.created)

        return self._run(work, write=True)

    def sign_in(self, name: str, password: str, who: str, now: datetime | None = None) -> Teacher:
        """The teacher whose name and password these are. Wrong guesses are counted per browser (``who``) and per
        account: after FREE_GUESSES in a row, answers wait (Throttled says how long)."""
        moment = clean_time(now)
        try:
            key = name_key(clean_name(name))
        except InputRefused:
            key = ""
        given = password if isinstance(password, str) and len(password) <= MAX_PASSWORD else ""
        keys = (guard_key("password", who), guard_key("account", key))

        def attempt(session: Session) -> Teacher | None:
            row = session.scalars(select(TeacherRow).where(TeacherRow.name_key == key)).first() if key else None
            try:
                _HASHER.verify(_DUMMY_HASH if row is None else row.password_hash, given)
            except (VerificationError, InvalidHashError):
                return None
            if row is None:
                return None
            if _HASHER.check_needs_rehash(row.password_hash):
                row.password_hash = _HASHER.hash(given)
            return Teacher(row.id, row.name, row.created)

        return self._guarded(keys, moment, attempt, WRONG_SIGN_IN)

    def teacher_by_id(self, teacher_id: object) -> Teacher | None:
        """The teacher with this id (None when unknown or not an id)."""
        if not valid_learner_id(teacher_id):
            return None
        row = self._run(lambda s: s.get(TeacherRow, teacher_id), write=False)
        return None if row is None else Teacher(row.id, row.name, row.created)

    # --- classes ------------------------------------------------------------------------------------------

    def create_class(self, teacher_id: str, title: str, now: datetime | None = None) -> ClassInfo:
        """A new class of this teacher, with a fresh join code."""
        clean, moment = clean_line(title, N_("class name"), MAX_TITLE), clean_time(now)

        def work(session: Session) -> ClassInfo:
            if session.get(TeacherRow, teacher_id) is None:
                raise NotAllowed(_("Only a signed-in teacher can create a class; please sign in again."))
            count = session.scalar(select(func.count()).select_from(ClassRow).where(
                ClassRow.teacher_id == teacher_id)) or 0
            if count >= MAX_CLASSES:
                raise InputRefused(_("A teacher can keep at most {n} classes.").format(n=digits(str(MAX_CLASSES))))
            code = _new_code(JOIN_LENGTH)
            while session.scalars(select(ClassRow).where(ClassRow.code == code)).first() is not None:
                code = _new_code(JOIN_LENGTH)
            row = ClassRow(id=secrets.token_urlsafe(16), teacher_id=teacher_id, title=clean, code=code,
                           created=moment)
            session.add(row)
            return _class(row)

        return self._run(work, write=True)

    def classes_of(self, teacher_id: str) -> tuple[ClassInfo, ...]:
        """This teacher's classes, oldest first."""
        query = select(ClassRow).where(ClassRow.teacher_id == teacher_id).order_by(ClassRow.created, ClassRow.id)
        return tuple(_class(r) for r in self._run(lambda s: s.scalars(query).all(), write=False))

    # --- students -----------------------------------------------------------------------------------------

    def start_alone(self, name: str, now: datetime | None = None) -> Joined:
        """A new learner without a class, and their resume code. Nobody else's record is found or shown: two
        learners may share a name."""
        clean, moment = clean_name(name), clean_time(now)

        def work(session: Session) -> Joined:
            learner, code = _new_learner(session, clean, moment)
            return Joined(learner, code, None)

        return self._run(work, write=True)

    def join_class(self, code: str, name: str, who: str, now: datetime | None = None) -> Joined:
        """A new student of the class whose join code this is, under ``name``, with their resume code. A wrong
        code is a WrongCode; repeated wrong codes from ``who`` (a browser) are slowed down (Throttled)."""
        clean, moment, typed = clean_name(name), clean_time(now), normal_code(code)

        def attempt(session: Session) -> Joined | None:
            row = session.scalars(select(ClassRow).where(ClassRow.code == typed)).first() if typed else None
            if row is None:
                return None
            count = session.scalar(select(func.count()).select_from(MembershipRow).where(
                MembershipRow.class_id == row.id)) or 0
            if count >= MAX_STUDENTS:
                raise InputRefused(_("This class is full ({n} students); ask your teacher.").format(
                    n=digits(str(MAX_STUDENTS))))
            learner, resume = _new_learner(session, clean, moment)
            session.add(MembershipRow(class_id=row.id, learner_id=learner.id, joined=moment))
            return Joined(learner, resume, row.title)

        return self._guarded((guard_key("join", who),), moment, attempt, WRONG_JOIN)

    def resume(self, code: str, who: str, now: datetime | None = None) -> Learner:
        """The learner whose resume code this is (on any device). Wrong codes from ``who`` are counted and,
        repeated, slowed down."""
        moment, typed = clean_time(now), normal_code(code)
        digest = _digest(typed) if len(typed) == RESUME_LENGTH and typed.isascii() else ""

        def attempt(session: Session) -> Learner | None:
            row = session.scalars(select(ResumeCodeRow).where(ResumeCodeRow.digest == digest)).first() \
                if digest else None
            found = None if row is None else session.get(LearnerRow, row.learner_id)
            return None if found is None else Learner(found.id, found.name, found.created)

        return self._guarded((guard_key("resume", who),), moment, attempt, WRONG_RESUME)

    def new_resume_code(self, learner_id: str, now: datetime | None = None) -> str:
        """A fresh resume code for this learner (the old one stops working)."""
        moment = clean_time(now)

        def work(session: Session) -> str:
            if not valid_learner_id(learner_id) or session.get(LearnerRow, learner_id) is None:
                raise UnknownLearner(_("This learner is not known here; please type your name again."))
            return _set_resume(session, learner_id, moment)

        return self._run(work, write=True)

    def class_of(self, learner_id: str) -> str | None:
        """The title of the class this learner joined (None for a learner alone)."""

        def work(session: Session) -> str | None:
            return session.scalars(select(ClassRow.title).join(MembershipRow, MembershipRow.class_id == ClassRow.id)
                                   .where(MembershipRow.learner_id == learner_id)).first()

        return self._run(work, write=False)

    # --- the teacher's report -----------------------------------------------------------------------------

    def class_report(self, teacher_id: str, class_id: str) -> tuple[StudentReport, ...]:
        """Every student of the class (by name, then joining time), for the class's own teacher only."""

        def work(session: Session) -> tuple[StudentReport, ...]:
            klass = session.get(ClassRow, class_id)
            if klass is None or klass.teacher_id != teacher_id:
                raise NotAllowed(_("This class is not one of yours; choose one of your classes."))
            members = session.execute(select(LearnerRow, MembershipRow.joined).join(
                MembershipRow, MembershipRow.learner_id == LearnerRow.id).where(MembershipRow.class_id == class_id)
                .order_by(LearnerRow.name_key, MembershipRow.joined)).all()
            reports = []
            for learner, joined in members:
                who = learner.id
                lessons = session.execute(select(LessonDoneRow.game, func.count()).where(
                    LessonDoneRow.learner_id == who).group_by(LessonDoneRow.game).order_by(LessonDoneRow.game)).all()
                items = session.scalars(select(PracticeRow).where(PracticeRow.learner_id == who)
                                        .order_by(PracticeRow.game, PracticeRow.rule)).all()
                moments = [joined] + [m for m in (
                    session.scalar(select(func.max(TryRow.at)).where(TryRow.learner_id == who)),
                    session.scalar(select(func.max(LessonDoneRow.done)).where(LessonDoneRow.learner_id == who)),
                    session.scalar(select(func.max(LastLessonRow.opened)).where(LastLessonRow.learner_id == who)),
                ) if m is not None] + [i.last_seen for i in items]
                last = max(clean_time(_aware(m)) for m in moments)
                reports.append(StudentReport(
                    Learner(learner.id, learner.name, learner.created), joined,
                    tuple((g, int(n)) for g, n in lessons),
                    tuple(PracticeItem(i.game, i.rule, i.box, i.due, i.seen, i.missed, i.last_seen) for i in items),
                    last if last > joined else None))
            return tuple(reports)

        return self._run(work, write=False)


def _aware(moment: datetime) -> datetime:
    """A moment read by an aggregate (SQLite gives it back without a time zone: it is UTC)."""
    from datetime import UTC

    if isinstance(moment, str):
        moment = datetime.fromisoformat(moment)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise InputRefused(_("The password must be {low} to {high} characters long.").format(
        low=digits(str(MIN_PASSWORD)), high=digits(str(MAX_PASSWORD))))
    return password


def _class(row: ClassRow) -> ClassInfo:
    return ClassInfo(row.id, row.teacher_id, row.title, row.code, row.created)


def _set_resume(session: Session, learner_id: str, moment: datetime) -> str:
    code = _new_code(RESUME_LENGTH)
    row = session.get(ResumeCodeRow, learner_id, with_for_update=True)
    if row is None:
        session.add(ResumeCodeRow(learner_id=learner_id, digest=_digest(code), created=moment))
    else:
        row.digest, row.created = _digest(code), moment
    session.flush()
    return code


def _new_learner(session: Session, clean: str, moment: datetime) -> tuple[Learner, str]:
    row = LearnerRow(id=secrets.token_urlsafe(16), name=clean, name_key=name_key(clean), created=moment)
    session.add(row)
    session.flush()
    return Learner(row.id, row.name, row.created), _set_resume(session, row.id, moment)
