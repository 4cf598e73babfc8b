"""The error family of the engine: every error a user can cause is a :class:`CardTableError`.

``CardTableError`` is a ``ValueError`` (so older callers keep working) with a message a learner can read. The UI
shows ``str(error)`` as plain text; the command line prints it on one line and exits with code 2. Code that
answers users catches ``CardTableError`` — never a bare ``ValueError``, which would also swallow programming bugs.

    CardTableError
    ├── InvalidNotationError     text that is not card notation (quotes the input)
    ├── InvalidPositionError     a position that cannot occur
    │   ├── TooManyCopiesError   more copies of a card than the decks hold
    │   └── CardNotInDeckError   a card the deck in play lacks
    ├── IllegalPlayError         a well-formed play that breaks a rule (``reason`` says which)
    ├── UnknownNameError         an unknown game, preset, option, command or bot (lists the known ones)
    ├── InvalidRequestError      a malformed request: wrong type, unknown or missing field
    │   └── LimitExceededError   a request larger than a limit allows (names the limit)
    └── ReplayError              a record with an action that is not legal (names the step)

The messages are written in the current language (:func:`engine.i18n.use_language`): :mod:`engine.i18n` imports
this module, so it lends this module its lookup when it loads (:func:`lend_lookup`); until then they are English.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

__all__ = [
    "CardNotInDeckError",
    "CardTableError",
    "IllegalPlayError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRequestError",
    "LimitExceededError",
    "ReplayError",
    "TooManyCopiesError",
    "UnknownNameError",
    "add_context",
    "lend_lookup",
    "quote",
]

QUOTE_LIMIT = 60

_lookup: list[Callable[[str], str]] = [str]


def lend_lookup(lookup: Callable[[str], str]) -> None:
    """Write the messages below with ``lookup`` (:func:`engine.i18n.gettext`, lent when that module loads)."""
    _lookup[0] = lookup


def _(message: str) -> str:
    """``message`` in the current language (English until :mod:`engine.i18n` lends its lookup)."""
    return _lookup[0](message)


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message, shortened to about ``limit`` characters (huge inputs stay readable)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past Python's 4,300-digit limit, or a value nested too deep
        if isinstance(value, int):
            return _("a whole number of about {digits} digits").format(digits=f"{value.bit_length() * 0.30103:,.0f}")
        return _("a {kind} too large to quote").format(kind=type(value).__name__)
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


class CardTableError(ValueError):
    """The base of every error a user can cause; its message is for a learner.

    Errors cross process boundaries (simulations and the coach run in worker processes): every subclass pickles
    as its class and message, whatever its own ``__init__`` takes."""

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (type(self), str(self), dict(self.__dict__)))


class InvalidNotationError(CardTableError):
    """Text that is not card notation. ``text`` is the offending input."""

    def __init__(self, text: str, expected: str, whole: str | None = None) -> None:
        self.text = text
        self.expected = expected
        self.whole = whole
        if whole is not None and whole.strip() != text.strip():
            message = _("{text} (in {whole}) is not valid: expected {expected}").format(
                text=quote(text), whole=quote(whole), expected=_(expected))
        else:
            message = _("{text} is not valid: expected {expected}").format(text=quote(text), expected=_(expected))
        super().__init__(message)


class InvalidPositionError(CardTableError):
    """A position that cannot occur: too many copies of a card, a hand too large, a bad table."""


class TooManyCopiesError(InvalidPositionError):
    """More copies of one card than the decks in play hold."""

    def __init__(self, card: str, count: int, limit: int, where: str = "") -> None:
        self.card = card
        self.count = count
        self.limit = limit
        if limit == 1:
            message = _("{card} appears {count} times {where}, but the decks in play hold only {limit} copy of it") \
                if where else _("{card} appears {count} times, but the decks in play hold only {limit} copy of it")
        else:
            message = _("{card} appears {count} times {where}, but the decks in play hold only {limit} copies of "
                        "it") if where else \
                _("{card} appears {count} times, but the decks in play hold only {limit} copies of it")
        super().__init__(message.format(card=card, count=count, where=_(where) if where else "", limit=limit))


class CardNotInDeckError(InvalidPositionError):
    """A card that the deck in play does not contain (a 2 in Euchre, a joker in Thirteen)."""

    def __init__(self, card: str, deck: str) -> None:
        self.card = card
        self.deck = deck
        super().__init__(_("{card} is not in the {deck}").format(card=card, deck=_(deck)))


class IllegalPlayError(CardTableError):
    """A well-formed play that breaks a rule. ``reason`` says which rule, for a learner."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class UnknownNameError(CardTableError):
    """An unknown preset, option, game, command or bot; the message lists the known names."""

    def __init__(self, kind: str, name: object, known: Iterable[str], titles: Iterable[str] = ()) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(known)
        self.titles = tuple(titles)
        """The known ones as a learner reads them (e.g. the games' titles), when they differ from the names."""
        super().__init__(_("unknown {kind} {name}; known: {known}").format(kind=_(kind), name=quote(name),
                                                                          known=", ".join(self.known)))


class InvalidRequestError(CardTableError):
    """A request that is malformed: not an object, a missing or unknown field, a wrong type."""


class LimitExceededError(InvalidRequestError):
    """A request larger than a limit allows; the message names the limit."""


class ReplayError(CardTableError):
    """A record that is not a legal game; ``step`` is the 1-based number of the refused action."""

    def __init__(self, step: int, action: str, reason: str) -> None:
        self.step = step
        self.action = action
        self.reason = reason
        super().__init__(_("step {step} ({action}) is refused: {reason}").format(step=step, action=quote(action),
                                                                                reason=reason))


E = TypeVar("E", bound=ValueError)


def _rebuild(kind: type[CardTableError], message: str, state: dict[str, object]) -> CardTableError:
    error = CardTableError.__new__(kind)
    ValueError.__init__(error, message)
    error.__dict__.update(state)
    return error


def add_context(error: E, context: str) -> E:
    """Prefix ``error``'s message with ``context`` (a field name), keeping its type; returns it to re-raise."""
    message = str(error)
    error.args = (f"{context}: {message}",)
    if isinstance(error, IllegalPlayError):
        error.reason = error.args[0]
    return error
