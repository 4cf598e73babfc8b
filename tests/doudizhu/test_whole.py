"""Whole games of Dou Dizhu: a session of N hands, the deal passing counter-clockwise, running totals, and whoever
won the most wins."""

from __future__ import annotations

import pytest

from engine.command_tables import json_commands
from engine.doudizhu import GAME
from engine.driver import play_out, replay
from engine.errors import InvalidRequestError
from engine.match import whole_game
from engine.table import Record

COMMANDS = json_commands("doudizhu")

WHOLE = {"whole": True}


@pytest.mark.parametrize(("preset", "hands"), [("three_player", 6), ("four_player", 8)])
def test_a_session_is_two_rounds_of_deals_with_the_deal_passing_counter_clockwise(preset: str, hands: int) -> None:
    rules = GAME.rules(preset)
    record, final = play_out(GAME, rules, 5, "heuristic", preset=preset, start=WHOLE)
    assert final.over and len(final.finished) == hands == rules.hands_in_session
    dealers = [h.dealt.dealer for h in final.finished]
    first = GAME.new_game(rules, 5).dealt.dealer
    assert dealers == [(first + i) % rules.players for i in range(hands)], "the next seat in playing order deals"
    assert final.finished[0].dealt == GAME.new_game(rules, 5).dealt, "hand 1 is the seed's own deal"
    states, steps = replay(GAME, Record.from_json(record.to_json()))
    assert states[-1] == final
    assert sum(1 for s in steps if "is dealt" in s.comment) == hands - 1


def test_totals_are_the_sum_of_the_payments_and_the_most_wins() -> None:
    rules = GAME.rules()
    _, final = play_out(GAME, rules, 11, "heuristic", start=WHOLE)
    totals = [0] * 3
    for hand in final.finished:
        for letter, gain in GAME.outcome(hand).data["payments"].items():  # type: ignore[union-attr]
            totals[rules.seat_letters.index(letter)] += gain
    game = whole_game(GAME)
    outcome = game.outcome(final)
    assert outcome is not None and outcome.returns == tuple(float(t) for t in totals) == game.returns(final)
    assert sum(totals) == 0
    best = max(totals)
    winners = [rules.seat_names[s] for s in range(3) if totals[s] == best]
    assert outcome.summary.startswith("After six hands, ") and all(w in outcome.summary for w in winners)
    assert ("wins the session" if len(winners) == 1 else "share the win") in outcome.summary
    assert outcome.data["winners"] == [rules.seat_letters[rules.seat_names.index(w)] for w in winners]
    assert "False" not in outcome.summary and "None" not in outcome.summary


def test_the_scoreboard_reads_as_a_scoreboard() -> None:
    rules = GAME.rules()
    record, final = play_out(GAME, rules, 2, "heuristic", start=WHOLE)
    states, _ = replay(GAME, record)
    game = whole_game(GAME)
    middle = next(s for s in states if len(s.finished) == 2 and s.hand.phase.value == "play")
    info = dict(game.view(middle, 0).info)
    assert info["Hand"] == "3" and info["Session"] == f"six hands; {rules.seat_names[middle.hand.dealt.dealer]} deals"
    assert info["Totals"].startswith("South ") and " · East " in info["Totals"]
    assert "the landlord at" in info["Last hand"]
    assert dict(game.view(final, None).info)["Hand"] == "6 (the last)"


def test_the_session_length_is_an_option() -> None:
    rules = GAME.rules(None, {"session_hands": 2})
    _, final = play_out(GAME, rules, 4, "random", start=WHOLE)
    assert len(final.finished) == 2
    answer = COMMANDS["playout"]({"seed": 4, "start": WHOLE, "options": {"session_hands": 3}, "bots": "random"})
    assert "After three hands" in answer["outcome"]["summary"]
    with pytest.raises(InvalidRequestError, match="Hands in a session"):
        GAME.rules(None, {"session_hands": 0})


def test_a_hand_may_start_with_its_dealer_and_a_redeal_keeps_the_dealer() -> None:
    rules = GAME.rules()
    for letter in rules.seat_letters:
        state = GAME.new_game(rules, 9, {"dealer": letter})
        assert rules.seat_letters[state.dealt.dealer] == letter
        plain = GAME.new_game(rules, 9).dealt
        assert state.dealt.kitty == plain.kitty, "the same shuffle, drawn from the seat after the dealer"
        assert sorted(map(str, state.dealt.hands)) == sorted(map(str, plain.hands))
    state = GAME.new_game(rules, 9, {"dealer": "W"})
    for _ in range(3):
        state = GAME.apply(state, GAME.parse_action(state, "pass"))
    assert state.redeals == 1 and rules.seat_letters[state.dealt.dealer] == "W"
    with pytest.raises(InvalidRequestError, match="seat letter"):
        GAME.new_game(rules, 9, {"dealer": "N"})
    with pytest.raises(InvalidRequestError, match="takes only 'dealer'"):
        GAME.new_game(rules, 9, {"levels": 3})
