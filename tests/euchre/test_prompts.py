"""The Table's decisions in Euchre: a one-line prompt for every kind of decision, with the cards that matter
highlighted; the hand in groups, trumps first by effective suit; the dealer's discard chosen by clicking a card."""

from __future__ import annotations

import random

from engine.base import PASS
from engine.cards import Card, parse_cards
from engine.euchre import GAME, ORDER_UP, Discard, Phase, Seat, state_from_cards

C = parse_cards
HANDS = [C("JD AS QC KC 10H"), C("9H AH KS 9C JS"), C("QH 10S 9S AC 10C"), C("KD QD 10D AD JC")]


def deal(preset: str = "seed", options: dict | None = None, dealer: Seat = Seat.WEST, upcard: str = "KH"):
    rules = GAME.rules(preset, options)
    return state_from_cards(rules, dealer, HANDS, Card.parse(upcard), C("QS JH 9D"))


def test_round_one_names_the_upcard_and_who_deals() -> None:
    state = deal()  # West deals, North speaks first: West is an opponent of North
    prompt = GAME.prompt(state)
    assert prompt.text == "Order up K♥ (West, an opponent, deals) or pass"
    assert prompt.highlight == (Card.parse("JD"), Card.parse("10H"))
    assert prompt.highlight_label == "trumps if ♥ are trump"
    east = GAME.apply(state, PASS)
    assert GAME.prompt(east).text == "Order up K♥ (your partner deals) or pass"
    west = GAME.apply(GAME.apply(east, PASS), PASS)
    assert GAME.prompt(west).text == "Order up K♥ (you deal: you pick it up) or pass"


def test_round_two_names_the_turned_down_suit_and_the_stuck_dealer() -> None:
    state = deal()
    for _ in range(4):
        state = GAME.apply(state, PASS)
    assert state.phase is Phase.CALL_ROUND_2
    assert GAME.prompt(state).text == "Name a trump suit other than ♥, or pass"
    opened = deal(options={"name_turned_down_suit": True})
    for _ in range(4):
        opened = GAME.apply(opened, PASS)
    assert GAME.prompt(opened).text == "Name a trump suit, or pass"
    stuck = deal("stick_the_dealer")
    for _ in range(7):
        stuck = GAME.apply(stuck, PASS)
    assert GAME.prompt(stuck).text == "Name a trump suit other than ♥: the dealer is stuck and may not pass"


def test_the_discard_is_one_card_chosen_by_clicking_with_the_upcard_marked() -> None:
    state = GAME.apply(deal(), ORDER_UP)
    prompt = GAME.prompt(state)
    assert prompt.text == "Discard one card" and prompt.count == 1
    assert prompt.marked == (Card.parse("KH"),) and prompt.marked_label == "the upcard you picked up"
    assert GAME.parse_action(state, "9C") == Discard(Card.parse("9C")), "a clicked card is the discard"
    assert all(GAME.action_cards(a) == (a.card,) for a in GAME.legal_actions(state))
    kept = GAME.apply(deal("openspiel"), ORDER_UP)
    assert GAME.prompt(kept).text == "Discard one card (not the upcard K♥)"
    assert not GAME.check(kept, GAME.parse_action(kept, "KH")).legal


def test_going_alone_and_the_tricks() -> None:
    state = GAME.apply(GAME.apply(deal(), ORDER_UP), Discard(Card.parse("10D")))
    assert state.phase is Phase.GO_ALONE and state.to_act == Seat.NORTH
    prompt = GAME.prompt(state)
    assert prompt.text == "Go alone? Your partner would sit out; ♥ are trump"
    assert set(prompt.highlight) == {Card.parse("JD"), Card.parse("10H")}
    for _ in range(2):
        state = GAME.apply(state, GAME.parse_action(state, "partner"))
    assert GAME.prompt(state).text == "Go alone against the makers? Your partner would sit out; ♥ are trump"
    while state.phase is Phase.GO_ALONE:
        state = GAME.apply(state, GAME.parse_action(state, "partner"))
    assert GAME.prompt(state).text == "Lead a card (♥ are trump)"
    state = GAME.apply(state, Card.parse("QC"))  # North leads a club; East holds 9♣
    prompt = GAME.prompt(state)
    assert prompt.text == "Follow ♣ if you can" and prompt.highlight == (Card.parse("9C"),)
    assert prompt.highlight_label == "♣ (the suit led)"
    state = GAME.apply(state, Card.parse("9C"))  # South holds A♣ 10♣; then West
    state = GAME.apply(state, Card.parse("AC"))
    west = GAME.prompt(state)  # with hearts trump, West's J♣ is a club
    assert west.text == "Follow ♣ if you can" and west.highlight == (Card.parse("JC"),)


