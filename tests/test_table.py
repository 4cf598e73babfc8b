"""The whole-hand contract (engine/table.py) for every game that implements it, and the Table page."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import Deck
from engine.games import GAMES
from engine.table import Record, ReplayError, play_out, replay
from tests.conftest import ROOT
from tests.fixtures.demo_game import TABLE as DEMO
from ui.table import action_cards, action_label, table_game
from ui.widgets import picker_state

TABLES = [DEMO] + [t for g in GAMES if (t := table_game(g)) is not None]
IDS = [t.game for t in TABLES]


def _cases():
    return [(t, preset) for t in TABLES for preset in t.presets()]


@pytest.mark.parametrize(("table", "preset"), _cases(), ids=[f"{t.game}-{p}" for t, p in _cases()])
def test_seeded_bot_hands_replay_exactly(table, preset) -> None:
    for seed in (1, 2, 3):
        for bots in ("random", "heuristic"):
            record, final = play_out(table, preset, seed, bots)
            assert record == play_out(table, preset, seed, bots)[0], "the same seed must give the same hand"
            states, steps = replay(table, Record.from_json(record.to_json()))
            assert states[-1] == final
            assert table.to_act(final) is None
            assert table.result(final) is not None
            assert len(steps) == len(record.actions)
            for step in steps:
                assert step.comment, f"{table.game}: step {step} has no commentary"


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_every_legal_action_is_accepted_and_applies(table) -> None:
    preset = list(table.presets())[0]
    record, _ = play_out(table, preset, 11, "random")
    states, _ = replay(table, record)
    for state in states[:-1][:60]:
        for action in table.legal_actions(state, limit=40):
            assert table.check(state, action).legal, (table.game, action)
            table.apply(state, action)


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_a_record_with_an_illegal_action_is_refused_with_its_step(table) -> None:
    preset = list(table.presets())[0]
    record, _ = play_out(table, preset, 5, "random")
    bad = Record(record.game, record.preset, record.seed, record.actions[:3] + ("not an action",))
    with pytest.raises(ReplayError) as info:
        replay(table, bad)
    assert info.value.step == 4
    assert "step 4" in str(info.value)


def test_record_json_is_checked() -> None:
    with pytest.raises(ValueError, match="seed"):
        Record.from_json({"game": "demo", "preset": "plain", "seed": "x", "actions": []})
    with pytest.raises(ValueError, match="unknown field"):
        Record.from_json({"game": "demo", "preset": "plain", "seed": 1, "actions": [], "extra": 1})


def test_action_text_helpers() -> None:
    assert action_cards("9C 9H") is not None
    assert action_cards("pass") is None
    assert action_cards("bid 2") is None
    assert action_label("9C") == "9♣"
    assert action_label("bid 2") == "Bid 2"


def _page(game: str):
    def page(game: str) -> None:
        from tests.fixtures.demo_game import TABLE
        from ui.table import render_table

        render_table(game, table=TABLE if game == "demo" else None)

    return AppTest.from_function(page, args=(game,), default_timeout=120)


def _walk_play_mode(at: AppTest, table, key: str) -> None:
    """Play the learner's seat to the end of the hand by clicking, as a learner would."""
    for _ in range(400):
        hand = at.session_state[f"{key}play"]
        state = hand.states[-1]
        if table.to_act(state) is None:
            return
        action = table.legal_actions(state)[0]
        cards = action_cards(action)
        if cards is None:
            at.button(key=f"{key}act:{action}").click().run()
        else:
            seat = table.to_act(state)
            mine = [c for c in table.view(state, seat).seats[seat].cards if c is not None]
            playable = {c for a in table.legal_actions(state) if (cs := action_cards(a)) for c in cs}
            pool = [c for c in mine if c in playable]
            deck = Deck.build("pool", pool, suitless=all(c.suit is None for c in pool))
            for widget, chosen in picker_state(f"{key}pick:{len(hand.steps)}", deck, cards, pool).items():
                if chosen:
                    at.button_group(key=widget).set_value(chosen)
            at.run()
            at.button(key=f"{key}play-selected").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert not at.error, [e.value for e in at.error]
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("table", TABLES, ids=IDS)
def test_table_page_watch_and_play(table) -> None:
    game = table.game
    key = f"{game}:table:"
    at = _page(game).run()
    assert not at.exception, [e.value for e in at.exception]
    total = len(at.session_state[f"{key}watch"].steps)
    assert total > 0
    at.button(key=f"{key}forward").click().run()
    assert at.session_state[f"{key}step"] == 1
    at.button(key=f"{key}last").click().run()
    assert at.session_state[f"{key}step"] == total
    assert any("Result" in m.value for m in at.markdown)
    at.button(key=f"{key}back").click().run()
    assert not at.exception
    at.selectbox(key=f"{key}view").set_value(0).run()
    assert not at.exception
    at.radio(key=f"{key}mode").set_value("Play against the computer").run()
    assert not at.exception, [e.value for e in at.exception]
    _walk_play_mode(at, table, key)
    assert any("Result" in m.value for m in at.markdown)


