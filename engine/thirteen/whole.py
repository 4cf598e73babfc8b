"""A Thirteen match — the whole game of :mod:`engine.match` — as pure functions of the games finished so far.

The first game is led by the holder of the lowest card dealt (whose play must contain it, when the rules say so);
every later game is led by the previous game's winner, freely. A match is ``match_games`` games (the option
"Games in a match"), or — with ``match_target`` ("Points target") — goes on until a player has reached the target
alone in the lead. Each game scores as :func:`engine.thirteen.score.score_hand` says (places 3/2/1/0, or cards);
the most points wins the match, and a tie at the top after a fixed number of games is shared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Outcome
from engine.thirteen.order import cards_of
from engine.thirteen.rules import Rules, seat_letters, seat_names
from engine.thirteen.score import score_hand
from engine.thirteen.state import State
from engine.words import and_list, count

__all__ = ["game_points", "match_over", "match_totals", "next_hand", "scoreboard", "whole_outcome", "winners"]


def game_points(state: State) -> tuple[int, ...]:
    """Each seat's points for one finished game."""
    left = state.left_at_first_out or tuple(h.bit_count() for h in state.hands)
    return score_hand(state.rules, state.finished, left)


def match_totals(rules: Rules, finished: Sequence[State]) -> tuple[int, ...]:
    """Each seat's points over the finished games."""
    totals = [0] * rules.players
    for state in finished:
        for seat, points in enumerate(game_points(state)):
            totals[seat] += points
    return tuple(totals)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the most points."""
    best = max(totals)
    return tuple(s for s, t in enumerate(totals) if t == best)


def match_over(rules: Rules, totals: Sequence[int], games: int) -> bool:
    """Whether a match with these totals after ``games`` games is over."""
    if rules.match_target is None:
        return games >= rules.match_games
    return max(totals) >= rules.match_target and len(winners(totals)) == 1


def next_hand(rules: Rules, finished: Sequence[State]) -> Mapping[str, Any] | None:
    """The next game's ``start`` (led by the last game's winner), or None when the match is over."""
    if match_over(rules, match_totals(rules, finished), len(finished)):
        return None
    return {"leader": seat_letters(rules.players)[finished[-1].finished[0]]}


def _length(rules: Rules) -> str:
    if rules.match_target is None:
        return f"a match of {count(rules.match_games, 'game')}"
    return f"a match to {count(rules.match_target, 'point')}"


def scoreboard(rules: Rules, finished: Sequence[State], current: State) -> tuple[tuple[str, str], ...]:
    """The scoreboard beside the table: which game of the match this is, the points so far, who leads it."""
    letters = seat_letters(rules.players)
    names = seat_names(rules.players)
    number = len(finished) + (0 if current.over and finished and finished[-1] is current else 1)
    if rules.match_target is None:
        game = f"Game {number} of {rules.match_games}"
    else:
        game = f"Game {number}; the first to {rules.match_target} points alone in the lead wins"
    totals = match_totals(rules, finished)
    lines = [("Match", game), ("Points", ", ".join(f"{c} {t}" for c, t in zip(letters, totals, strict=True)))]
    if current.over and finished and finished[-1] is current:
        return tuple(lines)
    if finished:
        lead = f"led by {names[finished[-1].finished[0]]}, the winner of game {len(finished)}, freely"
    else:
        low = current.dealt[current.leader] & -current.dealt[current.leader]
        lead = f"led by {names[current.leader]}, who was dealt {cards_of(low)[0].symbol_text}, the lowest card"
    lines.append(("This game", lead))
    return tuple(lines)


def whole_outcome(rules: Rules, finished: Sequence[State]) -> Outcome:
    """How a match came out, in sentences, with the totals as its returns."""
    letters = seat_letters(rules.players)
    names = seat_names(rules.players)
    totals = match_totals(rules, finished)
    top = winners(totals)
    games = count(len(finished), "game")
    best = count(totals[top[0]], "point")
    if len(top) == 1:
        if rules.match_target is not None and totals[top[0]] >= rules.match_target:
            head = f"{names[top[0]]} reaches {best} and wins the match after {games}."
        else:
            head = f"{names[top[0]]} wins the match with {best} after {games}."
    else:
        head = f"{and_list(names[s] for s in top)} share the match with {best} each after {games}."
    order = sorted(range(rules.players), key=lambda s: (-totals[s], s))
    points = and_list(f"{names[s]} {totals[s]}" for s in order)
    wins = [sum(1 for g in finished if g.finished[0] == s) for s in range(rules.players)]
    won = and_list(f"{names[s]} {count(wins[s], 'game')}" for s in order if wins[s])
    summary = f"{head} Points: {points}. Games won: {won}."
    facts = (("Match", _length(rules)[2:].capitalize()), ("Games played", str(len(finished))),
             ("Winner", and_list(names[s] for s in top)),
             ("Points", " · ".join(f"{names[s]} {totals[s]}" for s in order)),
             ("Games won", " · ".join(f"{names[s]} {wins[s]}" for s in order)))
    data: dict[str, Any] = {
        "games": len(finished), "winner": " ".join(letters[s] for s in top),
        # each game's finishing order and the cards each seat held when the first player went out, so that a
        # simulation's matches can be re-scored under either scoring without playing them again
        "orders": "; ".join(" ".join(letters[s] for s in g.finished) for g in finished),
        "cards_left": "; ".join(" ".join(str(n) for n in (g.left_at_first_out or tuple(h.bit_count() for h in g.hands)))
                                for g in finished),
    }
    for s, c in enumerate(letters):
        data[f"total_{c}"] = totals[s]
        data[f"wins_{c}"] = wins[s]
    return Outcome(summary, tuple(float(t) for t in totals), facts, data)
