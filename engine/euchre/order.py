"""The Euchre card order: the deck, the bowers, the effective suit, the power of a card in a trick, and the
order cards are shown in.

With hearts trump the trumps rank J♥ (right bower), J♦ (left bower), A♥, K♥, Q♥, 10♥, 9♥. The left bower
belongs to the trump suit for every purpose: with hearts trump, J♦ is a heart, not a diamond.

With the benny (a rule option) the deck has 25 cards: the red joker ``RJ`` is the best bower, the highest
trump above the right bower, and a card of the trump suit whatever the trump: with hearts trump the order
is RJ, J♥, J♦, A♥, K♥, Q♥, 10♥, 9♥. The tables below always know the joker; whether it may appear at all is
the deck's business (:func:`deck_of`).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.cards import RED_JOKER, Card, Deck, Rank, Suit
from engine.errors import CardNotInDeckError
from engine.i18n import DEFAULT_LANGUAGE, Nn_, language, ngettext
from engine.i18n import gettext as _
from engine.words import count

__all__ = [
    "BENNY",
    "BENNY_CARDS",
    "BENNY_DECK",
    "CARDS",
    "DECK",
    "RANKS",
    "NeedsBennyError",
    "card_power",
    "check_cards",
    "deck_of",
    "describe_card",
    "effective_suit",
    "is_trump",
    "left_bower",
    "right_bower",
    "sort_hand",
    "suit_count",
    "suit_name",
    "suit_one",
    "suit_plural",
    "trump_order",
    "who_it_is",
]

RANKS: tuple[Rank, ...] = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
DECK: Deck = Deck.of_ranks("24-card Euchre deck (9 to A)", RANKS)
CARDS: tuple[Card, ...] = tuple(DECK.distinct())
BENNY: Card = RED_JOKER
"""The benny (best bower): the red joker, the highest trump when the ``benny`` option is on."""
BENNY_CARDS: tuple[Card, ...] = CARDS + (BENNY,)
BENNY_DECK: Deck = Deck.build("25-card Euchre deck with the joker (9 to A and RJ)", BENNY_CARDS)
_SAME_COLOUR = {Suit.SPADES: Suit.CLUBS, Suit.CLUBS: Suit.SPADES, Suit.HEARTS: Suit.DIAMONDS,
                Suit.DIAMONDS: Suit.HEARTS}
_TRUMP_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)


class NeedsBennyError(CardNotInDeckError):
    """The joker (RJ) in a game without the benny. ``option`` and ``preset`` name what brings the joker in, so
    a page can offer them without reading the message."""

    option = "benny"
    preset = "benny"

    def __init__(self) -> None:
        super().__init__(BENNY.symbol_text, DECK.name)
        self.args = (_("{card} is not in the 24-card Euchre deck; turn on the benny option for the 25-card deck "
                       "with a joker").format(card=BENNY.symbol_text),)


def check_cards(cards: Iterable[Card], where: str, benny: bool = False) -> None:
    """Raise NeedsBennyError, CardNotInDeckError or TooManyCopiesError unless ``cards`` can all come from one
    Euchre deck (the 25-card deck with the joker when ``benny``)."""
    cards = tuple(cards)
    if not benny and BENNY in cards:
        raise NeedsBennyError
    deck_of(benny).check(cards, where)




_RIGHT = {t: Card(Rank.JACK, t) for t in Suit}
_LEFT = {t: Card(Rank.JACK, _SAME_COLOUR[t]) for t in Suit}


def right_bower(trump: Suit) -> Card:
    """The jack of trumps, the highest card."""
    return _RIGHT[trump]


def left_bower(trump: Suit) -> Card:
    """The jack of the other suit of the trump colour, the second-highest trump."""
    return _LEFT[trump]


def deck_of(benny: bool) -> Deck:
    """The deck in play: the 24-card deck, or the 25-card deck with the joker when ``benny``."""
    return BENNY_DECK if benny else DECK


def trump_order(trump: Suit, benny: bool = False) -> tuple[Card, ...]:
    """The seven trumps (eight with the benny first), highest first."""
    order = (right_bower(trump), left_bower(trump)) + tuple(Card(r, trump) for r in _TRUMP_RANKS)
    return (BENNY,) + order if benny else order


def _tables() -> tuple[dict[Suit, dict[Card, Suit]], dict[Suit, dict[Card, int]]]:
    suits: dict[Suit, dict[Card, Suit]] = {}
    power: dict[Suit, dict[Card, int]] = {}
    for trump in Suit:
        order = trump_order(trump, benny=True)
        suits[trump] = {}
        power[trump] = {}
        for card in BENNY_CARDS:
            if card in order:
                suits[trump][card] = trump
                power[trump][card] = 100 + len(order) - order.index(card)
            else:
                suits[trump][card] = card.suit  # type: ignore[assignment]
                power[trump][card] = int(card.rank)
    return suits, power


EFFECTIVE, POWER = _tables()
"""``EFFECTIVE[trump][card]``: the suit the card belongs to; ``POWER[trump][card]``: trumps 101-108
(9 up to the right bower 107 and the benny 108), other cards their rank value 9-14 (9 up to the ace)."""


def effective_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit ``card`` belongs to when ``trump`` is trump (the bowers and the benny are trumps); its
    printed suit when there is no trump yet (None for the benny, which has no suit of its own)."""
    if trump is None:
        return card.suit
    return EFFECTIVE[trump][card]


