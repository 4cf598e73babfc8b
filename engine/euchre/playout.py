"""Fast play-outs for the coach: the rest of a hand played by the heuristic bot on small integers.

:func:`finish` plays ``state`` to its end exactly as the loop ``state = apply_unchecked(state,
heuristic_bot(state, rng))`` would — the same cards in the same order, the same final state — but the tricks are
played on card numbers (0-24) with lookup tables per trump suit, and only the final state is built. The calling
(at most a dozen decisions) still goes through the states, since it is rarely left to play out and the heuristic's
calls read whole hands.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.cards import Card, Suit
from engine.euchre.bots import heuristic_bot
from engine.euchre.order import BENNY_CARDS, EFFECTIVE, POWER
from engine.euchre.score import score_hand
from engine.euchre.state import HandState, Phase, apply_unchecked
from engine.euchre.table import returns
from engine.euchre.trick import Trick

__all__ = ["finish", "finish_with"]

_SUITS = tuple(Suit)
_INDEX = {c: i for i, c in enumerate(BENNY_CARDS)}
_BY_ID = {id(c): i for i, c in enumerate(BENNY_CARDS)}
# Per trump: each card's effective suit (0-3) and its power (trumps 101-108, other cards their rank 9-14).
_SUIT_OF = {t: tuple(_SUITS.index(EFFECTIVE[t][c]) for c in BENNY_CARDS) for t in Suit}
_POWER_OF = {t: tuple(POWER[t][c] for c in BENNY_CARDS) for t in Suit}
# Per trump and suit led (0-3): a card's strength in the trick, as the heuristic weighs it (trumps above the suit
# led above the rest; the rest by rank).
_VALUE_OF = {t: tuple(tuple(200 + _POWER_OF[t][c] if _SUIT_OF[t][c] == _SUITS.index(t) else
                            100 + _POWER_OF[t][c] if _SUIT_OF[t][c] == led else _POWER_OF[t][c]
                            for c in range(len(BENNY_CARDS))) for led in range(4)) for t in Suit}


def _index(card: Card) -> int:
    found = _BY_ID.get(id(card))  # the deck's own card objects (the deal's), without hashing a Card
    return found if found is not None else _INDEX[card]


def finish(state: HandState, rng: random.Random | None = None) -> HandState:
    """``state`` played to its end by the heuristic bot (at every seat), fast; the same final state as the loop."""
    return finish_with(state, heuristic_bot, rng)


def finish_with(state: HandState, bot: Callable[[HandState, random.Random | None], object],
                rng: random.Random | None) -> HandState:
    """Play ``state`` to its end: the calling with ``bot`` through the states, the tricks by the heuristic on
    numbers when ``bot`` is the heuristic bot."""
    while state.to_act is not None and state.phase is not Phase.PLAY:
        state = apply_unchecked(state, bot(state, rng))  # type: ignore[arg-type]
    if state.to_act is None:
        return state
    if bot is not heuristic_bot:
        while state.to_act is not None:
            state = apply_unchecked(state, bot(state, rng))  # type: ignore[arg-type]
        return state
    return _tricks(state)


def _turns(out: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """How many seats play a trick when the seats ``out`` sit out (a lone hand's partner), and after each seat the
    next one that plays."""
    nxt = [(s + 1) % 4 for s in range(4)]
    for s in range(4):
        while nxt[s] in out:
            nxt[s] = (nxt[s] + 1) % 4
    return 4 - len(out), tuple(nxt)


def _tricks(state: HandState) -> HandState:
    trump = state.trump
    assert trump is not None and state.to_act is not None and state.leader is not None
    suit_of, power, values = _SUIT_OF[trump], _POWER_OF[trump], _VALUE_OF[trump]
    hands = [[_index(c) for c in h] for h in state.hands]
    out = state.out
    active, nxt = _turns(out)
    cards = [_index(c) for c in state.trick_cards]
    seats = list(state.trick_seats)
    seat = state.to_act
    leader = state.leader
    won = list(state.won)
    tricks = list(state.tricks)
    played: list[tuple[int, int]] = []
    done = len(tricks)
    while True:
        hand = hands[seat]
        if not cards:
            card = hand[0] if len(hand) == 1 else max(hand, key=power.__getitem__)
        else:
            led = suit_of[cards[0]]
            legal = [c for c in hand if suit_of[c] == led] or hand
            if len(legal) == 1:
                card = legal[0]
            else:
                value = values[led].__getitem__
                best, top = 0, value(cards[0])
                for i in range(1, len(cards)):
                    v = value(cards[i])
                    if v > top:
                        best, top = i, v
                if (seats[best] - seat) % 2 == 0:  # the partner is winning: play low
                    card = min(legal, key=value)
                else:
                    winners = [c for c in legal if value(c) > top]
                    if not winners:
                        card = min(legal, key=value)
                    elif len(cards) == active - 1:
                        card = min(winners, key=value)
                    else:
                        card = max(winners, key=value)
        hand.remove(card)
        cards.append(card)
        seats.append(seat)
        played.append((seat, card))
        if len(cards) < active:
            seat = nxt[seat]
            continue
        value = values[suit_of[cards[0]]].__getitem__
        best, top = 0, value(cards[0])
        for i in range(1, len(cards)):
            v = value(cards[i])
            if v > top:
                best, top = i, v
        winner = seats[best]
        won[winner] += 1
        tricks.append(Trick(leader, tuple([BENNY_CARDS[c] for c in cards]), tuple(seats)))
        done += 1
        if done == 5:
            break
        leader = seat = winner
        cards, seats = [], []
    final_hands = tuple(state.hands[s] if s in out else () for s in range(4))
    history = state.history + tuple([(who, BENNY_CARDS[c]) for who, c in played])
    return state._with(hands=final_hands, trick_cards=(), trick_seats=(), history=history,
                       won=(won[0], won[1], won[2], won[3]), tricks=tuple(tricks), leader=None,
                       phase=Phase.SCORED, to_act=None)


# ---------------------------------------------------------------------------------------------- exact endings

EXACT_TRICKS = 3
"""Endings of at most this many tricks are solved exactly (every card known: a sampled world)."""


def exact_value(state: HandState, seat: int, tricks: int = EXACT_TRICKS) -> float | None:
    """The value for ``seat`` of a hand whose every card is known (a world the coach sampled), when all four
    play perfectly from here — or None when more than ``tricks`` tricks are left, or trump is not made yet.

    The value is :meth:`~engine.contract.Game.returns` at the end: the points of ``seat``'s side minus the
    other side's (for a trick posed in the editor, its tricks minus theirs from here on)."""
    if state.to_act is None:
        return returns(state)[seat]
    if state.phase is not Phase.PLAY or state.trump is None or 5 - len(state.tricks) > tricks:
        return None
    trump = state.trump
    suit_of, power = _SUIT_OF[trump], _POWER_OF[trump]
    values = _VALUE_OF[trump]
    hands = [[_index(c) for c in h] for h in state.hands]
    for h in hands:  # the strongest cards first: alpha-beta cuts sooner
        h.sort(key=power.__getitem__, reverse=True)
    active, nxt = _turns(state.out)
    final = _final_value(state, seat)
    mine = seat % 2

    def solve(to_act: int, cards: list[int], seats: list[int], won: list[int], left: int, alpha: float,
              beta: float) -> float:
        hand = hands[to_act]
        if cards:
            led = suit_of[cards[0]]
            legal = [c for c in hand if suit_of[c] == led] or list(hand)
        else:
            legal = list(hand)
        maximise = to_act % 2 == mine
        best = -1e9 if maximise else 1e9
        for card in legal:
            hand.remove(card)
            cards.append(card)
            seats.append(to_act)
            if len(cards) < active:
                value = solve(nxt[to_act], cards, seats, won, left, alpha, beta)
            else:
                strength = values[suit_of[cards[0]]]
                top = max(range(len(cards)), key=lambda i: strength[cards[i]])
                winner = seats[top]
                won[winner % 2] += 1
                if left == 1:
                    value = final(won)
                else:
                    value = solve(winner, [], [], won, left - 1, alpha, beta)
                won[winner % 2] -= 1
            seats.pop()
            cards.pop()
            hand.append(card)
            hand.sort(key=power.__getitem__, reverse=True)
            if maximise:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    sides = [state.won[0] + state.won[2], state.won[1] + state.won[3]]
    left = 5 - len(state.tricks)
    return solve(state.to_act, [_index(c) for c in state.trick_cards], list(state.trick_seats), sides, left,
                 -1e9, 1e9)


def _final_value(state: HandState, seat: int) -> Callable[[list[int]], float]:
    """The value for ``seat`` of the hand ending with ``won`` tricks per side (North-South, East-West)."""
    mine = seat % 2
    if state.maker is None:  # a posed trick: the tricks from here on
        start = [state.won[0] + state.won[2], state.won[1] + state.won[3]]
        return lambda won: float((won[mine] - start[mine]) - (won[1 - mine] - start[1 - mine]))
    makers = state.maker % 2
    alone = any(s % 2 == makers for s in state.lone)
    defender = any(s % 2 != makers for s in state.lone)
    table = {}
    for tricks in range(6):
        score = score_hand(tricks, alone, defender)
        table[tricks] = (score.makers - score.defenders) * (1.0 if mine == makers else -1.0)
    return lambda won: table[won[makers]]
