"""Dou Dizhu's practice rules: "Which may you play?", "What beats this?" and "Which bid may you make?".

:func:`practice_rules` is what :meth:`engine.doudizhu.game.DouDizhuGame.practice_rules` answers: the contract's
shared generators in :mod:`engine.teaching`, fed by this package's own deal, legal plays, check and bids.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from engine.base import PASS, Verdict
from engine.cards import Card, format_cards
from engine.contract import Game
from engine.doudizhu.bidding import BID_ACTIONS
from engine.doudizhu.combos import describe
from engine.doudizhu.deal import deal
from engine.doudizhu.drills import goal_rules
from engine.doudizhu.play import Position, check, legal_plays
from engine.doudizhu.practice import payment_rules
from engine.doudizhu.rules import Rules
from engine.doudizhu.state import Action, State
from engine.i18n import N_
from engine.teaching import Climbing, PracticeRule, beat_exercise, call_exercise, play_exercise, practice_rule

__all__ = ["practice_rules"]

DouDizhuGame: TypeAlias = Game[Rules, State, Action]
Hand: TypeAlias = tuple[Card, ...]


def practice_rules(g: DouDizhuGame) -> tuple[PracticeRule, ...]:
    """Dou Dizhu's practice rules, in the order the practice page lists them."""
    bids = (g.action_text(PASS), *(g.action_text(b) for b in BID_ACTIONS.values()))
    return (
        practice_rule(g, "play", N_("what you may play on the table, or lead"), play_exercise(g),
                      ("04-singles-and-pairs", "05-triplets", "06-sequences", "07-pair-sequences", "08-airplanes",
                       "09-quadplex")),
        practice_rule(g, "beat", N_("the same combination with more power, bombs and the rocket"),
                      beat_exercise(g, _CLIMBING), ("02-ranking", "10-beating-and-passing", "11-bombs-and-rocket")),
        practice_rule(g, "bid", N_("the auction: each bid higher than the last"),
                      call_exercise(g, "bid", bids), ("03-bidding",)),
        *payment_rules(g),
        *goal_rules(g),
    )


def _hands(rules: Rules, seed: int) -> Mapping[str, Hand]:
    letters = rules.seat_letters
    return {letters[s]: tuple(h) for s, h in enumerate(deal(rules, seed).hands)}


def _plays(rules: Rules, hand: Hand, table: Hand, limit: int) -> list[Hand]:
    return [c.cards for c in legal_plays(Position.build(hand=hand, table=table, rules=rules), limit).plays]


def _name(rules: Rules, hand: Hand, table: Hand) -> str:
    combo = Position.build(hand=hand, table=table, rules=rules).table
    return describe(combo) if combo is not None else format_cards(table)


def _check(rules: Rules, hand: Hand, table: Hand, play: Hand) -> Verdict:
    return check(Position.build(hand=hand, table=table, rules=rules), play)


_CLIMBING = Climbing(
    hands=_hands, plays=_plays, name=_name, check=_check,
    hint=N_("Beat it with the same kind of combination, higher, or with a bomb."),
    need=N_("the same combination with more power (the same length), a bomb, or the rocket"),
)
