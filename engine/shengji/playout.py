"""The coach's play-outs on integer cards: the tricks of a hand played by the heuristic bot, an order of magnitude
faster than through :class:`~engine.shengji.state.State`, with the same decisions and the same score.

A sampled world (:func:`engine.shengji.game.ShengjiGame.determinize`) is a ``State`` marked ``playout``; once its
play phase begins, :meth:`~engine.shengji.game.ShengjiGame.apply_unchecked` turns it into a :class:`FastState`:
the cards are small integers (an index into the deck's distinct cards), the trump context is two lists (each
card's group and level), and the state is changed in place — only the play-out loop holds it. The rules are not
copied: the heuristic bot's choices are made by the same functions as :mod:`engine.shengji.bots` (``decompose``,
``satisfy``, ``build``, the ladder), which work on any card values through :class:`IntTrump`; who wins a trick is
:func:`winner`, the same comparison as :func:`engine.shengji.trick.trick_winner` without the words. The hand is
scored by :func:`engine.shengji.score.score_hand`. ``tests/shengji/test_playout.py`` checks on many seeded hands
that a fast play-out ends exactly where the ``State`` one does.

Only the play phase is fast (the draw, naming trump, the kitty exchange and a failed throw's choice stay on
``State``): that is where the coach's play-outs spend their time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from engine.cards import Card
from engine.shengji.combos import SINGLE, Format, Holding, Shape, build, decompose, format_of, group_of, satisfy
from engine.shengji.deal import deck_of
from engine.shengji.ladder import ladder_for
from engine.shengji.order import GROUPS, Group, Trump, points
from engine.shengji.rules import Rules
from engine.shengji.score import HandScore, score_hand, team_of
from engine.shengji.state import Phase, TrickRecord
from engine.shengji.trick import _failing_options, leading_shape, strength

if TYPE_CHECKING:
    from engine.shengji.state import State

__all__ = ["FastPlay", "FastState", "IntTrump", "context", "fork", "from_state", "heuristic", "lead", "play", "returns",
           "to_state", "winner"]

TRUMP = Group.TRUMP
_build: Any = build  # the bots' own builder, on integer cards (typed for cards)
Record = tuple[int, tuple[tuple[int, ...], ...], int, int, tuple[int, ...]]
"""A trick played out: (leader, plays from the leader, winner, points, the failed throw taken back)."""


@dataclass(frozen=True)
class IntTrump:
    """A trump context over integer cards: the same questions as :class:`~engine.shengji.order.Trump` (group,
    level, sort key) answered by list lookups. ``cards[i]`` is the card ``i`` stands for."""

    trump: Trump
    cards: tuple[Card, ...]
    index: dict[Card, int] = field(compare=False, repr=False)
    groups: tuple[Group, ...] = field(compare=False, repr=False)
    levels: tuple[int, ...] = field(compare=False, repr=False)
    keys: tuple[tuple[int, int], ...] = field(compare=False, repr=False)
    points: tuple[int, ...] = field(compare=False, repr=False)
    gidx: tuple[int, ...] = field(compare=False, repr=False, default=())
    """Each card's group as its index in :data:`~engine.shengji.order.GROUPS` (4: the trumps)."""
    desc: tuple[tuple[int, ...], ...] = field(compare=False, repr=False, default=())
    """Each group's cards (by group index), highest level first."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Leads decomposed and plays' strengths, by (cards, the widest set) — the same questions recur."""

    def group(self, card: int) -> Group:
        return self.groups[card]

    def level(self, card: int) -> int:
        return self.levels[card]

    def key(self, card: int) -> tuple[int, int]:
        return self.keys[card]

    def is_trump(self, card: int) -> bool:
        return self.groups[card] is TRUMP


