"""Who is learning, and what they have done: a learner id kept in the browser, progress kept in ui.store.

- :func:`browser_id` draws a tiny component of our own (``learner.js`` here: no build step, no CDN) that keeps
  an opaque learner id in the browser's localStorage and hands it to Python. It draws nothing.
- :func:`current_learner` is the learner of this session: the one the browser remembers, or the one who picked
  a name in this session; None before anyone did (progress is then kept for the session only).
- :func:`name_picker` lets a learner type their name once (no password): a new learner with a resume code of
  their own, which brings them back on any device (:func:`resume_with`). No learner's name is ever listed or
  found by typing it; names are shown as plain text. :func:`become` is how the class join page signs a student in.
- :class:`Tracker` records lessons done, the lesson open and every try, in the store when a learner is known,
  else for the tab (an id in the address, ``?tab=``, so that a reload finds it; kept in the server's memory);
  what a learner did before picking a name is kept when they pick it.

The store is opened once per process (``st.cache_resource``, keyed by the database URL). A store that cannot be
opened (no database, a newer schema) leaves the page working with session progress and one warning.
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import streamlit as st

from engine.i18n import N_, language
from engine.i18n import gettext as _
from ui.store import Learner, Progress, Store, StoreError, database_url
from ui.store.classes import show_resume_code
from ui.store.text import clean_name
from ui.widgets import plain

_LOG = logging.getLogger(__name__)

ASSETS: Final = Path(__file__).resolve().parent
PACKAGE: Final = "cardtable_learner"
COMPONENT: Final = f"{PACKAGE}.learner_id"
SCRIPT: Final = "learner.js"

BROWSER_KEY: Final = "learner:browser"  # the component (its state "id" is what the browser holds)
REPORTED_KEY: Final = "learner:reported"  # the id the browser last reported ("" none; absent: not yet)
SAVE_KEY: Final = "learner:save"  # an id for the browser to keep ("" forget), until it reports it
ID_KEY: Final = "learner:id"  # the id of this session's learner
CHECKED_KEY: Final = "learner:checked"  # the browser id already looked up in the store
MESSAGE_KEY: Final = "learner:message"  # (kind, text) to show once next to the picker
PICK_KEY: Final = "learner:pick"  # the name box
RESUME_KEY: Final = "learner:resume-code"  # (learner id, resume code) made in this session, to show
RESUME_BOX_KEY: Final = "learner:resume-box"  # the resume code box
WELCOME_KEY: Final = "learner:welcome"  # a new learner's id until they have seen their resume code ("Got it")
TAB_KEY: Final = "learner:tab"  # this tab's id: its progress before a name is picked
TAB_QUERY: Final = "tab"
"""The query parameter holding the tab's id, so that a reload (a new session in the same tab) finds its
progress again."""
MAX_TABS: Final = 2000  # tabs whose progress the server keeps at once (the least recently used go first)
_TAB_ID: Final = re.compile(r"^[A-Za-z0-9_-]{16,40}$")
TAB_PROMISE: Final = N_("Your progress is kept in this tab, a reload included, until you close it or the app "
                        "restarts")
"""What the page keeps for a learner without a name, and for how long (one sentence, no full stop)."""
RESUME_SENTENCE: Final = N_("Your resume code: **`{code}`** — write it down: with it you go on where you left off, "
                           "on any device.")
RETRY_AFTER: Final = 30.0  # seconds before a store that failed to open is tried again


# --------------------------------------------------------------------------------------------- the store


@st.cache_resource(show_spinner=False)
def _open_store(url: str) -> Store:
    return Store(url)


_FAILED: dict[str, tuple[float, str]] = {}


def _url() -> str:
    return database_url().render_as_string(hide_password=False)


def store() -> Store | None:
    """The progress store of this process (None when it cannot be opened; :func:`store_problem` says why)."""
    try:
        url = _url()
    except StoreError as error:
        _FAILED["config"] = (time.monotonic(), str(error))
        return None
    failed = _FAILED.get(url)
    if failed is not None and time.monotonic() - failed[0] < RETRY_AFTER:
        return None
    try:
        opened = _open_store(url)
    except StoreError as error:
        _FAILED[url] = (time.monotonic(), str(error))
        _LOG.warning("progress store unavailable: %s", error)
        return None
    _FAILED.pop(url, None)
    return opened


def store_problem() -> str | None:
    """Why the store could not be opened (a sentence for the learner), or None."""
    try:
        key = _url()
    except StoreError:
        key = "config"
    failed = _FAILED.get(key)
    return None if failed is None else failed[1]


# ------------------------------------------------------------------------------------ the browser's copy


def _serve_assets() -> bool:
    """Have Streamlit serve learner.js as a file (the card-hand component's mechanism); False where it cannot,
    and the script then goes inline (it is small)."""
    try:
        from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return False
        manager = Runtime.instance().bidi_component_registry
        if manager.get_component_asset_root(COMPONENT) is not None:
            return True
        config = ComponentConfig(name=COMPONENT.split(".", 1)[1], asset_dir=ASSETS.name)
        manager.register_from_manifest(ComponentManifest(name=PACKAGE, version="1", components=[config]),
                                       ASSETS.parent)
        return manager.get_component_asset_root(COMPONENT) is not None
    except Exception as error:  # an internal of Streamlit changed: inline content still works
        _LOG.warning("learner id: serving learner.js failed (%s); sending it inline", error)
        return False


_RENDERERS: dict[bool, Callable[..., Any]] = {}


def _renderer() -> Callable[..., Any]:
    from streamlit.components.v2 import component

    served = _serve_assets()
    if served not in _RENDERERS:
        js = SCRIPT if served else (ASSETS / SCRIPT).read_text(encoding="utf-8")
        _RENDERERS[served] = component(COMPONENT, js=js)
    return _RENDERERS[served]


def _on_report() -> None:
    value = st.session_state.get(BROWSER_KEY)
    reported = value.get("id") if isinstance(value, dict) else None
    if isinstance(reported, str):
        st.session_state[REPORTED_KEY] = reported
        if st.session_state.get(SAVE_KEY) == reported:
            st.session_state.pop(SAVE_KEY, None)


def browser_id() -> str | None:
    """Draw the (invisible) learner-id component and return the id the browser holds: "" when it holds none,
    None before it has reported (the first run of a visit). A second call in the same run (the sidebar and a
    page both asking) draws nothing more and answers the same."""
    from streamlit.errors import StreamlitDuplicateElementId, StreamlitDuplicateElementKey

    data = {"known": st.session_state.get(REPORTED_KEY), "save": st.session_state.get(SAVE_KEY)}
    try:
        result = _renderer()(key=BROWSER_KEY, data=data, on_id_change=_on_report, height=0)
    except (StreamlitDuplicateElementKey, StreamlitDuplicateElementId):
        result = None
    reported = result.get("id") if result is not None else None
    if isinstance(reported, str):
        st.session_state[REPORTED_KEY] = reported
        if st.session_state.get(SAVE_KEY) == reported:
            st.session_state.pop(SAVE_KEY, None)
        return reported
    held = st.session_state.get(REPORTED_KEY)
    return held if isinstance(held, str) else None


# ---------------------------------------------------------------------------------------------- learners


def _say(kind: str, text: str) -> None:
    st.session_state[MESSAGE_KEY] = (kind, text)


def current_learner() -> Learner | None:
    """This session's learner: one who picked a name here, else the one whose id the browser holds (looked up
    once). Draws the learner-id component: call once per run, before anything uses the learner."""
    learner = _resolve()
    browser_id()
    return learner


def _resolve() -> Learner | None:
    held = st.session_state.get(REPORTED_KEY)  # what the browser reported (its callback ran before the page)
    opened = store()
    if opened is None:
        return None
    known = st.session_state.get(ID_KEY)
    if known is None and isinstance(held, str) and held and st.session_state.get(CHECKED_KEY) != held:
        st.session_state[CHECKED_KEY] = held
        try:
            found = opened.learner_by_id(held)
        except StoreError as error:
            _say("warning", str(error))
            return None
        if found is None:
            st.session_state[SAVE_KEY] = ""  # an id this database does not know: forget it in the browser
            return None
        st.session_state[ID_KEY] = found.id
        return found
    if not isinstance(known, str):
        return None
    try:
        learner = opened.learner_by_id(known)
    except StoreError as error:
        _say("warning", str(error))
        return None
    if learner is None:
        st.session_state.pop(ID_KEY, None)
    return learner


def session_learner() -> Learner | None:
    """This session's learner as already known (no component drawn): for callbacks, which run before the page."""
    known = st.session_state.get(ID_KEY)
    opened = store() if isinstance(known, str) else None
    if opened is None:
        return None
    try:
        return opened.learner_by_id(known)
    except StoreError:
        return None