def test_a_void_player_is_told_they_may_play_anything() -> None:
    rules = GAME.rules()
    for seed in range(200):
        state = GAME.new_game(rules, seed)
        rng = random.Random(seed)
        while state.to_act is not None:
            if state.phase is Phase.PLAY and state.trick_cards:
                prompt = GAME.prompt(state)
                assert prompt.text.startswith(("Follow", "You have no"))
                if prompt.text.startswith("You have no"):
                    assert state.trump is not None
                    assert all(c in state.hands[state.to_act] for c in prompt.highlight)
                    return
            state = GAME.apply_unchecked(state, GAME.bot("random").choose(state, rng))
    raise AssertionError("no void player in 200 hands")


def test_hand_groups_put_the_trumps_first_by_effective_suit() -> None:
    state = GAME.apply(GAME.apply(deal(), ORDER_UP), Discard(Card.parse("10D")))
    north = [c for c in GAME.view(state, 0).seats[0].cards if c is not None]
    groups = GAME.hand_groups(state, north)
    assert groups[0] == ("Trumps ♥", (Card.parse("JD"), Card.parse("10H")))
    assert [label for label, _ in groups] == ["Trumps ♥", "♠", "♣"]
    calling = deal()
    first = GAME.hand_groups(calling, HANDS[0])
    assert first[0] == ("♥ if trump", (Card.parse("JD"), Card.parse("10H")))
    for _ in range(4):
        calling = GAME.apply(calling, PASS)
    assert [label for label, _ in GAME.hand_groups(calling, HANDS[0])] == ["♠", "♥", "♣", "♦"]
    joker = GAME.rules("benny")
    benny = state_from_cards(joker, Seat.WEST, [C("RJ AS QC KC 10H"), *HANDS[1:]], Card.parse("KH"), C("QS JH 9D JD"))
    for _ in range(4):
        benny = GAME.apply(benny, PASS)
    assert GAME.hand_groups(benny, C("RJ AS QC KC 10H"))[0] == ("Joker", (Card.parse("RJ"),))
    played = state_from_cards(joker, Seat.WEST, [C("RJ AS QC KC 10H"), *HANDS[1:]], Card.parse("KH"), C("QS JH 9D JD"))
    played = GAME.apply(GAME.apply(played, ORDER_UP), Discard(Card.parse("10D")))
    assert GAME.hand_groups(played, C("RJ AS QC KC 10H"))[0] == ("Trumps ♥", (Card.parse("RJ"), Card.parse("10H")))


def test_every_decision_has_a_prompt() -> None:
    seen: set[Phase] = set()
    for preset in GAME.presets:
        rules = GAME.rules(preset)
        for seed in range(40):
            state = GAME.new_game(rules, seed)
            rng = random.Random(seed)
            while state.to_act is not None:
                prompt = GAME.prompt(state)
                assert prompt.text and not prompt.text.endswith(".") and prompt.text[0].isupper()
                hand = state.hands[state.to_act]
                assert all(c in hand for c in prompt.highlight + prompt.marked)
                seen.add(state.phase)
                state = GAME.apply_unchecked(state, GAME.bot("random").choose(state, rng))
            assert GAME.prompt(state).text == "The hand is over"
    assert seen == set(Phase) - {Phase.SCORED}
