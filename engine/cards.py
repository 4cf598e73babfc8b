"""Cards, decks and the text notation every game shares.

A card is a rank and a suit (``10S``, ``QH``), or one of the two jokers (``BJ`` black/small, ``RJ``
red/big). Where a game ignores suits (Dou Dizhu) a card may have no suit: ``3``, ``10``, ``A``.

Notation, case-insensitive: ranks ``2``-``10``, ``J``, ``Q``, ``K``, ``A`` (``T`` for 10); suits ``S H D C``
or ``♠ ♥ ♦ ♣`` after (or before) the rank; cards separated by spaces or commas. Formatting is canonical
(``10S``, never ``TS``) and ``parse_cards(format_cards(cs)) == cs`` for every card of every deck.

With several decks identical cards form a multiset: a :class:`Deck` knows how many copies of each
card exist and :meth:`Deck.check` refuses a hand that holds more, naming the card and the limit.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import TYPE_CHECKING

from engine.errors import (
    CardNotInDeckError,
    IllegalPlayError,
    InvalidNotationError,
    InvalidPositionError,
    TooManyCopiesError,
    UnknownNameError,
)
from engine.i18n import N_
from engine.i18n import gettext as _

__all__ = [
    "Card",
    "CardNotInDeckError",
    "CardsText",
    "Deal",
    "Deck",
    "IllegalPlayError",
    "InvalidNotationError",
    "InvalidPositionError",
    "Rank",
    "Suit",
    "TooManyCopiesError",
    "format_cards",
    "parse_card",
    "parse_cards",
]


class Suit(Enum):
    """The four suits. The value is the canonical letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def plural(self) -> str:
        """The suit's English name, plural and lower case: ``hearts``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter or symbol (``H``, ``h``, ``♥``, ``hearts``)."""
        key = text.strip().replace("\ufe0f", "").upper()
        suit = _SUIT_BY_TEXT.get(key) or _SUIT_BY_NAME.get(key)
        if suit is None:
            raise InvalidNotationError(text, N_("a suit: S, H, D, C or ♠ ♥ ♦ ♣"))
        return suit

    def __str__(self) -> str:
        return self.value


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT: dict[str, Suit] = {}
for _s, _sym in _SUIT_SYMBOLS.items():
    _SUIT_BY_TEXT[_s.value] = _s
    _SUIT_BY_TEXT[_sym] = _s
for _sym, _s in (("♤", Suit.SPADES), ("♡", Suit.HEARTS), ("♢", Suit.DIAMONDS), ("♧", Suit.CLUBS)):
    _SUIT_BY_TEXT[_sym] = _s
_SUIT_BY_NAME = {s.name: s for s in Suit}


class Rank(IntEnum):
    """Ranks with their usual numeric value; the jokers rank above the ace.

    The value is only a stable identity: each game orders cards by its own rules.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    BLACK_JOKER = 15
    RED_JOKER = 16

    @property
    def text(self) -> str:
        """Canonical notation: ``2``…``10``, ``J``, ``Q``, ``K``, ``A``, ``BJ``, ``RJ``."""
        return _RANK_TEXT[self]

    @property
    def is_joker(self) -> bool:
        return self >= Rank.BLACK_JOKER

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank (``10``, ``T``, ``q``, ``A``, ``BJ``); raises InvalidNotationError."""
        rank = _RANK_BY_TEXT.get(text.strip().upper())
        if rank is None:
            raise InvalidNotationError(text, N_("a rank: 2-10, J, Q, K, A (T for 10), or BJ / RJ for a joker"))
        return rank

    def __str__(self) -> str:
        return self.text


_RANK_TEXT = {r: str(r.value) for r in Rank if r.value <= 10}
_RANK_TEXT.update(
    {
        Rank.JACK: "J",
        Rank.QUEEN: "Q",
        Rank.KING: "K",
        Rank.ACE: "A",
        Rank.BLACK_JOKER: "BJ",
        Rank.RED_JOKER: "RJ",
    }
)
_RANK_BY_TEXT = {t: r for r, t in _RANK_TEXT.items()}
_RANK_BY_TEXT["T"] = Rank.TEN

