"""Examples and practice for lessons: sample requests of the commands, the rule-of-thumb advice on a call, and
the notes and judgement of a "pick the trumps" exercise. (The commands that lessons call wrap these.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.base import Verdict
from engine.cards import Card, Suit, format_cards
from engine.euchre.bots import call_strength, heuristic_bot
from engine.euchre.order import BENNY, EFFECTIVE, left_bower, right_bower, suit_name, trump_order, who_it_is
from engine.euchre.state import HandState, Phase, action_text
from engine.i18n import gettext as _
from engine.words import and_list

__all__ = ["SAMPLES", "call_advice", "card_note", "judge_trumps"]

SAMPLES: Mapping[str, tuple[Mapping[str, Any], ...]] = {
    "legal": ({"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"},
              {"preset": "benny", "trump": "H", "hand": "RJ AS 9C", "table": "9H"}),
    "check": ({"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C", "play": "JD"},),
    "winner": ({"trump": "H", "table": "9C JD AC 10C", "leader": "N"},),
    "score": ({"makers_tricks": 5, "alone": True},),
    "game": ({"scores": [10, 9]},),
    "calls": ({"dealer": "N", "upcard": "KH", "round": 2, "seat": "N", "preset": "stick_the_dealer"},),
    "discard": ({"hand": "9C 10D JH QH AH KH", "upcard": "KH"},),
    "trumps": ({"trump": "H", "hand": "JD JH AS 9H", "picked": "JD JH 9H"},),
    "deal": ({"seed": 7},),
    "playout": ({"seed": 7, "bots": "heuristic"},),
    "match": ({"seed": 3, "bots": "heuristic"},),
}
"""Sample requests by command (the README, the contract tests and ``--help`` use them)."""


def call_advice(state: HandState) -> tuple[str, str] | None:
    """The heuristic's call in a calling position whose caller's hand is known, and why (the rule of thumb: 3
    trumps, or a bower and an ace); None when there is nothing to advise (no hand, or a suit named blind for a
    turned-up joker)."""
    seat = state.to_act
    if seat is None or state.phase not in (Phase.CALL_ROUND_1, Phase.CALL_ROUND_2) or not state.hands[seat]:
        return None
    hand = state.hands[seat]
    advice = heuristic_bot(state, None)
    trump: Suit | None = state.turned_suit if state.phase is Phase.CALL_ROUND_1 else getattr(advice, "suit", None)
    held = hand
    if state.phase is Phase.CALL_ROUND_1 and seat == state.dealer and state.upcard is not None:
        held = hand + (state.upcard,)
    if trump is not None:
        why = call_strength(held, trump)[1]
    else:
        others = [s for s in Suit if s is not state.turned_suit]
        best = max(others, key=lambda s: sum(1 for c in hand if EFFECTIVE[s][c] is s))
        why = call_strength(hand, best)[1]
    return action_text(advice), why


def card_note(card: Card, trump: Suit) -> str:
    """What ``card`` is while ``trump`` is trump: the joker, a bower, a trump, or a card of its own suit."""
    text = card.symbol_text
    if card == BENNY:
        return _("{card}, the joker, is the best bower: the highest trump, whatever suit is trump").format(card=text)
    if card == right_bower(trump):
        return _("{card} is the right bower, the highest trump").format(card=text)
    if card == left_bower(trump):
        return _("{card} is {note}").format(card=text, note=who_it_is(card, trump))
    if card.suit is trump:
        return _("{card} is a trump").format(card=text)
    assert card.suit is not None  # the joker was handled first
    return _("{card} is {a_suit}, not a trump").format(card=text, a_suit=suit_name(card.suit, 1))


def judge_trumps(hand: Iterable[Card], picked: Iterable[Card], trump: Suit, benny: bool = False) -> Verdict:
    """Whether ``picked`` are exactly the trumps of ``hand`` (bowers and the joker included), and why."""
    hand, picked = tuple(hand), tuple(picked)
    suits = EFFECTIVE[trump]
    trumps = [c for c in trump_order(trump, benny) if c in hand]
    wrong_in = [c for c in picked if suits[c] is not trump]
    missed = [c for c in trumps if c not in picked]
    listed = format_cards(trumps, symbols=True)
    shown = _("the trumps are {cards}").format(cards=listed) if trumps else _("the hand holds no trumps")
    if not wrong_in and not missed:
        return Verdict(True, _("exactly the trumps: {cards}").format(cards=listed) if trumps else
                       _("right: the hand holds no trumps"))
    parts = [shown]
    parts += [card_note(c, trump) for c in wrong_in]
    if missed:
        parts.append(_("you missed {cards}: {notes}").format(cards=and_list(c.symbol_text for c in missed),
                                                            notes="; ".join(card_note(c, trump) for c in missed)))
    return Verdict(False, "; ".join(parts))
