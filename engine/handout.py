"""What a printable rules summary says, as values: :class:`Handout` of :class:`Section` and :class:`Table`.

Each game builds its own with :meth:`engine.contract.Game.handout` (in ``engine/<game>/handout.py``), from its own
typed commands, so every fact on the page comes from the rules engine; ``ui/handouts.py`` only lays a
:class:`Handout` out on paper and knows no game. The words around the facts (section titles, column headings) are
labels, never rules: catalog messages (a game marks them with ``N_``), written in the current language when the
section or table is made (:func:`engine.i18n.use_language`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from engine.cards import Card, format_cards
from engine.i18n import gettext

__all__ = ["Column", "Handout", "Section", "Table", "symbols"]


class Column(enum.Enum):
    """Where a section stands on the page."""

    LEFT = "left"
    RIGHT = "right"
    BELOW = "below"  # the full width, under both columns


@dataclass(frozen=True)
class Table:
    """A table of text: a header row, the rows, and each column's width relative to the others."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    widths: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.widths) != len(self.header) or any(len(row) != len(self.header) for row in self.rows):
            raise ValueError(f"a handout table's rows and widths must have {len(self.header)} cells: {self!r}")
        object.__setattr__(self, "header", tuple(gettext(cell) for cell in self.header))


@dataclass(frozen=True)
class Section:
    """One titled block: paragraphs (``**bold**`` allowed), then an optional table."""

    title: str
    column: Column
    lines: tuple[str, ...] = ()
    table: Table | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", gettext(self.title))


@dataclass(frozen=True)
class Handout:
    """What one game's handout under one rule set says.

    ``summary`` is the lines under the title; ``name_terms`` the glossary keys whose native form and reading
    follow the game's name on the title line (the Shengji handout gives 升级 and 拖拉机).
    """

    summary: tuple[str, ...]
    sections: tuple[Section, ...]
    name_terms: tuple[str, ...] = ()


def symbols(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as a handout prints them: with suit symbols (``A♠ A♠``)."""
    return format_cards(cards, symbols=True)
