"""Euchre rule options and named presets.

The preset ``seed`` follows ``shared/rules/euchre.md`` (the rules page of a browser Euchre game): no stick
the dealer, game to 10 won by 2, either side may go alone, the turned-down suit may not be named in round 2.
Every default the digest marks as a choice is an option here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum, IntEnum
from typing import Any

from engine.base import describe_rules, rules_from_preset
from engine.errors import InvalidRequestError, UnknownNameError

__all__ = ["FirstLead", "PRESETS", "PRESET_DESCRIPTIONS", "Rules", "Seat", "Side", "make_rules"]


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

    def __post_init__(self) -> None:
        if isinstance(self.first_lead, str):
            try:
                object.__setattr__(self, "first_lead", FirstLead(self.first_lead))
            except ValueError:
                raise UnknownNameError("first_lead", self.first_lead, [f.value for f in FirstLead]) from None
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "target":
                if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
                    raise InvalidRequestError(f"option target: expected a whole number 1..100, got {value!r}")
            elif f.name != "first_lead" and not isinstance(value, bool):
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
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "seed": "the seed's rules: game to 10 won by 2, either side may go alone, no stick the dealer",
    "first_to_10": "as seed, but the first side to 10 points wins (no lead of 2 needed)",
    "stick_the_dealer": "as seed, but the dealer must name trump when the other three pass twice",
    "no_lone_defender": "as seed, but only the makers may go alone (no defending alone)",
    "openspiel": "OpenSpiel's euchre (allow_lone_defender, no stick the dealer): only the maker goes alone, "
    "the dealer may not discard the upcard",
}


def make_rules(preset: str = "seed", options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` with ``options`` (field name → value) applied.

    Raises UnknownNameError for an unknown preset or option, InvalidRequestError for a bad value.
    """
    try:
        return rules_from_preset(PRESETS, preset, options)
    except TypeError as error:  # pragma: no cover - dataclasses.replace guards types loosely
        raise InvalidRequestError(str(error)) from None
