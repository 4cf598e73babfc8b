"""The rules of Thirteen (Tiến lên) as a frozen set of named options, and the two presets.

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
  order. This is *not* an option. Every rule description we read (Board Game Arena's Tiến Lên help,
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

from engine.base import describe_rules, rules_from_preset
from engine.errors import InvalidRequestError


class Finish(Enum):
    """When a game ends."""

    ORDER = "order"  # play on until every place is fixed (1st … last)
    FIRST = "first"  # the game ends when the first player goes out


class Scoring(Enum):
    """How a finished game scores for a match."""

    PLACES = "places"  # 1st … last score n-1 … 0 points (3/2/1/0 with four players)
    CARDS = "cards"  # when the winner goes out, each other player pays 1 point per card still held


@dataclass(frozen=True)
class Rules:
    """Every option of the game. Build one with :func:`make_rules` (preset + overrides)."""

    players: int = 4
    first_lead_must_contain_lowest: bool = True
    bomb_ladder: bool = False
    chop_after_pass: bool = False
    twos_in_double_sequences: bool = False
    instant_wins: bool = False
    finish: Finish = Finish.ORDER
    scoring: Scoring = Scoring.PLACES

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or not isinstance(self.players, int) or not 2 <= self.players <= 4:
            raise InvalidRequestError(f"players must be 2, 3 or 4 (13 cards each from one deck), not {self.players!r}")
        for name in ("first_lead_must_contain_lowest", "bomb_ladder", "chop_after_pass", "twos_in_double_sequences",
                     "instant_wins"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRequestError(f"option {name!r} must be true or false, not {getattr(self, name)!r}")
        if isinstance(self.finish, str):
            object.__setattr__(self, "finish", _enum(Finish, self.finish, "finish"))
        if isinstance(self.scoring, str):
            object.__setattr__(self, "scoring", _enum(Scoring, self.scoring, "scoring"))
        if not isinstance(self.finish, Finish) or not isinstance(self.scoring, Scoring):
            raise InvalidRequestError("options 'finish' and 'scoring' are names such as \"order\" and \"places\"")


def _enum(kind: type[Enum], value: str, field: str) -> Any:
    try:
        return kind(value)
    except ValueError:
        known = ", ".join(m.value for m in kind)  # type: ignore[attr-defined]
        raise InvalidRequestError(f"option {field!r}: {value!r} is not one of {known}") from None


PRESETS: dict[str, Rules] = {
    "seed": Rules(),
    "pagat": Rules(bomb_ladder=True, chop_after_pass=True),
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "seed": "the seed's rules: 2s chopped only as its bomb list says; a pass locks you out until the table clears",
    "pagat": "common Tiến lên: bomb ladder (3 pairs < four of a kind < 4 pairs) and 2s may be chopped after a pass",
}

OPTION_HELP: dict[str, str] = {
    "players": "2, 3 or 4 players, 13 cards each (the rest of the deck is unused)",
    "first_lead_must_contain_lowest": "the first play of the first game must contain the lowest card dealt (3♠)",
    "bomb_ladder": "a four of a kind also beats a double sequence of 3 pairs, and a double sequence of 4 pairs "
    "beats a four of a kind, a double sequence of 3 pairs and a single 2",
    "chop_after_pass": "a player who passed may still play a bomb on 2s, or a bigger bomb on a bomb",
    "twos_in_double_sequences": "pairs of 2s may end a double sequence after the aces (… K K A A 2 2); it stays a "
    "double sequence of n pairs (a bomb that chops as usual); single sequences never contain a 2",
    "instant_wins": "four 2s, a dragon (3 to A), six pairs or five consecutive pairs win at once when dealt",
    "finish": "'order': play on to fix every place; 'first': the game ends when the first player goes out",
    "scoring": "'places': places score 3/2/1/0 (n-1 … 0); 'cards': each loser pays 1 per card left to the winner",
}


RULE_NOTES: dict[str, str] = {
    "lead_after_going_out": "when everyone else passes on the last play, its player leads; if that player has just "
    "gone out, the next player still in (in playing order) leads. Not an option: every rule description we read "
    "gives the lead to that same player (\"the player to their left\", \"the next player clockwise\", the "
    "Vietnamese \"hưởng sái\")",
    "twos_chop": "a double sequence that ends in 2s (twos_in_double_sequences) is a double sequence of n pairs in "
    "every respect: a bomb that chops what any double sequence of n pairs chops",
}


def summary(rules: Rules) -> list[str]:
    """The rules in a few sentences for people (what the options change)."""
    twos = ("pairs of 2s may end one after the aces (… K K A A 2 2)" if rules.twos_in_double_sequences
            else "2s never take part")
    ladder = ("a four of a kind also beats 3 pairs in sequence, and 4 pairs in sequence beat a four of a kind"
              if rules.bomb_ladder else "bombs beat only 2s and bombs of their own shape")
    return [
        f"{rules.players} players, 13 cards each; the first lead "
        + ("must contain the lowest card dealt" if rules.first_lead_must_contain_lowest else "is free") + ".",
        "Sequences: 3 or more consecutive ranks, never a 2. Double sequences: 3 or more consecutive pairs; "
        f"{twos}.",
        f"Bombs: a four of a kind or 3 pairs in sequence chop a single 2, 4 pairs a pair of 2s, 5 pairs three 2s; "
        f"{ladder}.",
        "A pass locks you out until the table clears"
        + ("; a bomb on 2s may still be played after a pass." if rules.chop_after_pass else "."),
        "If the last player to play has just gone out, the next player still in leads.",
    ]


def make_rules(preset: str = "seed", options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` with ``options`` (option name → value) applied.

    Raises UnknownNameError for an unknown preset or option, InvalidRequestError for a bad value.
    """
    return rules_from_preset(PRESETS, preset, options)


def rules_json(rules: Rules) -> dict[str, Any]:
    """The options as plain JSON values."""
    return describe_rules(rules)
