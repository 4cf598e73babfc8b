"""Two bots: ``heuristic`` (simple sensible play, the default) and ``random`` (a random legal action).

Both build their plays from the requirement (the ladder rung) rather than by listing every legal play,
so a decision costs well under a millisecond. The random bot declares or passes at random, buries random
cards, leads a random combination (it does not throw) and follows with a random legal play. The heuristic
bot declares when the suit would give it many trumps, buries low non-point cards of its short suits, leads
combinations no unseen card can beat (throwing several when it can count that they stand), follows low,
feeds points to a partner who is winning, and trumps tricks that hold points.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.base import PASS
from engine.cards import Card
from engine.contract import Bot
from engine.i18n import N_
from engine.shengji import playout
from engine.shengji.bidding import Declaration, check_bury
from engine.shengji.combos import SINGLE, Combo, Holding, build, decompose, satisfy
from engine.shengji.deal import deck_of
from engine.shengji.order import Group, Trump, points, trump_for
from engine.shengji.play import Duty, requirement
from engine.shengji.state import (
    NAMEABLE,
    Action,
    Bury,
    Choose,
    Declare,
    Name,
    Phase,
    Play,
    State,
    declaration_options,
)
from engine.shengji.trick import trick_winner

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

    CardKey = Callable[[Card], SupportsRichComparison]  # a sort key over cards

__all__ = ["BOTS", "bury_choice", "heuristic_bot", "random_bot"]


def heuristic_bot(state: State, rng: random.Random) -> Action:
    """The heuristic bot's action for the seat to act (in a coach's play-out on integer cards: the same choice,
    made there)."""
    if type(state) is not State:  # a coach's play-out on integer cards (engine.shengji.playout)
        return cast(Action, playout.FastPlay(playout.heuristic(cast(Any, state))))
    return _choose(state, rng, heuristic=True)


def random_bot(state: State, rng: random.Random) -> Action:
    """A random legal action for the seat to act (leads a random combination, never throws)."""
    if type(state) is not State:  # a coach's play-out on integer cards (engine.shengji.playout)
        state = playout.to_state(cast(Any, state))
    return _choose(state, rng, heuristic=False)


BOTS: dict[str, Bot[State, Action]] = {
    "heuristic": Bot("heuristic", N_("declares strong suits, buries low cards, leads winners, follows low, trumps "
                                     "point-rich tricks"), heuristic_bot),
    "random": Bot("random", N_("a random legal action (leads a random combination, never throws)"), random_bot),
}


def _choose(state: State, rng: random.Random, heuristic: bool) -> Action:
    phase = state.phase
    if phase is Phase.DRAW:
        return _declare(state, rng, heuristic)
    if phase is Phase.NAME:
        return _name(state, rng, heuristic)
    if phase is Phase.BURY:
        return bury_choice(state, rng, heuristic)
    if phase is Phase.CHOOSE:
        assert state.throw is not None
        options = list(state.throw.options)
        return Choose(options[0] if heuristic else rng.choice(options))
    if not state.trick:
        return Play(_lead_heuristic(state, rng) if heuristic else _lead_random(state, rng))
    return Play(_follow(state, rng, heuristic))


# ---------------------------------------------------------------------------------------------------
# declaring and burying
# ---------------------------------------------------------------------------------------------------


def _trump_share(hand: Sequence[Card], decl: Declaration, state: State) -> float:
    trump = trump_for(state.rules, state.declare_rank(decl.seat), decl.suit)
    return sum(1 for c in hand if trump.is_trump(c)) / max(1, len(hand))


def _declare(state: State, rng: random.Random, heuristic: bool) -> Action:
    seat = state.to_act
    assert seat is not None
    options = declaration_options(state, seat)
    if not heuristic:
        choice = rng.choice([None, *options])
        return PASS if choice is None else Declare(choice.cards)
    hand = state.hands[seat]
    current = state.current
    if current is not None and current.seat % 2 == seat % 2 and current.seat != seat:
        return PASS  # the partner's declaration stands
    best = max(options, key=lambda d: (_trump_share(hand, d, state), d.count))
    share = _trump_share(hand, best, state)
    last_chance = state.final and current is None
    needed = 0.3 if current is None else 0.4
    if len(hand) >= 5 and share >= needed or last_chance:
        return Declare(best.cards)
    return PASS


def _name(state: State, rng: random.Random, heuristic: bool) -> Name:
    """The suit the starter's partner names: random, or (heuristic) the suit that gives its hand the most trumps."""
    if not heuristic:
        return Name(rng.choice(NAMEABLE))
    seat = state.to_act
    assert seat is not None and state.starter is not None
    rank = state.levels[state.starter % 2]
    hand = state.hands[seat]
    return Name(max(NAMEABLE, key=lambda suit: sum(1 for c in hand if c.suit is suit or c.rank is rank)))


