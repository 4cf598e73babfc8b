"""Dou Dizhu's practice rules: "Which may you play?", "What beats this?" and "Which bid may you make?".

:func:`practice_rules` is what :meth:`engine.doudizhu.game.DouDizhuGame.practice_rules` answers, from the
contract's shared generators in :mod:`engine.teaching` and this package's bids.
"""

from __future__ import annotations

from typing import TypeAlias

from engine.base import PASS
from engine.contract import Game
from engine.doudizhu.bidding import BID_ACTIONS
from engine.doudizhu.rules import Rules
from engine.doudizhu.state import Action, State
from engine.teaching import PracticeRule, beat_exercise, call_exercise, play_exercise, practice_rule

__all__ = ["practice_rules"]

DouDizhuGame: TypeAlias = Game[Rules, State, Action]


def practice_rules(g: DouDizhuGame) -> tuple[PracticeRule, ...]:
    """Dou Dizhu's practice rules, in the order the practice page lists them."""
    bids = (g.action_text(PASS), *(g.action_text(b) for b in BID_ACTIONS.values()))
    return (
        practice_rule(g, "play", "what you may play on the table, or lead", play_exercise(g)),
        practice_rule(g, "beat", "the same combination with more power, bombs and the rocket", beat_exercise(
            g, "Beat it with the same kind of combination, higher, or with a bomb.",
            "the same combination with more power (the same length), a bomb, or the rocket")),
        practice_rule(g, "bid", "the auction: each bid higher than the last", call_exercise(g, "bid", bids)),
    )
