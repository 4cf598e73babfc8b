"""Payment at the end of a hand: the bid is the stake, doubled by bombs and rockets (and spring)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.doudizhu.bidding import BIDS
from engine.doudizhu.rules import Rules, make_rules, option_label
from engine.errors import InvalidRequestError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.words import count, number, option_named, or_list

if TYPE_CHECKING:
    from engine.doudizhu.state import State

__all__ = ["DOUBLED", "SPRING_REASON", "Payment", "payment", "score_hand", "scoring_summary", "signed", "stake"]

DOUBLED = "×2"
"""The mark of a reason that doubles the stake, the same in every language (the Table sorts reasons by it)."""
SPRING_REASON = N_("a spring (×2)")
"""How a spring is said among the reasons of a payment (translated when said)."""


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


def signed(n: int) -> str:
    """A gain with its sign, in the language's digits: "+4", "-2", "+0"."""
    return f"{n:+d}" if n == 0 else ("+" if n > 0 else "-") + figure(abs(n))


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
        raise InvalidRequestError(_("the bid is 1, 2 or 3, not {bid}").format(bid=repr(bid)))
    if rockets < 0 or rockets > 1:
        raise InvalidRequestError(_("one deal holds one rocket, so 0 or 1 rocket is played, not {n}").format(
            n=figure(rockets)))
    sizes = rules.bomb_sizes
    for size in bombs:
        if size not in sizes:
            error = _("a bomb has 4 to 8 cards with {players} players, not {size}") if rules.four else \
                _("a bomb has 4 cards with {players} players, not {size}")
            raise InvalidRequestError(error.format(players=figure(rules.players), size=figure(size)))
    most = 13 * (2 if rules.four else 1)
    if len(bombs) > most:
        raise InvalidRequestError(_("at most {most} bombs can be played in one hand, not {n}").format(
            most=figure(most), n=figure(len(bombs))))
    reasons = []
    doubling_bombs = [s for s in bombs if rules.bomb_doubles(s)]
    quiet = len(bombs) - len(doubling_bombs)
    if doubling_bombs:
        n = len(doubling_bombs)
        reasons.append(_("a bomb (×2)") if n == 1 else _("{bombs} (×2 each)").format(bombs=count(n, "bomb")))
    if quiet:
        small = or_list([number(min(rules.bomb_sizes)), number(min(rules.doubling_bomb_sizes) - 1)])
        players = number(rules.players)
        reasons.append(_("a bomb of {small} cards, which does not double with {players} players").format(
            small=small, players=players) if quiet == 1 else
            _("{bombs} of {small} cards, which do not double with {players} players").format(
                bombs=count(quiet, "bomb"), small=small, players=players))
    if rockets:
        reasons.append(_("the rocket (×2)"))
    doublings = len(doubling_bombs) + rockets
    if spring and rules.spring:
        doublings += 1
        reasons.append(_(SPRING_REASON))
    elif spring:
        reasons.append(_("a spring, which does not double under these rules ({option} is off)").format(
            option=option_named(option_label("spring"))))
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


def scoring_summary() -> str:
    """How a hand is paid, in two sentences for the scoring explorer (the bids, what doubles the stake with three
    and with four players, who pays whom), in the current language."""
    four = make_rules("four_player")
    return _(
        "The winning **bid** ({bids}) is the stake. Every **bomb** and the **rocket** played doubles it — with four "
        "players only bombs of {size} or more cards and the rocket do. If the landlord goes out first, each peasant "
        "pays the landlord the stake; if a peasant goes out first, the landlord pays each peasant."
    ).format(bids=or_list([figure(b) for b in BIDS]), size=figure(four.doubling_bomb_sizes[0]))
