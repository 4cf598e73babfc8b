"""Rebuild the app's CJK font subsets from Noto Sans CJK SC (SIL Open Font License 1.1; see OFL.txt).

Only needed when the lessons, the glossary, the pages or the engine's texts gain a character the shipped fonts
lack (tests/test_glossary_font.py says so). Not needed at run time. On Debian::

    apt-get install -y fonts-noto-cjk
    .venv/bin/python ui/fonts/build_subset.py

It writes, next to this file:

* ``CTCSansCJK-Regular.ttf`` and ``CTCSansCJK-Bold.ttf`` — for the PDF handouts: Latin (with Vietnamese and
  pinyin), punctuation, arrows, the suit symbols, and every Chinese character the project's texts use, with
  TrueType outlines (the source's cubic curves turned quadratic), the kind of font every PDF library and
  reader handles alike;
* ``CTCSansCJK-Web.otf`` — for the browser: the Chinese characters and CJK punctuation only (the app's own
  Latin font covers the rest).

The subsets are renamed (family "CTC Sans CJK"), so that the modified version does not carry the original
name; the copyright and licence notices stay in the name table. The same texts give the same bytes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from fontTools import subset
from fontTools.pens.cu2quPen import Cu2QuPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection, TTFont, newTable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SOURCES = {
    "Regular": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    "Bold": Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc"),
}
SOURCE_FAMILY = "Noto Sans CJK SC"
# The Simplified Chinese face draws quotes, the middle dot and a few signs full-width, as Chinese text wants; in
# the handouts' English text they must be proportional. The faces of the collection share one set of glyphs,
# so the print subsets take every character outside the CJK blocks from the Japanese face's mapping, whose
# punctuation is proportional, and keep the Simplified Chinese shapes for the ideographs.
LATIN_FAMILY = "Noto Sans CJK JP"
FAMILY = "CTC Sans CJK"
FILE_STEM = "CTCSansCJK"

# The texts whose characters the fonts must hold: everything a learner reads on a page or in a handout.
TEXT_GLOBS = ("lessons/**/*.md", "lessons/*.toml", "pages/*.py", "ui/**/*.py", "engine/**/*.py", "README.md")


def _ranges(*spans: tuple[int, int]) -> str:
    return "".join(chr(c) for low, high in spans for c in range(low, high + 1))


# Always in the print subset, whether or not a text uses them yet.
BASE = (
    _ranges((0x20, 0x7E), (0xA0, 0x17F), (0x1EA0, 0x1EF9), (0x2010, 0x2027), (0x2030, 0x203A), (0x2190, 0x2199))
    + _ranges((0x1A0, 0x1A1), (0x1AF, 0x1B0), (0x1CD, 0x1DC))  # Vietnamese horned O and U; pinyin's ǎ ǐ ǒ ǔ ǖ-ǜ
    + "×÷−±≈≠≤≥∞⊆"
    + "♠♣♥♦♤♧♡♢✓"
)


def is_web_char(char: str) -> bool:
    """Characters the web subset carries: CJK ideographs, CJK punctuation and full-width forms."""
    code = ord(char)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFE30 <= code <= 0xFE4F or 0xFF00 <= code <= 0xFFEF


def text_characters(root: Path = ROOT) -> set[str]:
    """Every character of the project's learner-facing texts (non-ASCII ones matter)."""
    chars: set[str] = set()
    for pattern in TEXT_GLOBS:
        for path in root.glob(pattern):
            if ".venv" not in path.parts:
                chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() and not c.isspace()}


def _source_font(path: Path, family: str = SOURCE_FAMILY) -> TTFont:
    for font in TTCollection(str(path)).fonts:
        if font["name"].getDebugName(1) == family:
            return font
    raise SystemExit(f"{path} holds no {family!r}")


def _latin_from_japanese(font: TTFont, path: Path) -> None:
    """Point every non-CJK character of ``font`` (the SC face) at the glyph the JP face uses for it."""
    latin = _source_font(path, LATIN_FAMILY).getBestCmap()
    glyphs = set(font.getGlyphOrder())
    for table in font["cmap"].tables:
        if table.isUnicode():
            for code in list(table.cmap):
                if not is_web_char(chr(code)) and latin.get(code) in glyphs:
                    table.cmap[code] = latin[code]


