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
    assert count == 9
    for _ in range(count - 1):
        at.button(key="euchre:lesson:index:next").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert not at.error
    assert "The joker (benny) and other house rules" in [h.value for h in at.header]


def test_scoring_page_draws_the_charts() -> None:
    at = page("scoring")
    at.session_state["euchre:scoring:hands"] = 500
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    charts = at.get("plotly_chart")
    assert len(charts) == 6
    specs = [json.loads(c.proto.spec) for c in charts]
    table = specs[0]
    assert {t["name"] for t in table["data"]} == {"with partners", "maker alone", "defender alone", "both alone"}
    heat = specs[3]["data"][0]
    assert heat["type"] == "heatmap"
    assert specs[3]["layout"]["title"]["text"] == "10 points, ahead by 2"
    at.radio(key="euchre:scoring:bots").set_value("random").run()
    assert not at.exception


def test_scoring_page_with_the_benny_preset() -> None:
    at = page("scoring")
    at.session_state["euchre:scoring:hands"] = 300
    at.session_state["sidebar:preset:euchre"] = "benny"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert len(at.get("plotly_chart")) == 6