PLAIN_RANKS: tuple[Rank, ...] = tuple(r for r in Rank if not r.is_joker)
JOKER_RANKS: tuple[Rank, ...] = (Rank.BLACK_JOKER, Rank.RED_JOKER)


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card: a rank and a suit, a joker (no suit), or a suitless rank for games that ignore suits."""

    rank: Rank
    suit: Suit | None = None

    def __post_init__(self) -> None:
        if self.rank.is_joker and self.suit is not None:
            raise ValueError(f"a joker has no suit: {self.rank.text}{self.suit.value}")

    @property
    def is_joker(self) -> bool:
        return self.rank.is_joker

    @property
    def is_red(self) -> bool:
        """Red suits and the red joker."""
        if self.rank.is_joker:
            return self.rank is Rank.RED_JOKER
        return self.suit is not None and self.suit.is_red

    @property
    def text(self) -> str:
        """Canonical notation: ``10S``, ``QH``, ``BJ``; a suitless card is its rank: ``10``."""
        return self.rank.text + (self.suit.value if self.suit is not None else "")

    @property
    def symbol_text(self) -> str:
        """Notation with a suit symbol, for people: ``10♠``, ``Q♥``, ``BJ``."""
        return self.rank.text + (self.suit.symbol if self.suit is not None else "")

    @property
    def name(self) -> str:
        """Spoken name: ``ten of spades``, ``red joker``, ``ten``."""
        if self.rank is Rank.RED_JOKER:
            return "red joker"
        if self.rank is Rank.BLACK_JOKER:
            return "black joker"
        spoken = _RANK_NAMES[self.rank]
        return f"{spoken} of {self.suit.plural}" if self.suit is not None else spoken

    def without_suit(self) -> Card:
        """The same rank with no suit (jokers are unchanged)."""
        return self if self.suit is None else Card(self.rank)

    @classmethod
    def parse(cls, text: str, *, suitless: bool = False) -> Card:
        return parse_card(text, suitless=suitless)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        if self.suit is None and not self.is_joker:
            return f"Card.parse({self.text!r}, suitless=True)"
        return f"Card.parse({self.text!r})"


_RANK_NAMES = {
    Rank.TWO: "two",
    Rank.THREE: "three",
    Rank.FOUR: "four",
    Rank.FIVE: "five",
    Rank.SIX: "six",
    Rank.SEVEN: "seven",
    Rank.EIGHT: "eight",
    Rank.NINE: "nine",
    Rank.TEN: "ten",
    Rank.JACK: "jack",
    Rank.QUEEN: "queen",
    Rank.KING: "king",
    Rank.ACE: "ace",
}

RED_JOKER = Card(Rank.RED_JOKER)
BLACK_JOKER = Card(Rank.BLACK_JOKER)

_CARD_EXPECTED = N_("a card such as 10S, TS, 10♠, qh, or a joker BJ / RJ")
_SUITLESS_EXPECTED = N_("ranks such as 3 10 J Q K A 2 (T for 10), optionally with suits, or a joker BJ / RJ")
_SUIT_CHARS = "SHDC♠♥♦♣♤♡♢♧"
_RANK_ATOM = r"10|[2-9TJQKA]"
_SUITED = re.compile(rf"^(?:({_RANK_ATOM})([{_SUIT_CHARS}])|([{_SUIT_CHARS}])({_RANK_ATOM}))$")
_SEPARATORS = re.compile(r"[\s,;]+")
_RUN_ATOM = re.compile(r"10|BJ|RJ|[2-9TJQKA]")
_CARD_CACHE: dict[tuple[str, bool], Card] = {}


def parse_card(text: str, *, suitless: bool = False) -> Card:
    """Parse one card; raise InvalidNotationError quoting ``text`` if it is not one.

    With ``suitless=True`` a bare rank is a card and a given suit is dropped.
    """
    key = (text, suitless)
    card = _CARD_CACHE.get(key)
    if card is not None:
        return card
    card = _parse_card_uncached(text, suitless)
    if len(_CARD_CACHE) < 4096:
        _CARD_CACHE[key] = card
    return card


def _parse_card_uncached(text: str, suitless: bool) -> Card:
    token = text.strip().replace("\ufe0f", "").upper()
    if token in ("BJ", "RJ"):
        return Card(_RANK_BY_TEXT[token])
    match = _SUITED.match(token)
    if match:
        rank_text = match.group(1) or match.group(4)
        suit_text = match.group(2) or match.group(3)
        rank = _RANK_BY_TEXT[rank_text]
        return Card(rank) if suitless else Card(rank, _SUIT_BY_TEXT[suit_text])
    if suitless and token in _RANK_BY_TEXT:
        return Card(_RANK_BY_TEXT[token])
    raise InvalidNotationError(text, _SUITLESS_EXPECTED if suitless else _CARD_EXPECTED)


def parse_cards(text: str, *, suitless: bool = False) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; empty text is no cards.

    With ``suitless=True`` a run of ranks without separators is accepted too: ``333444`` or ``10JQKA``.
    Raises InvalidNotationError quoting the first bad token and the whole input.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), N_("card notation as text"))
    cards: list[Card] = []
    for token in _SEPARATORS.split(text.strip()):
        if not token:
            continue
        try:
            cards.append(parse_card(token, suitless=suitless))
        except InvalidNotationError:
            run = _split_run(token) if suitless else None
            if run is None:
                raise InvalidNotationError(
                    token, _SUITLESS_EXPECTED if suitless else _CARD_EXPECTED, whole=text
                ) from None
            cards.extend(run)
    return tuple(cards)


def _split_run(token: str) -> list[Card] | None:
    upper = token.upper()
    atoms = _RUN_ATOM.findall(upper)
    if not atoms or "".join(atoms) != upper:
        return None
    return [Card(_RANK_BY_TEXT[a]) for a in atoms]


def format_cards(cards: Iterable[Card], *, symbols: bool = False, sep: str = " ") -> str:
    """Canonical text of cards in the given order: ``10S QH BJ`` (or ``10♠ Q♥ BJ`` with symbols)."""
    if symbols:
        return sep.join(c.symbol_text for c in cards)
    return sep.join(c.text for c in cards)


class CardsText:
    """Mixin for a value holding ``cards``: their canonical text (``10S 10S``) and symbols (``10♠ 10♠``)."""

    __slots__ = ()

    if TYPE_CHECKING:

        @property
        def cards(self) -> Sequence[Card]: ...

    @property
    def text(self) -> str:
        return format_cards(self.cards)

    @property
    def symbols(self) -> str:
        return format_cards(self.cards, symbols=True)


_SUIT_DISPLAY_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3, None: 4}


def display_key(card: Card) -> tuple[int, int]:
    """A plain sort key for showing a hand: jokers first, then suits alternating colour, high to low."""
    if card.is_joker:
        return (-1, -card.rank.value)
    return (_SUIT_DISPLAY_ORDER[card.suit], -card.rank.value)


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in :func:`display_key` order."""
    return sorted(cards, key=display_key)


