"""Legal-play generation on rank counts: every distinct combination a hand can play, grouped by kind (the
engine behind :func:`engine.doudizhu.play.legal_plays`).

Plays are distinct by construction: a combination is fixed by its kind, its chain (or main rank) and
the ranks of its kickers, and each of those is enumerated once. Combinations without kickers are the
prebuilt values of :mod:`engine.doudizhu.combos`; those with kickers are built once and cached.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, combinations_with_replacement

from engine.doudizhu.combos import (
    BOMBS,
    CHAIN_MIN,
    CHAINS,
    PAIRS,
    ROCKETS,
    SINGLES,
    TRIPLETS,
    Combo,
    Kind,
    with_kickers,
)
from engine.doudizhu.order import ACE, BJ, RJ, TWO, N
from engine.doudizhu.rules import Rules

Groups = dict[Kind, list[Combo]]
Follow = Callable[[Sequence[int], Rules, int, int], list[Combo]]


def generate(hand: Sequence[int], rules: Rules, table: Combo | None) -> Groups:
    """Every legal play of ``hand`` (rank counts) on ``table`` (None: a lead), grouped by kind.

    The groups are in :class:`Kind` order and only non-empty groups are present.
    """
    out: Groups = {}
    if table is None:
        _lead(hand, rules, out)
        return out
    kind = table.kind
    if kind is Kind.ROCKET:
        return out
    if kind is not Kind.BOMB:
        plays = _FOLLOW[kind](hand, rules, table.rank, table.length)
        if plays:
            out[kind] = plays
        bombs = _bombs(hand, rules, None)
    else:
        bombs = _bombs(hand, rules, table)
    if bombs:
        out[Kind.BOMB] = bombs
    rocket = _rocket(hand, rules)
    if rocket is not None:
        out[Kind.ROCKET] = [rocket]
    return out


def _lead(h: Sequence[int], rules: Rules, out: Groups) -> None:
    four = rules.four
    _put(out, Kind.SINGLE, _singles(h, rules, -1, 1))
    _put(out, Kind.PAIR, _pairs(h, rules, -1, 1))
    _put(out, Kind.TRIPLET, _triplets(h, rules, -1, 1))
    if not four:
        _put(out, Kind.TRIPLET_SINGLE, _triplet_singles(h, rules, -1, 1))
    _put(out, Kind.TRIPLET_PAIR, _triplet_pairs(h, rules, -1, 1))
    _put(out, Kind.SEQUENCE, _chains(h, Kind.SEQUENCE, -1, 0 if rules.long_sequences else CHAIN_MIN[Kind.SEQUENCE]))
    _put(out, Kind.PAIR_SEQUENCE, _chains(h, Kind.PAIR_SEQUENCE, -1, 0))
    _put(out, Kind.AIRPLANE, _chains(h, Kind.AIRPLANE, -1, 0))
    if not four:
        _put(out, Kind.AIRPLANE_SINGLES, _airplane_singles(h, rules, -1, 0))
    _put(out, Kind.AIRPLANE_PAIRS, _airplane_pairs(h, rules, -1, 0))
    _put(out, Kind.BOMB, _bombs(h, rules, None))
    rocket = _rocket(h, rules)
    if rocket is not None:
        out[Kind.ROCKET] = [rocket]
    if rules.quadplex and not four:
        _put(out, Kind.QUADPLEX_SINGLES, _quadplex_singles(h, rules, -1, 1))
        _put(out, Kind.QUADPLEX_PAIRS, _quadplex_pairs(h, rules, -1, 1))


def _put(out: Groups, kind: Kind, plays: list[Combo]) -> None:
    if plays:
        out[kind] = plays


def _singles(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    return [SINGLES[r] for r in range(above + 1, N) if h[r]]


def _pairs(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    top = N if rules.joker_pair else TWO + 1
    return [PAIRS[r] for r in range(above + 1, top) if h[r] >= 2]


def _triplets(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    return [TRIPLETS[r] for r in range(above + 1, TWO + 1) if h[r] >= 3]


def _triplet_singles(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    out = []
    for t in range(above + 1, TWO + 1):
        if h[t] >= 3:
            for k in range(N):
                if h[k] and k != t:
                    out.append(with_kickers(Kind.TRIPLET_SINGLE, t, 1, (k,)))
    return out


def _triplet_pairs(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    out = []
    top = N if rules.joker_pair else TWO + 1
    for t in range(above + 1, TWO + 1):
        if h[t] >= 3:
            for k in range(top):
                if h[k] >= 2 and k != t:
                    out.append(with_kickers(Kind.TRIPLET_PAIR, t, 1, (k,)))
    return out


def _runs(h: Sequence[int], unit: int) -> list[int]:
    """``runs[e]``: how many consecutive ranks up to ``e`` (3 … A) the hand holds ``unit`` times or more."""
    runs = []
    run = 0
    for e in range(ACE + 1):
        run = run + 1 if h[e] >= unit else 0
        runs.append(run)
    return runs


def _chains(h: Sequence[int], kind: Kind, above: int, length: int) -> list[Combo]:
    """Chains of ``kind`` with a top rank above ``above``; of exactly ``length`` ranks, or any (0)."""
    runs = _runs(h, kind.chain_unit)
    if length:
        return [CHAINS[(kind, e - length + 1, length)] for e in range(max(above + 1, length - 1), ACE + 1)
                if runs[e] >= length]
    longest = max(runs)
    return [CHAINS[(kind, e - n + 1, n)] for n in range(CHAIN_MIN[kind], longest + 1)
            for e in range(n - 1, ACE + 1) if runs[e] >= n]


def _follow_chain(kind: Kind) -> Follow:
    def follow(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
        return _chains(h, kind, above, length)

    return follow


def _triplet_chains(h: Sequence[int], above: int, length: int, per_triplet: int) -> list[tuple[int, int]]:
    """(start, length) of airplanes (two or more consecutive triplets) whose kickers fit in the hand."""
    total = sum(h)
    runs = _runs(h, 3)
    if length:
        lengths = [length]
    else:
        lengths = list(range(2, min(max(runs), total // per_triplet) + 1))
    return [(e - n + 1, n) for n in lengths for e in range(max(above + 1, n - 1), ACE + 1) if runs[e] >= n]


def _airplane_singles(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    out = []
    distinct = rules.distinct_kickers
    both = rules.jokers_as_kickers
    for start, n in _triplet_chains(h, above, length, 4):
        end = start + n - 1
        candidates = [r for r in range(N) if h[r] and not start <= r <= end]
        picks: Iterator[tuple[int, ...]]
        if distinct:
            picks = combinations(candidates, n)
        else:
            picks = (p for p in combinations_with_replacement(candidates, n) if _fits(p, h))
        for kick in picks:
            if not both and BJ in kick and RJ in kick:
                continue
            # With repeated kickers 345+666 is also 456+333; keep the higher reading only.
            if not distinct and end < ACE and kick.count(end + 1) == 3:
                continue
            out.append(with_kickers(Kind.AIRPLANE_SINGLES, end, n, kick))
    return out


def _fits(kick: tuple[int, ...], h: Sequence[int]) -> bool:
    """Whether the hand holds the repeated kickers ``kick`` and they make no bomb."""
    last, run = -1, 0
    for r in kick:
        run = run + 1 if r == last else 1
        last = r
        if run > h[r] or run > 3:
            return False
    return True


def _airplane_pairs(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    out = []
    top = N if rules.four else TWO + 1
    both = rules.jokers_as_kickers
    for start, n in _triplet_chains(h, above, length, 5):
        end = start + n - 1
        candidates = [r for r in range(top) if h[r] >= 2 and not start <= r <= end]
        for kick in combinations(candidates, n):
            if not both and BJ in kick and RJ in kick:
                continue
            out.append(with_kickers(Kind.AIRPLANE_PAIRS, end, n, kick))
    return out


def _bombs(h: Sequence[int], rules: Rules, above: Combo | None) -> list[Combo]:
    if not rules.four:
        low = above.rank + 1 if above is not None else 0
        return [BOMBS[(r, 4)] for r in range(low, TWO + 1) if h[r] == 4]
    out = []
    floor = (above.length, above.rank) if above is not None else (0, -1)
    for r in range(TWO + 1):
        for n in range(4, h[r] + 1):
            if (n, r) > floor:
                out.append(BOMBS[(r, n)])
    if above is not None:
        out.sort(key=lambda c: (c.length, c.rank))
    return out


def _rocket(h: Sequence[int], rules: Rules) -> Combo | None:
    jokers = rules.joker_copies
    return ROCKETS[rules.players] if h[BJ] >= jokers and h[RJ] >= jokers else None


def _quadplex_singles(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    out = []
    for q in range(above + 1, TWO + 1):
        if h[q] == 4:
            candidates = [r for r in range(N) if h[r] and r != q]
            for kick in combinations(candidates, 2):
                if kick == (BJ, RJ) and not rules.jokers_as_kickers:
                    continue
                out.append(with_kickers(Kind.QUADPLEX_SINGLES, q, 1, kick))
            if not rules.distinct_kickers:
                out.extend(with_kickers(Kind.QUADPLEX_SINGLES, q, 1, (r, r)) for r in candidates if h[r] >= 2)
    return out


def _quadplex_pairs(h: Sequence[int], rules: Rules, above: int, length: int) -> list[Combo]:
    out: list[Combo] = []
    for q in range(above + 1, TWO + 1):
        if h[q] == 4:
            candidates = [r for r in range(TWO + 1) if h[r] >= 2 and r != q]
            out.extend(with_kickers(Kind.QUADPLEX_PAIRS, q, 1, kick) for kick in combinations(candidates, 2))
    return out


def lead_from(h: Sequence[int], rules: Rules, s: int) -> list[Combo]:
    """The lead plays whose main part starts at rank ``s`` (singles, pairs, triplets with or without kickers,
    chains and airplanes; no bombs, rocket or quadplex), in the order :func:`generate` lists them."""
    out: list[Combo] = []
    n = h[s]
    four = rules.four
    out.append(SINGLES[s])
    if n >= 2 and s < (N if rules.joker_pair else TWO + 1):
        out.append(PAIRS[s])
    if n < 3 or s > TWO:
        return out + (_chains_from(h, rules, s) if s <= ACE else [])
    out.append(TRIPLETS[s])
    if not four:
        out.extend(with_kickers(Kind.TRIPLET_SINGLE, s, 1, (k,)) for k in range(N) if h[k] and k != s)
    top = N if rules.joker_pair else TWO + 1
    out.extend(with_kickers(Kind.TRIPLET_PAIR, s, 1, (k,)) for k in range(top) if h[k] >= 2 and k != s)
    if s > ACE:
        return out
    out.extend(_chains_from(h, rules, s))
    if not four:
        out.extend(c for c in _airplane_singles(h, rules, s - 1, 0) if c.start == s)
    out.extend(c for c in _airplane_pairs(h, rules, s - 1, 0) if c.start == s)
    return out


def _chains_from(h: Sequence[int], rules: Rules, s: int) -> list[Combo]:
    """Sequences, pair sequences and airplanes (without kickers) starting at ``s``, in lead order."""
    out: list[Combo] = []
    for kind in (Kind.SEQUENCE, Kind.PAIR_SEQUENCE, Kind.AIRPLANE):
        unit = kind.chain_unit
        run = 0
        while s + run <= ACE and h[s + run] >= unit:
            run += 1
        low = CHAIN_MIN[kind]
        high = run if kind is not Kind.SEQUENCE or rules.long_sequences else min(run, low)
        out.extend(CHAINS[(kind, s, length)] for length in range(low, high + 1))
    return out


_FOLLOW: dict[Kind, Follow] = {
    Kind.SINGLE: _singles,
    Kind.PAIR: _pairs,
    Kind.TRIPLET: _triplets,
    Kind.TRIPLET_SINGLE: _triplet_singles,
    Kind.TRIPLET_PAIR: _triplet_pairs,
    Kind.SEQUENCE: _follow_chain(Kind.SEQUENCE),
    Kind.PAIR_SEQUENCE: _follow_chain(Kind.PAIR_SEQUENCE),
    Kind.AIRPLANE: _follow_chain(Kind.AIRPLANE),
    Kind.AIRPLANE_SINGLES: _airplane_singles,
    Kind.AIRPLANE_PAIRS: _airplane_pairs,
    Kind.QUADPLEX_SINGLES: _quadplex_singles,
    Kind.QUADPLEX_PAIRS: _quadplex_pairs,
}
