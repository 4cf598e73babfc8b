"""A right and a wrong answer to a lesson's exercise on the deal the lesson page opens with, found by asking the
engine (engine.lessons.judge), never written per lesson: the choices, yes and no, the number the engine
answers, and for cards the lesson's own test answers, then single cards and pairs of the cards offered."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from engine.cards import format_cards
from engine.command_tables import json_commands
from engine.lessons import Lesson, example_request, judge, lookup
from ui.lessons import parse_any_cards


@dataclass(frozen=True)
class Answers:
    right: Any
    wrong: Any


def example_of(lesson: Lesson) -> tuple[Any, int | None]:
    """The example's answer and seed as the page first shows them."""
    example = lesson.example
    if example is None:
        return None, None
    seed = int(example.request.get("seed", 1)) if example.reseed else None
    return json_commands(lesson.game)[example.command](example_request(example, seed)), seed


def _offered(lesson: Lesson, example_answer: Any) -> list[str]:
    exercise = lesson.exercise
    assert exercise is not None and exercise.pick_from
    source = exercise.pick_from
    text = lookup(example_answer, source[len("$example."):]) if source.startswith("$example.") else source
    return [format_cards((c,)) for c in parse_any_cards(str(text)) or ()]


def _candidates(lesson: Lesson, example_answer: Any, truth: Any) -> list[Any]:
    exercise = lesson.exercise
    assert exercise is not None
    if exercise.input == "choice":
        return list(exercise.choices)
    if exercise.input == "yes_no":
        return [True, False]
    if exercise.input == "number":
        return [int(truth), int(truth) + 1] if truth is not None else []
    offered = _offered(lesson, example_answer)
    tests = [t["answer"] for t in exercise.tests]
    pairs = [" ".join(p) for p in combinations(offered, 2)]
    return tests + offered + pairs


def answers(lesson: Lesson) -> Answers:
    """A right and a wrong answer for ``lesson``'s exercise (an AssertionError when the engine has none)."""
    exercise = lesson.exercise
    assert exercise is not None, lesson.slug
    run = json_commands(lesson.game)[exercise.command]
    example_answer, seed = example_of(lesson)
    truth = None
    if exercise.input == "number":
        truth = judge(exercise, 0, run, example_answer, seed).engine_answer
    right = wrong = None
    for candidate in _candidates(lesson, example_answer, truth):
        try:
            feedback = judge(exercise, candidate, run, example_answer, seed)
        except ValueError:
            continue
        if feedback.right and right is None:
            right = candidate
        elif not feedback.right and not feedback.poor and wrong is None:
            wrong = candidate
        if right is not None and wrong is not None:
            return Answers(right, wrong)
    raise AssertionError(f"{lesson.game}/{lesson.slug}: no right and wrong answer found ({right!r}, {wrong!r})")
