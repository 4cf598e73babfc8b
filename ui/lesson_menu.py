"""Which lesson is open on a lesson page: the menu, Back and Next, the address (``?lesson=``) and where a
returning learner resumes.

The lesson open is kept as an index under :func:`at_key`, a key no widget owns, so that it is an ``int``
whatever the menu shows. The menu (a selectbox under :func:`index_key`) only proposes a choice: its labels
change as lessons get their ✓, and a browser may send back a label drawn before the change (``"2. Pairs"``
while the menu now reads ``"✓ 2. Pairs"``), which Streamlit then hands over as that text. :func:`menu_choice`
takes only an index as a choice, and the menu is set from the lesson open on every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import streamlit as st

from engine.i18n import gettext as _
from engine.i18n import number
from engine.lessons import Lesson, find_lesson
from ui.learner import Tracker
from ui.widgets import plain

LESSON_QUERY: Final = "lesson"
"""The query parameter naming the lesson open: its number from 1, or its slug."""


def index_key(game: str) -> str:
    """The menu's widget key (Back and Next are this key with ``:prev``/``:next``)."""
    return f"{game}:lesson:index"


def at_key(game: str) -> str:
    return f"{game}:lesson:at"  # the index of the lesson open (an int; no widget owns it)


def _shown_key(game: str) -> str:
    return f"{game}:lesson:shown"  # the index the menu was last set to


def _url_key(game: str) -> str:
    return f"{game}:lesson:url"  # the lesson parameter last read from or written to the address


def _moved_key(game: str) -> str:
    return f"{game}:lesson:moved"  # the learner (or a link) chose a lesson in this session


def _resumed_key(game: str) -> str:
    return f"{game}:lesson:resumed"  # the learner whose last lesson was resumed


def _link_error_key(game: str) -> str:
    return f"{game}:lesson:link-error"


def menu_choice(value: Any, count: int) -> int | None:
    """The lesson index a menu value stands for, or None. A learner can only choose a label the menu draws now,
    which Streamlit hands over as its index; a text is a label drawn before the ✓ marks changed (a browser
    sends it back unasked, and it may even name another lesson), never a choice."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count:
        return value
    return None


def current_index(game: str, count: int) -> int:
    """The lesson open, as an index in range (0 when none is kept)."""
    value = st.session_state.get(at_key(game))
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < count else 0


def moved(game: str) -> None:
    st.session_state[_moved_key(game)] = True
    st.session_state.pop(_link_error_key(game), None)


def _chosen(game: str, count: int) -> None:
    """The menu's on_change: the lesson it names becomes the one open."""
    choice = menu_choice(st.session_state.get(index_key(game)), count)
    if choice is not None and choice != st.session_state.get(_shown_key(game)):
        st.session_state[at_key(game)] = choice
        st.session_state[_shown_key(game)] = choice
    moved(game)


def step(game: str, delta: int, count: int) -> None:
    """Back (-1) or Next (+1), from the lesson open."""
    st.session_state[at_key(game)] = max(0, min(count - 1, current_index(game, count) + delta))
    moved(game)


def place(game: str, lessons: Sequence[Lesson], tracker: Tracker) -> int:
    """The lesson to show: the one the address names (when it changed), else where this learner left off
    (once per learner, unless a lesson was already chosen in this session), else the one shown last. A menu
    value set from outside (a test, a page that opens a given lesson) counts as a choice."""
    state = st.session_state
    key = at_key(game)
    count = len(lessons)
    state[key] = current_index(game, count)
    menu = menu_choice(state.get(index_key(game)), count)
    if menu is not None and menu != state.get(_shown_key(game)):
        state[key] = menu
    param = st.query_params.get(LESSON_QUERY)
    if param is not None and param != state.get(_url_key(game)):
        state[_url_key(game)] = param
        found = find_lesson(lessons, param)
        if found is None:
            state[_link_error_key(game)] = param
        else:
            state[key] = found
            state.pop(_link_error_key(game), None)
        state[_moved_key(game)] = True
    learner = tracker.learner
    if learner is not None and state.get(_resumed_key(game)) != learner.id:
        state[_resumed_key(game)] = learner.id
        last = tracker.progress().last_lesson
        slugs = [lesson.slug for lesson in lessons]
        if not state.get(_moved_key(game)) and last in slugs:
            state[key] = slugs.index(last)
    return int(state[key])


def write_url(game: str, index: int) -> None:
    want = str(index + 1)
    if st.query_params.get(LESSON_QUERY) != want:
        st.query_params[LESSON_QUERY] = want
    st.session_state[_url_key(game)] = want


def link_error(game: str, lessons: Sequence[Lesson]) -> None:
    bad = st.session_state.get(_link_error_key(game))
    if bad is None:
        return
    shown = plain(str(bad)[:40]) or _("(empty)")
    st.warning(_("The link asks for lesson “{shown}”, which does not exist: lessons are numbered 1 to {count} (or "
                 "named, like {slug}). Choose one below.").format(shown=shown, count=len(lessons),
                                                                   slug=plain(lessons[-1].slug)),
               icon=":material/link_off:")


def menu(game: str, lessons: Sequence[Lesson], index: int, done: frozenset[str]) -> None:
    """The lesson menu (✓ for lessons done), Back, Next, and how far the learner is."""
    key = index_key(game)
    count = len(lessons)

    def title(i: Any) -> str:
        choice = menu_choice(i, count)
        if choice is None:
            return str(i)
        mark = "✓ " if lessons[choice].slug in done else ""
        return f"{mark}{choice + 1}. {lessons[choice].title}"  # no lookup here: AppTest calls it outside the run

    st.session_state[key] = index  # the menu shows the lesson open, whatever it last sent
    st.session_state[_shown_key(game)] = index
    with st.container(horizontal=True, vertical_alignment="center", gap="small"):
        st.selectbox(_("Lesson"), range(count), key=key, format_func=title, label_visibility="collapsed",
                     on_change=_chosen, args=(game, count), width="stretch")
        st.button(_("Back"), key=f"{key}:prev", on_click=step, args=(game, -1, count), disabled=index == 0,
                  icon=":material/arrow_back:")
        st.button(_("Next"), key=f"{key}:next", on_click=step, args=(game, 1, count), disabled=index == count - 1,
                  icon=":material/arrow_forward:")
    finished = sum(1 for lesson in lessons if lesson.slug in done)
    st.progress((index + 1) / count, text=_("Lesson {number} of {count} · ✓ {done} of {count} done").format(
        number=number(index + 1), count=number(count), done=number(finished)))


__all__ = ["LESSON_QUERY", "at_key", "current_index", "index_key", "link_error", "menu", "menu_choice", "moved",
           "place", "step", "write_url"]
