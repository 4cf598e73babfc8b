"""Golden tests from the seed (shared/rules/euchre.md): trump order, bowers, following the effective suit,
the scoring table row by row, winning the game by two, the calling rounds and going alone."""

from __future__ import annotations

import pytest

from engine.base import PASS
from engine.cards import Suit, parse_cards
from engine.errors import CardNotInDeckError, IllegalPlayError, InvalidPositionError, TooManyCopiesError
from engine.euchre import (
    ORDER_UP,
    Discard,
    GoAlone,
    NameTrump,
    Phase,
    Position,
    Seat,
    Side,
    apply,
    check,
    check_action,
    effective_suit,
    game_winner,
    hand_result,
    legal_actions,
    legal_plays,
    make_rules,
    score_hand,
    state_from_cards,
    trick_winner,
    trump_order,
)
from engine.euchre.rules import Rules

C = parse_cards
SEED = make_rules("seed")


def test_trump_order_with_hearts_trump_is_the_seeds() -> None:
    assert trump_order(Suit.HEARTS) == C("JH JD AH KH QH 10H 9H")


def test_with_spades_trump_the_jack_of_clubs_is_the_left_bower() -> None:
    assert trump_order(Suit.SPADES)[:2] == C("JS JC")
    assert effective_suit(C("JC")[0], Suit.SPADES) is Suit.SPADES
    assert effective_suit(C("JC")[0], Suit.HEARTS) is Suit.CLUBS


def test_left_bower_is_a_heart_for_every_purpose() -> None:
    jd = C("JD")[0]
    assert effective_suit(jd, Suit.HEARTS) is Suit.HEARTS
    # a diamond lead does not call for J♦ …
    pos = Position.build(hand=C("JD AS 9S"), table=C("9D"), rules=Rules(), trump=Suit.HEARTS)
    assert legal_plays(pos).plays == C("JD AS 9S")
    # … and a heart lead does.
    pos = Position.build(hand=C("JD AS 9S"), table=C("9H"), rules=Rules(), trump=Suit.HEARTS)
    assert legal_plays(pos).plays == C("JD")


def test_issue_example_clubs_led_with_hearts_trump() -> None:
    pos = Position.build(hand=C("JD AS QC KC 10H"), table=C("9C"), rules=Rules(), trump=Suit.HEARTS)
    assert legal_plays(pos).plays == C("QC KC")
    verdict = check(pos, C("JD")[0])
    assert not verdict.legal
    assert "J♦ is the left bower, a heart while hearts are trump" in verdict.reason
    assert "you hold two clubs (Q♣ K♣)" in verdict.reason


def test_leading_any_card_and_void_players_play_anything() -> None:
    pos = Position.build(hand=C("JD AS QC"), rules=Rules(), trump=Suit.HEARTS)
    assert legal_plays(pos).plays == C("JD AS QC")
    assert check(pos, C("AS")[0]).legal
    void = Position.build(hand=C("AS QC"), table=C("9D 10D"), rules=Rules(), trump=Suit.HEARTS)
    verdict = check(void, C("AS")[0])
    assert verdict.legal and "no diamonds" in verdict.reason
    assert not check(void, C("KS")[0]).legal


@pytest.mark.parametrize(("trick", "trump", "winner"), [
    ("9C JD AC 10C", "H", 1),      # the left bower is a trump
    ("9C JD JH 10C", "H", 2),      # the right bower beats the left
    ("9C 10C AC KC", "H", 2),      # no trump: highest club
    ("9C AS AD KC", "H", 3),       # other suits cannot win
    ("JC 9S AC KS", "S", 0),       # J♣ led is a spade: the left bower leads trumps
    ("AH 9H", "S", 0),             # two players (both alone)
    ("10D JH QD", "D", 1),         # three players
])
def test_trick_winner(trick: str, trump: str, winner: int) -> None:
    assert trick_winner(C(trick), Suit.parse(trump)) == winner


@pytest.mark.parametrize(("tricks", "alone", "defender_alone", "makers", "defenders"), [
    (3, False, False, 1, 0),   # makers win 3 or 4: 1
    (4, False, False, 1, 0),
    (5, False, False, 2, 0),   # march: 2
    (3, True, False, 1, 0),    # maker alone 3 or 4: 1
    (4, True, False, 1, 0),
    (5, True, False, 4, 0),    # maker alone all 5: 4
    (2, False, False, 0, 2),   # euchred: defenders 2
    (0, False, False, 0, 2),
    (2, True, False, 0, 2),
    (2, False, True, 0, 4),    # a defender alone wins 3 or more: 4
    (1, True, True, 0, 4),
    (5, True, True, 4, 0),
    (3, False, True, 1, 0),
])
def test_each_row_of_the_scoring_table(tricks: int, alone: bool, defender_alone: bool, makers: int,
                                       defenders: int) -> None:
    score = score_hand(tricks, alone, defender_alone)
    assert (score.makers, score.defenders) == (makers, defenders)


def test_score_refuses_impossible_tricks() -> None:
    with pytest.raises(InvalidPositionError, match="0 to 5"):
        score_hand(6)


