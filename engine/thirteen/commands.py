"""The typed commands of Thirteen: request and answer dataclasses and thin functions over the engine.

A position (what ``legal`` and ``check`` read, what the position editor saves and shares)::

    {"preset": "seed", "options": {}, "hand": "3S 4S 5H 5D 2H", "table": "4C 4D",
     "passed": false, "first_lead": false}

``table`` is the combination to beat (empty or absent: you lead; ``previous`` is accepted too, as older files
and links have it). ``options`` holds rule options such as ``{"players": 3}`` (see the ``rules`` command).
Seats are letters (``N E S W``; three players sit N E W, two N S).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.cards import Card
from engine.commands import (
    MAX_PLAYS,
    MAX_SEED,
    CheckAnswer,
    Command,
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
from engine.errors import CardTableError, InvalidPositionError, InvalidRequestError, add_context
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as digits
from engine.thirteen import coach, examples
from engine.thirteen.combos import Combo, Kind, beat_reason, classify, why_not_combo, with_article
from engine.thirteen.deal import HAND_SIZE, deal_masks, instant_win, lowest_holder
from engine.thirteen.examples import EXAMPLE_WANTS, Example, Rounds
from engine.thirteen.game import GAME
from engine.thirteen.order import cards_of, game_sorted, mask_of
from engine.thirteen.play import LOCKED_OUT, Play, Position, check, legal_plays
from engine.thirteen.rules import Rules, Scoring, seat_letters, seat_names
from engine.thirteen.score import hand_features, score_hand
from engine.thirteen.state import PASS, State
from engine.words import sentence

__all__ = [
    "COMMANDS",
    "CheckRequest",
    "ClassifyAnswer",
    "ClassifyRequest",
    "ComboInfo",
    "CompareAnswer",
    "CompareRequest",
    "ExampleRequest",
    "FeaturesAnswer",
    "FeaturesRequest",
    "HandInfo",
    "LegalRequest",
    "PlayDetails",
    "PositionRequest",
    "RoundsRequest",
    "ScoreAnswer",
    "ScoreGame",
    "ScoreRequest",
    "ThirteenCheckAnswer",
    "ThirteenDealAnswer",
    "ThirteenLegalAnswer",
    "check_command",
    "classify_command",
    "compare_command",
    "deal_command",
    "example_command",
    "features_command",
    "legal_command",
    "read_position",
    "request_position",
    "rounds_command",
    "score_command",
]


# ------------------------------------------------------------------------------------------------ shapes


@dataclass(frozen=True, kw_only=True)
class ComboInfo:
    """A combination, described."""

    type: str = arg(help="single, pair, triple, quad, sequence or double_sequence")
    cards: tuple[Card, ...] = arg(help="its cards, lowest first")
    symbols: str = arg(help="its cards with suit symbols")
    length: int = arg(help="how many cards")
    top: Card = arg(help="its top card, which decides what it beats")
    name: str = arg(help="the combination in words")
    shape: str = arg(help="its kind, with the length where it matters")
    bomb: bool = arg(help="whether it is a bomb (a four of a kind or a double sequence)")

    @classmethod
    def of(cls, combo: Combo) -> ComboInfo:
        return cls(type=combo.kind.key, cards=combo.cards, symbols=combo.symbols, length=combo.length,
                   top=combo.top, name=combo.name, shape=combo.shape, bomb=combo.is_bomb)


@dataclass(frozen=True, kw_only=True)
class PlayDetails(PlayInfo):
    """One legal play, described."""

    type: str = arg(help="single, pair, triple, quad, sequence or double_sequence")
    symbols: str = arg(help="its cards with suit symbols")
    length: int = arg(help="how many cards")
    top: Card = arg(help="its top card")
    name: str = arg(help="the combination in words")
    shape: str = arg(help="its kind, with the length where it matters")
    bomb: bool = arg(help="whether it is a bomb")
    chop: bool = arg(help="whether it is a bomb that beats a different kind (chops 2s, or a smaller bomb)")

    @classmethod
    def of(cls, play: Play) -> PlayDetails:
        combo = play.combo
        assert combo is not None
        return cls(cards=combo.cards, type=combo.kind.key, symbols=combo.symbols, length=combo.length,
                   top=combo.top, name=combo.name, shape=combo.shape, bomb=combo.is_bomb, chop=play.chop)


@dataclass(frozen=True, kw_only=True)
class PositionRequest(Request):
    """A position: your hand, the combination to beat, whether you passed, whether this is the first lead."""

    hand: tuple[Card, ...] = arg(help="your cards (at most 13)")
    table: tuple[Card, ...] = arg((), help="the combination to beat; empty when you lead", aliases=("previous",))
    passed: bool = arg(False, help=N_("you passed earlier in this round, so you are locked out until the table clears"))
    first_lead: bool = arg(False, help=N_("the first play of the game (it must contain the lowest card dealt)"))


def read_position(data: Any) -> LegalRequest:
    """A position editor's JSON (a saved file, a shared link) as a typed request: InvalidRequestError naming a bad
    field, or InvalidPositionError (the engine's reason) when the position cannot occur.

    Refusals are worded for a learner (:func:`engine.commands.in_learner_words`: rule sets by their titles).
    """
    try:
        request: LegalRequest = COMMANDS["legal"].decode(data)
        request_position(request)
    except CardTableError as error:
        raise in_learner_words(GAME, error) from None
    return request


def request_position(request: PositionRequest) -> Position:
    """The position of a request; InvalidPositionError (a learner-readable message) if it cannot occur."""
    rules = GAME.rules(request.preset, request.options)
    return Position.build(hand=request.hand, table=request.table, rules=rules, passed=request.passed,
                          first_lead=request.first_lead)


# ------------------------------------------------------------------------------------------------ legal, check


@dataclass(frozen=True, kw_only=True)
class LegalRequest(PositionRequest):
    """Every legal play of a position."""

    limit: int = arg(MAX_PLAYS, help="the most plays to list (counting needs no listing)", low=1, high=MAX_PLAYS)


@dataclass(frozen=True, kw_only=True)
class ThirteenLegalAnswer(LegalAnswer):
    plays: tuple[PlayDetails, ...] = arg(help="the distinct legal plays, grouped by kind, lowest first")
    groups: Mapping[str, tuple[tuple[Card, ...], ...]] = arg(help="the plays by kind (single, pair …)")
    bombs: tuple[tuple[Card, ...], ...] = arg(help="the plays that are bombs")
    chops: tuple[tuple[Card, ...], ...] = arg(help="the bombs that beat a different kind (chop 2s or a smaller bomb)")
    table: ComboInfo | None = arg(help="the combination to beat (null when you lead)")
    must_contain: Card | None = arg(help="the card the first play must contain, if any")
    note: str = arg(help="why there is nothing to play, when there is not")


def legal_command(request: LegalRequest) -> ThirteenLegalAnswer:
    """Every legal play, grouped by kind, bombs marked; whether passing is allowed."""
    position = request_position(request)
    legal = legal_plays(position, request.limit)
    plays = tuple(PlayDetails.of(p) for p in legal)
    note = ""
    if not legal.count:
        if position.passed:
            note = _(LOCKED_OUT)
        elif position.table is not None:
            note = _("nothing in your hand beats {table}: you can only pass").format(table=position.table.name)
    if position.table is not None:
        summary = _("To beat: {table}.").format(table=position.table.name)
        if position.can_pass:
            summary += " " + _("You may pass.")
    else:
        summary = _("You lead, so you play any combination (a leader cannot pass).")
        if position.must_contain:
            summary += " " + _("It must contain {card}.").format(card=position.must_contain.symbol_text)
    if note:
        summary += " " + sentence(note)
    return ThirteenLegalAnswer(
        plays=plays,
        count=legal.count,
        complete=legal.complete,
        can_pass=position.can_pass,
        summary=summary,
        groups={k.key: tuple(p.cards for p in ps) for k, ps in legal.grouped().items()},
        bombs=tuple(p.cards for p in legal if p.is_bomb),
        chops=tuple(p.cards for p in legal if p.chop),
        table=ComboInfo.of(position.table) if position.table else None,
        must_contain=position.must_contain,
        note=note,
    )


@dataclass(frozen=True, kw_only=True)
class CheckRequest(PositionRequest):
    """Whether a play is legal in a position, and why."""

    play: tuple[Card, ...] | Literal["pass"] = arg(help="the cards to play, or \"pass\"")


@dataclass(frozen=True, kw_only=True)
class ThirteenCheckAnswer(CheckAnswer):
    play: ComboInfo | None = arg(help="the combination the cards form (null for a pass or no combination)")
    passing: bool = arg(help="whether the play is the pass")


def check_command(request: CheckRequest) -> ThirteenCheckAnswer:
    """Whether a play (cards, or "pass") is legal in the position, and why."""
    position = request_position(request)
    if request.play == "pass":
        verdict = check(position, PASS)
        return ThirteenCheckAnswer(legal=verdict.legal, reason=verdict.reason, play=None, passing=True)
    verdict = check(position, request.play)
    combo = classify(request.play, position.rules.twos_in_double_sequences)
    return ThirteenCheckAnswer(legal=verdict.legal, reason=verdict.reason,
                               play=ComboInfo.of(combo) if combo else None, passing=False)


# ------------------------------------------------------------------------------------------------ combinations


@dataclass(frozen=True, kw_only=True)
class ClassifyRequest(Request):
    """What combination some cards form (``preset``/``options`` matter for 2s in double sequences)."""

    cards: tuple[Card, ...] = arg(help="the cards")
    expect: str | None = arg(None, help="a kind (single, pair, triple, quad, sequence, double_sequence): also say "
                                        "whether the cards form it")


@dataclass(frozen=True, kw_only=True)
class ClassifyAnswer:
    combination: bool = arg(help="whether the cards form a combination")
    type: str | None = arg(help="its kind (null when none)")
    cards: tuple[Card, ...] = arg(help="the cards, lowest first")
    symbols: str = arg(help="the cards with suit symbols")
    length: int = arg(help="how many cards")
    top: Card | None = arg(help="its top card (null when no combination)")
    name: str | None = arg(help="the combination in words")
    shape: str | None = arg(help="its kind, with the length where it matters")
    bomb: bool = arg(help="whether it is a bomb")
    reason: str = arg(help="what the cards form, or why they form no combination")
    matches: bool | None = arg(help="with `expect`: whether the cards form that kind")


def _playable_size(cards: tuple[Card, ...], field: str) -> None:
    if len(cards) > HAND_SIZE:
        too_many = _("{n} cards: no hand holds more than {most}, so no play has more")
        raise add_context(InvalidPositionError(too_many.format(n=digits(len(cards)), most=digits(HAND_SIZE))), field)


def classify_command(request: ClassifyRequest) -> ClassifyAnswer:
    """What combination some cards form, or why they form none; with ``expect``, whether they form that kind."""
    rules = GAME.rules(request.preset, request.options)
    twos = rules.twos_in_double_sequences
    cards = request.cards
    _playable_size(cards, "cards")
    expect = Kind.parse(request.expect) if request.expect is not None else None
    combo = classify(cards, twos)
    ordered = tuple(game_sorted(cards))
    symbols = " ".join(c.symbol_text for c in ordered)
    if combo is None:
        reason = why_not_combo(cards, twos)
    elif expect is not None and combo.kind is not expect:
        reason = _("{cards} is {a_shape}, not {other}").format(cards=combo.symbols, a_shape=combo.a_shape,
                                                              other=with_article(expect.title))
    else:
        reason = (_("{cards} is a single card").format(cards=combo.symbols) if len(cards) == 1 else
                  _("{cards} is {a_shape}; its top card, {top}, decides what it beats").format(
                      cards=combo.symbols, a_shape=combo.a_shape, top=combo.top.symbol_text))
    return ClassifyAnswer(
        combination=combo is not None, type=combo.kind.key if combo else None, cards=ordered, symbols=symbols,
        length=len(cards), top=combo.top if combo else None, name=combo.name if combo else None,
        shape=combo.shape if combo else None, bomb=bool(combo and combo.is_bomb), reason=reason,
        matches=None if expect is None else combo is not None and combo.kind is expect)


@dataclass(frozen=True, kw_only=True)
class CompareRequest(Request):
    """Two combinations from one deck: may ``b`` be played on ``a``, and ``a`` on ``b``?"""

    a: tuple[Card, ...] = arg(help="a combination")
    b: tuple[Card, ...] = arg(help="another combination, without a card of the first")


@dataclass(frozen=True, kw_only=True)
class CompareAnswer:
    a: ComboInfo = arg(help="the first combination")
    b: ComboInfo = arg(help="the second combination")
    b_beats_a: bool = arg(help="whether b may be played on a")
    a_beats_b: bool = arg(help="whether a may be played on b")
    higher: tuple[Card, ...] | None = arg(help="the higher one, when one beats the other (null when neither does)")
    reason: str = arg(help="why b beats a, or does not")
    reason_a_on_b: str = arg(help="why a beats b, or does not")


def _combo(cards: tuple[Card, ...], field: str, rules: Rules) -> Combo:
    twos = rules.twos_in_double_sequences
    combo = classify(cards, twos)
    if combo is None:
        raise add_context(InvalidPositionError(why_not_combo(cards, twos)), field)
    return combo


def compare_command(request: CompareRequest) -> CompareAnswer:
    """Two combinations: may ``b`` be played on ``a`` (and ``a`` on ``b``), and which is higher."""
    rules = GAME.rules(request.preset, request.options)
    _playable_size(request.a, "a")
    _playable_size(request.b, "b")
    a, b = _combo(request.a, "a", rules), _combo(request.b, "b", rules)
    if set(a.cards) & set(b.cards):
        raise InvalidPositionError(_("a and b share a card, but there is only one deck"))
    twos = rules.twos_in_double_sequences
    b_on_a = beat_reason(b, a, rules.bomb_ladder, twos)
    a_on_b = beat_reason(a, b, rules.bomb_ladder, twos)
    higher = b.cards if b_on_a.legal and not a_on_b.legal else a.cards if a_on_b.legal and not b_on_a.legal else None
    return CompareAnswer(a=ComboInfo.of(a), b=ComboInfo.of(b), b_beats_a=b_on_a.legal, a_beats_b=a_on_b.legal,
                         higher=higher, reason=b_on_a.reason, reason_a_on_b=a_on_b.reason)


# ------------------------------------------------------------------------------------------------ deals, hands


@dataclass(frozen=True, kw_only=True)
class HandInfo:
    """What a dealt hand holds that matters for chopping 2s."""

    twos: int = arg(help="how many 2s")
    quads: int = arg(help="how many four of a kinds")
    double_sequence_pairs: int = arg(help="the pairs in its longest double sequence (0 if none)")
    bombs: int = arg(help="four of a kinds, plus one for a double sequence")
    instant_win: str = arg(help="the instant-win pattern it holds (empty if none; a 13-card hand)")


@dataclass(frozen=True, kw_only=True)
class ThirteenDealAnswer(DealAnswer):
    seats: tuple[str, ...] = arg(help="the seats' names in playing order")
    letters: tuple[str, ...] = arg(help="the seats' letters in playing order")
    counts: Mapping[str, int] = arg(help="how many cards each seat holds")
    first: str = arg(help="the seat that makes the first play (it holds the lowest card dealt)")
    first_name: str = arg(help="that seat's name")
    lowest: Card = arg(help="the lowest card dealt, which the first play must contain")
    first_reason: str = arg(help="why that seat leads, in a sentence")
    features: Mapping[str, HandInfo] = arg(help="what each hand holds, by seat letter")


def _hand_info(mask: int, twos: bool) -> HandInfo:
    f = hand_features(mask, twos)
    return HandInfo(twos=f.twos, quads=f.quads, double_sequence_pairs=f.best_double_sequence, bombs=f.bombs,
                    instant_win=instant_win(mask, twos) if mask.bit_count() == 13 else "")


def deal_command(request: DealRequest) -> ThirteenDealAnswer:
    """A seeded deal: each seat's hand (game order), who leads, and what each hand holds."""
    rules = GAME.rules(request.preset, request.options)
    masks = deal_masks(rules, request.seed)
    letters = seat_letters(rules.players)
    names = seat_names(rules.players)
    leader = lowest_holder(masks)
    lowest = cards_of(masks[leader] & -masks[leader])[0]
    twos = rules.twos_in_double_sequences
    return ThirteenDealAnswer(
        seed=request.seed,
        hands={letters[s]: cards_of(m) for s, m in enumerate(masks)},
        seats=names,
        letters=letters,
        counts={letters[s]: m.bit_count() for s, m in enumerate(masks)},
        first=letters[leader],
        first_name=names[leader],
        lowest=lowest,
        first_reason=_("{seat} holds {card}, the lowest card dealt, and leads").format(seat=names[leader],
                                                                                        card=lowest.symbol_text),
        features={letters[s]: _hand_info(m, twos) for s, m in enumerate(masks)},
    )


@dataclass(frozen=True, kw_only=True)
class FeaturesRequest(Request):
    """What a hand holds."""

    hand: tuple[Card, ...] = arg(help="the cards (at most 13)")


@dataclass(frozen=True, kw_only=True)
class FeaturesAnswer(HandInfo):
    cards: tuple[Card, ...] = arg(help="the hand, lowest first")


def features_command(request: FeaturesRequest) -> FeaturesAnswer:
    """What a hand holds: 2s, four of a kinds, the longest double sequence, bombs, an instant win."""
    rules = GAME.rules(request.preset, request.options)
    Position.build(hand=request.hand, rules=rules)
    info = _hand_info(mask_of(request.hand), rules.twos_in_double_sequences)
    return FeaturesAnswer(twos=info.twos, quads=info.quads, double_sequence_pairs=info.double_sequence_pairs,
                          bombs=info.bombs, instant_win=info.instant_win, cards=tuple(game_sorted(request.hand)))


# ------------------------------------------------------------------------------------------------ scoring


@dataclass(frozen=True, kw_only=True)
class ScoreGame:
    """One finished game: the finishing order, and (for card scoring) the cards each seat still held."""

    order: tuple[str, ...] = arg(help="the seats from first out to last", seat=True)
    cards_left: Mapping[str, int] = arg({}, help="cards each seat held when the first player went out (card "
                                                 "scoring)", seat=True)


@dataclass(frozen=True, kw_only=True)
class ScoreRequest(Request):
    """Points for one finishing order (``order``), or match totals over several games (``games``)."""

    order: tuple[str, ...] = arg((), help="the seats from first out to last", seat=True)
    cards_left: Mapping[str, int] = arg({}, help="cards each seat held when the first player went out (card "
                                                 "scoring)", seat=True)
    games: tuple[ScoreGame, ...] = arg((), help="several games of a match (instead of order and cards_left)",
                                       max_items=1000)


@dataclass(frozen=True, kw_only=True)
class ScoreAnswer:
    points: Mapping[str, int] = arg(help="each seat's points for the (first) game, by seat letter")
    games: tuple[Mapping[str, int], ...] = arg(help="each game's points, by seat letter")
    totals: Mapping[str, int] = arg(help="each seat's total over the games")
    scoring: str = arg(help="places or cards")
    leader: str = arg(help="the seat with the most points")


def _score_one(game: ScoreGame, rules: Rules, number: int) -> tuple[int, ...]:
    letters = seat_letters(rules.players)
    where = f"game {number}"
    if sorted(game.order) != sorted(letters):
        raise InvalidRequestError(f"{where} order: name each of the {rules.players} seats ({', '.join(letters)}) "
                                  "exactly once, from first out to last")
    left = [0] * rules.players
    for seat, count in game.cards_left.items():
        if not 0 <= count <= 13:
            raise InvalidRequestError(f"{where} cards_left: {count!r} is not 0 to 13 cards")
        left[letters.index(seat)] = count
    if rules.scoring is Scoring.CARDS and not any(left):
        raise InvalidRequestError("card scoring needs cards_left: how many cards each loser still held")
    if rules.scoring is Scoring.CARDS:
        names = seat_names(rules.players)
        for seat in game.order[1:]:
            if left[letters.index(seat)] == 0:
                raise InvalidRequestError(f"{where} cards_left: {names[letters.index(seat)]} had not gone out when "
                                          "the first player did, so held at least one card")
    return score_hand(rules, [letters.index(s) for s in game.order], left)


def score_command(request: ScoreRequest) -> ScoreAnswer:
    """Points for one finishing order (``order``), or match totals over several (``games``)."""
    rules = GAME.rules(request.preset, request.options)
    letters = seat_letters(rules.players)
    games = request.games or (ScoreGame(order=request.order, cards_left=request.cards_left),)
    if request.games and (request.order or request.cards_left):
        raise InvalidRequestError("give either games, or order and cards_left for one game")
    per_game = [_score_one(g, rules, n) for n, g in enumerate(games, start=1)]
    totals = [sum(p[s] for p in per_game) for s in range(rules.players)]
    by_letter = tuple({letters[s]: p[s] for s in range(rules.players)} for p in per_game)
    return ScoreAnswer(points=by_letter[0], games=by_letter, totals=dict(zip(letters, totals, strict=True)),
                       scoring=rules.scoring.value, leader=letters[max(range(rules.players), key=lambda s: totals[s])])


# ------------------------------------------------------------------------------------------------ lessons


@dataclass(frozen=True, kw_only=True)
class ExampleRequest(Request):
    """A seeded teaching position."""

    seed: int = arg(0, help="where the search for a suitable deal starts", low=0, high=2**31 - 1)
    want: str = arg(help="a kind of combination (a hand holding one), \"beat\" (a table North can beat, not "
                         "with everything) or \"chop\" (2s on the table, a bomb in North's hand)")


def example_command(request: ExampleRequest) -> Example:
    """A seeded teaching position: a hand holding a kind of combination, a table to beat, or 2s to chop."""
    if request.want not in EXAMPLE_WANTS:
        raise InvalidRequestError(f"field 'want': {request.want!r} is not one of {', '.join(EXAMPLE_WANTS)}")
    return examples.example(GAME.rules(request.preset, request.options), request.seed, request.want)


@dataclass(frozen=True, kw_only=True)
class RoundsRequest(Request):
    """A whole seeded game played by bots."""

    seed: int = arg(0, help="the deal's seed", low=0, high=MAX_SEED)
    bots: str | tuple[str, ...] = arg("heuristic", help="a bot name for every seat, or one per seat")


def rounds_command(request: RoundsRequest) -> Rounds:
    """A whole seeded game played by bots, step by step with commentary, grouped by round (for lessons)."""
    rules = GAME.rules(request.preset, request.options)
    return examples.rounds(rules, request.seed, request.bots, request.preset, dict(request.options))


def posed_state(request: Any) -> State:
    """The coach's state from a position posed in the editor (a ``legal`` request): see
    :func:`engine.thirteen.coach.position_state`."""
    position = request_position(request)
    return coach.position_state(position.rules, position)


COMMANDS: dict[str, Command[Any, Any]] = {
    **command_table(default_context(GAME), legal_command, check_command, deal_command, score_command,
                    classify_command, compare_command, features_command, example_command, rounds_command),
}
