"""The rules of Thirteen (Tiến lên) as a frozen set of named options, the two presets, and the open points.

``seed`` follows the seed document exactly where it speaks (the combinations, the ranking, passing
with lock-out, the list of bombs that chop 2s) and the rules digest's defaults where it is silent.
``pagat`` makes the common Tiến lên choices where they differ from the seed: the bomb ladder
(a four of a kind beats a double sequence of 3 pairs; a double sequence of 4 pairs beats both, and a
single 2) and bombs on 2s allowed even to a player who has passed this round.

Two points of the digest are common defaults:

* ``twos_in_double_sequences`` (off in both presets): by default 2s never go in a sequence or a
  double sequence. Some house rules let pairs of 2s *end* a double sequence, right after the aces
  (… K K A A 2 2); single sequences still never contain a 2, and nothing wraps from 2 to 3. Such a
  double sequence is a double sequence of n pairs in every respect: its top card is its highest 2, so
  it beats any other double sequence of n pairs with a lower top card, and it is a bomb that chops
  exactly what a double sequence of n pairs chops — even though it holds 2s itself. The chop list
  speaks of shapes (3, 4 or 5 pairs in a row), not of ranks, and the 2s it chops are other cards of
  the one deck, so there is nothing to exclude.
* Who leads after a player goes out: when everyone else passes on the last play, the player who made
  it leads; if that player has just gone out, the lead passes to the next player still in, in playing
  order. This is *not* an option. Every rule description consulted (Board Game Arena's Tiến Lên help,
  rule pages for Thirteen, a family's house-rule sheet, and write-ups of the Vietnamese "hưởng sái"
  rule — lead inheritance) gives the lead to the next player after the one who went out, worded as
  "the player to their left", "the next player clockwise", "the finisher's right" (where play runs
  anticlockwise) or "the player who would have played next": in playing order these are all the same
  player. None gives it to anyone else, so there is no real alternative to offer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine import contract
from engine.contract import Note, Preset, option
from engine.errors import InvalidRequestError
from engine.i18n import N_
from engine.words import seat_name

__all__ = ["NOTES", "PRESETS", "SEAT_LETTERS", "Finish", "Rules", "Scoring", "default_note", "make_rules",
           "option_label", "seat_letters", "seat_names"]


class Finish(Enum):
    """When a game ends."""

    ORDER = "order"
    """Play on until every place is fixed (1st … last)."""
    FIRST = "first"
    """The game ends when the first player goes out."""


class Scoring(Enum):
    """How a finished game scores for a match."""

    PLACES = "places"
    """1st … last score n-1 … 0 points (3/2/1/0 with four players)."""
    CARDS = "cards"
    """When the winner goes out, each other player pays 1 point per card still held."""


@dataclass(frozen=True)
class Rules:
    """Every option of the game. Build one with :func:`make_rules` (preset + options)."""

    players: int = option(4, label=N_("Players"), low=2, high=4, common=True,
                          help=N_("2, 3 or 4 players, 13 cards each (the rest of the deck is unused)"))
    first_lead_must_contain_lowest: bool = option(
        True, label=N_("The first play contains the lowest card"), common=True,
        help=N_("the first play of the first game must contain the lowest card dealt (3♠ with four players)"))
    bomb_ladder: bool = option(
        False, label=N_("Bomb ladder"), common=True,
        help=N_("a four of a kind also beats a double sequence of 3 pairs, and a double sequence of 4 pairs beats a "
                "four of a kind, a double sequence of 3 pairs and a single 2"))
    chop_after_pass: bool = option(
        False, label=N_("Bombs after a pass"),
        help=N_("a player who passed may still play a bomb on 2s, or a bigger bomb on a bomb"))
    twos_in_double_sequences: bool = option(
        False, label=N_("2s in double sequences"), common=True,
        help=N_("pairs of 2s may end a double sequence after the aces (… K K A A 2 2); it stays a double sequence of "
                "as many pairs (a bomb that chops as usual); single sequences never contain a 2"))
    instant_wins: bool = option(
        False, label=N_("Instant wins"), common=True,
        help=N_("four 2s, a dragon (3 to A), six pairs or five consecutive pairs win at once when dealt"))
    finish: Finish = option(
        Finish.ORDER, label=N_("End of the game"), common=True,
        help=N_("'order': play on to fix every place; 'first': the game ends when the first player goes out"))
    scoring: Scoring = option(
        Scoring.PLACES, label=N_("Match points"), common=True,
        help=N_("'places': places score 3/2/1/0 (n-1 … 0); 'cards': each loser pays 1 per card left to the winner"))
    match_games: int = option(
        5, label=N_("Games in a match"), low=1, high=100, common=True,
        help=N_("a match (a whole game at the Table) is this many games, each later one led by the previous winner; "
                "the most points wins"))
    match_target: int | None = option(
        None, label=N_("Points target"), low=1, high=500, common=True,
        help=N_("instead of a number of games: the match ends when a player reaches this many points and is alone in "
                "the lead"))

    def __post_init__(self) -> None:
        # The coercer checks values given as options; this guards Rules(...) built in code.
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise InvalidRequestError(f"players must be 2, 3 or 4 (13 cards each from one deck), not {self.players!r}")


PRESETS: dict[str, Preset[Rules]] = {
    "seed": Preset("seed", N_("the Thirteen app's rules"),
                   N_("2s are chopped only as the app's list of bombs says, and a pass locks you out until the table "
                      "clears"), Rules()),
    "pagat": Preset("pagat", N_("the common Tiến lên rules"),
                    N_("the bomb ladder (3 pairs in a row < four of a kind < 4 pairs in a row), and bombs on 2s may be "
                       "played even after a pass"), Rules(bomb_ladder=True, chop_after_pass=True)),
}

NOTES: tuple[Note, ...] = (
    Note(N_("the number of players"),
         N_("Four players, 13 cards each: a common rule, not in these rules, which do not fix the number. With two or"
            " three players the rest of the deck is set aside."), "players"),
    Note(N_("the first lead"),
         N_("The holder of the lowest card dealt (3♠ with four players) leads the first game, and that play must "
            "contain it: a common rule, not in these rules. A later game of a match is led by the previous winner, "
            "freely."), "first_lead_must_contain_lowest"),
    Note(N_("who leads after a player goes out"),
         N_("When everyone else passes on the last play, its player leads; if that player has just gone out, the next"
            " player still in (in playing order) leads: a common rule, not in these rules, and one that every table "
            "plays alike, so it is not an option.")),
    Note(N_("2s in double sequences"),
         N_("2s never go in a sequence, and by default not in a double sequence either: a common rule, not in these "
            "rules. With the option, a double sequence that ends in pairs of 2s is a double sequence of as many pairs"
            " in every respect: a bomb that chops what any double sequence of as many pairs chops."),
         "twos_in_double_sequences"),
    Note(N_("bombs against bombs of another kind"),
         N_("These rules list only the bombs that chop 2s, and bombs beating bombs of the same kind and length: no "
            "bomb beats a bomb of another kind. The bomb ladder (a four of a kind beats a double sequence of 3 pairs;"
            " a double sequence of 4 pairs beats both, and a single 2) is a common rule, not in these rules: an "
            "option, on in the common Tiến lên rules."), "bomb_ladder"),
    Note(N_("the end of a game"),
         N_("Play goes on after the first player is out, to fix every place: a common rule, not in these rules."),
         "finish"),
    Note(N_("points for a match"),
         N_("Places score 3/2/1/0, n-1 … 0 points: a common rule, not in these rules. The loser-pays-per-card scheme "
            "is an option."), "scoring"),
    Note(N_("the length of a match"),
         N_("A match is five games, the most points winning, and a tie is shared: a common rule, not in these rules."),
         "match_games"),
    Note(N_("a points target"),
         N_("Instead of a number of games, a match may be played to a points target: it ends after the game in which "
            "a player reaches the target alone in the lead (a tie at the top plays on)."), "match_target"),
    Note(N_("instant wins"),
         N_("Four 2s, a dragon (3 to A), six pairs or five consecutive pairs win at once when dealt only with the "
            "option, a common rule, not in these rules; off by default."), "instant_wins"),
)

SEAT_LETTERS: Mapping[int, tuple[str, ...]] = {2: ("N", "S"), 3: ("N", "E", "W"), 4: ("N", "E", "S", "W")}
"""The seats by number of players, in playing order (clockwise)."""


def seat_letters(players: int) -> tuple[str, ...]:
    """The seats' letters in playing order."""
    return SEAT_LETTERS[players]


def seat_names(players: int) -> tuple[str, ...]:
    """The seats' names in playing order, in the current language: North, East, South, West."""
    return tuple(seat_name(letter) for letter in SEAT_LETTERS[players])


def option_label(name: str) -> str:
    """The learner-facing label of option ``name`` ("Bomb ladder"), in English: the catalogs translate it where it is
    shown (``gettext``, or :func:`engine.words.option_named`)."""
    return contract.option_label(Rules, name)


def default_note(name: str) -> str:
    """How a reason says that the rule of option ``name`` is a default these rules do not give: "a common rule,
    not in these rules; the option “Bomb ladder” changes it" (:func:`engine.contract.default_note`)."""
    return contract.default_note(Rules, name)


def make_rules(preset: str | None = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` (``seed`` when None) with ``options`` (option name → value) applied.

    Raises UnknownNameError for an unknown preset or option, InvalidRequestError for a bad value.
    """
    return contract.make_rules(PRESETS, preset, options)
