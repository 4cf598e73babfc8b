"""The app's CJK and Bengali-script fonts: subsets of Noto Sans CJK SC and Noto Sans Bengali shipped in this
folder (SIL OFL 1.1, see OFL.txt), so that Chinese, Bengali and Assamese render on a machine with none of these
fonts installed — in the browser and in the PDF handouts.

* :data:`PRINT_FONTS` — the regular and bold subsets for the PDFs (Latin, Vietnamese, pinyin, symbols, CJK).
* :func:`use_cjk_font` — call once per script run (before the page draws): it adds the web subset to the
  app's own font family, for CJK characters only, so nothing else about the text changes.

* :data:`BENGALI_PRINT_FONTS` and :func:`use_bengali_font` — the same for Bengali script (the whole Bengali
  block, with the font's shaping tables).

``build_subset.py`` rebuilds the CJK files when the texts gain a character (it needs Debian's fonts-noto-cjk; the
app never does); ``build_bengali.py`` the Bengali ones (from fonts-noto-core).
"""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path

FONT_DIR = Path(__file__).resolve().parent
FAMILY = "CTC Sans CJK"
REGULAR = FONT_DIR / "CTCSansCJK-Regular.ttf"
BOLD = FONT_DIR / "CTCSansCJK-Bold.ttf"
WEB = FONT_DIR / "CTCSansCJK-Web.otf"
PRINT_FONTS: dict[str, Path] = {"": REGULAR, "B": BOLD}  # fpdf2 style → file
LICENCE = FONT_DIR / "OFL.txt"
BENGALI_FAMILY = "CTC Sans Bengali"
BENGALI_PRINT_FONTS: dict[str, Path] = {"": FONT_DIR / "CTCSansBengali-Regular.ttf",
                                        "B": FONT_DIR / "CTCSansBengali-Bold.ttf"}
BENGALI_WEB = FONT_DIR / "CTCSansBengali-Web.woff"
BENGALI_UNICODE_RANGE = "U+0980-09FF, U+0964-0965, U+200C-200D, U+25CC"

# Streamlit's body and heading font (its theme's "sans-serif"). A face added to this family with the same
# weight and style range and a CJK-only unicode-range joins it: the browser takes CJK characters from our
# face and every other character from Streamlit's, as before.
APP_FAMILY = "Source Sans"
WEB_UNICODE_RANGE = "U+2E80-9FFF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF"


def font_characters(path: Path = REGULAR) -> frozenset[str]:
    """The characters the font file at ``path`` has glyphs for."""
    from fontTools.ttLib import TTFont

    with TTFont(str(path), lazy=True) as font:
        return frozenset(chr(code) for code in font.getBestCmap())


def _face(path: Path, mime: str, form: str, unicode_range: str) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return (
        f'@font-face{{font-family:"{APP_FAMILY}";font-style:normal;font-weight:100 900;font-display:swap;'
        f'src:url(data:{mime};base64,{data}) format("{form}");unicode-range:{unicode_range};}}'
    )


@lru_cache(maxsize=1)
def cjk_font_css() -> str:
    """The ``@font-face`` rule that adds the web subset (inlined, so no file serving is needed) to the app's
    font family for CJK characters."""
    return _face(WEB, "font/otf", "opentype", WEB_UNICODE_RANGE)


@lru_cache(maxsize=1)
def bengali_font_css() -> str:
    """The ``@font-face`` rule that adds the Bengali web subset to the app's font family for Bengali-script
    characters only (Latin text keeps Streamlit's font). One face for every weight, as for CJK: a face declared
    for a narrower range of weights splits the family in Chromium and drops Streamlit's own and the CJK faces
    from bold text, so bold Bengali is drawn in the regular weight."""
    return _face(BENGALI_WEB, "font/woff", "woff", BENGALI_UNICODE_RANGE)


def use_cjk_font() -> None:
    """Make Chinese render on this page even where the machine has no CJK font (a style-only ``st.html``:
    it takes no space on the page)."""
    import streamlit as st

    st.html(f"<style>{cjk_font_css()}</style>")


def use_bengali_font() -> None:
    """Make Bengali and Assamese render on this page even where the machine has no Bengali font (on every page,
    whatever the language: the language menu and learners' names are in Bengali script too)."""
    import streamlit as st

    st.html(f"<style>{bengali_font_css()}</style>")
