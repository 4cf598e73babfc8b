"""The rule options beyond the seed: the benny (a 25-card deck whose joker is the best bower), what a
turned-up joker means, how the cards are dealt (deal_packets) and who deals after a thrown-in hand."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.base import PASS
from engine.cards import RED_JOKER, Suit, parse_cards
from engine.driver import play_out, replay
from engine.errors import CardNotInDeckError, IllegalPlayError, InvalidPositionError, InvalidRequestError
from engine.euchre import (
    BENNY_CARDS,
    BOTS,
    CARDS,
    COMMANDS,
    GAME,
    ORDER_UP,
    NameTrump,
    NeedsBennyError,
    Phase,
    Position,
    Seat,
    apply,
    card_power,
    check,
    check_action,
    deal_cards,
    effective_suit,
    hand_result,
    legal_actions,
    legal_plays,
    make_rules,
    new_game,
    next_dealer,
    parse_action,
    score_after,
    state_from_cards,
    trick_winner,
    trump_order,
)
from engine.euchre.rules import Rules
from engine.match import whole_game
from engine.sim import simulate
from engine.table import Record

C = parse_cards
RJ = RED_JOKER
BENNY = make_rules("benny")
HEARTS = Suit.HEARTS


def run(state, *texts):
    for text in texts:
        state = apply(state, parse_action(text))
    return state


# ------------------------------------------------------------------------------------------ the benny


def test_with_hearts_trump_the_joker_is_above_the_right_bower() -> None:
    assert trump_order(HEARTS, benny=True) == C("RJ JH JD AH KH QH 10H 9H")
    assert card_power(RJ, HEARTS) > card_power(C("JH")[0], HEARTS) > card_power(C("JD")[0], HEARTS)
    assert trick_winner(C("JH RJ JD AH"), HEARTS) == 1
    assert trick_winner(C("AC 9C RJ"), Suit.CLUBS) == 2
    for trump in Suit:
        assert effective_suit(RJ, trump) is trump


def test_the_joker_follows_as_a_heart_and_must_be_played_to_a_heart_lead() -> None:
    only_trump = Position.build(hand=C("RJ AS 9C"), table=C("9H"), rules=BENNY, trump=HEARTS)
    assert legal_plays(only_trump).plays == (RJ,)
    verdict = check(only_trump, C("AS")[0])
    assert not verdict.legal and "you hold one heart (RJ)" in verdict.reason
    assert "it is the joker, the best bower, a heart while hearts are trump" in check(only_trump, RJ).reason
    # a club lead does not call for the joker, and a player with clubs must not play it
    clubs = Position.build(hand=C("RJ AC 9S"), table=C("9C"), rules=BENNY, trump=HEARTS)
    assert legal_plays(clubs).plays == C("AC")
    assert "must follow suit" in check(clubs, RJ).reason
    # the joker led is a trump lead: the left bower follows it
    led = Position.build(hand=C("JD AS"), table=C("RJ"), rules=BENNY, trump=HEARTS)
    assert legal_plays(led).plays == C("JD")
    assert "the joker" in check(led, C("JD")[0]).reason


def test_the_joker_is_refused_without_the_benny_and_the_black_joker_always() -> None:
    message = "RJ is not in the 24-card Euchre deck; turn on the benny option for the 25-card deck with a joker"
    with pytest.raises(NeedsBennyError) as info:
        Position.build(hand=C("RJ 9H"), rules=Rules(), trump=HEARTS)
    assert str(info.value) == message and info.value.option == "benny" and info.value.preset == "benny"
    assert isinstance(info.value, CardNotInDeckError)
    with pytest.raises(CardNotInDeckError, match="BJ is not in the 25-card Euchre deck"):
        Position.build(hand=C("BJ 9H"), rules=BENNY, trump=HEARTS)
    with pytest.raises(CardNotInDeckError, match="turn on the benny option"):
        state_from_cards(make_rules("seed"), 0, [C("JH AH KH 9S 10S")] * 4, RJ)


def test_a_benny_deal_has_25_cards_and_a_kitty_of_five() -> None:
    for seed in range(20):
        dealt = deal_cards(seed, rules=BENNY)
        assert all(len(h) == 5 for h in dealt.hands) and len(dealt.kitty) == 4
        every = [c for h in dealt.hands for c in h] + [dealt.upcard, *dealt.kitty]
        assert Counter(every) == Counter(BENNY_CARDS)
    with pytest.raises(InvalidPositionError, match="4 cards under the upcard"):
        state_from_cards(BENNY, 0, [C("JH AH KH 9S 10S"), C("QH 10H 9H QS KS"), C("JD AD KD QD 10D"),
                            C("AS JS JC AC KC")], C("9D")[0], C("QC 10C 9C RJ 9C"))


# ------------------------------------------------------------------------------------------ a turned-up joker

HANDS = [C("JH AH KH 9S 10S"), C("QH 10H 9H QS KS"), C("JD AD KD QD 10D"), C("AS JS JC AC KC")]


def joker_up(**options: object):
    """West deals and turns up the joker."""
    return state_from_cards(make_rules("benny", options), Seat.WEST, HANDS, RJ, C("QC 10C 9C 9D"))


def test_a_turned_up_joker_lets_the_dealer_name_trump_at_once() -> None:
    state = joker_up()
    assert state.phase is Phase.JOKER_UPCARD and state.to_act == Seat.WEST
    assert legal_actions(state) == [NameTrump(s) for s in Suit]
    for refused in (PASS, ORDER_UP):
        verdict = check_action(state, refused)
        assert not verdict.legal and "must name a suit at once, before looking" in verdict.reason
    with pytest.raises(IllegalPlayError, match="the dealer, must name a suit"):
        apply(state, PASS)
    state = run(state, "name C")
    # as if the dealer had ordered clubs up: West's side make it, West picks up the joker and discards
    assert state.trump is Suit.CLUBS and state.maker == Seat.WEST and state.called_round == 1
    assert state.phase is Phase.DEALER_DISCARD and RJ in state.hands[Seat.WEST]
    state = run(state, "discard AS")
    assert state.phase is Phase.GO_ALONE and state.to_act == Seat.WEST
    state = run(state, "partner", "partner", "partner", "partner")
    assert state.phase is Phase.PLAY and state.to_act == Seat.NORTH


def test_the_alternative_rule_offers_the_named_suit_in_round_one() -> None:
    state = run(joker_up(benny_upcard="stands for a suit"), "name S")
    assert state.phase is Phase.CALL_ROUND_1 and state.to_act == Seat.NORTH
    assert state.trump is None and state.joker_suit is Suit.SPADES and state.turned_suit is Suit.SPADES
    ordered = run(state, "pass", "order up")
    assert ordered.trump is Suit.SPADES and ordered.maker == Seat.EAST
    assert RJ in ordered.hands[Seat.WEST] and ordered.phase is Phase.DEALER_DISCARD
    passed = run(state, *["pass"] * 4)
    assert passed.phase is Phase.CALL_ROUND_2
    assert NameTrump(Suit.SPADES) not in legal_actions(passed)
    assert "standing for spades" in check_action(passed, NameTrump(Suit.SPADES)).reason


def test_a_turned_up_joker_in_seeded_hands_with_both_rules() -> None:
    seeds = [s for s in range(400) if deal_cards(s, rules=BENNY).upcard == RJ][:6]
    assert seeds
    for rule in ("dealer names trump", "stands for a suit"):
        rules = make_rules("benny", {"benny_upcard": rule})
        for seed in seeds:
            for bot in BOTS.values():
                state = new_game(rules, seed)
                assert state.phase is Phase.JOKER_UPCARD
                rng = random.Random(seed)
                while state.to_act is not None:
                    state = apply(state, bot.choose(state, rng))
                assert hand_result(state) is not None
                if rule == "dealer names trump":
                    assert state.maker == state.dealer and state.trump is state.joker_suit


def test_the_table_hides_the_dealers_cards_while_they_name_a_suit_blind() -> None:
    seed = next(s for s in range(400) if deal_cards(s, rules=BENNY).upcard == RJ)
    state = GAME.new_game(BENNY, seed)
    dealer = state.dealer
    view = GAME.view(state, dealer)
    assert all(c is None for c in view.seats[dealer].cards)
    assert any(label.startswith("Upcard: the joker") for label, _ in view.extra)
    assert all(c is not None for c in GAME.view(state, None).seats[dealer].cards)
    after, step = GAME.step(state, GAME.parse_action(state, "name H"))
    assert "before looking at their cards" in step.comment and "best bower" in step.comment
    assert all(c is not None for c in GAME.view(after, dealer).seats[dealer].cards)
    assert len(after.hands[dealer]) == 6


def test_benny_preset_plays_whole_hands_at_the_table() -> None:
    for seed in range(40):
        record, final = play_out(GAME, BENNY, seed, "heuristic")
        assert record.preset == "benny"
        states, _ = replay(GAME, Record.from_json(record.to_json()))
        assert states[-1] == final and GAME.outcome(final) is not None


# ------------------------------------------------------------------------------------------ deal_packets


@pytest.mark.parametrize("packets", ["3-2", "2-3", "singles"])
@pytest.mark.parametrize("benny", [False, True])
def test_every_deal_is_deterministic_and_conserves_the_deck(packets: str, benny: bool) -> None:
    rules = make_rules("seed", {"deal_packets": packets, "benny": benny})
    for seed in range(30):
        dealt = deal_cards(seed, rules=rules)
        assert dealt == deal_cards(seed, rules=rules)
        every = [c for h in dealt.hands for c in h] + [dealt.upcard, *dealt.kitty]
        assert Counter(every) == Counter(BENNY_CARDS if benny else CARDS)
        assert all(len(h) == 5 for h in dealt.hands)
        assert [p[0] for p in dealt.packets][:4] == [Seat((dealt.dealer + i) % 4) for i in (1, 2, 3, 4)]
        for seat in Seat:
            assert tuple(c for s, cards in dealt.packets if s == seat for c in cards) == dealt.hands[seat]


def test_the_default_deal_is_unchanged_and_the_packets_differ() -> None:
    # deal 7 of lesson 1 (South deals): today's deal, 3-2-3-2 then 2-3-2-3
    default = deal_cards(7)
    assert default == deal_cards(7, rules=make_rules("seed"))
    assert Counter(default.hands[Seat.NORTH]) == Counter(C("JH AC KC 9C JD"))
    assert (default.dealer, default.upcard, default.kitty) == (Seat.SOUTH, C("10S")[0], C("JC 9D KS"))
    assert [len(cards) for _, cards in default.packets] == [3, 2, 3, 2, 2, 3, 2, 3]
    two_three = deal_cards(7, rules=make_rules("seed", {"deal_packets": "2-3"}))
    singles = deal_cards(7, rules=make_rules("seed", {"deal_packets": "singles"}))
    assert [len(cards) for _, cards in two_three.packets] == [2, 3, 2, 3, 3, 2, 3, 2]
    assert [len(cards) for _, cards in singles.packets] == [1] * 20
    # the same shuffle, dealt differently: the dealer, the upcard and the kitty stay, the hands change
    for other in (two_three, singles):
        assert (other.dealer, other.upcard, other.kitty) == (default.dealer, default.upcard, default.kitty)
        assert other.hands != default.hands
    # one at a time: the first four cards of the pack go one to each player from the dealer's left
    first_four = [cards[0] for _, cards in singles.packets[:4]]
    assert first_four == [default.packets[0][1][0], default.packets[0][1][1], default.packets[0][1][2],
                          default.packets[1][1][0]]


def test_the_deal_command_shows_the_packets() -> None:
    answer = COMMANDS["deal"]({"seed": 7, "options": {"deal_packets": "2-3"}})
    assert answer["deal_packets"] == "2-3" and answer["packet_sizes"] == "W2 N3 E2 S3 W3 N2 E3 S2"
    assert "2, 3, 2, 3" in answer["deal_order"]
    benny = COMMANDS["deal"]({"seed": 33, "preset": "benny"})
    assert benny["deck_size"] == 25 and len(benny["kitty"].split()) == 4
    assert benny["upcard"] == "RJ" and benny["joker_upcard"] and benny["upcard_suit"] is None


# ------------------------------------------------------------------------------------------ thrown_in


@pytest.mark.parametrize(("option", "dealer", "words"), [
    ("next dealer", Seat.NORTH, "the deal passes to the left"),
    ("same dealer", Seat.WEST, "the same dealer deals again"),
])
def test_after_a_thrown_in_hand_the_deal_passes_or_stays(option: str, dealer: Seat, words: str) -> None:
    hand = state_from_cards(make_rules("seed", {"thrown_in": option}), Seat.WEST, HANDS, C("9D")[0])
    last_pass = run(hand, *["pass"] * 7)
    assert words in check_action(last_pass, PASS).reason
    thrown = run(last_pass, "pass")
    assert thrown.thrown_in and next_dealer(thrown) == dealer
    played = run(hand, "order up")
    assert next_dealer(played) == Seat.NORTH  # a hand that was played always passes the deal


def test_whole_games_follow_the_thrown_in_option() -> None:
    nxt, same = make_rules("seed"), make_rules("seed", {"thrown_in": "same dealer"})
    whole = whole_game(GAME)

    def game_of(rules, seed):  # noqa: ANN001, ANN202 - a test helper
        return play_out(GAME, rules, seed, "heuristic", start={"whole": True})[1]

    seed = next(s for s in range(200) if any(h.thrown_in for h in game_of(nxt, s).finished))
    for rules in (nxt, same):
        final = game_of(rules, seed)
        hands = final.finished
        for number in range(1, len(hands)):
            before, after = hands[number - 1], hands[number]
            stays = before.thrown_in and rules.thrown_in.value == "same dealer"
            assert after.dealer == (before.dealer if stays else (before.dealer + 1) % 4)
            assert after.scores == score_after(rules, hands[:number])
        assert whole.outcome(final).data["thrown_in"] == sum(h.thrown_in for h in hands)
    assert [h.dealer for h in game_of(same, seed).finished] != [h.dealer for h in game_of(nxt, seed).finished]
    frame = simulate(GAME, 5, seed, {"bots": "heuristic", "thrown_in": "same dealer", "start": {"whole": True}})
    assert {"thrown_in", "dealers", "hands", "winner"} <= set(frame.columns)


def test_the_table_says_who_deals_after_a_thrown_in_hand() -> None:
    for options, words in (({}, "the deal passes to the left"), ({"thrown_in": "same dealer"},
                                                                  "the same dealer deals again")):
        state = GAME.new_game(GAME.rules("seed", options), 4)
        steps = []
        for _ in range(8):
            state, step = GAME.step(state, PASS)
            steps.append(step)
        assert words in steps[-1].comment
        result = GAME.outcome(state)
        assert result is not None and words in result.summary.lower()
        info = dict(GAME.view(state, None).info)
        assert words in info["Next deal"]


# ------------------------------------------------------------------------------------------ the command line


def test_commands_with_the_benny() -> None:
    answer = COMMANDS["legal"]({"preset": "benny", "trump": "H", "hand": "RJ AS 9C", "trick": "9H"})
    assert answer["legal_cards"] == "RJ" and [p["cards"] for p in answer["plays"]] == ["RJ"]
    answer = COMMANDS["winner"]({"preset": "benny", "trump": "H", "trick": "9C JH RJ JD", "leader": "N"})
    assert answer["winner"] == "S" and "best bower" in answer["reason"]
    answer = COMMANDS["trumps"]({"options": {"benny": True}, "trump": "H", "hand": "RJ JD 9S"})
    assert answer["order"].startswith("RJ JH JD ") and answer["trumps"] == "RJ JD"
    answer = COMMANDS["calls"]({"preset": "benny", "dealer": "N", "upcard": "RJ", "hand": "9S 10S QD KD AC"})
    assert answer["to_act"] == "N" and answer["phase"] == "joker upcard"
    assert answer["calls"] == ["name S", "name H", "name D", "name C"] and answer["advice"] is None
    answer = COMMANDS["calls"]({"preset": "benny", "options": {"benny_upcard": "stands for a suit"},
                                "dealer": "N", "upcard": "RJ", "joker_suit": "S", "round": 2, "seat": "W"})
    assert answer["calls"] == ["pass", "name H", "name D", "name C"]
    answer = COMMANDS["discard"]({"preset": "benny", "hand": "RJ 9C 10D JH QH AH", "upcard": "RJ", "trump": "H"})
    assert answer["trump"] == "H" and answer["advice"] == "9C"
    answer = COMMANDS["position"]({"preset": "benny", "dealer": "S", "upcard": "RJ", "round": 1, "seat": "S"})
    assert answer["kind"] == "calling" and answer["calls"]["calls"][0] == "name S"


@pytest.mark.parametrize(("command", "request_", "error", "message"), [
    ("legal", {"trump": "H", "hand": "RJ AS", "trick": "9H"}, NeedsBennyError,
     "RJ is not in the 24-card Euchre deck; turn on the benny option for the 25-card deck with a joker"),
    ("calls", {"dealer": "N", "upcard": "RJ"}, NeedsBennyError, "turn on the benny option"),
    ("position", {"trump": "H", "trick": "RJ"}, NeedsBennyError, "turn on the benny option"),
    ("legal", {"preset": "benny", "trump": "H", "hand": "BJ AS"}, CardNotInDeckError,
     "BJ is not in the 25-card Euchre deck"),
    ("deal", {"seed": 1, "options": {"deal_packets": "4-1"}}, InvalidRequestError,
     "option 'deal_packets' (Deal) is one of 3-2, 2-3, singles, not '4-1'"),
    ("deal", {"seed": 1, "options": {"thrown_in": "redeal"}}, InvalidRequestError,
     "is one of next dealer, same dealer, not 'redeal'"),
    ("deal", {"seed": 1, "options": {"benny_upcard": "hearts"}}, InvalidRequestError,
     "is one of dealer names trump, stands for a suit, not 'hearts'"),
    ("deal", {"seed": 1, "options": {"benny": "yes"}}, InvalidRequestError, "is true or false, not 'yes'"),
    ("calls", {"preset": "benny", "dealer": "N", "upcard": "RJ", "seat": "E"}, InvalidPositionError,
     "North, the dealer, names trump at once"),
    ("calls", {"preset": "benny", "dealer": "N", "upcard": "RJ", "round": 2}, InvalidPositionError,
     "names trump at once"),
    ("calls", {"preset": "benny", "options": {"benny_upcard": "stands for a suit"}, "dealer": "N",
               "upcard": "RJ", "seat": "E"}, InvalidPositionError, "give that suit as joker_suit"),
    ("calls", {"preset": "benny", "dealer": "N", "upcard": "KH", "joker_suit": "S"}, InvalidPositionError,
     "not the joker"),
    ("discard", {"preset": "benny", "hand": "RJ 9C 10D JH QH AH", "upcard": "RJ"}, InvalidPositionError,
     "say which suit the dealer named"),
    ("discard", {"hand": "9C 10D JH QH AH KH", "upcard": "KH", "trump": "S"}, InvalidPositionError,
     "hearts are trump, not spades"),
])
def test_bad_input_is_refused_with_a_message(command: str, request_: dict, error: type, message: str) -> None:
    with pytest.raises(error) as info:
        COMMANDS[command](request_)
    assert message in str(info.value)


def test_bad_options_on_the_command_line_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.__main__ import main

    code = main(["legal", "euchre", json.dumps({"trump": "H", "hand": "RJ AS", "trick": "9H"})])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "\n" not in err and "turn on the benny option" in err
    code = main(["simulate", "euchre", "--games", "2", "--seed", "1", "--options",
                 json.dumps({"deal_packets": "3-3"})])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "deal_packets" in err and "\n" not in err


def test_a_turned_up_joker_fixes_the_round_and_the_caller() -> None:
    from engine.euchre import calling_fixed

    assert calling_fixed(RJ, Seat.SOUTH) == (1, Seat.SOUTH)
    assert calling_fixed(C("KH")[0], Seat.SOUTH) is None
    assert calling_fixed(RJ, Seat.SOUTH, Suit.SPADES) is None  # it stands for spades: the calling goes on
    answer = COMMANDS["calls"]({"preset": "benny", "dealer": "E", "upcard": "RJ"})
    assert (answer["to_act"], answer["round"], answer["phase"]) == ("E", 1, "joker upcard")
