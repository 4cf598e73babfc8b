"""Small pieces every game shares: verdicts, the pass, and rule presets."""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.errors import UnknownNameError


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's answer to "may I play this?": legal or not, and why, in words for a learner."""

    legal: bool
    reason: str

    def __bool__(self) -> bool:
        return self.legal


class Pass:
    """The one pass (a player declines to play or bid). Use the singleton :data:`PASS`."""

    _instance: Pass | None = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "PASS"

    def __str__(self) -> str:
        return "pass"

    def __reduce__(self) -> str:
        return "PASS"


PASS = Pass()

R = TypeVar("R")
P = TypeVar("P")


class LegalPlays(ABC, Generic[P]):
    """The legal plays of a position, in every game: ``plays`` (the first ``limit`` of them, or all), ``count`` (how
    many there are), ``complete`` (whether ``plays`` lists them all); iterate it, take its ``len`` or ask
    ``play in legal``. Shengji and Euchre list them (:class:`ListedPlays`); Thirteen and Dou Dizhu count and
    group them without listing (their own subclasses)."""

    @property
    @abstractmethod
    def plays(self) -> tuple[P, ...]:
        """The legal plays listed (at most the limit asked for)."""

    @property
    @abstractmethod
    def count(self) -> int:
        """How many legal plays there are."""

    @property
    @abstractmethod
    def complete(self) -> bool:
        """Whether :attr:`plays` lists every legal play."""

    def __iter__(self) -> Iterator[P]:
        return iter(self.plays)

    def __len__(self) -> int:
        return len(self.plays)

    def __contains__(self, play: object) -> bool:
        return play in self.plays


@dataclass(frozen=True)
class ListedPlays(LegalPlays[P]):
    """Legal plays listed when they are found: at most a limit of them, ``complete`` if that is all; ``count`` is
    exact when ``count_exact``, else a lower bound (when counting would cost more than listing is worth)."""

    listed: tuple[P, ...]
    is_complete: bool
    total: int
    count_exact: bool = True

    @property
    def plays(self) -> tuple[P, ...]:
        return self.listed

    @property
    def count(self) -> int:
        return self.total

    @property
    def complete(self) -> bool:
        return self.is_complete


def rules_from_preset(
    presets: Mapping[str, R], name: str, overrides: Mapping[str, Any] | None = None
) -> R:
    """The preset ``name`` with ``overrides`` applied (field name → value).

    Raises UnknownNameError listing the known presets or options.
    """
    if name not in presets:
        raise UnknownNameError("preset", name, presets)
    rules = presets[name]
    if not overrides:
        return rules
    fields = {f.name: f for f in dataclasses.fields(rules)}  # type: ignore[arg-type]
    for key in overrides:
        if key not in fields:
            raise UnknownNameError("option", key, fields)
    return dataclasses.replace(rules, **dict(overrides))  # type: ignore[type-var]


def describe_rules(rules: object) -> dict[str, Any]:
    """The options of a rules dataclass as a JSON-friendly dict."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(rules):  # type: ignore[arg-type]
        value = getattr(rules, f.name)
        out[f.name] = value.value if hasattr(value, "value") else value
    return out
