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


def test_a_game_names_its_own_deck_on_the_command_line(capsys) -> None:
    assert main(["cards", "9h 9h", "--deck", "euchre"]) == 2
    assert "only 1 copy" in capsys.readouterr().err
    assert main(["cards", "2h", "--deck", "euchre"]) == 2
    assert "2♥ is not in the 24-card Euchre deck" in capsys.readouterr().err
    assert main(["cards", "bj rj", "--deck", "thirteen"]) == 2
    assert "BJ is not in the 52-card deck" in capsys.readouterr().err
    assert main(["cards", "ah as", "--deck", "euchre"]) == 0
    assert json.loads(capsys.readouterr().out)["deck"] == "24-card Euchre deck (9 to A)"


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


# ------------------------------------------------------------------------------------------------ issue 21

POSED = {
    "euchre": {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"},
    "thirteen": {"hand": "3S 4S 5H 5D 2H", "table": "4C 4D"},
    "doudizhu": {"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5"},
    "shengji": {"trump_rank": "10", "trump_suit": "S", "hand": "KH 9H 3H 5C AS", "table": "4H"},
}


def _advise(game: str, request: dict) -> tuple[int, str, str]:
    from tests.cli_helpers import run_cli

    return run_cli("advise", game, json.dumps(request))


def test_advise_takes_a_posed_position_in_every_game() -> None:
    from engine.games import game as game_of

    for key, position in POSED.items():
        legal = {p["cards"] for p in json.loads(_legal(key, position))["plays"]}
        code, out, err = _advise(key, {**position, "budget": 4})
        assert code == 0, (key, err)
        answer = json.loads(out)
        assert answer["options"] and {o["cards"] for o in answer["options"] if o["cards"]} <= legal, key
        assert answer["seat"] in game_of(key).seat_letters(game_of(key).rules(position.get("preset")))


def _legal(key: str, position: dict) -> str:
    from tests.cli_helpers import run_cli

    code, out, err = run_cli("legal", key, json.dumps(position))
    assert code == 0, err
    return out


def test_advise_checks_the_seat_of_a_posed_position() -> None:
    code, out, _ = _advise("euchre", {**POSED["euchre"], "budget": 2, "seat": "S"})
    assert code == 0 and json.loads(out)["seat"] == "S"
    code, out, err = _advise("euchre", {**POSED["euchre"], "budget": 2, "seat": "N"})
    assert code == 2 and not out and "seat to act is S" in err and err.count("\n") == 1


def test_advise_refuses_a_position_and_a_game_so_far_together() -> None:
    code, _, err = _advise("thirteen", {**POSED["thirteen"], "seed": 3})
    assert code == 2 and "not both" in err


def test_advise_still_takes_a_game_so_far() -> None:
    code, out, err = _advise("thirteen", {"seed": 3, "budget": 2})
    assert code == 0, err
    assert json.loads(out)["options"]


def test_advise_schema_offers_both_kinds_of_request() -> None:
    from tests.cli_helpers import cli_json

    request = cli_json("schema", "euchre", "advise")["request"]
    assert len(request["$defs"][request["$ref"].split("/")[-1]]["anyOf"]) == 2
    posed = next(d for name, d in request["$defs"].items() if name.startswith("Posed"))
    assert {"trump", "hand", "table", "seat", "budget"} <= set(posed["properties"])


def test_huge_numbers_are_refused_with_the_field_and_range_in_every_game() -> None:
    huge = "1" + "0" * 310
    for key in POSED:
        from tests.cli_helpers import run_cli

        code, out, err = run_cli("advise", key, '{"seconds": ' + huge + "}")
        assert code == 2 and not out, (key, err)
        assert err.startswith("error: field 'seconds'") and "0..600" in err and err.count("\n") == 1


def test_a_float_field_without_bounds_refuses_a_huge_integer() -> None:
    from dataclasses import dataclass

    from engine.commands import MAX_FLOAT, arg, decode_object
    from engine.errors import LimitExceededError

    @dataclass(frozen=True)
    class Sample:
        x: float = arg(0.0)

    assert decode_object(Sample, {"x": 3}).x == 3.0
    try:
        decode_object(Sample, {"x": 10**310})
    except LimitExceededError as error:
        assert "field 'x'" in str(error) and f"{MAX_FLOAT:,}" in str(error)
    else:
        raise AssertionError("a 311-digit number was accepted")


def test_an_internal_error_in_a_batch_costs_only_its_line(monkeypatch) -> None:
    from engine.games import game as game_of
    from tests.cli_helpers import run_cli

    command = game_of("euchre").commands["legal"]
    real = command.run

    def flaky(request):
        if request.table:
            raise RuntimeError("boom\nsecond line")
        return real(request)

    monkeypatch.setattr(command, "run", flaky)
    lines = ['{"trump": "H", "hand": "JD AS"}', '{"trump": "H", "hand": "JD AS", "table": "9C"}',
             "not json", '{"trump": "H", "hand": "QC"}']
    code, out, err = run_cli("legal", "euchre", "-", stdin="\n".join(lines) + "\n")
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(answers) == 4 and "Traceback" not in err
    assert "plays" in answers[0] and "plays" in answers[3]
    assert answers[1]["error"].startswith("internal error (RuntimeError: boom)") and "error" in answers[2]
    code, out, err = run_cli("legal", "euchre", lines[1])
    assert code == 1 and not out and err.startswith("error: internal error") and err.count("\n") == 1


def test_advise_on_a_posed_empty_hand_is_refused_in_one_line() -> None:
    # Found by the CLI fuzz: the coach's advise() failed with ValueError on a position with no legal play.
    for key, position in POSED.items():
        code, out, err = _advise(key, {**position, "hand": "", "table": "", "budget": 2})
        assert code == 2 and not out and err.startswith("error: ") and err.count("\n") == 1, (key, err)
        assert "internal error" not in err


def test_advise_on_a_whole_game_start_is_refused_in_one_line() -> None:
    # Found by the CLI fuzz: start {"whole": true} ended in AttributeError ('WholeState' has no 'to_act').
    for key in POSED:
        code, out, err = _advise(key, {"start": {"whole": True}, "budget": 2})
        assert code == 2 and not out and "field 'start'" in err and err.count("\n") == 1, (key, err)
    record = {"game": "thirteen", "seed": 1, "actions": [], "start": {"whole": True}}
    code, out, err = _advise("thirteen", {"record": record, "budget": 2})
    assert code == 2 and not out and "field 'record.start'" in err, err