def is_trump(card: Card, trump: Suit) -> bool:
    return EFFECTIVE[trump][card] is trump


def card_power(card: Card, trump: Suit) -> int:
    """A number that orders cards of one suit (trumps 101-107 above every other card)."""
    return POWER[trump][card]




def describe_card(card: Card, trump: Suit) -> str:
    """``RJ (the joker, best bower)``, ``J♦ (left bower)``, ``K♣`` — for reasons."""
    if card == BENNY:
        return _("{card} (the joker, best bower)").format(card=card.symbol_text)
    if card == right_bower(trump):
        return _("{card} (right bower)").format(card=card.symbol_text)
    if card == left_bower(trump):
        return _("{card} (left bower)").format(card=card.symbol_text)
    return card.symbol_text


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """A hand for display: trumps first (highest first), then the other suits, high to low; before trump is
    made, the joker (if any) first."""
    order = {None: -1, Suit.SPADES: 0, Suit.HEARTS: 1, Suit.CLUBS: 2, Suit.DIAMONDS: 3}
    if trump is None:
        return sorted(cards, key=lambda c: (order[c.suit], -int(c.rank)))
    suits, power = EFFECTIVE[trump], POWER[trump]

    def key(c: Card) -> tuple[int, int]:
        s = suits[c]
        return (-1 if s is trump else order[s], -power[c])

    return sorted(cards, key=key)


SUIT_WORDS: dict[Suit, tuple[str, str]] = {
    Suit.SPADES: Nn_("spade", "spades"), Suit.HEARTS: Nn_("heart", "hearts"),
    Suit.DIAMONDS: Nn_("diamond", "diamonds"), Suit.CLUBS: Nn_("club", "clubs"),
}
"""Each suit's English name for one card and for the suit (the catalogs translate them: :func:`suit_plural`)."""


def suit_plural(suit: Suit) -> str:
    """The suit's name in the current language, as the suit: ``hearts``."""
    one, many = SUIT_WORDS[suit]
    return ngettext(one, many, 2)


def suit_name(suit: Suit, count: int = 2) -> str:
    """``hearts`` (or ``a heart`` for count 1)."""
    return suit_plural(suit) if count != 1 else _("a {suit}").format(suit=suit_one(suit))


def suit_one(suit: Suit) -> str:
    """The suit's name for one card: ``heart``."""
    one, many = SUIT_WORDS[suit]
    return ngettext(one, many, 1)


def suit_count(n: int, suit: Suit) -> str:
    """``no hearts``, ``one heart``, ``two hearts`` (in Bengali and Assamese, so many cards of the suit: a count of
    cards takes the counting word of flat things)."""
    if language() == DEFAULT_LANGUAGE:
        return count(n, *SUIT_WORDS[suit])
    return _("{cards} of {suits}").format(cards=count(n, "card"), suits=suit_plural(suit))


def who_it_is(card: Card, trump: Suit) -> str:
    """What a card that changes suit is, for reasons (no parentheses, so it nests in any sentence): ``the left
    bower, a heart while hearts are trump`` for J♦ under hearts, ``the joker, the best bower, a heart while
    hearts are trump`` for RJ; '' for every other card."""
    if card == BENNY:
        return _("the joker, the best bower, {a_suit} while {suits} are trump").format(
            a_suit=suit_name(trump, 1), suits=suit_plural(trump))
    if card == left_bower(trump):
        return _("the left bower, {a_suit} while {suits} are trump").format(a_suit=suit_name(trump, 1),
                                                                           suits=suit_plural(trump))
    return ""