@lru_cache(maxsize=64)
def context(trump: Trump, decks: int) -> IntTrump:
    """The integer trump context of ``trump`` (cards numbered in the deck's order of distinct cards)."""
    cards = tuple(deck_of(_rules_for(decks)).distinct())
    return IntTrump(trump, cards, {c: i for i, c in enumerate(cards)}, tuple(trump.group(c) for c in cards),
                    tuple(trump.level(c) for c in cards), tuple(trump.key(c) for c in cards),
                    tuple(points([c]) for c in cards), tuple(GROUPS.index(trump.group(c)) for c in cards),
                    tuple(tuple(sorted((i for i, c in enumerate(cards) if trump.group(c) is g),
                                       key=lambda i: -trump.level(cards[i]))) for g in GROUPS))


@lru_cache(maxsize=8)
def _rules_for(decks: int) -> Rules:
    return Rules(decks=decks)


@dataclass(frozen=True, slots=True)
class FastPlay:
    """The heuristic bot's play in a play-out: the cards as integers (a lead it knows stands)."""

    ids: tuple[int, ...]


@dataclass
class FastState:
    """A hand in its play phase, on integer cards, changed in place by :func:`play` (see the module docstring).

    ``base`` is the ``State`` it was made from (the rules, the levels, the starter, the deal); ``team_points`` and
    ``team_tricks`` count each team's tricks and the points in them (for the coach's reasons)."""

    base: State
    ctx: IntTrump
    hands: list[list[int]]
    to_act: int | None
    leader: int
    trick: list[tuple[int, ...]]
    played: list[int]
    buried: tuple[int, ...]
    trick_points: int
    penalty: int
    team_points: list[int]
    team_tricks: list[int]
    records: list[Record] = field(default_factory=list)
    attempted: tuple[int, ...] = ()
    score: HandScore | None = None
    lead_info: tuple[Group, int, Format, Shape] | None = None
    """The trick's lead: its group, number of parts, format and leading shape (None between tricks)."""
    best: int = 0
    """The play winning the trick so far (an index into ``trick``), its strength, and whether it is a trump play."""
    best_s: int = 0
    best_trumps: bool = False
    trick_pts: int = 0

    def copy(self) -> FastState:
        """An independent copy (the lists copied; the base state and the context shared)."""
        return FastState(self.base, self.ctx, [h[:] for h in self.hands], self.to_act, self.leader, self.trick[:],
                         self.played[:], self.buried, self.trick_points, self.penalty, self.team_points[:],
                         self.team_tricks[:], self.records[:], self.attempted, self.score, self.lead_info, self.best,
                         self.best_s, self.best_trumps, self.trick_pts)

    @property
    def rules(self) -> Rules:
        return self.base.rules

    @property
    def starter(self) -> int:
        assert self.base.starter is not None
        return self.base.starter

    @property
    def banker_team(self) -> int:
        return team_of(self.starter)


def from_state(state: State) -> FastState:
    """The fast form of a ``State`` in its play phase (its next decision a lead or a follow)."""
    assert state.trump is not None and state.starter is not None
    ctx = context(state.trump, state.rules.decks)
    ix = ctx.index
    played = [0] * len(ctx.cards)
    for card in state.played():
        played[ix[card]] += 1
    team_points, team_tricks = [0, 0], [0, 0]
    for record in state.tricks:
        team_points[team_of(record.winner)] += record.points
        team_tricks[team_of(record.winner)] += 1
    fast = FastState(state, ctx, [[ix[c] for c in h] for h in state.hands], state.to_act, state.leader, [], played,
                     tuple(ix[c] for c in state.buried), state.trick_points, state.penalty, team_points, team_tricks,
                     [], tuple(ix[c] for c in state.attempted))
    for play_ in state.trick:
        _add(fast, tuple(ix[c] for c in play_))
    return fast


_FORKS: dict[int, tuple[State, FastState]] = {}


def fork(state: State) -> FastState:
    """A fresh fast copy of ``state`` (converted once per sampled world: every option starts from a copy)."""
    found = _FORKS.get(id(state))
    if found is None or found[0] is not state:
        if len(_FORKS) > 64:
            _FORKS.clear()
        found = _FORKS[id(state)] = (state, from_state(state))
    return found[1].copy()


