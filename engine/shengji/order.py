"""The card order of a hand: the trump context — each card's effective suit (its *group*) and its *level*
in that group — the display sort keys, and the point cards.

The trump context of a round: each card's effective suit (its *group*) and its *level* in that group.

With trump rank R and trump suit T the trump group, high to low, is: big jokers, small jokers, R of T,
the other R cards (equal to each other), then T's remaining cards A…2 without R. Each other suit ranks
A…2 without R. Levels count up from 0 inside a group; cards of equal level rank equal, and two
levels are **adjacent** (for tractors) when they differ by one. So ♥9 and ♥J are adjacent when 10 is
the trump rank, and ♠A (trump) is adjacent to the off-suit rank cards, which are adjacent to ♠10.

No-trump rounds: under the competition rules the trump group is the jokers and all rank cards (the rank
cards equal, the jokers above them); under the tractor rules only the jokers are trump and there is no
trump rank (every suit ranks A…2 in full).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from engine.cards import BLACK_JOKER, PLAIN_RANKS, RED_JOKER, Card, Rank, Suit
from engine.errors import InvalidRequestError
from engine.i18n import DEFAULT_LANGUAGE, gettext, language, pgettext
from engine.shengji.rules import Rules
from engine.words import count, number, plural, rank_plural, seat_name


def seat_words(seat: str) -> str:
    """A seat letter as reasons and commentary name it: the letter in English ("E"), the seat's name in other
    languages (পূর্ব)."""
    return seat if language() == DEFAULT_LANGUAGE else seat_name(seat)


class Group(Enum):
    """An effective suit for following: one of the four suits without the trumps, or the trumps."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"
    TRUMP = "T"

    @classmethod
    def of_suit(cls, suit: Suit) -> Group:
        return _GROUP_OF_SUIT[suit]

    @property
    def suit(self) -> Suit | None:
        return None if self is Group.TRUMP else Suit(self.value)

    @property
    def label(self) -> str:
        """``♥`` for a suit, ``trump`` for the trumps (in the current language)."""
        return pgettext("group", "trump") if self is Group.TRUMP else Suit(self.value).symbol

    @property
    def noun(self) -> str:
        """``♥`` or ``trumps``, for phrases like "you have no ♥" / "you have no trumps" (in the current language)."""
        return pgettext("group", "trumps") if self is Group.TRUMP else Suit(self.value).symbol

    def of(self, thing: str) -> str:
        """``thing`` of the group, in the current language: "a pair of ♥", "a pair of trumps"."""
        if self is Group.TRUMP:
            return gettext("{thing} of trumps").format(thing=thing)
        return gettext("{thing} of {suit}").format(thing=thing, suit=self.noun)

    def word(self, n: int) -> str:
        """The group's noun for ``n`` cards: ``♥`` either way; ``trump`` for one, ``trumps`` for several."""
        if self is Group.TRUMP:
            return plural(n, "trump")
        return Suit(self.value).symbol

    def count(self, n: int) -> str:
        """``n`` cards of the group in words: "six ♥", "one trump", "no trumps" (৬টি ♥, ৬খন ♥)."""
        if language() != DEFAULT_LANGUAGE:
            return count(n, "trump") if self is Group.TRUMP else rank_plural(Suit(self.value).symbol, n)
        return f"{number(n)} {self.word(n)}"


_GROUP_OF_SUIT = {s: Group(s.value) for s in Suit}
GROUPS: tuple[Group, ...] = tuple(Group)


@dataclass(frozen=True)
class Trump:
    """The trump of a round. ``rank`` None: no trump rank (tractor-rules no-trump); ``suit`` None: no trump suit.

    Build it with :func:`trump_for` (cached); the lookups :meth:`group` and :meth:`level` are dict reads.
    """

    rank: Rank | None
    suit: Suit | None
    _group: dict[Card, Group] = field(default_factory=dict, compare=False, repr=False)
    _level: dict[Card, int] = field(default_factory=dict, compare=False, repr=False)
    _tiers: dict[Group, tuple[tuple[Card, ...], ...]] = field(default_factory=dict, compare=False, repr=False)

    def group(self, card: Card) -> Group:
        """The card's effective suit."""
        return self._group[card]

    def level(self, card: Card) -> int:
        """The card's level in its group (higher beats lower; equal levels tie)."""
        return self._level[card]

    def key(self, card: Card) -> tuple[int, int]:
        """A sort key: trumps above every suit, then by level (for showing hands high to low)."""
        g = self._group[card]
        return (4 if g is Group.TRUMP else 3 - _SUIT_INDEX[g], self._level[card])

    def is_trump(self, card: Card) -> bool:
        return self._group[card] is Group.TRUMP

    def tiers(self, group: Group) -> tuple[tuple[Card, ...], ...]:
        """The group's cards from high to low, cards of equal level together in one tier."""
        return self._tiers[group]

    def adjacent(self, a: Card, b: Card) -> bool:
        """Whether two cards are of one group and one level apart (either way)."""
        return self._group[a] is self._group[b] and abs(self._level[a] - self._level[b]) == 1

    def sort(self, cards: Iterable[Card]) -> list[Card]:
        """Cards high to low in this trump context (trumps first, then ♠ ♥ ♣ ♦ as on the table)."""
        return sorted(cards, key=self.key, reverse=True)

    @property
    def is_no_trump(self) -> bool:
        return self.suit is None

    @property
    def label(self) -> str:
        """``rank 10, ♠ trump`` / ``rank 2, no trump`` / ``no trump (jokers only)``."""
        if self.rank is None:
            return gettext("no trump (jokers only)")
        if self.suit is None:
            return gettext("rank {rank}, no trump suit").format(rank=self.rank.text)
        return gettext("rank {rank}, {suit} trump").format(rank=self.rank.text, suit=self.suit.symbol)


