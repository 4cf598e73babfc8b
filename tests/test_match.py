"""Whole games (engine/match.py): any game's hands strung together on the same contract."""

from __future__ import annotations

from typing import Any

import pytest

from engine.contract import Game
from engine.driver import play_out, replay
from engine.games import all_games
from engine.match import WholeGame, whole_game
from engine.table import Record
from tests.fixtures.toy_game import COMMANDS as TOY_COMMANDS
from tests.fixtures.toy_game import GAME as TOY

WHOLE = {"whole": True}


def test_a_whole_toy_game_is_three_hands_and_replays() -> None:
    record, final = play_out(TOY, TOY.rules(), 5, "random", start=WHOLE)
    assert isinstance(final.hand, object) and len(final.finished) == 3 and final.over
    states, steps = replay(TOY, Record.from_json(record.to_json()))
    assert states[-1] == final
    assert steps[0].chapter.startswith("Hand 1") and steps[-1].chapter.startswith("Hand 3")
    assert any("Hand 2 is dealt" in s.comment for s in steps)
    game = whole_game(TOY)
    outcome = game.outcome(final)
    assert outcome is not None and "After 3 hands" in outcome.summary
    assert outcome.returns == game.returns(final)
    assert ("Hand", "3 (the last)") in game.view(final, None).info


def test_the_hands_of_a_whole_game_are_dealt_from_different_seeds() -> None:
    _, final = play_out(TOY, TOY.rules(), 5, "random", start=WHOLE)
    hands = {tuple(map(tuple, s.hands)) for s in final.finished}
    assert len(hands) >= 1
    first = TOY.new_game(TOY.rules(), 5)
    assert whole_game(TOY).new_game(TOY.rules(), 5, WHOLE).hand == first, "hand 1 is the plain deal of the seed"


def test_playout_command_plays_a_whole_game() -> None:
    answer = TOY_COMMANDS["playout"]({"seed": 2, "start": WHOLE, "steps": True})
    assert answer["record"]["start"] == WHOLE
    assert "After 3 hands" in answer["outcome"]["summary"]


@pytest.mark.parametrize("game", all_games(), ids=[g.key for g in all_games()])
def test_every_game_plays_a_whole_game_that_replays(game: Game[Any, Any, Any]) -> None:
    record, final = play_out(game, game.rules(), 3, None, start=WHOLE)
    wrapped = whole_game(game)
    assert isinstance(wrapped, WholeGame) and wrapped.is_terminal(final)
    assert wrapped.outcome(final) is not None
    states, _ = replay(game, record)
    assert states[-1] == final
