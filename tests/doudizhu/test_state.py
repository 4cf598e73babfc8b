"""Whole hands through GAME: bidding → kitty → play → payment; cards conserved, payments balanced, every step
agreeing with the one check; redeals capped so that every hand ends; old records (texts) still replay."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import PASS
from engine.doudizhu import GAME, Bid, Phase, State
from engine.doudizhu.order import counts_of, rank_text
from engine.driver import play_out, replay
from engine.errors import IllegalPlayError, InvalidNotationError, LimitExceededError
from engine.table import Record


def _total(state: State) -> list[int]:
    return [sum(h[r] for h in state.hands) for r in range(15)]


def _assert_conserved(states: list[State]) -> None:
    """Cards held + kitty (before the landlord takes it) + cards played in this deal = the deck."""
    size = states[0].rules.deck.size
    played = 0
    for before, after in zip(states, states[1:], strict=False):
        if after.redeals != before.redeals:
            played = 0
        elif before.phase is Phase.PLAY:
            played += sum(_total(before)) - sum(_total(after))
        kitty = 0 if after.landlord is not None else len(after.dealt.kitty)
        assert sum(_total(after)) + kitty + played == size


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_whole_hands_conserve_cards_and_balance_payments(preset: str, bots: str) -> None:
    rules = GAME.rules(preset)
    for seed in range(12):
        record, final = play_out(GAME, rules, seed, bots)
        states, steps = replay(GAME, record)
        _assert_conserved(states)
        outcome = GAME.outcome(final)
        assert outcome is not None and sum(outcome.returns) == 0 and outcome.returns == GAME.returns(final)
        assert sum(outcome.data["payments"].values()) == 0
        assert outcome.data["stake"] == outcome.data["bid"] * 2 ** outcome.data["doublings"]
        assert final.phase is Phase.OVER and final.out is not None and sum(final.hands[final.out]) == 0
        assert " win" in steps[-1].comment and "The stake is bid " in steps[-1].comment
        assert all(GAME.returns(s) == (0.0,) * rules.players for s in states[:-1])


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), four=st.booleans(), loose=st.booleans())
def test_random_games_agree_with_check_conserve_cards_and_end(seed: int, four: bool, loose: bool) -> None:
    options = {"distinct_kickers": False, "jokers_as_kickers": True} if loose else {}
    rules = GAME.rules("four_player" if four else "three_player", options)
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed)
    states = [state]
    for _ in range(GAME.max_actions):
        if GAME.is_terminal(state):
            break
        legal = GAME.legal_actions(state)
        for action in legal:
            assert GAME.check(state, action).legal
            assert GAME.parse_action(state, GAME.action_text(action)) == action
        state = GAME.apply(state, rng.choice(legal))
        states.append(state)
    assert GAME.is_terminal(state)
    _assert_conserved(states)
    assert sum(GAME.returns(state)) == 0


def test_everyone_passing_redeals() -> None:
    state = GAME.new_game(GAME.rules(), 3)
    first_deal = state.dealt
    for _ in range(3):
        state, step = GAME.step(state, PASS)
    assert state.redeals == 1 and state.dealt != first_deal
    assert "dealt again" in step.comment
    assert state.phase is Phase.BIDDING


@pytest.mark.parametrize("cap", [0, 1, 3])
def test_redeals_are_capped_by_a_forced_bid(cap: int) -> None:
    rules = GAME.rules(None, {"max_redeals": cap})
    state = GAME.new_game(rules, 3)
    for _ in range(cap):
        for _ in range(3):
            state = GAME.apply(state, PASS)
    assert state.redeals == cap and state.auction.forced
    state = GAME.apply(GAME.apply(state, PASS), PASS)
    assert PASS not in GAME.legal_actions(state)
    verdict = GAME.check(state, PASS)
    assert not verdict.legal and "you must bid" in verdict.reason
    with pytest.raises(IllegalPlayError, match="you must bid"):
        GAME.apply(state, PASS)
    seat = GAME.to_act(state)
    state = GAME.apply(state, Bid(1))
    assert GAME.check(state, PASS).legal  # after the forced bid the others may pass (or outbid)
    state = GAME.apply(GAME.apply(state, PASS), PASS)
    assert state.landlord == seat and state.phase is Phase.PLAY


def test_a_hand_of_passing_bots_always_ends() -> None:
    # A bot that always passes when it may: every deal is passed out until the cap forces a bid.
    from engine.contract import Bot
    from engine.doudizhu.bots import BOTS

    passer = Bot("passer", "passes whenever it may",
                 lambda s, rng: PASS if PASS in GAME.legal_actions(s) else GAME.legal_actions(s)[0])
    state = GAME.new_game(GAME.rules(), 9)
    for _ in range(GAME.max_actions):
        if GAME.is_terminal(state):
            break
        bot = passer if state.phase is Phase.BIDDING else BOTS["heuristic"]
        state = GAME.apply_unchecked(state, bot.choose(state, random.Random(1)))
    assert GAME.is_terminal(state) and state.redeals == GAME.rules().max_redeals


def test_an_endless_record_is_refused_before_replay() -> None:
    record = Record("doudizhu", "three_player", 1, ("pass",) * 300_000)
    with pytest.raises(LimitExceededError, match="at most 1,000"):
        replay(GAME, record)


def test_the_landlord_takes_the_kitty_and_leads() -> None:
    state = GAME.new_game(GAME.rules(), 3)
    bidder = GAME.to_act(state)
    state, step = GAME.step(state, Bid(3))
    assert state.landlord == bidder and GAME.to_act(state) == bidder
    assert sum(state.hands[bidder]) == 20
    assert "takes the kitty" in step.comment
    assert PASS not in GAME.legal_actions(state)
    assert not GAME.check(state, PASS).legal
    assert "cannot pass" in GAME.check(state, PASS).reason
    assert "the auction is over" in GAME.check(state, Bid(3)).reason


def test_illegal_and_unreadable_actions() -> None:
    state = GAME.new_game(GAME.rules(), 3)
    assert not GAME.check(state, GAME.parse_action(state, "bid 4")).legal
    with pytest.raises(InvalidNotationError):
        GAME.parse_action(state, "3 3")
    with pytest.raises(InvalidNotationError):
        GAME.parse_action(state, "bid two")
    state = GAME.apply(state, Bid(2))
    with pytest.raises(IllegalPlayError, match="higher than the highest"):
        GAME.apply(state, Bid(1))
    state = GAME.apply(GAME.apply(state, PASS), PASS)
    assert state.turn is not None
    held = [r for r in range(13) if state.hands[state.turn][r]]
    two = " ".join(rank_text(r) for r in held[:2])
    with pytest.raises(IllegalPlayError, match="is no combination"):
        GAME.parse_action(state, two)
    with pytest.raises(InvalidNotationError, match="as <type>"):
        GAME.parse_action(state, "3 as nothing")


def test_an_ambiguous_lead_names_its_reading() -> None:
    rules = GAME.rules(None, {"distinct_kickers": False})
    state = GAME.new_game(rules, 1)
    crafted = tuple(counts_of(rules.deck.parse(t)) for t in
                    ("3 3 3 4 4 4 5 5 5 6 6 6 9", "7 8 10 J Q K A 2 BJ", "7 8 10 J Q K A 2 RJ"))
    state = replace(state, hands=crafted, phase=Phase.PLAY, landlord=0, turn=0, trick_no=1)
    texts = [GAME.action_text(a) for a in GAME.legal_actions(state)]
    assert "3 3 3 4 4 4 5 5 5 6 6 6" in texts
    assert "4 4 4 5 5 5 6 6 6 3 3 3 as airplane_singles" in texts
    wings = GAME.parse_action(state, "4 4 4 5 5 5 6 6 6 3 3 3 as airplane_singles")
    after = GAME.apply(state, wings)
    assert after.table is not None and after.table[1].kind.value == "airplane_singles"
    plain = GAME.apply(state, GAME.parse_action(state, "3 3 3 4 4 4 5 5 5 6 6 6"))
    assert plain.table is not None and plain.table[1].kind.value == "airplane"
    # an older record's text without the suffix, following such a lead, reads as the play that beats it
    follow = replace(after, hands=(crafted[0], counts_of(rules.deck.parse("7 7 7 8 8 8 9 9 9 10 10 10")),
                                   crafted[2]))
    assert GAME.parse_action(follow, "8 8 8 9 9 9 10 10 10 7 7 7").kind.value == "airplane_singles"


def test_old_table_records_replay() -> None:
    # The texts of a record made before the contract (bids, passes, plays in card notation) replay unchanged.
    record, final = play_out(GAME, GAME.rules("four_player"), 6, "random")
    texts = record.to_json()
    assert all(a == "pass" or a.startswith("bid ") or a[0] in "0123456789JQKABR" for a in texts["actions"])
    states, _ = replay(GAME, Record.from_json(texts))
    assert states[-1] == final
    with pytest.raises(ValueError, match="takes only 'dealer'"):
        GAME.new_game(GAME.rules(), 1, {"dealer": "E", "score": 3})
