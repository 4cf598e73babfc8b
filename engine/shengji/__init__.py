"""Shengji / Tractor (升级 · 拖拉机): the rules engine, on the contract of :mod:`engine.contract`.

``GAME`` is the game object (rules and presets, the hand as a state machine, bots, commands). The position API::

    rules = make_rules("competition", {"decks": 2, "turn_order": "clockwise"})   # rules.seats: N E S W
    trump = trump_for(rules, Rank.TEN, Suit.SPADES)            # effective suits, order, adjacency
    pos = Position.build(hand=hand, table=lead, rules=rules, trump=trump)   # table=() when leading
    requirement(pos).text / ladder_steps(pos)                  # what must be played, rung by rung
    check(pos, cards)                                          # Verdict(legal, reason naming the rung)
    legal_plays(pos, limit)                                    # distinct plays, complete flag, count
    trick_winner(plays, trump, rules); judge_throw(cards, others, trump, rules)
    check_declaration(cards, seat, rank, current, rules)       # declaring / overriding / reinforcing
    score_hand(rules, trick_points=…, kitty_points=…, …)       # kitty bonus, level table, next banker

The typed commands (``legal(LegalRequest(...))`` …) are what the UI calls; ``GAME.commands`` takes JSON.
"""

from engine.contract import Parts
from engine.shengji.bidding import (
    Declaration,
    KittyTurn,
    bury_choices,
    check_bury,
    check_declaration,
    declaration,
    legal_declarations,
    turn_kitty,
)
from engine.shengji.bots import BOTS, heuristic_bot, random_bot
from engine.shengji.combos import Combo, Holding, Kind, classify, decompose, describe_format, is_tractor
from engine.shengji.commands import (
    COMMANDS,
    BandsRequest,
    CardsRequest,
    CheckRequest,
    ClimbRequest,
    CompareRequest,
    DeclareRequest,
    ExampleRequest,
    KittyRequest,
    LegalRequest,
    NoTrump,
    PointsRequest,
    PositionRequest,
    RequirementInfo,
    ScoreRequest,
    ShengjiCheckAnswer,
    ShengjiDealRequest,
    ShengjiLegalAnswer,
    ShengjiPlayInfo,
    ShengjiRulesRequest,
    ThrowRequest,
    TrumpRequest,
    TrumpsRequest,
    TryPlayRequest,
    TurnKittyRequest,
    WinnerRequest,
    bands,
    bury,
    classify_cards,
    climb,
    compare_presets,
    declare,
    example,
    kitty,
    legal,
    order,
    points_of,
    posed_state,
    read_position,
    score,
    throw,
    trumps,
    try_play,
    turn_kitty_command,
    winner,
)
from engine.shengji.commands import (
    check as check_command,
)
from engine.shengji.commands import (
    deal as deal_command,
)
from engine.shengji.commands import (
    is_tractor as is_tractor_command,
)
from engine.shengji.commands import (
    requirement as requirement_command,
)
from engine.shengji.commands import (
    rules as rules_command,
)
from engine.shengji.deal import ShengjiDeal, deal, deck_of
from engine.shengji.examples import SEED_000_TRACTORS, Example
from engine.shengji.game import GAME, ShengjiGame
from engine.shengji.handout import handout
from engine.shengji.order import (
    POINT_UNIT,
    Group,
    Trump,
    cards_text,
    describe_order,
    draw_key,
    plain_sort,
    points,
    trump_for,
)
from engine.shengji.play import (
    Duty,
    LegalPlays,
    Position,
    Requirement,
    Rung,
    check,
    count_legal_plays,
    covering_plays,
    ladder_steps,
    legal_plays,
    playable_cards,
    requirement,
)
from engine.shengji.played import EXAMPLES, make_example
from engine.shengji.rules import (
    NOTES,
    PRESETS,
    RANKS,
    SEATS,
    TEAMS,
    BelowZero,
    DeclareOrder,
    FailedThrowPart,
    FixedTrump,
    KittyMultiplier,
    LongTractorFollow,
    NoDeclaration,
    NoTrumpTrumps,
    Rules,
    TripleFollow,
    TurnOrder,
    make_rules,
    parse_level,
    value_text,
)
from engine.shengji.score import (
    HandScore,
    LevelChange,
    kitty_bonus,
    kitty_multiplier,
    level_bands,
    level_change,
    score_hand,
    team_of,
)
from engine.shengji.score import (
    climb as climb_levels,
)
from engine.shengji.state import (
    Action,
    Bury,
    Choose,
    Declare,
    Name,
    Phase,
    Play,
    Start,
    State,
    TrickRecord,
    action_text,
    apply,
    apply_unchecked,
    check_action,
    legal_actions,
    new_game,
    parse_action,
    parse_start,
)
from engine.shengji.table import comment, nearest_preset, outcome, summary_row, view
from engine.shengji.trick import ThrowJudgement, TrickOutcome, judge_throw, trick_winner

