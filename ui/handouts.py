"""Printable one-page rules summaries: ``handout_pdf(game, preset) -> bytes``, an A4 PDF made with fpdf2.

Each page has the game's title and native name, the rule set's plain name, and what the game's engine says its
handout holds (:meth:`engine.contract.Game.handout`: the card and trump order, the combinations, the scoring
table …), then the key terms with their characters and pinyin (from the glossary). This module only lays those
facts out; it knows no game and states no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from fpdf import FPDF
from fpdf.fonts import FontFace

from engine.games import GAMES, preset_texts
from engine.games import game as game_of
from engine.glossary import Term, load_glossary, local_names, term_by_key
from engine.handout import Column, Handout, Section, Table
from engine.i18n import DEFAULT_LANGUAGE, language, use_language
from engine.i18n import gettext as _
from ui.fonts import BENGALI_PRINT_FONTS, PRINT_FONTS
from ui.nav import preset_titles


@dataclass(frozen=True)
class Facts:
    """What one handout says: the engine's :class:`Handout` and the glossary's key terms of the game."""

    game: str
    preset: str
    handout: Handout
    key_terms: tuple[Term, ...]
    local_terms: dict[str, str]
    """Glossary key → the term in the handout's language (Bengali, Assamese; none in English)."""

    @property
    def summary(self) -> tuple[str, ...]:
        return self.handout.summary

    @property
    def sections(self) -> tuple[Section, ...]:
        return self.handout.sections


def presets(game_key: str) -> dict[str, str]:
    """The game's presets (name → the engine's description), in the engine's order."""
    return preset_texts(game_key)


def preset_name(game_key: str, preset: str) -> str:
    """The rule set's name as the sidebar shows it ("The Chinese competition rules"), from the engine."""
    titles = preset_titles(game_key)
    return titles.get(preset, preset.replace("_", " ").capitalize())


def handout_facts(game_key: str, preset: str) -> Facts:
    """What the handout of ``game_key`` under ``preset`` says; raises UnknownNameError for an unknown game or
    preset (the engine's message)."""
    said = game_of(game_key).handout(preset)
    terms = tuple(t for t in load_glossary() if game_key in t.games)
    key = tuple(t for t in terms if t.native) or terms
    return Facts(game_key, preset, said, key, local_names(language()))


# ---------------------------------------------------------------------------------------------------------
# The layout: one A4 page, two columns and a full-width band of key terms.
# ---------------------------------------------------------------------------------------------------------

FONT = "ctc"
BENGALI_FONT = "ctcbn"
PAGE_W, PAGE_H, MARGIN, GAP = 210.0, 297.0, 12.0, 6.0
MAX_SCALE, MIN_SCALE = 1.3, 0.75  # type sizes relative to the base sizes below: the largest that fits is used
INK, GREY, RULE, SHADE = (20, 20, 20), (95, 95, 95), (170, 170, 170), (236, 236, 236)


