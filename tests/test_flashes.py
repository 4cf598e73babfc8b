"""``ui.widgets.flashes``: a message is shown once, and again on the rerun the browser's learner-id report causes
(else a link's refusal, said on a visit's first run, vanishes a moment later). The whole flow in Chromium is in
``tests/test_hostile_links_browser.py``; ``ui.nav`` marking that rerun is checked here too."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from ui.learner import REPORTED_KEY
from ui.widgets import REPORT_RERUN_KEY

SCRIPT = """
import streamlit as st
from ui.widgets import flashes

for kind, text in flashes("page:messages", st.session_state.pop("said", [])):
    st.info(text)
"""


def shown(at: AppTest) -> list[str]:
    return [i.value for i in at.info]


def test_a_message_is_shown_once() -> None:
    at = AppTest.from_string(SCRIPT)
    at.session_state["said"] = [("info", "Loaded.")]
    assert shown(at.run()) == ["Loaded."]
    assert shown(at.run()) == []


def test_the_rerun_of_the_browsers_report_shows_the_first_runs_messages_again() -> None:
    at = AppTest.from_string(SCRIPT)
    at.session_state["said"] = [("error", "The link was not loaded.")]
    assert shown(at.run()) == ["The link was not loaded."]
    at.session_state[REPORT_RERUN_KEY] = True
    assert shown(at.run()) == ["The link was not loaded."]
    at.session_state["said"] = [("info", "New.")]
    assert shown(at.run()) == ["New."], "what is said in that run replaces what was shown"
    at.session_state[REPORT_RERUN_KEY] = False
    assert shown(at.run()) == []


NAV = """
import streamlit as st
from ui.nav import _note_browser_report

_note_browser_report()
"""


def test_nav_marks_only_the_first_run_after_the_browser_reported() -> None:
    at = AppTest.from_string(NAV).run()
    assert at.session_state[REPORT_RERUN_KEY] is False  # AppTest has no browser: nothing reported yet
    at.run()
    assert at.session_state[REPORT_RERUN_KEY] is False
    at.session_state[REPORTED_KEY] = ""  # what the component's callback sets before the rerun it causes
    at.run()
    assert at.session_state[REPORT_RERUN_KEY] is True
    at.run()
    assert at.session_state[REPORT_RERUN_KEY] is False
