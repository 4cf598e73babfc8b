"""One turn's position, its legal plays, and the legality check with a reason — the one legality path for plays.

A :class:`Position` is the hand of the player to act and the combination to beat on the table (None: a lead).
:func:`legal_plays` lists every legal play, distinct and typed, grouped by combination type, and says whether
passing is allowed; :func:`check` judges one play (cards, a combination, or the pass) without enumerating, with a
reason a learner can read. Enumeration is cheap and bounded in Dou Dizhu (a few thousand plays at the very most,
see :data:`MOST_PLAYS`), so the count is always exact and no "requirement" layer is needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from engine.base import PASS, Pass, Verdict
from engine.base import LegalPlays as BaseLegalPlays
from engine.cards import Card
from engine.doudizhu.combos import Combo, Kind, describe, readings
from engine.doudizhu.explain import why_not
from engine.doudizhu.generate import generate
from engine.doudizhu.order import BJ, RJ, Counts, N, counts_of, counts_text, rank_text, rank_word
from engine.doudizhu.rules import Rules, default_note
from engine.errors import InvalidPositionError
from engine.words import count, number

__all__ = ["MOST_PLAYS", "LegalPlays", "Play", "Position", "beaten_by", "check", "legal_plays", "read_play",
           "read_table"]

Play = Combo | Pass
"""A move in the play phase: a combination, or :data:`engine.base.PASS`."""

MOST_PLAYS = 5_000
"""An upper bound on the legal plays of any position (the most found over every kind of dense hand is far
below it); generation is always complete."""


@dataclass(frozen=True)
class Position:
    """The player to act: their hand (rank counts) and the combination to beat (None when leading)."""

    rules: Rules
    hand: Counts
    table: Combo | None = None

    @classmethod
    def build(
        cls,
        *,
        hand: Iterable[Card],
        table: Iterable[Card] = (),
        rules: Rules,
        table_as: Kind | None = None,
    ) -> Position:
        """A checked position from cards. Raises InvalidPositionError (or a subclass) naming the problem:
        too many copies of a card, a hand too large, a play on the table that is no combination (or not of kind
        ``table_as``), cards in the hand and on the table together beyond the deck's copies."""
        hand = tuple(hand)
        table = tuple(table)
        deck = rules.deck
        deck.check(hand, "in your hand")
        if len(hand) > rules.max_hand:
            raise InvalidPositionError(
                f"a hand holds at most {rules.max_hand} cards with {rules.players} players "
                f"({rules.hand_size} dealt + {rules.kitty} from the kitty); this one has {len(hand)}"
            )
        if not hand:
            raise InvalidPositionError("the hand is empty: a player with no cards has already gone out")
        combo = None
        if table:
            deck.check(table, "in the previous play")
            combo = read_table(rules, counts_of(table), table_as)
            deck.check(hand + table, "in your hand and the previous play together")
        return cls(rules, counts_of(hand), combo)

    @property
    def is_lead(self) -> bool:
        return self.table is None

    @property
    def hand_text(self) -> str:
        return counts_text(self.hand)


def read_table(rules: Rules, counts: Counts, table_as: Kind | None = None) -> Combo:
    """The reading of a play on the table: the one of kind ``table_as`` if given, else the first.

    Raises InvalidPositionError when the cards are no combination (or not of that kind).
    """
    found = readings(counts, rules)
    if not found:
        raise InvalidPositionError(f"the previous play {counts_text(counts)} is no combination: "
                                   f"{why_not(counts, rules)}")
    if table_as is None:
        return found[0]
    for combo in found:
        if combo.kind is table_as:
            return combo
    names = " or ".join(describe(c) for c in found)
    raise InvalidPositionError(f"the previous play {counts_text(counts)} is not {_a_label(table_as)}: it is "
                               f"{names}")


def _a_label(kind: Kind) -> str:
    label = kind.label
    return ("an " if label[0] in "aeiou" else "a ") + label


