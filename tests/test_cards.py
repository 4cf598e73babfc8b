"""Cards, decks and notation (engine/cards.py)."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.cards import (
    DECK_SETUPS,
    Card,
    Deck,
    Rank,
    Suit,
    deck_setup,
    format_cards,
    parse_card,
    parse_cards,
    remove_cards,
)
from engine.errors import (
    CardNotInDeckError,
    IllegalPlayError,
    InvalidNotationError,
    TooManyCopiesError,
    UnknownNameError,
)

ALL_SETUPS = [deck_setup(name) for name in DECK_SETUPS]
ALL_SETUPS += [d.stripped() for d in list(ALL_SETUPS)]


@pytest.mark.parametrize("deck", ALL_SETUPS, ids=lambda d: d.name + (" suitless" if d.suitless else ""))
def test_every_card_of_every_deck_round_trips(deck: Deck) -> None:
    cards = deck.cards()
    assert deck.parse(format_cards(cards)) == tuple(cards)
    assert deck.parse(format_cards(cards, symbols=True)) == tuple(cards)
    for card in deck.distinct():
        assert parse_card(card.text, suitless=deck.suitless) == card
        assert eval(repr(card), {"Card": Card}) == card  # repr reads back


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10S", Card(Rank.TEN, Suit.SPADES)),
        ("TS", Card(Rank.TEN, Suit.SPADES)),
        ("ts", Card(Rank.TEN, Suit.SPADES)),
        ("10♠", Card(Rank.TEN, Suit.SPADES)),
        ("♠10", Card(Rank.TEN, Suit.SPADES)),
        ("qh", Card(Rank.QUEEN, Suit.HEARTS)),
        ("Q♥️", Card(Rank.QUEEN, Suit.HEARTS)),
        ("2♦", Card(Rank.TWO, Suit.DIAMONDS)),
        ("a♣", Card(Rank.ACE, Suit.CLUBS)),
        ("bj", Card(Rank.BLACK_JOKER)),
        ("RJ", Card(Rank.RED_JOKER)),
    ],
)
def test_notation_variants(text: str, expected: Card) -> None:
    assert parse_card(text) == expected


def test_canonical_formatting() -> None:
    assert format_cards(parse_cards("ts, qh  bj;rj 2c")) == "10S QH BJ RJ 2C"
    assert format_cards(parse_cards("ts qh"), symbols=True) == "10♠ Q♥"
    assert str(Card(Rank.TEN, Suit.SPADES)) == "10S"
    assert parse_cards("") == ()
    assert parse_cards("  ,  ") == ()


def test_bare_ranks_where_suits_do_not_matter() -> None:
    assert format_cards(parse_cards("3 3 4 10 t bj", suitless=True)) == "3 3 4 10 10 BJ"
    assert format_cards(parse_cards("333444", suitless=True)) == "3 3 3 4 4 4"
    assert format_cards(parse_cards("10JQKA", suitless=True)) == "10 J Q K A"
    assert format_cards(parse_cards("3s 4h", suitless=True)) == "3 4"  # suits given are dropped
    with pytest.raises(InvalidNotationError):
        parse_cards("3 3 4")  # a suited game needs suits


@pytest.mark.parametrize("text", ["1S", "11H", "XQ", "10", "S", "JJ", "10SS", "BJS", "♠", "Q♥♥", "0"])
def test_bad_cards_raise_invalid_notation_quoting_the_input(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        parse_cards(f"AS {text}")
    assert repr(text) in str(info.value) or repr(text.upper()) in str(info.value)
    assert info.value.text == text
    assert "expected" in str(info.value)
    assert isinstance(info.value, ValueError)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_invalid_notation(text: str) -> None:
    for suitless in (False, True):
        try:
            cards = parse_cards(text, suitless=suitless)
        except InvalidNotationError as error:
            assert error.text in text or error.text.upper() in text.upper()
        else:
            assert parse_cards(format_cards(cards), suitless=suitless) == cards


@given(st.lists(st.sampled_from(Deck.standard(jokers=True).distinct()), max_size=20))
def test_format_parse_round_trip_on_random_hands(cards: list[Card]) -> None:
    assert list(parse_cards(format_cards(cards))) == cards


@pytest.mark.parametrize(
    ("name", "size", "copies"),
    [("52", 52, 1), ("54", 54, 1), ("2x54", 108, 2), ("3x54", 162, 3), ("4x54", 216, 4)],
)
def test_deck_sizes_and_copies(name: str, size: int, copies: int) -> None:
    deck = deck_setup(name)
    assert deck.size == size == len(deck.cards())
    assert set(Counter(deck.cards()).values()) == {copies}


def test_a_deck_of_ranks_holds_each_rank_once_per_suit() -> None:
    deck = Deck.of_ranks("24-card Euchre deck (9 to A)", (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING,
                                                         Rank.ACE))
    assert deck.size == 24 and set(Counter(deck.cards()).values()) == {1}
    assert {c.rank for c in deck.cards()} == {Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}


def test_stripped_deck_merges_suits() -> None:
    deck = Deck.standard(jokers=True, decks=2).stripped()
    assert deck.size == 108
    assert deck.limit(Card(Rank.THREE)) == 8
    assert deck.limit(Card(Rank.BLACK_JOKER)) == 2


def test_too_many_copies_names_card_and_limit() -> None:
    deck = Deck.standard(jokers=True, decks=2)
    deck.check(parse_cards("10S 10S BJ BJ"))
    with pytest.raises(TooManyCopiesError) as info:
        deck.check(parse_cards("10S 10S 10S"), "in your hand")
    message = str(info.value)
    assert "10♠" in message and "3 times" in message and "only 2" in message and "in your hand" in message
    assert info.value.limit == 2


def test_card_not_in_deck() -> None:
    with pytest.raises(CardNotInDeckError, match="2♥ is not in the 24-card Euchre deck"):
        Deck.of_ranks("24-card Euchre deck (9 to A)", (Rank.NINE, Rank.ACE)).check(parse_cards("2H"))
    with pytest.raises(CardNotInDeckError):
        Deck.standard().check(parse_cards("BJ"))


def test_seeded_deal_is_reproducible_and_complete() -> None:
    deck = Deck.standard(jokers=True, decks=2)
    one, two = deck.deal(42, 4, 25), deck.deal(42, 4, 25)
    assert one == two
    assert deck.deal(43, 4, 25) != one
    assert len(one.rest) == 8
    assert Counter(c for hand in one.hands for c in hand) + Counter(one.rest) == Counter(deck.cards())


def test_unknown_deck_setup_lists_known() -> None:
    with pytest.raises(UnknownNameError, match="known: 52, 54"):
        deck_setup("53")


def test_remove_cards() -> None:
    hand = parse_cards("10S 10S QH")
    assert remove_cards(hand, parse_cards("10S")) == parse_cards("10S QH")
    with pytest.raises(IllegalPlayError, match="K♥ is not in your hand"):
        remove_cards(hand, parse_cards("KH"))
