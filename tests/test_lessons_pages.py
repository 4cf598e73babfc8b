"""The lessons page of every game, opened through the app (its navigation, its sidebar): ``?lesson=7`` opens
lesson 7, Back/Next and the menu move the address, a wrong answer gets a hint then the explanation, a right
answer says why and puts ✓ in the menu, the same learner resumes in a fresh session, live examples link to the
editor and the Table with their position, and the last lesson ends with a link to the Table."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES
from engine.lessons import Lesson, load_lessons
from tests.conftest import ROOT
from tests.fixtures.lessons import give_answer, report_learner, type_name
from ui.share import decode_position
from ui.store import Store

GAME_KEYS = sorted(g for g in GAMES if load_lessons(g))


@pytest.fixture()
def db(tmp_path, monkeypatch) -> Path:
    file = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{file}")
    return file


def open_lessons(game: str, lesson: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(f"pages/{game}_lessons.py")
    if lesson is not None:
        at.query_params["lesson"] = lesson
    return at.run()


def _graded(lessons: list[Lesson]) -> tuple[int, Lesson, object, object]:
    """The first lesson whose exercise has a recorded wrong and a recorded right answer."""
    for i, lesson in enumerate(lessons):
        tests = lesson.exercise.tests if lesson.exercise else ()
        wrong = [t["answer"] for t in tests if not t["right"]]
        right = [t["answer"] for t in tests if t["right"]]
        if wrong and right:
            return i, lesson, wrong[0], right[0]
    raise AssertionError("no lesson records a wrong and a right answer")


def _links(at: AppTest) -> dict[str, object]:
    return {link.proto.label: link.proto for link in at.get("page_link")}


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_lesson_link_opens_it_and_the_address_follows(game: str, db: Path) -> None:
    lessons = load_lessons(game)
    at = open_lessons(game, "7")
    assert not at.exception, [e.value for e in at.exception]
    assert at.header[0].value == lessons[6].title
    at.button(key=f"{game}:lesson:index:next").click().run()
    assert at.query_params["lesson"] == "8" and at.header[0].value == lessons[7].title
    at.button(key=f"{game}:lesson:index:prev").click().run()
    at.button(key=f"{game}:lesson:index:prev").click().run()
    assert at.query_params["lesson"] == "6" and at.header[0].value == lessons[5].title
    at.selectbox(key=f"{game}:lesson:index").set_value(1).run()
    assert at.query_params["lesson"] == "2" and at.header[0].value == lessons[1].title
    by_slug = open_lessons(game, lessons[2].slug)
    assert by_slug.header[0].value == lessons[2].title and by_slug.query_params["lesson"] == "3"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_damaged_link_is_refused_and_the_page_stays_usable(game: str, db: Path) -> None:
    at = open_lessons(game, "99")
    assert not at.exception
    assert any("does not exist" in w.value for w in at.warning)
    assert at.header[0].value == load_lessons(game)[0].title
    at.button(key=f"{game}:lesson:index:next").click().run()
    assert not at.warning and at.query_params["lesson"] == "2"


@pytest.mark.parametrize("game", GAME_KEYS)
def test_wrong_then_hint_then_why_then_right_with_a_tick_and_resume(game: str, db: Path) -> None:
    lessons = load_lessons(game)
    index, lesson, wrong, right = _graded(lessons)
    at = open_lessons(game, str(index + 1))
    at = report_learner(at, "")
    at = type_name(at, "Ana")
    at.button(key="learner:new").click().run()
    assert any("Learning as **Ana**" in m.value for m in at.markdown)
    at = give_answer(at, lesson, wrong)
    assert not at.exception, [e.value for e in at.exception]
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and errors[0].startswith("Not quite. "), errors
    assert not at.info, "the full explanation waits for 'Show me why'"
    why = next(b for b in at.button if b.label == "Show me why")
    why.click().run()
    assert at.info and at.info[0].value.startswith("Why: ") and len(at.info[0].value) > 10, "the explanation"
    at = give_answer(at, lesson, right)
    success = [s.value for s in at.success]
    assert success and success[-1].startswith("Right. ") and len(success[-1]) > len("Right. ") + 5, success
    assert at.selectbox(key=f"{game}:lesson:index").options[index].startswith(f"✓ {index + 1}. ")
    store = Store(f"sqlite:///{db}")
    me = store.find_learner("Ana")
    assert me is not None and lesson.slug in store.lessons_done(me.id, game)
    assert [t.correct for t in store.tries(me.id, game)] == [False, True]
    # a fresh session with the same database file (a reload, a restart): the browser reports the id
    fresh = report_learner(open_lessons(game), me.id)
    assert not fresh.exception
    assert fresh.header[0].value == lesson.title and fresh.query_params["lesson"] == str(index + 1)
    assert fresh.selectbox(key=f"{game}:lesson:index").options[index].startswith("✓")


@pytest.mark.parametrize("game", GAME_KEYS)
def test_examples_link_to_the_editor_and_the_table_with_their_position(game: str, db: Path) -> None:
    lessons = load_lessons(game)
    at = open_lessons(game)
    editor = table = 0
    for i, lesson in enumerate(lessons):
        at.selectbox(key=f"{game}:lesson:index").set_value(i).run()
        assert not at.exception, (lesson.slug, [e.value for e in at.exception])
        links = _links(at)
        if "Open in the editor" in links:
            link = links["Open in the editor"]
            assert link.page == f"{game}_editor" and link.query_string.startswith("pos=")
            carried = decode_position(link.query_string[len("pos="):])
            assert carried.get("hand") or carried.get("trick") or carried.get("table"), lesson.slug
            editor += 1
        if "Play it at the Table" in links:
            link = links["Play it at the Table"]
            assert link.page == f"{game}_table"
            params = dict(part.split("=", 1) for part in link.query_string.split("&"))
            assert params["mode"] == "play" and decode_position(params["hand"])["game"] == game
            table += 1
    assert editor >= 2, f"{game}: no live example links to the editor"
    assert table >= (0 if game == "shengji" else 1)
    last = _links(at)
    assert "Now play a hand at the Table" in last and last["Now play a hand at the Table"].page == f"{game}_table"


def test_an_editor_link_loads_its_position_in_the_editor(db: Path) -> None:
    lessons = load_lessons("shengji")
    index = next(i for i, lesson in enumerate(lessons) if lesson.slug == "09-following")
    at = open_lessons("shengji", str(index + 1))
    link = _links(at)["Open in the editor"]
    editor = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    editor.run()
    editor.switch_page("pages/shengji_editor.py")
    editor.query_params["pos"] = link.query_string[len("pos="):]
    editor.run()
    assert not editor.exception, [e.value for e in editor.exception]
    assert any("Loaded the position from the link" in s.value for s in editor.success)


@pytest.mark.parametrize("game", [g for g in GAME_KEYS if g != "shengji"])
def test_a_table_link_deals_the_example_at_the_table(game: str, db: Path) -> None:
    lessons = load_lessons(game)
    at = open_lessons(game)
    for i in range(len(lessons)):
        at.selectbox(key=f"{game}:lesson:index").set_value(i).run()
        if "Play it at the Table" in _links(at):
            break
    link = _links(at)["Play it at the Table"]
    params = dict(part.split("=", 1) for part in link.query_string.split("&"))
    table = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    table.run()
    table.switch_page(f"pages/{game}_table.py")
    for name, value in params.items():
        table.query_params[name] = value
    table.run()
    assert not table.exception, [e.value for e in table.exception]
    assert not table.error, [e.value for e in table.error]
    assert table.query_params["seed"] == params["seed"] and table.query_params["mode"] == "play"
