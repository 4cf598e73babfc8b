"""Checking what the store is asked to keep: names and titles typed by a learner, keys chosen by the app, and
positions as JSON. Everything is checked (and bounded) before it reaches the database; a refusal is an
InputRefused with a message that says what to change, and never quotes the input."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from engine.i18n import N_, digits, number
from engine.i18n import gettext as _
from ui.store.errors import InputRefused

MAX_NAME = 40
MAX_TITLE = 80
MAX_ANSWER = 500
MAX_KEY = 64
MAX_CODE = 16  # a class join code (6 characters) or a resume code, as stored
MAX_POSITION_BYTES = 64_000
MAX_POSITION_DEPTH = 32
MAX_RULES = 1_000
MAX_PRACTICE_BATCH = 1_000

# Explicit bidirectional formatting characters: they can make a name display as a different one.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_KEY = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:-]*")
_LEARNER_ID = re.compile(r"[A-Za-z0-9_-]{16,64}")


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def clean_line(value: object, what: str, limit: int, *, empty_ok: bool = False) -> str:
    """``value`` as one line of plain text: Unicode NFC, every run of white space (tabs and line breaks too)
    made one space, no leading or trailing space, at most ``limit`` characters. HTML, Markdown or SQL-looking
    text is kept exactly as typed: it is only ever stored through bound parameters and is the page's to escape.
    Refused: anything but text, lone surrogates, control characters, bidirectional overrides, and (unless
    ``empty_ok``) nothing left after trimming."""
    if not isinstance(value, str):
        raise InputRefused(_("The {what} must be text.").format(what=_(what)))
    if len(value) > 4 * limit + 64:  # refuse a huge value before doing any work on it
        raise InputRefused(_too_long(what, limit, len(value)))
    if _has_lone_surrogate(value):
        raise InputRefused(_("The {what} holds a broken character (a lone surrogate); please type it again.").format(
            what=_(what)))
    text = " ".join(unicodedata.normalize("NFC", value).split())
    if any(unicodedata.category(c) == "Cc" or c in _BIDI_CONTROLS for c in text):
        raise InputRefused(_("The {what} cannot hold control characters; please use letters, digits and "
                             "signs.").format(what=_(what)))
    if not empty_ok and not any(unicodedata.category(c)[0] in "LNPS" for c in text):  # nothing visible
        raise InputRefused(_("The {what} is empty; please type at least one letter or digit.").format(
            what=_(what)))
    if len(text) > limit:
        raise InputRefused(_too_long(what, limit, len(text)))
    return text


def _too_long(what: str, limit: int, length: int) -> str:
    return _("The {what} is too long: at most {limit} characters, and this one has {length}.").format(
        what=_(what), limit=digits(str(limit)), length=number(length))


def clean_name(value: object) -> str:
    """A learner's display name (see clean_line; at most MAX_NAME characters)."""
    return clean_line(value, N_("name"), MAX_NAME)


def name_key(name: str) -> str:
    """What two cleaned names share when they are the same learner: case and compatibility forms folded
    ("Ana" = "ANA" = "Ａｎａ"), invisible format characters (zero-width spaces, …) dropped."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(c for c in folded if unicodedata.category(c) != "Cf")


def clean_key(value: object, what: str) -> str:
    """A key the app chooses (game, lesson slug, exercise, practice rule): 1–MAX_KEY ASCII letters, digits and
    ``_ . : -``, starting with a letter or digit."""
    if not isinstance(value, str) or not value:
        raise InputRefused(f"The {what} must be a non-empty name made of letters and digits.")
    if len(value) > MAX_KEY or not _KEY.fullmatch(value):
        raise InputRefused(f"The {what} must be at most {MAX_KEY} letters, digits, dots, colons, dashes "
                           f"or underscores, starting with a letter or digit.")
    return value


def valid_learner_id(value: object) -> bool:
    """Whether ``value`` has the shape of a learner id the store hands out (the browser's copy may be anything)."""
    return isinstance(value, str) and _LEARNER_ID.fullmatch(value) is not None


def clean_count(value: object, what: str, limit: int) -> int:
    """A whole number from 0 to ``limit``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= limit:
        raise InputRefused(f"The {what} must be a whole number from 0 to {limit:,}.")
    return value


def clean_time(now: datetime | None) -> datetime:
    """``now`` in UTC (the current time when None). A time without a time zone is refused: it is ambiguous."""
    if now is None:
        return datetime.now(UTC)
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise InputRefused("The time must be a datetime with a time zone (for example datetime.now(UTC)).")
    return now.astimezone(UTC)


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest


def position_json(position: object) -> str:
    """A position (a JSON object, given as a mapping or as JSON text) as compact JSON text, keys sorted, at
    most MAX_POSITION_BYTES in UTF-8 and MAX_POSITION_DEPTH levels deep. Refused: other JSON values, NaN or
    infinities, lone surrogates, values JSON cannot hold, anything too large or too deep."""
    too_big = _("The position is too large to save: at most {n} bytes of JSON.").format(
        n=number(MAX_POSITION_BYTES))
    if isinstance(position, str):
        if len(position) > MAX_POSITION_BYTES:
            raise InputRefused(too_big)
        try:
            data = json.loads(position, parse_constant=_refuse_constant)
        except (ValueError, RecursionError):
            raise InputRefused(_("The position is not valid JSON (or it is nested too deeply).")) from None
    elif isinstance(position, Mapping):
        data = position
    else:
        raise InputRefused(_("The position must be a JSON object (the editor's position), given as a dict or "
                             "text."))
    if not isinstance(data, Mapping):
        raise InputRefused(_("The position must be a JSON object (the editor's position), not a list or a "
                             "value."))
    try:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, sort_keys=True, separators=(",", ":"))
        size = len(text.encode("utf-8"))
    except RecursionError:
        raise InputRefused(_("The position is nested too deeply to save.")) from None
    except UnicodeEncodeError:
        raise InputRefused(_("The position holds a broken character (a lone surrogate).")) from None
    except (TypeError, ValueError):
        raise InputRefused(_("The position holds a value JSON cannot keep (only text, numbers, true/false, null, "
                             "lists and objects; no NaN).")) from None
    if size > MAX_POSITION_BYTES:
        raise InputRefused(too_big)
    if _depth(json.loads(text)) > MAX_POSITION_DEPTH:
        raise InputRefused(_("The position is nested too deeply to save: at most {n} levels.").format(
            n=digits(str(MAX_POSITION_DEPTH))))
    return text


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
