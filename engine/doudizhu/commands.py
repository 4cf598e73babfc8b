"""The typed commands of Dou Dizhu: request and answer dataclasses, and thin functions over the engine.

Every request takes ``preset`` (``three_player`` or ``four_player``) and ``options`` (rule options by name, see
the ``rules`` command). Cards are bare ranks (``3 3 4 10 J BJ``; ``33344`` also works); cards written with a suit
(``3S``) are refused with the rank-only form, since suits do not matter. The
cards to beat are ``table`` (``previous`` and ``lead`` are accepted too); absent, empty or ``"pass"``: you lead.
Seats are letters: ``S E W`` with three players, ``S E N W`` with four.

The UI calls the typed functions (``legal_command(LegalRequest(...))``); the command line, lessons and links call
``COMMANDS[name](json)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.base import PASS
from engine.cards import Card, format_cards, parse_card
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
    default_context,
    in_learner_words,
)
from engine.doudizhu.bidding import PASS_BID, Auction
from engine.doudizhu.combos import Combo, Kind, allowed, describe, either, readings
from engine.doudizhu.deal import deal
from engine.doudizhu.examples import example_hand, find_kind, highest_single
from engine.doudizhu.explain import why_not
from engine.doudizhu.game import GAME
from engine.doudizhu.order import cards_of, counts_of, rank_text
from engine.doudizhu.play import Position, beaten_by, check, legal_plays, read_play, read_table
from engine.doudizhu.rules import Rules
from engine.doudizhu.score import payment
from engine.errors import QUOTE_LIMIT, CardTableError, InvalidRequestError, quote
from engine.i18n import gettext as _
from engine.i18n import number as figure
from engine.words import seat_name, sentence

__all__ = [
    "COMMANDS",
    "AuctionAnswer",
    "AuctionRequest",
    "CheckRequest",
    "ClassifyAnswer",
    "ClassifyRequest",
    "ComboInfo",
    "CompareAnswer",
    "CompareRequest",
    "DouDizhuCheckAnswer",
    "DouDizhuDealAnswer",
    "DouDizhuLegalAnswer",
    "ExampleAnswer",
    "ExampleRequest",
    "FindAnswer",
    "FindRequest",
    "HighestAnswer",
    "HighestRequest",
    "LegalRequest",
    "ScoreAnswer",
    "ScoreRequest",
    "SeatPayment",
    "SetupAnswer",
    "SetupRequest",
    "auction_command",
    "check_command",
    "classify_command",
    "compare_command",
    "deal_command",
    "example_command",
    "find_command",
    "highest_command",
    "legal_command",
    "read_position",
    "score_command",
    "setup_command",
]

PassWord = Literal["pass", "Pass", "PASS"]
CardsOrPass = tuple[Card, ...] | PassWord
_TABLE_HELP = "the play to beat, in notation (absent, empty or \"pass\": you lead)"
_TABLE_ALIASES = ("previous", "lead")


_CARD_FIELDS = ("hand", "table", "previous", "lead", "play", "cards")


def _context(data: Mapping[str, Any]) -> Context:
    """The decoding context (the deck of the request's rules), after refusing cards written with suits: Dou
    Dizhu's cards are ranks only, and a suited card would be silently read as its rank."""
    context = _DEFAULT_CONTEXT(data)
    for name in _CARD_FIELDS:
        value = data.get(name)
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            value = " ".join(value)
        if not isinstance(value, str):
            continue
        suited = []
        for token in value.replace(",", " ").split():
            try:
                card = parse_card(token)
            except CardTableError:
                continue
            if card.suit is not None:
                suited.append(token)
        if suited:
            ranks = format_cards(context.deck.parse(value)) if context.deck is not None else ""
            if len(ranks) > QUOTE_LIMIT:  # a huge input: the start of it shows what is meant
                ranks = ranks[:QUOTE_LIMIT].rsplit(" ", 1)[0] + " …"
            error = _("field {name}: suits do not matter in Dou Dizhu, so cards are written as ranks only — {ranks}, "
                      "not {value}") if ranks else \
                _("field {name}: suits do not matter in Dou Dizhu, so cards are written as ranks only — such as "
                  "3 3 BJ, not {value}")
            raise InvalidRequestError(error.format(name=repr(name), ranks=ranks, value=quote(value)))
    return context


def _rules(request: Request) -> Rules:
    return GAME.rules(request.preset, request.options)


def _cards(value: CardsOrPass) -> tuple[Card, ...]:
    return () if isinstance(value, str) else value


# ------------------------------------------------------------------------------------------------ shapes


@dataclass(frozen=True, kw_only=True)
class ComboInfo(PlayInfo):
    """One combination: its cards (main part first), type, label, main rank, length and description."""

    combo: Kind = arg(help="the combination type")
    label: str = arg(help="the type in words")
    rank: str = arg(help="the main rank (a chain's top rank)")
    length: int = arg(help="ranks in a chain, cards in a bomb, else 1")
    description: str = arg(help="the combination in words for a learner")

    @classmethod
    def of(cls, combo: Combo) -> ComboInfo:
        return cls(cards=combo.cards, combo=combo.kind, label=combo.kind.name_words, rank=rank_text(combo.rank),
                   length=combo.length, description=describe(combo))


# ------------------------------------------------------------------------------------------------ legal, check


@dataclass(frozen=True, kw_only=True)
class PositionRequest(Request):
    hand: tuple[Card, ...] = arg(help="your cards, in notation")
    table: CardsOrPass = arg((), help=_TABLE_HELP, aliases=_TABLE_ALIASES)
    table_as: Kind | None = arg(None, help="the type the play to beat counts as, when its cards read two ways",
                                aliases=("previous_as",))


@dataclass(frozen=True, kw_only=True)
class LegalRequest(PositionRequest):
    """A position: your hand and the play to beat."""

    limit: int = arg(MAX_PLAYS, help="the most plays to list (the count is always exact)", low=1, high=MAX_PLAYS)


@dataclass(frozen=True, kw_only=True)
class DouDizhuLegalAnswer(LegalAnswer):
    plays: tuple[ComboInfo, ...] = arg(help="the distinct legal plays, grouped by type (at most `limit`)")
    groups: Mapping[str, int] = arg(help="how many legal plays of each type")
    lead: bool = arg(help="whether you lead (nothing to beat)")
    table: ComboInfo | None = arg(help="the combination to beat (null when you lead)")
    to_beat: str = arg(help="what may be played on the combination to beat, in words (empty when you lead)")


def _position(rules: Rules, request: PositionRequest) -> Position:
    return Position.build(hand=request.hand, table=_cards(request.table), rules=rules, table_as=request.table_as)


def read_position(data: Any) -> LegalRequest:
    """The position in a JSON object (a saved file, a link): InvalidRequestError naming a bad field, or the
    position's own error (InvalidPositionError) when it cannot occur.

    Refusals are worded for a learner (:func:`engine.commands.in_learner_words`: rule sets by their titles).
    """
    try:
        request: LegalRequest = COMMANDS["legal"].decode(data)
        _position(_rules(request), request)
    except CardTableError as error:
        raise in_learner_words(GAME, error) from None
    return request


def legal_command(request: LegalRequest) -> DouDizhuLegalAnswer:
    """Every legal play of the position, grouped by type, and whether passing is allowed."""
    position = _position(_rules(request), request)
    plays = legal_plays(position, request.limit)
    table = ComboInfo.of(position.table) if position.table is not None else None
    to_beat = beaten_by(position.table, position.rules) if position.table is not None else ""
    if table is not None:
        summary = _("To beat: {play}. {why}").format(play=table.description, why=sentence(to_beat))
        if plays.can_pass:
            summary += _(" You may also pass.")
        if not plays.count:
            summary += _(" Nothing in this hand beats it: you must pass.")
    else:
        summary = _("You lead: the table is empty.") + ("" if plays.can_pass else _(" You may not pass."))
    return DouDizhuLegalAnswer(
        plays=tuple(ComboInfo.of(c) for c in plays.plays), count=plays.count, complete=plays.complete,
        can_pass=plays.can_pass, summary=summary, groups=plays.counts(), lead=position.is_lead, table=table,
        to_beat=to_beat)


@dataclass(frozen=True, kw_only=True)
class CheckRequest(PositionRequest):
    """A position and a play to judge."""

    play: CardsOrPass = arg(help="the cards to play, or \"pass\"")


@dataclass(frozen=True, kw_only=True)
class DouDizhuCheckAnswer(CheckAnswer):
    combo: ComboInfo | None = arg(help="the combination the play counts as (null when illegal or a pass)")


def check_command(request: CheckRequest) -> DouDizhuCheckAnswer:
    """Whether `play` (cards, or "pass") is legal in the position, with the reason."""
    position = _position(_rules(request), request)
    if isinstance(request.play, str):
        verdict = check(position, PASS)
        return DouDizhuCheckAnswer(legal=verdict.legal, reason=verdict.reason, combo=None)
    verdict = check(position, request.play)
    combo = None
    if verdict.legal:
        combo = read_play(position, request.play)
    return DouDizhuCheckAnswer(legal=verdict.legal, reason=verdict.reason,
                               combo=ComboInfo.of(combo) if combo is not None else None)


# ------------------------------------------------------------------------------------------------ classify, compare


@dataclass(frozen=True, kw_only=True)
class ClassifyRequest(Request):
    """Some cards to read as combinations."""

    cards: tuple[Card, ...] = arg(help="the cards, in notation")


@dataclass(frozen=True, kw_only=True)
class ClassifyAnswer:
    cards: tuple[Card, ...] = arg(help="the cards, low to high")
    combination: bool = arg(help="whether they form a combination")
    readings: tuple[ComboInfo, ...] = arg(help="every combination they form (the first is the usual reading)")
    combo: Kind | None = arg(help="the type of the first reading (null: none)")
    reason: str = arg(help="what they are, or why they are no combination")


def classify_command(request: ClassifyRequest) -> ClassifyAnswer:
    """Every reading of `cards` as a combination, or the reason they are none."""
    rules = _rules(request)
    counts = counts_of(request.cards)
    found = readings(counts, rules)
    if found:
        reason = either(found)
    else:
        reason = why_not(counts, rules) if request.cards else _("no cards were given")
    return ClassifyAnswer(cards=cards_of(counts), combination=bool(found),
                          readings=tuple(ComboInfo.of(c) for c in found),
                          combo=found[0].kind if found else None, reason=reason)


@dataclass(frozen=True, kw_only=True)
class CompareRequest(Request):
    """A play and the play it is laid on."""

    table: tuple[Card, ...] = arg(help="the play on the table, in notation", aliases=_TABLE_ALIASES)
    play: tuple[Card, ...] = arg(help="the play laid on it, in notation")
    table_as: Kind | None = arg(None, help="the type the table's play counts as, when its cards read two ways",
                                aliases=("previous_as",))


@dataclass(frozen=True, kw_only=True)
class CompareAnswer:
    beats: bool = arg(help="whether the play beats the table")
    reason: str = arg(help="why, in words for a learner")


def compare_command(request: CompareRequest) -> CompareAnswer:
    """Whether `play` beats `table` (no hand needed), with the reason."""
    rules = _rules(request)
    rules.deck.check(request.table + request.play, "in the two plays together")
    table = read_table(rules, counts_of(request.table), request.table_as)
    verdict = check(Position(rules, counts_of(request.play), table), request.play)
    return CompareAnswer(beats=verdict.legal, reason=verdict.reason)


# ------------------------------------------------------------------------------------------------ score


@dataclass(frozen=True, kw_only=True)
class ScoreRequest(Request):
    """A finished hand's bid, doublings and winner."""

    bid: int = arg(help="the winning bid", low=1, high=3)
    bombs: int | tuple[int, ...] = arg(0, help="the bombs played: a count of 4-card bombs, or a list of bomb "
                                               "sizes such as [4, 6]", low=0, high=26, max_items=26)
    rockets: int = arg(0, help="rockets played (0 or 1)", low=0, high=1)
    winner: Literal["landlord", "peasants"] = arg("landlord", help="who went out first")
    spring: bool = arg(False, help="whether one side never played after the opening lead")
    landlord: str = arg("S", help="the landlord's seat", seat=True)


@dataclass(frozen=True, kw_only=True)
class SeatPayment:
    seat: str = arg(help="the seat letter")
    role: Literal["landlord", "peasant"] = arg(help="the seat's side")
    payment: int = arg(help="what the seat receives (negative: pays)")


@dataclass(frozen=True, kw_only=True)
class ScoreAnswer:
    stake: int = arg(help="bid × 2 for each doubling")
    doublings: int = arg(help="how many times the stake doubled")
    reasons: tuple[str, ...] = arg(help="what doubled the stake, in words")
    landlord: str = arg(help="the landlord's seat")
    winner: str = arg(help="landlord or peasants")
    payments: Mapping[str, int] = arg(help="what each seat receives (negative: pays), by seat letter")
    seats: tuple[SeatPayment, ...] = arg(help="each seat's role and payment, in playing order")
    landlord_payment: int = arg(help="what the landlord receives (negative: pays)")
    peasant_payment: int = arg(help="what each peasant receives (negative: pays)")


def score_command(request: ScoreRequest) -> ScoreAnswer:
    """Each seat's payment: the bid doubled by every bomb that doubles and the rocket (and spring)."""
    rules = _rules(request)
    bombs = (4,) * request.bombs if isinstance(request.bombs, int) else request.bombs
    pay = payment(rules, request.bid, bombs, request.rockets, request.winner == "landlord", request.spring)
    letters = rules.seat_letters
    landlord = letters.index(request.landlord)
    gains = pay.for_seats(landlord, rules.players)
    return ScoreAnswer(
        stake=pay.stake, doublings=pay.doublings, reasons=pay.reasons, landlord=request.landlord,
        winner=request.winner, payments={letters[s]: gains[s] for s in range(rules.players)},
        seats=tuple(SeatPayment(seat=letters[s], role="landlord" if s == landlord else "peasant", payment=gains[s])
                    for s in range(rules.players)),
        landlord_payment=pay.landlord, peasant_payment=pay.per_peasant)


# ------------------------------------------------------------------------------------------------ deal, auction


@dataclass(frozen=True, kw_only=True)
class DouDizhuDealAnswer(DealAnswer):
    kitty: tuple[Card, ...] = arg(help="the cards the landlord takes")
    dealer: str = arg(help="the dealer's seat")
    dealer_name: str = arg(help="the dealer's seat in words")
    face_up: Card = arg(help="the card turned face up and shuffled back in")
    first: str = arg(help="the seat that drew the face-up card and bids first")
    first_name: str = arg(help="that seat in words")


def deal_command(request: DealRequest) -> DouDizhuDealAnswer:
    """A seeded deal: each seat's hand, the kitty, the dealer and the first bidder."""
    rules = _rules(request)
    dealt = deal(rules, request.seed)
    letters = rules.seat_letters
    names = tuple(seat_name(s) for s in letters)
    return DouDizhuDealAnswer(
        seed=dealt.seed, hands={letters[s]: h for s, h in enumerate(dealt.hands)}, kitty=dealt.kitty,
        dealer=letters[dealt.dealer], dealer_name=names[dealt.dealer], face_up=dealt.face_up,
        first=letters[dealt.first_bidder], first_name=names[dealt.first_bidder])


Call = int | PassWord


@dataclass(frozen=True, kw_only=True)
class AuctionRequest(Request):
    """An auction's calls so far."""

    first: str = arg("S", help="the seat that bids first", seat=True)
    calls: tuple[Call, ...] = arg((), help="every call in order: \"pass\" (or 0), or a bid 1, 2 or 3",
                                  max_items=100)


@dataclass(frozen=True, kw_only=True)
class AuctionAnswer:
    over: bool = arg(help="whether the auction is over")
    redeal: bool = arg(help="whether everyone passed, so the cards are dealt again")
    landlord: str | None = arg(help="the landlord's seat, once the auction is over")
    landlord_name: str | None = arg(help="the landlord's seat in words")
    bid: int = arg(help="the highest bid so far (0: none)")
    to_act: str | None = arg(help="the seat whose call is next")
    to_act_name: str | None = arg(help="that seat in words")
    legal: tuple[int | Literal["pass"], ...] = arg(help="the calls allowed now")
    outcome: str = arg(help="the state of the auction in words")


def auction_command(request: AuctionRequest) -> AuctionAnswer:
    """The auction after `calls` ("pass" or a bid 1-3), starting at seat `first`."""
    rules = _rules(request)
    letters = rules.seat_letters
    names = tuple(seat_name(s) for s in letters)
    state = Auction(rules.players, letters.index(request.first))
    for number, call in enumerate(request.calls, start=1):
        value = PASS_BID if isinstance(call, str) else call
        if state.over:
            raise InvalidRequestError(_("call {n} ({call}) comes after the auction is over").format(
                n=figure(number), call=quote(call)))
        verdict = state.check(value)
        if not verdict.legal:
            raise InvalidRequestError(_("call {n} ({call}) is refused: {reason}").format(
                n=figure(number), call=quote(call), reason=verdict.reason))
        state = state.call(value)
    landlord, seat = state.landlord, state.to_act
    return AuctionAnswer(
        over=state.over, redeal=state.all_passed,
        landlord=letters[landlord] if landlord is not None else None,
        landlord_name=names[landlord] if landlord is not None else None,
        bid=state.highest,
        to_act=letters[seat] if seat is not None else None,
        to_act_name=names[seat] if seat is not None else None,
        legal=tuple("pass" if c == PASS_BID else c for c in state.legal_calls()),
        outcome=state.outcome())


# ------------------------------------------------------------------------------------------------ setup


@dataclass(frozen=True, kw_only=True)
class SetupRequest(Request):
    """A rule set."""


@dataclass(frozen=True, kw_only=True)
class SetupAnswer:
    players: int = arg(help="how many play")
    seats: tuple[str, ...] = arg(help="the seat letters in playing order")
    seat_names: Mapping[str, str] = arg(help="each seat in words")
    deck_size: int = arg(help="cards in the deck")
    hand_size: int = arg(help="cards dealt to each player")
    kitty: int = arg(help="cards left for the landlord")
    landlord_cards: int = arg(help="the landlord's cards after taking the kitty")
    types: tuple[Kind, ...] = arg(help="the combination types played")
    quadplex_allowed: bool = arg(help="whether the quadplex option may be on (never with four players)")
    bomb_sizes: tuple[int, ...] = arg(help="the sizes a bomb can have")
    doubling_bomb_sizes: tuple[int, ...] = arg(help="the bomb sizes that double the stake")


def setup_command(request: SetupRequest) -> SetupAnswer:
    """What the rules set up: the deck, the hands, the kitty, the combination types and which bombs double."""
    rules = _rules(request)
    return SetupAnswer(
        players=rules.players, seats=rules.seat_letters,
        seat_names=dict(zip(rules.seat_letters, rules.seat_names, strict=True)), deck_size=rules.deck.size,
        hand_size=rules.hand_size, kitty=rules.kitty, landlord_cards=rules.max_hand,
        types=tuple(k for k in Kind if allowed(k, rules)), quadplex_allowed=rules.quadplex_allowed,
        bomb_sizes=rules.bomb_sizes, doubling_bomb_sizes=rules.doubling_bomb_sizes)


# ------------------------------------------------------------------------------------------------ lessons


@dataclass(frozen=True, kw_only=True)
class ExampleRequest(Request):
    """A live lesson example."""

    seed: int = arg(1, help="the first seed tried", low=0, high=2**31 - 1)
    kind: Kind | None = arg(None, help="the combination type the hand must hold (any when absent)")
    follow: bool = arg(False, help="also a play of that type on the table for the hand to beat")
    landlord: bool = arg(False, help="the landlord's hand (the kitty included)")
    limit: int = arg(1000, help="the most plays to list", low=1, high=MAX_PLAYS)


@dataclass(frozen=True, kw_only=True)
class ExampleAnswer:
    seed: int = arg(help="the seed of the deal that fits")
    hand: tuple[Card, ...] = arg(help="the hand, low to high")
    table: tuple[Card, ...] = arg(help="the play to beat (empty: a lead)")
    table_description: str = arg(help="the play to beat in words (empty: a lead)")
    kind: Kind | None = arg(help="the type asked for")
    plays: tuple[tuple[Card, ...], ...] = arg(help="the hand's plays of that type (at most `limit`)")
    descriptions: tuple[str, ...] = arg(help="each play in words")
    count: int = arg(help="how many plays there are in all")
    first: tuple[Card, ...] = arg(help="the first play")
    more: int = arg(help="how many plays were left out by `limit`")


def example_command(request: ExampleRequest) -> ExampleAnswer:
    """A seeded hand (South's; the landlord's 20 or 33 cards with `landlord`) that holds a play of `kind`; with
    `follow`, also a play of that kind on the table that the hand can beat."""
    found = example_hand(_rules(request), request.seed, request.kind, request.follow, request.landlord)
    shown = found.plays[:request.limit]
    table = found.table
    return ExampleAnswer(
        seed=found.seed, hand=found.hand, table=table.cards if table is not None else (),
        table_description=describe(table) if table is not None else "", kind=found.kind,
        plays=tuple(c.cards for c in shown), descriptions=tuple(describe(c) for c in shown),
        count=len(found.plays), first=found.plays[0].cards, more=max(0, len(found.plays) - request.limit))


@dataclass(frozen=True, kw_only=True)
class FindRequest(Request):
    """Cards picked from a hand, and the type they should form."""

    hand: tuple[Card, ...] = arg(help="the hand, in notation")
    play: tuple[Card, ...] = arg((), help="the cards picked from it")
    kind: Kind = arg(help="the combination type asked for")


@dataclass(frozen=True, kw_only=True)
class FindAnswer:
    correct: bool = arg(help="whether the picked cards form a combination of that type")
    reason: str = arg(help="why, in words for a learner")


def find_command(request: FindRequest) -> FindAnswer:
    """For exercises: whether `play` (from `hand`) is a combination of type `kind`."""
    verdict = find_kind(_rules(request), request.hand, request.play, request.kind)
    return FindAnswer(correct=verdict.legal, reason=verdict.reason)


@dataclass(frozen=True, kw_only=True)
class HighestRequest(Request):
    """Some single cards."""

    cards: tuple[Card, ...] = arg(help="the cards, in notation")


@dataclass(frozen=True, kw_only=True)
class HighestAnswer:
    highest: Card = arg(help="the highest card")
    order: tuple[Card, ...] = arg(help="the cards low to high")
    reason: str = arg(help="the order in words")


def highest_command(request: HighestRequest) -> HighestAnswer:
    """The highest of `cards` as singles (red joker, black joker, 2, A, K … 3), and their order."""
    top, ordered = highest_single(request.cards)
    order = " < ".join(c.text for c in ordered)
    return HighestAnswer(highest=top, order=ordered,
                         reason=_("low to high: {order} (suits do not matter)").format(order=order))


_DEFAULT_CONTEXT = default_context(GAME)

COMMANDS: dict[str, Command[Any, Any]] = {
    **command_table(_context, deal_command, legal_command, check_command, score_command,
                    classify_command, compare_command, auction_command, setup_command, example_command,
                    find_command, highest_command),
}
