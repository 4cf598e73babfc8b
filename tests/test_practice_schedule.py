"""The practice scheduler (ui/store/practice.py: SM-2 over the stored Leitner columns) on simulated learners.

A simulated learner answers what :func:`choose` asks next (never the rule just asked when another is as good,
as the practice page does), one answer a minute: one who is always right, one who always misses one skill, one
who answers at random. The weak skill comes back most; a mastered skill's interval grows with each right answer
and shrinks after a miss; mastery follows the answers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from ui.store import PracticeItem
from ui.store import practice as sm2

GAME = "euchre"
SKILLS = ("play", "trick", "call", "score", "bowers")
T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


def simulate(answer: Callable[[str, random.Random], bool], steps: int = 300, seed: int = 1
             ) -> tuple[Counter[str], dict[str, PracticeItem], list[tuple[str, timedelta]]]:
    """What the learner was asked (counts), the state at the end, and each answer's (skill, new interval)."""
    rng = random.Random(seed)
    items: dict[str, PracticeItem] = {}
    asked: Counter[str] = Counter()
    intervals: list[tuple[str, timedelta]] = []
    last = None
    now = T0
    for _ in range(steps):
        order = sm2.choose(SKILLS, items, 2, now)
        skill = order[1] if len(order) > 1 and order[0] == last else order[0]
        item = sm2.item_after(items.get(skill), GAME, skill, answer(skill, rng), now)
        items[skill] = item
        intervals.append((skill, item.due - item.last_seen))
        asked[skill] += 1
        last = skill
        now += timedelta(minutes=1)
    return asked, items, intervals


def test_a_skill_always_missed_comes_back_most_and_stays_unmastered() -> None:
    asked, items, _ = simulate(lambda skill, _rng: skill != "trick")
    assert asked.most_common(1)[0][0] == "trick"
    assert asked["trick"] > 3 * max(n for s, n in asked.items() if s != "trick")
    assert items["trick"].box == sm2.FIRST_BOX and sm2.mastery(items["trick"]) == 0.0
    assert all(sm2.mastery(items[s]) == 1.0 for s in SKILLS if s != "trick")


def test_for_a_learner_always_right_every_interval_grows_with_each_answer() -> None:
    asked, items, intervals = simulate(lambda _s, _rng: True, steps=60)
    assert set(asked) == set(SKILLS)
    for skill in SKILLS:
        waits = [w for s, w in intervals if s == skill]
        growing = [w for w in waits if w < sm2.MAX_INTERVAL]
        assert waits == sorted(waits) and len(set(growing)) == len(growing), f"{skill}: {waits}"
        assert len(growing) >= 6 and growing[-1] > 40 * growing[0], "from minutes to weeks"
        assert sm2.mastery(items[skill]) == 1.0
    assert min(it.due for it in items.values()) > T0 + timedelta(hours=1), "nothing is due within the sitting"


def test_a_mastered_skills_interval_grows_by_the_ease_and_a_miss_shrinks_it() -> None:
    item = None
    waits = []
    for i in range(8):
        item = sm2.item_after(item, GAME, "score", True, T0 + timedelta(days=i))
        waits.append(item.due - item.last_seen)
    assert waits[:4] == list(sm2.WAIT[1:]), "the learning steps first"
    assert waits[4] == waits[3] * 2.5 and waits[5] == waits[4] * 2.5, "never missed: ease 2.5"
    assert waits[-1] <= sm2.MAX_INTERVAL
    missed = sm2.item_after(item, GAME, "score", False, T0 + timedelta(days=9))
    assert missed.box == sm2.FIRST_BOX and missed.due - missed.last_seen == sm2.WAIT[0]
    assert sm2.mastery(missed) < sm2.mastery(item)


def test_the_ease_depends_on_the_misses_only_and_never_falls_under_sm2s_floor() -> None:
    assert sm2.ease(0) == 2.5 and round(sm2.ease(1), 2) == 2.18
    assert sm2.ease(10) == sm2.MIN_EASE == 1.3
    once_missed = sm2.next_interval(sm2.LAST_BOX, timedelta(days=10), 1, True)
    never_missed = sm2.next_interval(sm2.LAST_BOX, timedelta(days=10), 0, True)
    assert timedelta(days=10) < once_missed < never_missed


def test_a_random_learner_sees_the_skills_it_misses_more_than_those_it_knows() -> None:
    share = {"play": 0.95, "trick": 0.9, "call": 0.3, "score": 0.9, "bowers": 0.95}
    asked, items, _ = simulate(lambda skill, rng: rng.random() < share[skill], steps=400, seed=7)
    assert asked.most_common(1)[0][0] == "call"
    assert sm2.mastery(items["call"]) < min(sm2.mastery(items[s]) for s in ("play", "bowers"))


def test_mastery_is_zero_before_practice_and_moves_with_every_answer() -> None:
    assert sm2.mastery(None) == 0.0
    item = None
    seen = []
    for right in (True, True, False, True, True, True):
        item = sm2.item_after(item, GAME, "bowers", right, T0)
        seen.append(sm2.mastery(item))
    assert all(a != b for a, b in zip(seen, seen[1:], strict=False))
    assert 0.0 < min(seen) and max(seen) <= 1.0
