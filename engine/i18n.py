"""The app's languages: English (the source), Bengali and Assamese, with gettext catalogs and Babel's locale data.

The language of the current request is a context variable: a page run, a command or a test sets it with
:func:`use_language` (a ``with`` block) and every lookup below it — :func:`gettext`, :func:`ngettext`,
:func:`pgettext`, :func:`number` — answers in that language. English is the source: its messages are the msgids
themselves, so English needs no catalog.

A language's catalog is in parts, one per area of the code (``locale/parts.toml``):
``locale/<lang>/LC_MESSAGES/<part>.po``, filled from the code by ``make messages`` (``locale/catalogs.py``).
``make`` compiles each to ``<part>.mo`` (git-ignored); where a compiled part is missing or older than its ``.po``
(a fresh clone run without make), the ``.po`` is read directly, so the text is never silently English.

Floor 0: no project import but the error family.
"""

from __future__ import annotations

import copy
import gettext as _gettext
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from functools import cache, lru_cache
from pathlib import Path

from engine.errors import InvalidRequestError, lend_lookup

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "LANGUAGE_NAMES", "LOCALE_DIR", "N_", "Nn_", "check_language", "digits",
           "gettext", "language", "ngettext", "number", "pgettext", "set_language", "use_default_language",
           "use_language"]

LANGUAGES: tuple[str, ...] = ("en", "bn", "as")
"""Every language of the app, the source first (ISO 639-1 codes, as in ``?lang=bn`` and ``lessons/<game>/bn/``)."""
DEFAULT_LANGUAGE = "en"
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "bn": "বাংলা", "as": "অসমীয়া"}
"""Each language by its own name, as a learner looks for it in a menu."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_NUMBERING_DIGITS = {"beng": "০১২৩৪৫৬৭৮৯"}
"""The digits of the numbering systems Babel names as a language's default (CLDR ``beng``: Bengali script)."""

_current: ContextVar[str | None] = ContextVar("card_table_language", default=None)
_outside: Callable[[], str | None] | None = None
"""Where no :func:`use_language` block is in force, who says the language (:func:`use_default_language`)."""


def check_language(lang: str) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; InvalidRequestError in one sentence otherwise."""
    if lang not in LANGUAGES:
        names = ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES)
        raise InvalidRequestError(f"there is no language {str(lang)[:20]!r}; the languages are {names}")
    return lang


def language() -> str:
    """The language of the current request: the innermost :func:`use_language` block's; outside every block, the
    one :func:`use_default_language`'s provider names; else English."""
    lang = _current.get()
    if lang is not None:
        return lang
    chosen = _outside() if _outside is not None else None
    return chosen if chosen in LANGUAGES else DEFAULT_LANGUAGE


def use_default_language(provider: Callable[[], str | None] | None) -> None:
    """Outside every :func:`use_language` block, ask ``provider`` for the language (None: English). The app gives
    the session's choice, so that code Streamlit runs before a page — a widget's callback — answers in it."""
    global _outside
    _outside = provider


def set_language(lang: str) -> Token[str | None]:
    """Make ``lang`` the current language until the token is reset (prefer :func:`use_language`)."""
    return _current.set(check_language(lang))


@contextmanager
def use_language(lang: str) -> Iterator[str]:
    """Run the ``with`` block in ``lang``: every lookup inside answers in it. Nested blocks restore the outer
    language when they end; other threads and requests are not affected."""
    token = set_language(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


@lru_cache(maxsize=64)
def _part(path: Path, po_mtime: float, mo_mtime: float) -> _gettext.NullTranslations:
    """One part of a catalog: its compiled .mo, or its .po read directly where the .mo is missing or older."""
    if mo_mtime >= po_mtime:
        with open(path.with_suffix(".mo"), "rb") as compiled:
            return _gettext.GNUTranslations(compiled)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(path, "rb") as source:
        catalog = read_po(source, locale=path.parent.parent.name)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return _gettext.GNUTranslations(buffer)


@lru_cache(maxsize=16)
def _catalog(lang: str, stamp: tuple[tuple[Path, float, float], ...]) -> _gettext.NullTranslations:
    """A language's parts as one catalog (each part answers what it holds; a string no part holds is itself)."""
    chain: _gettext.NullTranslations = _gettext.NullTranslations()
    for path, po_mtime, mo_mtime in reversed(stamp):
        part = copy.copy(_part(path, po_mtime, mo_mtime))  # a cached part is shared: chain copies, never it
        part.add_fallback(chain)
        chain = part
    return chain


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def translations(lang: str | None = None) -> _gettext.NullTranslations:
    """The catalog of ``lang`` (the current language when None): every part of it, ``locale/<lang>/LC_MESSAGES/
    <part>.po`` (see locale/parts.toml); English has none (the msgids are English)."""
    lang = lang or language()
    if lang == DEFAULT_LANGUAGE:
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / check_language(lang) / "LC_MESSAGES"
    stamp = tuple((po, _mtime(po), _mtime(po.with_suffix(".mo"))) for po in sorted(folder.glob("*.po")))
    return _catalog(lang, stamp)


def gettext(message: str) -> str:
    """``message`` in the current language (itself where the catalog has no translation; an empty text is
    itself, never the catalog's header, which gettext keeps under the empty msgid)."""
    return translations().gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` of a message with a plural, in the current language (its catalog's plural rule)."""
    return translations().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language where the same English words need another translation in
    ``context`` (a seat's name, a noun's counting word)."""
    return translations().pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - the name gettext's tools look for
    """Mark ``message`` for the catalogs without translating it now (module-level data, translated when shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - a marker like N_
    """Mark a message with a plural for the catalogs (``ngettext`` translates it when shown)."""
    return singular, plural


def digits(text: str, lang: str | None = None) -> str:
    """``text`` with its ASCII digits written in the digits of ``lang`` (Babel's default numbering system for
    it; unchanged for English)."""
    table = _digit_table(lang or language())
    return text.translate(table) if table else text


@cache
def _digit_table(lang: str) -> dict[int, str]:
    if lang == DEFAULT_LANGUAGE:
        return {}
    from babel import Locale

    system = Locale.parse(lang).default_numbering_system
    local = _NUMBERING_DIGITS.get(system, "")
    return {ord(ascii_digit): d for ascii_digit, d in zip("0123456789", local, strict=False)}


def number(n: int | float, lang: str | None = None) -> str:
    """``n`` for a learner of ``lang`` (the current language by default): grouped by the language's rules
    (Babel's locale data: 12,34,567 in Bengali and Assamese) and in its digits (১২)."""
    lang = lang or language()
    if lang == DEFAULT_LANGUAGE:
        return f"{n:,}"
    from babel.numbers import format_decimal

    return digits(format_decimal(n, locale=lang), lang)


lend_lookup(gettext)  # the error family's messages are written in the current language too
