"""Euchre's one-page rules summary: :func:`handout` answers :meth:`engine.euchre.game.EuchreGame.handout`.

Every fact comes from this game's typed commands: the deal, the trump order with the bowers, the calls of both
rounds (upcard K♥, North deals), the scoring table and when the game is won.
"""

from __future__ import annotations

from engine.cards import Card, Rank, Suit
from engine.euchre.commands import (
    CallsRequest,
    EuchreDealRequest,
    GameRequest,
    ScoreRequest,
    TrumpsRequest,
    calls_command,
    deal_command,
    game_command,
    score_command,
    trumps_command,
)
from engine.euchre.game import GAME
from engine.handout import Column, Handout, Section, Table, symbols
from engine.teaching import sentence

__all__ = ["handout"]

_UPCARD = Card(Rank.KING, Suit.HEARTS)


def _call(action: str) -> str:
    """A call with its suit as a symbol: "name S" → "name ♠"."""
    verb, _, suit = action.rpartition(" ")
    return f"{verb} {Suit(suit).symbol}" if verb == "name" and suit in {s.value for s in Suit} else action


def _who(tricks: int, alone: bool, defender_alone: bool) -> str:
    took = "all 5" if tricks == 5 else f"{tricks} trick{'s' if tricks != 1 else ''}"
    return took + (", going alone" if alone else "") + (", against a defender alone" if defender_alone else "")


def handout(preset: str) -> Handout:
    """What the Euchre handout under ``preset`` says (the preset is known: the caller checked it)."""
    rules = GAME.rules(preset)
    deal = deal_command(EuchreDealRequest(preset=preset, seed=1))
    trumps = [trumps_command(TrumpsRequest(preset=preset, trump=suit)) for suit in (Suit.HEARTS, Suit.SPADES)]
    first = calls_command(CallsRequest(preset=preset, dealer="N", upcard=_UPCARD, round=1))
    stuck = calls_command(CallsRequest(preset=preset, dealer="N", upcard=_UPCARD, round=2, seat="N"))
    cases = [(3, False, False), (5, False, False), (4, True, False), (5, True, False), (2, False, False)]
    if rules.defender_may_go_alone:
        cases.append((1, False, True))
    scoring = [score_command(ScoreRequest(preset=preset, makers_tricks=t, alone=a, defender_alone=d))
               for t, a, d in cases]
    games = [game_command(GameRequest(preset=preset, scores=s)) for s in ((10, 9), (11, 9))]
    order_lines = []
    for t in trumps:
        best = f"best bower {symbols([t.best_bower])}, " if t.best_bower is not None else ""
        order_lines.append(f"**{t.trump.symbol} trump:** {symbols(list(t.order))} — {best}right bower "
                           f"{symbols([t.right_bower])}, left bower {symbols([t.left_bower])}")
    return Handout(
        summary=(f"{deal.deck_size} cards; {len(deal.first_hand)} to each player, dealt in {deal.deal_order}; "
                 f"the kitty holds the upcard and {len(deal.kitty)} more.",),
        name_terms=("euchre",),
        sections=(
            Section("Trump order, high to low", Column.LEFT, tuple(order_lines)),
            Section(f"Calling trump (upcard {_UPCARD.symbol_text}, North deals)", Column.LEFT, (
                f"**Round 1** ({first.to_act} first): {', '.join(_call(c) for c in first.calls)}",
                f"**Round 2, the dealer after three passes:** {', '.join(_call(c) for c in stuck.calls)}",
                sentence(stuck.reasons.get("name H", "")),
                sentence(stuck.reasons.get("pass", "")),
            )),
            Section("Scoring a hand", Column.RIGHT, table=Table(("the makers take", "points"), tuple(
                (_who(t, a, d), s.reason) for (t, a, d), s in zip(cases, scoring, strict=True)), (1.1, 2.2))),
            Section("Winning the game", Column.RIGHT, tuple(sentence(g.reason) for g in games)),
        ),
    )
