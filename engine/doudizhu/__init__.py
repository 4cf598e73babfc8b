"""Dou Dizhu (斗地主, Fight the Landlord): rules, combinations, legal plays, the auction, payment and bots.

``GAME`` is the game on the engine contract (:class:`engine.contract.Game`); the names below are the public
API of the package (the UI uses only these and ``GAME``).

>>> from engine.doudizhu import Position, legal_plays, make_rules
>>> rules = make_rules("three_player")
>>> position = Position.build(hand=rules.deck.parse("3 3 4 5 6 7 8 9 9 9 BJ"), table=rules.deck.parse("4 4 4 5"),
...                           rules=rules)
>>> [c.text for c in legal_plays(position)][:2]
['9 9 9 3', '9 9 9 4']
"""

from engine.contract import Parts
from engine.doudizhu.bidding import BID_ACTIONS, Auction, Bid
from engine.doudizhu.bots import BOTS, heuristic_bot, random_bot
from engine.doudizhu.combos import Combo, Kind, beats, describe, readings
from engine.doudizhu.commands import (
    COMMANDS,
    AuctionRequest,
    CheckRequest,
    ClassifyRequest,
    ComboInfo,
    CompareRequest,
    DouDizhuLegalAnswer,
    ExampleRequest,
    FindRequest,
    HighestRequest,
    LegalRequest,
    ScoreRequest,
    SetupRequest,
    auction_command,
    check_command,
    classify_command,
    compare_command,
    deal_command,
    example_command,
    find_command,
    highest_command,
    legal_command,
    read_position,
    score_command,
    setup_command,
)
from engine.doudizhu.deal import DealtHand, deal
from engine.doudizhu.examples import ExampleHand, example_hand
from engine.doudizhu.game import GAME, DouDizhuGame
from engine.doudizhu.handout import handout
from engine.doudizhu.order import counts_of, display_deck, sort_ranks
from engine.doudizhu.play import LegalPlays, Play, Position, check, legal_plays, read_play
from engine.doudizhu.rules import NOTES, PRESETS, Rules, make_rules
from engine.doudizhu.score import Payment, payment, score_hand, stake
from engine.doudizhu.state import Action, Phase, State, new_game

__all__ = [
    "BID_ACTIONS",
    "BOTS",
    "COMMANDS",
    "GAME",
    "NOTES",
    "PRESETS",
    "Action",
    "Auction",
    "AuctionRequest",
    "Bid",
    "CheckRequest",
    "ClassifyRequest",
    "Combo",
    "ComboInfo",
    "CompareRequest",
    "DealtHand",
    "DouDizhuGame",
    "DouDizhuLegalAnswer",
    "ExampleHand",
    "ExampleRequest",
    "FindRequest",
    "HighestRequest",
    "Kind",
    "LegalPlays",
    "LegalRequest",
    "Payment",
    "Phase",
    "Play",
    "Position",
    "Rules",
    "ScoreRequest",
    "SetupRequest",
    "State",
    "auction_command",
    "beats",
    "check",
    "check_command",
    "classify_command",
    "compare_command",
    "counts_of",
    "deal",
    "deal_command",
    "describe",
    "display_deck",
    "example_command",
    "example_hand",
    "find_command",
    "heuristic_bot",
    "highest_command",
    "legal_command",
    "legal_plays",
    "make_rules",
    "new_game",
    "payment",
    "random_bot",
    "read_play",
    "read_position",
    "readings",
    "score_command",
    "score_hand",
    "setup_command",
    "sort_ranks",
    "stake",
]

# The parts built on GAME (they import it), given back to it: see engine.contract.Game.install.
GAME.install(Parts(COMMANDS, handout, None))
