"""The Euchre commands: the issue's examples, every command's answer, the older field names, bad input as
one-line messages, batch mode, schemas, and the simulation on the command line (all in this process)."""

from __future__ import annotations

import json

import pytest

from engine.cards import Suit, parse_cards
from engine.command_tables import json_commands
from engine.commands import MAX_PLAYS
from engine.errors import CardTableError, IllegalPlayError, InvalidRequestError, ReplayError
from engine.euchre import (
    GAME,
    PRESETS,
    EuchreLegalRequest,
    PositionRequest,
    legal_command,
    position_command,
    read_position,
)
from engine.sim import simulate
from tests.cli_helpers import cli_json, run_cli

COMMANDS = json_commands("euchre")

C = parse_cards


def ask(command: str, request: dict) -> dict:
    return COMMANDS[command](request)


def test_the_issue_examples_on_the_command_line() -> None:
    answer = cli_json("legal", "euchre", '{"trump":"H","hand":"JD AS QC KC 10H","table":"9C"}')
    assert [p["cards"] for p in answer["plays"]] == ["QC", "KC"]
    assert answer["count"] == 2 and answer["complete"] is True and answer["can_pass"] is False
    answer = cli_json("score", "euchre", '{"makers_tricks":5,"alone":true,"defender_alone":false}')
    assert (answer["makers"], answer["defenders"]) == (4, 0)


