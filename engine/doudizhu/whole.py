"""A session: the whole game of Dou Dizhu, hands played one after another with running totals.

These rules play "in rounds": the first dealer is random, then the deal passes counter-clockwise after
every hand; players pay after each hand, and whoever won the most when the players stop wins. A session here lasts
:attr:`~engine.doudizhu.rules.Rules.hands_in_session` hands (two rounds of deals by default). :mod:`engine.match`
strings the hands together; this module gives it the hooks: where each hand starts (its dealer), the scoreboard
and how the session came out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.contract import Outcome
from engine.doudizhu.rules import Rules
from engine.doudizhu.score import score_hand
from engine.doudizhu.state import State
from engine.errors import InvalidRequestError, quote
from engine.words import and_list, count, number

__all__ = ["DEALER", "dealer_of", "next_hand", "scoreboard", "whole_outcome", "totals"]

DEALER = "dealer"
"""The key of a hand's ``start``: the dealer's seat letter (``{"dealer": "E"}``)."""


def dealer_of(rules: Rules, start: Mapping[str, Any] | None) -> int | None:
    """The dealer a hand's ``start`` sets (None: drawn from the seed); InvalidRequestError for anything else."""
    if not start:
        return None
    unknown = sorted(str(k) for k in start if k != DEALER)
    if unknown:
        raise InvalidRequestError(f"a Dou Dizhu hand's start takes only {DEALER!r} (the dealer's seat letter), not "
                                  f"{quote(unknown[0])}")
    letter = start[DEALER]
    if not isinstance(letter, str) or letter not in rules.seat_letters:
        raise InvalidRequestError(f"the dealer is a seat letter ({', '.join(rules.seat_letters)}), not "
                                  f"{quote(letter)}")
    return rules.seat_letters.index(letter)


def next_hand(rules: Rules, finished: Sequence[State]) -> dict[str, Any] | None:
    """The next hand's start (its dealer: the seat after the last dealer, counter-clockwise), or None when the
    session is over."""
    if len(finished) >= rules.hands_in_session:
        return None
    last = finished[-1].dealt.dealer
    return {DEALER: rules.seat_letters[(last + 1) % rules.players]}


def totals(rules: Rules, finished: Sequence[State]) -> tuple[int, ...]:
    """Every seat's winnings over the finished hands (they add up to zero)."""
    out = [0] * rules.players
    for hand in finished:
        pay = score_hand(hand)
        if pay is None or hand.landlord is None:
            continue
        for seat, gain in enumerate(pay.for_seats(hand.landlord, rules.players)):
            out[seat] += gain
    return tuple(out)


def _totals_text(rules: Rules, values: Sequence[int]) -> str:
    return " · ".join(f"{name} {value:+d}" if value else f"{name} 0" for name, value in
                      zip(rules.seat_names, values, strict=True))


def scoreboard(rules: Rules, finished: Sequence[State], current: State) -> tuple[tuple[str, str], ...]:
    """The scoreboard beside the table: which hand of how many, who deals, the running totals, the last hand."""
    lines = [
        ("Session", f"{count(rules.hands_in_session, 'hand')}; {rules.seat_names[current.dealt.dealer]} deals"),
        ("Totals", _totals_text(rules, totals(rules, finished))),
    ]
    if finished:
        last = finished[-1]
        pay = score_hand(last)
        if pay is not None and last.landlord is not None:
            landlord = rules.seat_names[last.landlord]
            result = (f"won {pay.stake} from each peasant" if pay.landlord_won
                      else f"paid each peasant {pay.stake}")
            lines.append(("Last hand", f"{landlord}, the landlord at {pay.bid}, {result}"))
    return tuple(lines)


def whole_outcome(rules: Rules, finished: Sequence[State]) -> Outcome:
    """How the session came out, in sentences: who won the most, every seat's total."""
    values = totals(rules, finished)
    names, letters = rules.seat_names, rules.seat_letters
    best = max(values)
    leaders = [names[s] for s in range(rules.players) if values[s] == best]
    played = count(len(finished), "hand")
    if len(leaders) == 1:
        head = f"After {played}, {leaders[0]} won the most ({best:+d}) and wins the session."
    else:
        head = f"After {played}, {and_list(leaders)} share the most ({best:+d} each) and share the win."
    landlords = [h.landlord for h in finished if h.landlord is not None]
    won = sum(1 for h in finished if h.out is not None and h.out == h.landlord)
    summary = (f"{head} Totals: {_totals_text(rules, values)}. The landlord won {number(won)} of the {played}."
               if landlords else head)
    facts = (
        ("Hands", str(len(finished))),
        ("Totals", _totals_text(rules, values)),
        ("Winner", and_list(leaders)),
    )
    data: dict[str, Any] = {
        "hands": len(finished),
        "totals": {letters[s]: values[s] for s in range(rules.players)},
        "winners": [letters[s] for s in range(rules.players) if values[s] == best],
        "landlord_wins": won,
    }
    return Outcome(summary, tuple(float(v) for v in values), facts, data)
