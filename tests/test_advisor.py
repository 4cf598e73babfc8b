"""The coach (engine/advisor.py) on the toy game: values, ties, reasons, hidden information respected."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.advisor import advise, advisor_bot, deal_hidden, review
from engine.base import PASS
from engine.cards import parse_cards
from engine.driver import play_out, replay
from engine.errors import InvalidRequestError
from tests.fixtures.toy_game import BID, GAME, State


def _play_state(hand_n: str, hand_s: str, trick: str = "", leader: int = 0) -> State:
    return State(GAME.rules(), (parse_cards(hand_n), parse_cards(hand_s)), bid=True, leader=leader,
                 trick=parse_cards(trick))


def test_the_only_legal_card_is_forced() -> None:
    state = _play_state("9S", "AH", "")
    advice = advise(GAME, state)
    assert advice.forced and advice.best.text == "9S" and "only legal" in advice.best.why


def test_taking_the_last_trick_with_the_top_card_ranks_first() -> None:
    # South led 10S; North must follow with AS (wins the trick) or 9S (loses it).
    state = replace(_play_state("AS 9S", "QH", "10S", leader=1), tricks=(1, 0))
    advice = advise(GAME, state, budget=40, workers=1)
    assert advice.best.text == "AS"
    assert "more tricks" in advice.option("9S").why or "more trick" in advice.option("9S").why
    loser = advice.option("9S")
    assert loser is not None
    assert loser.value < advice.best.value and not loser.tied
    assert advice.best.samples == 40 and advice.best.low <= advice.best.value <= advice.best.high


def test_advice_ignores_cards_the_seat_cannot_see() -> None:
    # Two positions that differ only in South's hidden cards: North's advice is identical.
    a = _play_state("AS 9H KH", "10S QH JH")
    b = _play_state("AS 9H KH", "10H QS JS")
    first, second = advise(GAME, a, seed=5, workers=1), advise(GAME, b, seed=5, workers=1)
    assert [(o.text, o.value, o.low, o.high) for o in first.options] == \
        [(o.text, o.value, o.low, o.high) for o in second.options]


def test_the_bid_decision_is_advised_and_explained() -> None:
    state = GAME.new_game(GAME.rules(), 3)
    advice = advise(GAME, state, budget=24, workers=1)
    assert {o.text for o in advice.options} == {"pass", "bid"}
    assert all(o.why for o in advice.options)


def test_options_within_noise_are_tied() -> None:
    # South led AS; North has no spade, so either heart loses the trick and the last trick is the same.
    state = replace(_play_state("9H 10H", "JH", "AS", leader=1), tricks=(0, 1))
    advice = advise(GAME, state, budget=16, workers=1)
    assert all(o.tied for o in advice.options)


def test_bad_requests_are_refused() -> None:
    state = _play_state("9S", "AH")
    with pytest.raises(InvalidRequestError, match="budget"):
        advise(GAME, state, budget=0)
    with pytest.raises(InvalidRequestError, match="whose turn"):
        advise(GAME, state, seat=1)
    over = replace(state, hands=((), ()), tricks=(2, 1))
    with pytest.raises(InvalidRequestError, match="over"):
        advise(GAME, over)


def test_deal_hidden_respects_voids_and_sizes() -> None:
    import random

    cards = parse_cards("9S 10S JS 9H 10H JH")
    for seed in range(30):
        hands = deal_hidden(cards, [2, 4], [lambda c: c.suit.value != "S", lambda c: True], random.Random(seed))
        assert sorted(map(len, hands)) == [2, 4] and all(c.suit.value != "S" for c in hands[0])
        assert sorted(c.text for h in hands for c in h) == sorted(c.text for c in cards)


def test_the_advisor_bot_plays_whole_games_and_a_review_marks_decisions() -> None:
    bot = advisor_bot(GAME, budget=8)
    state = GAME.new_game(GAME.rules(), 4)
    import random

    rng = random.Random(1)
    while not GAME.is_terminal(state):
        state = GAME.apply(state, bot.choose(state, rng))
    record, _ = play_out(GAME, GAME.rules(), 6, "random")
    states, _ = replay(GAME, record)
    marks = review(GAME, states, record.actions, 0, budget=8)
    assert marks and all(m.verdict in ("fine", "inaccuracy", "mistake") for m in marks)
    assert {m.step for m in marks} == {i for i, s in enumerate(states[:-1]) if GAME.to_act(s) == 0}
    assert PASS is not BID


def test_a_duel_reports_both_sides_and_a_margin() -> None:
    from engine.advisor import duel

    result = duel(GAME, 30, seed=2, budget=8, workers=1)
    data = result.to_json()
    assert data["games"] == 30 and data["budget"] == 8
    low, high = data["ci95"]
    assert low <= data["margin"] <= high
    assert abs(data["margin"] - (data["advisor"] - data["heuristic"])) < 1e-3
    assert data["margin"] > 0, "the coach should beat random play even on the toy game"
