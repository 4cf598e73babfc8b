"""Shengji rule options, the two named presets, and the rules the sources leave open.

Every option of the rules digest is a field of :class:`Rules`, declared once with its label and help
(:func:`engine.contract.option`); a preset is a :class:`~engine.contract.Preset` holding a ``Rules`` value.
``make_rules(preset, options)`` applies options by name (JSON values accepted: ``"double"``, ``"A"``, ``3`` …)
with the same messages as every other game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.cards import PLAIN_RANKS, Rank
from engine.contract import Note, Preset, option, rules_json
from engine.contract import make_rules as _make_rules
from engine.errors import InvalidRequestError

__all__ = [
    "KITTY_SIZES",
    "NOTES",
    "PRESETS",
    "RANKS",
    "SEATS",
    "TEAMS",
    "DeclareOrder",
    "FailedThrowPart",
    "KittyMultiplier",
    "NoDeclaration",
    "NoTrumpTrumps",
    "Rules",
    "TripleFollow",
    "TurnOrder",
    "differences",
    "make_rules",
    "parse_level",
    "value_text",
]

SEATS: tuple[str, ...] = ("N", "W", "S", "E")
"""Seat letters in the default turn order (counter-clockwise: the draw, declaring and play go N → W → S → E).

Everywhere in the engine a seat is an index into the hand's turn order, ``rules.seats``: index + 1 is the
next player, index + 2 the partner. Clockwise rules (``turn_order``) name index 1 East and index 3 West.
"""

TEAMS: tuple[str, str] = ("NS", "WE")
"""Team 0 is North-South (seats 0 and 2), team 1 West-East (seats 1 and 3), in either turn order."""

RANKS: tuple[Rank, ...] = PLAIN_RANKS
"""The levels a team climbs, 2 up to A."""


class TurnOrder(Enum):
    """Which way the draw, declaring and play go round the table. Partners sit opposite either way."""

    COUNTER_CLOCKWISE = "counter-clockwise"  # both seeds: N → W → S → E
    CLOCKWISE = "clockwise"  # N → E → S → W, as in most Western card games

    @property
    def seats(self) -> tuple[str, ...]:
        """The seat letters in this turn order, starting from North."""
        return SEATS if self is TurnOrder.COUNTER_CLOCKWISE else ("N", "E", "S", "W")

    @property
    def label(self) -> str:
        return "counter-clockwise: N → W → S → E" if self is TurnOrder.COUNTER_CLOCKWISE else \
            "clockwise: N → E → S → W"


class FailedThrowPart(Enum):
    """Which part of a failed throw the thrower must lead.

    The seeds settle only the case of parts of *different* kinds failing: seed 000's Q44, where a higher
    single and a higher pair are both out, lets the next player choose between the Q and the 44. For several
    failing parts of the *same* kind (two singles, say) the seeds are silent; the digest's default is the
    smallest of them, which is also what the open-source Shengji programs we read enforce. The alternative
    extends seed 000's own rule to every failing part: the next player (an opponent of the thrower) picks any
    one of them. We found no written rule set that chooses otherwise (the largest part, or the thrower's choice).
    """

    SMALLEST = "smallest"  # the smallest failing part of each kind; kinds differ → the next player chooses
    NEXT_PLAYER_CHOOSES = "next_player_chooses"  # the next player chooses among all the failing parts

    @property
    def label(self) -> str:
        return "the smallest failing part" if self is FailedThrowPart.SMALLEST else \
            "a failing part the next player chooses"


class NoTrumpTrumps(Enum):
    """What is trump in a no-trump round (declared with a pair of jokers)."""

    JOKERS_AND_RANK = "jokers_and_rank"  # competition: jokers and every rank-R card
    JOKERS_ONLY = "jokers_only"  # tractor: only the jokers; no trump rank that round

    @property
    def label(self) -> str:
        return "the jokers and the rank cards" if self is NoTrumpTrumps.JOKERS_AND_RANK else "the jokers only"


class DeclareOrder(Enum):
    """How declarations compare when one tries to override another."""

    COUNT_THEN_KIND = "count_then_kind"  # competition: more identical cards win; rank < small joker < big joker
    TRACTOR = "tractor"  # seed 001: single < pair of rank cards < pair of jokers (either colour); jokers final

    @property
    def label(self) -> str:
        if self is DeclareOrder.COUNT_THEN_KIND:
            return "more cards win; at equal count rank cards < small jokers < big jokers"
        return "a single < a pair of rank cards < a pair of jokers, which is final"


class NoDeclaration(Enum):
    """What happens in a later round when nobody declares (the first round is always redealt)."""

    TURN_KITTY = "turn_kitty"  # turn the kitty until a trump-rank card shows; else the highest card's suit
    FIRST_KITTY_CARD = "first_kitty_card"  # the first non-joker kitty card turned names the suit
    REDEAL = "redeal"  # throw the cards in and deal again

    @property
    def label(self) -> str:
        return {NoDeclaration.TURN_KITTY: "turn the kitty until a trump-rank card shows",
                NoDeclaration.FIRST_KITTY_CARD: "the first kitty card turned names the suit",
                NoDeclaration.REDEAL: "deal again"}[self]


class TripleFollow(Enum):
    """Where a tractor of pairs ranks when following a tractor of triples (seed 000 and its variants)."""

    STANDARD = "standard"  # triples first: two triples > triple + pair + single > … > pair tractor + 2 singles
    PAIR_TRACTOR_OVER_TRIPLE_PAIR = "pair_tractor_over_triple_pair"  # pair tractor + 2 singles above triple+pair+1
    PAIR_TRACTOR_OVER_TWO_TRIPLES = "pair_tractor_over_two_triples"  # … and even above two triples

    @property
    def label(self) -> str:
        return {TripleFollow.STANDARD: "triples first",
                TripleFollow.PAIR_TRACTOR_OVER_TRIPLE_PAIR: "a tractor of pairs above a triple + a pair",
                TripleFollow.PAIR_TRACTOR_OVER_TWO_TRIPLES: "a tractor of pairs above two triples"}[self]


class KittyMultiplier(Enum):
    """How the kitty's points are multiplied when the attackers win the last trick."""

    DOUBLE = "double"  # competition: × 2
    TWICE_CARDS = "twice_cards"  # tractor: × 2 × cards per player in the last trick
    POWER_OF_TWO = "power_of_two"  # common variant: × 2^k, k = cards in the largest combination of the last lead

    @property
    def label(self) -> str:
        return {KittyMultiplier.DOUBLE: "× 2",
                KittyMultiplier.TWICE_CARDS: "× 2 × the cards each player played to the last trick",
                KittyMultiplier.POWER_OF_TWO: "× 2^k, k the size of the last lead's largest combination"}[self]


KITTY_SIZES: dict[int, int] = {1: 6, 2: 8, 3: 6, 4: 8}
"""Kitty size by number of decks (the digest's table)."""


@dataclass(frozen=True)
class Rules:
    """All options of a Shengji game. Defaults are the competition preset with two decks."""

    decks: int = option(2, label="Decks", low=1, high=4,
                        help="How many 54-card decks are shuffled together: 1 (single cards only), 2 (the standard "
                             "game: pairs and tractors), 3 or 4 (triples too).")
    turn_order: TurnOrder = option(TurnOrder.COUNTER_CLOCKWISE, label="Turn order", common=True,
                                   help="Which way the draw, declaring and play go round the table: "
                                        "counter-clockwise (N → W → S → E) or clockwise (N → E → S → W). Partners "
                                        "sit opposite either way.")
    trump_rank_start: Rank = option(Rank.TWO, label="Starting level",
                                    help="The level both teams start at, and so the first round's trump rank.")
    no_trump_trumps: NoTrumpTrumps = option(NoTrumpTrumps.JOKERS_AND_RANK, label="Trumps in a no-trump round",
                                            help="In a round declared with a pair of jokers: the jokers and every "
                                                 "card of the trump rank are trumps, or only the jokers.")
    declare_order: DeclareOrder = option(DeclareOrder.COUNT_THEN_KIND, label="Declaration strength order",
                                         help="Which declaration overrides which: more identical cards win (rank "
                                              "cards < small jokers < big jokers at equal count), or a single is "
                                              "overridden by a pair and a pair of jokers is final.")
    no_declaration: NoDeclaration = option(NoDeclaration.FIRST_KITTY_CARD, label="Nobody declares (later rounds)",
                                           help="When nobody declares in a later round: the first kitty card turned "
                                                "names the trump suit, the kitty is turned until a trump-rank card "
                                                "shows, or the cards are dealt again. (A first round is always dealt "
                                                "again.)")
    follow_tractor_with_tractor: bool = option(True, label="A tractor must follow a tractor",
                                               help="On: a player holding a tractor of the led suit must play it on "
                                                    "a tractor lead. Off: as many pairs as possible, not necessarily "
                                                    "adjacent.")
    triple_follow: TripleFollow = option(TripleFollow.STANDARD, label="Following a tractor of triples",
                                         help="With three or more decks: where a tractor of pairs ranks when "
                                              "following a tractor of triples — below a triple and a pair, above "
                                              "it, or even above two triples.")
    throws_allowed: bool = option(True, label="Throws allowed",
                                  help="Whether the leader may throw several combinations of one suit at once.")
    throw_penalty_per_card: int = option(0, label="Failed throw: points per card taken back", low=0, high=100,
                                         common=True,
                                         help="Points that go to the other side for each card a failed throw "
                                              "takes back.")
    failed_throw_part: FailedThrowPart = option(FailedThrowPart.SMALLEST, label="A failed throw: the thrower leads",
                                                common=True,
                                                help="When several parts of the same kind fail: the smallest of "
                                                     "them, or a failing part the next player chooses. When parts "
                                                     "of different kinds fail, the next player chooses either way.")
    kitty_multiplier: KittyMultiplier = option(KittyMultiplier.DOUBLE, label="Kitty bonus multiplier",
                                               help="What the kitty's points are multiplied by when the attackers "
                                                    "win the last trick: × 2, × 2 × the cards each player played to "
                                                    "it, or × 2^k (k the size of the last lead's largest "
                                                    "combination).")
    kitty_size: int | None = option(None, label="Kitty size", low=0, high=200, common=True,
                                    help="Cards in the kitty; empty: 6, 8, 6 and 8 for 1 to 4 decks.")
    bury_points_allowed: bool = option(True, label="Point cards may be buried", common=True,
                                       help="Whether the starter may bury 5s, 10s and kings while holding enough "
                                            "other cards.")
    threshold: int | None = option(None, label="Threshold", low=1, high=10_000, common=True,
                                   help="The attackers' points needed to take the bank; empty: 40 per deck (80 "
                                        "with two decks).")
    band: int | None = option(None, label="Band width", low=1, high=10_000, common=True,
                              help="Points per level of the level table; empty: half the threshold.")
    game_end_rank: Rank = option(Rank.ACE, label="Last level",
                                 help="The level a team must play and go past to win the game.")
    stop_ranks: tuple[Rank, ...] = option((), label="Levels that must be played", common=True,
                                          help="Levels a team may not jump over when it goes up several at once "
                                               "(none by default).")

    def __post_init__(self) -> None:
        if self.trump_rank_start.is_joker or self.game_end_rank.is_joker:
            raise InvalidRequestError("levels are the ranks 2 to A")
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or not 1 <= self.decks <= 4:
            raise InvalidRequestError(f"the number of decks must be 1 to 4, not {self.decks!r}")
        kitty = self.kitty
        if kitty < 0 or (54 * self.decks - kitty) % 4 or kitty >= 54 * self.decks:
            raise InvalidRequestError(
                f"a kitty of {kitty} cards does not leave four equal hands from {54 * self.decks} cards"
            )

    # --- seats ---------------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        """Seat letters by seat index, in turn order from North (N W S E, or N E S W when clockwise)."""
        return self.turn_order.seats

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
        return max(1, self.attack_threshold // 2) if self.band is None else self.band

    @property
    def max_width(self) -> int:
        """Largest set of identical cards that is one combination: 1 (one deck), 2 (pairs), 3 (triples)."""
        return min(self.decks, 3)

    @property
    def rank_in_no_trump(self) -> bool:
        """Whether rank cards stay trump in a no-trump round."""
        return self.no_trump_trumps is NoTrumpTrumps.JOKERS_AND_RANK


PRESETS: dict[str, Preset[Rules]] = {
    "competition": Preset(
        "competition", "the Chinese competition rules",
        "A tractor must follow a tractor, the kitty counts double, and a no-trump round keeps the rank cards as "
        "trumps.",
        Rules()),
    "tractor": Preset(
        "tractor", "the Tractor house rules",
        "Follow a tractor with as many pairs as you can, the kitty counts 2 × the cards of the last trick, a "
        "failed throw costs 10 points a card, only the jokers are trumps in a no-trump round, and a pair of "
        "jokers cannot be overridden.",
        Rules(no_trump_trumps=NoTrumpTrumps.JOKERS_ONLY, declare_order=DeclareOrder.TRACTOR,
              no_declaration=NoDeclaration.TURN_KITTY, follow_tractor_with_tractor=False,
              throw_penalty_per_card=10, kitty_multiplier=KittyMultiplier.TWICE_CARDS)),
}

NOTES: tuple[Note, ...] = (
    Note("Turn order", "Both sources play counter-clockwise: the draw, declaring and play go N → W → S → E. "
         "Clockwise tables are an option; partners sit opposite either way.", "turn_order"),
    Note("The first round's starter", "Seed 001 says only that a player of the declarer's team starts; the "
         "declarer starts, the common rule.", None),
    Note("Failed throws of one kind", "When several parts of the same kind fail, the sources are silent: the "
         "thrower leads the smallest of them. When parts of different kinds fail, the next player chooses.",
         "failed_throw_part"),
    Note("The failed-throw penalty", "Seed 000 says a penalty may apply but names none: the competition rules "
         "have none; the Tractor house rules take 10 points per card taken back.", "throw_penalty_per_card"),
    Note("Burying point cards", "Any cards may be buried; some house rules forbid burying points.",
         "bury_points_allowed"),
    Note("The level table", "Seed 000 gives only the thresholds 40 and 80, so the competition rules use seed "
         "001's bands of 40 points (half the threshold). Seed 001 says \"more than 240\" right after a band "
         "ending at 235: 240 itself counts as 4 levels.", "band"),
    Note("Three and four decks", "The threshold is 40 per deck and the bands half of it; the kitty of four decks "
         "holds 8 cards.", "threshold"),
    Note("Levels that must be played", "Levels a team may not jump over are not in the sources: none by "
         "default.", "stop_ranks"),
)


def make_rules(preset: str | None = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of ``preset`` (``competition`` when None) with ``options`` applied (see
    :func:`engine.contract.make_rules`: UnknownNameError for an unknown preset or option, InvalidRequestError for
    a bad value)."""
    return _make_rules(PRESETS, preset, options)


def parse_level(text: str) -> Rank:
    """A level / trump rank (2–10, J, Q, K, A); InvalidNotationError or InvalidRequestError otherwise."""
    rank = Rank.parse(text)
    if rank.is_joker:
        raise InvalidRequestError(f"{text!r} is not a level: levels and trump ranks are 2 to A")
    return rank


def value_text(value: object) -> str:
    """An option's value in words for a learner ("× 2", "the jokers only", "yes", "none")."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    label = getattr(value, "label", None)
    if isinstance(label, str):
        return label
    if isinstance(value, Rank):
        return value.text
    if isinstance(value, tuple):
        return ", ".join(value_text(v) for v in value) or "none"
    if value is None:
        return "the usual"
    return str(value)


def differences(a: Rules, b: Rules) -> dict[str, tuple[Any, Any]]:
    """Option name → (JSON value in ``a``, JSON value in ``b``) for every option that differs."""
    ja, jb = rules_json(a), rules_json(b)
    return {name: (ja[name], jb[name]) for name in ja if ja[name] != jb[name]}
