"""Every game's reasons read well: at least 5,000 positions per game from seeded random games, every checked
action's reason free of the patterns in tests/reasons.py and in agreement with its verdict."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine.contract import Game
from engine.games import all_games
from tests.reasons import problems

POSITIONS = 5_000


def _positions(game: Game[Any, Any, Any], wanted: int) -> Any:
    """(state, action, legal) triples: legal actions, and actions legal in another deal at the same moment."""
    rng = random.Random(game.key)
    bot = game.bot("random") if "random" in game.bots else next(iter(game.bots.values()))
    rules_list = [game.rules(p) for p in game.presets]
    seen = 0
    seed = 0
    while seen < wanted:
        seed += 1
        rules = rules_list[seed % len(rules_list)]
        state, other = game.new_game(rules, seed), game.new_game(rules, seed + 10_000)
        while not game.is_terminal(state) and seen < wanted:
            legal = list(game.legal_actions(state, limit=200))
            texts = {game.action_text(a) for a in legal}
            for action in rng.sample(legal, min(2, len(legal))):
                yield state, action, True
            if not game.is_terminal(other):
                for action in list(game.legal_actions(other, limit=30))[:3]:
                    if game.action_text(action) not in texts:
                        yield state, action, False
            seen += 1
            state = game.apply_unchecked(state, bot.choose(state, rng))
            if not game.is_terminal(other):
                other = game.apply_unchecked(other, bot.choose(other, rng))


@pytest.mark.parametrize("game", all_games(), ids=[g.key for g in all_games()])
def test_reasons_read_well_and_agree_with_their_verdicts(game: Game[Any, Any, Any]) -> None:
    bad: Counter[str] = Counter()
    examples: dict[str, str] = {}
    checked = 0
    for state, action, expected in _positions(game, POSITIONS):
        verdict = game.check(state, action)
        if expected:
            assert verdict.legal, (game.action_text(action), verdict.reason)
        for problem in problems(verdict.reason, verdict.legal):
            bad[problem.split(":")[0]] += 1
            examples.setdefault(problem.split(":")[0], f"{game.action_text(action)} → {verdict.reason}")
        checked += 1
    assert checked >= POSITIONS
    assert not bad, "\n".join(f"{n} × {what}, e.g. {examples[what]}" for what, n in bad.most_common())
