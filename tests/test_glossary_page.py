"""AppTest of the glossary page (pages/glossary.py): the list, the search, the game filter, links in and out."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from engine.games import GAMES
from engine.glossary import load_glossary, term_by_key
from engine.lessons import load_lessons
from tests.conftest import ROOT

PAGE = str(ROOT / "pages" / "glossary.py")
TERMS = load_glossary()


def _page(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=60)
    for name, value in params.items():
        at.query_params[name] = value
    return at.run()


def _keys(at: AppTest) -> list[str]:
    return [h.proto.anchor for h in at.subheader]


def test_the_page_lists_every_term_with_its_anchor() -> None:
    at = _page()
    assert not at.exception
    assert _keys(at) and sorted(_keys(at)) == sorted(t.key for t in TERMS)
    assert at.caption[0].value == f"{len(TERMS)} of {len(TERMS)} terms."
    kitty = term_by_key(TERMS, "kitty-shengji")
    assert kitty is not None
    assert "kitty · 底牌" in [h.value for h in at.subheader]
    assert any("*dǐpái*" in c.value and "literally “bottom cards”" in c.value for c in at.caption)


def test_a_link_to_a_term_puts_it_first() -> None:
    at = _page(term="kitty-doudizhu")
    assert not at.exception
    assert at.text_input(key="glossary:search").value == "kitty"
    assert _keys(at)[0] == "kitty-doudizhu"
    assert set(_keys(at)) >= {"kitty-shengji", "kitty-euchre", "kitty-doudizhu"}
    assert any("The term you followed a link to" in c.value for c in at.caption)


def test_search_ignores_accents_and_tone_marks_and_follows_into_the_url() -> None:
    at = _page()
    at.text_input(key="glossary:search").input("tien len").run()
    assert _keys(at) == ["thirteen"]
    assert at.query_params["term"] == "tien len"
    at.text_input(key="glossary:search").input("dipai").run()
    assert sorted(_keys(at)) == ["kitty-doudizhu", "kitty-shengji"]
    at.text_input(key="glossary:search").input("").run()
    assert len(_keys(at)) == len(TERMS) and "term" not in at.query_params


def test_the_game_filter_narrows_the_list() -> None:
    at = _page()
    at.button_group(key="glossary:games").set_value(["euchre"]).run()
    euchre = {t.key for t in TERMS if "euchre" in t.games}
    assert set(_keys(at)) == euchre
    assert at.query_params["game"] == "euchre"
    at = _page(game="doudizhu", term="pair")
    assert _keys(at)[0] == "pair-doudizhu"
    assert all("doudizhu" in term_by_key(TERMS, k).games for k in _keys(at))


def test_a_damaged_link_is_answered_with_a_message() -> None:
    at = _page(term="no such word at all", game="bridge")
    assert not at.exception
    assert not _keys(at)
    assert "No term matches “no such word at all”" in at.info[0].value
    assert at.button_group(key="glossary:games").value == []


def test_lesson_links_point_at_each_games_lessons_page(tmp_path: Path) -> None:
    # Inside a navigation (as in the app) the links are real st.page_link elements with ?lesson=<stem>.
    app = tmp_path / "app.py"
    app.write_text(
        "import streamlit as st\n"
        f"pages = [st.Page({PAGE!r}, title='Glossary', url_path='glossary', default=True)]\n"
        f"pages += [st.Page({str(ROOT / 'pages')!r} + f'/{{g}}_lessons.py', url_path=f'{{g}}_lessons')\n"
        f"          for g in {list(GAMES)!r}]\n"
        "st.navigation(pages, position='hidden').run()\n",
        encoding="utf-8",
    )
    at = AppTest.from_file(str(app), default_timeout=60).run()
    assert not at.exception
    links = [e.proto for e in at.get("page_link")]
    assert len(links) == len(TERMS)
    titles = {g: {lesson.slug: lesson.title for lesson in load_lessons(g)} for g in GAMES}
    by_label = {term.key: term for term in TERMS}
    for link, key in zip(links, _keys(at), strict=True):
        term = by_label[key]
        assert link.page == f"{term.lesson_game}_lessons"
        assert link.query_string == f"lesson={term.lesson_stem}"
        assert titles[term.lesson_game][term.lesson_stem] in link.label


def test_the_page_adds_the_cjk_font() -> None:
    at = _page()
    styles = [e for e in at.get("html") if "@font-face" in e.proto.body]
    assert styles and "unicode-range" in styles[0].proto.body
