"""What the Table shows: private views, the commentary, the outcome in sentences, and the adapter the Table page
still uses (text actions, delegating to GAME)."""

from __future__ import annotations

import random

import pytest

from engine.doudizhu import GAME
from engine.doudizhu.table import TABLE
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


def test_the_table_adapter_speaks_text() -> None:
    state = TABLE.new_hand("three_player", 3)
    assert TABLE.legal_actions(state) == ["pass", "bid 1", "bid 2", "bid 3"]
    assert not TABLE.check(state, "bid 4").legal
    assert not TABLE.check(state, "3 3").legal  # not an action in the auction: the notation error as a reason
    with pytest.raises(InvalidNotationError):
        TABLE.apply(state, "3 3")
    state, step = TABLE.apply(state, "bid 2")
    assert step.action == "bid 2" and "bids 2" in step.comment
    with pytest.raises(IllegalPlayError, match="higher than the highest"):
        TABLE.apply(state, "bid 1")
    rng = random.Random(1)
    while TABLE.to_act(state) is not None:
        state, _ = TABLE.apply(state, TABLE.bot_action(state, "heuristic", rng))
    result = TABLE.result(state)
    assert result is not None and "Stake" in result and "summary" in result
