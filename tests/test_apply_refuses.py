"""One legality path in every game: ``apply`` refuses exactly what ``check`` refuses, with the same reason.

Over seeded random games, at every step, each legal action and actions taken from another deal at the same step
(mostly illegal: cards the seat does not hold, a bid out of turn …) are asked of the game's ``check``; the
package's own ``state.apply`` and the contract's ``Game.apply`` must refuse the same ones with an
:class:`~engine.errors.IllegalPlayError` carrying the same reason, and take the others to the state
``apply_unchecked`` gives.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

from engine.contract import Game
from engine.errors import IllegalPlayError
from engine.games import GAMES, game

SEEDS = range(3)
STEPS = 60


def _walk(g: Game[Any, Any, Any], seed: int) -> list[Any]:
    """The states of a seeded game played by the random bot (at most STEPS of them)."""
    rules = g.rules()
    state = g.new_game(rules, seed)
    bot = g.bot("random") if "random" in g.bots else g.bot(next(iter(g.bots)))
    rng = random.Random(seed)
    states = [state]
    while g.to_act(state) is not None and len(states) < STEPS:
        state = g.apply_unchecked(state, bot.choose(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("key", list(GAMES))
def test_apply_refuses_exactly_what_check_refuses(key: str) -> None:
    g = game(key)
    package_apply = importlib.import_module(f"{type(g).__module__.rpartition('.')[0]}.state").apply
    refused = taken = 0
    for seed in SEEDS:
        states = _walk(g, seed)
        others = _walk(g, seed + 100)
        for step, state in enumerate(states):
            if g.to_act(state) is None:
                continue
            candidates = list(g.legal_actions(state, limit=12))
            if step < len(others) and g.to_act(others[step]) is not None:
                candidates += list(g.legal_actions(others[step], limit=12))
            for action in candidates:
                verdict = g.check(state, action)
                for apply in (package_apply, g.apply):
                    if verdict.legal:
                        assert apply(state, action) == g.apply_unchecked(state, action)
                        taken += 1
                    else:
                        with pytest.raises(IllegalPlayError) as refusal:
                            apply(state, action)
                        assert str(refusal.value) == verdict.reason, (key, seed, step, g.action_text(action))
                        refused += 1
    assert taken and refused, f"{key}: the walk asked about {taken} legal and {refused} illegal actions"
