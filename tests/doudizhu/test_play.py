"""Legal plays and the check: golden positions, bad positions, and properties (every enumerated play
passes check, as cards and as the combination; every play check accepts is enumerated, by brute force over
sub-multisets of small hands; random other plays are refused with a reason)."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import PASS
from engine.doudizhu.combos import Kind, readings
from engine.doudizhu.order import N, cards_of, counts_of
from engine.doudizhu.play import LegalPlays, Position, check, legal_plays, read_play
from engine.doudizhu.rules import make_rules
from engine.errors import InvalidPositionError, TooManyCopiesError
from tests.doudizhu.helpers import FOUR, THREE, cards, position, random_position

LOOSE = make_rules("three_player", {"distinct_kickers": False, "jokers_as_kickers": True})
ALL_RULES = [THREE, FOUR, LOOSE, make_rules("three_player", {"quadplex": False})]


def texts(plays: LegalPlays) -> list[str]:
    return [c.text for c in plays]


def test_the_issue_example() -> None:
    plays = legal_plays(position("3 3 4 5 6 7 8 9 9 9 BJ", "4 4 4 5"))
    assert "9 9 9 3" in texts(plays)
    assert plays.can_pass
    assert set(plays.counts()) == {"triplet_single"}
    assert len(plays) == 7


def test_a_lead_lists_every_type_and_cannot_pass() -> None:
    plays = legal_plays(position("3 3 3 4 4 4 5 5 6 6 7 8 9 10 2 2 2 2 BJ RJ"))
    assert not plays.can_pass
    assert set(plays.counts()) == {
        "single", "pair", "triplet", "triplet_single", "triplet_pair", "sequence", "pair_sequence", "airplane",
        "airplane_singles", "airplane_pairs", "bomb", "rocket", "quadplex_singles", "quadplex_pairs"}


def test_following_a_bomb_and_the_rocket() -> None:
    plays = legal_plays(position("3 3 3 3 9 9 9 9 A BJ RJ", "7 7 7 7"))
    assert texts(plays) == ["9 9 9 9", "BJ RJ"]
    assert texts(legal_plays(position("3 3 3 3 9 9 9 9 A", "BJ RJ"))) == []
    assert legal_plays(position("3 3 3 3 9", "BJ RJ")).can_pass
    assert "nothing beats the rocket" in check(position("3 3 3 3 9", "BJ RJ"), cards("3 3 3 3")).reason


def test_bombs_and_rocket_are_offered_on_anything() -> None:
    plays = legal_plays(position("3 3 3 3 4 BJ RJ", "A"))
    assert texts(plays) == ["BJ", "RJ", "3 3 3 3", "BJ RJ"]


def test_four_player_bomb_order_when_following() -> None:
    plays = legal_plays(position("3 3 3 3 3 3 9 9 9 9 9", "7 7 7 7 7", FOUR))
    assert texts(plays) == ["9 9 9 9 9", "3 3 3 3 3 3"]


def test_sequences_of_every_length() -> None:
    plays = legal_plays(position("3 4 5 6 7 8 K"))
    assert [c.text for c in plays.groups[Kind.SEQUENCE]] == ["3 4 5 6 7", "4 5 6 7 8", "3 4 5 6 7 8"]
    follow = legal_plays(position("3 4 5 6 7 8 9", "4 5 6 7 8"))
    assert texts(follow) == ["5 6 7 8 9"]


@pytest.mark.parametrize(("hand", "table", "play", "legal", "reason"), [
    ("3 3 4 5", "", "3 3", True, "you lead"),
    ("3 3 4 5", "7", "", False, "no cards chosen"),
    ("3 3 4 5", "", "6", False, "you hold no 6s"),
    ("3 3 4 5", "", "4 4", False, "you hold only one 4"),
    ("3 3 4 5", "4 4", "3 3", False, "a 3 is not higher than a 4"),
    ("3 4 5 6 7 8", "4 5 6 7 8 9", "3 4 5 6 7 8", False, "is not higher"),
    ("3 4 5 6 7 8", "4 5 6 7 8", "3 4 5 6 7 8", False, "beats only a sequence of the same length (five cards)"),
    ("9 9 9 3 5", "4 4 4 5", "9 9 9 3", True, "the same type and size, and a higher rank"),
    ("9 9 9 3 5 5", "4 4 4 5", "9 9 9 5 5", False,
     "only a higher triplet with a single, a bomb or the rocket beats it"),
    ("9 9 9 9", "A", "9 9 9 9", True, "beats any combination that is not a bomb"),
    ("9 9 9 9", "10 10 10 10", "9 9 9 9", False, "only a higher bomb or the rocket beats it"),
    ("9 9 9 9 A", "10 10 10 10", "A", False, "only a higher bomb or the rocket"),
    ("BJ RJ", "2 2 2 2", "BJ RJ", True, "beats everything"),
])
def test_check_reasons(hand, table, play, legal, reason) -> None:
    verdict = check(position(hand, table), cards(play))
    assert verdict.legal is legal
    assert reason in verdict.reason


def test_pass() -> None:
    assert not check(position("3 4"), PASS).legal
    assert "cannot pass" in check(position("3 4"), PASS).reason
    assert check(position("3 4", "5"), PASS).legal


@pytest.mark.parametrize(("hand", "table", "rules", "error", "message"), [
    ("3 3 3 3 3", "", THREE, TooManyCopiesError, "3 appears 5 times in your hand"),
    ("BJ BJ", "", THREE, TooManyCopiesError, "BJ appears 2 times"),
    ("3 3 4 4", "3 3 3", THREE, TooManyCopiesError, "in your hand and the previous play together"),
    ("3 4", "3 4", THREE, InvalidPositionError, "the previous play 3 4 is no combination"),
    ("3 4 5 6 7 8 9 10 J Q K A 2 3 4 5 6 7 8 9 10", "", THREE, InvalidPositionError, "at most 20 cards"),
    ("", "", THREE, InvalidPositionError, "the hand is empty"),
    ("9 9 9 3", "4 4 4 5", FOUR, InvalidPositionError, "not played with four players"),
])
def test_impossible_positions(hand, table, rules, error, message) -> None:
    with pytest.raises(error, match=message):
        Position.build(hand=cards(hand, rules), table=cards(table, rules), rules=rules)


def test_suits_are_ignored() -> None:
    deck = THREE.deck
    assert Position.build(hand=deck.parse("3s 3h"), rules=THREE).hand == counts_of(deck.parse("3 3"))


# --- properties ------------------------------------------------------------------------------------------

def _assert_sound(pos: Position) -> None:
    plays = legal_plays(pos)
    seen = set()
    for combo in plays:
        key = (combo.kind, combo.counts)
        assert key not in seen, f"duplicate play {combo.text}"
        seen.add(key)
        verdict = check(pos, combo.cards)
        assert verdict.legal, (pos, combo.text, verdict.reason)
        assert check(pos, combo).legal, (pos, combo.text, check(pos, combo).reason)
        assert combo in readings(combo.counts, pos.rules)
        assert all(a <= b for a, b in zip(combo.counts, pos.hand, strict=True))
        if pos.table is not None:
            assert combo.beats(pos.table)
    assert plays.can_pass == (pos.table is not None)
    assert plays.count == len(list(plays)) == len(plays.plays) and plays.complete


@settings(max_examples=600)
@given(st.integers(0, 2**31 - 1), st.sampled_from(range(len(ALL_RULES))))
def test_every_enumerated_play_passes_check(seed: int, which: int) -> None:
    _assert_sound(random_position(seed, ALL_RULES[which]))


def _sub_multisets(hand: tuple[int, ...]):
    ranks = [r for r in range(N) if hand[r]]
    for choice in itertools.product(*(range(hand[r] + 1) for r in ranks)):
        counts = [0] * N
        for r, n in zip(ranks, choice, strict=True):
            counts[r] = n
        yield tuple(counts)


def _brute_force_equal(pos: Position) -> None:
    enumerated = {c.counts for c in legal_plays(pos)}
    accepted = {sub for sub in _sub_multisets(pos.hand) if any(sub) and check(pos, cards_of(sub)).legal}
    assert enumerated == accepted, (sorted(enumerated ^ accepted), pos)


@settings(max_examples=400)
@given(st.integers(0, 2**31 - 1), st.sampled_from(range(len(ALL_RULES))), st.integers(6, 11))
def test_every_play_check_accepts_is_enumerated(seed: int, which: int, size: int) -> None:
    rules = ALL_RULES[which]
    _brute_force_equal(random_position(seed, rules, size=size, lead_every=2))


def test_brute_force_on_dense_small_hands() -> None:
    for text in ("3 3 3 4 4 4 5 5 6 6 BJ RJ", "6 6 6 6 7 7 7 7 8 8 BJ", "3 3 3 4 4 4 5 5 5 6 6 6"):
        for rules in (THREE, LOOSE):
            _brute_force_equal(Position.build(hand=cards(text), rules=rules))
    for text in ("3 3 3 3 3 4 4 4 4 BJ BJ RJ RJ", "5 5 5 6 6 6 7 7 BJ BJ 9 9"):
        _brute_force_equal(Position.build(hand=cards(text, FOUR), rules=FOUR))


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from(range(len(ALL_RULES))), st.integers(1, 8))
def test_random_other_plays_are_refused_with_a_reason(seed: int, which: int, size: int) -> None:
    # Random sub-multisets of the hand that are not enumerated (as cards), and random combinations of the
    # whole deck that the hand cannot play (as typed combinations), are refused, each with a reason.
    import random

    rules = ALL_RULES[which]
    pos = random_position(seed, rules, lead_every=3)
    enumerated = {c.counts for c in legal_plays(pos)}
    rng = random.Random(seed)
    hand = [c for c in cards_of(pos.hand)]
    for _ in range(10):
        pick = tuple(rng.sample(hand, min(size, len(hand))))
        if counts_of(pick) in enumerated:
            continue
        verdict = check(pos, pick)
        assert not verdict.legal and verdict.reason, (pos, pick)
    others = random_position(seed + 1, rules, lead_every=1 << 30)
    for combo in legal_plays(others):
        if combo not in legal_plays(pos):
            verdict = check(pos, combo)
            assert not verdict.legal and verdict.reason, (pos, combo.text)


def test_a_combination_is_judged_as_that_reading() -> None:
    hand = "6 6 6 7 7 7 8 8 8 9 9 9"
    lower = position(hand, "3 3 3 4 4 4 5 5 5 J Q K", LOOSE)
    airplane, wings = readings(counts_of(cards(hand)), LOOSE)
    assert (airplane.kind, wings.kind) == (Kind.AIRPLANE, Kind.AIRPLANE_SINGLES)
    assert check(lower, wings).legal
    verdict = check(lower, airplane)
    assert not verdict.legal and "only a higher airplane of three triplets with three singles" in verdict.reason
    assert read_play(lower, cards(hand)) == wings
    assert read_play(position(hand, "", LOOSE), cards(hand)) == airplane
    assert read_play(position(hand, "", LOOSE), cards(hand), Kind.AIRPLANE_SINGLES) == wings
    assert read_play(position("3 4", ""), cards("3 4")) is None
    # a reading of other rules is not a combination here
    assert "under these rules: it is an airplane of four triplets" in check(position(hand, ""), wings).reason


def test_the_limit_lists_the_first_plays_and_keeps_the_count() -> None:
    pos = position("3 3 3 4 4 4 5 5 6 6 7 8 9 10 2 2 2 2 BJ RJ")
    every = legal_plays(pos)
    first = legal_plays(pos, limit=5)
    assert first.count == every.count > 5
    assert first.plays == every.plays[:5] and not first.complete and every.complete


def test_the_most_plays_of_dense_hands_stay_small() -> None:
    from engine.doudizhu.play import MOST_PLAYS

    loose4 = make_rules("four_player", {"distinct_kickers": False, "jokers_as_kickers": True})
    dense = [
        (LOOSE, "3 3 3 4 4 4 5 5 5 6 6 6 7 8 9 10 J Q BJ RJ"),
        (LOOSE, "3 3 3 4 4 4 5 5 5 6 6 6 7 7 8 8 9 9 10 10"),
        (loose4, "3 3 3 4 4 4 5 5 5 6 6 6 7 7 7 8 8 9 9 10 10 J J Q Q K K A A 2 2 BJ BJ"),
    ]
    for rules, text in dense:
        count = legal_plays(Position.build(hand=cards(text, rules), rules=rules)).count
        assert 100 < count < MOST_PLAYS, (text, count)
