"""Thirteen's scoring exercise: "How many match points?" — a seat's points over a short match from each game's
finishing order (and the cards left, under card scoring). The answer and its reason are this package's own
:func:`~engine.thirteen.score.score_hand`.
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from engine.contract import Game
from engine.i18n import N_, gettext
from engine.i18n import number as digits
from engine.teaching import Choice, Exercise, Make, PracticeRule, practice_rule
from engine.thirteen.deal import HAND_SIZE
from engine.thirteen.rules import Rules, Scoring
from engine.thirteen.score import score_hand
from engine.thirteen.state import Action, State
from engine.words import count, seat_name, sentence

__all__ = ["POINTS_TITLE", "scoring_rules"]

ThirteenGame: TypeAlias = Game[Rules, State, Action]

POINTS_TITLE: Final = N_("How many match points?")
_CHOICES: Final = 4
_PLACES: Final = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


def scoring_rules(g: ThirteenGame) -> tuple[PracticeRule, ...]:
    """The scoring kinds, in the order the practice page lists them."""
    return (practice_rule(g, "points", N_("the finishing order, and the points each place scores over a match"),
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
                words += " " + gettext("(cards left: {cards})").format(
                    cards=", ".join(f"{seat_name(letters[s])} {digits(left[s])}" for s in order[1:]))
                parts.append(gettext("game {n}: {points}").format(n=digits(number), points=digits(points[seat])))
            else:
                place = order.index(seat)
                parts.append(gettext("game {n}: {place} place, {points}").format(
                    n=digits(number), place=gettext(_PLACES[place]), points=count(points[seat], "point")))
            facts.append((gettext("Game {n}, first out to last").format(n=digits(number)), words))
        who = seat_name(letters[seat])
        why = gettext("{seat}: {games} — {points} in all").format(seat=who, games="; ".join(parts),
                                                                  points=count(total, "point"))
        high = (n - 1) * games if rules.scoring is Scoring.PLACES else total + 2 * HAND_SIZE
        low = 0 if rules.scoring is Scoring.PLACES else total - 2 * HAND_SIZE
        others = [v for v in range(low, high + 1) if v != total]
        rng.shuffle(others)
        values = sorted([total, *others[:_CHOICES - 1]])
        choices = tuple(Choice(digits(v), v == total, why if v == total else gettext("not the sum of those games"))
                        for v in values)
        hint = (gettext("Score each game on its own — with {n} players first out scores {first}, each later place one "
                        "less and last 0 — then add them up.").format(n=digits(n), first=digits(n - 1))
                if rules.scoring is Scoring.PLACES else
                gettext("Score each game on its own — the winner takes a point for every card the others still hold, "
                        "and each of them loses one per card — then add them up."))
        return Exercise(
            game=g.key, rule=f"{g.key}:points", seed=0, preset=preset, title=gettext(POINTS_TITLE),
            prompt=gettext("Over {games}, how many match points does {seat} score?").format(
                games=count(games, "game"), seat=who),
            facts=tuple(facts), choices=choices, hint=hint, explanation=sentence(why), per_choice_hint=False,
        )

    return make
