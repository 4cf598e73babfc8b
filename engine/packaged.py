"""A game made of its package's modules: the forwards every package's ``game.py`` would otherwise write, written once.

Every game package has the same module roles (see the README): its state module (``state.py``: legal actions,
the check, applying an action, actions as text), its Table module (``table.py``: what a seat sees, the
commentary, the outcome, the prompt) and its coach module (``coach.py``: sampled worlds, features, rules of thumb,
the unit of values). A :class:`PackagedGame` names the three modules and answers the contract's methods from
them, so the game's own class keeps only what is really its own (rules, the deal, the hooks whose arguments
differ). A module stands for its protocol (:class:`HandModule`, :class:`TableModule`, :class:`CoachModule`):
mypy checks each module's functions against it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from engine.base import Verdict
from engine.contract import Game, Outcome, Prompt

if TYPE_CHECKING:
    from engine.table import Step, TableView

__all__ = ["CoachModule", "HandModule", "PackagedGame", "TableModule"]

R = TypeVar("R")
S = TypeVar("S")
A = TypeVar("A")
S_in = TypeVar("S_in", contravariant=True)
A_in = TypeVar("A_in", contravariant=True)


class HandModule(Protocol[S, A]):
    """What a package's ``state.py`` offers."""

    def legal_actions(self, state: S, limit: int | None = None, /) -> Sequence[A]: ...
    def check_action(self, state: S, action: A, /) -> Verdict: ...
    def apply_unchecked(self, state: S, action: A, /) -> S: ...
    def action_text(self, action: A, /) -> str: ...


class TableModule(Protocol[S_in, A_in]):
    """What a package's ``table.py`` offers."""

    def view(self, state: S_in, seat: int | None, /) -> TableView: ...
    def comment(self, before: S_in, action: A_in, after: S_in, /) -> Step: ...
    def outcome(self, state: S_in, /) -> Outcome | None: ...
    def prompt(self, state: S_in, /) -> Prompt: ...


class CoachModule(Protocol[S, A_in]):
    """What a package's ``coach.py`` offers."""

    def determinize(self, state: S, seat: int, rng: random.Random, /) -> S: ...
    def features(self, state: S, seat: int, /) -> Mapping[str, float]: ...
    def rule_of_thumb(self, state: S, action: A_in, /) -> str: ...
    def value_words(self, state: S, /) -> tuple[str, str]: ...


class PackagedGame(Game[R, S, A]):
    """A :class:`~engine.contract.Game` whose state machine, Table and coach are its package's modules
    (``hand_module``, ``table_module``, ``coach_module``, set by the game's class)."""

    hand_module: HandModule[S, A]
    table_module: TableModule[S, A]
    coach_module: CoachModule[S, A]

    def legal_actions(self, state: S, limit: int | None = None) -> Sequence[A]:
        return self.hand_module.legal_actions(state, limit)

    def check(self, state: S, action: A) -> Verdict:
        return self.hand_module.check_action(state, action)

    def apply_unchecked(self, state: S, action: A) -> S:
        return self.hand_module.apply_unchecked(state, action)

    def action_text(self, action: A) -> str:
        return self.hand_module.action_text(action)

    def view(self, state: S, seat: int | None) -> TableView:
        return self.table_module.view(state, seat)

    def comment(self, before: S, action: A, after: S) -> Step:
        return self.table_module.comment(before, action, after)

    def outcome(self, state: S) -> Outcome | None:
        return self.table_module.outcome(state)

    def prompt(self, state: S) -> Prompt:
        return self.table_module.prompt(state)

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        return self.coach_module.determinize(state, seat, rng)

    def features(self, state: S, seat: int) -> Mapping[str, float]:
        return self.coach_module.features(state, seat)

    def rule_of_thumb(self, state: S, action: A) -> str:
        return self.coach_module.rule_of_thumb(state, action)

    def value_words(self, state: S) -> tuple[str, str]:
        return self.coach_module.value_words(state)
