"""The command line: python -m engine."""

import json
import subprocess
import sys

from engine.__main__ import main
from tests.conftest import ROOT


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_help() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "cards" in result.stdout and "simulate" in result.stdout


def test_cards_prints_canonical_json() -> None:
    result = run("cards", "ts qh bj")
    assert result.returncode == 0
    answer = json.loads(result.stdout)
    assert answer["cards"] == "10S QH BJ"
    assert answer["symbols"] == "10♠ Q♥ BJ"
    assert answer["count"] == 3


def test_bad_notation_exits_2_with_one_line() -> None:
    result = run("cards", "ts XQ")
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "'XQ'" in lines[0] and "Traceback" not in result.stderr


def test_deck_limit_on_the_command_line() -> None:
    result = run("cards", "10s 10s 10s", "--deck", "2x54")
    assert result.returncode == 2
    assert "only 2 copies" in result.stderr


def test_batch_mode_answers_each_line_and_goes_on(capsys, monkeypatch) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO('{"text": "ah"}\nnot json\n{"text": "zz"}\n"2c"\n'))
    assert main(["cards", "-"]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert answers[0]["cards"] == "AH"
    assert "error" in answers[1] and "error" in answers[2]
    assert answers[3]["cards"] == "2C"


def test_games_lists_every_game() -> None:
    result = run("games")
    assert result.returncode == 0
    assert set(json.loads(result.stdout)) == {"shengji", "thirteen", "euchre", "doudizhu"}
