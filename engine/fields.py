"""The fields of the typed requests and answers, and what follows from their types alone: each field's help,
aliases and bounds (:func:`arg`), the limits every request is held to, plain JSON out of a typed value
(:func:`encode`) and the JSON Schema of a request or answer (:func:`schema`).

:mod:`engine.commands` reads requests with these (its decoder) and re-exports them; this module is the part that
needs no game, no context and no error.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, Rank, Suit
from engine.i18n import gettext as _

__all__ = [
    "MAX_DEPTH",
    "MAX_FLOAT",
    "MAX_ITEMS",
    "MAX_PLAYS",
    "MAX_REQUEST_BYTES",
    "MAX_SEED",
    "MAX_TEXT",
    "ArgInfo",
    "arg",
    "encode",
    "field_help",
    "info_of",
    "is_cards",
    "is_optional",
    "schema",
]

MAX_REQUEST_BYTES = 1_000_000
"""The largest JSON request read (a 4-deck position is a few kB; a long game record well under this)."""
MAX_DEPTH = 12
"""The deepest nesting of objects and lists in a request."""
MAX_TEXT = 5_000
"""The longest text in any field (216 cards in notation take about 700 characters)."""
MAX_ITEMS = 20_000
"""The most items in any list (a whole game's record of actions included)."""
MAX_PLAYS = 5_000
"""The most plays any answer lists (``limit``); counting never needs listing."""
MAX_SEED = 2**63 - 1
MAX_FLOAT = 10**15
"""The bounds of a number field that names none of its own (±)."""

_ARG = "card_table_arg"
_NONE = type(None)


# ------------------------------------------------------------------------------------------------ fields


@dataclass(frozen=True)
class ArgInfo:
    help: str = ""
    aliases: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    max_items: int | None = None
    seat: bool = False
    """A seat letter of the game (``N``, ``E`` …; full names such as ``North`` are accepted)."""


def arg(default: Any = dataclasses.MISSING, *, help: str = "", aliases: tuple[str, ...] = (),
        low: int | None = None, high: int | None = None, max_items: int | None = None, seat: bool = False) -> Any:
    """A request or answer field with its help, accepted aliases and bounds (``default`` absent: required)."""
    info = ArgInfo(help, aliases, low, high, max_items, seat)
    if isinstance(default, (dict, list)):
        frozen = dict(default) if isinstance(default, dict) else tuple(default)
        return dataclasses.field(default_factory=lambda: frozen, metadata={_ARG: info})
    return dataclasses.field(default=default, metadata={_ARG: info})


def info_of(f: dataclasses.Field[Any]) -> ArgInfo:
    """The help, aliases and bounds :func:`arg` gave field ``f`` (none given: the defaults)."""
    info = f.metadata.get(_ARG)
    return info if isinstance(info, ArgInfo) else ArgInfo()


def field_help(tp: type, name: str) -> str:
    """The help of field ``name`` of a request or answer dataclass (what a form shows beside its widget), in the
    current language (a game marks its fields' help with ``N_`` for the catalogs)."""
    found = next((f for f in dataclasses.fields(tp) if f.name == name), None)
    if found is None:
        raise KeyError(f"{tp.__name__} has no field {name!r}")
    return _(info_of(found).help)


def is_optional(tp: Any) -> tuple[bool, Any]:
    """Whether ``tp`` admits ``None``, and ``tp`` without it."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        rest = tuple(a for a in args if a is not _NONE)
        if len(rest) < len(args):
            return True, (rest[0] if len(rest) == 1 else typing.Union[rest])  # noqa: UP007
    return False, tp


def is_cards(tp: Any) -> bool:
    """Whether ``tp`` is ``tuple[Card, ...]`` (cards, read from and written as notation)."""
    return typing.get_origin(tp) is tuple and typing.get_args(tp) == (Card, ...)



# ------------------------------------------------------------------------------------------------ JSON out


def encode(value: Any, tp: Any = None) -> Any:
    """A typed value as plain JSON: cards in notation, enums by value, dataclasses as objects."""
    if tp is not None:
        _, base = is_optional(tp)
        if is_cards(base) and isinstance(value, tuple):
            return " ".join(c.text for c in value)
    if isinstance(value, Rank):  # an IntEnum: before the plain int case
        return value.text
    if isinstance(value, enum.Enum):
        return encode(value.value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Card):
        return value.text
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = typing.get_type_hints(type(value))
        return {f.name: encode(getattr(value, f.name), hints.get(f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        value_type = None
        if tp is not None:
            args = typing.get_args(is_optional(tp)[1])
            value_type = args[1] if len(args) == 2 else None
        return {str(encode(k)): encode(v, value_type) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        if value and all(isinstance(v, Card) for v in value):
            return " ".join(c.text for c in value)
        item_type = None
        if tp is not None:
            args = typing.get_args(is_optional(tp)[1])
            item_type = args[0] if args else None
        return [encode(v, item_type) for v in value]
    raise TypeError(f"encode: cannot write {type(value).__name__} as JSON")  # pragma: no cover


# ------------------------------------------------------------------------------------------------ schema


def schema(tp: Any) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a request or answer dataclass."""
    defs: dict[str, Any] = {}
    root = _schema(tp, defs, ArgInfo())
    out: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema", **root}
    if defs:
        out["$defs"] = defs
    return out


def _schema(tp: Any, defs: dict[str, Any], info: ArgInfo) -> dict[str, Any]:
    optional, base = is_optional(tp)
    out = _schema_base(base, defs, info)
    if optional:
        out = {"anyOf": [out, {"type": "null"}]}
    return out


def _schema_base(base: Any, defs: dict[str, Any], info: ArgInfo) -> dict[str, Any]:
    origin = typing.get_origin(base)
    if base is Any:
        return {}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [_schema(a, defs, info) for a in typing.get_args(base)]}
    if base is bool:
        return {"type": "boolean"}
    if base is int:
        out: dict[str, Any] = {"type": "integer"}
        if info.low is not None:
            out["minimum"] = info.low
        if info.high is not None:
            out["maximum"] = info.high
        return out
    if base is float:
        return {"type": "number", "minimum": info.low if info.low is not None else -MAX_FLOAT,
                "maximum": info.high if info.high is not None else MAX_FLOAT}
    if base is str:
        return {"type": "string", "maxLength": MAX_TEXT} | ({"description": "a seat letter"} if info.seat else {})
    if base is Card:
        return {"type": "string", "description": "one card in notation, e.g. 10S"}
    if is_cards(base):
        return {"anyOf": [{"type": "string", "description": "cards in notation, e.g. \"10S QH BJ\""},
                          {"type": "array", "items": {"type": "string"}}]}
    if isinstance(base, type) and issubclass(base, Rank):
        return {"type": "string", "enum": [r.text for r in Rank if not r.is_joker]}
    if base is Suit:
        return {"type": "string", "description": "a suit: S, H, D, C or ♠ ♥ ♦ ♣"}
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return {"enum": [encode(m.value) for m in base]}
    if origin is typing.Literal:
        return {"enum": list(typing.get_args(base))}
    if dataclasses.is_dataclass(base) and isinstance(base, type):
        name = base.__name__
        if name not in defs:
            defs[name] = {}
            hints = typing.get_type_hints(base)
            props: dict[str, Any] = {}
            required = []
            for f in dataclasses.fields(base):
                fi = info_of(f)
                prop = _schema(hints[f.name], defs, fi)
                text = fi.help + (f" (also accepted as {', '.join(fi.aliases)})" if fi.aliases else "")
                if text:
                    prop = {**prop, "description": text}
                if f.default is not dataclasses.MISSING:
                    prop["default"] = encode(f.default, hints[f.name])
                elif f.default_factory is not dataclasses.MISSING:
                    prop["default"] = encode(f.default_factory(), hints[f.name])
                else:
                    required.append(f.name)
                props[f.name] = prop
                for alias in fi.aliases:
                    props[alias] = {**prop, "description": f"the same as {f.name} (an older name)", "deprecated": True}
            doc = (base.__doc__ or "").strip().split("\n")[0]
            defs[name] = {"type": "object", "properties": props, "required": required, "additionalProperties": False}
            if doc and not doc.startswith(name + "("):
                defs[name]["description"] = doc
        return {"$ref": f"#/$defs/{name}"}
    if origin in (tuple, list):
        args = typing.get_args(base)
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            return {"type": "array", "prefixItems": [_schema(a, defs, ArgInfo()) for a in args],
                    "minItems": len(args), "maxItems": len(args)}
        return {"type": "array", "items": _schema(args[0] if args else Any, defs, ArgInfo(seat=info.seat)),
                "maxItems": info.max_items or MAX_ITEMS}
    if origin in (Mapping, dict) or base in (dict, Mapping):
        args = typing.get_args(base)
        return {"type": "object", "additionalProperties": _schema(args[1] if args else Any, defs, ArgInfo())}
    raise TypeError(f"schema: unsupported type {base!r}")  # pragma: no cover
