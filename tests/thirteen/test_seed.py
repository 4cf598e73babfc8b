"""Golden tests: every sentence of the seed (seeds/002_16edbfb5f72ea1fd.txt), in its order."""

import pytest

from engine.cards import Card, Rank, Suit
from engine.driver import play_out
from engine.thirteen import CARDS, GAME, PASS, Kind, Play, Position, check, classify, legal_plays, make_rules
from engine.thirteen.order import DECK, RANK_ORDER, SUIT_ORDER, index, mask_of
from engine.thirteen.rules import Rules
from engine.thirteen.state import apply, from_hands
from tests.thirteen.helpers import beats, cards, combo, reason


def test_goal_the_first_player_out_wins() -> None:
    # "The goal of the game is to be the first player to get rid of all your cards."
    _, game = play_out(GAME, make_rules("seed"), 11, "random")
    winner = game.finished[0]
    assert game.hands[winner] == 0
    assert game.left_at_first_out[winner] == 0
    assert all(game.left_at_first_out[s] > 0 for s in range(4) if s != winner)


def test_standard_52_card_deck() -> None:
    # "The game is played with a standard 52 card deck."
    assert DECK.size == 52 and len(set(CARDS)) == 52
    assert all(not c.is_joker for c in CARDS)


def test_rank_order_from_low_to_high() -> None:
    # "From low to high the ranks are 3, 4, 5, 6, 7, 8, 9, 10, jack, queen, king, ace, 2."
    assert [r.text for r in RANK_ORDER] == ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
    singles = [Card(r, Suit.SPADES) for r in RANK_ORDER]
    for low, high in zip(singles, singles[1:], strict=False):
        assert beats(high.text, low.text) and not beats(low.text, high.text)


def test_two_is_the_highest_card_and_never_in_a_sequence() -> None:
    # "The unusual thing here is that 2 is the highest card. It is special: it cannot be used in any sequence."
    assert beats("2S", "AH")
    assert classify(cards("KS AH 2D")) is None
    assert classify(cards("AS 2H 3D")) is None
    assert "a 2 never goes in a sequence" in reason("QS KH AD 2C")
    assert "2s never go in one" in reason("KS KH AS AH 2S 2H")


def test_suit_order_from_low_to_high() -> None:
    # "From low to high the suits are spades, clubs, diamonds, hearts."
    assert SUIT_ORDER == (Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
    assert beats("7C", "7S") and beats("7D", "7C") and beats("7H", "7D")
    assert not beats("7S", "7H")


def test_rank_before_suit_five_of_spades_beats_four_of_hearts() -> None:
    # "A 5 of spades is always higher than a 4 of hearts, although spades are the lowest suit."
    assert beats("5S", "4H")
    assert "5♠ beats 4♥" in reason("5S", "4H")
    assert not beats("4H", "5S")


def test_same_rank_suit_decides_five_of_hearts_beats_five_of_spades() -> None:
    # "But if you have the 5 of spades and the 5 of hearts, the 5 of hearts is higher."
    assert beats("5H", "5S")
    assert "hearts are higher than spades" in reason("5H", "5S")
    assert index(Card(Rank.FIVE, Suit.HEARTS)) > index(Card(Rank.FIVE, Suit.SPADES))


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("9D", Kind.SINGLE),
        ("5S 5H", Kind.PAIR),
        ("8S 8D 8H", Kind.TRIPLE),
        ("JS JC JD JH", Kind.QUAD),
        ("4S 5H 6D", Kind.SEQUENCE),
        ("4S 5S 6S", Kind.SEQUENCE),
        ("3S 3C 4D 4H 5S 5H", Kind.DOUBLE_SEQUENCE),
    ],
)
def test_the_combinations_a_leader_may_play(text: str, kind: Kind) -> None:
    # "single card, pair, three of a kind, four of a kind, a sequence of at least 3 cards (e.g. 4,5,6; the
    # cards need not be of one suit), a double sequence of at least 6 cards (e.g. 3,3,4,4,5,5)."
    assert combo(text).kind is kind
    pos = Position.build(hand=cards(text + " 10C"), rules=Rules())
    assert combo(text).text in [p.text for p in legal_plays(pos)]
    assert check(pos, cards(text)).legal


