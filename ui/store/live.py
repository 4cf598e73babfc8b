"""Live class questions and where learners are: the store's half of a teacher pushing a moment to a class.

A teacher pushes a question to one of their classes (the one open before it is closed: a class has at most one
question on its screens); each student of the class answers it once (answering again replaces the answer)
until the teacher reveals the verdict; the teacher alone sees who answered what. Students' screens poll
:meth:`LiveStore.question_for`, so a question pushed through one app server reaches students served by
another. Where a learner is now (a page, a game and the page's link) is kept so that their teacher can open
the same Table step or exercise, read-only.

The moment itself (a Table step, an editor position, a practice question) is JSON the app builds and judges
with the engine; the store only keeps it (at most 64,000 bytes, as a saved position).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, TypeVar

from sqlalchemy import select
from sqlalchemy.orm import Session

from engine.i18n import N_, number
from engine.i18n import gettext as _
from ui.store.errors import InputRefused, NotAllowed, UnknownLearner
from ui.store.live_rows import PROMPT_LENGTH, LiveAnswerRow, LiveQuestionRow, PlaceRow
from ui.store.models import ClassRow, LearnerRow, MembershipRow
from ui.store.text import MAX_ANSWER, clean_key, clean_line, clean_time, position_json, valid_learner_id

T = TypeVar("T")

NOT_YOUR_CLASS: Final = N_("This class is not one of yours; choose one of your classes.")
NOT_YOUR_QUESTION: Final = N_("This question is not one of your classes'; push a new one.")
NOT_IN_CLASS: Final = N_("You are not in a class: join one with your teacher's code to answer its questions.")
NO_LONGER_OPEN: Final = N_("This question is no longer open: your teacher has moved on.")
ANSWERS_CLOSED: Final = N_("The answers are closed: your teacher has shown the verdict.")
NOT_YOUR_STUDENT: Final = N_("This learner is not in one of your classes.")
MAX_LINK: Final = 4_000  # a page's query, as JSON (the Table's link carries a compressed record)


@dataclass(frozen=True)
class LiveQuestion:
    """A question on a class's screens: ``kind`` and ``moment`` are the app's (how to rebuild and judge it);
    ``revealed`` is when the teacher showed the verdict (None before), ``closed`` when it left the screens."""

    id: int
    class_id: str
    kind: str
    game: str
    prompt: str
    moment: Mapping[str, Any]
    opened: datetime
    revealed: datetime | None
    closed: datetime | None

    @property
    def is_open(self) -> bool:
        """On the screens and still taking answers."""
        return self.closed is None and self.revealed is None


@dataclass(frozen=True)
class LiveAnswer:
    """One student's answer, as their teacher sees it (``name`` is plain text: escape it to show it), or as the
    student sees their own. ``correct`` is the engine's verdict when it was given (None: not judged)."""

    learner_id: str
    name: str
    answer: str
    correct: bool | None
    at: datetime


@dataclass(frozen=True)
class Place:
    """Where a learner is now: a page (a key such as ``table``), its game, its link (the page's query) and when."""

    learner_id: str
    page: str
    game: str
    link: Mapping[str, str]
    updated: datetime


def _question(row: LiveQuestionRow) -> LiveQuestion:
    return LiveQuestion(row.id, row.class_id, row.kind, row.game, row.prompt, json.loads(row.moment), row.opened,
                        row.revealed, row.closed)


def _link_json(link: Mapping[str, str]) -> str:
    if not isinstance(link, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in link.items()):
        raise InputRefused(_("A page's link is a set of names and values, all text."))
    text = json.dumps(dict(sorted(link.items())), ensure_ascii=False, separators=(",", ":"))
    if len(text) > MAX_LINK:
        raise InputRefused(_("This page's link is too long to keep: at most {n} characters.").format(
            n=number(MAX_LINK)))
    return text


