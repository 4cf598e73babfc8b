"""The shipped Bengali-script font (ui/fonts/CTCSansBengali-*): it holds every Bengali-script character the
catalogs, the terms and the lessons use (Assamese ৰ ৱ included) and any letter of a learner's name, keeps its
shaping tables, is renamed with its licence, and the CSS adds it for Bengali script only."""

from __future__ import annotations

import base64
import re

import pytest
from fontTools.ttLib import TTFont

from tests.conftest import ROOT
from ui.fonts import (
    BENGALI_PRINT_FONTS,
    BENGALI_UNICODE_RANGE,
    BENGALI_WEB,
    LICENCE,
    bengali_font_css,
    font_characters,
)
from ui.fonts.build_bengali import is_bengali_script

FILES = [*BENGALI_PRINT_FONTS.values(), BENGALI_WEB]
TEXTS = [*(ROOT / "locale").rglob("*.po"), ROOT / "locale" / "terms.toml", *(ROOT / "lessons").rglob("*.md"),
         *(ROOT / "ui").rglob("*.py"), *(ROOT / "pages").glob("*.py"), *(ROOT / "engine").rglob("*.py")]


def _used() -> set[str]:
    return {c for path in TEXTS for c in path.read_text(encoding="utf-8") if is_bengali_script(c)}


def test_the_texts_use_bengali_and_assamese_letters() -> None:
    used = _used()
    assert len(used) > 40 and {"ৰ", "ৱ", "ক", "্", "া"} <= used


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_bengali_script_character_used_is_in_the_font(path) -> None:
    missing = _used() - font_characters(path)
    assert not missing, f"{path.name} lacks {sorted(missing)}: run ui/fonts/build_bengali.py"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_any_name_in_bengali_script_and_the_danda_render(path) -> None:
    chars = font_characters(path)
    assert set("রাহুল দাস।ৰৱ০১২৩৪৫৬৭৮৯".replace(" ", "")) <= chars


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_the_subset_keeps_shaping_is_renamed_and_keeps_its_licence(path) -> None:
    with TTFont(str(path)) as font:
        assert {"GSUB", "GPOS", "GDEF"} <= set(font.keys()), "conjuncts and vowel signs need the shaping tables"
        scripts = {r.ScriptTag for r in font["GSUB"].table.ScriptList.ScriptRecord}
        assert {"bng2"} & scripts
        name = font["name"]
        assert name.getDebugName(1) == "CTC Sans Bengali"
        assert "Google" in (name.getDebugName(0) or "") and "Open Font License" in (name.getDebugName(13) or "")
    assert "Noto Sans Bengali" in LICENCE.read_text(encoding="utf-8")


def test_the_fonts_are_small() -> None:
    assert BENGALI_WEB.stat().st_size < 80_000
    assert all(p.stat().st_size < 160_000 for p in BENGALI_PRINT_FONTS.values())


def test_the_css_adds_the_web_font_for_bengali_script_only() -> None:
    css = bengali_font_css()
    assert f"unicode-range:{BENGALI_UNICODE_RANGE}" in css and '"Source Sans"' in css
    data = re.search(r"base64,([A-Za-z0-9+/=]+)", css)
    assert data and base64.b64decode(data.group(1)) == BENGALI_WEB.read_bytes()