def test_demo_table_refuses_illegal_selection_and_undo_works() -> None:
    key = "demo:table:"
    at = _page("demo").run()
    at.radio(key=f"{key}mode").set_value("Play against the computer").run()
    at.button(key=f"{key}act:pass").click().run()
    hand = at.session_state[f"{key}play"]
    assert hand.record.actions[0] == "pass"
    at.button(key=f"{key}hint-button").click().run()
    assert any("heuristic bot would play" in m.value for m in at.info)
    at.button(key=f"{key}undo").click().run()
    assert at.session_state[f"{key}play"].record.actions == ()


def test_loading_an_illegal_record_keeps_the_table() -> None:
    import json

    key = "demo:table:"
    at = _page("demo").run()
    before = at.session_state[f"{key}watch"].record
    at.text_area(key=f"{key}paste").input(json.dumps(
        {"game": "demo", "preset": "plain", "seed": 3, "actions": ["pass", "AS", "KS", "QQ"]})).run()
    at.button(key=f"{key}load").click().run()
    assert at.error and "step" in at.error[0].value and "unchanged" in at.error[0].value
    assert at.session_state[f"{key}watch"].record == before
    record, _ = play_out(DEMO, "plain", 8, "random")
    at.text_area(key=f"{key}paste").input(json.dumps(record.to_json())).run()
    at.button(key=f"{key}load").click().run()
    assert at.success and "Loaded" in at.success[0].value
    assert at.session_state[f"{key}watch"].record == record


def test_a_shared_link_opens_the_hand_and_a_damaged_one_is_refused() -> None:
    from ui.share import encode_position

    key = "demo:table:"
    record, _ = play_out(DEMO, "plain", 9, "random")
    at = _page("demo")
    at.query_params["hand"] = encode_position(record.to_json())
    at.run()
    assert not at.exception
    assert at.session_state[f"{key}watch"].record == record
    assert at.session_state[f"{key}step"] == len(record.actions)
    at = _page("demo")
    at.query_params["hand"] = "not-a-hand"
    at.run()
    assert not at.exception
    assert at.error and "link was not loaded" in at.error[0].value


def test_a_link_to_a_hand_of_another_preset_switches_the_sidebar_preset() -> None:
    from ui.share import encode_position

    table = table_game("doudizhu")
    assert table is not None
    record, _ = play_out(table, "four_player", 4, "random")
    at = AppTest.from_file(str(ROOT / "pages" / "doudizhu_table.py"), default_timeout=120)
    at.query_params["hand"] = encode_position(record.to_json())
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state["doudizhu:table:watch"].record == record
    assert at.session_state["sidebar:preset:doudizhu"] == "four_player"
    assert any("four_player" in c.value for c in at.caption)
