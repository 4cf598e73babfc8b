"""Property tests: legal plays agree with check, seeded hands conserve cards and end with the table's points,
actions round-trip through text, the win-chance chain is consistent."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import PASS
from engine.cards import Suit
from engine.euchre import (
    BENNY_CARDS,
    BOTS,
    CARDS,
    ORDER_UP,
    PRESETS,
    Discard,
    GoAlone,
    NameTrump,
    Phase,
    Position,
    Side,
    action_text,
    apply,
    check,
    check_action,
    deck_of,
    effective_suit,
    hand_result,
    legal_actions,
    legal_plays,
    make_rules,
    new_game,
    parse_action,
    score_hand,
    trick_winner,
    win_chances,
)

cards_strategy = st.permutations(CARDS)


@st.composite
def trick_positions(draw: st.DrawFn) -> Position:
    benny = draw(st.booleans())
    deck = draw(st.permutations(BENNY_CARDS if benny else CARDS))
    players = draw(st.sampled_from([2, 3, 4]))
    hand_size = draw(st.integers(1, 5))
    trick_size = draw(st.integers(0, players - 1))
    trump = draw(st.sampled_from(list(Suit)))
    return Position.build(hand=deck[:hand_size], table=deck[hand_size:hand_size + trick_size],
                          rules=make_rules("benny" if benny else "seed"), trump=trump, players=players)


@settings(max_examples=400)
@given(trick_positions())
def test_legal_plays_are_exactly_the_cards_check_accepts(position: Position) -> None:
    legal = legal_plays(position)
    assert legal, "there is always a legal card"
    for card in position.hand:
        verdict = check(position, card)
        assert verdict.legal == (card in legal)
        assert verdict.reason
        if not verdict.legal:
            assert "must follow suit" in verdict.reason
    for card in BENNY_CARDS:  # a card not in the hand is refused, saying so
        if card not in position.hand:
            verdict = check(position, card)
            assert not verdict.legal and "not in your hand" in verdict.reason
    led = position.led_suit
    if led is not None and any(effective_suit(c, position.trump) is led for c in position.hand):
        assert all(effective_suit(c, position.trump) is led for c in legal)


@settings(max_examples=300)
@given(st.permutations(BENNY_CARDS), st.sampled_from(list(Suit)), st.integers(2, 4))
def test_trick_winner_is_a_trump_if_any_else_the_led_suit(deck: list, trump: Suit, players: int) -> None:
    trick = tuple(deck[:players])
    winner = trick[trick_winner(trick, trump)]
    suits = [effective_suit(c, trump) for c in trick]
    if trump in suits:
        assert effective_suit(winner, trump) is trump
    else:
        assert effective_suit(winner, trump) is suits[0]


EVERY_ACTION = [PASS, ORDER_UP, GoAlone.ALONE, GoAlone.PARTNER, *(NameTrump(s) for s in Suit), *BENNY_CARDS,
                *(Discard(c) for c in BENNY_CARDS)]

VARIANTS = [{}, {"deal_packets": "2-3"}, {"deal_packets": "singles", "thrown_in": "same dealer"},
            {"benny": True, "benny_upcard": "stands for a suit"}]


@settings(max_examples=150)
@given(st.integers(0, 2**31 - 1), st.sampled_from(sorted(PRESETS)), st.sampled_from(sorted(BOTS)),
       st.sampled_from(VARIANTS))
def test_seeded_hands_conserve_cards_and_score_by_the_table(seed: int, preset: str, bot_name: str,
                                                            options: dict) -> None:
    rules = make_rules(preset, options)
    state = new_game(rules, seed)
    rng = random.Random(seed)
    bot = BOTS[bot_name]
    steps = 0
    while state.to_act is not None:
        legal = legal_actions(state)
        assert legal
        for other in EVERY_ACTION:  # one legality path: check agrees with the enumeration, with a reason
            verdict = check_action(state, other)
            assert verdict.legal == (other in legal), (action_text(other), verdict.reason)
            assert verdict.reason
        action = bot.choose(state, rng)
        assert action in legal
        assert parse_action(action_text(action)) == action
        state = apply(state, action)
        steps += 1
        held = [c for h in state.hands for c in h]
        played = [c for t in state.tricks for c in t.cards] + list(state.trick_cards)
        away = [state.discard] if state.discard is not None else []
        table = [state.upcard] if state.maker is None or state.called_round == 2 else []
        everything = Counter(held + played + away + table + list(state.kitty))
        assert everything == Counter(deck_of(rules.benny).distinct()), "every card is in exactly one place"
    assert steps <= 1 + 8 + 1 + 4 + 20
    result = hand_result(state)
    assert result is not None and state.phase is Phase.SCORED
    if result.thrown_in:
        assert result.points == (0, 0)
        return
    assert sum(state.won) == 5 and len(state.tricks) == 5
    for trick in state.tricks:
        assert len(trick.cards) == state.active
        assert not set(trick.seats) & set(state.out)
    score = score_hand(result.makers_tricks, result.maker_alone, result.defender_alone)
    assert result.score == score
    assert sum(result.points) == max(score.makers, score.defenders) > 0


def test_win_chances_are_symmetric_and_monotone() -> None:
    outcomes = {(1, 0): 0.3, (0, 1): 0.3, (2, 0): 0.1, (0, 2): 0.1, (4, 0): 0.05, (0, 4): 0.05, (0, 0): 0.1}
    for preset in ("seed", "first_to_10"):
        rules = make_rules(preset)
        table = win_chances(outcomes, rules)
        top = max(a for a, _ in table)
        for (a, b), p in table.items():
            assert 0.0 <= p <= 1.0
            assert abs(p + table[(b, a)] - 1.0) < 1e-9
            if a + 1 <= top:
                assert table[(a + 1, b)] >= p - 1e-12
        assert abs(table[(0, 0)] - 0.5) < 1e-9
    win2 = win_chances(outcomes, make_rules("seed"))
    first = win_chances(outcomes, make_rules("first_to_10"))
    # The two rules give different chances from the same score.
    assert any(abs(first[k] - win2[k]) > 0.01 for k in first)
    assert win2[(10, 9)] < 1.0 and win2[(11, 9)] == 1.0


def test_win_chances_match_a_direct_simulation_of_the_chain() -> None:
    outcomes = {(1, 0): 0.35, (0, 1): 0.25, (2, 0): 0.15, (0, 2): 0.15, (0, 4): 0.1}
    rules = make_rules("seed")
    exact = win_chances(outcomes, rules)[(6, 6)]
    rng = random.Random(3)
    moves, weights = list(outcomes), list(outcomes.values())
    from engine.euchre import game_winner

    wins = 0
    trials = 20000
    for _ in range(trials):
        a, b = 6, 6
        while (w := game_winner((a, b), rules)) is None:
            x, y = rng.choices(moves, weights)[0]
            a, b = a + x, b + y
        wins += w is Side.NORTH_SOUTH
    assert abs(wins / trials - exact) < 0.015
