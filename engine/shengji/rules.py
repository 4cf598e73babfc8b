"""Shengji rule options and the two named presets (``competition`` from seed 000, ``tractor`` from seed 001).

Every option of the rules digest is a field of :class:`Rules`; a preset is a ``Rules`` value and
``rules_for(preset, overrides)`` applies option overrides by field name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.base import describe_rules, rules_from_preset
from engine.cards import PLAIN_RANKS, Rank
from engine.errors import InvalidPositionError, InvalidRequestError, UnknownNameError

SEATS: tuple[str, ...] = ("N", "W", "S", "E")
"""Seats in the default turn order (counter-clockwise: the draw, declaring and play go N → W → S → E).

Everywhere in the engine a seat is an index into the round's turn order, ``rules.seats``: index + 1 is the
next player, index + 2 the partner. Clockwise rules (``turn_order``) name index 1 East and index 3 West.
"""

TEAMS: tuple[str, str] = ("NS", "WE")
"""Team 0 is North-South (seats 0 and 2), team 1 West-East (seats 1 and 3), in either turn order."""

RANKS: tuple[Rank, ...] = PLAIN_RANKS
"""The levels a team climbs, 2 up to A."""


class TurnOrder(Enum):
    """Which way the draw, declaring and play go round the table. Partners sit opposite either way."""

    COUNTER_CLOCKWISE = "counter-clockwise"  # seed 001 (and seed 000's following order): N → W → S → E
    CLOCKWISE = "clockwise"  # N → E → S → W, as in most Western card games

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats in this turn order, starting from North."""
        return SEATS if self is TurnOrder.COUNTER_CLOCKWISE else ("N", "E", "S", "W")


class FailedThrowPart(Enum):
    """Which part of a failed throw the thrower must lead.

    The seeds settle only the case of parts of *different* kinds failing: seed 000's Q44, where a higher
    single and a higher pair are both out, lets the next player choose between the Q and the 44. For several
    failing parts of the *same* kind (two singles, say) the seeds are silent; the digest's default is the
    smallest of them, which is also what the open-source Shengji programs we read enforce. The alternative extends seed
    000's own rule to every failing part: the next player (an opponent of the thrower) picks any one of them.
    We found no written rule set that chooses otherwise (the largest part, or the thrower's choice).
    """

    SMALLEST = "smallest"  # the smallest failing part of each kind; kinds differ → the next player chooses
    NEXT_PLAYER_CHOOSES = "next_player_chooses"  # the next player chooses among all the failing parts


class NoTrumpTrumps(Enum):
    """What is trump in a no-trump round (declared with a pair of jokers)."""

    JOKERS_AND_RANK = "jokers_and_rank"  # competition: jokers and every rank-R card
    JOKERS_ONLY = "jokers_only"  # tractor: only the jokers; no trump rank that round


class DeclareOrder(Enum):
    """How declarations compare when one tries to override another."""

    COUNT_THEN_KIND = "count_then_kind"  # competition: more identical cards win; rank < small joker < big joker
    TRACTOR = "tractor"  # seed 001: single < pair of rank cards < pair of jokers (either colour); jokers final


class NoDeclaration(Enum):
    """What happens in a later round when nobody declares (the first round is always redealt)."""

    TURN_KITTY = "turn_kitty"  # turn the kitty until a trump-rank card shows; else the highest card's suit
    FIRST_KITTY_CARD = "first_kitty_card"  # the first non-joker kitty card turned names the suit
    REDEAL = "redeal"  # throw the cards in and deal again


class TripleFollow(Enum):
    """Where a tractor of pairs ranks when following a tractor of triples (seed 000 and its variants)."""

    STANDARD = "standard"  # triples first: two triples > triple + pair + single > … > pair tractor + 2 singles
    PAIR_TRACTOR_OVER_TRIPLE_PAIR = "pair_tractor_over_triple_pair"  # pair tractor + 2 singles above triple+pair+1
    PAIR_TRACTOR_OVER_TWO_TRIPLES = "pair_tractor_over_two_triples"  # … and even above two triples


class KittyMultiplier(Enum):
    """How the kitty's points are multiplied when the attackers win the last trick."""

    DOUBLE = "double"  # competition: × 2
    TWICE_CARDS = "twice_cards"  # tractor: × 2 × cards per player in the last trick
    POWER_OF_TWO = "power_of_two"  # common variant: × 2^k, k = cards in the largest combination of the last lead


