"""Shared helpers for the Thirteen tests."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.thirteen import Position, check, count_legal, legal_plays, make_rules
from engine.thirteen.combos import classify, kind_of_mask
from engine.thirteen.order import mask_of
from engine.thirteen.play import lead_groups


def cards(text: str):
    return parse_cards(text)


def combo(text: str):
    found = classify(parse_cards(text))
    assert found is not None, text
    return found


def beats(play: str, table: str, preset: str = "seed", **options) -> bool:
    """Whether ``play`` may be played on ``table`` by a player holding exactly the play."""
    rules = make_rules(preset, options)
    pos = Position.build(hand=parse_cards(play), table=parse_cards(table), rules=rules)
    return check(pos, parse_cards(play)).legal


def reason(play: str, table: str = "", hand: str | None = None, preset: str = "seed", **kw) -> str:
    rules = make_rules(preset)
    pos = Position.build(hand=parse_cards(hand or play), table=parse_cards(table), rules=rules, **kw)
    return check(pos, parse_cards(play)).reason


def assert_enumerated_equals_accepted(pos: Position) -> None:
    """Brute force: the listed plays are exactly the subsets of the hand that ``check`` accepts."""
    hand = pos.hand
    n = len(hand)
    enumerated = {mask_of(p.cards) for p in legal_plays(pos)}
    accepted = set()
    for m in range(1, 1 << n):
        subset = tuple(hand[i] for i in range(n) if m >> i & 1)
        verdict = check(pos, subset)
        assert verdict.reason, subset
        if verdict.legal:
            accepted.add(mask_of(subset))
    assert enumerated == accepted
    assert count_legal(pos) == len(enumerated) == legal_plays(pos).count


def assert_lead_groups_are_every_combination(hand: int, twos: bool = False) -> list[int]:
    """Brute force over every subset of ``hand`` (a mask): lead_groups lists each combination once."""
    bits = [1 << i for i in range(52) if hand >> i & 1]
    brute = set()
    for m in range(1, 1 << len(bits)):
        sub = sum(b for i, b in enumerate(bits) if m >> i & 1)
        if kind_of_mask(sub, twos) is not None:
            brute.add(sub)
    listed = [m for _, ms in lead_groups(hand, twos) for m in ms]
    assert len(listed) == len(set(listed))
    assert set(listed) == brute
    return listed
