"""The deck and the seeded deal: the shuffled decks, the draw one card at a time in turn order, and the kitty."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from engine.cards import Card, Deck
from engine.shengji.rules import Rules

__all__ = ["ShengjiDeal", "deal", "deck_of", "redeal_seed"]


def deck_of(rules: Rules) -> Deck:
    """The decks in play: ``rules.decks`` × 54 cards (each card at most that many times in any hand)."""
    return _deck(rules.decks)


@lru_cache(maxsize=4)
def _deck(decks: int) -> Deck:
    return Deck.standard(jokers=True, decks=decks)


@dataclass(frozen=True)
class ShengjiDeal:
    """A shuffled deck drawn in turn from seat ``first``: the last ``rules.kitty`` cards are the kitty."""

    seed: int
    order: tuple[Card, ...]
    first: int
    hand_size: int

    @property
    def drawn(self) -> int:
        """Cards drawn by the four players."""
        return 4 * self.hand_size

    def seat_of(self, index: int) -> int:
        """Who draws the ``index``-th card."""
        return (self.first + index) % 4

    def draws(self) -> Iterator[tuple[int, Card]]:
        """(seat, card) in the order the cards are drawn."""
        for i in range(self.drawn):
            yield self.seat_of(i), self.order[i]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards after the whole draw, by seat."""
        hands: list[list[Card]] = [[], [], [], []]
        for seat, card in self.draws():
            hands[seat].append(card)
        return tuple(tuple(h) for h in hands)

    @property
    def kitty(self) -> tuple[Card, ...]:
        return self.order[self.drawn:]


def deal(rules: Rules, seed: int, first: int = 0) -> ShengjiDeal:
    """The deal of ``rules``'s decks shuffled with ``seed``, drawn from seat ``first``."""
    return ShengjiDeal(seed, tuple(deck_of(rules).shuffled(seed)), first % 4, rules.hand_size)


def redeal_seed(seed: int, attempt: int) -> int:
    """The seed of the ``attempt``-th redeal (cards thrown in when nobody declared in the first round)."""
    return (seed * 7919 + attempt * 104_729) % 2**31 if attempt else seed
