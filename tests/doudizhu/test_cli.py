"""The command line: the issue's examples, every command, and bad input (exit 2, one line)."""

import json
import subprocess
import sys

import pytest

from engine.doudizhu.cli import COMMANDS, PRESETS, simulate
from tests.conftest import ROOT


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_legal_on_the_command_line() -> None:
    result = run("legal", "doudizhu",
                 '{"preset":"three_player","hand":"3 3 4 5 6 7 8 9 9 9 BJ","previous":"4 4 4 5"}')
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["plays"][0]["cards"] == "9 9 9 3"
    assert answer["plays"][0]["combo"] == "triplet_single"
    assert answer["can_pass"] is True


def test_check_and_score_on_the_command_line() -> None:
    result = run("check", "doudizhu", '{"hand":"3 3 4 5 6 7 8 9 9 9 BJ","previous":"4 4 4 5","play":"9 9 9 8"}')
    assert json.loads(result.stdout)["legal"] is True
    result = run("score", "doudizhu", '{"preset":"three_player","bid":2,"bombs":1,"rockets":0,"winner":"landlord"}')
    answer = json.loads(result.stdout)
    assert answer["payments"] == {"South": 8, "East": -4, "West": -4}


@pytest.mark.parametrize(("request_json", "message"), [
    ('{"hand":"3 3 3 3 3"}', "3 appears 5 times in your hand"),
    ('{"hand":"' + " ".join(["3"] * 4 + ["4"] * 4 + ["5"] * 4 + ["6"] * 4 + ["7"] * 4 + ["8"]) + '"}', "at most 20"),
    ('{"hand":"3 4","previous":"5 6"}', "the previous play 5 6 is no combination"),
    ('{"hand":"3 3","previous":"3 3 3"}', "in your hand and the previous play together"),
    ('{"preset":"five_player","hand":"3"}', "unknown preset 'five_player'"),
    ('{"hand":"3 X"}', "'X'"),
    ('{"hand":"3","colour":"red"}', "unknown field 'colour'"),
    ('{"preset":"four_player","hand":"3","previous":"4 4 4 5"}', "not played with four players"),
])
def test_bad_input_exits_2_with_one_line(request_json, message) -> None:
    result = run("legal", "doudizhu", request_json)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_every_command_answers() -> None:
    assert list(PRESETS) == ["three_player", "four_player"]
    assert COMMANDS["classify"]({"cards": "3 3 3 4 4 4 5 5 5 6 6 6", "options": {"distinct_kickers": False}})[
        "combo"] == "airplane"
    assert len(COMMANDS["classify"]({"cards": "333444555666", "options": {"distinct_kickers": False}})[
        "readings"]) == 2
    assert COMMANDS["classify"]({"cards": "3 4 5 6"})["reason"].startswith("a sequence needs at least 5 cards")
    assert COMMANDS["compare"]({"preset": "four_player", "table": "7 7 7 7", "play": "3 3 3 3 3"})["beats"]
    assert not COMMANDS["compare"]({"table": "BJ RJ", "play": "2 2 2 2"})["beats"]
    deal = COMMANDS["deal"]({"seed": 5})
    assert set(deal["hands"]) == {"South", "East", "West"} and len(deal["kitty"].split()) == 3
    assert deal == COMMANDS["deal"]({"seed": 5})
    deal4 = COMMANDS["deal"]({"preset": "four_player", "seed": 5})
    assert all(len(h.split()) == 25 for h in deal4["hands"].values())
    example = COMMANDS["example"]({"seed": 1, "kind": "airplane", "landlord": True})
    assert example["count"] >= 1 and example["plays"][0] in [p["cards"] for p in COMMANDS["legal"](
        {"hand": example["hand"]})["plays"]]
    follow = COMMANDS["example"]({"seed": 4, "kind": "pair", "follow": True})
    assert COMMANDS["check"]({"hand": follow["hand"], "previous": follow["previous"], "play": follow["first"]})[
        "legal"]
    assert COMMANDS["auction"]({"calls": ["pass", 1, "pass", "pass"]})["landlord"] == "East"
    assert COMMANDS["auction"]({"calls": [0, 0, 0]})["redeal"]
    assert COMMANDS["find"]({"hand": "5 5 6", "play": "5 5", "kind": "pair"})["correct"]
    assert not COMMANDS["find"]({"hand": "5 5 5", "play": "5 5 5", "kind": "pair"})["correct"]
    assert COMMANDS["check"]({"hand": "3", "previous": "4", "play": "pass"})["legal"]
    assert "quadplex" in COMMANDS["rules"]({})["options"]


def test_auction_refuses_a_bad_call() -> None:
    with pytest.raises(ValueError, match="call 2"):
        COMMANDS["auction"]({"calls": [2, 1]})
    with pytest.raises(ValueError, match="after the auction is over"):
        COMMANDS["auction"]({"calls": [3, 0]})


def test_simulate_is_seeded_and_complete() -> None:
    frame = simulate(20, 7, {})
    assert len(frame) == 20
    assert frame.equals(simulate(20, 7, {}))
    assert set(frame["winner"]) <= {"landlord", "peasants"}
    assert (frame["stake"] == frame["bid"] * 2 ** frame["doublings"]).all()
    four = simulate(5, 1, {"preset": "four_player", "bots": "random"})
    assert (four["players"] == 4).all()
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(1, 1, {"bots": "genius"})


def test_simulate_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "hands.csv"
    result = run("simulate", "doudizhu", "--games", "4", "--seed", "3", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert len(out.read_text().splitlines()) == 5
