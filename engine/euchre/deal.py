"""The seeded deal: a dealer, five cards each in packets (3-2 then 2-3 by default), the upcard and the kitty.

The deal starts on the dealer's left and goes clockwise. The ``deal_packets`` option says how: ``3-2`` gives
3, 2, 3, 2 cards round the table and then 2, 3, 2, 3; ``2-3`` the other way round; ``singles`` one card at a
time. With the benny the 25-card deck is shuffled and the kitty holds the upcard and 4 more.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import Card
from engine.euchre.order import BENNY_CARDS, CARDS
from engine.euchre.rules import DealPackets, Rules, Seat

__all__ = ["EuchreDeal", "deal_cards"]


@dataclass(frozen=True)
class EuchreDeal:
    """Who dealt, the four hands (indexed by seat), the upcard and the other kitty cards (3, or 4 with the
    benny). ``packets`` is the deal as it happened: (seat, cards) in the order they were given out."""

    seed: int
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card
    kitty: tuple[Card, ...]
    packets: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()


def deal_cards(seed: int, dealer: Seat | int | None = None, rules: Rules | None = None) -> EuchreDeal:
    """Shuffle the deck with ``seed`` and deal from the dealer's left in the packets ``rules`` name
    (default: 3-2-3-2 then 2-3-2-3 from the 24-card deck).

    Without ``dealer`` the seed also picks the dealer (the first dealer is chosen at random).
    """
    packets_rule = rules.deal_packets if rules is not None else DealPackets.THREE_TWO
    benny = rules is not None and rules.benny
    rng = random.Random(seed)
    chosen = Seat(rng.randrange(4)) if dealer is None else Seat(dealer)
    cards = list(BENNY_CARDS if benny else CARDS)
    rng.shuffle(cards)
    hands: list[list[Card]] = [[], [], [], []]
    packets: list[tuple[Seat, tuple[Card, ...]]] = []
    pos = 0
    for sizes in packets_rule.sizes:
        for offset, size in enumerate(sizes, start=1):
            seat = Seat((chosen + offset) % 4)
            packet = tuple(cards[pos : pos + size])
            hands[seat].extend(packet)
            packets.append((seat, packet))
            pos += size
    return EuchreDeal(seed, chosen, tuple(tuple(h) for h in hands), cards[pos], tuple(cards[pos + 1 :]),
                      tuple(packets))
