"""The bots: a simple heuristic player (the default) and one that picks a random legal move.

The heuristic bids by hand strength (jokers, 2s, aces, bombs), leads its lowest combination (shedding as
many cards as it can from the low end), follows with the lowest combination that beats the table, does
not break bombs for other plays, keeps bombs and the rocket for when an opponent is close to going out,
and does not beat its partner.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.base import PASS
from engine.contract import Bot
from engine.doudizhu.bidding import BID_ACTIONS, PASS_BID, Auction
from engine.doudizhu.combos import BOMBS, PAIRS, ROCKETS, SINGLES, TRIPLETS, Combo, Kind, readings
from engine.doudizhu.generate import lead_from
from engine.doudizhu.order import ACE, BJ, RJ, TWO, Counts, N
from engine.doudizhu.play import LegalPlays, Play, Position, legal_plays
from engine.doudizhu.state import Action, Phase, State
from engine.i18n import N_

__all__ = ["BOTS", "Seen", "heuristic_bot", "heuristic_bid", "heuristic_play", "random_bot", "strength"]


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


def _breaker(hand: Counts) -> Callable[[Combo], bool]:
    """Whether a play breaks a bomb or the rocket of ``hand`` (as :func:`_breaks` > 0, computed once per hand)."""
    bombs = [r for r in range(TWO + 1) if hand[r] >= 4]
    rocket = bool(hand[BJ] and hand[RJ])
    if not bombs and not rocket:
        return lambda combo: False

    def breaks(combo: Combo) -> bool:
        if combo.kind is Kind.BOMB or combo.kind is Kind.ROCKET:
            return False
        counts = combo.counts
        return any(counts[r] for r in bombs) or (rocket and bool(counts[BJ] or counts[RJ]))

    return breaks


def _kicker_cost(combo: Combo) -> int:
    if not combo.kind.kicker_unit:
        return 0
    return sum(r * n for r, n in enumerate(combo.kicker_counts))


def _goes_out(position: Position) -> Combo | None:
    """The first legal play (in :func:`legal_plays` order) that empties the hand, if any: a reading of the whole
    hand that may be played now."""
    hand = position.hand
    table = position.table
    if table is not None and sum(hand) != table.size and hand.count(0) != N - 1 and any(hand[:BJ]):
        return None  # only a bomb (one rank) or the rocket (jokers only) could be the whole hand then
    found = readings(hand, position.rules)
    legal = [c for c in found if table is None or c.beats(table)]
    return min(legal, key=lambda c: _KIND_ORDER[c.kind]) if legal else None


_KIND_ORDER = {kind: i for i, kind in enumerate(Kind)}
_SIMPLE = {Kind.SINGLE: 1, Kind.PAIR: 2, Kind.TRIPLET: 3}


def heuristic_play(position: Position, seen: Seen = Seen()) -> Play:
    """The heuristic's move (see the module docstring)."""
    out = _goes_out(position)
    if out is not None:
        return out  # goes out
    table = position.table
    if table is not None and seen.partner_on_table:
        return PASS
    hand = position.hand
    if table is None:
        lowest = _lowest_safe_start(hand)
        if lowest is not None:
            found = _lowest(lead_from(hand, position.rules, lowest), _lead_key, _start, _breaker(hand))
            if found is not None:
                return found
        return _lead(legal_plays(position), hand)
    if table.kind in _SIMPLE:
        return _follow_simple(position, table, seen)
    return _follow(legal_plays(position), hand, seen)


def _lowest_safe_start(hand: Counts) -> int | None:
    """The lowest rank whose single breaks no bomb or rocket: the start of the heuristic's lead (no safe play
    starts lower, and that single is one)."""
    rocket = bool(hand[BJ] and hand[RJ])
    for r in range(N):
        n = hand[r]
        if n and (n < 4 if r <= TWO else not rocket):
            return r
    return None


