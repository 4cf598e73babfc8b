"""Euchre's scoring exercises: "How many points?" for one hand (makers, a euchre, a march, going alone) and
"Who has won the game?" from the scores (the target, and winning by two). Posed from seeded random hands and
scores; the answers and reasons are this package's own :func:`~engine.euchre.score.score_hand` and
:func:`~engine.euchre.score.game_winner` / :func:`~engine.euchre.score.game_over_reason`.
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from engine.contract import Game
from engine.errors import InvalidPositionError
from engine.euchre.rules import Rules, Side
from engine.euchre.score import TRICKS, HandScore, check_reachable, game_over_reason, game_winner, score_hand
from engine.euchre.state import Action, HandState
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as numeral
from engine.teaching import ATTEMPTS, Choice, Exercise, Make, PracticeError, PracticeRule, practice_rule, sentence

__all__ = ["POINTS_TITLE", "WINNER_TITLE", "scoring_rules"]

EuchreGame: TypeAlias = Game[Rules, HandState, Action]

POINTS_TITLE: Final = N_("How many points?")
WINNER_TITLE: Final = N_("Who has won the game?")
_POINTS: Final = ((1, 0), (2, 0), (4, 0), (0, 2), (0, 4))
"""Every score one hand can make: (to the makers, to the defenders)."""
_GOES_ON: Final = N_("Nobody yet: the game goes on")


def scoring_rules(g: EuchreGame) -> tuple[PracticeRule, ...]:
    """The scoring kinds, in the order the practice page lists them."""
    return (
        practice_rule(g, "points", N_("the points of one hand: makers, euchred, a march, alone"), _points(g),
                      ("07-scoring", "06-going-alone"), heading=POINTS_TITLE),
        practice_rule(g, "winner", N_("the target and winning by two"), _winner(g), ("08-winning-by-two",),
                      heading=WINNER_TITLE),
    )


def _points_words(makers: int, defenders: int) -> str:
    if makers:
        return _("Makers {points}").format(points=numeral(makers))
    return _("Defenders {points}").format(points=numeral(defenders))


def _points(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        tricks = rng.choice((0, 1, 2, 3, 3, 4, 4, 5, 5, 5))
        alone = rng.random() < 0.4
        defender_alone = rules.defender_may_go_alone and tricks <= 2 and not alone and rng.random() < 0.4
        score: HandScore = score_hand(tricks, alone, defender_alone, rules)
        who = _("A maker went alone") if alone else _("A defender went alone") if defender_alone else \
            _("Nobody went alone")
        facts = {"tricks": numeral(tricks), "all": numeral(TRICKS)}
        wrong = _("that is not what {tricks} of {all} tricks scores here").format(**facts)
        choices = tuple(Choice(_points_words(m, d), (m, d) == (score.makers, score.defenders),
                               score.words if (m, d) == (score.makers, score.defenders) else wrong)
                        for m, d in _POINTS)
        hint = _("Three or four tricks score 1 to the makers, all five (a march) 2, or 4 when the maker went alone; "
                 "fewer than three and the makers are euchred: 2 to the defenders (4 to a lone defender).")
        return Exercise(
            game=g.key, rule=f"{g.key}:points", seed=0, preset=preset, title=_(POINTS_TITLE),
            prompt=_("The makers took {tricks} of the {all} tricks. How many points does the hand score, and to "
                     "whom?").format(**facts),
            facts=((_("Makers' tricks"), _("{tricks} of {all}").format(**facts)), (_("Going alone"), who)),
            choices=choices, hint=hint, explanation=sentence(score.words), per_choice_hint=False,
        )

    return make


def _winner(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        for _attempt in range(ATTEMPTS):
            high = rules.target + rng.choice((-1, 0, 0, 1, 1, 2, 3))
            low = high - rng.choice((0, 1, 1, 2, 2, 3, 5))
            scores = (high, low) if rng.random() < 0.5 else (low, high)
            try:
                check_reachable(scores, rules)
                winner = game_winner(scores, rules)
            except InvalidPositionError:
                continue
            right = winner.title if winner is not None else _(_GOES_ON)
            reason = game_over_reason(scores, rules)
            texts = (Side.NORTH_SOUTH.title, Side.EAST_WEST.title, _(_GOES_ON))
            not_here = _("not with these scores and rules")
            choices = tuple(Choice(t, t == right, reason if t == right else not_here) for t in texts)
            target = numeral(rules.target)
            if rules.win_by_two:
                hint = _("A side needs at least {target} points and the winner must lead by two.").format(target=target)
                game_to = _("{target} points, won by two").format(target=target)
            else:
                hint = _("A side needs at least {target} points.").format(target=target)
                game_to = _("{target} points").format(target=target)
            return Exercise(
                game=g.key, rule=f"{g.key}:winner", seed=0, preset=preset, title=_(WINNER_TITLE),
                prompt=_("{north_south} have {ns} points and {east_west} {ew}. Who has won the game?").format(
                    north_south=Side.NORTH_SOUTH.title, east_west=Side.EAST_WEST.title, ns=numeral(scores[0]),
                    ew=numeral(scores[1])),
                facts=((_("Game to"), game_to),),
                choices=choices, hint=hint, explanation=sentence(reason), per_choice_hint=False,
            )
        raise PracticeError(f"no score for {g.key} was found")

    return make
