"""The Shengji commands: typed and JSON, the older field names, and bad input as one-line messages."""

import json

import pytest

from engine.cards import Rank, Suit, parse_cards
from engine.command_tables import json_commands
from engine.errors import InvalidPositionError, InvalidRequestError, LimitExceededError, UnknownNameError
from engine.shengji import PRESETS, Duty, LegalRequest, legal
from tests.cli_helpers import cli_json, run_cli

COMMANDS = json_commands("shengji")

CTX = {"preset": "competition", "decks": 2, "trump_rank": "10", "trump_suit": "S"}


def run(command: str, **fields):
    return COMMANDS[command]({**CTX, **fields})


def test_presets_first_is_competition() -> None:
    assert list(PRESETS) == ["competition", "tractor"]


def test_legal_with_requirement() -> None:
    out = run("legal", hand="KH KH 9H 9H 3H 5C AS", table="4H 4H 5H 5H", limit=20)
    assert out == {**out, "complete": True, "count": 1, "count_exact": True, "can_pass": False}
    assert out["plays"] == [{"cards": "KH KH 9H 9H", "what": "two pairs of ♥", "points": 20}]
    assert "two pairs" in out["requirement"]
    assert out["detail"]["rung"] == 1 and out["detail"]["ladder"][1]["current"]
    assert run("legal", hand="KH KH 9H 9H 3H 5C AS", lead="4H 4H 5H 5H", limit=20) == out, "lead: the older name"


def test_legal_typed_is_the_json_command() -> None:
    typed = legal(LegalRequest(trump_rank=Rank.TEN, trump_suit=Suit.SPADES, hand=parse_cards("KH KH 9H 3H"),
                               table=parse_cards("4H 4H")))
    assert [p.cards for p in typed.plays] == [parse_cards("KH KH")] and typed.detail.duty is Duty.FOLLOW
    assert run("legal", hand="KH KH 9H 3H", table="4H 4H")["plays"][0]["cards"] == "KH KH"


def test_legal_limit_and_leading() -> None:
    out = run("legal", hand="AH AH KH 3C", limit=3)
    assert len(out["plays"]) == 3 and not out["complete"]
    assert out["count"] == 6 and out["count_exact"], "A♥, K♥, 3♣, A♥ A♥ and two throws"
    everything = run("legal", hand="AH AH KH 3C", limit=None)
    assert everything["complete"] and everything["count"] == len(everything["plays"]) == 6
    assert [(p["cards"], p["what"]) for p in everything["plays"]] == [
        ("AH", "a single ♥"), ("KH", "a single ♥"), ("AH AH", "a pair of ♥"), ("3C", "a single ♣"),
        ("AH KH", "a throw of ♥ (two single cards)"), ("AH AH KH", "a throw of ♥ (a pair and one single card)")]


def test_legal_counts_what_it_does_not_list() -> None:
    """The issue's case: a void 25-card hand after a 6-card throw has 74,674 plays; they are counted, not
    listed, and at most `limit` are listed."""
    out = run("legal", hand="2S 2S 5S 6S 7S 8S 9D 9D 3D 4D 6D 7D 8D 4C 5C 6C 7C 8C JC JC BJ RJ AS AS 2C",
              table="KH KH JH JH 6H 5H", limit=5)
    assert out["count"] == 74_674 and out["count_exact"] and not out["complete"] and len(out["plays"]) == 5
    assert all(p["what"] == "a discard" or "trump" in p["what"] for p in out["plays"])
    with pytest.raises(LimitExceededError, match="limit"):
        run("legal", hand="AH", limit=50_000)


def test_check_names_the_rung() -> None:
    out = run("check", hand="KH KH 9H 3H 5C AS", table="4H 4H", play="9H 3H")
    assert not out["legal"] and "you must play a pair of ♥" in out["reason"]


def test_winner_with_seats() -> None:
    out = run("winner", plays=["4H 4H", "2S 2S", "AH AH", "3C 4C"], leader="E")
    assert out["winner"] == 1 and out["seat"] == "N"


def test_throw_choice_and_forced() -> None:
    both = run("throw", hand="QH 4H 4H 3C", others={"W": "5H 5H", "S": "AH", "E": "2C"}, play="QH 4H 4H")
    assert not both["stands"] and both["chooser"] == "W" and not both["forced"]
    assert {c["cards"] for c in both["choices"]} == {"4H 4H", "QH"}
    one = COMMANDS["throw"]({**CTX, "preset": "tractor", "hand": "QH 4H 4H 3C",
                             "others": {"W": "KH", "S": "2H", "E": "2C"}, "play": "QH 4H 4H"})
    assert one["forced"] == "QH" and one["penalty"] == 20 and one["chooser"] is None and not one["choices"]
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
    assert out["trump"][:4] == ["RJ", "BJ", "2H", "2S 2D 2C"]
    assert "2♠ = 2♦ = 2♣" in out["trump_text"]
    bands = COMMANDS["bands"]({"decks": 2})["bands"]
    assert bands[3] == {**bands[3], "low": 80, "high": 115, "bankers_keep": False}
    diff = COMMANDS["rules"]({})["differences"]
    assert diff["kitty_multiplier"] == {"competition": "double", "tractor": "twice_cards"}
    sizes = COMMANDS["rules"]({"decks": 3})
    assert (sizes["hand_size"], sizes["kitty"], sizes["threshold"], sizes["band"]) == (39, 6, 120, 60)
    assert sizes["rules"]["decks"] == 3 and sizes["summary"].startswith("With three decks: 162 cards")