def bury_choice(state: State, rng: random.Random, heuristic: bool) -> Bury:
    """The cards the starter buries: random ones, or (heuristic) low non-point cards of short suits."""
    seat = state.to_act
    assert seat is not None and state.trump is not None
    hand = list(state.hands[seat])
    k = state.rules.kitty
    if not heuristic:
        choice = tuple(rng.sample(hand, k))
        if not check_bury(hand, choice, state.rules).legal:  # point cards buried where the rules forbid it
            choice = tuple(rng.sample([c for c in hand if not points([c])], k))
        return Bury(choice)
    trump = state.trump
    tally = Counter(hand)
    length = Counter(trump.group(c) for c in hand)

    def keep_value(card: Card) -> tuple[Any, ...]:
        g = trump.group(card)
        return (g is Group.TRUMP, points([card]) > 0, tally[card] > 1, card.rank.value >= 13, length[g],
                trump.level(card))

    choice = tuple(sorted(hand, key=keep_value)[:k])
    if not check_bury(hand, choice, state.rules).legal:  # point cards buried where the rules forbid it
        choice = tuple(sorted((c for c in hand if not points([c])), key=keep_value)[:k])
    return Bury(choice)


# ---------------------------------------------------------------------------------------------------
# leading
# ---------------------------------------------------------------------------------------------------


def _combos(hand: Sequence[Card], trump: Trump, max_width: int) -> list[tuple[Card, ...]]:
    """Every single combination in ``hand`` (singles, pairs, triples, tractors)."""
    out: list[tuple[Card, ...]] = []
    for group in Group:
        h = Holding.of(hand, trump, group)
        if not h.total:
            continue
        out.extend((c,) for c in h.cards_desc())
        for width in range(2, max_width + 1):
            for length in range(1, len(h.levels) + 1):
                units = h.units((width, length))
                if not units:
                    break
                out.extend(tuple(c for c in u for _ in range(width)) for u in units)
    return out


def _lead_random(state: State, rng: random.Random) -> tuple[Card, ...]:
    seat = state.to_act
    assert seat is not None and state.trump is not None
    return rng.choice(_combos(state.hands[seat], state.trump, state.rules.max_width))


def _unseen(state: State, seat: int) -> Counter[Card]:
    """Cards this seat cannot see: not in its hand, not played, not buried by itself."""
    left = Counter(deck_of(state.rules).cards())
    left.subtract(state.hands[seat])
    left.subtract(state.played())
    if seat == state.starter:
        left.subtract(state.buried)
    return +left


def _unbeatable(part: Combo, unseen: Counter[Card], trump: Trump) -> bool:
    h = Holding(Counter({c: n for c, n in unseen.items() if trump.group(c) is part.group}), trump, part.group)
    top = h.best_top(part.shape)
    return top is None or top <= part.top


