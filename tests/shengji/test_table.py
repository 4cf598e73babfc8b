"""Shengji at the Table through GAME: actions as text, views per seat, records that replay."""

import random
import re
from typing import Any

import pytest

from engine.cards import InvalidNotationError
from engine.driver import play_out, replay
from engine.shengji import GAME, State, cards_text, decompose, judge_throw, parse_action
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


# ------------------------------------------------------------------------------------------------ the decisions


def _first(state: State, phase: str, bot: str = "heuristic", seed: int = 1) -> State:
    rng = random.Random(seed)
    while GAME.to_act(state) is not None and state.phase.value != phase:
        state = GAME.apply_unchecked(state, GAME.bot(bot).choose(state, rng))
    return state


def test_the_prompt_of_each_decision() -> None:
    state = new_hand("competition", 4)
    p = GAME.prompt(state)
    drawn = state.deal.order[state.drawn - 1]
    assert p.text == f"You drew {drawn.symbol_text}: declare to make {drawn.suit.symbol} trump and your team the " \
                     "bankers, or pass." and drawn in p.highlight and p.count is None
    bury = _first(state, "bury")
    p = GAME.prompt(bury)
    assert p.text.startswith("Bury eight cards face down: the eight from the kitty are marked")
    assert p.count == 8 and sorted(p.marked, key=str) == sorted(bury.kitty, key=str)
    lead = _first(bury, "play")
    assert GAME.prompt(lead).text.startswith("You lead: play a single card, a pair or a tractor")
    follow = GAME.apply_unchecked(lead, GAME.bot("heuristic").choose(lead, random.Random(1)))
    p = GAME.prompt(follow)
    seat = follow.to_act
    assert seat is not None and p.count == len(follow.trick[0])
    assert p.text.startswith(f"{GAME.seat_letters(follow.rules)[follow.leader]} led ")
    trump = follow.trump
    assert trump is not None
    led = trump.group(follow.trick[0][0])
    assert set(p.highlight) <= {c for c in follow.hands[seat] if trump.group(c) is led or trump.is_trump(c)}
    assert "The hand is over." == GAME.prompt(_first(follow, "done")).text


def test_the_name_prompt_and_the_hand_in_groups() -> None:
    r = GAME.rules("competition", {"no_declaration": "partner_names"})
    state = GAME.new_game(r, 3, {"levels": {"NS": "5", "WE": "9"}, "starter": "W"})
    while state.phase.value == "draw":
        state = GAME.apply(state, GAME.parse_action(state, "pass"))
    assert GAME.prompt(state).text == "Nobody declared: name the trump suit for your partner W, the starter."
    played = _first(new_hand("competition", 4), "play")
    seat = played.to_act
    assert seat is not None and played.trump is not None
    cards = [c for c in GAME.view(played, seat).seats[seat].cards if c is not None]
    groups = GAME.hand_groups(played, cards)
    assert groups[0][0] == "Trumps" and all(played.trump.is_trump(c) for c in groups[0][1])
    assert [c for _, g in groups for c in g] == cards, "the groups keep the hand's order"
    assert {label for label, _ in groups[1:]} <= {"♠", "♥", "♦", "♣"}
    drawing = new_hand("competition", 4)
    mine = [c for c in GAME.view(drawing, drawing.to_act).seats[drawing.to_act or 0].cards if c is not None]
    labels = [label for label, _ in GAME.hand_groups(drawing, mine)]
    assert labels[0] in ("Jokers", "2s (may be declared)")


def test_outcomes_and_facts_are_words_and_a_failed_throw_is_said_at_its_step() -> None:
    for preset in ("competition", "tractor"):
        _, final = play_out(GAME, GAME.rules(preset), 9, "heuristic")
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.summary.startswith("Attackers (")
        assert " → " in outcome.summary and outcome.summary.endswith(".")
        for label, value in outcome.facts:
            assert value and not re.search(r"\b(True|False|None)\b|[\[\]{}]", value), (label, value)
    state = _first(new_hand("competition", 2), "play")
    for seed in range(40):
        if state.to_act is not None and not state.trick:
            for action in GAME.legal_actions(state, limit=400):
                cards = GAME.action_cards(action) or ()
                if len(cards) > 1 and len(decompose(cards, state.trump, state.rules)) > 1:
                    verdict = judge_throw(cards, state.others(state.to_act), state.trump, state.rules)
                    if not verdict.stands and verdict.forced is not None:
                        after, step = GAME.step(state, action)
                        who = GAME.seat_letters(state.rules)[state.to_act]
                        assert step.comment.startswith(f"{who} throws ") and ", but the throw fails: " in step.comment
                        assert f"{who} leads {cards_text(verdict.forced, state.trump)}." in step.comment
                        return
        state = GAME.apply_unchecked(state, GAME.bot("heuristic").choose(state, random.Random(seed)))
    raise AssertionError("no failing throw was found to try")
