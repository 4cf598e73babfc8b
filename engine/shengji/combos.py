"""Combinations: singles, pairs, triples and tractors; throws decomposed into them; shape matching.

A combination is a *unit* of shape ``(width, length)``: ``length`` consecutive levels of one group, each
with ``width`` identical cards. A single is (1, 1), a pair (2, 1), a triple (3, 1), a tractor of pairs
(2, L ≥ 2), a tractor of triples (3, L ≥ 2). A *format* is a multiset of shapes, sorted high first; a
throw's format is the shapes of its parts, and following is about matching a format as closely as
possible (see :mod:`engine.shengji.play`).

Everything here works on counts of identical cards (a :class:`Holding`), never on raw sub-multisets.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import product
from typing import Any

from engine.cards import Card, CardsText
from engine.errors import InvalidPositionError
from engine.i18n import gettext as _
from engine.i18n import pgettext
from engine.shengji.order import Group, Trump
from engine.shengji.rules import Rules
from engine.words import and_list, number, plural

Shape = tuple[int, int]
"""(width, length): (1, 1) single, (2, 1) pair, (3, 1) triple, (w, L ≥ 2) tractor."""
Format = tuple[Shape, ...]
"""A multiset of shapes, sorted high first (wider, then longer)."""

SINGLE: Shape = (1, 1)
PAIR: Shape = (2, 1)
TRIPLE: Shape = (3, 1)

def number_word(n: int) -> str:
    """``n`` in words up to ten, digits beyond (:func:`engine.words.number`)."""
    return number(n)


class Kind(Enum):
    """What a single combination is."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    FOUR = "four"
    TRACTOR = "tractor"


def kind_of(shape: Shape) -> Kind:
    width, length = shape
    if length >= 2:
        return Kind.TRACTOR
    return (Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.FOUR)[min(width, 4) - 1]


def _set_word(width: int, form: str) -> str:
    """A set of ``width`` identical cards in words, in the current language: ``form`` "one" (pair), "many"
    (pairs) or "a" (a pair)."""
    if width == 1:
        words = (pgettext("combination", "single card"), pgettext("combination", "single cards"),
                 pgettext("combination", "a single card"))
    elif width == 2:
        words = (pgettext("combination", "pair"), pgettext("combination", "pairs"), pgettext("combination", "a pair"))
    elif width == 3:
        words = (pgettext("combination", "triple"), pgettext("combination", "triples"),
                 pgettext("combination", "a triple"))
    elif width == 4:
        words = (pgettext("combination", "four of a kind"), pgettext("combination", "fours of a kind"),
                 pgettext("combination", "four of a kind"))
    else:
        words = (_("set of {width}").format(width=width), _("sets of {width}").format(width=width),
                 _("a set of {width}").format(width=width))
    return words[("one", "many", "a").index(form)]


def shape_name(shape: Shape, *, article: bool = True, plural: bool = False) -> str:
    """``a pair``, ``a tractor of three pairs``, ``a tractor of two triples``, ``a single card``; plural: ``pairs``,
    ``tractors of two pairs`` (in the current language)."""
    width, length = shape
    if length >= 2:
        unit = _set_word(width, "many")
        if plural:
            return _("tractors of {count} {units}").format(count=number(length), units=unit)
        if article:
            return _("a tractor of {count} {units}").format(count=number(length), units=unit)
        return _("tractor of {count} {units}").format(count=number(length), units=unit)
    if plural:
        return _set_word(width, "many")
    return _set_word(width, "a" if article else "one")


def shapes_text(shapes: Iterable[Shape]) -> list[str]:
    """Each kind of shape counted: ``["a tractor of two pairs", "two pairs"]`` (highest first)."""
    words: list[str] = []
    for shape, n in sorted(Counter(shapes).items(), reverse=True):
        words.append(shape_name(shape) if n == 1 else
                     pgettext("combination", "{count} {things}").format(count=number(n),
                                                                      things=shape_name(shape, plural=True)))
    return words


def format_cards_count(fmt: Format) -> int:
    return sum(w * length for w, length in fmt)


def sort_format(shapes: Iterable[Shape]) -> Format:
    return tuple(sorted(shapes, reverse=True))


