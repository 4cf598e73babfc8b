"""What the coach (:mod:`engine.advisor`) needs from Thirteen: hidden cards sampled from what a seat has seen,
the numbers that describe how a played-out game went, Thirteen's rules of thumb, and posed editor positions.

A seat sees its own hand, every card played so far (by whom), and how many cards each other seat holds. Thirteen
has no suit to follow, so a pass reveals nothing for certain (passing is allowed with a playable hand): the other
hands are dealt again at random from the cards the seat has not seen, in their sizes. With fewer than four
players the cards no one was dealt are among the unseen too. Nothing here reads a card the seat cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.base import Pass
from engine.i18n import Nn_, gettext
from engine.thirteen.combos import Kind, kind_of_mask
from engine.thirteen.order import ALL_MASK, CARDS, TWO_RANK, TWOS_MASK, mask_of
from engine.thirteen.play import Position
from engine.thirteen.rules import Rules
from engine.thirteen.state import NO_KIND, Action, State, moves, places
from engine.words import count, number

__all__ = ["FEATURE_WORDS", "determinize", "features", "position_state", "rule_of_thumb", "seen_mask", "value_words"]

FEATURE_WORDS: Mapping[str, tuple[str, str]] = {
    "cards_left": Nn_("card left when the first player goes out", "cards left when the first player goes out"),
    "behind": Nn_("player who goes out after you", "players who go out after you"),
}


def seen_mask(state: State, seat: int) -> int:
    """The cards ``seat`` has seen: its own hand, and every card played so far (the table included)."""
    seen = state.hands[seat] | state.table
    for dealt, held in zip(state.dealt, state.hands, strict=True):
        seen |= dealt & ~held
    return seen


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``: every other hand dealt again, in its size, from the cards the
    seat has not seen. Depends only on the seat's hand, the cards played and the hand sizes."""
    unseen = ALL_MASK & ~seen_mask(state, seat)
    pool = [i for i in range(52) if unseen >> i & 1]
    rng.shuffle(pool)
    hands = list(state.hands)
    dealt = list(state.dealt)
    at = 0
    for other in range(state.players):
        if other == seat:
            continue
        size = state.hands[other].bit_count()
        mask = 0
        for i in pool[at:at + size]:
            mask |= 1 << i
        at += size
        dealt[other] = (state.dealt[other] & ~state.hands[other]) | mask
        hands[other] = mask
    return _replace_hands(state, tuple(hands), tuple(dealt))


def _replace_hands(state: State, hands: tuple[int, ...], dealt: tuple[int, ...]) -> State:
    return State(state.rules, dealt, hands, state.turn, state.table, state.table_kind, state.last, state.locked,
                 state.finished, state.must, state.trick, state.leader, state.plays, state.passes, state.tricks,
                 state.chops, state.left_at_first_out, state.instant)


def features(state: State, seat: int) -> dict[str, float]:
    """How a played-out game went for ``seat``: how many players went out after it (more is better: the words then
    read "1.2 more players who go out after you", not "fewer places lower") and the cards it still held when the
    first player went out (0 when it went out first)."""
    left = state.left_at_first_out or tuple(h.bit_count() for h in state.hands)
    return {"behind": float(state.players - places(state)[seat]), "cards_left": float(left[seat])}


def _opponent_low(state: State, seat: int) -> int:
    """The fewest cards an opponent still in holds (14 when none is)."""
    return min((h.bit_count() for s, h in enumerate(state.hands) if s != seat and h), default=14)


def rule_of_thumb(state: State, action: Action) -> str:
    """Thirteen's strategy for ``action`` in a sentence, or '' when no rule of thumb applies."""
    seat = state.turn
    if seat is None:
        return ""
    hand = state.hands[seat]
    twos = state.rules.twos_in_double_sequences
    danger = _opponent_low(state, seat)
    if isinstance(action, Pass):
        if not _can_play(state):
            return gettext("nothing in your hand beats the table")
        if danger <= 2:
            return gettext("an opponent holds only {cards}, and a pass lets the table go by").format(
                cards=count(danger, "card"))
        return gettext("passing keeps your cards for later, but locks you out until the table clears")
    mask = action.mask
    if mask == hand:
        return gettext("it plays your last cards: you go out")
    kind = kind_of_mask(mask, twos)
    spends_twos = (mask & TWOS_MASK).bit_count()
    if state.table and (state.table.bit_length() - 1) >> 2 == TWO_RANK and kind in (Kind.QUAD, Kind.DOUBLE_SEQUENCE):
        return gettext("a bomb on a 2 takes the table from the highest card")
    broken = _broken_bomb(hand, mask)
    if broken:
        return gettext("it breaks up your {bomb}, a bomb").format(bomb=broken)
    if spends_twos and not (state.table and (state.table.bit_length() - 1) >> 2 == TWO_RANK) and danger > 3:
        if spends_twos == 1:
            return gettext("it spends a 2, the highest cards, while no opponent is close to going out")
        return gettext("it spends {n} 2s, the highest cards, while no opponent is close to going out").format(
            n=number(spends_twos))
    if not state.table:
        low = hand & -hand
        if mask & low and mask.bit_count() >= 3:
            return gettext("it sheds your lowest card in a long combination while the lead is yours")
        if danger == 1 and mask.bit_count() == 1:
            return gettext("an opponent holds one card, and a single is the lead that card can beat")
        if mask & low:
            return gettext("it gets rid of your lowest card while the lead is yours")
        return ""
    if danger <= 2:
        return gettext("an opponent holds only {cards}: beating the table keeps the lead from them").format(
            cards=count(danger, "card"))
    return ""


def _can_play(state: State) -> bool:
    return any(ms for _, ms, _ in moves(state))


def _broken_bomb(hand: int, mask: int) -> str:
    """The bomb of ``hand`` (a four of a kind) that ``mask`` splits, in words, or ''."""
    for r in range(13):
        quad = 15 << (4 * r)
        if hand & quad == quad and 0 < (mask & quad).bit_count() < 4:
            return gettext("four {rank}s").format(rank=CARDS[4 * r].rank.text)
    return ""


def position_state(rules: Rules, position: Position) -> State:
    """A state for the coach from a posed position: North (seat 0) to act, holding the hand; the table played by
    the seat before North; every other hand filled in by :func:`determinize` before any play-out. The other seats
    are taken to hold as many cards as North (the table's owner that many less the table, at least one)."""
    n = rules.players
    hand = mask_of(position.hand)
    table = position.table.mask if position.table is not None else 0
    owner = n - 1
    size = len(position.hand)
    sizes = [size] * n
    sizes[owner] = max(1, size - table.bit_count()) if table else size
    unseen = [i for i in range(52) if not (hand | table) >> i & 1]
    hands = [hand] + [0] * (n - 1)
    at = 0
    for seat in range(1, n):
        for i in unseen[at:at + sizes[seat]]:
            hands[seat] |= 1 << i
        at += sizes[seat]
    dealt = list(hands)
    dealt[owner] |= table
    kind = int(position.table.kind) if position.table is not None else NO_KIND
    must = hand & -hand if position.first_lead and rules.first_lead_must_contain_lowest else 0
    return State(rules, tuple(dealt), tuple(hands), 0, table, kind, owner if table else -1,
                 1 if position.passed else 0, (), must, ((owner, table),) if table else (), 0)


def value_words(state: State) -> tuple[str, str]:
    """What the coach's values count, singular and plural: the points of the finishing order."""
    return ("point", "points")