def rename(font: TTFont, style: str, family: str = FAMILY, source_family: str = SOURCE_FAMILY,
           stem: str = FILE_STEM) -> None:
    """Give the subset its own family name; keep the copyright (0), trademark (7) and licence (13, 14) notices."""
    name = font["name"]
    source_version = name.getDebugName(5) or ""
    full = f"{family} {style}" if style != "Regular" else family
    postscript = f"{stem}-{style}"
    values = {
        1: family,
        2: "Bold" if style == "Bold" else "Regular",
        3: f"{postscript};subset of {source_family}",
        4: full,
        6: postscript,
        10: f"A subset of {source_family} ({source_version}) for Card Table Classroom.",
    }
    for record in list(name.names):
        if record.nameID in (16, 17, 18, 21, 22, 25):
            name.removeNames(nameID=record.nameID)
    for name_id, value in values.items():
        name.setName(value, name_id, 3, 1, 0x409)
        name.setName(value, name_id, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [postscript]
        top = cff.topDictIndex[0]
        for attr, value in (("FullName", full), ("FamilyName", family)):
            if hasattr(top, attr):
                setattr(top, attr, value)


def _to_truetype(font: TTFont) -> None:
    """Replace the CFF outlines of ``font`` by TrueType ones (cubic curves approximated by quadratic ones to
    within a thousandth of the em)."""
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for name in order:
        pen = TTGlyphPen(glyphs)
        glyphs[name].draw(Cu2QuPen(pen, max_err=1.0, reverse_direction=True))
        glyf.glyphs[name] = pen.glyph()
    del font["CFF "]
    for tag in ("VORG",):
        if tag in font:
            del font[tag]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    font["head"].glyphDataFormat = 0
    font["head"].indexToLocFormat = 0
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones", "maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements", "maxComponentDepth"):
        setattr(maxp, attr, 1 if attr == "maxZones" else 0)
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"


def build(source: Path, chars: Iterable[str], out: Path, style: str, *, latin: bool = True) -> tuple[int, list[str]]:
    """Write the subset of ``source`` holding ``chars`` to ``out`` (with ``latin``, non-CJK characters drawn as
    in Latin text); return its size and the characters the source font lacks."""
    font = _source_font(source)
    if latin:
        _latin_from_japanese(font, source)
    cmap = font.getBestCmap()
    wanted = sorted({c for c in chars if ord(c) in cmap})
    missing = sorted({c for c in chars if ord(c) not in cmap})
    options = subset.Options()
    options.layout_features = []  # no shaping: the PDFs and the browser need plain glyphs only
    options.drop_tables += ["BASE", "VORG", "vhea", "vmtx", "GSUB", "GPOS", "GDEF"]
    options.name_IDs = ["*"]
    options.name_languages = [0x409]
    options.notdef_outline = True
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in wanted])
    subsetter.subset(font)
    rename(font, style)
    if out.suffix == ".ttf":
        _to_truetype(font)
    font.recalcTimestamp = False  # reproducible bytes
    font.save(str(out))
    return out.stat().st_size, missing


def output_folder(argv: list[str] | None, doc: str, sources: Iterable[Path], package: str) -> Path | None:
    """The ``--out`` folder of a build script's command line, or None (said on stderr) when a source font is
    missing (``package``: the Debian package that has it)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the font files (default: ui/fonts)")
    args = parser.parse_args(argv)
    for path in sources:
        if not path.exists():
            print(f"error: {path} is missing; install Debian's {package} first", file=sys.stderr)
            return None
    return Path(args.out)


def main(argv: list[str] | None = None) -> int:
    out = output_folder(argv, __doc__ or "", SOURCES.values(), "fonts-noto-cjk")
    if out is None:
        return 2
    used = text_characters()
    print_chars = set(BASE) | used
    web_chars = {c for c in print_chars if is_web_char(c)}
    lacking: set[str] = set()
    for style, source in SOURCES.items():
        size, missing = build(source, print_chars, out / f"{FILE_STEM}-{style}.ttf", style)
        lacking |= set(missing)
        print(f"{FILE_STEM}-{style}.ttf: {size} bytes")
    size, _ = build(SOURCES["Regular"], web_chars, out / f"{FILE_STEM}-Web.otf", "Regular", latin=False)
    print(f"{FILE_STEM}-Web.otf: {size} bytes, {len(web_chars)} characters")
    lacking &= used  # the BASE ranges are a convenience; only the texts' own characters are worth a warning
    if lacking:
        print("used by the texts but not in the source font (left out): " + " ".join(sorted(lacking)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
