"""Plotly figures and data of the Shengji scoring explorer.

The level table and the kitty multipliers come from the engine's pure scoring functions; the simulated rounds
come from ``engine.sim.simulate`` on ``GAME`` (cached) and are **re-scored** from their columns (trick points, kitty
points, last-trick size, penalty) by the engine's ``score_hand`` whenever a slider moves — never re-played, and
never scored by a rule of this module's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.shengji import (
    PRESETS,
    KittyMultiplier,
    Rules,
    kitty_multiplier,
    level_bands,
    level_change,
    make_rules,
    score_hand,
)
from ui.simulation import simulated

KEY = "shengji:scoring:"
DECKS, THRESHOLD, BAND = KEY + "decks", KEY + "threshold", KEY + "band"
KITTY_POINTS, ROUNDS, SEED, BOTS = KEY + "kitty-points", KEY + "rounds", KEY + "seed", KEY + "bots"
KEEP, PASS = "#4c78a8", "#f58518"
KITTY_RULES = {
    "none": "no kitty bonus",
    KittyMultiplier.DOUBLE.value: "× 2 (competition)",
    KittyMultiplier.TWICE_CARDS.value: "× 2 × cards (tractor)",
    KittyMultiplier.POWER_OF_TWO.value: "× 2^k (variant)",
}
OUTCOME_ORDER = ["bankers +3", "bankers +2", "bankers +1", "bank passes"] + [f"attackers +{n}" for n in range(1, 12)]


def init_scoring() -> None:
    """Set the page's session keys once."""
    if KEY + "init" in st.session_state:
        return
    st.session_state[KEY + "init"] = True
    st.session_state[DECKS] = 2
    reset_table()
    st.session_state[KITTY_POINTS] = 20
    st.session_state[ROUNDS] = 200
    st.session_state[SEED] = 1
    st.session_state[BOTS] = "random"


def reset_table() -> None:
    """Callback: the threshold and band width of the preset's own table for the chosen decks."""
    rules = make_rules("competition", {"decks": int(st.session_state.get(DECKS, 2))})
    st.session_state[THRESHOLD] = rules.attack_threshold
    st.session_state[BAND] = rules.band_width


def explored_rules(preset: str) -> Rules:
    """The preset with the page's decks, threshold and band width."""
    return make_rules(preset, {"decks": int(st.session_state[DECKS]), "threshold": int(st.session_state[THRESHOLD]),
                              "band": int(st.session_state[BAND])})


def signed_levels(points: int, rules: Rules) -> int:
    """Levels gained: positive for the bankers (bank kept), negative for the attackers, 0 when the bank passes
    with no level change."""
    change = level_change(points, rules)
    return change.levels if change.bankers_keep else -change.levels


def outcome(points: int, rules: Rules) -> str:
    change = level_change(points, rules)
    return _outcome_name(change.bankers_keep, change.levels)


def step_frame(rules: Rules, upto: int | None = None) -> pd.DataFrame:
    """The level table as a step line: attackers' points 0, 5, … → signed level change."""
    top = rules.total_points if upto is None else upto
    return pd.DataFrame({"points": list(range(0, top + 1, 5)),
                         "levels": [signed_levels(p, rules) for p in range(0, top + 1, 5)]})


def level_chart_all_decks() -> go.Figure:
    """Level change against attackers' points for 1–4 decks, one panel per preset."""
    frames = []
    for preset in PRESETS:
        for decks in (1, 2, 3, 4):
            frame = step_frame(make_rules(preset, {"decks": decks}))
            frames.append(frame.assign(preset=preset, decks=f"{decks} deck{'s' if decks > 1 else ''}"))
    data = pd.concat(frames)
    fig = px.line(data, x="points", y="levels", color="decks", facet_col="preset", line_shape="hv",
                  labels={"points": "attackers' points", "levels": "levels (+ bankers, − attackers)",
                          "decks": "decks"})
    fig.add_hline(y=0, line_color="#888", line_width=1)
    fig.update_layout(height=380, margin={"t": 40, "b": 10}, legend={"orientation": "h", "y": 1.15, "title": ""})
    fig.update_yaxes(dtick=1)
    fig.for_each_annotation(lambda a: a.update(text=a.text.replace("preset=", "")))
    return fig


