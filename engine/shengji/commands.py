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
from enum import Enum
from typing import Any

from engine.cards import Card, Deck, Rank, Suit
from engine.commands import (
    MAX_PLAYS,
    CheckAnswer,
    Command,
    Context,
    DealAnswer,
    DealRequest,
    LegalAnswer,
    PlayInfo,
    Request,
    arg,
    command_table,
    in_learner_words,
    request_rules,
)
from engine.driver import RulesAnswer, RulesRequest, standard_commands
from engine.errors import (
    CardTableError,
    InvalidPositionError,
    InvalidRequestError,
    UnknownNameError,
    quote,
)
from engine.posed_advice import advise_command
from engine.shengji import examples
from engine.shengji.bidding import check_declaration, declaration, is_reinforcement, legal_declarations, turn_kitty
from engine.shengji.combos import Kind, classify, decompose, describe_format, format_of, group_of, shape_name
from engine.shengji.deal import deal as deal_cards
from engine.shengji.deal import deck_of
from engine.shengji.game import GAME
from engine.shengji.order import Group, Trump, cards_text, describe_order, plain_sort, points, trump_for
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
from engine.shengji.play import (
    check as check_play,
)
from engine.shengji.play import (
    requirement as requirement_of,
)
from engine.shengji.rules import PRESETS, TEAMS, Rules, default_note, differences
from engine.shengji.score import HandScore, kitty_bonus, kitty_multiplier, level_bands, level_table_note, score_hand
from engine.shengji.trick import judge_throw, trick_winner
from engine.words import and_list, count, sentence

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
    "ThrowAnswer",
    "ThrowChoice",
    "ThrowRequest",
    "TrumpRequest",
    "TrumpsAnswer",
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
    "climb",
    "compare_presets",
    "read_position",
    "deal",
    "declare",
    "example",
    "is_tractor",
    "kitty",
    "legal",
    "order",
    "points_of",
    "requirement",
    "rules",
    "score",
    "throw",
    "trumps",
    "try_play",
    "turn_kitty_command",
    "winner",
]

Cards = tuple[Card, ...]


class NoTrump(Enum):
    """``trump_suit`` words for a no-trump round (``null`` says it too)."""

    NONE = "none"
    NO_TRUMP = "no trump"


# ---------------------------------------------------------------------------------------------------
# shared request shapes
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ShengjiRequest(Request):
    """The rules: ``preset``, ``options`` — and ``decks`` at the top, as older requests give it."""

    decks: int | None = arg(None, help="the number of decks, 1–4 (the same as options.decks; wins over it)",
                            low=1, high=4)


def rules_of(request: ShengjiRequest) -> Rules:
    """The rules a request names (its preset, options and top-level ``decks``)."""
    options = dict(request.options)
    if request.decks is not None:
        options["decks"] = request.decks
    return GAME.rules(request.preset, options)


def _context(data: Mapping[str, Any]) -> Context:
    """The deck and seats a JSON request is decoded for (its rules read once, here)."""
    decks = data.get("decks")
    extra = {"decks": decks} if isinstance(decks, int) and not isinstance(decks, bool) and 1 <= decks <= 4 else {}
    chosen: Rules = request_rules(GAME, data.get("preset"), data.get("options"), extra)
    return Context(deck_of(chosen), chosen.seats)


_FOUR_DECKS = Deck.standard(jokers=True, decks=4)


def _any_decks(_: Mapping[str, Any]) -> Context:
    return Context(_FOUR_DECKS)


@dataclass(frozen=True, kw_only=True)
class TrumpRequest(ShengjiRequest):
    """The rules and the round's trump."""

    trump_rank: Rank = arg(Rank.TWO, help="the trump rank (the bankers' level), 2 to A")
    trump_suit: Suit | NoTrump | None = arg(help="the trump suit S, H, D or C; null or \"none\" for no trump")


def trump_of(request: TrumpRequest, rules: Rules) -> Trump:
    """The trump context a request names; InvalidRequestError for a joker as the trump rank."""
    if request.trump_rank.is_joker:
        raise InvalidRequestError(f"field 'trump_rank': {request.trump_rank.text!r} is not a level: levels and "
                                  "trump ranks are 2 to A")
    suit = request.trump_suit if isinstance(request.trump_suit, Suit) else None
    return trump_for(rules, request.trump_rank, suit)


