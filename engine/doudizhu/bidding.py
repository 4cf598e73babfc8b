"""The auction: in turn, pass or bid 1, 2 or 3 above the highest bid; passed players may bid again.

It ends at a bid of 3, or when, after a bid, all the other players (2 of 3, or 3 of 4) pass in a row.
If everyone passes without a bid the cards are redealt.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalPlayError

BIDS = (1, 2, 3)
PASS_BID = 0
"""A pass in the auction (bids are 1, 2, 3)."""


@dataclass(frozen=True)
class Auction:
    """The auction so far: who bid first and every call in order (0 is a pass)."""

    players: int
    first: int
    calls: tuple[int, ...] = ()

    @property
    def to_act(self) -> int | None:
        """The seat whose call is next, or None when the auction is over."""
        if self.over:
            return None
        return (self.first + len(self.calls)) % self.players

    @property
    def highest(self) -> int:
        """The highest bid so far (0: none)."""
        return max(self.calls, default=0)

    @property
    def bidder(self) -> int | None:
        """The seat of the highest bid, or None."""
        high = self.highest
        if not high:
            return None
        return (self.first + self.calls.index(high)) % self.players

    @property
    def trailing_passes(self) -> int:
        n = 0
        for call in reversed(self.calls):
            if call:
                break
            n += 1
        return n

    @property
    def all_passed(self) -> bool:
        """Everyone passed without a bid: the cards are redealt."""
        return len(self.calls) >= self.players and not self.highest

    @property
    def over(self) -> bool:
        if self.highest == 3 or self.all_passed:
            return True
        return bool(self.highest) and self.trailing_passes >= self.players - 1

    @property
    def landlord(self) -> int | None:
        """The winner of a finished auction (None while it runs or after all passed)."""
        return self.bidder if self.over else None

    def legal_calls(self) -> tuple[int, ...]:
        """0 (pass) and every bid above the highest so far; nothing once the auction is over."""
        if self.over:
            return ()
        return (PASS_BID,) + tuple(b for b in BIDS if b > self.highest)

    def check(self, call: int) -> str:
        """'' if ``call`` is legal now, else the reason."""
        if self.over:
            return "the auction is over"
        if call == PASS_BID:
            return ""
        if call not in BIDS:
            return f"a bid is 1, 2 or 3, not {call}"
        if call <= self.highest:
            return f"a bid must be higher than the highest bid so far ({self.highest})"
        return ""

    def call(self, call: int) -> Auction:
        """The auction after ``call``; IllegalPlayError with the reason if it is not legal."""
        reason = self.check(call)
        if reason:
            raise IllegalPlayError(reason)
        return Auction(self.players, self.first, self.calls + (call,))

    def outcome(self) -> str:
        """In words: who is bidding, who won, or that all passed."""
        if self.all_passed:
            return "everyone passed without a bid: the cards are shuffled and dealt again"
        if not self.over:
            return f"highest bid so far: {self.highest}" if self.highest else "no bid yet"
        return f"the auction is over at {self.highest}"
