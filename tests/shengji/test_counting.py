"""Counting legal plays without listing them: the sub-multiset count, the inclusion–exclusion over unit
placements, the lower bound past the work budget, and big positions whose plays could not be listed."""

from __future__ import annotations

import time
from itertools import combinations
from math import comb

from engine.cards import Rank, Suit
from engine.shengji import Position, count_legal_plays, legal_plays, trump_for
from engine.shengji.enumeration import count_for_format, count_submultisets, submultisets
from tests.shengji.helpers import cards, rules


def test_count_submultisets_matches_listing_and_binomials() -> None:
    assert count_submultisets([1] * 25, 6) == comb(25, 6)
    assert count_submultisets([2, 1, 3], 0) == 1 and count_submultisets([2, 1, 3], 7) == 0
    items = list(zip(cards("AH KH QH JH 9H 5C 6C"), [2, 1, 3, 2, 1, 4, 2], strict=True))
    for k in range(0, 16):
        listed = set(submultisets(items, k))
        assert count_submultisets([n for _, n in items], k) == len(listed)
        brute = {tuple(sorted(x, key=lambda c: c.text))
                 for x in combinations([c for c, n in items for _ in range(n)], k)}
        assert len(brute) == len(listed)


def test_counting_a_follow_is_inclusion_exclusion_over_the_placements() -> None:
    r = rules()
    t = trump_for(r, Rank.TEN, Suit.SPADES)
    pos = Position.build(hand=cards("AH AH KH KH QH QH 9H 9H 8H 7H 7H 4H 3H 3H 2S 5C"),
                         table=cards("6H 6H 5H 5H JH 4H"), rules=r, trump=t)
    every = legal_plays(pos, None)
    assert count_legal_plays(pos) == (len(every.plays), True) and len(every.plays) > 20


def test_past_the_budget_the_count_is_a_lower_bound() -> None:
    r = rules()
    t = trump_for(r, Rank.TEN, Suit.SPADES)
    pos = Position.build(hand=cards("AH AH KH KH QH QH 9H 9H 8H 7H 7H 4H 3H 3H 2S 5C"),
                         table=cards("6H 6H 5H 5H JH 4H"), rules=r, trump=t)
    true = len(legal_plays(pos, None).plays)
    fmt = pos._cache["requirement"].format  # type: ignore[attr-defined]
    count, exact = count_for_format(pos.holding(), fmt, len(pos.lead), budget=1)
    assert (count, exact) == (1, False) and count < true
    assert count_for_format(pos.holding(), fmt, len(pos.lead), budget=10_000) == (true, True)


def test_four_decks_a_void_hand_after_a_long_throw_is_counted_at_once() -> None:
    r = rules(decks=4)
    t = trump_for(r, Rank.TWO, Suit.SPADES)
    hand = cards("3S 3S 3S 4S 4S 5S 5S 5S 6S 7S 8S 8S 9S 10S JS JS QS KS AS AS 2D 2C 2C BJ BJ RJ "
                 "3D 3D 4D 4D 5D 6D 7D 8D 9D 9D 10D JD QD KD AD 3C 4C 5C 6C 7C 7C 8C 9C 10C JC QC")
    lead = cards("AH AH AH KH KH KH QH JH 9H 8H")
    pos = Position.build(hand=hand, table=lead, rules=r, trump=t)
    start = time.process_time()
    found = legal_plays(pos, 50)
    spent = time.process_time() - start
    assert found.count_exact and not found.complete and len(found.plays) == 50
    assert found.count > 10**9, "far too many to list"
    assert spent < 2.0, spent
