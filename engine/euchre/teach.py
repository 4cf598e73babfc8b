"""Euchre's practice rules: "Which may you play?", "Who wins the trick?" and "Which call may you make?".

:func:`practice_rules` is what :meth:`engine.euchre.game.EuchreGame.practice_rules` answers; the exercises come
from this package's own deal, legal cards and trick winner (typed calls, no JSON) and the contract's shared
generators in :mod:`engine.teaching`.
"""

from __future__ import annotations

import random
from typing import TypeAlias

from engine.base import PASS
from engine.cards import Card, Suit
from engine.contract import Game
from engine.euchre.bidding import ORDER_UP, NameTrump
from engine.euchre.deal import deal_cards
from engine.euchre.drills import drill_rules
from engine.euchre.order import left_bower, right_bower, sort_hand
from engine.euchre.play import Position, legal_plays
from engine.euchre.practice import scoring_rules
from engine.euchre.rules import Rules, Seat
from engine.euchre.state import Action, HandState
from engine.euchre.trick import play_order, trick_winner, winner_reason
from engine.teaching import (
    ATTEMPTS,
    TITLES,
    Exercise,
    Make,
    PracticeError,
    PracticeRule,
    call_exercise,
    play_exercise,
    practice_rule,
    random_pick,
    seat_name,
    sentence,
    suit_words,
    trick_choices,
)

__all__ = ["practice_rules"]

EuchreGame: TypeAlias = Game[Rules, HandState, Action]


def practice_rules(g: EuchreGame) -> tuple[PracticeRule, ...]:
    """Euchre's practice rules, in the order the practice page lists them."""
    calls = (g.action_text(PASS), g.action_text(ORDER_UP), *(g.action_text(NameTrump(s)) for s in Suit))
    return (
        practice_rule(g, "play", "following suit, and the left bower's suit", play_exercise(g), ("04-following-suit",)),
        practice_rule(g, "trick", "trumps, bowers and the suit led", _trick_exercise(g), ("03-bowers", "05-who-wins")),
        practice_rule(g, "call", "ordering up, passing and naming trump in the two rounds",
                      call_exercise(g, "call", calls), ("02-calling-rounds",)),
        *scoring_rules(g),
        *drill_rules(g),
    )


def _trick_exercise(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        for _ in range(ATTEMPTS):
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
    choices, row = trick_choices(order, [(c,) for c in table], winner, reason)
    right, left = right_bower(trump).symbol_text, left_bower(trump).symbol_text
    hint = (f"Trumps win over every other suit; {right} is the highest trump and {left} (the left bower) counts as "
            f"a {trump.plural[:-1]}. With no trump in the trick, the highest card of the suit led wins.")
    return Exercise(
        game=g.key, rule=f"{g.key}:trick", seed=0, preset=preset, title=TITLES["trick"],
        prompt=f"{seat_name(order[0])} led. Who wins this trick?",
        facts=(("Trump", suit_words(trump)),), rows=(row,), choices=choices, hint=hint,
        explanation=sentence(reason), per_choice_hint=False,
    )
