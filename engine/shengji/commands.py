"""Shengji's typed commands: request and answer dataclasses, and thin command functions over the modules.

Every command is a typed function (``legal(LegalRequest(...)) -> LegalAnswer``) that the UI calls directly; the
command line, the lessons and links call the same functions with JSON through :data:`COMMANDS` (see
:mod:`engine.commands`). Every request takes ``preset`` and ``options`` (``decks``, the older top-level form of
``options.decks``, stays accepted); position requests take ``trump_rank`` (2–A, default 2) and ``trump_suit``
(``S H D C``; ``null`` or ``"none"`` for no trump), ``hand`` and ``table`` (the cards led to this trick — ``lead``
is accepted too; empty when you lead). Seats are letters in the rules' turn order (N W S E; N E S W clockwise).
Cards come back in notation, high to low in the round's trump order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.cards import Card, Rank, Suit
from engine.commands import (
    MAX_PLAYS,
    CheckAnswer,
    Command,
    DealAnswer,
    DealRequest,
    LegalAnswer,
    PlayInfo,
    RulesAnswer,
    RulesRequest,
    arg,
    command_table,
    in_learner_words,
    rules_answer,
)
from engine.errors import CardTableError, InvalidPositionError, InvalidRequestError, UnknownNameError
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji import coach, examples, played
from engine.shengji.bidding import check_declaration, declaration, is_reinforcement, legal_declarations, turn_kitty
from engine.shengji.card_commands import (
    BuryAnswer,
    CardsRequest,
    ClassifyAnswer,
    OrderAnswer,
    PartInfo,
    PointsAnswer,
    PointsRequest,
    TrumpsAnswer,
    TrumpsRequest,
    bury,
    classify_cards,
    is_tractor,
    order,
    points_of,
    trumps,
)
from engine.shengji.combos import classify, decompose, format_of, group_of
from engine.shengji.deal import deal as deal_cards
from engine.shengji.deal import deck_of
from engine.shengji.game import GAME
from engine.shengji.order import Group, cards_text, plain_sort, points, trump_for
from engine.shengji.play import (
    DEFAULT_LIMIT,
    Duty,
    Position,
    describe_lead,
    ladder_steps,
    legal_plays,
    play_text,
    playable_cards,
)
from engine.shengji.play import check as check_play
from engine.shengji.play import requirement as requirement_of
from engine.shengji.requests import (
    Cards,
    NoTrump,
    PositionRequest,
    ShengjiRequest,
    TrumpRequest,
    any_decks_context,
    in_order,
    position_of,
    request_context,
    rules_of,
    trump_of,
)
from engine.shengji.rules import PRESETS, default_note, differences
from engine.shengji.score_commands import (
    BandInfo,
    BandsAnswer,
    BandsRequest,
    ClimbAnswer,
    ClimbRequest,
    KittyAnswer,
    KittyRequest,
    ScoreAnswer,
    ScoreRequest,
    bands,
    climb,
    kitty,
    score,
)
from engine.shengji.state import State
from engine.shengji.trick import judge_throw, trick_winner
from engine.words import count, sentence

__all__ = [
    "COMMANDS",
    "BandInfo",
    "BandsAnswer",
    "BandsRequest",
    "BeatenInfo",
    "BuryAnswer",
    "CardsRequest",
    "CheckRequest",
    "ChoiceInfo",
    "ClassifyAnswer",
    "ClimbAnswer",
    "ClimbRequest",
    "CompareAnswer",
    "CompareRequest",
    "DeclareAnswer",
    "DeclareRequest",
    "ExampleRequest",
    "KittyAnswer",
    "KittyRequest",
    "LegalRequest",
    "NoTrump",
    "OrderAnswer",
    "PartInfo",
    "PointsAnswer",
    "PointsRequest",
    "PositionRequest",
    "RequirementInfo",
    "RungInfo",
    "ScoreAnswer",
    "ScoreRequest",
    "ShengjiCheckAnswer",
    "ShengjiDealAnswer",
    "ShengjiDealRequest",
    "ShengjiLegalAnswer",
    "ShengjiPlayInfo",
    "ShengjiRequest",
    "ShengjiRulesAnswer",
    "ShengjiRulesRequest",
    "ThrowAnswer",
    "ThrowChoice",
    "ThrowRequest",
    "TrumpRequest",
    "TrumpsAnswer",
    "TrumpsRequest",
    "TryPlayAnswer",
    "TryPlayRequest",
    "TurnKittyAnswer",
    "TurnKittyRequest",
    "WinnerAnswer",
    "WinnerRequest",
    "bands",
    "bury",
    "check",
    "classify",
    "classify_cards",
    "climb",
    "compare_presets",
    "deal",
    "declare",
    "example",
    "is_tractor",
    "kitty",
    "legal",
    "order",
    "points_of",
    "position_of",
    "read_position",
    "requirement",
    "rules",
    "rules_of",
    "score",
    "throw",
    "trump_of",
    "trumps",
    "try_play",
    "turn_kitty_command",
    "winner",
]

# ---------------------------------------------------------------------------------------------------
# legal, check, requirement
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RungInfo:
    text: str = arg(help="what the rung asks for, in words")
    met: bool = arg(help="whether the hand can meet it")
    example: Cards = arg(help="cards of the hand that meet it (its units); empty when not met")
    current: bool = arg(help="whether this is the rung that applies")


@dataclass(frozen=True, kw_only=True)
class ChoiceInfo:
    label: str = arg(help="the kind of unit the rung asks for: pairs, tractors of 2 pairs …")
    units: tuple[Cards, ...] = arg(help="every such unit the hand holds")


@dataclass(frozen=True, kw_only=True)
class RequirementInfo:
    """What must be played, without listing the plays."""

    duty: Duty = arg(help="lead (free), follow (meet the ladder rung), all_of_suit (play every card of the led "
                          "suit you hold), void (any cards)")
    count: int = arg(help="how many cards to play (0 when leading)")
    text: str = arg(help="the requirement in words")
    lead: str = arg(help="what was led, in words")
    must: Cards = arg(help="cards every legal play contains")
    example: Cards = arg(help="one legal play")
    rung: int | None = arg(help="the index of the rung that applies (follow, all_of_suit)")
    rung_text: str = arg(help="that rung in words (follow)")
    choices: tuple[ChoiceInfo, ...] = arg(help="for each kind of unit the rung asks for, the units the hand holds")
    holding: Cards = arg(help="your cards of the led suit")
    ladder: tuple[RungInfo, ...] = arg(help="every rung, best first")


def requirement_info(pos: Position) -> RequirementInfo:
    req = requirement_of(pos)
    trump = pos.trump
    follow = req.duty is Duty.FOLLOW
    return RequirementInfo(
        duty=req.duty, count=req.count, text=req.text, lead=req.lead_text, must=in_order(req.must, trump),
        example=in_order(req.example, trump), rung=req.rung,
        rung_text=req.rung_text() if follow else "",
        choices=tuple(ChoiceInfo(label=label, units=tuple(in_order(u, trump) for u in units))
                      for label, units in req.choices) if follow else (),
        holding=() if pos.leading else in_order(pos.holding().expanded(), trump),
        ladder=tuple(RungInfo(text=s.text, met=s.met, example=in_order(s.example, trump), current=s.index == req.rung)
                     for s in ladder_steps(pos)),
    )


@dataclass(frozen=True, kw_only=True)
class LegalRequest(PositionRequest):
    """A position: list its distinct legal plays and say what must be played."""

    limit: int | None = arg(DEFAULT_LIMIT, low=0, high=MAX_PLAYS,
                            help=f"the most plays to list (null: {MAX_PLAYS:,}); counting never needs listing")


@dataclass(frozen=True, kw_only=True)
class ShengjiPlayInfo(PlayInfo):
    what: str = arg(help="what the play is: the combination led, or the shape it follows with")
    points: int = arg(help="the points in the play")


@dataclass(frozen=True, kw_only=True)
class ShengjiLegalAnswer(LegalAnswer):
    plays: tuple[ShengjiPlayInfo, ...] = arg(help="the distinct legal plays (at most `limit`), cards high to low")
    count_exact: bool = arg(help="whether `count` is exact; false: a lower bound (rare follows of long throws)")
    requirement: str = arg(help="what must be played, in words")
    detail: RequirementInfo = arg(help="the requirement: duty, the ladder with the rung that applies, the units")
    playable: Cards = arg(help="the cards of the hand that are in at least one legal play")


def _what(play: Sequence[Card], pos: Position) -> str:
    """What a legal play is, in a few words: the combination led, the shape followed, or a discard."""
    group = group_of(play, pos.trump)
    if group is None:
        return _("mixed suits") if pos.leading else _("a discard")
    parts = decompose(play, pos.trump, pos.rules)
    if pos.leading:
        return describe_lead(parts, group)
    if group is not pos.lead_group() and group is not Group.TRUMP:
        return _("a discard")
    return play_text(format_of(parts), group)


def legal(request: LegalRequest) -> ShengjiLegalAnswer:
    """Distinct legal plays of a position (``table`` empty: leading), up to ``limit``, and the requirement."""
    pos = position_of(request)
    found = legal_plays(pos, MAX_PLAYS if request.limit is None else request.limit)
    info = requirement_info(pos)
    plays = tuple(ShengjiPlayInfo(cards=in_order(p, pos.trump), what=_what(p, pos), points=points(p))
                  for p in found.plays)
    return ShengjiLegalAnswer(plays=plays, count=found.count, complete=found.complete, can_pass=False,
                              summary=info.text, count_exact=found.count_exact, requirement=info.text, detail=info,
                              playable=in_order(list(playable_cards(pos)), pos.trump))


@dataclass(frozen=True, kw_only=True)
class CheckRequest(PositionRequest):
    """A position and a play: is it legal, and why?"""

    play: Cards | Literal["pass"] = arg(help="the cards to play (\"pass\" is refused with the reason)")


NO_PASS = N_("nobody passes in Shengji: every player plays to every trick")
"""Why a pass is refused."""


@dataclass(frozen=True, kw_only=True)
class ShengjiCheckAnswer(CheckAnswer):
    requirement: str = arg(help="what must be played, in words")


def check(request: CheckRequest) -> ShengjiCheckAnswer:
    """Whether ``play`` is legal in the position, with the reason (naming the ladder rung)."""
    pos = position_of(request)
    if request.play == "pass":
        return ShengjiCheckAnswer(legal=False, reason=_(NO_PASS), requirement=requirement_of(pos).text)
    verdict = check_play(pos, request.play)
    return ShengjiCheckAnswer(legal=verdict.legal, reason=verdict.reason, requirement=requirement_of(pos).text)


def requirement(request: PositionRequest) -> RequirementInfo:
    """What must be played: the duty, the ladder with the rung that applies, the units in hand, an example."""
    return requirement_info(position_of(request))


# ---------------------------------------------------------------------------------------------------
# tricks and throws
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class WinnerRequest(TrumpRequest):
    """A trick (or a trick so far): who wins it?"""

    plays: tuple[Cards, ...] = arg(help="1 to 4 plays in turn order, the lead first", max_items=4)
    leader: str | None = arg(None, seat=True, help="the seat that led (names the seats in the answer)")


@dataclass(frozen=True, kw_only=True)
class WinnerAnswer:
    winner: int = arg(help="the winning play's index (0: the lead)")
    seat: str | None = arg(help="the winner's seat letter (when `leader` is given)")
    reason: str = arg(help="why, in words")
    roles: tuple[str, ...] = arg(help="what each play does, in words")
    points: int = arg(help="the points in the trick")


def winner(request: WinnerRequest) -> WinnerAnswer:
    """The winner of a trick: ``plays`` in turn order, the lead first (``leader`` names the seats)."""
    rules = rules_of(request)
    trump = trump_of(request, rules)
    plays = request.plays
    if not plays or any(not p for p in plays):
        raise InvalidRequestError("field 'plays': expected 1 to 4 plays of at least one card, the lead first")
    deck_of(rules).check([c for p in plays for c in p], "in the trick")
    seats = None
    if request.leader is not None:
        leader = rules.seats.index(request.leader)
        seats = [rules.seats[(leader + i) % 4] for i in range(len(plays))]
    out = trick_winner(plays, trump, rules, seats)
    return WinnerAnswer(winner=out.winner, seat=seats[out.winner] if seats else None, reason=out.reason,
                        roles=out.roles, points=out.points)


@dataclass(frozen=True, kw_only=True)
class ThrowRequest(PositionRequest):
    """A throw led against the other hands."""

    play: Cards = arg(help="the cards thrown")


@dataclass(frozen=True, kw_only=True)
class BeatenInfo:
    part: Cards = arg(help="a part of the throw that can be beaten")
    seat: str = arg(help="who beats it")
    by: Cards = arg(help="with which cards")


@dataclass(frozen=True, kw_only=True)
class ThrowChoice:
    cards: Cards = arg(help="a part the thrower may be made to lead")
    penalty: int = arg(help="the points that go to the other side when it is led")


@dataclass(frozen=True, kw_only=True)
class ThrowAnswer:
    stands: bool = arg(help="whether the throw stands")
    parts: tuple[Cards, ...] = arg(help="the throw's combinations")
    reason: str = arg(help="why, in words")
    beaten: tuple[BeatenInfo, ...] = arg(help="the parts that can be beaten, by whom, with what")
    forced: Cards = arg(help="the part the thrower must lead instead (empty: it stands, or the next player "
                             "chooses)")
    penalty: int = arg(help="the points that go to the other side when the forced part is led")
    chooser: str | None = arg(help="the next player, who chooses the part when several kinds failed")
    choices: tuple[ThrowChoice, ...] = arg(help="the parts the chooser chooses from, with their penalties")


def throw(request: ThrowRequest) -> ThrowAnswer:
    """Does a throw stand against the other hands? If not: the forced part, or the parts to choose from."""
    if request.table:
        raise InvalidRequestError("field 'table': a throw is a lead, so the position's lead must be empty")
    if not request.play:
        raise InvalidRequestError("field 'play': no cards given")
    if not request.others:
        raise InvalidRequestError("missing field 'others': the other hands by seat, e.g. {\"W\": \"KH\", …}")
    pos = position_of(request)
    trump, rules = pos.trump, pos.rules
    left = Counter(pos.hand)
    for card in request.play:
        if left[card] == 0:
            raise InvalidPositionError(f"{card.symbol_text} of the throw is not in the leader's hand")
        left[card] -= 1
    if group_of(request.play, trump) is None:
        raise InvalidPositionError(f"{cards_text(request.play, trump)} mixes suits: a throw must be one suit, or "
                                   "all trumps")
    verdict = judge_throw(request.play, pos.others, trump, rules)
    per_card = rules.throw_penalty_per_card
    choices = tuple(ThrowChoice(cards=in_order(o, trump), penalty=per_card * verdict.taken_back(o))
                    for o in verdict.options)
    forced = verdict.forced
    return ThrowAnswer(
        stands=verdict.stands, parts=tuple(in_order(p.cards, trump) for p in verdict.parts), reason=verdict.reason,
        beaten=tuple(BeatenInfo(part=in_order(b.part.cards, trump), seat=b.seat, by=in_order(b.by, trump))
                     for b in verdict.beaten),
        forced=in_order(forced, trump) if forced is not None else (),
        penalty=per_card * verdict.taken_back(forced) if forced is not None else 0,
        chooser=verdict.chooser if forced is None else None,
        choices=choices if forced is None else (),
    )


@dataclass(frozen=True, kw_only=True)
class TryPlayRequest(PositionRequest):
    """A follower's play after the lead and the earlier plays of the trick."""

    earlier: tuple[Cards, ...] = arg((), aliases=("trick",), max_items=2,
                                     help="the plays after the lead and before yours, in turn order")
    play: Cards = arg(help="your play")


