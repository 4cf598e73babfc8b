"""The Euchre scoring explorer's data and plotly figures: the points table (from the engine's scoring), what
seeded simulations of hands and of whole games say (their frames summarised here with pandas), the chance to
win from each score (the engine's ``win_chances``).

The simulations come from :mod:`ui.simulation`: a small quick default drawn at once (shipped under
``ui/data/sim``, made by ``python -m ui.scoring``), bigger runs only when the learner presses Run. Whole
games are ``engine.sim`` runs with ``start: {"whole": true}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.euchre import GAME, Rules, hand_outcomes, score_hand, win_chances
from engine.i18n import N_, number
from engine.i18n import gettext as _
from ui.scoring import Sim

COLOURS = {N_("with partners"): "#4c78a8", N_("maker alone"): "#f58518", N_("defender alone"): "#e45756",
           N_("both alone"): "#72b7b2"}
SCENARIOS: dict[str, tuple[bool, bool]] = {
    N_("with partners"): (False, False),
    N_("maker alone"): (True, False),
    N_("defender alone"): (False, True),
    N_("both alone"): (True, True),
}
"""(a maker alone, a defender alone) of each line of the points chart."""
QUICK_HANDS = 1000
"""The hands of the quick default drawn at once."""
QUICK_GAMES = 200
"""The whole games of each rule in the quick default."""
QUICK_SEED = 1
HAND_CHOICES = (1000, 2000, 5000, 10000, 20000)
GAME_CHOICES = (200, 500, 1000, 2000)
BOTS = ("heuristic", "random")
WHOLE = {"whole": True}


def hand_sim(preset: str, bots: str, games: int = QUICK_HANDS, seed: int = QUICK_SEED) -> Sim:
    """Seeded hands under ``preset`` with ``bots`` at every seat."""
    return Sim(GAME.key, games, seed, hand_options(preset, bots))


def game_sim(preset: str, bots: str, win_by_two: bool, games: int = QUICK_GAMES, seed: int = QUICK_SEED) -> Sim:
    """Seeded whole games to the preset's target, won by two or not."""
    return Sim(GAME.key, games, seed, game_options(preset, bots, win_by_two))


def hand_options(preset: str, bots: str) -> dict[str, Any]:
    """The simulation options of seeded hands under ``preset`` with ``bots`` at every seat."""
    return {"preset": preset, "bots": bots}


def game_options(preset: str, bots: str, win_by_two: bool) -> dict[str, Any]:
    """The simulation options of seeded whole games (to the preset's target, won by two or not)."""
    return {"preset": preset, "bots": bots, "win_by_two": win_by_two, "start": dict(WHOLE)}


def quick_defaults() -> list[tuple[str, int, int, dict[str, Any]]]:
    """The simulations shipped under ``ui/data/sim``: every preset with the heuristic bots (the random bots' quick
    defaults are computed once per server)."""
    out = []
    for preset in GAME.presets:
        out.append((GAME.key, QUICK_HANDS, QUICK_SEED, hand_options(preset, "heuristic")))
        for by_two in (True, False):
            out.append((GAME.key, QUICK_GAMES, QUICK_SEED, game_options(preset, "heuristic", by_two)))
    return out


def key_of(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), sort_keys=True, default=str)


# ---------------------------------------------------------------------------------------------- data


@st.cache_data(show_spinner=False)
def points_table(lone_defenders: bool = True) -> pd.DataFrame:
    """One row per (makers' tricks, scenario): points to the makers, to the defenders, and the makers' net
    (without the lone defender's scenarios when the rules let no defender go alone)."""
    rows = []
    for scenario, (alone, defender_alone) in SCENARIOS.items():
        if defender_alone and not lone_defenders:
            continue
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
    out["maker"] = out["maker_alone"].map({True: N_("alone"), False: N_("with a partner")})
    return out


def outcomes_of(hands: pd.DataFrame) -> dict[tuple[int, int], float]:
    """The distribution of one hand's points (to N-S, to E-W) in the simulated hands, made symmetric."""
    return hand_outcomes(zip(hands["ns_points"], hands["ew_points"], strict=True))


@st.cache_data(show_spinner=False, max_entries=64)
def win_chance_grid(outcomes: tuple[tuple[tuple[int, int], float], ...], target: int,
                    win_by_two: bool) -> pd.DataFrame:
    """North-South's chance to win the game from each score, to ``target`` points (won by two or not), from the
    hands' points (long format: ns, ew, chance). Re-scored from the kept hands: nothing is simulated again."""
    rules = Rules(target=target, win_by_two=win_by_two)
    table = win_chances(dict(outcomes), rules)
    return pd.DataFrame([{"ns": a, "ew": b, "chance": p} for (a, b), p in sorted(table.items())])


def frozen_outcomes(hands: pd.DataFrame) -> tuple[tuple[tuple[int, int], float], ...]:
    """:func:`outcomes_of` as a hashable value (the cache key of :func:`win_chance_grid`)."""
    return tuple(sorted((k, round(v, 12)) for k, v in outcomes_of(hands).items()))


# ---------------------------------------------------------------------------------------------- figures