@pytest.mark.parametrize(("scores", "winner"), [
    ((10, 9), None), ((11, 9), Side.NORTH_SOUTH), ((12, 10), Side.NORTH_SOUTH), ((9, 11), Side.EAST_WEST),
    ((10, 8), Side.NORTH_SOUTH), ((13, 12), None), ((9, 9), None), ((0, 10), Side.EAST_WEST),
])
def test_game_to_ten_won_by_two(scores: tuple[int, int], winner: Side | None) -> None:
    assert game_winner(scores, SEED) == winner


def test_plain_first_to_ten() -> None:
    rules = make_rules("first_to_10")
    assert game_winner((10, 9), rules) is Side.NORTH_SOUTH
    assert game_winner((9, 9), rules) is None
    with pytest.raises(InvalidPositionError):
        game_winner((10, 10), rules)


# ------------------------------------------------------------------------------------------ a whole hand

HANDS = [C("JH AH KH 9S 10S"), C("QH 10H 9H QS KS"), C("JD AD KD QD 10D"), C("AS JS JC AC KC")]
UPCARD = C("9D")[0]
KITTY = C("QC 10C 9C")


def dealt(dealer: int = Seat.WEST, **options: object):
    return state_from_cards(make_rules("seed", options), dealer, HANDS, UPCARD, KITTY)


def run(state, *texts):
    from engine.euchre import parse_action

    for text in texts:
        state = apply(state, parse_action(text))
    return state


def test_round_one_starts_left_of_dealer_and_order_up_goes_to_discard() -> None:
    state = dealt()
    assert state.phase is Phase.CALL_ROUND_1 and state.to_act == Seat.NORTH
    assert legal_actions(state) == [PASS, ORDER_UP]
    state = run(state, "pass", "order up")
    assert state.phase is Phase.DEALER_DISCARD and state.to_act == Seat.WEST
    assert state.trump is Suit.DIAMONDS and state.maker == Seat.EAST
    assert UPCARD in state.hands[Seat.WEST] and len(state.hands[Seat.WEST]) == 6
    assert Discard(UPCARD) in legal_actions(state)  # the seed's dealer may lay the upcard away
    state = run(state, "discard KC")
    assert state.phase is Phase.GO_ALONE and state.to_act == Seat.EAST


def test_openspiel_preset_keeps_the_upcard() -> None:
    state = run(dealt(dealer_may_discard_upcard=False), "order up")
    assert Discard(UPCARD) not in legal_actions(state)
    assert "must keep it" in check_action(state, Discard(UPCARD)).reason


def test_round_two_cannot_name_the_turned_down_suit() -> None:
    state = run(dealt(), "pass", "pass", "pass", "pass")
    assert state.phase is Phase.CALL_ROUND_2 and state.to_act == Seat.NORTH
    assert NameTrump(Suit.DIAMONDS) not in legal_actions(state)
    verdict = check_action(state, NameTrump(Suit.DIAMONDS))
    assert not verdict.legal and "turned down" in verdict.reason
    assert not check_action(state, ORDER_UP).legal
    opened = run(dealt(name_turned_down_suit=True), "pass", "pass", "pass", "pass")
    assert NameTrump(Suit.DIAMONDS) in legal_actions(opened)


def test_all_pass_twice_throws_the_hand_in() -> None:
    state = run(dealt(), *["pass"] * 8)
    assert state.phase is Phase.SCORED and state.to_act is None
    result = hand_result(state)
    assert result is not None and result.thrown_in and result.points == (0, 0)


def test_stick_the_dealer() -> None:
    state = run(dealt(stick_the_dealer=True), *["pass"] * 7)
    assert state.to_act == Seat.WEST
    assert PASS not in legal_actions(state)
    assert "stuck" in check_action(state, PASS).reason
    state = run(state, "name S")
    assert state.trump is Suit.SPADES and state.maker == Seat.WEST