@dataclass(frozen=True, kw_only=True)
class TryPlayAnswer:
    legal: bool = arg(help="whether the play is legal")
    wins: bool = arg(help="whether it takes the lead of the trick so far")
    correct: bool = arg(help="legal and takes the lead (what the lesson asks for)")
    reason: str = arg(help="why, in words")
    roles: tuple[str, ...] = arg(help="what each play of the trick does")


def try_play(request: TryPlayRequest) -> TryPlayAnswer:
    """Is ``play`` legal after ``table`` and the ``earlier`` plays, and does it take the lead?"""
    pos = position_of(request)
    if not pos.lead:
        raise InvalidRequestError("missing field 'table': the cards led to this trick")
    if not request.play:
        raise InvalidRequestError("field 'play': no cards given")
    deck_of(pos.rules).check(list(pos.hand) + list(pos.lead) + [c for p in request.earlier for c in p],
                             "in the hand and the trick")
    out = examples.try_play(pos, request.earlier, request.play)
    return TryPlayAnswer(**out)


@dataclass(frozen=True, kw_only=True)
class CompareRequest:
    """One play judged under both presets (same decks, trump, hand and lead)."""

    decks: int = arg(2, help="the number of decks, 1–4", low=1, high=4)
    trump_rank: Rank = arg(Rank.TWO, help="the trump rank, 2 to A")
    trump_suit: Suit | NoTrump | None = arg(help="the trump suit S, H, D or C; null or \"none\" for no trump")
    hand: Cards = arg(help="your cards")
    table: Cards = arg((), aliases=("lead",), help="the cards led")
    play: Cards = arg(help="the play to judge")


