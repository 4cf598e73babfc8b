"""How a finished game came out for one seat, in sentences, from the marks of :func:`engine.advisor.review`.

A lost game is never summed up as "every decision was fine": the story opens with the result and how it came
about (what the deal was worth from the first decision, and where the expected result fell most between the
seat's own turns), then names the decisions that cost most by the sampled loss, even when every one was close.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.contract import SomeGame
from engine.i18n import digits, ngettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number

__all__ = ["lost", "review_story"]


def lost(game: SomeGame, final: Any, seat: int) -> bool:
    """Whether ``seat`` did not come out on top of the finished game (:meth:`engine.contract.Game.lost`)."""
    return game.lost(final, seat)


def _units(game: SomeGame, state: Any, value: float) -> str:
    """``value`` with two decimals and the game's unit, in the current language (the game marks its value words
    for the catalogs: ``Nn_``)."""
    singular, plural = game.value_words(state)
    shown = f"{abs(value):.2f}"
    word = ngettext(singular, plural, 1 if shown == "1.00" else 2)
    return f"{'-' if value < 0 and shown != '0.00' else ''}{digits(shown)} {word}"


def review_story(game: SomeGame, states: Sequence[Any], actions: Sequence[str], seat: int,
                 marks: Sequence[Any], *, most: int = 3, label: Callable[[int, str], str] | None = None,
                 opening: bool = True) -> str:
    """Sentences on how the game ended for ``seat`` and which of its decisions cost most.

    ``states`` are the recorded states (the last one final), ``actions`` the recorded actions and ``marks`` the
    :class:`~engine.advisor.Review` marks of ``seat``'s decisions, each naming its step of the record (counted
    from 1 in the sentences). ``label(step, action_text)`` says an action as the reader sees it (the text
    itself when not given). ``opening`` False leaves out the result's own sentence (a page that shows it above)."""
    say = label or (lambda _step, text: text)
    final = states[-1]
    outcome = game.outcome(final)
    summary = outcome.summary if outcome is not None and opening else ""
    if not marks:
        return summary or _("You took no decisions in this game.")
    valued = [m for m in marks if not m.forced] or list(marks)  # a forced decision was never sampled
    first = valued[0]
    fair = sum(game.returns(final)) / len(game.returns(final))
    got = game.returns(final)[seat]
    parts = [summary] if summary else []
    was_lost = lost(game, final, seat)
    if was_lost:
        if abs(got) < 0.005:  # e.g. a Shengji bank taken with no level change
            units = ngettext(*game.value_words(final), 2)
            parts.append(_("You lost this one, though it cost you no {units}.").format(units=units))
        else:
            parts.append(_("You lost this one: your result was worth {amount}.").format(
                amount=_units(game, final, got)))
        strength = _("a weak deal") if first.expected < fair - 0.005 else _("an even deal") \
            if first.expected <= fair + 0.005 else _("a good deal")
        start = _units(game, states[first.step], first.expected)
        parts.append(_("At your first decision the coach's best play was worth {start} on average, against {fair} "
                       "for an average seat: {strength}.").format(start=start, fair=_units(game, final, fair),
                                                                  strength=strength))
        drops = [(a.expected - b.expected, a, b) for a, b in zip(valued, valued[1:], strict=False)]
        if drops:
            fall, a, b = max(drops, key=lambda d: d[0])
            if fall > 0.005:
                decided = _("It was decided mostly between your play at step {step} ({play}) and your next, at "
                            "step {next}: the best you could expect fell by {amount}, much of it by that play.") \
                    if a.gap >= fall / 2 else \
                    _("It was decided mostly between your play at step {step} ({play}) and your next, at step "
                      "{next}: the best you could expect fell by {amount}, most of it by the other seats' cards "
                      "and plays.")
                parts.append(decided.format(step=local_number(a.step + 1), play=say(a.step, a.played),
                                            next=local_number(b.step + 1), amount=_units(game, final, fall)))
            else:
                parts.append(_("The expected result never fell much between your turns: the deal decided it."))
    costly = sorted((m for m in marks if m.gap > 0.005), key=lambda m: -m.gap)[:most]
    if costly:
        listed = "; ".join(
            (_("step {step}, {play} ({best} was worth {amount} more, a close call)") if m.verdict == "fine" else
             _("step {step}, {play} ({best} was worth {amount} more)")).format(
                step=local_number(m.step + 1), play=say(m.step, m.played), best=say(m.step, m.best),
                amount=_units(game, final, m.gap)) for m in costly)
        parts.append(_("The decisions that cost most: {decisions}.").format(decisions=listed))
    elif was_lost:
        parts.append(_("You played the coach's choice at every decision, so none of them cost anything on average: "
                       "the loss came from the deal and the other seats."))
    else:
        parts.append(_("You played the coach's choice at every decision."))
    return " ".join(parts)
