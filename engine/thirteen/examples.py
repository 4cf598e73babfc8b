"""Seeded teaching examples for lessons and practice: a hand that holds a given combination, a table to beat,
a 2 to chop, and a whole game told round by round.

Each search takes a seed and tries the seeded deals from it upwards (deterministically) until the deal has what
the lesson needs, so "deal another" always shows a fresh but suitable example. The answers are the JSON shapes
of the ``example`` and ``rounds`` commands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.commands import arg
from engine.errors import InvalidPositionError
from engine.i18n import DEFAULT_LANGUAGE, gettext, use_language
from engine.i18n import number as digits
from engine.replay import play_out, replay
from engine.table import Step
from engine.thirteen.combos import Kind, combo_of_mask
from engine.thirteen.deal import deal_masks
from engine.thirteen.game import GAME
from engine.thirteen.order import TWO_RANK, TWOS_MASK, cards_of
from engine.thirteen.play import Position, beat_groups, lead_groups, legal_plays
from engine.thirteen.rules import Rules, seat_letters, seat_names
from engine.thirteen.state import PASS_TEXT
from engine.thirteen.table import finishing_sentence, outcome

__all__ = ["EXAMPLE_WANTS", "Example", "Rounds", "RoundStep", "beat_puzzle", "chop_puzzle", "example", "hand_with",
           "rounds"]

SEARCH = 5000
EXAMPLE_WANTS = ("beat", "chop", *(k.key for k in Kind))
"""What an example can be asked for: a table to beat, 2s to chop, or a hand holding a kind of combination."""


@dataclass(frozen=True, kw_only=True)
class Example:
    """A seeded teaching position: North's hand, and (for a puzzle) a combination on the table."""

    seed_used: int = arg(help="the seed of the deal found (the first suitable one from the seed asked)")
    hand: tuple[Card, ...] = arg(help="North's hand")
    type: str | None = arg(None, help="the kind of combination asked for (hand examples)")
    table: tuple[Card, ...] = arg((), help="the combination on the table (puzzles)")
    table_name: str = arg("", help="the combination on the table, in words")
    plays: tuple[tuple[Card, ...], ...] = arg(help="every combination of that kind in the hand, or every play that "
                                                   "beats the table")
    count: int = arg(help="how many plays")
    can_pass: bool = arg(False, help="whether passing is allowed (always, on a table)")
    question: str = arg("", help="the puzzle's question")


def _hand_plays(hand: int, kind: Kind, twos: bool = False) -> list[int]:
    for k, masks in lead_groups(hand, twos):
        if k is kind:
            return masks
    return []


def hand_with(rules: Rules, seed: int, kind: Kind) -> Example:
    """The first deal from ``seed`` on whose North hand holds a ``kind``, with every such combination in it."""
    for s in range(seed, seed + SEARCH):
        hand = deal_masks(rules, s)[0]
        plays = _hand_plays(hand, kind, rules.twos_in_double_sequences)
        if plays:
            plays = sorted(plays, key=lambda m: (m.bit_count(), m.bit_length()))
            return Example(seed_used=s, hand=cards_of(hand), type=kind.key, plays=tuple(cards_of(m) for m in plays),
                           count=len(plays))
    raise InvalidPositionError(f"no deal from seed {seed} on holds a {kind.title} in North's hand")


def beat_puzzle(rules: Rules, seed: int) -> Example:
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
            return _puzzle(rules, s, north, table)
    raise InvalidPositionError(f"no deal from seed {seed} on gives a table North can beat")


def chop_puzzle(rules: Rules, seed: int) -> Example:
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
        return _puzzle(rules, s, north, table)
    raise InvalidPositionError(f"no deal from seed {seed} on gives North a bomb")


def _puzzle(rules: Rules, seed: int, hand: int, table: int) -> Example:
    combo = combo_of_mask(table, rules.twos_in_double_sequences)
    assert combo is not None
    position = Position.build(hand=cards_of(hand), table=cards_of(table), rules=rules)
    plays = tuple(p.cards for p in legal_plays(position))
    return Example(seed_used=seed, hand=cards_of(hand), table=cards_of(table), table_name=combo.name, plays=plays,
                   count=len(plays), can_pass=True,
                   question=gettext("The table holds {combination}. Which of your cards beat it?").format(
                       combination=combo.name))


