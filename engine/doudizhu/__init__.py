"""Dou Dizhu (斗地主, Fight the Landlord): rules, combinations, legal plays, bidding, payment and bots.

>>> from engine.doudizhu import Position, legal_plays, make_rules
>>> rules = make_rules("three_player")
>>> position = Position.make(rules, rules.deck.parse("3 3 4 5 6 7 8 9 9 9 BJ"), rules.deck.parse("4 4 4 5"))
>>> [c.text for c in legal_plays(position)][:2]
['9 9 9 3', '9 9 9 4']
"""

from engine.doudizhu.bidding import Auction
from engine.doudizhu.combos import Combo, Kind, beats, counts_of, describe, readings
from engine.doudizhu.deal import deal
from engine.doudizhu.explain import why_not
from engine.doudizhu.play import LegalPlays, Play, Position, check, judge, legal_plays
from engine.doudizhu.rules import PRESETS, Rules, make_rules
from engine.doudizhu.score import Payment, payment

__all__ = [
    "PRESETS",
    "Auction",
    "Combo",
    "Kind",
    "LegalPlays",
    "Payment",
    "Play",
    "Position",
    "Rules",
    "beats",
    "check",
    "counts_of",
    "deal",
    "describe",
    "judge",
    "legal_plays",
    "make_rules",
    "payment",
    "readings",
    "why_not",
]