def _follow_simple(position: Position, table: Combo, seen: Seen) -> Play:
    """:func:`_follow` on a single, a pair or a triplet, without listing the plays: the lowest rank above the
    table's that breaks nothing; else, when urgent, the lowest of any, then the smallest bomb or the rocket."""
    rules = position.rules
    hand = position.hand
    unit = _SIMPLE[table.kind]
    kind = table.kind
    top = N if kind is Kind.SINGLE or (kind is Kind.PAIR and rules.joker_pair) else TWO + 1
    group = SINGLES if unit == 1 else PAIRS if unit == 2 else TRIPLETS
    rocket_held = bool(hand[BJ] and hand[RJ])
    first = None
    for r in range(table.rank + 1, top):
        if hand[r] >= unit:
            if first is None:
                first = r
            if (hand[r] < 4) if r <= TWO else not rocket_held:
                return group[r]
    urgent = seen.fewest_opponent_cards <= 4 or sum(hand) <= 6
    if not urgent:
        return PASS
    if first is not None:
        return group[first]
    bombs = [r for r in range(TWO + 1) if hand[r] >= 4]
    if bombs:
        return BOMBS[(bombs[0], 4)]
    jokers = rules.joker_copies
    if hand[BJ] >= jokers and hand[RJ] >= jokers:
        return ROCKETS[rules.players]
    return PASS


def _lowest(plays: Iterable[Combo], key: Callable[[Combo], tuple[int, ...]], first: Callable[[Combo], int],
            skip: Callable[[Combo], bool]) -> Combo | None:
    """``min`` of the plays not skipped by ``key`` (the first of equal keys), looking at a play's full key only
    when its first part (``first``, cheap) can still win."""
    best: Combo | None = None
    best_key: tuple[int, ...] = ()
    for combo in plays:
        if best is not None and first(combo) > best_key[0]:
            continue
        if skip(combo):
            continue
        k = key(combo)
        if best is None or k < best_key:
            best, best_key = combo, k
    return best


def _ordinary(combo: Combo) -> bool:
    return combo.kind is not Kind.BOMB and combo.kind is not Kind.ROCKET


def _lead_key(combo: Combo) -> tuple[int, ...]:
    return (combo.start, -combo.size, _kicker_cost(combo))


def _start(combo: Combo) -> int:
    return combo.start


def _lead(plays: LegalPlays, hand: Counts) -> Combo:
    breaks = _breaker(hand)
    ordinary = [c for c in plays if _ordinary(c)]
    best = _lowest(ordinary, _lead_key, _start, breaks)
    if best is None:
        best = _lowest(ordinary, _lead_key, _start, lambda c: False)
    if best is None:
        return min(plays, key=lambda c: (c.kind is Kind.ROCKET, c.length, c.rank))
    return best


def _follow_key(combo: Combo) -> tuple[int, ...]:
    return (combo.rank, _kicker_cost(combo))


def _rank(combo: Combo) -> int:
    return combo.rank


def _follow(plays: LegalPlays, hand: Counts, seen: Seen) -> Play:
    breaks = _breaker(hand)
    ordinary = [c for c in plays if _ordinary(c)]
    safe = _lowest(ordinary, _follow_key, _rank, breaks)
    if safe is not None:
        return safe
    urgent = seen.fewest_opponent_cards <= 4 or sum(hand) <= 6
    if ordinary and urgent:
        return min(ordinary, key=_follow_key)
    strong = [c for c in plays if not _ordinary(c)]
    if strong and urgent:
        return min(strong, key=lambda c: (c.kind is Kind.ROCKET, c.length, c.rank))
    return PASS


def _seen(state: State, seat: int) -> Seen:
    landlord = state.landlord
    table = state.table
    partner = (table is not None and table[0] != seat and landlord is not None
               and seat != landlord and table[0] != landlord)
    hands = state.hands
    if landlord is None:
        fewest = min((sum(hands[s]) for s in range(len(hands)) if s != seat), default=20)
    elif seat == landlord:
        fewest = min(sum(hands[s]) for s in range(len(hands)) if s != seat)
    else:
        fewest = sum(hands[landlord])
    return Seen(partner, fewest)


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


BOTS: dict[str, Bot[State, Action]] = {
    "heuristic": Bot("heuristic", N_("bids by hand strength, leads its lowest combination, follows with the lowest "
                                     "that beats the table, keeps bombs and the rocket for when an opponent is close "
                                     "to going out, and does not beat its partner"), heuristic_bot),
    "random": Bot("random", N_("picks a random legal action"), random_bot),
}