KITTY_SIZES: dict[int, int] = {1: 6, 2: 8, 3: 6, 4: 8}
"""Kitty size by number of decks (the digest's table)."""


@dataclass(frozen=True)
class Rules:
    """All options of a Shengji game. Defaults are the competition preset with two decks.

    Both presets play counter-clockwise (``turn_order``) and make a failed throw lead its smallest failing part
    of each kind (``failed_throw_part``); the alternatives are clockwise play and the next player choosing among
    every failing part — the only alternative we found for that case (see :class:`FailedThrowPart`).
    """

    decks: int = 2
    turn_order: TurnOrder = TurnOrder.COUNTER_CLOCKWISE
    trump_rank_start: Rank = Rank.TWO
    no_trump_trumps: NoTrumpTrumps = NoTrumpTrumps.JOKERS_AND_RANK
    declare_order: DeclareOrder = DeclareOrder.COUNT_THEN_KIND
    no_declaration: NoDeclaration = NoDeclaration.FIRST_KITTY_CARD
    follow_tractor_with_tractor: bool = True
    triple_follow: TripleFollow = TripleFollow.STANDARD
    throws_allowed: bool = True
    throw_penalty_per_card: int = 0
    failed_throw_part: FailedThrowPart = FailedThrowPart.SMALLEST
    kitty_multiplier: KittyMultiplier = KittyMultiplier.DOUBLE
    kitty_size: int | None = None  # None: the digest's table (6, 8, 6, 8 for 1–4 decks)
    bury_points_allowed: bool = True
    threshold: int | None = None  # None: 40 × decks (80 with two decks)
    band: int | None = None  # None: threshold / 2
    game_end_rank: Rank = Rank.ACE
    stop_ranks: tuple[Rank, ...] = ()  # levels a team may not jump over (off by default)

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or not 1 <= self.decks <= 4:
            raise InvalidPositionError(f"the number of decks must be 1 to 4, not {self.decks!r}")
        if self.trump_rank_start.is_joker or self.game_end_rank.is_joker:
            raise InvalidPositionError("levels are the ranks 2 to A")
        if self.throw_penalty_per_card < 0:
            raise InvalidPositionError("the throw penalty per card cannot be negative")
        kitty = self.kitty
        if kitty < 0 or (54 * self.decks - kitty) % 4 or kitty >= 54 * self.decks:
            raise InvalidPositionError(
                f"a kitty of {kitty} cards does not leave four equal hands from {54 * self.decks} cards"
            )
        if self.threshold is not None and self.threshold <= 0:
            raise InvalidPositionError(f"the threshold must be positive, not {self.threshold}")
        if self.band is not None and self.band <= 0:
            raise InvalidPositionError(f"the band width must be positive, not {self.band}")

    # --- seats ---------------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """Seat names by seat index, in turn order from North (N W S E, or N E S W when clockwise)."""
        return self.turn_order.seats

    def seat_index(self, name: str, field: str = "seat") -> int:
        """The index of the seat called ``name`` (N, W, S, E, any case); InvalidRequestError naming ``field``."""
        key = name.strip().upper() if isinstance(name, str) else name
        if key not in self.seats:
            raise InvalidRequestError(f"field {field!r}: {name!r} is not a seat (N, W, S, E)")
        return self.seats.index(key)

    # --- derived sizes -------------------------------------------------------------------------
    @property
    def kitty(self) -> int:
        """Cards in the kitty."""
        return KITTY_SIZES[self.decks] if self.kitty_size is None else self.kitty_size

    @property
    def hand_size(self) -> int:
        """Cards each player draws."""
        return (54 * self.decks - self.kitty) // 4

    @property
    def total_points(self) -> int:
        return 100 * self.decks

    @property
    def attack_threshold(self) -> int:
        """Attackers' points needed to take the bank (80 with two decks)."""
        return 40 * self.decks if self.threshold is None else self.threshold

    @property
    def band_width(self) -> int:
        """Width of each band of the level table (threshold / 2 by default)."""
        return self.attack_threshold // 2 if self.band is None else self.band

    @property
    def max_width(self) -> int:
        """Largest set of identical cards that is one combination: 1 (one deck), 2 (pairs), 3 (triples)."""
        return min(self.decks, 3)

    @property
    def rank_in_no_trump(self) -> bool:
        """Whether rank cards stay trump in a no-trump round."""
        return self.no_trump_trumps is NoTrumpTrumps.JOKERS_AND_RANK


