"""Mastery a learner can see: every practice skill of a game (each kind of exercise, tied to its lessons) with
how well it is known, as a plotly bar chart and a small table, and the links between a skill and its lessons.

The numbers are the scheduler's own (:func:`ui.store.practice.mastery`, the box and the interval of SM-2 read
from the stored state); nothing here judges an answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from functools import lru_cache
from typing import Final

import plotly.graph_objects as go
import streamlit as st

from engine.i18n import digits, language
from engine.i18n import gettext as _
from engine.lessons import load_lessons
from engine.practice import PracticeRule
from ui.lesson_links import page_link
from ui.lesson_menu import LESSON_QUERY
from ui.store import PracticeItem
from ui.store import practice as schedule

KNOWN: Final = 0.8
"""The mastery from which a skill counts as known (its bar is green)."""
LEARNING: Final = 0.4
"""The mastery from which a skill counts as being learnt (amber); below it, weak (red)."""
COLOURS: Final[Mapping[str, str]] = {"known": "#2e7d32", "learning": "#f9a825", "weak": "#c62828",
                                     "new": "#9e9e9e"}


@dataclass(frozen=True)
class SkillRow:
    """One skill's line of the mastery chart and table."""

    rule: str
    title: str
    lessons: str
    mastery: float
    """0 … 1 (see ui.store.practice.mastery)."""
    seen: int
    right: int
    wait: timedelta | None
    """How long the skill waits after its last answer (its SM-2 interval); None before any answer."""

    @property
    def level(self) -> str:
        """new, weak, learning or known."""
        if self.seen == 0:
            return "new"
        return "known" if self.mastery >= KNOWN else "learning" if self.mastery >= LEARNING else "weak"


def lesson_titles(game_key: str) -> Mapping[str, str]:
    """The titles of ``game_key``'s lessons by slug, in the current language (English where a lesson has no
    translation)."""
    return _lesson_titles(game_key, language())


@lru_cache(maxsize=16)
def _lesson_titles(game_key: str, lang: str) -> Mapping[str, str]:
    return {lesson.slug: lesson.title for lesson in load_lessons(game_key, lang=lang)}


def skill_rows(rules: Sequence[PracticeRule], items: Mapping[str, PracticeItem]) -> tuple[SkillRow, ...]:
    """Every skill of ``rules`` with its mastery from ``items`` (the learner's stored or session state)."""
    rows = []
    for rule in rules:
        item = items.get(rule.key)
        titles = lesson_titles(rule.game)
        lessons = ", ".join(titles.get(slug, slug) for slug in rule.lessons)
        rows.append(SkillRow(rule.key, _(rule.title), lessons, schedule.mastery(item), item.seen if item else 0,
                             item.right if item else 0, item.due - item.last_seen if item else None))
    return tuple(rows)


def mastery_figure(rows: Sequence[SkillRow]) -> go.Figure:
    """A horizontal bar per skill: its mastery in percent, coloured by its level."""
    figure = go.Figure(go.Bar(
        x=[round(100 * r.mastery) for r in rows], y=[r.title for r in rows], orientation="h",
        marker_color=[COLOURS[r.level] for r in rows],
        text=[_percent(r.mastery) if r.seen else _("not practised") for r in rows], textposition="auto",
        customdata=[[r.lessons, _whole(r.right), _whole(r.seen)] for r in rows],
        hovertemplate="%{y}: %{x}%<br>"
                      + _("{right} of {seen} right").format(right="%{customdata[1]}", seen="%{customdata[2]}")
                      + "<br>" + _("Lessons: {lessons}").format(lessons="%{customdata[0]}") + "<extra></extra>"))
    figure.update_layout(xaxis={"range": [0, 100], "title": _("Mastery (%)")}, yaxis={"autorange": "reversed"},
                         height=90 + 34 * len(rows), margin={"l": 10, "r": 10, "t": 10, "b": 40})
    return figure


def _whole(n: int) -> str:
    """``n`` as the page wrote it in English, in the language's digits."""
    return digits(str(n))


def _percent(share: float) -> str:
    return f"{_whole(round(100 * share))}%"


def _wait_words(wait: timedelta | None) -> str:
    if wait is None:
        return "—"
    minutes = wait.total_seconds() / 60
    if minutes < 90:
        return _("{n} min").format(n=_whole(round(minutes)))
    if minutes < 36 * 60:
        return _("{n} h").format(n=_whole(round(minutes / 60)))
    return _("{n} days").format(n=_whole(round(minutes / 1440)))


def show_mastery(key: str, rules: Sequence[PracticeRule], items: Mapping[str, PracticeItem]) -> None:
    """The mastery chart and table of ``rules`` (drawn inside the caller's container)."""
    rows = skill_rows(rules, items)
    st.plotly_chart(mastery_figure(rows), key=f"{key}:mastery:chart", width="stretch",
                    config={"displayModeBar": False})
    st.dataframe(
        [{_("Skill"): r.title, _("Mastery"): _percent(r.mastery),
          _("Right"): _("{right} of {seen}").format(right=_whole(r.right), seen=_whole(r.seen)),
          _("Waits"): _wait_words(r.wait), _("Lessons"): r.lessons} for r in rows],
        hide_index=True, width="stretch", key=f"{key}:mastery:table")


def lesson_links(rule: PracticeRule) -> None:
    """Links from a skill back to the lessons that teach it."""
    titles = lesson_titles(rule.game)
    for slug in rule.lessons:
        page_link(rule.game, "lessons", _("Lesson: {title}").format(title=titles.get(slug, slug)), ":material/school:",
                  {LESSON_QUERY: slug})


__all__ = ["COLOURS", "KNOWN", "LEARNING", "SkillRow", "lesson_links", "lesson_titles", "mastery_figure",
           "show_mastery", "skill_rows"]