def explored_chart(preset: str) -> go.Figure:
    """Your threshold and band width against the preset's table, with who banks next shaded."""
    mine = explored_rules(preset)
    default = make_rules(preset, {"decks": mine.decks})
    top = mine.total_points
    fig = go.Figure()
    t = mine.attack_threshold
    fig.add_vrect(x0=0, x1=min(t, top), fillcolor=KEEP, opacity=0.12, line_width=0,
                  annotation_text="bankers keep the bank", annotation_position="top left")
    if t <= top:
        fig.add_vrect(x0=t, x1=top, fillcolor=PASS, opacity=0.12, line_width=0,
                      annotation_text="attackers take the bank", annotation_position="top right")
    base = step_frame(default)
    fig.add_scatter(x=base["points"], y=base["levels"], mode="lines", line_shape="hv", name=f"{preset} table",
                    line={"dash": "dash", "color": "#888"})
    yours = step_frame(mine)
    fig.add_scatter(x=yours["points"], y=yours["levels"], mode="lines", line_shape="hv", name="your table",
                    line={"color": "#e45756", "width": 3})
    fig.add_hline(y=0, line_color="#888", line_width=1)
    fig.update_layout(height=380, margin={"t": 40, "b": 10}, legend={"orientation": "h", "y": 1.15},
                      xaxis_title="attackers' points", yaxis_title="levels (+ bankers, − attackers)")
    fig.update_yaxes(dtick=1)
    return fig


def band_rows(rules: Rules) -> list[dict[str, Any]]:
    """The level table as rows: points, result, who banks next."""
    rows = []
    for b in level_bands(rules):
        low, high = b.low + (-b.low) % 5, (b.high or b.low) - (b.high or b.low) % 5  # points come in fives
        points = f"{low}" if low >= high else f"{low}–{high}"
        nxt = ("the bankers again (the starter's partner starts)" if b.bankers_keep
               else "the attackers (the player after the old starter starts)")
        rows.append({"attackers' points": points, "result": b.text, "who banks next": nxt})
    return rows


def kitty_chart(kitty_points: int, upto: int = 8) -> go.Figure:
    """Kitty bonus (kitty points × each preset's multiplier) against the cards each player played to the last
    trick."""
    rows = []
    for name in PRESETS:
        rules = make_rules(name)
        label = f"{name}: {KITTY_RULES[rules.kitty_multiplier.value].split(' (')[0]}"
        for n in range(1, upto + 1):
            m = kitty_multiplier(rules, n)
            rows.append({"rule": label, "cards": n, "multiplier": f"× {m}", "bonus": kitty_points * m})
    data = pd.DataFrame(rows)
    fig = px.line(data, x="cards", y="bonus", color="rule", markers=True, text="multiplier",
                  labels={"cards": "cards per player in the last trick",
                          "bonus": f"bonus for {kitty_points} kitty points", "rule": ""})
    fig.update_traces(textposition="top center")
    fig.update_layout(height=360, margin={"t": 40, "b": 10}, legend={"orientation": "h", "y": 1.15})
    fig.update_xaxes(dtick=1)
    return fig


# ---------------------------------------------------------------------------------------------------
# simulations, re-scored
# ---------------------------------------------------------------------------------------------------


def simulate_presets(rounds: int, seed: int, bots: str, decks: int) -> dict[str, pd.DataFrame]:
    """Both presets' simulated rounds, computed once and kept (ui.simulation), with a progress bar."""
    return {
        preset: simulated("shengji", rounds, seed, {"preset": preset, "bots": bots, "decks": decks},
                          label=f"Simulating {preset} rounds…")
        for preset in PRESETS
    }


