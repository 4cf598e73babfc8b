"""Thirteen's teaching moments for the Table's search (:mod:`engine.moments`): a chop."""

from __future__ import annotations

from engine.i18n import N_
from engine.table import MomentKind
from engine.thirteen.state import State

__all__ = ["KINDS"]


def chop(before: State, action: object, after: State) -> bool:
    """A bomb that beats a 2 (or a bomb) although its kind differs: four of a kind or consecutive pairs."""
    return after.chops > before.chops


KINDS = (
    MomentKind("chop", N_("a chop"), N_("a bomb (four of a kind or consecutive pairs) played on a 2"), chop),
)
