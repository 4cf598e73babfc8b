"""One turn's position: what a player may play now, and why a chosen play is legal or not — the one legality path.

A :class:`Position` is what one player faces: their hand, the combination on the table (none when they lead),
whether they have passed this round, and whether this is the first lead of the game. :func:`check` judges any
play or the pass with a reason a learner can read, without listing; :func:`legal_plays` lists the distinct
legal plays lazily, up to a limit. The whole-game state (:mod:`engine.thirteen.state`) asks these same
functions, so the editor, the Table, the lessons and the command line get the same words.

The fast generators work on card masks (see :mod:`engine.thirteen.order`): sequences and double sequences
are built rank by rank from runs of the hand's rank groups, never by trying subsets. Under the option
``twos_in_double_sequences`` the runs of pairs may go on into the 2s' rank group (… K K A A 2 2); the
generators take it as ``twos`` and otherwise do exactly the same work.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from engine.base import LegalPlays as BaseLegalPlays
from engine.base import Pass, Verdict
from engine.cards import Card, CardsText
from engine.errors import InvalidPositionError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as digits
from engine.thirteen.combos import (
    KIND_ORDER,
    PAIRS,
    SINGLES,
    TRIPLES,
    Combo,
    Kind,
    beat_reason,
    beaters,
    chop_answers,
    classify,
    why_not_combo,
)
from engine.thirteen.deal import HAND_SIZE
from engine.thirteen.order import CARDS, TWO_RANK, cards_of, game_sorted, index, mask_of, mask_text
from engine.thirteen.rules import Rules, default_note, option_label
from engine.words import and_list, option_named

__all__ = [
    "LegalPlays",
    "Play",
    "Position",
    "beat_groups",
    "check",
    "count_legal",
    "lead_groups",
    "legal_plays",
    "of_shape",
    "play_groups",
    "rank_groups",
]

_BOMBS = (Kind.QUAD, Kind.DOUBLE_SEQUENCE)

# ---------------------------------------------------------------------------------------------------
# Fast generators on masks. A group is (kind, [mask, …]); every mask's top card is its highest bit.


def rank_groups(hand: int) -> list[int]:
    """The 13 rank groups (4-bit nibbles) of ``hand``: index 0 for the 3s … 12 for the 2s."""
    return [(hand >> (4 * r)) & 15 for r in range(13)]


def _runs(groups: list[int], table: tuple[tuple[int, ...], ...], min_len: int, exact: int, above: int,
          end: int = TWO_RANK) -> list[int]:
    """Masks of sequences (``table`` = SINGLES) or double sequences (``table`` = PAIRS) from ``groups``.

    ``exact`` > 0 keeps only runs of that many ranks, else every run of ``min_len`` ranks or more;
    ``above`` >= 0 keeps only tops higher than that card index. Runs use the rank groups below ``end``:
    by default the 2s (rank group 12) never take part; ``end`` = 13 lets pairs of 2s end a run.
    """
    out: list[int] = []
    choices = [table[g] for g in groups[:end]]
    top_rank_min = above >> 2 if above >= 0 else -1
    for start in range(end):
        if exact and start + exact > end:
            break
        if not choices[start] or (exact and start + exact - 1 < top_rank_min):
            continue
        partial = [c << (4 * start) for c in choices[start]]
        for r in range(start + 1, end):
            ch = choices[r]
            if not ch:
                break
            shift = 4 * r
            length = r - start + 1
            if exact:
                if length < exact:
                    partial = [p | (c << shift) for p in partial for c in ch]
                    continue
                if r == top_rank_min:
                    tops = [c << shift for c in ch if (c << shift).bit_length() - 1 > above]
                else:
                    tops = [c << shift for c in ch]
                out.extend(p | t for p in partial for t in tops)
                break
            partial = [p | (c << shift) for p in partial for c in ch]
            if length >= min_len:
                out.extend(partial)
    return out


def _sets(groups: list[int], table: tuple[tuple[int, ...], ...], above: int) -> list[int]:
    """Singles/pairs/triples (by ``table``) with a top card above index ``above`` (-1: any)."""
    out: list[int] = []
    low = max(0, above >> 2) if above >= 0 else 0
    for r in range(low, 13):
        g = groups[r]
        if not g:
            continue
        shift = 4 * r
        if r == low and above >= 0:
            out.extend(s << shift for s in table[g] if (s << shift).bit_length() - 1 > above)
        else:
            out.extend(s << shift for s in table[g])
    return out


def _quads(groups: list[int], above: int) -> list[int]:
    return [15 << (4 * r) for r in range(13) if groups[r] == 15 and (15 << (4 * r)).bit_length() - 1 > above]


_SET_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {Kind.SINGLE: SINGLES, Kind.PAIR: PAIRS, Kind.TRIPLE: TRIPLES}


def of_shape(groups: list[int], kind: int, n: int, above: int, twos: bool = False) -> list[int]:
    """Every play of ``kind`` with ``n`` cards whose top card is above index ``above`` (-1: any)."""
    if kind <= Kind.TRIPLE:
        return _sets(groups, _SET_TABLES[kind], above)
    if kind == Kind.QUAD:
        return _quads(groups, above)
    if kind == Kind.SEQUENCE:
        return _runs(groups, SINGLES, 3, n, above)
    return _runs(groups, PAIRS, 3, n // 2, above, TWO_RANK + 1 if twos else TWO_RANK)


def lead_groups(hand: int, twos: bool = False) -> list[tuple[Kind, list[int]]]:
    """Every combination in ``hand``, grouped by kind (the plays of a player who leads).

    ``twos`` (option ``twos_in_double_sequences``): pairs of 2s may end a double sequence.
    """
    g = rank_groups(hand)
    return [
        (Kind.SINGLE, _sets(g, SINGLES, -1)),
        (Kind.PAIR, _sets(g, PAIRS, -1)),
        (Kind.TRIPLE, _sets(g, TRIPLES, -1)),
        (Kind.QUAD, _quads(g, -1)),
        (Kind.SEQUENCE, _runs(g, SINGLES, 3, 0, -1)),
        (Kind.DOUBLE_SEQUENCE, _runs(g, PAIRS, 3, 0, -1, TWO_RANK + 1 if twos else TWO_RANK)),
    ]


def beat_groups(
    hand: int, t_kind: int, t_mask: int, ladder: bool, bombs_only: bool = False, twos: bool = False
) -> list[tuple[Kind, list[int], bool]]:
    """The plays in ``hand`` that beat the table (t_kind, t_mask): (kind, masks, chops) groups, the same
    shape first, then the bombs that chop it (``chops`` True).

    ``bombs_only`` keeps only bombs (a locked-out player under ``chop_after_pass``); ``twos``: pairs of 2s
    may end a double sequence (such a bomb chops as any double sequence of as many pairs).
    """
    g = rank_groups(hand)
    t_n = t_mask.bit_count()
    t_top = t_mask.bit_length() - 1
    out: list[tuple[Kind, list[int], bool]] = []
    if not bombs_only or t_kind == Kind.QUAD or t_kind == Kind.DOUBLE_SEQUENCE:
        out.append((KIND_ORDER[t_kind], of_shape(g, t_kind, t_n, t_top, twos), False))
    for kind, n in chop_answers(t_kind, t_n, t_top, ladder):
        out.append((kind, of_shape(g, kind, n, -1, twos), True))
    return out


def play_groups(hand: int, table: int, table_kind: int, passed: bool, must: int,
                rules: Rules) -> list[tuple[Kind, list[int], bool]]:
    """Every legal play of a player holding ``hand`` as (kind, masks, chops) groups — the one generator.

    ``table`` is the mask of the combination to beat (0: the player leads) and ``table_kind`` its kind;
    ``passed``: the player passed this round (locked out; only bombs on 2s or on bombs under
    ``chop_after_pass``); ``must``: a card mask every play must contain (the first lead), else 0.
    """
    twos = rules.twos_in_double_sequences
    if not table:
        groups = [(k, ms, False) for k, ms in lead_groups(hand, twos)]
        if must:
            groups = [(k, [m for m in ms if m & must], c) for k, ms, c in groups]
        return groups
    if passed:
        if not rules.chop_after_pass:
            return []
        if (table.bit_length() - 1) >> 2 != TWO_RANK and table_kind not in _BOMBS:
            return []
    return beat_groups(hand, table_kind, table, rules.bomb_ladder, passed, twos)


# ---------------------------------------------------------------------------------------------------
# A play, and the position one player faces, with checked construction.


@dataclass(frozen=True, slots=True)
class Play(CardsText):
    """A play of cards: the action of a player who does not pass.

    ``mask`` holds the cards (bit ``i`` is the card of game-order index ``i``, see :mod:`engine.thirteen.order`):
    two plays of the same cards are equal. In a list of legal plays ``kind`` names the combination and ``chop``
    marks a bomb that beats a different kind (neither is part of equality).
    """

    mask: int
    kind: Kind | None = field(default=None, compare=False)
    chop: bool = field(default=False, compare=False)

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Play:
        """The play of ``cards`` (InvalidPositionError for a card that is not in the deck)."""
        return cls(mask_of(cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in game order, lowest first."""
        return cards_of(self.mask)

    @property
    def text(self) -> str:
        return mask_text(self.mask)

    @property
    def combo(self) -> Combo | None:
        """The combination (None when the play was not built from a known kind)."""
        return None if self.kind is None else Combo(self.kind, self.cards)

    @property
    def is_bomb(self) -> bool:
        return self.kind in _BOMBS


