"""Trump context: effective suit, order, equal off-suit rank cards, adjacency, no-trump, points."""

import pytest

from engine.cards import Rank, Suit
from engine.shengji.combos import is_tractor
from engine.shengji.order import Group, describe_order, points
from tests.shengji.helpers import cards, rules, trump

COMP = rules("competition")
TRAC = rules("tractor")


def test_seed_001_order_rank_2_hearts_trump() -> None:
    t = trump(TRAC, "2", "H")
    order = describe_order(t)["T"]
    assert order == tuple(cards(tier) for tier in ("RJ", "BJ", "2H", "2S 2D 2C", "AH", "KH", "QH", "JH", "10H",
                                                   "9H", "8H", "7H", "6H", "5H", "4H", "3H"))
    # every other suit ranks A high without the trump rank
    assert describe_order(t)["S"] == tuple((c,) for c in cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"))


def test_off_suit_rank_cards_are_equal_trumps() -> None:
    t = trump(COMP, "10", "S")
    a, b, c = cards("10H 10D 10C")
    assert t.group(a) is t.group(b) is Group.TRUMP
    assert t.level(a) == t.level(b) == t.level(c)
    assert t.level(cards("10S")[0]) == t.level(a) + 1
    assert t.level(cards("AS")[0]) == t.level(a) - 1


def test_trump_rank_leaves_its_suit_and_closes_the_gap() -> None:
    t = trump(COMP, "10", "S")
    nine, jack = cards("9H JH")
    assert t.group(nine) is Group.HEARTS and t.adjacent(nine, jack)
    assert [tier[0] for tier in describe_order(t)["H"]][:5] == list(cards("AH KH QH JH 9H"))


# The eleven worked examples of seed 000 (trump rank 10, spades trump).
TRACTORS = [
    "2H 2H 3H 3H",
    "9H 9H JH JH",
    "2S 2S 3S 3S",
    "9S 9S JS JS",
    "AS AS 10D 10D",
    "10C 10C 10S 10S",
    "10S 10S BJ BJ",
    "BJ BJ RJ RJ",
]
NOT_TRACTORS = ["9H 9H 10H 10H", "10S 10S JS JS", "10D 10D 10C 10C"]


@pytest.mark.parametrize("text", TRACTORS)
def test_seed_000_tractors(text: str) -> None:
    assert is_tractor(cards(text), trump(COMP), COMP)


@pytest.mark.parametrize("text", NOT_TRACTORS)
def test_seed_000_not_tractors(text: str) -> None:
    assert not is_tractor(cards(text), trump(COMP), COMP)


def test_tractor_examples_hold_under_the_tractor_preset_too() -> None:
    for text in TRACTORS:
        assert is_tractor(cards(text), trump(TRAC), TRAC)
    for text in NOT_TRACTORS:
        assert not is_tractor(cards(text), trump(TRAC), TRAC)


def test_no_trump_competition_rank_pairs_never_adjacent_small_jokers_join_any() -> None:
    t = trump(COMP, "10", None)
    assert t.group(cards("10H")[0]) is Group.TRUMP
    assert not is_tractor(cards("10D 10D 10C 10C"), t, COMP)
    for suit in "SHDC":
        assert is_tractor(cards(f"10{suit} 10{suit} BJ BJ"), t, COMP)
    assert is_tractor(cards("BJ BJ RJ RJ"), t, COMP)
    assert is_tractor(cards("10H 10H BJ BJ RJ RJ"), t, COMP)
    # the rank left the suits: 9 and J of hearts are adjacent
    assert is_tractor(cards("9H 9H JH JH"), t, COMP)


def test_no_trump_tractor_preset_only_jokers_are_trump() -> None:
    t = trump(TRAC, "10", None)
    assert t.rank is None
    assert t.group(cards("10H")[0]) is Group.HEARTS
    assert is_tractor(cards("9H 9H 10H 10H"), t, TRAC)
    assert not is_tractor(cards("9H 9H JH JH"), t, TRAC)
    assert describe_order(t)["T"] == (cards("RJ"), cards("BJ"))


def test_the_tiers_of_every_trump_context_partition_the_deck() -> None:
    """Each card is in exactly one tier of its own group, at its own level; the trumps are as many as the rules
    say: two jokers, then (with a trump rank) four rank cards, then (with a trump suit) twelve more."""
    from engine.shengji.deal import deck_of

    for r in (COMP, TRAC):
        distinct = set(deck_of(r).distinct())
        for rank in Rank:
            if rank.is_joker:
                continue
            for suit in [*Suit, None]:
                t = trump(r, rank.text, suit.value if suit else None)
                seen = []
                for group in Group:
                    tiers = t.tiers(group)
                    for i, tier in enumerate(tiers):
                        for card in tier:
                            assert t.group(card) is group and t.level(card) == len(tiers) - 1 - i
                            seen.append(card)
                assert sorted(seen, key=lambda c: c.text) == sorted(distinct, key=lambda c: c.text)
                trumps = sum(len(tier) for tier in t.tiers(Group.TRUMP))
                with_rank = t.rank is not None
                assert trumps == 2 + (4 if with_rank else 0) + (12 if suit is not None else 0)
                assert with_rank == (suit is not None or r.rank_in_no_trump)


def test_points_are_100_per_deck() -> None:
    from engine.shengji.deal import deck_of

    for decks in (1, 2, 3, 4):
        assert points(deck_of(rules(decks=decks)).cards()) == 100 * decks
    assert points(cards("5H 10S KD AS BJ")) == 25
