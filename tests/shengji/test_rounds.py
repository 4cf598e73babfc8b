"""Whole hands (rounds): conservation of cards and points, declaring and redealing, the kitty, failed throws,
scoring consistency, rounds chained into a game through ``start``, and the simulation DataFrame."""

import random
from collections import Counter

import pytest

from engine.base import PASS
from engine.cards import Rank
from engine.errors import IllegalPlayError, UnknownNameError
from engine.shengji import (
    BOTS,
    GAME,
    Bury,
    Choose,
    Declare,
    Phase,
    Play,
    Start,
    apply,
    deck_of,
    new_game,
    points,
    team_of,
)
from engine.sim import simulate
from tests.shengji.helpers import cards, crafted, play_hand, rules, step


def _all_cards(state) -> Counter:
    held = Counter(c for h in state.hands for c in h)
    held.update(state.played())
    if state.phase in (Phase.DRAW,):
        held.update(state.deal.order[state.drawn:])
    elif state.phase is Phase.BURY:
        pass  # the kitty is in the starter's hand
    else:
        held.update(state.buried)
    return held


@pytest.mark.parametrize("preset", ["competition", "tractor"])
@pytest.mark.parametrize("decks", [1, 2, 3, 4])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
@pytest.mark.parametrize("order", ["counter-clockwise", "clockwise"])
def test_rounds_conserve_cards_and_points(preset, decks, bots, order) -> None:
    r = rules(preset, decks=decks, turn_order=order)
    full = Counter(deck_of(r).cards())
    for seed in range(2 if decks > 2 else 4):
        rng = random.Random(seed)
        state = new_game(r, seed)
        while state.to_act is not None:
            assert _all_cards(state) == full
            state, comment = step(state, BOTS[bots].choose(state, rng))
            assert comment
        assert _all_cards(state) == full
        assert sum(t.points for t in state.tricks) + points(state.buried) == 100 * decks
        assert all(not h for h in state.hands)
        s = state.score
        attackers = sum(t.points for t in state.tricks if team_of(t.winner) != s.banker_team)
        assert s.trick_points == attackers
        assert s.attacker_points == attackers + s.kitty_bonus + s.penalty
        assert len({len(p) for t in state.tricks for p in t.plays}) >= 1
        for t in state.tricks:
            assert len({len(p) for p in t.plays}) == 1


def test_the_same_seed_gives_the_same_round() -> None:
    r = rules()
    a, b = play_hand(r, 7, "heuristic"), play_hand(r, 7, "heuristic")
    assert a == b
    assert play_hand(r, 8, "heuristic").tricks != a.tricks


def _pass_until_settled(state):
    while state.phase is Phase.DRAW:
        state = apply(state, PASS)
    return state


def test_first_round_redeals_when_nobody_declares() -> None:
    r = rules()
    state = new_game(r, 3)
    assert state.phase is Phase.DRAW and state.fixed_starter is None
    seen_redeal = False
    for _ in range(2000):
        if state.phase is not Phase.DRAW:
            break
        state, comment = step(state, PASS)
        seen_redeal |= "dealt again" in comment
    assert seen_redeal and state.redeals >= 1


def test_later_round_turns_the_kitty_when_nobody_declares() -> None:
    for preset in ("competition", "tractor"):
        r = rules(preset)
        state = _pass_until_settled(new_game(r, 5, Start((Rank.FIVE, Rank.TWO), 2)))
        assert state.kitty_turn is not None and state.starter == 2
        assert state.trump.rank is Rank.FIVE and state.trump.suit is state.kitty_turn.suit
        assert state.phase is Phase.BURY and len(state.hands[2]) == 33


def test_declarer_becomes_starter_in_the_first_round() -> None:
    r = rules()
    state = new_game(r, 11)
    while state.phase is Phase.DRAW and not state.declarations:
        seat = state.to_act
        option = [c for c in state.hands[seat] if c.rank is Rank.TWO]
        state = apply(state, Declare((option[0],)) if option else PASS)
    declarer = state.declarations[0]
    state = _pass_until_settled(state)
    assert state.starter == declarer.seat
    assert state.trump.suit is declarer.card.suit


def test_illegal_actions_are_refused_with_reasons() -> None:
    r = rules()
    state = new_game(r, 11)
    with pytest.raises(IllegalPlayError, match="declare or pass"):
        apply(state, Play(cards("3C")))
    with pytest.raises(IllegalPlayError, match="trump rank"):
        apply(state, Declare(cards("3C")))
    state = _pass_until_settled(state) if state.phase is Phase.DRAW else state
    with pytest.raises(IllegalPlayError, match="bury exactly eight"):
        apply(state, Bury(state.hands[state.to_act][:3]))


def _crafted(preset: str, hands: list[str], leader: int = 0, starter: int = 0):
    """A round in the play phase with the given hands (trump rank 10, spades)."""
    return crafted(rules(preset), hands, leader, starter)


