"""A whole game of Thirteen as frozen states on card masks: the deal, whose turn, legal actions, checks and apply.

Turn order is the seat order (clockwise). A play must beat the table; a pass locks the player out until
the table clears. A player who is out or locked out is skipped — except that under ``chop_after_pass`` a
locked-out player holding a bomb that chops the table is asked. When the turn would come back to the
player who made the last play, the table clears and that player leads; if they have just gone out, the
next player still in leads. The game ends when one player is left with cards (or, with
``finish = "first"``, when the first player goes out).

Actions are typed: a :class:`~engine.thirteen.play.Play` of cards or :data:`~engine.base.PASS`.
:func:`check_action` asks :func:`engine.thirteen.play.check` — the one legality path — and :func:`apply`
refuses with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.base import PASS, Pass, Verdict
from engine.cards import parse_cards
from engine.errors import IllegalPlayError, InvalidNotationError
from engine.i18n import gettext
from engine.thirteen.combos import Combo, Kind, chops, kind_of_mask
from engine.thirteen.deal import deal_masks, instant_win, lowest_holder
from engine.thirteen.order import cards_of, index, mask_of, mask_text
from engine.thirteen.play import Play, Position, check, play_groups
from engine.thirteen.rules import Finish, Rules

__all__ = [
    "NO_KIND",
    "PASS",
    "PASS_TEXT",
    "Action",
    "Phase",
    "State",
    "action_text",
    "apply",
    "apply_unchecked",
    "can_chop_locked",
    "can_pass",
    "check_action",
    "from_hands",
    "legal_actions",
    "move_masks",
    "moves",
    "new_game",
    "parse_action",
    "places",
    "position_of",
]

NO_KIND = -1
_PASS_MASK = 0

Action = Play | Pass
"""What a player does on their turn: play cards, or pass."""
PASS_TEXT = "pass"
_ACTION_EXPECTED = "'pass' or cards such as 3S 4S 5H"


def action_text(action: Action) -> str:
    """An action as text: ``pass``, or the cards in notation, game order (``3S 4S 5H``)."""
    return PASS_TEXT if isinstance(action, Pass) else mask_text(action.mask)


def parse_action(text: str) -> Action:
    """The action ``text`` names; InvalidNotationError for text that is neither ``pass`` nor cards of the deck
    (each card at most once)."""
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), _ACTION_EXPECTED)
    if text.strip().lower() == PASS_TEXT:
        return PASS
    cards = parse_cards(text)
    if not cards:
        raise InvalidNotationError(text, _ACTION_EXPECTED)
    for card in cards:
        index(card)
    if len(set(cards)) != len(cards):
        raise InvalidNotationError(text, "cards, each at most once (one deck)")
    return Play(mask_of(cards))


class Phase(Enum):
    """The parts of a game: Thirteen has no bidding, only play."""

    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class State:
    """The state of a game. ``table`` is the mask of the combination to beat (0: the player to act leads).

    ``dealt`` and ``hands`` are card masks per seat; ``locked`` has bit ``s`` set while seat ``s`` is locked out;
    ``must`` is the card the first play must contain (0 when free); ``trick`` lists (seat, mask) of this round's
    plays and passes (mask 0); ``left_at_first_out`` the cards each seat held when the first player went out.
    """

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
    def phase(self) -> Phase:
        return Phase.OVER if self.turn is None else Phase.PLAY

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


def new_game(rules: Rules, seed: int, leader: int | None = None, first_game: bool = True) -> State:
    """The game after the seeded deal.

    The first game of a match is led by the holder of the lowest card dealt, whose play must contain it
    (when the rules say so); a later game is led by ``leader`` (the previous winner), freely.
    """
    return from_hands(rules, deal_masks(rules, seed), leader, first_game)


def from_hands(rules: Rules, hands: tuple[int, ...], leader: int | None = None, first_game: bool = True) -> State:
    """The game with these hands (card masks, one per seat) dealt: a posed game, or the seeded deal."""
    if leader is None or first_game:
        leader = lowest_holder(hands)
    must = hands[leader] & -hands[leader] if first_game and rules.first_lead_must_contain_lowest else 0
    state = State(rules, hands, hands, leader, must=must, leader=leader)
    if rules.instant_wins:
        for step in range(rules.players):
            seat = (leader + step) % rules.players
            pattern = instant_win(hands[seat], rules.twos_in_double_sequences)
            if pattern:
                order = (seat,) + tuple((seat + k) % rules.players for k in range(1, rules.players))
                return State(rules, hands, hands, None, finished=order, must=0, leader=leader,
                             left_at_first_out=tuple(h.bit_count() for h in hands), instant=pattern)
    return state


def moves(state: State) -> list[tuple[Kind, list[int], bool]]:
    """The legal plays of the seat to act as (kind, masks, chops) groups; passing is separate (:func:`can_pass`)."""
    seat = state.turn
    if seat is None:
        return []
    return play_groups(state.hands[seat], state.table, state.table_kind, bool(state.locked >> seat & 1),
                       state.must, state.rules)


def move_masks(state: State) -> list[int]:
    """Every legal play (as a mask) of the seat to act; passing aside."""
    out: list[int] = []
    for _, ms, _ in moves(state):
        out.extend(ms)
    return out


def can_pass(state: State) -> bool:
    """Whether the seat to act may pass (everyone but a leader may)."""
    return state.turn is not None and state.table != 0


def can_chop_locked(state: State, seat: int) -> bool:
    """Under ``chop_after_pass``: whether locked-out ``seat`` holds a bomb that chops the table."""
    if not state.rules.chop_after_pass or not state.table:
        return False
    return any(ms for _, ms, _ in play_groups(state.hands[seat], state.table, state.table_kind, True, 0, state.rules))


def legal_actions(state: State, limit: int | None = None) -> list[Action]:
    """The distinct legal actions of the seat to act: its plays (grouped by kind, lowest first), then the pass."""
    if state.turn is None:
        return []
    out: list[Action] = []
    for kind, masks, chop in moves(state):
        out.extend(Play(m, kind, chop) for m in masks)
    if can_pass(state):
        out.append(PASS)
    return out if limit is None else out[:limit]


def position_of(state: State) -> Position:
    """The position the seat to act faces (IllegalPlayError once the game is over)."""
    seat = state.turn
    if seat is None:
        raise IllegalPlayError(gettext("the game is over"))
    # A state only holds positions that can occur, so the position is made without Position.build's checks.
    table = Combo(Kind(state.table_kind), cards_of(state.table)) if state.table else None
    return Position(cards_of(state.hands[seat]), table, state.is_locked(seat), state.must != 0, state.rules)


def check_action(state: State, action: Action) -> Verdict:
    """Whether ``action`` is legal for the seat to act, with the reason: :func:`engine.thirteen.play.check` asked
    about the position that seat faces (the one legality path)."""
    if state.turn is None:
        return Verdict(False, gettext("the game is over"))
    return check(position_of(state), action)


def apply(state: State, action: Action) -> State:
    """The state after the seat to act takes ``action``; IllegalPlayError with :func:`check_action`'s reason."""
    verdict = check_action(state, action)
    if not verdict.legal:
        raise IllegalPlayError(verdict.reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """:func:`apply` without the check, for actions the engine generated (:func:`legal_actions`, the bots)."""
    return _apply_mask(state, _PASS_MASK if isinstance(action, Pass) else action.mask)


def _apply_mask(game: State, mask: int) -> State:
    seat = game.turn
    assert seat is not None
    n = game.players
    rules = game.rules
    if mask == _PASS_MASK:
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
            return State(rules, game.dealt, hands, None, mask, kind, seat, game.locked, finished + tuple(rest), 0,
                         game.trick + ((seat, mask),), game.leader, game.plays + 1, game.passes, game.tricks + 1,
                         chop_count, left, game.instant)
    return _advance(game, seat, hands, mask, kind, seat, game.locked, finished, game.trick + ((seat, mask),),
                    game.plays + 1, game.passes, chop_count, left)


def _advance(game: State, seat: int, hands: tuple[int, ...], table: int, table_kind: int, last: int, locked: int,
             finished: tuple[int, ...], trick: tuple[tuple[int, int], ...], plays: int, passes: int, chop_count: int,
             left: tuple[int, ...]) -> State:
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
            probe = State(rules, game.dealt, hands, s, table, table_kind, last, locked)
            if not can_chop_locked(probe, s):
                continue
        return State(rules, game.dealt, hands, s, table, table_kind, last, locked, finished, 0, trick,
                     game.leader, plays, passes, game.tricks, chop_count, left, game.instant)
    # Everyone else passed (or is out or locked): the table clears.
    leader = last
    while not hands[leader]:
        leader = (leader + 1) % n
    return State(rules, game.dealt, hands, leader, 0, NO_KIND, -1, 0, finished, 0, (), game.leader, plays, passes,
                 game.tricks + 1, chop_count, left, game.instant)


def places(state: State) -> tuple[int, ...]:
    """Each seat's place, 1 = first out (only meaningful once the game is over)."""
    out = [0] * state.players
    for place, seat in enumerate(state.finished, start=1):
        out[seat] = place
    return tuple(out)
