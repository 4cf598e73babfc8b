"""Legal plays and verdicts: what one player may play now, and why a chosen play is legal or not.

A :class:`Position` is what one player faces: their hand, the combination on the table (none when
they lead), whether they have passed this round, and whether this is the first lead of the game. The
fast generators work on card masks (see :mod:`engine.thirteen.combos`): sequences and double sequences
are built rank by rank from runs of the hand's rank groups, never by trying subsets. Under the option
``twos_in_double_sequences`` the runs of pairs may go on into the 2s' rank group (… K K A A 2 2); the
generators take it as ``twos`` and otherwise do exactly the same work.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.base import Verdict
from engine.cards import Card
from engine.errors import InvalidPositionError
from engine.thirteen.combos import (
    CARDS,
    KIND_ORDER,
    PAIRS,
    SINGLES,
    TRIPLES,
    TWO_RANK,
    Combo,
    Kind,
    beat_reason,
    cards_of,
    chop_answers,
    classify,
    game_sorted,
    index,
    kind_of_mask,
    mask_of,
    why_not_combo,
)
from engine.thirteen.rules import Rules

HAND_SIZE = 13

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


_SET_TABLES = {Kind.SINGLE: SINGLES, Kind.PAIR: PAIRS, Kind.TRIPLE: TRIPLES}


def _of_shape(groups: list[int], kind: int, n: int, above: int, twos: bool = False) -> list[int]:
    """Every play of ``kind`` with ``n`` cards whose top card is above index ``above`` (-1: any)."""
    if kind <= Kind.TRIPLE:
        return _sets(groups, _SET_TABLES[Kind(kind)], above)
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
        out.append((Kind(t_kind), _of_shape(g, t_kind, t_n, t_top, twos), False))
    for kind, n in chop_answers(t_kind, t_n, t_top, ladder):
        out.append((kind, _of_shape(g, kind, n, -1, twos), True))
    return out


def lowest_card_mask(hand: int) -> int:
    return hand & -hand


# ---------------------------------------------------------------------------------------------------
# The position one player faces, with checked construction.


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
        hand: Iterable[Card],
        table: Iterable[Card] = (),
        *,
        passed: bool = False,
        first_lead: bool = False,
        rules: Rules | None = None,
    ) -> Position:
        """A checked position; InvalidPositionError (a learner-readable message) if it cannot occur."""
        rules = rules or Rules()
        hand = tuple(hand)
        table_cards = tuple(table)
        _check_cards(hand, "in your hand")
        _check_cards(table_cards, "on the table")
        if not hand:
            raise InvalidPositionError("your hand is empty: a player with no cards has gone out and plays no more")
        if len(hand) > HAND_SIZE:
            raise InvalidPositionError(f"a hand holds at most {HAND_SIZE} cards; this one has {len(hand)}")
        shared = [c for c in game_sorted(hand) if c in set(table_cards)]
        if shared:
            raise InvalidPositionError(
                f"{shared[0].symbol_text} is both in your hand and on the table; there is only one deck")
        combo = None
        twos = rules.twos_in_double_sequences
        if table_cards:
            combo = classify(table_cards, twos)
            if combo is None:
                raise InvalidPositionError(
                    f"the table must hold a combination: {why_not_combo(table_cards, twos)}")
        if first_lead:
            if combo is not None:
                raise InvalidPositionError("the first lead is made on an empty table, but the table holds cards")
            if passed:
                raise InvalidPositionError("nobody can have passed before the first lead of the game")
            three = CARDS[0]
            if rules.players == 4 and rules.first_lead_must_contain_lowest and three not in hand:
                raise InvalidPositionError(
                    "with four players all 52 cards are dealt, so the first lead belongs to whoever holds 3♠, "
                    "and 3♠ is not in your hand")
        if passed and combo is None:
            raise InvalidPositionError("you cannot be locked out on an empty table: a pass lasts only until "
                                       "the table clears, and then the last player leads")
        return cls(tuple(game_sorted(hand)), combo, passed, first_lead, rules)

    @property
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

    def locked_reason(self) -> str:
        return "you passed this round, so you cannot play until the table clears"


def _check_cards(cards: tuple[Card, ...], where: str) -> None:
    seen: set[int] = set()
    for card in cards:
        i = index(card)
        if i in seen:
            raise InvalidPositionError(f"{card.symbol_text} appears twice {where}, but Thirteen uses one deck")
        seen.add(i)


@dataclass(frozen=True, slots=True)
class Play:
    """One legal play: the combination, and whether it is a bomb and chops (beats a different kind)."""

    combo: Combo
    chop: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.combo.cards

    @property
    def text(self) -> str:
        return self.combo.text

    @property
    def is_bomb(self) -> bool:
        return self.combo.is_bomb


def _position_groups(pos: Position) -> list[tuple[Kind, list[int], bool]]:
    hand = pos.hand_mask
    table = pos.table
    if table is None:
        groups = [(k, ms, False) for k, ms in lead_groups(hand, pos.rules.twos_in_double_sequences)]
    else:
        if pos.passed and not pos.rules.chop_after_pass:
            return []
        bombs_only = pos.passed
        if bombs_only and not (table.has_two or table.is_bomb):
            return []
        groups = beat_groups(hand, table.kind, table.mask, pos.rules.bomb_ladder, bombs_only,
                             pos.rules.twos_in_double_sequences)
    must = pos.must_contain
    if must is not None:
        bit = 1 << index(must)
        groups = [(k, [m for m in ms if m & bit], c) for k, ms, c in groups]
    return groups


def _display_order(mask: int) -> tuple[int, int]:
    return (mask.bit_count(), mask.bit_length())


class LegalPlays:
    """The legal plays of a position: iterate them (grouped by kind, lowest first), count them, or ask
    ``cards in legal`` (which checks that play alone, without listing)."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self._plays: list[Play] | None = None

    def _build(self) -> list[Play]:
        if self._plays is None:
            plays = []
            for kind, masks, chop in _position_groups(self.position):
                for m in sorted(masks, key=_display_order):
                    plays.append(Play(Combo(kind, cards_of(m)), chop))
            self._plays = plays
        return self._plays

    def __iter__(self) -> Iterator[Play]:
        return iter(self._build())

    def __len__(self) -> int:
        return len(self._build())

    def __contains__(self, cards: object) -> bool:
        if isinstance(cards, Play):
            cards = cards.cards
        if not isinstance(cards, (tuple, list)):
            return False
        return check(self.position, cards).legal

    def grouped(self) -> dict[Kind, list[Play]]:
        """Kind → plays, in the fixed order single, pair, triple, four of a kind, sequence, double sequence."""
        out: dict[Kind, list[Play]] = {}
        for play in self._build():
            out.setdefault(play.combo.kind, []).append(play)
        return {k: out[k] for k in KIND_ORDER if k in out}


