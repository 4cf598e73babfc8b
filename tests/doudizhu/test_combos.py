"""Golden tests: the 13 combination types, the 4-player differences the seed states, the options,
several readings of one set of cards, and the reasons cards are no combination."""

import dataclasses

import pytest

from engine.doudizhu.combos import Kind, beats, readings
from engine.doudizhu.explain import why_not
from engine.doudizhu.order import counts_of
from engine.doudizhu.play import check
from engine.doudizhu.rules import make_rules
from engine.errors import InvalidRequestError, UnknownNameError
from tests.doudizhu.helpers import FOUR, THREE, cards, counts, kinds, position

LOOSE = make_rules("three_player", {"distinct_kickers": False})


def one(text: str, rules=THREE):
    found = readings(counts(text, rules), rules)
    assert len(found) == 1, (text, found)
    return found[0]


@pytest.mark.parametrize(("text", "kind", "rank", "length"), [
    ("7", Kind.SINGLE, "7", 1),
    ("RJ", Kind.SINGLE, "RJ", 1),
    ("Q Q", Kind.PAIR, "Q", 1),
    ("2 2 2", Kind.TRIPLET, "2", 1),
    ("9 9 9 3", Kind.TRIPLET_SINGLE, "9", 1),
    ("3 9 9 9", Kind.TRIPLET_SINGLE, "9", 1),
    ("K K K BJ", Kind.TRIPLET_SINGLE, "K", 1),
    ("5 5 5 2 2", Kind.TRIPLET_PAIR, "5", 1),
    ("3 4 5 6 7", Kind.SEQUENCE, "7", 5),
    ("10 J Q K A", Kind.SEQUENCE, "A", 5),
    ("3 4 5 6 7 8 9 10 J Q K A", Kind.SEQUENCE, "A", 12),
    ("5 5 6 6 7 7", Kind.PAIR_SEQUENCE, "7", 3),
    ("Q Q Q K K K", Kind.AIRPLANE, "K", 2),
    ("3 3 3 4 4 4 5 5 5 6 6 6", Kind.AIRPLANE, "6", 4),
    ("7 7 7 8 8 8 3 5", Kind.AIRPLANE_SINGLES, "8", 2),
    ("7 7 7 8 8 8 2 BJ", Kind.AIRPLANE_SINGLES, "8", 2),
    ("7 7 7 8 8 8 9 9 9 3 4 2", Kind.AIRPLANE_SINGLES, "9", 3),
    ("7 7 7 8 8 8 3 3 2 2", Kind.AIRPLANE_PAIRS, "8", 2),
    ("8 8 8 8", Kind.BOMB, "8", 4),
    ("BJ RJ", Kind.ROCKET, "RJ", 1),
    ("6 6 6 6 3 9", Kind.QUADPLEX_SINGLES, "6", 1),
    ("6 6 6 6 3 3 9 9", Kind.QUADPLEX_PAIRS, "6", 1),
    ("2 2 2 2 BJ 3", Kind.QUADPLEX_SINGLES, "2", 1),
])
def test_every_type_three_players(text, kind, rank, length) -> None:
    combo = one(text)
    assert (combo.kind, combo.main.text, combo.length) == (kind, rank, length)
    assert combo.counts == counts(text)
    assert sorted(c.text for c in combo.cards) == sorted(c.text for c in cards(text))


def test_cards_come_main_part_first() -> None:
    assert one("3 9 9 9").text == "9 9 9 3"
    assert one("2 2 7 7 7 8 8 8 3 3").text == "7 7 7 8 8 8 3 3 2 2"


@pytest.mark.parametrize(("text", "reason"), [
    ("3 4 5 6", "a sequence needs at least five single cards of consecutive ranks, and this play has only four"),
    ("J Q K A 2", "2s cannot be part of a sequence: sequences run from 3 up to the ace"),
    ("10 J Q K A BJ", "jokers cannot be part of a sequence"),
    ("3 4 5 7 8", "consecutive ranks: 6 is missing between 3 and 8"),
    ("3 3 4 4", "a pair sequence needs at least three consecutive pairs"),
    ("K K A A 2 2", "2s cannot be part of a pair sequence"),
    ("3 3 4 4 6 6", "consecutive ranks: 5 is missing"),
    ("A A A 2 2 2", "2s cannot be part of an airplane"),
    ("3 3 3 5 5 5", "consecutive ranks: 4 is missing"),
    ("3 4", "a pair is two cards of the same rank"),
    ("9 9 9 3 4", "a triplet carries one single or one pair, and a 3 and a 4 are neither"),
    ("7 7 7 8 8 8 3", "carries two singles or two pairs, and this play has one other card"),
    ("7 7 7 8 8 8 5 5", "single kickers of an airplane of two triplets must be of different ranks, but here they "
                        "are a pair of 5s"),
    ("7 7 7 8 8 8 BJ RJ", "the black and the red joker cannot be kickers of one play"),
    ("6 6 6 6 BJ RJ", "the black and the red joker cannot be kickers"),
    ("6 6 6 6 3 3", "the two single kickers of a quadplex must be of different ranks"),
    ("3 BJ RJ", "the two jokers together are the rocket"),
    ("3 3 3 3 4 4 4 4", "two bombs cannot be played as one combination"),
])
def test_reasons_for_no_combination(text, reason) -> None:
    assert readings(counts(text), THREE) == ()
    assert reason in why_not(counts(text), THREE)


