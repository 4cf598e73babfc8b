"""Dou Dizhu's teaching moments for the Table's search (:mod:`engine.moments`): a bomb, the rocket."""

from __future__ import annotations

from engine.doudizhu.state import State
from engine.i18n import N_
from engine.table import MomentKind

__all__ = ["KINDS"]


def bomb(before: State, action: object, after: State) -> bool:
    """A bomb played (four or more cards of one rank): it beats anything but a bigger bomb and the rocket."""
    return len(after.bombs) > len(before.bombs)


def rocket(before: State, action: object, after: State) -> bool:
    """The rocket played (the jokers together): it beats everything."""
    return after.rockets > before.rockets


KINDS = (
    MomentKind("bomb", N_("a bomb"), N_("a bomb played: four or more cards of one rank"), bomb),
    MomentKind("rocket", N_("the rocket"), N_("the rocket played: the jokers together"), rocket),
)
