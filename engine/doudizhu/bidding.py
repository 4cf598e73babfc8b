"""The auction: in turn, pass or bid 1, 2 or 3 above the highest bid; passed players may bid again.

It ends at a bid of 3, or when, after a bid, all the other players (2 of 3, or 3 of 4) pass in a row.
If everyone passes without a bid the cards are redealt — except on a deal after as many redeals as the rules
allow (``max_redeals``): there the last player of the first round may not pass when everyone else passed.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.base import Verdict
from engine.errors import IllegalPlayError
from engine.i18n import gettext as _
from engine.i18n import ngettext
from engine.i18n import number as figure
from engine.words import number

__all__ = ["BIDS", "BID_ACTIONS", "PASS_BID", "Auction", "Bid", "redealt"]

BIDS = (1, 2, 3)
PASS_BID = 0
"""A pass in the auction, as the auction records it (bids are 1, 2, 3)."""


@dataclass(frozen=True, slots=True)
class Bid:
    """The action of bidding ``value`` (1, 2 or 3) in the auction; its text is ``bid 2``."""

    value: int

    @property
    def text(self) -> str:
        return f"bid {self.value}"


BID_ACTIONS: dict[int, Bid] = {b: Bid(b) for b in BIDS}
"""The three bid actions by value."""


def redealt(redeals: int) -> str:
    """How often the cards were dealt again before a forced bid, as a clause: "the cards have been dealt again
    three times in a row" (``redeals``: the rules' number of redeals before a forced bid)."""
    if not redeals:
        return _("no redeal is allowed")
    return ngettext("the cards have been dealt again {n} time in a row",
                    "the cards have been dealt again {n} times in a row", redeals).format(n=number(redeals))


@dataclass(frozen=True)
class Auction:
    """The auction so far: who bid first, every call in order (0 is a pass), and whether this deal forbids a
    redeal (``forced``: the last player of the first round must bid if everyone else passed)."""

    players: int
    first: int
    calls: tuple[int, ...] = ()
    forced: bool = False

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

    @property
    def must_bid(self) -> bool:
        """Whether the player to call may not pass (a forced bid: see the module docstring)."""
        return self.forced and not self.over and len(self.calls) == self.players - 1 and not self.highest

    def legal_calls(self) -> tuple[int, ...]:
        """0 (pass) and every bid above the highest so far; nothing once the auction is over."""
        if self.over:
            return ()
        bids = tuple(b for b in BIDS if b > self.highest)
        return bids if self.must_bid else (PASS_BID,) + bids

    def check(self, call: int) -> Verdict:
        """Whether ``call`` (0 for a pass, or a bid) is legal now, and why."""
        if self.over:
            return Verdict(False, _("the auction is over"))
        if call == PASS_BID:
            if self.must_bid:
                return Verdict(False, _("everyone else has passed and the cards have already been dealt again as "
                                        "often as these rules allow: you must bid 1, 2 or 3"))
            return Verdict(True, _("you may always pass in the auction (and bid later, when your turn comes again)"))
        if call not in BIDS:
            return Verdict(False, _("a bid is 1, 2 or 3, not {call}").format(call=figure(call)))
        if call <= self.highest:
            return Verdict(False, _("a bid must be higher than the highest bid so far ({highest})").format(
                highest=figure(self.highest)))
        if not self.highest:
            return Verdict(True, _("no one has bid yet, so any bid may be made: {call}").format(call=figure(call)))
        return Verdict(True, _("{call} is higher than the highest bid so far ({highest})").format(
            call=figure(call), highest=figure(self.highest)))

    def call(self, call: int) -> Auction:
        """The auction after ``call``; IllegalPlayError with the reason if it is not legal."""
        verdict = self.check(call)
        if not verdict.legal:
            raise IllegalPlayError(verdict.reason)
        return Auction(self.players, self.first, self.calls + (call,), self.forced)

    def outcome(self) -> str:
        """In words: who is bidding, who won, or that all passed."""
        if self.all_passed:
            return _("everyone passed without a bid: the cards are shuffled and dealt again")
        if not self.over:
            return _("highest bid so far: {highest}").format(highest=figure(self.highest)) if self.highest \
                else _("no bid yet")
        return _("the auction is over at {highest}").format(highest=figure(self.highest))
