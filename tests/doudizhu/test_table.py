"""Whole hands: bidding → kitty → play → payment; cards conserved, payments balanced, views private."""

import pytest

from engine.doudizhu.combos import counts_of
from engine.doudizhu.table import TABLE, Phase
from engine.errors import IllegalPlayError, InvalidNotationError
from engine.table import play_out, replay


@pytest.mark.parametrize("preset", ["three_player", "four_player"])
@pytest.mark.parametrize("bots", ["random", "heuristic"])
def test_whole_hands_conserve_cards_and_balance_payments(preset, bots) -> None:
    for seed in range(12):
        record, final = play_out(TABLE, preset, seed, bots)
        states, steps = replay(TABLE, record)
        size = final.rules.deck.size
        for state in states:
            held = sum(sum(h) for h in state.hands)
            kitty = 0 if state.landlord is not None else len(state.dealt.kitty)
            played = sum(sum(step_cards) for step_cards in _played(states, state))
            assert held + kitty + played == size
        result = TABLE.result(final)
        assert result is not None and sum(result["payments"].values()) == 0
        assert result["stake"] == result["bid"] * 2 ** result["doublings"]
        assert final.phase is Phase.OVER and sum(final.hands[final.out]) == 0
        assert " win" in steps[-1].comment and "Stake" in steps[-1].comment


def _played(states, state):
    """Cards played in the same deal up to ``state`` (redeals start afresh)."""
    index = states.index(state)
    out = []
    for before, after in zip(states[:index], states[1:index + 1], strict=True):
        if after.redeals != before.redeals:
            out = []
            continue
        if before.phase is Phase.PLAY:
            diff = [a - b for a, b in zip(_total(before), _total(after), strict=True)]
            out.append(diff)
    return out


def _total(state):
    return [sum(h[r] for h in state.hands) for r in range(15)]


def test_everyone_passing_redeals() -> None:
    state = TABLE.new_hand("three_player", 3)
    first_deal = state.dealt
    for _ in range(3):
        state, step = TABLE.apply(state, "pass")
    assert state.redeals == 1 and state.dealt != first_deal
    assert "dealt again" in step.comment
    assert state.phase is Phase.BIDDING


def test_the_landlord_takes_the_kitty_and_leads() -> None:
    state = TABLE.new_hand("three_player", 3)
    bidder = TABLE.to_act(state)
    state, step = TABLE.apply(state, "bid 3")
    assert state.landlord == bidder and TABLE.to_act(state) == bidder
    assert sum(state.hands[bidder]) == 20
    assert "takes the kitty" in step.comment
    assert "pass" not in TABLE.legal_actions(state)
    assert not TABLE.check(state, "pass").legal
    assert "cannot pass" in TABLE.check(state, "pass").reason


def test_illegal_and_unreadable_actions() -> None:
    state = TABLE.new_hand("three_player", 3)
    assert not TABLE.check(state, "bid 4").legal
    with pytest.raises(InvalidNotationError):
        TABLE.apply(state, "3 3")
    state, _ = TABLE.apply(state, "bid 2")
    with pytest.raises(IllegalPlayError, match="higher than the highest"):
        TABLE.apply(state, "bid 1")


def test_views_hide_other_hands_until_the_end() -> None:
    record, final = play_out(TABLE, "three_player", 4, "heuristic")
    states, _ = replay(TABLE, record)
    middle = states[len(states) // 2]
    view = TABLE.view(middle, 0)
    assert all(c is not None for c in view.seats[0].cards)
    assert all(c is None for c in view.seats[1].cards)
    assert all(c is not None for s in TABLE.view(middle, None).seats for c in s.cards)
    assert all(c is not None for s in TABLE.view(final, 1).seats for c in s.cards)
    bidding = TABLE.view(states[0], 0)
    assert all(c is None for c in dict(bidding.extra)["Kitty"])


def test_an_ambiguous_lead_names_its_reading() -> None:
    options = {"distinct_kickers": False}
    state = TABLE.new_hand("three_player", 1, options)
    hand = counts_of(TABLE.view(state, None).seats[0].cards)
    assert sum(hand) == 17
    # pose the reading choice directly on a crafted state
    from dataclasses import replace

    crafted = tuple(counts_of(state.rules.deck.parse(t)) for t in
                    ("3 3 3 4 4 4 5 5 5 6 6 6 9", "7 8 10 J Q K A 2 BJ", "7 8 10 J Q K A 2 RJ"))
    state = replace(state, hands=crafted, phase=Phase.PLAY, landlord=0, turn=0, trick_no=1)
    actions = TABLE.legal_actions(state)
    assert "3 3 3 4 4 4 5 5 5 6 6 6" in actions
    assert "4 4 4 5 5 5 6 6 6 3 3 3 as airplane_singles" in actions
    after, step = TABLE.apply(state, "4 4 4 5 5 5 6 6 6 3 3 3 as airplane_singles")
    assert after.table[1].kind.value == "airplane_singles"
    plain, _ = TABLE.apply(state, "3 3 3 4 4 4 5 5 5 6 6 6")
    assert plain.table[1].kind.value == "airplane"
