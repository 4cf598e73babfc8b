"""The learner's language in the app: ``?lang=en|bn|as`` in the address and in every link the app makes, the
sidebar's choice, and one sentence for a value that is not a language.

A signed-in learner's choice is kept in the store (:func:`remember_language`) and taken again when they come
back without ``?lang=`` in the address.

The language of a run is read once, before the page runs (:func:`read_language`), and the page runs inside
:func:`engine.i18n.use_language`, so every lookup on it answers in that language.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from engine.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, language, use_default_language, use_language
from engine.i18n import gettext as _
from ui.learner import ID_KEY, REPORTED_KEY, store
from ui.store import StoreError

P = ParamSpec("P")
R = TypeVar("R")

LANG_QUERY = "lang"
LANG_KEY = "sidebar:lang"
_BAD_KEY = "sidebar:lang:refused"
_CHOSEN_KEY = "sidebar:lang:chosen"  # the address or the sidebar chose the language in this session
_RESTORED_KEY = "sidebar:lang:restored"  # the learner whose stored language was looked up in this session


def read_language() -> str:
    """The language of this run: ``?lang=`` when it names one (remembered for the session), else the one chosen
    before in this session, else the one the signed-in learner chose last time (kept in the store), else
    English. A value that names none is remembered to be refused in one sentence (:func:`language_problem`) and
    taken off the address."""
    raw = st.query_params.get(LANG_QUERY)
    if raw is not None and raw in LANGUAGES:
        st.session_state[LANG_KEY] = raw
        st.session_state[_CHOSEN_KEY] = True
        st.session_state.pop(_BAD_KEY, None)
    elif raw is not None:
        st.session_state[_BAD_KEY] = (raw[:20], None)
        del st.query_params[LANG_QUERY]
    if not st.session_state.get(_CHOSEN_KEY):
        _restore()
    lang = st.session_state.get(LANG_KEY, DEFAULT_LANGUAGE)
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    if lang != DEFAULT_LANGUAGE and raw != lang:
        st.query_params[LANG_QUERY] = lang  # the address (and so a copied link) carries the language
    return lang


def language_problem(page: str) -> None:
    """The one sentence for a ``?lang=`` value that is no language, on the page whose address had it (on each of
    its runs: the browser's first report reruns it at once) until another page or a language is chosen."""
    bad, where = st.session_state.get(_BAD_KEY, (None, None))
    if bad is not None and where in (None, page):
        st.session_state[_BAD_KEY] = (bad, page)
    else:
        st.session_state.pop(_BAD_KEY, None)
        bad = None
    if bad is not None:
        choices = ", ".join(f"{LANGUAGE_NAMES[code]} (?lang={code})" for code in LANGUAGES)
        st.warning(_("There is no language “{value}”; the page is shown in {language}. The languages are "
                     "{choices}.").format(value=bad, language=LANGUAGE_NAMES[language()], choices=choices))


def _learner_id() -> str | None:
    """The id of this session's learner as far as it is known before the page runs: the one signed in here, else
    the one the browser reported (None before either)."""
    for key in (ID_KEY, REPORTED_KEY):
        known = st.session_state.get(key)
        if isinstance(known, str) and known:
            return known
    return None


def _restore() -> None:
    """Take the language the learner chose last time (once per session and learner; nothing when the store is
    closed or the learner unknown)."""
    learner_id = _learner_id()
    if learner_id is None or st.session_state.get(_RESTORED_KEY) == learner_id:
        return
    st.session_state[_RESTORED_KEY] = learner_id
    opened = store()
    try:
        stored = opened.language_of(learner_id) if opened is not None else None
    except StoreError:
        return
    if stored in LANGUAGES:
        st.session_state[LANG_KEY] = stored


def remember_language(learner_id: str) -> None:
    """Keep the current language as ``learner_id``'s (a store that fails leaves the choice to this session)."""
    opened = store()
    try:
        if opened is not None:
            opened.set_language(learner_id, language())
    except StoreError:
        return
    st.session_state[_RESTORED_KEY] = learner_id


def _chosen() -> None:
    st.session_state.pop(_BAD_KEY, None)
    st.session_state[_CHOSEN_KEY] = True
    lang = st.session_state.get(LANG_KEY, DEFAULT_LANGUAGE)
    learner_id = _learner_id()
    if learner_id is not None and lang in LANGUAGES:
        with use_language(lang):
            remember_language(learner_id)
    if lang == DEFAULT_LANGUAGE:
        if LANG_QUERY in st.query_params:
            del st.query_params[LANG_QUERY]
    else:
        st.query_params[LANG_QUERY] = lang


def language_picker() -> None:
    """The sidebar's choice of language, each by its own name."""
    st.selectbox(_("Language"), LANGUAGES, key=LANG_KEY, format_func=LANGUAGE_NAMES.__getitem__,
                 on_change=_chosen)


def language_query() -> dict[str, str]:
    """The query parameter that keeps the current language in a link (none for English)."""
    lang = language()
    return {} if lang == DEFAULT_LANGUAGE else {LANG_QUERY: lang}


def with_language(url: str) -> str:
    """``url`` with the current language's ``lang`` parameter (replacing any other; unchanged in English)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != LANG_QUERY]
    query += list(language_query().items())
    return urlunsplit(parts._replace(query=urlencode(query)))


def session_language() -> str:
    """The language this session chose (for code that runs outside a page's run, such as a widget's callback)."""
    lang = st.session_state.get(LANG_KEY, DEFAULT_LANGUAGE)
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _running_session_language() -> str | None:
    """The session's language while Streamlit runs this session's code (a page or a widget's callback); None in
    any other thread (a background run, a test calling the engine)."""
    if get_script_run_ctx(suppress_warning=True) is None:
        return None
    return session_language()


def follow_session_language() -> None:
    """Code that runs outside a page's ``use_language`` block but for a session — Streamlit runs a widget's
    callback before the page — answers in the session's language (:func:`engine.i18n.use_default_language`)."""
    use_default_language(_running_session_language)


def in_session_language(callback: Callable[P, R]) -> Callable[P, R]:
    """``callback`` run in the session's language. Streamlit runs a widget's callback before the page runs, so
    outside the page's ``use_language`` block: the words a callback writes (a message it keeps to show, a verdict
    it asks the engine for) would otherwise be English."""

    @functools.wraps(callback)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with use_language(session_language()):
            return callback(*args, **kwargs)

    return run
