"""Euchre's practice rules: "Which may you play?", "Who wins the trick?" and "Which call may you make?".

:func:`practice_rules` is what :meth:`engine.euchre.game.EuchreGame.practice_rules` answers; the exercises come
from this package's own deal, legal cards and trick winner (typed calls, no JSON) and the contract's shared
generators in :mod:`engine.teaching`.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TypeAlias

from engine.base import PASS
from engine.cards import Card, Suit
from engine.contract import Game
from engine.euchre.bidding import ORDER_UP, NameTrump
from engine.euchre.deal import deal_cards
from engine.euchre.drills import drill_rules
from engine.euchre.order import left_bower, right_bower, sort_hand, suit_one, suit_plural
from engine.euchre.play import Position, legal_plays
from engine.euchre.practice import scoring_rules
from engine.euchre.rules import Rules, Seat
from engine.euchre.state import Action, HandState
from engine.euchre.trick import play_order, trick_winner, winner_reason
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.teaching import (
    ATTEMPTS,
    CardRow,
    Exercise,
    Make,
    PracticeError,
    PracticeRule,
    call_exercise,
    play_exercise,
    practice_rule,
    random_pick,
    sentence,
    trick_choices,
)
from engine.words import seat_name

__all__ = ["practice_rules"]

EuchreGame: TypeAlias = Game[Rules, HandState, Action]

TRICK_TITLE = N_("Who wins the trick?")
"""The shared title of "Who wins the trick?" (``engine.teaching.TITLES``), marked here so the catalogs hold it."""


def practice_rules(g: EuchreGame) -> tuple[PracticeRule, ...]:
    """Euchre's practice rules, in the order the practice page lists them."""
    calls = (g.action_text(PASS), g.action_text(ORDER_UP), *(g.action_text(NameTrump(s)) for s in Suit))
    return (
        practice_rule(g, "play", N_("following suit, and the left bower's suit"), play_exercise(g),
                      ("04-following-suit",)),
        practice_rule(g, "trick", N_("trumps, bowers and the suit led"), _trick_exercise(g),
                      ("03-bowers", "05-who-wins")),
        practice_rule(g, "call", N_("ordering up, passing and naming trump in the two rounds"),
                      call_exercise(g, "call", calls), ("02-calling-rounds",)),
        *scoring_rules(g),
        *drill_rules(g),
    )


def _trick_exercise(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        for _attempt in range(ATTEMPTS):
            made = _trick(g, rng, preset)
            if made is not None:
                return made
        raise PracticeError(f"no trick for {g.key} was found")

    return make


def _trick(g: EuchreGame, rng: random.Random, preset: str) -> Exercise | None:
    rules = g.rules(preset)
    dealt = deal_cards(rng.randrange(2**31), None, rules)
    hands = {s.letter: tuple(sort_hand(dealt.hands[s])) for s in Seat}
    letters = list(g.seat_letters(rules))
    trump = rng.choice(list(Suit))
    start = rng.randrange(len(letters))
    order = letters[start:] + letters[:start]
    table: list[Card] = []
    for seat in order:
        legal = legal_plays(Position.build(hand=hands[seat], table=tuple(table), rules=rules, trump=trump,
                                           players=4)).plays
        table.append(random_pick(legal, rng))
    index = trick_winner(table, trump)
    winner = play_order(Seat.parse(order[0]), (), 4)[index].letter
    reason = winner_reason(table, trump)
    choices, _row = trick_choices(order, [(c,) for c in table], winner, reason)
    # The seats in the learner's language (the shared generator writes them in English).
    choices = tuple(dataclasses.replace(c, text=seat_name(s)) for c, s in zip(choices, order, strict=True))
    row = CardRow(_("The trick, in the order played"),
                  tuple((_("{seat} (led)").format(seat=seat_name(s)) if i == 0 else seat_name(s), (c,))
                        for i, (s, c) in enumerate(zip(order, table, strict=True))))
    right, left = right_bower(trump).symbol_text, left_bower(trump).symbol_text
    hint = _("Trumps win over every other suit; {right} is the highest trump and {left} (the left bower) counts as "
             "a {suit}. With no trump in the trick, the highest card of the suit led wins.").format(
        right=right, left=left, suit=suit_one(trump))
    return Exercise(
        game=g.key, rule=f"{g.key}:trick", seed=0, preset=preset, title=_(TRICK_TITLE),
        prompt=_("{seat} led. Who wins this trick?").format(seat=seat_name(order[0])),
        facts=((_("Trump"), f"{trump.symbol} {suit_plural(trump)}"),), rows=(row,), choices=choices, hint=hint,
        explanation=sentence(reason), per_choice_hint=False,
    )