def example(rules: Rules, seed: int, want: str) -> Example:
    """The example ``want`` asks for: ``beat``, ``chop``, or a kind of combination (``pair`` …)."""
    if want == "beat":
        return beat_puzzle(rules, seed)
    if want == "chop":
        return chop_puzzle(rules, seed)
    return hand_with(rules, seed, Kind.parse(want))


# ------------------------------------------------------------------------------------------------ a whole game


@dataclass(frozen=True, kw_only=True)
class RoundStep:
    seat: str = arg(help="who acted (seat letter)")
    action: str = arg(help="the play, or pass")
    comment: str = arg(help="the commentary")
    round: int = arg(help="the round (0 for the first): a round ends when the table clears")


@dataclass(frozen=True, kw_only=True)
class Rounds:
    """A whole seeded game played by bots, told round by round."""

    seed: int = arg(help="the deal's seed")
    hands: Mapping[str, tuple[Card, ...]] = arg(help="the hands dealt, by seat letter")
    steps: tuple[RoundStep, ...] = arg(help="every play and pass with its commentary")
    commentary: str = arg(help="the whole game in Markdown, a bold heading per round")
    round_commentary: tuple[str, ...] = arg(help="each round's commentary as a Markdown list")
    round_plays: tuple[tuple[str, ...], ...] = arg(help="the cards played in each round, in order")
    lockout_round: int = arg(help="the first round in which a player who passed is skipped")
    lockout_commentary: str = arg(help="that round's commentary")
    lockout_plays: tuple[str, ...] = arg(help="the cards played in that round")
    winner: str = arg(help="the seat that went out first")
    order: tuple[str, ...] = arg(help="the finishing order, by seat letter")
    summary: str = arg(help="how the game came out, in a sentence")
    points: Mapping[str, int] = arg(help="each seat's points for the game, by seat letter")
    points_text: str = arg(help="the points in words")
    record: Mapping[str, Any] = arg(help="the game as a record (replays exactly)")


def rounds(rules: Rules, seed: int, bots: Sequence[str] | str, preset: str | None = None,
           options: Mapping[str, Any] | None = None) -> Rounds:
    """A whole seeded game played by ``bots``, with the commentary of every round (for the lessons)."""
    record, final = play_out(GAME, rules, seed, bots, preset=preset, options=options)
    _, raw = replay(GAME, record)
    letters = seat_letters(rules.players)
    steps = tuple(RoundStep(seat=letters[s.seat], action=s.action, comment=s.comment, round=_round(s))
                  for s in raw)
    grouped: list[list[RoundStep]] = []
    for step in steps:
        while len(grouped) <= step.round:
            grouped.append([])
        grouped[step.round].append(step)
    texts = tuple("\n" + "\n".join(f"- {s.comment}" for s in group) for group in grouped)
    plays = tuple(tuple(s.action for s in group if s.action != PASS_TEXT) for group in grouped)
    with use_language(DEFAULT_LANGUAGE):  # the round where the commentary says a player is skipped
        _, english = replay(GAME, record)
    lockout = min((_round(s) for s in english if "skipped" in s.comment), default=0)
    result = outcome(final)
    assert result is not None
    names = seat_names(rules.players)
    points = {letters[s]: int(p) for s, p in enumerate(result.returns)}
    return Rounds(
        seed=seed,
        hands={letters[s]: cards_of(m) for s, m in enumerate(final.dealt)},
        steps=steps,
        commentary="".join(f"\n\n**{gettext('Round {n}').format(n=digits(i))}**{text}"
                           for i, text in enumerate(texts, start=1)),
        round_commentary=texts,
        round_plays=plays,
        lockout_round=lockout,
        lockout_commentary=texts[lockout] if texts else "",
        lockout_plays=plays[lockout] if plays else (),
        winner=letters[final.finished[0]],
        order=tuple(letters[s] for s in final.finished),
        summary=finishing_sentence(final),
        points=points,
        points_text=" · ".join(f"{names[s]} {digits(points[letters[s]])}" for s in range(rules.players)),
        record=record.to_json(),
    )


def _round(step: Step) -> int:
    """The round of a step, from 0 (its chapter is "Round 3", in the current language's digits)."""
    return int(step.chapter.split()[-1].translate(_ASCII_DIGITS).replace(",", "")) - 1


_ASCII_DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")

