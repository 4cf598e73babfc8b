"""A Thirteen match as the whole game of engine.match: the previous winner leads the next game, the match ends
after "Games in a match" games or at the "Points target", and it is watched, replayed and scored in words."""

from __future__ import annotations

import pytest

from engine.driver import play_out, replay
from engine.match import whole_game
from engine.sim import simulate_rows
from engine.table import Record
from engine.thirteen import GAME, match_totals
from engine.thirteen.order import cards_of

WHOLE = {"whole": True}
MATCH = whole_game(GAME)


def _match(seed: int, preset: str = "seed", **options: object):  # type: ignore[no-untyped-def]
    rules = GAME.rules(preset, options or None)
    return play_out(GAME, rules, seed, "heuristic", preset=preset, options=options or None, start=WHOLE)


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_each_later_game_is_led_by_the_previous_winner_freely(seed: int) -> None:
    _, final = _match(seed)
    games = final.finished
    assert len(games) == 5 and final.over
    first = games[0]
    assert cards_of(first.dealt[first.leader] & -first.dealt[first.leader])[0].text == "3S"
    for before, after in zip(games, games[1:], strict=False):
        assert after.leader == before.finished[0], "the winner of the game before leads"
    # the first play of a later game need not contain 3♠: that game's deal starts with a free lead
    later = GAME.new_game(GAME.rules(), 5, {"leader": "E"})
    assert later.turn == 1 and later.must == 0


def test_a_match_is_the_number_of_games_the_option_says_and_scores_their_sum() -> None:
    _, final = _match(3, match_games=2, players=3)
    assert len(final.finished) == 2
    totals = match_totals(GAME.rules("seed", {"match_games": 2, "players": 3}), final.finished)
    assert MATCH.returns(final) == tuple(float(t) for t in totals)
    assert sum(totals) == 2 * (2 + 1 + 0), "places score 2/1/0 with three players"


@pytest.mark.parametrize("target", [6, 10, 21])
def test_a_points_target_ends_the_match_when_one_player_reaches_it_alone(target: int) -> None:
    rules = GAME.rules("seed", {"match_target": target})
    _, final = _match(4, match_target=target)
    totals = match_totals(rules, final.finished)
    assert max(totals) >= target and sorted(totals)[-1] > sorted(totals)[-2]
    before = match_totals(rules, final.finished[:-1])
    assert max(before) < target or sorted(before)[-1] == sorted(before)[-2], "it did not end a game too late"
    outcome = MATCH.outcome(final)
    assert outcome is not None
    from engine.words import count

    assert f"reaches {count(max(totals), 'point')} and wins the match" in outcome.summary


def test_the_match_replays_from_its_record_and_says_how_it_came_out() -> None:
    record, final = _match(9, "pagat", scoring="cards", match_games=3)
    assert record.start == WHOLE
    states, steps = replay(GAME, Record.from_json(record.to_json()))
    assert states[-1] == final
    dealt = [s for s in steps if "Hand 2 is dealt" in s.comment]
    assert len(dealt) == 1 and dealt[0].chapter.startswith("Hand 1")
    assert steps[-1].chapter.startswith("Hand 3")
    outcome = MATCH.outcome(final)
    assert outcome is not None
    assert outcome.summary.endswith(".") and "after three games" in outcome.summary
    facts = dict(outcome.facts)
    assert facts["Match"] == "Match of three games" and facts["Games played"] == "3"
    assert "False" not in str(outcome.facts) and "None" not in str(outcome.facts)
    winners = facts["Winner"]
    assert winners.split(" and ")[0] in outcome.summary


def test_the_scoreboard_reads_as_a_scoreboard() -> None:
    record, final = _match(2)
    states, _ = replay(GAME, record)
    first = MATCH.view(states[0], 0).info
    board = dict(first)
    assert board["Match"] == "Game 1 of 5" and board["Points"] == "N 0, E 0, S 0, W 0"
    assert board["This game"].endswith("who was dealt 3♠, the lowest card")
    second = next(s for s in states if s.number == 2)
    board = dict(MATCH.view(second, None).info)
    winner = GAME.seat_letters(GAME.rules())[second.finished[0].finished[0]]
    assert board["Match"] == "Game 2 of 5"
    name = {"N": "North", "E": "East", "S": "South", "W": "West"}[winner]
    assert board["This game"] == f"led by {name}, the winner of game 1, freely"
    assert board["Points"].split(", ")[["N", "E", "S", "W"].index(winner)] == f"{winner} 3"
    last = dict(MATCH.view(final, None).info)
    assert "This game" not in last and last["Match"] == "Game 5 of 5"


def test_whole_matches_simulate_one_row_per_match() -> None:
    rows = simulate_rows(GAME, 6, 1, {"start": WHOLE, "match_games": 3, "bots": "random"})
    assert len(rows) == 6 and all(r["hands"] == 3 == r["games"] for r in rows)
    for row in rows:
        totals = [row[f"total_{c}"] for c in "NESW"]
        assert sum(totals) == 3 * 6 and row["winner"]
        assert sum(row[f"wins_{c}"] for c in "NESW") == 3


def test_match_options_are_checked() -> None:
    from engine.errors import InvalidRequestError

    with pytest.raises(InvalidRequestError, match=r"'match_games' \(Games in a match\) must be from 1 to 100"):
        GAME.rules("seed", {"match_games": 0})
    with pytest.raises(InvalidRequestError, match=r"Points target"):
        GAME.rules("seed", {"match_target": 10_000})
