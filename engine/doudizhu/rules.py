"""Dou Dizhu rule options and the two presets of the seed (3 players with one deck, 4 with two).

The player count fixes the deck, the hands, the kitty and the 4-player exceptions (no triplet with a
single, no airplane with singles, no quadplex; bombs of 4 to 8 cards; the rocket is all four jokers;
two jokers of one colour are a pair). The options are the points where real tables (and the peer
programs) disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.base import rules_from_preset
from engine.cards import Deck
from engine.errors import InvalidRequestError


@dataclass(frozen=True)
class Rules:
    """One table's rules. ``players`` is 3 or 4; every other field is a named option."""

    players: int = 3
    distinct_kickers: bool = True
    """Single kickers (airplane with singles, quadplex with singles) must all differ in rank (seed).
    Off: single kickers may repeat a rank, e.g. ``333444 5 5`` (DouZero, RLCard and OpenSpiel play so).
    In both cases a kicker never shares a rank with the triplets or the four, and kickers never
    make a bomb."""
    jokers_as_kickers: bool = False
    """Both jokers (3 players) or both joker pairs (4 players) may be kickers of one play. The seed says no."""
    quadplex: bool = True
    """Four of a rank with two singles or two pairs (4+2) is a combination. Never with 4 players."""
    spring: bool = False
    """A side that never plays after the opening lead ("spring") doubles the stake. Not in the seed."""

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise InvalidRequestError(f"Dou Dizhu is played by 3 or 4 players, not {self.players!r}")
        for name in ("distinct_kickers", "jokers_as_kickers", "quadplex", "spring"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRequestError(f"option {name!r} is true or false, not {getattr(self, name)!r}")
        if self.players == 4 and self.quadplex:
            raise InvalidRequestError("the quadplex (4+2) is not played with 4 players")

    @property
    def four(self) -> bool:
        """Whether this is the 4-player game (two decks)."""
        return self.players == 4

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
    def deck(self) -> Deck:
        """The suitless deck of this game (suits do not matter in Dou Dizhu)."""
        return _DECKS[self.decks]

    @property
    def seat_names(self) -> tuple[str, ...]:
        return SEAT_NAMES[self.players]


SEAT_NAMES: dict[int, tuple[str, ...]] = {
    3: ("South", "East", "West"),
    4: ("South", "East", "North", "West"),
}
"""Seats in playing order (counter-clockwise, as the seed says)."""

_DECKS = {n: Deck.standard(jokers=True, decks=n).stripped() for n in (1, 2)}

PRESETS: dict[str, Rules] = {
    "three_player": Rules(players=3),
    "four_player": Rules(players=4, quadplex=False),
}

PRESET_TEXT: dict[str, str] = {
    "three_player": "3 players, one 54-card deck: 17 cards each, 3 for the landlord; all 13 combinations",
    "four_player": "4 players, two decks (108 cards): 25 each, 8 for the landlord; bombs of 4-8 cards, "
    "the rocket is all four jokers; no triplet+single, airplane+singles or quadplex",
}

OPTION_TEXT: dict[str, str] = {
    "distinct_kickers": "single kickers must differ in rank from each other (seed: yes; DouZero, RLCard, "
    "OpenSpiel: no)",
    "jokers_as_kickers": "both jokers may be kickers of one play (seed: no)",
    "quadplex": "four of a kind with two singles or two pairs (4+2) is a combination (3 players only)",
    "spring": "a side that never plays after the opening lead doubles the stake (not in the seed)",
}


def make_rules(preset: str = "three_player", options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` with ``options`` applied; UnknownNameError for an unknown preset or option."""
    options = dict(options or {})
    if "players" in options:
        raise InvalidRequestError("the number of players is chosen by the preset (three_player or four_player)")
    return rules_from_preset(PRESETS, preset, options)