def test_kickers_may_not_share_the_triplets_rank_in_any_option() -> None:
    for rules in (THREE, LOOSE):
        assert readings(counts("3 3 3 3 4 4 4 5"), rules) == ()
        reason = why_not(counts("3 3 3 3 4 4 4 5"), rules)
        assert "same rank as the airplane's triplets, and the play has four 3s" in reason


# --- 4 players -------------------------------------------------------------------------------------

def test_five_3s_beat_four_7s_with_four_players() -> None:
    five = one("3 3 3 3 3", FOUR)
    four = one("7 7 7 7", FOUR)
    assert five.kind is four.kind is Kind.BOMB
    assert beats(five, four) and not beats(four, five)
    assert check(position("3 3 3 3 3 9", "7 7 7 7", FOUR), cards("3 3 3 3 3", FOUR)).legal
    verdict = check(position("7 7 7 7 9", "3 3 3 3 3", FOUR), cards("7 7 7 7", FOUR))
    assert not verdict.legal and "fewer cards never beats" in verdict.reason


def test_bombs_of_four_to_eight_cards_with_four_players() -> None:
    for n in range(4, 9):
        combo = one(" ".join(["9"] * n), FOUR)
        assert (combo.kind, combo.length) == (Kind.BOMB, n)
    assert beats(one("3 3 3 3 3 3 3 3", FOUR), one("2 2 2 2 2 2 2", FOUR))
    assert beats(one("8 8 8 8 8", FOUR), one("6 6 6 6 6", FOUR))


def test_triplet_with_a_single_is_refused_with_four_players() -> None:
    assert kinds("9 9 9 3", THREE) == ["triplet_single"]
    assert kinds("9 9 9 3", FOUR) == []
    assert "not played with four players" in why_not(counts("9 9 9 3", FOUR), FOUR)
    assert kinds("9 9 9 3 3", FOUR) == ["triplet_pair"]


def test_airplane_with_singles_and_quadplex_are_refused_with_four_players() -> None:
    assert kinds("7 7 7 8 8 8 3 5", FOUR) == []
    assert "airplane with singles is not played with four players" in why_not(counts("7 7 7 8 8 8 3 5", FOUR), FOUR)
    assert kinds("6 6 6 6 3 9", FOUR) == []
    assert "quadplex" in why_not(counts("6 6 6 6 3 9", FOUR), FOUR)
    assert kinds("7 7 7 8 8 8 3 3 5 5", FOUR) == ["airplane_pairs"]


def test_the_rocket_is_all_four_jokers_with_four_players() -> None:
    assert kinds("BJ BJ RJ RJ", FOUR) == ["rocket"]
    assert kinds("BJ RJ", FOUR) == []
    assert "all four jokers" in why_not(counts("BJ RJ", FOUR), FOUR)
    assert beats(one("BJ BJ RJ RJ", FOUR), one("2 2 2 2 2 2 2 2", FOUR))
    assert kinds("BJ RJ", THREE) == ["rocket"]


def test_same_colour_jokers_pair_with_four_players() -> None:
    assert kinds("BJ BJ", FOUR) == ["pair"]
    assert kinds("RJ RJ", FOUR) == ["pair"]
    assert beats(one("RJ RJ", FOUR), one("BJ BJ", FOUR))
    assert beats(one("BJ BJ", FOUR), one("2 2", FOUR))
    assert kinds("7 7 7 BJ BJ", FOUR) == ["triplet_pair"]
    assert kinds("7 7 7 8 8 8 BJ BJ 3 3", FOUR) == ["airplane_pairs"]
    assert kinds("7 7 7 8 8 8 BJ BJ RJ RJ", FOUR) == []
    loose = dataclasses.replace(FOUR, jokers_as_kickers=True)
    assert kinds("7 7 7 8 8 8 BJ BJ RJ RJ", loose) == ["airplane_pairs"]


