"""The glossary in Bengali and Assamese (issue #24): every term's meaning, literal translation and pronunciation
hint in both languages (lessons/glossary.toml, ``meaning_bn``, ``literally_as``, ``reading_bn``, …), each in its
language's letters, and a name in each (locale/terms.toml, else the glossary's ``name_bn``/``name_as``);
:class:`engine.glossary.Term` gives the texts in the current language, English where one is missing; the glossary
page and the handouts show them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.glossary import GlossaryFormatError, Term, load_glossary, local_names, parse_glossary, term_by_key
from engine.i18n import use_language
from tests.test_language_walk import english_runs, open_page
from ui.handouts import _term_line

TERMS = load_glossary()
LANGS = ("bn", "as")
_BENGALI_LETTER = re.compile(r"[\u0980-\u09FF]")
_OTHER_LANGUAGE = {"bn": "ৰৱ", "as": "র"}
"""The letters a language never uses: Assamese ৰ and ৱ in Bengali, Bengali র in Assamese."""


def _hint(term: Term) -> bool:
    """Whether the term's reading is a pronunciation hint in English (not pinyin, which every language reads)."""
    return bool(term.reading) and not term.has_cjk


def _texts(term: Term, lang: str) -> dict[str, str]:
    """The term's texts in ``lang`` as the file holds them (no English fallback)."""
    names = ["meaning"] + (["literally"] if term.literally else []) + (["reading"] if _hint(term) else [])
    return {name: getattr(term, f"{name}_{lang}") for name in names}


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_has_its_texts_in_the_language_in_its_letters(lang: str) -> None:
    wrong = []
    for term in TERMS:
        for name, text in _texts(term, lang).items():
            where = f"{term.key}.{name}_{lang}"
            if not text:
                wrong.append(f"{where}: missing")
                continue
            if not _BENGALI_LETTER.search(text):
                wrong.append(f"{where}: not in Bengali script: {text!r}")
            if odd := sorted({c for c in text if c in _OTHER_LANGUAGE[lang]}):
                wrong.append(f"{where}: holds {''.join(odd)}: {text!r}")
            if runs := english_runs(text):
                wrong.append(f"{where}: English {runs}: {text!r}")
            sentences = [part.strip() for part in text.split("।") if part.strip()]
            if len(sentences) != len(set(sentences)):
                wrong.append(f"{where}: a sentence twice: {text!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGS)
def test_every_term_has_a_name_in_the_language_from_one_place(lang: str) -> None:
    from_terms = local_names(lang, glossary=())
    names = local_names(lang)
    assert sorted(names) == sorted(t.key for t in TERMS)
    for term in TERMS:
        own = getattr(term, f"name_{lang}")
        assert bool(own) != (term.key in from_terms), f"{term.key}: name_{lang} is for terms locale/terms.toml lacks"
        assert not sorted(set(names[term.key]) & set(_OTHER_LANGUAGE[lang])), names[term.key]
        assert _BENGALI_LETTER.search(names[term.key]), names[term.key]


def test_the_file_has_95_terms_and_no_translation_copies_the_english() -> None:
    assert len(TERMS) == 95
    for term in TERMS:
        assert term.meaning_bn != term.meaning_as, term.key  # Assamese is not Bengali relabelled
        assert term.meaning_in("bn") != term.meaning and term.meaning_in("as") != term.meaning, term.key


def test_a_term_answers_in_the_current_language_and_in_english_where_a_text_is_missing() -> None:
    kitty = term_by_key(TERMS, "kitty-shengji")
    assert kitty is not None
    assert kitty.meaning_in() == kitty.meaning and kitty.literally_in() == "bottom cards"
    with use_language("bn"):
        assert kitty.meaning_in() == kitty.meaning_bn and kitty.literally_in() == "তলার কার্ড"
    with use_language("as"):
        assert kitty.meaning_in() == kitty.meaning_as and kitty.literally_in() == "তলৰ কাৰ্ড"
    assert kitty.meaning_in("en") == kitty.meaning and kitty.literally_in("as") == "তলৰ কাৰ্ড"
    bare = Term(key="x", english="x", native="", reading="", meaning="An English meaning.", games=("euchre",),
                lesson="euchre/01-deck-and-partners")
    with use_language("bn"):
        assert bare.meaning_in() == "An English meaning." and bare.literally_in() == ""


_ENTRY = """
[[term]]
key = "kitty"
english = "kitty"
native = "{native}"
reading = "{reading}"
meaning = "The cards left face down."
games = ["shengji"]
lesson = "shengji/02-deal"
{extra}
"""


def test_the_loader_reads_the_translations_and_rejects_a_wrong_one() -> None:
    (term,) = parse_glossary(_ENTRY.format(native="底牌", reading="dǐpái", extra='literally = "bottom cards"\n'
                                           'literally_bn = "তলার কার্ড"\nmeaning_as = "বাকী কাৰ্ড।"'))
    assert term.literally_bn == "তলার কার্ড" and term.meaning_as == "বাকী কাৰ্ড।" and term.meaning_bn == ""
    with pytest.raises(GlossaryFormatError, match="'literally_as' translates 'literally', which is empty"):
        parse_glossary(_ENTRY.format(native="底牌", reading="dǐpái", extra='literally_as = "তলৰ কাৰ্ড"'))
    with pytest.raises(GlossaryFormatError, match="'reading_bn' translates 'reading', which is empty"):
        parse_glossary(_ENTRY.format(native="", reading="", extra='reading_bn = "“কিটি”"'))
    with pytest.raises(GlossaryFormatError, match="unknown field.*meaning_fr"):
        parse_glossary(_ENTRY.format(native="", reading="", extra='meaning_fr = "Les cartes."'))
    with pytest.raises(GlossaryFormatError, match="'meaning_bn' must be a string"):
        parse_glossary(_ENTRY.format(native="", reading="", extra="meaning_bn = 3"))


def test_search_finds_a_term_by_its_meaning_in_bengali_or_assamese() -> None:
    from engine.glossary import search_terms

    assert "landlord" in [t.key for t in search_terms(TERMS, "নিলামের বিজয়ী")]
    assert "landlord" in [t.key for t in search_terms(TERMS, "নিলামৰ বিজয়ী")]


@pytest.fixture(scope="module")
def walk_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.conftest import ROOT

    folder = tmp_path_factory.mktemp("glossary_walk")
    (folder / "pages").symlink_to(ROOT / "pages", target_is_directory=True)
    return folder


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_page_shows_the_meanings_in_the_language(lang: str, walk_folder: Path) -> None:
    at: AppTest = open_page("glossary", lang, walk_folder)
    assert not at.exception
    shown = [m.value for m in at.markdown]
    captions = [c.value for c in at.caption]
    for term in TERMS:
        assert getattr(term, f"meaning_{lang}") in shown, term.key
        assert term.meaning not in shown, term.key
        literally = getattr(term, f"literally_{lang}")
        if literally:
            assert any(f"“{literally}”" in c and (term.reading_in(lang) in c) for c in captions), term.key
        if _hint(term):
            assert any(f"*{getattr(term, f'reading_{lang}')}*" in c for c in captions), term.key
    headings = [h.value for h in at.subheader]
    names = local_names(lang)
    assert all(any(h.startswith(f"{names[t.key]} ({t.english})") for h in headings) for t in TERMS)
    assert not any("literally" in c for c in captions)


@pytest.mark.parametrize("lang", LANGS)
def test_a_handout_line_gives_the_meaning_and_the_literal_translation_in_the_language(lang: str) -> None:
    kitty, void, bower = (term_by_key(TERMS, k) for k in ("kitty-shengji", "void", "bower"))
    assert kitty is not None and void is not None and bower is not None
    with use_language(lang):
        assert f"“{getattr(kitty, f'literally_{lang}')}”" in _term_line(kitty)
        assert _term_line(void).endswith(f": {getattr(void, f'meaning_{lang}')}")
        assert f"({getattr(bower, f'reading_{lang}')})" in _term_line(bower)
    assert _term_line(kitty) == "**kitty** 底牌 dǐpái, literally “bottom cards”"
    assert _term_line(void) == f"**void**: {void.meaning}"
