"""Shengji at the Table through GAME: actions as text, views per seat, records that replay."""

import random
from typing import Any

import pytest

from engine.cards import InvalidNotationError
from engine.driver import play_out, replay
from engine.shengji import GAME, State, parse_action
from engine.table import Record


def new_hand(preset: str, seed: int, start: dict[str, Any] | None = None,
             options: dict[str, Any] | None = None) -> State:
    return GAME.new_game(GAME.rules(preset, options), seed, start)


def texts(state: State, limit: int = 500) -> list[str]:
    return [GAME.action_text(a) for a in GAME.legal_actions(state, limit)]


def check(state: State, text: str) -> bool:
    return GAME.check(state, GAME.parse_action(state, text)).legal


def test_new_hand_asks_for_a_declaration_or_the_draw_goes_on() -> None:
    state = new_hand("competition", 4)
    actions = texts(state)
    assert actions[0] == "pass" and all(a.startswith("declare ") for a in actions[1:])


def test_views_hide_other_hands() -> None:
    state = new_hand("competition", 4)
    seat = GAME.to_act(state)
    mine = GAME.view(state, seat)
    assert all(c is not None for c in mine.seats[seat].cards)
    other = (seat + 1) % 4
    assert all(c is None for c in mine.seats[other].cards)
    assert all(c is not None for s in GAME.view(state, None).seats for c in s.cards)
    assert ("Drawn" in dict(mine.info)) and mine.phase == "draw"


def test_whole_round_record_replays_with_chapters() -> None:
    record, final = play_out(GAME, GAME.rules("tractor"), 9, "heuristic")
    states, steps = replay(GAME, record)
    assert states[-1] == final and GAME.outcome(final).data["attacker_points"] >= 0
    chapters = [s.chapter for s in steps]
    assert "Kitty" in chapters and "Trick 1" in chapters
    view = GAME.view(final, 0)
    assert view.phase == "done" and all(c is not None for s in view.seats for c in s.cards)


def test_bury_and_play_actions_are_card_notation() -> None:
    record, _ = play_out(GAME, GAME.rules("competition"), 2, "random")
    states, steps = replay(GAME, record)
    bury = next(s for s in steps if s.chapter == "Kitty")
    assert len(bury.action.split()) == 8 and not bury.action.startswith("bury")
    index = steps.index(bury)
    legal = texts(states[index])
    assert legal and all(check(states[index], a) for a in legal)
    hand = GAME.view(states[index], bury.seat).seats[bury.seat].cards
    assert {c for a in legal for c in a.split()} == {c.text for c in hand}


def test_every_card_of_a_legal_play_is_selectable() -> None:
    """The covering plays come first, so the page never greys out a playable card."""
    from engine.shengji import legal_plays

    record, _ = play_out(GAME, GAME.rules("competition"), 6, "random")
    states, _ = replay(GAME, record)
    for r in states[::7]:
        if r.phase.value != "play" or r.to_act is None:
            continue
        pos = r.position()
        every = {c.text for p in legal_plays(pos, None).plays for c in p}
        listed = {c for a in texts(r, limit=40) for c in a.split()}
        assert every == listed


def test_later_round_options() -> None:
    r = new_hand("competition", 3, {"levels": {"NS": "5", "WE": "9"}, "starter": "W"})
    assert r.fixed_starter == 1 and r.trump_rank.text == "9"
    with pytest.raises(ValueError, match="seat"):
        new_hand("competition", 3, {"starter": "X"})
    with pytest.raises(ValueError, match="decks"):
        new_hand("competition", 3, options={"decks": 7})


def test_parse_action_errors() -> None:
    state = new_hand("competition", 4)
    with pytest.raises(InvalidNotationError):
        parse_action(state, "declare")
    with pytest.raises(InvalidNotationError):
        parse_action(state, "")
    assert parse_action(state, "pass") is not None
    assert check(new_hand("competition", 4), "declare 3C") is False


def test_bot_actions_are_legal() -> None:
    rng = random.Random(1)
    state = new_hand("tractor", 12)
    for _ in range(300):
        if GAME.to_act(state) is None:
            break
        action = GAME.bot("random").choose(state, rng)
        assert GAME.check(state, action).legal, GAME.action_text(action)
        state, _ = GAME.step(state, action)
    Record("shengji", "tractor", 12).to_json()


def test_the_table_page_names_a_clockwise_records_seats_in_its_turn_order() -> None:
    """A loaded record with ``turn_order = clockwise``: the commentary names the seats as the engine does."""
    import json

    from streamlit.testing.v1 import AppTest

    from tests.conftest import ROOT

    record, final = play_out(GAME, GAME.rules("competition", {"turn_order": "clockwise"}), 5, "heuristic",
                             options={"turn_order": "clockwise"})
    key = "shengji:table:"
    at = AppTest.from_file(str(ROOT / "pages" / "shengji_table.py"), default_timeout=120).run()
    at.text_area(key=f"{key}paste").input(json.dumps(record.to_json())).run()
    at.button(key=f"{key}load").click().run()
    assert not at.exception and at.success and "Loaded" in at.success[0].value
    steps = at.session_state[f"{key}watch"].steps
    number, step = next((n, s) for n, s in enumerate(steps, start=1) if s.seat == 1)
    assert GAME.seat_letters(GAME.rules_of(final))[1] == "E"
    lines = [m.value for m in at.markdown if m.value.startswith(f"{number}. ")]
    assert lines and f"{step.chapter} · E — " in lines[0], lines
    assert any("Turn order:** N → E → S → W" in m.value for m in at.markdown)