def to_state(fast: FastState) -> State:
    """The ``State`` that ``fast`` stands for (the base state's tricks, then the ones played out here)."""
    import dataclasses

    cards = fast.ctx.cards

    def back(play_: Sequence[int]) -> tuple[Card, ...]:
        return tuple(cards[i] for i in play_)

    base = fast.base
    records = tuple(TrickRecord(leader, tuple(back(p) for p in plays), won, pts, back(attempted))
                    for leader, plays, won, pts, attempted in fast.records)
    return dataclasses.replace(
        base, hands=tuple(back(h) for h in fast.hands), to_act=fast.to_act, leader=fast.leader,
        trick=tuple(back(p) for p in fast.trick), attempted=back(fast.attempted), tricks=base.tricks + records,
        trick_points=fast.trick_points, penalty=fast.penalty, score=fast.score,
        phase=Phase.DONE if fast.score is not None else Phase.PLAY, playout=False)


# ------------------------------------------------------------------------------------------------ the trick


def _lead_shape(lead: tuple[int, ...], ctx: IntTrump, rules: Rules) -> tuple[Group, int, Format, Shape, Any]:
    """The lead's group, number of parts, format and leading shape, and its parts (kept: leads repeat)."""
    key = (lead, rules.max_width)
    found = ctx.memo.get(key)
    if found is None:
        parts = decompose(cast(Any, lead), cast(Any, ctx), rules)
        group = group_of(cast(Any, lead), cast(Any, ctx))
        assert group is not None
        found = ctx.memo[key] = (group, len(parts), format_of(parts), leading_shape(parts), parts)
        if len(ctx.memo) > 50_000:
            ctx.memo.clear()
    return found


def _strength(play_: tuple[int, ...], fmt: Format, shape: Shape, ctx: IntTrump) -> int | None:
    key = (play_, fmt, shape)
    memo = ctx.memo
    if key in memo:
        return memo[key]  # type: ignore[no-any-return]
    found = memo[key] = strength(cast(Any, play_), fmt, shape, cast(Any, ctx))
    return found


def winner(plays: Sequence[tuple[int, ...]], ctx: IntTrump, rules: Rules) -> int:
    """The index of the winning play (0: the lead) — :func:`engine.shengji.trick.trick_winner`'s comparison."""
    lead = plays[0]
    it = cast(Any, ctx)
    if len(lead) == 1:  # single cards: strength is the level
        groups, levels = ctx.groups, ctx.levels
        group = groups[lead[0]]
        best, best_s, best_trumps = 0, levels[lead[0]], False
        for i in range(1, len(plays)):
            card = plays[i][0]
            g = groups[card]
            if g is group:
                if best_trumps and group is not TRUMP:
                    continue
                if levels[card] > best_s:
                    best, best_s = i, levels[card]
            elif g is TRUMP:
                if not best_trumps:
                    best, best_s, best_trumps = i, levels[card], True
                elif levels[card] > best_s:
                    best, best_s = i, levels[card]
        return best
    group, parts, fmt, shape, _ = _lead_shape(lead, ctx, rules)
    s0 = _strength(lead, fmt, shape, ctx)
    assert s0 is not None
    best, best_s, best_trumps = 0, s0, False
    for i in range(1, len(plays)):
        play_ = plays[i]
        found = group_of(cast(Any, play_), it)
        if found is group:
            if parts > 1:
                continue
            s = _strength(play_, fmt, shape, ctx)
            if s is None or (best_trumps and group is not TRUMP):
                continue
            if s > best_s:
                best, best_s = i, s
        elif found is TRUMP:
            s = _strength(play_, fmt, shape, ctx)
            if s is None:
                continue
            if not best_trumps:
                best, best_s, best_trumps = i, s, True
            elif s > best_s:
                best, best_s = i, s
    return best


