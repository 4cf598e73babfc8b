"""The shipped CJK font (ui/fonts): it holds every Chinese character the lessons, the glossary and the pages
use, and every character the glossary prints in a handout; it is renamed and carries its licence."""

import base64
import re

import pytest
from fontTools.ttLib import TTFont

from engine.glossary import cjk_characters, load_glossary
from tests.conftest import ROOT
from ui.fonts import BOLD, LICENCE, PRINT_FONTS, REGULAR, WEB, WEB_UNICODE_RANGE, cjk_font_css, font_characters

LEARNER_TEXTS = [
    *(ROOT / "lessons").glob("*/*.md"),
    ROOT / "lessons" / "glossary.toml",
    *(ROOT / "pages").glob("*.py"),
    *(ROOT / "ui").rglob("*.py"),
    ROOT / "engine" / "games.py",
]


def _used_cjk() -> set[str]:
    chars: set[str] = set()
    for path in LEARNER_TEXTS:
        chars |= cjk_characters(path.read_text(encoding="utf-8"))
    return chars


def test_the_texts_use_chinese_characters_at_all() -> None:
    # Guards the next test against passing on an empty set.
    assert {"升", "级", "斗", "地", "主"} <= _used_cjk()


@pytest.mark.parametrize("path", [REGULAR, BOLD, WEB], ids=lambda p: p.name)
def test_every_chinese_character_used_is_in_the_font(path) -> None:
    missing = sorted(_used_cjk() - font_characters(path))
    assert not missing, f"{path.name} lacks {''.join(missing)}: run ui/fonts/build_subset.py"


@pytest.mark.parametrize("path", [REGULAR, BOLD], ids=lambda p: p.name)
def test_the_print_fonts_hold_every_glossary_character(path) -> None:
    text = "".join(f"{t.english}{t.native}{t.reading}{t.literally}{t.meaning}" for t in load_glossary())
    missing = sorted({c for c in text if not c.isspace()} - font_characters(path))
    assert not missing, f"{path.name} lacks {''.join(missing)}"


def test_the_print_fonts_hold_the_card_symbols() -> None:
    for path in PRINT_FONTS.values():
        assert set("♠♥♦♣→×≥–—…ếưđǎǐǒǔ") <= font_characters(path), path.name


def test_the_fonts_are_small() -> None:
    for path in (REGULAR, BOLD, WEB):
        assert path.stat().st_size < 120_000, path.name
    assert WEB.stat().st_size < 40_000


@pytest.mark.parametrize("path", [REGULAR, BOLD, WEB], ids=lambda p: p.name)
def test_the_subset_is_renamed_and_keeps_its_licence(path) -> None:
    with TTFont(str(path)) as font:
        name = font["name"]
        assert name.getDebugName(1) == "CTC Sans CJK"
        assert "Noto" not in (name.getDebugName(4) or "")
        assert "Open Font License" in (name.getDebugName(13) or "")
        assert "Adobe" in (name.getDebugName(0) or "")
    assert "SIL OPEN FONT LICENSE Version 1.1" in LICENCE.read_text(encoding="utf-8")


def test_the_css_inlines_the_web_font_for_cjk_only() -> None:
    css = cjk_font_css()
    data = re.search(r"base64,([A-Za-z0-9+/=]+)\)", css)
    assert data and base64.b64decode(data.group(1)) == WEB.read_bytes()
    assert 'font-family:"Source Sans"' in css and "font-weight:100 900" in css
    assert f"unicode-range:{WEB_UNICODE_RANGE}" in css
    spans = [tuple(int(x, 16) for x in part.strip()[2:].split("-")) for part in WEB_UNICODE_RANGE.split(",")]
    for char in _used_cjk():
        assert any(low <= ord(char) <= high for low, high in spans), char
    for char in "Aa1♠é":
        assert not any(low <= ord(char) <= high for low, high in spans), char