def who() -> str:
    """This browser, for the guards against guessing codes: its address as the server sees it, else (no address
    known, as in tests) this tab's id."""
    try:
        address = st.context.ip_address
    except Exception:  # an older Streamlit or no request context: the tab still identifies the guesser
        address = None
    return f"ip:{address}" if isinstance(address, str) and address else f"tab:{_tab_id()}"


def become(learner: Learner, resume_code: str | None, game: str | None = None) -> None:
    """This session (and browser) is ``learner`` from now on; ``resume_code``, when given, is shown to them
    (it is never stored in clear). What was done in this tab so far (in ``game``, or every game) is kept for
    them."""
    opened = store()
    st.session_state[ID_KEY] = learner.id
    st.session_state[SAVE_KEY] = learner.id
    st.session_state[CHECKED_KEY] = learner.id
    st.session_state.pop(PICK_KEY, None)
    if resume_code:
        st.session_state[RESUME_KEY] = (learner.id, resume_code)
    if opened is not None and resume_code:  # a new learner: the language they started in is theirs
        try:
            opened.set_language(learner.id, language())
        except StoreError as error:
            _say("warning", str(error))
    if opened is not None:
        for g in [game] if game else list(_tab_progress()):
            _session(g).copy_to(opened, learner.id, g)


def start_as(name: str, game: str | None = None) -> Learner | None:
    """Start as a new learner called ``name`` with a resume code of their own (nobody else's record is ever
    found by a name): remembered in this session and in the browser; what was done in this session so far (in
    ``game``, or every game) is kept for them. A name the store refuses gives a message, and nobody changes."""
    opened = store()
    if opened is None:
        _say("warning", store_problem() or _("Progress cannot be saved right now."))
        return None
    try:
        joined = opened.start_alone(name)
    except StoreError as error:
        _say("error", str(error))
        return None
    become(joined.learner, joined.resume_code, game)
    st.session_state[WELCOME_KEY] = joined.learner.id  # the code is shown on the page until "Got it"
    return joined.learner


