"""Euchre rule options and named presets.

The preset ``seed`` follows ``shared/rules/euchre.md`` (the rules page of a browser Euchre game): no stick
the dealer, game to 10 won by 2, either side may go alone, the turned-down suit may not be named in round 2,
the 24-card deck dealt 3-2 then 2-3, and a hand that all four pass twice is thrown in and the deal passes
left. Every default the digest marks as a choice is an option here.

**The benny** (option ``benny``, preset ``benny``) is the common joker variant: a 25-card deck with one joker,
the red joker ``RJ``, which is the *best bower* — the highest trump, above the right bower, and a card of the
trump suit for every purpose (it follows trump leads and must be played to one if it is the only trump in
hand). Hands stay at 5 cards; the kitty holds 5 (the upcard and 4 face down). Euchre always has a trump
suit, so the joker never needs a suit of its own.

When the joker is the upcard, nobody can order up "the joker's suit". The common rule (``benny_upcard`` =
``"dealer names trump"``): the dealer at once, before looking at their cards, names a trump suit; it is
trump exactly as if the upcard had been ordered up — the dealer's side are the makers and the dealer picks
up the joker and discards (going alone follows as usual). The alternative (``"stands for a suit"``): the
dealer names, before looking, the suit the joker stands for, and round 1 goes on as usual with that suit on
offer (anyone may order it up; if all pass, that suit is turned down for round 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum, IntEnum
from typing import Any

from engine.base import describe_rules, rules_from_preset
from engine.errors import InvalidRequestError, UnknownNameError

__all__ = [
    "BennyUpcard",
    "DealPackets",
    "FirstLead",
    "PRESETS",
    "PRESET_DESCRIPTIONS",
    "Rules",
    "Seat",
    "Side",
    "ThrownIn",
    "make_rules",
]


class Seat(IntEnum):
    """The four seats; play goes clockwise, to the left: North → East → South → West."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def left(self) -> Seat:
        """The next player clockwise (the one who plays after this seat)."""
        return Seat((self + 1) % 4)

    @property
    def side(self) -> Side:
        return Side(self % 2)

    @classmethod
    def parse(cls, text: object) -> Seat:
        """``N``, ``north``, ``0`` … → a seat; InvalidRequestError otherwise."""
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 4:
            return cls(text)
        if isinstance(text, str):
            key = text.strip().upper()
            for seat in cls:
                if key in (seat.letter, seat.name, str(seat.value)):
                    return seat
        raise InvalidRequestError(f"{text!r} is not a seat: expected N, E, S or W (North, East, South, West)")


class Side(IntEnum):
    """The two partnerships: North-South and East-West."""

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def title(self) -> str:
        return "North-South" if self is Side.NORTH_SOUTH else "East-West"

    @property
    def short(self) -> str:
        return "N-S" if self is Side.NORTH_SOUTH else "E-W"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self.value), Seat(self.value + 2))

    @property
    def other(self) -> Side:
        return Side(1 - self.value)


class FirstLead(Enum):
    """Who leads the first trick when the player on the dealer's left sits out (their partner is alone)."""

    NEXT_ACTIVE = "next_active"  # the next active player clockwise: usually the dealer's partner
    LEFT_OF_LONE = "left_of_lone"  # the player on the lone player's left: the dealer

    @property
    def description(self) -> str:
        if self is FirstLead.NEXT_ACTIVE:
            return "the next active player clockwise (the dealer's partner)"
        return "the player on the lone player's left (the dealer)"


class DealPackets(Enum):
    """How the five cards of each hand are dealt, from the dealer's left, clockwise."""

    THREE_TWO = "3-2"  # 3, 2, 3, 2 round the table, then 2, 3, 2, 3
    TWO_THREE = "2-3"  # 2, 3, 2, 3, then 3, 2, 3, 2
    SINGLES = "singles"  # one card at a time, five times round

    @property
    def sizes(self) -> tuple[tuple[int, int, int, int], ...]:
        """The packet sizes of each round of the deal, for the dealer's left, partner, right, dealer."""
        if self is DealPackets.THREE_TWO:
            return ((3, 2, 3, 2), (2, 3, 2, 3))
        if self is DealPackets.TWO_THREE:
            return ((2, 3, 2, 3), (3, 2, 3, 2))
        return ((1, 1, 1, 1),) * 5

    @property
    def description(self) -> str:
        if self is DealPackets.SINGLES:
            return "one card at a time, five times round"
        first, second = self.sizes
        return f"packets of {', '.join(map(str, first))} round the table, then {', '.join(map(str, second))}"


class ThrownIn(Enum):
    """Who deals next when all four pass twice and the hand is thrown in."""

    NEXT_DEALER = "next dealer"  # the deal passes to the left, as after any hand
    SAME_DEALER = "same dealer"  # the same dealer shuffles and deals again

    @property
    def description(self) -> str:
        if self is ThrownIn.NEXT_DEALER:
            return "the deal passes to the left"
        return "the same dealer deals again"


