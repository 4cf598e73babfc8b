"""Shengji's counting exercises: "How many points?" in cards from a seeded deal (5s, 10s and kings) and "What
is the kitty bonus?" for the attackers who win (or lose) the last trick. The answers and reasons are this
package's own :func:`~engine.shengji.order.points` and :func:`~engine.shengji.score.kitty_bonus`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, TypeAlias

from engine.cards import Card
from engine.contract import Game
from engine.i18n import N_, pgettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.shengji.deal import deal
from engine.shengji.order import points
from engine.shengji.rules import Rules
from engine.shengji.score import kitty_bonus, kitty_multiplier
from engine.shengji.state import Action, State
from engine.teaching import CardRow, Choice, Exercise, Make, PracticeRule, practice_rule
from engine.words import count, sentence

__all__ = ["KITTY_TITLE", "POINTS_TITLE", "counting_rules"]

ShengjiGame: TypeAlias = Game[Rules, State, Action]

POINTS_TITLE: Final = N_("How many points?")
KITTY_TITLE: Final = N_("What is the kitty bonus?")
_CHOICES: Final = 4
_SEEDS: Final = 2**31


def counting_rules(g: ShengjiGame) -> tuple[PracticeRule, ...]:
    """The counting kinds, in the order the practice page lists them."""
    return (
        practice_rule(g, "points", N_("the point cards: 5s, 10s and kings"), _points(g), ("04-points",),
                      heading=POINTS_TITLE),
        practice_rule(g, "kitty", N_("the kitty's points, multiplied for the attackers who win the last trick"),
                      _kitty(g), ("06-kitty",), heading=KITTY_TITLE),
    )


def _sum_words(cards: Sequence[Card]) -> str:
    counted = [c for c in cards if points([c])]
    if not counted:
        return _("no 5s, 10s or kings: no points")
    return _("{sum} = {total} points").format(
        sum=" + ".join(f"{c.symbol_text} {local_number(points([c]))}" for c in counted),
        total=local_number(points(cards)))


def _number_choices(rng: random.Random, right: int, step: int, why: str, wrong: str) -> tuple[Choice, ...]:
    near = [right + step * k for k in range(-4, 5) if k and right + step * k >= 0]
    rng.shuffle(near)
    values = sorted([right, *near[:_CHOICES - 1]])
    return tuple(Choice(local_number(v), v == right, why if v == right else wrong) for v in values)


def _points(g: ShengjiGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        order = deal(rules, rng.randrange(_SEEDS)).order
        start = rng.randrange(len(order) - 8)
        cards = tuple(order[start:start + rng.randint(4, 8)])
        total = points(cards)
        why = _sum_words(cards)
        return Exercise(
            game=g.key, rule=f"{g.key}:points", seed=0, preset=preset, title=_(POINTS_TITLE),
            prompt=_("A trick's winner takes these cards. How many points do they hold?"),
            rows=(CardRow(_("The cards"), (("", cards),)),),
            choices=_number_choices(rng, total, 5, why, _("count the 5s, 10s and kings again")),
            hint=_("Only 5s (5 points), 10s and kings (10 points each) count; every other card is worth nothing."),
            explanation=sentence(why), per_choice_hint=False,
        )

    return make


def _kitty(g: ShengjiGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        kitty = deal(rules, rng.randrange(_SEEDS)).order[-rules.kitty:]
        kitty_points = points(kitty)
        each = rng.choice((1, 1, 2, 2, 4))
        largest = rng.choice([n for n in (1, 2, 4) if n <= each])
        won = rng.random() < 0.75
        bonus = kitty_bonus(rules, kitty_points, each, won, largest)
        if won:
            times = kitty_multiplier(rules, each, largest)
            why = _("the kitty holds {sum}; the attackers won the last trick, so it counts {multiplier} = ×{times}: "
                    "{points} × {times} = {bonus}").format(
                sum=_sum_words(kitty), multiplier=rules.kitty_multiplier.label, times=local_number(times),
                points=local_number(kitty_points), bonus=count(bonus, "point"))
        else:
            why = _("the bankers won the last trick, so the kitty's {points} stay theirs: no bonus").format(
                points=count(kitty_points, "point"))
        lead = {1: pgettext("lead", "a single"),
                2: pgettext("lead", "a pair") if largest == 2 else pgettext("lead", "two singles"),
                4: {4: pgettext("lead", "a tractor of two pairs"), 2: pgettext("lead", "two pairs"),
                    1: pgettext("lead", "four singles")}[largest]}[each]
        prompt = (_("The attackers won the last trick, led with {lead} ({cards} from each player). What kitty bonus "
                    "do the attackers score?") if won else
                  _("The bankers won the last trick, led with {lead} ({cards} from each player). What kitty bonus "
                    "do the attackers score?")).format(lead=lead, cards=count(each, "card"))
        return Exercise(
            game=g.key, rule=f"{g.key}:kitty", seed=0, preset=preset, title=_(KITTY_TITLE),
            prompt=prompt,
            facts=((_("Kitty bonus"), rules.kitty_multiplier.label),),
            rows=(CardRow(_("The kitty"), (("", tuple(kitty)),)),),
            choices=_number_choices(rng, bonus, 10 if bonus else 5, sentence(why),
                                    _("not with this kitty and this last trick")),
            hint=_("Only the attackers who win the last trick score the kitty: its points times the multiplier the "
                   "rules give (see the fact above)."),
            explanation=sentence(why), per_choice_hint=False,
        )

    return make