class _Handout(FPDF):
    def __init__(self, scale: float) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.scale = scale
        self.set_auto_page_break(False)
        self.set_margins(MARGIN, MARGIN, MARGIN)
        for style, path in PRINT_FONTS.items():
            self.add_font(FONT, style, str(path))
        for style, path in BENGALI_PRINT_FONTS.items():
            self.add_font(BENGALI_FONT, style, str(path))
        self.set_fallback_fonts([BENGALI_FONT])  # Bengali script (terms, titles, names) from the Bengali font
        if language() != DEFAULT_LANGUAGE:
            self.set_text_shaping(True)  # conjuncts and vowel signs (HarfBuzz, through uharfbuzz)
        self.set_title(_("Card Table Classroom rules summary"))
        self.set_creator("Card Table Classroom")
        self.add_page()

    def size(self, points: float, style: str = "") -> float:
        self.set_font(FONT, style, points * self.scale)
        return points * self.scale * 0.3528 * 1.25  # a line height in mm

    def heading(self, x: float, width: float, text: str) -> None:
        self.set_xy(x, self.get_y() + 1.6 * self.scale)
        self.set_text_color(*INK)
        height = self.size(9.5, "B")
        self.multi_cell(width, height, text, align="L", new_x="LEFT", new_y="NEXT")
        self.set_draw_color(*RULE)
        self.set_line_width(0.2)
        self.line(x, self.get_y() + 0.3, x + width, self.get_y() + 0.3)
        self.set_y(self.get_y() + 1.2 * self.scale)

    def paragraph(self, x: float, width: float, text: str, points: float = 8.0) -> None:
        self.set_x(x)
        self.set_text_color(*INK)
        height = self.size(points)
        self.multi_cell(width, height, text, markdown=True, align="L", new_x="LEFT", new_y="NEXT")
        self.set_y(self.get_y() + 0.6 * self.scale)

    def table_of(self, x: float, width: float, table: Table) -> None:
        self.set_left_margin(x)
        self.set_x(x)
        self.size(7.4)
        self.set_draw_color(*RULE)
        self.set_line_width(0.15)
        total = sum(table.widths)
        heading = FontFace(emphasis="BOLD", fill_color=SHADE, color=INK)
        with self.table(width=width, col_widths=tuple(w / total * width for w in table.widths), align="LEFT",
                        line_height=self.size(7.4) * 0.95, headings_style=heading, padding=0.8 * self.scale,
                        text_align="LEFT", borders_layout="HORIZONTAL_LINES") as grid:
            for row in (table.header, *table.rows):
                cells = grid.row()
                for cell in row:
                    cells.cell(cell)
        self.set_left_margin(MARGIN)
        self.set_y(self.get_y() + 1.0 * self.scale)


def _title(pdf: _Handout, facts: Facts) -> None:
    info = GAMES[facts.game]
    glossary = load_glossary()
    readings = [t for key in facts.handout.name_terms if (t := term_by_key(glossary, key)) is not None]
    pdf.set_xy(MARGIN, MARGIN)
    pdf.set_text_color(*INK)
    pdf.size(20, "B")
    pdf.cell(text=_(info.title))
    if info.native != info.title and info.native not in info.title:
        pdf.size(15)
        pdf.cell(text="   " + _(info.native))
    pdf.ln(pdf.size(20) * 1.05)
    said = " · ".join(f"{t.native} {t.reading}" for t in readings if t.native and t.reading and t.has_cjk)
    if not said:
        said = " · ".join(f"{t.native or t.english}: {t.reading_in()}" for t in readings if t.reading)
    pdf.set_text_color(*GREY)
    if said:
        pdf.size(9)
        pdf.cell(text=said)
        pdf.ln(pdf.size(9))
    pdf.size(11, "B")
    pdf.set_text_color(*INK)
    pdf.cell(text=_("Rule set: {rules}").format(rules=preset_name(facts.game, facts.preset)))
    pdf.ln(pdf.size(11) * 1.1)
    for line in facts.summary:
        pdf.paragraph(MARGIN, PAGE_W - 2 * MARGIN, line, 8.5)
    pdf.set_draw_color(*INK)
    pdf.set_line_width(0.4)
    pdf.line(MARGIN, pdf.get_y() + 0.5, PAGE_W - MARGIN, pdf.get_y() + 0.5)
    pdf.set_y(pdf.get_y() + 1.5)


def _section(pdf: _Handout, x: float, width: float, section: Section) -> None:
    pdf.heading(x, width, section.title)
    for line in section.lines:
        if line:
            pdf.paragraph(x, width, line)
    if section.table is not None:
        pdf.table_of(x, width, section.table)


