"""The Thirteen scoring explorer's parts: which simulations it shows, re-scoring their kept rows, and its charts.

Two simulations feed the page, both through :mod:`ui.simulation`: independent games (one row per game: places,
cards left, what each hand was dealt) and whole matches (:mod:`engine.match`: one row per match, with every game's
finishing order and cards left). Neither depends on how games score, so the "Match points" choice re-scores the
kept rows with the engine's :func:`engine.thirteen.score_hand` instead of simulating again. The small defaults
are shipped under ``ui/data/sim`` (``python -m ui.scoring`` writes them); bigger runs go to the Run
button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go

from engine.i18n import N_, digits, number
from engine.i18n import gettext as _
from engine.thirteen import GAME, score_hand, seat_letters

KEY = GAME.key
QUICK_GAMES = 300
"""Independent games drawn at once (shipped for the default settings)."""
QUICK_MATCHES = 40
"""Whole matches drawn at once."""
BIGGER = (2_000, 10_000)
"""The bigger runs offered on the Run button."""
MATCH_GAMES = 5
SEED = 1
SEAT_ORDER = ("N", "E", "S", "W")
TWOS = "twos_in_double_sequences"
"""The house rule the explorer offers as a switch."""
SEAT_FIELDS = ("bot", "place", "left", "twos", "quads", "pairs", "bombs")
BOT_WORDS = {"heuristic": N_("heuristic"), "random": N_("random")}
"""The engine's bots by the words a learner reads."""
SCORING_WORDS = {"places": N_("places"), "cards": N_("cards")}
"""The choices of the option "Match points" by the words a learner reads (the engine's values are keys)."""


def game_options(preset: str, players: int, hero: str, others: str, twos: bool) -> dict[str, Any]:
    """The options of the independent-game simulation (what the play depends on, and nothing else)."""
    return {"preset": preset, "players": int(players), TWOS: bool(twos),
            "bots": [hero] + [others] * (int(players) - 1)}


def match_options(base: Mapping[str, Any], match_games: int) -> dict[str, Any]:
    """The options of the whole-match simulation: the same play, strung into matches of ``match_games``."""
    return {**base, "match_games": int(match_games), "start": {"whole": True}}


def quick_defaults() -> list[tuple[str, int, int, dict[str, Any]]]:
    """The simulations shipped as files: the page's first view under each rule set."""
    out = []
    for preset in GAME.presets:
        base = game_options(preset, 4, "heuristic", "random", False)
        out.append((KEY, QUICK_GAMES, SEED, base))
        out.append((KEY, QUICK_MATCHES, SEED, match_options(base, MATCH_GAMES)))
    return out


# ------------------------------------------------------------------------------------------------ re-scoring


def _rules(preset: str, players: int, scoring: str) -> Any:
    return GAME.rules(preset, {"players": int(players), "scoring": scoring})


def _points(rules: Any, letters: Sequence[str], order: Sequence[str], left: Sequence[int]) -> tuple[int, ...]:
    return score_hand(rules, [letters.index(c) for c in order], left)


def seat_frame(games: pd.DataFrame, preset: str, scoring: str, bots: Sequence[str]) -> pd.DataFrame:
    """One row per (game, seat) of an independent-game frame (``bots``: one per seat), with the points
    ``scoring`` gives each seat — re-scored from the kept places and cards left, not simulated again."""
    if games.empty:
        return pd.DataFrame(columns=["game", "seat", "points", *SEAT_FIELDS])
    players = int(games["players"].iloc[0])
    letters = seat_letters(players)
    rules = _rules(preset, players, scoring)
    lefts = zip(*(games[f"left_{c}"].astype(int) for c in letters), strict=True)
    points = [_points(rules, letters, order.split(), left) for order, left in zip(games["order"], lefts, strict=True)]
    parts = []
    for i, c in enumerate(letters):
        part = games[["game", "actions"]].copy()
        part["seat"] = c
        part["bot"] = bots[i]
        for name in SEAT_FIELDS[1:]:
            part[name] = games[f"{name}_{c}"].values
        part["points"] = [p[i] for p in points]
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def match_points(matches: pd.DataFrame, preset: str, scoring: str) -> pd.DataFrame:
    """One row per (match, game, seat) of a whole-match frame: the game's points and the running total under
    ``scoring``, from each game's finishing order and cards left."""
    rows = []
    for m, (_index, row) in enumerate(matches.iterrows()):
        orders = [o.split() for o in str(row["orders"]).split("; ")]
        lefts = [[int(n) for n in s.split()] for s in str(row["cards_left"]).split("; ")]
        players = len(orders[0])
        letters = seat_letters(players)
        rules = _rules(preset, players, scoring)
        totals = [0] * players
        for g, (order, left) in enumerate(zip(orders, lefts, strict=True), start=1):
            points = _points(rules, letters, order, left)
            for s, c in enumerate(letters):
                totals[s] += points[s]
                rows.append({"match": m, "game": g, "seat": c, "points": points[s], "total": totals[s],
                             "winner": order[0] == c})
    return pd.DataFrame(rows)


