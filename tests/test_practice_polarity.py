"""A "which may you …" exercise's heading asks what its question asks: "may you play?" over a question for the
legal one, "may you NOT play?" over a question for the illegal one; and the right choice answers the question
(checked against each choice's own legality, which the engine judged)."""

from __future__ import annotations

import pytest

from engine.practice import RULES, make_exercise

ASKING = [r.key for r in RULES if r.key.split(":")[1] in ("play", "call", "bid")]


@pytest.mark.parametrize("rule", ASKING)
def test_heading_and_question_agree(rule: str) -> None:
    negative = positive = 0
    for seed in range(0, 600, 7):
        exercise = make_exercise(rule, seed)
        asks_not = " NOT " in exercise.prompt
        assert (" NOT " in f" {exercise.title} ") == asks_not, (seed, exercise.title, exercise.prompt)
        right = [c for c in exercise.choices if c.right]
        assert len(right) == 1, (seed, exercise.prompt)
        assert right[0].legal is (not asks_not), (seed, exercise.prompt, right[0].text)
        negative += asks_not
        positive += not asks_not
    assert negative and positive, "both kinds of question must occur"


@pytest.mark.parametrize(("rule", "seed"), [("euchre:play", 267765), ("thirteen:play", 812556)])
def test_the_deals_seen(rule: str, seed: int) -> None:
    exercise = make_exercise(rule, seed)
    assert (" NOT " in f" {exercise.title} ") == (" NOT " in exercise.prompt)
