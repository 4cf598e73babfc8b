"""The error family of the engine.

Every error a user can cause is a ``ValueError`` subclass with a message a learner can read.
The UI shows ``str(error)``; the command line prints it on one line and exits with code 2.
"""

from __future__ import annotations

from collections.abc import Iterable


class InvalidNotationError(ValueError):
    """Text that is not card notation. ``text`` is the offending input."""

    def __init__(self, text: str, expected: str, whole: str | None = None) -> None:
        self.text = text
        self.expected = expected
        self.whole = whole
        where = f" (in {whole!r})" if whole is not None and whole.strip() != text.strip() else ""
        super().__init__(f"{text!r}{where} is not valid: expected {expected}")


class InvalidPositionError(ValueError):
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


class IllegalPlayError(ValueError):
    """A well-formed play that breaks a rule. ``reason`` says which rule, for a learner."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class UnknownNameError(ValueError):
    """An unknown preset, option, game or command; the message lists the known names."""

    def __init__(self, kind: str, name: object, known: Iterable[str]) -> None:
        self.kind = kind
        self.name = name
        self.known = tuple(known)
        super().__init__(f"unknown {kind} {name!r}; known: {', '.join(self.known)}")


class InvalidRequestError(ValueError):
    """A JSON request that is malformed: not an object, a missing or unknown field, a wrong type."""


def add_context(error: ValueError, context: str) -> ValueError:
    """Prefix ``error``'s message with ``context`` (a field name), keeping its type; returns it to re-raise."""
    message = str(error)
    error.args = (f"{context}: {message}",)
    if isinstance(error, IllegalPlayError):
        error.reason = error.args[0]
    return error
