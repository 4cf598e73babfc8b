"""The coach's play-outs, fast: a game played to its end by the heuristic bot at every seat, in one tight loop.

:func:`finish` gives exactly the final state that applying :func:`engine.thirteen.bots.heuristic_mask` step by
step with :func:`engine.thirteen.state.apply_unchecked` gives (the tests compare them on thousands of games), but
keeps the hands in a list of card masks and builds one :class:`~engine.thirteen.state.State` at the end instead of
one per action. The heuristic does not use its random generator, so neither does this.
"""

from __future__ import annotations

from engine.thirteen.bots import _broken, _lead_plays, heuristic_mask
from engine.thirteen.combos import PAIRS, POP, TRIPLES, Kind, chops, kind_of_mask
from engine.thirteen.order import TWO_RANK, TWOS_MASK
from engine.thirteen.play import play_groups
from engine.thirteen.rules import Finish
from engine.thirteen.state import NO_KIND, State

__all__ = ["finish"]

_BOMBS = (Kind.QUAD, Kind.DOUBLE_SEQUENCE)
_SINGLE = int(Kind.SINGLE)
_TRIPLE = int(Kind.TRIPLE)


def _follow_single(hand: int, t_top: int, spend_ok: bool) -> int:
    """The heuristic's answer to a single that is not a 2 (no chop to consider): its last card if that beats the
    table, else its cheapest higher card, unless that spends a 2 or breaks a four of a kind too early."""
    if hand.bit_count() == 1:
        return hand if hand.bit_length() - 1 > t_top else 0
    best = best_broken = 0
    best_key = (1 << 30, 0)
    rest = hand >> (t_top + 1) << (t_top + 1)
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        group = (hand >> (i & ~3)) & 15
        broken = 0 if group == (1 << (i & 3)) else (4 if group == 15 else 1)
        key = ((20 if i >= 4 * TWO_RANK else 0) + broken * 3, i + 1)
        if key < best_key:
            best_key, best, best_broken = key, low, broken
    if not best:
        return 0
    if not spend_ok and (best & TWOS_MASK or best_broken >= 4):
        return 0
    return best


def _follow_set(hand: int, table: int, size: int, spend_ok: bool) -> int:
    """The heuristic's answer to a pair or three of a kind without a 2 (no chop to consider): the hand if it is a
    higher set of that size, else the cheapest higher set (the first of the cheapest, in the generators' order),
    unless that spends a 2 or breaks a four of a kind too early."""
    t_top = table.bit_length() - 1
    if hand.bit_count() == size and hand.bit_length() - 1 > t_top and kind_of_mask(hand) == size - 1:
        return hand
    choices = PAIRS if size == 2 else TRIPLES
    best = best_broken = 0
    best_key = (1 << 30, 0)
    for r in range(t_top >> 2, 13):
        group = (hand >> (4 * r)) & 15
        if POP[group] < size:
            continue
        shift = 4 * r
        pop = POP[group]
        broken = 0 if pop == size else (4 if pop == 4 else 1)
        cost = (20 * size if r == TWO_RANK else 0) + broken * 3
        for c in choices[group]:
            m = c << shift
            top = m.bit_length()
            if top - 1 <= t_top:
                continue
            key = (cost, top)
            if key < best_key:
                best_key, best, best_broken = key, m, broken
    if not best:
        return 0
    if not spend_ok and (best & TWOS_MASK or best_broken >= 4):
        return 0
    return best


def finish(state: State) -> State:
    """``state`` played to its end by the heuristic bot at every seat (the same final state as the step loop)."""
    if state.turn is None:
        return state
    rules = state.rules
    twos = rules.twos_in_double_sequences
    ladder = rules.bomb_ladder
    chop_after_pass = rules.chop_after_pass
    first_only = rules.finish is Finish.FIRST
    n = len(state.hands)
    hands = list(state.hands)
    turn: int = state.turn
    table, t_kind, last, locked = state.table, state.table_kind, state.last, state.locked
    finished = state.finished
    must = state.must
    trick = list(state.trick)
    plays, passes, tricks, chop_count = state.plays, state.passes, state.tricks, state.chops
    left = state.left_at_first_out
    for _ in range(4 * 52 * n):
        hand = hands[turn]
        # ------------------------------------------------------------------ the heuristic's choice
        if not table:
            if kind_of_mask(hand, twos) is not None:
                mask = hand
            else:
                danger = any(0 < hands[o].bit_count() <= 2 for o in range(n) if o != turn)
                low = must or (hand & -hand)

                def lead_cost(m: int, hand: int = hand, danger: bool = danger) -> tuple[int, int, int]:
                    count = m.bit_count()
                    return ((m & TWOS_MASK).bit_count() * 10 + _broken(hand, m) * 2
                            + (5 if danger and count == 1 else 0) - count, m.bit_length(), m)

                mask = min(_lead_plays(hand, low, twos), key=lead_cost)
        elif t_kind <= _TRIPLE and table < 1 << (4 * TWO_RANK) and not locked >> turn & 1:
            spend_ok = hand.bit_count() <= 4 or any(0 < hands[o].bit_count() <= 2 for o in range(n) if o != turn)
            if t_kind == _SINGLE:
                mask = _follow_single(hand, table.bit_length() - 1, spend_ok)
            else:
                mask = _follow_set(hand, table, t_kind + 1, spend_ok)
        else:
            mask = heuristic_mask(State(rules, state.dealt, tuple(hands), turn, table, t_kind, last, locked,
                                        finished, must), None)  # type: ignore[arg-type]
        # ------------------------------------------------------------------ the action
        seat = turn
        must = 0
        if mask == 0:
            locked |= 1 << seat
            trick.append((seat, 0))
            passes += 1
        else:
            kind = kind_of_mask(mask, twos)
            assert kind is not None
            if table and chops(kind, mask.bit_count(), t_kind, table.bit_count(), table.bit_length() - 1, ladder):
                chop_count += 1
            hands[seat] &= ~mask
            trick.append((seat, mask))
            plays += 1
            table, t_kind, last = mask, int(kind), seat
            if not hands[seat]:
                finished = finished + (seat,)
                if not left:
                    left = tuple(h.bit_count() for h in hands)
                still_in = sum(1 for h in hands if h)
                if first_only or still_in <= 1:
                    rest = sorted((s for s in range(n) if hands[s]),
                                  key=lambda s: (hands[s].bit_count(), (s - seat) % n))
                    return State(rules, state.dealt, tuple(hands), None, table, t_kind, seat, locked,
                                 finished + tuple(rest), 0, tuple(trick), state.leader, plays, passes, tricks + 1,
                                 chop_count, left, state.instant)
        # ------------------------------------------------------------------ whose turn next
        s = seat
        nxt = -1
        for _ in range(n):
            s = (s + 1) % n
            if s == last:
                break
            if not hands[s]:
                continue
            if locked >> s & 1:
                if not chop_after_pass or not any(
                        ms for _, ms, _ in play_groups(hands[s], table, t_kind, True, 0, rules)):
                    continue
            nxt = s
            break
        if nxt >= 0:
            turn = nxt
            continue
        leader = last
        while not hands[leader]:
            leader = (leader + 1) % n
        turn, table, t_kind, last, locked = leader, 0, NO_KIND, -1, 0
        trick = []
        tricks += 1
    raise RuntimeError("a Thirteen play-out did not end")  # pragma: no cover - every action sheds or passes
