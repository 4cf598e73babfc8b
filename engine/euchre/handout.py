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
from engine.i18n import gettext as _
from engine.i18n import ngettext, pgettext
from engine.i18n import number as numeral
from engine.teaching import sentence
from engine.words import seat_name

__all__ = ["handout"]

_UPCARD = Card(Rank.KING, Suit.HEARTS)


def _call(action: str) -> str:
    """A call with its suit as a symbol: "name S" → "name ♠"."""
    verb, _space, suit = action.rpartition(" ")
    if verb == "name" and suit in {s.value for s in Suit}:
        return _("name {symbol}").format(symbol=Suit(suit).symbol)
    if action == "pass":
        return pgettext("euchre call", "pass")
    if action == "order up":
        return pgettext("euchre call", "order up")
    return action


def _who(tricks: int, alone: bool, defender_alone: bool) -> str:
    took = _("all 5") if tricks == 5 else ngettext("{count} trick", "{count} tricks", tricks).format(
        count=numeral(tricks))
    if alone:
        return _("{took}, going alone").format(took=took)
    if defender_alone:
        return _("{took}, against a defender alone").format(took=took)
    return took



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
        facts = {"symbol": t.trump.symbol, "order": symbols(list(t.order)), "right": symbols([t.right_bower]),
                 "left": symbols([t.left_bower])}
        if t.best_bower is not None:
            line = _("**{symbol} trump:** {order} — best bower {best}, right bower {right}, left bower {left}").format(
                best=symbols([t.best_bower]), **facts)
        else:
            line = _("**{symbol} trump:** {order} — right bower {right}, left bower {left}").format(**facts)
        order_lines.append(line)
    return Handout(
        summary=(_("{deck} cards; {hand} to each player, dealt in {packets}; the kitty holds the upcard and {kitty} "
                   "more.").format(deck=numeral(deal.deck_size), hand=numeral(len(deal.first_hand)),
                                   packets=deal.deal_order, kitty=numeral(len(deal.kitty))),),
        name_terms=("euchre",),
        sections=(
            Section(_("Trump order, high to low"), Column.LEFT, tuple(order_lines)),
            Section(_("Calling trump (upcard {card}, {dealer} deals)").format(card=_UPCARD.symbol_text,
                                                                             dealer=seat_name("N")), Column.LEFT, (
                _("**Round 1** ({first} first): {calls}").format(first=first.to_act,
                                                                 calls=", ".join(_call(c) for c in first.calls)),
                _("**Round 2, the dealer after three passes:** {calls}").format(
                    calls=", ".join(_call(c) for c in stuck.calls)),
                sentence(stuck.reasons.get("name H", "")),
                sentence(stuck.reasons.get("pass", "")),
            )),
            Section(_("Scoring a hand"), Column.RIGHT, table=Table((_("the makers take"), _("points")), tuple(
                (_who(t, a, d), s.reason) for (t, a, d), s in zip(cases, scoring, strict=True)), (1.1, 2.2))),
            Section(_("Winning the game"), Column.RIGHT, tuple(sentence(g.reason) for g in games)),
        ),
    )
