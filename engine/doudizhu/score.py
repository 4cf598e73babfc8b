"""Payment at the end of a hand: the bid is the stake, doubled by bombs and rockets (and spring)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.doudizhu.rules import Rules, option_label
from engine.errors import InvalidRequestError
from engine.words import count, number

if TYPE_CHECKING:
    from engine.doudizhu.state import State

__all__ = ["SPRING_REASON", "Payment", "payment", "score_hand", "stake"]

SPRING_REASON = "a spring (×2)"
"""How a spring is said among the reasons of a payment."""


@dataclass(frozen=True)
class Payment:
    """The outcome in stakes. ``per_peasant`` is what each peasant receives (negative: pays)."""

    bid: int
    doublings: int
    stake: int
    landlord_won: bool
    peasants: int
    reasons: tuple[str, ...]
    spring: bool = False
    """Whether the hand was a spring (one side never played after the opening lead), doubling or not."""

    @property
    def per_peasant(self) -> int:
        return -self.stake if self.landlord_won else self.stake

    @property
    def landlord(self) -> int:
        """What the landlord receives (negative: pays): the stake from, or to, every peasant."""
        return -self.per_peasant * self.peasants

    def for_seats(self, landlord_seat: int, players: int) -> tuple[int, ...]:
        """Each seat's gain, in seat order; they add up to zero."""
        return tuple(self.landlord if s == landlord_seat else self.per_peasant for s in range(players))


def stake(bid: int, doublings: int, cap: int | None = None) -> int:
    """The stake of a hand: the winning bid, doubled once per doubling (bid × 2^doublings), at most ``cap`` when
    one is given (some tables cap the stake; these rules do not)."""
    value: int = bid * 2**doublings
    return value if cap is None else min(value, cap)


def payment(
    rules: Rules,
    bid: int,
    bombs: Sequence[int] = (),
    rockets: int = 0,
    landlord_won: bool = True,
    spring: bool = False,
) -> Payment:
    """The payment of a hand won (or lost) by the landlord after bidding ``bid``.

    ``bombs`` are the sizes of the bombs played (4 with 3 players; 4 to 8 with 4 players); each bomb
    that doubles and each rocket doubles the stake; ``spring`` (a side that never played after the
    opening lead) doubles it once more when the rules' spring option is on.
    """
    if bid not in (1, 2, 3):
        raise InvalidRequestError(f"the bid is 1, 2 or 3, not {bid!r}")
    if rockets < 0 or rockets > 1:
        raise InvalidRequestError(f"one deal holds one rocket, so 0 or 1 rocket is played, not {rockets}")
    sizes = rules.bomb_sizes
    for size in bombs:
        if size not in sizes:
            allowed = "4 to 8 cards" if rules.four else "4 cards"
            raise InvalidRequestError(f"a bomb has {allowed} with {rules.players} players, not {size}")
    most = 13 * (2 if rules.four else 1)
    if len(bombs) > most:
        raise InvalidRequestError(f"at most {most} bombs can be played in one hand, not {len(bombs)}")
    reasons = []
    doubling_bombs = [s for s in bombs if rules.bomb_doubles(s)]
    quiet = len(bombs) - len(doubling_bombs)
    if doubling_bombs:
        n = len(doubling_bombs)
        reasons.append(f"{'a bomb' if n == 1 else count(n, 'bomb')} (×2{'' if n == 1 else ' each'})")
    if quiet:
        small = f"{number(min(rules.bomb_sizes))} or {number(min(rules.doubling_bomb_sizes) - 1)}"
        reasons.append(f"{'a bomb' if quiet == 1 else count(quiet, 'bomb')} of {small} cards, which "
                       f"{'does' if quiet == 1 else 'do'} not double with {number(rules.players)} players")
    if rockets:
        reasons.append("the rocket (×2)")
    doublings = len(doubling_bombs) + rockets
    if spring and rules.spring:
        doublings += 1
        reasons.append(SPRING_REASON)
    elif spring:
        reasons.append(f"a spring, which does not double under these rules (the option “{option_label('spring')}” "
                       "is off)")
    return Payment(bid, doublings, stake(bid, doublings), landlord_won, rules.players - 1, tuple(reasons), spring)


def score_hand(state: State) -> Payment | None:
    """The payment of a finished hand (None while it is being played): the winning bid, the bombs and rockets
    played, who went out first, and — with the spring rule — whether one side never played after the opening."""
    if state.out is None or state.landlord is None:
        return None
    landlord_won = state.out == state.landlord
    peasants_played = sum(n for s, n in enumerate(state.plays_by) if s != state.landlord)
    spring = peasants_played == 0 if landlord_won else state.plays_by[state.landlord] == 1
    return payment(state.rules, state.auction.highest, state.bombs, state.rockets, landlord_won, spring)