def test_failed_throw_next_player_chooses_and_penalty() -> None:
    state = _crafted("tractor", ["QH 4H 4H 3C", "5H 5H 2C 2D", "AH 6C 7C 8C", "9D 9C 8D 7D"], starter=1)
    state, comment = step(state, Play(cards("QH 4H 4H")))
    assert "fails" in comment and state.phase is Phase.CHOOSE and state.to_act == 1
    with pytest.raises(IllegalPlayError, match="failing parts"):
        apply(state, Choose(cards("QH 4H")))
    state, comment = step(state, Choose(cards("4H 4H")))
    assert state.trick == (cards("4H 4H"),) and state.to_act == 1
    # N (an attacker: W-E bank) took back one card: 10 points go to the bankers
    assert state.penalty == -10 and "N takes back one card: ten points go to the bankers." in comment
    assert Counter(state.hands[0]) == Counter(cards("QH 3C"))


def test_failed_throw_single_forced_part() -> None:
    state = _crafted("competition", ["QH 4H 4H 3C", "KH 2H 2C 2D", "6H 6C 7C 8C", "9D 9C 8D 7D"])
    state, comment = step(state, Play(cards("QH 4H 4H")))
    assert state.trick == (cards("QH"),) and state.penalty == 0 and "must lead Q♥" in comment


def test_trick_points_go_to_the_attackers_only() -> None:
    state = _crafted("competition", ["KH 3C", "5H 2C", "AH 6C", "9H 9C"], starter=0)
    for play in ("KH", "5H", "AH", "9H"):
        state = apply(state, Play(cards(play)))
    # S (a banker, N-S bank) wins: no attacker points
    assert state.tricks[-1].winner == 2 and state.trick_points == 0
    for play in ("6C", "9C", "3C", "2C"):
        state = apply(state, Play(cards(play)))
    assert state.phase is Phase.DONE and state.score is not None


def test_rounds_chained_through_start_end_past_the_ace() -> None:
    """A game is rounds in a row: each round's score gives the next round's levels and starter (``start``)."""
    r = rules()
    start, rounds, previous = None, 0, None
    for number in range(200):
        state = play_hand(r, 1009 * 3 + number, "heuristic", start)
        rounds += 1
        if previous is not None:
            assert state.starter == previous.next_starter
            assert state.trump_rank is previous.levels[previous.next_banker_team]
        s = previous = state.score
        if s.winner is not None:
            break
        start = Start(s.levels, s.next_starter)
    assert s.winner is not None and rounds >= 5
    assert s.levels[s.winner] is Rank.ACE


def test_start_in_json_and_in_old_records() -> None:
    r = rules()
    state = GAME.new_game(r, 4, {"levels": {"NS": "5", "WE": "9"}, "starter": "W"})
    assert state.levels == (Rank.FIVE, Rank.NINE) and state.fixed_starter == 1 and state.trump_rank is Rank.NINE
    with pytest.raises(ValueError, match="unknown field 'dealer' in start"):
        GAME.new_game(r, 4, {"dealer": "N"})
    with pytest.raises(ValueError, match="start.starter: 'X' is not a seat"):
        GAME.new_game(r, 4, {"starter": "X"})
    from engine.driver import play_out, replay
    from engine.table import Record

    record, final = play_out(GAME, r, 4, "random", start={"levels": {"NS": "5", "WE": "9"}, "starter": "W"})
    old = Record("shengji", "competition", 4, record.actions, {"levels": {"NS": "5", "WE": "9"}, "starter": "W"})
    assert replay(GAME, old)[0][-1] == final, "a record with the set-up in its options still replays"


def test_simulation_dataframe() -> None:
    df = simulate(GAME, 6, 2, {"preset": "tractor", "bots": "heuristic", "decks": 2})
    assert len(df) == 6 and set(df.columns) >= {"attacker_points", "bankers_keep", "kitty_bonus", "seed", "preset",
                                                "decks", "last_trick_largest", "failed_throws"}
    assert (df.trick_points + df.kitty_bonus + df.penalty == df.attacker_points).all()
    assert set(df.preset) == {"tractor"}
    from engine.shengji import kitty_bonus

    tractor = rules("tractor")
    for row in df.itertuples():
        assert row.kitty_bonus == kitty_bonus(tractor, row.kitty_points, row.last_trick_cards,
                                              row.attackers_won_last, row.last_trick_largest)
    again = simulate(GAME, 6, 2, {"preset": "tractor", "bots": "heuristic", "decks": 2})
    assert df.equals(again)
    later = simulate(GAME, 3, 2, {"bots": "random", "start": {"levels": {"NS": "K", "WE": "3"}, "starter": "E"}})
    assert len(later) == 3 and set(later.banker_team) == {"WE"}
    with pytest.raises(UnknownNameError, match="unknown option 'context'"):
        simulate(GAME, 1, 1, {"context": "random"})