__all__ = [
    "BOTS", "COMMANDS", "EXAMPLES", "GAME", "NOTES", "PRESETS", "RANKS", "SEATS", "SEED_000_TRACTORS", "TEAMS",
    "Action", "BandsRequest", "BelowZero", "Bury", "CardsRequest", "CheckRequest", "Choose", "ClimbRequest", "Combo",
    "CompareRequest", "Declaration", "Declare", "DeclareOrder", "DeclareRequest", "Duty", "Example", "ExampleRequest",
    "FailedThrowPart", "FixedTrump", "Group", "HandScore", "Holding", "Kind", "KittyMultiplier", "KittyRequest",
    "KittyTurn", "LegalPlays", "LegalRequest", "LevelChange", "LongTractorFollow", "Name", "NoDeclaration", "NoTrump",
    "NoTrumpTrumps", "Phase", "Play", "PointsRequest", "Position", "PositionRequest", "Requirement", "RequirementInfo",
    "Rules", "Rung", "ScoreRequest", "ShengjiCheckAnswer", "ShengjiDeal", "ShengjiDealRequest", "ShengjiGame",
    "ShengjiLegalAnswer", "ShengjiPlayInfo", "ShengjiRulesRequest", "Start", "State", "ThrowJudgement", "ThrowRequest",
    "TrickOutcome", "TrickRecord", "TripleFollow", "Trump", "TrumpRequest", "TrumpsRequest", "TryPlayRequest",
    "TurnKittyRequest", "TurnOrder", "WinnerRequest", "action_text", "apply", "apply_unchecked", "bands", "bury",
    "bury_choices", "cards_text", "check", "check_action", "check_bury", "check_command", "check_declaration",
    "classify", "classify_cards", "climb", "climb_levels", "comment", "compare_presets", "count_legal_plays",
    "covering_plays", "deal", "deal_command", "deck_of", "declaration", "declare", "read_position", "decompose",
    "describe_format", "describe_order", "draw_key", "example", "heuristic_bot", "is_tractor", "is_tractor_command",
    "judge_throw", "kitty", "kitty_bonus", "kitty_multiplier", "ladder_steps", "legal", "legal_actions",
    "legal_declarations", "legal_plays", "level_bands", "level_change", "make_example", "make_rules", "nearest_preset",
    "new_game", "order", "outcome", "parse_action", "parse_level", "parse_start", "plain_sort", "playable_cards",
    "POINT_UNIT", "points", "points_of", "random_bot", "requirement", "requirement_command", "rules_command", "score",
    "score_hand",
    "summary_row", "team_of", "throw", "trick_winner", "trump_for", "trumps", "try_play", "turn_kitty",
    "turn_kitty_command", "value_text", "view", "winner",
]

# The parts built on GAME (they import it), given back to it: see engine.contract.Game.install.
GAME.install(Parts(COMMANDS, handout, posed_state))