def test_short_sequences_and_double_sequences_are_not_combinations() -> None:
    assert classify(cards("4S 5H")) is None
    assert "at least three pairs" in reason("4S 5H 5D 4D")
    assert "at least three pairs of consecutive ranks" in reason("4S 4H 5S 5H")


def test_others_must_play_the_same_type_higher() -> None:
    # "Once a player has made a combination the others must try to play the same type of combination of a
    # higher rank."
    assert beats("6S 6C", "5D 5H")
    assert not beats("6S 6C 6D", "5D 5H")
    assert "only a pair with a top card higher than 5♥ beats it" in reason("9S", "5D 5H", hand="9S 10C")
    assert not beats("4C 5C 6C 7C", "3S 4S 5S")
    assert "same length" in reason("4C 5C 6C 7C", "3S 4S 5S")


def test_a_player_who_cannot_beat_passes() -> None:
    # "If a player cannot play a higher combination of the same type, they must pass."
    pos = Position.build(hand=cards("3S 4C 9D"), table=cards("KS KH"), rules=Rules())
    assert list(legal_plays(pos)) == []
    assert pos.can_pass


def test_everyone_passes_the_table_clears_and_the_last_player_leads_anything() -> None:
    # "If no player can beat what is on the table they all pass and the cards are cleared. The player who had
    # the last combination plays next, and may play any combination since the table is empty."
    rules = make_rules("seed")
    hands = (
        _mask("3S 4S 5S 9H"),
        _mask("6D 7D"),
        _mask("8C 8D"),
        _mask("JS QS"),
    )
    game = from_hands(rules, hands)
    game = apply(game, Play(_mask("3S 4S 5S")))  # North leads a sequence nobody can beat
    for _ in range(3):
        game = apply(game, PASS)
    assert game.turn == 0 and game.table == 0 and game.locked == 0
    assert len(legal_plays(Position.build(hand=cards("9H"), rules=Rules()))) == 1


def test_passing_is_allowed_with_a_playable_hand_and_locks_out() -> None:
    # "A player may pass even with cards that could be played. But then they must pass until the cards on
    # the table are cleared."
    pos = Position.build(hand=cards("5S 6H"), table=cards("4D"), rules=Rules())
    assert check(pos, PASS).legal
    locked = Position.build(hand=cards("5S 6H"), table=cards("4D"), rules=Rules(), passed=True)
    verdict = check(locked, cards("6H"))
    assert not verdict.legal
    assert verdict.reason == "you passed this round, so you cannot play until the table clears"
    assert list(legal_plays(locked)) == []


def test_pairs_compare_by_their_highest_card() -> None:
    # "For pairs you may play the same rank if your pair's highest card is higher than the highest card of
    # the pair on the table. Or you may play any pair of 6s or higher on any pair of 5s."
    assert beats("5S 5H", "5C 5D")
    assert not beats("5S 5D", "5C 5H")
    for low in ("5S 5C", "5D 5H", "5S 5H"):
        for high in ("6S 6C", "6D 6H", "6S 6C", "9S 9C", "2S 2C"):
            assert beats(high, low)


def test_sequences_compare_by_their_highest_card() -> None:
    # "For sequences you may play another sequence if its highest card is higher than the highest card of the
    # sequence on the table. Or any three-card sequence starting from a higher rank, e.g. from 6."
    assert beats("4S 5S 6H", "4C 5D 6D")
    assert not beats("4C 5D 6D", "4S 5S 6H")
    assert beats("6S 7S 8S", "5H 6H 7H")
    assert beats("6S 7C 8D", "5D 6H 7H")
    assert not beats("5S 6S 7S", "5H 6H 7D")