def _challenge(fast: FastState, play_: tuple[int, ...]) -> tuple[int, bool] | None:
    """If ``play_``, played next, would win the trick so far: its strength and whether it is a trump play (the
    comparison of :func:`winner`, one play at a time); else None."""
    info = fast.lead_info
    assert info is not None
    group, parts, fmt, shape = info
    ctx = fast.ctx
    groups = ctx.groups
    if len(play_) == 1:
        card = play_[0]
        g = groups[card]
        s = ctx.levels[card]
        if g is group:
            if fast.best_trumps and group is not TRUMP:
                return None
            return (s, fast.best_trumps) if s > fast.best_s else None
        if g is TRUMP:
            if not fast.best_trumps or s > fast.best_s:
                return s, True
        return None
    first = groups[play_[0]]
    same = all(groups[c] is first for c in play_)
    if same and first is group:
        if parts > 1 or (fast.best_trumps and group is not TRUMP):
            return None
        found = _strength(play_, fmt, shape, ctx)
        return (found, fast.best_trumps) if found is not None and found > fast.best_s else None
    if same and first is TRUMP:
        found = _strength(play_, fmt, shape, ctx)
        if found is None:
            return None
        if not fast.best_trumps or found > fast.best_s:
            return found, True
    return None


def _add(fast: FastState, play_: tuple[int, ...]) -> None:
    """Put ``play_`` on the trick (the lead first), keeping who wins it so far and the points in it."""
    ctx = fast.ctx
    if not fast.trick:
        group, parts, fmt, shape, _ = _lead_shape(play_, ctx, fast.rules)
        fast.lead_info = (group, parts, fmt, shape)
        if len(play_) == 1:
            fast.best_s = ctx.levels[play_[0]]
        else:
            s0 = _strength(play_, fmt, shape, ctx)
            assert s0 is not None
            fast.best_s = s0
        fast.best, fast.best_trumps, fast.trick_pts = 0, False, 0
    else:
        taken = _challenge(fast, play_)
        if taken is not None:
            fast.best, (fast.best_s, fast.best_trumps) = len(fast.trick), taken
    fast.trick.append(play_)
    pts = ctx.points
    fast.trick_pts += sum(pts[c] for c in play_)


def _points(cards: Sequence[int], ctx: IntTrump) -> int:
    pts = ctx.points
    return sum(pts[c] for c in cards)


# ------------------------------------------------------------------------------------------------ the bot


def heuristic(fast: FastState) -> tuple[int, ...]:
    """The heuristic bot's play for the seat to act (the same choice as :func:`engine.shengji.bots.heuristic_bot`
    on the same hand)."""
    return _follow(fast) if fast.trick else _lead(fast)


def _holding(cards: Sequence[int], ctx: IntTrump, group: Group) -> Holding:
    """``Holding.of(cards, trump, group)`` on integer cards, built without ``Counter`` (the same fields, in the same
    insertion order)."""
    groups, lv_of = ctx.groups, ctx.levels
    count: dict[int, int] = {}
    for c in cards:
        if groups[c] is group:
            count[c] = count.get(c, 0) + 1
    levels: dict[int, list[int]] = {}
    for c in count:
        levels.setdefault(lv_of[c], []).append(c)
    holding = Holding.__new__(Holding)
    holding.count = count  # type: ignore[assignment]
    holding.trump = ctx  # type: ignore[assignment]
    holding.group = group
    frozen: Any = {lv: tuple(cs) for lv, cs in levels.items()}
    holding.levels = frozen
    holding.total = sum(count.values())
    holding._desc = tuple(sorted(levels, reverse=True))
    return holding


Part = tuple[int, int, int, tuple[int, ...]]
"""A combination on integer cards: (width, length, the level of its top row, its cards)."""


