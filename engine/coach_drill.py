""""What would the coach play here?" — the strategy kind of practice, the same for every game that can be advised.

A seeded game of the bots is stopped at a decision of a few options; the coach (:func:`engine.advisor.advise`, with
the game's own play-outs and rules of thumb) plays each option out in a small, seeded number of sampled deals. Every
option within the coach's interval of the best is a right answer, with the coach's reason; the explanation lists
each option's value and interval. The sample budget is small so that an exercise is made in a fraction of a second,
and the seed fixes everything, so the same seed poses (and judges) the same question.
"""

from __future__ import annotations

import random
from typing import Any, Final

from engine.advisor import Advice, Option, advise, can_advise, label
from engine.contract import SomeGame
from engine.i18n import N_, digits
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.teaching import Choice, Exercise, Make, PracticeRule, practice_rule, retried, seat_position, sentence
from engine.words import plural

__all__ = ["BUDGET", "COACH_TITLE", "MAX_OPTIONS", "coach_rule"]

COACH_TITLE: Final = N_("What would the coach play?")
"""The kind's title (a catalog message, translated where shown)."""
BUDGET: Final = 12
"""Sampled deals per option: enough to tell a clearly worse option, small enough for a quick exercise."""
MAX_OPTIONS: Final = 5
"""Decisions with at most this many options are asked (the coach plays out every one)."""
WORK: Final = 100
"""The most options × actions left in the hand of a decision asked about: the coach's play-outs stay short."""
_TRIES: Final = 12


def coach_rule(g: SomeGame) -> PracticeRule | None:
    """The strategy kind of ``g`` (``<game>:coach``) when the game names its lessons and the coach can sample its
    hidden cards; else None."""
    if not g.coach_lessons or not can_advise(g):
        return None
    return practice_rule(g, "coach", N_("the best play or call, as the coach sees it after playing each out"),
                         _coach(g), g.coach_lessons, heading=COACH_TITLE)


def _decisions(g: SomeGame, rng: random.Random, preset: str) -> list[Any]:
    """States of one seeded game of the bots where the seat to act chooses among 2 to :data:`MAX_OPTIONS` options
    and the play-outs are short (options × actions left at most :data:`WORK`), in random order."""
    rules = g.rules(preset)
    seed = rng.randrange(2**31)
    state = g.new_game(rules, seed)
    bot = g.bot("heuristic" if "heuristic" in g.bots else next(iter(g.bots)))
    bot_rng = random.Random(seed)
    seen: list[tuple[int, int, Any]] = []
    steps = 0
    for steps in range(g.max_actions):
        if g.is_terminal(state):
            break
        options = len(g.legal_actions(state, limit=MAX_OPTIONS + 1))
        if 2 <= options <= MAX_OPTIONS:
            seen.append((steps, options, state))
        state = g.apply_unchecked(state, bot.choose(state, bot_rng))
    found = [s for step, options, s in seen if options * (steps - step) <= WORK]
    rng.shuffle(found)
    return found[:_TRIES]


def _coach(g: SomeGame) -> Make:
    def attempt(rng: random.Random, preset: str) -> Exercise | None:
        for state in _decisions(g, rng, preset):
            advice = advise(g, state, budget=BUDGET, seed=rng.randrange(2**31), workers=1)
            if advice.forced or all(o.tied for o in advice.options):
                continue  # nothing to choose, or the coach cannot tell the options apart: no question
            return _exercise(g, state, advice, preset)
        return None

    return retried(attempt, _("decision the coach can tell apart"))


def _value(o: Option, units: tuple[str, str]) -> str:
    def num(v: float) -> str:
        return digits(f"{v:+.2f}")

    return _("{value} {units} (95 % interval {low} to {high}, {samples} sampled deals)").format(
        value=num(o.value), units=plural(2, *units), low=num(o.low), high=num(o.high),
        samples=local_number(o.samples))


def _exercise(g: SomeGame, state: Any, advice: Advice, preset: str) -> Exercise:
    units = g.value_words(state)
    best = advice.best
    choices: list[Choice] = []
    for o in advice.options:
        cards = g.action_cards(o.action) or ()
        if o is best:
            reason = _("the coach's choice: {why}").format(why=o.why)
        elif o.tied:
            reason = _("as good as the coach's choice within its interval: {why}").format(why=o.why)
        else:
            reason = o.why
        choices.append(Choice(label(g, o.action), o.tied, reason, tuple(cards)))
    order = sorted(range(len(choices)), key=lambda i: g.action_text(advice.options[i].action))
    lines = [(_("{option}: {value} — as good as the best") if o.tied and o is not best else "{option}: {value}").format(
        option=label(g, o.action), value=_value(o, units)) for o in advice.options]
    why = (_("{why} The coach played each option out in {samples} sampled deals of the cards you cannot see (what "
             "each is worth to you, best first):").format(why=sentence(best.why), samples=local_number(BUDGET))
           + "\n" + "\n".join(lines))
    where = seat_position(g, state, advice.seat)
    return Exercise(
        game=g.key, rule=f"{g.key}:coach", seed=0, preset=preset, title=_(COACH_TITLE),
        prompt=_("{situation} What would the coach play here?").format(situation=where.situation),
        facts=where.facts, rows=where.rows, choices=tuple(choices[i] for i in order),
        hint=_("Think ahead: which option wins the most over the rest of the hand — and what does each one give "
               "away to the other side?"),
        explanation=why, per_choice_hint=False, several_right=True,
    )
