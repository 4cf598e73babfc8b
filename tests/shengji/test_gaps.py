"""The rule gaps of issue #16, each an option tested both ways: four identical cards with four decks, levels that
must be played (and defended), an attackers' total below zero, the starter's partner naming trump, a trump suit
fixed before the deal, no-trump declarations forbidden, and beating the part led after a failed throw. (The ladder
of long tractors is in test_follow.py.) Every default is a note of the ``rules`` command, with its option."""

from __future__ import annotations

from dataclasses import replace

from engine.base import PASS
from engine.cards import Rank, Suit
from engine.command_tables import json_commands
from engine.shengji import (
    GAME,
    NOTES,
    Kind,
    Name,
    Phase,
    Play,
    Position,
    State,
    check,
    classify,
    climb_levels,
    decompose,
    level_change,
    requirement,
    score_hand,
)
from engine.shengji.combos import describe_format
from engine.shengji.ladder import ladder_for
from tests.shengji.helpers import cards, rules, trump

COMMANDS = json_commands("shengji")

FOUR = rules(decks=4)
QUADS = rules(decks=4, four_of_a_kind=True)


def test_four_identical_cards_are_a_throw_by_default_and_one_combination_as_an_option() -> None:
    aaaa = cards("AH AH AH AH")
    assert classify(aaaa, trump(FOUR), FOUR) is None
    assert [p.kind for p in decompose(aaaa, trump(FOUR), FOUR)] == [Kind.TRIPLE, Kind.SINGLE]
    four = classify(aaaa, trump(QUADS), QUADS)
    assert four is not None and four.kind is Kind.FOUR and four.name == "the four of a kind A♥ A♥ A♥ A♥"
    assert classify(cards("AH AH AH AH KH KH KH KH"), trump(QUADS), QUADS).kind is Kind.TRACTOR  # type: ignore[union-attr]
    rungs = [describe_format(f) for f in ladder_for(decompose(aaaa, trump(QUADS), QUADS), QUADS)]
    assert rungs == ["four of a kind", "a triple and one other card", "a pair and two other cards", "any four cards"]
    follow = Position.build(hand=cards("KH KH KH KH 9H 3C"), table=aaaa, rules=QUADS, trump=trump(QUADS))
    assert requirement(follow).rung == 0 and not check(follow, cards("KH KH KH 9H")).legal
    assert check(Position.build(hand=cards("KH KH KH KH 9H 3C"), table=aaaa, rules=FOUR, trump=trump(FOUR)),
                                cards("KH KH KH 9H")).legal


def test_levels_that_must_be_played_are_won_as_bankers_by_default() -> None:
    stop = rules(stop_ranks=["5", "10"])
    assert climb_levels(Rank.THREE, 3, stop) == (Rank.FIVE, False), "never jumped over"
    assert climb_levels(Rank.FIVE, 1, stop, as_bankers=False) == (Rank.FIVE, False), "taking the bank: stays"
    assert climb_levels(Rank.FIVE, 2, stop, as_bankers=True) == (Rank.SEVEN, False), "won as the bankers: goes on"
    jump_only = rules(stop_ranks=["5", "10"], defend_stop_ranks=False)
    assert climb_levels(Rank.FIVE, 1, jump_only, as_bankers=False) == (Rank.SIX, False)
    # a round: WE at 5 (a level that must be played) take the bank with 120 points and stay at 5
    s = score_hand(stop, trick_points=120, kitty_points=0, last_trick_cards=1, attackers_won_last=False, starter=0,
                   levels=(Rank.NINE, Rank.FIVE))
    assert not s.change.bankers_keep and s.change.levels == 1 and s.levels == (Rank.NINE, Rank.FIVE)
    s2 = score_hand(jump_only, trick_points=120, kitty_points=0, last_trick_cards=1, attackers_won_last=False,
                    starter=0, levels=(Rank.NINE, Rank.FIVE))
    assert s2.levels == (Rank.NINE, Rank.SIX)


def test_a_total_below_zero_counts_as_no_points_or_extends_the_table() -> None:
    comp = rules()
    assert [level_change(p, comp).levels for p in (0, -5, -30, -100)] == [3, 3, 3, 3]
    assert "counts as no points (a common rule, not in these rules; the option “Attackers' points below zero” " \
        "changes it)" in level_change(-30, comp).text
    extended = rules(below_zero="extended")
    assert [level_change(p, extended).levels for p in (0, -5, -40, -45, -80, -85)] == [3, 4, 4, 5, 5, 6]
    assert level_change(-45, extended).bankers_keep
    out = COMMANDS["score"]({"preset": "tractor", "options": {"below_zero": "extended"}, "attacker_points": 0,
                             "penalty": -50})
    assert out["attacker_points"] == -50 and out["levels_up"] == 5


def _pass_until_settled(state: State) -> State:
    while state.phase is Phase.DRAW:
        state = GAME.apply(state, PASS)
    return state


LATER = {"levels": {"NS": "5", "WE": "9"}, "starter": "W"}


