"""The coach's review of a finished game on the Table page: how the result came about, then each decision marked.

The marks come from :func:`engine.advisor.review` (each option of each decision played out on sampled deals) and the
story from :func:`engine.review_story.review_story`: a lost game is never summed up as "every decision was fine".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace as changed
from typing import TYPE_CHECKING, Any

import streamlit as st

from engine.advisor import Review, can_advise, review
from engine.review_story import review_story
from ui.coach_view import amount, value_words
from ui.table_hands import action_label
from ui.widgets import plain

if TYPE_CHECKING:
    from ui.table import Hand, TablePage

REVIEW_BUDGET = 32
"""Samples per option in the review of a finished hand. At 12 the noise hid real losses (a Euchre lone hand euchred
0-5 was marked fine); 32 makes the intervals 1.6 times narrower and costs a whole hand's review about 2 s of the
pool's time in Shengji, under 1 s in the other games (measured, one hand each)."""

BADGES = {"fine": ("Fine", "green"), "inaccuracy": ("Inaccuracy", "orange"), "mistake": ("Mistake", "red")}


def _many(n: int, one: str, more: str) -> str:
    return f"{n} {one if n == 1 else more}"


def _marks(page: TablePage, hand: Hand, place: Any) -> list[Review]:
    """Review decision by decision (the same seeds as one call), showing the progress in ``place``."""
    me = page.settings.me
    decisions = [i for i in range(len(hand.steps)) if page.game.to_act(hand.states[i]) == me]
    bar = place.progress(0.0, text="The coach is replaying your decisions…")
    marks: list[Review] = []
    for n, i in enumerate(decisions):
        bar.progress(n / max(len(decisions), 1), text=f"The coach is replaying your decision {n + 1} of "
                                                       f"{len(decisions)}…")
        found = review(page.game, hand.states[i:i + 1], hand.record.actions[i:i + 1], me, budget=REVIEW_BUDGET,
                       seed=i)
        marks.extend(changed(m, step=i) for m in found)
    bar.empty()
    return marks


def review_panel(page: TablePage, hand: Hand, place: Any) -> None:
    """After a game you played: how it came out and which decisions cost most, then each of your decisions marked
    by the expected value it lost (fine, inaccuracy, mistake: the game's thresholds, in its own points), each with
    "Show me"."""


    game = page.game
    if not can_advise(game):
        place.caption("The coach cannot review this game yet.")
        return
    kept = st.session_state.get(page.key("review"))
    if kept is None or kept[0] != hand.record:
        place.button("Review my decisions", icon=":material/insights:", key=page.key("review-button"),
                     on_click=page._review, width="stretch",
                     help="The coach replays every decision you took and marks the ones that lost points "
                          "on average (a second or two per decision).")
        return
    marks = kept[1]
    if marks is None:
        marks = _marks(page, hand, place)
        st.session_state[page.key("review")] = (hand.record, marks)
    low, high = game.review_thresholds
    words = value_words(game, hand.last)
    tally = Counter(m.verdict for m in marks)

    def label(step: int, text: str) -> str:
        return action_label(game, game.parse_action(hand.states[step], text))

    story = review_story(game, hand.states, hand.record.actions, page.settings.me, marks, label=label,
                         opening=False)
    with st.container(key=page.key("review-story")):
        st.markdown(f"**The coach's review:** {plain(story)}")
    st.markdown(f"Your {_many(len(marks), 'decision', 'decisions')}: {tally['fine']} fine, "
                f"{_many(tally['inaccuracy'], 'inaccuracy', 'inaccuracies')}, "
                f"{_many(tally['mistake'], 'mistake', 'mistakes')}.")
    st.caption(f"The coach played every option of each decision out on up to {REVIEW_BUDGET} sampled deals. "
               f"A decision that loses less than {amount(low, words)} on average against the coach's choice "
               f"is fine; up to {amount(high, words)}, an inaccuracy; more, a mistake. “Show me” opens the "
               "game at that step.")
    for mark in marks:
        state = hand.states[mark.step]
        played = plain(label(mark.step, mark.played))
        best = plain(label(mark.step, mark.best))
        chapter = hand.steps[mark.step].chapter
        where = f"{plain(chapter)}, step {mark.step + 1}" if chapter else f"Step {mark.step + 1}"
        word, colour = BADGES.get(mark.verdict, (mark.verdict.capitalize(), "gray"))
        if mark.verdict != "fine":
            said = (f"you played **{played}**; the coach prefers **{best}**, {amount(mark.loss, words)} more "
                    f"on average: {plain(mark.why)}")
        elif len(game.legal_actions(state, limit=2)) == 1:
            said = f"**{played}**, your only legal choice"
        elif mark.played == mark.best:
            said = f"you played **{played}**, the coach's choice too"
        elif mark.loss <= 0:  # tied with the coach's choice: the samples cannot tell the two apart
            said = (f"you played **{played}**; the coach leans to **{best}**, but in the sampled deals the two "
                    "are not clearly apart")
        else:
            said = (f"you played **{played}**; the coach's choice, **{best}**, is less than "
                    f"{amount(low, words)} better on average")
        with st.container(key=page.key(f"review-row-{mark.step}")):
            cols = st.columns([6, 1], vertical_alignment="center")
            cols[0].markdown(f":{colour}-badge[{word}] **{where}** — {said}.")
            cols[1].button("Show me", key=page.key(f"show:{mark.step}"), on_click=page._show_step,
                           args=(mark.step,), width="stretch")
