"""Moment search (:mod:`engine.moments`): each game's kinds of teaching moment, found from a step on in the game shown
and then in the bots' games of the next deals — in the engine and through ``python -m engine playout`` with ``find``.

Each found moment is checked against the engine's own account of the step (its commentary, its state), never
against a remembered step number alone.
"""

from __future__ import annotations

import json

import pytest

from engine.driver import play_out, replay
from engine.errors import InvalidRequestError, UnknownNameError
from engine.games import GAMES, game
from engine.match import whole_game
from engine.moments import find_moment, moment_kind, moment_kinds, moments_in
from engine.table import Record
from tests.cli_helpers import cli_json, run_cli

KINDS = {
    "shengji": ("throw", "failed_throw", "tractor"),
    "thirteen": ("chop",),
    "euchre": ("go_alone", "euchre", "march"),
    "doudizhu": ("bomb", "rocket"),
}
"""The kinds of moment issue 23 asks for, by game."""

WORDS = {"throw": "throws", "tractor": "leads", "chop": "chops", "go_alone": "goes alone", "bomb": "bomb",
         "rocket": "rocket", "euchre": "", "march": ""}
"""A word the engine's commentary of the moment's step says."""


def bots_game(key: str, seed: int) -> Record:
    g = game(key)
    record, _ = play_out(g, g.rules(g.default_preset), seed, preset=g.default_preset)
    return record


def test_every_game_declares_the_kinds_of_moment_the_issue_asks_for() -> None:
    assert set(KINDS) == set(GAMES)
    for key, names in KINDS.items():
        kinds = moment_kinds(game(key))
        assert tuple(k.name for k in kinds) == names
        assert all(k.label and k.help for k in kinds)
        assert moment_kinds(whole_game(game(key))) == kinds


def test_a_kind_is_read_with_spaces_or_hyphens_and_an_unknown_one_lists_the_known() -> None:
    g = game("euchre")
    assert moment_kind(g, "Go alone").name == moment_kind(g, "go-alone").name == "go_alone"
    with pytest.raises(UnknownNameError, match="go_alone, euchre, march"):
        moment_kind(g, "bomb")


@pytest.mark.parametrize(("key", "name"), [(k, n) for k, names in KINDS.items() for n in names
                                           if n != "failed_throw"])
def test_the_next_moment_of_each_kind_is_found_and_the_engine_says_so_at_that_step(key: str, name: str) -> None:
    g = game(key)
    moment = find_moment(g, name, bots_game(key, 1), 0, deals=60)
    assert moment is not None, f"no {name} in 60 deals of {key}"
    states, steps = replay(g, moment.record)
    done = steps[moment.step - 1]
    assert (done.action, done.comment, done.seat) == (moment.action, moment.comment, moment.seat)
    assert WORDS[name] in done.comment.lower()
    action = g.parse_action(states[moment.step - 1], done.action)
    assert moment.kind.found(states[moment.step - 1], action, states[moment.step])
    # nothing of the kind earlier in that game (the search starts at step 0 of the first deal)
    earlier = list(moments_in(g, moment.kind, states, moment.record.actions))
    assert earlier[0] == moment.step


def test_euchre_deals_1_to_22_hold_no_go_alone_and_the_search_finds_deal_23_step_5() -> None:
    g = game("euchre")
    kind = moment_kind(g, "go_alone")
    for seed in range(1, 23):
        record = bots_game("euchre", seed)
        states, _ = replay(g, record)
        assert not list(moments_in(g, kind, states, record.actions)), seed
    moment = find_moment(g, "go alone", bots_game("euchre", 1))
    assert moment is not None and (moment.record.seed, moment.step, moment.action) == (23, 5, "alone")
    assert moment.deals == 23 and "goes alone" in moment.comment


def test_the_search_starts_after_the_current_step() -> None:
    g = game("doudizhu")
    record = bots_game("doudizhu", 1)
    first = find_moment(g, "bomb", record, 0)
    assert first is not None and first.record.seed == 1
    later = find_moment(g, "bomb", record, first.step)
    assert later is not None and (later.record.seed, later.step) != (1, first.step)
    assert later.record.seed > 1 or later.step > first.step


def test_a_whole_game_is_searched_hand_by_hand() -> None:
    g = game("euchre")
    record, _ = play_out(g, g.rules(g.default_preset), 1, preset=g.default_preset, start={"whole": True})
    moment = find_moment(g, "march", record, 0)
    assert moment is not None and moment.record.start == {"whole": True}
    states, steps = replay(g, moment.record)
    assert "Hand" in steps[moment.step - 1].chapter


def test_a_game_without_kinds_refuses_with_a_sentence() -> None:
    from engine.contract import Game

    class Bare:
        base = None
        info = game("euchre").info

        def moment_kinds(self) -> tuple[()]:
            return Game.moment_kinds(self)  # type: ignore[arg-type]

    bare = Bare()
    bare.base = bare  # type: ignore[assignment]
    with pytest.raises(InvalidRequestError, match="no moments to search for"):
        moment_kind(bare, "bomb")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- the command line


def test_playout_with_find_answers_the_game_of_the_moment_and_where_it_is() -> None:
    answer = cli_json("playout", "euchre", '{"seed": 1, "find": "go alone"}')
    assert answer["found"] == {"kind": "go_alone", "seed": 23, "step": 5, "seat": "E", "action": "alone",
                               "comment": answer["found"]["comment"]}
    assert "goes alone" in answer["found"]["comment"] and answer["searched"] == 23
    record = answer["record"]
    assert record["seed"] == 23 and record["actions"][4] == "alone"
    assert answer["outcome"]["summary"]


def test_playout_find_starts_after_the_given_actions() -> None:
    whole = cli_json("playout", "doudizhu", '{"seed": 1}')["record"]["actions"]
    first = cli_json("playout", "doudizhu", '{"seed": 1, "find": "bomb"}')["found"]
    assert first["seed"] == 1 and whole[first["step"] - 1] == first["action"]
    actions = whole[: first["step"]]
    later = cli_json("playout", "doudizhu", json.dumps({"seed": 1, "find": "bomb", "actions": actions}))["found"]
    assert later is not None and (later["seed"], later["step"]) != (1, first["step"])


def test_playout_without_find_answers_as_before() -> None:
    answer = cli_json("playout", "thirteen", '{"seed": 2}')
    assert answer["found"] is None and answer["searched"] == 0


def test_playout_find_of_an_unknown_kind_is_one_line_naming_the_kinds() -> None:
    code, out, err = run_cli("playout", "thirteen", '{"seed": 2, "find": "rocket"}')
    assert code == 2 and not out
    assert err.strip().count("\n") == 0 and "chop" in err and "rocket" in err