@dataclass(frozen=True, kw_only=True)
class CompareAnswer:
    competition: CheckAnswer = arg(help="the verdict under the competition rules")
    tractor: CheckAnswer = arg(help="the verdict under the tractor rules")
    correct: bool = arg(help="legal under the tractor rules only (what the lesson asks for)")
    reason: str = arg(help="both verdicts in words")


def compare_presets(request: CompareRequest) -> CompareAnswer:
    """The verdict on ``play`` under both presets, for the same hand, lead and trump."""
    if not request.play:
        raise InvalidRequestError("field 'play': no cards given")
    if request.trump_rank.is_joker:
        raise InvalidRequestError(f"field 'trump_rank': {request.trump_rank.text!r} is not a level")
    suit = request.trump_suit if isinstance(request.trump_suit, Suit) else None
    out = examples.compare_presets(request.trump_rank, suit, request.hand, request.table, request.play,
                                   request.decks)
    return CompareAnswer(competition=CheckAnswer(**out["competition"]), tractor=CheckAnswer(**out["tractor"]),
                         correct=out["correct"], reason=out["reason"])


# ---------------------------------------------------------------------------------------------------
# declaring and the deal
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class DeclareRequest(ShengjiRequest):
    """A declaration shown while the cards are drawn, over the one standing (if any)."""

    trump_rank: Rank = arg(Rank.TWO, help="the rank that may be declared (the declaring team's level)")
    play: Cards = arg(help="the cards shown")
    seat: str = arg("N", seat=True, help="who shows them")
    current: Cards = arg((), help="the declaration standing, if any")
    current_seat: str = arg("W", seat=True, help="who made it")
    hand: Cards | None = arg(None, help="the declarer's hand (checks they hold the cards; lists their options)")


