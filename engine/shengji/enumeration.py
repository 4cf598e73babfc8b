"""Listing and counting distinct plays from counts of identical cards, never from raw sub-multisets.

A play is a multiset of cards; two plays with the same cards are one play (two decks hold two 10♠, and
"this 10♠ or that one" is no choice). Everything here works on (card, copies) lists:

- :func:`submultisets` lists every distinct ``k``-card sub-multiset; :func:`count_submultisets` counts them
  without listing (the coefficient of x^k in ∏ (1 + x + … + x^copies)).
- :func:`plays_for_format` lists the ``n``-card plays of a holding that meet a ladder rung (its units placed,
  the rest free); :func:`count_for_format` counts them by inclusion–exclusion over the unit placements, with a
  work budget (past it the count is a lower bound, and says so). A rung made of sets only (pairs, triples, not
  tractors) is counted exactly by :func:`count_sets_format` (a dynamic programme, no budget) and listed lazily
  by :func:`sets_plays`.
- :func:`lead_plays` / :func:`count_lead_plays`: every combination a leader may play, then every throw.
- :func:`windows`: a few plays that together use every card that is in any play (the cards a UI may offer).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations, combinations_with_replacement

from engine.cards import Card
from engine.shengji.combos import SINGLE, Format, Holding, Shape, classify, unit_choices
from engine.shengji.order import Group, Trump
from engine.shengji.rules import Rules

__all__ = [
    "COUNT_BUDGET",
    "count_for_format",
    "count_items",
    "count_lead_plays",
    "count_sets_format",
    "sets_plays",
    "count_submultisets",
    "lead_plays",
    "placements",
    "plays_for_format",
    "submultisets",
    "windows",
]

COUNT_BUDGET = 50_000
"""The most steps :func:`count_for_format` takes before it settles for a lower bound."""

Items = list[tuple[Card, int]]


def count_items(cards: Iterable[Card], trump: Trump) -> Items:
    """(card, copies) high to low."""
    tally = Counter(cards)
    return [(c, tally[c]) for c in sorted(tally, key=trump.key, reverse=True)]


# ------------------------------------------------------------------------------------------------ sub-multisets


def submultisets(items: Items, k: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of size ``k`` of ``items`` ((card, copies), in the order given), each once."""
    if k == 0:
        yield ()
        return
    total = sum(n for _, n in items)
    if k > total or k < 0:
        return
    top = max((n for _, n in items), default=0)
    if top <= 1:
        yield from combinations([c for c, _ in items], k)
        return
    yield from _submultisets_rec(items, k, top)