def rescore(frame: pd.DataFrame, rules: Rules, kitty_rule: str | None = None) -> pd.DataFrame:
    """The rounds re-scored by the engine under ``rules`` (threshold, band) and a kitty rule (default: the rules'
    own; ``"none"``: no bonus): the columns ``points``, ``outcome``, ``bankers_keep``, ``kitty``."""
    if kitty_rule is None:
        kitty_rule = rules.kitty_multiplier.value
    scoring = rules if kitty_rule == "none" else make_rules(
        "competition", {**_rule_options(rules), "kitty_multiplier": kitty_rule})
    points, outcomes, keeps = [], [], []
    for row in frame[list(SCORE_COLUMNS)].itertuples(index=False):
        s = score_hand(scoring, trick_points=int(row.trick_points), kitty_points=int(row.kitty_points),
                       last_trick_cards=int(row.last_trick_cards),
                       attackers_won_last=bool(row.attackers_won_last) and kitty_rule != "none",
                       starter=0, penalty=int(row.penalty), largest_combo=int(row.last_trick_largest))
        points.append(s.attacker_points)
        outcomes.append(_outcome_name(s.change.bankers_keep, s.change.levels))
        keeps.append(s.change.bankers_keep)
    return pd.DataFrame({"points": points, "outcome": outcomes, "bankers_keep": keeps,
                         "kitty": KITTY_RULES[kitty_rule]}, index=frame.index)


SCORE_COLUMNS = ("trick_points", "kitty_points", "last_trick_cards", "attackers_won_last", "penalty",
                 "last_trick_largest")
"""The columns of a simulation that scoring reads (the engine's ``summary_row`` gives them)."""


def _rule_options(rules: Rules) -> dict[str, Any]:
    """The options that decide the level table (the rest are the kitty rule's)."""
    return {"decks": rules.decks, "threshold": rules.threshold, "band": rules.band}


def _outcome_name(bankers_keep: bool, levels: int) -> str:
    if bankers_keep:
        return f"bankers +{levels}"
    return f"attackers +{levels}" if levels else "bank passes"


def distribution_chart(frames: Mapping[str, pd.DataFrame], preset_rules: Callable[[str], Rules]) -> go.Figure:
    """Attackers' points of the simulated rounds, bars coloured by the outcome band, one panel per preset."""
    parts = [rescore(f, preset_rules(p)).assign(preset=p) for p, f in frames.items()]
    data = pd.concat(parts)
    order = [o for o in OUTCOME_ORDER if o in set(data["outcome"])]
    colours = outcome_colours(order)
    fig = px.histogram(data, x="points", color="outcome", facet_col="preset", category_orders={"outcome": order},
                       color_discrete_map=colours,
                       labels={"points": "attackers' points (with the kitty bonus)", "outcome": ""})
    fig.update_traces(xbins={"start": -2.5, "end": float(data["points"].max()) + 2.5, "size": 5})
    threshold = preset_rules(next(iter(frames))).attack_threshold
    fig.add_vline(x=threshold - 2.5, line_dash="dot", line_color="#333",
                  annotation_text=f"threshold {threshold}", annotation_position="top")
    fig.update_layout(height=400, margin={"t": 40, "b": 10}, legend={"orientation": "h", "y": 1.2}, bargap=0.05,
                      yaxis_title="rounds")
    fig.for_each_annotation(lambda a: a.update(text=a.text.replace("preset=", "")))
    return fig


def outcome_colours(order: Sequence[str]) -> dict[str, str]:
    blues = ["#08306b", "#2171b5", "#6baed6"]
    oranges = ["#fdd0a2", "#fdae6b", "#fd8d3c", "#e6550d", "#a63603", "#7f2704"]
    out = {}
    for name in order:
        if name.startswith("bankers"):
            out[name] = blues[3 - int(name[-1])]
        elif name == "bank passes":
            out[name] = "#bdbdbd"
        else:
            out[name] = oranges[min(int(name.split("+")[1]) - 1, len(oranges) - 1)]
    return out