class LiveStore:
    """The live-question half of the Store (mixed into ui.store.Store, which supplies ``_run``)."""

    def _run(self, work: Callable[[Session], T], *, write: bool) -> T:  # pragma: no cover - Store's
        raise NotImplementedError

    @staticmethod
    def _own_question(session: Session, teacher_id: str, question_id: int, *, lock: bool = False) -> LiveQuestionRow:
        row = session.get(LiveQuestionRow, question_id, with_for_update=lock) if isinstance(question_id, int) else None
        klass = None if row is None else session.get(ClassRow, row.class_id)
        if row is None or klass is None or klass.teacher_id != teacher_id:
            raise NotAllowed(_(NOT_YOUR_QUESTION))
        return row

    # --- the teacher's side --------------------------------------------------------------------------------

    def push_question(self, teacher_id: str, class_id: str, kind: str, game: str, prompt: str,
                      moment: Mapping[str, Any], now: datetime | None = None) -> LiveQuestion:
        """Put a question on the screens of the teacher's class (the question open before is closed)."""
        kind, game, when = clean_key(kind, "kind of question"), clean_key(game, "game"), clean_time(now)
        prompt = clean_line(prompt, N_("question"), PROMPT_LENGTH)
        text = position_json(moment)

        def work(session: Session) -> LiveQuestion:
            klass = session.get(ClassRow, class_id, with_for_update=True) if isinstance(class_id, str) else None
            if klass is None or klass.teacher_id != teacher_id:
                raise NotAllowed(_(NOT_YOUR_CLASS))
            for row in session.scalars(select(LiveQuestionRow).where(
                    LiveQuestionRow.class_id == class_id, LiveQuestionRow.closed.is_(None))):
                row.closed = when
            row = LiveQuestionRow(class_id=class_id, kind=kind, game=game, prompt=prompt, moment=text, opened=when)
            session.add(row)
            session.flush()
            return _question(row)

        return self._run(work, write=True)

    def reveal_question(self, teacher_id: str, question_id: int, now: datetime | None = None) -> LiveQuestion:
        """Show the verdict on the class's screens: answers are closed from now on."""
        when = clean_time(now)

        def work(session: Session) -> LiveQuestion:
            row = self._own_question(session, teacher_id, question_id, lock=True)
            if row.revealed is None:
                row.revealed = when
            return _question(row)

        return self._run(work, write=True)

    def close_question(self, teacher_id: str, question_id: int, now: datetime | None = None) -> None:
        """Take the question off the class's screens."""
        when = clean_time(now)

        def work(session: Session) -> None:
            row = self._own_question(session, teacher_id, question_id, lock=True)
            if row.closed is None:
                row.closed = when

        self._run(work, write=True)

    def class_question(self, teacher_id: str, class_id: str) -> LiveQuestion | None:
        """The question now on the screens of the teacher's class (None when there is none)."""

        def work(session: Session) -> LiveQuestion | None:
            klass = session.get(ClassRow, class_id) if isinstance(class_id, str) else None
            if klass is None or klass.teacher_id != teacher_id:
                raise NotAllowed(_(NOT_YOUR_CLASS))
            row = session.scalars(select(LiveQuestionRow).where(
                LiveQuestionRow.class_id == class_id, LiveQuestionRow.closed.is_(None))
                .order_by(LiveQuestionRow.id.desc()).limit(1)).first()
            return None if row is None else _question(row)

        return self._run(work, write=False)

    def live_answers(self, teacher_id: str, question_id: int) -> tuple[LiveAnswer, ...]:
        """Every answer to the teacher's question, with the students' names, in the order they came."""

        def work(session: Session) -> tuple[LiveAnswer, ...]:
            self._own_question(session, teacher_id, question_id)
            rows = session.execute(select(LiveAnswerRow, LearnerRow.name).join(
                LearnerRow, LearnerRow.id == LiveAnswerRow.learner_id)
                .where(LiveAnswerRow.question_id == question_id).order_by(LiveAnswerRow.at, LearnerRow.name_key))
            return tuple(LiveAnswer(a.learner_id, name, a.answer, a.correct, a.at) for a, name in rows)

        return self._run(work, write=False)

    # --- the students' side --------------------------------------------------------------------------------

    def question_for(self, learner_id: str) -> LiveQuestion | None:
        """The question on the screen of this learner's class (None when none, or for a learner alone). One
        small query: students' screens call it every second."""
        if not valid_learner_id(learner_id):
            return None

        def work(session: Session) -> LiveQuestion | None:
            row = session.scalars(select(LiveQuestionRow).join(
                MembershipRow, MembershipRow.class_id == LiveQuestionRow.class_id)
                .where(MembershipRow.learner_id == learner_id, LiveQuestionRow.closed.is_(None))
                .order_by(LiveQuestionRow.id.desc()).limit(1)).first()
            return None if row is None else _question(row)

        return self._run(work, write=False)

    def question_signal(self, learner_id: str) -> tuple[int, bool] | None:
        """What a student's screen must follow, in one small query: the id of the class's question on the
        screens and whether its verdict is shown (None when there is none). Cheaper than :meth:`question_for`:
        screens call it every second and redraw only when it changes."""
        if not valid_learner_id(learner_id):
            return None

        def work(session: Session) -> tuple[int, bool] | None:
            row = session.execute(select(LiveQuestionRow.id, LiveQuestionRow.revealed).join(
                MembershipRow, MembershipRow.class_id == LiveQuestionRow.class_id)
                .where(MembershipRow.learner_id == learner_id, LiveQuestionRow.closed.is_(None))
                .order_by(LiveQuestionRow.id.desc()).limit(1)).first()
            return None if row is None else (int(row[0]), row[1] is not None)

        return self._run(work, write=False)

    def answer_question(self, learner_id: str, question_id: int, answer: str, correct: bool | None,
                        now: datetime | None = None) -> LiveAnswer:
        """Record (or replace) this student's answer while the question is open; the engine's verdict on it is
        ``correct``. Refused with a sentence for a learner outside the class or a question no longer open."""
        text, when = clean_line(answer, N_("answer"), MAX_ANSWER), clean_time(now)

        def work(session: Session) -> LiveAnswer:
            learner = session.get(LearnerRow, learner_id) if valid_learner_id(learner_id) else None
            if learner is None:
                raise UnknownLearner(_("This learner is not known here; please join your class again."))
            row = session.get(LiveQuestionRow, question_id) if isinstance(question_id, int) else None
            if row is None or session.get(MembershipRow, (row.class_id, learner_id)) is None:
                raise NotAllowed(_(NOT_IN_CLASS))
            if row.closed is not None:
                raise NotAllowed(_(NO_LONGER_OPEN))
            if row.revealed is not None:
                raise NotAllowed(_(ANSWERS_CLOSED))
            given = session.get(LiveAnswerRow, (question_id, learner_id), with_for_update=True)
            if given is None:
                given = LiveAnswerRow(question_id=question_id, learner_id=learner_id, answer=text, correct=correct,
                                      at=when)
                session.add(given)
            else:
                given.answer, given.correct, given.at = text, correct, when
            session.flush()
            return LiveAnswer(learner_id, learner.name, text, correct, when)

        return self._run(work, write=True)

    def my_answer(self, learner_id: str, question_id: int) -> LiveAnswer | None:
        """This learner's own answer to the question (None before they answer)."""
        if not valid_learner_id(learner_id) or not isinstance(question_id, int):
            return None

        def work(session: Session) -> LiveAnswer | None:
            row = session.execute(select(LiveAnswerRow, LearnerRow.name).join(
                LearnerRow, LearnerRow.id == LiveAnswerRow.learner_id).where(
                LiveAnswerRow.question_id == question_id, LiveAnswerRow.learner_id == learner_id)).first()
            if row is None:
                return None
            answer, name = row
            return LiveAnswer(answer.learner_id, name, answer.answer, answer.correct, answer.at)

        return self._run(work, write=False)

    # --- where learners are --------------------------------------------------------------------------------

    def set_place(self, learner_id: str, page: str, game: str, link: Mapping[str, str],
                  now: datetime | None = None) -> None:
        """Keep where this learner is now (only the latest place is kept)."""
        page, game, when, text = clean_key(page, "page"), clean_key(game, "game"), clean_time(now), _link_json(link)

        def work(session: Session) -> None:
            if not valid_learner_id(learner_id) or session.get(LearnerRow, learner_id) is None:
                raise UnknownLearner(_("This learner is not known here; please type your name again."))
            row = session.get(PlaceRow, learner_id, with_for_update=True)
            if row is None:
                session.add(PlaceRow(learner_id=learner_id, page=page, game=game, link=text, updated=when))
            else:
                row.page, row.game, row.link, row.updated = page, game, text, when

        self._run(work, write=True)

    def place_of(self, teacher_id: str, learner_id: str) -> Place | None:
        """Where one of the teacher's students is now (None before the student opened a Table or exercise)."""

        def work(session: Session) -> Place | None:
            taught = session.scalar(select(MembershipRow.learner_id).join(
                ClassRow, ClassRow.id == MembershipRow.class_id).where(
                MembershipRow.learner_id == learner_id, ClassRow.teacher_id == teacher_id).limit(1))
            if taught is None:
                raise NotAllowed(_(NOT_YOUR_STUDENT))
            row = session.get(PlaceRow, learner_id)
            if row is None:
                return None
            return Place(row.learner_id, row.page, row.game, json.loads(row.link), row.updated)

        return self._run(work, write=False)
