"""The commands: the issue's examples on the command line (in-process), every command, the shared field names
and their older aliases, seats by letter, the schemas, and bad input (exit 2, one line)."""

from __future__ import annotations

import json

import pytest

from engine.command_tables import json_commands
from engine.doudizhu import GAME, LegalRequest, legal_command, read_position
from engine.errors import CardTableError, InvalidPositionError, InvalidRequestError
from engine.sim import simulate
from tests.cli_helpers import cli_json, run_cli

COMMANDS = json_commands("doudizhu")

ISSUE = {"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5"}


def test_legal_on_the_command_line() -> None:
    answer = cli_json("legal", "doudizhu", json.dumps(ISSUE))
    assert answer["plays"][0] == {"cards": "9 9 9 3", "combo": "triplet_single", "label": "triplet with a single",
                                  "rank": "9", "length": 1, "description": "a triplet of 9s with a 3"}
    assert answer["count"] == 7 and answer["complete"] and answer["can_pass"] is True
    assert answer["groups"] == {"triplet_single": 7} and answer["lead"] is False
    assert answer["table"]["description"] == "a triplet of 4s with a 5"
    limited = cli_json("legal", "doudizhu", json.dumps({**ISSUE, "limit": 2}))
    assert len(limited["plays"]) == 2 and limited["count"] == 7 and not limited["complete"]


@pytest.mark.parametrize("name", ["table", "previous", "lead"])
def test_the_cards_to_beat_under_every_name(name: str) -> None:
    request = {"hand": ISSUE["hand"], name: "4 4 4 5"}
    assert COMMANDS["legal"](request)["count"] == 7
    assert COMMANDS["check"]({**request, "play": "9 9 9 8"})["legal"] is True
    with pytest.raises(InvalidRequestError, match="say the same thing"):
        COMMANDS["legal"]({"hand": "3", "table": "4", "previous": "5"})


def test_a_lead_is_an_empty_or_passed_table() -> None:
    for table in ("", "pass", "Pass"):
        answer = COMMANDS["legal"]({"hand": "3 3 4", "table": table})
        assert answer["lead"] and not answer["can_pass"] and answer["table"] is None
    assert COMMANDS["legal"]({"hand": "3 3 4"})["lead"]


def test_two_readings_of_the_table() -> None:
    request = {"options": {"distinct_kickers": False}, "hand": "7 7 7 8 8 8 9 9 9 10 10 10",
               "table": "3 3 3 4 4 4 5 5 5 6 6 6"}
    assert [p["cards"] for p in COMMANDS["legal"](request)["plays"]] == ["7 7 7 8 8 8 9 9 9 10 10 10"]
    for name in ("table_as", "previous_as"):
        answer = COMMANDS["legal"]({**request, name: "airplane_singles"})
        assert [p["cards"] for p in answer["plays"]] == ["8 8 8 9 9 9 10 10 10 7 7 7"]
    with pytest.raises(InvalidPositionError, match="is not a pair"):
        COMMANDS["legal"]({**request, "table_as": "pair"})


def test_check_and_score_on_the_command_line() -> None:
    answer = cli_json("check", "doudizhu", json.dumps({**ISSUE, "play": "9 9 9 8"}))
    assert answer["legal"] is True and answer["combo"]["combo"] == "triplet_single"
    answer = cli_json("check", "doudizhu", json.dumps({**ISSUE, "play": "3 4 5 6 7"}))
    assert answer["legal"] is False and answer["combo"] is None
    assert answer["reason"].startswith("a sequence of five cards from 3 to 7 cannot be played on a triplet of 4s")
    answer = cli_json("score", "doudizhu",
                      '{"preset":"three_player","bid":2,"bombs":1,"rockets":0,"winner":"landlord"}')
    assert answer["payments"] == {"S": 8, "E": -4, "W": -4} and answer["landlord"] == "S"
    answer = cli_json("score", "doudizhu", '{"preset":"four_player","bid":1,"bombs":[5,6],"landlord":"North"}')
    assert answer["payments"] == {"S": -2, "E": -2, "N": 6, "W": -2} and answer["landlord"] == "N"
    assert [s["role"] for s in answer["seats"]] == ["peasant", "peasant", "landlord", "peasant"]