@dataclass(frozen=True)
class Position:
    """What the player to act faces.

    ``table`` is the combination to beat (None: the player leads). ``passed``: the player passed earlier
    in this round and is locked out. ``first_lead``: the first play of the game, which must contain
    ``must_contain`` (the lowest card dealt, 3♠ with four players) when the rules say so.
    """

    hand: tuple[Card, ...]
    table: Combo | None = None
    passed: bool = False
    first_lead: bool = False
    rules: Rules = Rules()

    @classmethod
    def build(
        cls,
        *,
        hand: Iterable[Card],
        table: Iterable[Card] = (),
        rules: Rules,
        passed: bool = False,
        first_lead: bool = False,
    ) -> Position:
        """A checked position; InvalidPositionError (a learner-readable message) if it cannot occur."""
        hand = tuple(hand)
        table_cards = tuple(table)
        _check_cards(hand, _("{card} appears twice in your hand, but Thirteen uses one deck"))
        _check_cards(table_cards, _("{card} appears twice on the table, but Thirteen uses one deck"))
        if not hand:
            raise InvalidPositionError(_("your hand is empty: a player with no cards has gone out and plays no more"))
        if len(hand) > HAND_SIZE:
            raise InvalidPositionError(_("a hand holds at most {most} cards; this one has {n}").format(
                most=digits(HAND_SIZE), n=digits(len(hand))))
        if len(table_cards) > HAND_SIZE:
            raise InvalidPositionError(_("the table holds {n} cards, but a combination is played from one hand of at "
                                         "most {most}").format(n=digits(len(table_cards)), most=digits(HAND_SIZE)))
        shared = [c for c in game_sorted(hand) if c in set(table_cards)]
        if shared:
            raise InvalidPositionError(_("{card} is both in your hand and on the table; there is only one deck").format(
                card=shared[0].symbol_text))
        combo = None
        twos = rules.twos_in_double_sequences
        if table_cards:
            combo = classify(table_cards, twos)
            if combo is None:
                raise InvalidPositionError(_("the table must hold a combination: {why}").format(
                    why=why_not_combo(table_cards, twos)))
        if first_lead:
            if combo is not None:
                raise InvalidPositionError(_("the first lead is made on an empty table, but the table holds cards"))
            if passed:
                raise InvalidPositionError(_("nobody can have passed before the first lead of the game"))
            three = CARDS[0]
            if rules.players == 4 and rules.first_lead_must_contain_lowest and three not in hand:
                raise InvalidPositionError(_(
                    "with four players all 52 cards are dealt, so the first lead belongs to whoever holds 3♠, "
                    "and 3♠ is not in your hand"))
        if passed and combo is None:
            raise InvalidPositionError(_("you cannot be locked out on an empty table: a pass lasts only until "
                                         "the table clears, and then the last player leads"))
        return cls(tuple(game_sorted(hand)), combo, passed, first_lead, rules)

    @cached_property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def must_contain(self) -> Card | None:
        """The card the play must contain (first lead under the rule), else None."""
        if self.first_lead and self.rules.first_lead_must_contain_lowest:
            return self.hand[0]
        return None

    @property
    def leads(self) -> bool:
        return self.table is None

    @property
    def can_pass(self) -> bool:
        """Whether passing is allowed now: always, except for a player who leads."""
        return self.table is not None

    def groups(self) -> list[tuple[Kind, list[int], bool]]:
        """The legal plays as (kind, masks, chops) groups (see :func:`play_groups`)."""
        table = self.table
        must = self.must_contain
        return play_groups(self.hand_mask, table.mask if table else 0, table.kind if table else -1, self.passed,
                           1 << index(must) if must is not None else 0, self.rules)


