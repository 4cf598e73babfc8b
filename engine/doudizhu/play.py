"""Positions, legal plays and the legality check with a reason.

A :class:`Position` is the hand of the player to act and the combination to beat (None: a lead).
:func:`legal_plays` lists every legal play, distinct and typed, grouped by combination type, and says
whether passing is allowed; :func:`check` judges one play without enumerating, with a reason a learner
can read. Enumeration is cheap in Dou Dizhu (a few hundred plays at most), so no "requirement" layer is
needed.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from engine.base import PASS, Pass, Verdict
from engine.cards import Card
from engine.doudizhu.combos import (
    Combo,
    Counts,
    Kind,
    N,
    allowed,
    counts_of,
    counts_text,
    describe,
    rank_word,
    readings,
)
from engine.doudizhu.explain import why_not
from engine.doudizhu.generate import generate
from engine.doudizhu.rules import Rules
from engine.errors import InvalidPositionError

Play = Combo | Pass
"""A move in the play phase: a combination, or :data:`engine.base.PASS`."""


@dataclass(frozen=True)
class Position:
    """The player to act: their hand (rank counts) and the combination to beat (None when leading)."""

    rules: Rules
    hand: Counts
    previous: Combo | None = None

    @classmethod
    def make(
        cls,
        rules: Rules,
        hand: Iterable[Card],
        previous: Iterable[Card] = (),
        previous_as: Kind | None = None,
    ) -> Position:
        """A checked position from cards. Raises InvalidPositionError (or a subclass) naming the problem:
        too many copies of a card, a hand too large, a previous play that is no combination, cards in the
        hand and the previous play together beyond the deck's copies."""
        hand = tuple(hand)
        previous = tuple(previous)
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
        if previous:
            deck.check(previous, "in the previous play")
            combo = read_previous(rules, counts_of(previous), previous_as)
            deck.check(hand + previous, "in your hand and the previous play together")
        return cls(rules, counts_of(hand), combo)

    @property
    def is_lead(self) -> bool:
        return self.previous is None

    @property
    def hand_text(self) -> str:
        return counts_text(self.hand)


def read_previous(rules: Rules, counts: Counts, previous_as: Kind | None = None) -> Combo:
    """The reading of a play on the table: the one of kind ``previous_as`` if given, else the first.

    Raises InvalidPositionError when the cards are no combination (or not of that kind).
    """
    found = readings(counts, rules)
    if not found:
        raise InvalidPositionError(f"the previous play {counts_text(counts)} is no combination: "
                                   f"{why_not(counts, rules)}")
    if previous_as is None:
        return found[0]
    for combo in found:
        if combo.kind is previous_as:
            return combo
    names = " or ".join(describe(c) for c in found)
    raise InvalidPositionError(f"the previous play {counts_text(counts)} is not {_a_label(previous_as)}: it is "
                               f"{names}")


def _a_label(kind: Kind) -> str:
    label = kind.label
    return ("an " if label[0] in "aeiou" else "a ") + label


@dataclass(frozen=True)
class LegalPlays:
    """Every legal play of a position: distinct combinations grouped by kind, and whether passing is allowed.

    Iterating yields the combinations (kinds in :class:`Kind` order); ``in`` accepts a Combo.
    """

    groups: Mapping[Kind, Sequence[Combo]] = field(default_factory=dict)
    can_pass: bool = False

    def __iter__(self) -> Iterator[Combo]:
        for plays in self.groups.values():
            yield from plays

    def __len__(self) -> int:
        return sum(len(p) for p in self.groups.values())

    def __contains__(self, item: object) -> bool:
        if item is PASS:
            return self.can_pass
        return isinstance(item, Combo) and item in self.groups.get(item.kind, ())

    def counts(self) -> dict[str, int]:
        """How many plays of each kind: ``{"single": 9, "pair": 3}``."""
        return {kind.value: len(plays) for kind, plays in self.groups.items()}


def legal_plays(position: Position) -> LegalPlays:
    """Every legal play of ``position`` (distinct, typed, grouped by kind) and whether passing is allowed."""
    return LegalPlays(generate(position.hand, position.rules, position.previous), position.previous is not None)


def check(position: Position, play: Iterable[Card] | Pass) -> Verdict:
    """Whether ``play`` (cards, or PASS) is legal now, with the reason."""
    return judge(position, play)[0]