def resume_with(code: str, game: str | None = None) -> Learner | None:
    """Go on as the learner whose resume code this is; a wrong or stale code (or too many wrong tries) gives
    one sentence and nobody changes."""
    opened = store()
    if opened is None:
        _say("warning", store_problem() or _("Progress cannot be saved right now."))
        return None
    try:
        learner = opened.resume(code, who())
    except StoreError as error:
        _say("error", str(error))
        return None
    st.session_state.pop(RESUME_BOX_KEY, None)
    become(learner, None, game)
    return learner


def _resume(game: str) -> None:
    typed = st.session_state.get(RESUME_BOX_KEY)
    resume_with(typed if isinstance(typed, str) else "", game)


def _new_code() -> None:
    learner = session_learner()
    opened = store()
    if learner is None or opened is None:
        return
    try:
        st.session_state[RESUME_KEY] = (learner.id, opened.new_resume_code(learner.id))
    except StoreError as error:
        _say("error", str(error))


def resume_code_shown(learner: Learner) -> str | None:
    """The resume code shown to ``learner`` in this session (None when none was made here)."""
    held = st.session_state.get(RESUME_KEY)
    if isinstance(held, tuple) and len(held) == 2 and held[0] == learner.id:
        return show_resume_code(str(held[1]))
    return None


def _pick(name: str, game: str) -> None:
    start_as(name, game)


def forget() -> None:
    """Nobody is learning in this session any more, and the browser forgets the id (progress stays stored)."""
    st.session_state.pop(ID_KEY, None)
    st.session_state.pop(RESUME_KEY, None)
    st.session_state[SAVE_KEY] = ""
    st.session_state[CHECKED_KEY] = ""
    _say("info", _("This device no longer remembers you. Type your resume code to go on where you left off."))


