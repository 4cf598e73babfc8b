"""Following: every rung of seed 000's ladders, seed 001's weaker tractor rule, check reasons, requirement,
distinct legal plays, and a brute-force oracle over all sub-multisets on small hands."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shengji.combos import Holding, describe_format
from engine.shengji.ladder import ladder
from engine.shengji.order import Group
from engine.shengji.play import (
    Duty,
    Position,
    check,
    count_legal_plays,
    ladder_steps,
    legal_plays,
    requirement,
)
from engine.shengji.rules import LongTractorFollow, TripleFollow, make_rules
from tests.shengji.helpers import bag, cards, rules, trump

COMP = rules("competition")
TRAC = rules("tractor")
THREE = rules(decks=3)
T = trump(COMP)  # rank 10, spades trump
T3 = trump(THREE)


def pos(hand: str, lead: str, r=COMP, t=None) -> Position:
    return Position.build(hand=cards(hand), table=cards(lead), rules=r, trump=t or trump(r))


def legal(p: Position, play: str) -> bool:
    return check(p, cards(play)).legal


def plays(p: Position) -> set:
    return {bag(x) for x in legal_plays(p, None).plays}


# --- the ladders as seed 000 writes them -----------------------------------------------------------


def words(lead, follow_tractor=True, variant=TripleFollow.STANDARD) -> list[str]:
    return [describe_format(f) for f in ladder(lead, follow_tractor, variant)]


def test_ladder_single() -> None:
    assert words(((1, 1),)) == ["any one card"]


def test_ladder_pair() -> None:
    assert words(((2, 1),)) == ["a pair", "any two cards"]


def test_ladder_triple() -> None:
    assert words(((3, 1),)) == ["a triple", "a pair and one other card", "any three cards"]


def test_ladder_tractor_of_two_pairs() -> None:
    assert words(((2, 2),)) == ["a tractor of two pairs", "two pairs", "a pair and two other cards", "any four cards"]


def test_ladder_tractor_of_two_triples() -> None:
    assert words(((3, 2),)) == [
        "a tractor of two triples",
        "two triples",
        "a triple, a pair and one other card",
        "a triple and three other cards",
        "a tractor of two pairs and two other cards",
        "two pairs and two other cards",
        "a pair and four other cards",
        "any six cards",
    ]


def test_ladder_triple_tractor_variants() -> None:
    a = words(((3, 2),), True, TripleFollow.PAIR_TRACTOR_OVER_TRIPLE_PAIR)
    assert a.index("a tractor of two pairs and two other cards") == a.index("a triple, a pair and one other card") - 1
    assert a.index("two triples") < a.index("a tractor of two pairs and two other cards")
    b = words(((3, 2),), True, TripleFollow.PAIR_TRACTOR_OVER_TWO_TRIPLES)
    assert b[:3] == ["a tractor of two triples", "a tractor of two pairs and two other cards", "two triples"]


def test_ladder_longer_tractors_follow_the_listed_rungs_by_default() -> None:
    """Seed 000 lists tractor > two pairs > pair + two singles > four singles and says "the same principle" for three
    and four pairs: by default a long tractor falls back to separate pairs, never to a shorter tractor inside it."""
    assert words(((2, 3),)) == ["a tractor of three pairs", "three pairs", "two pairs and two other cards",
                                "a pair and four other cards", "any six cards"]
    assert words(((2, 4),))[:2] == ["a tractor of four pairs", "four pairs"]


def test_ladder_longer_tractors_with_shorter_tractors_as_an_option() -> None:
    shorter = [describe_format(f) for f in ladder(((2, 3),), True, TripleFollow.STANDARD,
                                                    LongTractorFollow.SHORTER_TRACTORS)]
    assert shorter[:3] == ["a tractor of three pairs", "a tractor of two pairs and a pair", "three pairs"]
    r = make_rules("competition", {"long_tractor_follow": "shorter_tractors"})
    hand = "KH KH QH QH 9H 9H 4H 4H 3C"  # trump rank 10: K♥ Q♥ are adjacent, 9♥ and 4♥ are lone pairs
    listed = pos(hand, "7H 7H 6H 6H 5H 5H")
    assert requirement(listed).rung == 1 and legal(listed, "KH KH 9H 9H 4H 4H")
    option = pos(hand, "7H 7H 6H 6H 5H 5H", r)
    assert requirement(option).rung == 1 and requirement(option).format == ((2, 2), (2, 1))
    assert not legal(option, "KH KH 9H 9H 4H 4H") and legal(option, "KH KH QH QH 4H 4H")


def test_tractor_preset_ladder_counts_pairs_only() -> None:
    assert words(((2, 2),), follow_tractor=False) == ["two pairs", "a pair and two other cards", "any four cards"]


# --- each rung on a position ----------------------------------------------------------------------


def test_single_lead_any_card_of_the_suit() -> None:
    p = pos("KH 3H AS 5C", "4H")
    assert legal(p, "3H") and legal(p, "KH")
    v = check(p, cards("5C"))
    assert not v.legal and "♥" in v.reason


def test_pair_rung_0_pair_required() -> None:
    p = pos("KH KH 9H 3H 5C 6C AS", "4H 4H")
    req = requirement(p)
    assert req.duty is Duty.FOLLOW and req.rung == 0
    assert "a pair of ♥ (K♥ K♥)" in req.text
    v = check(p, cards("9H 3H"))
    assert not v.legal
    assert "you must play a pair of ♥" in v.reason
    assert plays(p) == {bag(cards("KH KH"))}


def test_pair_rung_1_two_singles_of_the_suit() -> None:
    p = pos("KH 9H 3H 5C 6C AS", "4H 4H")
    assert requirement(p).rung == 1
    assert legal(p, "9H 3H")
    v = check(p, cards("9H 5C"))
    assert not v.legal and "must be ♥" in v.reason
    assert len(plays(p)) == 3


def test_pair_from_a_triple_with_three_decks() -> None:
    p = pos("KH KH KH 9H 3H", "4H 4H", THREE)
    assert legal(p, "KH KH") and not legal(p, "KH 9H")


def test_short_suit_must_play_all_of_it() -> None:
    p = pos("9H 5C 6C AS", "4H 4H")
    req = requirement(p)
    assert req.duty is Duty.ALL_OF_SUIT and bag(req.must) == bag(cards("9H"))
    assert legal(p, "9H 5C")
    v = check(p, cards("5C 6C"))
    assert not v.legal and "9♥" in v.reason
    assert len(plays(p)) == 3


def test_void_any_cards() -> None:
    p = pos("5C 6C AS KD", "4H 4H")
    assert requirement(p).duty is Duty.VOID
    assert legal(p, "5C KD")
    assert "trumps in the led shape" not in check(p, cards("5C AS")).reason
    p = pos("5C 6C AS AS", "4H 4H")
    assert "trumps in the led shape" in check(p, cards("AS AS")).reason


def test_wrong_number_of_cards() -> None:
    v = check(pos("KH KH 9H", "4H 4H"), cards("KH"))
    assert not v.legal and "must play two" in v.reason


def test_card_not_in_hand() -> None:
    v = check(pos("KH KH 9H", "4H 4H"), cards("QH QH"))
    assert not v.legal and "not in your hand" in v.reason


def test_triple_ladder_rungs() -> None:
    lead = "4H 4H 4H"
    assert requirement(pos("KH KH KH 9H 3H", lead, THREE)).rung == 0
    p = pos("KH KH 9H 3H", lead, THREE)
    assert requirement(p).rung == 1 and legal(p, "KH KH 3H") and not legal(p, "KH 9H 3H")
    p = pos("KH 9H 3H 2H", lead, THREE)
    assert requirement(p).rung == 2 and legal(p, "KH 9H 3H")


def test_tractor_ladder_rungs_competition() -> None:
    lead = "4H 4H 5H 5H"
    p = pos("KH KH QH QH 9H 9H 3H", lead)
    assert requirement(p).rung == 0
    assert plays(p) == {bag(cards("KH KH QH QH"))}
    v = check(p, cards("KH KH 9H 9H"))
    assert not v.legal and "a tractor of two pairs" in v.reason
    p = pos("KH KH 9H 9H 3H 2H", lead)
    assert requirement(p).rung == 1 and legal(p, "KH KH 9H 9H") and not legal(p, "KH KH 3H 2H")
    p = pos("KH KH 9H 3H 2H", lead)
    assert requirement(p).rung == 2 and legal(p, "KH KH 3H 2H") and not legal(p, "KH 9H 3H 2H")
    p = pos("KH 9H 3H 2H 6H", lead)
    assert requirement(p).rung == 3 and legal(p, "KH 9H 3H 2H")


def test_tractor_follow_in_trumps_across_the_rank_cards() -> None:
    # trump tractor lead; the follower's tractor runs from the trump ace into the off-suit rank cards
    p = pos("AS AS 10D 10D 3S 3S 7H", "5S 5S 6S 6S")
    assert requirement(p).rung == 0
    assert plays(p) == {bag(cards("AS AS 10D 10D"))}


def test_tractor_preset_any_pairs_will_do() -> None:
    lead = "4H 4H 5H 5H"
    p = pos("KH KH QH QH 9H 9H 3H", lead, TRAC)
    assert legal(p, "KH KH 9H 9H") and legal(p, "KH KH QH QH")
    assert not legal(p, "KH KH 9H 3H")
    assert "two pairs" in requirement(p).text


def test_triple_tractor_ladder_every_rung() -> None:
    lead = "4H 4H 4H 5H 5H 5H"
    hands = [
        ("KH KH KH QH QH QH 2H", "KH KH KH QH QH QH"),  # consecutive triples
        ("KH KH KH 9H 9H 9H 2H", "KH KH KH 9H 9H 9H"),  # two triples
        ("KH KH KH 9H 9H 3H 2H", "KH KH KH 9H 9H 2H"),  # triple + pair + single
        ("KH KH KH 9H 7H 3H 2H", "KH KH KH 9H 3H 2H"),  # triple + three singles
        ("KH KH QH QH 9H 7H 3H", "KH KH QH QH 9H 3H"),  # tractor of two pairs + two singles
        ("KH KH 9H 9H 7H 3H 2H", "KH KH 9H 9H 7H 3H"),  # two pairs + two singles
        ("KH KH 9H 8H 7H 3H 2H", "KH KH 9H 8H 7H 2H"),  # pair + four singles
        ("KH JH 9H 8H 7H 3H 2H", "KH JH 9H 8H 7H 3H"),  # six singles
    ]
    for rung, (hand, good) in enumerate(hands):
        p = pos(hand, lead, THREE)
        assert requirement(p).rung == rung, hand
        assert legal(p, good), (hand, check(p, cards(good)))
        for other in plays(p):
            assert check(p, [c for c, n in ((cards(t)[0], n) for t, n in other) for _ in range(n)]).legal


def test_triple_tractor_variant_changes_the_requirement() -> None:
    lead = "4H 4H 4H 5H 5H 5H"
    hand = "KH KH KH QH QH 9H 9H 3H"  # a triple + pair, and a tractor of pairs K-Q
    std = pos(hand, lead, THREE)
    assert requirement(std).rung == 2
    assert legal(std, "KH KH KH 9H 9H 3H")
    var = rules(decks=3, triple_follow="pair_tractor_over_triple_pair")
    p = pos(hand, lead, var)
    assert "a tractor of two pairs" in requirement(p).text
    assert legal(p, "KH KH QH QH 9H 3H") and not legal(p, "KH KH KH 9H 9H 3H")


def test_throw_followed_part_by_part() -> None:
    p = pos("KH KH 9H 3H 2H", "AH QH QH")
    assert legal(p, "KH KH 9H") and not legal(p, "KH 9H 3H")


def test_requirement_choices_list_the_units_in_hand() -> None:
    p = pos("KH KH 9H 9H 3H 2H", "4H 4H")
    (label, units), = requirement(p).choices
    assert label == "pairs" and [bag(u) for u in units] == [bag(cards("KH KH")), bag(cards("9H 9H"))]


def test_ladder_steps_mark_what_the_hand_can_play() -> None:
    steps = ladder_steps(pos("KH KH 9H 3H 2H", "4H 4H 5H 5H"))
    assert [s.met for s in steps] == [False, False, True, True]
    assert bag(steps[2].example) == bag(cards("KH KH"))


def test_requirement_example_is_legal() -> None:
    for hand, lead in [("KH KH 9H 3H 2H", "4H 4H 5H 5H"), ("9H 5C 6C AS", "4H 4H"), ("5C 6C", "4H 4H")]:
        p = pos(hand, lead)
        assert check(p, requirement(p).example).legal


def test_limit_and_complete_flag() -> None:
    p = pos("5C 6C 7C 8C 9C JC QC KC AC 2D 3D 4D", "4H 4H")
    assert len(legal_plays(p, None)) == 66
    capped = legal_plays(p, 10)
    assert len(capped) == 10 and not capped.complete
    assert capped.count == 66 and capped.count_exact, "the count does not depend on the limit"
    assert legal_plays(p, 66).complete


def test_lead_plays_are_combinations_then_throws() -> None:
    p = Position.build(hand=cards("AH AH KH 3C"), rules=COMP, trump=T)
    listed = [bag(x) for x in legal_plays(p, None).plays]
    assert bag(cards("AH AH")) in listed and bag(cards("AH KH")) in listed
    assert bag(cards("AH AH KH")) in listed
    assert all(check(p, [c for t, n in x for c in cards(t) * n]).legal for x in listed)
    assert count_legal_plays(p) == (len(listed), True)
    no_throws = Position.build(hand=cards("AH AH KH 3C"), rules=rules(throws_allowed=False), trump=T)
    assert len(legal_plays(no_throws, None)) == 4  # AH, KH, 3C, AH AH
    assert count_legal_plays(no_throws) == (4, True)


# --- brute force over every sub-multiset on small hands -------------------------------------------

POOL = cards("AH AH KH KH QH QH JH 9H 9H 8H 5H 5H 4H 3H 3H 10S 10S 10D AS AS 2S BJ 5C 5C 6C")
THREE_POOL = cards("AH AH AH KH KH KH QH QH JH 9H 9H 9H 3H 3H 3H AS AS AS 2S 5C")


def sub_multisets(hand, k):
    return {tuple(sorted(c, key=lambda x: x.text)) for c in combinations(hand, k)}


def brute_legal(p: Position) -> set:
    """Independent oracle: every n-card subset of the hand; follow the best rung any of them meets."""
    from engine.shengji.ladder import ladder_for

    n = len(p.lead)
    group = p.lead_group()
    every = sub_multisets(p.hand, n)
    held = [c for c in p.hand if p.trump.group(c) is group]
    if not held:
        return {bag(x) for x in every}
    if len(held) <= n:
        need = Counter(held)
        return {bag(x) for x in every if not need - Counter(x)}
    rungs = ladder_for(p.lead_parts(), p.rules)
    inside = [x for x in every if all(p.trump.group(c) is group for c in x)]

    def best(x):
        h = Holding(Counter(x), p.trump, group)
        return min(i for i, f in enumerate(rungs) if brute_satisfy(h, f))

    scores = {x: best(x) for x in inside}
    top = min(scores.values())
    return {bag(x) for x, s in scores.items() if s == top}


def brute_satisfy(h: Holding, fmt) -> bool:
    """Try every way to place the units, with no pruning or ordering tricks."""
    units = [s for s in fmt if s != (1, 1)]
    count = dict(h.count)

    def go(i):
        if i == len(units):
            return True
        w, ln = units[i]
        for card in list(count):
            top = h.trump.level(card)
            rows = [[c for c in h.levels.get(lv, ()) if count[c] >= w] for lv in range(top, top - ln, -1)]
            if rows[0] and card not in rows[0]:
                continue
            if not all(rows):
                continue
            from itertools import product

            for choice in product(*rows):
                if choice[0] is not card and choice[0] != card:
                    continue
                for c in choice:
                    count[c] -= w
                ok = go(i + 1)
                for c in choice:
                    count[c] += w
                if ok:
                    return True
        return False

    return go(0)


def _draw(data, pool, k):
    idx = data.draw(st.lists(st.integers(0, len(pool) - 1), min_size=k, max_size=k, unique=True))
    return [pool[i] for i in idx]


@settings(max_examples=300)
@given(st.data())
def test_brute_force_equals_legal_plays_two_decks(data) -> None:
    _compare(data, COMP, POOL)


@settings(max_examples=120)
@given(st.data())
def test_brute_force_equals_legal_plays_tractor_preset(data) -> None:
    _compare(data, TRAC, POOL)


@settings(max_examples=120)
@given(st.data())
def test_brute_force_equals_legal_plays_three_decks(data) -> None:
    _compare(data, THREE, THREE_POOL)


def _compare(data, r, pool) -> None:
    t = trump(r)
    size = data.draw(st.integers(6, 10))
    cards_ = _draw(data, pool, size + 6)
    hand, rest = cards_[:size], cards_[size:]
    # a lead from the rest: one group, 1-4 cards
    group = data.draw(st.sampled_from(sorted({t.group(c) for c in rest}, key=lambda g: g.value)))
    of_group = [c for c in rest if t.group(c) is group]
    lead = of_group[: data.draw(st.integers(1, min(4, len(of_group))))]
    p = Position.build(hand=hand, table=lead, rules=r, trump=t)
    listed = legal_plays(p, None).plays
    got = {bag(x) for x in listed}
    assert len(got) == len(listed), "plays are distinct"
    assert got == brute_legal(p)
    assert count_legal_plays(p) == (len(listed), True), "counting without listing gives the same number"
    for x in listed:
        assert check(p, x).legal


@pytest.mark.parametrize("group", [Group.HEARTS, Group.TRUMP])
def test_every_enumerated_play_passes_check_on_seeded_deals(group) -> None:
    import random

    from engine.shengji.deal import deck_of

    deck = deck_of(COMP).cards()
    for seed in range(20):
        rng = random.Random(seed)
        rng.shuffle(deck)
        hand, pool = deck[:25], deck[25:60]
        of_group = [c for c in pool if T.group(c) is group]
        lead = of_group[: 1 + seed % 4]
        p = Position.build(hand=hand, table=lead, rules=COMP, trump=T)
        result = legal_plays(p, 3000)
        for x in result.plays:
            assert check(p, x).legal
        if result.complete:
            assert count_legal_plays(p) == (len(result.plays), True)
