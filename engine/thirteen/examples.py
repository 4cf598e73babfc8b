"""Seeded teaching positions for lessons: a hand that holds a given combination, a table to beat, a 2 to chop.

Each function takes a seed and searches the seeded deals from it upwards (deterministically) until the
deal has what the lesson needs, so "deal another" always shows a fresh but suitable example.
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import InvalidPositionError
from engine.thirteen.combos import TWO_RANK, TWOS_MASK, Kind, cards_of, combo_of_mask
from engine.thirteen.deal import deal_masks
from engine.thirteen.play import Position, beat_groups, lead_groups, legal_plays
from engine.thirteen.rules import Rules

SEARCH = 5000


def _text(mask: int) -> str:
    return " ".join(c.text for c in cards_of(mask))


def _hand_plays(hand: int, kind: Kind, twos: bool = False) -> list[int]:
    for k, masks in lead_groups(hand, twos):
        if k is kind:
            return masks
    return []


def hand_with(rules: Rules, seed: int, kind: Kind) -> dict[str, Any]:
    """The first deal from ``seed`` on whose North hand holds a ``kind``, with every such combination in it."""
    for s in range(seed, seed + SEARCH):
        hand = deal_masks(rules, s)[0]
        plays = _hand_plays(hand, kind, rules.twos_in_double_sequences)
        if plays:
            plays = sorted(plays, key=lambda m: (m.bit_count(), m.bit_length()))
            return {"seed_used": s, "hand": _text(hand), "type": kind.key, "plays": [_text(m) for m in plays],
                    "count": len(plays)}
    raise InvalidPositionError(f"no deal from seed {seed} on holds a {kind.title} in North's hand")


def beat_puzzle(rules: Rules, seed: int) -> dict[str, Any]:
    """North's hand, and a combination from East's hand that North can beat with the same shape."""
    for s in range(seed, seed + SEARCH):
        north, east = deal_masks(rules, s)[:2]
        rng = random.Random(s)
        candidates = []
        twos = rules.twos_in_double_sequences
        for kind, masks in lead_groups(east, twos):
            if kind in (Kind.QUAD, Kind.DOUBLE_SEQUENCE):
                continue
            for m in masks:
                if m & TWOS_MASK:
                    continue
                answers = [a for k, ms, chop in beat_groups(north, kind, m, rules.bomb_ladder, False, twos)
                           if not chop for a in ms]
                same_shape = [a for a in _hand_plays(north, kind, twos) if a.bit_count() == m.bit_count()]
                if 0 < len(answers) < len(same_shape):  # some of North's combinations beat it, not all
                    candidates.append(m)
        if candidates:
            table = rng.choice(sorted(candidates))
            return _position_answer(rules, s, north, table)
    raise InvalidPositionError(f"no deal from seed {seed} on gives a table North can beat")


def chop_puzzle(rules: Rules, seed: int) -> dict[str, Any]:
    """North holds a bomb; the table holds 2s (from other hands) that this bomb chops."""
    for s in range(seed, seed + SEARCH):
        north = deal_masks(rules, s)[0]
        quads = _hand_plays(north, Kind.QUAD)
        doubles = _hand_plays(north, Kind.DOUBLE_SEQUENCE, rules.twos_in_double_sequences)
        free_twos = [1 << i for i in range(4 * TWO_RANK, 52) if not north >> i & 1]
        longest = max((m.bit_count() // 2 for m in doubles), default=0)
        if longest >= 5 and len(free_twos) >= 3:
            table = free_twos[-1] | free_twos[-2] | free_twos[-3]
        elif longest >= 4 and len(free_twos) >= 2:
            table = free_twos[-1] | free_twos[-2]
        elif (quads or longest >= 3) and free_twos:
            table = free_twos[-1]
        else:
            continue
        return _position_answer(rules, s, north, table)
    raise InvalidPositionError(f"no deal from seed {seed} on gives North a bomb")


def _position_answer(rules: Rules, seed: int, hand: int, table: int) -> dict[str, Any]:
    combo = combo_of_mask(table, rules.twos_in_double_sequences)
    assert combo is not None
    position = Position.build(cards_of(hand), cards_of(table), rules=rules)
    plays = [p.text for p in legal_plays(position)]
    return {"seed_used": seed, "hand": _text(hand), "previous": _text(table), "previous_name": combo.name,
            "plays": plays, "count": len(plays), "can_pass": True,
            "question": f"The table holds {combo.name}. Which of your cards beat it?"}
