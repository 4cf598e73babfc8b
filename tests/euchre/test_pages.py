"""AppTest of the Euchre pages: the lessons page and the scoring explorer (charts read from their plotly spec).
The position editor: test_editor_page.py."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT


def page(name: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / f"euchre_{name}.py"), default_timeout=180)


def text_of(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown) + "\n".join(h.value for h in at.subheader)


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
