"""Whole games of Euchre on engine.match: hands to the target, won by two when the rules say so, the dealer and
the score carried from hand to hand, a scoreboard that reads "N-S 7 · E-W 4", the outcome in sentences, whole
games simulated by engine.sim and replayed from their records."""

from __future__ import annotations

import pytest

from engine.driver import play_out, replay
from engine.euchre import GAME, game_winner, score_after
from engine.match import whole_game
from engine.sim import simulate
from engine.table import Record

WHOLE = {"whole": True}


@pytest.mark.parametrize("preset", ["seed", "first_to_10", "stick_the_dealer", "benny"])
def test_a_whole_game_goes_to_the_target_and_stops_there(preset: str) -> None:
    rules = GAME.rules(preset)
    for seed in range(12):
        record, final = play_out(GAME, rules, seed, "heuristic", start=WHOLE, preset=preset)
        hands = final.finished
        assert final.over and hands[-1] is final.hand
        scores = score_after(rules, hands)
        winner = game_winner(scores, rules)
        assert winner is not None
        mine, theirs = scores if winner.value == 0 else scores[::-1]
        assert mine >= rules.target and (mine - theirs >= 2 or not rules.win_by_two)
        for i in range(1, len(hands)):  # no hand before the last had already decided the game
            assert game_winner(score_after(rules, hands[:i]), rules) is None
            assert hands[i].scores == score_after(rules, hands[:i])
        assert hands[0].scores == (0, 0) and hands[0].dealer == GAME.new_game(rules, seed).dealer
        states, _ = replay(GAME, Record.from_json(record.to_json()))
        assert states[-1] == final


def test_won_by_two_goes_past_the_target_and_first_to_ten_does_not() -> None:
    by_two, first = GAME.rules("seed"), GAME.rules("first_to_10")
    long_games = 0
    for seed in range(60):
        _, final = play_out(GAME, by_two, seed, "heuristic", start=WHOLE)
        a, b = score_after(by_two, final.finished)
        assert abs(a - b) >= 2
        long_games += min(a, b) >= 9
        _, other = play_out(GAME, first, seed, "heuristic", start=WHOLE)
        x, y = score_after(first, other.finished)
        assert max(x, y) >= 10 > min(x, y)
    assert long_games, "some games are decided by the lead of 2"
    _, short = play_out(GAME, GAME.rules("seed", {"target": 3}), 4, "random", start=WHOLE)
    assert max(score_after(GAME.rules("seed", {"target": 3}), short.finished)) >= 3


def test_the_scoreboard_and_the_outcome_read_as_words() -> None:
    game = whole_game(GAME)
    rules = GAME.rules()
    state = game.new_game(rules, 5, WHOLE)
    info = dict(game.view(state, None).info)
    assert info["Score"] == "N-S 0 · E-W 0" and info["Playing to"] == "10 points, ahead by two"
    assert info["Hand"] == "1"
    record, final = play_out(GAME, rules, 5, "heuristic", start=WHOLE)
    states, steps = replay(GAME, record)
    middle = next(s for s in states if s.number == 3)
    a, b = score_after(rules, middle.finished)
    assert dict(game.view(middle, 0).info)["Score"] == f"N-S {a} · E-W {b}"
    assert any("Hand 2 is dealt." in s.comment for s in steps)
    outcome = game.outcome(final)
    assert outcome is not None
    x, y = score_after(rules, final.finished)
    winner = "North-South" if x > y else "East-West"
    assert outcome.summary.startswith(f"{winner} win the game {max(x, y)}-{min(x, y)}: at least 10 points and ahead")
    assert outcome.summary.endswith(".") and "The game took" in outcome.summary
    facts = dict(outcome.facts)
    assert facts["Winner"] == winner and facts["Final score"] == f"N-S {x} · E-W {y}"
    assert facts["Hands"].startswith(str(len(final.finished)))
    assert outcome.returns == game.returns(final) == (x - y, y - x, x - y, y - x)
    assert steps[-1].comment.endswith(outcome.summary)


def test_whole_games_are_simulated_by_engine_sim() -> None:
    frame = simulate(GAME, 20, 1, {"bots": "heuristic", "start": WHOLE}, workers=1)
    assert len(frame) == 20 and set(frame["winner"]) <= {"N-S", "E-W"}
    assert (frame[["ns_score", "ew_score"]].max(axis=1) >= 10).all()
    assert (frame["path"].str.split().str.len() == frame["hands"] + 1).all()
    again = simulate(GAME, 20, 1, {"bots": "heuristic", "start": WHOLE}, workers=1)
    assert frame.equals(again)