def describe_format(fmt: Format, noun: Callable[[int], str] | None = None, rest: str = "other") -> str:
    """Words for a format: ``a tractor of two pairs``, ``a pair and two other ♥``, ``any four ♥``.

    ``noun(n)`` names ``n`` loose cards (default "card"/"cards"; a group's :meth:`~Group.word`); ``rest`` is the
    word for the loose cards beside larger units ("other", or "single" to describe a throw's parts).
    """
    word = noun or (lambda n: plural(n, "card"))
    singles = sum(1 for s in fmt if s == SINGLE)
    big = [s for s in fmt if s != SINGLE]
    if not big:
        if rest == "single":
            return _("{count} single {cards}").format(count=number(singles), cards=word(singles))
        return _("any {count} {cards}").format(count=number(singles), cards=word(singles))
    words = shapes_text(big)
    if singles:
        loose = _("{count} single {cards}") if rest == "single" else _("{count} other {cards}")
        words.append(loose.format(count=number(singles), cards=word(singles)))
    return and_list(words)


@dataclass(frozen=True)
class Combo(CardsText):
    """One combination as played: its cards (high to low), group, shape and the level of its top row."""

    cards: tuple[Card, ...]
    group: Group
    width: int
    length: int
    top: int

    @property
    def shape(self) -> Shape:
        return (self.width, self.length)

    @property
    def kind(self) -> Kind:
        return kind_of(self.shape)

    @property
    def name(self) -> str:
        """For learners: ``the pair K♥ K♥``, ``the tractor 6♥ 6♥ 5♥ 5♥``, ``the single A♠``."""
        kind = self.kind
        if kind is Kind.TRACTOR:
            return _("the tractor {cards}").format(cards=self.symbols)
        if kind is Kind.SINGLE:
            return _("the single {cards}").format(cards=self.symbols)
        if kind is Kind.PAIR:
            return _("the pair {cards}").format(cards=self.symbols)
        if kind is Kind.TRIPLE:
            return _("the triple {cards}").format(cards=self.symbols)
        return _("the four of a kind {cards}").format(cards=self.symbols)


class Holding:
    """The cards of one group in a hand, as counts of identical cards grouped by level.

    ``count`` maps each distinct card to its copies; ``levels`` maps a level to the distinct cards there
    (usually one; the off-suit trump-rank cards share a level).
    """

    __slots__ = ("count", "levels", "total", "group", "trump", "_desc")

    def __init__(self, counts: Mapping[Card, int], trump: Trump, group: Group) -> None:
        self.count: dict[Card, int] = {c: n for c, n in counts.items() if n > 0}
        self.trump = trump
        self.group = group
        levels: dict[int, list[Card]] = {}
        for card in self.count:
            levels.setdefault(trump.level(card), []).append(card)
        self.levels = {lv: tuple(cs) for lv, cs in levels.items()}
        self.total = sum(self.count.values())
        self._desc: tuple[int, ...] = tuple(sorted(self.levels, reverse=True))

    @classmethod
    def of(cls, cards: Iterable[Card], trump: Trump, group: Group) -> Holding:
        """The cards of ``cards`` that belong to ``group``."""
        return cls(Counter(c for c in cards if trump.group(c) is group), trump, group)

    @property
    def levels_desc(self) -> tuple[int, ...]:
        """Levels present, high to low (the order placements are tried in)."""
        return self._desc

    def reordered(self, levels: Sequence[int]) -> Holding:
        """The same cards with placements tried in another level order (low first, random …)."""
        copy = Holding.__new__(Holding)
        copy.count, copy.levels, copy.total = self.count, self.levels, self.total
        copy.group, copy.trump = self.group, self.trump
        copy._desc = tuple(levels)
        return copy

    def cards_desc(self) -> list[Card]:
        """Distinct cards, high to low."""
        return [c for lv in self._desc for c in self.levels[lv]]

    def expanded(self) -> list[Card]:
        """Every card (copies repeated), high to low."""
        return [c for c in self.cards_desc() for _ in range(self.count[c])]

    def units(self, shape: Shape) -> list[tuple[Card, ...]]:
        """Every distinct unit of ``shape`` this holding contains, highest first (one card per row)."""
        width, length = shape
        out: list[tuple[Card, ...]] = []
        for top in self._desc:
            rows = run_rows(self.levels, self.count, top, width, length)
            if rows is not None:
                out.extend(product(*rows))
        return out

    def best_top(self, shape: Shape) -> int | None:
        """The top level of the highest unit of ``shape`` here, or None if there is none."""
        width, length = shape
        count, levels = self.count, self.levels
        for top in self._desc:
            for lv in range(top, top - length, -1):
                if not any(count[c] >= width for c in levels.get(lv, ())):
                    break
            else:
                return top
        return None


