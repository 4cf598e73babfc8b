"""The heuristic bot as it was before the play-outs were made faster (frozen here): the fast bot in
engine/doudizhu/bots.py must choose exactly the same actions (tests/doudizhu/test_coach.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.base import PASS
from engine.doudizhu.bidding import BID_ACTIONS, PASS_BID, Auction
from engine.doudizhu.combos import Combo, Kind
from engine.doudizhu.order import ACE, BJ, RJ, TWO, Counts
from engine.doudizhu.play import LegalPlays, Play, Position, legal_plays
from engine.doudizhu.state import Action, Phase, State


@dataclass(frozen=True)
class Seen:
    partner_on_table: bool = False
    fewest_opponent_cards: int = 20


def strength(hand: Counts) -> float:
    """A rough bidding strength: jokers, 2s, aces and bombs (a 17-card hand averages about 6)."""
    score = 4.0 * (hand[RJ] > 0) + 3.0 * (hand[BJ] > 0) + 2.0 * hand[TWO] + 1.0 * hand[ACE]
    score += 4.0 * sum(1 for r in range(TWO + 1) if hand[r] >= 4)
    return score * 17 / max(sum(hand), 1)


def heuristic_bid(auction: Auction, hand: Counts) -> int:
    """Bid 1, 2 or 3 by strength when that is above the highest bid, else pass (the lowest bid when a pass is
    not allowed)."""
    s = strength(hand)
    wanted = 3 if s >= 12 else 2 if s >= 9 else 1 if s >= 6.5 else 0
    if wanted > auction.highest:
        return wanted
    return min(auction.legal_calls())


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
    if position.table is None:
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


def _seen(state: State, seat: int) -> Seen:
    landlord = state.landlord
    partner = (state.table is not None and state.table[0] != seat and landlord is not None
               and seat != landlord and state.table[0] != landlord)
    opponents = [s for s in range(state.players)
                 if s != seat and (landlord is None or (s == landlord) != (seat == landlord))]
    fewest = min((sum(state.hands[s]) for s in opponents), default=20)
    return Seen(partner_on_table=partner, fewest_opponent_cards=fewest)


def heuristic_bot(state: State, rng: random.Random) -> Action:
    """The heuristic's action for the seat to act (bids by strength; see the module docstring for play)."""
    if state.phase is Phase.BIDDING:
        seat = state.auction.to_act
        assert seat is not None
        call = heuristic_bid(state.auction, state.hands[seat])
        return PASS if call == PASS_BID else BID_ACTIONS[call]
    assert state.turn is not None
    return heuristic_play(state.position(), _seen(state, state.turn))


def random_bot(state: State, rng: random.Random) -> Action:
    """A uniformly random legal action (in play, passing counts as one choice)."""
    if state.phase is Phase.BIDDING:
        call = rng.choice(state.auction.legal_calls())
        return PASS if call == PASS_BID else BID_ACTIONS[call]
    position = state.position()
    plays: list[Action] = list(legal_plays(position))
    if position.table is not None:
        plays.append(PASS)
    return rng.choice(plays)
