"""The bots: ``heuristic`` (the default) and ``random``, as :class:`engine.contract.Bot` values.

``random`` picks uniformly among the legal plays and (when allowed) the pass. ``heuristic`` plays like a
careful beginner: it goes out when it can; on a lead it sheds its lowest card in the largest combination
that does not spend 2s or break a bomb; on a follow it beats with the cheapest play of the same shape
(saving 2s unless an opponent is about to go out or its own hand is nearly empty), chops 2s whenever it
can, and otherwise passes. Both choose on card masks (:func:`random_mask`, :func:`heuristic_mask`).

They are the coach's play-outs, so they never list every legal move: ``random`` counts the plays of each span
(a rank's sets, a run's suit choices) and builds only the one it drew; ``heuristic`` builds only the plays it
weighs (on a lead, those holding its lowest card; on a follow, those of the table's shape, and the bombs only on
2s). Both choose exactly what choosing from the full list of :func:`engine.thirteen.state.moves` would (the tests
compare them with that list on thousands of positions).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from engine.base import PASS
from engine.contract import Bot
from engine.i18n import N_
from engine.thirteen.combos import PAIRS, POP, SINGLES, TRIPLES, Kind, beats_key, chop_answers, kind_of_mask
from engine.thirteen.order import TWO_RANK, TWOS_MASK
from engine.thirteen.play import Play, of_shape, rank_groups
from engine.thirteen.state import Action, State, moves

__all__ = ["BOTS", "heuristic_bot", "heuristic_mask", "random_bot", "random_mask"]

_PASS_MASK = 0
_BOMBS = (Kind.QUAD, Kind.DOUBLE_SEQUENCE)
_SET_TABLES = {Kind.SINGLE: SINGLES, Kind.PAIR: PAIRS, Kind.TRIPLE: TRIPLES}

_QUADS: tuple[tuple[int, ...], ...] = tuple((15,) if g == 15 else () for g in range(16))


class _Span(NamedTuple):
    """Plays as a product over the rank groups ``first`` … ``last`` of ``table`` choices (the first rank the most
    significant), counted without being built: at ``last``, only the choices whose top card is above ``above``
    (when ``last`` is that card's rank); at ``first``, only those holding ``must`` (a 4-bit group mask, 0: any)."""

    first: int
    last: int
    table: tuple[tuple[int, ...], ...]
    above: int = -1
    must: int = 0


def _choices(span: _Span, groups: list[int], r: int) -> Sequence[int]:
    choices: Sequence[int] = span.table[groups[r]]
    if r == span.last and span.above >= 0 and r == span.above >> 2:
        choices = [c for c in choices if (c << (4 * r)).bit_length() - 1 > span.above]
    if r == span.first and span.must:
        choices = [c for c in choices if c & span.must]
    return choices


def _size(span: _Span, groups: list[int]) -> int:
    size = 1
    for r in range(span.first, span.last + 1):
        size *= len(_choices(span, groups, r))
    return size


def _decode(span: _Span, groups: list[int], k: int) -> int:
    mask = 0
    for r in range(span.last, span.first - 1, -1):
        choices = _choices(span, groups, r)
        k, i = divmod(k, len(choices))
        mask |= choices[i] << (4 * r)
    return mask


def _set_spans(groups: list[int], table: tuple[tuple[int, ...], ...], above: int, out: list[_Span]) -> None:
    for r in range(max(0, above >> 2) if above >= 0 else 0, 13):
        if table[groups[r]]:
            out.append(_Span(r, r, table, above))


def _quad_spans(groups: list[int], above: int, out: list[_Span]) -> None:
    for r in range(13):
        if groups[r] == 15 and 4 * r + 3 > above:
            out.append(_Span(r, r, _QUADS))


def _run_spans(groups: list[int], table: tuple[tuple[int, ...], ...], min_len: int, exact: int, above: int,
               end: int, out: list[_Span]) -> None:
    """The runs of :func:`engine.thirteen.play._runs`, in its order, as spans."""
    top_rank_min = above >> 2 if above >= 0 else -1
    present = [bool(table[g]) for g in groups[:end]]
    for start in range(end):
        if exact and start + exact > end:
            break
        if not present[start] or (exact and start + exact - 1 < top_rank_min):
            continue
        for r in range(start + 1, end):
            if not present[r]:
                break
            length = r - start + 1
            if exact:
                if length == exact:
                    out.append(_Span(start, r, table, above))
                    break
                continue
            if length >= min_len:
                out.append(_Span(start, r, table))


def _shape_spans(groups: list[int], kind: int, n: int, above: int, twos: bool, out: list[_Span]) -> None:
    if kind <= Kind.TRIPLE:
        _set_spans(groups, _SET_TABLES[Kind(kind)], above, out)
    elif kind == Kind.QUAD:
        _quad_spans(groups, above, out)
    elif kind == Kind.SEQUENCE:
        _run_spans(groups, SINGLES, 3, n, above, TWO_RANK, out)
    else:
        _run_spans(groups, PAIRS, 3, n // 2, above, TWO_RANK + 1 if twos else TWO_RANK, out)


def _spans(state: State, groups: list[int]) -> list[_Span] | None:
    """The legal plays of the seat to act as spans, in the order of :func:`engine.thirteen.state.moves` (None
    when a first lead must contain a card other than the hand's lowest: then the plain list is used)."""
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat]
    rules = state.rules
    twos = rules.twos_in_double_sequences
    out: list[_Span] = []
    table = state.table
    if not table:
        if state.must and state.must != hand & -hand:
            return None
        _set_spans(groups, SINGLES, -1, out)
        _set_spans(groups, PAIRS, -1, out)
        _set_spans(groups, TRIPLES, -1, out)
        _quad_spans(groups, -1, out)
        _run_spans(groups, SINGLES, 3, 0, -1, TWO_RANK, out)
        _run_spans(groups, PAIRS, 3, 0, -1, TWO_RANK + 1 if twos else TWO_RANK, out)
        if state.must:
            # every play must hold the lowest card, so only the spans from its rank, narrowed to hold it
            low_rank = (state.must.bit_length() - 1) >> 2
            bit = state.must >> (4 * low_rank)
            out = [s._replace(must=bit) for s in out if s.first == low_rank]
        return out
    t_kind, t_n, t_top = state.table_kind, table.bit_count(), table.bit_length() - 1
    if state.locked >> seat & 1:
        if not rules.chop_after_pass or (t_top >> 2 != TWO_RANK and t_kind not in _BOMBS):
            return out
    if not state.locked >> seat & 1 or t_kind in _BOMBS:
        _shape_spans(groups, t_kind, t_n, t_top, twos, out)
    for kind, n in chop_answers(t_kind, t_n, t_top, rules.bomb_ladder):
        _shape_spans(groups, kind, n, -1, twos, out)
    return out


def random_mask(state: State, rng: random.Random) -> int:
    """A uniformly random legal action of the seat to act: a play's mask, or 0 for a pass — the same one that
    ``options[int(rng.random() * len(options))]`` picks from the full list of plays (then the pass)."""
    seat = state.turn
    assert seat is not None
    groups = rank_groups(state.hands[seat])
    spans = _spans(state, groups)
    if spans is None:
        options = [m for _, ms, _ in moves(state) for m in ms] + ([_PASS_MASK] if state.table else [])
        return options[int(rng.random() * len(options))]
    sizes = [_size(s, groups) for s in spans]
    k = int(rng.random() * (sum(sizes) + (1 if state.table else 0)))
    for span, size in zip(spans, sizes, strict=True):
        if k < size:
            return _decode(span, groups, k)
        k -= size
    return _PASS_MASK


# ------------------------------------------------------------------------------------------------ heuristic


def _broken(hand: int, mask: int) -> int:
    """How many rank groups of ``hand`` the play splits (takes some but not all of the group's cards); splitting a
    four of a kind counts four."""
    broken = 0
    m = mask
    while m:
        r = ((m & -m).bit_length() - 1) >> 2
        group = (hand >> (4 * r)) & 15
        taken = (mask >> (4 * r)) & 15
        if taken != group:
            broken += 1 + (POP[group] == 4) * 3
        m &= ~(15 << (4 * r))
    return broken


def _runs_through(groups: list[int], table: tuple[tuple[int, ...], ...], rank: int, fixed: int, end: int) -> list[int]:
    """Every run (three ranks or more, below rank group ``end``) of ``table`` choices that holds the rank group
    ``rank`` with exactly the choice ``fixed`` there (a 4-bit group mask)."""
    if rank >= end:
        return []
    lowest = rank
    while lowest > 0 and table[groups[lowest - 1]]:
        lowest -= 1
    highest = rank
    while highest + 1 < end and table[groups[highest + 1]]:
        highest += 1
    if highest - lowest < 2:
        return []
    choices = {r: [c << (4 * r) for c in table[groups[r]]] for r in range(lowest, highest + 1)}
    choices[rank] = [fixed << (4 * rank)]
    out: list[int] = []
    for start in range(lowest, rank + 1):
        partial = [0]
        for r in range(start, highest + 1):
            partial = [p | c for p in partial for c in choices[r]]
            if r >= rank and r - start >= 2:
                out.extend(partial)
    return out


def _lead_plays(hand: int, low: int, twos: bool) -> list[int]:
    """Every combination of ``hand`` that holds the card ``low`` (its legal leads holding that card)."""
    groups = rank_groups(hand)
    rank = (low.bit_length() - 1) >> 2
    bit = low >> (4 * rank)
    g = groups[rank]
    shift = 4 * rank
    out = [low]
    out += [s << shift for s in PAIRS[g] if s & bit]
    out += [s << shift for s in TRIPLES[g] if s & bit]
    if g == 15:
        out.append(15 << shift)
    if rank < TWO_RANK:
        out += _runs_through(groups, SINGLES, rank, bit, TWO_RANK)
    end = TWO_RANK + 1 if twos else TWO_RANK
    for pair in PAIRS[g]:
        if pair & bit:
            out += _runs_through(groups, PAIRS, rank, pair, end)
    return out


def heuristic_mask(state: State, rng: random.Random) -> int:
    """A simple greedy player's choice (see the module docstring): a play's mask, or 0 for a pass."""
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat]
    rules = state.rules
    twos = rules.twos_in_double_sequences
    table = state.table
    if not table:
        if kind_of_mask(hand, twos) is not None:
            return hand
        danger = _danger(state, seat)
        low = state.must or (hand & -hand)
        candidates = _lead_plays(hand, low, twos)

        def lead_cost(m: int) -> tuple[int, int, int]:
            spent = (m & TWOS_MASK).bit_count()
            single_risk = 1 if danger and m.bit_count() == 1 else 0
            return (spent * 10 + _broken(hand, m) * 2 + single_risk * 5 - m.bit_count(), m.bit_length(), m)

        return min(candidates, key=lead_cost)
    t_kind, t_n, t_top = state.table_kind, table.bit_count(), table.bit_length() - 1
    locked = bool(state.locked >> seat & 1)
    if locked and (not rules.chop_after_pass or (t_top >> 2 != TWO_RANK and t_kind not in _BOMBS)):
        return _PASS_MASK
    kind = kind_of_mask(hand, twos)
    if kind is not None and (not locked or kind in _BOMBS) and beats_key(kind, hand, t_kind, table,
                                                                           rules.bomb_ladder):
        return hand
    groups = rank_groups(hand)
    if t_top >> 2 == TWO_RANK:
        chops_two: list[int] = []
        for k, n in chop_answers(t_kind, t_n, t_top, rules.bomb_ladder):
            chops_two += of_shape(groups, k, n, -1, twos)
        if chops_two:
            return min(chops_two, key=lambda m: (m.bit_count(), m.bit_length()))
    if locked and t_kind not in _BOMBS:
        return _PASS_MASK
    same = of_shape(groups, t_kind, t_n, t_top, twos)
    if not same:
        return _PASS_MASK
    spend_ok = _danger(state, seat) or hand.bit_count() <= 4

    def follow_cost(m: int) -> tuple[int, int]:
        return ((m & TWOS_MASK).bit_count() * 20 + _broken(hand, m) * 3, m.bit_length())

    best = min(same, key=follow_cost)
    if (best & TWOS_MASK) and not spend_ok:
        return _PASS_MASK
    if _broken(hand, best) >= 4 and not spend_ok:
        return _PASS_MASK
    return best


def _danger(state: State, seat: int) -> bool:
    """Whether an opponent still in holds two cards or fewer."""
    return any(0 < h.bit_count() <= 2 for s, h in enumerate(state.hands) if s != seat)


def _action(mask: int) -> Action:
    return PASS if mask == _PASS_MASK else Play(mask)


def random_bot(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return _action(random_mask(state, rng))


def heuristic_bot(state: State, rng: random.Random) -> Action:
    """The heuristic player's action (see the module docstring)."""
    return _action(heuristic_mask(state, rng))


BOTS: dict[str, Bot[State, Action]] = {
    "heuristic": Bot("heuristic", N_("sheds low cards in big combinations, saves 2s, chops 2s, passes when beating "
                                     "costs too much"), heuristic_bot),
    "random": Bot("random", N_("picks uniformly among its legal plays and the pass"), random_bot),
}
