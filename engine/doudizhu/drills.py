"""Dou Dizhu's goal drill: the two sides — the landlord alone, with the kitty, against the peasants — and who wins
when someone runs out of cards. Posed from a seeded deal or a seeded game of the bots; answered by the rules'
sizes and the finished game's own :meth:`~engine.contract.Game.returns`.
"""

from __future__ import annotations

import random
from typing import Final, TypeAlias

from engine.contract import Game
from engine.doudizhu.deal import deal
from engine.doudizhu.rules import Rules
from engine.doudizhu.state import Action, State
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.teaching import CardRow, Choice, Exercise, Make, PracticeRule, practice_rule, retried
from engine.words import and_list, seat_name, sentence

__all__ = ["GOAL_TITLE", "goal_rules"]

DouDizhuGame: TypeAlias = Game[Rules, State, Action]

GOAL_TITLE: Final = N_("Landlord or peasants?")
_SEEDS: Final = 2**31


def goal_rules(g: DouDizhuGame) -> tuple[PracticeRule, ...]:
    """The goal drill."""
    return (practice_rule(g, "goal", N_("the landlord alone against the peasants; the first side out of cards wins"),
                          _goal(g), ("01-goal",), heading=GOAL_TITLE),)


def _goal(g: DouDizhuGame) -> Make:
    def attempt(rng: random.Random, preset: str) -> Exercise | None:
        rules = g.rules(preset)
        return _cards(g, rules, rng, preset) if rng.random() < 0.4 else _winner(g, rules, rng, preset)

    return retried(attempt, "finished game")


def _cards(g: DouDizhuGame, rules: Rules, rng: random.Random, preset: str) -> Exercise:
    dealt = deal(rules, rng.randrange(_SEEDS))
    right = rules.hand_size + rules.kitty
    players, dealt_each, kitty = figure(rules.players), figure(rules.hand_size), figure(rules.kitty)
    why = _("with {players} players each is dealt {dealt} cards and {kitty} stay in the kitty; the landlord takes "
            "the kitty: {dealt} + {kitty} = {total}").format(players=players, dealt=dealt_each, kitty=kitty,
                                                            total=figure(right))
    values = sorted({right, rules.hand_size, right + rules.kitty, right - 1})
    choices = tuple(Choice(figure(v), v == right, why if v == right else "") for v in values)
    return Exercise(
        game=g.key, rule=f"{g.key}:goal", seed=0, preset=preset, title=_(GOAL_TITLE),
        prompt=_("{players} players: how many cards does the landlord hold after taking the kitty?").format(
            players=players),
        facts=((_("Players"), players),),
        rows=(CardRow(_("The kitty of this deal"), (("", tuple(dealt.kitty)),)),), choices=choices,
        hint=_("The landlord keeps a whole hand and takes the kitty on top of it."), explanation=sentence(why),
        per_choice_hint=False,
    )


def _winner(g: DouDizhuGame, rules: Rules, rng: random.Random, preset: str) -> Exercise | None:
    seed = rng.randrange(_SEEDS)
    state = g.new_game(rules, seed)
    bot = g.bot(rng.choice(("heuristic", "random")))
    bot_rng = random.Random(seed)
    for _step in range(g.max_actions):
        if g.is_terminal(state):
            break
        state = g.apply_unchecked(state, bot.choose(state, bot_rng))
    if state.landlord is None or state.out is None:
        return None  # thrown in: nobody bid
    letters = rules.seat_letters
    names = [seat_name(s) for s in letters]
    returns = g.returns(state)
    winners = [i for i, r in enumerate(returns) if r > 0]
    peasants = [i for i in range(rules.players) if i != state.landlord]
    landlord, out = names[state.landlord], names[state.out]
    options = {
        _("The landlord, {seat}, alone").format(seat=landlord): [state.landlord],
        _("The peasants: {seats}").format(seats=and_list(names[i] for i in peasants)): peasants,
    }
    if state.out != state.landlord:
        options[_("Only {seat}, who went out").format(seat=out)] = [state.out]
    if state.out == state.landlord:
        why = _("{seat} is the landlord and ran out of cards first, so the landlord wins alone against the "
                "peasants").format(seat=out)
    else:
        why = _("{seat} is a peasant and ran out of cards first, so the peasants win together — {seats}, even those "
                "still holding cards").format(seat=out, seats=and_list(names[i] for i in peasants))
    right = next((t for t, seats in options.items() if seats == winners), None)
    if right is None:
        return None
    left = ", ".join(f"{names[i]} {figure(sum(state.hands[i]))}" for i in range(rules.players))
    choices = tuple(Choice(t, t == right, why if t == right else "") for t in options)
    return Exercise(
        game=g.key, rule=f"{g.key}:goal", seed=0, preset=preset, title=_(GOAL_TITLE),
        prompt=_("{landlord} is the landlord. {seat} has just played their last card. Who wins the hand?").format(
            landlord=landlord, seat=out),
        facts=((_("Landlord"), landlord), (_("Out of cards first"), out), (_("Cards left"), left)), choices=choices,
        hint=_("It is one side against the other: the landlord alone, or all the peasants together."),
        explanation=sentence(why), per_choice_hint=False,
    )
