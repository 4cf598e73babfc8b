"""AppTest of live class questions: the teacher pushes a Table step from /class; a student's /join page shows
the question and answers it by choosing cards; the teacher's page counts the answer, shows who answered and
then the engine's verdict and the coach's choice; the student then sees the verdict on their own answer, and
never another student's name. A practice question is answered with a choice."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.card_hand_testing import press
from tests.test_classroom_pages import PASSWORD, _button, _open
from ui.classroom import TEACHER_KEY
from ui.learner import ID_KEY
from ui.live_moment import BEST, hand_of, judge_play, rebuild
from ui.live_view import NO_QUESTION
from ui.store import ClassInfo, Learner, Store, Teacher


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("CARD_TABLE_DB_URL", url := f"sqlite:///{tmp_path / 'live.sqlite'}")
    return Store(url)


def _class(db: Store, *names: str) -> tuple[Teacher, ClassInfo, list[Learner]]:
    teacher = db.sign_up("Ms Rivera", PASSWORD)
    klass = db.create_class(teacher.id, "Year 9")
    return teacher, klass, [db.join_class(klass.code, name, f"phone of {name}").learner for name in names]

def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [m.value for m in at.info] + [m.value for m in at.success]
                     + [m.value for m in at.error] + [m.value for m in at.caption] + [h.value for h in at.subheader])


def test_a_pushed_table_step_is_answered_with_cards_and_the_verdict_follows(db: Store) -> None:
    teacher, klass, (ana, _) = _class(db, "Ana", "Ben")

    student = _open("pages/join.py", **{ID_KEY: ana.id})
    assert not student.exception and NO_QUESTION in _texts(student)

    at = _open("pages/class.py", **{TEACHER_KEY: teacher.id})
    at.selectbox(key="live:game").set_value("euchre")
    at.number_input(key="live:seed").set_value(4)
    at.number_input(key="live:step").set_value(9)
    at.radio(key="live:ask").set_value(BEST)
    at = _button(at, "Push to the class").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error, [e.value for e in at.error]
    question = db.class_question(teacher.id, klass.id)
    assert question is not None and question.prompt.startswith("What should ")
    assert "0 of 2 students answered" in _texts(at)

    student = student.run()
    assert question.prompt in _texts(student)
    built = rebuild(question.game, question.moment)
    assert built.coach is not None
    wrong = next((c for c in hand_of(built) if not judge_play(built, c.text).correct), None)
    chosen = [wrong] if wrong is not None else [hand_of(built)[0]]
    student = press(student, f"live:{question.id}:hand", "answer", cards=chosen)
    assert not student.exception
    mine = db.my_answer(ana.id, question.id)
    assert mine is not None and mine.answer == chosen[0].text
    assert mine.correct == judge_play(built, chosen[0].text).correct
    assert "Your answer:" in _texts(student) and "Ben" not in _texts(student)

    at = at.run()
    assert "1 of 2 students answered" in _texts(at) and "Answered: Ana" in _texts(at)
    assert at.get("plotly_chart")
    at = _button(at, "Show the verdict").click().run()  # type: ignore[attr-defined]
    text = _texts(at)
    assert "The engine's verdict" in text and "The coach's choice" in text, text
    assert built.coach.why in text

    student = student.run()
    text = _texts(student)
    assert "Your answer" in text and "The coach's choice" in text and "Ana" not in text.replace("You are **Ana**", "")
    assert "Ben" not in text


def test_a_practice_question_is_answered_with_a_choice(db: Store) -> None:
    teacher, klass, (ana,) = _class(db, "Ana")
    at = _open("pages/class.py", **{TEACHER_KEY: teacher.id})
    at.selectbox(key="live:game").set_value("thirteen")
    at.radio(key="live:source").set_value("practice")
    at = at.run()
    rule = at.selectbox(key="live:rule").options[0]
    assert rule
    at = _button(at, "Push to the class").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error, [e.value for e in at.error]
    question = db.class_question(teacher.id, klass.id)
    assert question is not None
    built = rebuild(question.game, question.moment)
    assert built.exercise is not None
    student = _open("pages/join.py", **{ID_KEY: ana.id})
    if built.exercise.pick is None:
        right = built.exercise.right_choice
        assert right is not None
        student = student.button(key=f"live:{question.id}:choice:{right}").click().run()
    else:
        student = press(student, f"live:{question.id}:pick", "answer", cards=built.exercise.pick.example)
    assert not student.exception
    mine = db.my_answer(ana.id, question.id)
    assert mine is not None and mine.correct is True