def test_quadplex_is_not_an_option_with_four_players() -> None:
    with pytest.raises(InvalidRequestError, match="not played with 4 players"):
        make_rules("four_player", {"quadplex": True})


# --- options and readings ----------------------------------------------------------------------------

def test_333444555666_reads_two_ways_when_kickers_may_repeat() -> None:
    text = "3 3 3 4 4 4 5 5 5 6 6 6"
    assert kinds(text, THREE) == ["airplane"]
    found = readings(counts(text), LOOSE)
    assert [c.kind for c in found] == [Kind.AIRPLANE, Kind.AIRPLANE_SINGLES]
    assert (found[1].main.text, found[1].length) == ("6", 3)  # 4-5-6 with three 3s, the higher reading
    assert found[0].length == 4
    # comparison uses the reading that matches the table: 6-7-8-9, or 7-8-9 with three 6s
    hand = "6 6 6 7 7 7 8 8 8 9 9 9"
    higher = position(hand, "10 10 10 J J J Q Q Q 3 4 5", LOOSE)
    assert not check(higher, cards(hand)).legal
    lower = position(hand, "3 3 3 4 4 4 5 5 5 J Q K", LOOSE)
    verdict = check(lower, cards(hand))
    assert verdict.legal and "airplane of three triplets from 7 to 9" in verdict.reason
    assert check(position(hand, "3 3 3 4 4 4 5 5 5 J J J", LOOSE), cards(hand)).legal


def test_repeated_single_kickers_option() -> None:
    assert kinds("7 7 7 8 8 8 5 5", THREE) == []
    assert kinds("7 7 7 8 8 8 5 5", LOOSE) == ["airplane_singles"]
    assert kinds("6 6 6 6 3 3", LOOSE) == ["quadplex_singles"]
    assert kinds("3 3 3 4 4 4 5 5 5 9 9 9", LOOSE) == ["airplane_singles"]  # kickers never a bomb...
    assert kinds("3 3 3 4 4 4 5 5 5 6 6 6 9 9 9 9", LOOSE) == []  # ...four 9s as kickers would be one


def test_jokers_as_kickers_option() -> None:
    both = make_rules("three_player", {"jokers_as_kickers": True})
    assert kinds("7 7 7 8 8 8 BJ RJ", both) == ["airplane_singles"]
    assert kinds("6 6 6 6 BJ RJ", both) == ["quadplex_singles"]


def test_quadplex_option() -> None:
    off = make_rules("three_player", {"quadplex": False})
    assert kinds("6 6 6 6 3 9", off) == []
    reason = why_not(counts("6 6 6 6 3 9"), off)
    assert "is not played under these rules: the option “Quadplex (4 + 2)” is off" in reason


def test_unknown_option_and_preset() -> None:
    with pytest.raises(UnknownNameError, match="unknown option 'kickers'; known: distinct_kickers"):
        make_rules("three_player", {"kickers": True})
    with pytest.raises(UnknownNameError, match="unknown option 'players'"):
        make_rules("three_player", {"players": 4})  # the preset chooses the number of players
    with pytest.raises(UnknownNameError, match="three_player, four_player"):
        make_rules("two_player")
    with pytest.raises(InvalidRequestError, match="true or false"):
        make_rules("three_player", {"spring": "yes"})
    with pytest.raises(InvalidRequestError, match="from 0 to 20"):
        make_rules("three_player", {"max_redeals": 21})


# --- comparison ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("play", "table", "result"), [
    ("8", "7", True), ("7", "7", False), ("2", "A", True), ("BJ", "2", True), ("RJ", "BJ", True),
    ("4 4", "3 3", True), ("4 4 4 3", "3 3 3 2", True), ("4 4 4 3", "3 3 3 2 2", False),
    ("4 5 6 7 8", "3 4 5 6 7", True), ("4 5 6 7 8 9", "3 4 5 6 7", False),
    ("3 3 3 3", "A A 2 2 2", True), ("3 3 3 3", "2 2 2 2", False), ("2 2 2 2", "3 3 3 3", True),
    ("BJ RJ", "2 2 2 2", True), ("2 2 2 2", "BJ RJ", False),
    ("Q Q Q K K K 3 4", "J J J Q Q Q A 2", True), ("7 7 7 7 3 4", "6 6 6 6 A 2", True),
    ("7 7 7 7 3 4", "6 6 6 6 A A 2 2", False),
])
def test_beats(play, table, result) -> None:
    assert beats(one(play), one(table)) is result


def test_counts_of_ignores_suits() -> None:
    assert counts_of(cards("3s 3h bj")) == counts("3 3 BJ")
