"""Spaced repetition for practice rules: Leitner boxes with due times, as pure functions of the stored state.

A rule answered right moves up one box (at most the last); a rule missed goes back to box 1. Each box waits
longer before the rule is due again (a minute in box 1, a week in box 5), so within one sitting a missed rule
comes back after a few other exercises while a well-known one waits for another day. Choosing what to ask
next: rules that are due, lowest box first and then the most often missed (by share, then by count); then
rules never asked; then the rules due soonest, so that a practice set never runs dry.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime, timedelta

from ui.store.records import PracticeItem, Streak

WAIT = (timedelta(minutes=1), timedelta(minutes=10), timedelta(days=1), timedelta(days=3), timedelta(days=7))
FIRST_BOX = 1
LAST_BOX = len(WAIT)


def next_box(box: int, correct: bool) -> int:
    """The box after an answer: one up when right (at most LAST_BOX), back to the first when wrong."""
    return min(box + 1, LAST_BOX) if correct else FIRST_BOX


def due_after(box: int, now: datetime) -> datetime:
    """When a rule that has just landed in ``box`` is due again."""
    return now + WAIT[min(max(box, FIRST_BOX), LAST_BOX) - 1]


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
