"""The Euchre commands: the issue's examples, every command's answer, bad input as one-line messages,
batch mode, and the simulation on the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from engine.__main__ import main
from engine.euchre.cli import COMMANDS, PRESETS, simulate
from tests.conftest import ROOT


def ask(command: str, request: dict) -> dict:
    return COMMANDS[command](request)


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_the_issue_examples_on_the_command_line() -> None:
    result = run("legal", "euchre", '{"trump":"H","hand":"JD AS QC KC 10H","trick":"9C"}')
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["legal"] == ["QC", "KC"]
    result = run("score", "euchre", '{"makers_tricks":5,"alone":true,"defender_alone":false}')
    answer = json.loads(result.stdout)
    assert (answer["makers"], answer["defenders"]) == (4, 0)


def test_presets_first_is_seed() -> None:
    assert list(PRESETS)[0] == "seed"
    assert all(isinstance(v, str) and v for v in PRESETS.values())


def test_check_explains() -> None:
    answer = ask("check", {"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C", "card": "JD"})
    assert answer["legal"] is False
    assert "J♦ is a heart while hearts are trump" in answer["reason"]
    assert ask("check", {"trump": "♥", "hand": "JD AS", "trick": "9D", "play": "AS"})["legal"] is True


def test_winner_of_a_complete_trick() -> None:
    answer = ask("winner", {"trump": "H", "trick": "9C JD AC 10C", "leader": "N"})
    assert answer["winner"] == "E" and answer["winner_card"] == "JD"
    assert "left bower" in answer["reason"]
    three = ask("winner", {"trump": "S", "trick": "AD 9S KD", "leader": "W", "sits_out": "N"})
    assert three["seats"] == ["W", "E", "S"] and three["winner"] == "E"


def test_score_and_game() -> None:
    assert ask("score", {"makers_tricks": 2, "defender_alone": True})["defenders"] == 4
    assert ask("game", {"scores": [10, 9]})["over"] is False
    assert ask("game", {"scores": [11, 9]})["winner"] == "N-S"
    assert ask("game", {"scores": {"NS": 10, "EW": 9}, "preset": "first_to_10"})["winner"] == "N-S"
    assert ask("game", {"scores": [10, 9], "options": {"win_by_two": False}})["over"] is True


def test_calls_in_both_rounds() -> None:
    one = ask("calls", {"dealer": "N", "upcard": "KH", "round": 1})
    assert one["to_act"] == "E" and one["calls"] == ["pass", "order up"]
    two = ask("calls", {"dealer": "N", "upcard": "KH", "round": 2, "seat": "N"})
    assert two["calls"] == ["pass", "name S", "name D", "name C"]
    stuck = ask("calls", {"dealer": "N", "upcard": "KH", "round": 2, "seat": "N", "preset": "stick_the_dealer"})
    assert "pass" not in stuck["calls"] and "stuck" in stuck["reasons"]["pass"]
    advice = ask("calls", {"dealer": "N", "upcard": "KH", "round": 1, "hand": "JH JD AH 10S QC"})
    assert advice["advice"] == "order up" and advice["advice_reason"].startswith("3 trumps")
    weak = ask("calls", {"dealer": "N", "upcard": "KH", "round": 1, "hand": "9S 10S QC KC AD", "call": "name S"})
    assert weak["advice"] == "pass" and weak["legal"] is False


def test_discard_trumps_deal_hand() -> None:
    discard = ask("discard", {"hand": "9C 10D JH QH AH KH", "upcard": "KH", "card": "KH"})
    assert "KH" in discard["legal"] and discard["legal_card"] is True
    kept = ask("discard", {"hand": "9C 10D JH QH AH KH", "upcard": "KH", "preset": "openspiel"})
    assert "KH" not in kept["legal"]
    trumps = ask("trumps", {"trump": "H", "hand": "JD JH AS 9H", "picked": "JD JH 9H"})
    assert trumps["trumps"] == ["JH", "JD", "9H"] and trumps["correct"] is True
    assert ask("trumps", {"trump": "H", "hand": "JD JH AS 9H", "picked": "JH 9H"})["correct"] is False
    deal = ask("deal", {"seed": 7})
    assert sorted(deal["hands"]) == ["E", "N", "S", "W"]
    assert all(len(h.split()) == 5 for h in deal["hands"].values())
    assert deal == ask("deal", {"seed": 7})
    hand = ask("hand", {"seed": 7, "bots": "heuristic"})
    assert hand["phase"] == "scored" and hand["result"]["points"]
    replayed = ask("hand", {"seed": 7, "actions": hand["actions"][:5], "bots": "heuristic"})
    assert replayed["actions"] == hand["actions"]


@pytest.mark.parametrize(("command", "request_", "message"), [
    ("legal", {"trump": "H", "hand": "9D 9D"}, "9♦ appears 2 times"),
    ("legal", {"trump": "H", "hand": "8D"}, "8♦ is not in the 24-card Euchre deck"),
    ("legal", {"trump": "H", "hand": "9D 10D JD QD KD AD"}, "at most 5 cards"),
    ("discard", {"hand": "9D 10D JD QD KD AD 9S", "upcard": "9D"}, "6 cards"),
    ("calls", {"dealer": "N", "upcard": "KH", "hand": "9D 10D JD QD KD AD"}, "5 cards"),
    ("legal", {"trump": "H", "hand": "9D", "trick": "9C 10C JC QC"}, "trick is complete"),
    ("legal", {"trump": "H", "hand": "9D", "trick": "9C 10C JC", "players": 3}, "3 active players"),
    ("winner", {"trump": "H", "trick": "9C 10C JC"}, "4 cards, not 3"),
    ("legal", {"trump": "X", "hand": "9D"}, "trump: 'X' is not valid: expected a suit"),
    ("legal", {"trump": "joker", "hand": "9D"}, "expected a suit"),
    ("legal", {"trump": "H", "hand": "9D", "colour": 1}, "unknown field 'colour'"),
    ("calls", {"dealer": "Q", "upcard": "KH"}, "not a seat"),
    ("calls", {"dealer": "N", "upcard": "KH", "hand": "KH"}, "face up on the table"),
    ("score", {"makers_tricks": 6}, "outside 0..5"),
    ("game", {"scores": [10, -1]}, "two whole numbers"),
    ("deal", {"seed": 1, "preset": "tournament"}, "unknown preset 'tournament'"),
    ("deal", {"seed": 1, "options": {"stick_the_dealr": True}}, "unknown option 'stick_the_dealr'"),
    ("deal", {"seed": 1, "options": {"stick_the_dealer": "yes"}}, "expected true or false"),
    ("hand", {"seed": 1, "actions": ["pass", "name S"]}, "action 2"),
])
def test_bad_input_is_a_message(command: str, request_: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ask(command, request_)


def test_bad_input_exits_2_with_one_line() -> None:
    result = run("legal", "euchre", '{"trump":"H","hand":"9D 9D"}')
    assert result.returncode == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_batch_mode_answers_each_line(monkeypatch, capsys) -> None:
    lines = "\n".join([json.dumps({"trump": "H", "hand": "JD AS QC", "trick": "9C"}),
                       json.dumps({"trump": "H", "hand": "8C"}), "not json"]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["legal", "euchre", "-"]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert answers[0]["legal"] == ["QC"]
    assert "8♣ is not in" in answers[1]["error"] and "not JSON" in answers[2]["error"]


def test_simulate_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "hands.csv"
    result = run("simulate", "euchre", "--games", "50", "--seed", "3", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert len(out.read_text().splitlines()) == 51
    result = run("simulate", "euchre", "--games", "5", "--seed", "3", "--options", '{"unit": "games"}')
    assert result.returncode == 0 and "winner" in result.stdout.splitlines()[0]
    result = run("simulate", "euchre", "--games", "5", "--options", '{"bots": "clever"}')
    assert result.returncode == 2 and "unknown bot 'clever'" in result.stderr


def test_simulate_is_seeded() -> None:
    a = simulate(40, 9, {"bots": "heuristic"})
    b = simulate(40, 9, {"bots": "heuristic"})
    assert a.equals(b)
    assert not a.equals(simulate(40, 10, {"bots": "heuristic"}))
    games = simulate(10, 1, {"unit": "games", "bots": ["heuristic", "random"], "preset": "first_to_10"})
    assert set(games["winner"]) <= {"N-S", "E-W"}
    assert ((games["ns_score"] >= 10) | (games["ew_score"] >= 10)).all()
