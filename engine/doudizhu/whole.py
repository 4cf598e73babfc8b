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
from engine.doudizhu.score import score_hand, signed
from engine.doudizhu.state import State
from engine.errors import InvalidRequestError, quote
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.words import and_list, count, number, seat_name

__all__ = ["DEALER", "dealer_of", "next_hand", "scoreboard", "whole_outcome", "totals"]

DEALER = "dealer"
"""The key of a hand's ``start``: the dealer's seat letter (``{"dealer": "E"}``)."""


def dealer_of(rules: Rules, start: Mapping[str, Any] | None) -> int | None:
    """The dealer a hand's ``start`` sets (None: drawn from the seed); InvalidRequestError for anything else."""
    if not start:
        return None
    unknown = sorted(str(k) for k in start if k != DEALER)
    if unknown:
        raise InvalidRequestError(_("a Dou Dizhu hand's start takes only {key} (the dealer's seat letter), not "
                                    "{value}").format(key=repr(DEALER), value=quote(unknown[0])))
    letter = start[DEALER]
    if not isinstance(letter, str) or letter not in rules.seat_letters:
        raise InvalidRequestError(_("the dealer is a seat letter ({letters}), not {value}").format(
            letters=", ".join(rules.seat_letters), value=quote(letter)))
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


def _names(rules: Rules) -> tuple[str, ...]:
    """The seats' names in the current language, in playing order."""
    return tuple(seat_name(s) for s in rules.seat_letters)


def _totals_text(rules: Rules, values: Sequence[int]) -> str:
    return " · ".join(f"{name} {signed(value) if value else figure(0)}"
                      for name, value in zip(_names(rules), values, strict=True))


def scoreboard(rules: Rules, finished: Sequence[State], current: State) -> tuple[tuple[str, str], ...]:
    """The scoreboard beside the table: which hand of how many, who deals, the running totals, the last hand."""
    names = _names(rules)
    lines = [
        (_("Session"), _("{hands}; {seat} deals").format(hands=count(rules.hands_in_session, "hand"),
                                                        seat=names[current.dealt.dealer])),
        (_("Totals"), _totals_text(rules, totals(rules, finished))),
    ]
    if finished:
        last = finished[-1]
        pay = score_hand(last)
        if pay is not None and last.landlord is not None:
            result = _("{landlord}, the landlord at {bid}, won {stake} from each peasant") if pay.landlord_won \
                else _("{landlord}, the landlord at {bid}, paid each peasant {stake}")
            lines.append((_("Last hand"), result.format(landlord=names[last.landlord], bid=figure(pay.bid),
                                                        stake=figure(pay.stake))))
    return tuple(lines)


def whole_outcome(rules: Rules, finished: Sequence[State]) -> Outcome:
    """How the session came out, in sentences: who won the most, every seat's total."""
    values = totals(rules, finished)
    names, letters = _names(rules), rules.seat_letters
    best = max(values)
    leaders = [names[s] for s in range(rules.players) if values[s] == best]
    played = count(len(finished), "hand")
    best_text = signed(best)
    if len(leaders) == 1:
        head = _("After {hands}, {seat} won the most ({best}) and wins the session.").format(
            hands=played, seat=leaders[0], best=best_text)
    else:
        head = _("After {hands}, {seats} share the most ({best} each) and share the win.").format(
            hands=played, seats=and_list(leaders), best=best_text)
    landlords = [h.landlord for h in finished if h.landlord is not None]
    won = sum(1 for h in finished if h.out is not None and h.out == h.landlord)
    summary = _("{head} Totals: {totals}. The landlord won {won} of the {hands}.").format(
        head=head, totals=_totals_text(rules, values), won=number(won), hands=played) if landlords else head
    facts = (
        (_("Hands"), figure(len(finished))),
        (_("Totals"), _totals_text(rules, values)),
        (_("Winner"), and_list(leaders)),
    )
    data: dict[str, Any] = {
        "hands": len(finished),
        "totals": {letters[s]: values[s] for s in range(rules.players)},
        "winners": [letters[s] for s in range(rules.players) if values[s] == best],
        "landlord_wins": won,
    }
    return Outcome(summary, tuple(float(v) for v in values), facts, data)
