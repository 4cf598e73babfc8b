"""The seeded deal: a dealer, five cards each in packets of 3-2 then 2-3, the upcard and the kitty."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import Card
from engine.euchre.rules import Seat
from engine.euchre.trumps import CARDS

__all__ = ["EuchreDeal", "deal_cards"]

_PACKETS = ((3, 2, 3, 2), (2, 3, 2, 3))


@dataclass(frozen=True)
class EuchreDeal:
    """Who dealt, the four hands (indexed by seat), the upcard and the three other kitty cards."""

    seed: int
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    kitty: tuple[Card, ...]


def deal_cards(seed: int, dealer: Seat | int | None = None) -> EuchreDeal:
    """Shuffle the 24 cards with ``seed`` and deal from the dealer's left, 3-2-3-2 then 2-3-2-3.

    Without ``dealer`` the seed also picks the dealer (the first dealer is chosen at random).
    """
    rng = random.Random(seed)
    chosen = Seat(rng.randrange(4)) if dealer is None else Seat(dealer)
    cards = list(CARDS)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[], [], [], []]
    pos = 0
    for packets in _PACKETS:
        for offset, size in enumerate(packets, start=1):
            hands[(chosen + offset) % 4].extend(cards[pos : pos + size])
            pos += size
    return EuchreDeal(seed, chosen, tuple(tuple(h) for h in hands), cards[pos], tuple(cards[pos + 1 :]))
