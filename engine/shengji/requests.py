"""The request shapes every Shengji command shares: the rules (``ShengjiRequest``), the round's trump
(``TrumpRequest``) and one player's decision (``PositionRequest``), with the functions that read them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.cards import Card, Deck, Rank, Suit
from engine.commands import Context, Request, arg, request_rules
from engine.errors import InvalidRequestError
from engine.shengji.deal import deck_of
from engine.shengji.game import GAME
from engine.shengji.order import Trump, trump_for
from engine.shengji.play import Position
from engine.shengji.rules import Rules

Cards = tuple[Card, ...]


class NoTrump(Enum):
    """``trump_suit`` words for a no-trump round (``null`` says it too)."""

    NONE = "none"
    NO_TRUMP = "no trump"


# ---------------------------------------------------------------------------------------------------
# shared request shapes
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ShengjiRequest(Request):
    """The rules: ``preset``, ``options`` — and ``decks`` at the top, as older requests give it."""

    decks: int | None = arg(None, help="the number of decks, 1–4 (the same as options.decks; wins over it)",
                            low=1, high=4)


def rules_of(request: ShengjiRequest) -> Rules:
    """The rules a request names (its preset, options and top-level ``decks``)."""
    options = dict(request.options)
    if request.decks is not None:
        options["decks"] = request.decks
    return GAME.rules(request.preset, options)


def request_context(data: Mapping[str, Any]) -> Context:
    """The deck and seats a JSON request is decoded for (its rules read once, here)."""
    decks = data.get("decks")
    extra = {"decks": decks} if isinstance(decks, int) and not isinstance(decks, bool) and 1 <= decks <= 4 else {}
    chosen: Rules = request_rules(GAME, data.get("preset"), data.get("options"), extra)
    return Context(deck_of(chosen), chosen.seats)


FOUR_DECKS = Deck.standard(jokers=True, decks=4)


def any_decks_context(_: Mapping[str, Any]) -> Context:
    return Context(FOUR_DECKS)


@dataclass(frozen=True, kw_only=True)
class TrumpRequest(ShengjiRequest):
    """The rules and the round's trump."""

    trump_rank: Rank = arg(Rank.TWO, help="the trump rank (the bankers' level), 2 to A")
    trump_suit: Suit | NoTrump | None = arg(help="the trump suit S, H, D or C; null or \"none\" for no trump")


def trump_of(request: TrumpRequest, rules: Rules) -> Trump:
    """The trump context a request names; InvalidRequestError for a joker as the trump rank."""
    if request.trump_rank.is_joker:
        raise InvalidRequestError(f"field 'trump_rank': {request.trump_rank.text!r} is not a level: levels and "
                                  "trump ranks are 2 to A")
    suit = request.trump_suit if isinstance(request.trump_suit, Suit) else None
    return trump_for(rules, request.trump_rank, suit)


@dataclass(frozen=True, kw_only=True)
class PositionRequest(TrumpRequest):
    """One player's decision: the hand, the cards led (empty: you lead), and optionally the other hands."""

    hand: Cards = arg(help="your cards")
    table: Cards = arg((), aliases=("lead",), help="the cards led to this trick; empty when you lead")
    others: Mapping[str, Cards] = arg({}, seat=True,
                                      help="the other hands by seat letter, to judge a throw when you lead")
    leader: str = arg("N", seat=True, help="the seat that leads the trick (you, when you lead)")


def position_of(request: PositionRequest, rules: Rules | None = None) -> Position:
    """The checked position a request poses (InvalidPositionError naming what cannot occur)."""
    rules = rules or rules_of(request)
    trump = trump_of(request, rules)
    leader = rules.seats.index(request.leader)
    others = []
    for letter, cards in request.others.items():
        seat = rules.seats.index(letter)
        if seat == leader:
            raise InvalidRequestError(f"field 'others': {letter} is the leader; give the other three hands")
        others.append((seat, letter, cards))
    ordered = sorted(others, key=lambda o: (o[0] - leader) % 4)
    return Position.build(hand=request.hand, table=request.table, rules=rules, trump=trump, others=[(letter,
                          cards) for _, letter, cards in ordered])


def in_order(cards: Sequence[Card], trump: Trump | None) -> Cards:
    """Cards high to low in the trump order (as answers give them)."""
    return tuple(trump.sort(cards)) if trump is not None else tuple(cards)
