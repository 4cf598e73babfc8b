"""The coach on Euchre: hidden cards sampled from what the seat saw (never the real ones), obvious choices ranked
first, reasons in words, posed positions, fast play-outs identical to the loop, exact endings."""

from __future__ import annotations

import random

import pytest

from engine.advisor import advise
from engine.base import PASS
from engine.cards import Card, Suit, parse_cards
from engine.euchre import (
    GAME,
    ORDER_UP,
    CallsRequest,
    Discard,
    DiscardRequest,
    EuchreLegalRequest,
    Phase,
    Seat,
    state_from_cards,
)
from engine.euchre.bots import heuristic_bot
from engine.euchre.coach import determinize, voids
from engine.euchre.order import EFFECTIVE
from engine.euchre.playout import exact_value, finish
from engine.euchre.state import HandState, apply_unchecked
from engine.euchre.table import returns

C = parse_cards


def hands_of(seed: int, preset: str = "seed", stop: int = 14) -> list[HandState]:
    """The states of a seeded hand played by the random bot (at most ``stop`` of them)."""
    state = GAME.new_game(GAME.rules(preset), seed)
    rng = random.Random(seed)
    out = []
    while state.to_act is not None and len(out) < stop:
        out.append(state)
        state = GAME.apply_unchecked(state, GAME.bot("random").choose(state, rng))
    return out


def swap_hidden(state: HandState, seat: int, rng: random.Random) -> HandState:
    """The same position with the cards ``seat`` cannot see shuffled among the other hands and the kitty (sizes,
    voids and a picked-up upcard kept): what the seat sees is identical."""
    return determinize(state, seat, rng)


def test_a_sampled_world_keeps_what_the_seat_saw_and_deals_the_rest_again() -> None:
    checked = 0
    for seed in range(60):
        for state in hands_of(seed, ("seed", "benny", "no_lone_defender")[seed % 3], stop=40):
            seat = state.to_act
            assert seat is not None
            world = determinize(state, seat, random.Random(seed))
            blind = state.phase is Phase.JOKER_UPCARD
            if not blind:
                assert world.hands[seat] == state.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert len(world.kitty) == len(state.kitty) and world.upcard == state.upcard
            everything = [c for h in world.hands for c in h] + list(world.kitty) + \
                [c for t in world.tricks for c in t.cards] + list(world.trick_cards)
            if world.discard is not None:
                everything.append(world.discard)
            if state.upcard is not None and not (state.called_round == 1 and state.maker is not None):
                everything.append(state.upcard)
            assert sorted(c.text for c in everything) == sorted(c.text for c in GAME.deck(state.rules).cards())
            if state.called_round == 1 and state.maker is not None and state.upcard is not None:
                played = {c for t in state.tricks for c in t.cards} | set(state.trick_cards)
                if state.upcard not in played and seat != state.dealer:
                    lacking = EFFECTIVE[state.trump][state.upcard] in voids(state)[state.dealer]
                    if state.hands[state.dealer] and not lacking:
                        assert state.upcard in world.hands[state.dealer], "the upcard stays with the dealer"
                    else:
                        assert world.discard == state.upcard, "with the dealer's hand empty, it was laid away"
            if state.trump is not None:
                suits = EFFECTIVE[state.trump]
                for who, lacking in voids(state).items():
                    assert not any(suits[c] in lacking for c in world.hands[who]) or who in state.out
            checked += 1
    assert checked > 500


@pytest.mark.parametrize("seed", [3, 11, 27])
def test_advice_is_identical_for_positions_that_differ_only_in_hidden_cards(seed: int) -> None:
    for state in hands_of(seed, stop=30)[::3]:
        seat = state.to_act
        assert seat is not None
        other = swap_hidden(state, seat, random.Random(99))
        if state.phase is not Phase.JOKER_UPCARD:
            assert other.hands[seat] == state.hands[seat]
        if other == state:
            continue
        first = advise(GAME, state, budget=8, seed=4, workers=1)
        second = advise(GAME, other, budget=8, seed=4, workers=1)
        assert [(o.text, o.value, o.low, o.high, o.why) for o in first.options] == \
            [(o.text, o.value, o.low, o.high, o.why) for o in second.options]


def test_the_only_legal_card_is_forced() -> None:
    for seed in range(40):
        for state in hands_of(seed, stop=40):
            if state.phase is Phase.PLAY and len(GAME.legal_actions(state)) == 1:
                advice = advise(GAME, state, budget=8, workers=1)
                assert advice.forced and advice.best.why == "it is the only legal choice"
                return
    raise AssertionError("no forced play found")


def _last_trick_state() -> HandState:
    """North has ordered up hearts; West (the dealer) picked up K♥ and laid away 9♣; North leads the first
    trick holding the right bower."""
    rules = GAME.rules()
    hands = [C("JH 9S KD QS JC"), C("AS 10S 9D AC KC"), C("QH 10D 9H AD QD"), C("9C 10C JS KS 10H")]
    state = state_from_cards(rules, Seat.WEST, hands, Card.parse("KH"), C("JD AH QC"))
    state = GAME.apply(state, ORDER_UP)  # North orders up hearts; West picks up K♥
    state = GAME.apply(state, Discard(Card.parse("9C")))
    for _ in range(4):
        state = GAME.apply(state, GAME.parse_action(state, "partner"))
    return state


