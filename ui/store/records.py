"""What the store hands out: small frozen records, never ORM objects (nothing a page holds can touch the
database). Times are aware datetimes in UTC."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any


@dataclass(frozen=True)
class Learner:
    """A learner: ``id`` is what the browser keeps; ``name`` is plain text as typed (escape it to show it)."""

    id: str
    name: str
    created: datetime


@dataclass(frozen=True)
class Try:
    """One answer to an exercise."""

    id: int
    game: str
    exercise: str
    correct: bool
    answer: str
    at: datetime


@dataclass(frozen=True)
class Progress:
    """A learner's place in one game's lessons: lessons and exercises done, and the lesson to resume at."""

    game: str
    lessons_done: frozenset[str]
    exercises_done: frozenset[str]
    last_lesson: str | None


@dataclass(frozen=True)
class PracticeItem:
    """A practice rule's spaced-repetition state: its Leitner box (1 = just missed … 5 = well known), when it is
    due again, how often it was asked and missed."""

    game: str
    rule: str
    box: int
    due: datetime
    seen: int
    missed: int
    last_seen: datetime

    @property
    def right(self) -> int:
        """How often it was answered right."""
        return self.seen - self.missed


@dataclass(frozen=True)
class Streak:
    """Right practice answers in a row (``current``, and the ``best`` run), and days practised in a row up to
    ``last_day`` (the learner's date of the last practice answer; None before any)."""

    game: str
    current: int
    best: int
    days: int
    last_day: date | None


@dataclass(frozen=True)
class SavedPosition:
    """A saved position: ``position`` is its JSON text (an object), as an editor's link or paste box reads it."""

    id: int
    game: str
    title: str
    position: str
    created: datetime

    def data(self) -> dict[str, Any]:
        """The position as a dict (parsed afresh on each call, so the record stays unchangeable)."""
        parsed: dict[str, Any] = json.loads(self.position)
        return parsed


@dataclass(frozen=True)
class Teacher:
    """A teacher's account (the password's hash never leaves the store)."""

    id: str
    name: str
    created: datetime


@dataclass(frozen=True)
class ClassInfo:
    """A class: its title, the join code students type, and since when it exists."""

    id: str
    teacher_id: str
    title: str
    code: str
    created: datetime


@dataclass(frozen=True)
class Joined:
    """What a student gets on joining (or starting alone): who they are now, and their resume code (shown to
    them once; the store keeps only its digest). ``class_title`` is None for a learner without a class."""

    learner: Learner
    resume_code: str
    class_title: str | None


@dataclass(frozen=True)
class StudentReport:
    """One student's record, for their teacher: lessons done per game, practice state per rule, last activity
    (None before anything)."""

    learner: Learner
    joined: datetime
    lessons_done: tuple[tuple[str, int], ...]  # (game, lessons done), by game
    practice: tuple[PracticeItem, ...]
    last_activity: datetime | None
