"""Progress on the lessons page that lasts: a learner picks a name once (kept in the browser), lessons done get
a ✓, every try is stored, and a fresh session (a reload, a server restart) with the same SQLite file resumes at
the last lesson. Without a name progress is kept for the tab (its id in the address), a reload included. Names
are shown as plain text."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import parse_cards
from tests.card_hand_testing import press
from tests.fixtures.lessons import FIXTURES, report_learner, saved_for_browser, type_name
from ui.learner import ID_KEY, PICK_KEY, TAB_PROMISE, TAB_QUERY
from ui.store import Store

INDEX = "demo:lesson:index"


def _page(path: Path) -> AppTest:
    def page(root: str) -> None:
        from pathlib import Path

        from tests.fixtures import demo_game
        from ui.lessons import render_lessons

        render_lessons("demo", root=Path(root), commands=demo_game.COMMANDS, title="Demo")

    del path  # the database comes from the environment, as in the app
    return AppTest.from_function(page, args=(str(FIXTURES),), default_timeout=120)


@pytest.fixture()
def db(tmp_path, monkeypatch) -> Path:
    file = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{file}")
    return file


def _pick(at: AppTest, name: str) -> AppTest:
    type_name(at, name)
    button = next(b for b in at.button if b.key in ("learner:new", "learner:me"))
    return button.click().run()


def test_without_a_name_progress_survives_a_reload_of_the_tab_and_the_banner_says_so(db: Path) -> None:
    at = _page(db).run()
    at = report_learner(at, "")  # this browser holds no learner
    assert not at.exception
    assert any("Pick your name" in m.value and TAB_PROMISE in m.value for m in at.markdown)
    at.button(key=f"{INDEX}:next").click().run()
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("5S").run()
    assert at.selectbox(key=INDEX).options[1].startswith("✓ 2.")
    tab = at.query_params[TAB_QUERY]
    assert tab, "the tab's id is in the address"
    # a reload of the tab: a new session, the same address
    again = _page(db)
    again.query_params[TAB_QUERY] = tab
    again.query_params["lesson"] = at.query_params["lesson"]
    again = report_learner(again.run(), "")
    assert not again.exception
    assert [h.value for h in again.header] == ["Which is higher?"]
    assert again.selectbox(key=INDEX).options[1].startswith("✓ 2."), "the ✓ survives the reload"
    # another tab (no id in its address) starts again
    other = report_learner(_page(db).run(), "")
    assert [h.value for h in other.header] == ["Pairs"]
    assert not other.selectbox(key=INDEX).options[1].startswith("✓")
    assert other.query_params[TAB_QUERY] != tab


def test_a_damaged_tab_id_in_the_address_starts_a_new_tab(db: Path) -> None:
    at = _page(db)
    at.query_params[TAB_QUERY] = "<script>"
    at = report_learner(at.run(), "")
    assert not at.exception
    assert at.query_params[TAB_QUERY] != "<script>"


def test_a_name_keeps_progress_across_a_restart_and_resumes_at_the_last_lesson(db: Path) -> None:
    at = report_learner(_page(db).run(), "")
    at = _pick(at, "Ana")
    assert not at.exception
    learner = Store(f"sqlite:///{db}").find_learner("ana")
    assert learner is not None and learner.name == "Ana"
    assert saved_for_browser(at) == learner.id, "the browser is asked to keep the learner id"
    assert any("Learning as **Ana**" in m.value for m in at.markdown)
    at.query_params["lesson"] = "3"
    at.run()
    key = "demo:lesson:03-lowest:answer:3"
    press(at, key, "check", cards=parse_cards("KS"))
    press(at, key, "check", cards=parse_cards("2H"))
    assert at.selectbox(key=INDEX).options[2].startswith("✓ 3.")
    at.button(key=f"{INDEX}:next").click().run()
    assert at.query_params["lesson"] == "4"

    # Another process, another session, the same database file: the browser reports the id it kept.
    store = Store(f"sqlite:///{db}")
    tries = store.tries(learner.id, "demo")
    assert [(t.exercise, t.correct, t.answer) for t in tries][-2:] == [
        ("03-lowest.exercise", False, "K♠"), ("03-lowest.exercise", True, "2♥")]
    assert store.progress(learner.id, "demo").last_lesson == "04-discard"
    fresh = _page(db).run()
    assert [h.value for h in fresh.header] == ["Pairs"]  # before the browser has reported
    fresh = report_learner(fresh, learner.id)
    assert not fresh.exception
    assert [h.value for h in fresh.header] == ["A good discard"], "resumes at the last lesson open"
    assert fresh.query_params["lesson"] == "4"
    assert fresh.selectbox(key=INDEX).options[2].startswith("✓ 3.")
    assert any("Learning as **Ana**" in m.value for m in fresh.markdown)


def test_a_lesson_link_wins_over_resuming(db: Path) -> None:
    store = Store(f"sqlite:///{db}")
    me = store.learner("Bo")
    store.open_lesson(me.id, "demo", "04-discard")
    at = _page(db)
    at.query_params["lesson"] = "2"
    at = report_learner(at.run(), me.id)
    assert [h.value for h in at.header] == ["Which is higher?"]


def test_typing_an_existing_name_never_reveals_or_continues_that_learner(db: Path) -> None:
    chloe = Store(f"sqlite:///{db}").learner("Chloé")
    at = report_learner(_page(db).run(), "")
    at = type_name(at, "chloé")
    assert at.selectbox(key=PICK_KEY).options in ([], ["chloé"]), "no other learner's name is listed"
    assert not any("Is this you" in m.value or "Chloé" in m.value for m in at.markdown)
    at.button(key="learner:new").click().run()
    assert any("Learning as **chloé**" in m.value for m in at.markdown)
    assert at.session_state[ID_KEY] != chloe.id, "a new learner, not the one already called so"
    assert any("Your resume code:" in m.value for m in at.markdown)


def test_progress_made_before_picking_a_name_is_kept(db: Path) -> None:
    at = report_learner(_page(db).run(), "")
    at.button(key=f"{INDEX}:next").click().run()
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("5S").run()
    at = _pick(at, "Dee")
    store = Store(f"sqlite:///{db}")
    me = store.find_learner("Dee")
    assert me is not None
    assert store.progress(me.id, "demo").lessons_done == frozenset({"02-higher"})
    assert [t.correct for t in store.tries(me.id, "demo")] == [True]


@pytest.mark.parametrize("name", ["<b>bold</b> [x](http://e.vil)", "Robert'); DROP TABLE learners;--",
                                  "**star** :red[red]"])
def test_hostile_names_are_shown_as_plain_text(db: Path, name: str) -> None:
    at = report_learner(_page(db).run(), "")
    at = _pick(at, name)
    assert not at.exception
    line = next(m.value for m in at.markdown if m.value.startswith(":material/person: Learning as"))
    assert "[x](" not in line and ":red[" not in line and "<b>" not in line.replace("\\<b\\>", "")
    assert Store(f"sqlite:///{db}").find_learner(name) is not None


def test_a_name_the_store_refuses_gets_a_message(db: Path) -> None:
    at = report_learner(_page(db).run(), "")
    at = type_name(at, "x" * 200)
    assert not at.exception
    assert at.error and "40" in at.error[0].value and "xxx" not in at.error[0].value
    assert not [b for b in at.button if b.key in ("learner:new", "learner:me")]
    assert any("Pick your name" in m.value for m in at.markdown)


def test_forget_me_and_an_unknown_browser_id(db: Path) -> None:
    at = report_learner(_page(db).run(), "")
    at = _pick(at, "Eve")
    at.button(key="learner:forget").click().run()
    assert saved_for_browser(at) == "", "the browser is asked to forget the id"
    assert any("Pick your name" in m.value for m in at.markdown)
    fresh = report_learner(_page(db).run(), "AAAAAAAAAAAAAAAAAAAAAA")  # an id this database does not know
    assert not fresh.exception and saved_for_browser(fresh) == ""
    assert any("Pick your name" in m.value for m in fresh.markdown)


def test_a_store_that_cannot_open_leaves_the_page_working(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{blocker / 'sub' / 'x.sqlite'}")
    at = _page(tmp_path).run()
    assert not at.exception
    assert [h.value for h in at.header] == ["Pairs"]
    assert any(TAB_PROMISE in c.value for c in at.caption)
    at.button(key=f"{INDEX}:next").click().run()
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("5S").run()
    assert at.selectbox(key=INDEX).options[1].startswith("✓ 2.")


def test_the_learner_can_be_asked_twice_in_one_run(db: Path) -> None:
    # the sidebar (ui/nav.py) and the lessons page may both ask who is learning
    def page() -> None:
        import streamlit as st

        from ui.learner import current_learner

        with st.sidebar:
            first = current_learner()
        second = current_learner()
        st.markdown(f"{first.name if first else None} / {second.name if second else None}")

    at = AppTest.from_function(page, default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    me = Store(f"sqlite:///{db}").learner("Flo")
    at = report_learner(at, me.id)
    assert not at.exception and [m.value for m in at.markdown] == ["Flo / Flo"]
