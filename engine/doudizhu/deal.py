"""A seeded deal as the seed describes it: a dealer, a face-up card shuffled back in, draws in turn."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import Card
from engine.doudizhu.order import sort_ranks
from engine.doudizhu.rules import Rules

__all__ = ["DealtHand", "deal", "redeal_seed"]


@dataclass(frozen=True)
class DealtHand:
    """A deal: each seat's cards (low to high), the kitty, the dealer, the face-up card and who drew it."""

    seed: int
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    dealer: int
    face_up: Card
    first_bidder: int


def deal(rules: Rules, seed: int, dealer: int | None = None) -> DealtHand:
    """Shuffle with ``seed``; the players draw in turn from the one after the dealer; the last cards
    (3 or 8) are the kitty. The face-up card is one of the drawn cards; whoever drew it bids first.

    The dealer is drawn at random from ``seed`` (the first hand of a session) unless ``dealer`` is given (later
    hands: the deal passes counter-clockwise); the shuffle and the face-up card are the seed's either way."""
    rng = random.Random(seed)
    cards = rules.deck.cards()
    rng.shuffle(cards)
    players = rules.players
    drawn_dealer = rng.randrange(players)
    dealer = drawn_dealer if dealer is None else dealer
    drawn = players * rules.hand_size
    face = rng.randrange(drawn)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(cards[:drawn]):
        hands[(dealer + 1 + i) % players].append(card)
    return DealtHand(
        seed=seed,
        hands=tuple(sort_ranks(h) for h in hands),
        kitty=sort_ranks(cards[drawn:]),
        dealer=dealer,
        face_up=cards[face],
        first_bidder=(dealer + 1 + face) % players,
    )


def redeal_seed(seed: int, redeals: int) -> int:
    """The seed of the ``redeals``-th new deal of a hand (0: the hand's own seed)."""
    return seed if redeals == 0 else (seed * 1_000_003 + redeals * 7_919) % 2**31