LOCKED_OUT = N_("you passed this round, so you cannot play until the table clears")


def _check_cards(cards: tuple[Card, ...], twice: str) -> None:
    """InvalidPositionError with ``twice`` (a sentence with ``{card}``) for the first card given twice."""
    seen: set[int] = set()
    for card in cards:
        i = index(card)
        if i in seen:
            raise InvalidPositionError(twice.format(card=card.symbol_text))
        seen.add(i)


def _display_order(mask: int) -> tuple[int, int]:
    return (mask.bit_count(), mask.bit_length())


class LegalPlays(BaseLegalPlays[Play]):
    """The legal plays of a position (passing aside: see ``position.can_pass``): iterate them (grouped by kind,
    lowest first; at most ``limit``), count them without listing (:attr:`count`), or ask ``cards in legal``
    (which checks that play alone)."""

    def __init__(self, position: Position, limit: int | None = None) -> None:
        self.position = position
        self.limit = limit
        self._groups = position.groups()
        self._plays: list[Play] | None = None

    @property
    def count(self) -> int:
        """How many distinct legal plays there are (exact, without building them)."""
        return sum(len(ms) for _, ms, _ in self._groups)

    @property
    def complete(self) -> bool:
        """Whether iterating lists every legal play (the limit cuts none off)."""
        return self.limit is None or self.count <= self.limit

    def _build(self) -> list[Play]:
        if self._plays is None:
            plays: list[Play] = []
            limit = self.limit if self.limit is not None else self.count
            for kind, masks, chop in self._groups:
                for m in sorted(masks, key=_display_order):
                    if len(plays) >= limit:
                        break
                    plays.append(Play(m, kind, chop))
            self._plays = plays
        return self._plays

    @property
    def plays(self) -> tuple[Play, ...]:
        """The legal plays listed (at most ``limit``), grouped by kind, lowest first."""
        return tuple(self._build())

    def __iter__(self) -> Iterator[Play]:
        return iter(self._build())

    def __len__(self) -> int:
        """How many plays are listed (all of them unless ``limit`` cut some off)."""
        return len(self._build())

    def __contains__(self, play: object) -> bool:
        if isinstance(play, Play):
            return check(self.position, play).legal
        if isinstance(play, (tuple, list)) and all(isinstance(c, Card) for c in play):
            return check(self.position, play).legal
        return False

    def grouped(self) -> dict[Kind, list[Play]]:
        """Kind → plays, in the fixed order single, pair, triple, four of a kind, sequence, double sequence."""
        out: dict[Kind, list[Play]] = {}
        for play in self._build():
            assert play.kind is not None
            out.setdefault(play.kind, []).append(play)
        return {k: out[k] for k in KIND_ORDER if k in out}


