"""Rebuild the app's Bengali-script font subsets from Noto Sans Bengali (SIL Open Font License 1.1; see OFL.txt).

Bengali and Assamese share the script; the subsets hold the whole Bengali block (the texts' characters, ৰ and ৱ
included, and any letter of a learner's name), the danda । ॥, the joiners and the dotted circle, with the
font's shaping tables (conjuncts and vowel signs need them). Not needed at run time. On Debian::

    apt-get install -y fonts-noto-core
    .venv/bin/python ui/fonts/build_bengali.py

It writes, next to this file, ``CTCSansBengali-Regular.ttf`` and ``CTCSansBengali-Bold.ttf`` (the PDF handouts)
and ``CTCSansBengali-Web.woff`` (the browser: the regular face, compressed). The subsets are renamed (family
"CTC Sans Bengali"); the copyright and licence notices stay in the name table. The same source gives the same
bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script, beside build_subset.py
from build_subset import output_folder, rename  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCES = {
    "Regular": Path("/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf"),
    "Bold": Path("/usr/share/fonts/truetype/noto/NotoSansBengali-Bold.ttf"),
}
SOURCE_FAMILY = "Noto Sans Bengali"
FAMILY = "CTC Sans Bengali"
FILE_STEM = "CTCSansBengali"

BENGALI_BLOCK = (0x0980, 0x09FF)
EXTRA = "\u0964\u0965\u200c\u200d\u25cc"  # danda, double danda, ZWNJ, ZWJ, dotted circle (the shaper's base)


def is_bengali_script(char: str) -> bool:
    """Whether ``char`` is a letter, sign or digit of the Bengali block (Bengali and Assamese)."""
    return BENGALI_BLOCK[0] <= ord(char) <= BENGALI_BLOCK[1]


def wanted_characters() -> str:
    return "".join(chr(c) for c in range(BENGALI_BLOCK[0], BENGALI_BLOCK[1] + 1)) + EXTRA


def build(source: Path, out: Path, style: str, flavor: str | None = None) -> int:
    """Write the subset of ``source`` (the characters above, every shaping feature kept) to ``out``."""
    font = TTFont(str(source))
    cmap = font.getBestCmap()
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = [0x409]
    options.notdef_outline = True
    options.hinting = False
    options.drop_tables += ["DSIG"]
    options.flavor = flavor
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in wanted_characters() if ord(c) in cmap])
    subsetter.subset(font)
    rename(font, style, FAMILY, SOURCE_FAMILY, FILE_STEM)
    font.flavor = flavor
    font.recalcTimestamp = False  # reproducible bytes
    font.save(str(out))
    return out.stat().st_size


def main(argv: list[str] | None = None) -> int:
    out = output_folder(argv, __doc__ or "", SOURCES.values(), "fonts-noto-core")
    if out is None:
        return 2
    for style, source in SOURCES.items():
        print(f"{FILE_STEM}-{style}.ttf: {build(source, out / f'{FILE_STEM}-{style}.ttf', style)} bytes")
    web = out / f"{FILE_STEM}-Web.woff"
    print(f"{web.name}: {build(SOURCES['Regular'], web, 'Regular', flavor='woff')} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
