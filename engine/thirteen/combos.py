"""Combinations of Thirteen and what beats what: the six kinds, classifying cards, chopping 2s with bombs.

Cards are in game order (see :mod:`engine.thirteen.order`); a combination's *top card* is its highest card,
the highest bit of its mask. Functions that classify take ``twos`` (the rule option
``twos_in_double_sequences``, default off): with it, pairs of 2s may end a double sequence after the aces
(… K K A A 2 2). The 2s already follow the aces in game order, so such a run is simply consecutive rank
groups up to group 12, and its top card is still the mask's highest bit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from engine.base import Verdict
from engine.cards import Card, CardsText, Rank
from engine.contract import option_specs
from engine.errors import InvalidPositionError
from engine.thirteen.order import RANK_ORDER, TWO_RANK, cards_of, game_sorted, index, mask_of, rank_plural, rank_pos
from engine.thirteen.rules import Rules

__all__ = [
    "KIND_ORDER",
    "PAIRS",
    "POP",
    "SINGLES",
    "TRIPLES",
    "Combo",
    "Kind",
    "beat_reason",
    "beats_key",
    "chop_answers",
    "chops",
    "classify",
    "combo_of_mask",
    "kind_of_mask",
    "why_not_combo",
]

# Per 4-bit rank group: the single-card sub-groups, the pairs, the triples (ascending by top suit).
POP = tuple(bin(n).count("1") for n in range(16))
SINGLES: tuple[tuple[int, ...], ...] = tuple(tuple(1 << s for s in range(4) if n >> s & 1) for n in range(16))


def _subs(n: int, k: int) -> tuple[int, ...]:
    subs = [m for m in range(1, 16) if m & n == m and POP[m] == k]
    return tuple(sorted(subs, key=lambda m: (m.bit_length(), m)))


PAIRS: tuple[tuple[int, ...], ...] = tuple(_subs(n, 2) for n in range(16))
TRIPLES: tuple[tuple[int, ...], ...] = tuple(_subs(n, 3) for n in range(16))


class Kind(IntEnum):
    """The six kinds of combination. The value is the internal code; ``key`` is the JSON name."""

    SINGLE = 0
    PAIR = 1
    TRIPLE = 2
    QUAD = 3
    SEQUENCE = 4
    DOUBLE_SEQUENCE = 5

    @property
    def key(self) -> str:
        return _KIND_KEYS[self]

    @property
    def title(self) -> str:
        return _KIND_TITLES[self]

    @classmethod
    def parse(cls, text: str) -> Kind:
        for kind, key in _KIND_KEYS.items():
            if text in (key, kind.title):
                return kind
        raise InvalidPositionError(f"{text!r} is not a kind of combination; known: {', '.join(_KIND_KEYS.values())}")


_KIND_KEYS = {
    Kind.SINGLE: "single", Kind.PAIR: "pair", Kind.TRIPLE: "triple", Kind.QUAD: "quad",
    Kind.SEQUENCE: "sequence", Kind.DOUBLE_SEQUENCE: "double_sequence",
}
_KIND_TITLES = {
    Kind.SINGLE: "single", Kind.PAIR: "pair", Kind.TRIPLE: "triple", Kind.QUAD: "four of a kind",
    Kind.SEQUENCE: "sequence", Kind.DOUBLE_SEQUENCE: "double sequence",
}
KIND_ORDER: tuple[Kind, ...] = tuple(Kind)


def kind_of_mask(mask: int, twos: bool = False) -> Kind | None:
    """The kind of combination the cards of ``mask`` form, or None when they form none.

    ``twos``: pairs of 2s may end a double sequence (never a single sequence).
    """
    if not mask:
        return None
    n = mask.bit_count()
    r_low = ((mask & -mask).bit_length() - 1) >> 2
    r_high = (mask.bit_length() - 1) >> 2
    if r_low == r_high:
        return KIND_ORDER[n - 1]
    if r_high == TWO_RANK and not (twos and n & 1 == 0):
        return None
    span = r_high - r_low + 1
    if span < 3:
        return None
    if n == span:
        if r_high == TWO_RANK:
            return None  # a single sequence never contains a 2
        per = 1
    elif n == 2 * span:
        per = 2
    else:
        return None
    for r in range(r_low, r_high + 1):
        if POP[(mask >> (4 * r)) & 15] != per:
            return None
    return Kind.SEQUENCE if per == 1 else Kind.DOUBLE_SEQUENCE


def chops(kind: int, n: int, t_kind: int, t_n: int, t_top: int, ladder: bool) -> bool:
    """Whether a bomb of (kind, n cards) beats the table (t_kind, t_n, top index t_top) although the kinds differ.

    Seed list: a four of a kind or 3 pairs in sequence on a single 2; 4 pairs on a pair of 2s; 5 pairs on
    three 2s. The ladder adds: four of a kind over 3 pairs; 4 pairs over a four of a kind, 3 pairs and a 2.
    Only the shape counts: a double sequence that ends in 2s (option ``twos_in_double_sequences``) chops
    exactly as any double sequence of as many pairs, although it holds 2s itself.
    """
    if kind == t_kind and n == t_n:
        return False
    if t_top >> 2 == TWO_RANK and t_kind <= Kind.TRIPLE:
        if t_kind == Kind.SINGLE:
            return kind == Kind.QUAD or (kind == Kind.DOUBLE_SEQUENCE and (n == 6 or (ladder and n == 8)))
        if t_kind == Kind.PAIR:
            return kind == Kind.DOUBLE_SEQUENCE and n == 8
        return kind == Kind.DOUBLE_SEQUENCE and n == 10
    if not ladder:
        return False
    if t_kind == Kind.DOUBLE_SEQUENCE and t_n == 6:
        return kind == Kind.QUAD or (kind == Kind.DOUBLE_SEQUENCE and n == 8)
    if t_kind == Kind.QUAD:
        return kind == Kind.DOUBLE_SEQUENCE and n == 8
    return False


def beats_key(kind: int, mask: int, t_kind: int, t_mask: int, ladder: bool) -> bool:
    """Whether the play (kind, mask) beats the table (t_kind, t_mask)."""
    n, t_n = mask.bit_count(), t_mask.bit_count()
    t_top = t_mask.bit_length() - 1
    if kind == t_kind and n == t_n:
        return mask.bit_length() - 1 > t_top
    return chops(kind, n, t_kind, t_n, t_top, ladder)


def chop_answers(t_kind: int, t_n: int, t_top: int, ladder: bool) -> tuple[tuple[Kind, int], ...]:
    """The (kind, card count) of every bomb that chops the table regardless of its top card."""
    # The answer depends on the top card only through whether it is a 2: computed once per shape.
    return _chop_answers(t_kind, t_n, t_top >> 2 == TWO_RANK, ladder)


@cache
def _chop_answers(t_kind: int, t_n: int, two_on_top: bool, ladder: bool) -> tuple[tuple[Kind, int], ...]:
    t_top = 4 * TWO_RANK if two_on_top else 0
    out = []
    for kind, n in ((Kind.QUAD, 4), (Kind.DOUBLE_SEQUENCE, 6), (Kind.DOUBLE_SEQUENCE, 8),
                    (Kind.DOUBLE_SEQUENCE, 10)):
        if chops(kind, n, t_kind, t_n, t_top, ladder):
            out.append((kind, n))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Combo(CardsText):
    """A combination: its kind and its cards (game order, lowest first). The top card decides."""

    kind: Kind
    cards: tuple[Card, ...]

    @property
    def mask(self) -> int:
        return mask_of(self.cards)

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def pairs(self) -> int:
        """The number of pairs of a double sequence (0 for other kinds)."""
        return len(self.cards) // 2 if self.kind is Kind.DOUBLE_SEQUENCE else 0

    @property
    def is_bomb(self) -> bool:
        return self.kind in (Kind.QUAD, Kind.DOUBLE_SEQUENCE)

    @property
    def has_two(self) -> bool:
        """Whether the combination holds a 2 (its top card is a 2)."""
        return self.top.rank is Rank.TWO

    @property
    def is_twos(self) -> bool:
        """A single 2, a pair of 2s or three 2s: what the bombs chop (four 2s are a four of a kind)."""
        return self.kind <= Kind.TRIPLE and self.top.rank is Rank.TWO

    @property
    def shape(self) -> str:
        """The kind, with the length where it matters: ``pair``, ``4-card sequence``, ``double sequence of 3 pairs``."""
        if self.kind is Kind.SEQUENCE:
            return f"{self.length}-card sequence"
        if self.kind is Kind.DOUBLE_SEQUENCE:
            return f"double sequence of {self.pairs} pairs"
        return self.kind.title

    @property
    def name(self) -> str:
        """For people, with an article: ``5♠``, ``a pair of 2s (top 2♥)``, ``the 3-card sequence 4♠ 5♦ 6♥``."""
        if self.kind in (Kind.PAIR,):
            return "a " + self.bare_name
        if self.kind in (Kind.SEQUENCE, Kind.DOUBLE_SEQUENCE):
            return "the " + self.bare_name
        return self.bare_name

    @property
    def bare_name(self) -> str:
        """For people, after a possessive ("North's …"): ``5♠``, ``pair of 2s (top 2♥)``, ``four 7s``."""
        rank = self.top.rank
        if self.kind is Kind.SINGLE:
            return self.top.symbol_text
        if self.kind is Kind.PAIR:
            return f"pair of {rank_plural(rank)} (top {self.top.symbol_text})"
        if self.kind is Kind.TRIPLE:
            return f"three {rank_plural(rank)} (top {self.top.symbol_text})"
        if self.kind is Kind.QUAD:
            return f"four {rank_plural(rank)}"
        return f"{self.shape} {self.symbols}"


def combo_of_mask(mask: int, twos: bool = False) -> Combo | None:
    kind = kind_of_mask(mask, twos)
    return None if kind is None else Combo(kind, cards_of(mask))


def classify(cards: Iterable[Card], twos: bool = False) -> Combo | None:
    """The combination ``cards`` form, or None (see :func:`why_not_combo`). Repeated cards form none.

    ``twos`` (the option ``twos_in_double_sequences``): pairs of 2s may end a double sequence.
    """
    cards = tuple(cards)
    mask = mask_of(cards)
    if mask.bit_count() != len(cards):
        return None
    return combo_of_mask(mask, twos)


_TWOS_LABEL = next(o.label for o in option_specs(Rules) if o.name == "twos_in_double_sequences")


def why_not_combo(cards: Iterable[Card], twos: bool = False) -> str:
    """Why ``cards`` are not a combination, in words for a learner ('' when they are one).

    ``twos``: the option ``twos_in_double_sequences`` is on (pairs of 2s may end a double sequence).
    """
    cards = game_sorted(cards)
    if not cards:
        return "no cards were chosen"
    if len({index(c) for c in cards}) != len(cards):
        dup = next(c for c in cards if cards.count(c) > 1)
        return f"{dup.symbol_text} appears twice, but there is only one deck"
    if classify(cards, twos) is not None:
        return ""
    text = " ".join(c.symbol_text for c in cards)
    ranks = sorted({rank_pos(c) for c in cards})
    counts = [sum(1 for c in cards if rank_pos(c) == r) for r in ranks]
    n = len(cards)
    if n == 2:
        return f"{text} is not a pair: a pair is two cards of the same rank"
    has_two = ranks[-1] == TWO_RANK
    consecutive = ranks == list(range(ranks[0], ranks[0] + len(ranks)))
    per = counts[0]
    if per in (1, 2) and set(counts) == {per}:
        what = "sequence" if per == 1 else "double sequence"
        if len(ranks) < 3:
            need = "at least 3 cards" if per == 1 else "at least 3 consecutive pairs (6 cards)"
            return f"{text} is not a combination: a {what} needs {need}"
        if has_two and per == 1:
            return f"{text} is not a combination: a {what} cannot contain a 2 (2s never go in sequences)"
        if has_two and not twos:
            return (f"{text} is not a combination: a {what} cannot contain a 2 (only the house rule "
                    f"\u201c{_TWOS_LABEL}\u201d lets pairs of 2s end a double sequence, after the aces: … K K A A 2 2)")
        if has_two and not consecutive and (ranks[-2] != TWO_RANK - 1 or ranks[0] == 0):
            return (f"{text} is not a double sequence: pairs of 2s may only end one, right after a pair of aces "
                    "(… K K A A 2 2); a sequence never runs on from 2 to 3")
        gap = next(RANK_ORDER[r + 1] for r, s in zip(ranks, ranks[1:], strict=False) if s != r + 1)
        parts = "ranks must be consecutive" if per == 1 else "pairs must be of consecutive ranks"
        return f"{text} is not a {what}: the {parts}, and {gap.text} is missing"
    if consecutive and (not has_two or twos) and len(ranks) >= 3 and set(counts) <= {1, 2, 3, 4}:
        return (f"{text} is not a combination: a sequence has exactly one card of each rank, "
                "a double sequence exactly two")
    return (f"{text} is not a combination: the combinations are a single, a pair, three or four of a kind, "
            "a sequence of 3 or more consecutive ranks, or a double sequence of 3 or more consecutive pairs")


def beat_reason(play: Combo, table: Combo, ladder: bool = False) -> Verdict:
    """Whether ``play`` beats ``table``, and why, in words for a learner."""
    p_top, t_top = play.top.symbol_text, table.top.symbol_text
    if play.kind is table.kind and play.length == table.length:
        if index(play.top) > index(table.top):
            if play.top.rank is table.top.rank:
                why = f"same rank, and {play.top.suit.plural} are higher than {table.top.suit.plural}"  # type: ignore[union-attr]
            else:
                why = f"{play.top.rank.text} ranks above {table.top.rank.text}, and rank counts before suit"
            if play.kind is Kind.SINGLE:
                return Verdict(True, f"{p_top} beats {t_top}: {why}")
            return Verdict(True, f"{play.name} beats {table.name}: the top card {p_top} is higher than {t_top} ({why})")
        if play.kind is Kind.SINGLE:
            return Verdict(False, f"{p_top} does not beat {t_top}: {p_top} is the lower card")
        return Verdict(False, f"{play.name} does not beat {table.name}: its top card {p_top} is lower than {t_top}; "
                              f"to beat a {table.shape} you need one whose top card is higher than {t_top}")
    if chops(play.kind, play.length, table.kind, table.length, index(table.top), ladder):
        note = ""
        if play.kind is Kind.DOUBLE_SEQUENCE and play.has_two:
            note = f"; it ends in 2s, but it is still a {play.shape}, and bombs chop by their shape"
        if table.is_twos:
            return Verdict(True, f"{play.name} is a bomb: it chops {table.name}{note}")
        return Verdict(True, f"{play.name} is a bigger bomb than {table.name} (the bomb ladder){note}")
    return Verdict(False, _no_beat(play, table, ladder))


def _no_beat(play: Combo, table: Combo, ladder: bool) -> str:
    answers = chop_answers(table.kind, table.length, index(table.top), ladder)
    answer_text = " or ".join(_answer_name(k, n) for k, n in answers)
    if table.has_two and table.kind <= Kind.TRIPLE:
        what = {Kind.SINGLE: "a single 2", Kind.PAIR: "a pair of 2s", Kind.TRIPLE: "three 2s"}[table.kind]
        higher = {Kind.SINGLE: "a higher 2", Kind.PAIR: "a higher pair of 2s", Kind.TRIPLE: "higher three 2s"}
        if table.kind is Kind.TRIPLE:
            return f"three 2s can only be beaten by {answer_text}"
        return f"{what} can only be beaten by {higher[table.kind]} or {answer_text}"
    if table.is_bomb and answers:
        return f"{table.name} can only be beaten by a higher {table.shape} or {answer_text}"
    if play.kind is table.kind:
        return (f"the table holds a {table.shape}; a {table.kind.title} beats it only with the same length "
                f"({table.length} cards), and yours has {play.length}")
    article = "an" if table.shape[0] in "aeiou" else "a"
    return (f"the table holds {article} {table.shape}, so you must play a {table.shape} with a higher top card "
            f"than {table.top.symbol_text}, or pass")


def _answer_name(kind: Kind, n: int) -> str:
    if kind is Kind.QUAD:
        return "a four of a kind"
    return f"a double sequence of {n // 2} pairs"
