"""The Shengji commands: JSON in, JSON out, and bad input as one-line messages."""

import json
import subprocess
import sys

import pytest

from engine.errors import InvalidPositionError, InvalidRequestError
from engine.shengji.cli import COMMANDS, PRESETS
from tests.conftest import ROOT

CTX = {"preset": "competition", "decks": 2, "trump_rank": "10", "trump_suit": "S"}


def run(command: str, **fields):
    return COMMANDS[command]({**CTX, **fields})


def test_presets_first_is_competition() -> None:
    assert list(PRESETS) == ["competition", "tractor"]


def test_legal_with_requirement() -> None:
    out = run("legal", hand="KH KH 9H 9H 3H 5C AS", lead="4H 4H 5H 5H", limit=20)
    assert out == {**out, "plays": ["KH KH 9H 9H"], "complete": True, "count": 1}
    assert "two pairs" in out["requirement"]
    assert out["detail"]["rung"] == 1 and out["detail"]["ladder"][1]["current"]


def test_legal_limit_and_leading() -> None:
    out = run("legal", hand="AH AH KH 3C", limit=3)
    assert out["count"] == 3 and not out["complete"]
    assert run("legal", hand="AH AH KH 3C", limit=None)["complete"]


def test_check_names_the_rung() -> None:
    out = run("check", hand="KH KH 9H 3H 5C AS", lead="4H 4H", play="9H 3H")
    assert not out["legal"] and "you must play a pair of ♥" in out["reason"]


def test_winner_with_seats() -> None:
    out = run("winner", plays=["4H 4H", "2S 2S", "AH AH", "3C 4C"], leader="E")
    assert out["winner"] == 1 and out["seat"] == "N"


def test_throw_choice_and_forced() -> None:
    both = run("throw", hand="QH 4H 4H 3C", others={"W": "5H 5H", "S": "AH", "E": "2C"}, play="QH 4H 4H")
    assert not both["stands"] and both["chooser"] == "W" and set(both["forced"]) == {"4H 4H", "QH"}
    one = COMMANDS["throw"]({**CTX, "preset": "tractor", "hand": "QH 4H 4H 3C",
                             "others": {"W": "KH", "S": "2H", "E": "2C"}, "play": "QH 4H 4H"})
    assert one["forced"] == "QH" and one["penalty"] == 20
    ok = run("throw", hand="QH 4H 4H 3C", others={"W": "JH", "S": "2H", "E": "2C"}, play="QH 4H 4H")
    assert ok["stands"]


def test_score_example_of_the_issue() -> None:
    out = COMMANDS["score"]({"preset": "competition", "decks": 2, "attacker_points": 85, "kitty_points": 20,
                             "last_trick_cards": 2, "attackers_won_last": True})
    assert out["attacker_points"] == 125 and out["levels_up"] == 1 and out["next_banker_team"] == "WE"
    out = COMMANDS["score"]({"preset": "tractor", "decks": 2, "attacker_points": 85, "kitty_points": 20,
                             "last_trick_cards": 2, "attackers_won_last": True})
    assert out["kitty_multiplier"] == 4 and out["attacker_points"] == 165


def test_classify_and_is_tractor() -> None:
    assert run("classify", cards="AS AS 10D 10D")["kind"] == "tractor"
    assert not run("is_tractor", cards="10D 10D 10C 10C")["tractor"]
    assert run("classify", cards="QH 4H 4H")["kind"] == "throw"


def test_deal_is_seeded() -> None:
    a = COMMANDS["deal"]({"seed": 3})
    assert a == COMMANDS["deal"]({"seed": 3}) and a != COMMANDS["deal"]({"seed": 4})
    assert all(len(h.split()) == 25 for h in a["hands"].values()) and len(a["kitty"].split()) == 8
    assert len(COMMANDS["deal"]({"seed": 1, "decks": 3})["hands"]["N"].split()) == 39


