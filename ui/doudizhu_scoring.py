"""Streamlit pieces of the Dou Dizhu scoring explorer: the payment chart, the simulations (a shipped quick default,
bigger runs in the background), re-scoring kept hands, and the charts.

The engine decides every payment (``engine.doudizhu``'s ``score_command``, ``stake``); the simulated hands come
from ``engine.sim`` through :mod:`ui.simulation`. Nothing here simulates on page load: the quick default is read
from its file under ``ui/data/sim`` (``python -m ui.scoring`` writes it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.doudizhu import GAME, PRESETS, ScoreRequest, make_rules, score_command, stake
from engine.i18n import gettext as _
from engine.i18n import number
from ui.scoring import Sim, kept

__all__ = [
    "BOTS",
    "QUICK_GAMES",
    "QUICK_SEED",
    "RUN_SIZES",
    "deal_chart",
    "quick_defaults",
    "payment_chart",
    "payment_frame",
    "rescored",
    "sim_options",
    "sims",
    "stakes_chart",
    "win_rate_chart",
]

QUICK_GAMES = 200
"""Hands per player count in the quick default the page draws at once."""
QUICK_SEED = 1
BOTS = ("heuristic", "random")
RUN_SIZES = (200, 500, 1_000, 2_000, 5_000, 10_000)
"""The sizes a learner may run (hands per player count)."""


def sim_options(preset: str, bots: str) -> dict[str, Any]:
    """The simulation options of one player count (what ``engine.sim`` and :mod:`ui.simulation` read)."""
    return {"preset": preset, "bots": bots}


def quick_defaults() -> list[tuple[str, int, int, dict[str, Any]]]:
    """The quick defaults shipped under ``ui/data/sim``: both player counts, the heuristic bots."""
    return [(GAME.key, QUICK_GAMES, QUICK_SEED, sim_options(p, BOTS[0])) for p in PRESETS]


def sims(games: int = QUICK_GAMES, seed: int = QUICK_SEED, bots: str = BOTS[0]) -> dict[str, Sim]:
    """The simulations of both player counts, by preset (the quick default with no arguments)."""
    return {p: Sim(GAME.key, games, seed, sim_options(p, bots), _label(p)) for p in PRESETS}


# ------------------------------------------------------------------------------------------------ payment


@st.cache_data(show_spinner=False)
def payment_frame(max_doublings: int = 5, lang: str = "en") -> pd.DataFrame:
    """The landlord's gain when winning, for every bid and number of doublings, for 3 and 4 players (from the
    engine's ``score`` command), labelled in the language ``lang`` (the current one)."""
    rows = []
    for preset in PRESETS:
        rules = make_rules(preset)
        for bid in (1, 2, 3):
            for doublings in range(max_doublings + 1):
                bombs = (rules.doubling_bomb_sizes[0],) * doublings
                answer = score_command(ScoreRequest(preset=preset, bid=bid, bombs=bombs, winner="landlord"))
                rows.append({"players": _label(preset), "bid": _("bid {bid}").format(bid=number(bid)),
                             "doublings": doublings, "stake": answer.stake, "landlord wins": answer.landlord_payment,
                             "each peasant": answer.peasant_payment})
    return pd.DataFrame(rows)


def payment_chart(frame: pd.DataFrame) -> go.Figure:
    """The landlord's gain by bid and doublings, one panel per player count (log scale, one tick per power of 2)."""
    fig = px.line(frame, x="doublings", y="landlord wins", color="bid", facet_col="players", markers=True,
                  log_y=True, labels={"doublings": _("doublings"), "landlord wins": _("landlord's gain (log scale)"),
                                      "stake": _("stake"), "each peasant": _("each peasant"), "bid": _("bid"),
                                      "players": _("players")},
                  hover_data={"stake": True, "each peasant": True},
                  title=_("What the landlord wins by bid and doublings"))
    fig.for_each_annotation(lambda a: a.update(text=a.text.split("=")[-1]))
    fig.update_xaxes(tickvals=list(range(6)), ticktext=[_("none"), *(f"×{number(2**k)}" for k in range(1, 6))])
    fig.update_yaxes(tickvals=[2**k for k in range(11)])
    fig.update_layout(height=440, margin={"t": 80})
    return _legend_below(fig)


