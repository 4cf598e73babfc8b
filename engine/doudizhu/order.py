"""The Dou Dizhu card order: ranks low to high, rank counts, and sorting for display.

Suits do not matter in Dou Dizhu. Inside the engine a set of cards is a tuple of 15 **rank counts**, indexed low
to high: ``3 4 5 6 7 8 9 10 J Q K A 2 BJ RJ``. Chains (sequences, pair sequences, airplanes) run from 3 up to the
ace; the 2 and the jokers never join one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.cards import Card, Deck, Rank, format_cards
from engine.i18n import DEFAULT_LANGUAGE, N_, gettext, language

__all__ = [
    "ACE",
    "BJ",
    "CARDS",
    "EMPTY",
    "INDEX",
    "N",
    "RANKS",
    "RJ",
    "TWO",
    "Counts",
    "cards_of",
    "counts_of",
    "counts_text",
    "display_deck",
    "rank_text",
    "rank_word",
    "sort_ranks",
]

N = 15
"""Number of rank indexes."""
TWO, BJ, RJ = 12, 13, 14
ACE = 11
"""The highest rank a chain may reach (sequences, pair sequences and airplanes stop at the ace)."""

RANKS: tuple[Rank, ...] = (
    Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN,
    Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, Rank.TWO, Rank.BLACK_JOKER, Rank.RED_JOKER,
)
INDEX: dict[Rank, int] = {r: i for i, r in enumerate(RANKS)}
CARDS: tuple[Card, ...] = tuple(Card(r) for r in RANKS)
_WORDS = ("3", "4", "5", "6", "7", "8", "9", "10", N_("jack"), N_("queen"), N_("king"), N_("ace"), "2",
          N_("black joker"), N_("red joker"))

Counts = tuple[int, ...]
EMPTY: Counts = (0,) * N


def rank_text(index: int) -> str:
    """The notation of rank ``index``: ``3`` … ``A``, ``2``, ``BJ``, ``RJ``."""
    return RANKS[index].text


def rank_word(index: int, count: int = 1) -> str:
    """``7``, ``7s``, ``jack``, ``jacks``, ``black joker``… for sentences (in Bengali and Assamese the rank's
    word, which a count does not change: জ্যাক, এস, 7)."""
    word = _WORDS[index]
    if language() != DEFAULT_LANGUAGE:
        return gettext(word) if word[0].isalpha() else word
    return word if count == 1 else word + "s"


def counts_of(cards: Iterable[Card]) -> Counts:
    """The rank counts of ``cards`` (suits ignored)."""
    counts = [0] * N
    for card in cards:
        counts[INDEX[card.rank]] += 1
    return tuple(counts)


def cards_of(counts: Sequence[int]) -> tuple[Card, ...]:
    """Suitless cards for ``counts``, low to high."""
    return tuple(CARDS[r] for r in range(N) for _ in range(counts[r]))


def counts_text(counts: Sequence[int]) -> str:
    """Canonical text of ``counts`` low to high: ``3 3 4 BJ``."""
    return format_cards(cards_of(counts))


def sort_ranks(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards low to high in Dou Dizhu order (3 … A, 2, black joker, red joker)."""
    return tuple(sorted(cards, key=lambda c: INDEX[c.rank]))


def display_deck(deck: Deck) -> Deck:
    """``deck`` (suitless) with its cards in Dou Dizhu order, for card pickers."""
    return Deck.build(deck.name, sort_ranks(deck.cards()), suitless=True)
