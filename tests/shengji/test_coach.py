"""The coach on Shengji: sampled worlds that never peek, forced and obvious choices ranked first, the kitty
burial graded, reasons in words."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

from engine.advisor import advise, duel
from engine.cards import Rank, Suit, parse_cards
from engine.shengji import COMMANDS, GAME, LegalRequest, Phase, State, deck_of
from engine.shengji.coach import rule_of_thumb, voids

BOT = GAME.bot("heuristic")


def _to(phase: Phase, seed: int, extra: int = 0, preset: str = "competition") -> State:
    state = GAME.new_game(GAME.rules(preset), seed)
    rng = random.Random(seed)
    while state.phase is not phase:
        state = GAME.apply_unchecked(state, BOT.choose(state, rng))
    for _ in range(extra):
        state = GAME.apply_unchecked(state, BOT.choose(state, rng))
    return state


def test_a_world_keeps_what_the_seat_saw_and_deals_the_rest_again() -> None:
    for seed in range(6):
        state = _to(Phase.PLAY, seed, extra=30 + seed)
        seat = state.to_act
        assert seat is not None
        world = GAME.determinize(state, seat, random.Random(seed))
        assert world.playout and world.hands[seat] == state.hands[seat] and world.tricks == state.tricks
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        everything = Counter(c for h in world.hands for c in h) + Counter(world.played())
        if seat != state.starter:
            everything.update(world.buried)
        else:
            assert world.buried == state.buried
            everything.update(world.buried)
        assert everything == Counter(deck_of(state.rules).cards())
        trump = state.trump
        assert trump is not None
        for s, groups in voids(state).items():
            if s != seat:
                assert not any(trump.group(c) in groups for c in world.hands[s]), (seed, s, groups)


def test_declared_cards_stay_with_the_declarer() -> None:
    state = _to(Phase.BURY, 3)
    decl = state.declarations[-1]
    for seat in range(4):
        if seat in (decl.seat, state.to_act):
            continue
        world = GAME.determinize(dataclasses.replace(state, to_act=seat), seat, random.Random(1))
        assert Counter(world.hands[decl.seat])[decl.card] >= decl.count


def test_advice_is_the_same_for_positions_that_differ_only_in_cards_the_seat_cannot_see() -> None:
    state = _to(Phase.PLAY, 4, extra=13)
    seat = state.to_act
    assert seat is not None
    a, b = [s for s in range(4) if s != seat][:2]
    shown = {d.card for d in state.declarations}
    ca = next(c for c in state.hands[a] if c not in shown)
    cb = next(c for c in state.hands[b] if c not in shown and c != ca)
    hands = list(state.hands)
    ha, hb = list(hands[a]), list(hands[b])
    ha[ha.index(ca)], hb[hb.index(cb)] = cb, ca
    hands[a], hands[b] = tuple(ha), tuple(hb)
    other = dataclasses.replace(state, hands=tuple(hands))
    assert other != state
    first = advise(GAME, state, budget=6, seed=3, workers=1)
    second = advise(GAME, other, budget=6, seed=3, workers=1)
    assert [(o.text, o.value, o.low, o.high) for o in first.options] == \
        [(o.text, o.value, o.low, o.high) for o in second.options]


def test_the_only_legal_play_is_forced() -> None:
    state = _to(Phase.PLAY, 2, extra=0)
    rng = random.Random(0)
    while len(GAME.legal_actions(state)) != 1:
        state = GAME.apply_unchecked(state, BOT.choose(state, rng))
    advice = advise(GAME, state)
    assert advice.forced and "only legal" in advice.best.why


def test_keep_the_top_trump_for_the_last_trick_and_the_kitty() -> None:
    """Two cards left, W (an attacker) leads with RJ and 3♦: lead the 3♦ and take the last trick, and the kitty's
    points doubled, with the RJ."""
    request = LegalRequest(trump_rank=Rank.TWO, trump_suit=Suit.SPADES, hand=parse_cards("RJ 3D"), leader="W")
    state = GAME.position_state(request)
    assert state.to_act == 1 and state.starter == 0 and [len(h) for h in state.hands] == [2, 2, 2, 2]
    advice = advise(GAME, state, budget=48, workers=1)
    assert advice.best.text == "3D" and not advice.option("RJ").tied
    assert "points from the kitty" in advice.option("RJ").why


def test_the_coach_grades_a_burial() -> None:
    example = COMMANDS["example"]({"kind": "kitty", "seed": 1})
    base = {"trump_rank": example["trump_rank"], "trump_suit": example["trump_suit"], "hand": example["hand"]}
    sound = COMMANDS["bury"]({**base, "play": "2S QH 6H 3H JC 8C 3C 2C"})
    assert sound["legal"] and sound["grade"] == "good" and sound["reason"].startswith("a sound burial")
    poor = COMMANDS["bury"]({**base, "play": "BJ AD QD JD KC KC 10S 10H"})
    assert poor["legal"] and poor["grade"] == "poor"
    assert poor["reason"].startswith("you bury four trumps, 40 points and cards of one pair")
    assert "levels more a round in the sampled deals" in poor["reason"] and "20 points" not in poor["risk"]
    illegal = COMMANDS["bury"]({**base, "play": "QD 7D"})
    assert not illegal["legal"] and illegal["grade"] == "" and "exactly eight" in illegal["reason"]


def test_rules_of_thumb_read_the_position() -> None:
    for seed in range(30):
        state = _to(Phase.PLAY, seed, extra=seed % 9 + 1)
        seat = state.to_act
        if seat is None or not state.trick:
            continue
        for action in GAME.legal_actions(state, limit=20):
            thumb = rule_of_thumb(state, action)
            assert not thumb.endswith(".") and "None" not in thumb
            if thumb.startswith("your partner") and "give" in thumb:
                assert "point" in thumb


def test_a_short_duel_runs_and_reports() -> None:
    result = duel(GAME, 1, seed=2, budget=2, workers=1)
    low, high = result.ci95
    assert result.games == 1 and low <= result.margin <= high
