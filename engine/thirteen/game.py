"""A whole game of Thirteen as an immutable state machine on card masks, played to its finishing order.

Turn order is the seat order (clockwise). A play must beat the table; a pass locks the player out until
the table clears. A player who is out or locked out is skipped — except that under ``chop_after_pass`` a
locked-out player holding a bomb that chops the table is asked. When the turn would come back to the
player who made the last play, the table clears and that player leads; if they have just gone out, the
next player still in leads. The game ends when one player is left with cards (or, with
``finish = "first"``, when the first player goes out).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalPlayError
from engine.thirteen.combos import TWO_RANK, Kind, beats_key, chops, kind_of_mask
from engine.thirteen.deal import deal_masks, instant_win, lowest_holder
from engine.thirteen.play import beat_groups, lead_groups
from engine.thirteen.rules import Finish, Rules

NO_KIND = -1
PASS_MASK = 0


@dataclass(frozen=True, slots=True)
class Game:
    """The state of a game. ``table`` is the mask of the combination to beat (0: the player to act leads)."""

    rules: Rules
    dealt: tuple[int, ...]
    hands: tuple[int, ...]
    turn: int | None
    table: int = 0
    table_kind: int = NO_KIND
    last: int = -1
    locked: int = 0
    finished: tuple[int, ...] = ()
    must: int = 0
    trick: tuple[tuple[int, int], ...] = ()
    leader: int = 0
    plays: int = 0
    passes: int = 0
    tricks: int = 0
    chops: int = 0
    left_at_first_out: tuple[int, ...] = ()
    instant: str = ""

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def players(self) -> int:
        return len(self.hands)

    def is_locked(self, seat: int) -> bool:
        return bool(self.locked >> seat & 1)

    def is_out(self, seat: int) -> bool:
        return self.hands[seat] == 0

    @property
    def first_lead(self) -> bool:
        return self.must != 0


def new_game(rules: Rules, seed: int, leader: int | None = None, first_game: bool = True) -> Game:
    """The game after the seeded deal.

    The first game of a match is led by the holder of the lowest card dealt, whose play must contain it
    (when the rules say so); a later game is led by ``leader`` (the previous winner), freely.
    """
    return start(rules, deal_masks(rules, seed), leader, first_game)


def start(rules: Rules, hands: tuple[int, ...], leader: int | None = None, first_game: bool = True) -> Game:
    if leader is None or first_game:
        leader = lowest_holder(hands)
    must = hands[leader] & -hands[leader] if first_game and rules.first_lead_must_contain_lowest else 0
    game = Game(rules, hands, hands, leader, must=must, leader=leader)
    if rules.instant_wins:
        for step in range(rules.players):
            seat = (leader + step) % rules.players
            pattern = instant_win(hands[seat], rules.twos_in_double_sequences)
            if pattern:
                order = (seat,) + tuple((seat + k) % rules.players for k in range(1, rules.players))
                return Game(rules, hands, hands, None, finished=order, must=0, leader=leader,
                            left_at_first_out=tuple(h.bit_count() for h in hands), instant=pattern)
    return game


def can_chop_locked(game: Game, seat: int) -> bool:
    """Under ``chop_after_pass``: whether locked-out ``seat`` holds a bomb that chops the table."""
    if not game.rules.chop_after_pass or not game.table:
        return False
    top = game.table.bit_length() - 1
    if top >> 2 != TWO_RANK and game.table_kind not in (Kind.QUAD, Kind.DOUBLE_SEQUENCE):
        return False
    groups = beat_groups(game.hands[seat], game.table_kind, game.table, game.rules.bomb_ladder, True,
                         game.rules.twos_in_double_sequences)
    return any(ms for _, ms, _ in groups)


def moves(game: Game) -> list[tuple[Kind, list[int], bool]]:
    """The legal plays of the seat to act as (kind, masks, chops) groups; passing is separate (:func:`can_pass`)."""
    seat = game.turn
    if seat is None:
        return []
    hand = game.hands[seat]
    twos = game.rules.twos_in_double_sequences
    if not game.table:
        groups = [(k, ms, False) for k, ms in lead_groups(hand, twos)]
        if game.must:
            groups = [(k, [m for m in ms if m & game.must], c) for k, ms, c in groups]
        return groups
    locked = game.is_locked(seat)
    return beat_groups(hand, game.table_kind, game.table, game.rules.bomb_ladder, locked, twos)


def move_masks(game: Game) -> list[int]:
    """Every legal play (as a mask) of the seat to act; passing aside."""
    out: list[int] = []
    for _, ms, _ in moves(game):
        out.extend(ms)
    return out


def can_pass(game: Game) -> bool:
    return game.turn is not None and game.table != 0


def why_illegal(game: Game, mask: int) -> str:
    """'' when ``mask`` (0 = pass) is legal for the seat to act, else the reason (short, for the table)."""
    seat = game.turn
    if seat is None:
        return "the game is over"
    if mask == PASS_MASK:
        return "" if game.table else "you lead: the table is empty, so you must play (a leader cannot pass)"
    hand = game.hands[seat]
    if mask & ~hand:
        return "those cards are not all in the hand"
    kind = kind_of_mask(mask, game.rules.twos_in_double_sequences)
    if kind is None:
        return "those cards are not a combination"
    if game.must and not mask & game.must:
        return "the first play of the game must contain the lowest card dealt"
    if not game.table:
        return ""
    if game.is_locked(seat):
        if not game.rules.chop_after_pass:
            return "you passed this round, so you cannot play until the table clears"
        if kind not in (Kind.QUAD, Kind.DOUBLE_SEQUENCE):
            return "you passed this round; only a bomb on 2s may still be played"
    if not beats_key(kind, mask, game.table_kind, game.table, game.rules.bomb_ladder):
        return "that does not beat the table"
    return ""


def apply(game: Game, mask: int) -> Game:
    """The game after the seat to act plays ``mask`` (0 = pass). IllegalPlayError if it is not legal."""
    reason = why_illegal(game, mask)
    if reason:
        raise IllegalPlayError(reason)
    return apply_unchecked(game, mask)


def apply_unchecked(game: Game, mask: int) -> Game:
    """:func:`apply` without the legality check (for bots that choose among :func:`moves`)."""
    seat = game.turn
    assert seat is not None
    n = game.players
    rules = game.rules
    if mask == PASS_MASK:
        locked = game.locked | (1 << seat)
        return _advance(game, seat, game.hands, game.table, game.table_kind, game.last, locked,
                        game.finished, game.trick + ((seat, 0),), game.plays, game.passes + 1, game.chops,
                        game.left_at_first_out)
    kind = kind_of_mask(mask, rules.twos_in_double_sequences)
    assert kind is not None
    chop_count = game.chops
    if game.table and chops(kind, mask.bit_count(), game.table_kind, game.table.bit_count(),
                            game.table.bit_length() - 1, rules.bomb_ladder):
        chop_count += 1
    hands = game.hands[:seat] + (game.hands[seat] & ~mask,) + game.hands[seat + 1:]
    finished = game.finished
    left = game.left_at_first_out
    if hands[seat] == 0:
        finished = finished + (seat,)
        if not left:
            left = tuple(h.bit_count() for h in hands)
        still_in = [s for s in range(n) if hands[s]]
        if rules.finish is Finish.FIRST or len(still_in) <= 1:
            rest = sorted((s for s in range(n) if hands[s]), key=lambda s: (hands[s].bit_count(), (s - seat) % n))
            return Game(rules, game.dealt, hands, None, mask, kind, seat, game.locked, finished + tuple(rest), 0,
                        game.trick + ((seat, mask),), game.leader, game.plays + 1, game.passes, game.tricks + 1,
                        chop_count, left, game.instant)
    return _advance(game, seat, hands, mask, kind, seat, game.locked, finished, game.trick + ((seat, mask),),
                    game.plays + 1, game.passes, chop_count, left)


def _advance(game: Game, seat: int, hands: tuple[int, ...], table: int, table_kind: int, last: int, locked: int,
             finished: tuple[int, ...], trick: tuple[tuple[int, int], ...], plays: int, passes: int, chop_count: int,
             left: tuple[int, ...]) -> Game:
    """The state with the turn moved on from ``seat``: the next seat that may act, or a cleared table."""
    n = len(hands)
    rules = game.rules
    s = seat
    for _ in range(n):
        s = (s + 1) % n
        if s == last:
            break
        if not hands[s]:
            continue
        if locked >> s & 1:
            probe = Game(rules, game.dealt, hands, s, table, table_kind, last, locked)
            if not can_chop_locked(probe, s):
                continue
        return Game(rules, game.dealt, hands, s, table, table_kind, last, locked, finished, 0, trick,
                    game.leader, plays, passes, game.tricks, chop_count, left, game.instant)
    # Everyone else passed (or is out or locked): the table clears.
    leader = last
    while not hands[leader]:
        leader = (leader + 1) % n
    return Game(rules, game.dealt, hands, leader, 0, NO_KIND, -1, 0, finished, 0, (), game.leader, plays, passes,
                game.tricks + 1, chop_count, left, game.instant)


def places(game: Game) -> tuple[int, ...]:
    """Each seat's place, 1 = first out (only meaningful once the game is over)."""
    out = [0] * game.players
    for place, seat in enumerate(game.finished, start=1):
        out[seat] = place
    return tuple(out)
