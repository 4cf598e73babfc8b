"""Dou Dizhu's payment exercises: "What does each peasant pay?" from the bid, the bombs and the rocket played,
a spring and who won — under the game's rules, and once more with four players (where only the big bombs
double). The answer and its reasons are this package's own :func:`~engine.doudizhu.score.payment`.
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from engine.contract import Game
from engine.doudizhu.rules import Rules
from engine.doudizhu.score import Payment, payment
from engine.doudizhu.state import Action, State
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.teaching import Choice, Exercise, Make, PracticeRule, practice_rule
from engine.words import count, sentence

__all__ = ["FOUR_PRESET", "PAYMENT_TITLE", "payment_rules"]

DouDizhuGame: TypeAlias = Game[Rules, State, Action]

PAYMENT_TITLE: Final = N_("What does each peasant pay?")
FOUR_TITLE: Final = N_("What does each peasant pay with four players?")
FOUR_PRESET: Final = "four_player"
"""The preset whose rules the four-player exercise always uses (its lesson is about four players)."""
_CHOICES: Final = 4


def payment_rules(g: DouDizhuGame) -> tuple[PracticeRule, ...]:
    """The payment kinds, in the order the practice page lists them."""
    return (
        practice_rule(g, "payment", N_("the stake: the bid, doubled by bombs, the rocket and a spring"),
                      _payment(g, four=False), ("12-payment",), heading=PAYMENT_TITLE),
        practice_rule(g, "four", N_("four players: bombs of 4 to 8 cards, and which of them double"),
                      _payment(g, four=True), ("13-four-players",), heading=FOUR_TITLE),
    )


def _words(per_peasant: int) -> str:
    if per_peasant < 0:
        return _("Each peasant pays {n}").format(n=figure(-per_peasant))
    return _("Each peasant receives {n}").format(n=figure(per_peasant))


def _payment(g: DouDizhuGame, four: bool) -> Make:
    kind = "four" if four else "payment"

    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(FOUR_PRESET if four else preset)
        bid = rng.choice((1, 2, 3))
        bombs = tuple(rng.choice(rules.bomb_sizes) for _bomb in range(rng.choice((0, 1, 1, 2, 2, 3))))
        rockets = int(rng.random() < 0.3)
        spring = rng.random() < 0.25
        landlord_won = rng.random() < 0.55
        paid: Payment = payment(rules, bid, bombs, rockets, landlord_won, spring)
        right = paid.per_peasant
        sign = 1 if right > 0 else -1
        others = [a for a in sorted({bid * 2**k for k in range(6)}) if a != abs(right)]
        rng.shuffle(others)
        picked = sorted([right, -right, *(sign * a for a in others[:_CHOICES - 2])], key=lambda v: (abs(v), v))
        reasons = "; ".join(paid.reasons) if paid.reasons else _("nothing doubled the stake")
        times = _doubled(paid.doublings)
        if landlord_won:
            paid_words = _("The landlord won, so each peasant pays {stake}, and the landlord receives {total}.")
        else:
            paid_words = _("The landlord lost, so each peasant receives {stake}, and the landlord pays {total}.")
        why = _("The stake is the bid {bid} {times} ({reasons}): {stake}. {paid}").format(
            bid=figure(bid), times=times, reasons=reasons, stake=figure(paid.stake),
            paid=paid_words.format(stake=figure(paid.stake), total=figure(abs(paid.landlord))))
        wrong = _("not with this bid and these doublings")
        choices = tuple(Choice(_words(v), v == right, why if v == right else wrong) for v in picked)
        bomb_words = ", ".join(_("{n} cards").format(n=figure(n)) for n in bombs) if bombs else _("none")
        hint = _("The stake is the bid, doubled once for each bomb that doubles, for the rocket and for a spring "
                 "when the rules say so; the losing side pays it, each peasant the whole stake.")
        prompt = _("The landlord bid {bid} and won. What does each peasant pay (or receive)?") if landlord_won else \
            _("The landlord bid {bid} and lost. What does each peasant pay (or receive)?")
        return Exercise(
            game=g.key, rule=f"{g.key}:{kind}", seed=0, preset=preset, title=_(FOUR_TITLE if four else PAYMENT_TITLE),
            prompt=prompt.format(bid=figure(bid)),
            facts=((_("Players"), figure(rules.players)), (_("Bombs played"), bomb_words),
                   (_("The rocket"), _("played") if rockets else _("not played")),
                   (_("Spring"), _("yes: one side never played after the opening lead") if spring else _("no"))),
            choices=choices, hint=hint, explanation=sentence(why), per_choice_hint=False,
        )

    return make


def _doubled(doublings: int) -> str:
    """How often the stake was doubled, in words: "not doubled", "doubled once", "doubled three times"."""
    if doublings == 0:
        return _("not doubled")
    if doublings == 1:
        return _("doubled once")
    if doublings == 2:
        return _("doubled twice")
    return _("doubled {times}").format(times=count(doublings, "time"))
