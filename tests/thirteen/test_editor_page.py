"""AppTest of the Thirteen position editor (pages/thirteen_editor.py on ui/thirteen_editor.py): the default
position, posing by clicking, the game's widgets (players, locked out, first play, the twos house rule, a seeded
deal), verdicts with the engine's reasons, the examples."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.thirteen import COMMANDS
from tests.card_hand_testing import hand_data, names_of, press
from tests.helpers.editor_page import EditorPage, heading, ok, shown
from ui.thirteen_editor import ThirteenEditor

ED = ThirteenEditor()
k = ED.k
PAGE = EditorPage(ED)
editor = PAGE.open
position = PAGE.position


def test_opens_on_a_pair_to_beat_with_its_one_legal_play() -> None:
    at = editor()
    ok(at)
    assert heading(at) == "Every legal play (1)"
    assert list(at.dataframe[0].value["Play"]) == ["5♦ 5♥"]
    assert any("To beat: a pair of 4s" in m.value.replace("\\", "") for m in at.markdown)
    assert names_of(at, k("view:table")) == ["4♣", "4♦"]
    assert sorted(hand_data(at, k("hand"))["why"]) == ["0", "1", "4"]


def test_an_illegal_play_is_explained() -> None:
    at = editor()
    at.text_input(key=k("w:text:play")).input("3S 4S").run()
    ok(at)
    error = shown(at, "error")[0]
    assert error.startswith("**3♠ 4♠: not legal.**") and "pair" in error


def test_locked_out_after_a_pass() -> None:
    at = editor()
    at.toggle(key=k("w:passed")).set_value(True).run()
    ok(at)
    assert position(at)["passed"] is True
    assert heading(at) == "Every legal play (0)"
    press(at, k("hand"), "pass")
    assert any(s.startswith("**a pass: legal.**") for s in shown(at))


def test_the_first_play_must_hold_the_lowest_card() -> None:
    at = editor({"hand": "3S 4H 4D 9C", "first_lead": True})
    ok(at)
    assert any("It must contain 3♠" in m.value for m in at.markdown)
    assert hand_data(at, k("hand"))["why"].keys() == {"1", "2", "3"}  # only 3♠ is in a legal play
    at.text_input(key=k("w:text:play")).input("4H 4D").run()
    error = shown(at, "error")[0]
    assert error.startswith("**4♥ 4♦: not legal.**") and "3♠" in error


def test_three_players_and_the_twos_house_rule_go_into_the_position() -> None:
    at = editor({"hand": "KS KH AS AH 2S 2H", "table": ""})
    at.button_group(key=k("w:players")).set_value(3).run()
    ok(at)
    assert position(at)["options"] == {"players": 3}
    at.toggle(key=k("w:twos")).set_value(True).run()
    assert position(at)["options"] == {"players": 3, "twos_in_double_sequences": True}
    assert any("changed in this position" in c.value for c in at.caption)
    press(at, k("hand"), "check", cards=parse_cards("KS KH AS AH 2S 2H"))
    assert any(s.startswith("**K♠ K♥ A♠ A♥ 2♠ 2♥: legal.**") for s in shown(at))
    assert COMMANDS["legal"](position(at))["count"] > 0  # the saved JSON is what the command line reads


def test_a_seeded_deal_poses_north_s_thirteen_cards() -> None:
    at = editor()
    at.button(key=k("deal")).click().run()
    ok(at)
    data = position(at)
    assert len(data["hand"].split()) == 13 and data["table"] == ""
    assert names_of(at, k("hand"))[0] != names_of(at, k("hand"))[-1]
    assert at.number_input(key=k("w:seed")).value == 2  # the next click deals the next seed


def test_posing_the_table_by_clicking() -> None:
    at = editor()
    at.button_group(key=k("w:part")).set_value("table").run()
    press(at, k("pick:table"), "set", cards=parse_cards("9C"))
    ok(at)
    assert position(at)["table"] == "9C"
    assert heading(at) == "Every legal play (1)"
    assert list(at.dataframe[0].value["Play"]) == ["2♥"]
    press(at, k("pick:table"), "set", cards=())
    assert position(at)["table"] == ""
    assert any("You lead" in m.value for m in at.markdown)


def test_every_example_loads_without_an_error() -> None:
    at = editor()
    for i, name in enumerate(ED.examples):
        at.button(key=k(f"example:{i}")).click().run()
        ok(at)
        problems = [e for e in shown(at, "error") if not e.startswith("**")]  # a verdict may say "not legal"
        assert not problems, (name, problems)
        assert f"Loaded the example “{name}”." in shown(at)
