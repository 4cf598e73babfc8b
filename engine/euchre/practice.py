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
from engine.teaching import ATTEMPTS, Choice, Exercise, Make, PracticeError, PracticeRule, practice_rule, sentence

__all__ = ["POINTS_TITLE", "WINNER_TITLE", "scoring_rules"]

EuchreGame: TypeAlias = Game[Rules, HandState, Action]

POINTS_TITLE: Final = "How many points?"
WINNER_TITLE: Final = "Who has won the game?"
_POINTS: Final = ((1, 0), (2, 0), (4, 0), (0, 2), (0, 4))
"""Every score one hand can make: (to the makers, to the defenders)."""
_GOES_ON: Final = "Nobody yet: the game goes on"


def scoring_rules(g: EuchreGame) -> tuple[PracticeRule, ...]:
    """The scoring kinds, in the order the practice page lists them."""
    return (
        practice_rule(g, "points", "the points of one hand: makers, euchred, a march, alone", _points(g),
                      ("07-scoring", "06-going-alone"), heading=POINTS_TITLE),
        practice_rule(g, "winner", "the target and winning by two", _winner(g), ("08-winning-by-two",),
                      heading=WINNER_TITLE),
    )


def _points_words(makers: int, defenders: int) -> str:
    return f"Makers {makers}" if makers else f"Defenders {defenders}"


def _points(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        tricks = rng.choice((0, 1, 2, 3, 3, 4, 4, 5, 5, 5))
        alone = rng.random() < 0.4
        defender_alone = rules.defender_may_go_alone and tricks <= 2 and not alone and rng.random() < 0.4
        score: HandScore = score_hand(tricks, alone, defender_alone, rules)
        who = "A maker went alone" if alone else "A defender went alone" if defender_alone else "Nobody went alone"
        choices = tuple(Choice(_points_words(m, d), (m, d) == (score.makers, score.defenders),
                               score.row if (m, d) == (score.makers, score.defenders) else
                               f"that is not what {tricks} of {TRICKS} tricks scores here")
                        for m, d in _POINTS)
        hint = ("Three or four tricks score 1 to the makers, all five (a march) 2, or 4 when the maker went alone; "
                "fewer than three and the makers are euchred: 2 to the defenders (4 to a lone defender).")
        return Exercise(
            game=g.key, rule=f"{g.key}:points", seed=0, preset=preset, title=POINTS_TITLE,
            prompt=f"The makers took {tricks} of the {TRICKS} tricks. How many points does the hand score, and "
                   "to whom?",
            facts=(("Makers' tricks", f"{tricks} of {TRICKS}"), ("Going alone", who)),
            choices=choices, hint=hint, explanation=sentence(score.row), per_choice_hint=False,
        )

    return make


def _winner(g: EuchreGame) -> Make:
    def make(rng: random.Random, preset: str) -> Exercise:
        rules = g.rules(preset)
        for _ in range(ATTEMPTS):
            high = rules.target + rng.choice((-1, 0, 0, 1, 1, 2, 3))
            low = high - rng.choice((0, 1, 1, 2, 2, 3, 5))
            scores = (high, low) if rng.random() < 0.5 else (low, high)
            try:
                check_reachable(scores, rules)
                winner = game_winner(scores, rules)
            except InvalidPositionError:
                continue
            right = winner.title if winner is not None else _GOES_ON
            reason = game_over_reason(scores, rules)
            texts = (Side.NORTH_SOUTH.title, Side.EAST_WEST.title, _GOES_ON)
            choices = tuple(Choice(t, t == right, reason if t == right else "not with these scores and rules")
                            for t in texts)
            two = " and the winner must lead by two" if rules.win_by_two else ""
            hint = f"A side needs at least {rules.target} points{two}."
            return Exercise(
                game=g.key, rule=f"{g.key}:winner", seed=0, preset=preset, title=WINNER_TITLE,
                prompt=f"North-South have {scores[0]} points and East-West {scores[1]}. Who has won the game?",
                facts=(("Game to", f"{rules.target} points" + (", won by two" if rules.win_by_two else ""),),),
                choices=choices, hint=hint, explanation=sentence(reason), per_choice_hint=False,
            )
        raise PracticeError(f"no score for {g.key} was found")

    return make
