"""The Shengji TableGame: actions as text, views per seat, records that replay."""

import random

import pytest

from engine.cards import InvalidNotationError
from engine.shengji import TABLE, parse_action
from engine.table import Record, play_out, replay


def test_new_hand_asks_for_a_declaration_or_the_draw_goes_on() -> None:
    state = TABLE.new_hand("competition", 4)
    actions = TABLE.legal_actions(state)
    assert actions[0] == "pass" and all(a.startswith("declare ") for a in actions[1:])


def test_views_hide_other_hands() -> None:
    state = TABLE.new_hand("competition", 4)
    seat = TABLE.to_act(state)
    mine = TABLE.view(state, seat)
    assert all(c is not None for c in mine.seats[seat].cards)
    other = (seat + 1) % 4
    assert all(c is None for c in mine.seats[other].cards)
    assert all(c is not None for s in TABLE.view(state, None).seats for c in s.cards)
    assert ("Drawn" in dict(mine.info)) and mine.phase == "draw"


def test_whole_round_record_replays_with_chapters() -> None:
    record, final = play_out(TABLE, "tractor", 9, "heuristic")
    states, steps = replay(TABLE, record)
    assert states[-1] == final and TABLE.result(final)["attacker_points"] >= 0
    chapters = [s.chapter for s in steps]
    assert "Kitty" in chapters and "Trick 1" in chapters
    view = TABLE.view(final, 0)
    assert view.phase == "done" and all(c is not None for s in view.seats for c in s.cards)


def test_bury_and_play_actions_are_card_notation() -> None:
    record, _ = play_out(TABLE, "competition", 2, "random")
    states, steps = replay(TABLE, record)
    bury = next(s for s in steps if s.chapter == "Kitty")
    assert len(bury.action.split()) == 8 and not bury.action.startswith("bury")
    index = steps.index(bury)
    legal = TABLE.legal_actions(states[index])
    assert legal and all(TABLE.check(states[index], a).legal for a in legal)
    hand = TABLE.view(states[index], bury.seat).seats[bury.seat].cards
    assert {c for a in legal for c in a.split()} == {c.text for c in hand}


def test_every_card_of_a_legal_play_is_selectable() -> None:
    """The covering plays come first, so the page never greys out a playable card."""
    from engine.shengji import legal_plays

    record, _ = play_out(TABLE, "competition", 6, "random")
    states, _ = replay(TABLE, record)
    for r in states[::7]:
        if r.phase.value != "play" or r.to_act is None:
            continue
        pos = r.position()
        every = {c.text for p in legal_plays(pos, None).plays for c in p}
        listed = {c for a in TABLE.legal_actions(r, limit=40) for c in a.split()}
        assert every == listed


def test_later_round_options() -> None:
    r = TABLE.new_hand("competition", 3, {"levels": {"NS": "5", "WE": "9"}, "starter": "W"})
    assert r.fixed_starter == 1 and r.trump_rank.text == "9"
    with pytest.raises(ValueError, match="seat"):
        TABLE.new_hand("competition", 3, {"starter": "X"})
    with pytest.raises(ValueError, match="decks"):
        TABLE.new_hand("competition", 3, {"decks": 7})


def test_parse_action_errors() -> None:
    state = TABLE.new_hand("competition", 4)
    with pytest.raises(InvalidNotationError):
        parse_action(state, "declare")
    with pytest.raises(InvalidNotationError):
        parse_action(state, "")
    assert parse_action(state, "pass") is not None
    assert TABLE.check(TABLE.new_hand("competition", 4), "declare 3C").legal is False


def test_bot_actions_are_legal() -> None:
    rng = random.Random(1)
    state = TABLE.new_hand("tractor", 12)
    for _ in range(300):
        if TABLE.to_act(state) is None:
            break
        action = TABLE.bot_action(state, "random", rng)
        assert TABLE.check(state, action).legal, action
        state, _ = TABLE.apply(state, action)
    Record("shengji", "tractor", 12).to_json()


def test_the_table_page_names_a_clockwise_records_seats_in_its_turn_order() -> None:
    """A loaded record with ``turn_order = clockwise``: the commentary names the seats as the engine does."""
    import json

    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    record, final = play_out(TABLE, "competition", 5, "heuristic", {"turn_order": "clockwise"})
    key = "shengji:table:"
    at = AppTest.from_file(str(ROOT / "pages" / "shengji_table.py"), default_timeout=120).run()
    at.text_area(key=f"{key}paste").input(json.dumps(record.to_json())).run()
    at.button(key=f"{key}load").click().run()
    assert not at.exception and at.success and "Loaded" in at.success[0].value
    steps = at.session_state[f"{key}watch"].steps
    number, step = next((n, s) for n, s in enumerate(steps, start=1) if s.seat == 1)
    assert TABLE.seat_names(final)[1] == "E"
    lines = [m.value for m in at.markdown if m.value.startswith(f"{number}. ")]
    assert lines and f"{step.chapter} · E — " in lines[0], lines
    assert any("Turn order:** N → E → S → W" in m.value for m in at.markdown)
