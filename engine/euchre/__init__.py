"""Euchre: the rules engine (no Streamlit).

    from engine.euchre import TrickPosition, legal_plays, check, effective_suit
    position = TrickPosition(Suit.HEARTS, parse_cards("JD AS QC KC 10H"), parse_cards("9C"))
    legal_plays(position)        # (QC, KC): clubs were led; J♦ is a heart while hearts are trump
"""

from engine.euchre.bots import BOTS, call_strength, heuristic_bot, random_bot
from engine.euchre.deal import EuchreDeal, deal_cards
from engine.euchre.hand import (
    ORDER_UP,
    Action,
    Discard,
    GoAlone,
    HandResult,
    HandState,
    NameTrump,
    Phase,
    Trick,
    action_text,
    apply,
    calling_state,
    check_action,
    discard_state,
    hand_result,
    legal_actions,
    legal_calls,
    new_hand,
    parse_action,
    start_hand,
    trick_position,
)
from engine.euchre.play import TrickPosition, check, legal_plays, trick_winner, winner_reason
from engine.euchre.rules import PRESETS, FirstLead, Rules, Seat, Side, make_rules
from engine.euchre.score import HandScore, game_over_reason, game_winner, score_hand, win_chances
from engine.euchre.simulation import play_game, play_hand, simulate_games, simulate_hands
from engine.euchre.trumps import DECK, card_power, effective_suit, is_trump, left_bower, right_bower, trump_order

__all__ = [
    "BOTS",
    "DECK",
    "ORDER_UP",
    "PRESETS",
    "Action",
    "Discard",
    "EuchreDeal",
    "FirstLead",
    "GoAlone",
    "HandResult",
    "HandScore",
    "HandState",
    "NameTrump",
    "Phase",
    "Rules",
    "Seat",
    "Side",
    "Trick",
    "TrickPosition",
    "action_text",
    "apply",
    "call_strength",
    "calling_state",
    "card_power",
    "check",
    "check_action",
    "deal_cards",
    "discard_state",
    "effective_suit",
    "game_over_reason",
    "game_winner",
    "hand_result",
    "heuristic_bot",
    "is_trump",
    "left_bower",
    "legal_actions",
    "legal_calls",
    "legal_plays",
    "make_rules",
    "new_hand",
    "parse_action",
    "play_game",
    "play_hand",
    "random_bot",
    "right_bower",
    "score_hand",
    "simulate_games",
    "simulate_hands",
    "start_hand",
    "trick_position",
    "trick_winner",
    "trump_order",
    "win_chances",
    "winner_reason",
]
