"""The table contract: whole games by text actions, commentary, views, records and replays."""

import json
import random

import pytest

from engine.errors import IllegalPlayError, InvalidNotationError
from engine.table import Record, ReplayError, play_out, replay
from engine.thirteen.table import TABLE


def test_a_whole_game_by_text_actions_replays_from_its_record() -> None:
    record, final = play_out(TABLE, "seed", 21, ["heuristic", "random", "heuristic", "random"])
    assert TABLE.to_act(final) is None
    data = json.loads(json.dumps(record.to_json()))
    states, steps = replay(TABLE, Record.from_json(data))
    assert states[-1].game == final.game
    assert len(steps) == len(record.actions)
    result = TABLE.result(final)
    assert result is not None and sorted(result["order"]) == sorted(TABLE.seat_names(final))
    assert sum(result["points"].values()) == 6
    assert TABLE.result(states[0]) is None


def test_commentary_names_leads_beats_passes_and_clears() -> None:
    _, final = play_out(TABLE, "seed", 3, "heuristic")
    text = " ".join(s.comment for s in final.steps)
    assert "the first play of the game must contain 3♠" in final.steps[0].comment
    assert "passes, and is locked out until the table clears" in text
    assert "the table clears and" in text
    assert "Finishing order:" in final.steps[-1].comment


def test_commentary_for_a_chop() -> None:
    for seed in range(200):
        _, final = play_out(TABLE, "pagat", seed, "heuristic")
        chops = [s.comment for s in final.steps if " chops " in s.comment]
        if chops:
            assert chops[0].endswith("!") or "had passed" in chops[0]
            break
    else:
        pytest.fail("no chop in 200 heuristic games")


def test_illegal_actions_are_refused_with_the_reason() -> None:
    state = TABLE.new_hand("seed", 4)
    legal = TABLE.legal_actions(state)
    assert "pass" not in legal, "the first leader cannot pass"
    verdict = TABLE.check(state, "pass")
    assert not verdict.legal and "cannot pass" in verdict.reason
    seat = TABLE.to_act(state)
    hand = [c for c in TABLE.view(state, seat).seats[seat].cards if c is not None]
    not_three = next(c for c in hand if c.text != "3S")
    with pytest.raises(IllegalPlayError, match="must contain 3♠"):
        TABLE.apply(state, not_three.text)
    with pytest.raises(InvalidNotationError):
        TABLE.apply(state, "hello")
    with pytest.raises(ReplayError, match="step 1"):
        replay(TABLE, Record("thirteen", "seed", 4, ("pass",)))


def test_views_hide_other_hands_until_the_end() -> None:
    state = TABLE.new_hand("seed", 8)
    view = TABLE.view(state, 0)
    assert all(c is not None for c in view.seats[0].cards)
    assert all(c is None for c in view.seats[1].cards)
    teacher = TABLE.view(state, None)
    assert all(c is not None for s in teacher.seats for c in s.cards)
    assert dict(teacher.info)["Table"].startswith("empty")
    state, _ = TABLE.apply(state, TABLE.bot_action(state, "heuristic", random.Random(1)))
    view = TABLE.view(state, None)
    assert view.table and "To beat" in dict(view.info)


def test_every_listed_action_is_accepted() -> None:
    state = TABLE.new_hand("pagat", 12, {"players": 3})
    rng = random.Random(0)
    while TABLE.to_act(state) is not None:
        actions = TABLE.legal_actions(state)
        for a in actions[:20]:
            assert TABLE.check(state, a).legal, a
        state, _ = TABLE.apply(state, rng.choice(actions))
    assert TABLE.view(state, 1).phase == "over"
    assert TABLE.presets() == ("seed", "pagat")
