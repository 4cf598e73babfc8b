"""The position editor's files and links: loading a position (a JSON file, pasted text, an example, a link),
saving it (Download) and sharing it (the address bar). A position that cannot be read or cannot occur is refused
with the engine's reason, and the editor keeps the position it had.

:class:`PositionFiles` is a part of :class:`ui.editor.PositionEditor` (its methods use the editor's keys, messages
and game hooks), kept in its own file so that each room of the editor can be read alone.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import streamlit as st

from engine.cards import Card
from engine.commands import MAX_REQUEST_BYTES, load_json
from engine.errors import CardTableError, InvalidRequestError
from engine.i18n import gettext as _
from engine.i18n import number
from ui.language import in_session_language
from ui.nav import current_preset, set_preset
from ui.share import QUERY_KEY, decode_position, encode_position
from ui.widgets import plain

if TYPE_CHECKING:
    from engine.cards import Deck
    from engine.contract import SomeGame
    from ui.editor_values import Example, Plays

__all__ = ["MAX_LINK", "PositionFiles", "contains", "upload_text"]

MAX_LINK = 16_000
"""The longest ``pos`` link parameter read (a 4-deck position takes well under 2,000 characters)."""


def contains(hand: Sequence[Card], play: Sequence[Card]) -> bool:
    """Whether ``play`` is a sub-multiset of ``hand`` (every card of the play is in the hand, copies counted)."""
    held = Counter(hand)
    return all(held[c] >= n for c, n in Counter(play).items())


def upload_text(uploaded: Any) -> str:
    """The text of an uploaded file (an object with ``getvalue()``), refused above the request size limit."""
    raw = uploaded.getvalue()
    if len(raw) > MAX_REQUEST_BYTES:
        raise InvalidRequestError(_("the file is {size} bytes; a position file is at most {most}").format(
            size=number(len(raw)), most=number(MAX_REQUEST_BYTES)))
    return str(raw.decode("utf-8", "replace"))


class _Editor(Protocol):
    """What these methods use of the editor (:class:`ui.editor.PositionEditor` has it all)."""

    key: ClassVar[str]
    examples: ClassVar[Mapping[str, Example]]

    @property
    def game(self) -> SomeGame: ...
    @property
    def position(self) -> dict[str, Any]: ...
    def k(self, name: str) -> str: ...
    def say(self, kind: str, text: str) -> None: ...
    def read(self, data: Mapping[str, Any]) -> Any: ...
    def write(self, request: Any) -> dict[str, Any]: ...
    def analyse(self, request: Any) -> Plays: ...
    def hand_of(self, request: Any) -> tuple[Card, ...]: ...
    def deck(self, data: Mapping[str, Any]) -> Deck: ...
    def change(self, data: Mapping[str, Any]) -> None: ...
    def on_example(self, example: Example) -> None: ...
    def _set_play(self, play: tuple[Card, ...] | None | bool, data: Mapping[str, Any] | None = None) -> None: ...
    def load(self, data: Any, *, play: str = "") -> None: ...
    def _load_clicked(self) -> None: ...
    def _put_in_link(self) -> None: ...


class PositionFiles:
    """Loading, saving and sharing, as part of :class:`ui.editor.PositionEditor`."""

    # ---------------------------------------------------------------------------------- loading

    def load(self: _Editor, data: Any, *, play: str = "") -> None:
        """Pose the position of a JSON object: read, judged possible, written back canonically, its preset chosen
        in the sidebar. CardTableError (with the engine's reason) leaves the posed position as it was."""
        if not isinstance(data, Mapping):
            raise InvalidRequestError(_("a position is a JSON object, like the one Download saves"))
        request = self.read(data)
        self.analyse(request)
        canonical = self.write(request)
        self.change(canonical)
        chosen: tuple[Card, ...] | None = None
        if play:
            cards = self.deck(canonical).parse(play)
            if contains(self.hand_of(request), cards):
                chosen = tuple(cards)
        self._set_play(chosen, canonical)
        preset = canonical.get("preset") or self.game.default_preset
        if preset != current_preset(self.key):
            set_preset(self.key, preset)  # last: when the sidebar is drawn already, this reruns at once

    def load_example(self: _Editor, name: str) -> None:
        """Callback of an example button."""
        example = self.examples[name]
        data = dict(example.position)
        data.setdefault("preset", current_preset(self.key) or self.game.default_preset)
        try:
            self.load(data, play=example.play)
        except CardTableError as error:
            self.say("error", _("The example was not loaded: {problem}. The editor shows the position you had.").format(
                problem=error))
            return
        self.on_example(example)
        self.say("success", _("Loaded the example “{name}”.").format(name=_(name)))

    def _load_clicked(self: _Editor) -> None:
        uploaded = st.session_state.get(self.k("upload"))
        try:
            text = upload_text(uploaded) if uploaded is not None else str(st.session_state.get(self.k("paste"), ""))
            if not text.strip():
                raise InvalidRequestError(_("choose a JSON file or paste a position first"))
            self.load(load_json(text, what="the JSON"))
        except CardTableError as error:
            self.say("error", _("The position was not loaded: {problem}. The editor shows the position you had.")
                     .format(problem=error))
            return
        self.say("success", _("Position loaded."))

    def _apply_link(self: _Editor) -> None:
        text = st.query_params.get(QUERY_KEY)
        if not text or text == st.session_state.get(self.k("link")):
            return
        st.session_state[self.k("link")] = text
        try:
            if len(text) > MAX_LINK:
                raise InvalidRequestError(_("the link's position is {size} characters long; the most read is {most}")
                                          .format(size=number(len(text)), most=number(MAX_LINK)))
            position = decode_position(text)
            st.session_state[self.k("link:loaded")] = True
            self.load(position)  # may rerun at once (the link's preset): the note below is drawn by every run
        except CardTableError as error:
            st.session_state[self.k("link:loaded")] = False
            self.say("error", _("The link's position was not loaded: {problem}. The editor shows the position you had.")
                     .format(problem=error))

    def _link_note(self: _Editor) -> None:
        """While the address bar holds the position a link loaded, say so (on every run, not once: another run,
        a component's first value, must not take the note away)."""
        text = st.query_params.get(QUERY_KEY)
        if text and text == st.session_state.get(self.k("link")) and st.session_state.get(self.k("link:loaded")):
            st.success(_("Loaded the position from the link."), icon=":material/check_circle:")

    def _forget_stale_link(self: _Editor, data: Mapping[str, Any]) -> None:
        """Once the position differs from the link's, the address bar no longer claims to hold it."""
        text = st.query_params.get(QUERY_KEY)
        if text and text == st.session_state.get(self.k("link")) and encode_position(data) != text:
            try:
                linked = self.write(self.read(decode_position(text)))
            except CardTableError:
                linked = None
            if linked != dict(data):
                del st.query_params[QUERY_KEY]

    def _put_in_link(self: _Editor) -> None:
        text = encode_position(self.position)
        st.query_params[QUERY_KEY] = text
        st.session_state[self.k("link")] = text
        st.session_state[self.k("link:loaded")] = False
        self.say("success", _("The address bar now holds this position: copy it to share."))

    # ---------------------------------------------------------------------------------- saving and sharing

    def share(self: _Editor, data: Mapping[str, Any], problem: str | None) -> None:
        """Download (disabled while the position is impossible), the link, and loading a file or pasted JSON."""
        st.subheader(_("Save, load or share"), divider="gray")
        text = json.dumps(data, indent=2, ensure_ascii=False)
        left, right = st.columns(2)
        with left:
            why = _("The position is impossible: {problem}").format(problem=problem) if problem else None
            row = st.columns(2)
            row[0].download_button(_("Download JSON"), text, file_name=f"{self.key}-position.json",
                                   mime="application/json", key=self.k("download"), icon=":material/download:",
                                   disabled=problem is not None, help=why, width="stretch")
            row[1].button(_("Put it in the link"), key=self.k("link-button"), icon=":material/link:",
                          disabled=problem is not None, help=why, on_click=in_session_language(self._put_in_link),
                          width="stretch")
            if problem:
                st.caption(_("Saving and sharing are off while the position is impossible: {problem}").format(
                    problem=plain(problem)))
            with st.expander(_("The position as JSON")):
                st.code(text, language="json")
                st.caption(_("The app's command line reads the same text (the README says how)."))
        with right:
            st.file_uploader(_("Load a JSON file"), type=["json"], key=self.k("upload"))
            st.text_area(_("…or paste JSON"), key=self.k("paste"), height=100,
                         placeholder='{"hand": "…", "table": "…"}')
            st.button(_("Load"), key=self.k("load"), icon=":material/upload:",
                      on_click=in_session_language(self._load_clicked))