def keep_chart(frames: Mapping[str, pd.DataFrame], preset_rules: Callable[[str], Rules]) -> go.Figure:
    """The share of rounds in which the bankers keep the bank, as the threshold moves."""
    rows = []
    for preset, frame in frames.items():
        rules = preset_rules(preset)
        points = [int(p) for p in rescore(frame, rules)["points"]]
        for t in range(5, rules.total_points + 5, 5):
            moved = make_rules("competition", {"decks": rules.decks, "threshold": t, "band": rules.band})
            kept = sum(level_change(p, moved).bankers_keep for p in points) / max(1, len(points))
            rows.append({"preset": preset, "threshold": t, "kept": kept * 100})
    data = pd.DataFrame(rows)
    fig = px.line(data, x="threshold", y="kept", color="preset",
                  labels={"threshold": "threshold (attackers' points needed to take the bank)",
                          "kept": "rounds in which the bankers keep the bank (%)", "preset": ""})
    current = preset_rules(next(iter(frames))).attack_threshold
    fig.add_vline(x=current, line_dash="dot", line_color="#333", annotation_text=f"your threshold {current}")
    fig.update_layout(height=360, margin={"t": 40, "b": 10}, legend={"orientation": "h", "y": 1.15},
                      yaxis_range=[0, 101])
    return fig


def kitty_effect(frames: Mapping[str, pd.DataFrame], preset_rules: Callable[[str], Rules]) -> pd.DataFrame:
    """For each preset's rounds and each kitty rule: the share of rounds in each outcome."""
    rows = []
    for preset, frame in frames.items():
        rules = preset_rules(preset)
        for rule in KITTY_RULES:
            scored = rescore(frame, rules, rule)
            shares = scored["outcome"].value_counts(normalize=True)
            for name, share in shares.items():
                rows.append({"preset": preset, "kitty rule": KITTY_RULES[rule], "outcome": name,
                             "rounds (%)": float(share * 100)})
    return pd.DataFrame(rows)


def kitty_effect_chart(effect: pd.DataFrame) -> go.Figure:
    order = [o for o in OUTCOME_ORDER if o in set(effect["outcome"])]
    fig = px.bar(effect, x="kitty rule", y="rounds (%)", color="outcome", facet_col="preset",
                 category_orders={"outcome": order, "kitty rule": list(KITTY_RULES.values())},
                 color_discrete_map=outcome_colours(order), labels={"kitty rule": "", "outcome": ""})
    fig.update_layout(height=420, margin={"t": 40, "b": 10}, legend={"orientation": "h", "y": 1.2},
                      barmode="stack")
    fig.for_each_annotation(lambda a: a.update(text=a.text.replace("preset=", "")))
    return fig


def summary_rows(frames: Mapping[str, pd.DataFrame], preset_rules: Callable[[str], Rules]) -> list[dict[str, Any]]:
    rows = []
    for preset, frame in frames.items():
        scored = rescore(frame, preset_rules(preset))
        rows.append({
            "preset": preset,
            "rounds": len(frame),
            "mean attackers' points": round(float(scored["points"].mean()), 1),
            "bankers keep (%)": round(float(scored["bankers_keep"].mean() * 100), 1),
            "attackers won the last trick (%)": round(float(frame["attackers_won_last"].mean() * 100), 1),
            "last trick of 2+ cards each (%)": round(float((frame["last_trick_cards"] > 1).mean() * 100), 1),
            "mean kitty points": round(float(frame["kitty_points"].mean()), 1),
            "failed throws per round": round(float(frame["failed_throws"].mean()), 2),
        })
    return rows
