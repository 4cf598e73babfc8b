"""Seeded examples for the lessons and practice: a hand that holds a given combination (optionally with a play
on the table it can beat), whether picked cards form a given combination, and the highest of some singles."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.base import Verdict
from engine.cards import Card
from engine.doudizhu.combos import Combo, Kind, allowed, describe, readings
from engine.doudizhu.deal import deal
from engine.doudizhu.generate import generate
from engine.doudizhu.order import counts_of, sort_ranks
from engine.doudizhu.play import Position, check, read_play
from engine.doudizhu.rules import Rules
from engine.errors import InvalidPositionError, InvalidRequestError
from engine.i18n import gettext as _

__all__ = ["MOST_TRIES", "ExampleHand", "example_hand", "find_kind", "highest_single"]

MOST_TRIES = 2_000
"""Seeds tried, from the one asked for, to find a deal that fits an example."""


@dataclass(frozen=True)
class ExampleHand:
    """A seeded hand (South's, with the kitty for a landlord), the play on the table (None: a lead) and every
    play of the asked kind it can make on it."""

    seed: int
    hand: tuple[Card, ...]
    table: Combo | None
    kind: Kind | None
    plays: tuple[Combo, ...]


def example_hand(rules: Rules, seed: int, kind: Kind | None = None, follow: bool = False,
                 landlord: bool = False) -> ExampleHand:
    """The first deal from ``seed`` on whose South hand (with the kitty when ``landlord``) holds a play of
    ``kind`` (any play when None); with ``follow``, also a play of that kind from the other cards for it to beat.

    InvalidRequestError when ``kind`` is not a combination under ``rules``; InvalidPositionError when no deal of
    :data:`MOST_TRIES` fits.
    """
    if kind is not None and not allowed(kind, rules):
        raise InvalidRequestError(_("the {kind} is not a combination under these rules").format(kind=kind.name_words))
    for attempt in range(MOST_TRIES):
        found = _try(rules, seed + attempt, kind, follow, landlord)
        if found is not None:
            return found
    if kind is None:
        raise InvalidPositionError(_("no deal from seed {seed} on holds a play").format(seed=seed))
    raise InvalidPositionError(_("no deal from seed {seed} on holds a {kind}").format(seed=seed, kind=kind.name_words))


def _try(rules: Rules, seed: int, kind: Kind | None, follow: bool, landlord: bool) -> ExampleHand | None:
    dealt = deal(rules, seed)
    hand = sort_ranks(dealt.hands[0] + (dealt.kitty if landlord else ()))
    counts = counts_of(hand)
    table: Combo | None = None
    if follow:
        rest = [c for h in dealt.hands[1:] for c in h] + ([] if landlord else list(dealt.kitty))
        leads = generate(counts_of(rest), rules, None)
        options = [c for k, plays in leads.items() if kind is None or k is kind for c in plays
                   if c.kind not in (Kind.BOMB, Kind.ROCKET) or kind is not None]
        options = [c for c in options if generate(counts, rules, c).get(c.kind)]
        if not options:
            return None
        table = random.Random(seed).choice(options)
    groups = generate(counts, rules, table)
    plays = tuple(c for k, group in groups.items() if kind is None or k is kind for c in group)
    if not plays:
        return None
    return ExampleHand(seed, hand, table, kind, plays)


def find_kind(rules: Rules, hand: Sequence[Card], play: Sequence[Card], kind: Kind) -> Verdict:
    """Whether ``play`` (picked from ``hand``) is a combination of ``kind``, and why (for exercises)."""
    if not play:
        return Verdict(False, _("no cards chosen"))
    position = Position(rules, counts_of(hand), None)
    verdict = check(position, play)
    if not verdict.legal:
        return verdict
    match = read_play(position, play, kind)
    if match is not None:
        return Verdict(True, _("yes: {cards} is {play}").format(cards=match.text, play=describe(match)))
    combo = readings(counts_of(play), rules)[0]
    return Verdict(False, _("{cards} is {play}, not {kind}").format(cards=combo.text, play=describe(combo),
                                                                    kind=kind.a_name))


def highest_single(cards: Sequence[Card]) -> tuple[Card, tuple[Card, ...]]:
    """The highest of ``cards`` played as singles, and the cards low to high (suits do not matter)."""
    if not cards:
        raise InvalidRequestError(_("no cards were given"))
    ordered = sort_ranks(cards)
    return ordered[-1], ordered
