"""Summaries for the scoring explorer: the points table as data, and what seeded simulations say
(euchre rate by the caller's trumps, points alone vs with a partner, the chance to win from each score,
game length). Pure pandas; the charts are drawn by the UI."""

from __future__ import annotations

import pandas as pd

from engine.euchre.rules import Rules
from engine.euchre.score import score_hand, win_chances

__all__ = ["SCENARIOS", "euchre_by_trumps", "hand_outcomes", "points_alone_vs_partner", "points_table",
           "win_chance_grid"]

SCENARIOS: dict[str, tuple[bool, bool]] = {
    "with partners": (False, False),
    "maker alone": (True, False),
    "defender alone": (False, True),
    "both alone": (True, True),
}


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
    played = _played(hands)
    grouped = played.groupby("caller_trumps")
    out = pd.DataFrame({
        "hands": grouped.size(),
        "euchred": grouped["euchred"].mean(),
        "march": grouped["march"].mean(),
        "makers_points": grouped["makers_points"].mean(),
    }).reset_index()
    return out


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


def hand_outcomes(hands: pd.DataFrame) -> dict[tuple[int, int], float]:
    """The distribution of one hand's points (to N-S, to E-W), made symmetric between the two sides
    (each side deals as often), thrown-in hands included as (0, 0)."""
    counts: dict[tuple[int, int], float] = {}
    for ns, ew in zip(hands["ns_points"], hands["ew_points"], strict=True):
        for key in ((int(ns), int(ew)), (int(ew), int(ns))):
            counts[key] = counts.get(key, 0.0) + 0.5
    total = sum(counts.values())
    return {k: v / total for k, v in counts.items()}


def win_chance_grid(hands: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """North-South's chance to win the game from each score, for ``rules`` (long format: ns, ew, chance)."""
    table = win_chances(hand_outcomes(hands), rules)
    return pd.DataFrame([{"ns": a, "ew": b, "chance": p} for (a, b), p in sorted(table.items())])
