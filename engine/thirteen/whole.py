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
from engine.i18n import gettext
from engine.i18n import number as digits
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
    """"Match of five games", "Match to 30 points"."""
    if rules.match_target is None:
        return gettext("Match of {games}").format(games=count(rules.match_games, "game"))
    return gettext("Match to {points}").format(points=count(rules.match_target, "point"))


def scoreboard(rules: Rules, finished: Sequence[State], current: State) -> tuple[tuple[str, str], ...]:
    """The scoreboard beside the table: which game of the match this is, the points so far, who leads it."""
    letters = seat_letters(rules.players)
    names = seat_names(rules.players)
    number = len(finished) + (0 if current.over and finished and finished[-1] is current else 1)
    if rules.match_target is None:
        game = gettext("Game {n} of {games}").format(n=digits(number), games=digits(rules.match_games))
    else:
        game = gettext("Game {n}; the first to {target} points alone in the lead wins").format(
            n=digits(number), target=digits(rules.match_target))
    totals = match_totals(rules, finished)
    lines = [(gettext("Match"), game),
             (gettext("Points"), ", ".join(f"{c} {digits(t)}" for c, t in zip(letters, totals, strict=True)))]
    if current.over and finished and finished[-1] is current:
        return tuple(lines)
    if finished:
        lead = gettext("led by {seat}, the winner of game {n}, freely").format(seat=names[finished[-1].finished[0]],
                                                                               n=digits(len(finished)))
    else:
        low = current.dealt[current.leader] & -current.dealt[current.leader]
        lead = gettext("led by {seat}, who was dealt {card}, the lowest card").format(
            seat=names[current.leader], card=cards_of(low)[0].symbol_text)
    lines.append((gettext("This game"), lead))
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
            head = gettext("{seat} reaches {points} and wins the match after {games}.").format(
                seat=names[top[0]], points=best, games=games)
        else:
            head = gettext("{seat} wins the match with {points} after {games}.").format(seat=names[top[0]],
                                                                                        points=best, games=games)
    else:
        head = gettext("{seats} share the match with {points} each after {games}.").format(
            seats=and_list(names[s] for s in top), points=best, games=games)
    order = sorted(range(rules.players), key=lambda s: (-totals[s], s))
    points = and_list(f"{names[s]} {digits(totals[s])}" for s in order)
    wins = [sum(1 for g in finished if g.finished[0] == s) for s in range(rules.players)]
    won = and_list(f"{names[s]} {count(wins[s], 'game')}" for s in order if wins[s])
    summary = head + " " + gettext("Points: {points}. Games won: {won}.").format(points=points, won=won)
    facts = ((gettext("Match"), _length(rules)), (gettext("Games played"), digits(len(finished))),
             (gettext("Winner"), and_list(names[s] for s in top)),
             (gettext("Points"), " · ".join(f"{names[s]} {digits(totals[s])}" for s in order)),
             (gettext("Games won"), " · ".join(f"{names[s]} {digits(wins[s])}" for s in order)))
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
