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
from engine.i18n import DEFAULT_LANGUAGE, N_, language, ngettext, number
from engine.i18n import gettext as _
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

BADGES = {"fine": (N_("Fine"), "green"), "inaccuracy": (N_("Inaccuracy"), "orange"), "mistake": (N_("Mistake"), "red")}


def _marks(page: TablePage, hand: Hand, place: Any) -> list[Review]:
    """Review decision by decision (the same seeds as one call), showing the progress in ``place``."""
    me = page.settings.me
    decisions = [i for i in range(len(hand.steps)) if page.game.to_act(hand.states[i]) == me]
    bar = place.progress(0.0, text=_("The coach is replaying your decisions…"))
    marks: list[Review] = []
    for n, i in enumerate(decisions):
        bar.progress(n / max(len(decisions), 1), text=_("The coach is replaying your decision {n} of {total}…").format(
            n=number(n + 1), total=number(len(decisions))))
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
        place.caption(_("The coach cannot review this game yet."))
        return
    kept = st.session_state.get(page.key("review"))
    if kept is None or kept[0] != hand.record:
        place.button(_("Review my decisions"), icon=":material/insights:", key=page.key("review-button"),
                     on_click=page._review, width="stretch",
                     help=_("The coach replays every decision you took and marks the ones that lost points "
                            "on average (a second or two per decision)."))
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
        st.markdown(_("**The coach's review:** {story}").format(story=plain(story)))
    n, bad, worse = len(marks), tally["inaccuracy"], tally["mistake"]
    st.markdown(_("Your {decisions}: {fine} fine, {inaccuracies}, {mistakes}.").format(
        decisions=ngettext("{n} decision", "{n} decisions", n).format(n=number(n)), fine=number(tally["fine"]),
        inaccuracies=ngettext("{n} inaccuracy", "{n} inaccuracies", bad).format(n=number(bad)),
        mistakes=ngettext("{n} mistake", "{n} mistakes", worse).format(n=number(worse))))
    st.caption(_("The coach played every option of each decision out on up to {budget} sampled deals. A decision "
                 "that loses less than {low} on average against the coach's choice is fine; up to {high}, an "
                 "inaccuracy; more, a mistake. “Show me” opens the game at that step.").format(
        budget=number(REVIEW_BUDGET), low=amount(low, words), high=amount(high, words)))
    stop = "." if language() == DEFAULT_LANGUAGE else "\u0964"
    for mark in marks:
        state = hand.states[mark.step]
        played = plain(label(mark.step, mark.played))
        best = plain(label(mark.step, mark.best))
        chapter = hand.steps[mark.step].chapter
        step = number(mark.step + 1)
        where = _("{chapter}, step {step}").format(chapter=plain(chapter), step=step) if chapter else \
            _("Step {step}").format(step=step)
        word, colour = BADGES.get(mark.verdict, (mark.verdict.capitalize(), "gray"))
        if mark.verdict != "fine":
            said = _("you played **{played}**; the coach prefers **{best}**, {loss} more on average: {why}").format(
                played=played, best=best, loss=amount(mark.loss, words), why=plain(mark.why))
        elif len(game.legal_actions(state, limit=2)) == 1:
            said = _("**{played}**, your only legal choice").format(played=played)
        elif mark.played == mark.best:
            said = _("you played **{played}**, the coach's choice too").format(played=played)
        elif mark.loss <= 0:  # tied with the coach's choice: the samples cannot tell the two apart
            said = _("you played **{played}**; the coach leans to **{best}**, but in the sampled deals the two are "
                     "not clearly apart").format(played=played, best=best)
        else:
            said = _("you played **{played}**; the coach's choice, **{best}**, is less than {low} better on "
                     "average").format(played=played, best=best, low=amount(low, words))
        with st.container(key=page.key(f"review-row-{mark.step}")):
            cols = st.columns([6, 1], vertical_alignment="center")
            cols[0].markdown(f":{colour}-badge[{_(word)}] **{where}** — {said}{stop}")
            cols[1].button(_("Show me"), key=page.key(f"show:{mark.step}"), on_click=page._show_step,
                           args=(mark.step,), width="stretch")