def _lead_heuristic(state: State, rng: random.Random) -> tuple[Card, ...]:
    seat = state.to_act
    assert seat is not None and state.trump is not None
    trump, rules = state.trump, state.rules
    hand = state.hands[seat]
    unseen = _unseen(state, seat)
    winners: dict[Group, list[Combo]] = {}
    for group in Group:
        cards = [c for c in hand if trump.group(c) is group]
        if not cards:
            continue
        for part in decompose(cards, trump, rules):
            if _unbeatable(part, unseen, trump):
                winners.setdefault(group, []).append(part)
    plain = [g for g in winners if g is not Group.TRUMP]
    if rules.throws_allowed:
        throws = [winners[g] for g in plain if len(winners[g]) >= 2]
        if throws:
            parts: Sequence[Combo] = max(throws, key=lambda ps: sum(len(p.cards) for p in ps))
            return tuple(c for p in parts for c in p.cards)
    candidates = [p for g in plain for p in winners[g]] or winners.get(Group.TRUMP, [])
    if candidates:
        best = max(candidates, key=lambda p: (len(p.cards), p.top))
        return best.cards
    # nothing sure to win: lead a low card (a low pair if there is one) from the longest plain suit
    groups: list[Group] = [g for g in Group if g is not Group.TRUMP and any(trump.group(c) is g for c in hand)]
    if not groups:
        groups = [Group.TRUMP]
    longest = max(groups, key=lambda g: sum(1 for c in hand if trump.group(c) is g))
    parts = decompose([c for c in hand if trump.group(c) is longest], trump, rules)
    low = min(parts, key=lambda p: (points(p.cards) > 0, len(p.cards) == 1, p.top))
    return low.cards


# ---------------------------------------------------------------------------------------------------
# following
# ---------------------------------------------------------------------------------------------------


def _wins(state: State, play: tuple[Card, ...]) -> bool:
    assert state.trump is not None
    out = trick_winner([*state.trick, play], state.trump, state.rules)
    return out.winner == len(state.trick)


def _follow(state: State, rng: random.Random, heuristic: bool) -> tuple[Card, ...]:
    seat = state.to_act
    assert seat is not None and state.trump is not None
    trump, rules = state.trump, state.rules
    hand = state.hands[seat]
    lead = state.trick[0]
    pos = state.position()
    req = requirement(pos)
    n = req.count
    if req.beat is not None:
        return req.example  # after a failed throw, who can beat the part led must: the lowest beating play
    low_key: CardKey = lambda c: (trump.is_trump(c), points([c]) > 0, trump.level(c))  # noqa: E731
    point_key: CardKey = lambda c: (trump.is_trump(c), -points([c]), trump.level(c))  # noqa: E731
    if not heuristic:
        if req.duty is Duty.VOID:
            return tuple(rng.sample(list(hand), n))
        if req.duty is Duty.ALL_OF_SUIT:
            rest = list(hand)
            for c in req.must:
                rest.remove(c)
            return req.must + tuple(rng.sample(rest, n - len(req.must)))
        holding = pos.holding()
        order = list(holding.levels_desc)
        rng.shuffle(order)
        return build(holding, req.ladder[req.rung or 0], n, order, lambda c: rng.random())
    so_far = trick_winner(list(state.trick), trump, rules)
    winner_seat = (state.leader + so_far.winner) % 4
    partner_winning = winner_seat % 2 == seat % 2
    last_to_play = len(state.trick) == 3
    trick_points = sum(points(p) for p in state.trick)
    if req.duty is Duty.ALL_OF_SUIT:
        rest = [c for c in hand if trump.group(c) is not req.group]
        key = point_key if partner_winning else low_key
        return req.must + tuple(sorted(rest, key=key)[: n - len(req.must)])
    if req.duty is Duty.VOID:
        if not partner_winning and (trick_points >= 10 or last_to_play and trick_points > 0):
            trumps = Holding.of(hand, trump, Group.TRUMP)
            fmt = tuple(p.shape for p in decompose(lead, trump, rules))
            if req.group is not Group.TRUMP and trumps.total >= n and satisfy(trumps, fmt) is not None:
                up = tuple(reversed(trumps.levels_desc))
                for levels in (up, trumps.levels_desc):
                    play = build(trumps, fmt, n, levels, lambda c: trump.level(c))
                    if _wins(state, play):
                        return play
        key = point_key if partner_winning else low_key
        return tuple(sorted(hand, key=key)[:n])
    holding = pos.holding()
    fmt = req.ladder[req.rung or 0]
    up = tuple(reversed(holding.levels_desc))
    low = build(holding, fmt, n, up, low_key)
    if partner_winning:
        return build(holding, fmt, n, up, point_key) if last_to_play or trick_points else low
    if fmt != (SINGLE,) * n or trick_points or last_to_play:
        high = build(holding, fmt, n, holding.levels_desc, lambda c: -trump.level(c))
        for play in (low, high):
            if _wins(state, play):
                return play
    return low