_SUIT_INDEX = {Group.SPADES: 0, Group.HEARTS: 1, Group.CLUBS: 2, Group.DIAMONDS: 3, Group.TRUMP: -1}


def trump_for(rules: Rules, rank: Rank | None, suit: Suit | None) -> Trump:
    """The trump context for a round of ``rules`` with trump rank ``rank`` and suit ``suit`` (None: no trump).

    Under rules where no-trump has only the jokers as trump, a no-trump round has no trump rank.
    """
    if suit is not None and rank is None:
        raise InvalidRequestError("a trump suit needs a trump rank")
    if suit is None and not rules.rank_in_no_trump:
        rank = None
    return _build(rank, suit)


@lru_cache(maxsize=256)
def _build(rank: Rank | None, suit: Suit | None) -> Trump:
    group: dict[Card, Group] = {}
    level: dict[Card, int] = {}
    tiers: dict[Group, list[list[Card]]] = {g: [] for g in Group}
    for s in Suit:
        g = Group.of_suit(s)
        if s is suit:
            continue
        plain = [r for r in PLAIN_RANKS if r is not rank]
        for i, r in enumerate(plain):
            card = Card(r, s)
            group[card], level[card] = g, i
            tiers[g].append([card])
    # the trump group, low to high
    trump_tiers: list[list[Card]] = []
    if suit is not None:
        trump_tiers += [[Card(r, suit)] for r in PLAIN_RANKS if r is not rank]
    if rank is not None:
        others = [Card(rank, s) for s in Suit if s is not suit]
        trump_tiers.append(others)
        if suit is not None:
            trump_tiers.append([Card(rank, suit)])
    trump_tiers += [[BLACK_JOKER], [RED_JOKER]]
    for i, tier in enumerate(trump_tiers):
        for card in tier:
            group[card], level[card] = Group.TRUMP, i
    tiers[Group.TRUMP] = trump_tiers
    frozen = {g: tuple(tuple(t) for t in reversed(ts)) for g, ts in tiers.items()}
    return Trump(rank, suit, group, level, frozen)


def describe_order(trump: Trump) -> dict[str, tuple[tuple[Card, ...], ...]]:
    """Every group's order high to low as tiers of cards (equal cards share a tier), by group letter
    (``S H D C``, ``T`` for the trumps)."""
    return {g.value: trump.tiers(g) for g in Group if trump.tiers(g)}


POINTS: dict[Rank, int] = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
POINT_UNIT: int = 5
"""Every count of points is a multiple of this (each point card is worth 5 or 10): the step of a points axis."""


def points(cards: Iterable[Card]) -> int:
    """Points in ``cards``: 5s count 5, 10s and kings 10."""
    return sum(POINTS.get(c.rank, 0) for c in cards)


_PLAIN_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}


def draw_key(rank: Rank | None) -> Callable[[Card], tuple[int, int, int]]:
    """A sort key for a hand while the trump is not fixed yet: jokers, then the cards of ``rank`` (those that may
    be declared), then by suit, high to low."""

    def key(card: Card) -> tuple[int, int, int]:
        if card.is_joker:
            return (0, -card.rank.value, 0)
        suit = _PLAIN_SUIT_ORDER[card.suit] if card.suit else 4
        return (1, suit, 0) if card.rank is rank else (2, suit, -card.rank.value)

    return key


def plain_sort(cards: Iterable[Card]) -> list[Card]:
    """Cards high to low with no trump in view: jokers first, then ♠ ♥ ♣ ♦, each A high."""
    return sorted(cards, key=draw_key(None))


def cards_text(cards: Iterable[Card], trump: Trump | None = None) -> str:
    """Cards with suit symbols, high to low when the trump is known: ``K♥ K♥ 9♥``."""
    shown = trump.sort(cards) if trump is not None else list(cards)
    return " ".join(c.symbol_text for c in shown)
