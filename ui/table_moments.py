"""The Table's "Find the next…": a teaching moment of the game (a bomb, a throw, a go alone …) after the step shown,
in this game or else in the bots' games of the next deals, found by :mod:`engine.moments` (each game declares its
kinds in its own package; nothing here names a game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from engine.i18n import DEFAULT_LANGUAGE, language, number
from engine.i18n import gettext as _
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
    """"bomb" for "a bomb", "rocket" for "the rocket" (in English; the label as it is in another language)."""
    if language() != DEFAULT_LANGUAGE:
        return _(kind.label)
    return kind.label.removeprefix("a ").removeprefix("the ")


def moment_labels(page: TablePage) -> dict[str, str]:
    """The game's kinds of moment by name, each as a menu says it: "Next bomb"."""
    return {k.name: _("Next {moment}").format(moment=_short(k)) for k in moment_kinds(page.base)}


def find_menu(page: TablePage, key: str) -> None:
    """"Find…": the game's kinds of moment; choosing one goes to the next such moment (:func:`find_next`)."""
    kinds = moment_labels(page)
    if not kinds:
        return
    st.selectbox(_("Find the next"), list(kinds), index=None, key=key, on_change=find_next, args=(page, key),
                 format_func=kinds.__getitem__, placeholder=_("Find…"),
                 label_visibility="collapsed", width=170,
                 help=_("Go to the next teaching moment of a kind: in this game after this step, else in the bots' "
                        "games of the next deals (up to {deals})").format(deals=number(FIND_DEALS)))


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
        st.session_state[page.key("found")] = _(
            "No {moment} in this game after step {step}, nor in the next {deals} deals' games ({help})."
        ).format(moment=_short(kind), step=number(s.step), deals=number(FIND_DEALS - 1), help=_(kind.help))
        return
    record = moment.record
    if record is not hand.record:
        if record.options or (record.start and not is_whole(record.start)):
            page._set_hand("watch", load_hand(page.base, record))
            st.session_state[page.key("loaded")] = True
        else:
            page._new_seed(record.seed)
    s.mode, s.step, s.auto = WATCH, moment.step, False
    label = _(kind.label)
    label = label[:1].upper() + label[1:]
    st.session_state[page.key("found")] = (
        _("{moment}: step {step}.").format(moment=label, step=number(moment.step)) if record is hand.record else
        _("{moment}: deal {deal}, step {step}.").format(moment=label, deal=number(record.seed),
                                                       step=number(moment.step)))
