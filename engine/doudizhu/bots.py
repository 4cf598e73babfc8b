"""Two bots: one that picks a random legal move, and a simple heuristic player.

The heuristic bids by hand strength (jokers, 2s, aces, bombs), leads its lowest combination (shedding as
many cards as it can from the low end), follows with the lowest combination that beats the table, does
not break bombs for other plays, keeps bombs and the rocket for when an opponent is close to going out,
and does not beat its partner.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.base import PASS
from engine.doudizhu.bidding import PASS_BID, Auction
from engine.doudizhu.combos import ACE, BJ, RJ, TWO, Combo, Counts, Kind
from engine.doudizhu.play import LegalPlays, Play, Position, legal_plays

BOTS = ("random", "heuristic")


@dataclass(frozen=True)
class Seen:
    """What a bot knows beyond its hand: whether the table's play is its partner's, and the fewest
    cards an opponent holds."""

    partner_on_table: bool = False
    fewest_opponent_cards: int = 20


def strength(hand: Counts) -> float:
    """A rough bidding strength: jokers, 2s, aces and bombs (a 17-card hand averages about 6)."""
    score = 4.0 * (hand[RJ] > 0) + 3.0 * (hand[BJ] > 0) + 2.0 * hand[TWO] + 1.0 * hand[ACE]
    score += 4.0 * sum(1 for r in range(TWO + 1) if hand[r] >= 4)
    return score * 17 / max(sum(hand), 1)


def heuristic_bid(auction: Auction, hand: Counts) -> int:
    """Bid 1, 2 or 3 by strength when that is above the highest bid, else pass."""
    s = strength(hand)
    wanted = 3 if s >= 12 else 2 if s >= 9 else 1 if s >= 6.5 else 0
    return wanted if wanted > auction.highest else PASS_BID


def random_bid(auction: Auction, rng: random.Random) -> int:
    return rng.choice(auction.legal_calls())


def random_play(position: Position, rng: random.Random) -> Play:
    """A uniformly random legal play (passing counts as one choice)."""
    plays: list[Play] = list(legal_plays(position))
    if position.previous is not None:
        plays.append(PASS)
    return rng.choice(plays)


def _breaks(combo: Combo, hand: Counts) -> int:
    """How many bombs (and the rocket) the play breaks without playing them whole."""
    if combo.kind in (Kind.BOMB, Kind.ROCKET):
        return 0
    broken = sum(1 for r in range(TWO + 1) if combo.counts[r] and hand[r] >= 4)
    if hand[BJ] and hand[RJ] and (combo.counts[BJ] or combo.counts[RJ]):
        broken += 1
    return broken


def _kicker_cost(combo: Combo) -> int:
    if not combo.kind.kicker_unit:
        return 0
    return sum(r * n for r, n in enumerate(combo.kicker_counts))


def heuristic_play(position: Position, seen: Seen = Seen()) -> Play:
    """The heuristic's move (see the module docstring)."""
    hand = position.hand
    plays = legal_plays(position)
    total = sum(hand)
    for combo in plays:
        if combo.size == total:
            return combo  # goes out
    if position.previous is None:
        return _lead(plays, hand)
    return _follow(plays, hand, seen)


def _lead(plays: LegalPlays, hand: Counts) -> Combo:
    ordinary = [c for c in plays if c.kind not in (Kind.BOMB, Kind.ROCKET)]
    safe = [c for c in ordinary if not _breaks(c, hand)] or ordinary
    if not safe:
        return min(plays, key=lambda c: (c.kind is Kind.ROCKET, c.length, c.rank))
    return min(safe, key=lambda c: (c.start, -c.size, _kicker_cost(c)))


def _follow(plays: LegalPlays, hand: Counts, seen: Seen) -> Play:
    if seen.partner_on_table:
        return PASS
    ordinary = [c for c in plays if c.kind not in (Kind.BOMB, Kind.ROCKET)]
    safe = [c for c in ordinary if not _breaks(c, hand)]
    urgent = seen.fewest_opponent_cards <= 4 or sum(hand) <= 6
    if safe:
        return min(safe, key=lambda c: (c.rank, _kicker_cost(c)))
    if ordinary and urgent:
        return min(ordinary, key=lambda c: (c.rank, _kicker_cost(c)))
    strong = [c for c in plays if c.kind in (Kind.BOMB, Kind.ROCKET)]
    if strong and urgent:
        return min(strong, key=lambda c: (c.kind is Kind.ROCKET, c.length, c.rank))
    return PASS
