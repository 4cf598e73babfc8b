"""Thirteen's scoring exercise: "How many match points?" — a seat's points over a short match from each game's
finishing order (and the cards left, under card scoring). The answer and its reason are this package's own
:func:`~engine.thirteen.score.score_hand`.
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from engine.contract import Game
from engine.teaching import Choice, Exercise, Make, PracticeRule, practice_rule, seat_name, sentence
from engine.thirteen.deal import HAND_SIZE
from engine.thirteen.rules import Rules, Scoring
from engine.thirteen.score import score_hand
from engine.thirteen.state import Action, State
from engine.words import count

__all__ = ["POINTS_TITLE", "scoring_rules"]

ThirteenGame: TypeAlias = Game[Rules, State, Action]

POINTS_TITLE: Final = "How many match points?"
_CHOICES: Final = 4
_PLACES: Final = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def scoring_rules(g: ThirteenGame) -> tuple[PracticeRule, ...]:
    """The scoring kinds, in the order the practice page lists them."""
    return (practice_rule(g, "points", "the finishing order, and the points each place scores over a match",
                          _points(g), ("13-finishing-order-and-points",), heading=POINTS_TITLE),)


def _points(g: ThirteenGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        letters = list(g.seat_letters(rules))
        n = len(letters)
        seat = rng.randrange(n)
        games = rng.choice((1, 2, 2, 3))
        total = 0
        facts: list[tuple[str, str]] = []
        parts: list[str] = []
        for number in range(1, games + 1):
            order = list(range(n))
            rng.shuffle(order)
            left = [0 if s == order[0] else rng.randint(1, HAND_SIZE) for s in range(n)]
            points = score_hand(rules, order, left)
            total += points[seat]
            words = ", ".join(seat_name(letters[s]) for s in order)
            if rules.scoring is Scoring.CARDS:
                words += " (cards left: " + ", ".join(f"{seat_name(letters[s])} {left[s]}" for s in order[1:]) + ")"
                parts.append(f"game {number}: {points[seat]}")
            else:
                place = order.index(seat)
                parts.append(f"game {number}: {_PLACES[place]} place, {count(points[seat], 'point')}")
            facts.append((f"Game {number}, first out to last", words))
        who = seat_name(letters[seat])
        why = f"{who}: " + "; ".join(parts) + f" — {count(total, 'point')} in all"
        high = (n - 1) * games if rules.scoring is Scoring.PLACES else total + 2 * HAND_SIZE
        low = 0 if rules.scoring is Scoring.PLACES else total - 2 * HAND_SIZE
        others = [v for v in range(low, high + 1) if v != total]
        rng.shuffle(others)
        values = sorted([total, *others[:_CHOICES - 1]])
        choices = tuple(Choice(str(v), v == total, why if v == total else "not the sum of those games") for v in values)
        hint = (f"Score each game on its own — with {n} players first out scores {n - 1}, each later place one less "
                "and last 0 — then add them up." if rules.scoring is Scoring.PLACES else
                "Score each game on its own — the winner takes a point for every card the others still hold, and "
                "each of them loses one per card — then add them up.")
        return Exercise(
            game=g.key, rule=f"{g.key}:points", seed=0, preset=preset, title=POINTS_TITLE,
            prompt=f"Over {count(games, 'game')}, how many match points does {who} score?",
            facts=tuple(facts), choices=choices, hint=hint, explanation=sentence(why), per_choice_hint=False,
        )

    return make
