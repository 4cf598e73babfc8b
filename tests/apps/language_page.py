"""One page of the app run the way app.py runs it: inside ``use_language`` (tests/test_class_languages.py). The
page's file and the language are in the session state (``test:page``, ``test:lang``); without the app's
navigation, a link to another page is drawn as an external link with the same label."""

import runpy

import streamlit as st

from engine.i18n import use_language
from ui.language import LANG_KEY, follow_session_language

real = st.page_link


def link(page: str, label: str | None = None, **kwargs: object) -> object:
    """A link to another page of the app, drawn with its label."""
    return real(f"https://localhost/{page}", label=label or page, **kwargs)  # type: ignore[arg-type]


st.page_link = link  # type: ignore[assignment]
st.session_state[LANG_KEY] = st.session_state["test:lang"]  # as app.py's read_language keeps it for callbacks
follow_session_language()
try:
    with use_language(str(st.session_state["test:lang"])):
        runpy.run_path(str(st.session_state["test:page"]), run_name="__page__")
finally:
    st.page_link = real
