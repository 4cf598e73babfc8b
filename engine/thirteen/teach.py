"""Thirteen's practice rules: "Which may you play?" and "What beats this?".

:func:`practice_rules` is what :meth:`engine.thirteen.game.ThirteenGame.practice_rules` answers: the contract's
shared generators in :mod:`engine.teaching`, fed by this package's own deal, legal plays and check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from engine.base import Verdict
from engine.cards import Card, format_cards
from engine.contract import Game
from engine.i18n import N_
from engine.teaching import Climbing, PracticeRule, beat_exercise, play_exercise, practice_rule
from engine.thirteen.deal import deal_masks
from engine.thirteen.drills import drill_rules
from engine.thirteen.order import cards_of
from engine.thirteen.play import Position, check, legal_plays
from engine.thirteen.practice import scoring_rules
from engine.thirteen.rules import Rules, seat_letters
from engine.thirteen.state import Action, State

__all__ = ["practice_rules"]

ThirteenGame: TypeAlias = Game[Rules, State, Action]
Hand: TypeAlias = tuple[Card, ...]


def practice_rules(g: ThirteenGame) -> tuple[PracticeRule, ...]:
    """Thirteen's practice rules, in the order the practice page lists them."""
    return (
        practice_rule(g, "play", N_("what you may play on the table, or lead"), play_exercise(g),
                      ("03-singles", "04-pairs", "05-triples", "07-sequences")),
        practice_rule(g, "beat", N_("the same combination, higher, or a bomb on a 2"), beat_exercise(g, _CLIMBING),
                      ("02-card-order", "06-four-of-a-kind", "08-double-sequences", "09-beating", "11-chopping-twos")),
        *scoring_rules(g),
        *drill_rules(g),
    )


def _hands(rules: Rules, seed: int) -> Mapping[str, Hand]:
    letters = seat_letters(rules.players)
    return {letters[s]: tuple(cards_of(m)) for s, m in enumerate(deal_masks(rules, seed))}


def _position(rules: Rules, hand: Hand, table: Hand) -> Position:
    return Position.build(hand=hand, table=table, rules=rules)


def _plays(rules: Rules, hand: Hand, table: Hand, limit: int) -> list[Hand]:
    return [p.combo.cards for p in legal_plays(_position(rules, hand, table), limit) if p.combo is not None]


def _name(rules: Rules, hand: Hand, table: Hand) -> str:
    combo = _position(rules, hand, table).table
    return combo.name if combo is not None and combo.name else format_cards(table)


def _check(rules: Rules, hand: Hand, table: Hand, play: Hand) -> Verdict:
    return check(_position(rules, hand, table), play)


_CLIMBING = Climbing(
    hands=_hands, plays=_plays, name=_name, check=_check,
    hint=N_("Beat it with the same kind of combination, higher; a bomb can chop a 2."),
    need=N_("the same combination with a higher top card (rank first, then suit), or a bomb on a 2"),
)