def test_bombs_chop_a_single_two() -> None:
    # "A four of a kind or a double sequence of 3 pairs may be played on a single 2."
    assert beats("7S 7C 7D 7H", "2H")
    assert beats("3S 3C 4S 4C 5S 5C", "2H")
    assert "four 7s are a bomb: they chop 2♥" in reason("7S 7C 7D 7H", "2H")


def test_a_double_sequence_of_four_pairs_chops_a_pair_of_twos() -> None:
    # "A double sequence of 4 pairs may be played on two 2s."
    assert beats("3S 3C 4S 4C 5S 5C 6S 6C", "2D 2H")


def test_a_double_sequence_of_five_pairs_chops_three_twos() -> None:
    # "A double sequence of 5 pairs may be played on three 2s."
    assert beats("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", "2C 2D 2H")


@pytest.mark.parametrize(
    ("bomb", "twos"),
    [
        ("7S 7C 7D 7H", "2D 2H"),  # a quad does not chop a pair of 2s under the seed
        ("3S 3C 4S 4C 5S 5C", "2D 2H"),
        ("7S 7C 7D 7H", "2C 2D 2H"),
        ("3S 3C 4S 4C 5S 5C 6S 6C", "2C 2D 2H"),
        ("3S 3C 4S 4C 5S 5C 6S 6C", "2H"),  # 4 pairs on a single 2: not in the seed's list
        ("3S 3C 4S 4C 5S 5C 6S 6C 7S 7C", "2D 2H"),
        ("7S 7C 7D 7H", "AH"),  # bombs chop 2s only
    ],
)
def test_non_chops_under_the_seed(bomb: str, twos: str) -> None:
    assert not beats(bomb, twos)


def test_pair_of_twos_reason_names_what_beats_it() -> None:
    # 2♥ is on the table: no pair of 2s is higher, so only the bomb is named.
    assert reason("7S 7C 7D 7H", "2D 2H") == (
        "four 7s do not beat a pair of 2s (top 2♥): only a double sequence of 4 pairs beats it; nothing in your "
        "hand beats the table, so you can only pass")
    # 2♣ 2♥ are still out: a higher pair of 2s exists.
    assert reason("7S 7C 7D 7H", "2S 2D") == (
        "four 7s do not beat a pair of 2s (top 2♦): only a pair with a top card higher than 2♦ or a double "
        "sequence of 4 pairs beats it; nothing in your hand beats the table, so you can only pass")


def test_bombs_beat_bombs_of_the_same_shape_by_the_top_card() -> None:
    assert beats("8S 8C 8D 8H", "7S 7C 7D 7H")
    assert beats("4S 4C 5S 5C 6D 6H", "4D 4H 5D 5H 6S 6C")
    assert not beats("4S 4C 5S 5C 6S 6C", "4D 4H 5D 5H 6D 6H")


def test_seed_has_no_bomb_ladder_but_pagat_does() -> None:
    quad, three_pairs, four_pairs = "9S 9C 9D 9H", "3S 3C 4S 4C 5S 5C", "3D 3H 4D 4H 5D 5H 6D 6H"
    assert not beats(quad, three_pairs)
    assert beats(quad, three_pairs, "pagat")
    assert not beats(four_pairs, quad)
    assert beats(four_pairs, quad, "pagat")
    assert beats(four_pairs, "2H", "pagat")
    assert not beats(three_pairs, quad, "pagat")
    assert not beats(quad, "2D 2H", "pagat")


def test_the_bomb_on_a_two_must_itself_be_beaten() -> None:
    # The digest: "A bomb played on a 2 starts no new obligations: the next players must beat the bomb."
    pos = Position.build(hand=cards("2S 8S 8C 8D 8H"), table=cards("7S 7C 7D 7H"), rules=Rules())
    assert [p.text for p in legal_plays(pos)] == ["8S 8C 8D 8H"]


def _mask(text: str) -> int:
    return mask_of(cards(text))
