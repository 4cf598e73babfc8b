"""The requirement ladder: every format a follower may fall back to, best first.

A lead has a *format* (the shapes of its parts). Following it, a player who holds more cards of the led group
than were led must match the format as closely as possible. The ladder is every format reachable by weakening
the lead's parts — a triple into a pair and a single, a tractor into shorter tractors or separate pairs, a pair
into two singles — ordered best first: more cards in the widest units, then longer tractors among them, then the
same for the next width. This reproduces seed 000's ladders (pair → two singles; tractor → two pairs → pair + two
singles → four singles; the triple-tractor ladder) and applies them to throws part by part. A tractor of three or
four pairs follows "the same principle" — by default the listed rungs: the tractor, then as many separate pairs as
possible (option *Following a tractor of three or more pairs*: shorter tractors inside it first). Under the tractor
preset (``follow_tractor_with_tractor`` off) tractors are matched as separate pairs: "as many pairs as possible,
not necessarily consecutive".

Pure functions of formats (cached); :mod:`engine.shengji.play` finds the first rung a hand can meet.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.shengji.combos import PAIR, SINGLE, Combo, Format, Shape, format_of, sort_format
from engine.shengji.rules import LongTractorFollow, Rules, TripleFollow

__all__ = ["ladder", "ladder_for"]


@lru_cache(maxsize=64)
def _unit_degradations(shape: Shape, listed: bool = False) -> tuple[Format, ...]:
    """Every format a unit can weaken into (itself included), as full formats padded with singles.

    ``listed``: a tractor of three or more pairs weakens only into separate pairs and singles (the rungs the rules
    list for two pairs, applied to longer tractors), not into a shorter tractor inside it.
    """
    width, length = shape
    total = width * length
    if width == 1:
        return ((SINGLE,) * total,)
    if listed and width == 2 and length >= 3:
        return ((shape,), *(sort_format([PAIR] * k + [SINGLE] * (total - 2 * k)) for k in range(length, -1, -1)))
    out: set[Format] = set()

    def grow(parts: list[Shape], budget: int, max_part: Shape) -> None:
        used = sum(w * ln for w, ln in parts)
        out.add(sort_format(parts + [SINGLE] * (total - used)))
        for w in range(width, 1, -1):
            for ln in range(min(budget, length), 0, -1):
                part = (w, ln)
                if part > max_part:
                    continue
                grow(parts + [part], budget - ln, part)

    grow([], length, (width, length))
    return tuple(out)


RungKey = tuple[Any, ...]


def _format_key(fmt: Format, lead: Format, variant: TripleFollow) -> RungKey:
    top = max(w for w, _ in lead)
    std = []
    for w in range(top, 1, -1):
        lengths = sorted((ln for ww, ln in fmt if ww == w), reverse=True)
        std.append((sum(lengths), tuple(lengths)))
    if top < 3 or variant is TripleFollow.STANDARD:
        return (tuple(std),)
    longest = max((ln for w, ln in fmt if w >= 2), default=0)
    if variant is TripleFollow.PAIR_TRACTOR_OVER_TWO_TRIPLES:
        return (longest, tuple(std))
    lead_rows = sum(ln for w, ln in lead if w == top)
    return (std[0][0] == lead_rows, longest, tuple(std))


@lru_cache(maxsize=4096)
def ladder(lead: Format, follow_tractor: bool, variant: TripleFollow,
           long_follow: LongTractorFollow = LongTractorFollow.LISTED) -> tuple[Format, ...]:
    """The rungs for following a lead of format ``lead``, best first (the last is all singles)."""
    units: list[Shape] = []
    for w, ln in lead:
        units.extend([(w, ln)] if follow_tractor or ln == 1 else [(w, 1)] * ln)
    listed = long_follow is LongTractorFollow.LISTED
    formats: set[Format] = {()}
    for unit in units:
        formats = {sort_format(a + b) for a in formats for b in _unit_degradations(unit, listed)}
    base = sort_format(units)
    return tuple(sorted(formats, key=lambda f: _format_key(f, base, variant), reverse=True))


def ladder_for(parts: Sequence[Combo], rules: Rules) -> tuple[Format, ...]:
    """The ladder for following the lead made of ``parts`` under ``rules``."""
    return ladder(format_of(parts), rules.follow_tractor_with_tractor, rules.triple_follow, rules.long_tractor_follow)
