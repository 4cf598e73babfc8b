"""The card order of Thirteen: ranks 3 … A then 2, suits ♠ < ♣ < ♦ < ♥, and a set of cards as a 52-bit mask.

Every card has an index 0…51 in game order — rank first (3 lowest … A, then 2 highest), then suit
(♠ < ♣ < ♦ < ♥) — so ``3♠`` is 0 and ``2♥`` is 51, and a set of cards is a 52-bit mask. The *top card*
of a combination is its highest card, which is simply the mask's highest bit. Rank group ``r`` (0 for
3s … 12 for 2s) is the 4-bit nibble ``(mask >> 4r) & 15``.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import Card, Deck, Rank, Suit
from engine.errors import InvalidPositionError
from engine.i18n import gettext

__all__ = [
    "ALL_MASK",
    "CARDS",
    "DECK",
    "RANK_ORDER",
    "SUIT_ORDER",
    "TWOS_MASK",
    "TWO_RANK",
    "cards_of",
    "game_sorted",
    "index",
    "mask_of",
    "mask_text",
    "rank_plural",
    "rank_pos",
]

RANK_ORDER: tuple[Rank, ...] = (
    Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO,
)
SUIT_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
TWO_RANK = 12
"""The rank group of the 2s (the highest)."""
TWOS_MASK = 0xF << (4 * TWO_RANK)
ALL_MASK = (1 << 52) - 1

_RANK_POS = {r: i for i, r in enumerate(RANK_ORDER)}
CARDS: tuple[Card, ...] = tuple(Card(r, s) for r in RANK_ORDER for s in SUIT_ORDER)
"""The 52 cards in game order: ``CARDS[0]`` is 3♠, ``CARDS[51]`` is 2♥."""
_INDEX = {c: i for i, c in enumerate(CARDS)}
_TEXT = tuple(c.text for c in CARDS)
DECK = Deck.build("52-card deck", CARDS)


def index(card: Card) -> int:
    """The card's place in game order, 0 (3♠) … 51 (2♥); InvalidPositionError for a joker or a suitless card."""
    try:
        return _INDEX[card]
    except KeyError:
        raise InvalidPositionError(gettext("{card} is not in the 52-card deck of Thirteen").format(
            card=card.symbol_text)) from None


def rank_pos(card: Card) -> int:
    """0 for a 3 … 11 for an ace, 12 for a 2."""
    return _RANK_POS[card.rank]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of ``cards`` (InvalidPositionError for a card not in the deck; repeated cards count once)."""
    mask = 0
    for card in cards:
        mask |= 1 << index(card)
    return mask


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in game order (lowest first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def mask_text(mask: int) -> str:
    """The cards of ``mask`` in notation, game order (``3S 4S 5H``): the same as ``format_cards(cards_of(mask))``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(_TEXT[low.bit_length() - 1])
        mask ^= low
    return " ".join(out)


def game_sorted(cards: Iterable[Card]) -> list[Card]:
    """Cards in game order, lowest first: 3♠ 3♣ … 2♥."""
    return sorted(cards, key=index)


def rank_plural(rank: Rank) -> str:
    """``5s``, ``Js``, ``2s``: a rank in the plural, for sentences (the one style of :mod:`engine.words`)."""
    return f"{rank.text}s"
