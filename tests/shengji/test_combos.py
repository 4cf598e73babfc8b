"""Combinations and the decomposition of throws."""

import pytest

from engine.errors import InvalidPositionError
from engine.shengji.combos import Kind, classify, decompose, describe_format, format_of
from tests.shengji.helpers import cards, rules, trump

COMP = rules("competition")
T = trump(COMP)


def test_single_pair_tractor() -> None:
    assert classify(cards("AH"), T, COMP).kind is Kind.SINGLE
    assert classify(cards("AH AH"), T, COMP).kind is Kind.PAIR
    combo = classify(cards("5H 5H 6H 6H 7H 7H"), T, COMP)
    assert combo.kind is Kind.TRACTOR and combo.shape == (2, 3)
    assert classify(cards("AH KH"), T, COMP) is None  # a throw
    assert classify(cards("AH AS"), T, COMP) is None  # two groups


def test_triples_and_bulldozers_need_three_decks() -> None:
    three = rules(decks=3)
    t = trump(three)
    assert classify(cards("AH AH AH"), t, three).kind is Kind.TRIPLE
    assert classify(cards("5H 5H 5H 6H 6H 6H"), t, three).shape == (3, 2)
    # with two decks three aces cannot exist, and pairs are the widest unit
    assert [p.shape for p in decompose(cards("5H 5H 6H 6H"), t, COMP)] == [(2, 2)]


def test_one_deck_has_only_singles() -> None:
    one = rules(decks=1)
    t = trump(one)
    assert [p.kind for p in decompose(cards("AH KH QH"), t, one)] == [Kind.SINGLE] * 3


def test_throw_decomposition() -> None:
    parts = decompose(cards("AH KH KH 5H 5H 6H 6H 3H"), T, COMP)
    assert [p.shape for p in parts] == [(2, 2), (2, 1), (1, 1), (1, 1)]
    assert describe_format(format_of(parts)) == "a tractor of two pairs, a pair and two other cards"
    # the Q44 example
    parts = decompose(cards("QH 4H 4H"), T, COMP)
    assert [(p.kind, p.text) for p in parts] == [(Kind.PAIR, "4H 4H"), (Kind.SINGLE, "QH")]


def test_triple_then_pair_at_adjacent_levels_is_a_throw() -> None:
    three = rules(decks=3)
    t = trump(three)
    parts = decompose(cards("5H 5H 5H 6H 6H"), t, three)
    assert [p.shape for p in parts] == [(3, 1), (2, 1)]


def test_longest_tractor_is_taken_first() -> None:
    parts = decompose(cards("10C 10C 10D 10D 10S 10S BJ BJ"), T, COMP)
    assert [p.shape for p in parts] == [(2, 3), (2, 1)]


def test_mixed_groups_cannot_be_decomposed() -> None:
    with pytest.raises(InvalidPositionError, match="mixes suits"):
        decompose(cards("AH AS"), T, COMP)
