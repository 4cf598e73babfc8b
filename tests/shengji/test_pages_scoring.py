"""AppTest of the Shengji scoring explorer (a small simulation), and the re-scoring of simulated rounds."""

import base64
import json

import numpy as np
import pandas as pd
from streamlit.testing.v1 import AppTest

from engine.shengji import make_rules
from tests.conftest import ROOT
from ui import shengji_scoring as ui


def scoring(rounds: int = 20) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "shengji_scoring.py"), default_timeout=180)
    at.session_state[ui.KEY + "init"] = True
    for key, value in {ui.DECKS: 2, ui.THRESHOLD: 80, ui.BAND: 40, ui.KITTY_POINTS: 20, ui.ROUNDS: rounds,
                       ui.SEED: 1, ui.BOTS: "random"}.items():
        at.session_state[key] = value
    return at.run()


def values(array: list | dict) -> list:
    """A plotly JSON array: a list, or numpy data as ``{"dtype": …, "bdata": base64}``."""
    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"]).tolist()
    return list(array)


def xy(trace: dict) -> dict:
    return dict(zip(values(trace["x"]), values(trace["y"]), strict=True))


def chart_specs(at: AppTest) -> list[dict]:
    return [json.loads(c.proto.spec) for c in at.get("plotly_chart")]


def test_page_draws_every_chart_from_a_small_simulation() -> None:
    at = scoring()
    assert not at.exception, [e.value for e in at.exception]
    specs = chart_specs(at)
    assert len(specs) == 6
    table, explored, kitty, dist, keep, effect = specs
    assert {t["name"] for t in table["data"]} == {"1 deck", "2 decks", "3 decks", "4 decks"}
    two = next(t for t in table["data"] if t["name"] == "2 decks" and t["xaxis"] == "x")
    steps = xy(two)
    assert steps[0] == 3 and steps[35] == 2 and steps[75] == 1 and steps[80] == 0 and steps[120] == -1
    assert {t["name"] for t in kitty["data"]} == {"competition: × 2", "tractor: × 2 × cards"}
    tractor = next(t for t in kitty["data"] if t["name"].startswith("tractor"))
    assert xy(tractor)[5] == 20 * 10  # five cards each: × 10
    assert sum(len(values(t["x"])) for t in dist["data"]) == 40  # 20 rounds per preset
    kept = values(next(t for t in keep["data"] if t["name"] == "competition")["y"])
    assert kept[0] <= kept[-1] == 100
    assert {t["name"] for t in effect["data"]} <= set(ui.OUTCOME_ORDER)
    summary = next(d.value for d in at.dataframe if "rounds" in d.value.columns)
    assert set(summary["rounds"]) == {20} and set(summary["preset"]) == {"competition", "tractor"}


def test_threshold_slider_rescores_without_replaying() -> None:
    at = scoring()
    at.slider(key=ui.THRESHOLD).set_value(120).run()
    assert not at.exception
    explored = chart_specs(at)[1]
    mine = next(t for t in explored["data"] if t["name"] == "your table")
    assert xy(mine)[100] == 1  # under 120 with bands of 40: bankers +1
    keep = chart_specs(at)[4]
    assert any("your threshold 120" in a.get("text", "") for a in keep["layout"]["annotations"])
    at.button(key=ui.KEY + "reset").click().run()
    assert at.slider(key=ui.THRESHOLD).value == 80 and at.slider(key=ui.BAND).value == 40


def test_decks_reset_the_table_for_that_many_decks() -> None:
    at = scoring(rounds=20)
    at.radio(key=ui.DECKS).set_value(3).run()
    assert not at.exception
    assert at.slider(key=ui.THRESHOLD).value == 120 and at.slider(key=ui.BAND).value == 60


def test_rescore_uses_the_columns() -> None:
    frame = pd.DataFrame({"trick_points": [60, 60, 60, 0], "penalty": [0, 0, -10, 0], "kitty_points": [10, 10, 0, 5],
                          "attackers_won_last": [True, False, True, True], "last_trick_cards": [3, 3, 1, 1],
                          "last_trick_largest": [2, 2, 1, 1]})
    rules = make_rules("competition")
    double = ui.rescore(frame, rules)
    assert list(double["points"]) == [80, 60, 50, 10]
    assert list(double["outcome"]) == ["bank passes", "bankers +1", "bankers +1", "bankers +2"]
    assert list(ui.rescore(frame, rules, "twice_cards")["points"]) == [120, 60, 50, 10]
    assert list(ui.rescore(frame, rules, "power_of_two")["points"]) == [100, 60, 50, 10]
    assert list(ui.rescore(frame, rules, "none")["points"]) == [60, 60, 50, 0]
    lower = ui.rescore(frame, make_rules("competition", {"threshold": 60, "band": 20}))
    assert list(lower["outcome"]) == ["attackers +1", "bank passes", "bankers +1", "bankers +2"]


def test_band_rows_say_who_banks_next() -> None:
    rows = ui.band_rows(make_rules("competition", {"decks": 1}))
    assert rows[0] == {"attackers' points": "0", "result":
                       "no points for the attackers: the bankers go up three levels",
                       "who banks next": "the bankers again (the starter's partner starts)"}
    assert [r["attackers' points"] for r in rows[:5]] == ["0", "5–15", "20–35", "40–55", "60–75"]
    assert rows[3]["who banks next"].startswith("the attackers")
