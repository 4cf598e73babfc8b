"""The app in Bengali and Assamese: ``?lang=`` chooses the language of the sidebar, the home page and the
lessons, the sidebar's choice changes it, every link the sidebar and the home page make keeps it, and a value
that is no language gets one sentence."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")


def _app(lang: str | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    if lang is not None:
        at.query_params["lang"] = lang
    at.run()  # app.py's first run registers the pages (as tests/test_pages.py opens them)
    return at


def _page_links(at: AppTest) -> list[object]:
    return [e for e in at.main.get("page_link") + at.sidebar.get("page_link")]


@pytest.mark.parametrize(("lang", "title", "game"), [
    ("bn", "কার্ড টেবিল ক্লাসরুম", "থার্টিন (Tiến lên)"),
    ("as", "কাৰ্ড টেবুল শ্ৰেণীকোঠা", "থাৰ্টিন (Tiến lên)"),
])
def test_home_page_and_sidebar_in_the_language(lang: str, title: str, game: str) -> None:
    at = _app(lang)
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == title
    assert game in [h.value for h in at.subheader]
    assert BENGALI_SCRIPT.search(at.markdown[1].value if len(at.markdown) > 1 else "")
    assert at.selectbox(key="sidebar:lang").value == lang
    assert at.query_params["lang"] == [lang] or at.query_params["lang"] == lang
    links = _page_links(at)
    assert links and all(link.proto.query_string == f"lang={lang}" for link in links), \
        [(link.proto.label, link.proto.query_string) for link in links]
    labels = {link.proto.label for link in links}
    assert ("পাঠ" in labels) and "Lessons" not in labels


def test_english_stays_the_default_and_its_links_carry_nothing() -> None:
    at = _app()
    assert at.title[0].value == "Card Table Classroom"
    assert at.selectbox(key="sidebar:lang").value == "en"
    assert "lang" not in at.query_params
    assert all(link.proto.query_string == "" for link in _page_links(at))


def test_a_bad_language_gets_one_sentence() -> None:
    at = _app("xx")
    assert not at.exception
    assert [w.value for w in at.warning] == [
        "There is no language “xx”; the page is shown in English. The languages are English (?lang=en), "
        "বাংলা (?lang=bn), অসমীয়া (?lang=as)."
    ]
    assert at.title[0].value == "Card Table Classroom"
    assert "lang" not in at.query_params


def test_the_sidebar_changes_the_language() -> None:
    at = _app()
    at.selectbox(key="sidebar:lang").set_value("as").run()
    assert not at.exception
    assert at.query_params["lang"] in ("as", ["as"])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)  # what a link with the choice opens
    at.query_params["lang"] = "as"
    at.run()
    assert at.title[0].value == "কাৰ্ড টেবুল শ্ৰেণীকোঠা"


def _lessons_page(lang: str, lesson: str) -> AppTest:
    """The Thirteen lessons page run in ``lang`` (as app.py runs a page: inside use_language). AppTest runs only
    the page on a switch after app.py's first run, so the page is run here the way app.py wraps it."""

    def page(lang: str, lesson: str) -> None:
        import streamlit as st

        from engine.i18n import use_language
        from ui.lessons import render_lessons

        st.query_params["lesson"] = lesson
        with use_language(lang):
            render_lessons("thirteen")

    return AppTest.from_function(page, args=(lang, lesson), default_timeout=120).run()


@pytest.mark.parametrize(("lang", "words"), [("bn", "ডবল সিকোয়েন্স"), ("as", "যোৰৰ ক্ৰম")])
def test_a_thirteen_lesson_in_the_language(lang: str, words: str) -> None:
    at = _lessons_page(lang, "8")
    assert not at.exception, [e.value for e in at.exception]
    assert at.header[0].value == words
    text = " ".join(m.value for m in at.markdown)
    assert words in text and "three or more pairs of consecutive ranks" not in text


@pytest.mark.parametrize(("lang", "seats"), [("bn", ["উত্তর", "পূর্ব", "দক্ষিণ", "পশ্চিম"]),
                                             ("as", ["উত্তৰ", "পূব", "দক্ষিণ", "পশ্চিম"])])
def test_a_lesson_choice_names_seats_in_the_language(lang: str, seats: list[str]) -> None:
    at = _lessons_page(lang, "1")
    assert not at.exception, [e.value for e in at.exception]
    assert at.radio[0].options == seats
    at.radio[0].set_value("West").run()
    assert not at.exception and at.success, "West is right in every language"


def test_a_link_built_by_the_app_keeps_the_language() -> None:
    from engine.i18n import use_language
    from ui.language import language_query, with_language

    assert with_language("/join?code=AB12") == "/join?code=AB12" and language_query() == {}
    with use_language("as"):
        assert with_language("/join?code=AB12") == "/join?code=AB12&lang=as"
        assert with_language("https://x.org/thirteen_practice?set=3&lang=bn") == \
            "https://x.org/thirteen_practice?set=3&lang=as"
        assert language_query() == {"lang": "as"}


def test_a_translated_lessons_glossary_links_keep_the_language() -> None:
    at = _lessons_page("as", "1")
    text = " ".join(m.value for m in at.markdown)
    assert "](/glossary?term=thirteen&lang=as)" in text, text[:600]
