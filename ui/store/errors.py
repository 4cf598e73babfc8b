"""What the store raises. Every error carries a plain-English message a page can show as it is; none quotes the
input that caused it (a quoted name could carry Markdown or HTML into the page)."""

from __future__ import annotations


class StoreError(ValueError):
    """Base of every error the store raises on purpose; ``str(error)`` is the message for the learner."""


class InputRefused(StoreError):
    """A name, title, key or position the store will not keep (too long, not text, control characters, …)."""


class UnknownLearner(StoreError):
    """No learner has this id (the browser may keep an id from a database that was since replaced)."""


class SchemaTooNew(StoreError):
    """The database was written by a newer version of the app than this one; it is left untouched."""


class StoreUnavailable(StoreError):
    """The database could not be reached or used (after retrying the errors that concurrency causes)."""


class WrongCode(StoreError):
    """A join code, a resume code or a password that does not match (the message never says which part)."""


class Throttled(StoreError):
    """Too many wrong guesses in a row from one browser (or on one account): answers wait for a while."""


class NotAllowed(StoreError):
    """The account asking may not see or change this (a class of another teacher)."""
