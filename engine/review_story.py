"""How a finished game came out for one seat, in sentences, from the marks of :func:`engine.advisor.review`.

A lost game is never summed up as "every decision was fine": the story opens with the result and how it came
about (what the deal was worth from the first decision, and where the expected result fell most between the
seat's own turns), then names the decisions that cost most by the sampled loss, even when every one was close.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.contract import Game

__all__ = ["lost", "review_story"]


def lost(game: Game[Any, Any, Any], final: Any, seat: int) -> bool:
    """Whether ``seat`` did not come out on top: some seat's return beats its own (Thirteen below 1st, Shengji
    and Euchre the other side ahead, Dou Dizhu the other side out first)."""
    returns = game.returns(final)
    return returns[seat] < max(returns)


def _units(game: Game[Any, Any, Any], state: Any, value: float) -> str:
    singular, plural = game.value_words(state)
    shown = f"{abs(value):.2f}"
    return f"{'-' if value < 0 and shown != '0.00' else ''}{shown} {singular if shown == '1.00' else plural}"


def review_story(game: Game[Any, Any, Any], states: Sequence[Any], actions: Sequence[str], seat: int,
                 marks: Sequence[Any], *, most: int = 3) -> str:
    """Sentences on how the game ended for ``seat`` and which of its decisions cost most.

    ``states`` are the recorded states (the last one final), ``actions`` the recorded actions and ``marks`` the
    :class:`~engine.advisor.Review` marks of ``seat``'s decisions."""
    final = states[-1]
    outcome = game.outcome(final)
    opening = outcome.summary if outcome is not None else ""
    if not marks:
        return opening or "You took no decisions in this game."
    first = marks[0]
    fair = sum(game.returns(final)) / len(game.returns(final))
    got = game.returns(final)[seat]
    parts = [opening] if opening else []
    was_lost = lost(game, final, seat)
    if was_lost:
        parts.append(f"You lost this one: your result was worth {_units(game, final, got)}.")
        strength = "a weak deal" if first.expected < fair - 0.005 else "an even deal" \
            if first.expected <= fair + 0.005 else "a good deal"
        start = _units(game, states[first.step], first.expected)
        parts.append(f"At your first decision the coach's best play was worth {start}"
                     f" on average, against {_units(game, final, fair)} for an average seat: {strength}.")
        drops = [(a.expected - b.expected, a, b) for a, b in zip(marks, marks[1:], strict=False)]
        if drops:
            fall, a, b = max(drops, key=lambda d: d[0])
            if fall > 0.005:
                parts.append(f"It was decided mostly between your decision {a.step + 1} ({a.played}) and "
                             f"{b.step + 1}: the best you could expect fell by {_units(game, final, fall)}, from "
                             "the cards and plays of the other seats.")
            else:
                parts.append("The expected result never fell much between your turns: the deal decided it.")
    costly = sorted((m for m in marks if m.gap > 0.005), key=lambda m: -m.gap)[:most]
    if costly:
        listed = "; ".join(f"decision {m.step + 1}, {m.played} ({m.best} was worth {_units(game, final, m.gap)} more"
                           f"{', a close call' if m.verdict == 'fine' else ''})" for m in costly)
        parts.append(f"The decisions that cost most: {listed}.")
    elif was_lost:
        parts.append("You played the coach's choice at every decision, so none of them cost anything on average: "
                     "the loss came from the deal and the other seats.")
    else:
        parts.append("You played the coach's choice at every decision.")
    return " ".join(parts)
