"""Whole games of Euchre on :mod:`engine.match`: hands to the target (10 by default), won by two when the rules
say so, the deal passing to the left (after a thrown-in hand as the ``thrown_in`` option says) and the score
carried from hand to hand in each hand's ``start``.

The first dealer is drawn from the game's seed (as for a single hand); each later hand starts from the last one's
next dealer and score. The scoreboard reads "N-S 7 · E-W 4"; the outcome says who won and why, in sentences.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.contract import Outcome
from engine.euchre.rules import Rules, Seat
from engine.euchre.score import game_over_reason, game_winner
from engine.euchre.state import HandState, Phase, hand_result, next_dealer
from engine.i18n import gettext as _
from engine.i18n import number as numeral
from engine.words import count, number, sentence

__all__ = ["first_hand", "next_hand", "score_after", "scoreboard", "target_text", "whole_outcome"]


def score_after(rules: Rules, finished: tuple[HandState, ...]) -> tuple[int, int]:
    """The game score (North-South, East-West) after the ``finished`` hands."""
    if not finished:
        return (0, 0)
    last = finished[-1]
    before = last.scores or (0, 0)
    result = hand_result(last)
    ns, ew = result.points if result is not None else (0, 0)
    return (before[0] + ns, before[1] + ew)


def target_text(rules: Rules) -> str:
    """What wins the game: "10 points, ahead by two" or "the first side to 10 points"."""
    said = _("{target} points, ahead by two") if rules.win_by_two else _("the first side to {target} points")
    return said.format(target=numeral(rules.target))


def _score_line(a: int, b: int) -> str:
    return _("N-S {ns} · E-W {ew}").format(ns=numeral(a), ew=numeral(b))


def numeral_path(score: str) -> str:
    """A score such as "7-4" in the current language's digits."""
    return "-".join(numeral(int(n)) for n in score.split("-"))


def first_hand(rules: Rules, seed: int) -> Mapping[str, Any]:
    """The first hand starts at 0-0; its dealer is drawn from the seed, as for a single hand."""
    return {"scores": [0, 0]}


def next_hand(rules: Rules, finished: tuple[HandState, ...]) -> Mapping[str, Any] | None:
    """The next hand's dealer and score, or None once a side has won."""
    scores = score_after(rules, finished)
    if game_winner(scores, rules) is not None:
        return None
    return {"dealer": Seat(next_dealer(finished[-1])).letter, "scores": list(scores)}


def scoreboard(rules: Rules, finished: tuple[HandState, ...], current: HandState) -> tuple[tuple[str, str], ...]:
    """The scoreboard beside the table: the score so far and what wins."""
    done = current.phase is Phase.SCORED and (not finished or finished[-1] is not current)
    a, b = score_after(rules, finished + ((current,) if done else ()))
    return ((_("Score"), _score_line(a, b)), (_("Playing to"), target_text(rules)))


def whole_outcome(rules: Rules, finished: tuple[HandState, ...]) -> Outcome:
    """How a whole game came out: who won and why, in sentences, with the score after each hand."""
    a, b = score_after(rules, finished)
    winner = game_winner((a, b), rules)
    thrown = sum(1 for h in finished if h.thrown_in)
    path = ["0-0"]
    dealers = []
    for i in range(1, len(finished) + 1):
        x, y = score_after(rules, finished[:i])
        path.append(f"{x}-{y}")
        dealers.append(Seat(finished[i - 1].dealer).letter)
    hands = count(len(finished), "hand")
    took = _("The game took {hands} ({thrown} thrown in).").format(hands=hands, thrown=number(thrown)) if thrown \
        else _("The game took {hands}.").format(hands=hands)
    summary = f"{sentence(game_over_reason((a, b), rules))} {took}"
    facts: list[tuple[str, str]] = []
    if winner is not None:
        facts.append((_("Winner"), winner.title))
    played = _("{hands} ({thrown} thrown in)").format(hands=numeral(len(finished)), thrown=numeral(thrown)) \
        if thrown else numeral(len(finished))
    facts += [(_("Final score"), _score_line(a, b)), (_("Playing to"), target_text(rules)),
              (_("Hands"), played),
              (_("Score after each hand"), " · ".join(numeral_path(p) for p in path[1:]))]
    margin = float(a - b)
    returns = tuple(margin if seat % 2 == 0 else -margin for seat in range(4))
    data = {"winner": winner.short if winner is not None else "", "ns_score": a, "ew_score": b,
            "hands": len(finished), "thrown_in": thrown, "path": " ".join(path), "dealers": "".join(dealers)}
    return Outcome(summary, returns, tuple(facts), data)
