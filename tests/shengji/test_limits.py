"""Impossible Shengji inputs are refused before any work, each with one clear line; the largest positions answer
within the time a class's server can afford (issue #15)."""

from __future__ import annotations

import random
import time

import pytest

from engine.cards import Rank, Suit
from engine.errors import CardTableError
from engine.shengji import COMMANDS, deck_of, make_rules
from tests.cli_helpers import run_cli


@pytest.mark.parametrize(("command", "request_", "words"), [
    ("legal", {"hand": " ".join(["AH", "KH", "QH", "JH", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H", "AS",
                                  "KS", "QS", "JS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S", "AC", "KC"]),
               "trump_suit": "S"},
     "a hand of 26 cards is more than a player holds in the tricks (25 with two decks"),
    ("score", {"attacker_points": 5000}, "'attacker_points': 5000 is more than the 200 points in play"),
    ("score", {"attacker_points": 83}, "83 points cannot happen: points come in fives"),
    ("score", {"attacker_points": 205}, "205 is more than the 200 points in play with two decks"),
    ("score", {"attacker_points": 150, "kitty_points": 60}, "150 + 60 is more than the 200 points in play"),
    ("score", {"attacker_points": 40, "kitty_points": 85}, "a kitty of eight cards holds at most 80 points"),
    ("score", {"attacker_points": 40, "penalty": -10}, "a failed throw costs nothing"),
    ("score", {"preset": "tractor", "attacker_points": 40, "penalty": -15}, "ten points for each card taken back"),
    ("kitty", {"kitty_points": 100_000}, "'kitty_points': 100000 is outside"),
    ("kitty", {"kitty_points": 90}, "a kitty of eight cards holds at most 80 points"),
])
def test_impossible_inputs_are_refused_with_one_line(command: str, request_: dict[str, object], words: str) -> None:
    with pytest.raises(CardTableError) as refused:
        COMMANDS[command](request_)
    assert words in str(refused.value)
    import json

    code, out, err = run_cli(command, "shengji", json.dumps(request_))
    assert code == 2 and not out and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_possible_scores_still_score() -> None:
    out = COMMANDS["score"]({"preset": "tractor", "attacker_points": 60, "penalty": -20})
    assert out["attacker_points"] == 40 and out["levels_up"] == 1
    assert COMMANDS["kitty"]({"kitty_points": 80})["bonus"] == 160


def _four_deck_cards(seed: int) -> list[str]:
    deck = deck_of(make_rules("competition", {"decks": 4})).cards()
    others = [c for c in deck if c.suit is not Suit.HEARTS or c.rank is Rank.TEN]
    random.Random(seed).shuffle(others)
    return [c.text for c in others]


@pytest.mark.parametrize("table", ["AH AH KH KH QH QH JH JH 9H 8H 7H 6H", ""])
def test_the_largest_positions_answer_in_time(table: str) -> None:
    """A four-deck 52-card hand void in ♥ following a 12-card throw, and leading with 52 cards: counted without
    listing, the list capped, well within 2 s of CPU."""
    hand = " ".join(_four_deck_cards(1)[:52])
    start = time.process_time()
    out = COMMANDS["legal"]({"decks": 4, "trump_rank": "10", "trump_suit": "S", "hand": hand, "table": table,
                             "limit": None})
    spent = time.process_time() - start
    assert out["count"] > len(out["plays"]) == 5000 and not out["complete"]
    assert spent < 2.0, spent
    with pytest.raises(CardTableError, match="limit"):
        COMMANDS["legal"]({"decks": 4, "trump_suit": "S", "hand": hand, "table": table, "limit": 10**9})