def test_go_alone_order_and_partner_sits_out() -> None:
    state = run(dealt(), *["pass"] * 4, "name H")  # North names hearts
    assert state.phase is Phase.GO_ALONE
    assert state.alone_queue == (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
    state = run(state, "alone")
    assert state.out == (Seat.SOUTH,) and state.to_act == Seat.EAST  # South is no longer asked
    state = run(state, "alone")  # East defends alone: West sits out
    assert state.phase is Phase.PLAY and state.out == (Seat.SOUTH, Seat.WEST)
    assert state.to_act == Seat.NORTH  # left of the dealer (West)
    state = run(state, "JH", "QH")
    assert state.won[Seat.NORTH] == 1 and state.to_act == Seat.NORTH


def test_only_the_maker_may_go_alone_under_openspiel_rules() -> None:
    state = run(dealt(maker_partner_may_go_alone=False), *["pass"] * 4, "name H")
    assert state.alone_queue == (Seat.NORTH, Seat.EAST, Seat.WEST)
    state = run(dealt(defender_may_go_alone=False), *["pass"] * 4, "name H")
    assert state.alone_queue == (Seat.NORTH, Seat.SOUTH)


def test_maker_partner_alone_puts_the_maker_out() -> None:
    state = run(dealt(), *["pass"] * 4, "name H", "partner", "alone", "partner", "partner")
    assert state.lone == (Seat.SOUTH,) and state.out == (Seat.NORTH,)
    assert state.phase is Phase.PLAY and state.to_act == Seat.EAST


@pytest.mark.parametrize(("first_lead", "leader"), [("next_active", Seat.EAST), ("left_of_lone", Seat.WEST)])
def test_who_leads_when_the_dealers_left_sits_out(first_lead: str, leader: Seat) -> None:
    # Dealer West; South goes alone, so North (on the dealer's left) sits out. The next active player is
    # East (the dealer's partner); the player on the lone player's left is West (the dealer).
    state = run(dealt(first_lead=first_lead), *["pass"] * 6, "name H")  # South names hearts
    assert state.maker == Seat.SOUTH
    state = run(state, "alone", "partner", "partner")
    assert state.out == (Seat.NORTH,)
    assert state.to_act == leader


def test_dealer_partner_must_go_alone_option() -> None:
    state = run(dealt(dealer_partner_must_go_alone=True), "pass", "order up", "discard KC")
    assert state.maker == Seat.EAST and state.to_act == Seat.EAST  # East is West's partner
    assert legal_actions(state) == [GoAlone.ALONE]
    assert "must go alone" in check_action(state, GoAlone.PARTNER).reason
    state = run(dealt(dealer_partner_must_go_alone=True), "order up")
    state = run(state, "discard KC")
    assert legal_actions(state) == [GoAlone.ALONE, GoAlone.PARTNER]  # North is not the dealer's partner


def test_a_full_hand_scores_by_the_table() -> None:
    state = run(dealt(), *["pass"] * 4, "name H", "alone", "partner", "partner")
    # North alone with J♥ A♥ K♥ against East/West; North leads.
    state = run(state, "JH", "9H", "JC", "AH", "10H", "AS", "KH", "QH", "AC", "9S", "KS", "JS", "QS", "KC", "10S")
    result = hand_result(state)
    assert result is not None and result.makers is Side.NORTH_SOUTH
    assert result.makers_tricks == 3 and result.maker_alone
    assert result.points == (1, 0)


def test_illegal_actions_explain_themselves() -> None:
    state = dealt()
    with pytest.raises(IllegalPlayError, match="round 1"):
        apply(state, NameTrump(Suit.SPADES))
    with pytest.raises(IllegalPlayError, match="is not a choice now"):
        apply(state, C("JH")[0])
    state = run(state, *["pass"] * 4, "name H", "partner", "partner", "partner", "partner", "JH")
    with pytest.raises(IllegalPlayError, match="you hold three hearts"):
        apply(state, C("QS")[0])
    with pytest.raises(IllegalPlayError, match="not in your hand"):
        apply(state, C("AC")[0])


@pytest.mark.parametrize(("hand", "trick", "error", "message"), [
    ("9H 9H", "", TooManyCopiesError, "9♥ appears 2 times"),
    ("8H", "", CardNotInDeckError, "8♥ is not in the 24-card Euchre deck"),
    ("RJ", "", CardNotInDeckError, "RJ is not in"),
    ("9H 10H JH QH KH AH", "", InvalidPositionError, "at most 5 cards"),
    ("9H", "9C 10C JC QC", InvalidPositionError, "trick is complete"),
    ("9H", "9H", TooManyCopiesError, "hand and the trick together"),
    ("", "", InvalidPositionError, "empty"),
])
def test_bad_positions_are_refused_with_a_message(hand: str, trick: str, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        Position.build(hand=C(hand), table=C(trick), rules=Rules(), trump=Suit.HEARTS)


def test_a_three_player_trick_is_full_after_three_cards() -> None:
    Position.build(hand=C("9H"), table=C("9C 10C"), rules=Rules(), trump=Suit.HEARTS, players=3)
    with pytest.raises(InvalidPositionError, match="3 active players"):
        Position.build(hand=C("9H"), table=C("9C 10C JC"), rules=Rules(), trump=Suit.HEARTS, players=3)


def test_a_deal_must_be_24_distinct_cards() -> None:
    with pytest.raises(TooManyCopiesError):
        state_from_cards(SEED, 0, [C("JH AH KH 9S 10S")] * 4, UPCARD)
    with pytest.raises(InvalidPositionError, match="5 cards"):
        state_from_cards(SEED, 0, HANDS[:3] + [C("AS JS")], UPCARD)


def test_the_order_of_play_skips_who_sits_out() -> None:
    from engine.euchre import play_order

    assert play_order(Seat.NORTH) == (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
    assert play_order(Seat.WEST, [Seat.NORTH]) == (Seat.WEST, Seat.EAST, Seat.SOUTH)
    assert play_order(Seat.EAST, [Seat.SOUTH, Seat.WEST]) == (Seat.EAST, Seat.NORTH)
    with pytest.raises(InvalidPositionError, match="sits out and cannot lead"):
        play_order(Seat.NORTH, [Seat.NORTH])
    with pytest.raises(InvalidPositionError, match="one player of each side"):
        play_order(Seat.EAST, [Seat.NORTH, Seat.SOUTH])
