"""The lessons page of every game in Bengali and Assamese (issue #24): every text the page writes — the menu,
Back/Next, the live example, Try it, Right / Not quite / Show me why, Key facts, the presenter's bar, the links
and the Shengji extras — is in the language's script (Assamese without the Bengali ra); a lesson first opened in
one language checks its facts the same in every other (the facts are checked in English: a claim compares the
engine's values, and its answers hold words in the language it runs in).

The learner's name picker and the class notice on the page are the class part's (ui/learner, ui/places),
translated and tested there, so they are left out here."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES
from engine.i18n import gettext, use_language
from engine.lessons import Lesson, load_lessons
from engine.words import capitalise
from tests.fixtures.lessons import answer_key, first_seed, give_answer
from tests.helpers.language_pages import not_in_the_language, page_in, texts
from tests.lesson_answers import answers
from ui import lessons as lesson_page

GAME_KEYS = sorted(g for g in GAMES if load_lessons(g))
LANGS = ("bn", "as")


@pytest.fixture(autouse=True)
def _without_the_class_parts(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> Iterator[None]:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    monkeypatch.setattr(lesson_page, "name_picker", lambda *args, **kwargs: None)
    monkeypatch.setattr(lesson_page, "show_message", lambda *args, **kwargs: None)
    yield


def page_in_lessons(lang: str, game: str, lesson: str, present: bool = False) -> AppTest:
    query = {"lesson": lesson, **({"present": "1"} if present else {})}
    return page_in(lang, f"pages/{game}_lessons.py", query)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.value for e in at.exception]


def _in_language(at: AppTest, lang: str, where: str, engine: Iterable[str] = ()) -> None:
    _ok(at)
    bad = not_in_the_language(at, lang, engine)
    assert bad == [], f"{where} in {lang}: {bad}"


def _shengji_engine_words(lang: str) -> list[str]:
    """The engine's words on the Shengji extras (the trump order's label and text, the presets' titles and
    descriptions): the Shengji catalog part's, translated in parallel with this one."""
    from engine.cards import Rank, Suit
    from engine.shengji import GAME, TrumpRequest, order

    with use_language(lang):
        answer = order(TrumpRequest(preset=GAME.default_preset, trump_rank=Rank.parse("10"),
                                    trump_suit=Suit.parse("S")))
        words = [answer.label, answer.trump_text]
        for preset in GAME.presets.values():
            words += [gettext(preset.title), capitalise(gettext(preset.title)), gettext(preset.description)]
    return words


def _graded(game: str) -> tuple[int, Lesson]:
    """The first lesson of ``game`` whose exercise the helper finds a right and a wrong answer for."""
    for i, lesson in enumerate(load_lessons(game)):
        if lesson.exercise is None or lesson.example is None:
            continue
        try:
            answers(lesson)
        except AssertionError:
            continue
        return i, lesson
    raise AssertionError(f"{game}: no lesson with a right and a wrong answer")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_lesson_wrong_then_why_then_right_is_in_the_language(game: str, lang: str) -> None:
    index, lesson = _graded(game)
    right_and_wrong = answers(lesson)
    at = page_in_lessons(lang, game, str(index + 1))
    _in_language(at, lang, f"{game} lesson {index + 1}")
    assert at.button(key=f"{game}:lesson:index:next").label in ("পরের", "পিছৰ")
    at = give_answer(at, lesson, right_and_wrong.wrong)
    _in_language(at, lang, "a wrong answer")
    assert at.error, "a wrong answer gets a hint"
    at.button(key=f"{answer_key(lesson, first_seed(lesson))}:why").click().run()
    _in_language(at, lang, "Show me why")
    assert at.info, "the explanation"
    at = give_answer(at, lesson, right_and_wrong.right)
    _in_language(at, lang, "a right answer")
    assert at.success and at.success[-1].value.startswith(("ঠিক। ", "শুদ্ধ। ")), [s.value for s in at.success]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAME_KEYS)
def test_every_lesson_of_a_game_opens_in_the_language(game: str, lang: str) -> None:
    count = len(load_lessons(game))
    at = page_in_lessons(lang, game, "1")
    for i in range(count):
        if i:
            at.selectbox(key=f"{game}:lesson:index").set_value(i).run()
        engine = _shengji_engine_words(lang) if game == "shengji" else ()
        _in_language(at, lang, f"{game} lesson {i + 1}", engine)
        assert at.query_params["lesson"] in (str(i + 1), [str(i + 1)])
    assert any("শেষ পাঠ" in s.value for s in at.success), "the last lesson says it is the last"


@pytest.mark.parametrize("lang", LANGS)
def test_presenter_mode_is_in_the_language(lang: str) -> None:
    at = page_in_lessons(lang, "thirteen", "2", present=True)
    _in_language(at, lang, "presenter mode")
    labels = {b.label for b in at.button}
    assert {"আগের", "পরের"} <= labels if lang == "bn" else {"আগৰ", "পিছৰ"} <= labels
    assert any(b.label in ("উপস্থাপনা বন্ধ", "উপস্থাপন বন্ধ") for b in at.button)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("lesson", ["3", "13"])
def test_the_shengji_extras_are_in_the_language(lang: str, lesson: str) -> None:
    at = page_in_lessons(lang, "shengji", lesson)
    _in_language(at, lang, f"Shengji lesson {lesson} with its extra", _shengji_engine_words(lang))
    assert len(at.subheader) >= 1


def test_english_is_unchanged() -> None:
    at = page_in_lessons("en", "thirteen", "1")
    _ok(at)
    assert at.button(key="thirteen:lesson:index:next").label == "Next"
    assert any(t.startswith("#### Live example") for t in texts(at))
    assert any(e.label.startswith("Key facts (") for e in at.expander)


def test_facts_hold_in_every_language_whichever_opens_first() -> None:
    """Dou Dizhu lesson 6 ("A sequence needs at least five cards") and 8 ("When kickers may repeat…"): opened in
    Assamese first, then in English and Bengali, every fact is ✓ (none is marked ✗)."""
    lesson_page._cached_problems.cache_clear()
    lesson_page._cached_answer.cache_clear()
    for lang in ("as", "en", "bn"):
        for lesson in ("6", "8"):
            at = page_in_lessons(lang, "doudizhu", lesson)
            _ok(at)
            facts = [m.value for e in at.expander for m in e.markdown]
            assert facts and all(f.startswith("- ") for f in facts), (lang, lesson, facts)
            assert not [f for f in facts if "✗" in f], (lang, lesson, facts)


def test_the_example_cache_answers_in_each_language() -> None:
    """The live example's answer holds words (descriptions, reasons), so it is cached per language: one answer
    for each language, never the first language's answer for all."""
    from engine.lessons import example_request

    lesson_page._cached_answer.cache_clear()
    lesson = load_lessons("doudizhu")[7]
    assert lesson.example is not None
    request = lesson_page.json.dumps(example_request(lesson.example, None), sort_keys=True)
    answers_by_language = {}
    for lang in ("bn", "en", "as", "en"):
        with use_language(lang):
            answers_by_language[lang] = lesson_page._cached_answer("doudizhu", lesson.example.command, request,
                                                                   lang)
    assert lesson_page._cached_answer.cache_info().currsize == 3
    assert answers_by_language["bn"] is not answers_by_language["en"]


def test_the_links_a_lesson_makes_keep_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The links to the editor, the Table, practice and the glossary carry ``?lang`` (none in English)."""
    from ui import lesson_links

    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(lesson_links.st, "page_link", lambda page, **kwargs: seen.append(kwargs))
    with use_language("as"):
        assert lesson_links.page_link("thirteen", "editor", "x", ":material/edit_note:", {"pos": "abc"})
        linked = lesson_page.link_glossary_terms("A trick is won by the highest card.", "euchre")
    assert seen[-1]["query_params"] == {"pos": "abc", "lang": "as"}
    assert "/glossary?term=" in linked and "lang=as" in linked, linked
    assert lesson_links.page_link("thirteen", "editor", "x", ":material/edit_note:", {"pos": "abc"})
    assert seen[-1]["query_params"] == {"pos": "abc"}
    assert "lang=" not in lesson_page.link_glossary_terms("A trick is won by the highest card.", "euchre")
