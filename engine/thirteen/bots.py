"""The bots: ``heuristic`` (the default) and ``random``, as :class:`engine.contract.Bot` values.

``random`` picks uniformly among the legal plays and (when allowed) the pass. ``heuristic`` plays like a
careful beginner: it goes out when it can; on a lead it sheds its lowest card in the largest combination
that does not spend 2s or break a bomb; on a follow it beats with the cheapest play of the same shape
(saving 2s unless an opponent is about to go out or its own hand is nearly empty), chops 2s whenever it
can, and otherwise passes. Both choose on card masks (:func:`random_mask`, :func:`heuristic_mask`).
"""

from __future__ import annotations

import random

from engine.base import PASS
from engine.contract import Bot
from engine.thirteen.combos import POP
from engine.thirteen.order import TWO_RANK, TWOS_MASK
from engine.thirteen.play import Play
from engine.thirteen.state import Action, State, moves

__all__ = ["BOTS", "heuristic_bot", "heuristic_mask", "random_bot", "random_mask"]

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


def _action(mask: int) -> Action:
    return PASS if mask == _PASS_MASK else Play(mask)


def random_bot(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action."""
    return _action(random_mask(state, rng))


def heuristic_bot(state: State, rng: random.Random) -> Action:
    """The heuristic player's action (see the module docstring)."""
    return _action(heuristic_mask(state, rng))


BOTS: dict[str, Bot[State, Action]] = {
    "heuristic": Bot("heuristic", "sheds low cards in big combinations, saves 2s, chops 2s, passes when beating "
                                  "costs too much", heuristic_bot),
    "random": Bot("random", "picks uniformly among its legal plays and the pass", random_bot),
}