@dataclass(frozen=True)
class LegalPlays(BaseLegalPlays[Combo]):
    """Every legal play of a position: distinct combinations grouped by kind, and whether passing is allowed.

    Iterating yields every combination (kinds in :class:`Kind` order); ``in`` accepts a Combo or PASS;
    :attr:`count` is exact; :attr:`plays` lists the first ``limit`` of them (all when ``limit`` is None).
    """

    groups: Mapping[Kind, Sequence[Combo]] = field(default_factory=dict)
    can_pass: bool = False
    limit: int | None = None

    def __iter__(self) -> Iterator[Combo]:
        for plays in self.groups.values():
            yield from plays

    def __len__(self) -> int:
        return self.count

    def __contains__(self, item: object) -> bool:
        if item is PASS:
            return self.can_pass
        return isinstance(item, Combo) and item in self.groups.get(item.kind, ())

    @property
    def count(self) -> int:
        """How many distinct legal plays there are (the pass not counted)."""
        return sum(len(p) for p in self.groups.values())

    @property
    def complete(self) -> bool:
        """Whether :attr:`plays` lists every legal play."""
        return self.limit is None or self.count <= self.limit

    @property
    def plays(self) -> tuple[Combo, ...]:
        """The legal plays in order, at most ``limit`` of them."""
        out: list[Combo] = []
        for combo in self:
            if self.limit is not None and len(out) >= self.limit:
                break
            out.append(combo)
        return tuple(out)

    def counts(self) -> dict[str, int]:
        """How many plays of each kind: ``{"single": 9, "pair": 3}``."""
        return {kind.value: len(plays) for kind, plays in self.groups.items()}


def legal_plays(position: Position, limit: int | None = None) -> LegalPlays:
    """Every legal play of ``position`` (distinct, typed, grouped by kind), whether passing is allowed, and the
    first ``limit`` of them as :attr:`LegalPlays.plays`."""
    return LegalPlays(generate(position.hand, position.rules, position.table), position.table is not None, limit)


def read_play(position: Position, cards: Iterable[Card], kind: Kind | None = None) -> Combo | None:
    """The combination ``cards`` count as here: of ``kind`` if given; on a table, the reading that beats it when
    one does (the strongest); else the first reading. None when the cards form no such combination."""
    found = readings(counts_of(cards), position.rules)
    if kind is not None:
        found = tuple(c for c in found if c.kind is kind)
    if not found:
        return None
    table = position.table
    if table is not None:
        winners = [c for c in found if c.beats(table)]
        if winners:
            return max(winners, key=lambda c: (c.kind is Kind.ROCKET, c.kind is Kind.BOMB, c.length, c.rank))
    return found[0]


def check(position: Position, play: Combo | Pass | Iterable[Card]) -> Verdict:
    """Whether ``play`` — cards, a combination (that exact reading), or PASS — is legal now, with the reason."""
    table = position.table
    if play is PASS:
        if table is None:
            return Verdict(False, "you lead this trick, so you must play a combination: a leader cannot pass")
        return Verdict(True, "you may pass; passing does not stop you from playing later in this trick")
    assert not isinstance(play, Pass)
    rules = position.rules
    if isinstance(play, Combo):
        short = _not_held(position.hand, play.counts)
        if short:
            return Verdict(False, short)
        if play not in readings(play.counts, rules):
            found = readings(play.counts, rules)
            if not found:
                return Verdict(False, f"{play.text} is no combination: {why_not(play.counts, rules)}")
            return Verdict(False, f"{play.text} is not {describe(play)} under these rules: it is "
                                  f"{' or '.join(describe(c) for c in found)}")
        if table is None:
            return Verdict(True, f"you lead, so any combination may be played: this is {describe(play)}"
                                 f"{_long_note(play)}")
        if play.beats(table):
            return Verdict(True, _why_beats(play, table, rules))
        return Verdict(False, _why_not_beats([play], table, rules))
    counts = counts_of(play)
    if not any(counts):
        return Verdict(False, "no cards chosen: pick the cards to play" + ("" if table is None else ", or pass"))
    short = _not_held(position.hand, counts)
    if short:
        return Verdict(False, short)
    found = readings(counts, rules)
    if not found:
        return Verdict(False, f"{counts_text(counts)} is no combination: {why_not(counts, rules)}")
    if table is None:
        combo = found[0]
        also = f" (it can also be read as {' or '.join(describe(c) for c in found[1:])})" if len(found) > 1 else ""
        return Verdict(True, f"you lead, so any combination may be played: this is {describe(combo)}{also}"
                             f"{_long_note(combo)}")
    winner = read_play(position, play)
    if winner is not None and winner.beats(table):
        return Verdict(True, _why_beats(winner, table, rules))
    return Verdict(False, _why_not_beats(found, table, rules))


def _not_held(hand: Counts, play: Counts) -> str:
    for r in range(N):
        if play[r] > hand[r]:
            have = hand[r]
            held = f"only {number(have)} {rank_word(r, have)}" if have else f"no {rank_word(r, 2)}"
            return f"you hold {held}, but the play has {number(play[r])}"
    return ""