@pytest.mark.parametrize(("request_json", "message"), [
    ('{"hand":"3 3 3 3 3"}', "field 'hand': 3 appears 5 times"),
    ('{"hand":"' + " ".join(["3"] * 4 + ["4"] * 4 + ["5"] * 4 + ["6"] * 4 + ["7"] * 4 + ["8"]) + '"}', "at most 20"),
    ('{"hand":"3 4","table":"5 6"}', "the previous play 5 6 is no combination"),
    ('{"hand":"3 3","previous":"3 3 3"}', "in your hand and the previous play together"),
    ('{"preset":"five_player","hand":"3"}', "unknown preset 'five_player'"),
    ('{"hand":"3 X"}', "'X'"),
    ('{"hand":"3","colour":"red"}', "unknown field 'colour'"),
    ('{"preset":"four_player","hand":"3","table":"4 4 4 5"}', "not played with four players"),
    ('{"options":{"quadplex":true},"preset":"four_player","hand":"3"}', "not played with 4 players"),
    ('{"hand":"3","limit":0}', "field 'limit'"),
])
def test_bad_input_exits_2_with_one_line(request_json: str, message: str) -> None:
    code, out, err = run_cli("legal", "doudizhu", request_json)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], err


def test_every_command_answers() -> None:
    assert COMMANDS["classify"]({"cards": "3 3 3 4 4 4 5 5 5 6 6 6", "options": {"distinct_kickers": False}})[
        "combo"] == "airplane"
    assert len(COMMANDS["classify"]({"cards": "333444555666", "options": {"distinct_kickers": False}})[
        "readings"]) == 2
    reason = COMMANDS["classify"]({"cards": "3 4 5 6"})["reason"]
    assert reason.startswith("a sequence needs at least five single cards")
    assert COMMANDS["compare"]({"preset": "four_player", "table": "7 7 7 7", "play": "3 3 3 3 3"})["beats"]
    assert not COMMANDS["compare"]({"table": "BJ RJ", "play": "2 2 2 2"})["beats"]
    assert COMMANDS["compare"]({"previous": "4 4", "play": "5 5"})["beats"]
    deal = COMMANDS["deal"]({"seed": 5})
    assert set(deal["hands"]) == {"S", "E", "W"} and len(deal["kitty"].split()) == 3
    assert deal["first"] in "SEW" and deal["first_name"] in ("South", "East", "West")
    assert deal == COMMANDS["deal"]({"seed": 5})
    deal4 = COMMANDS["deal"]({"preset": "four_player", "seed": 5})
    assert list(deal4["hands"]) == ["S", "E", "N", "W"]
    assert all(len(h.split()) == 25 for h in deal4["hands"].values())
    example = COMMANDS["example"]({"seed": 1, "kind": "airplane", "landlord": True})
    assert example["count"] >= 1 and example["plays"][0] in [p["cards"] for p in COMMANDS["legal"](
        {"hand": example["hand"]})["plays"]]
    follow = COMMANDS["example"]({"seed": 4, "kind": "pair", "follow": True})
    assert COMMANDS["check"]({"hand": follow["hand"], "table": follow["table"], "play": follow["first"]})["legal"]
    auction = COMMANDS["auction"]({"first": "E", "calls": ["pass", 1, "pass", "pass"]})
    assert (auction["landlord"], auction["landlord_name"]) == ("W", "West")
    assert COMMANDS["auction"]({"calls": [0, 0, 0]})["redeal"]
    assert COMMANDS["find"]({"hand": "5 5 6", "play": "5 5", "kind": "pair"})["correct"]
    assert not COMMANDS["find"]({"hand": "5 5 5", "play": "5 5 5", "kind": "pair"})["correct"]
    assert COMMANDS["check"]({"hand": "3", "table": "4", "play": "pass"})["legal"]
    assert COMMANDS["highest"]({"cards": "A 2 BJ K"})["highest"] == "BJ"
    assert "quadplex" in {o["name"] for o in COMMANDS["rules"]({})["options"]}
    setup = COMMANDS["setup"]({"preset": "four_player"})
    assert setup["seats"] == ["S", "E", "N", "W"] and setup["landlord_cards"] == 33
    assert setup["doubling_bomb_sizes"] == [6, 7, 8] and not setup["quadplex_allowed"]
    assert "triplet_single" not in setup["types"] and "triplet_single" in COMMANDS["setup"]({})["types"]


