"""Saving, loading and sharing a posed position: JSON files and links (query parameters).

The JSON is exactly what ``python -m engine`` reads, so a saved position also works on the command line.
A link carries it compressed in the ``pos`` query parameter.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from collections.abc import Mapping
from typing import Any

from engine.commands import MAX_REQUEST_BYTES, load_json
from engine.errors import CardTableError, InvalidRequestError, LimitExceededError
from engine.i18n import gettext as _
from engine.i18n import number

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
    if len(text) > MAX_LINK:
        raise LimitExceededError(_("the shared link is {length} characters long; the limit is {limit}").format(
            length=number(len(text)), limit=number(MAX_LINK)))
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_REQUEST_BYTES + 1)
    except (binascii.Error, zlib.error, ValueError, UnicodeEncodeError):
        raise InvalidRequestError(_("the shared link is damaged: its position could not be read")) from None
    if len(raw) > MAX_REQUEST_BYTES or inflater.unconsumed_tail:
        raise LimitExceededError(_("the shared link holds more than a position can be"))
    try:
        value = load_json(raw, what="the shared link")
    except CardTableError:
        raise InvalidRequestError(_("the shared link is damaged: its position could not be read")) from None
    if not isinstance(value, dict):
        raise InvalidRequestError(_("the shared link does not hold a position"))
    return value


def parse_json_position(text: str) -> dict[str, Any]:
    """A position from JSON text (bounded in size and nesting); InvalidRequestError quoting the problem."""
    value = load_json(text, what="the text")
    if not isinstance(value, dict):
        raise InvalidRequestError(_("a position is a JSON object, like the one 'Download' saves"))
    return value


def signature(data: Mapping[str, Any]) -> str:
    """A text that identifies a position (equal positions, equal texts)."""
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str)
