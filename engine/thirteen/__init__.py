"""Thirteen (Tiến lên): combinations, legal plays with reasons, whole games, bots, scoring — and ``GAME``.

    >>> from engine.cards import parse_cards
    >>> from engine.thirteen import Position, Rules, check, legal_plays
    >>> pos = Position.build(hand=parse_cards("3S 4S 5H 5D 2H"), table=parse_cards("4C 4D"), rules=Rules())
    >>> [p.text for p in legal_plays(pos)]
    ['5D 5H']
    >>> check(pos, parse_cards("3S 4S")).reason
    '3♠ 4♠ is not a pair: a pair is two cards of the same rank'
"""

from engine.contract import Parts
from engine.thirteen.bots import BOTS, heuristic_bot, random_bot
from engine.thirteen.combos import Combo, Kind, beat_reason, classify, why_not_combo
from engine.thirteen.commands import (
    COMMANDS,
    CheckRequest,
    ClassifyRequest,
    ComboInfo,
    CompareRequest,
    ExampleRequest,
    FeaturesRequest,
    LegalRequest,
    PlayDetails,
    PositionRequest,
    RoundsRequest,
    ScoreGame,
    ScoreRequest,
    check_command,
    classify_command,
    compare_command,
    deal_command,
    example_command,
    features_command,
    legal_command,
    posed_state,
    read_position,
    request_position,
    rounds_command,
    score_command,
)
from engine.thirteen.deal import deal_masks
from engine.thirteen.game import GAME, ThirteenGame
from engine.thirteen.handout import handout
from engine.thirteen.order import CARDS, DECK, game_sorted, index
from engine.thirteen.play import LegalPlays, Play, Position, check, count_legal, legal_plays
from engine.thirteen.rules import NOTES, PRESETS, Finish, Rules, Scoring, make_rules, seat_letters, seat_names
from engine.thirteen.score import hand_features, score_hand
from engine.thirteen.state import PASS, Action, Phase, State, new_game
from engine.thirteen.whole import match_totals

__all__ = [
    "BOTS", "CARDS", "COMMANDS", "DECK", "GAME", "NOTES", "PASS", "PRESETS",
    "Action", "CheckRequest", "ClassifyRequest", "Combo", "ComboInfo", "CompareRequest", "ExampleRequest",
    "FeaturesRequest", "Finish", "Kind", "LegalPlays", "LegalRequest", "Phase", "Play", "PlayDetails", "Position",
    "PositionRequest", "RoundsRequest", "Rules", "ScoreGame", "ScoreRequest", "Scoring", "State", "ThirteenGame",
    "beat_reason", "check", "check_command", "classify", "classify_command", "compare_command", "count_legal",
    "deal_command", "deal_masks", "example_command", "features_command", "game_sorted", "hand_features",
    "heuristic_bot", "index", "legal_command", "legal_plays", "make_rules", "match_totals", "new_game",
    "random_bot", "read_position", "request_position", "rounds_command", "score_command", "score_hand", "seat_letters",
    "seat_names", "why_not_combo",
]

# The parts built on GAME (they import it), given back to it: see engine.contract.Game.install.
GAME.install(Parts(COMMANDS, handout, posed_state))
