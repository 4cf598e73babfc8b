"""AppTest of the Dou Dizhu pages: the scoring explorer (charts read from their plotly spec) and the lessons
(every lesson opens; an exercise is judged). The position editor: test_editor_page.py."""

from __future__ import annotations

import json
import re

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from ui.nav import preset_key


def page(name: str) -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / f"doudizhu_{name}.py"), default_timeout=180)


def markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in at.markdown)


def _no_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any simulation in the page's process fail: the page must draw from the shipped quick default."""
    import ui.simulation

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the scoring page simulated on load")

    monkeypatch.setattr(ui.simulation, "_compute", refuse)
    monkeypatch.setattr(ui.simulation, "simulate", refuse)


def test_scoring_page_charts_and_calculator(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_simulation(monkeypatch)
    at = page("scoring").run()
    assert not at.exception, [e.value for e in at.exception]
    charts = at.get("plotly_chart")
    assert len(charts) == 4
    titles = [json.loads(c.proto.spec)["layout"]["title"]["text"] for c in charts]
    assert any("landlord wins" in t for t in titles) and any("win rate" in t for t in titles)
    payment = json.loads(charts[0].proto.spec)
    assert {trace["name"] for trace in payment["data"]} == {"bid 1", "bid 2", "bid 3"}
    ticks = payment["layout"]["xaxis"]["ticktext"]
    assert ticks == ["none", "×2", "×4", "×8", "×16", "×32"] and ticks.count("×2") == 1
    # named as the quick default, or as the finished run it is once another session of this process kept it
    captions = "\n".join(c.value for c in at.caption)
    assert re.search(r"Showing (the quick default: 200 hands|200 simulated hands) per player count", captions)
    assert "→ **4**" in markdown(at)
    at.radio(key="doudizhu:scoring:rockets").set_value(1).run()
    assert "→ **8**" in markdown(at)
    at.radio(key="doudizhu:scoring:winner").set_value("peasants").run()
    rows = at.dataframe[0].value
    assert list(rows["Payment"]) == [-16, 8, 8]


def test_the_spring_switch_alone_doubles() -> None:
    at = page("scoring").run()
    at.toggle(key="doudizhu:scoring:spring").set_value(True).run()
    assert "a spring (×2)" in markdown(at) and "→ **8**" in markdown(at)  # bid 2, a bomb ×2, the spring ×2
    assert list(at.dataframe[0].value["Payment"]) == [16, -8, -8]


def test_re_scoring_the_kept_hands_never_simulates(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_simulation(monkeypatch)
    at = page("scoring").run()

    def stakes() -> set[int]:
        chart = next(json.loads(c.proto.spec) for c in at.get("plotly_chart")
                     if "Final stakes" in json.loads(c.proto.spec)["layout"]["title"]["text"])
        return {int(x) for x in chart["layout"]["xaxis"]["categoryarray"]}

    assert max(stakes()) == 24, "the quick default's highest stake with three players"
    at.select_slider(key="doudizhu:scoring:cap").set_value(8).run()
    assert not at.exception, [e.value for e in at.exception]
    assert max(stakes()) == 8 and 24 not in stakes()
    average = next(m.value for m in at.markdown if m.value.startswith("Average stake"))
    assert "Springs: 0 of 400 hands" in average
    at.toggle(key="doudizhu:scoring:rescore-spring").set_value(True).run()
    assert not at.exception and max(stakes()) == 8


def test_a_bigger_run_is_offered_on_a_button(monkeypatch: pytest.MonkeyPatch) -> None:
    _no_simulation(monkeypatch)
    at = page("scoring").run()
    at.select_slider(key="doudizhu:scoring:games").set_value(1000).run()
    assert not at.exception, [e.value for e in at.exception]
    labels = [b.label for b in at.button]
    assert "Run 3 players (1,000 hands)" in labels and "Run 4 players (1,000 hands)" in labels
    assert any("until you run these 1,000 hands" in i.value for i in at.info)
    assert len(at.get("plotly_chart")) == 4, "the quick default is still drawn"


def test_the_shipped_quick_default_matches_the_engine() -> None:
    import pandas as pd

    from engine.games import game
    from engine.sim import simulate_rows
    from ui import doudizhu_scoring
    from ui.simulation import DATA, file_name

    for key, games, seed, options in doudizhu_scoring.quick_defaults():
        shipped = pd.read_parquet(DATA / file_name(key, games, seed, options))
        assert len(shipped) == games
        fresh = pd.DataFrame(simulate_rows(game(key), 6, seed, options, workers=1))
        for column in fresh.columns:
            assert list(shipped[column][:6]) == list(fresh[column]), column


def test_rescored_rows_are_the_engines_payments() -> None:
    import pandas as pd

    from engine.doudizhu import COMMANDS
    from ui import doudizhu_scoring
    from ui.simulation import DATA, file_name

    key, games, seed, options = doudizhu_scoring.quick_defaults()[0]
    frame = pd.read_parquet(DATA / file_name(key, games, seed, options))
    again = doudizhu_scoring.rescored(frame, spring=True, cap=None)
    for row in again.head(40).itertuples():
        answer = COMMANDS["score"]({"bid": row.bid, "bombs": row.bombs_played, "rockets": row.rockets_played,
                                    "winner": row.winner, "spring": bool(row.spring), "landlord": row.landlord,
                                    "options": {"spring": True}})
        assert answer["stake"] == row.stake_now and answer["landlord_payment"] == row.landlord_now


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