_COMPETITION = Rules()
_TRACTOR = Rules(
    no_trump_trumps=NoTrumpTrumps.JOKERS_ONLY,
    declare_order=DeclareOrder.TRACTOR,
    no_declaration=NoDeclaration.TURN_KITTY,
    follow_tractor_with_tractor=False,
    throw_penalty_per_card=10,
    kitty_multiplier=KittyMultiplier.TWICE_CARDS,
)

PRESETS: dict[str, Rules] = {"competition": _COMPETITION, "tractor": _TRACTOR}
PRESET_DESCRIPTIONS: dict[str, str] = {
    "competition": "Chinese competition rules (seed 000): tractors must follow tractors, kitty ×2, "
    "no-trump keeps the rank cards as trump",
    "tractor": "Tractor house rules (seed 001): follow with as many pairs as possible, kitty × 2 × cards, "
    "10 points per card of a failed throw, no-trump = jokers only",
}

_ENUMS: dict[str, type[Enum]] = {
    "turn_order": TurnOrder,
    "failed_throw_part": FailedThrowPart,
    "no_trump_trumps": NoTrumpTrumps,
    "declare_order": DeclareOrder,
    "no_declaration": NoDeclaration,
    "triple_follow": TripleFollow,
    "kitty_multiplier": KittyMultiplier,
}
_RANK_FIELDS = ("trump_rank_start", "game_end_rank")
_INT_FIELDS = ("decks", "throw_penalty_per_card", "kitty_size", "threshold", "band")
_BOOL_FIELDS = ("follow_tractor_with_tractor", "throws_allowed", "bury_points_allowed")


_ALIASES: dict[str, dict[str, str]] = {
    "turn_order": {"counterclockwise": "counter-clockwise", "anticlockwise": "counter-clockwise",
                   "anti-clockwise": "counter-clockwise", "ccw": "counter-clockwise", "cw": "clockwise"},
}


def _convert(name: str, value: Any) -> Any:
    """A JSON option value as the field's type; raises InvalidRequestError naming the option."""
    if name in _ALIASES and isinstance(value, str):
        value = _ALIASES[name].get(value.strip().lower(), value)
    if name in _ENUMS:
        enum = _ENUMS[name]
        if isinstance(value, enum):
            return value
        try:
            return enum(value)
        except ValueError:
            raise InvalidRequestError(
                f"option {name!r}: {value!r} is not one of {', '.join(str(m.value) for m in enum)}"
            ) from None
    if name in _RANK_FIELDS:
        return value if isinstance(value, Rank) else parse_level(str(value))
    if name == "stop_ranks":
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, list | tuple):
            raise InvalidRequestError(f"option 'stop_ranks': expected a list of ranks, got {value!r}")
        return tuple(v if isinstance(v, Rank) else parse_level(str(v)) for v in value)
    if name in _INT_FIELDS:
        if value is None and name not in ("decks", "throw_penalty_per_card"):
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRequestError(f"option {name!r}: expected a whole number, got {value!r}")
        return value
    if name in _BOOL_FIELDS:
        if not isinstance(value, bool):
            raise InvalidRequestError(f"option {name!r}: expected true or false, got {value!r}")
        return value
    return value


def parse_level(text: str) -> Rank:
    """A level / trump rank (2–10, J, Q, K, A); raises InvalidNotationError or InvalidPositionError."""
    rank = Rank.parse(text)
    if rank.is_joker:
        raise InvalidPositionError(f"{text!r} is not a level: levels and trump ranks are 2 to A")
    return rank


def rules_for(preset: str = "competition", overrides: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` with option overrides (JSON values accepted: "double", "A", 3 …)."""
    if preset not in PRESETS:
        raise UnknownNameError("preset", preset, PRESETS)
    converted = {k: _convert(k, v) for k, v in (overrides or {}).items()}
    return rules_from_preset(PRESETS, preset, converted)


def options_of(rules: Rules) -> dict[str, Any]:
    """The options as JSON-friendly values (enums by value, ranks as text)."""
    out = describe_rules(rules)
    for name in _RANK_FIELDS:
        out[name] = getattr(rules, name).text
    out["stop_ranks"] = [r.text for r in rules.stop_ranks]
    return out


def differences(a: Rules, b: Rules) -> dict[str, tuple[Any, Any]]:
    """Option name → (value in ``a``, value in ``b``) for every option that differs."""
    oa, ob = options_of(a), options_of(b)
    return {f.name: (oa[f.name], ob[f.name]) for f in dataclasses.fields(Rules) if oa[f.name] != ob[f.name]}
