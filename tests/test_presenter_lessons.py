"""Lessons in presenter mode (``?present=1``): no sidebar, no menu or learner's name, large text and jumbo cards, and
←/→ (or a clicker, or Back/Next) between lessons, the address following; "Leave presenter mode" goes back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.lessons import load_lessons
from tests.card_hand_testing import step
from tests.conftest import ROOT


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    file = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{file}")
    return file


def open_presenting(game: str, lesson: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(f"pages/{game}_lessons.py")
    at.query_params.update({"lesson": lesson, "present": "1"})
    return at.run()


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def test_presenter_mode_steps_between_lessons_with_the_arrow_keys_and_keeps_the_address(db: Path) -> None:
    lessons = load_lessons("euchre")
    at = open_presenting("euchre", "3")
    _ok(at)
    assert at.header[0].value == lessons[2].title
    assert not at.title, "presenter mode shows the lesson, not the page's title"
    assert not [s for s in at.selectbox if s.key == "euchre:lesson:index"], "the lesson menu is on the projector"
    assert any(f"Lesson 3 of {len(lessons)}" in m.value for m in at.markdown)
    assert any("stSidebar" in h.proto.body and "display: none" in h.proto.body for h in at.get("html"))
    step(at, "euchre:lesson:index:keys", "next").run()
    _ok(at)
    assert at.header[0].value == lessons[3].title
    assert (at.query_params["lesson"], at.query_params["present"]) == ("4", "1")
    step(at, "euchre:lesson:index:keys", "prev").run()
    step(at, "euchre:lesson:index:keys", "prev").run()
    assert at.header[0].value == lessons[1].title and at.query_params["lesson"] == "2"
    at.button(key="euchre:lesson:index:present-next").click().run()
    assert at.header[0].value == lessons[2].title and at.query_params["lesson"] == "3"
    at.button(key="euchre:lesson:index:leave").click().run()
    _ok(at)
    assert "present" not in at.query_params and at.title
    assert [s for s in at.selectbox if s.key == "euchre:lesson:index"]


def test_the_first_and_last_lessons_do_not_step_past_the_ends(db: Path) -> None:
    lessons = load_lessons("thirteen")
    at = open_presenting("thirteen", "1")
    step(at, "thirteen:lesson:index:keys", "prev").run()
    assert at.header[0].value == lessons[0].title
    assert at.button(key="thirteen:lesson:index:present-back").disabled
    last = open_presenting("thirteen", str(len(lessons)))
    step(last, "thirteen:lesson:index:keys", "next").run()
    assert last.header[0].value == lessons[-1].title
    assert last.button(key="thirteen:lesson:index:present-next").disabled


def test_a_lesson_on_the_projector_draws_its_cards_jumbo(db: Path) -> None:
    at = open_presenting("shengji", "04-points")  # its live example draws a trick's plays as cards
    _ok(at)
    shown = [json.loads(e.proto.json) for e in at.get("bidi_component") if '"groups"' in e.proto.json]
    assert shown, "the example draws no cards"
    assert all(data.get("jumbo") and data["size"] in ("normal", "large") for data in shown)
