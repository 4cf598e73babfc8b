"""A rule of thumb the coach gives for an action is true of that action (checked with the engine's own card
order), a recommendation's reason never argues against it, and the review of a lost game says how it was lost."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine.advisor import CAUTIONS, Review, advise, argues_against
from engine.base import Pass
from engine.contract import Game
from engine.games import game
from engine.review_story import lost, review_story
from engine.shengji.game import _state as shengji_state
from engine.shengji.state import Play


def _positions(g: Game[Any, Any, Any], seeds: range, every: int = 1) -> Iterator[Any]:
    """States met while random play runs whole games (every ``every``-th decision)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = g.new_game(g.rules(), seed)
        k = 0
        while not g.is_terminal(state):
            legal = g.legal_actions(state, limit=40)
            if k % every == 0:
                yield state
            k += 1
            state = g.apply(state, rng.choice(list(legal)))


def _thumbs(g: Game[Any, Any, Any], state: Any) -> Iterator[tuple[Any, str]]:
    for action in g.legal_actions(state, limit=40):
        yield action, g.rule_of_thumb(state, action)


def test_shengji_play_low_and_stands_and_wins_are_true() -> None:
    g = game("shengji")
    checked = 0
    for state in _positions(g, range(6), every=2):
        inner = shengji_state(state)
        if inner.trump is None or inner.to_act is None:
            continue
        trump = inner.trump
        for action, thumb in _thumbs(g, state):
            if not isinstance(action, Play):
                continue
            kept = Counter(inner.hands[inner.to_act])
            kept.subtract(action.cards)
            left = list((+kept).elements())
            if "play low" in thumb or "a low lead" in thumb:
                checked += 1
                for card in action.cards:
                    lower = [c for c in left
                             if trump.group(c) is trump.group(card) and trump.level(c) < trump.level(card)]
                    assert not lower, (thumb, action.cards, lower)
            if "stands and wins" in thumb and "unless" not in thumb:
                assert all(trump.is_trump(c) for c in action.cards), (thumb, action.cards)
    assert checked


def test_doudizhu_leading_low_is_the_lowest_rank_held() -> None:
    g = game("doudizhu")
    checked = 0
    for state in _positions(g, range(12)):
        seat = state.turn
        for action, thumb in _thumbs(g, state):
            if "leading low" not in thumb:
                continue
            checked += 1
            hand = state.hands[seat]
            need = max(action.counts[action.rank], 1)
            assert all(n < need for n in hand[:action.rank]), (thumb, action, hand)
    assert checked


def test_thirteen_lowest_card_thumbs_hold_the_lowest_card() -> None:
    g = game("thirteen")
    checked = 0
    for state in _positions(g, range(8), every=2):
        hand = state.hands[state.turn]
        for action, thumb in _thumbs(g, state):
            if "lowest card" in thumb and not isinstance(action, Pass):
                checked += 1
                assert action.mask & (hand & -hand), thumb
    assert checked


@pytest.mark.parametrize("key", ["thirteen", "doudizhu", "euchre", "shengji"])
def test_a_recommendation_reason_speaks_for_the_move(key: str) -> None:
    g = game(key)
    seen = 0
    for state in _positions(g, range(2), every=7):
        if len(g.legal_actions(state, limit=40)) < 2:
            continue
        advice = advise(g, state, budget=4, seed=seen, workers=1)
        why = advice.best.why
        assert not argues_against(why), why
        assert "did best in the sampled deals" not in why and "best on average in the sampled" not in why, why
        assert why
        seen += 1
        if seen >= 4:
            break
    assert seen


def test_the_caution_words_mark_the_thumbs_that_warn() -> None:
    assert argues_against("beating a low play with a 2 spends a high card early")
    assert not argues_against("leading low keeps your high cards for later tricks")
    assert "spends" in CAUTIONS


def _lost_game(g: Game[Any, Any, Any]) -> list[Any]:
    for seed in range(40):
        rng = random.Random(seed)
        states = [g.new_game(g.rules(), seed)]
        while not g.is_terminal(states[-1]):
            states.append(g.apply(states[-1], rng.choice(list(g.legal_actions(states[-1], limit=40)))))
        if lost(g, states[-1], 0):
            return states
    raise AssertionError("no lost game in 40 seeds")


@pytest.mark.parametrize("key", ["thirteen", "doudizhu", "euchre", "shengji"])
def test_the_story_of_a_lost_game_says_how_and_which_decisions_cost_most(key: str) -> None:
    g = game(key)
    states = _lost_game(g)
    # Marks as the review gives them: every decision of seat 0 judged fine, two with a small sampled gap.
    steps = [i for i, s in enumerate(states[:-1]) if g.to_act(s) == 0]
    marks = [Review(i, f"play{i}", f"best{i}", 0.0, "fine", "", 1.0 - 0.1 * k, 0.0) for k, i in enumerate(steps)]
    marks[0] = Review(steps[0], "first", "better", 0.0, "fine", "", 1.0, 0.03)
    marks[-1] = Review(steps[-1], "last", "best", 0.0, "fine", "", 0.2, 0.08)
    story = review_story(g, states, [], 0, marks)
    assert "You lost this one" in story
    assert "first decision" in story and "deal" in story
    assert "cost most" in story and story.index("step " + str(steps[-1] + 1) + ", last") < story.index(
        "step " + str(steps[0] + 1) + ", first")
    assert "fine" not in story


def test_the_story_of_a_lost_game_played_as_the_coach_said_still_explains_it() -> None:
    g = game("thirteen")
    states = _lost_game(g)
    steps = [i for i, s in enumerate(states[:-1]) if g.to_act(s) == 0]
    marks = [Review(i, "x", "x", 0.0, "fine", "", 2.0 - k, 0.0) for k, i in enumerate(steps)]
    story = review_story(g, states, [], 0, marks)
    assert "You lost this one" in story and "decided mostly between" in story
    assert "coach's choice at every decision" in story


def test_the_story_skips_forced_decisions_which_were_never_sampled() -> None:
    g = game("thirteen")
    states = _lost_game(g)
    steps = [i for i, s in enumerate(states[:-1]) if g.to_act(s) == 0]
    assert len(steps) >= 3
    marks = [Review(steps[0], "pass", "pass", 0.0, "fine", "", 0.0, 0.0, True)]
    marks += [Review(i, "x", "x", 0.0, "fine", "", 1.25, 0.0) for i in steps[1:]]
    story = review_story(g, states, [], 0, marks, opening=False)
    assert "worth 1.25 points on average" in story, story
    assert "never fell much" in story, story
    outcome = g.outcome(states[-1])
    assert outcome is not None and outcome.summary not in story


def test_a_shengji_bank_taken_with_no_level_change_is_lost_by_the_bankers() -> None:
    g = game("shengji")
    for seed in range(200):
        rng = random.Random(seed)
        state = g.new_game(g.rules(), seed)
        while not g.is_terminal(state):
            state = g.apply(state, rng.choice(list(g.legal_actions(state, limit=40))))
        score = state.score
        if score.change.levels == 0 and not score.change.bankers_keep:
            bankers = [seat for seat in range(4) if seat % 2 == score.banker_team]
            assert g.returns(state) == (0.0,) * 4
            assert all(lost(g, state, seat) for seat in bankers)
            assert not any(lost(g, state, seat) for seat in range(4) if seat not in bankers)
            return
    raise AssertionError("no bank taken with no level change in 200 seeds")
