"""Dou Dizhu rule options and the two presets of the seed (3 players with one deck, 4 with two).

The player count — chosen by the preset, not an option — fixes the deck, the hands, the kitty and the
4-player exceptions (no triplet with a single, no airplane with singles, no quadplex; bombs of 4 to 8 cards,
of which only those of 6 or more double the stake; the rocket is all four jokers; two jokers of one colour are
a pair). The options are the points where real tables (and the peer programs) disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import contract
from engine.cards import Deck
from engine.contract import Note, Preset, option
from engine.contract import make_rules as _make_rules
from engine.errors import InvalidRequestError
from engine.i18n import N_

__all__ = ["NOTES", "PRESETS", "SEAT_LETTERS", "Rules", "default_note", "make_rules", "option_label"]

SEAT_LETTERS: dict[int, tuple[str, ...]] = {
    3: ("S", "E", "W"),
    4: ("S", "E", "N", "W"),
}
"""Seats in playing order (counter-clockwise, as the seed says), by the number of players."""
_SEAT_NAMES = {"S": "South", "E": "East", "N": "North", "W": "West"}


@dataclass(frozen=True)
class Rules:
    """One table's rules. ``players`` (3 or 4) comes with the preset; every other field is a named option."""

    players: int = 3
    distinct_kickers: bool = option(
        True, label=N_("Single kickers of different ranks"),
        help=N_("The single kickers of an airplane or a quadplex must all differ in rank, as these rules say. Off: "
                "they may repeat a rank, as in DouZero, RLCard and OpenSpiel (333444 with 5 5). A kicker never "
                "shares a rank with the triplets or the four, and kickers never make a bomb."))
    jokers_as_kickers: bool = option(
        False, label=N_("Both jokers as kickers"),
        help=N_("Both jokers (both joker pairs with four players) may be the kickers of one play. These rules say "
                "no: together they are the rocket."))
    quadplex: bool = option(
        True, label=N_("Quadplex (4 + 2)"),
        help=N_("Four of a rank with two singles or two pairs is a combination. Three players only: it is never "
                "played with four."))
    joker_pairs: bool = option(
        True, label=N_("Joker pairs (four players)"),
        help=N_("With four players two jokers of one colour (two black or two red) are a pair: played on their own, "
                "red above black and both above a pair of 2s, or as the pair of a triplet. These rules allow them "
                "only as a pair an airplane carries; as any pair they are a common rule, not in these rules. Off: "
                "only in an airplane. Three players hold one joker of each colour, so never a joker pair."),
        common=True)
    long_sequences: bool = option(
        True, label=N_("Sequences longer than five"),
        help=N_("A sequence may hold more than five cards (3 4 5 6 7 8 and longer, up to the ace); it is beaten "
                "only by a higher sequence of the same length. These rules say \"five cards of consecutive rank\"; "
                "longer sequences are a common rule, not in these rules. Off: every sequence is exactly five cards."),
        common=True)
    spring: bool = option(
        False, label=N_("Spring doubles"),
        help=N_("A side that never plays after the opening lead (a \"spring\") doubles the stake once more: a "
                "common rule, not in these rules."), common=True)
    max_redeals: int = option(
        3, label=N_("Redeals before a forced bid"), low=0, high=20, common=True,
        help=N_("When everyone passes without a bid the cards are dealt again. After this many redeals in a row, "
                "the last player to speak in the next deal's first round may not pass if everyone else passed: "
                "they must bid. This keeps a hand from being redealt forever: a common rule, not in these rules, "
                "which redeal without end."))

    session_hands: int | None = option(
        None, label=N_("Hands in a session"), low=1, high=100, common=True,
        help=N_("How many hands a whole game (a session) lasts, the deal passing counter-clockwise after each hand; "
                "whoever won the most at the end wins. Empty: two rounds of deals, so that everyone deals twice (6 "
                "hands with three players, 8 with four). These rules let the players stop whenever they wish."))

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise InvalidRequestError(f"Dou Dizhu is played by 3 or 4 players, not {self.players!r}")
        if self.players == 4 and self.quadplex:
            raise InvalidRequestError("the quadplex (4+2) is not played with 4 players")

    @property
    def four(self) -> bool:
        """Whether this is the 4-player game (two decks)."""
        return self.players == 4

    @property
    def hands_in_session(self) -> int:
        """How many hands a session lasts: the option, or two rounds of deals (6 or 8)."""
        return self.session_hands if self.session_hands is not None else 2 * self.players

    @property
    def joker_pair(self) -> bool:
        """Whether two jokers of one colour are a pair on their own and with a triplet (four players only)."""
        return self.four and self.joker_pairs

    @property
    def decks(self) -> int:
        return 2 if self.four else 1

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player (17 or 25)."""
        return 25 if self.four else 17

    @property
    def kitty(self) -> int:
        """Cards left for the landlord (3 or 8)."""
        return 8 if self.four else 3

    @property
    def max_hand(self) -> int:
        """The most cards one hand can hold: the landlord's after taking the kitty (20 or 33)."""
        return self.hand_size + self.kitty

    @property
    def copies(self) -> int:
        """Copies of each plain rank in the deck (4 or 8)."""
        return 8 if self.four else 4

    @property
    def joker_copies(self) -> int:
        """Copies of each joker (1 or 2)."""
        return 2 if self.four else 1

    @property
    def passes_to_end(self) -> int:
        """Passes in a row that end a trick, and that end the auction after a bid (2 or 3)."""
        return self.players - 1

    @property
    def quadplex_allowed(self) -> bool:
        """Whether the quadplex option may be on at all (never with four players)."""
        return not self.four

    @property
    def fixed_options(self) -> tuple[str, ...]:
        """The options the player count fixes, so they cannot be changed (the quadplex with four players)."""
        return () if self.quadplex_allowed else ("quadplex",)

    @property
    def bomb_sizes(self) -> tuple[int, ...]:
        """The sizes a bomb can have: 4 cards (3 players), 4 to 8 cards (4 players)."""
        return (4, 5, 6, 7, 8) if self.four else (4,)

    @property
    def doubling_bomb_sizes(self) -> tuple[int, ...]:
        """The bomb sizes that double the stake: every bomb with 3 players, bombs of 6 or more with 4."""
        return tuple(n for n in self.bomb_sizes if n >= 6) if self.four else self.bomb_sizes

    def bomb_doubles(self, size: int) -> bool:
        """Whether a bomb of ``size`` cards doubles the stake."""
        return size in self.doubling_bomb_sizes

    def most_bombs(self, size: int) -> int:
        """The most bombs of ``size`` cards one hand can hold all told: one per rank, or two of four cards per
        rank with two decks (13 ranks; the jokers make the rocket, not a bomb)."""
        return 13 * ((4 * self.decks) // size)

    @property
    def deck(self) -> Deck:
        """The suitless deck of this game (suits do not matter in Dou Dizhu)."""
        return _DECKS[self.decks]

    @property
    def seat_letters(self) -> tuple[str, ...]:
        """The seats' letters in playing order: S E W, or S E N W."""
        return SEAT_LETTERS[self.players]

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' names in playing order: South, East, West (and North with four players)."""
        return tuple(_SEAT_NAMES[s] for s in self.seat_letters)


_DECKS = {n: Deck.standard(jokers=True, decks=n).stripped() for n in (1, 2)}

PRESETS: dict[str, Preset[Rules]] = {
    "three_player": Preset(
        "three_player", N_("the three-player game"),
        N_("3 players, one 54-card deck: 17 cards each, 3 for the landlord; all 13 combinations."),
        Rules(players=3)),
    "four_player": Preset(
        "four_player", N_("the four-player game"),
        N_("4 players, two decks (108 cards): 25 each, 8 for the landlord; bombs of 4 to 8 cards (more cards beat "
           "fewer, only those of 6 or more double), the rocket is all four jokers; no triplet with a single, "
           "airplane with singles or quadplex."),
        Rules(players=4, quadplex=False)),
}

NOTES: tuple[Note, ...] = (
    Note(N_("who leads first"), N_("The landlord leads the first trick: a common rule, not in these rules.")),
    Note(N_("joker pairs"), N_("With three players there is one joker of each colour, so two jokers are never a pair "
         "(together they are the rocket). With four players these rules allow two jokers of one colour as a pair an "
         "airplane carries; as a pair on their own or with a triplet they are a common rule, not in these rules."),
         "joker_pairs"),
    Note(N_("longer sequences"), N_("These rules say a sequence is five cards of consecutive rank. Five or more (up "
         "to the ace), beaten only by a higher sequence of the same length, is a common rule, not in these rules."),
         "long_sequences"),
    Note(N_("spring"), N_("Many tables double the stake when one side never plays after the opening lead (a spring): "
         "a common rule, not in these rules, off by default."), "spring"),
    Note(N_("sessions"), N_("These rules play hands until the players wish to stop; whoever won the most wins. A "
         "whole game here is a session of two rounds of deals (everyone deals twice), the deal passing "
         "counter-clockwise after each hand."), "session_hands"),
    Note(N_("endless redeals"), N_("These rules redeal whenever everyone passes, with no end. After three redeals in "
         "a row, on the next deal the last player to speak in the first round must bid if everyone else passed, so "
         "a hand always ends: a common rule, not in these rules."), "max_redeals"),
)


def make_rules(preset: str | None = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` (``three_player`` when None) with ``options`` applied; UnknownNameError for an
    unknown preset or option, InvalidRequestError for a bad value."""
    return _make_rules(PRESETS, preset, options)


def option_label(name: str) -> str:
    """The label learners read for option ``name`` ("Sequences longer than five")."""
    return contract.option_label(Rules, name)


def default_note(name: str) -> str:
    """How a reason says that the rule of option ``name`` is a default these rules do not give: "a common rule,
    not in these rules; the option “Redeals before a forced bid” changes it"."""
    return contract.default_note(Rules, name)
