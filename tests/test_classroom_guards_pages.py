"""AppTest of the classroom's refusals, each one clear sentence and nothing else (no traceback, no second
message): a stale resume code, twenty wrong join codes in a row from one browser (after the first few, slowed
down: the sentence says how long to wait)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from tests.test_classroom_pages import PASSWORD, _button, _open
from ui.learner import ID_KEY
from ui.store import Store
from ui.store.classes import FREE_GUESSES, WRONG_JOIN, WRONG_RESUME, show_resume_code


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    monkeypatch.setenv("CARD_TABLE_DB_URL", url := f"sqlite:///{tmp_path / 'guards.sqlite'}")
    return Store(url)


def _one_sentence(at: AppTest) -> str:
    assert not at.exception
    (error,) = at.error
    assert not at.warning and error.value.count(". ") <= 1 and "Traceback" not in error.value
    return str(error.value)


def test_a_stale_resume_code_gets_one_sentence(db: Store) -> None:
    klass = db.create_class(db.sign_up("Ms Rivera", PASSWORD).id, "Year 9")
    joined = db.join_class(klass.code, "Ana", "phone")
    db.new_resume_code(joined.learner.id)  # the code she wrote down is stale now
    at = _open("pages/join.py")
    at.text_input(key="join:resume").input(show_resume_code(joined.resume_code))
    at = _button(at, "Go on").click().run()  # type: ignore[attr-defined]
    assert _one_sentence(at) == WRONG_RESUME
    assert ID_KEY not in at.session_state


def test_twenty_wrong_join_codes_from_one_browser_are_slowed_down_with_one_sentence(db: Store) -> None:
    klass = db.create_class(db.sign_up("Ms Rivera", PASSWORD).id, "Year 9")
    at = _open("pages/join.py")
    at.text_input(key="join:name").input("Eve")
    said = []
    for guess in range(20):
        at.text_input(key="join:code").input(f"WRNG{guess:02d}")
        at = _button(at, "Join").click().run()  # type: ignore[attr-defined]
        said.append(_one_sentence(at))
    assert said[:FREE_GUESSES] == [WRONG_JOIN] * FREE_GUESSES
    slowed = [s for s in said if s.replace("\\", "").startswith("Too many wrong tries in a row: please wait ")]
    assert slowed, said
    assert set(said) <= {WRONG_JOIN, *slowed}
    assert not db.class_report(klass.teacher_id, klass.id), "nobody joined"
