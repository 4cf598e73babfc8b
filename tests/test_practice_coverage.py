"""Every lesson is practised: each lesson (lessons/<game>/*.md) maps to at least one practice kind (its
skills), and every kind makes 50 exercises from seeds whose right answer the engine confirms, with a reason."""

from __future__ import annotations

from typing import Final

import pytest

from engine.games import game
from engine.lessons import load_lessons
from engine.practice import RULES, make_exercise, rule_by_key, rules_of_lesson
from engine.teaching import Exercise

GAMES: Final = ("shengji", "thirteen", "euchre", "doudizhu")
SEEDS: Final = range(50)



def lessons() -> list[str]:
    return [f"{key}/{lesson.slug}" for key in GAMES for lesson in load_lessons(key)]


def test_every_lesson_is_practised_by_a_kind() -> None:
    everything = lessons()
    assert len(everything) == 51
    assert [name for name in everything if not rules_of_lesson(*name.split("/"))] == [], "lessons no kind practises"


def test_every_kind_names_lessons_that_exist() -> None:
    known = set(lessons())
    for rule in RULES:
        assert rule.lessons, f"{rule.key} practises no lesson"
        for slug in rule.lessons:
            assert f"{rule.game}/{slug}" in known, f"{rule.key}: no lesson {slug}"


def right_answer_confirmed(exercise: Exercise) -> str:
    """The engine's verdict on the exercise's own right answer: right, with a non-empty reason (returned)."""
    if exercise.pick is not None:
        feedback = exercise.judge(exercise.pick.example)
    else:
        rights = [i for i, c in enumerate(exercise.choices) if c.right]
        assert len(rights) == 1 or (exercise.several_right and 1 <= len(rights) < len(exercise.choices)), \
            f"{exercise.rule} seed {exercise.seed}: {len(rights)} right choices"
        feedback = exercise.judge(rights[0])
        assert all(exercise.judge(i).right for i in rights)
        assert all(not exercise.judge(i).right for i in range(len(exercise.choices)) if i not in rights)
    assert feedback.right, f"{exercise.rule} seed {exercise.seed}: the right answer is judged wrong"
    assert feedback.hint.strip() and feedback.reason.strip()
    return feedback.reason


@pytest.mark.parametrize("rule", [r.key for r in RULES])
def test_fifty_exercises_of_each_kind_have_a_right_answer_the_engine_confirms_and_a_reason(rule: str) -> None:
    reasons = {right_answer_confirmed(make_exercise(rule, seed)) for seed in SEEDS}
    assert len(reasons) > 1, "fresh deals give different exercises"


@pytest.mark.parametrize("rule", [r.key for r in RULES])
def test_every_kind_is_made_under_every_preset(rule: str) -> None:
    """A preset may remove what a kind asks about (the benny's turned-up joker is never thrown in): the kind then
    draws another deal, never fails."""
    found = rule_by_key(rule)
    seeds = range(2) if rule.endswith(":coach") else range(20)
    for preset in game(found.game).presets:
        for seed in seeds:
            right_answer_confirmed(make_exercise(rule, seed, preset))
