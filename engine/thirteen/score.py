"""Scoring a finished game for a match, and what a dealt hand holds (2s, bombs): pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import InvalidPositionError
from engine.thirteen.order import TWO_RANK
from engine.thirteen.rules import Rules, Scoring

__all__ = ["HandFeatures", "hand_features", "place_points", "score_hand"]


def place_points(players: int, place: int) -> int:
    """Points for finishing ``place`` (1 = first out) with ``players`` players: n-1 … 0 (3/2/1/0 with four)."""
    if not 1 <= place <= players:
        raise InvalidPositionError(f"place {place} does not exist with {players} players")
    return players - place


def score_hand(rules: Rules, order: Sequence[int], cards_left: Sequence[int] = ()) -> tuple[int, ...]:
    """Each seat's points for one finished game (a hand: one deal played out).

    ``order`` lists the seats from first out to last. With ``scoring = "places"`` places score n-1 … 0;
    with ``"cards"`` each other player pays the winner 1 point per card held when the winner went out
    (``cards_left``, one count per seat).
    """
    n = rules.players
    if sorted(order) != list(range(n)):
        raise InvalidPositionError(f"the finishing order must name each of the {n} seats once")
    if rules.scoring is Scoring.PLACES:
        points = [0] * n
        for place, seat in enumerate(order, start=1):
            points[seat] = place_points(n, place)
        return tuple(points)
    if len(cards_left) != n:
        raise InvalidPositionError(f"card scoring needs the cards left in each of the {n} hands")
    winner = order[0]
    if cards_left[winner] != 0:
        raise InvalidPositionError("the winner has gone out, so holds no cards")
    points = [-int(c) for c in cards_left]
    points[winner] = sum(int(c) for c in cards_left)
    return tuple(points)


@dataclass(frozen=True)
class HandFeatures:
    """What a hand holds that matters for chopping: 2s, four of a kinds, runs of pairs."""

    twos: int
    quads: int
    longest_pair_run: int  # consecutive ranks held at least twice (2s only under the option); ≥ 3: a bomb

    @property
    def bombs(self) -> int:
        """Four of a kinds, plus one if the hand holds a double sequence (3+ pairs in a row)."""
        return self.quads + (1 if self.longest_pair_run >= 3 else 0)

    @property
    def best_double_sequence(self) -> int:
        """Pairs in the longest double sequence the hand can form (0 if none)."""
        return self.longest_pair_run if self.longest_pair_run >= 3 else 0


def hand_features(hand: int, twos: bool = False) -> HandFeatures:
    """What ``hand`` holds; ``twos`` (option ``twos_in_double_sequences``): pairs of 2s may end a double
    sequence, so they count in the runs of pairs."""
    counts = [bin((hand >> (4 * r)) & 15).count("1") for r in range(13)]
    run = best = 0
    for r in range(TWO_RANK + 1 if twos else TWO_RANK):
        run = run + 1 if counts[r] >= 2 else 0
        best = max(best, run)
    return HandFeatures(counts[TWO_RANK], sum(1 for c in counts if c == 4), best)