def legal_plays(position: Position, limit: int | None = None) -> LegalPlays:
    """The distinct legal plays, lazily, at most ``limit`` of them (passing aside: see ``position.can_pass``)."""
    return LegalPlays(position, limit)


def count_legal(position: Position) -> int:
    """How many legal plays there are, without building them."""
    return sum(len(ms) for _, ms, _ in position.groups())


def check(position: Position, play: Play | Pass | Sequence[Card]) -> Verdict:
    """Whether ``play`` (a :class:`Play`, cards, or the pass) is legal in ``position``, with the reason a learner
    reads — without listing the legal plays. This is the one legality path of Thirteen.

    Every reason is built from what the position holds: what could beat the table at all (nothing beats four 2s
    without the bomb ladder), whether the hand holds anything that does, and the option that would change the
    verdict where these rules do not settle it.
    """
    if isinstance(play, Pass):
        return _check_pass(position)
    cards = play.cards if isinstance(play, Play) else tuple(play)
    if not cards:
        return Verdict(False, _("no cards were chosen: play a combination, or pass") if position.can_pass
                       else _("no cards were chosen: play a combination"))
    hand = position.hand_mask
    if not isinstance(play, Play) or play.mask & ~hand:
        missing = [c.symbol_text for c in game_sorted(set(cards)) if not hand >> index(c) & 1]
        if missing:
            absent = _("{cards} is not in your hand") if len(missing) == 1 else _("{cards} are not in your hand")
            return Verdict(False, absent.format(cards=and_list(missing)))
    rules = position.rules
    twos = rules.twos_in_double_sequences
    combo = classify(cards, twos)
    if combo is None:
        return Verdict(False, why_not_combo(cards, twos))
    table = position.table
    if table is not None and position.passed:
        locked = _locked_reason(position, combo, table)
        if locked:
            return Verdict(False, locked)
    must = position.must_contain
    if must is not None and must not in cards:
        first = _("the first play of the game must contain {card}, the lowest card dealt ({note})")
        return Verdict(False, first.format(card=must.symbol_text, note=default_note("first_lead_must_contain_lowest")))
    if table is None:
        lead = _("you lead, so any combination may be played")
        if must is not None:
            lead = _("it contains {card}, as the first play of the game must").format(card=must.symbol_text)
        if combo.kind is Kind.DOUBLE_SEQUENCE and combo.has_two:
            lead += " " + _("(under these rules pairs of 2s may end a double sequence, after the aces)")
        return Verdict(True, _("{cards} is {a_shape}: {why}").format(cards=combo.symbols, a_shape=combo.a_shape,
                                                                     why=lead))
    verdict = beat_reason(combo, table, rules.bomb_ladder, twos)
    if not verdict.legal and not count_legal(position) and beaters(table, rules.bomb_ladder, twos):
        return Verdict(False, verdict.reason + "; " + _("nothing in your hand beats the table, so you can only pass"))
    return verdict