Placement = list[tuple[Shape, tuple[Card, ...]]]


def run_rows(
    levels: Mapping[int, tuple[Card, ...]], rem: Mapping[Card, int], top: int, width: int, length: int
) -> list[list[Card]] | None:
    """For a unit of ``width`` × ``length`` whose top row is at level ``top``: each row's candidate cards
    (those with at least ``width`` copies left), or None if some row has none."""
    rows = []
    for lv in range(top, top - length, -1):
        cs = [c for c in levels.get(lv, ()) if rem[c] >= width]
        if not cs:
            return None
        rows.append(cs)
    return rows


def unit_choices(
    holding: Holding, rem: dict[Card, int], shape: Shape, max_top: int | None
) -> Iterator[tuple[int, tuple[Card, ...]]]:
    """Each way to take a unit of ``shape`` from ``rem`` (top row at or below ``max_top``), as (top, row cards).

    While a choice is yielded its cards are taken out of ``rem``; they are put back when the loop moves on
    (a caller that stops early keeps them taken).
    """
    width, length = shape
    for top in holding.levels_desc:
        if max_top is not None and top > max_top:
            continue
        rows = run_rows(holding.levels, rem, top, width, length)
        if rows is None:
            continue
        for choice in product(*rows):
            for c in choice:
                rem[c] -= width
            yield top, choice
            for c in choice:
                rem[c] += width