def test_taking_a_trick_with_the_top_trump_ranks_first() -> None:
    state = _last_trick_state()
    # North leads; the right bower J♥ cannot lose.
    advice = advise(GAME, state, budget=24, workers=1, seed=1)
    best = advice.best
    jh = advice.option("JH")
    assert jh is not None and (best.text == "JH" or jh.tied)
    assert "no trump left in the other hands beats J♥ (right bower)" in jh.why


def test_the_partner_winning_reason_and_the_only_card_that_beats() -> None:
    rules = GAME.rules()
    hands = [C("JH 9S KD QS JC"), C("AS 10S 9D AC KC"), C("QH 10D 9H AD QD"), C("9C 10C JS KS 10H")]
    state = state_from_cards(rules, Seat.WEST, hands, Card.parse("KH"), C("JD AH QC"))
    state = GAME.apply(state, ORDER_UP)
    state = GAME.apply(state, Discard(Card.parse("9C")))
    for _ in range(4):
        state = GAME.apply(state, GAME.parse_action(state, "partner"))
    state = GAME.apply(state, Card.parse("KD"))  # North leads K♦; East must follow with 9♦
    state = GAME.apply(state, Card.parse("9D"))
    south = GAME.rule_of_thumb(state, Card.parse("10D"))
    assert south == "your partner is winning this trick with K♦: play low"
    assert GAME.rule_of_thumb(state, Card.parse("AD")) == ("it overtakes your partner, who is already winning the "
                                                          "trick with K♦")
    rules2 = GAME.rules()
    posed = GAME.position_state(EuchreLegalRequest(trump=Suit.HEARTS, hand=C("JD 10H 9S"), table=C("AH")))
    assert GAME.rules_of(posed) == rules2 and posed.to_act == Seat.SOUTH
    assert GAME.rule_of_thumb(posed, Card.parse("JD")) == "J♦ (left bower) is the only trump you hold that beats A♥"
    advice = advise(GAME, posed, budget=24, workers=1)
    assert advice.best.text == "JD" and "only trump you hold that beats A♥" in advice.best.why


def test_posed_positions_for_the_editor() -> None:
    calling = GAME.position_state(CallsRequest(dealer="N", upcard=Card.parse("KH"), round=1, seat="E",
                                               hand=C("JH JD AH QH 10H")))
    assert calling.phase is Phase.CALL_ROUND_1 and calling.to_act == Seat.EAST
    advice = advise(GAME, calling, budget=16, workers=1)
    assert advice.best.text == "order up" and "five trumps (J♥ J♦ A♥ Q♥ 10♥)" in advice.best.why
    weak = GAME.position_state(CallsRequest(dealer="N", upcard=Card.parse("KH"), round=1, seat="E",
                                            hand=C("9C 10C QS 9D 10S")))
    advice = advise(GAME, weak, budget=16, workers=1)
    assert advice.best.text == "pass" and advice.best.why.startswith("no trumps: too weak")
    dealer = GAME.position_state(DiscardRequest(hand=C("9C 10D JH QH AH KH"), upcard=Card.parse("KH")))
    assert dealer.phase is Phase.DEALER_DISCARD
    discard = advise(GAME, dealer, budget=16, workers=1)
    assert discard.best.text in ("discard 9C", "discard 10D")
    assert GAME.action_cards(discard.best.action) == (Card.parse(discard.best.text.split()[1]),)
    alone = GAME.position_state(EuchreLegalRequest(trump=Suit.SPADES, hand=C("JS JC"), table=C("AS"), players=3))
    assert alone.active == 3 and alone.to_act is not None
    for request, message in ((CallsRequest(dealer="N", upcard=Card.parse("KH")), "hand of the player"),
                             (CallsRequest(dealer="N", upcard=Card.parse("KH"), hand=C("JH")), "all five")):
        with pytest.raises(Exception, match=message):
            GAME.position_state(request)


def test_fast_playouts_are_the_loop_exactly() -> None:
    for preset in ("seed", "benny", "openspiel"):
        for seed in range(40):
            for i, state in enumerate(hands_of(seed, preset, stop=40)):
                loop = state
                rng = random.Random(i)
                while loop.to_act is not None:
                    loop = apply_unchecked(loop, heuristic_bot(loop, rng))
                assert finish(state, random.Random(i)) == loop
                assert GAME.finish(state, "heuristic", random.Random(i)) == loop


def test_exact_endings_match_a_search_through_the_engine() -> None:
    def search(state: HandState, seat: int) -> float:
        if state.to_act is None:
            return returns(state)[seat]
        values = [search(GAME.apply_unchecked(state, a), seat) for a in GAME.legal_actions(state)]
        return max(values) if state.to_act % 2 == seat % 2 else min(values)

    checked = 0
    for seed in range(80):
        for state in hands_of(seed, ("seed", "benny")[seed % 2], stop=40):
            if state.phase is Phase.PLAY and len(state.tricks) >= 3:
                assert exact_value(state, state.to_act) == search(state, state.to_act)
                checked += 1
            elif state.phase is not Phase.PLAY or len(state.tricks) < 2:
                assert exact_value(state, 0) is None
    assert checked > 100
    assert PASS is not None
