"""Thirteen (Tiến lên): combinations, legal plays with reasons, whole games, bots and scoring.

    >>> from engine.cards import parse_cards
    >>> from engine.thirteen import Position, check, legal_plays
    >>> pos = Position.build(parse_cards("3S 4S 5H 5D 2H"), parse_cards("4C 4D"))
    >>> [p.text for p in legal_plays(pos)]
    ['5D 5H']
    >>> check(pos, parse_cards("3S 4S")).reason
    '3♠ 4♠ is not a pair: a pair is two cards of the same rank'
"""

from engine.thirteen.bots import BOTS, heuristic_bot, play_game, random_bot
from engine.thirteen.combos import (
    CARDS,
    DECK,
    Combo,
    Kind,
    beat_reason,
    classify,
    game_sorted,
    index,
    why_not_combo,
)
from engine.thirteen.deal import deal_masks, seat_names
from engine.thirteen.game import Game, apply, can_pass, move_masks, moves, new_game
from engine.thirteen.play import LegalPlays, Play, Position, check, check_pass, count_legal, legal_plays
from engine.thirteen.rules import PRESETS, Finish, Rules, Scoring, make_rules
from engine.thirteen.score import game_points, hand_features

__all__ = [
    "BOTS", "CARDS", "DECK", "Combo", "Finish", "Game", "Kind", "LegalPlays", "PRESETS", "Play", "Position",
    "Rules", "Scoring", "apply", "beat_reason", "can_pass", "check", "check_pass", "classify", "count_legal",
    "deal_masks", "game_points", "game_sorted", "hand_features", "heuristic_bot", "index", "legal_plays",
    "make_rules", "move_masks", "moves", "new_game", "play_game", "random_bot", "seat_names", "why_not_combo",
]
