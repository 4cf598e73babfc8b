"""The tables, as SQLAlchemy 2 typed models. Only the store uses them: pages get the frozen records of
ui.store.records. A change here needs a new migration in ui/store/migrations/versions (see ui/store/README.md);
tests/test_store.py checks that the migrations build exactly these tables."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import Boolean, Date, DateTime, Dialect, ForeignKey, Index, Integer, MetaData, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

from ui.store.text import MAX_ANSWER, MAX_CODE, MAX_KEY, MAX_NAME, MAX_TITLE

# Constraint names fixed by a convention, so that later migrations can name what they drop or alter.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
ID_LENGTH = 32
NAME_KEY_LENGTH = 4 * MAX_NAME  # case folding can lengthen a name ("ß" → "ss")
LANGUAGE_LENGTH = 8  # a language code (engine.i18n.LANGUAGES)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC: timestamptz on PostgreSQL; on SQLite (no time zones) the UTC wall time. Always read
    back as an aware UTC datetime."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def _learner_fk() -> Mapped[str]:
    return mapped_column(String(ID_LENGTH), ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)


class LearnerRow(Base):
    """A learner: an opaque id (the browser keeps it) and the display name typed once."""

    __tablename__ = "learners"
    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH), index=True)  # two learners may share a name
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    language: Mapped[str | None] = mapped_column(String(LANGUAGE_LENGTH), nullable=True)  # chosen in the sidebar


class LessonDoneRow(Base):
    """A lesson finished by a learner, with the first time it was finished."""

    __tablename__ = "lessons_done"
    learner_id: Mapped[str] = _learner_fk()
    game: Mapped[str] = mapped_column(String(MAX_KEY), primary_key=True)
    lesson: Mapped[str] = mapped_column(String(MAX_KEY), primary_key=True)
    done: Mapped[datetime] = mapped_column(UTCDateTime())


class LastLessonRow(Base):
    """The lesson a learner last opened in a game (where the lessons page resumes)."""

    __tablename__ = "last_lessons"
    learner_id: Mapped[str] = _learner_fk()
    game: Mapped[str] = mapped_column(String(MAX_KEY), primary_key=True)
    lesson: Mapped[str] = mapped_column(String(MAX_KEY))
    opened: Mapped[datetime] = mapped_column(UTCDateTime())


class TryRow(Base):
    """One answer to one exercise: right or wrong, when, and what was answered."""

    __tablename__ = "tries"
    __table_args__ = (Index("ix_tries_learner_game_exercise", "learner_id", "game", "exercise"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("learners.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(MAX_KEY))
    exercise: Mapped[str] = mapped_column(String(MAX_KEY))
    correct: Mapped[bool] = mapped_column(Boolean)
    answer: Mapped[str] = mapped_column(String(MAX_ANSWER))
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class PracticeRow(Base):
    """A practice rule's spaced-repetition state for one learner: its Leitner box and when it is due again."""

    __tablename__ = "practice"
    learner_id: Mapped[str] = _learner_fk()
    game: Mapped[str] = mapped_column(String(MAX_KEY), primary_key=True)
    rule: Mapped[str] = mapped_column(String(MAX_KEY), primary_key=True)
    box: Mapped[int] = mapped_column(Integer)
    due: Mapped[datetime] = mapped_column(UTCDateTime())
    seen: Mapped[int] = mapped_column(Integer)
    missed: Mapped[int] = mapped_column(Integer)
    last_seen: Mapped[datetime] = mapped_column(UTCDateTime())


class StreakRow(Base):
    """A learner's practice streak in a game: right answers in a row (now and best) and days practised in a row."""

    __tablename__ = "streaks"
    learner_id: Mapped[str] = _learner_fk()
    game: Mapped[str] = mapped_column(String(MAX_KEY), primary_key=True)
    current: Mapped[int] = mapped_column(Integer)
    best: Mapped[int] = mapped_column(Integer)
    days: Mapped[int] = mapped_column(Integer)
    last_day: Mapped[date] = mapped_column(Date)


class PositionRow(Base):
    """A position a learner saved from an editor: the game, a title, the position's JSON text."""

    __tablename__ = "positions"
    __table_args__ = (Index("ix_positions_learner_game", "learner_id", "game"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("learners.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(MAX_KEY))
    title: Mapped[str] = mapped_column(String(MAX_TITLE))
    position: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(UTCDateTime())


HASH_LENGTH = 255  # an argon2 hash string (about 100 characters) with room to spare
DIGEST_LENGTH = 64  # a SHA-256 hex digest
GUARD_KEY_LENGTH = 80


class TeacherRow(Base):
    """A teacher's account: a unique name (or e-mail) and an argon2 hash of the password, never the password."""

    __tablename__ = "teachers"
    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(MAX_NAME))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_LENGTH), unique=True)
    password_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class ClassRow(Base):
    """A teacher's class, with the short code its students join with."""

    __tablename__ = "classes"
    __table_args__ = (Index("ix_classes_teacher_id", "teacher_id"),)
    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    teacher_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("teachers.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(MAX_TITLE))
    code: Mapped[str] = mapped_column(String(MAX_CODE), unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class MembershipRow(Base):
    """A learner in a class, since when."""

    __tablename__ = "memberships"
    class_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("classes.id", ondelete="CASCADE"),
                                          primary_key=True)
    learner_id: Mapped[str] = _learner_fk()
    joined: Mapped[datetime] = mapped_column(UTCDateTime())


class ResumeCodeRow(Base):
    """A learner's resume code, kept as a SHA-256 digest (the code itself is shown once, to the learner)."""

    __tablename__ = "resume_codes"
    learner_id: Mapped[str] = _learner_fk()
    digest: Mapped[str] = mapped_column(String(DIGEST_LENGTH), unique=True)
    created: Mapped[datetime] = mapped_column(UTCDateTime())


class GuardRow(Base):
    """Wrong guesses under one key (a browser, an account): how many in a row, and until when answers wait."""

    __tablename__ = "guards"
    key: Mapped[str] = mapped_column(String(GUARD_KEY_LENGTH), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    until: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    updated: Mapped[datetime] = mapped_column(UTCDateTime())