def _length(combo: Combo) -> str:
    """The length of a chain in words: "five cards", "three pairs", "two triplets"."""
    noun = {1: "card", 2: "pair", 3: "triplet"}[combo.kind.chain_unit]
    return count(combo.length, noun)


def _shaped(combo: Combo) -> str:
    """The type of ``combo`` with the size a play must match: "pair", "sequence of five cards", "airplane of two
    triplets with two singles"."""
    kind = combo.kind
    if kind in (Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS):
        kickers = count(combo.length, "single" if kind is Kind.AIRPLANE_SINGLES else "pair")
        return f"airplane of {_length(combo)} with {kickers}"
    if kind.chain_unit:
        return f"{kind.label} of {_length(combo)}"
    return kind.label


def _long_note(combo: Combo) -> str:
    """Said beside a play that only a default allows (a sequence of more than five cards, a pair of jokers on its
    own or with a triplet): that it is a common rule, not in these rules, and the option that changes it."""
    if combo.kind is Kind.SEQUENCE and combo.length > 5:
        return f" (sequences longer than five are {default_note('long_sequences')})"
    if combo.kind in (Kind.PAIR, Kind.TRIPLET_PAIR) and (combo.counts[BJ] == 2 or combo.counts[RJ] == 2):
        return f" (two jokers of one colour as a pair outside an airplane are {default_note('joker_pairs')})"
    return ""


def beaten_by(table: Combo, rules: Rules) -> str:
    """What may be played on ``table``, as a clause: "only a higher pair, a bomb or the rocket beats it"."""
    if table.kind is Kind.ROCKET:
        return "nothing beats the rocket"
    if table.kind is Kind.BOMB:
        if rules.four:
            return ("only a bomb of more cards, a bomb of as many cards and a higher rank, or the rocket beats it "
                    "(with four players more cards beat fewer, whatever the ranks)")
        return "only a higher bomb or the rocket beats it"
    return f"only a higher {_shaped(table)}, a bomb or the rocket beats it"


def _why_beats(play: Combo, table: Combo, rules: Rules) -> str:
    if play.kind is Kind.ROCKET:
        return f"{describe(play)} beats everything, {describe(table)} included"
    if play.kind is Kind.BOMB and table.kind is not Kind.BOMB:
        return f"{describe(play)} beats any combination that is not a bomb, so it beats {describe(table)}"
    if play.kind is Kind.BOMB:
        if rules.four and play.length > table.length:
            return (f"{describe(play)} beats {describe(table)}: with four players a bomb of more cards beats one "
                    "of fewer, whatever the ranks")
        why = "a bomb of as many cards and of a higher rank" if rules.four else "a bomb of a higher rank"
        return f"{describe(play)} beats {describe(table)}: {why}"
    return (f"{describe(play)} beats {describe(table)}: the same type and size, and a higher rank"
            f"{_long_note(play)}")


def _why_not_beats(found: Sequence[Combo], table: Combo, rules: Rules) -> str:
    play = found[0]
    if table.kind is Kind.ROCKET:
        return "nothing beats the rocket: you must pass"
    if table.kind is Kind.BOMB:
        if play.kind is Kind.BOMB:
            if rules.four and play.length < table.length:
                return (f"{describe(play)} does not beat {describe(table)}: with four players a bomb of fewer "
                        "cards never beats one of more")
            return f"{describe(play)} does not beat {describe(table)}: {beaten_by(table, rules)}"
        return f"{describe(table)} is on the table: {beaten_by(table, rules)}; you may pass"
    same = [c for c in found if c.kind is table.kind]
    if same and same[0].length == table.length:
        mine, theirs = same[0], table
        if table.kind.chain_unit:
            return (f"{describe(mine)} does not beat {describe(theirs)}: the same type and length, but its top rank, "
                    f"{rank_text(mine.rank)}, is not higher than {rank_text(theirs.rank)}")
        return (f"{describe(mine)} does not beat {describe(theirs)}: the same type, but {_a(rank_word(mine.rank))} "
                f"is not higher than {_a(rank_word(theirs.rank))}")
    if same:
        return (f"{describe(same[0])} cannot be played on {describe(table)}: {_a_label(table.kind)} beats only "
                f"{_a_label(table.kind)} of the same length ({_length(table)})")
    return f"{describe(play)} cannot be played on {describe(table)}: {beaten_by(table, rules)}; you may pass"


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou8" else "a ") + word
