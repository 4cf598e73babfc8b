"""The tables of live class questions (a moment a teacher pushes to every student's screen, and each student's
answer) and of where each learner is now (the page and link the teacher can open, read-only). Rows only the
store uses; their migration is ui/store/migrations/versions/0003_live_questions.py."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from ui.store.models import ID_LENGTH, Base, UTCDateTime
from ui.store.text import MAX_ANSWER, MAX_KEY

PROMPT_LENGTH = 200  # "Which play is legal?", "What should South play?" with room for a game's seat names


class LiveQuestionRow(Base):
    """A question a teacher pushed to a class: its kind, game, prompt and the moment (JSON: the position, the
    seat asked and the choices); when it was opened, revealed (verdict shown) and closed (off the screens)."""

    __tablename__ = "live_questions"
    __table_args__ = (Index("ix_live_questions_class_opened", "class_id", "opened"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("classes.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(MAX_KEY))
    game: Mapped[str] = mapped_column(String(MAX_KEY))
    prompt: Mapped[str] = mapped_column(String(PROMPT_LENGTH))
    moment: Mapped[str] = mapped_column(Text)
    opened: Mapped[datetime] = mapped_column(UTCDateTime())
    revealed: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    closed: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class LiveAnswerRow(Base):
    """A student's answer to a live question (one per student; answering again replaces it), judged by the
    engine when it was given."""

    __tablename__ = "live_answers"
    question_id: Mapped[int] = mapped_column(Integer, ForeignKey("live_questions.id", ondelete="CASCADE"),
                                             primary_key=True)
    learner_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("learners.id", ondelete="CASCADE"),
                                            primary_key=True)
    answer: Mapped[str] = mapped_column(String(MAX_ANSWER))
    correct: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime())


class PlaceRow(Base):
    """Where a learner is now: the page (a key), the game and the link (the page's query, JSON) that opens the
    same Table step or exercise, and when it was last seen."""

    __tablename__ = "learner_places"
    learner_id: Mapped[str] = mapped_column(String(ID_LENGTH), ForeignKey("learners.id", ondelete="CASCADE"),
                                            primary_key=True)
    page: Mapped[str] = mapped_column(String(MAX_KEY))
    game: Mapped[str] = mapped_column(String(MAX_KEY))
    link: Mapped[str] = mapped_column(Text)
    updated: Mapped[datetime] = mapped_column(UTCDateTime())
