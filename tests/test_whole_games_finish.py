"""Every whole game the schema allows comes to its end and is answered: a hand that ends at the deal (a Thirteen
instant win) moves the match on, and a long game (Euchre to 100) is not cut off by a step limit."""

from __future__ import annotations

from typing import Any

import pytest

from engine.__main__ import game_commands
from engine.games import game
from engine.match import whole_game

INSTANT = {"instant_wins": True}


def _finish(key: str, options: dict[str, Any], seed: int) -> Any:
    w = whole_game(game(key))
    rules = w.rules(None, options)
    state = w.new_game(rules, seed, {"whole": True})
    for _ in range(w.max_actions):
        if w.to_act(state) is None:
            break
        state = w.apply(state, w.legal_actions(state, 3)[0])
    return w, state


def test_thirteen_matches_with_instant_wins_all_finish() -> None:
    g = game("thirteen")
    at_deal = 0
    for seed in range(1, 120):
        w, state = _finish("thirteen", INSTANT, seed)
        assert state.over, f"seed {seed}: the match stopped unfinished"
        assert w.outcome(state) is not None
        at_deal += sum(1 for hand in state.finished if _ended_at_deal(g, hand))
    assert at_deal > 0, "no seed had an instant win: the test no longer covers the case"


def _ended_at_deal(g: Any, hand: Any) -> bool:
    """A finished hand that was won at the deal (its outcome names the instant win)."""
    outcome = g.outcome(hand)
    return outcome is not None and "instant" in outcome.summary.lower()


def test_a_hand_ended_at_the_deal_is_told_in_the_commentary() -> None:
    g = game("thirteen")
    for seed in range(1, 120):
        w = whole_game(g)
        rules = w.rules(None, INSTANT)
        state = w.new_game(rules, seed, {"whole": True})
        while w.to_act(state) is not None:
            after = w.apply(state, w.legal_actions(state, 3)[0])
            if len(after.finished) > len(state.finished) + 1:
                comment = w.comment(state, w.legal_actions(state, 3)[0], after).comment
                assert f"Hand {state.number + 1} is dealt and ends at once" in comment
                return
            state = after
    pytest.fail("no seed had an instant win right after a played hand")


def test_the_playout_and_simulate_commands_answer_instant_win_matches() -> None:
    commands = game_commands("thirteen")
    answer = commands["playout"]({"seed": 5, "options": INSTANT, "start": {"whole": True}})
    assert "wins the match" in answer["outcome"]["summary"]


@pytest.mark.parametrize("request_", [
    {"options": {"target": 100}},
    {"seed": 3, "options": {"target": 100}},
])
def test_euchre_to_100_is_answered(request_: dict[str, Any]) -> None:
    answer = game_commands("euchre")["match"](request_)
    assert max(answer["scores"].values()) >= 100


def test_euchre_whole_game_to_100_finishes() -> None:
    w, state = _finish("euchre", {"target": 100}, 1)
    assert state.over and w.outcome(state) is not None
