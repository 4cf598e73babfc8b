"""Euchre at the Table: commentary, chapters, per-seat views, outcomes, both sides alone — all through ``GAME``
and the shared driver."""

from __future__ import annotations

import random

import pytest

from engine.base import PASS
from engine.cards import parse_cards
from engine.driver import play_out, replay
from engine.errors import IllegalPlayError, InvalidNotationError
from engine.euchre import GAME
from engine.table import Record


def find_seed(predicate, bots="random", preset="seed", limit=400):
    rules = GAME.rules(preset)
    for seed in range(limit):
        record, final = play_out(GAME, rules, seed, bots)
        if predicate(record, final):
            return record, final
    raise AssertionError("no such hand in the first seeds")


def test_actions_are_words_or_cards() -> None:
    state = GAME.new_game(GAME.rules(), 3)
    assert [GAME.action_text(a) for a in GAME.legal_actions(state)] == ["pass", "order up"]
    record, _ = play_out(GAME, GAME.rules(), 3, "heuristic")
    for action in record.actions:
        assert action in ("pass", "order up", "alone", "partner") or action.startswith(("name ", "discard ")) \
            or len(parse_cards(action)) == 1


def test_commentary_tells_the_story_and_chapters_jump_to_tricks() -> None:
    record, _ = find_seed(lambda r, f: "order up" in r.actions, bots="heuristic")
    _, steps = replay(GAME, record)
    text = " ".join(s.comment for s in steps)
    assert "orders up" in text and "are trump" in text and "wins the trick" in text and "The hand is over" in text
    chapters = [s.chapter for s in steps]
    assert chapters[0] == "Calling"
    assert [c for c in dict.fromkeys(chapters) if c.startswith("Trick")] == [f"Trick {i}" for i in range(1, 6)]


def test_thrown_in_hand() -> None:
    record = Record("euchre", "seed", 4, ("pass",) * 8)
    states, steps = replay(GAME, record)
    final = states[-1]
    assert "thrown in" in steps[-1].comment
    assert "turned down" in steps[3].comment
    outcome = GAME.outcome(final)
    assert outcome is not None and "thrown in" in outcome.summary and outcome.returns == (0.0,) * 4
    assert (outcome.data["ns_points"], outcome.data["ew_points"]) == (0, 0) and outcome.data["thrown_in"]


def test_both_sides_alone_through_the_table() -> None:
    record, final = find_seed(lambda r, f: r.actions.count("alone") == 2, limit=2000)
    result = GAME.summary_row(final)
    assert result["maker_alone"] and result["defender_alone"]
    view = GAME.view(final, None)
    assert sum(not s.active for s in view.seats) == 2
    assert sum("sits out" in s.role for s in view.seats) == 2
    states, steps = replay(GAME, record)
    assert any("sits out" in s.comment for s in steps)
    play_states = [s for s in states if s.phase.value == "play" and s.trick_cards]
    assert all(len(s.trick_cards) < 2 for s in play_states)


def test_views_hide_the_other_hands() -> None:
    state = GAME.new_game(GAME.rules(), 8)
    teacher = GAME.view(state, None)
    assert all(None not in s.cards for s in teacher.seats)
    assert dict(teacher.extra)["Upcard"] == (state.upcard,)
    assert all(c is not None for c in dict(teacher.extra)["Kitty"])
    for seat in range(4):
        view = GAME.view(state, seat)
        for i, s in enumerate(view.seats):
            assert (None in s.cards) == (i != seat)
        assert all(c is None for c in dict(view.extra)["Kitty"])
    info = dict(teacher.info)
    assert info["Phase"] == "call round 1" and "Dealer" in info


def test_the_dealers_discard_is_seen_only_by_the_dealer_and_the_teacher() -> None:
    record, _ = find_seed(lambda r, f: any(a.startswith("discard") for a in r.actions), bots="heuristic")
    states, _ = replay(GAME, record)
    state = next(s for s in states if s.discard is not None)
    assert "Dealer's discard" in dict(GAME.view(state, None).extra)
    assert "Dealer's discard" in dict(GAME.view(state, state.dealer).extra)
    assert "Dealer's discard" not in dict(GAME.view(state, (state.dealer + 1) % 4).extra)


def test_check_explains_and_apply_refuses() -> None:
    state = GAME.new_game(GAME.rules(), 5)
    assert not GAME.check(state, GAME.parse_action(state, "name H")).legal
    with pytest.raises(InvalidNotationError, match="not valid"):
        GAME.parse_action(state, "shout")
    with pytest.raises(IllegalPlayError, match="is not a choice now"):
        GAME.apply(state, GAME.parse_action(state, "9C"))


def test_records_replay_for_every_preset_and_bot() -> None:
    rng = random.Random(1)
    for preset in GAME.presets:
        for bots in ("random", "heuristic", ["heuristic", "random", "heuristic", "random"]):
            seed = rng.randrange(10_000)
            record, final = play_out(GAME, GAME.rules(preset), seed, bots)
            assert record.preset == preset
            states, _ = replay(GAME, Record.from_json(record.to_json()))
            assert states[-1] == final and GAME.outcome(final) is not None


def test_the_game_drives_a_hand_with_text_actions() -> None:
    state = GAME.new_game(GAME.rules("seed"), 5)
    assert [GAME.action_text(a) for a in GAME.legal_actions(state)] == ["pass", "order up"]
    with pytest.raises(InvalidNotationError, match="not valid"):
        GAME.parse_action(state, "shout")
    with pytest.raises(IllegalPlayError):
        GAME.apply(state, GAME.parse_action(state, "9C"))
    after, step = GAME.step(state, GAME.parse_action(state, "pass"))
    assert after == GAME.apply(state, PASS) and step.action == "pass" and step.comment
    record, final = play_out(GAME, GAME.rules("benny"), 12, "heuristic", preset="benny")
    states, _ = replay(GAME, Record.from_json(record.to_json()))
    assert states[-1] == final
    result = GAME.outcome(final)
    assert result is not None and result.summary and "Next deal" in dict(result.facts)
