"""AppTest of the Dou Dizhu pages: the scoring explorer (charts read from their plotly spec) and the lessons
(every lesson opens; an exercise is judged). The position editor: test_editor_page.py."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from ui.nav import preset_key


def page(name: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / f"doudizhu_{name}.py"), default_timeout=180)


def markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def test_scoring_page_charts_and_calculator() -> None:
    at = page("scoring").run()
    assert not at.exception, [e.value for e in at.exception]
    charts = at.get("plotly_chart")
    assert len(charts) == 4
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts]
    assert any("landlord wins" in t for t in titles) and any("win rate" in t for t in titles)
    payment = json.loads(charts[0].proto.spec)
    assert {trace["name"] for trace in payment["data"]} == {"bid 1", "bid 2", "bid 3"}
    assert "→ **4**" in markdown(at)
    at.radio(key="doudizhu:scoring:rockets").set_value(1).run()
    assert "→ **8**" in markdown(at)
    at.radio(key="doudizhu:scoring:winner").set_value("peasants").run()
    rows = at.dataframe[0].value
    assert list(rows["Payment"]) == [-16, 8, 8]


def test_scoring_page_four_players() -> None:
    at = page("scoring")
    at.session_state[preset_key("doudizhu")] = "four_player"
    at.run()
    assert not at.exception
    at.number_input(key="doudizhu:scoring:small").set_value(2).run()
    assert "→ **2**" in markdown(at)  # bombs of 4-5 cards do not double with four players
    at.number_input(key="doudizhu:scoring:big").set_value(1).run()
    assert "→ **4**" in markdown(at)


def test_lessons_page_walks_every_lesson_and_judges_an_exercise() -> None:
    at = page("lessons").run()
    assert not at.exception, [e.value for e in at.exception]
    key = "doudizhu:lesson:index"
    titles = []
    for index in range(13):
        at.selectbox(key=key).set_value(index).run()
        assert not at.exception, (index, [e.value for e in at.exception])
        assert not at.error, (index, [e.value for e in at.error])
        titles.append(at.header[0].value)
    assert titles[0] == "The goal and the two sides" and titles[-1] == "What changes with four players"
    at.selectbox(key=key).set_value(12).run()
    at.radio(key="doudizhu:lesson:13-four-players:answer:3").set_value("Yes").run()
    assert any(s.value.startswith("Right.") and "more cards beats" in s.value for s in at.success)
