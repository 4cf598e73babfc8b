"""Legal plays and verdicts: brute force over subsets (enumerated ⊆ accepted ⊆ enumerated), reasons, positions."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import parse_cards
from engine.errors import InvalidPositionError
from engine.thirteen import CARDS, PASS, Kind, Play, Position, check, legal_plays, make_rules
from engine.thirteen.combos import why_not_combo
from engine.thirteen.order import cards_of, mask_of
from engine.thirteen.play import lead_groups
from engine.thirteen.rules import Rules
from tests.thirteen.helpers import (
    assert_enumerated_equals_accepted,
    assert_lead_groups_are_every_combination,
    cards,
    combo,
    reason,
)

# A small pool makes pairs, runs, double sequences, quads and 2s common.
POOL = [c for c in CARDS if c.rank.text in ("3", "4", "5", "6", "7", "2")]


def _random_table(rng: random.Random, hand: tuple) -> tuple:
    rest = [c for c in POOL if c not in hand]
    rng.shuffle(rest)
    groups = [ms for _, ms in lead_groups(mask_of(rest[:10])) if ms]
    if not groups or rng.random() < 0.2:
        return ()
    return cards_of(rng.choice(rng.choice(groups)))


@settings(max_examples=250)
@given(st.integers(0, 2**32), st.integers(1, 9), st.sampled_from(["seed", "pagat"]))
def test_enumerated_equals_accepted_by_brute_force(seed: int, size: int, preset: str) -> None:
    rng = random.Random(seed)
    hand = tuple(rng.sample(POOL, size))
    table = _random_table(rng, hand)
    passed = bool(table) and rng.random() < 0.25
    first = not table and rng.random() < 0.2
    rules = make_rules(preset, {"players": 3} if first else {})
    assert_enumerated_equals_accepted(Position.build(hand=hand, table=table, rules=rules, passed=passed,
                                                     first_lead=first))


def test_lead_enumeration_matches_every_subset_of_13_card_hands() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        pool = POOL + [c for c in CARDS if c.rank.text in ("8", "9")] if seed % 2 else list(CARDS)
        assert_lead_groups_are_every_combination(mask_of(rng.sample(pool, 13)))


@settings(max_examples=200)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=8, unique=True))
def test_classification_agrees_with_the_reason(chosen: list) -> None:
    from engine.thirteen import classify

    found = classify(chosen)
    why = why_not_combo(chosen)
    assert (found is None) == bool(why)
    if found is not None:
        assert parse_cards(found.text) == found.cards
        assert found.top == max(chosen, key=CARDS.index)


def test_grouped_by_kind_with_bombs_marked() -> None:
    pos = Position.build(hand=cards("3S 3C 4S 4C 5D 5H 6C 7H 7S 7D 7C 2S"), table=cards("2H"), rules=Rules())
    legal = legal_plays(pos)
    groups = legal.grouped()
    assert list(groups) == [Kind.QUAD, Kind.DOUBLE_SEQUENCE]
    assert all(p.is_bomb and p.chop for p in legal)
    lead = legal_plays(Position.build(hand=cards("3S 3C 4S 4C 5D 5H 6C 7H 7S 7D 7C 2S"), rules=Rules()))
    kinds = list(lead.grouped())
    assert kinds == sorted(kinds)
    assert {p.text for p in lead if p.is_bomb} == {"7S 7C 7D 7H", "3S 3C 4S 4C 5D 5H"}


def test_membership_checks_without_listing() -> None:
    pos = Position.build(hand=cards("3S 4S 5H 5D 2H"), table=cards("4C 4D"), rules=Rules())
    legal = legal_plays(pos)
    assert cards("5D 5H") in legal
    assert cards("2H") not in legal
    assert len(legal) == 1


@pytest.mark.parametrize(
    ("hand", "table", "play", "expected"),
    [
        ("3S 4S 5H 5D 2H", "4C 4D", "9H", "9♥ is not in your hand"),
        ("3S 4S 5H 5D 2H", "4C 4D", "3S 4S", "3♠ 4♠ is not a pair: a pair is two cards of the same rank"),
        ("3S 4S 5H 6D 2H", "", "4S 5H 6D 2H", "a 2 never goes in a sequence"),
        ("3S 4S 6H 7D", "", "3S 4S 6H", "the ranks must be consecutive, and 5 is missing"),
        ("3S 4S 5H 2D 2H", "2C", "2D 2H",
         "only a single card higher than 2♣, a four of a kind or a double sequence of 3 pairs"),
        ("3S 4S 5H 5D 2H", "4C 4D", "pass", "locked out until the table clears"),
    ],
)
def test_reasons_for_learners(hand: str, table: str, play: str, expected: str) -> None:
    pos = Position.build(hand=cards(hand), table=cards(table), rules=Rules())
    verdict = check(pos, PASS if play == "pass" else cards(play))
    assert expected in verdict.reason


def test_first_lead_must_contain_three_of_spades() -> None:
    assert "must contain 3♠" in reason("4S 4C", hand="3S 4S 4C", first_lead=True)
    pos = Position.build(hand=cards("3S 4S 4C 5D"), rules=Rules(), first_lead=True)
    assert {p.text for p in legal_plays(pos)} == {"3S", "3S 4S 5D", "3S 4C 5D"}
    with pytest.raises(InvalidPositionError, match="3♠ is not in your hand"):
        Position.build(hand=cards("4S 4C"), rules=Rules(), first_lead=True)
    three = make_rules("seed", {"players": 3})
    pos = Position.build(hand=cards("4S 4C 5D"), rules=three, first_lead=True)
    assert {p.text for p in legal_plays(pos)} == {"4S", "4S 4C"}
    off = make_rules("seed", {"first_lead_must_contain_lowest": False})
    assert len(legal_plays(Position.build(hand=cards("3S 4S 4C"), rules=off, first_lead=True))) == 4


def test_a_leader_cannot_pass() -> None:
    pos = Position.build(hand=cards("3S 4S"), rules=Rules())
    verdict = check(pos, PASS)
    assert not verdict.legal and "a leader cannot pass" in verdict.reason
    assert not check(pos, ()).legal and "no cards were chosen" in check(pos, ()).reason


def test_a_play_checks_like_its_cards_and_equals_by_cards() -> None:
    pos = Position.build(hand=cards("3S 4S 5H 5D 2H"), table=cards("4C 4D"), rules=Rules())
    play = Play.of(cards("5H 5D"))
    assert check(pos, play) == check(pos, cards("5D 5H")) and check(pos, play).legal
    listed = list(legal_plays(pos))
    assert listed == [play] and listed[0].kind is Kind.PAIR and play.kind is None
    assert play.text == "5D 5H" and play.symbols == "5♦ 5♥" and play in legal_plays(pos)


def test_a_limit_lists_fewer_but_counts_all() -> None:
    hand = cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S")
    legal = legal_plays(Position.build(hand=hand, rules=Rules()), limit=10)
    assert len(legal) == 10 and legal.count == 13 + sum(12 - n + 1 for n in range(3, 13))
    assert not legal.complete and legal_plays(Position.build(hand=hand, rules=Rules())).complete


def test_chop_after_pass_lets_a_locked_player_bomb_a_two_only() -> None:
    pagat = make_rules("pagat")
    pos = Position.build(hand=cards("7S 7C 7D 7H 9S"), table=cards("2H"), rules=pagat, passed=True)
    assert [p.text for p in legal_plays(pos)] == ["7S 7C 7D 7H"]
    assert not check(pos, cards("9S")).legal
    on_ace = Position.build(hand=cards("7S 7C 7D 7H 9S"), table=cards("AH"), rules=pagat, passed=True)
    assert list(legal_plays(on_ace)) == []
    seed = Position.build(hand=cards("7S 7C 7D 7H 9S"), table=cards("2H"), rules=Rules(), passed=True)
    assert list(legal_plays(seed)) == []


@pytest.mark.parametrize(
    ("hand", "table", "kw", "message"),
    [
        ("3S 3S", "", {}, "appears twice"),
        ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S 3H", "", {}, "at most 13 cards"),
        ("3S 4S", "5S 6H", {}, "the table must hold a combination"),
        ("3S 4S", "4S 5D 6C", {}, "both in your hand and on the table"),
        ("", "", {}, "empty"),
        ("3S 4S", "", {"passed": True}, "cannot be locked out on an empty table"),
        ("3S 4S", "5D", {"first_lead": True}, "empty table"),
    ],
)
def test_impossible_positions_are_refused_with_a_message(hand: str, table: str, kw: dict, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Position.build(hand=cards(hand), table=cards(table), rules=Rules(), **kw)


def test_sequence_names_and_shapes() -> None:
    assert combo("4S 5H 6D").shape == "3-card sequence"
    assert combo("3S 3C 4S 4C 5S 5C").shape == "double sequence of 3 pairs"
    assert combo("5D 5H").name == "a pair of 5s (top 5♥)"
    assert combo("QS KH AD").kind is Kind.SEQUENCE


def test_twelve_card_dragon_has_many_sequences() -> None:
    hand = cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2S")
    seqs = legal_plays(Position.build(hand=hand, rules=Rules())).grouped()[Kind.SEQUENCE]
    assert len(seqs) == sum(12 - n + 1 for n in range(3, 13))
