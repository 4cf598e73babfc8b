"""The Euchre scoring explorer's data and plotly figures: the points table (from the engine's scoring), what
seeded simulations of hands and of whole games say (their frames summarised here with pandas), the chance to
win from each score (the engine's ``win_chances``)."""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.euchre import GAME, Rules, hand_outcomes, score_hand, win_chances
from engine.sim import simulate
from ui.simulation import simulated

COLOURS = {"with partners": "#4c78a8", "maker alone": "#f58518", "defender alone": "#e45756",
           "both alone": "#72b7b2"}
SCENARIOS: dict[str, tuple[bool, bool]] = {
    "with partners": (False, False),
    "maker alone": (True, False),
    "defender alone": (False, True),
    "both alone": (True, True),
}
"""(a maker alone, a defender alone) of each line of the points chart."""
MATCH_STORE_SIZE = 16


def run_with_progress(label: str, hands: int, seed: int, options: Mapping[str, Any]) -> pd.DataFrame:
    """Seeded hands (one row each), simulated once and kept, with a progress bar while they run."""
    return simulated("euchre", hands, seed, options, label=label)


@st.cache_resource(show_spinner=False)
def _match_store() -> tuple[dict[tuple[int, int, str], pd.DataFrame], threading.Lock]:
    return {}, threading.Lock()


def run_matches(label: str, games: int, seed: int, options: Mapping[str, Any]) -> pd.DataFrame:
    """Seeded whole games to 10 (one row each), simulated once and kept, with a progress bar while they run."""
    store, lock = _match_store()
    key = (int(games), int(seed), json.dumps(dict(options), sort_keys=True, default=str))
    with lock:
        if key in store:
            return store[key]
    bar = st.empty()

    def progress(done: int, total: int) -> None:
        bar.progress(done / total if total else 1.0, text=f"{label} {done:,} / {total:,}")

    try:
        frame = simulate(GAME, int(games), int(seed), {**dict(options), "start": {"whole": True}}, progress)
    finally:
        bar.empty()
    with lock:
        while len(store) >= MATCH_STORE_SIZE:
            store.pop(next(iter(store)))
        store[key] = frame
    return frame


# ---------------------------------------------------------------------------------------------- data


def points_table() -> pd.DataFrame:
    """One row per (makers' tricks, scenario): points to the makers, to the defenders, and the makers' net."""
    rows = []
    for scenario, (alone, defender_alone) in SCENARIOS.items():
        for tricks in range(6):
            score = score_hand(tricks, alone, defender_alone)
            rows.append({"makers_tricks": tricks, "scenario": scenario, "makers": score.makers,
                         "defenders": score.defenders, "net": score.makers - score.defenders, "row": score.row})
    return pd.DataFrame(rows)


def _played(hands: pd.DataFrame) -> pd.DataFrame:
    return hands[~hands["thrown_in"]]


def euchre_by_trumps(hands: pd.DataFrame) -> pd.DataFrame:
    """By the number of trumps the maker held: hands, how often the makers were euchred, and marched."""
    grouped = _played(hands).groupby("caller_trumps")
    return pd.DataFrame({
        "hands": grouped.size(),
        "euchred": grouped["euchred"].mean(),
        "march": grouped["march"].mean(),
        "makers_points": grouped["makers_points"].mean(),
    }).reset_index()


def points_alone_vs_partner(hands: pd.DataFrame) -> pd.DataFrame:
    """Makers' average points per hand (and net of the defenders' points) alone vs with a partner."""
    played = _played(hands).assign(net=lambda d: d["makers_points"] - d["defenders_points"])
    grouped = played.groupby("maker_alone")
    out = pd.DataFrame({
        "hands": grouped.size(),
        "makers_points": grouped["makers_points"].mean(),
        "net": grouped["net"].mean(),
        "euchred": grouped["euchred"].mean(),
        "march": grouped["march"].mean(),
    }).reset_index()
    out["maker"] = out["maker_alone"].map({True: "alone", False: "with a partner"})
    return out


def win_chance_grid(hands: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """North-South's chance to win the game from each score under ``rules``, from the simulated hands' points
    (long format: ns, ew, chance)."""
    outcomes = hand_outcomes(zip(hands["ns_points"], hands["ew_points"], strict=True))
    table = win_chances(outcomes, rules)
    return pd.DataFrame([{"ns": a, "ew": b, "chance": p} for (a, b), p in sorted(table.items())])


# ---------------------------------------------------------------------------------------------- figures


def points_chart(table: pd.DataFrame) -> go.Figure:
    fig = px.bar(table, x="makers_tricks", y="net", color="scenario", barmode="group",
                 color_discrete_map=COLOURS, hover_data=["makers", "defenders", "row"],
                 labels={"makers_tricks": "tricks won by the makers", "net": "points (+ makers, − defenders)",
                         "scenario": ""})
    fig.update_layout(height=380, margin={"t": 30, "b": 10}, legend={"orientation": "h", "y": 1.12})
    fig.update_xaxes(dtick=1)
    fig.add_hline(y=0, line_color="#888", line_width=1)
    return fig


def euchre_chart(by_trumps: pd.DataFrame) -> go.Figure:
    data = by_trumps.assign(percent=by_trumps["euchred"] * 100, label=by_trumps["hands"].map("{} hands".format))
    fig = px.bar(data, x="caller_trumps", y="percent", text="label",
                 labels={"caller_trumps": "trumps the maker held", "percent": "makers euchred (%)"})
    fig.update_traces(marker_color="#e45756", textposition="outside")
    fig.update_layout(height=360, margin={"t": 30, "b": 10}, yaxis_range=[0, 105])
    fig.update_xaxes(dtick=1)
    return fig


def alone_chart(alone: pd.DataFrame) -> go.Figure:
    long = alone.melt(id_vars=["maker", "hands"], value_vars=["makers_points", "net"], var_name="measure",
                      value_name="points")
    long["measure"] = long["measure"].map({"makers_points": "makers' points per hand",
                                           "net": "makers' points − defenders' points"})
    fig = px.bar(long, x="maker", y="points", color="measure", barmode="group", hover_data=["hands"],
                 labels={"maker": "the maker played", "points": "average per hand", "measure": ""})
    fig.update_layout(height=360, margin={"t": 30, "b": 10}, legend={"orientation": "h", "y": 1.15})
    return fig


def heatmap(grid: pd.DataFrame, title: str) -> go.Figure:
    table = grid.pivot(index="ns", columns="ew", values="chance")
    fig = go.Figure(go.Heatmap(z=table.values * 100, x=table.columns, y=table.index, zmin=0, zmax=100,
                               colorscale="RdBu", colorbar={"title": "% N-S win"},
                               hovertemplate="N-S %{y} · E-W %{x}: %{z:.0f}% N-S win<extra></extra>",
                               text=(table.values * 100).round().astype(int), texttemplate="%{text}"))
    fig.update_layout(title=title, height=460, margin={"t": 50, "b": 10},
                      xaxis_title="East-West score", yaxis_title="North-South score")
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(dtick=1)
    return fig


def length_chart(games: pd.DataFrame) -> go.Figure:
    fig = px.histogram(games, x="hands", color="rule", barmode="group",
                       color_discrete_sequence=["#4c78a8", "#f58518"],
                       labels={"hands": "hands in the game", "rule": ""})
    fig.update_layout(height=360, margin={"t": 30, "b": 10}, legend={"orientation": "h", "y": 1.12},
                      yaxis_title="games")
    return fig
