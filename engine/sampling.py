"""Dealing the cards a seat cannot see, consistently with what it saw: the coach's one sampling helper.

Each game's ``determinize`` says which hidden cards may lie in which hand (a seat that showed a void holds none of
that suit, a called card is in its caller's hand …); :func:`deal_hidden` deals them at random within those limits.
It sits on the contract's floor so that the games use it without importing the coach (:mod:`engine.advisor`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["deal_hidden"]


def deal_hidden(pool: Sequence[Any], sizes: Sequence[int], allowed: Sequence[Callable[[Any], bool]],
                rng: random.Random, tries: int = 300) -> list[list[Any]]:
    """Deal ``pool`` into hands of ``sizes`` so that every card in hand ``i`` passes ``allowed[i]`` (e.g. not of a
    suit that seat has shown it lacks). Random among the deals that fit; falls back to ignoring the constraints of
    the hands that cannot be filled after ``tries`` attempts (never fails)."""
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} hidden cards for hands of {sum(sizes)}")
    cards = list(pool)
    for _ in range(tries):
        rng.shuffle(cards)
        hands: list[list[Any]] = [[] for _ in sizes]
        room = list(sizes)
        # The cards with the fewest possible hands go first; ties in random (shuffled) order.
        order = sorted(cards, key=lambda c: sum(1 for i, ok in enumerate(allowed) if room[i] and ok(c)))
        failed = False
        for card in order:
            choices = [i for i, ok in enumerate(allowed) if room[i] > 0 and ok(card)]
            if not choices:
                failed = True
                break
            weights = [room[i] for i in choices]
            i = rng.choices(choices, weights)[0]
            hands[i].append(card)
            room[i] -= 1
        if not failed:
            return hands
    rng.shuffle(cards)
    out, start = [], 0
    for size in sizes:
        out.append(cards[start:start + size])
        start += size
    return out
