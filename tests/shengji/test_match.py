"""Whole Shengji games on engine.match: rounds climbing past the ace, with the levels, the bank and the trump rank
carried from round to round; the scoreboard and the outcome in words; the record replays."""

from __future__ import annotations

from engine.cards import Rank
from engine.command_tables import json_commands
from engine.driver import play_out, replay
from engine.match import whole_game
from engine.shengji import GAME
from engine.table import Record

COMMANDS = json_commands("shengji")

WHOLE = {"whole": True}


def test_a_whole_game_climbs_past_the_ace_carrying_levels_bank_and_trump_rank() -> None:
    rules = GAME.rules("competition")
    record, final = play_out(GAME, rules, 3, "heuristic", start=WHOLE)
    rounds = final.finished
    assert final.over and len(rounds) >= 2
    last = rounds[-1].score
    assert last is not None and last.winner is not None and last.levels[last.winner] is Rank.ACE
    for before, after in zip(rounds, rounds[1:], strict=False):
        s = before.score
        assert s is not None and s.winner is None
        assert after.levels == s.levels, "the levels carry on"
        assert after.fixed_starter == s.next_starter, "the starter follows the last result"
        assert after.banker_team == s.next_banker_team and after.trump_rank is s.levels[s.next_banker_team]
    states, steps = replay(GAME, Record.from_json(record.to_json()))
    assert states[-1] == final
    assert steps[0].chapter.startswith("Hand 1 · Drawing") and steps[-1].chapter.startswith(f"Hand {len(rounds)}")
    assert any("Hand 2 is dealt" in s.comment and "Attackers (" in s.comment for s in steps)


def test_the_scoreboard_and_the_outcome_read_as_words() -> None:
    game = whole_game(GAME)
    record, final = play_out(GAME, GAME.rules("tractor"), 5, "heuristic", start=WHOLE)
    states, _ = replay(GAME, record)
    middle = states[len(states) // 2]
    board = dict(GAME.scoreboard(GAME.rules("tractor"), middle.finished, middle.hand))
    rank = middle.hand.trump_rank.text
    assert board["Levels"] == f"NS {middle.hand.levels[0].text}, WE {middle.hand.levels[1].text} — trump rank {rank}"
    assert board["Rounds"].startswith(f"{len(middle.finished)} played")
    outcome = game.outcome(final)
    assert outcome is not None and " go past A and win the game after " in outcome.summary
    assert outcome.summary.endswith(".") and "None" not in outcome.summary and "False" not in outcome.summary
    assert dict(outcome.facts)["Winner"].endswith("past A") and outcome.data["rounds"] == len(final.finished)
    info = game.view(final, None).info
    assert [label for label, _ in info].count("Levels") == 1
    assert dict(info)["Levels"].startswith(("NS past A", "NS A, WE past A"))


def test_a_whole_game_from_the_playout_command() -> None:
    answer = COMMANDS["playout"]({"seed": 4, "start": WHOLE, "preset": "tractor"})
    assert answer["record"]["start"] == WHOLE and "win the game after" in answer["outcome"]["summary"]
    assert answer["outcome"]["data"]["winner"] in ("NS", "WE")


def test_levels_that_must_be_played_hold_a_whole_game_up() -> None:
    """With A as a level that must be played and won as bankers, the winner keeps the bank at A at the end."""
    rules = GAME.rules("competition", {"stop_ranks": ["A"]})
    _, final = play_out(GAME, rules, 3, "heuristic", start=WHOLE)
    last = final.finished[-1]
    assert last.score is not None and last.score.change.bankers_keep
    assert last.trump_rank is Rank.ACE
