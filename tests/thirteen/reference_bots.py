"""The bots as wave 1 wrote them — choosing from the full list of legal plays (engine.thirteen.state.moves) — kept
as the reference the fast bots of engine/thirteen/bots.py must agree with, decision for decision (tests), and as
the "before" of bench/bench_thirteen.py."""

from __future__ import annotations

import random

from engine.thirteen.combos import POP
from engine.thirteen.order import TWO_RANK, TWOS_MASK
from engine.thirteen.state import State, moves

__all__ = ["heuristic_mask", "random_mask"]

_PASS_MASK = 0


def random_mask(state: State, rng: random.Random) -> int:
    """A uniformly random legal action of the seat to act: a play's mask, or 0 for a pass."""
    options: list[int] = []
    for _, ms, _ in moves(state):
        options.extend(ms)
    if state.table:
        options.append(_PASS_MASK)
    return options[int(rng.random() * len(options))]


def _broken(hand: int, mask: int) -> int:
    """How many rank groups of ``hand`` the play splits (takes some but not all of the group's cards)."""
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


def heuristic_mask(state: State, rng: random.Random) -> int:
    """A simple greedy player's choice (see the module docstring): a play's mask, or 0 for a pass."""
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat]
    groups = moves(state)
    plays = [m for _, ms, _ in groups for m in ms]
    if hand in plays:
        return hand
    others = [h.bit_count() for s, h in enumerate(state.hands) if s != seat and h]
    danger = bool(others) and min(others) <= 2
    if not state.table:
        low = state.must or (hand & -hand)
        candidates = [m for m in plays if m & low] or plays

        def lead_cost(m: int) -> tuple[int, int, int]:
            twos = (m & TWOS_MASK).bit_count()
            single_risk = 1 if danger and m.bit_count() == 1 else 0
            return (twos * 10 + _broken(hand, m) * 2 + single_risk * 5 - m.bit_count(), m.bit_length(), m)

        return min(candidates, key=lead_cost)
    table_top_rank = (state.table.bit_length() - 1) >> 2
    chops_two = [m for _, ms, chop in groups if chop for m in ms]
    if table_top_rank == TWO_RANK and chops_two:
        return min(chops_two, key=lambda m: (m.bit_count(), m.bit_length()))
    same = [m for _, ms, chop in groups if not chop for m in ms]
    if not same:
        return _PASS_MASK
    spend_ok = danger or hand.bit_count() <= 4

    def follow_cost(m: int) -> tuple[int, int]:
        return ((m & TWOS_MASK).bit_count() * 20 + _broken(hand, m) * 3, m.bit_length())

    best = min(same, key=follow_cost)
    if (best & TWOS_MASK) and not spend_ok:
        return _PASS_MASK
    if _broken(hand, best) >= 4 and not spend_ok:
        return _PASS_MASK
    return best