def test_the_older_field_names_are_still_read() -> None:
    new = ask("legal", {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"})
    assert ask("legal", {"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C"}) == new
    assert ask("check", {"trump": "H", "hand": "JD AS", "trick": "9D", "card": "AS"}) == \
        ask("check", {"trump": "H", "hand": "JD AS", "table": "9D", "play": "AS"})
    with pytest.raises(InvalidRequestError, match="say the same thing"):
        ask("legal", {"trump": "H", "hand": "JD", "trick": "9C", "table": "9C"})


def test_presets_first_is_seed_and_have_learner_titles() -> None:
    assert list(PRESETS)[0] == "seed"
    titles = {p.name: p.title for p in PRESETS.values()}
    assert titles["seed"] == "the online game's rules" and titles["openspiel"] == "OpenSpiel's rules"
    assert all("_" not in t for t in titles.values()), "titles are words for learners, not ids"
    rules = ask("rules", {})
    common = {o["name"] for o in rules["options"] if o["common"]}
    assert {"name_turned_down_suit", "deal_packets", "thrown_in"} <= common
    assert "win_by_two" not in common and "stick_the_dealer" not in common  # the source settles these


def test_legal_answers_every_card_with_its_reason() -> None:
    answer = ask("legal", {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"})
    assert answer["legal_cards"] == "QC KC" and answer["led_suit"] == "C" and answer["must_follow"] is True
    assert set(answer["reasons"]) == {"JD", "AS", "QC", "KC", "10H"}
    assert "J♦ is the left bower, a heart while hearts are trump" in answer["reasons"]["JD"]
    assert [p["reason"] for p in answer["plays"]] == [answer["reasons"]["QC"], answer["reasons"]["KC"]]
    capped = ask("legal", {"trump": "H", "hand": "JD AS QC", "limit": 2})
    assert len(capped["plays"]) == 2 and capped["count"] == 3 and capped["complete"] is False
    lead = ask("legal", {"trump": "♥", "hand": "JD AS"})
    assert lead["led_suit"] is None and lead["must_follow"] is False


def test_typed_calls_answer_typed_values() -> None:
    answer = legal_command(EuchreLegalRequest(trump=Suit.HEARTS, hand=C("JD AS QC KC 10H"), table=C("9C")))
    assert answer.legal_cards == C("QC KC") and answer.led_suit is Suit.CLUBS
    assert answer.plays[0].cards == C("QC")
    position = position_command(read_position({"trump": "H", "hand": "JD AS QC", "trick": "9C", "leader": "W"}))
    assert position.kind == "trick" and position.to_play == "N" and position.legal is not None
    assert position.legal.legal_cards == C("QC")
    assert isinstance(read_position({"dealer": "N", "upcard": "KH"}), PositionRequest)


def test_check_explains() -> None:
    answer = ask("check", {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C", "play": "JD"})
    assert answer["legal"] is False and answer["card"] == "JD"
    assert "J♦ is the left bower, a heart while hearts are trump" in answer["reason"]
    assert ask("check", {"trump": "♥", "hand": "JD AS", "table": "9D", "play": "AS"})["legal"] is True


def test_winner_of_a_complete_trick() -> None:
    answer = ask("winner", {"trump": "H", "table": "9C JD AC 10C", "leader": "N"})
    assert answer["winner"] == "E" and answer["winner_card"] == "JD" and answer["winner_index"] == 1
    assert "left bower" in answer["reason"]
    three = ask("winner", {"trump": "S", "trick": "AD 9S KD", "leader": "W", "sits_out": "N"})
    assert three["seats"] == ["W", "E", "S"] and three["winner"] == "E"
    anonymous = ask("winner", {"trump": "H", "table": "9C JD AC 10C"})
    assert anonymous["winner"] is None and anonymous["winner_card"] == "JD"


def test_score_and_game() -> None:
    assert ask("score", {"makers_tricks": 2, "defender_alone": True})["defenders"] == 4
    assert ask("game", {"scores": [10, 9]})["over"] is False
    assert ask("game", {"scores": [11, 9]})["winner"] == "N-S"
    assert ask("game", {"scores": {"NS": 10, "EW": 9}, "preset": "first_to_10"})["winner"] == "N-S"
    assert ask("game", {"scores": {"N-S": 9, "E-W": 11}})["winner"] == "E-W"
    assert ask("game", {"scores": [10, 9], "options": {"win_by_two": False}})["over"] is True
    assert ask("game", {"scores": [13, 9]})["reason"] == ("North-South win the game 13-9: at least 10 points and ahead "
                                                          "by four")
    assert ask("game", {"scores": [30, 28]})["over"] is True  # won by two after a long deuce


def test_score_follows_the_preset() -> None:
    """A lone defender is paid 4 where defenders may go alone, and refused (never paid) where they may not."""
    seed = ask("score", {"makers_tricks": 1, "defender_alone": True, "preset": "seed"})
    assert (seed["defenders"], seed["side"]) == (4, "defenders")
    for preset in ("no_lone_defender",):
        with pytest.raises(CardTableError, match="no defender may go alone"):
            ask("score", {"makers_tricks": 1, "defender_alone": True, "preset": preset})
        assert ask("score", {"makers_tricks": 1, "preset": preset})["defenders"] == 2
        assert ask("score", {"makers_tricks": 5, "alone": True, "preset": preset})["makers"] == 4
    with pytest.raises(CardTableError, match="no defender may go alone"):
        ask("score", {"makers_tricks": 0, "defender_alone": True, "options": {"defender_may_go_alone": False}})


def test_calls_in_both_rounds() -> None:
    one = ask("calls", {"dealer": "N", "upcard": "KH", "round": 1})
    assert one["to_act"] == "E" and one["calls"] == ["pass", "order up"] and one["round"] == 1
    two = ask("calls", {"dealer": "N", "upcard": "KH", "round": 2, "seat": "N"})
    assert two["calls"] == ["pass", "name S", "name D", "name C"]
    stuck = ask("calls", {"dealer": "N", "upcard": "KH", "round": 2, "seat": "N", "preset": "stick_the_dealer"})
    assert "pass" not in stuck["calls"] and "stuck" in stuck["reasons"]["pass"]
    advice = ask("calls", {"dealer": "N", "upcard": "KH", "round": 1, "hand": "JH JD AH 10S QC"})
    assert advice["advice"] == "order up" and advice["advice_reason"].startswith("three trumps")
    weak = ask("calls", {"dealer": "N", "upcard": "KH", "round": 1, "hand": "9S 10S QC KC AD", "call": "name S"})
    assert weak["advice"] == "pass" and weak["legal"] is False and "round 2" in weak["reason"]
    assert one["advice"] is None and one["legal"] is None


def test_discard_trumps_deal_playout() -> None:
    discard = ask("discard", {"hand": "9C 10D JH QH AH KH", "upcard": "KH", "card": "KH"})
    assert "KH" in discard["discards"].split() and discard["legal"] is True and discard["trump"] == "H"
    kept = ask("discard", {"hand": "9C 10D JH QH AH KH", "upcard": "KH", "preset": "openspiel", "play": "KH"})
    assert "KH" not in kept["discards"].split() and kept["legal"] is False and "must keep it" in kept["reason"]
    trumps = ask("trumps", {"trump": "H", "hand": "JD JH AS 9H", "picked": "JD JH 9H"})
    assert trumps["trumps"] == "JH JD 9H" and trumps["correct"] is True
    wrong = ask("trumps", {"trump": "H", "hand": "JD JH AS 9H", "picked": "JH 9H"})
    assert wrong["correct"] is False and "J♦" in wrong["reason"]
    deal = ask("deal", {"seed": 7})
    assert sorted(deal["hands"]) == ["E", "N", "S", "W"]
    assert all(len(h.split()) == 5 for h in deal["hands"].values())
    assert deal == ask("deal", {"seed": 7}) and ask("deal", {"seed": 7, "dealer": "N"})["dealer"] == "N"
    hand = ask("playout", {"seed": 7, "bots": "heuristic"})
    data = hand["outcome"]["data"]
    assert data["trump"] == "S" and (data["ns_points"], data["ew_points"]) == (1, 0)
    assert hand["outcome"]["returns"] == {"N": 1.0, "E": -1.0, "S": 1.0, "W": -1.0}
    replayed = ask("playout", {"seed": 7, "actions": hand["record"]["actions"][:5], "bots": "heuristic"})
    assert replayed["record"] == hand["record"]


def test_a_hand_inside_a_game_starts_from_its_dealer_and_score() -> None:
    hand = ask("playout", {"seed": 7, "bots": "heuristic", "start": {"dealer": "N", "scores": [9, 8]}})
    assert hand["record"]["start"] == {"dealer": "N", "scores": [9, 8]}
    data = hand["outcome"]["data"]
    assert data["dealer"] == "N"
    assert (data["ns_score"], data["ew_score"]) == (9 + data["ns_points"], 8 + data["ew_points"])
    assert "game score is now" in hand["outcome"]["summary"]
    with pytest.raises(InvalidRequestError, match="already won at 11-9"):
        ask("playout", {"seed": 7, "start": {"scores": [11, 9]}})
    with pytest.raises(InvalidRequestError, match="unknown field 'dealr' in start"):
        ask("playout", {"seed": 7, "start": {"dealr": "N"}})
    with pytest.raises(InvalidRequestError, match="not a seat"):
        ask("playout", {"seed": 7, "start": {"dealer": "Q"}})


def test_match_plays_a_whole_game() -> None:
    answer = ask("match", {"seed": 3, "bots": "heuristic", "record": True})
    assert answer["winner"] in ("N-S", "E-W") and max(answer["scores"].values()) >= 10
    assert answer["hands"] == len(answer["dealers"]) == len(answer["path"]) - 1
    assert answer["path"][0] == "0-0" and answer["path"][-1] == f"{answer['scores']['N-S']}-{answer['scores']['E-W']}"
    assert answer == ask("match", {"seed": 3, "bots": "heuristic", "records": True}), "seeded; the older name read"
    assert answer["summary"].startswith(("North-South win the game", "East-West win the game"))
    assert answer["record"]["start"] == {"whole": True}
    replayed = ask("playout", {"seed": 3, "start": {"whole": True}, "actions": answer["record"]["actions"]})
    assert replayed["record"]["actions"] == answer["record"]["actions"]
    assert replayed["outcome"]["summary"] == answer["summary"]
    assert ask("match", {"seed": 3, "bots": "heuristic"})["record"] is None


def test_position_answers_each_kind() -> None:
    trick = ask("position", {"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C", "leader": "W", "card": "JD"})
    assert trick["kind"] == "trick" and trick["to_play"] == "N"
    assert trick["legal"]["legal_cards"] == "QC KC" and trick["check"]["legal"] is False
    done = ask("position", {"trump": "H", "trick": "9C JD AC 10C", "leader": "N"})
    assert done["kind"] == "complete trick" and done["winner"]["winner"] == "E" and done["legal"] is None
    calling = ask("position", {"dealer": "W", "upcard": "9D", "round": 1, "seat": "S"})
    assert calling["kind"] == "calling" and calling["calls"]["to_act"] == "S"
    with pytest.raises(InvalidRequestError, match="has no 'trump'"):
        ask("position", {"dealer": "W", "upcard": "9D", "trump": "H"})
    with pytest.raises(InvalidRequestError, match="belongs to a calling position"):
        ask("position", {"trump": "H", "hand": "9D", "round": 2})


@pytest.mark.parametrize(("command", "request_", "message"), [
    ("legal", {"trump": "H", "hand": "9D 9D"}, "9♦ appears 2 times"),
    ("legal", {"trump": "H", "hand": "8D"}, "8♦ is not in the 24-card Euchre deck"),
    ("legal", {"trump": "H", "hand": "9D 10D JD QD KD AD"}, "at most 5 cards"),
    ("discard", {"hand": "9D 10D JD QD KD AD 9S", "upcard": "9D"}, "6 cards"),
    ("calls", {"dealer": "N", "upcard": "KH", "hand": "9D 10D JD QD KD AD"}, "5 cards"),
    ("legal", {"trump": "H", "hand": "9D", "table": "9C 10C JC QC"}, "trick is complete"),
    ("legal", {"trump": "H", "hand": "9D", "table": "9C 10C JC", "players": 3}, "3 active players"),
    ("winner", {"trump": "H", "table": "9C 10C JC"}, "4 cards, not 3"),
    ("winner", {"trump": "H", "table": "9C 10C", "sits_out": ["N", "S"]}, "one player of each side"),
    ("legal", {"trump": "X", "hand": "9D"}, "field 'trump': expected a suit .*, got 'X'"),
    ("legal", {"trump": "joker", "hand": "9D"}, "field 'trump'"),
    ("legal", {"trump": "H", "hand": "9D", "colour": 1}, "unknown field 'colour'"),
    ("legal", {"trump": "H", "hand": "9D", "limit": MAX_PLAYS + 1}, "field 'limit'"),
    ("calls", {"dealer": "Q", "upcard": "KH"}, "not a seat"),
    ("calls", {"dealer": "N", "upcard": "KH", "hand": "KH"}, "face up on the table"),
    ("calls", {"dealer": "N", "upcard": "KH", "call": "shout"}, "'shout' is not valid"),
    ("score", {"makers_tricks": 6}, "outside 0..5"),
    ("game", {"scores": [10, -1]}, "two whole numbers"),
    ("game", {"scores": {"N-S": 1, "X": 2}}, "sides N-S and E-W"),
    ("game", {"scores": [30, 0]}, "N-S 30 · E-W 0 cannot happen: the game ends as soon as a side has 10 points"),
    ("position", {"trump": "H", "table": "9C JD AC 10C AS"}, "with 4 active it holds at most 4 cards, not 5"),
    ("position", {"trump": "H", "hand": "9S", "table": "9C JD AC", "players": 2}, "at most 2 cards, not 3"),
    ("position", {"trump": "H", "table": "9C JD AC 10C", "players": 4, "sits_out": "N"},
     "with North sitting out, 3 players are active, not 4"),
    ("position", {"trump": "H", "table": "9C JD AC", "players": 3, "sits_out": ["N", "E"]}, "each side|2 players"),
    ("winner", {"trump": "H", "table": "9C JD AC 10C", "players": 4, "sits_out": "N"}, "3 players are active"),
    ("game", {"scores": [12, 11], "preset": "first_to_10"}, "only one side can have 10 or more"),
    ("playout", {"seed": 1, "start": {"scores": [0, 30]}}, "cannot happen"),
    ("score", {"makers_tricks": 2, "defender_alone": True, "preset": "no_lone_defender"},
     "no defender may go alone \\(the option “Defenders may go alone” is off\\)"),
    ("deal", {"seed": 1, "preset": "tournament"}, "unknown preset 'tournament'"),
    ("deal", {"seed": 1, "options": {"stick_the_dealr": True}}, "unknown option 'stick_the_dealr'"),
    ("deal", {"seed": 1, "options": {"stick_the_dealer": "yes"}}, "is true or false, not 'yes'"),
    ("match", {"seed": 1, "bots": "clever"}, "unknown euchre bot 'clever'"),
])
def test_bad_input_is_a_message(command: str, request_: dict, message: str) -> None:
    with pytest.raises(CardTableError, match=message):
        ask(command, request_)


def test_a_refused_action_in_a_playout_names_its_step() -> None:
    with pytest.raises(ReplayError, match="step 2") as info:
        ask("playout", {"seed": 1, "actions": ["pass", "name S"]})
    assert "suits are named in round 2" in str(info.value)
    state = GAME.new_game(GAME.rules(), 1)
    with pytest.raises(IllegalPlayError, match="round 1"):
        GAME.apply(state, GAME.parse_action(state, "name S"))


def test_bad_input_exits_2_with_one_line() -> None:
    code, out, err = run_cli("legal", "euchre", '{"trump":"H","hand":"9D 9D"}')
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_batch_mode_answers_each_line() -> None:
    lines = "\n".join([json.dumps({"trump": "H", "hand": "JD AS QC", "table": "9C"}),
                       json.dumps({"trump": "H", "hand": "8C"}), "not json"]) + "\n"
    code, out, _ = run_cli("legal", "euchre", "-", stdin=lines)
    assert code == 0
    answers = [json.loads(line) for line in out.splitlines()]
    assert answers[0]["legal_cards"] == "QC"
    assert "8♣ is not in" in answers[1]["error"] and "not JSON" in answers[2]["error"]


def test_every_command_has_a_schema_naming_the_older_fields() -> None:
    for name in COMMANDS:
        schema = cli_json("schema", "euchre", name)
        assert schema["command"] == name and schema["summary"]
    legal = cli_json("schema", "euchre", "legal")["request"]["$defs"]["EuchreLegalRequest"]["properties"]
    assert legal["trick"]["deprecated"] is True and "table" in legal


def test_simulate_on_the_command_line(tmp_path) -> None:
    out = tmp_path / "hands.csv"
    code, _, err = run_cli("simulate", "euchre", "--games", "50", "--seed", "3", "--out", str(out))
    assert code == 0, err
    lines = out.read_text().splitlines()
    assert len(lines) == 51 and {"caller_trumps", "euchred", "ns_points"} <= set(lines[0].split(","))
    code, _, err = run_cli("simulate", "euchre", "--games", "5", "--options", '{"bots": "clever"}')
    assert code == 2 and "unknown euchre bot 'clever'" in err


def test_simulate_is_seeded() -> None:
    a = simulate(GAME, 40, 9, {"bots": "heuristic"})
    b = simulate(GAME, 40, 9, {"bots": "heuristic"})
    assert a.equals(b)
    assert not a.equals(simulate(GAME, 40, 10, {"bots": "heuristic"}))
    assert ((a["ns_points"] + a["ew_points"]) == (a["makers_points"] + a["defenders_points"])).all()


def test_every_sample_request_is_answered() -> None:
    assert set(GAME.examples) <= set(COMMANDS)
    for name, requests in GAME.examples.items():
        for request in requests:
            answer = ask(name, dict(request))  # raises if a sample is not a valid request
            schema = COMMANDS[name].schema()["answer"]
            fields = schema["$defs"][schema["$ref"].split("/")[-1]]["properties"]
            assert set(answer) == set(fields), (name, request)