def show_message() -> None:
    """Show (once) the outcome of the last name choice."""
    message = st.session_state.pop(MESSAGE_KEY, None)
    if message is None:
        return
    kind, text = message
    show = {"success": st.success, "error": st.error, "warning": st.warning}.get(kind, st.info)
    show(text if kind == "success" else plain(text))


def name_picker(game: str, learner: Learner | None) -> None:
    """One line: who is learning (with "Not you?" and their resume code), or the invitation to type a name (a
    new learner with a resume code of their own) or a resume code. No other learner's name is ever listed or
    found by typing it. Names are plain text."""
    opened = store()
    if opened is None:
        problem = store_problem()
        st.caption(_(TAB_PROMISE) + (f" ({plain(problem)})." if problem else "."))
        return
    row = st.container(horizontal=True, vertical_alignment="center", gap="medium")
    if learner is not None:
        row.markdown(":material/person: " + _("Learning as **{name}** — your progress is saved.").format(
            name=plain(learner.name)), width="stretch")
        code = resume_code_shown(learner)
        if code and st.session_state.get(WELCOME_KEY) == learner.id:
            welcome = st.container(border=True, horizontal=True, vertical_alignment="center")
            welcome.markdown(":material/key: " + _(RESUME_SENTENCE).format(code=code), width="stretch")
            welcome.button(_("Got it"), key="learner:welcome-done", on_click=st.session_state.pop,
                           args=(WELCOME_KEY, None))
        # each popover has a key of its own: the browser must not carry "open" from one to the other
        with row.popover(_("Not you?"), icon=":material/switch_account:", key="learner:me-pop"):
            code = resume_code_shown(learner)
            if code:
                st.markdown(_(RESUME_SENTENCE).format(code=code))
            st.button(_("New resume code"), key="learner:new-code", on_click=_new_code, icon=":material/key:",
                      help=_("Makes a new code for you; the old one stops working."))
            st.button(_("Forget me on this device"), key="learner:forget", on_click=forget,
                      icon=":material/logout:")
            st.caption(_("Your progress stays saved: your resume code brings it back."))
        return
    row.markdown(":material/person_off: " + _("{promise}. **Pick your name** to keep it for next time.").format(
        promise=_(TAB_PROMISE)), width="stretch")
    with row.popover(_("Pick your name"), icon=":material/person_add:", key="learner:pick-pop"):
        typed = st.selectbox(_("Your name"), [], index=None, key=PICK_KEY, accept_new_options=True,
                             placeholder=_("Type your name"),
                             help=_("No password: you get a resume code to come back with, on any device."))
        refused = None
        if typed:
            try:
                clean_name(typed)
            except StoreError as error:
                refused = str(error)
                st.error(plain(refused))
        if typed and refused is None:
            st.button(_("Start as {name}").format(name=plain(typed)), key="learner:new", type="primary", on_click=_pick,
                      args=(typed, game), icon=":material/person_add:")
        elif refused is None:
            st.caption(_("Type your name, then press Enter."))
        st.text_input(_("Or your resume code"), key=RESUME_BOX_KEY, placeholder="XXXXX-XXXXX", max_chars=24)
        st.button(_("Go on with my code"), key="learner:resume", on_click=_resume, args=(game,),
                  icon=":material/login:")


def sidebar_status(learner: Learner | None) -> None:
    """A line for the sidebar: who is learning, or that progress is kept in this tab only."""
    if learner is not None:
        st.caption(":material/person: " + _("Learning as **{name}**").format(name=plain(learner.name)))
    else:
        st.caption(":material/person_off: " + _("Progress kept in this tab only — pick your name on the lessons "
                                                "page."))


# ---------------------------------------------------------------------------------------------- progress


@dataclass
class SessionProgress:
    """Progress in one game kept in the session (before a name is picked, or when the store is down)."""

    lessons_done: set[str] = field(default_factory=set)
    exercises_done: set[str] = field(default_factory=set)
    last_lesson: str | None = None
    tries: list[tuple[str, bool, str]] = field(default_factory=list)

    def progress(self, game: str) -> Progress:
        return Progress(game, frozenset(self.lessons_done), frozenset(self.exercises_done), self.last_lesson)

    def copy_to(self, opened: Store, learner_id: str, game: str) -> None:
        """Write what was done into the store for ``learner_id`` (then forget it here)."""
        try:
            for exercise, correct, answer in self.tries:
                opened.record_try(learner_id, game, exercise, correct, answer)
            for lesson in sorted(self.lessons_done):
                opened.mark_lesson_done(learner_id, game, lesson)
            if self.last_lesson:
                opened.open_lesson(learner_id, game, self.last_lesson)
        except StoreError as error:
            _say("warning", str(error))
            return
        self.tries.clear()
        self.lessons_done.clear()
        self.exercises_done.clear()