@dataclass(frozen=True, kw_only=True)
class DeclareAnswer:
    legal: bool = arg(help="whether the declaration is allowed")
    override: bool = arg(help="whether it overrides another player's standing declaration")
    reinforce: bool = arg(help="whether it reinforces the player's own standing declaration")
    reason: str = arg(help="why, in words")
    trump: str | None = arg(help="the trump it makes (when legal): ♥ trump, or no trump")
    declarations: tuple[Cards, ...] = arg(help="every declaration the hand may make now (when `hand` is given)")


def declare(request: DeclareRequest) -> DeclareAnswer:
    """Can ``seat`` declare ``play`` now, over the ``current`` declaration of ``current_seat``?"""
    rules = rules_of(request)
    rank = request.trump_rank
    if rank.is_joker:
        raise InvalidRequestError(f"field 'trump_rank': {rank.text!r} is not a level")
    if not request.play:
        raise InvalidRequestError("field 'play': no cards given")
    seat = rules.seats.index(request.seat)
    deck = deck_of(rules)
    current = None
    if request.current:
        cur_seat = rules.seats.index(request.current_seat)
        verdict = check_declaration(request.current, cur_seat, rank, None, rules)
        if not verdict.legal:
            raise InvalidPositionError(f"the current declaration is not a declaration: {verdict.reason}")
        current = declaration(request.current, cur_seat)
        # a reinforcement shows the same cards again plus more: count each card once per copy shown
        shown, play = Counter(request.current), Counter(request.play)
        together = shown | play if cur_seat == seat else shown + play
        deck.check(list(together.elements()), "in the two declarations")
    verdict = check_declaration(request.play, seat, rank, current, rules, request.hand)
    new = declaration(request.play, seat) if verdict.legal else None
    options: tuple[Cards, ...] = ()
    if request.hand is not None:
        options = tuple(d.cards for d in legal_declarations(request.hand, seat, rank, current, rules))
    reinforces = verdict.legal and is_reinforcement(request.play, seat, current)
    return DeclareAnswer(legal=verdict.legal, override=verdict.legal and current is not None and not reinforces,
                         reinforce=reinforces, reason=verdict.reason,
                         trump=new.outcome if new is not None else None, declarations=options)


