"""Small builders shared by the Shengji tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from engine.cards import Card, Rank, Suit, parse_cards
from engine.shengji.rules import Rules, rules_for
from engine.shengji.trump import Trump, trump_for


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def rules(preset: str = "competition", **options: object) -> Rules:
    return rules_for(preset, options)


def trump(r: Rules, rank: str | None = "10", suit: str | None = "S") -> Trump:
    return trump_for(r, Rank.parse(rank) if rank else None, Suit.parse(suit) if suit else None)


def bag(cs: Iterable[Card]) -> tuple[tuple[str, int], ...]:
    """A play as a canonical multiset, to compare plays regardless of card order."""
    return tuple(sorted((c.text, n) for c, n in Counter(cs).items()))


def crafted(r: Rules, hands: list[str], leader: int = 0, starter: int = 0):
    """A round in the play phase with the given hands by seat index (trump rank 10, spades), ``leader`` to lead."""
    import dataclasses

    from engine.shengji.rounds import Phase, play_round

    state = play_round(r, 1, "random")
    return dataclasses.replace(state, phase=Phase.PLAY, hands=tuple(cards(h) for h in hands), trick=(),
                               tricks=(), leader=leader, to_act=leader, starter=starter, trump=trump(r),
                               trick_points=0, penalty=0, score=None, buried=state.buried)
