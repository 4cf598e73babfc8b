"""Thirteen on the command line: the commands, bad input as one-line messages, simulation."""

import json
import subprocess
import sys

import pytest

from engine.errors import InvalidPositionError, InvalidRequestError
from engine.thirteen.cli import COMMANDS, PRESETS, seat_frame, simulate
from tests.conftest import ROOT


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_the_issue_example() -> None:
    result = run("legal", "thirteen", '{"hand":"3S 4S 5H 5D 2H","previous":"4C 4D","passed":false,'
                                      '"first_lead":false}')
    assert result.returncode == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["plays"] == ["5D 5H"] and answer["can_pass"] is True
    assert answer["groups"] == {"pair": ["5D 5H"]}


@pytest.mark.parametrize(
    ("request_json", "message"),
    [
        ('{"hand":"3S 3S 4D"}', "3♠ appears twice in your hand"),
        ('{"hand":"3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H"}', "at most 13 cards"),
        ('{"hand":"3S 4S","previous":"5S 6H"}', "the table must hold a combination"),
        ('{"hand":"3S 4S","previous":"4S"}', "4♠ is both in your hand and on the table"),
        ('{"hand":"3S XX"}', "'XX'"),
        ('{"hand":"3S BJ"}', "not in the 52-card deck"),
        ('{"hand":"3S","preset":"casino"}', "unknown preset 'casino'"),
        ('{"hand":"3S","options":{"players":7}}', "players must be 2, 3 or 4"),
        ('{"hand":"3S","colour":"red"}', "unknown field 'colour'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(request_json: str, message: str) -> None:
    result = run("legal", "thirteen", request_json)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in result.stderr


def test_batch_mode_answers_each_line() -> None:
    lines = '{"hand":"3S 4S 5S","play":"3S 4S 5S"}\n{"hand":"3S 3S"}\n{"hand":"5H","previous":"5S","play":"5H"}\n'
    result = run("check", "thirteen", "-", stdin=lines)
    answers = [json.loads(x) for x in result.stdout.splitlines()]
    assert answers[0]["legal"] is True
    assert "error" in answers[1]
    assert answers[2]["legal"] is True and "hearts are higher than spades" in answers[2]["reason"]


def test_check_classify_compare_deal_hand_score_game() -> None:
    check = COMMANDS["check"]({"hand": "5S 6S", "previous": "4D", "passed": True, "play": "6S"})
    assert check == {**check, "legal": False,
                     "reason": "you passed this round, so you cannot play until the table clears"}
    assert COMMANDS["check"]({"hand": "5S", "play": "pass"})["legal"] is False
    classify = COMMANDS["classify"]({"cards": "3S 3C 4S 4C 5S 5C"})
    assert classify["type"] == "double_sequence" and classify["bomb"] is True
    bad = COMMANDS["classify"]({"cards": "QS KH AD 2C"})
    assert bad["combination"] is False and "cannot contain a 2" in bad["reason"]
    compare = COMMANDS["compare"]({"a": "5S", "b": "4H"})
    assert compare["higher"] == "5S" and compare["a_beats_b"] is True
    assert COMMANDS["compare"]({"a": "5S 5C", "b": "6S 7S 8S"})["higher"] is None
    deal = COMMANDS["deal"]({"seed": 5})
    assert set(deal["hands"]) == {"N", "E", "S", "W"} and "3S" in deal["hands"][deal["leader"]].split()
    assert COMMANDS["deal"]({"seed": 5}) == deal
    hand = COMMANDS["hand"]({"hand": "7S 7C 7D 7H 2S"})
    assert hand["quads"] == 1 and hand["twos"] == 1
    score = COMMANDS["score"]({"order": ["E", "N", "W", "S"]})
    assert score["points"] == {"North": 2, "East": 3, "South": 0, "West": 1}
    match = COMMANDS["score"]({"games": [{"order": ["E", "N", "W", "S"]}, {"order": ["N", "E", "W", "S"]}]})
    assert match["totals"] == {"North": 5, "East": 5, "South": 0, "West": 2}
    game = COMMANDS["game"]({"seed": 2, "bots": "heuristic"})
    assert game["steps"] and game["tricks"][0][0]["trick"] == 0
    assert game["result"]["order"][0] in game["seats"]


def test_command_errors_are_value_errors_with_messages() -> None:
    with pytest.raises(InvalidPositionError, match="share a card"):
        COMMANDS["compare"]({"a": "5S", "b": "5S"})
    with pytest.raises(InvalidRequestError, match="each of the 4 seats"):
        COMMANDS["score"]({"order": ["N", "N", "E", "S"]})
    with pytest.raises(InvalidRequestError, match="bots"):
        COMMANDS["game"]({"bots": ["random"]})


def test_presets_are_described() -> None:
    assert list(PRESETS) == ["seed", "pagat"]
    assert all(isinstance(v, str) and v for v in PRESETS.values())


def test_simulate_is_seeded_and_complete() -> None:
    frame = simulate(30, 7, {"bots": ["heuristic", "random", "random", "random"], "match_games": 3})
    assert len(frame) == 30
    assert frame.equals(simulate(30, 7, {"bots": ["heuristic", "random", "random", "random"], "match_games": 3}))
    for _, row in frame.iterrows():
        assert sorted(row[f"place_{c}"] for c in "NESW") == [1, 2, 3, 4]
        assert sum(row[f"points_{c}"] for c in "NESW") == 6
    later = frame[frame["game_in_match"] > 0]
    previous = frame.set_index("game")["winner"]
    assert all(row["leader"] == previous[row["game"] - 1] for _, row in later.iterrows())
    seats = seat_frame(frame)
    assert len(seats) == 120 and set(seats["seat"]) == set("NESW")
    calls = []
    simulate(10, 1, {"players": 3, "preset": "pagat"}, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (10, 10)
    with pytest.raises(ValueError, match="unknown field"):
        simulate(1, 1, {"speed": 3})


def test_simulate_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "games.csv"
    result = run("simulate", "thirteen", "--games", "20", "--seed", "3", "--options", '{"bot": "heuristic"}',
                 "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert len(out.read_text().splitlines()) == 21


@pytest.mark.parametrize("want", ["single", "pair", "triple", "quad", "sequence", "double_sequence"])
def test_example_hands_hold_the_wanted_combination(want: str) -> None:
    for seed in (1, 50, 999):
        answer = COMMANDS["example"]({"seed": seed, "want": want})
        assert answer["seed_used"] >= seed and answer["plays"]
        for play in answer["plays"]:
            assert COMMANDS["classify"]({"cards": play, "expect": want})["matches"] is True
            assert set(play.split()) <= set(answer["hand"].split())


@pytest.mark.parametrize("want", ["beat", "chop"])
def test_example_tables_are_beaten_by_the_listed_plays(want: str) -> None:
    for seed in (1, 17, 400):
        answer = COMMANDS["example"]({"seed": seed, "want": want})
        legal = COMMANDS["legal"]({"hand": answer["hand"], "previous": answer["previous"]})
        assert legal["plays"] == answer["plays"] and answer["plays"]
        if want == "chop":
            assert legal["chops"] and "2" in answer["previous"]


def test_game_answer_has_a_lockout_round_and_a_summary() -> None:
    game = COMMANDS["game"]({"seed": 1})
    assert "skipped" in game["lockout_commentary"]
    assert game["summary"].startswith(game["result"]["order"][0])
    assert game["commentary"].count("\n- ") == len(game["steps"])
    assert game["commentary"].count("**Round ") == len(game["tricks"])
    assert COMMANDS["classify"]({"cards": "5S 5H", "expect": "sequence"})["reason"] == "5♠ 5♥ is a pair, not a sequence"
