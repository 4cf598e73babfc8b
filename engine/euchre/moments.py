"""Euchre's teaching moments for the Table's search (:mod:`engine.moments`): a lone hand, a euchre, a march."""

from __future__ import annotations

from engine.euchre.state import HandState, hand_result
from engine.i18n import N_
from engine.table import MomentKind

__all__ = ["KINDS"]


def go_alone(before: HandState, action: object, after: HandState) -> bool:
    """A player goes alone: the partner sits the hand out."""
    return len(after.lone) > len(before.lone)


def _scored(before: HandState, after: HandState) -> bool:
    return hand_result(before) is None and hand_result(after) is not None


def euchre(before: HandState, action: object, after: HandState) -> bool:
    """The last trick of a hand in which the makers took fewer than three tricks."""
    result = hand_result(after)
    return _scored(before, after) and result is not None and result.score is not None and result.score.euchred


def march(before: HandState, action: object, after: HandState) -> bool:
    """The last trick of a hand in which the makers took all five tricks."""
    result = hand_result(after)
    return _scored(before, after) and result is not None and result.score is not None and result.score.march


KINDS = (
    MomentKind("go_alone", N_("a go alone"), N_("a player goes alone: the partner sits the hand out"), go_alone),
    MomentKind("euchre", N_("a euchre"), N_("the makers take fewer than three tricks"), euchre),
    MomentKind("march", N_("a march"), N_("the makers take all five tricks"), march),
)
