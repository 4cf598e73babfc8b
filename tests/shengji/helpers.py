"""Small builders shared by the Shengji tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from engine.cards import Card, Rank, Suit, parse_cards
from engine.command_tables import commands_of
from engine.driver import play_out
from engine.shengji import GAME, Action, Rules, Start, State, Trump, make_rules, new_game, trump_for


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def rules(preset: str = "competition", **options: object) -> Rules:
    return make_rules(preset, options)


def trump(r: Rules, rank: str | None = "10", suit: str | None = "S") -> Trump:
    return trump_for(r, Rank.parse(rank) if rank else None, Suit.parse(suit) if suit else None)


def bag(cs: Iterable[Card]) -> tuple[tuple[str, int], ...]:
    """A play as a canonical multiset, to compare plays regardless of card order."""
    return tuple(sorted((c.text, n) for c, n in Counter(cs).items()))


def step(state: State, action: Action) -> tuple[State, str]:
    """The state after ``action`` (checked) and the Table's commentary on it."""
    after, info = GAME.step(state, action)
    return after, info.comment


def play_hand(r: Rules, seed: int, bots: str | list[str] = "heuristic", start: Start | None = None) -> State:
    """A whole hand played by the bots (one name for every seat, or one per seat), from the seed."""
    if start is None:
        _, final = play_out(GAME, r, seed, bots)
        return final  # type: ignore[no-any-return]
    state = new_game(r, seed, start)
    import random

    from engine.driver import BOT_SEED_MIX

    rng = random.Random(seed ^ BOT_SEED_MIX)
    names = [bots] * 4 if isinstance(bots, str) else bots
    while state.to_act is not None:
        state = GAME.apply(state, GAME.bot(names[state.to_act]).choose(state, rng))
    return state


def crafted(r: Rules, hands: list[str], leader: int = 0, starter: int = 0) -> State:
    """A hand in the play phase with the given hands by seat index (trump rank 10, spades), ``leader`` to lead."""
    import dataclasses

    from engine.shengji import Phase

    state = play_hand(r, 1, "random")
    return dataclasses.replace(state, phase=Phase.PLAY, hands=tuple(cards(h) for h in hands), trick=(),
                               tricks=(), leader=leader, to_act=leader, starter=starter, trump=trump(r),
                               trick_points=0, penalty=0, score=None, buried=state.buried)


def command(name: str, **fields: Any) -> dict[str, Any]:
    """A command of the game called with JSON, as the command line and the lessons call it."""
    return commands_of(GAME)[name](fields)  # type: ignore[no-any-return]