def test_the_starters_partner_names_trump_when_nobody_declares() -> None:
    r = GAME.rules("competition", {"no_declaration": "partner_names"})
    state = _pass_until_settled(GAME.new_game(r, 3, LATER))
    assert state.phase is Phase.NAME and state.to_act == 3 and state.starter == 1  # E names for W
    assert [GAME.action_text(a) for a in GAME.legal_actions(state)] == ["name S", "name H", "name D", "name C"]
    assert not GAME.check(state, PASS).legal
    after, step = GAME.step(state, GAME.parse_action(state, "name H"))
    assert after.phase is Phase.BURY and after.trump is not None and after.trump.suit is Suit.HEARTS
    assert after.trump.rank is Rank.NINE and after.to_act == 1
    assert "E, the starter's partner, names ♥ trump" in step.comment
    default = _pass_until_settled(GAME.new_game(GAME.rules("competition"), 3, LATER))
    assert default.phase is Phase.BURY and default.kitty_turn is not None  # the first kitty card names the suit


def test_a_trump_suit_fixed_before_the_deal_needs_no_declaring() -> None:
    r = GAME.rules("competition", {"fixed_trump": "H"})
    state = GAME.new_game(r, 5)
    assert state.phase is Phase.BURY and state.starter == 0 and state.trump is not None
    assert state.trump.suit is Suit.HEARTS and not state.declarations
    assert GAME.new_game(GAME.rules("competition"), 5).phase is Phase.DRAW
    from engine.shengji import check_declaration

    refused = check_declaration(cards("2H"), 0, Rank.TWO, None, r)
    assert not refused.legal and refused.reason == "nobody declares under these rules: the trump suit is ♥, fixed " \
        "before the deal"


def test_no_trump_declarations_may_be_forbidden() -> None:
    from engine.shengji import check_declaration

    comp = rules()
    allowed = check_declaration(cards("BJ BJ"), 0, Rank.TWO, None, comp)
    assert allowed.legal and allowed.reason == "N declares BJ BJ: no trump"
    banned = check_declaration(cards("BJ BJ"), 0, Rank.TWO, None, rules(no_trump_declarations=False))
    assert not banned.legal and banned.reason == "jokers never declare under these rules: there are no no-trump rounds"


def test_who_can_beat_the_part_led_after_a_failed_throw_must_beat_it_as_an_option() -> None:
    on = rules("tractor", must_beat_failed_throw=True)
    t = trump(on)
    hand = cards("KH 7H 3C")
    must = Position.build(hand=hand, table=cards("QH"), rules=on, trump=t, beat_lead=True)
    assert requirement(must).beat is not None and requirement(must).example == cards("KH")
    low = check(must, cards("7H"))
    assert not low.legal and low.reason.endswith("7♥ does not beat it")
    assert check(must, cards("KH")).legal
    off = Position.build(hand=hand, table=cards("QH"), rules=rules("tractor"), trump=t, beat_lead=True)
    assert requirement(off).beat is None and check(off, cards("7H")).legal
    cannot = Position.build(hand=cards("JH 7H 3C"), table=cards("QH"), rules=on, trump=t, beat_lead=True)
    assert requirement(cannot).beat is None and check(cannot, cards("7H")).legal


def test_must_beat_in_a_round_after_a_failed_throw() -> None:
    """In a round: the part led after a failed throw (Q♥, from A♥ Q♥) and a follower holding K♥ — with the option
    the follower's legal plays all beat it, and a lower ♥ is refused; without it, the usual duty."""
    for must in (True, False):
        r = GAME.rules("tractor", {"must_beat_failed_throw": must})
        state = _pass_until_settled(GAME.new_game(r, 1))
        while state.phase is not Phase.PLAY:
            state = GAME.apply_unchecked(state, GAME.bot("heuristic").choose(state, __import__("random").Random(1)))
        seat = ((state.to_act or 0) + 1) % 4
        hands = list(state.hands)
        hands[seat] = cards("KH 7H 3C")
        posed = replace(state, trick=(cards("QH"),), attempted=cards("AH QH"), hands=tuple(hands), to_act=seat)
        plays = [GAME.action_text(a) for a in GAME.legal_actions(posed)]
        low = GAME.check(posed, Play(cards("7H")))
        if must:
            assert plays == ["KH"] and not low.legal and low.reason.endswith("7♥ does not beat it")
        else:
            assert sorted(plays) == ["7H", "KH"] and low.legal


def test_every_default_is_a_note_with_its_option() -> None:
    notes = {n.option for n in NOTES}
    common = {s.name for s in GAME.option_specs() if s.common}
    assert {"four_of_a_kind", "below_zero", "defend_stop_ranks", "bury_points_allowed", "throw_penalty_per_card",
            "failed_throw_part", "band", "threshold", "stop_ranks", "turn_order"} <= common
    assert common - {"kitty_size", "defend_stop_ranks"} <= notes
    answer = COMMANDS["rules"]({})
    assert {n["option"] for n in answer["notes"]} >= {"long_tractor_follow", "must_beat_failed_throw", "below_zero"}
    assert Name(Suit.SPADES) in GAME.legal_actions(_pass_until_settled(GAME.new_game(
        GAME.rules("competition", {"no_declaration": "partner_names"}), 3, LATER)))
