"""Euchre rule options, the named presets, the seats and the sides.

The first preset, ``seed``, follows ``shared/rules/euchre.md`` (the rules page of a browser Euchre game): no
stick the dealer, game to 10 won by 2, either side may go alone, the turned-down suit may not be named in
round 2, the 24-card deck dealt 3-2 then 2-3, and a hand that all four pass twice is thrown in and the deal
passes left. Every default the digest marks as a choice is an option here (declared ``common``).

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
from dataclasses import dataclass
from enum import Enum, IntEnum
from typing import Any

from engine import contract
from engine.contract import Note, Preset, default_note, option
from engine.errors import InvalidRequestError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as numeral
from engine.words import option_named, seat_name

__all__ = [
    "NOTES",
    "PRESETS",
    "SEAT_LETTERS",
    "BennyUpcard",
    "DealPackets",
    "FirstLead",
    "Rules",
    "Seat",
    "Side",
    "ThrownIn",
    "make_rules",
    "option_label",
    "rule_source",
]

SEAT_LETTERS: tuple[str, ...] = ("N", "E", "S", "W")
"""The seats by index, in playing order (clockwise): North, East, South, West."""


class Seat(IntEnum):
    """The four seats; play goes clockwise, to the left: North → East → South → West."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return SEAT_LETTERS[self]

    @property
    def title(self) -> str:
        """The seat's name for a learner, in the current language (:func:`engine.words.seat_name`)."""
        return seat_name(self.letter)

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
        raise InvalidRequestError(_("{text} is not a seat: expected N, E, S or W (North, East, South, West)").format(
            text=repr(text)))


class Side(IntEnum):
    """The two partnerships: North-South and East-West."""

    NORTH_SOUTH = 0
    EAST_WEST = 1

    @property
    def title(self) -> str:
        """The side's name for a learner, in the current language: North-South or East-West."""
        return _(SIDE_WORDS[self])

    @property
    def short(self) -> str:
        """``N-S`` or ``E-W``: how answers key a side."""
        return "N-S" if self is Side.NORTH_SOUTH else "E-W"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self.value), Seat(self.value + 2))

    @property
    def other(self) -> Side:
        return Side(1 - self.value)


SIDE_WORDS: dict[Side, str] = {Side.NORTH_SOUTH: N_("North-South"), Side.EAST_WEST: N_("East-West")}
"""The sides' English names (the catalogs translate them: :attr:`Side.title`)."""


class FirstLead(Enum):
    """Who leads the first trick when the player on the dealer's left sits out (their partner is alone)."""

    NEXT_ACTIVE = "next_active"
    LEFT_OF_LONE = "left_of_lone"

    @property
    def description(self) -> str:
        if self is FirstLead.NEXT_ACTIVE:
            return _("the next active player clockwise (the dealer's partner)")
        return _("the player on the lone player's left (the dealer)")


class DealPackets(Enum):
    """How the five cards of each hand are dealt, from the dealer's left, clockwise."""

    THREE_TWO = "3-2"
    TWO_THREE = "2-3"
    SINGLES = "singles"

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
            return _("one card at a time, five times round")
        first, second = self.sizes
        return _("packets of {first} round the table, then {second}").format(
            first=", ".join(map(numeral, first)), second=", ".join(map(numeral, second)))


class ThrownIn(Enum):
    """Who deals next when all four pass twice and the hand is thrown in."""

    NEXT_DEALER = "next dealer"
    SAME_DEALER = "same dealer"

    @property
    def description(self) -> str:
        if self is ThrownIn.NEXT_DEALER:
            return _("the deal passes to the left")
        return _("the same dealer deals again")


class BennyUpcard(Enum):
    """What happens when the joker (the benny) is turned up as the upcard; see the module docstring."""

    DEALER_NAMES_TRUMP = "dealer names trump"
    STANDS_FOR_A_SUIT = "stands for a suit"

    @property
    def description(self) -> str:
        if self is BennyUpcard.DEALER_NAMES_TRUMP:
            return _("the dealer names trump before looking at their cards, as if they had ordered it up: their "
                     "side are the makers, and they pick up the joker and discard")
        return _("the dealer names, before looking, the suit the joker stands for; round 1 then goes on as usual "
                 "with that suit on offer")


