"""Reading JSON requests: typed, checked access to fields, with messages that name the field."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.cards import Card, Deck
from engine.errors import InvalidRequestError, add_context


class Request:
    """A JSON object given to a command. Unknown fields are refused (a typo should not pass silently)."""

    def __init__(self, data: object, known: Iterable[str]) -> None:
        if not isinstance(data, Mapping):
            raise InvalidRequestError(f"expected a JSON object, got {type(data).__name__}: {data!r}")
        self.known = tuple(known)
        unknown = [k for k in data if k not in self.known]
        if unknown:
            raise InvalidRequestError(f"unknown field {unknown[0]!r}; known fields: {', '.join(self.known)}")
        self.data: Mapping[str, Any] = data

    def has(self, field: str) -> bool:
        """Whether ``field`` is present and not null."""
        return self.data.get(field) is not None

    def raw(self, field: str, default: Any = None) -> Any:
        return self.data.get(field, default)

    def cards(self, field: str, deck: Deck, *, required: bool = False) -> tuple[Card, ...]:
        """Cards in notation (a string, or a list of card strings) parsed for ``deck``; empty if absent."""
        value = self.data.get(field)
        if value is None:
            if required:
                raise InvalidRequestError(f"missing field {field!r}")
            return ()
        if isinstance(value, list):
            if not all(isinstance(v, str) for v in value):
                raise InvalidRequestError(f"field {field!r}: expected card notation, got {value!r}")
            value = " ".join(value)
        if not isinstance(value, str):
            raise InvalidRequestError(f"field {field!r}: expected card notation as text, got {value!r}")
        try:
            return deck.parse(value)
        except ValueError as error:
            raise add_context(error, field) from None

    def string(self, field: str, default: str | None = None, *, choices: Iterable[str] | None = None) -> str:
        value = self.data.get(field, default)
        if value is None:
            raise InvalidRequestError(f"missing field {field!r}")
        if not isinstance(value, str):
            raise InvalidRequestError(f"field {field!r}: expected text, got {value!r}")
        if choices is not None:
            options = tuple(choices)
            if value not in options:
                raise InvalidRequestError(f"field {field!r}: {value!r} is not one of {', '.join(options)}")
        return value

    def integer(
        self, field: str, default: int | None = None, *, low: int | None = None, high: int | None = None
    ) -> int:
        value = self.data.get(field, default)
        if value is None:
            raise InvalidRequestError(f"missing field {field!r}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRequestError(f"field {field!r}: expected a whole number, got {value!r}")
        if low is not None and value < low or high is not None and value > high:
            raise InvalidRequestError(f"field {field!r}: {value} is outside {low}..{high}")
        return value

    def boolean(self, field: str, default: bool | None = None) -> bool:
        value = self.data.get(field, default)
        if not isinstance(value, bool):
            raise InvalidRequestError(f"field {field!r}: expected true or false, got {value!r}")
        return value

    def mapping(self, field: str, default: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
        value = self.data.get(field, default)
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            raise InvalidRequestError(f"field {field!r}: expected an object, got {value!r}")
        return value
