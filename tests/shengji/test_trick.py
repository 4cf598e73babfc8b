"""Throws (stand or fail, the forced part, the next player's choice) and the winner of a trick."""

import pytest

from engine.errors import InvalidPositionError
from engine.shengji.play import Position, check
from engine.shengji.trick import judge_throw, trick_winner
from tests.shengji.helpers import bag, cards, rules, trump

COMP = rules("competition")
T = trump(COMP)  # rank 10, spades trump


def others(w: str, s: str = "2C", e: str = "3C"):
    return [("W", cards(w)), ("S", cards(s)), ("E", cards(e))]


# --- seed 000's Q44 example ----------------------------------------------------------------------


def test_q44_single_above_q_forces_the_q() -> None:
    j = judge_throw(cards("QH 4H 4H"), others("KH 2H 6D"), T, COMP)
    assert not j.stands and j.forced == cards("QH") and j.chooser is None
    assert "K♥" in j.reason


def test_q44_pair_above_44_forces_the_pair() -> None:
    j = judge_throw(cards("QH 4H 4H"), others("5H 5H 2H"), T, COMP)
    assert not j.stands and bag(j.forced) == bag(cards("4H 4H"))


def test_q44_both_fail_the_next_player_chooses() -> None:
    j = judge_throw(cards("QH 4H 4H"), others("5H 5H", s="AH"), T, COMP)
    assert not j.stands and j.forced is None
    assert j.chooser == "W"
    assert {bag(o) for o in j.options} == {bag(cards("QH")), bag(cards("4H 4H"))}
    assert "chooses" in j.reason


def test_q44_stands_when_nobody_can_beat_a_part() -> None:
    j = judge_throw(cards("QH 4H 4H"), others("JH 3H 3H 2H", s="AS AS", e="KD KD"), T, COMP)
    assert j.stands and j.options == ()


def test_trumps_do_not_beat_a_throw_of_a_plain_suit() -> None:
    assert judge_throw(cards("AH KH"), others("RJ BJ 10S"), T, COMP).stands


def test_smallest_failing_single_is_forced() -> None:
    j = judge_throw(cards("AH QH 9H"), others("KH 2H"), T, COMP)
    assert j.forced == cards("9H")
    assert j.taken_back(j.forced) == 2


def test_tractor_part_fails_against_a_higher_tractor_of_the_same_shape() -> None:
    lead = cards("AH 5H 5H 6H 6H")
    assert not judge_throw(lead, others("7H 7H 8H 8H 9H 9H"), T, COMP).stands
    # a single higher pair does not beat a tractor
    assert judge_throw(lead, others("KH KH 2H"), T, COMP).stands


def test_a_single_combination_always_stands() -> None:
    assert judge_throw(cards("4H 4H"), others("AH AH"), T, COMP).stands


def test_check_of_a_throw_uses_the_other_hands() -> None:
    p = Position.build(hand=cards("QH 4H 4H 3C"), rules=COMP, trump=T, others=dict(others("KH")))
    v = check(p, cards("QH 4H 4H"))
    assert not v.legal and "must lead Q♥" in v.reason
    assert check(Position.build(hand=cards("QH 4H 4H 3C"), rules=COMP, trump=T), cards("QH 4H 4H")).legal
    no = Position.build(hand=cards("QH 4H 4H 3C"), rules=rules(throws_allowed=False), trump=T)
    assert not check(no, cards("QH 4H 4H")).legal


def test_a_lead_of_two_suits_is_refused() -> None:
    p = Position.build(hand=cards("QH 4C"), rules=COMP, trump=T)
    v = check(p, cards("QH 4C"))
    assert not v.legal and "one suit" in v.reason


# --- the winner ---------------------------------------------------------------------------------


def win(*plays: str, r=COMP, t=T) -> int:
    return trick_winner([cards(p) for p in plays], t, r).winner


def test_highest_of_the_led_suit_wins() -> None:
    assert win("9H", "KH", "3H", "AH") == 3
    assert win("9H", "KH", "3C", "2H") == 1


def test_equal_plays_first_wins() -> None:
    # off-suit rank cards are equal trumps
    assert win("10H", "10D", "10C", "3S") == 0
    assert win("3S", "10D", "10C", "10H") == 1


def test_pair_lead_only_pairs_can_win() -> None:
    assert win("4H 4H", "AH KH", "5H 5H", "2H 3H") == 2


def test_trumping_needs_the_exact_shape() -> None:
    assert win("4H 4H", "2S 2S", "AH AH", "3C 4C") == 1  # trump pair beats a higher plain pair
    assert win("4H 4H", "2S 3S", "5H 6H", "3C 4C") == 0  # two single trumps are a discard


def test_overtrumping_needs_a_higher_trump_in_the_shape() -> None:
    assert win("4H 4H", "2S 2S", "3S 3S", "5H 5H") == 2
    assert win("4H 4H", "3S 3S", "2S 2S", "5H 5H") == 1
    assert win("4H", "2S", "BJ", "RJ") == 3
    assert win("4H", "BJ", "10H", "10D") == 1


def test_tractor_lead_trumped_by_a_trump_tractor() -> None:
    assert win("5H 5H 6H 6H", "AS AS 10D 10D", "KS KS QS QS", "7H 7H 8H 8H") == 1
    assert win("5H 5H 6H 6H", "2S 2S 9S 9S", "7H 7H 8H 8H", "3C 3C 3D 3D") == 2


def test_throw_trumped_compares_the_largest_pairs() -> None:
    # lead: A♥ single + 4♥4♥ pair; trump plays compare by their pairs
    assert win("AH 4H 4H", "RJ 2S 2S", "BJ 3S 3S", "5C 5C 6C") == 2
    # an unbeaten throw is won by its leader
    assert win("AH 4H 4H", "KH 3H 2H", "QH 5H 5H", "6C 7C 8C") == 0


def test_trump_lead_followed_in_trumps() -> None:
    assert win("3S 3S", "4S 4S", "BJ BJ", "AS KS") == 2


def test_winner_reason_and_roles() -> None:
    out = trick_winner([cards(p) for p in ("4H 4H", "2S 3S", "AH KH", "5S 5S")], T, COMP, seats="NWSE")
    assert out.winner == 3
    assert "E wins" in out.reason
    assert "discard" in out.roles[1] and "cannot win" in out.roles[2]
    assert out.points == 20


def test_no_trump_tractor_preset_winner() -> None:
    tr = rules("tractor")
    t = trump(tr, "2", None)
    assert win("2H", "AH", "BJ", "3H", r=tr, t=t) == 2
    assert win("2H 2H", "AH AH", "3H 3H", "KH KH", r=tr, t=t) == 1


def test_plays_of_different_sizes_are_refused() -> None:
    with pytest.raises(InvalidPositionError, match="as many cards"):
        trick_winner([cards("4H 4H"), cards("5H")], T, COMP)
