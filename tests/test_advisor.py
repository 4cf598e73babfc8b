"""The coach (engine/advisor.py) on the toy game: values, ties, reasons, hidden information respected."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields, replace
from typing import Any

import pytest

from engine.advisor import advise, advisor_bot, review
from engine.base import PASS
from engine.cards import parse_cards
from engine.contract import Game
from engine.driver import play_out, replay
from engine.errors import InvalidRequestError
from engine.games import game
from engine.sampling import deal_hidden
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
    cards = parse_cards("9S 10S JS 9H 10H JH")
    for seed in range(30):
        hands = deal_hidden(cards, [2, 4], [lambda c: c.suit.value != "S", lambda c: True], random.Random(seed))
        assert sorted(map(len, hands)) == [2, 4] and all(c.suit.value != "S" for c in hands[0])
        assert sorted(c.text for h in hands for c in h) == sorted(c.text for c in cards)


def test_the_advisor_bot_plays_whole_games_and_a_review_marks_decisions() -> None:
    bot = advisor_bot(GAME, budget=8)
    state = GAME.new_game(GAME.rules(), 4)
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


# ------------------------------------------------------------------------------------------------ every game

def _decision_kind(game_key: str, state: object, action: object) -> str:
    """What kind of decision a state asks for: a play, a bid or call, a declaration, a kitty burial …"""
    phase = getattr(state, "phase", None)
    name = phase.name if phase is not None else "PLAY"
    return f"{game_key}:{name}"


# Every decision kind each game asks for with its default rules (and the Euchre variant with the joker upcard).
KINDS = {
    "euchre": {"euchre:CALL_ROUND_1", "euchre:CALL_ROUND_2", "euchre:DEALER_DISCARD", "euchre:GO_ALONE",
               "euchre:PLAY"},
    "thirteen": {"thirteen:PLAY"},
    "doudizhu": {"doudizhu:BIDDING", "doudizhu:PLAY"},
    "shengji": {"shengji:DRAW", "shengji:BURY", "shengji:PLAY"},
}


def _candidates(key: str, deals: int = 30) -> Iterator[tuple[str, Any]]:
    """(kind, state) for every state with a real choice (two options or more), from seeded heuristic games."""
    g = game(key)
    bot = g.bot("heuristic")
    for deal in range(deals):
        state = g.new_game(g.rules(), 100 + deal)
        rng = random.Random(deal)
        while not g.is_terminal(state):
            legal = g.legal_actions(state, limit=3)
            if len(legal) > 1:
                yield _decision_kind(key, state, legal[0]), state
            state = g.apply_unchecked(state, bot.choose(state, rng))


def _twin(g: Game[Any, Any, Any], state: Any, seat: int) -> Any:
    """``state`` with every card ``seat`` cannot see dealt again (the game's own sampler, then checked by the
    seat's view)."""
    twin = g.determinize(state, seat, random.Random(12345))
    if any(f.name == "playout" for f in fields(twin)):  # a sampled world's fast-play flag: not a seen thing
        twin = replace(twin, playout=state.playout)
    return twin


def _peek(self: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """What a cheating sampler would deal: the real cards (flagged for fast play-outs like a sampled world)."""
    return replace(state, playout=True) if any(f.name == "playout" for f in fields(state)) else state


def _table(advice: Any) -> list[tuple[str, float, float, float, str]]:
    return [(o.text, o.value, o.low, o.high, o.why) for o in advice.options]


@pytest.mark.parametrize("key", sorted(KINDS))
def test_every_game_and_decision_kind_ignores_cards_the_seat_cannot_see(key: str, monkeypatch: pytest.MonkeyPatch
                                                                        ) -> None:
    """Two positions that differ only in cards the seat to act cannot see (the other hands, the kitty, the stock,
    dealt again consistently with what it saw): the seat's view is the same, and the advice — options, values,
    intervals, reasons — is identical. Each position is one where the hidden cards matter: an advisor that
    peeked at them (plays out the real cards) answers differently for the two."""
    g = game(key)
    honest = type(g).determinize
    checked: set[str] = set()
    tried: dict[str, int] = {}
    for kind, state in _candidates(key):
        if kind in checked or tried.get(kind, 0) >= 6:
            continue
        tried[kind] = tried.get(kind, 0) + 1
        seat = g.to_act(state)
        assert seat is not None
        twin = _twin(g, state, seat)
        assert g.view(twin, seat) == g.view(state, seat), f"{kind}: the seat would see a difference"
        monkeypatch.setattr(type(g), "determinize", _peek)  # an advisor that plays out the real cards
        peeked = _table(advise(g, state, budget=4, seed=11, workers=1)) != \
            _table(advise(g, twin, budget=4, seed=11, workers=1))
        monkeypatch.setattr(type(g), "determinize", honest)
        if not peeked:
            continue  # the hidden cards do not change the play-outs here: no test of anything
        first = advise(g, state, budget=4, seed=11, workers=1)
        second = advise(g, twin, budget=4, seed=11, workers=1)
        assert _table(first) == _table(second), kind
        checked.add(kind)
        if checked == KINDS[key]:
            break
    assert checked == KINDS[key], f"{key}: no telling position found for {KINDS[key] - checked}"
