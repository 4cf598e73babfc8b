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
from engine.doudizhu.combos import Combo, Kind, a_rank, describe, either, readings
from engine.doudizhu.explain import why_not
from engine.doudizhu.generate import generate
from engine.doudizhu.order import BJ, RJ, Counts, N, counts_of, counts_text, rank_text, rank_word
from engine.doudizhu.rules import Rules, default_note
from engine.errors import InvalidPositionError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.words import count, number

__all__ = ["MOST_PLAYS", "LegalPlays", "Play", "Position", "beaten_by", "beaters", "check", "legal_plays", "read_play",
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
            raise InvalidPositionError(_(
                "a hand holds at most {most} cards with {players} players ({dealt} dealt + {kitty} from the kitty); "
                "this one has {held}").format(most=figure(rules.max_hand), players=figure(rules.players),
                                              dealt=figure(rules.hand_size), kitty=figure(rules.kitty),
                                              held=figure(len(hand))))
        if not hand:
            raise InvalidPositionError(_("the hand is empty: a player with no cards has already gone out"))
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
        raise InvalidPositionError(_("the previous play {cards} is no combination: {why}").format(
            cards=counts_text(counts), why=why_not(counts, rules)))
    if table_as is None:
        return found[0]
    for combo in found:
        if combo.kind is table_as:
            return combo
    raise InvalidPositionError(_("the previous play {cards} is not {kind}: it is {readings}").format(
        cards=counts_text(counts), kind=table_as.a_name, readings=either(found)))




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
            return Verdict(False, _("you lead this trick, so you must play a combination: a leader cannot pass"))
        return Verdict(True, _("you may pass; passing does not stop you from playing later in this trick"))
    assert not isinstance(play, Pass)
    rules = position.rules
    if isinstance(play, Combo):
        short = _not_held(position.hand, play.counts)
        if short:
            return Verdict(False, short)
        if play not in readings(play.counts, rules):
            found = readings(play.counts, rules)
            if not found:
                return Verdict(False, _(_NO_COMBINATION).format(cards=play.text, why=why_not(play.counts, rules)))
            return Verdict(False, _("{cards} is not {play} under these rules: it is {readings}").format(
                cards=play.text, play=describe(play), readings=either(found)))
        if table is None:
            return Verdict(True, _lead(play, ""))
        if play.beats(table):
            return Verdict(True, _why_beats(play, table, rules))
        return Verdict(False, _why_not_beats([play], table, rules))
    counts = counts_of(play)
    if not any(counts):
        return Verdict(False, _("no cards chosen: pick the cards to play") if table is None
                       else _("no cards chosen: pick the cards to play, or pass"))
    short = _not_held(position.hand, counts)
    if short:
        return Verdict(False, short)
    found = readings(counts, rules)
    if not found:
        return Verdict(False, _(_NO_COMBINATION).format(cards=counts_text(counts), why=why_not(counts, rules)))
    if table is None:
        also = _(" (it can also be read as {readings})").format(readings=either(found[1:])) if len(found) > 1 \
            else ""
        return Verdict(True, _lead(found[0], also))
    winner = read_play(position, play)
    if winner is not None and winner.beats(table):
        return Verdict(True, _why_beats(winner, table, rules))
    return Verdict(False, _why_not_beats(found, table, rules))


_NO_COMBINATION = N_("{cards} is no combination: {why}")


def _lead(combo: Combo, also: str) -> str:
    """Why a lead of ``combo`` is legal (``also``: the other readings of its cards, or '')."""
    note = _long_note(combo)
    return _("you lead, so any combination may be played: this is {play}{also}{note}").format(
        play=describe(combo), also=also, note=note)


def _not_held(hand: Counts, play: Counts) -> str:
    for r in range(N):
        if play[r] > hand[r]:
            have = hand[r]
            if have:
                return _("you hold only {held} {ranks}, but the play has {played}").format(
                    held=number(have), ranks=rank_word(r, have), played=number(play[r]))
            return _("you hold no {ranks}, but the play has {played}").format(ranks=rank_word(r, 2),
                                                                               played=number(play[r]))
    return ""


def _length(combo: Combo) -> str:
    """The length of a chain in words: "five cards", "three pairs", "two triplets"."""
    noun = {1: "card", 2: "pair", 3: "triplet"}[combo.kind.chain_unit]
    return count(combo.length, noun)


_SHAPED = {
    Kind.SEQUENCE: N_("sequence of {length}"),
    Kind.PAIR_SEQUENCE: N_("pair sequence of {length}"),
    Kind.AIRPLANE: N_("airplane of {length}"),
    Kind.AIRPLANE_SINGLES: N_("airplane of {length} with {kickers}"),
    Kind.AIRPLANE_PAIRS: N_("airplane of {length} with {kickers}"),
}


def _shaped(combo: Combo) -> str:
    """The type of ``combo`` with the size a play must match: "pair", "sequence of five cards", "airplane of two
    triplets with two singles"."""
    kind = combo.kind
    if kind in _SHAPED:
        kickers = count(combo.length, "single" if kind is Kind.AIRPLANE_SINGLES else "pair")
        return _(_SHAPED[kind]).format(length=_length(combo), kickers=kickers)
    return kind.name_words


def _long_note(combo: Combo) -> str:
    """Said beside a play that only a default allows (a sequence of more than five cards, a pair of jokers on its
    own or with a triplet): that it is a common rule, not in these rules, and the option that changes it."""
    if combo.kind is Kind.SEQUENCE and combo.length > 5:
        return _(" (sequences longer than five are {note})").format(note=default_note("long_sequences"))
    if combo.kind in (Kind.PAIR, Kind.TRIPLET_PAIR) and (combo.counts[BJ] == 2 or combo.counts[RJ] == 2):
        return _(" (two jokers of one colour as a pair outside an airplane are {note})").format(
            note=default_note("joker_pairs"))
    return ""


def beaters(table: Combo, rules: Rules) -> str:
    """What may be played on ``table`` (not the rocket), as a noun phrase: "a higher pair, a bomb or the rocket"."""
    if table.kind is Kind.BOMB:
        if rules.four:
            return _("a bomb of more cards, a bomb of as many cards and a higher rank, or the rocket (with four "
                     "players more cards beat fewer, whatever the ranks)")
        return _("a higher bomb or the rocket")
    return _("a higher {shape}, a bomb or the rocket").format(shape=_shaped(table))


def beaten_by(table: Combo, rules: Rules) -> str:
    """What may be played on ``table``, as a clause: "only a higher pair, a bomb or the rocket beats it"."""
    if table.kind is Kind.ROCKET:
        return _("nothing beats the rocket")
    if table.kind is Kind.BOMB and rules.four:
        return _("only a bomb of more cards, a bomb of as many cards and a higher rank, or the rocket beats it "
                 "(with four players more cards beat fewer, whatever the ranks)")
    return _("only {beaters} beats it").format(beaters=beaters(table, rules))


def _why_beats(play: Combo, table: Combo, rules: Rules) -> str:
    mine, theirs = describe(play), describe(table)
    if play.kind is Kind.ROCKET:
        return _("{play} beats everything, {table} included").format(play=mine, table=theirs)
    if play.kind is Kind.BOMB and table.kind is not Kind.BOMB:
        return _("{play} beats any combination that is not a bomb, so it beats {table}").format(play=mine,
                                                                                              table=theirs)
    if play.kind is Kind.BOMB:
        if rules.four and play.length > table.length:
            return _("{play} beats {table}: with four players a bomb of more cards beats one of fewer, whatever the "
                     "ranks").format(play=mine, table=theirs)
        if rules.four:
            return _("{play} beats {table}: a bomb of as many cards and of a higher rank").format(play=mine,
                                                                                                table=theirs)
        return _("{play} beats {table}: a bomb of a higher rank").format(play=mine, table=theirs)
    return _("{play} beats {table}: the same type and size, and a higher rank{note}").format(
        play=mine, table=theirs, note=_long_note(play))


def _why_not_beats(found: Sequence[Combo], table: Combo, rules: Rules) -> str:
    play = found[0]
    theirs = describe(table)
    if table.kind is Kind.ROCKET:
        return _("nothing beats the rocket: you must pass")
    if table.kind is Kind.BOMB:
        if play.kind is Kind.BOMB:
            if rules.four and play.length < table.length:
                return _("{play} does not beat {table}: with four players a bomb of fewer cards never beats one of "
                         "more").format(play=describe(play), table=theirs)
            return _("{play} does not beat {table}: {why}").format(play=describe(play), table=theirs,
                                                                   why=beaten_by(table, rules))
        return _("{table} is on the table: {why}; you may pass").format(table=theirs, why=beaten_by(table, rules))
    same = [c for c in found if c.kind is table.kind]
    if same and same[0].length == table.length:
        mine = same[0]
        if table.kind.chain_unit:
            return _("{play} does not beat {table}: the same type and length, but its top rank, {mine}, is not "
                     "higher than {theirs}").format(play=describe(mine), table=theirs, mine=rank_text(mine.rank),
                                                     theirs=rank_text(table.rank))
        return _("{play} does not beat {table}: the same type, but {mine} is not higher than {theirs}").format(
            play=describe(mine), table=theirs, mine=a_rank(mine.rank), theirs=a_rank(table.rank))
    if same:
        return _("{play} cannot be played on {table}: {kind} beats only {kind} of the same length ({length})").format(
            play=describe(same[0]), table=theirs, kind=table.kind.a_name, length=_length(table))
    return _("{play} cannot be played on {table}: {why}; you may pass").format(play=describe(play), table=theirs,
                                                                               why=beaten_by(table, rules))
