"""Shared helpers for the Thirteen tests."""

from __future__ import annotations

from engine.cards import parse_cards
from engine.thirteen import Position, check, make_rules
from engine.thirteen.combos import classify


def cards(text: str):
    return parse_cards(text)


def combo(text: str):
    found = classify(parse_cards(text))
    assert found is not None, text
    return found


def beats(play: str, table: str, preset: str = "seed", **options) -> bool:
    """Whether ``play`` may be played on ``table`` by a player holding exactly the play."""
    rules = make_rules(preset, options)
    pos = Position.build(parse_cards(play), parse_cards(table), rules=rules)
    return check(pos, parse_cards(play)).legal


def reason(play: str, table: str = "", hand: str | None = None, preset: str = "seed", **kw) -> str:
    rules = make_rules(preset)
    pos = Position.build(parse_cards(hand or play), parse_cards(table), rules=rules, **kw)
    return check(pos, parse_cards(play)).reason