@dataclass(frozen=True, kw_only=True)
class TurnKittyRequest(ShengjiRequest):
    """A later round in which nobody declared: the kitty is turned."""

    trump_rank: Rank = arg(Rank.TWO, help="the bankers' level")
    kitty: Cards = arg(help="the kitty, in the order it is turned")


@dataclass(frozen=True, kw_only=True)
class TurnKittyAnswer:
    trump_suit: Suit | None = arg(help="the trump suit it fixes (null: no trump)")
    turned: Cards = arg(help="the cards turned")
    reason: str = arg(help="why, in words")
    rule: str = arg(help="the no_declaration option in force")


def turn_kitty_command(request: TurnKittyRequest) -> TurnKittyAnswer:
    """Trump when nobody declares in a later round: the kitty turned per the preset's rule."""
    rules = rules_of(request)
    if request.trump_rank.is_joker:
        raise InvalidRequestError(f"field 'trump_rank': {request.trump_rank.text!r} is not a level")
    if not request.kitty:
        raise InvalidRequestError("field 'kitty': no cards given")
    turn = turn_kitty(request.kitty, request.trump_rank, rules)
    return TurnKittyAnswer(trump_suit=turn.suit, turned=turn.turned, reason=turn.reason,
                           rule=rules.no_declaration.value)


