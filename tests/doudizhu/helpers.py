"""Small helpers for the Dou Dizhu tests: rules, positions and random positions from a seed."""

from __future__ import annotations

import random

from engine.cards import Card
from engine.doudizhu.combos import Combo, readings
from engine.doudizhu.generate import generate
from engine.doudizhu.order import Counts, counts_of
from engine.doudizhu.play import Position
from engine.doudizhu.rules import Rules, make_rules

THREE = make_rules("three_player")
FOUR = make_rules("four_player")


def cards(text: str, rules: Rules = THREE) -> tuple[Card, ...]:
    return rules.deck.parse(text)


def counts(text: str, rules: Rules = THREE) -> Counts:
    return counts_of(cards(text, rules))


def kinds(text: str, rules: Rules = THREE) -> list[str]:
    return [c.kind.value for c in readings(counts(text, rules), rules)]


def position(hand: str, table: str = "", rules: Rules = THREE) -> Position:
    return Position.build(hand=cards(hand, rules), table=cards(table, rules), rules=rules)


def random_position(seed: int, rules: Rules = THREE, size: int | None = None, lead_every: int = 5) -> Position:
    """A hand of ``size`` (default 17-20 / 25-33) cards and, except one time in ``lead_every``, a random
    legal lead from the other cards as the play to beat."""
    rng = random.Random(seed)
    deck = rules.deck.cards()
    rng.shuffle(deck)
    n = size if size is not None else rng.randint(rules.hand_size, rules.max_hand)
    hand, rest = deck[:n], deck[n:]
    table: Combo | None = None
    if rng.randrange(lead_every):
        plays = [c for group in generate(counts_of(rest), rules, None).values() for c in group]
        table = rng.choice(plays)
    return Position(rules, counts_of(hand), table)
