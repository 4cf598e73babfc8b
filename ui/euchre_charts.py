"""Plotly figures of the Euchre scoring explorer (the data comes from engine.euchre.stats)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from ui.simulation import simulated

COLOURS = {"with partners": "#4c78a8", "maker alone": "#f58518", "defender alone": "#e45756",
           "both alone": "#72b7b2"}


def run_with_progress(label: str, games: int, seed: int, options: Mapping[str, Any]) -> pd.DataFrame:
    """Seeded hands or games, simulated once and kept, with a progress bar while they run."""
    return simulated("euchre", games, seed, options, label=label)


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
