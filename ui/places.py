"""Where a class's student is now, for their teacher: the Table and practice pages note their place (the Table's
link, the exercise on screen) in the store, and the teacher's ``/class`` page draws it read-only — the same
cards, nothing to click. Only students of a class are noted (a learner alone is nobody's to watch); a note is
written only when the place changed, and a failure to write it never disturbs the student's page.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Final

import streamlit as st

from engine.errors import CardTableError
from engine.games import GAMES
from engine.games import game as game_of
from engine.i18n import digits
from engine.i18n import gettext as _
from engine.practice import make_exercise
from engine.words import seat_name
from ui import card_hand as ch
from ui.language import language_query
from ui.learner import ID_KEY, store
from ui.live_moment import Built, replayed, table_record
from ui.live_view import POLL_SECONDS, draw_moment
from ui.nav import current_preset
from ui.practice import current_exercise
from ui.store import Place, StoreError, StudentReport, Teacher
from ui.table_hands import text_label
from ui.widgets import plain

TABLE, PRACTICE = "table", "practice"
TABLE_KEYS: Final = ("mode", "seed", "step", "seat", "hand", "whole")
NOTED_KEY: Final = "places:noted"  # the last place written by this session (so that an unchanged one is not)
MEMBER_KEY: Final = "places:member"  # whether this session's learner is in a class (asked once)
WATCH_KEY: Final = "class:watch"
TOASTED_KEY: Final = "places:toasted"  # the question this session was last told about
JOIN_PAGE: Final = "pages/join.py"


def _in_a_class(learner_id: str) -> bool:
    """Whether this session's learner is a class's student (asked the store once per session and learner)."""
    member = st.session_state.get(MEMBER_KEY)
    if isinstance(member, tuple) and member[0] == learner_id:
        return bool(member[1])
    opened = store()
    if opened is None:
        return False
    try:
        found = opened.class_of(learner_id) is not None
    except StoreError:
        return False
    st.session_state[MEMBER_KEY] = (learner_id, found)
    return found


def _note(page: str, game: str, link: Mapping[str, str]) -> None:
    learner_id = st.session_state.get(ID_KEY)
    if not isinstance(learner_id, str):
        return
    opened = store()
    if opened is None:
        return
    noted = json.dumps([learner_id, page, game, dict(link)], sort_keys=True)
    if st.session_state.get(NOTED_KEY) == noted:
        return
    try:
        if _in_a_class(learner_id):
            opened.set_place(learner_id, page, game, link)
    except StoreError:
        return
    st.session_state[NOTED_KEY] = noted


def note_table(game: str) -> None:
    """Note this student's Table (after the Table page wrote its link): its link and the rules chosen. A
    student of a class also gets their teacher's question called out here (:func:`question_notice`)."""
    link = {k: str(st.query_params[k]) for k in TABLE_KEYS if k in st.query_params}
    _note(TABLE, game, {**link, "preset": current_preset(game)})
    question_notice()


def note_practice(game: str) -> None:
    """Note the exercise on this student's practice page (and call out the teacher's question)."""
    current = current_exercise(game)
    if current is not None:
        rule, seed, preset = current
        _note(PRACTICE, game, {"rule": rule, "seed": str(seed), "preset": preset})
    question_notice()


def question_notice() -> None:
    """On a class's student's page (not /join, where the question itself is): every POLL_SECONDS, whether the
    teacher has a question open; when one is, a toast once and a link to answer it on the class page."""
    learner_id = st.session_state.get(ID_KEY)
    if not isinstance(learner_id, str) or not _in_a_class(learner_id):
        return

    @st.fragment(run_every=POLL_SECONDS)
    def notice() -> None:
        opened = store()
        try:
            signal = opened.question_signal(learner_id) if opened is not None else None
        except StoreError:
            return  # a passing database hiccup: the next poll asks again
        if signal is None or signal[1]:
            return
        if st.session_state.get(TOASTED_KEY) != signal[0]:
            st.session_state[TOASTED_KEY] = signal[0]
            st.toast(_("Your teacher asked the class a question."), icon=":material/campaign:")
        st.page_link(JOIN_PAGE, label=_("Answer your teacher's question"), icon=":material/campaign:",
                     query_params=language_query() or None)

    notice()