@dataclass(frozen=True)
class Rules:
    """The options of one Euchre variant. Build one with :func:`make_rules` (or ``GAME.rules``)."""

    target: int = option(10, label=N_("Points to win"), low=1, high=100,
                         help=N_("The points a side needs to win the game."))
    win_by_two: bool = option(True, label=N_("Win by two"),
                              help=N_("The winner must also lead by 2 points (10-9 goes on); off: the first side "
                                      "to the target wins."))
    stick_the_dealer: bool = option(False, label=N_("Stick the dealer"),
                                    help=N_("When the other three pass twice, the dealer may not pass and must name "
                                            "trump, so no hand is thrown in."))
    defender_may_go_alone: bool = option(True, label=N_("Defenders may go alone"),
                                         help=N_("A defender may go alone too, so both sides can play alone in "
                                                 "one hand."))
    maker_partner_may_go_alone: bool = option(True, label=N_("The maker's partner may go alone"),
                                              help=N_("The partner of the player who made trump may go alone "
                                                      "(the maker then sits out); off: only the maker may."))
    dealer_partner_must_go_alone: bool = option(False, label=N_("Dealer's partner who orders up goes alone"),
                                                help=N_("A dealer's partner who orders the upcard up must go "
                                                        "alone."))
    dealer_may_discard_upcard: bool = option(True, label=N_("The dealer may discard the upcard"), common=True,
                                             help=N_("The dealer who picks up the upcard may lay that same card "
                                                     "away; off: another card must go."))
    name_turned_down_suit: bool = option(False, label=N_("The turned-down suit may be named"), common=True,
                                         help=N_("In round 2 the suit of the turned-down upcard may be named as "
                                                 "trump too."))
    first_lead: FirstLead = option(FirstLead.NEXT_ACTIVE, label=N_("First lead when the dealer's left sits out"),
                                   common=True,
                                   help=N_("Who leads the first trick when the player on the dealer's left sits "
                                           "out: the next active player, or the player on the lone player's left."))
    benny: bool = option(False, label=N_("The benny (a joker)"),
                         help=N_("Play with a 25-card deck whose joker (RJ) is the highest trump, above the right "
                                 "bower."))
    benny_upcard: BennyUpcard = option(BennyUpcard.DEALER_NAMES_TRUMP, label=N_("A turned-up joker"), common=True,
                                       help=N_("With the benny, when the joker is the upcard: the dealer names "
                                               "trump at once, or names the suit the joker stands for in round 1."))
    deal_packets: DealPackets = option(DealPackets.THREE_TWO, label=N_("Deal"), common=True,
                                       help=N_("How the five cards are dealt: 3 then 2 (and 2 then 3), 2 then 3, "
                                               "or one at a time."))
    thrown_in: ThrownIn = option(ThrownIn.NEXT_DEALER, label=N_("After a thrown-in hand"), common=True,
                                 help=N_("Who deals after a hand that all four passed twice: the next dealer, or "
                                         "the same dealer again."))


_SEED = Rules()

PRESETS: dict[str, Preset[Rules]] = {
    p.name: p
    for p in (
        Preset("seed", N_("the online game's rules"),
               N_("The rules page of a browser Euchre game: game to 10 won by 2, either side may go alone, and no "
                  "stick the dealer. The turned-down suit may not be named in round 2: a common rule, not in these "
                  "rules."), _SEED),
        Preset("first_to_10", N_("first to 10"),
               N_("As the online game's rules, but the first side to 10 points wins: no lead of 2 needed."),
               Rules(win_by_two=False)),
        Preset("stick_the_dealer", N_("stick the dealer"),
               N_("As the online game's rules, but the dealer must name trump when the other three pass twice: "
                  "no hand is thrown in."), Rules(stick_the_dealer=True)),
        Preset("no_lone_defender", N_("no lone defender"),
               N_("As the online game's rules, but only the makers may go alone."),
               Rules(defender_may_go_alone=False)),
        Preset("openspiel", N_("OpenSpiel's rules"),
               N_("The Euchre of OpenSpiel, a library of games for research: of the makers only the one who made "
                  "trump may go alone (a defender still may), the dealer may not discard the upcard, and the first "
                  "side to 10 wins."),
               Rules(win_by_two=False, maker_partner_may_go_alone=False, dealer_may_discard_upcard=False)),
        Preset("benny", N_("the benny"),
               N_("As the online game's rules, with the benny: a 25-card deck whose joker (RJ) is the highest "
                  "trump, above the right bower; a turned-up joker lets the dealer name trump."), Rules(benny=True)),
    )
}

NOTES: tuple[Note, ...] = (
    Note(N_("the deal"), N_("the cards are dealt 3 then 2 round the table, then 2 then 3"), "deal_packets"),
    Note(N_("round 2"), N_("the suit of the turned-down upcard may not be named in round 2"),
         "name_turned_down_suit"),
    Note(N_("the dealer's discard"), N_("the dealer who picks up the upcard may discard it again"),
         "dealer_may_discard_upcard"),
    Note(N_("a thrown-in hand"), N_("after all four pass twice, the deal passes to the left"), "thrown_in"),
    Note(N_("the first lead"), N_("the player on the dealer's left leads; if they sit out, the next active player"),
         "first_lead"),
    Note(N_("a turned-up joker"), N_("with the benny, a turned-up joker lets the dealer name trump at once, before "
                                    "looking at their cards"), "benny_upcard"),
    Note(N_("going alone"), N_("once trump is made, the maker is asked first whether they go alone, then their "
                               "partner, then the defenders from the dealer's left")),
)


def make_rules(preset: str | None = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` (``seed`` when None) with ``options`` (option name → value) applied.

    Raises UnknownNameError for an unknown preset or option, InvalidRequestError for a bad value.
    """
    return contract.make_rules(PRESETS, preset, options)


def option_label(name: str) -> str:
    """An option's label, as learners read it: ``option_label("thrown_in")`` → "After a thrown-in hand"."""
    return contract.option_label(Rules, name)


def rule_source(rules: Rules, name: str) -> str:
    """Where the rule in force for option ``name`` comes from, as brackets to put right after the rule a reason
    states: " (a common rule, not in these rules; the option “Deal” changes it)" for a default these rules do not
    give, " (the option “Stick the dealer” is on)" for a setting away from the default, and nothing for a default
    these rules give."""
    spec = next(s for s in contract.option_specs(Rules) if s.name == name)
    value = getattr(rules, name)
    shown = value.value if isinstance(value, Enum) else value
    if shown != spec.default:
        if isinstance(shown, bool):
            said = _("{option} is on") if shown else _("{option} is off")
            return f" ({said.format(option=option_named(spec.label))})"
        return " ({})".format(_("as {option} sets it").format(option=option_named(spec.label)))
    if spec.common:
        return f" ({default_note(Rules, name)})"
    return ""
