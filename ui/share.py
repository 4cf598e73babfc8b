"""Saving, loading and sharing a posed position: JSON files and links (query parameters).

The JSON is exactly what ``python -m engine`` reads, so a saved position also works on the command line.
A link carries it compressed in the ``pos`` query parameter.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Callable, Mapping
from typing import Any

import streamlit as st

from engine.errors import CardTableError, InvalidRequestError, LimitExceededError

QUERY_KEY = "pos"


def encode_position(position: Mapping[str, Any]) -> str:
    """Compact, URL-safe text for ``position``."""
    raw = json.dumps(position, separators=(",", ":"), ensure_ascii=False, sort_keys=True).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


MAX_LINK = 40_000
"""The longest link text read (a long whole game's record compresses to a few kB)."""


def decode_position(text: str) -> dict[str, Any]:
    """The position in ``text`` from :func:`encode_position`; InvalidRequestError if it is damaged or too large
    (the text and what it decompresses to are bounded before any parsing)."""
    from engine.commands import MAX_REQUEST_BYTES, load_json

    if len(text) > MAX_LINK:
        raise LimitExceededError(f"the shared link is {len(text):,} characters long; the limit is {MAX_LINK:,}")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_REQUEST_BYTES + 1)
    except (binascii.Error, zlib.error, ValueError, UnicodeEncodeError):
        raise InvalidRequestError("the shared link is damaged: its position could not be read") from None
    if len(raw) > MAX_REQUEST_BYTES or inflater.unconsumed_tail:
        raise LimitExceededError("the shared link holds more than a position can be")
    try:
        value = load_json(raw, what="the shared link")
    except CardTableError:
        raise InvalidRequestError("the shared link is damaged: its position could not be read") from None
    if not isinstance(value, dict):
        raise InvalidRequestError("the shared link does not hold a position")
    return value


def parse_json_position(text: str) -> dict[str, Any]:
    """A position from JSON text (bounded in size and nesting); InvalidRequestError quoting the problem."""
    from engine.commands import load_json

    value = load_json(text, what="the text")
    if not isinstance(value, dict):
        raise InvalidRequestError("a position is a JSON object, like the one 'Download' saves")
    return value


def position_from_url() -> dict[str, Any] | None:
    """The position in the page's link, or None; raises InvalidRequestError for a damaged link."""
    text = st.query_params.get(QUERY_KEY)
    if not text:
        return None
    return decode_position(text)


def set_url_position(position: Mapping[str, Any]) -> None:
    """Put ``position`` into the page's link (the address bar updates; copy it to share)."""
    st.query_params[QUERY_KEY] = encode_position(position)


def _load_clicked(key: str, on_load: Callable[[dict[str, Any]], None]) -> None:
    uploaded = st.session_state.get(f"{key}:upload")
    source = uploaded.getvalue().decode("utf-8", "replace") if uploaded is not None else ""
    source = source or st.session_state.get(f"{key}:paste", "")
    try:
        on_load(parse_json_position(source))
    except ValueError as error:
        st.session_state[f"{key}:message"] = ("error", f"Not loaded: {error}")
    else:
        st.session_state[f"{key}:message"] = ("success", "Position loaded.")


def apply_url_position(key: str, on_load: Callable[[dict[str, Any]], None]) -> None:
    """Once per visit, load the position in the link (if any) with ``on_load``; call before the widgets.

    A damaged link or an impossible position shows a message and leaves the page as it was.
    """
    flag = f"{key}:url-applied"
    if st.session_state.get(flag):
        return
    st.session_state[flag] = True
    try:
        position = position_from_url()
        if position is not None:
            on_load(position)
            st.session_state[f"{key}:message"] = ("success", "Loaded the position from the link.")
    except ValueError as error:
        st.session_state[f"{key}:message"] = ("error", f"The link's position was not loaded: {error}")


def show_load_message(key: str) -> None:
    """Show (once) the outcome of the last load."""
    message = st.session_state.pop(f"{key}:message", None)
    if message is not None:
        kind, text = message
        (st.success if kind == "success" else st.error)(text)


def share_panel(
    position: Mapping[str, Any],
    *,
    key: str,
    on_load: Callable[[dict[str, Any]], None],
    filename: str = "position.json",
) -> None:
    """Download the position as JSON, load one from a file or pasted text, and put it in the link.

    ``on_load`` runs in a callback (so it may set widget values) with a parsed position, and must
    raise ValueError if the position is not acceptable: the message is shown and nothing changes.
    """
    text = json.dumps(position, indent=2, ensure_ascii=False)
    left, right = st.columns(2)
    with left:
        st.download_button("Download JSON", text, file_name=filename, mime="application/json",
                           key=f"{key}:download", icon=":material/download:")
        if st.button("Put this position in the link", key=f"{key}:link", icon=":material/link:"):
            set_url_position(position)
            st.success("The address bar now holds this position: copy it to share.")
        st.code(text, language="json")
    with right:
        st.file_uploader("Load a JSON file", type=["json"], key=f"{key}:upload")
        st.text_area("…or paste JSON", key=f"{key}:paste", height=120)
        st.button("Load", key=f"{key}:load", icon=":material/upload:", on_click=_load_clicked,
                  args=(key, on_load))
        show_load_message(key)
