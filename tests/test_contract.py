"""The contract, checked the same way for every game on it (and for the toy game of tests/fixtures).

Every ``GAME``: presets and options described, the shared commands with their shared fields and schemas, random
play-outs through ``legal_actions``/``apply`` to the end that agree with ``check`` at every step and replay
exactly, and the command line in-process.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.command_tables import commands_of
from engine.commands import MAX_DEPTH
from engine.contract import SEAT_LETTERS, Game, Preset
from engine.driver import play_out, replay
from engine.errors import CardTableError, IllegalPlayError, InvalidRequestError, UnknownNameError
from engine.games import all_games
from engine.table import Record
from tests.cli_helpers import run_cli
from tests.fixtures.toy_game import GAME as TOY

GAMES: list[Game[Any, Any, Any]] = [TOY, *all_games()]
IDS = [g.key for g in GAMES]
SHARED = ("rules", "deal", "legal", "check", "playout", "advise")


def by_game(test: Any) -> Any:
    return pytest.mark.parametrize("game", GAMES, ids=IDS)(test)


@by_game
def test_presets_and_options_are_described(game: Game[Any, Any, Any]) -> None:
    assert game.presets, "a game has at least one preset"
    for name, preset in game.presets.items():
        assert isinstance(preset, Preset) and preset.name == name
        assert preset.title and preset.description
        assert game.rules(name) == preset.rules
    specs = game.option_specs()
    assert specs, "a game has options"
    for spec in specs:
        assert spec.label and spec.help, spec.name
        if spec.type == "choice":
            assert spec.choices and spec.default in spec.choices, spec.name


@by_game
def test_bad_rules_are_refused_with_the_same_words(game: Game[Any, Any, Any]) -> None:
    with pytest.raises(UnknownNameError, match="unknown preset 'no such preset'; known: "):
        game.rules("no such preset")
    with pytest.raises(UnknownNameError, match="unknown option 'no_such_option'; known: "):
        game.rules(None, {"no_such_option": 1})
    boolean = next((s for s in game.option_specs() if s.type == "boolean"), None)
    if boolean is not None:
        with pytest.raises(InvalidRequestError, match=f"option '{boolean.name}' .* is true or false, not 'yes'"):
            game.rules(None, {boolean.name: "yes"})


@by_game
def test_the_shared_commands_exist_with_schemas(game: Game[Any, Any, Any]) -> None:
    for name in SHARED:
        assert name in commands_of(game), f"{game.key} lacks the {name} command"
    for name, command in commands_of(game).items():
        schema = command.schema()
        json.dumps(schema)
        assert schema["request"]["$ref"].startswith("#/$defs/") and schema["answer"]["$ref"].startswith("#/$defs/")
        assert command.summary, f"{game.key} {name} has no summary (the first line of its docstring)"


@by_game
def test_unknown_fields_and_non_objects_are_refused(game: Game[Any, Any, Any]) -> None:
    for _name, command in commands_of(game).items():
        with pytest.raises(InvalidRequestError, match="unknown field 'no_such_field'"):
            command({"no_such_field": 1})
        with pytest.raises(InvalidRequestError, match="is a JSON object"):
            command([1, 2])
        with pytest.raises(InvalidRequestError, match="levels deep"):
            nested: Any = 1
            for _ in range(MAX_DEPTH + 2):
                nested = [nested]
            command({"options": {"x": nested}})


@by_game
def test_rules_answer(game: Game[Any, Any, Any]) -> None:
    answer = commands_of(game)["rules"]({})
    assert [p["name"] for p in answer["presets"]] == list(game.presets)
    assert {o["name"] for o in answer["options"]} == {s.name for s in game.option_specs()}
    for option in answer["options"]:
        assert set(option) >= {"name", "label", "default", "choices", "help"}
    assert isinstance(answer["notes"], list)
    assert answer["bots"]


@by_game
def test_deal_answers_hands_by_seat_letter(game: Game[Any, Any, Any]) -> None:
    answer = commands_of(game)["deal"]({"seed": 7})
    assert answer["seed"] == 7
    assert set(answer["hands"]) <= set(SEAT_LETTERS) and answer["hands"]
    assert answer == commands_of(game)["deal"]({"seed": 7}), "the same seed deals the same cards"


def examples(game: Game[Any, Any, Any], command: str) -> list[dict[str, Any]]:
    found = [dict(e) for e in getattr(game, "examples", {}).get(command, ())]
    return found


@by_game
def test_sample_positions_answer_with_the_shared_fields(game: Game[Any, Any, Any]) -> None:
    legal = examples(game, "legal")
    check = examples(game, "check")
    assert legal and check, f"{game.key}.GAME.examples gives sample legal and check requests"
    for request in legal:
        assert "table" in request, "samples use the shared field name 'table'"
        answer = commands_of(game)["legal"](request)
        assert {"plays", "count", "complete", "can_pass"} <= set(answer)
        assert all("cards" in p and isinstance(p["cards"], str) for p in answer["plays"])
        assert answer["count"] >= len(answer["plays"])
    for request in check:
        answer = commands_of(game)["check"](request)
        assert isinstance(answer["legal"], bool) and isinstance(answer["reason"], str) and answer["reason"]


def _random_game(game: Game[Any, Any, Any], seed: int, preset: str) -> None:
    rules = game.rules(preset)
    rng = random.Random(seed)
    state = game.new_game(rules, seed)
    letters = game.seat_letters(rules)
    actions = []
    for _ in range(game.max_actions):
        seat = game.to_act(state)
        if seat is None:
            break
        assert 0 <= seat < len(letters)
        legal = list(game.legal_actions(state, limit=400))
        assert legal, "a seat to act has a legal action"
        for action in rng.sample(legal, min(4, len(legal))):
            verdict = game.check(state, action)
            assert verdict.legal, (game.action_text(action), verdict.reason)
            assert game.parse_action(state, game.action_text(action)) == action
        action = rng.choice(legal)
        state = game.apply(state, action)
        actions.append(game.action_text(action))
    else:
        pytest.fail(f"{game.key} seed {seed} did not end")
    assert game.is_terminal(state) and not game.legal_actions(state)
    returns = game.returns(state)
    assert len(returns) == len(letters)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.summary and outcome.returns == returns
    states, steps = replay(game, Record(game.key, preset, seed, tuple(actions)))
    assert states[-1] == state and len(steps) == len(actions)
    view = game.view(state, None)
    assert len(view.seats) == len(letters)


@by_game
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), which=st.integers(0, 20))
def test_random_playouts_agree_with_check_and_replay(game: Game[Any, Any, Any], seed: int, which: int) -> None:
    presets = list(game.presets)
    _random_game(game, seed, presets[which % len(presets)])


@by_game
def test_an_illegal_action_is_refused_with_the_reason(game: Game[Any, Any, Any]) -> None:
    # Walk two seeded games side by side; an action legal in the other game but not in this one is illegal here.
    rules = game.rules()
    bot = next(iter(game.bots.values()))
    for seed in range(1, 6):
        state, other = game.new_game(rules, seed), game.new_game(rules, seed + 100)
        rng = random.Random(seed)
        while not game.is_terminal(state) and not game.is_terminal(other):
            legal = {game.action_text(a) for a in game.legal_actions(state, limit=5000)}
            for action in game.legal_actions(other, limit=50):
                if game.action_text(action) in legal:
                    continue
                verdict = game.check(state, action)
                assert not verdict.legal and verdict.reason, game.action_text(action)
                with pytest.raises(IllegalPlayError) as raised:
                    game.apply(state, action)
                assert raised.value.reason == verdict.reason
                return
            state = game.apply_unchecked(state, bot.choose(state, rng))
            other = game.apply_unchecked(other, bot.choose(other, rng))
    pytest.fail("no illegal action found in five pairs of games")


@by_game
def test_bots_play_to_the_end_reproducibly(game: Game[Any, Any, Any]) -> None:
    rules = game.rules()
    for name in game.bots:
        record, final = play_out(game, rules, 11, name)
        again, final_again = play_out(game, rules, 11, name)
        assert record == again and final == final_again
        assert game.is_terminal(final)
        assert replay(game, record)[0][-1] == final


@by_game
def test_playout_command(game: Game[Any, Any, Any]) -> None:
    answer = commands_of(game)["playout"]({"seed": 4, "steps": True})
    record = answer["record"]
    assert record["game"] == game.key and record["seed"] == 4
    assert len(answer["steps"]) == len(record["actions"])
    assert answer["outcome"]["summary"]
    again = commands_of(game)["playout"]({"seed": 4, "actions": record["actions"][:3]})
    assert again["record"] == record, "replaying a prefix with the same bots gives the same game"
    with pytest.raises(CardTableError, match="step 1"):
        commands_of(game)["playout"]({"seed": 4, "actions": ["no such action"]})


@pytest.mark.parametrize("game", all_games(), ids=[g.key for g in all_games()])
def test_cli_rules_schema_and_errors(game: Game[Any, Any, Any]) -> None:
    code, out, err = run_cli("rules", game.key, "{}")
    assert code == 0 and json.loads(out)["game"] == game.key
    for name in commands_of(game):
        code, out, err = run_cli("schema", game.key, name)
        assert code == 0, err
        assert json.loads(out)["command"] == name
    code, out, err = run_cli("legal", game.key, '{"hand": 5}')
    assert code == 2 and err.startswith("error: ") and err.count("\n") == 1 and not out
    code, out, err = run_cli("check", game.key, "-", stdin='{"hand": 5}\nnot json\n')
    assert code == 0 and [("error" in json.loads(line)) for line in out.splitlines()] == [True, True]


def test_cli_cards_and_bad_input() -> None:
    assert run_cli("cards", "ts qh")[1] == json.dumps(
        {"cards": "10S QH", "symbols": "10♠ Q♥", "sorted": "10S QH", "count": 2}, ensure_ascii=False) + "\n"
    code, _, err = run_cli("cards", "10s 10s 10s", "--deck", "2x54")
    assert code == 2 and "only 2 copies" in err
    code, _, err = run_cli("schema", "euchre", "no-such-command")
    assert code == 2 and "unknown euchre command" in err
    code, _, err = run_cli("legal", "shengji", "[" * 100 + "]" * 100)
    assert code == 2 and "levels deep" in err


def test_engine_cards_imports_no_game_and_no_pandas() -> None:
    import subprocess
    import sys

    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "engine", "cards", "10S"],
                            capture_output=True, text=True, check=True)
    imported = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if "|" in line}
    assert json.loads(result.stdout)["cards"] == "10S"
    assert "pandas" not in imported and not any(m.startswith("engine.shengji") for m in imported)


@by_game
def test_the_coach_hooks_are_declared_and_finish_plays_as_the_step_loop(game: Game[Any, Any, Any]) -> None:
    # finish may take a faster road, but it must end where the bot's own moves, one by one, end
    from engine.match import whole_game

    assert game.base is game and whole_game(game).base is game
    rules = game.rules()
    bot = game.bot(game.playout_bot)
    for seed in range(3):
        start = game.new_game(rules, seed)
        state, rng = start, random.Random(seed)
        while game.to_act(state) is not None:
            state = game.apply_unchecked(state, bot.choose(state, rng))
        assert game.finish(start, game.playout_bot, random.Random(seed)) == state
        value = game.exact_value(state, 0)
        assert value is None or value == game.returns(state)[0]
