"""AppTest of the class page (/class) and the join page (/join): a teacher signs in and sees the class's
students, results and CSV; a student or nobody gets one sentence and the sign-in form; wrong codes and wrong
passwords get one sentence; a student's pages never show another student's name."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from streamlit.proto.TextInput_pb2 import TextInput as TextInputProto
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from ui.classroom import NOT_A_TEACHER, TEACHER_KEY, results_csv
from ui.learner import ID_KEY
from ui.store import Store
from ui.store.classes import WRONG_JOIN, WRONG_SIGN_IN

PASSWORD = "a long enough secret"


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    monkeypatch.setenv("CARD_TABLE_DB_URL", url)
    return Store(url)


def _open(page: str, **state: object) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in state.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(page)
    return at.run()


def _button(at: AppTest, label: str) -> object:
    return next(b for b in at.button if b.label == label)


def _texts(at: AppTest) -> str:
    return "\n".join([m.value for m in at.markdown] + [m.value for m in at.info] + [m.value for m in at.success]
                     + [m.value for m in at.error] + [m.value for m in at.caption])


def test_nobody_signed_in_gets_one_sentence_and_the_sign_in_form(db: Store) -> None:
    at = _open("pages/class.py")
    assert not at.exception
    assert [i.value for i in at.info] == [NOT_A_TEACHER]
    assert not at.dataframe and at.text_input(key="class:in-password").proto.type == TextInputProto.PASSWORD


def test_a_student_opening_class_gets_the_same_sentence_and_no_names(db: Store) -> None:
    teacher = db.sign_up("Ms Rivera", PASSWORD)
    klass = db.create_class(teacher.id, "Year 9")
    ana = db.join_class(klass.code, "Ana", "p1").learner
    db.join_class(klass.code, "Ben", "p2")
    at = _open("pages/class.py", **{ID_KEY: ana.id})
    assert [i.value for i in at.info] == [NOT_A_TEACHER]
    assert "Ben" not in _texts(at) and not at.dataframe


def test_a_wrong_password_gets_one_sentence_then_the_right_one_shows_the_class(db: Store) -> None:
    teacher = db.sign_up("Ms Rivera", PASSWORD)
    klass = db.create_class(teacher.id, "Year 9")
    for name in ("Ana", "Ben", "Chloé"):
        db.join_class(klass.code, name, name)
    ana = db.resume(db.new_resume_code(db.class_report(teacher.id, klass.id)[0].learner.id), "x")
    db.mark_lesson_done(ana.id, "shengji", "01-cards")
    db.record_practice(ana.id, "shengji", "is_tractor", False)
    at = _open("pages/class.py")
    at.text_input(key="class:in-name").input("Ms Rivera")
    at.text_input(key="class:in-password").input("wrong password")
    at = _button(at, "Sign in").click().run()  # type: ignore[attr-defined]
    assert [e.value for e in at.error] == [WRONG_SIGN_IN]
    at.text_input(key="class:in-password").input(PASSWORD)
    at = _button(at, "Sign in").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error
    assert any(klass.code in m.value for m in at.markdown)
    table = at.dataframe[0].value
    assert list(table["student"]) == ["Ana", "Ben", "Chloé"]
    assert list(table["lessons · shengji"]) == [1, 0, 0]
    assert at.get("plotly_chart"), "the weakest skills as a chart"


def test_the_csv_holds_every_students_results_and_defuses_formulas(db: Store) -> None:
    teacher = db.sign_up("Ms Rivera", PASSWORD)
    klass = db.create_class(teacher.id, "Year 9")
    eve = db.join_class(klass.code, "=HYPERLINK(1)", "p").learner
    db.record_practice(eve.id, "euchre", "follow_suit", True)
    db.join_class(klass.code, "Dan", "q")
    rows = list(csv.DictReader(io.StringIO(results_csv(db.class_report(teacher.id, klass.id)).decode("utf-8-sig"))))
    assert [(r["student"], r["kind"], r["rule"], r["seen"]) for r in rows] == [
        ("'=HYPERLINK(1)", "practice", "follow_suit", "1"), ("Dan", "nothing yet", "", "")]


def test_a_teacher_sees_the_class_page_and_a_new_class_gets_a_code(db: Store) -> None:
    teacher = db.sign_up("Mr Lee", PASSWORD)
    at = _open("pages/class.py", **{TEACHER_KEY: teacher.id})
    at.text_input(key="class:title").input("Tuesday club")
    at = _button(at, "Create the class").click().run()  # type: ignore[attr-defined]
    (made,) = db.classes_of(teacher.id)
    assert any(f"Join code: `{made.code}`" in m.value for m in at.markdown)
    assert "Nobody has joined yet." in _texts(at)


def test_a_student_joins_with_the_code_and_sees_only_their_own_name(db: Store) -> None:
    teacher = db.sign_up("Ms Rivera", PASSWORD)
    klass = db.create_class(teacher.id, "Year 9")
    db.join_class(klass.code, "Ben", "p2")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["join"] = "WRONG1"
    at.run()
    at.switch_page("pages/join.py")
    at = at.run()
    at.text_input(key="join:name").input("Ana")
    at = _button(at, "Join").click().run()  # type: ignore[attr-defined]
    assert [e.value for e in at.error] == [WRONG_JOIN]
    at.text_input(key="join:code").input(klass.code.lower())
    at = _button(at, "Join").click().run()  # type: ignore[attr-defined]
    assert not at.exception and not at.error
    text = _texts(at)
    assert "You are **Ana**, in Year 9." in text and "Your resume code:" in text and "Ben" not in text
