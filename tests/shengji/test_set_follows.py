"""Following a lead of sets (pairs, triples) with several decks: the exact count (a dynamic programme) equals
the number of plays the full enumeration lists, and the plays listed lazily are all legal and distinct — on
random small positions (hypothesis), checked against every sub-multiset of the hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Rank, Suit
from engine.shengji import Position, check, count_legal_plays, legal_plays, trump_for
from engine.shengji.enumeration import count_items, count_sets_format, sets_plays, submultisets
from engine.shengji.play import covering_plays, playable_cards
from tests.shengji.helpers import cards, rules

FOUR = rules(decks=4)
TRUMP = trump_for(FOUR, Rank.TWO, Suit.SPADES)
HEARTS = cards("AH KH QH JH 9H 7H 5H 3H")  # no two consecutive: a lead of sets is a throw, never a tractor
OTHERS = cards("AS KS 9C 4D")


@st.composite
def positions(draw: st.DrawFn) -> Position:
    held = [draw(st.integers(0, 4)) for _ in HEARTS]
    free = [i for i, k in enumerate(held) if 4 - k >= 2]
    widths = draw(st.lists(st.sampled_from([2, 2, 3]), min_size=1, max_size=3))
    lead = []
    spare = {i: 4 - held[i] for i in free}
    for w in widths:
        spots = [i for i, k in spare.items() if k >= w]
        if not spots:
            break
        i = draw(st.sampled_from(spots))
        spare[i] = 0  # one set per card, so the lead's sets are separate parts
        lead += [HEARTS[i]] * w
    if not lead:
        lead = [HEARTS[free[0]]] * 2 if free else list(cards("4H 4H"))
    hand = [c for c, k in zip(HEARTS, held, strict=True) for _ in range(k)]
    hand += [c for c in OTHERS for _ in range(draw(st.integers(0, 2)))]
    extra = len(lead) - len(hand)
    hand += list(cards("6C 6C 6C 6C 8C 8C 8C 8C"))[:max(0, extra)]
    return Position.build(hand=hand, table=lead, rules=FOUR, trump=TRUMP)


@settings(max_examples=120, deadline=None)
@given(positions())
def test_exact_count_equals_full_enumeration_and_lazy_plays_are_legal_and_distinct(pos: Position) -> None:
    every = legal_plays(pos, None).plays
    keys = [tuple(sorted(c.text for c in p)) for p in every]
    assert len(set(keys)) == len(keys), "each play once"
    assert count_legal_plays(pos) == (len(every), True)
    # the brute force: every sub-multiset of the hand of the lead's size that check() accepts
    brute = {tuple(sorted(c.text for c in p)) for p in submultisets(count_items(pos.hand, TRUMP), len(pos.lead))
             if check(pos, p).legal}
    assert set(keys) == brute
    first = legal_plays(pos, 5)
    assert all(check(pos, p).legal for p in first.plays) and first.count == len(every)
    assert playable_cards(pos) == {c for p in every for c in p}
    assert all(check(pos, p).legal for p in covering_plays(pos))


def test_the_dynamic_programme_counts_pairs_inside_quads() -> None:
    # four of a card hold two pairs; three hold one pair (or a triple)
    items = list(zip(cards("AH KH QH"), [4, 3, 1], strict=True))
    listed = set(sets_plays(items, [2, 2], 5))
    assert listed == {tuple(cards("AH AH AH AH KH")), tuple(cards("AH AH AH AH QH")),
                      tuple(cards("AH AH AH KH KH")), tuple(cards("AH AH KH KH KH")), tuple(cards("AH AH KH KH QH"))}
    assert count_sets_format([4, 3, 1], [2, 2], 5) == len(listed)
    assert count_sets_format([4, 3, 1], [3, 2], 5) == len(set(sets_plays(items, [3, 2], 5))) == 2
