"""Plotly figures and data of the Shengji scoring explorer.

The level table and the kitty multipliers come from the engine's pure scoring functions; the simulated rounds
come from ``engine.sim.simulate`` on ``GAME`` and are **re-scored** from their columns (trick points, kitty points,
last-trick size, penalty) by the engine's ``score_hand`` and ``level_change`` whenever a slider moves — never
re-played, and never scored by a rule of this module's own.

The page draws at once: the default rounds (200 per rule set, seed 1) are shipped under ``ui/data/sim`` (write them
with ``python -m ui.scoring``; a test checks a few rows against the engine) and read through
:func:`ui.simulation.quick_frame`; any other simulation runs only from its Run button, in the background on the
server's process pool (:func:`ui.simulation.runner`), shared by every session, with its progress and Cancel
(:func:`run_buttons`), and the page keeps its sliders while it runs.

Every figure is built from a plain spec (plotly's helpers such as ``add_vrect`` and ``make_subplots`` cost more than
the rest of the page) and kept per parameters, so a slider step builds only the figures it changes.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pyarrow as pa
import streamlit as st

from engine.i18n import DEFAULT_LANGUAGE, N_, digits, language, ngettext, number
from engine.i18n import gettext as _
from engine.shengji import (
    GAME,
    POINT_UNIT,
    PRESETS,
    KittyMultiplier,
    Rules,
    kitty_multiplier,
    level_bands,
    level_change,
    make_rules,
)
from engine.shengji import score_hand as engine_score_hand
from ui import simulation
from ui.scoring import Sim, kept, run_panel
from ui.widgets import keep_values

KEY = "shengji:scoring:"
DECKS, THRESHOLD, BAND = KEY + "decks", KEY + "threshold", KEY + "band"
KITTY_POINTS, ROUNDS, SEED, BOTS = KEY + "kitty-points", KEY + "rounds", KEY + "seed", KEY + "bots"
GAME_KEY = GAME.key
KEEP, PASS = "#4c78a8", "#f58518"
NO_BONUS = "none"
KITTY_RULES = {
    NO_BONUS: N_("no kitty bonus"),
    KittyMultiplier.DOUBLE.value: N_("× 2"),
    KittyMultiplier.TWICE_CARDS.value: N_("× 2 × cards"),
    KittyMultiplier.POWER_OF_TWO.value: N_("× 2^k"),
}
"""Each kitty rule the simulation compares, by its label in the charts."""
OUTCOME_ORDER = ["bankers +3", "bankers +2", "bankers +1", "bank passes"] + [f"attackers +{n}" for n in range(1, 12)]
PRESET_COLOURS = ("#4c78a8", "#e45756")
BOT_LABELS = {"random": N_("random bots"), "heuristic": N_("heuristic bots")}

_DECKS = next(s for s in GAME.option_specs() if s.name == "decks")
DECK_COUNTS = tuple(range(_DECKS.low or 1, (_DECKS.high or 1) + 1))
"""The deck counts the rules allow (the engine's bounds of the decks option)."""
QUICK_ROUNDS, QUICK_SEED = 200, 1
"""The default simulation: 200 rounds per rule set, seed 1 — shipped, so the page draws at once."""
ROUND_CHOICES = (20, 50, 100, 200, 500, 1000)
MAX_POINTS = 80
"""The largest kitty the kitty slider offers."""

def quick_defaults() -> list[tuple[str, int, int, dict[str, Any]]]:
    """The simulations shipped under ``ui/data/sim``: random bots for one to four decks, heuristic bots for two."""
    out = [(GAME_KEY, QUICK_ROUNDS, QUICK_SEED, sim_options(p, "random", d)) for d in DECK_COUNTS for p in PRESETS]
    out += [(GAME_KEY, QUICK_ROUNDS, QUICK_SEED, sim_options(p, "heuristic", 2)) for p in PRESETS]
    return out


def sim_options(preset: str, bots: str, decks: int) -> dict[str, Any]:
    """The simulation options of one rule set's rounds."""
    return {"preset": preset, "bots": bots, "decks": int(decks)}


def short_title(preset: str) -> str:
    """A rule set's name for a chart legend or a table column: "Chinese competition rules" (in the current
    language)."""
    title = _(PRESETS[preset].title)
    return title[4:] if title.startswith("the ") else title


def decks_text(decks: int) -> str:
    """"2 decks" (in the current language)."""
    return ngettext("{n} deck", "{n} decks", decks).format(n=number(decks))


def kitty_rule_label(rule: str) -> str:
    """A kitty rule by its label in the charts, in the current language."""
    return _(KITTY_RULES[rule])


def outcome_label(name: str) -> str:
    """An outcome of :data:`OUTCOME_ORDER` (its key: "bankers +2") as a learner reads it, in the current language."""
    if name == "bank passes":
        return _("bank passes")
    side, levels = name.split(" +")
    said = _("bankers +{levels}") if side == "bankers" else _("attackers +{levels}")
    return said.format(levels=number(int(levels)))


# ------------------------------------------------------------------------------------------------ session state


WIDGETS = (DECKS, THRESHOLD, BAND, KITTY_POINTS, ROUNDS, SEED, BOTS)
KEPT = KEY + "kept"
"""A copy of the page's widget values: Streamlit drops a widget's value when a run of another page does not draw
it, so the page restores them from here when the learner comes back."""


def init_scoring(preset: str) -> None:
    """Give the page's widgets their values: the learner's own (kept by :func:`remember`, also across a visit to
    another page), else the defaults. Nothing but the learner changes them."""
    kept = st.session_state.get(KEPT, {})
    defaults = {DECKS: 2, KITTY_POINTS: 20, ROUNDS: QUICK_ROUNDS, SEED: QUICK_SEED, BOTS: "random"}
    for key in WIDGETS:
        if key not in st.session_state and key in kept:
            st.session_state[key] = kept[key]
    for key, value in defaults.items():
        if key not in st.session_state:
            st.session_state[key] = value
    if THRESHOLD not in st.session_state or BAND not in st.session_state:
        reset_table(preset)
    keep_values({key: st.session_state[key] for key in WIDGETS if key in st.session_state})


def remember() -> None:
    """Keep a copy of the widget values (call at the end of the page and of each fragment)."""
    st.session_state[KEPT] = {key: st.session_state[key] for key in WIDGETS if key in st.session_state}


def reset_table(preset: str) -> None:
    """Callback: the rule set's own threshold and band width for the chosen decks."""
    rules = rules_for(preset, int(st.session_state.get(DECKS, 2)))
    st.session_state[THRESHOLD] = rules.attack_threshold
    st.session_state[BAND] = rules.band_width


@functools.lru_cache(maxsize=512)
def rules_for(preset: str, decks: int, threshold: int | None = None, band: int | None = None,
              kitty_rule: str | None = None) -> Rules:
    """The rule set with these decks, threshold, band width and kitty rule (``None``: the rule set's own)."""
    options: dict[str, Any] = {"decks": decks}
    if threshold is not None:
        options["threshold"] = threshold
    if band is not None:
        options["band"] = band
    if kitty_rule is not None and kitty_rule != NO_BONUS:
        options["kitty_multiplier"] = kitty_rule
    return make_rules(preset, options)


@dataclass(frozen=True)
class Table:
    """The level table the learner is exploring: decks, threshold and band width."""

    decks: int
    threshold: int
    band: int

    def rules(self, preset: str, kitty_rule: str | None = None) -> Rules:
        return rules_for(preset, self.decks, self.threshold, self.band, kitty_rule)

    @property
    def total_points(self) -> int:
        """The points in play with these decks (the engine's)."""
        return total_points(self.decks)


def total_points(decks: int) -> int:
    """The points in play with ``decks`` decks, from the engine's rules."""
    return make_rules(None, {"decks": decks}).total_points


def explored() -> Table:
    """The table of the page's sliders."""
    return Table(int(st.session_state[DECKS]), int(st.session_state[THRESHOLD]), int(st.session_state[BAND]))


# ------------------------------------------------------------------------------------------------ the level table


def signed_levels(points: int, rules: Rules) -> int:
    """Levels gained: positive for the bankers (bank kept), negative for the attackers, 0 when the bank passes
    with no level change."""
    change = level_change(points, rules)
    return change.levels if change.bankers_keep else -change.levels


def outcome(points: int, rules: Rules) -> str:
    change = level_change(points, rules)
    return _outcome_name(change.bankers_keep, change.levels)


def _outcome_name(bankers_keep: bool, levels: int) -> str:
    if bankers_keep:
        return f"bankers +{levels}"
    return f"attackers +{levels}" if levels else "bank passes"


def steps(rules: Rules, upto: int | None = None) -> tuple[list[int], list[int]]:
    """The level table as a step line: attackers' points 0, 5, … and the signed level change at each."""
    top = rules.total_points if upto is None else upto
    xs = list(range(0, top + 1, POINT_UNIT))
    return xs, [signed_levels(p, rules) for p in xs]


def _layout(height: int, **extra: Any) -> dict[str, Any]:
    layout: dict[str, Any] = {"height": height, "margin": {"t": 40, "b": 10, "l": 10, "r": 10},
                              "legend": {"orientation": "h", "y": -0.25, "x": 0}}
    layout.update(extra)
    return layout


def _figure(data: list[dict[str, Any]], layout: dict[str, Any]) -> go.Figure:
    """A figure from its spec, not validated property by property (that is most of the cost of a slider step;
    a test validates every figure of the page)."""
    return go.Figure({"data": data, "layout": layout}, _validate=False)


def _line(x: float, *, colour: str = "#333", dash: str = "dot", xref: str = "x", yref: str = "paper",
          y0: float = 0, y1: float = 1) -> dict[str, Any]:
    return {"type": "line", "x0": x, "x1": x, "y0": y0, "y1": y1, "xref": xref, "yref": yref,
            "line": {"color": colour, "dash": dash, "width": 1.5}}


def _zero_line() -> dict[str, Any]:
    return {"type": "line", "x0": 0, "x1": 1, "xref": "paper", "y0": 0, "y1": 0, "yref": "y",
            "line": {"color": "#888", "width": 1}}


@kept(256)
def level_chart(preset: str, table: Table) -> go.Figure:
    """Your level table (threshold and band width) for the chosen decks, shaded by who banks next; the rule set's
    own table dashed beneath it when yours differs. Shared: do not modify."""
    mine = table.rules(preset)
    default = rules_for(preset, table.decks)
    top, t = mine.total_points, mine.attack_threshold
    data = []
    if (mine.attack_threshold, mine.band_width) != (default.attack_threshold, default.band_width):
        xs, ys = steps(default)
        data.append({"type": "scatter", "x": xs, "y": ys, "mode": "lines", "line": {"shape": "hv", "dash": "dash",
                     "color": "#888"}, "name": _("the table of {rules}").format(rules=_(PRESETS[preset].title))})
    xs, ys = steps(mine)
    data.append({"type": "scatter", "x": xs, "y": ys, "mode": "lines", "name": _("your table"),
                 "line": {"shape": "hv", "color": "#e45756", "width": 3},
                 "hovertemplate": _("{points} points: {levels} levels").format(points="%{x}", levels="%{y:+d}")
                 + "<extra></extra>"})
    shade = [{"type": "rect", "xref": "x", "yref": "paper", "x0": 0, "x1": min(t, top), "y0": 0, "y1": 1,
              "fillcolor": KEEP, "opacity": 0.12, "line": {"width": 0}, "layer": "below"}]
    notes = [{"text": _("bankers keep the bank"), "x": 0, "xanchor": "left", "y": 1, "yanchor": "bottom",
              "xref": "x", "yref": "paper", "showarrow": False, "font": {"color": KEEP}}]
    if t <= top:
        shade.append({**shade[0], "x0": t, "x1": top, "fillcolor": PASS})
        notes.append({**notes[0], "text": _("attackers take the bank"), "x": top, "xanchor": "right",
                      "font": {"color": PASS}})
    return _figure(data, _layout(
        360, shapes=[*shade, _zero_line()], annotations=notes,
        xaxis={"title": {"text": _("attackers' points ({decks}: {top} in play)").format(
            decks=decks_text(table.decks), top=number(top))}, "range": [0, top]},
        yaxis={"title": {"text": _("levels (+ bankers, − attackers)")}, "dtick": 1, "zeroline": False}))


def band_rows(rules: Rules) -> list[dict[str, Any]]:
    """The level table as rows: points, result, who banks next."""
    rows = []
    for b in level_bands(rules):
        high = b.high if b.high is not None else b.low
        low, high = b.low + (-b.low) % POINT_UNIT, high - high % POINT_UNIT  # no count of points lies between
        points = number(low) if low >= high else f"{number(low)}–{number(high)}"
        nxt = (_("the bankers again (the starter's partner starts)") if b.bankers_keep
               else _("the attackers (the player after the old starter starts)"))
        rows.append({_("attackers' points"): points, _("result"): b.text, _("who banks next"): nxt})
    return rows


def table_text() -> str:
    """How the rule sets' table scales with the decks, in one sentence per deck count."""
    parts = []
    for decks in DECK_COUNTS:
        rules = rules_for(GAME.default_preset, decks)
        parts.append(_("{decks}: {total} points in play, threshold {threshold}, bands of {band}").format(
            decks=decks_text(decks), total=number(rules.total_points), threshold=number(rules.attack_threshold),
            band=number(rules.band_width)))
    return "; ".join(parts)


def kitty_text() -> str:
    """The kitty option's own help, and each rule set's multiplier (the engine's words)."""
    spec = next(s for s in GAME.option_specs() if s.name == "kitty_multiplier")
    sets = "; ".join(f"{short_title(p)}: {_(make_rules(p).kitty_multiplier.label)}" for p in PRESETS)
    return _("{help} {rule_sets}. The simulation below compares every choice.").format(
        help=_(spec.help), rule_sets=f"{sets[:1].upper()}{sets[1:]}")


@kept(64)
def kitty_chart(kitty_points: int, upto: int = 8) -> go.Figure:
    """The kitty bonus (kitty points × each rule set's multiplier) against the cards each player played to the
    last trick. The multiplier is written once per point where the rule sets differ. Shared: do not modify."""
    xs = list(range(1, upto + 1))
    data = []
    previous: list[int] | None = None
    for i, name in enumerate(PRESETS):
        rules = rules_for(name, 2)
        multipliers = [kitty_multiplier(rules, n) for n in xs]
        text = [f"× {number(m)}" if previous is None or previous[j] != m else "" for j, m in enumerate(multipliers)]
        data.append({"type": "scatter", "x": xs, "y": [kitty_points * m for m in multipliers],
                     "mode": "lines+markers+text", "name": f"{short_title(name)}: "
                     f"{kitty_rule_label(rules.kitty_multiplier.value)}", "text": text,
                     "textposition": "top center" if i else "bottom right", "line": {"color": PRESET_COLOURS[i % 2]},
                     "cliponaxis": False,
                     "hovertemplate": _("{cards} cards each: bonus {bonus}").format(cards="%{x}", bonus="%{y}")
                     + "<extra></extra>"})
        previous = multipliers
    return _figure(data, _layout(
        340, xaxis={"title": {"text": _("cards per player in the last trick")}, "dtick": 1},
        yaxis={"title": {"text": _("bonus for {points} kitty points").format(points=number(kitty_points))},
               "rangemode": "tozero"}))


# ------------------------------------------------------------------------------------------------ simulated rounds


@dataclass(frozen=True)
class Rounds:
    """The simulated rounds one rule set's charts show, and the simulation they come from."""

    preset: str
    bots: str
    decks: int
    games: int
    seed: int
    frame: pd.DataFrame = field(compare=False, hash=False, repr=False)

    @property
    def key(self) -> str:
        return f"{self.preset}:{self.bots}:{self.decks}:{self.games}:{self.seed}"


def shipped(options: Mapping[str, Any]) -> bool:
    """Whether the default rounds for ``options`` are shipped (drawn at once, with no simulation)."""
    name = simulation.file_name(GAME_KEY, QUICK_ROUNDS, QUICK_SEED, options)
    return (simulation.DATA / name).exists()


def rounds_for(preset: str, games: int, seed: int, bots: str, decks: int) -> Rounds | None:
    """The chosen rounds of one rule set when they are at hand — the shipped default (or its first rounds), or a
    finished run (shared by every session) — else None (the page offers its Run button)."""
    options = sim_options(preset, bots, decks)
    if seed == QUICK_SEED and games <= QUICK_ROUNDS and shipped(options):
        frame = simulation.quick_frame(GAME_KEY, QUICK_ROUNDS, QUICK_SEED, options)
        return Rounds(preset, bots, decks, games, seed, frame if games == QUICK_ROUNDS else frame.head(games))
    frame = simulation.finished_frame(GAME_KEY, games, seed, options)
    return None if frame is None else Rounds(preset, bots, decks, games, seed, frame)


def stand_in(preset: str, bots: str, decks: int) -> Rounds | None:
    """The shipped default rounds to show while another simulation runs (None if there are none)."""
    for which in (bots, "random"):
        options = sim_options(preset, which, decks)
        if shipped(options):
            frame = simulation.quick_frame(GAME_KEY, QUICK_ROUNDS, QUICK_SEED, options)
            return Rounds(preset, which, decks, QUICK_ROUNDS, QUICK_SEED, frame)
    return None


def shown_text(shown: Sequence[Rounds], waiting: Sequence[str]) -> str:
    """Which rounds the charts show, in a sentence (the defaults stand in for a run not yet done)."""
    described = {_("{rounds} rounds, {decks}, {bots}, seed {seed}").format(
        rounds=number(r.games), decks=decks_text(r.decks), bots=_(BOT_LABELS[r.bots]), seed=number(r.seed)): r
        for r in shown}
    if len(described) == 1:
        text = _("Showing {rounds} per rule set").format(rounds=next(iter(described)))
    else:
        text = _("Showing {rounds}").format(rounds="; ".join(f"{short_title(r.preset)}: {d}"
                                                           for d, r in described.items()))
    if waiting:
        text = _("{showing} — the default rounds until your run is done").format(showing=text)
    return text + ("." if language() == DEFAULT_LANGUAGE else "\u0964")


SCORE_COLUMNS = ("trick_points", "kitty_points", "last_trick_cards", "attackers_won_last", "penalty",
                 "last_trick_largest")
"""The columns of a simulation that scoring reads (the engine's ``summary_row`` gives them)."""


def totals(frame: pd.DataFrame, decks: int, kitty_rule: str) -> np.ndarray:
    """The attackers' points of each round (tricks + kitty bonus + penalties) under ``kitty_rule``, by the
    engine's ``score_hand`` — once per distinct round: the total does not depend on the threshold or the bands."""
    rules = rules_for(GAME.default_preset, decks, kitty_rule=kitty_rule)
    cols = [frame[c].to_numpy() for c in SCORE_COLUMNS]
    seen: dict[tuple[int, int, int, bool, int, int], int] = {}
    out = np.empty(len(frame), dtype=np.int64)
    for i, row in enumerate(zip(*cols, strict=True)):
        trick, kitty, cards, won, penalty, largest = (int(row[0]), int(row[1]), int(row[2]), bool(row[3]),
                                                      int(row[4]), int(row[5]))
        key = (trick, kitty, cards, won, penalty, largest)
        if key not in seen:
            seen[key] = engine_score_hand(rules, trick_points=trick, kitty_points=kitty, last_trick_cards=cards,
                                          attackers_won_last=won and kitty_rule != NO_BONUS, starter=0,
                                          penalty=penalty, largest_combo=largest).attacker_points
        out[i] = seen[key]
    return out


@kept(128)
def _kept_totals(key: str, _frame: pd.DataFrame, decks: int, kitty_rule: str) -> np.ndarray:
    return totals(_frame, decks, kitty_rule)


def rescore(frame: pd.DataFrame, rules: Rules, kitty_rule: str | None = None) -> pd.DataFrame:
    """The rounds re-scored by the engine under ``rules`` (threshold, band) and a kitty rule (default: the rules'
    own; ``"none"``: no bonus): the columns ``points``, ``outcome``, ``bankers_keep``, ``kitty``."""
    return _scored(totals(frame, rules.decks, kitty_rule or rules.kitty_multiplier.value), rules,
                   kitty_rule or rules.kitty_multiplier.value, frame.index)


def _scored(points: np.ndarray, rules: Rules, kitty_rule: str, index: pd.Index | None = None) -> pd.DataFrame:
    listed = points.tolist()
    changes = {p: level_change(p, rules) for p in set(listed)}
    return pd.DataFrame({"points": points,
                         "outcome": [_outcome_name(changes[p].bankers_keep, changes[p].levels) for p in listed],
                         "bankers_keep": [changes[p].bankers_keep for p in listed],
                         "kitty": KITTY_RULES[kitty_rule]}, index=index)


def _rescored(rounds: Rounds, table: Table, kitty_rule: str | None = None
              ) -> tuple[np.ndarray, list[str], list[bool]]:
    """:func:`rescore` of kept rounds without a DataFrame: the points, outcomes and whether the bankers keep the
    bank, round by round (a slider step re-scores many times: plain lists are much cheaper)."""
    rules = table.rules(rounds.preset)
    rule = kitty_rule or rules.kitty_multiplier.value
    points = _kept_totals(rounds.key, rounds.frame, rounds.decks, rule)
    listed = points.tolist()
    changes = {p: level_change(p, rules) for p in set(listed)}
    return (points, [_outcome_name(changes[p].bankers_keep, changes[p].levels) for p in listed],
            [changes[p].bankers_keep for p in listed])


@kept(32)
def arrow_table(key: str, _frame: pd.DataFrame) -> pa.Table:
    """The rounds of ``key`` as an Arrow table, converted once (``st.dataframe`` would convert them every rerun)."""
    return pa.Table.from_pandas(_frame, preserve_index=False)


def outcome_colours(order: Sequence[str]) -> dict[str, str]:
    blues = ["#08306b", "#2171b5", "#6baed6"]
    oranges = ["#fdd0a2", "#fdae6b", "#fd8d3c", "#e6550d", "#a63603", "#7f2704"]
    out = {}
    for name in order:
        if name.startswith("bankers"):
            out[name] = blues[max(0, 3 - int(name.split("+")[1]))]
        elif name == "bank passes":
            out[name] = "#bdbdbd"
        else:
            out[name] = oranges[min(int(name.split("+")[1]) - 1, len(oranges) - 1)]
    return out


def _keys(shown: Sequence[Rounds]) -> tuple[str, ...]:
    return tuple(r.key for r in shown)


ROW_HEIGHT = 190
"""The height of one rule set's panel in the charts stacked by rule set (so that they read on a phone too)."""


def _rows(count: int, height: int, gap: int, top: int = 30, bottom: int = 120
          ) -> tuple[int, list[tuple[float, float]]]:
    """The figure height and the vertical domains (top to bottom) of ``count`` panels of ``height`` pixels each:
    ``top`` pixels above the first for its title, ``gap`` between panels (the tick labels above, the title below)
    and ``bottom`` below the last for its axis title and the legend."""
    total = top + count * height + (count - 1) * gap + bottom
    out = []
    for i in range(count):
        high = 1 - (top + i * (height + gap)) / total
        out.append((high - height / total, high))
    return total, out


def _row_title(text: str, domain: tuple[float, float]) -> dict[str, Any]:
    return {"text": f"<b>{text}</b>", "x": 0, "xanchor": "left", "y": domain[1], "yanchor": "bottom",
            "xref": "paper", "yref": "paper", "showarrow": False}


def _row_layout(height: int, count: int, gap: int) -> tuple[dict[str, Any], list[tuple[float, float]]]:
    total, domains = _rows(count, height, gap)
    layout = _layout(total)
    layout["margin"] = {"t": 10, "b": 10, "l": 10, "r": 10}
    layout["legend"] = {"orientation": "h", "x": 0, "y": 0, "yanchor": "top", "traceorder": "normal"}
    return layout, domains


def distribution_chart(shown: Sequence[Rounds], table: Table) -> go.Figure:
    """Attackers' points of the simulated rounds, bars coloured by the outcome, one panel per rule set (stacked, on
    one points axis); the threshold is a dotted line, named in the panel titles (so no label sits over them)."""
    return _distribution_chart(_keys(shown), table, shown)


@kept(128)
def _distribution_chart(keys: tuple[str, ...], table: Table, _shown: Sequence[Rounds]) -> go.Figure:
    scored = [_rescored(r, table) for r in _shown]
    seen = {o for _, outcomes, _ in scored for o in outcomes}
    order = [o for o in OUTCOME_ORDER if o in seen]
    colours = outcome_colours(order)
    layout, domains = _row_layout(ROW_HEIGHT, len(_shown), 60)
    layout.update(barmode="stack", bargap=0.05, shapes=[], annotations=[])
    data: list[dict[str, Any]] = []
    top = max([table.total_points] + [int(points.max()) + POINT_UNIT for points, _, _ in scored if len(points)])
    for i, (rounds, (points, outcomes, _keeps)) in enumerate(zip(_shown, scored, strict=True)):
        axis = "" if i == 0 else str(i + 1)
        rules = table.rules(rounds.preset)
        bins = Counter(zip(outcomes, (points // POINT_UNIT * POINT_UNIT).tolist(), strict=True))
        for o in order:
            counts = sorted((b, n) for (name, b), n in bins.items() if name == o)
            if counts:
                said = outcome_label(o)
                data.append({"type": "bar", "x": [b for b, _n in counts], "y": [n for _b, n in counts],
                             "name": said, "legendgroup": o, "showlegend": not any(d["legendgroup"] == o for d in data),
                             "marker": {"color": colours[o]}, "xaxis": "x" + axis, "yaxis": "y" + axis,
                             "hovertemplate": _("{outcome}: {rounds} rounds with {points} points").format(
                                 outcome=said, rounds="%{y}", points="%{x}") + "<extra></extra>"})
        last = i == len(_shown) - 1
        layout["xaxis" + axis] = {"anchor": "y" + axis, "range": [-5, top], **({"matches": "x"} if i else {}),
                                  **({"title": {"text": _("attackers' points (with the kitty bonus)")}}
                                     if last else {})}
        layout["yaxis" + axis] = {"anchor": "x" + axis, "domain": domains[i], "title": {"text": _("rounds")}}
        layout["shapes"].append(_line(rules.attack_threshold - 2.5, xref="x" + axis, yref=f"y{axis} domain"))
        layout["annotations"].append(_row_title(_("{rules}: threshold {threshold}").format(
            rules=short_title(rounds.preset), threshold=number(rules.attack_threshold)), domains[i]))
    return _figure(data, layout)


def keep_chart(shown: Sequence[Rounds], table: Table) -> go.Figure:
    """The share of rounds in which the bankers keep the bank, as the threshold moves (your threshold dotted)."""
    return _keep_chart(_keys(shown), table, shown)


@kept(128)
def _keep_chart(keys: tuple[str, ...], table: Table, _shown: Sequence[Rounds]) -> go.Figure:
    data = []
    top = table.total_points
    for i, rounds in enumerate(_shown):
        points = np.sort(_rescored(rounds, table)[0])
        xs = list(range(POINT_UNIT, top + POINT_UNIT, POINT_UNIT))
        # the bank is kept below the threshold whatever the band width
        ys = (np.searchsorted(points, xs, side="left") * 100 / max(1, len(points))).round(1).tolist()
        data.append({"type": "scatter", "x": xs, "y": ys, "mode": "lines", "name": short_title(rounds.preset),
                     "line": {"color": PRESET_COLOURS[i % 2]},
                     "hovertemplate": _("threshold {threshold}: the bankers keep {share}%").format(
                         threshold="%{x}", share="%{y}") + "<extra></extra>"})
    t = table.threshold
    return _figure(data, _layout(
        360, shapes=[_line(t)],
        annotations=[{"text": _("your threshold {threshold}").format(threshold=number(t)), "x": t, "xref": "x",
                      "y": 1, "yref": "paper", "yanchor": "bottom", "showarrow": False}],
        xaxis={"title": {"text": _("threshold (attackers' points needed to take the bank)")}, "range": [0, top]},
        yaxis={"title": {"text": _("rounds the bankers keep (%)")}, "range": [0, 101]}))


def kitty_effect(shown: Sequence[Rounds], table: Table) -> pd.DataFrame:
    """For each rule set's rounds and each kitty rule: the share of rounds in each outcome; rules that give exactly
    the same results in these rounds are one row, their labels joined ("× 2 = × 2 × cards")."""
    rows = []
    for rounds in shown:
        groups: dict[tuple[str, ...], list[str]] = {}
        for rule in KITTY_RULES:
            groups.setdefault(tuple(_rescored(rounds, table, rule)[1]), []).append(kitty_rule_label(rule))
        for outcomes, labels in groups.items():
            counts = Counter(outcomes)
            for name in OUTCOME_ORDER:
                if counts[name]:
                    rows.append({"rule set": short_title(rounds.preset), "kitty rule": " = ".join(labels),
                                 "outcome": name, "rounds (%)": 100 * counts[name] / len(outcomes)})
    return pd.DataFrame(rows, columns=["rule set", "kitty rule", "outcome", "rounds (%)"])


def kitty_effect_chart(shown: Sequence[Rounds], table: Table) -> tuple[go.Figure, pd.DataFrame]:
    """Stacked bars of the outcomes under each kitty rule (rules with the same results merged into one bar), one
    panel per rule set; and the table they come from."""
    return _kitty_effect_chart(_keys(shown), table, shown)


@kept(128)
def _kitty_effect_chart(keys: tuple[str, ...], table: Table, _shown: Sequence[Rounds]
                        ) -> tuple[go.Figure, pd.DataFrame]:
    effect = kitty_effect(_shown, table)
    shares: dict[str, dict[str, dict[str, float]]] = {}
    for row in effect.itertuples(index=False):
        shares.setdefault(row[0], {}).setdefault(row[1], {})[row[2]] = row[3]
    sets = list(shares)
    bars = max([len(shares[name]) for name in sets] + [1])
    order = [o for o in OUTCOME_ORDER if o in set(effect["outcome"])]
    colours = outcome_colours(order)
    layout, domains = _row_layout(34 * bars + 20, len(sets), 30)
    layout.update(barmode="stack", annotations=[])
    data = []
    for i, name in enumerate(sets):
        axis = "" if i == 0 else str(i + 1)
        rules = list(shares[name])
        for o in order:
            xs = [round(shares[name][r].get(o, 0.0), 1) for r in rules]
            said = outcome_label(o)
            data.append({"type": "bar", "orientation": "h", "x": xs, "y": rules, "name": said, "legendgroup": o,
                         "showlegend": i == 0, "marker": {"color": colours[o]}, "xaxis": "x" + axis,
                         "yaxis": "y" + axis, "hovertemplate": _("{rule}: {outcome} in {share}% of the rounds").format(
                             rule="%{y}", outcome=said, share="%{x}") + "<extra></extra>"})
        last = i == len(sets) - 1
        layout["xaxis" + axis] = {"anchor": "y" + axis, "range": [0, 100.5], **({"matches": "x"} if i else {}),
                                  **({"title": {"text": _("rounds (%)")}} if last else {"showticklabels": False})}
        layout["yaxis" + axis] = {"anchor": "x" + axis, "domain": domains[i], "type": "category",
                                  "autorange": "reversed", "automargin": True}
        layout["annotations"].append(_row_title(name, domains[i]))
    return _figure(data, layout), effect


SUMMARY_MEASURES = (N_("rounds"), N_("mean attackers' points"), N_("bankers keep (%)"),
                    N_("attackers won the last trick (%)"), N_("last trick of 2+ cards each (%)"),
                    N_("mean kitty points"), N_("failed throws per round"))


def summary_rows(shown: Sequence[Rounds], table: Table) -> list[dict[str, Any]]:
    """The simulated rounds in a few figures: one row per measure, one column per rule set (a narrow table)."""
    figures: dict[str, dict[str, float]] = {}
    for rounds in shown:
        frame = rounds.frame
        points, _outcomes, keeps = _rescored(rounds, table)
        figures[short_title(rounds.preset)] = {
            "rounds": float(len(frame)),
            "mean attackers' points": round(float(points.mean()), 1),
            "bankers keep (%)": round(100 * sum(keeps) / max(1, len(keeps)), 1),
            "attackers won the last trick (%)": round(float(frame["attackers_won_last"].mean() * 100), 1),
            "last trick of 2+ cards each (%)": round(float((frame["last_trick_cards"] > 1).mean() * 100), 1),
            "mean kitty points": round(float(frame["kitty_points"].mean()), 1),
            "failed throws per round": round(float(frame["failed_throws"].mean()), 2),
        }
    return [{"measure": _(m), **{p: digits(f"{figures[p][m]:g}") for p in figures}} for m in SUMMARY_MEASURES]


# ------------------------------------------------------------------------------------------------ bigger runs


def sims(presets: Sequence[str], games: int, seed: int, bots: str, decks: int) -> list[Sim]:
    """The simulations of these rule sets' rounds, each named by its rule set."""
    return [Sim(GAME.key, games, seed, sim_options(p, bots, decks), short_title(p)) for p in presets]


def run_buttons(presets: Sequence[str], games: int, seed: int, bots: str, decks: int) -> None:
    """The Run button for the rule sets whose rounds are not at hand, and their progress with Cancel
    (:func:`ui.scoring.run_panel`); :func:`rounds_for` finds them once they are done."""
    run_panel(KEY, sims(presets, games, seed, bots, decks),
              _("Run {games} rounds of {titles} ({decks}, {bots}, seed {seed})").format(
                  games="{games}", titles="{titles}", decks=decks_text(decks), bots=_(BOT_LABELS[bots]),
                  seed=number(seed)), noun=_("rounds"))
