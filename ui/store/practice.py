"""Spaced repetition for practice rules: an SM-2 schedule, as pure functions of the stored state.

The store keeps, per learner and rule, a box (1 = just missed … 5 = well known), when the rule is due, when it
was last seen and how often it was seen and missed. SM-2's own state is read from those columns, so the schema
is the Leitner one it always was:

- **repetitions** are the box: a right answer moves one box up (at most the last), a miss back to the first;
- **the interval** is ``due - last_seen``;
- **the ease** is ``max(1.3, 2.5 - 0.32 × missed)``: SM-2's ease change for a right answer graded 4 is 0 and for
  a miss graded 2 is −0.32, so for right/wrong answers the ease depends only on the number of misses (not their
  order).

A rule missed comes back after a minute (a few other exercises), then waits ten minutes, a day, three days; once
it is in the last box each right answer multiplies its interval by its ease (a rule never missed: ×2.5), up to
half a year. Choosing what to ask next: rules that are due, lowest box first and then the most often missed (by
share, then by count); then rules never asked; then the rules due soonest, so that a practice set never runs dry.
:func:`mastery` is what a learner sees per skill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta

from ui.store.records import PracticeItem, Streak

WAIT = (timedelta(minutes=1), timedelta(minutes=10), timedelta(days=1), timedelta(days=3), timedelta(days=7))
"""The learning steps: the interval of a rule that has just landed in box 1, 2, … (the last box's is the least
interval once the ease takes over)."""
FIRST_BOX = 1
LAST_BOX = len(WAIT)
START_EASE = 2.5
"""SM-2's ease of a rule never missed."""
MIN_EASE = 1.3
"""SM-2's smallest ease."""
MISS_EASE_STEP = 0.32
"""SM-2's ease change for a miss (grade 2); a right answer (grade 4) leaves the ease as it is."""
MAX_INTERVAL = timedelta(days=182)
"""The longest a rule waits."""


def next_box(box: int, correct: bool) -> int:
    """The box after an answer: one up when right (at most LAST_BOX), back to the first when wrong."""
    return min(box + 1, LAST_BOX) if correct else FIRST_BOX


def due_after(box: int, now: datetime) -> datetime:
    """When a rule that has just landed in ``box`` is due again by its learning step alone (the ease aside:
    see :func:`after_answer`)."""
    return now + WAIT[min(max(box, FIRST_BOX), LAST_BOX) - 1]


def ease(missed: int) -> float:
    """SM-2's ease of a rule missed ``missed`` times (see the module's docstring)."""
    return max(MIN_EASE, START_EASE - MISS_EASE_STEP * max(missed, 0))


def next_interval(box: int, interval: timedelta, missed: int, correct: bool) -> timedelta:
    """How long a rule waits after an answer, from its state before it: ``box``, the ``interval`` it had waited
    (``due - last_seen``) and its misses so far. A miss: the first step (a minute). Right: the next box's step,
    and for a rule already in the last box the longer of that step and ``interval`` × the ease (at most
    MAX_INTERVAL), so the interval of a rule answered right keeps growing."""
    step = WAIT[next_box(box, correct) - 1]
    if not correct or box < LAST_BOX:
        return step
    return min(max(step, interval * ease(missed)), MAX_INTERVAL)


def after_answer(box: int, interval: timedelta, missed: int, correct: bool, now: datetime) -> tuple[int, datetime]:
    """The box and the due time of a rule answered at ``now`` (right when ``correct``), from its stored state
    before the answer: ``box``, ``interval`` (``due - last_seen``; zero for a rule never asked) and ``missed``."""
    return next_box(box, correct), now + next_interval(box, interval, missed, correct)


def item_after(item: PracticeItem | None, game: str, rule: str, correct: bool, now: datetime) -> PracticeItem:
    """The state of ``rule`` after one answer at ``now`` (``item`` is its state before; None: never asked)."""
    box, interval, seen, missed = (FIRST_BOX, timedelta(0), 0, 0) if item is None else (
        item.box, item.due - item.last_seen, item.seen, item.missed)
    new_box, due = after_answer(box, interval, missed, correct, now)
    return PracticeItem(game, rule, new_box, due, seen + 1, missed + (not correct), now)


def mastery(item: PracticeItem | None) -> float:
    """How well a skill is known, 0 … 1: its box's share of the last box times the share of right answers
    (0 for a skill never practised; 1 for one in the last box never missed). Every answer changes it."""
    if item is None or item.seen <= 0:
        return 0.0
    return min(max(item.box, 0), LAST_BOX) / LAST_BOX * max(item.right, 0) / item.seen


def choose(rules: Sequence[str], items: Mapping[str, PracticeItem], n: int, now: datetime) -> tuple[str, ...]:
    """Up to ``n`` distinct rules of ``rules`` to ask next, most needed first (see the module's docstring)."""
    unique = list(dict.fromkeys(rules))
    due = [items[r] for r in unique if r in items and items[r].due <= now]
    due.sort(key=lambda it: (it.box, -it.missed / max(it.seen, 1), -it.missed, it.due))
    fresh = [r for r in unique if r not in items]
    waiting = sorted((items[r] for r in unique if r in items and items[r].due > now), key=lambda it: it.due)
    order = [it.rule for it in due] + fresh + [it.rule for it in waiting]
    return tuple(order[:n])


def next_streak(streak: Streak, correct: bool, today: date) -> Streak:
    """The streak after one practice answer given on the learner's date ``today``."""
    current = streak.current + 1 if correct else 0
    if streak.last_day == today:
        days = streak.days
    elif streak.last_day is not None and streak.last_day == today - timedelta(days=1):
        days = streak.days + 1
    else:
        days = 1
    return Streak(streak.game, current, max(streak.best, current), days, today)
