"""AppTest of the Dou Dizhu position editor (pages/doudizhu_editor.py on ui/doudizhu_editor.py): the default
position, posing ranks by clicking with the deck's copy limits, both presets' shared links (also below the
sidebar, as the app runs the page), two readings of the play to beat, the house rules, a seeded deal with the
kitty, verdicts and the pass."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import Card
from engine.doudizhu import GAME
from tests.card_hand_testing import hand_data, names_of, press
from tests.helpers.editor_page import EditorPage, heading, ok, shown
from ui.doudizhu_editor import DouDizhuEditor
from ui.nav import preset_key
from ui.share import encode_position

ED = DouDizhuEditor()
k = ED.k
PAGE = EditorPage(ED)
editor = PAGE.open
position = PAGE.position


def ranks(text: str) -> tuple[Card, ...]:
    return tuple(GAME.deck(GAME.rules("four_player")).parse(text))


def test_opens_on_a_triplet_with_a_single_to_beat() -> None:
    at = editor()
    ok(at)
    assert heading(at) == "Every legal play (7)"
    assert list(at.dataframe[0].value["Play"])[0] == "9 9 9 3"
    assert names_of(at, k("view:table")) == ["4", "4", "4", "5"]
    press(at, k("hand"), "check", cards=ranks("9 9 9 3"))
    assert shown(at)[0].startswith("**9 9 9 3: legal.**")
    press(at, k("hand"), "pass")
    assert shown(at)[0].startswith("**a pass: legal.**")


def test_a_play_of_another_type_is_explained() -> None:
    at = editor()
    at.text_input(key=k("w:text:play")).input("3 4 5 6 7").run()
    ok(at)
    error = shown(at, "error")[0]
    assert error.startswith("**3 4 5 6 7: not legal.**") and "triplet of 4s with a 5" in error


def test_leading_a_leader_cannot_pass() -> None:
    at = editor()
    at.button(key=k("clear-table")).click().run()
    ok(at)
    assert position(at)["table"] == ""
    assert any("You lead" in m.value for m in at.markdown)
    press(at, k("hand"), "pass")
    assert any("pass" in e for e in shown(at, "error"))


def test_the_deck_offers_each_rank_as_often_as_the_decks_hold_it() -> None:
    at = editor()
    picker = hand_data(at, k("pick:hand"))
    names = [n for g in picker["groups"] for n in g["names"]]
    limits = dict(zip(names, picker["limits"], strict=True))
    assert limits["9"] == 4 and limits["4"] == 1 and limits["BJ"] == 1  # three 4s are on the table
    assert limits["5"] == 3  # the fourth 5 is on the table: a press with four 5s is refused
    press(at, k("pick:hand"), "set", cards=ranks("5 5 5 5 RJ"))
    assert position(at)["hand"] == "3 3 4 5 6 7 8 9 9 9 BJ"
    press(at, k("pick:hand"), "set", cards=ranks("6 6 6 6 RJ"))
    ok(at)
    assert position(at)["hand"] == "6 6 6 6 RJ"
    assert names_of(at, k("hand")) == ["6", "6", "6", "6", "RJ"]
    assert any(p == "6 6 6 6" for p in at.dataframe[0].value["Play"])  # a bomb beats it


def test_a_hand_of_too_many_copies_is_refused_when_typed() -> None:
    at = editor()
    at.text_input(key=k("w:text:hand")).input("3 3 3 3 3").run()
    ok(at)
    assert any("3 appears 5 times" in e for e in shown(at, "error"))
    assert position(at)["hand"] == "3 3 4 5 6 7 8 9 9 9 BJ"


def test_an_impossible_table_disables_saving() -> None:
    at = editor()
    at.button_group(key=k("w:part")).set_value("table").run()
    press(at, k("pick:table"), "set", cards=ranks("3 4"))
    ok(at)
    assert any("is no combination" in e for e in shown(at, "error"))
    assert at.get("download_button")[0].proto.disabled


def test_two_readings_of_the_play_to_beat() -> None:
    at = editor({"preset": "three_player", "options": {"distinct_kickers": False},
                 "hand": "7 7 7 8 8 8 9 9 9 10 10 10", "previous": "3 3 3 4 4 4 5 5 5 6 6 6"})
    ok(at)
    radio = at.radio(key=k("w:reading"))
    assert len(radio.options) == 2 and radio.value == "airplane"
    assert list(at.dataframe[0].value["Play"]) == ["7 7 7 8 8 8 9 9 9 10 10 10"]
    radio.set_value("airplane_singles").run()
    assert position(at)["table_as"] == "airplane_singles"
    assert heading(at) == "Every legal play (1)"
    assert list(at.dataframe[0].value["Play"]) == ["8 8 8 9 9 9 10 10 10 7 7 7"]


def test_house_rules_go_into_the_position_and_some_are_fixed_with_four_players() -> None:
    at = editor()
    at.toggle(key=k("w:option:jokers_as_kickers")).set_value(True).run()
    ok(at)
    assert position(at)["options"] == {"jokers_as_kickers": True}
    four = editor({"preset": "four_player", "hand": "3 3 3 3 3", "table": ""})
    fixed = [t for t in four.toggle if t.key and t.key.startswith(k("w:option:")) and t.disabled]
    assert fixed, "four players fix some house rules"


def test_a_seeded_deal_with_the_kitty() -> None:
    at = editor()
    at.toggle(key=k("w:kitty")).set_value(True).run()
    at.button(key=k("deal")).click().run()
    ok(at)
    assert len(position(at)["hand"].split()) == 20 and position(at)["table"] == ""


def test_pasted_json_of_the_other_preset_sets_the_sidebar() -> None:
    at = editor()
    at.text_area(key=k("paste")).input(json.dumps({"preset": "four_player", "hand": "3 3 3 3 3 7 7 7 7 BJ BJ",
                                                   "table": "8 8 8 8"})).run()
    at.button(key=k("load")).click().run()
    ok(at)
    assert at.session_state[preset_key("doudizhu")] == "four_player"
    assert list(at.dataframe[0].value["Play"]) == ["3 3 3 3 3"]


def test_every_example_loads() -> None:
    at = editor()
    for i, name in enumerate(ED.examples):
        at.button(key=k(f"example:{i}")).click().run()
        ok(at)
        assert not [e for e in shown(at, "error") if not e.startswith("**")], name
        assert f"Loaded the example “{name}”." in shown(at)


def _editor_below_the_sidebar(page: str) -> None:
    """The editor as the app runs it: the sidebar's preset box drawn first (as ui.nav.run_app does), then the page."""
    import runpy

    import streamlit as st

    from ui import nav

    names = nav.presets("doudizhu")
    pending = st.session_state.pop(nav._pending_key("doudizhu"), None)
    if pending in names:
        st.session_state[nav.preset_key("doudizhu")] = pending
    with st.sidebar:
        st.selectbox("Rule preset", list(names), key=nav.preset_key("doudizhu"))
    runpy.run_path(page)


@pytest.mark.parametrize(("position", "header"), [
    ({"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5"}, "Every legal play (7)"),
    ({"preset": "four_player", "hand": "3 3 3 3 3 7 7 7 7 BJ BJ", "previous": "8 8 8 8"}, "Every legal play (1)"),
    ({"preset": "three_player", "options": {"distinct_kickers": False}, "hand": "7 7 7 8 8 8 9 9 9 10 10 10",
      "previous": "3 3 3 4 4 4 5 5 5 6 6 6", "previous_as": "airplane_singles"}, "Every legal play (1)"),
])
def test_a_shared_editor_link_of_each_preset_opens_below_the_sidebar(position: dict, header: str) -> None:
    at = AppTest.from_function(_editor_below_the_sidebar, args=(str(PAGE.path),), default_timeout=180)
    at.query_params["pos"] = encode_position(position)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state[preset_key("doudizhu")] == position["preset"]
    assert at.selectbox(key=preset_key("doudizhu")).value == position["preset"]
    assert heading(at) == header
    assert not [e for e in shown(at, "error") if not e.startswith("**")], [e.value for e in at.error]
