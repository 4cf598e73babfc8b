"""The coach on Dou Dizhu: hidden cards sampled only from what a seat saw, obvious choices ranked first, reasons in
words, a posed position, and the fast play-out bot choosing exactly what the old one did."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.advisor import advise
from engine.base import PASS
from engine.command_tables import json_commands
from engine.doudizhu import GAME, LegalRequest
from engine.doudizhu.bots import _seen, heuristic_bot
from engine.doudizhu.coach import determinize, played_by
from engine.doudizhu.order import counts_of
from engine.doudizhu.state import Phase, State
from engine.driver import play_out, replay
from tests.doudizhu import reference_bot

COMMANDS = json_commands("doudizhu")


def _states(seed: int, preset: str = "three_player", bots: str = "heuristic") -> list[State]:
    record, _ = play_out(GAME, GAME.rules(preset), seed, bots)
    return replay(GAME, record)[0]


# --- the fast bot is the old bot --------------------------------------------------------------------------

def _reference(state: State) -> object:
    if state.phase is Phase.BIDDING:
        return reference_bot.heuristic_bid(state.auction, state.hands[state.auction.to_act])  # type: ignore[index]
    assert state.turn is not None
    seen = _seen(state, state.turn)
    return reference_bot.heuristic_play(state.position(), reference_bot.Seen(seen.partner_on_table,
                                                                               seen.fewest_opponent_cards))


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_the_fast_heuristic_chooses_what_the_old_one_did(preset: str) -> None:
    checked = 0
    options = ({}, {"distinct_kickers": False}, {"long_sequences": False}) if preset == "three_player" else (
        {}, {"joker_pairs": False})
    for seed in range(120):
        extra = options[seed % len(options)]
        rules = GAME.rules(preset, extra)
        # random play reaches positions the heuristic never makes; the heuristic's own games the usual ones
        record, _ = play_out(GAME, rules, seed, "random" if seed % 2 else "heuristic", preset=preset, options=extra)
        for state in replay(GAME, record)[0][:-1]:
            if state.phase is Phase.BIDDING:
                continue
            assert heuristic_bot(state, random.Random(0)) == _reference(state), (seed, state.position())
            checked += 1
    assert checked > 3_000


# --- hidden information ---------------------------------------------------------------------------------

def _swap_hidden(state: State, seat: int) -> State:
    """The same position with two unplayed cards of different ranks swapped between the two other seats (in
    their hands and in the deal), where ``seat`` cannot see it."""
    a, b = [s for s in range(state.players) if s != seat][:2]
    ha, hb = list(state.hands[a]), list(state.hands[b])
    known = counts_of(state.dealt.kitty) if state.landlord in (a, b) else (0,) * 15
    ra = next(r for r in range(15) if ha[r] > (known[r] if state.landlord == a else 0) and not hb[r])
    rb = next(r for r in range(15) if hb[r] > (known[r] if state.landlord == b else 0) and not ha[r])
    ha[ra] -= 1
    hb[ra] += 1
    hb[rb] -= 1
    ha[rb] += 1
    dealt = list(state.dealt.hands)
    from engine.doudizhu.order import cards_of

    played = played_by(state)
    base = []
    for s, hand in ((a, ha), (b, hb)):
        start = [x + y for x, y in zip(hand, played[s], strict=True)]
        if state.landlord == s:
            start = [x - y for x, y in zip(start, counts_of(state.dealt.kitty), strict=True)]
        base.append((s, cards_of(start)))
    for s, cards in base:
        dealt[s] = cards
    hands = list(state.hands)
    hands[a], hands[b] = tuple(ha), tuple(hb)
    return replace(state, hands=tuple(hands), dealt=replace(state.dealt, hands=tuple(dealt)))


def test_advice_ignores_cards_the_seat_cannot_see() -> None:
    states = _states(4)
    for index in (0, 8, 14):
        state = states[index]
        seat = GAME.to_act(state)
        assert seat is not None
        other = _swap_hidden(state, seat)
        assert other != state and other.hands[seat] == state.hands[seat]
        for sample in range(3):
            assert determinize(state, seat, random.Random(sample)) == determinize(other, seat, random.Random(sample))
        first = advise(GAME, state, seed=7, budget=8, workers=1)
        second = advise(GAME, other, seed=7, budget=8, workers=1)
        assert [(o.text, o.value, o.low, o.high) for o in first.options] == \
            [(o.text, o.value, o.low, o.high) for o in second.options]


def test_determinize_keeps_what_everyone_saw() -> None:
    for seed in (1, 2, 3):
        states = _states(seed)
        for state in states[:-1:5]:
            seat = GAME.to_act(state)
            assert seat is not None
            world = determinize(state, seat, random.Random(seed))
            assert world.hands[seat] == state.hands[seat]
            assert [sum(h) for h in world.hands] == [sum(h) for h in state.hands]
            assert played_by(world) == played_by(state), "the cards played stay where they were played"
            assert sum(map(sum, world.hands)) + sum(map(sum, played_by(world))) + (
                len(world.dealt.kitty) if world.phase is Phase.BIDDING else 0) == 54
            if state.landlord is not None and state.landlord != seat:
                kitty = counts_of(state.dealt.kitty)
                left = [max(0, k - p) for k, p in zip(kitty, played_by(state)[state.landlord], strict=True)]
                assert all(world.hands[state.landlord][r] >= left[r] for r in range(15)), "the kitty is seen"
            assert GAME.legal_actions(world) == GAME.legal_actions(state)


# --- obvious choices -------------------------------------------------------------------------------------

def test_the_only_legal_choice_is_forced() -> None:
    request = LegalRequest(hand=GAME.rules().deck.parse("3 4"), table=GAME.rules().deck.parse("BJ RJ"))
    state = GAME.position_state(request)
    advice = advise(GAME, state)
    assert advice.forced and advice.best.action is PASS and "only legal" in advice.best.why


@pytest.mark.parametrize(("hand", "table", "best"), [
    ("3 4 5 6 7", "", "3 4 5 6 7"),              # the whole hand as one play: it wins at once
    ("7 7 7 9 9", "5 5 5 6 6", "7 7 7 9 9"),     # beating the table with the whole hand wins at once
    ("BJ RJ 3", "2", "BJ RJ"),                   # the rocket, then the last card: nothing can stop it
])
def test_winning_at_once_ranks_first(hand: str, table: str, best: str) -> None:
    deck = GAME.rules().deck
    state = GAME.position_state(LegalRequest(hand=deck.parse(hand), table=deck.parse(table) if table else ()))
    advice = advise(GAME, state, budget=16, workers=1)
    assert advice.best.text == best, [(o.text, o.value) for o in advice.options]
    assert advice.best.value > 0 and not any(o.tied for o in advice.options[1:])


def test_reasons_are_words_for_every_option() -> None:
    states = _states(2)
    for state in (states[0], states[10]):
        advice = advise(GAME, state, budget=8, workers=1)
        for option in advice.options:
            assert option.why and "None" not in option.why and "_" not in option.why


def test_the_advise_command_on_a_recorded_hand() -> None:
    answer = COMMANDS["advise"]({"seed": 3, "actions": ["bid 1"], "budget": 8})
    texts = [o["action"] for o in answer["options"]]
    assert set(texts) == {"pass", "bid 2", "bid 3"}
    assert all(o["low"] <= o["value"] <= o["high"] and o["why"] for o in answer["options"])


def test_a_posed_position_reads_roles_and_hands_the_simple_way() -> None:
    deck = GAME.rules().deck
    peasant = GAME.position_state(LegalRequest(hand=deck.parse("3 3 4 5 6 7 8 9 9 9 BJ"), table=deck.parse("4 4 4 5")))
    assert GAME.to_act(peasant) == 0 and peasant.landlord == 2 and peasant.table[0] == 2  # type: ignore[index]
    assert [sum(h) for h in peasant.hands] == [11, 11, 14]
    assert GAME.legal_actions(peasant)[-1] is PASS and len(GAME.legal_actions(peasant)) == 8
    landlord = GAME.position_state(LegalRequest(hand=deck.parse("3 3 4 5 6 7 8 9 9 9 10 J Q K A 2 2 BJ")))
    assert landlord.landlord == 0 and [sum(h) for h in landlord.hands] == [18, 15, 15]


def test_the_top_bid_with_the_rocket_and_a_bomb_or_three_twos_ranks_first() -> None:
    """The first bidder of a deal holding both jokers and a bomb or three 2s: the top bid is clearly best."""
    rules = GAME.rules()
    checked = 0
    for seed in range(150):
        state = GAME.new_game(rules, seed)
        seat = GAME.to_act(state)
        assert seat is not None and state.phase is Phase.BIDDING
        hand = state.hands[seat]
        if not (hand[-1] and hand[-2] and (hand[-3] >= 3 or max(hand) == 4)):
            continue
        advice = advise(GAME, state, budget=32, workers=1, seed=seed)
        assert "bid 3" in {GAME.action_text(a) for a in GAME.legal_actions(state)}
        assert advice.best.text == "bid 3", [(o.text, o.value) for o in advice.options]
        assert not any(o.tied for o in advice.options[1:]) and advice.best.why
        checked += 1
    assert checked >= 3
