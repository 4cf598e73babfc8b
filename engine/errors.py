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
"""

from __future__ import annotations

from collections.abc import Iterable
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
    "quote",
]

QUOTE_LIMIT = 60


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message, shortened to about ``limit`` characters (huge inputs stay readable)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an int past Python's 4,300-digit limit, or a value nested too deep
        if isinstance(value, int):
            return f"a whole number of about {value.bit_length() * 0.30103:,.0f} digits"
        return f"a {type(value).__name__} too large to quote"
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
        where = f" (in {quote(whole)})" if whole is not None and whole.strip() != text.strip() else ""
        super().__init__(f"{quote(text)}{where} is not valid: expected {expected}")


class InvalidPositionError(CardTableError):
    """A position that cannot occur: too many copies of a card, a hand too large, a bad table."""


class TooManyCopiesError(InvalidPositionError):
    """More copies of one card than the decks in play hold."""

    def __init__(self, card: str, count: int, limit: int, where: str = "") -> None:
        self.card = card
        self.count = count
        self.limit = limit
        place = f" {where}" if where else ""
        copies = "copy" if limit == 1 else "copies"
        super().__init__(
            f"{card} appears {count} times{place}, but the decks in play hold only {limit} {copies} of it"
        )


class CardNotInDeckError(InvalidPositionError):
    """A card that the deck in play does not contain (a 2 in Euchre, a joker in Thirteen)."""

    def __init__(self, card: str, deck: str) -> None:
        self.card = card
        self.deck = deck
        super().__init__(f"{card} is not in the {deck}")


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
        super().__init__(f"unknown {kind} {quote(name)}; known: {', '.join(self.known)}")


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
        super().__init__(f"step {step} ({quote(action)}) is refused: {reason}")


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