def _key_terms(pdf: _Handout, facts: Facts) -> None:
    width = PAGE_W - 2 * MARGIN
    pdf.heading(MARGIN, width, _("Key terms"))
    columns, gap = 2, GAP
    column_width = (width - gap * (columns - 1)) / columns
    top = pdf.get_y()
    per_column = -(-len(facts.key_terms) // columns)
    bottoms = []
    for index in range(columns):
        pdf.set_y(top)
        x = MARGIN + index * (column_width + gap)
        for term in facts.key_terms[index * per_column:(index + 1) * per_column]:
            pdf.paragraph(x, column_width, _term_line(term, facts.local_terms.get(term.key)), 7.6)
        bottoms.append(pdf.get_y())
    pdf.set_y(max(bottoms))


def _term_line(term: Term, local: str | None = None) -> str:
    """ "**kitty** 底牌 dǐpái, literally “bottom cards”"; a term with no native form gets its meaning; ``local``:
    the term in the handout's language first ("**হোল কার্ড** (kitty) 底牌 …")."""
    line = f"**{local}** ({term.english})" if local else f"**{term.english}**"
    if term.native:
        line += f" {term.native}"
    if term.reading:
        line += f" {term.reading}" if term.has_cjk else f" ({term.reading_in()})"
    if term.literally:
        line += _(", literally “{words}”").format(words=term.literally_in())
    if not term.native:
        line += f": {term.meaning_in()}"
    return line


def _footer(pdf: _Handout) -> None:
    pdf.set_xy(MARGIN, PAGE_H - MARGIN + 2)
    pdf.set_text_color(*GREY)
    pdf.set_font(FONT, "", 7)  # not scaled: it must fit the width whatever the page's type size
    pdf.cell(w=PAGE_W - 2 * MARGIN, text=_("Card Table Classroom · every rule on this page comes from the app's rules "
                                           "engine · all the terms, with their meanings, are on the app's Glossary "
                                           "page"), align="C")


def _render(facts: Facts, scale: float) -> tuple[bytes, float]:
    """The PDF at ``scale`` and the lowest point its content reached (mm from the top)."""
    pdf = _Handout(scale)
    _title(pdf, facts)
    top = pdf.get_y()
    width = (PAGE_W - 2 * MARGIN - GAP) / 2
    bottoms = []
    for index, column in enumerate((Column.LEFT, Column.RIGHT)):
        pdf.set_y(top)
        for section in facts.sections:
            if section.column is column:
                _section(pdf, MARGIN + index * (width + GAP), width, section)
        bottoms.append(pdf.get_y())
    pdf.set_y(max(bottoms))
    for section in facts.sections:
        if section.column is Column.BELOW:
            _section(pdf, MARGIN, PAGE_W - 2 * MARGIN, section)
    if facts.key_terms:
        _key_terms(pdf, facts)
    lowest = pdf.get_y()
    _footer(pdf)
    if pdf.page_no() != 1:  # pragma: no cover - auto page break is off; a second page means a layout bug
        raise RuntimeError("the handout ran onto a second page")
    return bytes(pdf.output()), lowest


def handout_pdf(game: str, preset: str, lang: str | None = None) -> bytes:
    """The one-page A4 rules summary of ``game`` under ``preset``, as PDF bytes, in ``lang`` (the current
    language by default; its key terms in the language's words with the Bengali font embedded): the type is the
    largest that fits on the page. Raises UnknownNameError for an unknown game or preset."""
    return _handout_pdf(game, preset, lang or language())


@lru_cache(maxsize=32)
def _handout_pdf(game: str, preset: str, lang: str) -> bytes:
    with use_language(lang):
        return _fitted(game, preset)


def _fitted(game: str, preset: str) -> bytes:
    facts = handout_facts(game, preset)
    scale = MAX_SCALE
    while True:
        data, lowest = _render(facts, scale)
        if lowest <= PAGE_H - MARGIN - 4 or scale <= MIN_SCALE:
            return data
        scale = round(scale - 0.05, 2)


def handout_filename(game: str, preset: str) -> str:
    """A file name for the download: ``shengji-competition-rules.pdf``."""
    return f"{game}-{preset.replace('_', '-')}-rules.pdf"
