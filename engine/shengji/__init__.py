"""Shengji / Tractor (升级 · 拖拉机): the rules engine.

The two presets are ``competition`` (seed 000) and ``tractor`` (seed 001); see :mod:`engine.shengji.rules`.
The main entry points::

    rules = rules_for("competition", {"decks": 2, "turn_order": "clockwise"})   # rules.seats: N E S W
    trump = trump_for(rules, Rank.TEN, Suit.SPADES)            # effective suits, order, adjacency
    pos = Position.make(rules, trump, hand, lead)              # lead=() when leading
    requirement(pos).text / ladder_steps(pos)                  # what must be played, rung by rung
    check(pos, cards)                                          # Verdict(legal, reason naming the rung)
    legal_plays(pos, limit)                                    # distinct plays + complete flag
    trick_winner(plays, trump, rules); judge_throw(cards, others, trump, rules)
    judge(decl_cards, seat, rank, current, rules)              # declaring / overriding / reinforcing
    score_round(rules, trick_points=…, kitty_points=…, …)      # kitty bonus, level table, next banker
    new_round / apply / play_round / simulate_rounds           # whole rounds with the bots
"""

from engine.shengji.combos import Combo, Holding, Kind, classify, decompose, describe_format, is_tractor
from engine.shengji.declare import Declaration, judge, legal_declarations, turn_kitty
from engine.shengji.play import (
    Duty,
    LegalPlays,
    Position,
    Requirement,
    Rung,
    check,
    covering_plays,
    ladder_steps,
    legal_plays,
    playable_cards,
    requirement,
)
from engine.shengji.rounds import (
    Bury,
    Choose,
    Declare,
    Phase,
    Play,
    RoundState,
    apply,
    new_round,
    play_game,
    play_round,
    simulate_rounds,
)
from engine.shengji.rules import PRESETS, SEATS, TEAMS, FailedThrowPart, Rules, TurnOrder, rules_for
from engine.shengji.score import (
    LevelChange,
    RoundScore,
    kitty_bonus,
    kitty_multiplier,
    level_bands,
    level_change,
    score_round,
)
from engine.shengji.trick import ThrowJudgement, TrickOutcome, judge_throw, trick_winner
from engine.shengji.trump import Group, Trump, describe_order, points, trump_for

__all__ = [
    "PRESETS", "SEATS", "TEAMS", "Bury", "Choose", "Combo", "Declaration", "Declare", "Duty", "FailedThrowPart",
    "Group", "Holding", "Kind", "LegalPlays", "LevelChange", "Phase", "Play", "Position", "Requirement",
    "RoundScore", "RoundState", "Rules", "Rung", "ThrowJudgement", "TrickOutcome", "Trump", "TurnOrder", "apply",
    "check", "classify", "covering_plays", "decompose", "describe_format", "describe_order", "is_tractor", "judge",
    "judge_throw", "kitty_bonus", "kitty_multiplier", "ladder_steps", "legal_declarations", "legal_plays",
    "level_bands", "level_change", "new_round", "play_game", "play_round", "playable_cards", "points",
    "requirement", "rules_for", "score_round", "simulate_rounds", "trick_winner", "trump_for", "turn_kitty",
]