@dataclass(frozen=True, kw_only=True)
class PositionRequest(TrumpRequest):
    """One player's decision: the hand, the cards led (empty: you lead), and optionally the other hands."""

    hand: Cards = arg(help="your cards")
    table: Cards = arg((), aliases=("lead",), help="the cards led to this trick; empty when you lead")
    others: Mapping[str, Cards] = arg({}, seat=True,
                                      help="the other hands by seat letter, to judge a throw when you lead")
    leader: str = arg("N", seat=True, help="the seat that leads the trick (you, when you lead)")


def position_of(request: PositionRequest, rules: Rules | None = None) -> Position:
    """The checked position a request poses (InvalidPositionError naming what cannot occur)."""
    rules = rules or rules_of(request)
    trump = trump_of(request, rules)
    leader = rules.seats.index(request.leader)
    others = []
    for letter, cards in request.others.items():
        seat = rules.seats.index(letter)
        if seat == leader:
            raise InvalidRequestError(f"field 'others': {letter} is the leader; give the other three hands")
        others.append((seat, letter, cards))
    ordered = sorted(others, key=lambda o: (o[0] - leader) % 4)
    return Position.build(rules, trump, request.hand, request.table, [(letter, cards) for _, letter, cards in ordered])


def _text(cards: Sequence[Card], trump: Trump | None) -> Cards:
    """Cards high to low in the trump order (as answers give them)."""
    return tuple(trump.sort(cards)) if trump is not None else tuple(cards)


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
        duty=req.duty, count=req.count, text=req.text, lead=req.lead_text, must=_text(req.must, trump),
        example=_text(req.example, trump), rung=req.rung,
        rung_text=req.rung_text() if follow else "",
        choices=tuple(ChoiceInfo(label=label, units=tuple(_text(u, trump) for u in units))
                      for label, units in req.choices) if follow else (),
        holding=() if pos.leading else _text(pos.holding().expanded(), trump),
        ladder=tuple(RungInfo(text=s.text, met=s.met, example=_text(s.example, trump), current=s.index == req.rung)
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
        return "mixed suits" if pos.leading else "a discard"
    parts = decompose(play, pos.trump, pos.rules)
    if pos.leading:
        return describe_lead(parts, group)
    if group is not pos.lead_group() and group is not Group.TRUMP:
        return "a discard"
    return play_text(format_of(parts), group)


def legal(request: LegalRequest) -> ShengjiLegalAnswer:
    """Distinct legal plays of a position (``table`` empty: leading), up to ``limit``, and the requirement."""
    pos = position_of(request)
    found = legal_plays(pos, MAX_PLAYS if request.limit is None else request.limit)
    info = requirement_info(pos)
    plays = tuple(ShengjiPlayInfo(cards=_text(p, pos.trump), what=_what(p, pos), points=points(p))
                  for p in found.plays)
    return ShengjiLegalAnswer(plays=plays, count=found.count, complete=found.complete, can_pass=False,
                              count_exact=found.count_exact, requirement=info.text, detail=info,
                              playable=_text(list(playable_cards(pos)), pos.trump))


@dataclass(frozen=True, kw_only=True)
class CheckRequest(PositionRequest):
    """A position and a play: is it legal, and why?"""

    play: Cards = arg(help="the cards to play")


@dataclass(frozen=True, kw_only=True)
class ShengjiCheckAnswer(CheckAnswer):
    requirement: str = arg(help="what must be played, in words")


def check(request: CheckRequest) -> ShengjiCheckAnswer:
    """Whether ``play`` is legal in the position, with the reason (naming the ladder rung)."""
    pos = position_of(request)
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
    choices = tuple(ThrowChoice(cards=_text(o, trump), penalty=per_card * verdict.taken_back(o))
                    for o in verdict.options)
    forced = verdict.forced
    return ThrowAnswer(
        stands=verdict.stands, parts=tuple(_text(p.cards, trump) for p in verdict.parts), reason=verdict.reason,
        beaten=tuple(BeatenInfo(part=_text(b.part.cards, trump), seat=b.seat, by=_text(b.by, trump))
                     for b in verdict.beaten),
        forced=_text(forced, trump) if forced is not None else (),
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
# combinations, order, points
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class CardsRequest(TrumpRequest):
    """Some cards in a round's trump context."""

    cards: Cards = arg(help="the cards")


@dataclass(frozen=True, kw_only=True)
class PartInfo:
    cards: Cards = arg(help="the part's cards")
    kind: Kind = arg(help="single, pair, triple or tractor")
    shape: str = arg(help="the part's shape in words")


@dataclass(frozen=True, kw_only=True)
class ClassifyAnswer:
    combination: bool = arg(help="whether the cards are one combination")
    tractor: bool = arg(help="whether they are a tractor")
    kind: str | None = arg(help="single, pair, triple, tractor, throw (several parts), or null (mixed suits)")
    group: str | None = arg(help="their effective suit: S, H, D, C or T (trumps); null when mixed")
    parts: tuple[PartInfo, ...] = arg(help="the combinations they split into")
    format: str = arg(help="the parts' shapes in words")
    description: str = arg(help="what they are, in words")


def classify_answer(cards: Cards, trump: Trump, rules: Rules) -> ClassifyAnswer:
    group = group_of(cards, trump)
    if group is None:
        return ClassifyAnswer(combination=False, tractor=False, kind=None, group=None, parts=(), format="",
                              description=f"{cards_text(cards, trump)} mixes suits: not one combination and not "
                                          "a throw")
    parts = decompose(cards, trump, rules)
    combo = classify(cards, trump, rules)
    return ClassifyAnswer(
        combination=combo is not None, tractor=combo is not None and combo.kind is Kind.TRACTOR,
        kind=combo.kind.value if combo else "throw", group=group.value,
        parts=tuple(PartInfo(cards=_text(p.cards, trump), kind=p.kind, shape=shape_name(p.shape)) for p in parts),
        format=describe_format(format_of(parts)), description=describe_lead(parts, group),
    )


def _some_cards(request: CardsRequest) -> tuple[Rules, Trump]:
    if not request.cards:
        raise InvalidRequestError("field 'cards': no cards given")
    rules = rules_of(request)
    return rules, trump_of(request, rules)


def classify_cards(request: CardsRequest) -> ClassifyAnswer:
    """What ``cards`` are: one combination (single, pair, triple, tractor) or a throw of several parts."""
    rules, trump = _some_cards(request)
    return classify_answer(request.cards, trump, rules)


@dataclass(frozen=True, kw_only=True)
class TractorAnswer:
    tractor: bool = arg(help="whether the cards are a tractor")
    reason: str = arg(help="why (naming the cards that break it when they are not)")
    parts: tuple[PartInfo, ...] = arg(help="the combinations they split into")


def is_tractor(request: CardsRequest) -> TractorAnswer:
    """Whether ``cards`` form a tractor, and why (naming the cards that break it when they do not)."""
    rules, trump = _some_cards(request)
    answer = classify_answer(request.cards, trump, rules)
    _, why = examples.tractor_reason(request.cards, trump, rules)
    return TractorAnswer(tractor=answer.tractor, reason=f"yes: {why}" if answer.tractor else f"no: {why}",
                         parts=answer.parts)


@dataclass(frozen=True, kw_only=True)
class OrderAnswer:
    label: str = arg(help="the trump in words")
    trump: tuple[Cards, ...] = arg(help="the trumps high to low in tiers (cards of one tier rank equal)")
    suits: Mapping[str, tuple[Cards, ...]] = arg(help="each plain suit high to low, by suit letter")
    trump_text: str = arg(help="the trumps in words: RJ > BJ > 2♥ > 2♠ = 2♦ = 2♣ > A♥ …")


def order(request: TrumpRequest) -> OrderAnswer:
    """The whole card order for a trump rank and suit: trumps high to low in tiers, then each plain suit."""
    trump = trump_of(request, rules_of(request))
    tiers = dict(describe_order(trump))
    trumps = tiers.pop(Group.TRUMP.value)
    return OrderAnswer(label=trump.label, trump=trumps, suits=tiers,
                       trump_text=" > ".join(" = ".join(c.symbol_text for c in tier) for tier in trumps))


@dataclass(frozen=True, kw_only=True)
class PointsRequest:
    """Cards of up to four decks."""

    cards: Cards = arg(help="the cards (a list of plays is read as one list of cards)")


@dataclass(frozen=True, kw_only=True)
class PointsAnswer:
    points: int = arg(help="the points in the cards")
    reason: str = arg(help="the sum spelled out")


def points_of(request: PointsRequest) -> PointsAnswer:
    """Points in ``cards`` (5s: 5, 10s and kings: 10), with the sum spelled out."""
    counted = [c for c in request.cards if points([c])]
    total = points(request.cards)
    reason = (" + ".join(f"{c.symbol_text} {points([c])}" for c in counted) + f" = {count(total, 'point')}"
              if counted else "no 5s, 10s or kings: no points")
    return PointsAnswer(points=total, reason=reason)


@dataclass(frozen=True, kw_only=True)
class TrumpsRequest(TrumpRequest):
    """A hand and the cards a learner picked as its trumps."""

    hand: Cards = arg(help="the hand")
    play: Cards = arg((), help="the cards picked")


@dataclass(frozen=True, kw_only=True)
class TrumpsAnswer:
    correct: bool = arg(help="whether the picked cards are exactly the hand's trumps")
    trumps: Cards = arg(help="the hand's trumps, high to low")
    count: int = arg(help="how many trumps the hand holds")
    reason: str = arg(help="what was missed or picked wrongly, in words")


def trumps(request: TrumpsRequest) -> TrumpsAnswer:
    """Are the cards ``play`` exactly the trumps of ``hand``? (``correct``, the trumps, what was missed)."""
    trump = trump_of(request, rules_of(request))
    extra = Counter(request.play) - Counter(request.hand)
    if extra:
        return TrumpsAnswer(correct=False, trumps=(), count=0,
                            reason=f"{next(iter(extra)).symbol_text} is not in the hand")
    return TrumpsAnswer(**examples.trumps_answer(request.hand, request.play, trump))


@dataclass(frozen=True, kw_only=True)
class BuryAnswer:
    legal: bool = arg(help="whether the burial is legal")
    points: int = arg(help="the points buried")
    trumps: int = arg(help="the trumps buried")
    grade: str = arg(help="the coach's grade of a legal burial: good, or poor (it loses a third of a level or more a "
                          "round on average against a sound burial in sampled deals); empty when it is not legal or "
                          "the hand is not a whole starter's hand (the kitty picked up)")
    reason: str = arg(help="why: the rule broken, or the grade's reason")
    risk: str = arg(help="what the burial risks: the points buried, the trumps given up, the suits now void")


def bury(request: TrumpsRequest) -> BuryAnswer:
    """May the starter bury ``play`` from ``hand`` (hand + kitty)? With the points and trumps it risks."""
    rules = rules_of(request)
    most = rules.hand_size + rules.kitty
    if len(request.hand) > most:
        raise InvalidPositionError(f"field 'hand': the starter holds {most} cards with the kitty, not "
                                   f"{len(request.hand)}")
    return BuryAnswer(**examples.bury_answer(request.hand, request.play, trump_of(request, rules), rules))


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
# scoring
# ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ScoreRequest(ShengjiRequest):
    """A finished hand's figures."""

    attacker_points: int = arg(help="the attackers' points from the tricks they won", low=0, high=10_000)
    kitty_points: int = arg(0, help="the points buried in the kitty", low=0, high=400)
    last_trick_cards: int = arg(1, help="the cards each player played to the last trick", low=1, high=60)
    attackers_won_last: bool = arg(False, help="whether the attackers won the last trick")
    largest_combo: int | None = arg(None, help="the cards in the last lead's largest combination (power_of_two "
                                                "kitty rule)", low=1, high=60)
    penalty: int = arg(0, help="points failed throws moved to the attackers (negative: from them)",
                       low=-10_000, high=10_000)
    starter: str = arg("N", seat=True, help="the starter (whose team banks)")
    levels: Mapping[str, Rank] = arg({}, help="each team's level before the hand: {\"NS\": \"2\", \"WE\": \"5\"}")


@dataclass(frozen=True, kw_only=True)
class ScoreAnswer:
    trick_points: int = arg(help="the attackers' points from tricks")
    kitty_points: int = arg(help="the points in the kitty")
    kitty_multiplier: int = arg(help="what the kitty's points were multiplied by (0: the bankers kept it)")
    kitty_bonus: int = arg(help="the attackers' kitty bonus")
    penalty: int = arg(help="points failed throws moved to the attackers")
    attacker_points: int = arg(help="the attackers' points in all")
    bankers_keep: bool = arg(help="whether the bankers keep the bank")
    levels_up: int = arg(help="levels gained (by the bankers, or by the attackers who take the bank)")
    team_up: str | None = arg(help="the team that goes up, if any")
    band: tuple[int, int | None] = arg(help="the band of the level table the points fall in")
    result: str = arg(help="the level table's verdict in words")
    banker_team: str = arg(help="the bankers (NS or WE)")
    next_banker_team: str = arg(help="who banks next")
    starter: str = arg(help="the starter")
    next_starter: str = arg(help="who starts the next round")
    levels: Mapping[str, str] = arg(help="each team's level after the hand, 2 to A")
    winner: str | None = arg(help="the team that went past the last level and won the game, if any")
    reason: str = arg(help="the whole scoring in words")


def score_reason(s: HandScore, rules: Rules) -> str:
    """The whole scoring of a hand as a reason clause: the attackers' points, the verdict, who banks next."""
    bits = [f"{s.trick_points} in tricks"]
    if s.kitty_bonus:
        bits.append(f"{s.kitty_bonus} from the kitty ({s.kitty_points} × {s.multiplier})")
    elif s.kitty_points:
        bits.append("no kitty bonus, as the bankers won the last trick")
    if s.penalty:
        bits.append(f"{abs(s.penalty)} {'gained' if s.penalty > 0 else 'lost'} by failed throws")
    had = f"{count(s.attacker_points, 'point')}: {and_list(bits)}" if len(bits) > 1 else \
        f"{count(s.attacker_points, 'point')} in tricks"
    reason = (f"the attackers have {had}; {s.result}; {TEAMS[s.next_banker_team]} bank next and "
              f"{s.seats[s.next_starter]} starts")
    note = level_table_note(rules, s.change)
    if note:
        reason += f" ({note})"
    if s.winner is not None:
        reason += f"; {TEAMS[s.winner]} go past {rules.game_end_rank.text} and win the game"
    return reason


def score_answer(s: HandScore, rules: Rules) -> ScoreAnswer:
    up = s.banker_team if s.change.bankers_keep else 1 - s.banker_team
    reason = score_reason(s, rules)
    return ScoreAnswer(
        trick_points=s.trick_points, kitty_points=s.kitty_points, kitty_multiplier=s.multiplier,
        kitty_bonus=s.kitty_bonus, penalty=s.penalty, attacker_points=s.attacker_points,
        bankers_keep=s.change.bankers_keep, levels_up=s.change.levels,
        team_up=TEAMS[up] if s.change.levels else None, band=(s.change.low, s.change.high), result=s.result,
        banker_team=TEAMS[s.banker_team], next_banker_team=TEAMS[s.next_banker_team], starter=s.seats[s.starter],
        next_starter=s.seats[s.next_starter], levels={TEAMS[i]: lv.text for i, lv in enumerate(s.levels)},
        winner=TEAMS[s.winner] if s.winner is not None else None, reason=reason,
    )


def _levels(levels: Mapping[str, Rank], rules: Rules) -> tuple[Rank, Rank]:
    unknown = sorted(set(levels) - {"NS", "WE", "EW"})
    if unknown:
        raise InvalidRequestError(f"field 'levels': {quote(unknown[0])} is not a team; the teams are NS and WE")
    first = rules.trump_rank_start
    ns, we = levels.get("NS", first), levels.get("WE", levels.get("EW", first))
    for rank in (ns, we):
        if rank.is_joker:
            raise InvalidRequestError(f"field 'levels': {rank.text!r} is not a level: levels are 2 to A")
    return ns, we


def check_points(rules: Rules, kitty_points: int, trick_points: int = 0, field: str = "attacker_points") -> None:
    """Refuse points no hand of ``rules`` can have: not in fives, more than the points in play, a kitty holding more
    points than its cards can (InvalidRequestError naming the field and the limit)."""
    total = rules.total_points
    for name, value in ((field, trick_points), ("kitty_points", kitty_points)):
        if value % 5:
            raise InvalidRequestError(f"field {name!r}: {value} points cannot happen: points come in fives (5s, 10s "
                                      "and kings)")
    if trick_points > total:
        raise InvalidRequestError(f"field {field!r}: {trick_points} is more than the {total} points in play with "
                                  f"{count(rules.decks, 'deck')}")
    most = min(total, 10 * rules.kitty)
    if kitty_points > most:
        raise InvalidRequestError(f"field 'kitty_points': a kitty of {count(rules.kitty, 'card')} holds at most "
                                  f"{most} points, not {kitty_points}")
    if trick_points + kitty_points > total:
        raise InvalidRequestError(f"fields {field!r} and 'kitty_points': {trick_points} + {kitty_points} is more "
                                  f"than the {total} points in play")


def score(request: ScoreRequest) -> ScoreAnswer:
    """Score a hand: attackers' trick points + the kitty bonus (+ penalty) → level change, next banker."""
    rules = rules_of(request)
    check_points(rules, request.kitty_points, request.attacker_points)
    per = rules.throw_penalty_per_card
    if request.penalty and (not per or request.penalty % per):
        raise InvalidRequestError(
            f"field 'penalty': {request.penalty} cannot happen under these rules: a failed throw costs "
            + (f"{count(per, 'point')} for each card taken back" if per else "nothing (the option “Failed throw: "
               "points per card taken back” is 0)"))
    if request.last_trick_cards > rules.hand_size:
        raise InvalidRequestError(f"field 'last_trick_cards': a hand holds only {rules.hand_size} cards")
    s = score_hand(rules, trick_points=request.attacker_points, kitty_points=request.kitty_points,
                   last_trick_cards=request.last_trick_cards, attackers_won_last=request.attackers_won_last,
                   starter=rules.seats.index(request.starter), levels=_levels(request.levels, rules),
                   penalty=request.penalty, largest_combo=request.largest_combo)
    return score_answer(s, rules)


@dataclass(frozen=True, kw_only=True)
class KittyRequest(ShengjiRequest):
    """The kitty bonus of a last trick."""

    kitty_points: int = arg(0, help="the points in the kitty", low=0, high=400)
    last_trick_cards: int = arg(1, help="the cards each player played to the last trick", low=1, high=60)
    largest_combo: int | None = arg(None, help="the cards in the last lead's largest combination", low=1, high=60)
    attackers_won_last: bool = arg(True, help="whether the attackers won the last trick")


@dataclass(frozen=True, kw_only=True)
class KittyAnswer:
    multiplier: int = arg(help="what the kitty's points are multiplied by")
    bonus: int = arg(help="the attackers' bonus (0 unless they won the last trick)")
    rule: str = arg(help="the kitty_multiplier option in force")


def kitty(request: KittyRequest) -> KittyAnswer:
    """The kitty multiplier and bonus for a last trick of ``last_trick_cards`` cards per player."""
    rules = rules_of(request)
    check_points(rules, request.kitty_points)
    if request.last_trick_cards > rules.hand_size:
        raise InvalidRequestError(f"field 'last_trick_cards': a hand holds only {rules.hand_size} cards")
    cards, largest = request.last_trick_cards, request.largest_combo
    return KittyAnswer(multiplier=kitty_multiplier(rules, cards, largest),
                       bonus=kitty_bonus(rules, request.kitty_points, cards, request.attackers_won_last, largest),
                       rule=rules.kitty_multiplier.value)


@dataclass(frozen=True, kw_only=True)
class BandsRequest(ShengjiRequest):
    """The level table."""

    upto: int | None = arg(None, help="the most points to cover (default: every point in play)", low=0,
                           high=10_000)


@dataclass(frozen=True, kw_only=True)
class BandInfo:
    low: int = arg(help="the band's lowest points")
    high: int | None = arg(help="its highest points")
    bankers_keep: bool = arg(help="whether the bankers keep the bank")
    levels: int = arg(help="levels gained")
    text: str = arg(help="the band's verdict in words")


@dataclass(frozen=True, kw_only=True)
class BandsAnswer:
    threshold: int = arg(help="the attackers' points that take the bank")
    band: int = arg(help="the band width")
    bands: tuple[BandInfo, ...] = arg(help="the bands from 0 points up")


def bands(request: BandsRequest) -> BandsAnswer:
    """The level table as bands of attackers' points (for charts); ``upto`` extends it past the deck's points."""
    rules = rules_of(request)
    upto = rules.total_points if request.upto is None else request.upto
    return BandsAnswer(threshold=rules.attack_threshold, band=rules.band_width,
                       bands=tuple(BandInfo(low=b.low, high=b.high, bankers_keep=b.bankers_keep, levels=b.levels,
                                            text=b.text) for b in level_bands(rules, upto)))


@dataclass(frozen=True, kw_only=True)
class ClimbRequest(ShengjiRequest):
    """A team's level."""

    level: Rank = arg(Rank.TWO, help="the team's level")


@dataclass(frozen=True, kw_only=True)
class ClimbAnswer:
    to_win: int = arg(help="levels still to climb to win the game")
    path: str = arg(help="the levels on the way")
    reason: str = arg(help="in words")


def climb(request: ClimbRequest) -> ClimbAnswer:
    """How many levels a team at ``level`` must still climb to win the game (go past the end rank)."""
    if request.level.is_joker:
        raise InvalidRequestError(f"field 'level': {request.level.text!r} is not a level: levels are 2 to A")
    return ClimbAnswer(**examples.climb_answer(request.level, rules_of(request)))


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


_STANDARD = standard_commands(GAME, _context)


def rules(request: ShengjiRulesRequest) -> ShengjiRulesAnswer:
    """The presets, every option with its help, the rules the sources leave open, and the sizes they give."""
    options = dict(request.options)
    if request.decks is not None:
        options["decks"] = request.decks
    shared: RulesAnswer = _STANDARD["rules"].run(RulesRequest(preset=request.preset, options=options))
    chosen = GAME.rules(request.preset, options)
    d = chosen.decks
    summary = (f"With {count(d, 'deck')}: {54 * d} cards, {chosen.hand_size} for each player and "
               f"{chosen.kitty} in the kitty; {chosen.total_points} points in play. The attackers need "
               f"{chosen.attack_threshold} to take the bank; each band of the level table is {chosen.band_width} "
               "wide.")
    defaults = []
    if d == 4 and chosen.kitty_size is None:
        defaults.append(f"the kitty of {chosen.kitty} cards with four decks is {default_note('kitty_size')}")
    if d >= 3 and chosen.threshold is None:
        defaults.append(f"the threshold of {chosen.attack_threshold} is {default_note('threshold')}")
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

    kind: str = arg(help=f"the kind of example: {', '.join(examples.EXAMPLES)}")
    seed: int = arg(1, help="the example's seed", low=0, high=2**31 - 1)


def example(request: ExampleRequest) -> examples.Example:
    """A seeded teaching position of one ``kind`` (see engine.shengji.examples.EXAMPLES)."""
    if request.kind not in examples.EXAMPLES:
        raise UnknownNameError("example kind", request.kind, examples.EXAMPLES)
    return examples.make_example(request.kind, request.seed, rules_of(request))


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


COMMANDS: dict[str, Command[Any, Any]] = {
    **_STANDARD,
    "rules": Command(rules, _context),
    **command_table(_context, legal, check, requirement, winner, throw, score, kitty, bands),
    "classify": Command(classify_cards, _context, name="classify"),
    **command_table(_context, is_tractor, deal, declare),
    "order": Command(order, _context),
    "turn_kitty": Command(turn_kitty_command, _context, name="turn_kitty"),
    "points": Command(points_of, _any_decks, name="points"),
    **command_table(_context, example, climb, trumps, bury, try_play, compare_presets),
}
COMMANDS["advise"] = advise_command(GAME, COMMANDS["advise"], COMMANDS["legal"])