def test_kitty_and_turn_kitty_and_points() -> None:
    assert COMMANDS["kitty"]({"preset": "tractor", "kitty_points": 25, "last_trick_cards": 5})["bonus"] == 250
    out = COMMANDS["turn_kitty"]({"preset": "tractor", "trump_rank": "7", "kitty": "9C 7H 2S"})
    assert out["trump_suit"] == "H"
    assert COMMANDS["points"]({"cards": "5H 10S KD"})["points"] == 25


@pytest.mark.parametrize(("command", "fields", "error", "words"), [
    ("legal", {"hand": "10S 10S 10S", "table": "4H"}, InvalidPositionError, "only 2 copies"),
    ("legal", {"hand": "KH", "table": "4H 4C"}, InvalidPositionError, "mixes suits"),
    ("legal", {"hand": "KH", "table": "4H", "trump_rank": "BJ"}, InvalidRequestError, "not a level"),
    ("legal", {"hand": "KH", "table": "4H", "trump_rank": "1"}, ValueError, "'1'"),
    ("legal", {"hand": "KH", "table": "4H 4H"}, InvalidPositionError, "only 1"),
    ("legal", {"hand": "KH", "table": "4H", "lead": "4H"}, InvalidRequestError, "say the same thing"),
    ("legal", {"hand": "KH", "table": "4H", "others": {"Q": "2C"}}, InvalidRequestError, "not a seat"),
    ("legal", {"hand": "KH", "table": "4H", "trump_suit": "X"}, InvalidRequestError, "trump_suit"),
    ("throw", {"hand": "QH 3C", "others": {"W": "KH"}, "play": "QH 4H 4H"}, InvalidPositionError,
     "not in the leader's hand"),
    ("throw", {"hand": "QH 4H 4H", "others": {"W": "KH"}, "play": "QH 4H 4H", "lead": "3H"}, InvalidRequestError,
     "the position's lead must be empty"),
    ("legal", {"hand": "KH", "table": "4H", "decks": 5}, LimitExceededError, "1..4"),
    ("legal", {"hand": "KH", "table": "4H", "preset": "house"}, UnknownNameError, "unknown preset 'house'"),
    ("legal", {"hand": "KH", "table": "4H", "color": 1}, InvalidRequestError, "unknown field"),
])
def test_bad_input_is_a_message(command, fields, error, words) -> None:
    with pytest.raises(error, match=words):
        run(command, **fields)


def test_a_follow_of_the_wrong_number_of_cards_is_a_verdict() -> None:
    out = run("check", hand="KH KH 9H", table="4H 4H", play="KH")
    assert not out["legal"] and "must play two" in out["reason"]


def test_missing_trump_suit_is_named() -> None:
    with pytest.raises(InvalidRequestError, match="trump_suit"):
        COMMANDS["legal"]({"hand": "KH", "table": "4H"})
    assert COMMANDS["legal"]({"hand": "KH 10H", "table": "4H", "trump_suit": "none", "trump_rank": "10"})[
        "detail"]["duty"] == "all_of_suit", "no trump: the 10s are trumps, K♥ the only heart"


def test_command_line_exits_2_with_one_line() -> None:
    code, out, err = run_cli("legal", "shengji", json.dumps({**CTX, "hand": "10S 10S 10S", "table": "4H"}))
    assert code == 2 and len(err.strip().splitlines()) == 1 and not out
    assert "Traceback" not in err and "only 2 copies" in err


def test_every_command_has_a_schema() -> None:
    for name in COMMANDS:
        schema = cli_json("schema", "shengji", name)
        assert schema["command"] == name and schema["request"]["$ref"].startswith("#/$defs/")
    legal_schema = cli_json("schema", "shengji", "legal")["request"]["$defs"]["LegalRequest"]["properties"]
    assert legal_schema["lead"]["deprecated"] and "table" in legal_schema


def test_playout_plays_a_later_round_from_start() -> None:
    out = COMMANDS["playout"]({"seed": 2, "start": {"levels": {"NS": "5", "WE": "9"}, "starter": "W"}})
    assert out["record"]["start"] == {"levels": {"NS": "5", "WE": "9"}, "starter": "W"}
    assert out["outcome"]["data"]["banker_team"] == "WE" and "Attackers (N–S)" in out["outcome"]["summary"]
