"""Practice sets: endless exercises that the engine makes up for each rule of a game and judges itself.

An exercise is a frozen value made from (rule, seed, preset) alone, so the same seed always poses the same
exercise — a teacher can share a whole set — and a test can pose exactly what a learner saw::

    exercise = make_exercise("euchre:trick", seed=12)
    exercise.prompt, exercise.rows, exercise.choices     # the question: plain words, cards as cards
    feedback = exercise.judge(2)                         # a choice by its index (or its text), or cards
    feedback.right, feedback.hint, feedback.reason       # one line first; the whole reason on request

This module is the framework only: the rules (:data:`RULES`, by game with :func:`rules_for`) are gathered from
the registry, each game's own :meth:`~engine.contract.Game.practice_rules` (its ``engine/<game>/teach.py``);
the values an exercise is made of, their titles and the generators every game shares live below the games, in
:mod:`engine.teaching`. Here: finding a rule, making an exercise from (rule, seed, preset) and fixed practice
sets. No Streamlit, no store: the pages keep the learner's progress (ui/practice.py).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from engine.coach_drill import coach_rule
from engine.errors import UnknownNameError
from engine.games import GAMES, all_games, game
from engine.i18n import gettext as _
from engine.i18n import language
from engine.i18n import number as local_number
from engine.teaching import CardPick, CardRow, Choice, Exercise, Feedback, PracticeError, PracticeRule

__all__ = [
    "MAX_SET_LENGTH",
    "MAX_SET_SEED",
    "RULES",
    "CardPick",
    "CardRow",
    "Choice",
    "Exercise",
    "Feedback",
    "PracticeError",
    "PracticeRule",
    "SetItem",
    "make_exercise",
    "practice_set",
    "rule_by_key",
    "rules_for",
    "rules_of_lesson",
]

MAX_SET_SEED: Final = 999_999
"""The largest seed of a shared practice set (short enough to read out in class)."""
MAX_SET_LENGTH: Final = 100
"""The longest practice set a link may ask for."""


@dataclass(frozen=True)
class SetItem:
    """One exercise of a fixed practice set."""

    rule: str
    seed: int


RULES: Final[tuple[PracticeRule, ...]] = tuple(
    r for g in all_games() for r in (*g.practice_rules(), coach_rule(g)) if r is not None)
"""Every practice rule of every game: the game's own, then "What would the coach play?" (:mod:`engine.coach_drill`)."""


def rules_for(game_key: str) -> tuple[PracticeRule, ...]:
    """The practice rules of ``game_key`` (UnknownNameError for a game that does not exist)."""
    if game_key not in GAMES:
        raise UnknownNameError("game", game_key, GAMES)
    return tuple(r for r in RULES if r.game == game_key)


def rules_of_lesson(game_key: str, lesson: str) -> tuple[PracticeRule, ...]:
    """The practice rules of ``game_key`` that practise lesson ``lesson`` (its slug, ``07-tractors``): the
    skills a lesson's "practise this" leads to (none for a lesson no kind of exercise covers yet)."""
    return tuple(r for r in rules_for(game_key) if lesson in r.lessons)


def rule_by_key(key: str) -> PracticeRule:
    """The rule ``key`` (``euchre:trick``); UnknownNameError listing the known ones."""
    for r in RULES:
        if r.key == key:
            return r
    raise UnknownNameError("practice rule", key, [r.key for r in RULES])


def _check_seed(seed: object, of_a_set: bool = False) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SET_SEED:
        refusal = _("the set's number is a whole number from 0 to {most}") if of_a_set else \
            _("the seed is a whole number from 0 to {most}")
        raise PracticeError(refusal.format(most=local_number(MAX_SET_SEED)))
    return seed


@lru_cache(maxsize=2048)
def _made(key: str, seed: int, preset: str, lang: str) -> Exercise:
    """The exercise, made in the current language ``lang`` (a key of the cache: an exercise holds words)."""
    rule = rule_by_key(key)
    rng = random.Random(f"{key}:{seed}:{preset}")
    made = rule.make(rng, preset)
    return _with_seed(made, seed)


def _with_seed(exercise: Exercise, seed: int) -> Exercise:
    return replace(exercise, seed=seed)


def make_exercise(rule: str, seed: int, preset: str | None = None) -> Exercise:
    """The exercise of practice rule ``rule`` for ``seed`` (0 … :data:`MAX_SET_SEED`) under the game's
    ``preset`` (its default when None): always the same for the same arguments."""
    found = rule_by_key(rule)
    g = game(found.game)
    name = preset if preset is not None else g.default_preset
    if name not in g.presets:
        raise UnknownNameError("preset", name, g.presets)
    return _made(rule, _check_seed(seed), name, language())


def practice_set(game_key: str, seed: int, length: int) -> tuple[SetItem, ...]:
    """A fixed practice set: ``length`` exercises of ``game_key`` from the set's ``seed``, the same for every
    learner, in order. Every rule comes once per round (in a seeded order), each exercise with its own seed."""
    rules = [r.key for r in rules_for(game_key)]
    _check_seed(seed, of_a_set=True)
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MAX_SET_LENGTH:
        raise PracticeError(_("a practice set has 1 to {most} exercises").format(most=local_number(MAX_SET_LENGTH)))
    rng = random.Random(f"set:{game_key}:{seed}")
    order: list[str] = []
    while len(order) < length:
        round_ = rules[:]
        rng.shuffle(round_)
        if order and round_[0] == order[-1] and len(round_) > 1:
            round_[0], round_[1] = round_[1], round_[0]
        order += round_
    seeds = random.Random(f"set-seeds:{game_key}:{seed}")  # apart, so that a shorter set starts the longer one
    return tuple(SetItem(rule, seeds.randrange(MAX_SET_SEED + 1)) for rule in itertools.islice(order, length))
