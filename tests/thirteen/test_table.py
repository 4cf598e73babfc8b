"""Whole games on the contract: text actions, commentary, views, outcomes, records and replays (through
engine.driver's play_out and replay)."""

import json
import random

import pytest

from engine.driver import play_out, replay
from engine.errors import CardTableError, IllegalPlayError, InvalidNotationError, ReplayError
from engine.table import Record
from engine.thirteen import GAME, PASS


def _steps(preset: str, seed: int, bots: str = "heuristic", options: dict | None = None):
    record, _ = play_out(GAME, GAME.rules(preset, options), seed, bots, preset=preset, options=options)
    return replay(GAME, record)[1]


def test_a_whole_game_by_text_actions_replays_from_its_record() -> None:
    record, final = play_out(GAME, GAME.rules("seed"), 21, ["heuristic", "random", "heuristic", "random"])
    assert GAME.to_act(final) is None
    data = json.loads(json.dumps(record.to_json()))
    states, steps = replay(GAME, Record.from_json(data))
    assert states[-1] == final
    assert len(steps) == len(record.actions)
    outcome = GAME.outcome(final)
    assert outcome is not None and sum(outcome.returns) == 6
    assert outcome.summary.startswith(dict(outcome.facts)["Finishing order"].split(", ")[0] + " went out first")
    assert sorted(outcome.data["order"].split()) == ["E", "N", "S", "W"]
    assert GAME.outcome(states[0]) is None and GAME.returns(states[0]) == (0.0, 0.0, 0.0, 0.0)


def test_commentary_names_leads_beats_passes_and_clears() -> None:
    steps = _steps("seed", 3)
    text = " ".join(s.comment for s in steps)
    assert "the first play of the game must contain 3♠" in steps[0].comment
    assert "passes, and is locked out until the table clears" in text
    assert "the table clears and" in text
    assert steps[-1].comment.endswith("The game is over.")
    assert steps[0].chapter == "Round 1" and steps[-1].chapter.startswith("Round ")


def test_commentary_for_a_chop() -> None:
    for seed in range(200):
        chops = [s.comment for s in _steps("pagat", seed) if " chops " in s.comment]
        if chops:
            assert chops[0].endswith("!") or "had passed" in chops[0]
            break
    else:
        pytest.fail("no chop in 200 heuristic games")


def test_illegal_actions_are_refused_with_the_reason() -> None:
    state = GAME.new_game(GAME.rules("seed"), 4)
    assert PASS not in GAME.legal_actions(state), "the first leader cannot pass"
    verdict = GAME.check(state, PASS)
    assert not verdict.legal and "cannot pass" in verdict.reason
    seat = GAME.to_act(state)
    hand = [c for c in GAME.view(state, seat).seats[seat].cards if c is not None]
    not_three = next(c for c in hand if c.text != "3S")
    with pytest.raises(IllegalPlayError, match="must contain 3♠"):
        GAME.apply(state, GAME.parse_action(state, not_three.text))
    for bad in ("hello", "3S 3S"):
        with pytest.raises(InvalidNotationError):
            GAME.parse_action(state, bad)
    with pytest.raises(CardTableError, match="not in the 52-card deck"):
        GAME.parse_action(state, "BJ")
    with pytest.raises(ReplayError, match="step 1"):
        replay(GAME, Record("thirteen", "seed", 4, ("pass",)))


def test_the_same_words_for_a_pass_everywhere() -> None:
    # One legality path: the Table (GAME.check on a parsed text action) and the position check answer alike.
    state = GAME.new_game(GAME.rules("seed"), 4)
    state = GAME.apply(state, GAME.bot("heuristic").choose(state, random.Random(1)))
    from engine.thirteen.state import position_of as state_position

    words = GAME.check(state, PASS).reason
    assert words == GAME.check(state, GAME.parse_action(state, "pass")).reason
    position = state_position(state)
    request = {"hand": " ".join(c.text for c in position.hand),
               "table": " ".join(c.text for c in position.table.cards), "play": "pass"}
    assert GAME.commands["check"](request)["reason"] == words
    assert "locked out until the table clears" in words


def test_views_hide_other_hands_until_the_end() -> None:
    state = GAME.new_game(GAME.rules("seed"), 8)
    view = GAME.view(state, 0)
    assert all(c is not None for c in view.seats[0].cards)
    assert all(c is None for c in view.seats[1].cards)
    teacher = GAME.view(state, None)
    assert all(c is not None for s in teacher.seats for c in s.cards)
    assert dict(teacher.info)["Table"].startswith("empty")
    state = GAME.apply(state, GAME.bot("heuristic").choose(state, random.Random(1)))
    view = GAME.view(state, None)
    assert view.table and "To beat" in dict(view.info)


def test_every_listed_action_is_accepted_and_the_game_ends() -> None:
    state = GAME.new_game(GAME.rules("pagat", {"players": 3}), 12)
    rng = random.Random(0)
    while not GAME.is_terminal(state):
        actions = GAME.legal_actions(state)
        for a in actions[:20]:
            assert GAME.check(state, a).legal, GAME.action_text(a)
        state = GAME.apply(state, rng.choice(actions))
    assert GAME.view(state, 1).phase == "over"
    assert GAME.seat_letters(GAME.rules_of(state)) == ("N", "E", "W")


def test_an_instant_win_ends_the_game_before_any_play() -> None:
    rules = GAME.rules("seed", {"instant_wins": True})
    seed = next(s for s in range(2000) if GAME.new_game(rules, s).over)
    state = GAME.new_game(rules, seed)
    outcome = GAME.outcome(state)
    assert outcome is not None and "instant win" in outcome.summary
    assert "Instant win" in dict(GAME.view(state, None).info)


def test_a_game_by_text_actions_replays_and_refuses_a_leader_passing() -> None:
    record, final = play_out(GAME, GAME.rules("seed"), 21, ["heuristic", "random", "heuristic", "random"])
    assert GAME.to_act(final) is None and tuple(GAME.presets) == ("seed", "pagat")
    states, steps = replay(GAME, Record.from_json(record.to_json()))
    assert states[-1] == final and len(steps) == len(record.actions)
    assert [s.action for s in steps] == list(record.actions)
    outcome = GAME.outcome(final)
    assert outcome is not None and sum(outcome.returns) == 6 and GAME.outcome(states[0]) is None
    state = GAME.new_game(GAME.rules("seed"), 4)
    assert "pass" not in {GAME.action_text(a) for a in GAME.legal_actions(state)}
    with pytest.raises(IllegalPlayError, match="cannot pass"):
        GAME.apply(state, GAME.parse_action(state, "pass"))
