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

from engine import contract
from engine.cards import PLAIN_RANKS, Rank, Suit
from engine.contract import Note, Preset, option, rules_json
from engine.contract import make_rules as _make_rules
from engine.errors import InvalidRequestError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.words import option_changes

__all__ = [
    "KITTY_SIZES",
    "NOTES",
    "PRESETS",
    "RANKS",
    "SEATS",
    "TEAMS",
    "DeclareOrder",
    "FailedThrowPart",
    "BelowZero",
    "FixedTrump",
    "KittyMultiplier",
    "LongTractorFollow",
    "NoDeclaration",
    "NoTrumpTrumps",
    "Rules",
    "TripleFollow",
    "TurnOrder",
    "default_note",
    "differences",
    "is_default",
    "make_rules",
    "nearest_preset",
    "option_note",
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
        return _("counter-clockwise: N → W → S → E") if self is TurnOrder.COUNTER_CLOCKWISE else \
            _("clockwise: N → E → S → W")


class FailedThrowPart(Enum):
    """Which part of a failed throw the thrower must lead.

    The seeds settle only the case of parts of *different* kinds failing: seed 000's Q44, where a higher
    single and a higher pair are both out, lets the next player choose between the Q and the 44. For several
    failing parts of the *same* kind (two singles, say) the seeds are silent; the digest's default is the
    smallest of them, which is also what the open-source Shengji programs consulted enforce. The alternative
    extends seed 000's own rule to every failing part: the next player (an opponent of the thrower) picks any
    one of them. We found no written rule set that chooses otherwise (the largest part, or the thrower's choice).
    """

    SMALLEST = "smallest"  # the smallest failing part of each kind; kinds differ → the next player chooses
    NEXT_PLAYER_CHOOSES = "next_player_chooses"  # the next player chooses among all the failing parts

    @property
    def label(self) -> str:
        return _("the smallest failing part") if self is FailedThrowPart.SMALLEST else \
            _("a failing part the next player chooses")


class NoTrumpTrumps(Enum):
    """What is trump in a no-trump round (declared with a pair of jokers)."""

    JOKERS_AND_RANK = "jokers_and_rank"  # competition: jokers and every rank-R card
    JOKERS_ONLY = "jokers_only"  # tractor: only the jokers; no trump rank that round

    @property
    def label(self) -> str:
        return _("the jokers and the rank cards") if self is NoTrumpTrumps.JOKERS_AND_RANK else _("the jokers only")


class DeclareOrder(Enum):
    """How declarations compare when one tries to override another."""

    COUNT_THEN_KIND = "count_then_kind"  # competition: more identical cards win; rank < small joker < big joker
    TRACTOR = "tractor"  # seed 001: single < pair of rank cards < pair of jokers (either colour); jokers final

    @property
    def label(self) -> str:
        if self is DeclareOrder.COUNT_THEN_KIND:
            return _("more cards win; at equal count rank cards < small jokers < big jokers")
        return _("a single < a pair of rank cards < a pair of jokers, which is final")


class NoDeclaration(Enum):
    """What happens in a later round when nobody declares (the first round is always redealt)."""

    TURN_KITTY = "turn_kitty"  # turn the kitty until a trump-rank card shows; else the highest card's suit
    FIRST_KITTY_CARD = "first_kitty_card"  # the first non-joker kitty card turned names the suit
    REDEAL = "redeal"  # throw the cards in and deal again
    PARTNER_NAMES = "partner_names"  # the starter's partner names the trump suit (fixed-dealer play)

    @property
    def label(self) -> str:
        return {NoDeclaration.TURN_KITTY: _("turn the kitty until a trump-rank card shows"),
                NoDeclaration.FIRST_KITTY_CARD: _("the first kitty card turned names the suit"),
                NoDeclaration.REDEAL: _("deal again"),
                NoDeclaration.PARTNER_NAMES: _("the starter's partner names the trump suit")}[self]


class TripleFollow(Enum):
    """Where a tractor of pairs ranks when following a tractor of triples (seed 000 and its variants)."""

    STANDARD = "standard"  # triples first: two triples > triple + pair + single > … > pair tractor + 2 singles
    PAIR_TRACTOR_OVER_TRIPLE_PAIR = "pair_tractor_over_triple_pair"  # pair tractor + 2 singles above triple+pair+1
    PAIR_TRACTOR_OVER_TWO_TRIPLES = "pair_tractor_over_two_triples"  # … and even above two triples

    @property
    def label(self) -> str:
        return {TripleFollow.STANDARD: _("triples first"),
                TripleFollow.PAIR_TRACTOR_OVER_TRIPLE_PAIR: _("a tractor of pairs above a triple + a pair"),
                TripleFollow.PAIR_TRACTOR_OVER_TWO_TRIPLES: _("a tractor of pairs above two triples")}[self]


class KittyMultiplier(Enum):
    """How the kitty's points are multiplied when the attackers win the last trick."""

    DOUBLE = "double"  # competition: × 2
    TWICE_CARDS = "twice_cards"  # tractor: × 2 × cards per player in the last trick
    POWER_OF_TWO = "power_of_two"  # common variant: × 2^k, k = cards in the largest combination of the last lead

    @property
    def label(self) -> str:
        return {KittyMultiplier.DOUBLE: _("× 2"),
                KittyMultiplier.TWICE_CARDS: _("× 2 × the cards each player played to the last trick"),
                KittyMultiplier.POWER_OF_TWO: _("× 2^k, k the size of the last lead's largest combination")}[self]


class LongTractorFollow(Enum):
    """What a follower falls back to on a lead of a tractor of three or more pairs (the seeds list the rungs for
    two pairs and say "the same principle" for longer ones)."""

    LISTED = "listed"  # the listed rungs: the tractor, then as many separate pairs as possible, then singles
    SHORTER_TRACTORS = "shorter_tractors"  # shorter tractors inside the long one rank above separate pairs

    @property
    def label(self) -> str:
        return _("the tractor, then separate pairs") if self is LongTractorFollow.LISTED else \
            _("the tractor, then shorter tractors, then separate pairs")


class BelowZero(Enum):
    """The level table for an attackers' total below zero (failed throws can take points from them)."""

    AS_ZERO = "as_zero"  # counts as no points: the bankers go up three levels
    EXTENDED = "extended"  # the table goes on below zero: one more level for every further band

    @property
    def label(self) -> str:
        return _("counts as no points: the bankers go up three levels") if self is BelowZero.AS_ZERO else \
            _("one more level for the bankers for every further band below zero")


class FixedTrump(Enum):
    """Whether the trump suit is declared while drawing, or fixed before the deal (no declaring at all)."""

    DECLARED = "declared"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def suit(self) -> Suit | None:
        return None if self is FixedTrump.DECLARED else Suit(self.value)

    @property
    def label(self) -> str:
        suit = self.suit
        if suit is None:
            return _("declared while drawing")
        return _("{suit}, fixed before the deal").format(suit=suit.symbol)


KITTY_SIZES: dict[int, int] = {1: 6, 2: 8, 3: 6, 4: 8}
"""Kitty size by number of decks (the digest's table)."""


@dataclass(frozen=True)
class Rules:
    """All options of a Shengji game. Defaults are the competition preset with two decks."""

    decks: int = option(2, label=N_("Decks"), low=1, high=4,
                        help=N_("How many 54-card decks are shuffled together: 1 (single cards only), 2 (the standard "
                             "game: pairs and tractors), 3 or 4 (triples too)."))
    turn_order: TurnOrder = option(TurnOrder.COUNTER_CLOCKWISE, label=N_("Turn order"), common=True,
                                   help=N_("Which way the draw, declaring and play go round the table: "
                                        "counter-clockwise (N → W → S → E) or clockwise (N → E → S → W). Partners "
                                        "sit opposite either way."))
    trump_rank_start: Rank = option(Rank.TWO, label=N_("Starting level"),
                                    help=N_("The level both teams start at, and so the first round's trump rank."))
    no_trump_trumps: NoTrumpTrumps = option(NoTrumpTrumps.JOKERS_AND_RANK, label=N_("Trumps in a no-trump round"),
                                            help=N_("In a round declared with a pair of jokers: the jokers and every "
                                                 "card of the trump rank are trumps, or only the jokers."))
    declare_order: DeclareOrder = option(DeclareOrder.COUNT_THEN_KIND, label=N_("Declaration strength order"),
                                         help=N_("Which declaration overrides which: more identical cards win (rank "
                                              "cards < small jokers < big jokers at equal count), or a single is "
                                              "overridden by a pair and a pair of jokers is final."))
    no_declaration: NoDeclaration = option(NoDeclaration.FIRST_KITTY_CARD, label=N_("Nobody declares (later rounds)"),
                                           help=N_("When nobody declares in a later round: the first kitty card turned "
                                                "names the trump suit, the kitty is turned until a trump-rank card "
                                                "shows, the cards are dealt again, or the starter's partner names "
                                                "the trump suit. (A first round is always dealt again.)"))
    no_trump_declarations: bool = option(True, label=N_("Jokers may declare no trump"),
                                         help=N_("On: a pair of identical jokers declares a no-trump round. Off: "
                                              "jokers never declare (some rules forbid no-trump rounds)."))
    fixed_trump: FixedTrump = option(FixedTrump.DECLARED, label=N_("Trump suit"),
                                     help=N_("Declared while the cards are drawn, or one suit fixed before the deal "
                                          "(then nobody declares, and the first player to draw starts the first "
                                          "round)."))
    follow_tractor_with_tractor: bool = option(True, label=N_("A tractor must follow a tractor"),
                                               help=N_("On: a player holding a tractor of the led suit must play it on "
                                                    "a tractor lead. Off: as many pairs as possible, not necessarily "
                                                    "adjacent."))
    long_tractor_follow: LongTractorFollow = option(
        LongTractorFollow.LISTED, label=N_("Following a tractor of three or more pairs"),
        help=N_("A follower who cannot match a long tractor of pairs: plays as many separate pairs as possible (the "
             "rungs the rules list for two pairs, applied to longer ones), or first a shorter tractor inside it."))
    triple_follow: TripleFollow = option(TripleFollow.STANDARD, label=N_("Following a tractor of triples"),
                                         help=N_("With three or more decks: where a tractor of pairs ranks when "
                                              "following a tractor of triples — below a triple and a pair, above "
                                              "it, or even above two triples."))
    four_of_a_kind: bool = option(False, label=N_("Four identical cards are one combination"), common=True,
                                  help=N_("With four decks: four identical cards are a combination of their own (four "
                                       "of a kind), or (off) a throw of a triple and a single card, as the rules "
                                       "list nothing wider than a triple."))
    throws_allowed: bool = option(True, label=N_("Throws allowed"),
                                  help=N_("Whether the leader may throw several combinations of one suit at once."))
    throw_penalty_per_card: int = option(0, label=N_("Failed throw: points per card taken back"), low=0, high=100,
                                         common=True,
                                         help=N_("Points that go to the other side for each card a failed throw "
                                              "takes back."))
    failed_throw_part: FailedThrowPart = option(FailedThrowPart.SMALLEST, label=N_("A failed throw: the thrower leads"),
                                                common=True,
                                                help=N_("When several parts of the same kind fail: the smallest of "
                                                     "them, or a failing part the next player chooses. When parts "
                                                     "of different kinds fail, the next player chooses either way."))
    must_beat_failed_throw: bool = option(False, label=N_("After a failed throw, who can beat the part led must "
                                                          "beat it"),
                                          help=N_("On: after a failed throw, a player following suit who can beat "
                                               "the part led must beat it (one reading of the Tractor house rules). "
                                               "Off: the usual following rules."))
    kitty_multiplier: KittyMultiplier = option(KittyMultiplier.DOUBLE, label=N_("Kitty bonus multiplier"),
                                               help=N_("What the kitty's points are multiplied by when the attackers "
                                                    "win the last trick: × 2, × 2 × the cards each player played to "
                                                    "it, or × 2^k (k the size of the last lead's largest "
                                                    "combination)."))
    kitty_size: int | None = option(None, label=N_("Kitty size"), low=0, high=200, common=True,
                                    help=N_("Cards in the kitty; empty: 6, 8, 6 and 8 for 1 to 4 decks."))
    bury_points_allowed: bool = option(True, label=N_("Point cards may be buried"), common=True,
                                       help=N_("Whether the starter may bury 5s, 10s and kings while holding enough "
                                            "other cards."))
    threshold: int | None = option(None, label=N_("Threshold"), low=1, high=10_000, common=True,
                                   help=N_("The attackers' points needed to take the bank; empty: 40 per deck (80 "
                                        "with two decks)."))
    band: int | None = option(None, label=N_("Band width"), low=1, high=10_000, common=True,
                              help=N_("Points per level of the level table; empty: half the threshold."))
    below_zero: BelowZero = option(BelowZero.AS_ZERO, label=N_("Attackers' points below zero"), common=True,
                                   help=N_("When failed throws leave the attackers below zero: it counts as no points "
                                        "(the bankers go up three levels), or the table goes on below zero (one "
                                        "more level for every further band)."))
    game_end_rank: Rank = option(Rank.ACE, label=N_("Last level"),
                                 help=N_("The level a team must play and go past to win the game."))
    stop_ranks: tuple[Rank, ...] = option((), label=N_("Levels that must be played"), common=True,
                                          help=N_("Levels a team may not jump over when it goes up several at once "
                                               "(none by default)."))
    defend_stop_ranks: bool = option(True, label=N_("A level that must be played is won as bankers"), common=True,
                                     help=N_("On: a team at a level that must be played goes up from it only by "
                                          "winning a round as the bankers (taking the bank, it stays there). Off: "
                                          "such a level is only never jumped over."))

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
        """Largest set of identical cards that is one combination: 1 (one deck), 2 (pairs), 3 (triples), 4 (four of
        a kind, with four decks when that option is on)."""
        return min(self.decks, 4 if self.four_of_a_kind else 3)

    @property
    def rank_in_no_trump(self) -> bool:
        """Whether rank cards stay trump in a no-trump round."""
        return self.no_trump_trumps is NoTrumpTrumps.JOKERS_AND_RANK


PRESETS: dict[str, Preset[Rules]] = {
    "competition": Preset(
        "competition", N_("the Chinese competition rules"),
        N_("A tractor must follow a tractor, the kitty counts double, and a no-trump round keeps the rank cards as "
           "trumps."),
        Rules()),
    "tractor": Preset(
        "tractor", N_("the Tractor house rules"),
        N_("Follow a tractor with as many pairs as you can, the kitty counts 2 × the cards of the last trick, a "
           "failed throw costs 10 points a card, only the jokers are trumps in a no-trump round, and a pair of "
           "jokers cannot be overridden."),
        Rules(no_trump_trumps=NoTrumpTrumps.JOKERS_ONLY, declare_order=DeclareOrder.TRACTOR,
              no_declaration=NoDeclaration.TURN_KITTY, follow_tractor_with_tractor=False,
              throw_penalty_per_card=10, kitty_multiplier=KittyMultiplier.TWICE_CARDS)),
}

# A note's text spells out COMMON_RULE ("a common rule, not in these rules") where it marks a default, so that the
# catalogs hold whole sentences (the translations use the catalogs' words for it).
NOTES: tuple[Note, ...] = (
    Note(N_("Turn order"), N_("Both rule sets play counter-clockwise: the draw, declaring and play go N → W → S → E. "
                              "Clockwise tables are an option; partners sit opposite either way."), "turn_order"),
    Note(N_("The first round's starter"), N_("The Tractor house rules say only that a player of the declarer's team "
                                             "starts: here the declarer starts, a common rule, not in these rules."),
         None),
    Note(N_("Failed throws of one kind"), N_("When several parts of the same kind fail, the thrower leads the "
                                             "smallest of them: a common rule, not in these rules. When parts of "
                                             "different kinds fail, the next player chooses."), "failed_throw_part"),
    Note(N_("The failed-throw penalty"), N_("The Chinese competition rules say a penalty may apply but name none, so "
                                            "they have none here; the Tractor house rules take 10 points per card "
                                            "taken back."), "throw_penalty_per_card"),
    Note(N_("Beating the part led after a failed throw"), N_("The Tractor house rules may mean that the player who "
                                                             "can beat the part led must beat it; here the usual "
                                                             "following rules apply, and that stricter reading is an "
                                                             "option."), "must_beat_failed_throw"),
    Note(N_("Following a long tractor"), N_("The rules list the fallbacks for a tractor of two pairs (two pairs, a "
                                            "pair and two single cards, four single cards) and say the same holds "
                                            "for three and four pairs: a long tractor falls back to as many separate "
                                            "pairs as possible, not to a shorter tractor inside it."),
         "long_tractor_follow"),
    Note(N_("Four identical cards"), N_("With four decks the rules list nothing wider than a triple: four identical "
                                        "cards are a throw of a triple and a single card."), "four_of_a_kind"),
    Note(N_("Burying point cards"), N_("Any cards may be buried: a common rule, not in these rules; some house rules "
                                       "forbid burying points."), "bury_points_allowed"),
    Note(N_("The level table"), N_("The Chinese competition rules give only the thresholds 40 and 80, so they use "
                                   "the Tractor house rules' bands of 40 points (half the threshold). Those have no "
                                   "row for 80–115: there the attackers take the bank with no level change, a common "
                                   "rule, not in these rules. The Tractor house rules say \"more than 240\" right "
                                   "after a band ending at 235: 240 itself counts as four levels."), "band"),
    Note(N_("Three and four decks"), N_("The threshold is 40 per deck and the bands half of it; the kitty of four "
                                        "decks holds 8 cards."), "threshold"),
    Note(N_("Points below zero"), N_("Failed throws can leave the attackers below zero: that counts as no points, so "
                                     "the bankers go up three levels (a common rule, not in these rules)."),
         "below_zero"),
    Note(N_("Levels that must be played"), N_("Levels a team may not jump over are not in these rules: none by "
                                              "default. When some are set, a team at such a level must win it as "
                                              "the bankers to go on."), "stop_ranks"),
)
"""The rules the sources leave open: the default played here and the option that changes it."""


def default_note(name: str) -> str:
    """How a reason says that option ``name``'s value is a default these rules do not give: "a common rule, not in
    these rules; the option “Turn order” changes it" (:func:`engine.contract.default_note`)."""
    return contract.default_note(Rules, name)


def option_note(name: str) -> str:
    """The option that changes the rule of option ``name``, for a reason: "the option “Turn order” changes it"."""
    return option_changes(contract.option_label(Rules, name))


def is_default(rules: Rules, name: str) -> bool:
    """Whether option ``name`` has its default value in ``rules`` (a default the learner is told about when the
    option is declared ``common``)."""
    return bool(getattr(rules, name) == getattr(Rules(), name))


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
        return _("yes") if value else _("no")
    label = getattr(value, "label", None)
    if isinstance(label, str):
        return label
    if isinstance(value, Rank):
        return value.text
    if isinstance(value, tuple):
        return ", ".join(value_text(v) for v in value) or _("none")
    if value is None:
        return _("the usual")
    return str(value)


def differences(a: Rules, b: Rules) -> dict[str, tuple[Any, Any]]:
    """Option name → (JSON value in ``a``, JSON value in ``b``) for every option that differs."""
    ja, jb = rules_json(a), rules_json(b)
    return {name: (ja[name], jb[name]) for name in ja if ja[name] != jb[name]}


def nearest_preset(rules: Rules) -> str:
    """The preset whose rules ``rules`` are, or else the one they differ from in the fewest options."""
    return min(PRESETS, key=lambda name: len(differences(PRESETS[name].rules, rules)))
