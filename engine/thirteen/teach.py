"""Thirteen's practice rules: "Which may you play?" and "What beats this?".

:func:`practice_rules` is what :meth:`engine.thirteen.game.ThirteenGame.practice_rules` answers, from the
contract's shared generators in :mod:`engine.teaching`.
"""

from __future__ import annotations

from typing import TypeAlias

from engine.contract import Game
from engine.teaching import PracticeRule, beat_exercise, play_exercise, practice_rule
from engine.thirteen.rules import Rules
from engine.thirteen.state import Action, State

__all__ = ["practice_rules"]

ThirteenGame: TypeAlias = Game[Rules, State, Action]


def practice_rules(g: ThirteenGame) -> tuple[PracticeRule, ...]:
    """Thirteen's practice rules, in the order the practice page lists them."""
    return (
        practice_rule(g, "play", "what you may play on the table, or lead", play_exercise(g)),
        practice_rule(g, "beat", "the same combination, higher, or a bomb on a 2", beat_exercise(
            g, "Beat it with the same kind of combination, higher; a bomb can chop a 2.",
            "the same combination with a higher top card (rank first, then suit), or a bomb on a 2")),
    )