def satisfy(holding: Holding, fmt: Format, count: dict[Card, int] | None = None) -> Placement | None:
    """Place every non-single unit of ``fmt`` on disjoint cards of ``holding``; None if impossible.

    Singles are not placed: the caller knows the holding has enough cards. The placement names the
    cards of each unit (one card per row), highest placements tried first, so it doubles as an example.
    """
    rem = dict(holding.count) if count is None else count
    long_units = sorted((s for s in fmt if s[1] >= 2), key=lambda s: (s[1], s[0]), reverse=True)
    wide = sorted(Counter(s[0] for s in fmt if s[1] == 1 and s[0] >= 3).items(), reverse=True)
    pairs = sum(1 for s in fmt if s[1] == 1 and s[0] == 2)
    levels = holding.levels
    desc = holding.levels_desc

    def simple() -> Placement | None:
        placed: Placement = []
        taken: list[tuple[Card, int]] = []
        for width, need in wide:  # triples (and fours of a kind), widest first
            cands = sorted((c for lv in desc for c in levels[lv] if rem[c] >= width), key=lambda c: rem[c])
            if len(cands) < need:
                for c, k in taken:
                    rem[c] += k
                return None
            for c in sorted(cands[:need], key=holding.trump.level, reverse=True):
                rem[c] -= width
                taken.append((c, width))
                placed.append(((width, 1), (c,)))
        if pairs:
            found: list[Card] = []
            for lv in desc:
                for c in levels[lv]:
                    found.extend([c] * (rem[c] // 2))
                if len(found) >= pairs:
                    break
            if len(found) < pairs:
                for c, k in taken:
                    rem[c] += k
                return None
            placed.extend((PAIR, (c,)) for c in found[:pairs])
        for c, k in taken:
            rem[c] += k
        return placed

    def place(i: int, prev_top: int | None) -> Placement | None:
        if i == len(long_units):
            return simple()
        shape = long_units[i]
        same_as_prev = i > 0 and long_units[i - 1] == shape
        for top, choice in unit_choices(holding, rem, shape, prev_top if same_as_prev else None):
            rest = place(i + 1, top)
            if rest is not None:
                return [(shape, choice), *rest]
        return None

    return place(0, None)


def placement_cards(placement: Placement) -> list[Card]:
    """The cards a placement uses (each row's card ``width`` times)."""
    return [c for (width, _), row in placement for c in row for _ in range(width)]


def group_of(cards: Iterable[Card], trump: Trump) -> Group | None:
    """The one group all ``cards`` belong to, or None if they are of several groups (or none)."""
    groups = {trump.group(c) for c in cards}
    return groups.pop() if len(groups) == 1 else None


def decompose(cards: Iterable[Card], trump: Trump, rules: Rules) -> tuple[Combo, ...]:
    """Split cards of one group into combinations: longest tractors of the widest units first, then sets,
    then narrower tractors and pairs, then singles. Parts come out highest first within each kind.

    Raises InvalidPositionError when the cards are not all of one group.
    """
    cards = tuple(cards)
    if not cards:
        return ()
    group = group_of(cards, trump)
    if group is None:
        raise InvalidPositionError(
            _("{cards} mixes suits: a lead must be one suit (or all trumps)").format(
                cards=" ".join(c.symbol_text for c in cards))
        )
    holding = Holding(Counter(cards), trump, group)
    rem = dict(holding.count)
    levels = holding.levels
    desc = holding.levels_desc
    parts: list[Combo] = []

    def capable(lv: int, width: int) -> Card | None:
        for c in levels.get(lv, ()):
            if rem[c] >= width:
                return c
        return None

    for width in range(rules.max_width, 1, -1):
        while True:
            best: tuple[int, int] | None = None  # (length, top)
            run_top, run_len = None, 0
            for lv in range(desc[0], desc[-1] - 1, -1):
                if capable(lv, width) is not None:
                    if run_len == 0:
                        run_top = lv
                    run_len += 1
                    if run_len >= 2 and (best is None or run_len > best[0]):
                        best = (run_len, run_top)  # type: ignore[assignment]
                else:
                    run_len = 0
            if best is None:
                break
            length, top = best
            row_cards = []
            for lv in range(top, top - length, -1):
                c = capable(lv, width)
                assert c is not None
                rem[c] -= width
                row_cards.append(c)
            parts.append(_combo(row_cards, width, group, trump))
        for lv in desc:
            for c in levels[lv]:
                while rem[c] >= width:
                    rem[c] -= width
                    parts.append(_combo([c], width, group, trump))
    for lv in desc:
        for c in levels[lv]:
            for _copy in range(rem[c]):
                parts.append(_combo([c], 1, group, trump))
    return tuple(parts)


def _combo(rows: list[Card], width: int, group: Group, trump: Trump) -> Combo:
    cards = tuple(c for c in rows for _ in range(width))
    return Combo(cards, group, width, len(rows), trump.level(rows[0]))


def classify(cards: Iterable[Card], trump: Trump, rules: Rules) -> Combo | None:
    """The single combination ``cards`` form, or None (mixed groups, or several parts: a throw)."""
    cards = tuple(cards)
    if not cards or group_of(cards, trump) is None:
        return None
    parts = decompose(cards, trump, rules)
    return parts[0] if len(parts) == 1 else None


def is_tractor(cards: Iterable[Card], trump: Trump, rules: Rules) -> bool:
    combo = classify(cards, trump, rules)
    return combo is not None and combo.length >= 2


def format_of(parts: Iterable[Combo]) -> Format:
    return sort_format(p.shape for p in parts)


def describe_lead(parts: Sequence[Combo], group: Group) -> str:
    """``a pair of ♥``, ``a single trump``, ``a tractor of two pairs of trumps``, ``a throw of ♥ (a pair and a
    single card)``."""
    if len(parts) == 1:
        shape = parts[0].shape
        return _("a single {card}").format(card=group.word(1)) if shape == SINGLE else group.of(shape_name(shape))
    throw = group.of(_("a throw"))
    return f"{throw} ({describe_format(format_of(parts), rest='single')})"


def build(holding: Holding, fmt: Format, n: int, level_order: Sequence[int],
          fill_key: Callable[[Card], Any]) -> tuple[Card, ...]:
    """A legal follow meeting the rung ``fmt``: units placed trying levels in ``level_order``, then the
    ``n`` - (unit cards) lowest other cards of the holding by ``fill_key``."""
    placement = satisfy(holding.reordered(level_order), fmt)
    assert placement is not None
    used = placement_cards(placement)
    left = Counter(holding.count)
    left.subtract(used)
    fill = sorted(left.elements(), key=fill_key)[: n - len(used)]
    return tuple(used + fill)
