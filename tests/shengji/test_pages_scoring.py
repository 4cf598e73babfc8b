"""AppTest of the Shengji scoring explorer: it draws at once from the shipped default rounds (nothing simulated on
load, on a slider step or on a change of decks), a bigger run starts only from its Run button and keeps the
learner's sliders when it is done; and the re-scoring of simulated rounds."""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from concurrent.futures import Future
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

from engine.shengji import level_change, make_rules, score_hand
from tests.conftest import ROOT
from ui import shengji_scoring as ui
from ui import simulation

CHARTS = ("kitty", "level", "distribution", "keep", "kitty-effect")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int, dict[str, Any]]]]:
    """No simulation may run in the page's thread; a started run is recorded and finishes at once with rows made
    from the shipped defaults (so no process pool is needed)."""
    calls: list[tuple[int, int, dict[str, Any]]] = []

    def no_simulation(*args: object, **kwargs: object) -> pd.DataFrame:
        raise AssertionError(f"the page simulated on its own: {args}")

    def start(self: simulation.Runner, game: str, games: int, seed: int, options: dict[str, Any]) -> simulation.Job:
        calls.append((games, seed, dict(options)))
        base = simulation.quick_frame(game, ui.QUICK_ROUNDS, ui.QUICK_SEED, ui.sim_options(options["preset"],
                                                                                            "random", 2))
        rows = pd.concat([base] * (games // len(base) + 1)).head(games).to_dict("records")
        done: Future[list[dict[str, Any]]] = Future()
        done.set_result(rows)
        key = simulation._key(game, games, seed, options)
        job = simulation.Job(key, games, [(games, done)])
        self.jobs[key] = job
        return job

    monkeypatch.setattr(simulation, "_compute", no_simulation)
    monkeypatch.setattr(simulation.Runner, "start", start)
    simulation.runner().jobs.clear()
    yield calls
    simulation.runner().jobs.clear()
    store, _ = simulation._store()
    for key in [k for k in store if k[0] == "shengji" and k[1] != ui.QUICK_ROUNDS]:
        del store[key]


def scoring() -> AppTest:
    return AppTest.from_file(str(ROOT / "pages" / "shengji_scoring.py"), default_timeout=60).run()


def values(array: list | dict) -> list:
    """A plotly JSON array: a list, or numpy data as ``{"dtype": …, "bdata": base64}``."""
    if isinstance(array, dict):
        return np.frombuffer(base64.b64decode(array["bdata"]), dtype=array["dtype"]).tolist()
    return list(array)


def xy(trace: dict) -> dict:
    return dict(zip(values(trace["x"]), values(trace["y"]), strict=True))


def charts(at: AppTest) -> dict[str, dict]:
    specs = {c.proto.id: json.loads(c.proto.spec) for c in at.get("plotly_chart")}
    assert len(specs) == len(CHARTS), "one figure per chart, none drawn twice"
    return dict(zip(CHARTS, specs.values(), strict=True))


def titles(spec: dict) -> list[str]:
    return [a["text"] for a in spec["layout"].get("annotations", [])]


def rounds_per_panel(spec: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for trace in spec["data"]:
        axis = trace.get("xaxis", "x")
        out[axis] = out.get(axis, 0) + int(sum(values(trace["y"])))
    return out


def test_page_draws_every_chart_at_once_from_the_defaults(started: list) -> None:
    at = scoring()
    assert not at.exception, [e.value for e in at.exception]
    assert not started
    c = charts(at)
    mine = next(t for t in c["level"]["data"] if t["name"] == "your table")
    levels = xy(mine)
    assert levels[0] == 3 and levels[35] == 2 and levels[75] == 1 and levels[80] == 0 and levels[120] == -1
    assert [t["name"] for t in c["level"]["data"]] == ["your table"], "the default table is drawn once"

    competition, tractor = c["kitty"]["data"]
    assert xy(tractor)[5] == 20 * 10  # five cards each: × 10
    assert set(xy(competition).values()) == {40}
    labels = [t for trace in (competition, tractor) for x, t in zip(values(trace["x"]), trace["text"],
                                                                   strict=True) if x == 1 and t]
    assert labels == ["× 2"], "× 2 is written once at one card"

    assert rounds_per_panel(c["distribution"]) == {"x": 200, "x2": 200}
    assert titles(c["distribution"]) == ["<b>Chinese competition rules: threshold 80</b>",
                                         "<b>Tractor house rules: threshold 80</b>"]
    kept = values(c["keep"]["data"][0]["y"])
    assert kept[0] <= kept[-1] == 100
    assert {t["name"] for t in c["kitty-effect"]["data"]} <= set(ui.OUTCOME_ORDER)
    stacks: dict[tuple[str, str], list[float]] = {}
    for trace in c["kitty-effect"]["data"]:
        for rule, share in zip(trace["y"], values(trace["x"]), strict=True):
            stacks.setdefault((trace.get("xaxis", "x"), rule), []).append(share)
    for axis in {a for a, _ in stacks}:
        bars = [tuple(v) for (a, _), v in stacks.items() if a == axis]
        assert len(set(bars)) == len(bars), "kitty rules with the same results share one bar"

    summary = at.table[0].value
    assert list(summary.columns) == ["Chinese competition rules", "Tractor house rules"]
    assert list(summary.loc["rounds"]) == ["200", "200"]


def test_every_figure_is_a_valid_plotly_figure(started: list) -> None:
    at = scoring()
    at.slider(key=ui.THRESHOLD).set_value(135).run()
    for name, spec in charts(at).items():
        try:
            go.Figure(spec)  # validates every property
        except ValueError as error:
            raise AssertionError(f"the {name} chart: {error}") from error


def test_threshold_slider_rescores_without_replaying(started: list) -> None:
    at = scoring()
    at.slider(key=ui.THRESHOLD).set_value(120).run()
    assert not at.exception and not started
    c = charts(at)
    mine = next(t for t in c["level"]["data"] if t["name"] == "your table")
    assert xy(mine)[100] == 1  # under 120 with bands of 40: bankers +1
    assert len(c["level"]["data"]) == 2, "the rule set's own table, dashed, once yours differs"
    assert "your threshold 120" in titles(c["keep"])
    assert all("threshold 120" in t for t in titles(c["distribution"]))
    at.button(key=ui.KEY + "reset").click().run()
    assert at.slider(key=ui.THRESHOLD).value == 80 and at.slider(key=ui.BAND).value == 40


def test_decks_reset_the_table_and_simulate_nothing(started: list) -> None:
    at = scoring()
    at.radio(key=ui.DECKS).set_value(3).run()
    assert not at.exception and not started
    assert at.slider(key=ui.THRESHOLD).value == 120 and at.slider(key=ui.BAND).value == 60
    assert not any(b.key == ui.KEY + "run" for b in at.button), "the three-deck defaults are shipped: nothing waits"
    assert at.get("plotly_chart") and rounds_per_panel(charts(at)["distribution"]) == {"x": 200, "x2": 200}


def test_a_bigger_run_starts_on_its_button_and_keeps_the_sliders(started: list) -> None:
    at = scoring()
    at.slider(key=ui.THRESHOLD).set_value(100).run()
    at.select_slider(key=ui.ROUNDS).set_value(500).run()
    assert not at.exception and not started
    assert rounds_per_panel(charts(at)["distribution"]) == {"x": 200, "x2": 200}  # the defaults meanwhile
    assert any("the default rounds until your run is done" in c.value for c in at.caption)
    at.button(key=ui.KEY + "run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert [(games, options["preset"]) for games, _, options in started] == [(500, "competition"), (500, "tractor")]
    assert at.slider(key=ui.THRESHOLD).value == 100
    assert rounds_per_panel(charts(at)["distribution"]) == {"x": 500, "x2": 500}
    assert all("threshold 100" in t for t in titles(charts(at)["distribution"]))
    assert not any(b.key == ui.KEY + "run" for b in at.button)
    again = scoring()  # another session finds the finished run
    again.select_slider(key=ui.ROUNDS).set_value(500).run()
    assert rounds_per_panel(charts(again)["distribution"]) == {"x": 500, "x2": 500}
    assert len(started) == 2


def test_a_run_in_progress_shows_its_progress_and_cancels(started: list, monkeypatch: pytest.MonkeyPatch) -> None:
    def pending(self: simulation.Runner, game: str, games: int, seed: int, options: dict[str, Any]) -> simulation.Job:
        key = simulation._key(game, games, seed, options)
        job = simulation.Job(key, games, [(100, Future()) for _ in range(games // 100)])
        self.jobs[key] = job
        return job

    monkeypatch.setattr(simulation.Runner, "start", pending)
    at = scoring()
    at.select_slider(key=ui.ROUNDS).set_value(1000).run()
    at.button(key=ui.KEY + "run").click().run()
    assert not at.exception, [e.value for e in at.exception]
    bars = [p.proto.text for p in at.get("progress")]
    assert bars == ["Simulating 0 of 1,000 rounds of Chinese competition rules on "
                    f"{simulation.runner().workers} {'core' if simulation.runner().workers == 1 else 'cores'}…",
                    bars[0].replace("Chinese competition", "Tractor house")]
    assert not any(b.key == ui.KEY + "run" for b in at.button)
    assert rounds_per_panel(charts(at)["distribution"]) == {"x": 200, "x2": 200}
    at.button(key=ui.KEY + "cancel").click().run()
    assert not at.exception
    assert not at.get("progress") and not simulation.runner().jobs
    assert any(b.key == ui.KEY + "run" for b in at.button)


def test_heuristic_bots_on_three_decks_wait_for_their_run(started: list) -> None:
    at = scoring()
    at.radio(key=ui.DECKS).set_value(3).run()
    at.radio(key=ui.BOTS).set_value("heuristic").run()
    assert not at.exception and not started
    assert any(b.key == ui.KEY + "run" for b in at.button)
    assert any("random bots" in c.value and "until your run is done" in c.value for c in at.caption)


def test_the_sliders_survive_a_visit_to_another_page(started: list) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60).run()
    at.switch_page("pages/shengji_scoring.py").run()
    at.radio(key=ui.DECKS).set_value(3).run()
    at.slider(key=ui.THRESHOLD).set_value(150).run()
    at.slider(key=ui.KITTY_POINTS).set_value(45).run()
    at.switch_page("pages/cards.py").run()
    assert ui.THRESHOLD not in at.session_state  # Streamlit dropped the widget's value
    at.switch_page("pages/shengji_scoring.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert (at.radio(key=ui.DECKS).value, at.slider(key=ui.THRESHOLD).value, at.slider(key=ui.KITTY_POINTS).value
            ) == (3, 150, 45)


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


@pytest.mark.parametrize(("preset", "decks", "threshold", "band", "kitty"), [
    ("competition", 2, 80, 40, None), ("tractor", 2, 55, 15, None), ("tractor", 3, 200, 25, "power_of_two"),
    ("competition", 1, 5, 5, "none")])
def test_rescore_agrees_with_score_hand_round_by_round(preset: str, decks: int, threshold: int, band: int,
                                                       kitty: str | None) -> None:
    frame = simulation.quick_frame("shengji", ui.QUICK_ROUNDS, ui.QUICK_SEED, ui.sim_options(preset, "random", decks))
    rules = make_rules(preset, {"decks": decks, "threshold": threshold, "band": band})
    scoring_rules = rules if kitty in (None, "none") else make_rules(
        preset, {"decks": decks, "threshold": threshold, "band": band, "kitty_multiplier": kitty})
    fast = ui.rescore(frame, rules, kitty)
    for row, points, outcome in zip(frame.itertuples(), fast["points"], fast["outcome"], strict=True):
        slow = score_hand(scoring_rules, trick_points=row.trick_points, kitty_points=row.kitty_points,
                          last_trick_cards=row.last_trick_cards,
                          attackers_won_last=bool(row.attackers_won_last) and kitty != "none", starter=0,
                          penalty=row.penalty, largest_combo=row.last_trick_largest)
        assert points == slow.attacker_points
        assert outcome == ui.outcome(slow.attacker_points, rules)
        assert level_change(points, rules).bankers_keep == slow.change.bankers_keep


def test_band_rows_say_who_banks_next() -> None:
    rows = ui.band_rows(make_rules("competition", {"decks": 1}))
    assert rows[0] == {"attackers' points": "0", "result":
                       "no points for the attackers: the bankers go up three levels",
                       "who banks next": "the bankers again (the starter's partner starts)"}
    assert [r["attackers' points"] for r in rows[:5]] == ["0", "5–15", "20–35", "40–55", "60–75"]
    assert rows[3]["who banks next"].startswith("the attackers")