_TABS: OrderedDict[str, dict[str, SessionProgress]] = OrderedDict()
_TABS_LOCK = threading.Lock()


def _tab_id() -> str:
    """This tab's id: the one this session holds, else the one in the address (a reload), else a new one."""
    known = st.session_state.get(TAB_KEY)
    if isinstance(known, str):
        return known
    given = st.query_params.get(TAB_QUERY)
    tab = given if isinstance(given, str) and _TAB_ID.match(given) else secrets.token_urlsafe(16)
    st.session_state[TAB_KEY] = tab
    return tab


def _tab_progress() -> dict[str, SessionProgress]:
    """The progress of this tab, game by game (kept in the server's memory, shared by the tab's sessions)."""
    tab = _tab_id()
    with _TABS_LOCK:
        games = _TABS.setdefault(tab, {})
        _TABS.move_to_end(tab)
        while len(_TABS) > MAX_TABS:
            _TABS.popitem(last=False)
    return games


def keep_tab() -> None:
    """Put this tab's id in the address (on a page that keeps progress without a name), so that a reload of
    the tab finds its progress again."""
    tab = _tab_id()
    if st.query_params.get(TAB_QUERY) != tab:
        st.query_params[TAB_QUERY] = tab


def _session(game: str) -> SessionProgress:
    games = _tab_progress()
    value = games.get(game)
    if value is None:
        value = games[game] = SessionProgress()
    return value


class Tracker:
    """A learner's progress in one game: in the store when ``learner`` is known, else in the session. A store
    that fails while the page runs is reported once and the session keeps the rest."""

    def __init__(self, game: str, learner: Learner | None) -> None:
        self.game = game
        self.learner = learner
        self._store = store() if learner is not None else None
        self._cached: Progress | None = None

    @property
    def saved(self) -> bool:
        """Whether progress goes to the store (a learner is known and the store is open)."""
        return self.learner is not None and self._store is not None

    def _write(self, work: Callable[[Store, str], object]) -> bool:
        if self._store is None or self.learner is None:
            return False
        try:
            work(self._store, self.learner.id)
        except StoreError as error:
            _say("warning", str(error))
            self._store = None
            return False
        self._cached = None
        return True

    def progress(self) -> Progress:
        """Lessons done, exercises done and the last lesson open."""
        if self._cached is not None:
            return self._cached
        if self._store is not None and self.learner is not None:
            try:
                self._cached = self._store.progress(self.learner.id, self.game)
                return self._cached
            except StoreError as error:
                _say("warning", str(error))
                self._store = None
        return _session(self.game).progress(self.game)

    def open_lesson(self, slug: str) -> None:
        """The learner is on this lesson now (written only when it changes)."""
        if self.progress().last_lesson == slug:
            return
        if not self._write(lambda s, who: s.open_lesson(who, self.game, slug)):
            _session(self.game).last_lesson = slug

    def lesson_done(self, slug: str) -> None:
        """The learner finished this lesson."""
        if slug in self.progress().lessons_done:
            return
        if not self._write(lambda s, who: s.mark_lesson_done(who, self.game, slug)):
            _session(self.game).lessons_done.add(slug)

    def record_try(self, exercise: str, correct: bool, answer: str) -> None:
        """One answer to an exercise (right or wrong)."""
        answer = " ".join(answer.split())[:500]
        if not self._write(lambda s, who: s.record_try(who, self.game, exercise, correct, answer)):
            session = _session(self.game)
            session.tries.append((exercise, correct, answer))
            if correct:
                session.exercises_done.add(exercise)


__all__ = [
    "Tracker",
    "become",
    "browser_id",
    "current_learner",
    "forget",
    "name_picker",
    "resume_code_shown",
    "resume_with",
    "session_learner",
    "show_message",
    "sidebar_status",
    "start_as",
    "store",
    "store_problem",
    "who",
]
