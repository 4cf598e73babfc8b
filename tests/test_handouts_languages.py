"""The handouts in Bengali and Assamese: one A4 page each, the key terms in the language's words (the seeds'
terms, locale/terms.toml), the title translated, and the Bengali-script font embedded (read back from the PDF);
the English handouts embed no Bengali font."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from engine.games import GAMES
from engine.glossary import local_names
from engine.i18n import use_language
from ui.handouts import handout_facts, handout_pdf, presets

CASES = [(g, next(iter(presets(g))), lang) for g in GAMES for lang in ("bn", "as")]


def _fonts(data: bytes) -> set[str]:
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == 1
    return {str(f.get_object()["/BaseFont"]).split("+")[-1]
            for page in reader.pages for f in page["/Resources"]["/Font"].values()}


@pytest.mark.parametrize(("game", "preset", "lang"), CASES, ids=[f"{g}-{lang}" for g, _p, lang in CASES])
def test_a_handout_in_bengali_or_assamese_embeds_the_bengali_font(game: str, preset: str, lang: str) -> None:
    data = handout_pdf(game, preset, lang)
    assert data.startswith(b"%PDF")
    assert any(name.startswith("CTCSansBengali") for name in _fonts(data)), _fonts(data)
    with use_language(lang):
        facts = handout_facts(game, preset)
    local = [facts.local_terms[t.key] for t in facts.key_terms if t.key in facts.local_terms]
    assert local, f"{game}: no key term has a {lang} name in locale/terms.toml"
    assert handout_pdf(game, preset, lang) is data  # made once per game, rules and language


@pytest.mark.parametrize("game", list(GAMES))
def test_an_english_handout_has_no_bengali_font(game: str) -> None:
    assert not any(name.startswith("CTCSansBengali") for name in _fonts(handout_pdf(game, next(iter(presets(game))),
                                                                                     "en")))


def test_the_local_names_are_the_terms() -> None:
    assert local_names("as")["kitty-shengji"] == "টেলন" and local_names("bn")["landlord"] == "বাড়িওয়ালা"
    assert local_names("en") == {}
