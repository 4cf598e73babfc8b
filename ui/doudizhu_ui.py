"""Streamlit pieces of the Dou Dizhu pages: option words and the scoring explorer's charts (the position editor is
``ui/doudizhu_editor.py``).

The engine decides everything (legal plays, verdicts, payments, which options and bombs the rules allow,
simulations) and is reached only through ``engine.doudizhu``'s public names; these functions read widgets, call
its typed commands, and draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from engine.doudizhu import (
    GAME,
    PRESETS,
    Rules,
    ScoreRequest,
    make_rules,
    score_command,
)
from ui.simulation import stored


def option_label(name: str) -> str:
    return next(s.label for s in GAME.option_specs() if s.name == name)


def option_help(name: str) -> str:
    return next(s.help for s in GAME.option_specs() if s.name == name)


# --- scoring explorer --------------------------------------------------------------------------------

def bomb_inputs(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bomb sizes that do not double, bomb sizes that double) under ``rules``."""
    quiet = tuple(n for n in rules.bomb_sizes if not rules.bomb_doubles(n))
    return quiet, rules.doubling_bomb_sizes


def sizes_text(sizes: Sequence[int]) -> str:
    """``4–5`` or ``4``: a run of bomb sizes for a label."""
    return f"{sizes[0]}–{sizes[-1]}" if len(sizes) > 1 else f"{sizes[0]}"


def payment_frame(max_doublings: int = 5) -> pd.DataFrame:
    """The landlord's result (win and loss) for every bid and number of doublings, for 3 and 4 players."""
    rows = []
    for preset in PRESETS:
        rules = make_rules(preset)
        for bid in (1, 2, 3):
            for doublings in range(max_doublings + 1):
                bombs = (rules.doubling_bomb_sizes[0],) * doublings
                answer = score_command(ScoreRequest(preset=preset, bid=bid, bombs=bombs, winner="landlord"))
                rows.append({"players": f"{rules.players} players", "bid": f"bid {bid}", "doublings": doublings,
                             "stake": answer.stake, "landlord wins": answer.landlord_payment,
                             "each peasant": answer.peasant_payment})
    return pd.DataFrame(rows)


def payment_chart(frame: pd.DataFrame) -> go.Figure:
    fig = px.line(frame, x="doublings", y="landlord wins", color="bid", facet_col="players", markers=True,
                  log_y=True, labels={"doublings": "bombs and rockets that double (each ×2)",
                                      "landlord wins": "landlord's gain when winning (log scale)"},
                  title="What the landlord wins: bid × 2^doublings from each peasant")
    fig.update_yaxes(tickvals=[2**k for k in range(11)])
    fig.update_layout(height=420, legend_title_text="")
    return fig


def simulated(preset: str, games: int, seed: int, bots: str,
              progress: Callable[[int, int], None] | None = None) -> pd.DataFrame:
    """Seeded whole hands, computed once per (preset, count, seed, bots) and kept for every session."""
    return stored("doudizhu", games, seed, {"preset": preset, "bots": bots}, progress)


def simulate_presets(games: int, seed: int, bots: str, bar: Any) -> dict[str, pd.DataFrame]:
    """Simulated hands for each preset, updating the progress ``bar`` while they run; then clear it."""
    frames = {}
    for number, name in enumerate(PRESETS):
        title = PRESETS[name].title

        def progress(done: int, total: int, number: int = number, title: str = title) -> None:
            bar.progress((number + done / total) / len(PRESETS), text=f"Simulating {title}: {done}/{total} hands")

        frames[name] = simulated(name, games, seed, bots, progress)
    bar.empty()
    return frames


def deal_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = []
    for preset, frame in frames.items():
        players = f"{make_rules(preset).players} players"
        rows.append({"players": players, "what": "a bomb (4+ of a rank)", "share": (frame["bombs_dealt"] > 0).mean()})
        rows.append({"players": players, "what": "the rocket", "share": frame["rocket_dealt"].mean()})
        rows.append({"players": players, "what": "a bomb or the rocket", "share": frame["bomb_or_rocket_dealt"].mean()})
    fig = px.bar(pd.DataFrame(rows), x="what", y="share", color="players", barmode="group", text_auto=".0%",
                 labels={"share": "share of deals", "what": "some hand holds"},
                 title="How often a deal (the landlord's hand with the kitty) holds bombs or the rocket")
    fig.update_layout(yaxis_tickformat=".0%", height=400)
    return fig


def stakes_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = pd.concat([f.assign(players=f"{make_rules(p).players} players") for p, f in frames.items()])
    fig = px.histogram(rows, x="stake", color="players", barmode="group", histnorm="percent",
                       category_orders={"stake": sorted(rows["stake"].unique())},
                       title="Final stakes (bid × doublings) — what each peasant pays or is paid")
    fig.update_xaxes(type="category")
    fig.update_layout(height=400, yaxis_title="% of hands")
    return fig


def win_rate_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = []
    for preset, frame in frames.items():
        players = f"{make_rules(preset).players} players"
        for bid, group in frame.groupby("bid"):
            rows.append({"players": players, "bid": f"bid {bid}", "landlord win rate": (group["winner"] == "landlord")
                         .mean(), "hands": len(group)})
    fig = px.bar(pd.DataFrame(rows), x="bid", y="landlord win rate", color="players", barmode="group",
                 text_auto=".0%", hover_data=["hands"], title="Landlord win rate by winning bid")
    fig.update_layout(yaxis_tickformat=".0%", height=400)
    return fig
