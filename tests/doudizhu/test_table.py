"""What the Table shows: private views, the commentary, the outcome in sentences, and text actions through GAME
(what the Table page sends and records)."""

from __future__ import annotations

import random

import pytest

from engine.doudizhu import GAME
from engine.driver import play_out, replay
from engine.errors import IllegalPlayError, InvalidNotationError


def test_views_hide_other_hands_until_the_end() -> None:
    record, final = play_out(GAME, GAME.rules(), 4, "heuristic")
    states, _ = replay(GAME, record)
    middle = states[len(states) // 2]
    view = GAME.view(middle, 0)
    assert all(c is not None for c in view.seats[0].cards)
    assert all(c is None for c in view.seats[1].cards)
    assert all(c is not None for s in GAME.view(middle, None).seats for c in s.cards)
    assert all(c is not None for s in GAME.view(final, 1).seats for c in s.cards)
    bidding = GAME.view(states[0], 0)
    assert all(c is None for c in dict(bidding.extra)["Kitty"])
    assert [s.name for s in view.seats] == ["South", "East", "West"]


def test_the_outcome_in_sentences_and_by_seat_letter() -> None:
    record, final = play_out(GAME, GAME.rules("four_player"), 2, "heuristic")
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert "was the landlord at a bid of" in outcome.summary and "went out first" in outcome.summary
    assert set(outcome.data["payments"]) == {"S", "E", "N", "W"}
    assert outcome.data["landlord"] in "SENW" and dict(outcome.facts)["Landlord"].split()[0] in (
        "South", "East", "North", "West")
    row = GAME.summary_row(final)
    assert row["preset"] == "four_player" and row["landlord_payment"] == outcome.data["payments"][row["landlord"]]
    answer = GAME.commands["playout"]({"preset": "four_player", "seed": 2})
    assert answer["outcome"]["returns"] == {k: float(v) for k, v in outcome.data["payments"].items()}


def test_commentary_of_a_whole_hand() -> None:
    _, steps = replay(GAME, play_out(GAME, GAME.rules(), 8, "heuristic")[0])
    chapters = [s.chapter for s in steps]
    assert chapters[0] == "Bidding" and chapters[-1].startswith("Trick ")
    assert any("is the landlord at" in s.comment for s in steps)
    assert any("passes in a row" in s.comment and "wins the trick" in s.comment for s in steps)


def test_actions_as_text_through_game() -> None:
    state = GAME.new_game(GAME.rules("three_player"), 3)
    assert [GAME.action_text(a) for a in GAME.legal_actions(state)] == ["pass", "bid 1", "bid 2", "bid 3"]
    assert not GAME.check(state, GAME.parse_action(state, "bid 4")).legal
    with pytest.raises(InvalidNotationError):
        GAME.parse_action(state, "3 3")  # cards are no action in the auction
    state, step = GAME.step(state, GAME.parse_action(state, "bid 2"))
    assert step.action == "bid 2" and "bids 2" in step.comment
    with pytest.raises(IllegalPlayError, match="higher than the highest"):
        GAME.step(state, GAME.parse_action(state, "bid 1"))
    rng = random.Random(1)
    bot = GAME.bot("heuristic")
    while not GAME.is_terminal(state):
        state, _ = GAME.step(state, bot.choose(state, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None and "Stake" in dict(outcome.facts) and outcome.summary
