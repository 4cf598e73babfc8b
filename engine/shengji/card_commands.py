"""Shengji's commands on cards alone: what a set of cards is (``classify``, ``is_tractor``), the trump order, the
points in cards, and the trumps and the kitty to bury of a hand. Gathered into :data:`engine.shengji.commands.COMMANDS`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from engine.commands import arg
from engine.errors import InvalidPositionError, InvalidRequestError
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.shengji import examples, played
from engine.shengji.combos import Kind, classify, decompose, describe_format, format_of, group_of, shape_name
from engine.shengji.order import Group, Trump, cards_text, describe_order, points
from engine.shengji.play import describe_lead
from engine.shengji.requests import Cards, TrumpRequest, in_order, rules_of, trump_of
from engine.shengji.rules import Rules
from engine.words import count

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
                              description=_("{cards} mixes suits: not one combination and not a throw").format(
                                  cards=cards_text(cards, trump)))
    parts = decompose(cards, trump, rules)
    combo = classify(cards, trump, rules)
    return ClassifyAnswer(
        combination=combo is not None, tractor=combo is not None and combo.kind is Kind.TRACTOR,
        kind=combo.kind.value if combo else "throw", group=group.value,
        parts=tuple(PartInfo(cards=in_order(p.cards, trump), kind=p.kind, shape=shape_name(p.shape)) for p in parts),
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
    reason = (" + ".join(f"{c.symbol_text} {n_(points([c]))}" for c in counted) + f" = {count(total, 'point')}"
              if counted else _("no 5s, 10s or kings: no points"))
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
    return BuryAnswer(**played.bury_answer(request.hand, request.play, trump_of(request, rules), rules))
