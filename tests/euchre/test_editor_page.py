"""AppTest of the Euchre position editor (pages/euchre_editor.py on ui/euchre_editor.py): a trick with the reason
for every card (the left bower greyed with why), the trick posed card by card in order, a complete trick and its
winner, a lone hand, calling positions and their calls, the benny, bad input, the examples and a shared link."""

from __future__ import annotations

import json
from typing import Any

from streamlit.testing.v1 import AppTest

from engine.euchre import BENNY_DECK, COMMANDS
from tests.card_hand_testing import hand_data, names_of, press
from tests.helpers.editor_page import EditorPage, ok, shown
from ui.euchre_editor import CALLING, EuchreEditor
from ui.nav import preset_key

ED = EuchreEditor()
k = ED.k
PAGE = EditorPage(ED)
editor = PAGE.open
position = PAGE.position


def cards(text: str) -> tuple[Any, ...]:
    return tuple(BENNY_DECK.parse(text))


def text(at: AppTest) -> str:
    return "\n".join(m.value.replace("\\", "") for m in [*at.markdown, *at.subheader, *at.caption])


def test_opens_on_the_left_bower_example_with_a_reason_for_every_card() -> None:
    at = editor()
    ok(at)
    assert "North to play. Clubs were led: you must follow suit while you can." in text(at)
    assert list(at.dataframe[0].value["Card"]) == ["Q♣", "K♣"]
    drawn = names_of(at, k("hand"))
    assert drawn == ["J♦", "10♥", "A♠", "K♣", "Q♣"]  # trumps first (the left bower is one), then each suit
    why = hand_data(at, k("hand"))["why"]
    assert "J♦ is the left bower, a heart while hearts are trump" in why[str(drawn.index("J♦"))]
    assert hand_data(at, k("hand"))["limit"] == 1  # one card to a trick
    press(at, k("hand"), "check", cards=cards("KC"))
    assert shown(at)[0].startswith("**K♣: legal.**")


def test_a_greyed_card_typed_is_judged_with_the_engines_reason() -> None:
    at = editor()
    at.text_input(key=k("w:text:play")).input("JD").run()
    ok(at)
    error = shown(at, "error")[0]
    assert error.startswith("**J♦: not legal.**") and "left bower" in error


def test_the_trick_is_posed_card_by_card_and_a_complete_trick_has_a_winner() -> None:
    at = editor()
    at.button_group(key=k("w:part")).set_value("table").run()
    assert "In the order played: 9♣" in text(at)
    press(at, k("pick:table"), "add", cards=cards("JD"))
    assert position(at)["table"] == "9C"  # J♦ is in your hand: the deck has no other
    for card in ("JH", "AC", "10C"):
        press(at, k("pick:table"), "add", cards=cards(card))
        ok(at)
    assert position(at)["table"] == "9C JH AC 10C"
    assert any(s.value == "Who wins the trick" for s in at.subheader)
    assert names_of(at, k("view:trick")) == ["9♣", "J♥", "A♣", "10♣"]
    assert hand_data(at, k("view:trick"))["hl"] == {"1": 0}
    assert any(s.startswith("**North wins the trick.**") and "right bower" in s for s in shown(at))  # West led
    assert not any(s.value.startswith("Every legal play") for s in at.subheader)
    at.button(key=k("undo:table")).click().run()
    assert position(at)["table"] == "9C JH AC"


def test_a_lone_hand_has_a_three_card_trick() -> None:
    at = editor()
    at.multiselect(key=k("w:out")).set_value(["S"]).run()
    ok(at)
    assert position(at)["sits_out"] == ["S"]
    at.button_group(key=k("w:part")).set_value("table").run()
    for card in ("KS", "9H"):
        press(at, k("pick:table"), "add", cards=cards(card))
    assert position(at)["table"] == "9C KS 9H"
    assert any(s.value == "Who wins the trick" for s in at.subheader)
    press(at, k("pick:table"), "add", cards=cards("AD"))
    assert position(at)["table"] == "9C KS 9H"  # a fourth card is refused: the trick is complete
    assert any("at most 3 cards" in w for w in shown(at, "warning"))


def test_bad_input_is_a_message_and_saving_is_off() -> None:
    at = editor()
    at.button_group(key=k("w:part")).set_value("table").run()
    at.text_input(key=k("w:text:table")).input("QC").run()
    ok(at)
    assert any("appears 2 times" in e for e in shown(at, "error"))
    assert at.get("download_button")[0].proto.disabled
    at.text_input(key=k("w:text:table")).input("XY").run()
    assert any("Not changed" in e and "'XY'" in e for e in shown(at, "error"))