def _submultisets_rec(items: Items, k: int, mult: int) -> Iterator[tuple[Card, ...]]:
    """Choose the cards taken ``mult`` times (a combination), then recurse on the rest with ``mult - 1``."""
    if mult == 1:
        yield from combinations([c for c, _ in items], k)
        return
    eligible = [i for i, (_, n) in enumerate(items) if n >= mult]
    for j in range(min(len(eligible), k // mult), -1, -1):
        for chosen in combinations(eligible, j):
            picked = set(chosen)
            head = tuple(items[i][0] for i in chosen for _ in range(mult))
            rest = [(c, n) for i, (c, n) in enumerate(items) if i not in picked]
            remaining = k - j * mult
            if remaining > sum(min(n, mult - 1) for _, n in rest):
                continue
            capped = [(c, min(n, mult - 1)) for c, n in rest]
            if mult - 1 == 1:
                for tail in combinations([c for c, _ in capped], remaining):
                    yield head + tail
            else:
                for tail in _submultisets_rec(capped, remaining, mult - 1):
                    yield head + tail


def count_submultisets(copies: Iterable[int], k: int) -> int:
    """How many distinct ``k``-card sub-multisets a multiset with these ``copies`` of each card has."""
    if k < 0:
        return 0
    poly = [1] + [0] * k
    for c in copies:
        if c <= 0:
            continue
        # multiply by 1 + x + … + x^c, keeping degrees ≤ k (a sliding window sum)
        out = [0] * (k + 1)
        window = 0
        for d in range(k + 1):
            window += poly[d]
            if d - c - 1 >= 0:
                window -= poly[d - c - 1]
            out[d] = window
        poly = out
    return poly[k]


# ------------------------------------------------------------------------------------------------ following


def placements(holding: Holding, big: Sequence[Shape], index: Mapping[Card, int]) -> set[tuple[int, ...]]:
    """Every distinct use of cards (a count vector over ``index``) that places all units of ``big``."""
    rem = dict(holding.count)
    levels = holding.levels
    desc = holding.levels_desc
    long_units = sorted((s for s in big if s[1] >= 2), key=lambda s: (s[1], s[0]), reverse=True)
    sets = Counter(s for s in big if s[1] == 1)
    out: set[tuple[int, ...]] = set()
    used = [0] * len(index)

    def place_sets(kinds: list[tuple[Shape, int]]) -> None:
        if not kinds:
            out.add(tuple(used))
            return
        (width, _), k = kinds[0]
        cands = [c for lv in desc for c in levels[lv] if rem[c] >= width]
        for combo in combinations_with_replacement(cands, k):
            need = Counter(combo)
            if any(rem[c] < width * m for c, m in need.items()):
                continue
            for c, m in need.items():
                rem[c] -= width * m
                used[index[c]] += width * m
            place_sets(kinds[1:])
            for c, m in need.items():
                rem[c] += width * m
                used[index[c]] -= width * m

    def place(i: int, prev_top: int | None) -> None:
        if i == len(long_units):
            place_sets(sorted(sets.items(), reverse=True))
            return
        shape = long_units[i]
        width = shape[0]
        same_as_prev = i > 0 and long_units[i - 1] == shape
        for top, choice in unit_choices(holding, rem, shape, prev_top if same_as_prev else None):
            for c in choice:
                used[index[c]] += width
            place(i + 1, top)
            for c in choice:
                used[index[c]] -= width

    place(0, None)
    return out


def plays_for_format(holding: Holding, fmt: Format, n: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct ``n``-card sub-multiset of ``holding`` that meets ``fmt`` (from counts)."""
    items = [(c, holding.count[c]) for c in holding.cards_desc()]
    big = [s for s in fmt if s != SINGLE]
    if not big:
        yield from submultisets(items, n)
        return
    if all(length == 1 for _, length in big):
        yield from sets_plays(items, [w for w, _ in big], n)
        return
    index = {c: i for i, (c, _) in enumerate(items)}
    used_vectors = placements(holding, big, index)
    cards = [c for c, _ in items]
    if len(used_vectors) == 1:
        (used,) = used_vectors
        head = tuple(c for c, k in zip(cards, used, strict=True) for _ in range(k))
        rest = [(c, n0 - k) for (c, n0), k in zip(items, used, strict=True) if n0 - k > 0]
        for tail in submultisets(rest, n - len(head)):
            yield head + tail
        return
    seen: set[tuple[int, ...]] = set()
    for used in sorted(used_vectors, reverse=True):
        head = tuple(c for c, k in zip(cards, used, strict=True) for _ in range(k))
        rest = [(c, n0 - k) for (c, n0), k in zip(items, used, strict=True) if n0 - k > 0]
        for tail in submultisets(rest, n - len(head)):
            vec = list(used)
            for c in tail:
                vec[index[c]] += 1
            key = tuple(vec)
            if key in seen:
                continue
            seen.add(key)
            yield head + tail


def count_for_format(holding: Holding, fmt: Format, n: int, budget: int = COUNT_BUDGET) -> tuple[int, bool]:
    """(how many plays :func:`plays_for_format` lists, whether that is exact) without listing them.

    A play is legal when it contains one of the unit placements; the plays containing placement ``u`` are
    ``u`` plus any sub-multiset of the rest, and the plays containing several placements contain their
    elementwise maximum — so inclusion–exclusion over the placements counts the union exactly. Sets of
    placements that need more than ``n`` cards contribute nothing and are pruned. Past ``budget`` steps the
    plays are listed up to ``budget`` instead, and the count is a lower bound (``False``).
    """
    items = [(c, holding.count[c]) for c in holding.cards_desc()]
    copies = [k for _, k in items]
    big = [s for s in fmt if s != SINGLE]
    if not big:
        return count_submultisets(copies, n), True
    if all(length == 1 for _, length in big):
        return count_sets_format(copies, [w for w, _ in big], n), True
    index = {c: i for i, (c, _) in enumerate(items)}
    vectors = sorted(placements(holding, big, index), reverse=True)
    steps = 0

    def supersets(floor: tuple[int, ...]) -> int:
        return count_submultisets((h - f for h, f in zip(copies, floor, strict=True)), n - sum(floor))

    def walk(start: int, floor: tuple[int, ...], size: int) -> int:
        # sum over the non-empty extensions S of the chosen set by vectors[start:] of (-1)^(|S|+1)·count(max)
        nonlocal steps
        total = 0
        for i in range(start, len(vectors)):
            steps += 1
            if steps > budget:
                raise _OverBudget
            joined = tuple(max(a, b) for a, b in zip(floor, vectors[i], strict=True))
            if sum(joined) > n:
                continue
            total += supersets(joined) - walk(i + 1, joined, size + 1)
        return total

    try:
        return walk(0, (0,) * len(items), 0), True
    except _OverBudget:
        listed = 0
        for _ in plays_for_format(holding, fmt, n):
            listed += 1
            if listed >= budget:
                break
        return listed, listed < budget


def _hosts(m: int, widths: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way ``m`` identical cards can hold sets of the given widths (how many of each), the empty way first."""
    out: list[tuple[int, ...]] = [()]
    for w in widths:
        out = [v + (k,) for v in out for k in range((m - sum(a * b for a, b in zip(v, widths, strict=False))) // w + 1)]
    return out


def _maximal(vectors: Iterable[tuple[int, ...]]) -> frozenset[tuple[int, ...]]:
    """The vectors no other vector is at least as large as in every place (a frontier of what can be held)."""
    vs = set(vectors)
    return frozenset(v for v in vs if not any(u != v and all(a >= b for a, b in zip(u, v, strict=True)) for u in vs))


def count_sets_format(copies: Sequence[int], widths: Sequence[int], n: int) -> int:
    """How many distinct ``n``-card sub-multisets of a holding (``copies`` of each card) hold disjoint sets
    (pairs, triples, …) of the ``widths`` given — exactly, without listing and without any budget.

    A dynamic programme over the cards: the state is the cards taken so far and the frontier of how many sets of
    each width they can hold (capped at what is needed); a play is counted once, when its frontier reaches the need.
    """
    need_by = Counter(widths)
    kinds = tuple(sorted(need_by, reverse=True))
    need = tuple(need_by[w] for w in kinds)
    start = frozenset({(0,) * len(kinds)})
    states: dict[tuple[int, frozenset[tuple[int, ...]]], int] = {(0, start): 1}
    host_cache: dict[int, list[tuple[int, ...]]] = {}
    for c in copies:
        nxt: dict[tuple[int, frozenset[tuple[int, ...]]], int] = {}
        for (size, front), ways in states.items():
            for m in range(min(c, n - size) + 1):
                if m < 2:
                    key = (size + m, front)
                else:
                    hosts = host_cache.setdefault(m, _hosts(m, kinds))
                    key = (size + m, _maximal(tuple(min(a + b, q) for a, b, q in zip(v, h, need, strict=True))
                                              for v in front for h in hosts))
                nxt[key] = nxt.get(key, 0) + ways
        states = nxt
    return sum(ways for (size, front), ways in states.items() if size == n and need in front)


def sets_plays(items: Items, widths: Sequence[int], n: int, force: Card | None = None) -> Iterator[tuple[Card, ...]]:
    """Lazily, every distinct ``n``-card sub-multiset of ``items`` ((card, copies), high to low) that holds disjoint
    sets of the ``widths`` given, each once, in descending order of copies taken card by card (``force``: only the
    plays that contain that card). The same plays :func:`plays_for_format` lists for a format of sets, without
    first finding every placement of the sets.
    """
    need_by = Counter(widths)
    kinds = tuple(sorted(need_by, reverse=True))
    need = tuple(need_by[w] for w in kinds)
    copies = [k for _, k in items]
    # suffix capacities: the cards from i on, and how many sets of each width they could hold at most
    left = [0] * (len(items) + 1)
    cap = [[0] * len(kinds) for _ in range(len(items) + 1)]
    for i in range(len(items) - 1, -1, -1):
        left[i] = left[i + 1] + copies[i]
        cap[i] = [cap[i + 1][j] + copies[i] // w for j, w in enumerate(kinds)]
    host_cache: dict[int, list[tuple[int, ...]]] = {}
    taken = [0] * len(items)
    forced = next((i for i, (c, _) in enumerate(items) if c == force), None) if force is not None else None
    if force is not None and forced is None:
        return

    def reachable(front: frozenset[tuple[int, ...]], i: int, room: int) -> bool:
        for v in front:
            if sum(w * (q - a) for w, q, a in zip(kinds, need, v, strict=True)) > room:
                continue
            short = 0
            for j in range(len(kinds)):
                short += need[j] - v[j]
                if short > cap[i][j]:
                    break
            else:
                return True
        return False

    def walk(i: int, size: int, front: frozenset[tuple[int, ...]]) -> Iterator[tuple[Card, ...]]:
        if forced is not None and i > forced and not taken[forced]:
            return
        if size == n:
            if need in front and (forced is None or taken[forced]):
                yield tuple(c for (c, _), k in zip(items, taken, strict=True) for _ in range(k))
            return
        if i == len(items) or left[i] < n - size or not reachable(front, i, n - size):
            return
        low = 1 if i == forced else 0
        for m in range(min(copies[i], n - size), low - 1, -1):
            if m < 2:
                nxt = front
            else:
                hosts = host_cache.setdefault(m, _hosts(m, kinds))
                nxt = _maximal(tuple(min(a + b, q) for a, b, q in zip(v, h, need, strict=True))
                               for v in front for h in hosts)
            taken[i] = m
            yield from walk(i + 1, size + m, nxt)
        taken[i] = 0

    yield from walk(0, 0, frozenset({(0,) * len(kinds)}))


class _OverBudget(Exception):
    """Raised inside :func:`count_for_format` when exact counting would take too long."""


# ------------------------------------------------------------------------------------------------ leading


def _holdings(hand: Sequence[Card], trump: Trump) -> list[Holding]:
    order = (Group.TRUMP, *[g for g in Group if g is not Group.TRUMP])
    return [h for h in (Holding.of(hand, trump, g) for g in order) if h.total]


def _combination_units(holding: Holding, rules: Rules) -> Iterator[tuple[Card, ...]]:
    """Every combination of two or more cards in one group's holding: sets, then tractors."""
    for width in range(2, rules.max_width + 1):
        for unit in holding.units((width, 1)):
            yield tuple(c for c in unit for _ in range(width))
    for width in range(2, rules.max_width + 1):
        for length in range(2, len(holding.levels) + 1):
            units = holding.units((width, length))
            if not units:
                break
            for unit in units:
                yield tuple(c for c in unit for _ in range(width))


def lead_plays(hand: Sequence[Card], trump: Trump, rules: Rules) -> Iterator[tuple[Card, ...]]:
    """Every distinct lead: each group's single cards and sets, then every tractor, then (if allowed) every throw."""
    holdings = _holdings(hand, trump)
    for h in holdings:
        yield from ((c,) for c in h.cards_desc())
        for width in range(2, rules.max_width + 1):
            for unit in h.units((width, 1)):
                yield tuple(c for c in unit for _ in range(width))
    for width in range(2, rules.max_width + 1):
        for h in holdings:
            for length in range(2, len(h.levels) + 1):
                units = h.units((width, length))
                if not units:
                    break
                for unit in units:
                    yield tuple(c for c in unit for _ in range(width))
    if not rules.throws_allowed:
        return
    for h in holdings:
        items = [(c, h.count[c]) for c in h.cards_desc()]
        for size in range(2, h.total + 1):
            for play in submultisets(items, size):
                if classify(play, trump, rules) is None:
                    yield play


def count_lead_plays(hand: Sequence[Card], trump: Trump, rules: Rules) -> int:
    """How many plays :func:`lead_plays` lists, without listing the throws.

    In each group a throw is any sub-multiset of two or more cards that is not one combination, so the throws
    are all sub-multisets (∏ (copies + 1), less the empty one and the singles) less the combinations.
    """
    total = 0
    for h in _holdings(hand, trump):
        singles = len(h.count)
        combos = sum(1 for _ in _combination_units(h, rules))
        total += singles + combos
        if rules.throws_allowed:
            every = 1
            for k in h.count.values():
                every *= k + 1
            total += every - 1 - singles - combos
    return total


# ------------------------------------------------------------------------------------------------ covering


def windows(cards: Sequence[Card], size: int) -> list[tuple[Card, ...]]:
    """Consecutive runs of ``size`` cards that together contain every card (the last run ends the list)."""
    if size <= 0:
        return [()]
    if len(cards) < size:
        return []
    runs = [tuple(cards[i:i + size]) for i in range(0, len(cards) - size + 1, size)]
    if len(cards) % size:
        runs.append(tuple(cards[-size:]))
    return runs
