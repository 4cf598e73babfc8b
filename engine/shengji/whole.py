"""Whole games of Shengji: rounds climbing past the ace, the levels, the bank and the trump rank carried on from
round to round (the next round's start, the scoreboard, how the game came out)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import Outcome
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji.rules import TEAMS, Rules
from engine.shengji.score import HandScore, team_words
from engine.shengji.state import State
from engine.shengji.table import levels_text, team_name
from engine.words import count

__all__ = ["final_levels", "next_hand", "scoreboard", "whole_outcome"]

def next_hand(state: State) -> dict[str, Any] | None:
    """The ``start`` of the round after the finished ``state`` (its levels and starter), or None when a team went
    past the last level and won the game."""
    s = state.score
    if s is None or s.winner is not None:
        return None
    return {"levels": {TEAMS[i]: lv.text for i, lv in enumerate(s.levels)},
            "starter": state.rules.seats[s.next_starter]}


def scoreboard(rules: Rules, finished: Sequence[State], current: State) -> tuple[tuple[str, str], ...]:
    """The whole game's scoreboard: the levels and this round's trump rank, the bankers, the rounds so far."""
    levels = current.levels
    rank = current.trump_rank.text
    s = current.score
    if s is not None:  # the game is over: the levels after its last round
        lines: list[tuple[str, str]] = [(_("Levels"), final_levels(rules, s))]
    else:
        lines = [(_("Levels"), _("{levels} — trump rank {rank}").format(levels=levels_text(levels), rank=rank))]
    if finished:
        kept = sum(1 for h in finished if h.score is not None and h.score.change.bankers_keep)
        lines.append((_("Rounds"), _("{rounds} played; the bankers kept the bank in {kept}").format(
            rounds=n_(len(finished)), kept=n_(kept))))
    return tuple(lines)


def final_levels(rules: Rules, s: HandScore) -> str:
    """The levels after a round, the winner "past A": "NS past A, WE 10"."""
    return ", ".join(_("{team} past {level}").format(team=team_words(i), level=lv.text) if s.winner == i else
                     f"{team_words(i)} {lv.text}" for i, lv in enumerate(s.levels))


def whole_outcome(rules: Rules, finished: Sequence[State], returns_: tuple[float, ...]) -> Outcome:
    """How a whole game came out, in sentences."""
    last = finished[-1]
    s = last.score
    assert s is not None
    rounds = len(finished)
    kept = sum(1 for h in finished if h.score is not None and h.score.change.bankers_keep)
    if s.winner is not None:
        winner = team_name(rules, s.winner)
        summary = _("{team} go past {rank} and win the game after {rounds}. Final levels: {levels}.").format(
            team=winner, rank=rules.game_end_rank.text, rounds=count(rounds, "round"), levels=final_levels(rules, s))
        facts: list[tuple[str, str]] = [(_("Winner"), _("{team}, past {rank}").format(
            team=winner, rank=rules.game_end_rank.text))]
    else:
        summary = _("The game stopped after {rounds} with no team past {rank}. Levels: {levels}.").format(
            rounds=count(rounds, "round"), rank=rules.game_end_rank.text, levels=levels_text(s.levels))
        facts = [(_("Winner"), _("nobody yet"))]
    facts += [(_("Rounds"), _("{rounds}; the bankers kept the bank in {kept}").format(rounds=n_(rounds),
                                                                                     kept=n_(kept))),
              (_("Levels"), final_levels(rules, s))]
    data: dict[str, Any] = {"rounds": rounds, "winner": TEAMS[s.winner] if s.winner is not None else "",
                            "bank_kept": kept, **{f"level_{TEAMS[i]}": lv.text for i, lv in enumerate(s.levels)}}
    return Outcome(summary, returns_, tuple(facts), data)