def test_the_rules_command_describes_the_options_and_notes() -> None:
    answer = cli_json("rules", "doudizhu", "{}")
    options = {o["name"]: o for o in answer["options"]}
    assert set(options) == {"distinct_kickers", "jokers_as_kickers", "quadplex", "joker_pairs", "long_sequences",
                            "spring", "max_redeals", "session_hands"}
    assert options["spring"]["common"] and options["max_redeals"]["common"] and not options["quadplex"]["common"]
    assert [p["name"] for p in answer["presets"]] == ["three_player", "four_player"]
    assert any(n["option"] == "max_redeals" for n in answer["notes"])


def test_auction_refuses_a_bad_call() -> None:
    with pytest.raises(CardTableError, match="call 2"):
        COMMANDS["auction"]({"calls": [2, 1]})
    with pytest.raises(CardTableError, match="after the auction is over"):
        COMMANDS["auction"]({"calls": [3, 0]})
    with pytest.raises(CardTableError, match="not a seat here"):
        COMMANDS["auction"]({"first": "N"})


def test_schemas_of_every_command() -> None:
    for name in COMMANDS:
        schema = cli_json("schema", "doudizhu", name)
        assert schema["command"] == name
    legal = cli_json("schema", "doudizhu", "legal")["request"]["$defs"]["LegalRequest"]["properties"]
    assert legal["previous"]["deprecated"] and legal["previous_as"]["deprecated"]


def test_typed_calls_and_positions_from_json() -> None:
    request = read_position({"hand": "3 3 4 5 6 7 8 9 9 9 BJ", "previous": "4 4 4 5"})
    assert isinstance(request, LegalRequest) and request.table == GAME.rules().deck.parse("4 4 4 5")
    answer = legal_command(request)
    assert answer.count == 7 and answer.plays[0].cards == GAME.rules().deck.parse("9 9 9 3")
    with pytest.raises(InvalidPositionError, match="no combination"):
        read_position({"hand": "3 4", "table": "5 6"})


def test_simulate_is_seeded_and_complete() -> None:
    frame = simulate(GAME, 20, 7, {}, workers=1)
    assert len(frame) == 20
    assert frame.equals(simulate(GAME, 20, 7, {}, workers=1))
    assert set(frame["winner"]) <= {"landlord", "peasants"}
    assert (frame["stake"] == frame["bid"] * 2 ** frame["doublings"]).all()
    four = simulate(GAME, 5, 1, {"preset": "four_player", "bots": "random"}, workers=1)
    assert (four["players"] == 4).all() and set(four["landlord"]) <= set("SENW")
    with pytest.raises(CardTableError, match="unknown doudizhu bot"):
        simulate(GAME, 1, 1, {"bots": "genius"})


def test_simulate_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "hands.csv"
    code, _, err = run_cli("simulate", "doudizhu", "--games", "4", "--seed", "3", "--out", str(out))
    assert code == 0, err
    assert len(out.read_text().splitlines()) == 5


@pytest.mark.parametrize(("command", "request_"), [
    ("legal", {"hand": "3S 3H 4D", "table": "2C"}),
    ("check", {"hand": "3 3 4", "play": ["3s", "3"]}),
    ("classify", {"cards": "10D J"}),
    ("compare", {"table": "4 4", "play": "5H 5S"}),
])
def test_suited_cards_are_refused_with_the_rank_only_form(command: str, request_: dict) -> None:
    with pytest.raises(InvalidRequestError, match="suits do not matter in Dou Dizhu, so cards are written as "
                                                  "ranks only"):
        COMMANDS[command](request_)
    code, out, err = run_cli(command, "doudizhu", json.dumps(request_))
    assert code == 2 and "ranks only" in out + err and "Traceback" not in out + err