def legal_plays(position: Position) -> LegalPlays:
    """The legal plays (passing aside: see ``position.can_pass``)."""
    return LegalPlays(position)


def count_legal(position: Position) -> int:
    """How many legal plays there are, without building Card objects."""
    return sum(len(ms) for _, ms, _ in _position_groups(position))


def check(position: Position, cards: Iterable[Card]) -> Verdict:
    """Whether playing ``cards`` is legal in ``position``, with the reason (no enumeration)."""
    cards = tuple(cards)
    if not cards:
        return check_pass(position)
    hand = set(position.hand)
    for card in game_sorted(cards):
        if card not in hand:
            return Verdict(False, f"{card.symbol_text} is not in your hand")
    rules = position.rules
    twos = rules.twos_in_double_sequences
    combo = classify(cards, twos)
    if combo is None:
        return Verdict(False, why_not_combo(cards, twos))
    table = position.table
    if table is not None and position.passed:
        if not rules.chop_after_pass:
            return Verdict(False, position.locked_reason())
        if not combo.is_bomb or not (table.has_two or table.is_bomb):
            return Verdict(False, position.locked_reason() + " (only a bomb on 2s may still be played)")
    must = position.must_contain
    if must is not None and must not in cards:
        return Verdict(False, f"the first play of the game must contain {must.symbol_text}, the lowest card dealt")
    if table is None:
        lead = "you lead, so any combination may be played"
        if must is not None:
            lead = f"this is the first lead and it contains {must.symbol_text}"
        if combo.kind is Kind.DOUBLE_SEQUENCE and combo.has_two:
            lead += " (under these rules pairs of 2s may end a double sequence, after the aces)"
        return Verdict(True, f"{combo.name} is a {combo.shape}: {lead}")
    ok, reason = beat_reason(combo, table, rules.bomb_ladder)
    return Verdict(ok, reason)


def check_pass(position: Position) -> Verdict:
    """Whether the player may pass now."""
    if position.table is None:
        return Verdict(False, "you lead: the table is empty, so you must play a combination (a leader cannot pass)")
    if position.passed:
        return Verdict(True, "you have already passed this round; you stay out until the table clears")
    return Verdict(True, "passing is allowed even with a playable hand, but you are then locked out "
                         "until the table clears")


def play_kind(cards: Iterable[Card], twos: bool = False) -> Kind | None:
    return kind_of_mask(mask_of(cards), twos)
