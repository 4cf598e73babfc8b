"""The class, join, shared-table and practice pages in Bengali and Assamese: every text a learner or teacher reads
is in Bengali script (card notation, names, numbers and codes aside); the links they share keep the language;
and a signed-in learner's language is remembered: the sidebar's choice is kept in the store and the app opens in
it again when they come back without ``?lang=`` in the address."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.i18n import use_language
from tests.conftest import ROOT
from ui.learner import ID_KEY
from ui.store import Store


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    monkeypatch.setenv("CARD_TABLE_DB_URL", url)
    return Store(url)


def _home(lang: str | None = None, **state: object) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in state.items():
        at.session_state[key] = value
    if lang is not None:
        at.query_params["lang"] = lang
    return at.run()


def _query_lang(at: AppTest) -> object:
    value = at.query_params.get("lang")
    return value[0] if isinstance(value, list) and value else value


# --- the learner's language ------------------------------------------------------------------------------------

def test_a_learner_comes_back_to_the_language_they_chose(db: Store) -> None:
    me = db.learner("রাহুল দাস")
    db.set_language(me.id, "as")
    at = _home(**{ID_KEY: me.id})
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "কাৰ্ড টেবুল শ্ৰেণীকোঠা"
    assert at.selectbox(key="sidebar:lang").value == "as" and _query_lang(at) == "as"


def test_the_sidebars_choice_is_kept_for_the_learner(db: Store) -> None:
    me = db.learner("Ana")
    at = _home(**{ID_KEY: me.id})
    assert at.title[0].value == "Card Table Classroom"
    at.selectbox(key="sidebar:lang").set_value("bn").run()
    assert not at.exception
    assert db.language_of(me.id) == "bn"
    again = _home(**{ID_KEY: me.id})  # the next visit, with no ?lang=
    assert again.title[0].value == "কার্ড টেবিল ক্লাসরুম"
    again.selectbox(key="sidebar:lang").set_value("en").run()
    assert db.language_of(me.id) == "en"


def test_the_address_wins_over_the_kept_language(db: Store) -> None:
    me = db.learner("Ana")
    db.set_language(me.id, "bn")
    at = _home("en", **{ID_KEY: me.id})
    assert at.title[0].value == "Card Table Classroom"
    assert db.language_of(me.id) == "bn"  # a link opened in English does not change the learner's choice


def test_nobody_signed_in_opens_in_english(db: Store) -> None:
    at = _home()
    assert at.title[0].value == "Card Table Classroom" and "lang" not in at.query_params


def test_a_new_student_keeps_the_language_they_joined_in(db: Store) -> None:
    from ui.learner import store as open_store

    teacher = db.sign_up("Ms Rivera", "a long enough secret")
    klass = db.create_class(teacher.id, "Year 9")

    def page(code: str) -> None:
        from engine.i18n import use_language
        from ui.classroom import join

        with use_language("bn"):
            join(code, "রাহুল")

    at = AppTest.from_function(page, args=(klass.code,), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    learner_id = at.session_state[ID_KEY]
    assert open_store() is not None
    assert db.language_of(learner_id) == "bn"


# --- links ----------------------------------------------------------------------------------------------------

def test_the_links_a_teacher_shares_keep_the_language() -> None:
    from ui.classroom import join_link
    from ui.practice import _share_link

    assert join_link("AB12CD") == "/join?join=AB12CD"
    assert _share_link("thirteen", 3, 10, "standard") == "/thirteen_practice?practice=3&n=10&rules=standard"
    with use_language("as"):
        assert join_link("AB12CD") == "/join?join=AB12CD&lang=as"
        assert _share_link("thirteen", 3, 10, "standard") == \
            "/thirteen_practice?practice=3&n=10&rules=standard&lang=as"