class BennyUpcard(Enum):
    """What happens when the joker (the benny) is turned up as the upcard; see the module docstring."""

    DEALER_NAMES_TRUMP = "dealer names trump"  # trump at once, as if ordered up; the dealer's side make it
    STANDS_FOR_A_SUIT = "stands for a suit"  # the named suit is offered in round 1 as the upcard's suit

    @property
    def description(self) -> str:
        if self is BennyUpcard.DEALER_NAMES_TRUMP:
            return ("the dealer names trump before looking at their cards, as if they had ordered it up: "
                    "their side are the makers, and they pick up the joker and discard")
        return ("the dealer names, before looking, the suit the joker stands for; round 1 then goes on as "
                "usual with that suit on offer")


_ENUM_OPTIONS: dict[str, type[Enum]] = {
    "first_lead": FirstLead,
    "deal_packets": DealPackets,
    "thrown_in": ThrownIn,
    "benny_upcard": BennyUpcard,
}


def _enum_value(option: str, kind: type[Enum], value: object) -> Enum:
    """``value`` as a member of ``kind``: the member itself or its text (case, ``_`` or ``-`` for spaces)."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        wanted = value.strip().lower().replace("_", " ")
        for member in kind:
            text = str(member.value)
            if wanted in (text, text.replace("_", " "), member.name.lower().replace("_", " ")):
                return member
    raise UnknownNameError(f"{option} value", value, [str(m.value) for m in kind])


@dataclass(frozen=True)
class Rules:
    """The options of one Euchre variant. Build one with :func:`make_rules`."""

    target: int = 10
    """Points that win the game."""
    win_by_two: bool = True
    """The winner must also lead by 2 (10-9 goes on). False: plain first to ``target``."""
    stick_the_dealer: bool = False
    """In round 2 the dealer may not pass when the other three have passed."""
    defender_may_go_alone: bool = True
    """A defender may go alone too (both sides at once is possible)."""
    maker_partner_may_go_alone: bool = True
    """The maker's partner may go alone (the maker then sits out). False: only the maker may."""
    dealer_partner_must_go_alone: bool = False
    """A dealer's partner who orders the upcard up must go alone."""
    dealer_may_discard_upcard: bool = True
    """The dealer who picks up may discard the upcard itself."""
    name_turned_down_suit: bool = False
    """In round 2 the suit of the turned-down upcard may be named too."""
    first_lead: FirstLead = FirstLead.NEXT_ACTIVE
    """Who leads when the player on the dealer's left sits out."""
    benny: bool = False
    """Play with the benny: a 25-card deck whose joker ``RJ`` is the highest trump (the best bower)."""
    benny_upcard: BennyUpcard = BennyUpcard.DEALER_NAMES_TRUMP
    """With the benny: what a turned-up joker means (see the module docstring)."""
    deal_packets: DealPackets = DealPackets.THREE_TWO
    """How the five cards are dealt: ``3-2`` (3 then 2, then 2 then 3), ``2-3`` or ``singles``."""
    thrown_in: ThrownIn = ThrownIn.NEXT_DEALER
    """Who deals after a hand that all four passed twice: ``next dealer`` or ``same dealer``."""

    def __post_init__(self) -> None:
        for name, kind in _ENUM_OPTIONS.items():
            object.__setattr__(self, name, _enum_value(name, kind, getattr(self, name)))
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "target":
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
                    raise InvalidRequestError(f"option target: expected a whole number 1..100, got {value!r}")
            elif f.name not in _ENUM_OPTIONS and not isinstance(value, bool):
                raise InvalidRequestError(f"option {f.name}: expected true or false, got {value!r}")

    def describe(self) -> dict[str, Any]:
        return describe_rules(self)


PRESETS: dict[str, Rules] = {
    "seed": Rules(),
    "first_to_10": Rules(win_by_two=False),
    "stick_the_dealer": Rules(stick_the_dealer=True),
    "no_lone_defender": Rules(defender_may_go_alone=False),
    "openspiel": Rules(
        win_by_two=False, maker_partner_may_go_alone=False, dealer_may_discard_upcard=False
    ),
    "benny": Rules(benny=True),
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "seed": "the seed's rules: game to 10 won by 2, either side may go alone, no stick the dealer",
    "first_to_10": "as seed, but the first side to 10 points wins (no lead of 2 needed)",
    "stick_the_dealer": "as seed, but the dealer must name trump when the other three pass twice",
    "no_lone_defender": "as seed, but only the makers may go alone (no defending alone)",
    "openspiel": "OpenSpiel's euchre (allow_lone_defender, no stick the dealer): only the maker goes alone, "
    "the dealer may not discard the upcard",
    "benny": "as seed, with the benny: a 25-card deck whose joker (RJ) is the highest trump, above the right "
    "bower; a turned-up joker lets the dealer name trump",
}


def make_rules(preset: str = "seed", options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` with ``options`` (field name → value) applied.

    Raises UnknownNameError for an unknown preset or option, InvalidRequestError for a bad value.
    """
    try:
        return rules_from_preset(PRESETS, preset, options)
    except TypeError as error:  # pragma: no cover - dataclasses.replace guards types loosely
        raise InvalidRequestError(str(error)) from None