def match_results(points: pd.DataFrame, bots: Mapping[str, str]) -> pd.DataFrame:
    """Per seat: matches won (shared wins count for each winner), mean total and mean points per game."""
    if points.empty:
        return pd.DataFrame(columns=[_("Seat"), _("Bot"), _("Matches won"), _("Points per match"),
                                     _("Points per game")])
    last = points[points["game"] == points.groupby("match")["game"].transform("max")]
    best = last.groupby("match")["total"].transform("max")
    last = last.assign(won=last["total"] == best)
    out = last.groupby("seat").agg(won=("won", "sum"), total=("total", "mean")).reindex(
        [c for c in SEAT_ORDER if c in set(last["seat"])])
    per_game = points.groupby("seat")["points"].mean()
    return pd.DataFrame({_("Seat"): out.index, _("Bot"): [bots.get(c, "") for c in out.index],
                         _("Matches won"): out["won"].astype(int).values,
                         _("Points per match"): out["total"].round(2).values,
                         _("Points per game"): per_game.reindex(out.index).round(2).values})


# ------------------------------------------------------------------------------------------------ charts


def _two_lines(label: str) -> str:
    """A label split into two lines of about as many words each."""
    words = label.split()
    half = (len(words) + 1) // 2
    return " ".join(words[:half]) + "<br>" + " ".join(words[half:])


def bomb_frequency(seats: pd.DataFrame) -> go.Figure:
    """How often a dealt 13-card hand holds each bomb."""
    n = len(seats)
    rows = [
        (_("four of a kind"), (seats["quads"] > 0).mean()),
        (_("3+ pairs in a row"), (seats["pairs"] >= 3).mean()),
        (_("4+ pairs in a row"), (seats["pairs"] >= 4).mean()),
        (_("5+ pairs in a row"), (seats["pairs"] >= 5).mean()),
        (_("any bomb"), (seats["bombs"] > 0).mean()),
    ]
    frame = pd.DataFrame(rows, columns=["bomb", "share"])
    frame["percent"] = frame["share"] * 100
    fig = px.bar(frame, x="bomb", y="percent", text=frame["percent"].map(lambda v: digits(f"{v:.1f}%")),
                 labels={"bomb": "", "percent": _("% of hands")},
                 title=_("Bombs in {n} dealt hands").format(n=number(n)),
                 hover_data={"bomb": True, "percent": ":.1f"})
    # two lines a label: on one line the labels run into each other at 1280 px wide
    fig.update_xaxes(tickangle=0, tickvals=frame["bomb"], ticktext=[_two_lines(b) for b in frame["bomb"]])
    fig.update_traces(marker_color="#2f6f4e", textposition="outside", cliponaxis=False)
    return fig


def twos_frequency(seats: pd.DataFrame) -> go.Figure:
    """How many 2s a dealt hand holds."""
    counts = seats["twos"].value_counts().reindex(range(5), fill_value=0)
    frame = pd.DataFrame({"twos": [str(i) for i in range(5)], "percent": counts.values / max(len(seats), 1) * 100})
    fig = px.bar(frame, x="twos", y="percent", text=frame["percent"].map(lambda v: digits(f"{v:.1f}%")),
                 labels={"twos": _("2s in the hand"), "percent": _("% of hands")},
                 title=_("How many 2s a hand holds"))
    fig.update_traces(marker_color="#b5522b", textposition="outside", cliponaxis=False)
    return fig


def place_by(seats: pd.DataFrame, column: str, label: str) -> go.Figure:
    """Average finishing place by ``column`` (2s or bombs held when dealt), per bot; win rate on hover."""
    grouped = seats.groupby([column, "bot"]).agg(place=("place", "mean"), wins=("place", lambda p: (p == 1).mean()),
                                                  hands=("place", "size")).reset_index()
    grouped["won %"] = (grouped["wins"] * 100).round(1)
    grouped["place"] = grouped["place"].round(2)
    grouped[column] = grouped[column].astype(str)
    grouped["bot"] = grouped["bot"].map(lambda b: _(BOT_WORDS.get(str(b), str(b))))
    return px.bar(grouped, x=column, y="place", color="bot", barmode="group", hover_data=["won %", "hands"],
                  labels={column: label, "place": _("average place (1 = first out)"), "bot": _("bot"),
                          "won %": _("won %"), "hands": _("hands")},
                  title=_("Finishing place by {what}").format(what=label[:1].lower() + label[1:]))


def length_histogram(games: pd.DataFrame) -> go.Figure:
    """Game length: plays and passes per game."""
    fig = px.histogram(games, x="actions", nbins=40, labels={"actions": _("actions per game (plays and passes)"),
                                                             "count": _("games")},
                       title=_("Game length"))
    fig.update_traces(marker_color="#4b5fa6")
    fig.update_layout(yaxis_title=_("games"))
    return fig


def match_lines(points: pd.DataFrame, match: int, bots: Mapping[str, str]) -> go.Figure:
    """Each seat's running total over the games of one match."""
    one = points[points["match"] == match].copy()
    one["seat"] = [f"{c} ({bots.get(c, '')})" for c in one["seat"]]
    games = int(one["game"].max()) if len(one) else 0
    fig = px.line(one, x="game", y="total", color="seat", markers=True,
                  labels={"game": _("game of the match"), "total": _("total points"), "seat": _("seat")},
                  title=_("Match {match}: points over {games} games").format(match=number(match + 1),
                                                                            games=number(games)))
    fig.update_xaxes(dtick=1)
    return fig