@st.cache_resource(show_spinner=False)
def points_chart(lone_defenders: bool = True, lang: str = "en") -> go.Figure:
    """The points table as bars (in the language ``lang``, the current one: a key of the cache)."""
    table = points_table(lone_defenders).assign(scenario=lambda d: d["scenario"].map(_))
    fig = px.bar(table, x="makers_tricks", y="net", color="scenario", barmode="group",
                 color_discrete_map={_(k): v for k, v in COLOURS.items()}, hover_data=["makers", "defenders", "row"],
                 labels={"makers_tricks": _("tricks won by the makers"), "net": _("points (+ makers, − defenders)"),
                         "scenario": "", "makers": _("makers"), "defenders": _("defenders"), "row": _("row")})
    fig.update_layout(height=380, margin={"t": 30, "b": 10}, legend={"orientation": "h", "y": 1.12})
    fig.update_xaxes(dtick=1)
    fig.add_hline(y=0, line_color="#888", line_width=1)
    return fig


def euchre_chart(by_trumps: pd.DataFrame) -> go.Figure:
    data = by_trumps.assign(percent=by_trumps["euchred"] * 100,
                            label=by_trumps["hands"].map(lambda n: _("{n} hands").format(n=number(int(n)))))
    fig = px.bar(data, x="caller_trumps", y="percent", text="label",
                 labels={"caller_trumps": _("trumps the maker held"), "percent": _("makers euchred (%)"),
                         "label": _("hands")})
    fig.update_traces(marker_color="#e45756", textposition="outside", cliponaxis=False)
    fig.update_layout(height=360, margin={"t": 30, "b": 10}, yaxis_range=[0, 110])
    fig.update_xaxes(dtick=1)
    return fig


def alone_chart(alone: pd.DataFrame) -> go.Figure:
    long = alone.melt(id_vars=["maker", "hands"], value_vars=["makers_points", "net"], var_name="measure",
                      value_name="points")
    long["measure"] = long["measure"].map({"makers_points": _("makers' points per hand"),
                                           "net": _("makers' points − defenders' points")})
    long["maker"] = long["maker"].map(_)
    fig = px.bar(long, x="maker", y="points", color="measure", barmode="group", hover_data=["hands"],
                 labels={"maker": _("the maker played"), "points": _("average per hand"), "measure": "",
                         "hands": _("hands")})
    fig.update_layout(height=360, margin={"t": 30, "b": 10}, legend={"orientation": "h", "y": 1.15})
    return fig


def heatmap(grid: pd.DataFrame, title: str) -> go.Figure:
    table = grid.pivot(index="ns", columns="ew", values="chance")
    fig = go.Figure(go.Heatmap(z=table.values * 100, x=table.columns, y=table.index, zmin=0, zmax=100,
                               colorscale="RdBu", colorbar={"title": _("% N-S win")},
                               hovertemplate=_("N-S %{y} · E-W %{x}: %{z:.0f}% N-S win") + "<extra></extra>",
                               text=(table.values * 100).round().astype(int), texttemplate="%{text}"))
    fig.update_layout(title=title, height=460, margin={"t": 50, "b": 10},
                      xaxis_title=_("East-West score"), yaxis_title=_("North-South score"))
    fig.update_xaxes(dtick=1)
    fig.update_yaxes(dtick=1)
    return fig


def length_chart(games: pd.DataFrame) -> go.Figure:
    fig = px.histogram(games, x="hands", color="rule", barmode="group",
                       color_discrete_sequence=["#4c78a8", "#f58518"],
                       labels={"hands": _("hands in the game"), "rule": "", "count": _("games")})
    fig.update_layout(height=360, margin={"t": 30, "b": 10}, legend={"orientation": "h", "y": 1.12},
                      yaxis_title=_("games"))
    return fig


# ---------------------------------------------------------------------------------------------- kept figures
# A rerun (a slider step, a widget elsewhere on the page) redraws these from the kept figure: building a plotly
# figure costs more than anything else on the page.


@st.cache_resource(show_spinner=False, max_entries=64)
def hand_figures(key: str, lang: str, _hands: pd.DataFrame) -> tuple[go.Figure, go.Figure, pd.DataFrame]:
    """The euchre and alone charts of the simulation ``key`` (its frame ``_hands``) in the language ``lang`` (the
    current one), and the alone table."""
    alone = points_alone_vs_partner(_hands)
    return euchre_chart(euchre_by_trumps(_hands)), alone_chart(alone), alone


@st.cache_resource(show_spinner=False, max_entries=64)
def heatmap_for(outcomes: tuple[tuple[tuple[int, int], float], ...], target: int, win_by_two: bool,
                lang: str = "en") -> go.Figure:
    """The win-chance heatmap to ``target`` points (won by two or not) from the hands' points, in the language
    ``lang`` (the current one)."""
    title = (_("{target} points, ahead by 2") if win_by_two else _("First to {target}")).format(
        target=number(target))
    return heatmap(win_chance_grid(outcomes, target, win_by_two), title)


@st.cache_resource(show_spinner=False, max_entries=32)
def length_figure(key: str, lang: str, _games: pd.DataFrame) -> go.Figure:
    """The length histogram of the whole games ``key`` (their frame ``_games``) in the language ``lang``."""
    return length_chart(_games)
