"""Seeded deals: 13 cards to each of 2–4 players from one 52-card deck (the rest unused)."""

from __future__ import annotations

import random

from engine.i18n import N_
from engine.thirteen.order import TWO_RANK
from engine.thirteen.rules import Rules

HAND_SIZE = 13

__all__ = ["HAND_SIZE", "deal_masks", "instant_win", "lowest_holder"]


def deal_masks(rules: Rules, seed: int) -> tuple[int, ...]:
    """The seeded deal as card masks, one per seat in playing order."""
    order = list(range(52))
    random.Random(seed).shuffle(order)
    hands = []
    for seat in range(rules.players):
        mask = 0
        for i in order[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]:
            mask |= 1 << i
        hands.append(mask)
    return tuple(hands)


def lowest_holder(hands: tuple[int, ...]) -> int:
    """The seat holding the lowest card dealt (3♠ with four players)."""
    lows = [(h & -h).bit_length() for h in hands]
    return min(range(len(hands)), key=lambda s: lows[s])


def instant_win(hand: int, twos: bool = False) -> str:
    """The instant-win pattern ``hand`` holds ('' if none): four 2s, a dragon, six pairs, five pairs in a row.
    (English, marked for the catalogs: translate it where it is shown.)

    ``twos`` (option ``twos_in_double_sequences``): pairs of 2s may end the five pairs in a row, as they
    may end any double sequence.
    """
    groups = [(hand >> (4 * r)) & 15 for r in range(13)]
    counts = [bin(g).count("1") for g in groups]
    if counts[TWO_RANK] == 4:
        return N_("four 2s")
    if all(counts[r] >= 1 for r in range(TWO_RANK)):
        return N_("a dragon (a sequence from 3 to A)")
    if sum(c // 2 for c in counts) >= 6:
        return N_("six pairs")
    run = best = 0
    for r in range(TWO_RANK + 1 if twos else TWO_RANK):
        run = run + 1 if counts[r] >= 2 else 0
        best = max(best, run)
    if best >= 5:
        return N_("five consecutive pairs")
    return ""
