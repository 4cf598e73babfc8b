"""The Table's "Find the next…": a teaching moment of the game (a bomb, a throw, a go alone …) after the step shown,
in this game or else in the bots' games of the next deals, found by :mod:`engine.moments` (each game declares its
kinds in its own package; nothing here names a game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from engine.match import is_whole
from engine.moments import find_moment, moment_kind, moment_kinds
from engine.table import MomentKind
from ui.table_hands import load_hand
from ui.table_link import WATCH

if TYPE_CHECKING:
    from ui.table import TablePage

FIND_DEALS = 100
"""The deals "Find the next…" searches (the one shown first): Euchre's first go alone from deal 1 is in deal 23."""


def _short(kind: MomentKind) -> str:
    """"bomb" for "a bomb", "rocket" for "the rocket"."""
    return kind.label.removeprefix("a ").removeprefix("the ")


def moment_labels(page: TablePage) -> dict[str, str]:
    """The game's kinds of moment by name, each as a menu says it: "Next bomb"."""
    return {k.name: f"Next {_short(k)}" for k in moment_kinds(page.base)}


def find_menu(page: TablePage, key: str) -> None:
    """"Find…": the game's kinds of moment; choosing one goes to the next such moment (:func:`find_next`)."""
    kinds = moment_labels(page)
    if not kinds:
        return
    st.selectbox("Find the next", list(kinds), index=None, key=key, on_change=find_next, args=(page, key),
                 format_func=kinds.__getitem__, placeholder="Find…",
                 label_visibility="collapsed", width=170,
                 help="Go to the next teaching moment of a kind: in this game after this step, else in the bots' "
                      f"games of the next deals (up to {FIND_DEALS})")


def find_next(page: TablePage, key: str) -> None:
    """The menu's callback: watch the moment chosen in ``key`` (its deal, the step that shows it); a toast says where
    it is, or that there is none."""
    name = st.session_state.get(key)
    st.session_state[key] = None  # the menu shows "Find…" again: the same kind once more finds the next one
    if not isinstance(name, str):
        return
    s = page.settings
    hand = page.watch_hand()
    kind = moment_kind(page.base, name)
    moment = find_moment(page.base, name, hand.record, min(s.step, len(hand.steps)), deals=FIND_DEALS)
    if moment is None:
        st.session_state[page.key("found")] = (f"No {_short(kind)} in this game after step {s.step}, nor in the "
                                               f"next {FIND_DEALS - 1} deals' games ({kind.help}).")
        return
    record = moment.record
    if record is not hand.record:
        if record.options or (record.start and not is_whole(record.start)):
            page._set_hand("watch", load_hand(page.base, record))
            st.session_state[page.key("loaded")] = True
        else:
            page._new_seed(record.seed)
    s.mode, s.step, s.auto = WATCH, moment.step, False
    where = "" if record is hand.record else f"deal {record.seed}, "
    st.session_state[page.key("found")] = f"{kind.label.capitalize()}: {where}step {moment.step}."
