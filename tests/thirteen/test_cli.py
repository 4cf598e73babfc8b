"""Thirteen's commands (in-process): their answers, bad input as one-line messages, match simulations."""

import json

import pytest

from engine.command_tables import json_commands
from engine.errors import InvalidPositionError, InvalidRequestError, UnknownNameError
from engine.thirteen import PRESETS
from tests.cli_helpers import cli_json, run_cli

COMMANDS = json_commands("thirteen")


def test_the_issue_example_with_table_and_with_the_older_previous() -> None:
    for field in ("table", "previous"):
        answer = cli_json("legal", "thirteen", json.dumps({"hand": "3S 4S 5H 5D 2H", field: "4C 4D", "passed": False,
                                                           "first_lead": False}))
        assert [p["cards"] for p in answer["plays"]] == ["5D 5H"] and answer["can_pass"] is True
        assert answer["count"] == 1 and answer["complete"] is True
        assert answer["groups"] == {"pair": ["5D 5H"]}
        assert answer["plays"][0]["name"] == "a pair of 5s (top 5♥)" and answer["table"]["top"] == "4D"
    code, _, err = run_cli("legal", "thirteen", '{"hand": "5H", "table": "4C", "previous": "4C"}')
    assert code == 2 and "say the same thing" in err


@pytest.mark.parametrize(
    ("request_json", "message"),
    [
        ('{"hand":"3S 3S 4D"}', "field 'hand': 3♠ appears 2 times, but the decks in play hold only 1 copy"),
        ('{"hand":"3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H"}', "at most 13 cards"),
        ('{"hand":"3S 4S","table":"5S 6H"}', "the table must hold a combination"),
        ('{"hand":"3S 4S","table":"4S"}', "4♠ is both in your hand and on the table"),
        ('{"hand":"3S XX"}', "'XX'"),
        ('{"hand":"3S BJ"}', "not in the 52-card deck"),
        ('{"hand":"3S","preset":"casino"}', "unknown preset 'casino'"),
        ('{"hand":"3S","options":{"players":7}}', "must be from 2 to 4, not 7"),
        ('{"hand":"3S","colour":"red"}', "unknown field 'colour'"),
        ('{"hand":"3S","limit":0}', "outside 1..5,000"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(request_json: str, message: str) -> None:
    code, out, err = run_cli("legal", "thirteen", request_json)
    assert code == 2 and not out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in err


def test_batch_mode_answers_each_line() -> None:
    lines = '{"hand":"3S 4S 5S","play":"3S 4S 5S"}\n{"hand":"3S 3S"}\n{"hand":"5H","previous":"5S","play":"5H"}\n'
    code, out, _ = run_cli("check", "thirteen", "-", stdin=lines)
    answers = [json.loads(x) for x in out.splitlines()]
    assert code == 0 and answers[0]["legal"] is True
    assert "error" in answers[1]
    assert answers[2]["legal"] is True and "hearts are higher than spades" in answers[2]["reason"]


def test_a_limit_lists_fewer_plays_but_counts_them_all() -> None:
    answer = COMMANDS["legal"]({"hand": "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S", "limit": 5})
    assert len(answer["plays"]) == 5 and answer["count"] == 13 + 55 and answer["complete"] is False


def test_check_classify_compare_deal_features_score_rounds() -> None:
    check = COMMANDS["check"]({"hand": "5S 6S", "table": "4D", "passed": True, "play": "6S"})
    assert check == {**check, "legal": False,
                     "reason": "you passed this round, so you cannot play until the table clears"}
    refused = COMMANDS["check"]({"hand": "5S", "play": "pass"})
    assert refused["legal"] is False and refused["passing"] is True and "cannot pass" in refused["reason"]
    classify = COMMANDS["classify"]({"cards": "3S 3C 4S 4C 5S 5C"})
    assert classify["type"] == "double_sequence" and classify["bomb"] is True
    bad = COMMANDS["classify"]({"cards": "QS KH AD 2C"})
    assert bad["combination"] is False and "a 2 never goes in a sequence" in bad["reason"]
    compare = COMMANDS["compare"]({"a": "5S", "b": "4H"})
    assert compare["higher"] == "5S" and compare["a_beats_b"] is True
    assert COMMANDS["compare"]({"a": "5S 5C", "b": "6S 7S 8S"})["higher"] is None
    deal = COMMANDS["deal"]({"seed": 5})
    assert set(deal["hands"]) == {"N", "E", "S", "W"} and "3S" in deal["hands"][deal["first"]].split()
    assert deal["features"][deal["first"]]["twos"] == deal["hands"][deal["first"]].count("2")
    assert COMMANDS["deal"]({"seed": 5}) == deal
    assert set(COMMANDS["deal"]({"seed": 5, "options": {"players": 3}})["hands"]) == {"N", "E", "W"}
    features = COMMANDS["features"]({"hand": "7S 7C 7D 7H 2S"})
    assert features["quads"] == 1 and features["twos"] == 1
    score = COMMANDS["score"]({"order": ["E", "N", "W", "S"]})
    assert score["points"] == {"N": 2, "E": 3, "S": 0, "W": 1}
    match = COMMANDS["score"]({"games": [{"order": ["E", "N", "W", "S"]}, {"order": ["N", "East", "W", "S"]}]})
    assert match["totals"] == {"N": 5, "E": 5, "S": 0, "W": 2} and len(match["games"]) == 2
    rounds = COMMANDS["rounds"]({"seed": 2, "bots": "heuristic"})
    assert rounds["steps"] and rounds["steps"][0]["round"] == 0 and rounds["steps"][0]["seat"] in "NESW"
    assert rounds["order"][0] == rounds["winner"] and rounds["record"]["seed"] == 2


def test_command_errors_are_card_table_errors_with_messages() -> None:
    with pytest.raises(InvalidPositionError, match="share a card"):
        COMMANDS["compare"]({"a": "5S", "b": "5S"})
    with pytest.raises(InvalidRequestError, match="each of the 4 seats"):
        COMMANDS["score"]({"order": ["N", "N", "E", "S"]})
    with pytest.raises(InvalidRequestError, match="not a seat here"):
        COMMANDS["score"]({"order": ["N", "X", "E", "S"]})
    with pytest.raises(InvalidRequestError, match="card scoring needs cards_left"):
        COMMANDS["score"]({"order": ["N", "E", "S", "W"], "options": {"scoring": "cards"}})
    with pytest.raises(InvalidRequestError, match="bots: give one name for every seat or a list of 4"):
        COMMANDS["rounds"]({"bots": ["random"]})
    with pytest.raises(UnknownNameError, match="unknown thirteen bot 'clever'"):
        COMMANDS["rounds"]({"bots": "clever"})
    with pytest.raises(InvalidRequestError, match="'want'"):
        COMMANDS["example"]({"want": "triples"})


def test_presets_are_described_with_plain_titles() -> None:
    assert list(PRESETS) == ["seed", "pagat"]
    assert [p.title for p in PRESETS.values()] == ["the Thirteen app's rules", "the common Tiến lên rules"]
    answer = COMMANDS["rules"]({"preset": "pagat"})
    assert answer["rules"]["bomb_ladder"] is True and answer["default_preset"] == "seed"
    common = {o["name"] for o in answer["options"] if o["common"]}
    # The seed is silent on bombs of different kinds (the ladder), not on passing (a pass locks you out).
    assert {"first_lead_must_contain_lowest", "bomb_ladder"} <= common and "chop_after_pass" not in common
    assert any("next player still in" in n["text"] for n in answer["notes"])


def test_match_simulations_are_seeded_whole_games() -> None:
    from engine.sim import simulate
    from engine.thirteen import GAME

    options = {"bots": ["heuristic", "random", "random", "random"], "match_games": 3, "start": {"whole": True}}
    frame = simulate(GAME, 12, 7, options, workers=1)
    assert len(frame) == 12 and frame.equals(simulate(GAME, 12, 7, options, workers=1))
    for _, row in frame.iterrows():
        orders = [o.split() for o in row["orders"].split("; ")]
        assert len(orders) == 3 == row["games"] and all(sorted(o) == ["E", "N", "S", "W"] for o in orders)
        assert sum(row[f"total_{c}"] for c in "NESW") == 3 * 6
    calls = []
    simulate(GAME, 4, 1, {"players": 3, "preset": "pagat", "start": {"whole": True}}, workers=1,
             progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (4, 4)
    with pytest.raises(UnknownNameError, match="unknown option 'speed'"):
        simulate(GAME, 1, 1, {"speed": 3, "start": {"whole": True}})
    with pytest.raises(InvalidRequestError, match="match_games"):
        simulate(GAME, 1, 1, {"match_games": 0, "start": {"whole": True}})


def test_a_one_game_match_is_the_independent_game_of_the_same_seed() -> None:
    from engine.sim import simulate_rows
    from engine.thirteen import GAME

    single = simulate_rows(GAME, 8, 3, {"bots": "random"}, workers=1)
    matches = simulate_rows(GAME, 8, 3, {"bots": "random", "match_games": 1, "start": {"whole": True}}, workers=1)
    assert [m["orders"] for m in matches] == [s["order"] for s in single]
    assert [[m[f"total_{c}"] for c in "NESW"] for m in matches] == [[s[f"points_{c}"] for c in "NESW"] for s in single]


def test_simulate_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "games.csv"
    code, _, err = run_cli("simulate", "thirteen", "--games", "20", "--seed", "3", "--options",
                           '{"bot": "heuristic"}', "--out", str(out), "--workers", "1")
    assert code == 0, err
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
        legal = COMMANDS["legal"]({"hand": answer["hand"], "table": answer["table"]})
        assert [p["cards"] for p in legal["plays"]] == answer["plays"] and answer["plays"]
        if want == "chop":
            assert legal["chops"] and "2" in answer["table"]


def test_rounds_answer_has_a_lockout_round_and_a_summary() -> None:
    rounds = COMMANDS["rounds"]({"seed": 1})
    assert "skipped" in rounds["lockout_commentary"]
    names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    assert rounds["summary"].startswith(names[rounds["order"][0]])
    assert rounds["commentary"].count("\n- ") == len(rounds["steps"])
    assert rounds["commentary"].count("**Round ") == len(rounds["round_commentary"])
    assert COMMANDS["classify"]({"cards": "5S 5H", "expect": "sequence"})["reason"] == "5♠ 5♥ is a pair, not a sequence"


def test_impossible_inputs_are_refused_before_any_work() -> None:
    from engine.errors import CardTableError

    seven_pairs = "3S 3C 4S 4C 5S 5C 6S 6C 7S 7C 8S 8C 9S 9C"
    for command, request, words in (
        ("classify", {"cards": seven_pairs}, "cards: 14 cards: no hand holds more than 13"),
        ("compare", {"a": seven_pairs, "b": "2H"}, "a: 14 cards"),
        ("legal", {"hand": "3H", "table": seven_pairs}, "the table holds 14 cards, but a combination is played"),
        ("check", {"hand": "3H", "table": seven_pairs, "play": "pass"}, "the table holds 14 cards"),
        ("legal", {"hand": "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H"}, "a hand holds at most 13 cards"),
        ("score", {"options": {"scoring": "cards"}, "order": ["N", "E", "S", "W"],
                   "cards_left": {"E": 3, "S": 0, "W": 2}}, "South had not gone out"),
        ("score", {"options": {"scoring": "cards"}, "order": ["N", "E", "S", "W"],
                   "cards_left": {"N": 2, "E": 3, "S": 1, "W": 2}}, "the winner has gone out"),
    ):
        with pytest.raises(CardTableError, match=words):
            COMMANDS[command](request)
    assert COMMANDS["classify"]({"cards": seven_pairs[:-6]})["type"] == "double_sequence"
