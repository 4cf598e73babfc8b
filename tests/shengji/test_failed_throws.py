"""The ``failed_throw_part`` option: which failing part the thrower must lead (the smallest of each kind by
default; or the next player chooses among all of them), in judge_throw, the CLI, whole rounds and the table —
and whole rounds full of failed throws still conserve cards and points in either turn order."""

import random
from collections import Counter

import pytest

from engine.command_tables import json_commands
from engine.errors import IllegalPlayError
from engine.shengji import BOTS
from engine.shengji.combos import decompose
from engine.shengji.deal import deck_of
from engine.shengji.order import Group, points
from engine.shengji.rules import FailedThrowPart
from engine.shengji.score import team_of
from engine.shengji.state import Choose, Phase, Play, apply, new_game
from engine.shengji.trick import judge_throw
from tests.shengji.helpers import bag, cards, crafted, rules, step, trump

COMMANDS = json_commands("shengji")

CHOOSE = {"failed_throw_part": "next_player_chooses"}
CTX = {"preset": "competition", "decks": 2, "trump_rank": "10", "trump_suit": "S"}


def others(w: str, s: str = "2C", e: str = "3C"):
    return [("W", cards(w)), ("S", cards(s)), ("E", cards(e))]


def test_default_is_the_smallest_failing_part() -> None:
    r = rules()
    assert r.failed_throw_part is FailedThrowPart.SMALLEST
    # K♥ beats both Q♥ and 9♥: the thrower must lead the smaller, 9♥
    j = judge_throw(cards("AH QH 9H"), others("KH 2H"), trump(r), r)
    assert j.forced == cards("9H") and j.chooser is None
    assert ("W holds K♥, which beats the single Q♥ and the single 9♥; you must lead 9♥, the smallest failing part "
            "(a common rule, not in these rules; the option “A failed throw: the thrower leads” changes it)") \
        in j.reason


def test_next_player_chooses_among_every_failing_part() -> None:
    r = rules(**CHOOSE)
    j = judge_throw(cards("AH QH 9H"), others("KH 2H"), trump(r), r)
    assert j.forced is None and j.chooser == "W"
    assert j.options == (cards("9H"), cards("QH"))  # smallest first
    assert "the next player (W) chooses which you must lead: 9♥ or Q♥" in j.reason
    assert j.taken_back(cards("QH")) == 2


def test_both_options_agree_when_one_part_fails() -> None:
    for r in (rules(), rules(**CHOOSE)):
        j = judge_throw(cards("QH 4H 4H"), others("KH 2H 6D"), trump(r), r)
        assert j.forced == cards("QH")


def test_kinds_and_parts_together() -> None:
    """Two pairs and a single fail: smallest → the smaller pair or the single; choosing → all three."""
    throw = cards("AH JH JH 5H 5H 4H")  # pairs J J and 5 5, singles A and 4: 4♥ single, pairs fail
    hands = others("QH QH 6H 6H KH", s="3H")
    smallest = judge_throw(throw, hands, trump(rules()), rules())
    assert [bag(o) for o in smallest.options] == [bag(cards("5H 5H")), bag(cards("4H"))]
    every = judge_throw(throw, hands, trump(rules()), rules(**CHOOSE))
    assert [bag(o) for o in every.options] == [bag(cards("5H 5H")), bag(cards("JH JH")), bag(cards("4H"))]
    assert every.chooser == "W" == smallest.chooser


def test_throw_command_lists_the_choice_and_the_penalty_of_each() -> None:
    request = {**CTX, "hand": "AH QH 9H 3C", "play": "AH QH 9H", "others": {"W": "KH 2H", "S": "2C", "E": "3C"}}
    assert COMMANDS["throw"](request)["forced"] == "9H"
    out = COMMANDS["throw"]({**request, "preset": "tractor", "options": CHOOSE})
    assert out["forced"] == "" and out["chooser"] == "W"
    assert out["choices"] == [{"cards": "9H", "penalty": 20}, {"cards": "QH", "penalty": 20}]
    clockwise = COMMANDS["throw"]({**request, "options": {**CHOOSE, "turn_order": "clockwise"}})
    assert clockwise["chooser"] == "E"
    assert COMMANDS["rules"]({"options": CHOOSE})["rules"]["failed_throw_part"] == "next_player_chooses"
    with pytest.raises(ValueError, match="'failed_throw_part' .* is one of smallest, next_player_chooses, not "
                                         "'largest'"):
        COMMANDS["throw"]({**request, "options": {"failed_throw_part": "largest"}})