@dataclass(frozen=True, kw_only=True)
class ShengjiDealRequest(DealRequest):
    """A seeded deal, drawn in turn from ``first``."""

    decks: int | None = arg(None, help="the number of decks, 1–4 (the same as options.decks)", low=1, high=4)
    first: str = arg("N", seat=True, help="who draws first")
    trump_rank: Rank | None = arg(None, help="with a trump rank, the hands come sorted in that trump order")
    trump_suit: Suit | NoTrump | None = arg(None, help="the trump suit for sorting (null: no trump)")


@dataclass(frozen=True, kw_only=True)
class ShengjiDealAnswer(DealAnswer):
    kitty: Cards = arg(help="the kitty, as dealt")
    hand_size: int = arg(help="the cards each player draws")
    first: str = arg(help="who drew first")
    turn_order: str = arg(help="the seats in turn order")


def deal(request: ShengjiDealRequest) -> ShengjiDealAnswer:
    """A seeded deal: the four hands (by seat letter, sorted for showing) and the kitty."""
    options = dict(request.options)
    if request.decks is not None:
        options["decks"] = request.decks
    rules = GAME.rules(request.preset, options)
    dealt = deal_cards(rules, request.seed, rules.seats.index(request.first))
    trump = None
    if request.trump_rank is not None and not request.trump_rank.is_joker:
        suit = request.trump_suit if isinstance(request.trump_suit, Suit) else None
        trump = trump_for(rules, request.trump_rank, suit)
    hands = {rules.seats[i]: tuple(trump.sort(h)) if trump else tuple(plain_sort(h))
             for i, h in enumerate(dealt.hands)}
    return ShengjiDealAnswer(seed=request.seed, hands=hands, kitty=dealt.kitty, hand_size=rules.hand_size,
                             first=rules.seats[dealt.first], turn_order=" → ".join(rules.seats))


# ---------------------------------------------------------------------------------------------------
# rules (the shared answer and Shengji's sizes) and the lessons' examples
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ShengjiRulesRequest(RulesRequest):
    """The rules of a preset (``preset``) with ``options`` — and ``decks`` at the top, as older requests give it."""

    decks: int | None = arg(None, help="the number of decks, 1–4 (the same as options.decks)", low=1, high=4)


@dataclass(frozen=True, kw_only=True)
class PresetDifference:
    competition: Any = arg(help="the value under the competition rules")
    tractor: Any = arg(help="the value under the tractor rules")