def _decompose(cards: Sequence[int], ctx: IntTrump, max_width: int) -> list[Part]:
    """:func:`engine.shengji.combos.decompose` on integer cards of one group, part for part in the same order."""
    lv_of = ctx.levels
    count: dict[int, int] = {}
    for c in cards:
        count[c] = count.get(c, 0) + 1
    levels: dict[int, list[int]] = {}
    for c in count:
        levels.setdefault(lv_of[c], []).append(c)
    desc = sorted(levels, reverse=True)
    rem = dict(count)
    parts: list[Part] = []

    def capable(lv: int, width: int) -> int | None:
        for c in levels.get(lv, ()):
            if rem[c] >= width:
                return c
        return None

    for width in range(max_width, 1, -1):
        while True:
            best: tuple[int, int] | None = None
            run_top, run_len = 0, 0
            for lv in range(desc[0], desc[-1] - 1, -1):
                if capable(lv, width) is not None:
                    if run_len == 0:
                        run_top = lv
                    run_len += 1
                    if run_len >= 2 and (best is None or run_len > best[0]):
                        best = (run_len, run_top)
                else:
                    run_len = 0
            if best is None:
                break
            length, top = best
            rows = []
            for lv in range(top, top - length, -1):
                card = capable(lv, width)
                assert card is not None
                rem[card] -= width
                rows.append(card)
            parts.append((width, length, lv_of[rows[0]], tuple(c for c in rows for _ in range(width))))
        for lv in desc:
            for c in levels[lv]:
                while rem[c] >= width:
                    rem[c] -= width
                    parts.append((width, 1, lv, (c,) * width))
    for lv in desc:
        for c in levels[lv]:
            for _ in range(rem[c]):
                parts.append((1, 1, lv, (c,)))
    return parts


def _lead(fast: FastState) -> tuple[int, ...]:
    seat = fast.to_act
    assert seat is not None
    ctx, rules = fast.ctx, fast.rules
    it: Any = ctx
    hand = fast.hands[seat]
    gidx, levels = ctx.gidx, ctx.levels
    width_max = rules.max_width
    decks = rules.decks
    played = fast.played
    held: dict[int, int] = {}
    mine: list[list[int]] = [[], [], [], [], []]
    for c in hand:
        held[c] = held.get(c, 0) + 1
        mine[gidx[c]].append(c)
    if seat == fast.starter:
        for c in fast.buried:
            held[c] = held.get(c, 0) + 1

    def unseen(c: int) -> int:
        return decks - played[c] - held.get(c, 0)

    winners: dict[int, list[Part]] = {}
    decomposed: dict[int, list[Part]] = {}
    memo = ctx.memo
    for g in range(5):
        cards = mine[g]
        if not cards:
            continue
        key = ("parts", tuple(cards), width_max)
        parts = memo.get(key)
        if parts is None:
            parts = memo[key] = _decompose(cards, ctx, width_max)
        decomposed[g] = parts
        tops: dict[int, int] = {}  # width → the highest unseen level with a set of that width
        out: Holding | None = None
        for part in parts:
            width, length, top, _ = part
            if length == 1:
                if width not in tops:
                    tops[width] = next((levels[c] for c in ctx.desc[g] if unseen(c) >= width), -1)
                beaten = tops[width] > top
            else:
                if out is None:
                    counts: Any = {}
                    for c in ctx.desc[g]:
                        n = unseen(c)
                        if n > 0:
                            counts[c] = n
                    out = Holding(counts, it, GROUPS[g])
                highest = out.best_top((width, length))
                beaten = highest is not None and highest > top
            if not beaten:
                winners.setdefault(g, []).append(part)
    plain = [g for g in winners if g != 4]
    if rules.throws_allowed:
        throws = [winners[g] for g in plain if len(winners[g]) >= 2]
        if throws:
            chosen = max(throws, key=lambda ps: sum(len(p[3]) for p in ps))
            return tuple(c for p in chosen for c in p[3])
    candidates = [p for g in plain for p in winners[g]] or winners.get(4, [])
    if candidates:
        return max(candidates, key=lambda p: (len(p[3]), p[2]))[3]
    pts = ctx.points
    present = [g for g in range(4) if mine[g]] or [4]
    longest = max(present, key=lambda g: len(mine[g]))
    return min(decomposed[longest], key=lambda p: (sum(pts[c] for c in p[3]) > 0, len(p[3]) == 1, p[2]))[3]


