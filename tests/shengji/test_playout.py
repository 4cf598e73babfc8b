"""The coach's play-outs on integer cards end exactly where the ``State`` ones do, from any decision (a lead, a
follow, a failed throw, a burial), under both presets and one to four decks."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.shengji import GAME, Phase, Play, State, playout
from engine.shengji.combos import classify

BOT = GAME.bot("heuristic")
RULE_SETS = [("competition", {}), ("tractor", {}), ("competition", {"decks": 1}), ("competition", {"decks": 3}),
             ("tractor", {"decks": 4}), ("competition", {"long_tractor_follow": "shorter_tractors"})]


def _finish(state: State) -> State:
    rng = random.Random(0)
    while GAME.to_act(state) is not None:
        state = GAME.apply_unchecked(state, BOT.choose(state, rng))
    return playout.to_state(state) if not isinstance(state, State) else state  # type: ignore[arg-type]


def _to(phase: Phase, seed: int, preset: str, options: dict[str, object], extra: int = 0) -> State:
    state = GAME.new_game(GAME.rules(preset, options), seed)
    rng = random.Random(seed)
    while state.phase is not phase:
        state = GAME.apply_unchecked(state, BOT.choose(state, rng))
    for _ in range(extra):
        state = GAME.apply_unchecked(state, BOT.choose(state, rng))
    return state


@pytest.mark.parametrize("index", range(len(RULE_SETS)))
def test_a_fast_play_out_ends_where_the_state_one_does(index: int) -> None:
    preset, options = RULE_SETS[index]
    for seed in range(index * 10, index * 10 + 6):
        state = _to(Phase.PLAY, seed, preset, options, extra=seed % 7)
        slow = _finish(state)
        fast = _finish(dataclasses.replace(state, playout=True))
        assert fast.score == slow.score and fast.tricks == slow.tricks, (preset, options, seed)


def test_every_first_action_then_a_fast_play_out() -> None:
    """The coach applies each option to its sampled world, then plays out: leads (throws that fail included),
    follows and burials give the same end either way."""
    checked = failing = 0
    for seed in range(8):
        preset = ("competition", "tractor")[seed % 2]
        for phase, extra in ((Phase.PLAY, 0), (Phase.PLAY, 5), (Phase.BURY, 0)):
            state = _to(phase, seed, preset, {}, extra)
            actions = list(GAME.legal_actions(state, limit=400))
            throws = [a for a in actions if isinstance(a, Play) and state.trump is not None and not state.trick
                      and classify(a.cards, state.trump, state.rules) is None]
            for action in actions[:10] + throws[:: max(1, len(throws) // 6)][:6]:
                slow = _finish(GAME.apply_unchecked(state, action))
                fast = _finish(GAME.apply_unchecked(dataclasses.replace(state, playout=True), action))
                assert fast.score == slow.score and fast.tricks == slow.tricks, (seed, GAME.action_text(action))
                checked += 1
                if isinstance(action, Play) and state.trump is not None and not state.trick and \
                        classify(action.cards, state.trump, state.rules) is None and slow.tricks[len(state.tricks)]\
                        .attempted:
                    failing += 1
    assert checked > 200 and failing > 0, (checked, failing)


def test_a_fast_state_answers_as_a_state() -> None:
    state = dataclasses.replace(_to(Phase.PLAY, 3, "competition", {}, 2), playout=True)
    action = GAME.legal_actions(state)[0]
    fast = GAME.apply_unchecked(state, action)
    assert type(fast) is not State
    as_state = playout.to_state(fast)  # type: ignore[arg-type]
    assert GAME.to_act(fast) == as_state.to_act
    assert [GAME.action_text(a) for a in GAME.legal_actions(fast)] == \
        [GAME.action_text(a) for a in GAME.legal_actions(as_state)]
    random_move = GAME.bot("random").choose(fast, random.Random(1))
    assert GAME.check(as_state, random_move).legal
