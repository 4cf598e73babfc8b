"""Streamlit pieces of the Thirteen pages: the scoring explorer's simulations and charts (the position editor is
``ui/thirteen_editor.py``).

The engine decides everything (legal plays, verdicts, simulations); these functions only read widgets,
call it, and draw.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.thirteen import simulate_matches

# ---------------------------------------------------------------------------------------------------
# Match simulations (simulate_matches), computed once for every session, with progress

STORE_SIZE = 24


@st.cache_resource(show_spinner=False)
def _store() -> tuple[dict[tuple[int, int, str], pd.DataFrame], threading.Lock]:
    return {}, threading.Lock()


def simulated_matches(games: int, seed: int, options: Mapping[str, Any], *,
                      label: str = "Simulating games…") -> pd.DataFrame:
    """The match simulation's frame for these arguments, computed at most once, with a progress bar while it
    computes. Do not modify the frame: it is shared."""
    store, lock = _store()
    key = (int(games), int(seed), json.dumps(dict(options), sort_keys=True, default=str))
    with lock:
        if key in store:
            return store[key]
    bar = st.empty()

    def progress(done: int, total: int) -> None:
        bar.progress(done / total if total else 1.0, text=f"{label} {done:,} / {total:,}")

    try:
        frame = simulate_matches(int(games), int(seed), dict(options), progress)
    finally:
        bar.empty()
    with lock:
        while len(store) >= STORE_SIZE:
            store.pop(next(iter(store)))
        store[key] = frame
    return frame


# ---------------------------------------------------------------------------------------------------
# Scoring explorer charts (from simulate_matches frames)

SEAT_ORDER = ["N", "E", "S", "W"]


def bomb_frequency(seats: pd.DataFrame) -> go.Figure:
    """How often a dealt 13-card hand holds each bomb."""
    n = len(seats)
    rows = [
        ("four of a kind", (seats["quads"] > 0).mean()),
        ("double sequence of 3+ pairs", (seats["pairs"] >= 3).mean()),
        ("… of 4+ pairs", (seats["pairs"] >= 4).mean()),
        ("… of 5+ pairs", (seats["pairs"] >= 5).mean()),
        ("any bomb", (seats["bombs"] > 0).mean()),
    ]
    frame = pd.DataFrame(rows, columns=["bomb", "share"])
    frame["percent"] = frame["share"] * 100
    fig = px.bar(frame, x="bomb", y="percent", text=frame["percent"].map(lambda v: f"{v:.1f}%"),
                 labels={"bomb": "", "percent": "% of hands"}, title=f"Bombs in {n:,} dealt hands")
    fig.update_traces(marker_color="#2f6f4e")
    return fig


def twos_frequency(seats: pd.DataFrame) -> go.Figure:
    """How many 2s a dealt hand holds."""
    counts = seats["twos"].value_counts().reindex(range(5), fill_value=0)
    frame = pd.DataFrame({"twos": [str(i) for i in range(5)], "percent": counts.values / max(len(seats), 1) * 100})
    fig = px.bar(frame, x="twos", y="percent", text=frame["percent"].map(lambda v: f"{v:.1f}%"),
                 labels={"twos": "2s in the hand", "percent": "% of hands"}, title="How many 2s a hand holds")
    fig.update_traces(marker_color="#b5522b")
    return fig


def place_by(seats: pd.DataFrame, column: str, label: str) -> go.Figure:
    """Average finishing place by ``column`` (2s or bombs held when dealt), per bot; win rate on hover."""
    grouped = seats.groupby([column, "bot"]).agg(place=("place", "mean"), wins=("place", lambda p: (p == 1).mean()),
                                                  hands=("place", "size")).reset_index()
    grouped["won %"] = (grouped["wins"] * 100).round(1)
    grouped["place"] = grouped["place"].round(2)
    grouped[column] = grouped[column].astype(str)
    fig = px.bar(grouped, x=column, y="place", color="bot", barmode="group", hover_data=["won %", "hands"],
                 labels={column: label, "place": "average place (1 = first out; lower is better)"},
                 title=f"Finishing place by {label.lower()}")
    return fig


def length_histogram(frame: pd.DataFrame) -> go.Figure:
    """Game length: plays and passes per game."""
    fig = px.histogram(frame, x="actions", nbins=40, labels={"actions": "actions per game (plays and passes)"},
                       title="Game length")
    fig.update_traces(marker_color="#4b5fa6")
    fig.update_layout(yaxis_title="games")
    return fig


def match_lines(frame: pd.DataFrame, match: int = 0) -> go.Figure:
    """Cumulative points of each seat over the games of one match."""
    games = frame[frame["match"] == match].sort_values("game_in_match")
    letters = [c for c in SEAT_ORDER if f"points_{c}" in games.columns]
    rows = []
    for c in letters:
        total = 0
        bot = games[f"bot_{c}"].iloc[0] if len(games) else ""
        for _, g in games.iterrows():
            total += int(g[f"points_{c}"])
            rows.append({"game": int(g["game_in_match"]) + 1, "seat": f"{c} ({bot})", "points": total})
    data = pd.DataFrame(rows)
    fig = px.line(data, x="game", y="points", color="seat", markers=True,
                  labels={"game": "game of the match", "points": "total points"},
                  title=f"Match points over {len(games)} games")
    return fig
