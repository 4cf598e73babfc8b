"""The store's half of live class questions, on SQLite and PostgreSQL: a teacher pushes a question to a class,
its students answer (once each, replaceable until the reveal), only the teacher sees who answered what, a
question pushed through one store reaches a student reading through another; where a learner is now, for
their teacher only."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.test_store import pg_server, pg_url  # noqa: F401 - the PostgreSQL fixtures
from ui.store import InputRefused, NotAllowed, Store
from ui.store.live import ANSWERS_CLOSED, NO_LONGER_OPEN, NOT_IN_CLASS, NOT_YOUR_CLASS, NOT_YOUR_STUDENT

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PASSWORD = "correct horse battery"
MOMENT = {"source": "table", "record": {"game": "shengji", "seed": 7, "actions": []}, "step": 0, "ask": "legal"}


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    return str(request.getfixturevalue("pg_url"))


def _class(store: Store) -> tuple[str, str, list[str]]:
    teacher = store.sign_up("Ms Rivera", PASSWORD)
    klass = store.create_class(teacher.id, "Year 9 cards")
    students = [store.join_class(klass.code, name, f"phone-{name}").learner.id for name in ("Ana", "Ben", "Chloé")]
    return teacher.id, klass.id, students


def test_a_pushed_question_reaches_the_students_and_their_answers_reach_only_the_teacher(url: str) -> None:
    store, other_server = Store(url), Store(url)
    teacher, klass, (ana, ben, chloe) = _class(store)
    alone = store.start_alone("Dora").learner.id
    assert other_server.question_for(ana) is None
    asked = store.push_question(teacher, klass, "play", "shengji", "Which play is legal?", MOMENT, now=T0)
    seen = other_server.question_for(ana)
    assert seen == asked and seen.moment == MOMENT and seen.is_open
    assert other_server.question_for(alone) is None, "a learner without a class gets no class's question"
    assert other_server.question_signal(ana) == (asked.id, False) and other_server.question_signal(alone) is None
    assert store.class_question(teacher, klass) == asked

    store.answer_question(ana, asked.id, "K♥ K♥", True, now=T0 + timedelta(seconds=3))
    other_server.answer_question(ben, asked.id, "5♠", False, now=T0 + timedelta(seconds=4))
    other_server.answer_question(ana, asked.id, "10♥", True, now=T0 + timedelta(seconds=5))  # replaces her answer
    answers = store.live_answers(teacher, asked.id)
    assert [(a.name, a.answer, a.correct) for a in answers] == [("Ben", "5♠", False), ("Ana", "10♥", True)]
    mine = store.my_answer(ana, asked.id)
    assert mine is not None and mine.answer == "10♥" and store.my_answer(chloe, asked.id) is None

    with pytest.raises(NotAllowed, match=NOT_IN_CLASS):
        store.answer_question(alone, asked.id, "5♠", False)
    with pytest.raises(InputRefused):
        store.answer_question(chloe, asked.id, "x" * 5_000, None)
    stranger = store.sign_up("Mr Other", PASSWORD)
    with pytest.raises(NotAllowed):
        store.live_answers(stranger.id, asked.id)
    with pytest.raises(NotAllowed, match=NOT_YOUR_CLASS):
        store.push_question(stranger.id, klass, "play", "shengji", "Which play is legal?", MOMENT)

    revealed = store.reveal_question(teacher, asked.id, now=T0 + timedelta(seconds=9))
    assert revealed.revealed is not None and not revealed.is_open
    assert other_server.question_for(chloe) == revealed, "the verdict stays on the screens until closed"
    assert other_server.question_signal(chloe) == (asked.id, True)
    with pytest.raises(NotAllowed, match=ANSWERS_CLOSED):
        other_server.answer_question(chloe, asked.id, "5♠", False)

    following = store.push_question(teacher, klass, "practice", "shengji", "Is it a tractor?", {"rule": "x"})
    assert other_server.question_for(ben) == following, "a new question closes the one before"
    with pytest.raises(NotAllowed, match=NO_LONGER_OPEN):
        store.answer_question(ben, asked.id, "5♠", False)
    store.close_question(teacher, following.id)
    assert store.question_for(ben) is None and store.class_question(teacher, klass) is None
    assert store.question_signal(ben) is None
    store.close(), other_server.close()


def test_a_teacher_finds_where_a_student_is_and_nobody_else_does(url: str) -> None:
    store = Store(url)
    teacher, klass, (ana, ben, _) = _class(store)
    assert store.place_of(teacher, ana) is None
    store.set_place(ana, "table", "shengji", {"mode": "watch", "seed": "12", "step": "30"}, now=T0)
    place = store.place_of(teacher, ana)
    assert place is not None and (place.page, place.game, dict(place.link)) == (
        "table", "shengji", {"mode": "watch", "seed": "12", "step": "30"})
    store.set_place(ana, "practice", "euchre", {"set": "3"}, now=T0 + timedelta(minutes=1))
    moved = store.place_of(teacher, ana)
    assert moved is not None and moved.page == "practice" and moved.updated == T0 + timedelta(minutes=1)
    stranger = store.sign_up("Mr Other", PASSWORD)
    with pytest.raises(NotAllowed, match=NOT_YOUR_STUDENT):
        store.place_of(stranger.id, ana)
    with pytest.raises(InputRefused):
        store.set_place(ben, "table", "shengji", {"hand": "x" * 5_000})
    store.close()
