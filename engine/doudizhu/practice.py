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
from engine.teaching import Choice, Exercise, Make, PracticeRule, practice_rule, sentence
from engine.words import count

__all__ = ["FOUR_PRESET", "PAYMENT_TITLE", "payment_rules"]

DouDizhuGame: TypeAlias = Game[Rules, State, Action]

PAYMENT_TITLE: Final = "What does each peasant pay?"
FOUR_TITLE: Final = "What does each peasant pay with four players?"
FOUR_PRESET: Final = "four_player"
"""The preset whose rules the four-player exercise always uses (its lesson is about four players)."""
_CHOICES: Final = 4


def payment_rules(g: DouDizhuGame) -> tuple[PracticeRule, ...]:
    """The payment kinds, in the order the practice page lists them."""
    return (
        practice_rule(g, "payment", "the stake: the bid, doubled by bombs, the rocket and a spring",
                      _payment(g, four=False), ("12-payment",), heading=PAYMENT_TITLE),
        practice_rule(g, "four", "four players: bombs of 4 to 8 cards, and which of them double",
                      _payment(g, four=True), ("13-four-players",), heading=FOUR_TITLE),
    )


def _words(per_peasant: int) -> str:
    return f"Each peasant pays {-per_peasant}" if per_peasant < 0 else f"Each peasant receives {per_peasant}"


def _payment(g: DouDizhuGame, four: bool) -> Make:
    kind = "four" if four else "payment"

    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(FOUR_PRESET if four else preset)
        bid = rng.choice((1, 2, 3))
        bombs = tuple(rng.choice(rules.bomb_sizes) for _ in range(rng.choice((0, 1, 1, 2, 2, 3))))
        rockets = int(rng.random() < 0.3)
        spring = rng.random() < 0.25
        landlord_won = rng.random() < 0.55
        paid: Payment = payment(rules, bid, bombs, rockets, landlord_won, spring)
        right = paid.per_peasant
        sign = 1 if right > 0 else -1
        others = [a for a in sorted({bid * 2**k for k in range(6)}) if a != abs(right)]
        rng.shuffle(others)
        picked = sorted([right, -right, *(sign * a for a in others[:_CHOICES - 2])], key=lambda v: (abs(v), v))
        reasons = "; ".join(paid.reasons) if paid.reasons else "nothing doubled the stake"
        times = {0: "not doubled", 1: "doubled once", 2: "doubled twice"}.get(
            paid.doublings, f"doubled {count(paid.doublings, 'time')}")
        why = (f"The stake is the bid {bid} {times} ({reasons}): {paid.stake}. "
               f"The landlord {'won, so each peasant pays' if landlord_won else 'lost, so each peasant receives'}"
               f" {paid.stake}, and the landlord {'receives' if landlord_won else 'pays'} {abs(paid.landlord)}.")
        choices = tuple(Choice(_words(v), v == right, why if v == right else "not with this bid and these doublings")
                        for v in picked)
        bomb_words = ", ".join(f"{n} cards" for n in bombs) if bombs else "none"
        hint = ("The stake is the bid, doubled once for each bomb that doubles, for the rocket and for a spring when "
                "the rules say so; the losing side pays it, each peasant the whole stake.")
        return Exercise(
            game=g.key, rule=f"{g.key}:{kind}", seed=0, preset=preset, title=FOUR_TITLE if four else PAYMENT_TITLE,
            prompt=f"The landlord bid {bid} and {'won' if landlord_won else 'lost'}. What does each peasant pay "
                   "(or receive)?",
            facts=(("Players", str(rules.players)), ("Bombs played", bomb_words),
                   ("The rocket", "played" if rockets else "not played"),
                   ("Spring", "yes: one side never played after the opening lead" if spring else "no")),
            choices=choices, hint=hint, explanation=sentence(why), per_choice_hint=False,
        )

    return make