def test_calling_mode_judges_a_call_with_the_rule_of_thumb() -> None:
    at = editor()
    at.button_group(key=k("w:mode")).set_value(CALLING).run()
    ok(at)
    assert position(at)["upcard"] == "KH"
    assert "East to call" in text(at)
    at.button_group(key=k("w:call")).set_value("order up").run()
    assert shown(at)[0].startswith("**order up: legal.**")
    assert any("Rule of thumb" in i for i in shown(at, "info"))
    at.button_group(key=k("w:round")).set_value(2).run()
    assert position(at)["round"] == 2
    at.button_group(key=k("w:call")).set_value("name H").run()
    assert shown(at, "error")[0].startswith("**name H: not legal.**")
    # the coach advises the call: every legal call ranked, the best with its reason in points
    legal = next(line for line in text(at).splitlines() if "Legal:" in line).split("Legal: ")[1].rstrip(".")
    ask = [b for b in at.button if b.key == k("coach:run")]
    assert [b.label for b in ask] == ["What should I call?"]
    ask[0].click().run()
    ok(at)
    bars = json.loads(at.get("plotly_chart")[-1].proto.spec)["data"][0]["y"]
    assert len(bars) == len(legal.split(", "))
    best = [m.value for m in at.markdown if m.value.startswith("**Best: ")]
    assert len(best) == 1 and "points more on average than" in best[0]
    at.button_group(key=k("w:mode")).set_value("trick").run()
    assert position(at)["table"] == "9C"  # the trick posed before comes back


def test_the_joker_needs_the_benny_and_then_is_the_best_bower() -> None:
    at = editor()
    at.text_input(key=k("w:text:hand")).input("RJ AS 9C").run()
    ok(at)
    assert any("benny" in e for e in shown(at, "error"))
    assert position(at)["hand"] == "JD AS QC KC 10H"
    at.session_state[preset_key("euchre")] = "benny"
    at.run()
    ok(at)
    assert position(at)["preset"] == "benny"
    at.text_input(key=k("w:text:hand")).input("RJ AS 9C").run()
    assert position(at)["hand"] == "RJ AS 9C"
    assert "RJ J♥ J♦ A♥" in text(at)
    at.session_state[preset_key("euchre")] = "seed"
    at.run()  # back to the 24-card deck: the position with the joker is impossible, and says how to fix it
    ok(at)
    assert any("benny" in e for e in shown(at, "error"))
    assert any(w.startswith("Under the online game's rules this position cannot occur") for w in shown(at, "warning"))
    assert any("to play with the joker" in c.value for c in at.caption)
    at.session_state[preset_key("euchre")] = "benny"
    at.run()
    at.button_group(key=k("w:part")).set_value("table").run()
    at.text_input(key=k("w:text:table")).input("9H").run()
    assert list(at.dataframe[0].value["Card"]) == ["RJ"]  # the joker is the only heart: it must follow


def test_a_turned_up_joker_fixes_the_round_and_the_caller() -> None:
    at = editor({"preset": "benny", "dealer": "N", "upcard": "9D", "round": 1, "seat": "E"})
    ok(at)
    at.button_group(key=k("w:part")).set_value("upcard").run()
    press(at, k("pick:upcard"), "set", cards=cards("RJ"))
    ok(at)
    assert position(at)["seat"] == "N" and position(at)["round"] == 1
    assert "North, the dealer, names a suit." in text(at)


def test_pasted_json_with_the_older_trick_field_loads() -> None:
    at = editor()
    at.text_area(key=k("paste")).input(json.dumps({"trump": "S", "hand": "AH 9S KD", "trick": "JC"})).run()
    at.button(key=k("load")).click().run()
    ok(at)
    assert position(at)["table"] == "JC" and position(at)["trump"] == "S"
    assert list(at.dataframe[0].value["Card"]) == ["9♠"]
    assert COMMANDS["position"](position(at))["kind"] == "trick"  # the saved JSON is what the command line reads


def test_every_example_loads_and_sets_its_rules() -> None:
    at = editor()
    for i, name in enumerate(ED.examples):
        at.button(key=k(f"example:{i}")).click().run()
        ok(at)
        assert not [e for e in shown(at, "error") if not e.startswith("**")], name
    stuck = list(ED.examples).index("Round 2, the dealer is stuck")
    at.button(key=k(f"example:{stuck}")).click().run()
    assert at.session_state[preset_key("euchre")] == "stick_the_dealer"
    assert "stuck" in "\n".join(at.dataframe[0].value["Why"])


def test_a_shared_link_opens_a_calling_position() -> None:
    at = editor({"dealer": "W", "upcard": "9D", "round": 1, "seat": "S"})
    ok(at)
    assert "South to call" in text(at)
    assert at.button_group(key=k("w:mode")).value == CALLING
