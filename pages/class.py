"""The teacher's view (``/class``): sign up or in, create a class (its join code, link and QR code for the
projector), and every student's lessons done, practice and last activity, the class's weakest skills, as a
table and a chart, with the results as a CSV file. Anyone not signed in as a teacher gets one sentence and the
sign-in form; no student ever sees this page's names."""

from __future__ import annotations

import plotly.express as px
import streamlit as st

from engine.games import GAMES
from engine.i18n import digits
from engine.i18n import gettext as _
from ui.classroom import (
    CLASS_KEY,
    NOT_A_TEACHER,
    class_label,
    current_teacher,
    join_link,
    qr_svg,
    results_csv,
    sign_in,
    sign_out,
    sign_up,
    skill_label,
    students_table,
    weakest_skills,
)
from ui.learner import store
from ui.live_view import teacher_screen
from ui.places import watch_panel
from ui.store import StoreError
from ui.widgets import plain

st.title(_("Your class"))
teacher = current_teacher()

if teacher is None:
    st.info(_(NOT_A_TEACHER))
    signin, signup = st.tabs([_("Sign in"), _("Create a teacher's account")])
    with signin, st.form("class:sign-in"):
        name = st.text_input(_("Name or e-mail"), key="class:in-name", max_chars=40)
        password = st.text_input(_("Password"), type="password", key="class:in-password", max_chars=200)
        if st.form_submit_button(_("Sign in"), type="primary"):
            problem = sign_in(name, password)
            if problem:
                st.error(plain(problem))
            else:
                st.rerun()
    with signup, st.form("class:sign-up"):
        name = st.text_input(_("Name or e-mail"), key="class:up-name", max_chars=40)
        password = st.text_input(_("Password (8 characters or more)"), type="password", key="class:up-password",
                                 max_chars=200)
        if st.form_submit_button(_("Create the account"), type="primary"):
            problem = sign_up(name, password)
            if problem:
                st.error(plain(problem))
            else:
                st.rerun()
    st.stop()

opened = store()
assert opened is not None  # a teacher is only known through the store
top = st.container(horizontal=True, vertical_alignment="center")
top.markdown(":material/co_present: " + _("Signed in as **{name}**").format(name=plain(teacher.name)), width="stretch")
top.button(_("Sign out"), key="class:sign-out", on_click=sign_out, icon=":material/logout:")

try:
    classes = opened.classes_of(teacher.id)
except StoreError as error:
    st.error(plain(str(error)))
    st.stop()

with st.expander(_("Create a class"), expanded=not classes, icon=":material/add:"):
    with st.form("class:create"):
        title = st.text_input(_("Class name"), key="class:title", max_chars=80, placeholder=_("Year 9 · Tuesday"))
        if st.form_submit_button(_("Create the class"), type="primary"):
            try:
                made = opened.create_class(teacher.id, title)
            except StoreError as error:
                st.error(plain(str(error)))
            else:
                st.session_state[CLASS_KEY] = made.id
                st.rerun()

if not classes:
    st.caption(_("Create a class: you get a join code and a QR code to show your students."))
    st.stop()

by_id = {c.id: c for c in classes}
if st.session_state.get(CLASS_KEY) not in by_id:
    st.session_state[CLASS_KEY] = classes[-1].id
chosen = by_id[st.selectbox(_("Class"), list(by_id), key=CLASS_KEY, format_func=lambda k: class_label(by_id[k]))]

link = join_link(chosen.code)
code_col, qr_col = st.columns([3, 2])
with code_col:
    st.markdown("### " + _("Join code: `{code}`").format(code=chosen.code))
    st.markdown(_("Students open **{link}** (or scan the code) and type their name. Each gets a resume code of "
                  "their own to come back on another device.").format(link=plain(link)))
with qr_col:
    qr_label = _("QR code of the join link")
    st.html(f'<div style="max-width:260px" aria-label="{qr_label}">{qr_svg(link)}</div>')

try:
    reports = opened.class_report(teacher.id, chosen.id)
except StoreError as error:
    st.error(plain(str(error)))
    st.stop()

st.subheader(_("Ask the class"))
teacher_screen(teacher, chosen.id, len(reports))

heading = st.container(horizontal=True, vertical_alignment="center")
heading.subheader(_("Students ({n})").format(n=digits(str(len(reports)))), width="stretch")
heading.button(_("Refresh"), key="class:refresh", icon=":material/refresh:", help=_("Show who has joined since."))
if not reports:
    st.caption(_("Nobody has joined yet."))
    st.stop()
st.dataframe(students_table(reports, list(GAMES)), hide_index=True, key="class:students")
watch_panel(teacher, reports)

weak = weakest_skills(reports)
st.subheader(_("The class's weakest skills"))
if weak:
    labels = [skill_label(s) for s in weak]
    figure = px.bar(x=[round(100 * s.miss_rate) for s in weak], y=labels, orientation="h",
                    labels={"x": _("answers missed (%)"), "y": _("skill")},
                    hover_data={_("students"): [s.students for s in weak], _("answers"): [s.seen for s in weak]})
    figure.update_layout(yaxis={"autorange": "reversed"}, height=80 + 48 * len(weak), margin={"t": 10})
    st.plotly_chart(figure, key="class:weakest")
else:
    st.caption(_("No practice answers yet: the weakest skills show once students practise."))

st.download_button(_("Download the class's results (CSV)"), results_csv(reports),
                   file_name=f"class-{chosen.code}-results.csv", mime="text/csv", icon=":material/download:",
                   key="class:csv")
