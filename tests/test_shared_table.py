"""The engine's side of one table with several people (engine/shared_table.py): seats, turns, refusals, views."""

from __future__ import annotations

import random

import pytest

from engine.driver import replay
from engine.errors import IllegalPlayError
from engine.games import GAMES, game
from engine.shared_table import (
    SeatError,
    SeatKind,
    SharedGame,
    act,
    deal_again,
    fill_with_bots,
    leave_seat,
    open_game,
    public_view,
    seat_view,
    state_of,
    take_seat,
    waiting_for,
)

SHENGJI = "shengji"


def _four(seed: int = 7) -> SharedGame:
    shared = open_game(SHENGJI, None, seed, range(4))
    for seat, name in enumerate(("Ana", "Ben", "Chloé", "Dev")):
        shared = take_seat(shared, seat, name)
    return shared


def _legal(shared: SharedGame, rng: random.Random) -> str:
    g = game(shared.key)
    state = state_of(shared)
    return g.action_text(rng.choice(list(g.legal_actions(state, limit=200))))


def test_four_people_take_the_four_seats_and_nobody_plays_for_them() -> None:
    shared = open_game(SHENGJI, None, 7, range(4))
    assert shared.step == 0  # no bot: the hand waits for the first person
    assert [s.kind for s in shared.seats] == [SeatKind.OPEN] * 4
    shared = _four()
    assert [s.name for s in shared.seats] == ["Ana", "Ben", "Chloé", "Dev"]
    assert waiting_for(shared) == game(SHENGJI).to_act(state_of(shared))


def test_a_seat_taken_twice_a_bots_seat_and_no_seat_are_refused_with_a_sentence() -> None:
    shared = take_seat(open_game(SHENGJI, None, 7, {0, 2}), 0, "Ana")
    with pytest.raises(SeatError, match=r"^North is taken already \(by Ana\); choose a free seat\.$"):
        take_seat(shared, 0, "Ben")
    with pytest.raises(SeatError, match="played by a bot"):
        take_seat(shared, 1, "Ben")
    with pytest.raises(SeatError, match="there is no seat 9"):
        take_seat(shared, 9, "Ben")
    with pytest.raises(SeatError, match="Type the name"):
        take_seat(shared, 2, "   ")
    with pytest.raises(SeatError, match="at least one seat"):
        open_game(SHENGJI, None, 7, ())


def test_only_the_seat_to_act_may_act_and_the_rules_refuse_with_the_engines_reason() -> None:
    shared = _four(seed=8)
    g = game(SHENGJI)
    to_act = waiting_for(shared)
    assert to_act is not None
    other = (to_act + 1) % 4
    with pytest.raises(SeatError, match=r"^It is \w+'s turn, not yours; wait for them\.$"):
        act(shared, other, "pass")
    # play on to the first trick, then try a card the rules forbid
    rng = random.Random(3)
    while g.view(state_of(shared), None).phase != "play":
        seat = waiting_for(shared)
        assert seat is not None
        shared = act(shared, seat, _legal(shared, rng))
    seat = waiting_for(shared)
    assert seat is not None
    state = state_of(shared)
    shared = act(shared, seat, g.legal_actions(state)[0])  # the lead
    seat = waiting_for(shared)
    assert seat is not None
    state = state_of(shared)
    legal = {g.action_text(a) for a in g.legal_actions(state, limit=500)}
    hand = [c for c in g.view(state, seat).seats[seat].cards if c is not None]
    bad = next((c for c in hand if c.text not in legal), None)
    assert bad is not None, "this deal gives the second player a card that may not follow"
    verdict = g.check(state, g.parse_action(state, bad.text))  # it does not follow: the engine's reason
    with pytest.raises(IllegalPlayError) as refused:
        act(shared, seat, bad.text)
    assert str(refused.value) == verdict.reason and verdict.reason
    with pytest.raises(SeatError, match="moved on while you were choosing"):
        act(shared, seat, sorted(legal)[0], at_step=shared.step - 1)
    before = shared.step
    shared = act(shared, seat, sorted(legal)[0], at_step=shared.step)
    assert shared.step == before + 1  # people only: nobody else played


def test_each_seat_sees_only_its_own_hand_and_the_projector_sees_no_hidden_card() -> None:
    shared = _four()
    for seat in range(4):
        view = seat_view(shared, seat)
        for other, drawn in enumerate(view.seats):
            if other == seat:
                assert drawn.cards and all(c is not None for c in drawn.cards)
            else:
                assert all(c is None for c in drawn.cards)
    public = public_view(shared)
    assert all(c is None for s in public.seats for c in s.cards)
    assert all(c is None for _, cards in public.extra for c in cards)  # the kitty, face down
    assert public.table == seat_view(shared, 0).table and public.to_act == seat_view(shared, 0).to_act


def test_bots_fill_the_free_seats_and_play_only_those() -> None:
    shared = take_seat(open_game(SHENGJI, None, 11, {2}), 2, "Ana")
    assert [s.kind for s in shared.seats] == [SeatKind.BOT, SeatKind.BOT, SeatKind.PERSON, SeatKind.BOT]
    _, steps = replay(game(SHENGJI), shared.record)
    assert all(step.seat != 2 for step in steps)
    assert waiting_for(shared) == 2
    half = open_game(SHENGJI, None, 11, {0, 2})
    half = take_seat(half, 2, "Ana")
    half = leave_seat(take_seat(half, 0, "Ben"), 0)
    assert half.seats[0].kind is SeatKind.OPEN
    filled = fill_with_bots(half)
    assert [s.kind for s in filled.seats] == [SeatKind.BOT, SeatKind.BOT, SeatKind.PERSON, SeatKind.BOT]
    assert waiting_for(filled) in (2, None)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_plays_to_its_end_with_one_person_and_bots(key: str) -> None:
    g = game(key)
    rules = g.rules()
    seats = len(g.seat_letters(rules))
    person = seats - 1
    shared = take_seat(open_game(key, None, 5, {person}), person, "Ana")
    rng = random.Random(5)
    for _ in range(g.max_actions):
        seat = waiting_for(shared)
        if seat is None:
            break
        assert seat == person  # the bots never stop at their own seats
        shared = act(shared, seat, _legal(shared, rng))
    assert waiting_for(shared) is None
    with pytest.raises(SeatError, match="This hand is over"):
        act(shared, person, "pass")
    _, steps = replay(g, shared.record)
    assert sum(1 for s in steps if s.seat == person) >= 1
    again = deal_again(shared, 6)
    assert again.record.seed == 6 and again.seats == shared.seats
    assert SharedGame.from_json(again.to_json()) == again
