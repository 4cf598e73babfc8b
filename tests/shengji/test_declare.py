"""Declaring trump: strength orders of both presets, overriding, reinforcing, and no declaration."""

import pytest

from engine.cards import Rank, Suit
from engine.errors import InvalidPositionError
from engine.shengji import Declaration, check_declaration, declaration, legal_declarations, turn_kitty
from tests.shengji.helpers import cards, rules

COMP = rules("competition")
TRAC = rules("tractor")
THREE = rules(decks=3)


def can(new: str, current: str | None, r=COMP, seat=1, current_seat=0, rank=Rank.TWO) -> bool:
    cur = None
    if current:
        cs = cards(current)
        cur = Declaration(current_seat, cs[0], len(cs))
    return check_declaration(cards(new), seat, rank, cur, r).legal


# seed 000: one rank card < pair < two small jokers < two big jokers < three rank < three small < three big
COMPETITION_ORDER = ["2H", "2H 2H", "BJ BJ", "RJ RJ", "2S 2S 2S", "BJ BJ BJ", "RJ RJ RJ"]


def test_competition_strength_order_three_decks() -> None:
    for i, weaker in enumerate(COMPETITION_ORDER):
        for stronger in COMPETITION_ORDER[i + 1:]:
            assert can(stronger, weaker, THREE), (stronger, weaker)
            assert not can(weaker, stronger, THREE), (weaker, stronger)


def test_equal_declarations_do_not_override() -> None:
    assert not can("2S", "2H")
    assert not can("2S 2S", "2H 2H")
    assert can("2S 2S", "2H")


def test_tractor_order_seed_001() -> None:
    assert can("2S 2S", "2H", TRAC)
    assert can("BJ BJ", "2H", TRAC) and can("RJ RJ", "2H", TRAC)
    assert can("BJ BJ", "2H 2H", TRAC) and can("RJ RJ", "2H 2H", TRAC)
    assert not can("RJ RJ", "BJ BJ", TRAC)  # a pair of jokers cannot be overridden
    assert not can("BJ BJ", "RJ RJ", TRAC)
    assert not can("2S", "2H", TRAC)
    # competition: big jokers do override small jokers
    assert can("RJ RJ", "BJ BJ", COMP)


def test_own_declaration_may_be_reinforced_not_overridden() -> None:
    assert can("2H 2H", "2H", seat=0, current_seat=0)
    assert not can("2S 2S", "2H", seat=0, current_seat=0)
    verdict = check_declaration(cards("2S 2S"), 0, Rank.TWO, Declaration(0, cards("2H")[0], 1), COMP)
    assert "reinforce" in verdict.reason
    # the partner may override
    assert can("2S 2S", "2H", seat=2, current_seat=0)


def test_what_may_be_declared() -> None:
    assert not can("3H", None)  # not the trump rank
    assert not can("BJ", None)  # a joker never declares alone
    assert can("BJ BJ", None)
    mixed = check_declaration(cards("2H 2S"), 0, Rank.TWO, None, COMP)
    assert not mixed.legal and "identical" in mixed.reason
    with pytest.raises(InvalidPositionError, match="identical"):
        declaration(cards("2H 2S"), 0)
    verdict = check_declaration(cards("2H 2H"), 0, Rank.TWO, None, COMP, hand=cards("2H 5C"))
    assert not verdict.legal and "you hold one 2♥, not two" in verdict.reason


def test_joker_declaration_is_no_trump() -> None:
    assert check_declaration(cards("BJ BJ"), 0, Rank.TWO, None, COMP).legal
    decl = declaration(cards("BJ BJ"), 0)
    assert decl.suit is None and decl.outcome == "no trump"


def test_legal_declarations_list() -> None:
    hand = cards("2H 2H 2S BJ BJ 5C")
    current = Declaration(1, cards("2D")[0], 1)
    texts = [d.text for d in legal_declarations(hand, 0, Rank.TWO, current, COMP)]
    assert texts == ["2H 2H", "BJ BJ"]
    assert [d.text for d in legal_declarations(hand, 0, Rank.TWO, None, COMP)][:2] == ["2H", "2S"]


def test_turn_kitty_until_a_rank_card_seed_001() -> None:
    turn = turn_kitty(cards("BJ 9C 5D 7H 2S KH 3C 4C"), Rank.SEVEN, TRAC)
    assert turn.suit is Suit.HEARTS and len(turn.turned) == 4
    # no rank card: the highest card's suit, the first turned on ties
    turn = turn_kitty(cards("9C KD 5D KH 2S 3C 4C 6H"), Rank.SEVEN, TRAC)
    assert turn.suit is Suit.DIAMONDS
    assert turn_kitty(cards("RJ BJ"), Rank.SEVEN, TRAC).suit is None


def test_first_kitty_card_seed_000() -> None:
    turn = turn_kitty(cards("BJ 9C 5D 7H"), Rank.SEVEN, COMP)
    assert turn.suit is Suit.CLUBS and turn.turned == cards("BJ 9C")
