"""Shengji's teaching moments for the Table's search (:mod:`engine.moments`): a throw, a failed throw, a tractor led."""

from __future__ import annotations

from engine.i18n import N_
from engine.shengji.combos import decompose, is_tractor
from engine.shengji.state import Phase, Play, State
from engine.shengji.trick import judge_throw
from engine.table import MomentKind

__all__ = ["KINDS"]


def _lead(before: State, action: object) -> Play | None:
    """The play that leads a trick (not a choice after a failed throw), else None."""
    if before.phase is Phase.PLAY and isinstance(action, Play) and not before.trick and before.trump is not None:
        return action
    return None


def _throw(before: State, action: object) -> bool:
    lead = _lead(before, action)
    return lead is not None and before.trump is not None and \
        len(decompose(lead.cards, before.trump, before.rules)) > 1


def throw(before: State, action: object, after: State) -> bool:
    """A lead of several units of one suit at once (it may stand or fail)."""
    return _throw(before, action)


def failed_throw(before: State, action: object, after: State) -> bool:
    """A throw that another hand can beat in part, so that the leader must take part of it back."""
    if not _throw(before, action) or before.to_act is None or before.trump is None:
        return False
    assert isinstance(action, Play)
    verdict = judge_throw(action.cards, before.others(before.to_act), before.trump, before.rules,
                          before.rules.seats[before.to_act])
    return not verdict.stands


def tractor(before: State, action: object, after: State) -> bool:
    """A tractor led: consecutive pairs (or triples) of one suit."""
    lead = _lead(before, action)
    return lead is not None and before.trump is not None and is_tractor(lead.cards, before.trump, before.rules)


KINDS = (
    MomentKind("throw", N_("a throw"), N_("a lead of several units of one suit at once"), throw),
    MomentKind("failed_throw", N_("a failed throw"), N_("a throw another hand beats in part: the leader takes some "
                                                        "back (the bots throw only what stands, so their games hold "
                                                        "none: load a recorded game with one)"),
               failed_throw),
    MomentKind("tractor", N_("a tractor"), N_("a tractor led: consecutive pairs of one suit"), tractor),
)