def test_declare_override() -> None:
    out = COMMANDS["declare"]({"preset": "tractor", "play": "RJ RJ", "seat": "S", "current": "BJ BJ",
                               "current_seat": "W"})
    assert not out["legal"] and "cannot be overridden" in out["reason"]
    out = COMMANDS["declare"]({"play": "2S 2S", "seat": "S", "current": "2H", "current_seat": "W"})
    assert out["legal"] and out["override"] and out["trump"] == "♠ trump"


def test_order_and_bands_and_rules() -> None:
    out = COMMANDS["order"]({"trump_rank": "2", "trump_suit": "H"})
    assert out["trump"][:4] == [["RJ"], ["BJ"], ["2H"], ["2S", "2D", "2C"]]
    assert "2♠ = 2♦ = 2♣" in out["trump_text"]
    bands = COMMANDS["bands"]({"decks": 2})["bands"]
    assert bands[3] == {**bands[3], "low": 80, "high": 119, "bankers_keep": False}
    diff = COMMANDS["rules"]({})["differences"]
    assert diff["kitty_multiplier"] == {"competition": "double", "tractor": "twice_cards"}


def test_kitty_and_turn_kitty_and_points() -> None:
    assert COMMANDS["kitty"]({"preset": "tractor", "kitty_points": 25, "last_trick_cards": 5})["bonus"] == 250
    out = COMMANDS["turn_kitty"]({"preset": "tractor", "trump_rank": "7", "kitty": "9C 7H 2S"})
    assert out["trump_suit"] == "H"
    assert COMMANDS["points"]({"cards": "5H 10S KD"})["points"] == 25


@pytest.mark.parametrize(("command", "fields", "error", "words"), [
    ("legal", {"hand": "10S 10S 10S", "lead": "4H"}, InvalidPositionError, "only 2 copies"),
    ("legal", {"hand": "KH", "lead": "4H 4C"}, InvalidPositionError, "mixes suits"),
    ("legal", {"hand": "KH", "lead": "4H", "trump_rank": "BJ"}, InvalidRequestError, "not a level"),
    ("legal", {"hand": "KH", "lead": "4H", "trump_rank": "1"}, InvalidRequestError, "'1'"),
    ("legal", {"hand": "KH", "lead": "4H 4H"}, InvalidPositionError, "only 1"),
    ("throw", {"hand": "QH 3C", "others": {"W": "KH"}, "play": "QH 4H 4H"}, InvalidPositionError,
     "not in the leader's hand"),
    ("throw", {"hand": "QH 4H 4H", "others": {"W": "KH"}, "play": "QH 4H 4H", "lead": "3H"}, InvalidRequestError,
     "the position's lead must be empty"),
    ("legal", {"hand": "KH", "lead": "4H", "decks": 5}, InvalidRequestError, "1..4"),
    ("legal", {"hand": "KH", "lead": "4H", "preset": "house"}, ValueError, "unknown preset"),
    ("legal", {"hand": "KH", "lead": "4H", "color": 1}, InvalidRequestError, "unknown field"),
])
def test_bad_input_is_a_message(command, fields, error, words) -> None:
    with pytest.raises(error, match=words):
        run(command, **fields)


def test_a_follow_of_the_wrong_number_of_cards_is_a_verdict() -> None:
    out = run("check", hand="KH KH 9H", lead="4H 4H", play="KH")
    assert not out["legal"] and "must play two" in out["reason"]


def test_missing_trump_suit_is_named() -> None:
    with pytest.raises(InvalidRequestError, match="trump_suit"):
        COMMANDS["legal"]({"hand": "KH", "lead": "4H"})


def test_command_line_exits_2_with_one_line() -> None:
    result = subprocess.run([sys.executable, "-m", "engine", "legal", "shengji",
                             json.dumps({**CTX, "hand": "10S 10S 10S", "lead": "4H"})],
                            capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr
