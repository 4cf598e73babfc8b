"""Glossary links in lesson text (ui.lessons.link_glossary_terms) and the handout button of the lessons page.

A term's first occurrence in a lesson links to ``/glossary?term=<key>``; code, cards, links and headings are left
alone; linking only adds link syntax (removing it gives back the text); every lesson that names a Chinese or
Vietnamese term links it or its English name; the lessons page offers the one-page rules as a PDF."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from engine.glossary import cjk_characters, is_vietnamese_word, load_glossary, term_by_key
from engine.lessons import load_lessons
from tests.conftest import ROOT
from ui.lessons import GLOSSARY_PAGE, lesson_glossary_scope, link_glossary_terms

LINK = re.compile(r"\[([^\]]+)\]\(/glossary\?term=([a-z0-9-]+)\)")
GAMES = ("shengji", "thirteen", "euchre", "doudizhu")


def links(text: str) -> list[tuple[str, str]]:
    return LINK.findall(text)


def unlinked(text: str) -> str:
    return LINK.sub(r"\1", text)


def test_the_first_occurrence_of_a_term_links_to_the_glossary_page() -> None:
    text = "A tractor is two pairs. Tractors beat pairs; a tractor again."
    out = link_glossary_terms(text, "shengji")
    assert links(out) == [("tractor", "tractor"), ("pairs", "pair-shengji")]
    assert out.startswith(f"A [tractor]({GLOSSARY_PAGE}?term=tractor) is two [pairs](")
    assert unlinked(out) == text
    assert link_glossary_terms("The 拖拉机 game.", "shengji") == "The [拖拉机](/glossary?term=tractor) game."
    both = link_glossary_terms("**Shengji** (升级) is Shengji.", "shengji")
    assert links(both) == [("Shengji", "shengji"), ("升级", "shengji")], "the native word links once on its own"
    assert links(link_glossary_terms("Tiến lên is Vietnamese.", "thirteen"))[0][0] == "Tiến lên"


def test_only_the_games_own_terms_and_the_longest_name_are_linked() -> None:
    assert links(link_glossary_terms("The left bower is a trump.", "euchre"))[0] == ("left bower", "left-bower")
    assert links(link_glossary_terms("The landlord bids.", "euchre")) == []
    assert links(link_glossary_terms("The landlord bids.", "doudizhu"))[0] == ("landlord", "landlord")
    assert link_glossary_terms("", "euchre") == ""
    assert link_glossary_terms("The kitty.", "nogame") == "The kitty."


@pytest.mark.parametrize("text", [
    "`tractor` in code",
    "```\nthe tractor\n```",
    "[a tractor](https://example.org/tractor)",
    "![tractor](pic.png)",
    "<https://example.org/tractor> and <br>",
    "# The tractor",
    "### Tractors and the kitty",
    ":red[the tractor] and :material/school:",
    "{example.tractor}",
])
def test_code_links_headings_and_markup_are_left_alone(text: str) -> None:
    assert link_glossary_terms(text, "shengji") == text


def test_cards_are_left_alone_and_the_words_around_them_are_linked() -> None:
    out = link_glossary_terms("Play K♥ K♥, or 10S 10S, or BJ: a pair either way.", "shengji")
    assert out.startswith("Play K♥ K♥, or 10S 10S, or BJ: a [pair](")
    code = link_glossary_terms("Run `tractor`:\n```\ntractor\n```\nA tractor, a tractor.", "shengji")
    assert code == "Run `tractor`:\n```\ntractor\n```\nA [tractor](/glossary?term=tractor), a tractor."


def test_in_one_lesson_a_term_is_linked_once_across_its_texts() -> None:
    with lesson_glossary_scope():
        first = link_glossary_terms("The kitty holds 8 cards.", "shengji")
        second = link_glossary_terms("Bury the kitty.", "shengji")
    assert links(first) == [("kitty", "kitty-shengji")]
    assert ("kitty", "kitty-shengji") not in links(second)
    assert links(link_glossary_terms("Bury the kitty.", "shengji")), "outside a lesson each text links again"


def _lesson_texts(lesson) -> list[str]:  # noqa: ANN001
    texts = [lesson.summary or "", lesson.body]
    if lesson.exercise is not None:
        texts += [lesson.exercise.prompt, lesson.exercise.hint or ""]
    return texts + [claim.text for claim in lesson.claims]


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_only_gains_links_each_term_once_and_links_its_native_words(game: str) -> None:
    terms = load_glossary()
    native_linked = 0
    for lesson in load_lessons(game):
        with lesson_glossary_scope():
            outs = [link_glossary_terms(text, game) for text in _lesson_texts(lesson)]
        for text, out in zip(_lesson_texts(lesson), outs, strict=True):
            assert unlinked(out) == text, f"{lesson.slug}: linking changed the text"
            for line in out.splitlines():
                assert not (line.lstrip().startswith("#") and LINK.search(line)), f"{lesson.slug}: a heading"
        found = [link for out in outs for link in links(out)]
        keys = [(key, bool(cjk_characters(word) or is_vietnamese_word(word))) for word, key in found]
        assert len(keys) == len(set(keys)), f"{lesson.slug}: a term linked twice"
        for _, key in found:
            term = term_by_key(terms, key)
            assert term is not None and game in term.games
        native_linked += sum(1 for word, _ in found if cjk_characters(word) or is_vietnamese_word(word))
        prose = "\n".join(line for line in (lesson.summary or "", *lesson.body.splitlines())
                          if not line.lstrip().startswith("#"))
        natives = [t.native for t in terms if game in t.games and t.native]
        for term in terms:
            alone = prose
            for longer in natives:  # 地主 inside 斗地主 is the longer term's
                if term.native and term.native in longer and longer != term.native:
                    alone = alone.replace(longer, "")
            if game in term.games and term.native and term.native in alone:
                assert (term.native, term.key) in found, f"{lesson.slug} names {term.native} but does not link it"
    if game in ("shengji", "thirteen", "doudizhu"):
        assert native_linked >= 1, f"no lesson of {game} links a Chinese or Vietnamese word"


def test_the_lessons_page_links_terms_and_offers_the_handout(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page("pages/shengji_lessons.py")
    at.run()
    assert not at.exception
    body = " ".join(m.value for m in at.markdown)
    assert "[Shengji](/glossary?term=shengji)" in body and "[升级](/glossary?term=shengji)" in body
    assert body.count("[Tractor](/glossary?term=tractor)") == 1
    (button,) = at.get("download_button")
    assert button.proto.label == "Download the rules on one page (PDF)"
    assert button.proto.ignore_rerun, "downloading does not rerun the page"
    assert button.proto.deferred_file_id, "the PDF is made when the button is pressed, not on every run"
