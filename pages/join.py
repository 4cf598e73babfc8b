"""Joining a class (``/join?join=CODE``, the link and QR code the teacher shows): the join code and a name, and
the student gets a resume code of their own. Also: going on with a resume code on another device. A wrong code
or too many wrong tries get one sentence. Nothing here shows anyone else's name."""

from __future__ import annotations

import streamlit as st

from engine.i18n import gettext as _
from ui.classroom import JOIN_QUERY, join
from ui.language import language_query
from ui.learner import forget, resume_code_shown, resume_with, session_learner, show_message, store
from ui.live_view import student_screen
from ui.store import StoreError
from ui.store.classes import show_resume_code
from ui.widgets import plain

CODE_KEY = "join:code"
NAME_KEY = "join:name"
RESUME_KEY = "join:resume"
JOINED_KEY = "join:joined"  # the class title, once joined in this session

st.title(_("Join your class"))
given = st.query_params.get(JOIN_QUERY)
if CODE_KEY not in st.session_state and isinstance(given, str):
    st.session_state[CODE_KEY] = given[:24]

me = session_learner()
if me is not None:
    joined = st.session_state.get(JOINED_KEY)
    if joined is None:  # a new visit (another tab, a reload): the class from the store
        opened = store()
        try:
            joined = opened.class_of(me.id) if opened is not None else None
        except StoreError:
            joined = None
        st.session_state[JOINED_KEY] = joined
    st.success(_("You are **{name}**, in {klass}.").format(name=plain(me.name), klass=plain(joined)) if joined
               else _("You are **{name}**.").format(name=plain(me.name)))
    code = resume_code_shown(me)
    if code:
        st.markdown(_("Your resume code: **`{code}`**. Write it down: on another device, type it here to go on "
                      "where you left off.").format(code=code))
    st.page_link("pages/home.py", label=_("Go to the lessons"), icon=":material/school:",
                 query_params=language_query() or None)
    st.button(_("This is not me"), key="join:forget", on_click=forget, icon=":material/logout:")
    st.subheader(_("Your class's question"))
    student_screen(me.id)
    st.stop()

show_message()
with st.form("join:form"):
    st.text_input(_("Join code"), key=CODE_KEY, max_chars=24, placeholder=_("6 letters and digits"))
    st.text_input(_("Your name"), key=NAME_KEY, max_chars=40, help=_("The name your teacher knows you by."))
    if st.form_submit_button(_("Join"), type="primary", icon=":material/group_add:"):
        result = join(str(st.session_state.get(CODE_KEY, "")), str(st.session_state.get(NAME_KEY, "")))
        if isinstance(result, str):
            st.error(plain(result))
        else:
            st.session_state[JOINED_KEY] = result.class_title
            st.rerun()

with st.form("join:resume-form"):
    st.text_input(_("Been here before? Your resume code"), key=RESUME_KEY, max_chars=24,
                  placeholder=show_resume_code("XXXXXXXXXX"))
    if st.form_submit_button(_("Go on"), icon=":material/login:"):
        if resume_with(str(st.session_state.get(RESUME_KEY, ""))) is not None:
            st.rerun()
        show_message()