def _legend_below(fig: go.Figure) -> go.Figure:
    """The legend in a row under the chart (on a phone a legend beside it squeezes the plot)."""
    fig.update_layout(legend={"orientation": "h", "yanchor": "top", "y": -0.22, "xanchor": "left", "x": 0,
                              "title_text": ""})
    return fig


# ------------------------------------------------------------------------------------------------ simulations


def rescored(frame: pd.DataFrame, spring: bool, cap: int | None) -> pd.DataFrame:
    """The kept hands scored again (no play changes: the bots bid and play the same whatever the payment rules):
    with the spring rule, a spring doubles once more; with a cap, no stake exceeds it. Adds ``stake_now`` and
    ``landlord_now`` (the landlord's gain)."""
    out = frame.copy()
    doublings = out["doublings"] + (out["spring"].astype(int) if spring else 0)
    out["stake_now"] = [stake(int(b), int(d), cap) for b, d in zip(out["bid"], doublings, strict=True)]
    sign = out["winner"].map({"landlord": 1, "peasants": -1})
    out["landlord_now"] = sign * out["stake_now"] * (out["players"] - 1)
    return out


def _label(preset: str) -> str:
    """A player count as a chart names it: "3 players"."""
    return _("{n} players").format(n=number(make_rules(preset).players))


def deal_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = []
    for preset, frame in frames.items():
        players = _label(preset)
        rows.append({"players": players, "what": _("a bomb (4+ of a rank)"),
                     "share": (frame["bombs_dealt"] > 0).mean()})
        rows.append({"players": players, "what": _("the rocket"), "share": frame["rocket_dealt"].mean()})
        rows.append({"players": players, "what": _("a bomb or the rocket"),
                     "share": frame["bomb_or_rocket_dealt"].mean()})
    fig = px.bar(pd.DataFrame(rows), x="what", y="share", color="players", barmode="group", text_auto=".0%",
                 labels={"share": _("share of deals"), "what": _("some hand (the landlord's with the kitty) holds"),
                         "players": _("players")},
                 title=_("How often a deal holds bombs or the rocket"))
    fig.update_layout(yaxis_tickformat=".0%", height=420)
    return _legend_below(fig)


def stakes_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    """The final stakes (``stake_now`` of :func:`rescored` frames) as a share of hands, per player count."""
    rows = pd.concat([f.assign(players=_label(p)) for p, f in frames.items()])
    fig = px.histogram(rows, x="stake_now", color="players", barmode="group", histnorm="percent",
                       category_orders={"stake_now": sorted(rows["stake_now"].unique())},
                       labels={"stake_now": _("final stake (each peasant pays or is paid)"), "players": _("players"),
                               "percent": _("% of hands")},
                       title=_("Final stakes of the simulated hands"))
    fig.update_xaxes(type="category")
    fig.update_layout(height=420, yaxis_title=_("% of hands"))
    return _legend_below(fig)


def win_rate_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = []
    for preset, frame in frames.items():
        players = _label(preset)
        for bid, group in frame.groupby("bid"):
            rows.append({"players": players, "bid": _("bid {bid}").format(bid=number(int(str(bid)))),
                         "landlord win rate": (group["winner"] == "landlord").mean(), "hands": len(group)})
    fig = px.bar(pd.DataFrame(rows), x="bid", y="landlord win rate", color="players", barmode="group",
                 text_auto=".0%", hover_data=["hands"], title=_("Landlord win rate by winning bid"),
                 labels={"bid": _("bid"), "landlord win rate": _("landlord win rate"), "hands": _("hands"),
                         "players": _("players")})
    fig.update_layout(yaxis_tickformat=".0%", height=420)
    return _legend_below(fig)


@st.cache_resource(show_spinner=False, max_entries=4)
def payment_figure(lang: str = "en") -> go.Figure:
    """The payment chart, built once per server and language (``lang``: the current one; do not modify it)."""
    return payment_chart(payment_frame(5, lang))


@kept(32)
def hand_figures(games: int, seed: int, bots: str, _frames: Mapping[str, pd.DataFrame]) -> tuple[go.Figure, go.Figure]:
    """The deal and win-rate charts of the simulated ``_frames`` (``games`` hands per player count from ``seed``
    with ``bots``), built once per server and shared between sessions: do not modify them."""
    return deal_chart(_frames), win_rate_chart(_frames)
