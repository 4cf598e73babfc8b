"""AppTest of the Euchre pages: the editor (trick, complete trick, calling, bad input, examples, JSON load,
share link), the lessons page and the scoring explorer (charts read from their plotly spec)."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from ui import euchre_editor as ed
from ui.share import encode_position

K = "euchre:editor"


def page(name: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / f"euchre_{name}.py"), default_timeout=180)


def text_of(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown) + "\n".join(h.value for h in at.subheader)


def test_editor_shows_the_issue_example_with_reasons() -> None:
    at = page("editor").run()
    assert not at.exception, [e.value for e in at.exception]
    body = text_of(at)
    assert "Legal: **Q♣ K♣**" in body
    assert "J♦ is the left bower, a heart while hearts are trump" in body
    assert "North to play" in body


def test_editor_complete_trick_shows_the_winner() -> None:
    at = page("editor").run()
    at.text_input(key=f"{K}:trick").input("9D JH AD 10D").run()
    at.selectbox(key=f"{K}:leader").set_value("N").run()
    assert not at.exception
    assert any("East wins the trick" in h.value for h in at.subheader)
    assert any("right bower" in s.value for s in at.success)


def test_editor_bad_input_is_a_message() -> None:
    at = page("editor").run()
    for trick, message in (("9C 9C", "appears 2 times"), ("8C", "not in the 24-card"), ("XY", "'XY'"),
                           ("QC", "appears 2 times in your hand and the trick"),
                           ("9S 10S JS QS KS", "at most 4 cards, not 5")):
        at.text_input(key=f"{K}:trick").input(trick).run()
        assert not at.exception
        assert any(message in e.value for e in at.error), (trick, [e.value for e in at.error])
        assert not any("field '" in e.value for e in at.error), "the learner is told about the trick, not a field"
    at.text_input(key=f"{K}:trick").input("9S").run()
    at.multiselect(key=f"{K}:out").set_value(["N", "S"]).run()
    assert any("one player of each side" in e.value for e in at.error)


def test_editor_calling_mode_and_examples() -> None:
    at = page("editor").run()
    at.radio(key=f"{K}:mode").set_value("calling").run()
    assert not at.exception
    assert any("East to call" in h.value for h in at.subheader)
    assert any("order up" in i.value for i in at.info)
    at.radio(key=f"{K}:round").set_value(2).run()
    assert "turned down in round 1" in text_of(at)
    names = [b for b in at.button if b.key and b.key.startswith(f"{K}:example:")]
    assert len(names) >= 5
    for button in names:
        at.button(key=button.key).click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert not at.error, [e.value for e in at.error]
    stuck = list(ed.EXAMPLES).index("Round 2, the dealer is stuck")
    at.button(key=f"{K}:example:{stuck}").click().run()
    assert at.session_state["sidebar:preset:euchre"] == "stick_the_dealer"
    assert "stuck" in text_of(at)
    joker = list(ed.EXAMPLES).index("The joker turned up")
    at.button(key=f"{K}:example:{joker}").click().run()
    assert at.session_state["sidebar:preset:euchre"] == "benny"
    assert any("South, the dealer, names a suit" in h.value for h in at.subheader)

def test_editor_with_the_benny() -> None:
    at = page("editor").run()
    at.text_input(key=f"{K}:trick").input("RJ").run()
    assert any("turn on the benny option" in e.value for e in at.error)
    assert any("preset **benny**" in c.value for c in at.caption)
    at.session_state["sidebar:preset:euchre"] = "benny"
    at.text_input(key=f"{K}:trick").input("9H").run()
    assert not at.exception and not at.error, [e.value for e in at.error]
    assert any("RJ J♥ J♦ A♥" in c.value for c in at.caption)
    for row, chosen in (("♠", ["AS#1"]), ("♥", []), ("♣", ["9C#1"]), ("♦", []), ("Jokers", ["RJ#1"])):
        at.button_group(key=f"{K}:hand:{row}").set_value(chosen)
    at.run()
    assert not at.error, [e.value for e in at.error]
    assert "Legal: **RJ**" in text_of(at)  # the joker is the only heart: it must follow
    assert "it is the joker, the best bower, a heart while hearts are trump" in text_of(at)
    at.text_input(key=f"{K}:trick").input("RJ 9S").run()
    assert any("appears 2 times" in e.value for e in at.error)
    # calling: a turned-up joker
    at.text_input(key=f"{K}:trick").input("9H").run()
    at.radio(key=f"{K}:mode").set_value("calling").run()
    at.selectbox(key=f"{K}:upcard").set_value("RJ").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.session_state[f"{K}:seat"] == at.session_state[f"{K}:dealer"] == "N"
    assert any("North, the dealer, names a suit" in h.value for h in at.subheader)
    assert any("before looking" in i.value for i in at.info)
    # back to the seed: the joker leaves the deck and the upcard falls back to K♥
    at.session_state["sidebar:preset:euchre"] = "seed"
    at.run()
    assert not at.exception and at.session_state[f"{K}:upcard"] == "KH"


def test_editor_loads_pasted_json_and_refuses_a_bad_one() -> None:
    at = page("editor").run()
    at.text_area(key=f"{K}:paste").input(json.dumps({"trump": "S", "hand": "AH 9S KD", "trick": "JC"})).run()
    at.button(key=f"{K}:load").click().run()
    assert at.session_state[f"{K}:trump"] == "S" and at.session_state[f"{K}:trick"] == "JC"
    assert "Legal: **9♠**" in text_of(at)
    at.text_area(key=f"{K}:paste").input(json.dumps({"trump": "S", "hand": "AH AH"})).run()
    at.button(key=f"{K}:load").click().run()
    assert any("Not loaded" in e.value and "appears 2 times" in e.value for e in at.error)
    assert at.session_state[f"{K}:trick"] == "JC"


def test_editor_reads_a_shared_link() -> None:
    at = page("editor")
    at.query_params["pos"] = encode_position({"dealer": "W", "upcard": "9D", "round": 1, "seat": "S"})
    at.run()
    assert not at.exception
    assert at.session_state[f"{K}:mode"] == "calling"
    assert any("South to call" in h.value for h in at.subheader)


def test_lessons_page_walks_every_lesson() -> None:
    at = page("lessons").run()
    assert not at.exception
    count = len(at.selectbox(key="euchre:lesson:index").options)
    assert count == 12
    for _ in range(count - 1):
        at.button(key="euchre:lesson:index:next").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert not at.error
    assert "After a thrown-in hand" in [h.value for h in at.header]


def test_scoring_page_draws_the_charts_at_once_and_simulates_only_on_run() -> None:
    at = page("scoring").run()
    assert not at.exception, [e.value for e in at.exception]
    charts = at.get("plotly_chart")
    assert len(charts) == 6
    specs = [json.loads(c.proto.spec) for c in charts]
    table = specs[0]
    assert {t["name"] for t in table["data"]} == {"with partners", "maker alone", "defender alone", "both alone"}
    heat = specs[3]["data"][0]
    assert heat["type"] == "heatmap"
    assert specs[3]["layout"]["title"]["text"] == "10 points, ahead by 2"
    assert not [b for b in at.button if b.label.startswith("Simulate")], "the quick default needs no Run"
    at.select_slider(key="euchre:scoring:hands").set_value(5000).run()
    assert not at.exception
    assert "Simulate (5,000 hands)" in [b.label for b in at.button], "a bigger run waits for its button"
    assert any("the quick default: 1,000 hands" in c.value for c in at.caption)
    at.slider(key="euchre:scoring:target").set_value(12).run()
    specs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    assert specs[3]["layout"]["title"]["text"] == "12 points, ahead by 2"
    assert specs[4]["layout"]["title"]["text"] == "First to 12"
    at.radio(key="euchre:scoring:bots").set_value("random").run()
    assert not at.exception


def test_scoring_page_with_the_benny_preset() -> None:
    at = page("scoring")
    at.session_state["sidebar:preset:euchre"] = "benny"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.get("plotly_chart")) == 6