def _follow(fast: FastState) -> tuple[int, ...]:
    seat = fast.to_act
    assert seat is not None
    ctx, rules = fast.ctx, fast.rules
    hand = fast.hands[seat]
    trick = fast.trick
    lead = trick[0]
    n = len(lead)
    group, _, _, _, parts = _lead_shape(lead, ctx, rules)
    groups, levels, pts = ctx.groups, ctx.levels, ctx.points
    low_key = lambda c: (groups[c] is TRUMP, pts[c] > 0, levels[c])  # noqa: E731
    point_key = lambda c: (groups[c] is TRUMP, -pts[c], levels[c])  # noqa: E731
    partner_winning = (fast.leader + fast.best) % 4 % 2 == seat % 2
    last_to_play = len(trick) == 3
    trick_points = fast.trick_pts
    if n == 1:
        return _follow_single(fast, trick, group, partner_winning, last_to_play, trick_points)
    holding = _holding(hand, ctx, group)

    def wins(play_: tuple[int, ...]) -> bool:
        return _challenge(fast, play_) is not None

    if 0 < holding.total <= n:  # all of the suit
        must: tuple[int, ...] = tuple(holding.expanded())  # type: ignore[arg-type]
        rest = [c for c in hand if groups[c] is not group]
        key = point_key if partner_winning else low_key
        return must + tuple(sorted(rest, key=key)[: n - len(must)])
    if holding.total == 0:  # void
        if not partner_winning and (trick_points >= 10 or last_to_play and trick_points > 0):
            trumps = _holding(hand, ctx, TRUMP)
            shapes = tuple(p.shape for p in parts)
            if group is not TRUMP and trumps.total >= n and satisfy(trumps, shapes) is not None:
                up = tuple(reversed(trumps.levels_desc))
                for order in (up, trumps.levels_desc):
                    attempt: tuple[int, ...] = _build(trumps, shapes, n, order, lambda c: levels[c])
                    if wins(attempt):
                        return attempt
        key = point_key if partner_winning else low_key
        return tuple(sorted(hand, key=key)[:n])
    fmt = next(f for f in ladder_for(parts, rules) if satisfy(holding, f) is not None)
    up = tuple(reversed(holding.levels_desc))
    low: tuple[int, ...] = _build(holding, fmt, n, up, low_key)
    if partner_winning:
        if last_to_play or trick_points:
            return _build(holding, fmt, n, up, point_key)  # type: ignore[no-any-return]
        return low
    if fmt != (SINGLE,) * n or trick_points or last_to_play:
        high: tuple[int, ...] = _build(holding, fmt, n, holding.levels_desc, lambda c: -levels[c])
        for attempt in (low, high):
            if wins(attempt):
                return attempt
    return low


def _follow_single(fast: FastState, trick: list[tuple[int, ...]], group: Group, partner_winning: bool,
                   last_to_play: bool, trick_points: int) -> tuple[int, ...]:
    """:func:`_follow` for a single card led, without building holdings: the same choice (the first card of the
    hand among equals, as a stable sort of the hand gives it)."""
    seat = fast.to_act
    assert seat is not None
    ctx = fast.ctx
    hand = fast.hands[seat]
    groups, levels, pts = ctx.groups, ctx.levels, ctx.points
    mine = [c for c in hand if groups[c] is group]

    def lowest(cards: Sequence[int], key: Any) -> tuple[int, ...]:
        return (min(cards, key=key),)

    def wins(card: int) -> bool:
        return _challenge(fast, (card,)) is not None

    low_key = lambda c: (groups[c] is TRUMP, pts[c] > 0, levels[c])  # noqa: E731
    point_key = lambda c: (groups[c] is TRUMP, -pts[c], levels[c])  # noqa: E731
    if len(mine) == 1:
        return (mine[0],)
    if not mine:
        if not partner_winning and (trick_points >= 10 or last_to_play and trick_points > 0) and group is not TRUMP:
            trumps = [c for c in hand if groups[c] is TRUMP]
            if trumps:
                card = min(trumps, key=lambda c: levels[c])
                if wins(card):
                    return (card,)
        return lowest(hand, point_key if partner_winning else low_key)
    low = min(mine, key=low_key)
    if partner_winning:
        return lowest(mine, point_key) if last_to_play or trick_points else (low,)
    if trick_points or last_to_play:
        high = min(mine, key=lambda c: -levels[c])
        for card in (low, high):
            if wins(card):
                return (card,)
    return (low,)