def judge(position: Position, play: Iterable[Card] | Pass) -> tuple[Verdict, Combo | None]:
    """Like :func:`check`, also returning the combination the play counts as (None if illegal or a pass)."""
    previous = position.previous
    if play is PASS:
        if previous is None:
            return Verdict(False, "you lead this trick, so you must play a combination: a leader cannot pass"), None
        return Verdict(True, "you may pass; passing does not stop you from playing later in this trick"), None
    assert not isinstance(play, Pass)
    counts = counts_of(play)
    if not any(counts):
        return Verdict(False, "no cards chosen: pick the cards to play" +
                       ("" if previous is None else ", or pass")), None
    short = _not_held(position.hand, counts)
    if short:
        return Verdict(False, short), None
    rules = position.rules
    found = readings(counts, rules)
    if not found:
        return Verdict(False, f"{counts_text(counts)} is no combination: {why_not(counts, rules)}"), None
    if previous is None:
        combo = found[0]
        also = f" (it can also be read as {' or '.join(describe(c) for c in found[1:])})" if len(found) > 1 else ""
        return Verdict(True, f"you lead, so any combination may be played: this is {describe(combo)}{also}"), combo
    winners = [c for c in found if c.beats(previous)]
    if winners:
        combo = max(winners, key=lambda c: (c.kind is Kind.ROCKET, c.kind is Kind.BOMB, c.length, c.rank))
        return Verdict(True, _why_beats(combo, previous, rules)), combo
    return Verdict(False, _why_not_beats(found, previous, rules)), None


def _not_held(hand: Counts, play: Counts) -> str:
    for r in range(N):
        if play[r] > hand[r]:
            have = hand[r]
            held = f"only {_number(have)} {rank_word(r, have)}" if have else f"no {rank_word(r, 2)}"
            return f"you hold {held}, but the play has {_number(play[r])}"
    return ""


def _number(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")[n] if n <= 8 else str(n)


def _why_beats(play: Combo, table: Combo, rules: Rules) -> str:
    if play.kind is Kind.ROCKET:
        return f"{describe(play)} beats everything, {describe(table)} included"
    if play.kind is Kind.BOMB and table.kind is not Kind.BOMB:
        return f"{describe(play)} beats any combination that is not a bomb, so it beats {describe(table)}"
    if play.kind is Kind.BOMB:
        if rules.four and play.length > table.length:
            return (f"{describe(play)} beats {describe(table)}: with four players a bomb of more cards beats one "
                    "of fewer, whatever the ranks")
        return f"{describe(play)} beats {describe(table)}: a bomb of the same size and a higher rank"
    return f"{describe(play)} beats {describe(table)}: the same type and size, and a higher rank"


def _why_not_beats(found: Sequence[Combo], table: Combo, rules: Rules) -> str:
    play = found[0]
    if table.kind is Kind.ROCKET:
        return "nothing beats the rocket: you must pass"
    if table.kind is Kind.BOMB:
        if play.kind is Kind.BOMB:
            if rules.four and play.length < table.length:
                return (f"{describe(play)} does not beat {describe(table)}: with four players a bomb of fewer "
                        "cards never beats one of more")
            return f"{describe(play)} does not beat {describe(table)}: it needs a higher bomb (or the rocket)"
        return f"on {describe(table)} only a higher bomb or the rocket may be played (or pass)"
    same = [c for c in found if c.kind is table.kind]
    if same and same[0].length == table.length:
        return (f"{describe(same[0])} does not beat {describe(table)}: the same type, but its rank "
                f"({rank_word(same[0].rank)}) is not higher than {rank_word(table.rank)}")
    if same:
        return (f"{describe(same[0])} cannot be played on {describe(table)}: a {table.kind.label} must be "
                f"of the same length ({table.length}) to beat it")
    size = f" of {table.size} cards" if table.kind.chain_unit or table.kind.kicker_unit else ""
    return (f"the table has {describe(table)}: only a higher {table.kind.label}{size}, a bomb or the rocket may "
            f"be played on it (or pass), and {play.text} is {_a_label(play.kind)}")


def pass_or_play_reason(position: Position) -> str:
    """One sentence on what the player to act must do (for views and lesson text)."""
    if position.previous is None:
        return "you lead: play any combination"
    return f"beat {describe(position.previous)} with a higher {position.previous.kind.label}, a bomb or the rocket, " \
           "or pass"


def kinds_allowed(rules: Rules) -> list[Kind]:
    """The combination kinds the rules allow, in order."""
    return [k for k in Kind if allowed(k, rules)]