@dataclass(frozen=True, kw_only=True)
class ShengjiRulesAnswer(RulesAnswer):
    summary: str = arg(help="the sizes in words")
    hand_size: int = arg(help="cards each player draws")
    kitty: int = arg(help="cards in the kitty")
    total_points: int = arg(help="points in play")
    threshold: int = arg(help="the attackers' points that take the bank")
    band: int = arg(help="the band width of the level table")
    differences: Mapping[str, PresetDifference] = arg(help="every option in which the two presets differ")


def rules(request: ShengjiRulesRequest) -> ShengjiRulesAnswer:
    """The presets, every option with its help, the rules the sources leave open, and the sizes they give."""
    options = dict(request.options)
    if request.decks is not None:
        options["decks"] = request.decks
    shared = rules_answer(GAME, RulesRequest(preset=request.preset, options=options))
    chosen = GAME.rules(request.preset, options)
    d = chosen.decks
    summary = _("With {decks}: {cards} cards, {hand} for each player and {kitty} in the kitty; {points} points in "
                "play. The attackers need {threshold} to take the bank; each band of the level table is {band} "
                "wide.").format(decks=count(d, "deck"), cards=n_(54 * d), hand=n_(chosen.hand_size),
                                kitty=n_(chosen.kitty), points=n_(chosen.total_points),
                                threshold=n_(chosen.attack_threshold), band=n_(chosen.band_width))
    defaults = []
    if d == 4 and chosen.kitty_size is None:
        defaults.append(_("the kitty of {count} cards with four decks is {note}").format(
            count=n_(chosen.kitty), note=default_note("kitty_size")))
    if d >= 3 and chosen.threshold is None:
        defaults.append(_("the threshold of {points} is {note}").format(points=n_(chosen.attack_threshold),
                                                                        note=default_note("threshold")))
    if defaults:
        summary += " " + sentence("; ".join(defaults))
    diff = differences(PRESETS["competition"].rules, PRESETS["tractor"].rules)
    return ShengjiRulesAnswer(
        **{f: getattr(shared, f) for f in RulesAnswer.__dataclass_fields__},
        summary=summary, hand_size=chosen.hand_size, kitty=chosen.kitty, total_points=chosen.total_points,
        threshold=chosen.attack_threshold, band=chosen.band_width,
        differences={name: PresetDifference(competition=a, tractor=b) for name, (a, b) in diff.items()},
    )


@dataclass(frozen=True, kw_only=True)
class ExampleRequest(ShengjiRequest):
    """A seeded teaching position."""

    kind: str = arg(help=f"the kind of example: {', '.join(played.EXAMPLES)}")
    seed: int = arg(1, help="the example's seed", low=0, high=2**31 - 1)


def example(request: ExampleRequest) -> examples.Example:
    """A seeded teaching position of one ``kind`` (see engine.shengji.played.EXAMPLES)."""
    if request.kind not in played.EXAMPLES:
        raise UnknownNameError("example kind", request.kind, played.EXAMPLES)
    return played.make_example(request.kind, request.seed, rules_of(request))


def read_position(data: Any) -> LegalRequest:
    """A position in the JSON the command line reads (older field names too), typed and checked field by field
    (InvalidRequestError naming the field); the position editor loads files and links with it.

    Refusals are worded for a learner (:func:`engine.commands.in_learner_words`: rule sets by their titles).
    """
    try:
        request: LegalRequest = COMMANDS["legal"].decode(data)
    except CardTableError as error:
        raise in_learner_words(GAME, error) from None
    return request


def posed_state(request: LegalRequest) -> State:
    """The coach's state from a position posed in the editor (a ``legal`` request): see
    :func:`engine.shengji.coach.position_state`."""
    return coach.position_state(position_of(request), request.leader)


COMMANDS: dict[str, Command[Any, Any]] = {
    "rules": Command(rules, request_context),
    **command_table(request_context, legal, check, requirement, winner, throw, score, kitty, bands),
    "classify": Command(classify_cards, request_context, name="classify"),
    **command_table(request_context, is_tractor, deal, declare),
    "order": Command(order, request_context),
    "turn_kitty": Command(turn_kitty_command, request_context, name="turn_kitty"),
    "points": Command(points_of, any_decks_context, name="points"),
    **command_table(request_context, example, climb, trumps, bury, try_play, compare_presets),
}