def _locked_reason(position: Position, combo: Combo, table: Combo) -> str:
    """Why a player who passed this round may not play ``combo`` now ('' when a bomb may still be played)."""
    rules = position.rules
    chop_table = table.has_two or table.is_bomb
    if not rules.chop_after_pass:
        if combo.is_bomb and chop_table and beat_reason(combo, table, rules.bomb_ladder,
                                                        rules.twos_in_double_sequences).legal:
            return _("{locked}; {option} would still let you play this bomb on {table}").format(
                locked=_(LOCKED_OUT), option=option_named(option_label("chop_after_pass")), table=table.name)
        return _(LOCKED_OUT)
    if not chop_table:
        return _(LOCKED_OUT)
    if not combo.is_bomb:
        return _("{locked}, except for a bomb that beats {table}").format(locked=_(LOCKED_OUT), table=table.name)
    return ""


def _check_pass(position: Position) -> Verdict:
    if position.table is None:
        return Verdict(False, _("you lead: the table is empty, so you must play a combination (a leader cannot "
                                "pass)"))
    if position.passed:
        return Verdict(True, _("you have already passed this round; you stay out until the table clears"))
    if not count_legal(position):
        return Verdict(True, _("nothing in your hand beats {table}, so you pass; you are then locked out until the "
                               "table clears").format(table=position.table.name))
    return Verdict(True, _("passing is allowed even with a playable hand, but you are then locked out until the "
                           "table clears"))