def test_check_of_a_lead_names_the_choice() -> None:
    out = COMMANDS["check"]({**CTX, "options": CHOOSE, "hand": "AH QH 9H 3C", "play": "AH QH 9H",
                             "others": {"W": "KH 2H", "S": "2C", "E": "3C"}})
    assert not out["legal"] and "chooses which you must lead: 9♥ or Q♥" in out["reason"]


def test_a_round_waits_for_the_next_players_choice_of_a_single() -> None:
    hands = ["AH QH 9H 3C", "KH 2H 4C 5C", "2C 6C 7C 8C", "9D 9C 8D 7D"]
    state, comment = step(crafted(rules(), hands), Play(cards("AH QH 9H")))
    assert state.phase is Phase.PLAY and state.trick == (cards("9H"),)  # default: forced, no choice
    state, comment = step(crafted(rules(**CHOOSE), hands), Play(cards("AH QH 9H")))
    assert state.phase is Phase.CHOOSE and state.to_act == 1 and "W chooses" not in comment
    with pytest.raises(IllegalPlayError, match="choose one of the failing parts: 9♥ or Q♥"):
        apply(state, Choose(cards("AH")))
    state, comment = step(state, Choose(cards("QH")))
    assert comment.startswith("W chooses Q♥") and state.trick == (cards("QH"),)
    assert Counter(state.hands[0]) == Counter(cards("AH 9H 3C")) and state.to_act == 1


def _throwing_bot(state, rng: random.Random):
    """Random play, except that a leader throws every card of a plain suit it holds two parts of (half the
    time): many throws fail, so the choice, the forced parts and the penalties all happen."""
    if state.phase is Phase.PLAY and not state.trick and rng.random() < 0.5:
        hand = state.hands[state.to_act]
        for group in (Group.SPADES, Group.HEARTS, Group.DIAMONDS, Group.CLUBS):
            suit = tuple(c for c in hand if state.trump.group(c) is group)
            if len(decompose(suit, state.trump, state.rules)) >= 2:
                return Play(suit)
    return BOTS["random"].choose(state, rng)


@pytest.mark.parametrize("preset", ["competition", "tractor"])
@pytest.mark.parametrize("options", [{}, {"turn_order": "clockwise"}, CHOOSE, {"turn_order": "clockwise", **CHOOSE}])
def test_rounds_with_failed_throws_conserve_cards_and_points(preset, options) -> None:
    r = rules(preset, **options)
    full = Counter(deck_of(r).cards())
    failed = choices = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(r, seed)
        while state.to_act is not None:
            if state.phase is Phase.CHOOSE:
                choices += 1
                assert state.to_act == (state.leader + 1) % 4  # the next player in turn order
            state, comment = step(state, _throwing_bot(state, rng))
            assert comment
        held = Counter(c for t in state.tricks for p in t.plays for c in p) + Counter(state.buried)
        assert held == full and all(not h for h in state.hands)
        assert sum(t.points for t in state.tricks) + points(state.buried) == 100 * r.decks
        failed += sum(1 for t in state.tricks if t.attempted)
        s = state.score
        attackers = sum(t.points for t in state.tricks if team_of(t.winner) != s.banker_team)
        assert s.trick_points == attackers and s.attacker_points == attackers + s.kitty_bonus + s.penalty
        taken_back = [(t.leader, len(t.attempted) - len(t.plays[0])) for t in state.tricks if t.attempted]
        expected = sum((1 if team_of(leader) == s.banker_team else -1) * n * r.throw_penalty_per_card
                       for leader, n in taken_back)
        assert s.penalty == expected
    assert failed > 0
    if options.get("failed_throw_part"):
        assert choices > 0