@dataclass(frozen=True)
class Deal:
    """A seeded deal: the hands in seat order and the undealt rest (the kitty, if any)."""

    seed: int
    hands: tuple[tuple[Card, ...], ...]
    rest: tuple[Card, ...]


@dataclass(frozen=True)
class Deck:
    """A deck set-up: which cards exist and how many copies of each (a multiset)."""

    name: str
    counts: tuple[tuple[Card, int], ...]
    suitless: bool = False

    @classmethod
    def build(cls, name: str, cards: Iterable[Card], *, suitless: bool = False) -> Deck:
        tally = Counter(cards)
        return cls(name, tuple(tally.items()), suitless)

    @classmethod
    def standard(cls, *, jokers: bool = False, decks: int = 1) -> Deck:
        """``decks`` copies of the 52-card deck, with both jokers in each copy when ``jokers``."""
        if not 1 <= decks <= 4:
            raise InvalidPositionError(_("the number of decks must be 1 to 4, not {decks}").format(decks=decks))
        one = [Card(r, s) for s in Suit for r in PLAIN_RANKS]
        if jokers:
            one += [BLACK_JOKER, RED_JOKER]
        size = len(one)
        if decks == 1:
            name = f"{size}-card deck"
        else:
            name = f"{decks} × {size}-card decks ({decks * size} cards)"
        return cls.build(name, one * decks)

    @classmethod
    def of_ranks(cls, name: str, ranks: Sequence[Rank]) -> Deck:
        """One card of each of ``ranks`` in every suit (a game's short deck: Euchre's 9 to A)."""
        return cls.build(name, [Card(r, s) for s in Suit for r in ranks])

    def stripped(self) -> Deck:
        """The same deck with suits ignored: copies of a rank merge (4 × ``3S`` … → 4 × ``3``)."""
        tally: Counter[Card] = Counter()
        for card, n in self.counts:
            tally[card.without_suit()] += n
        return Deck(self.name, tuple(tally.items()), suitless=True)

    @property
    def size(self) -> int:
        return sum(n for _, n in self.counts)

    def limit(self, card: Card) -> int:
        """How many copies of ``card`` this deck holds (0 if none)."""
        return self._limits.get(card, 0)

    @property
    def _limits(self) -> dict[Card, int]:
        cached = self.__dict__.get("_limits_cache")
        if cached is None:
            cached = dict(self.counts)
            object.__setattr__(self, "_limits_cache", cached)
        return cached

    def cards(self) -> list[Card]:
        """Every card of the deck, each copy once, in a fixed order."""
        return [card for card, n in self.counts for _ in range(n)]

    def distinct(self) -> list[Card]:
        """Every distinct card of the deck, in a fixed order."""
        return [card for card, _ in self.counts]

    def parse(self, text: str) -> tuple[Card, ...]:
        """Parse notation for this deck (bare ranks allowed when suits are ignored)."""
        cards = parse_cards(text, suitless=self.suitless)
        if self.suitless:
            cards = tuple(c.without_suit() for c in cards)
        return cards

    def check(self, cards: Iterable[Card], where: str = "") -> None:
        """Raise CardNotInDeckError or TooManyCopiesError unless ``cards`` could all come from this deck.

        ``where`` ("in your hand", "in the hand and the table together") goes into the message.
        """
        limits = self._limits
        for card, count in Counter(cards).items():
            limit = limits.get(card, 0)
            if limit == 0:
                raise CardNotInDeckError(card.symbol_text, self.name)
            if count > limit:
                raise TooManyCopiesError(card.symbol_text, count, limit, where)

    def shuffled(self, seed: int) -> list[Card]:
        """All cards in an order fixed by ``seed``."""
        cards = self.cards()
        random.Random(seed).shuffle(cards)
        return cards

    def deal(self, seed: int, players: int, hand_size: int) -> Deal:
        """Shuffle with ``seed`` and deal ``hand_size`` cards to each of ``players``; the rest stays over."""
        if players * hand_size > self.size:
            raise InvalidPositionError(_("{players} hands of {hand_size} need {needed} cards; the {deck} has {size}")
                                       .format(players=players, hand_size=hand_size, needed=players * hand_size,
                                               deck=_(self.name), size=self.size))
        cards = self.shuffled(seed)
        hands = tuple(tuple(cards[i * hand_size : (i + 1) * hand_size]) for i in range(players))
        return Deal(seed, hands, tuple(cards[players * hand_size :]))


def remove_cards(hand: Sequence[Card], cards: Iterable[Card], where: str = N_("your hand")) -> tuple[Card, ...]:
    """``hand`` minus the multiset ``cards``; raise IllegalPlayError naming a card the hand lacks."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            message = _("{card} is not in {where}").format(card=card.symbol_text, where=_(where))
            raise IllegalPlayError(message) from None
    return tuple(rest)


DECK_SETUPS: dict[str, str] = {
    "52": "one 52-card deck, no jokers",
    "54": "one 54-card deck (with two jokers)",
    "2x54": "two 54-card decks (108 cards)",
    "3x54": "three 54-card decks (162 cards)",
    "4x54": "four 54-card decks (216 cards)",
}
"""The deck set-ups every game shares; a game's own deck is its rules' (``python -m engine cards --deck GAME``)."""


def deck_setup(name: str) -> Deck:
    """A named deck set-up (see :data:`DECK_SETUPS`); raises UnknownNameError for others."""
    if name == "52":
        return Deck.standard()
    if name == "54":
        return Deck.standard(jokers=True)
    if name in ("2x54", "3x54", "4x54"):
        return Deck.standard(jokers=True, decks=int(name[0]))
    raise UnknownNameError("deck set-up", name, DECK_SETUPS)