# ------------------------------------------------------------------------------------------------ the teacher


def _draw_table(place: Place, key: str) -> None:
    link = place.link
    g = game_of(place.game)
    try:
        record = table_record(place.game, "&".join(f"{k}={v}" for k, v in link.items() if k in TABLE_KEYS),
                              preset=link.get("preset"))
        state = replayed(g, record)
    except CardTableError as error:
        st.caption(_("This Table cannot be shown: {reason}").format(reason=plain(str(error))))
        return
    rules = g.rules_of(state)
    letters = g.seat_letters(rules)
    seat = letters.index(link["seat"]) if link.get("seat") in letters else None
    view = g.view(state, seat)
    plays = digits(str(len(record.actions)))
    if seat is None:
        doing = (_("Playing a hand, after {plays} plays") if link.get("mode") == "play"
                 else _("Watching a hand, after {plays} plays")).format(plays=plays)
    else:
        doing = (_("Playing a hand as {seat}, after {plays} plays") if link.get("mode") == "play"
                 else _("Watching a hand as {seat}, after {plays} plays")).format(
            seat=seat_name(letters[seat]), plays=plays)
    st.caption(doing + " · " + " · ".join(f"{plain(label)}: {plain(value)}" for label, value in view.info if value))
    played = [ch.CardGroup(seat_name(view.seats[s].name), cards) for s, cards, _shown in view.table if cards]
    if played:
        ch.show_cards(f"{key}:table", played, label=_("On the table"), fit=True)
    for i, shown in enumerate(view.seats):
        name = seat_name(shown.name)
        role = f" · {shown.role}" if shown.role else ""
        st.markdown(f"**{plain(name)}**{plain(role)}" + (" · " + _("to play") if view.to_act == i else ""))
        ch.show_cards(f"{key}:seat:{i}", list(shown.cards), label=_("{seat}'s cards").format(seat=name),
                      size="small", fit=True, empty=_("no cards left"))
    if record.actions:
        st.caption(_("Last play: {play}").format(play=plain(text_label(record.actions[-1]))))


def _draw_practice(place: Place, key: str) -> None:
    link = place.link
    try:
        exercise = make_exercise(link["rule"], int(link["seed"]), link.get("preset"))
    except (CardTableError, KeyError, ValueError) as error:
        st.caption(_("This exercise cannot be shown: {reason}").format(reason=plain(str(error))))
        return
    st.markdown(f"**{plain(exercise.title)}**")
    draw_moment(Built(game_of(place.game), "practice", "practice", exercise=exercise), key)
    if exercise.choices:
        st.caption(_("Choices: {choices}").format(choices=" · ".join(plain(c.text) for c in exercise.choices)))


def watch_panel(teacher: Teacher, reports: tuple[StudentReport, ...]) -> None:
    """One click on a student's name: their Table or exercise as they see it now, read-only."""
    opened = store()
    if opened is None or not reports:
        return
    names = {r.learner.id: r.learner.name for r in reports}
    chosen = st.pills(_("Watch a student's screen"), list(names), key=WATCH_KEY, format_func=names.__getitem__,
                      help=_("Their Table or practice exercise as they see it now; nothing here changes it."))
    if chosen is None:
        return
    try:
        place = opened.place_of(teacher.id, chosen)
    except StoreError as error:
        st.error(plain(str(error)))
        return
    if place is None:
        st.caption(_("This student has not opened a Table or a practice exercise yet."))
        return
    title = _(GAMES[place.game].title) if place.game in GAMES else place.game
    where = _("Table") if place.page == TABLE else _("practice")
    with st.container(border=True, key="class-watching"):
        st.markdown(f"**{plain(names[chosen])}** · {plain(title)} · {where} · "
                    + _("seen {time} UTC").format(time=digits(f"{place.updated:%H:%M:%S}")))
        if place.page == TABLE:
            _draw_table(place, f"watch:{chosen}")
        else:
            _draw_practice(place, f"watch:{chosen}")
        st.button(_("Refresh"), key="class:watch-refresh", icon=":material/refresh:",
                  help=_("Show where the student is now."))