# ------------------------------------------------------------------------------------------------ playing


def led_part(fast: FastState, cards: tuple[int, ...]) -> tuple[int, ...]:
    """What a lead of ``cards`` leads: the cards when they stand (one combination, or a throw no other hand beats),
    else the failing part the thrower must lead — the first of the failing parts when the next player chooses, as
    the heuristic bot chooses (:func:`engine.shengji.trick.judge_throw`'s parts and order)."""
    seat = fast.to_act
    assert seat is not None
    ctx, rules = fast.ctx, fast.rules
    group, parts, _, _, combos = _lead_shape(cards, ctx, rules)
    if parts <= 1:
        return cards
    holdings = [_holding(fast.hands[(seat + i) % 4], ctx, group) for i in (1, 2, 3)]
    failing = []
    for part in combos:
        for holding in holdings:
            top = holding.best_top(part.shape)
            if top is not None and top > part.top:
                failing.append(part)
                break
    if not failing:
        return cards
    return cast(tuple[int, ...], _failing_options(failing, rules)[0])


def lead(fast: FastState, cards: tuple[int, ...], stands: bool = False) -> FastState:
    """``fast`` after the seat to act leads ``cards``: a failed throw leads its part, with the penalty. ``stands``:
    the caller knows the lead stands (the heuristic bot throws only parts no unseen card beats)."""
    seat = fast.to_act
    assert seat is not None
    led = cards if stands else led_part(fast, cards)
    if len(led) != len(cards):
        back = len(cards) - len(led)
        amount = fast.rules.throw_penalty_per_card * back
        fast.penalty += -amount if team_of(seat) != fast.banker_team else amount
        fast.attempted = cards
    return play(fast, led)


def play(fast: FastState, cards: tuple[int, ...]) -> FastState:
    """``fast`` after the seat to act plays ``cards`` (a lead that stands, or a legal follow), changed in place."""
    seat = fast.to_act
    assert seat is not None
    hand = fast.hands[seat]
    played = fast.played
    for c in cards:
        hand.remove(c)
        played[c] += 1
    _add(fast, cards)
    if len(fast.trick) < 4:
        fast.to_act = (seat + 1) % 4
        return fast
    won = (fast.leader + fast.best) % 4
    pts = fast.trick_pts
    team = team_of(won)
    fast.team_points[team] += pts
    fast.team_tricks[team] += 1
    if team != fast.banker_team:
        fast.trick_points += pts
    fast.records.append((fast.leader, tuple(fast.trick), won, pts, fast.attempted))
    fast.attempted = ()
    fast.trick = []
    fast.lead_info = None
    fast.leader = fast.to_act = won
    if fast.hands[won]:
        return fast
    return _finish(fast)


def _finish(fast: FastState) -> FastState:
    ctx, rules = fast.ctx, fast.rules
    base = fast.base
    _, plays, won, _, _ = fast.records[-1]
    last_lead = plays[0]
    largest = max(len(p.cards) for p in decompose(cast(Any, last_lead), cast(Any, ctx), rules))
    fast.score = score_hand(rules, trick_points=fast.trick_points, kitty_points=_points(fast.buried, ctx),
                            last_trick_cards=len(last_lead), attackers_won_last=team_of(won) != fast.banker_team,
                            starter=fast.starter, levels=base.levels, penalty=fast.penalty, largest_combo=largest)
    fast.to_act = None
    return fast


def returns(fast: FastState) -> tuple[float, ...]:
    """Levels won by each seat's team (as :func:`engine.shengji.table.returns`)."""
    s = fast.score
    if s is None:
        return (0.0, 0.0, 0.0, 0.0)
    up = s.banker_team if s.change.bankers_keep else 1 - s.banker_team
    return tuple(float(s.change.levels if team_of(seat) == up else -s.change.levels) for seat in range(4))
