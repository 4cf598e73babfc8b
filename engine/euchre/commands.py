"""The Euchre commands: typed requests and answers, each command a thin typed function over the engine.

    legal    {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"}          the legal cards, each with why
    check    {"trump": "H", "hand": "…", "table": "9C", "play": "JD"}          legal or not, and why
    winner   {"trump": "H", "table": "9C JD AC 10C", "leader": "N"}           who wins a complete trick
    score    {"makers_tricks": 5, "alone": true}                               the points of a hand
    game     {"scores": [10, 9]}                                               whether the game is won, and why
    calls    {"dealer": "N", "upcard": "KH", "round": 1, "seat": "E"}          the legal calls, each with why
    discard  {"hand": "9C 10D JH QH AH KH", "upcard": "KH"}                    the dealer's legal discards
    trumps   {"trump": "H", "hand": "JD JH AS 9H", "picked": "JD JH 9H"}       the trumps and their order
    deal     {"seed": 7}                                                       the hands by seat, upcard, kitty
    position the position editor's JSON                                        what the editor shows
    match    {"seed": 3, "bots": "heuristic"}                                  a whole game to 10 by the bots
                                                                               (playout with start {"whole": true})
    rules, playout                                                             (the shared commands)

``table`` is the cards of the trick so far (``trick`` is the older name, still accepted); ``play`` the card to
play (``card`` accepted). Every request may name a ``preset`` and ``options``; with the benny (``"benny": true``
or the preset ``benny``) the joker ``RJ`` is in the deck as the highest trump, and without it ``RJ`` is refused
with :class:`~engine.euchre.order.NeedsBennyError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.base import PASS
from engine.cards import Card, Suit
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
    default_context,
    in_learner_words,
)
from engine.errors import CardNotInDeckError, CardTableError, InvalidPositionError, InvalidRequestError, add_context
from engine.euchre.bidding import ORDER_UP, Discard, NameTrump, calling_fixed
from engine.euchre.bots import heuristic_bot
from engine.euchre.coach import fill_hidden, posed_trick
from engine.euchre.deal import deal_cards
from engine.euchre.examples import call_advice, card_note, judge_trumps
from engine.euchre.game import GAME
from engine.euchre.order import (
    BENNY,
    EFFECTIVE,
    NeedsBennyError,
    check_cards,
    left_bower,
    right_bower,
    sort_hand,
    suit_plural,
)
from engine.euchre.order import trump_order as order_of_trumps
from engine.euchre.play import Position
from engine.euchre.play import check as check_play
from engine.euchre.play import legal_plays as legal_cards
from engine.euchre.rules import DealPackets, Rules, Seat
from engine.euchre.score import check_reachable, game_over_reason, game_winner, parse_scores, score_hand
from engine.euchre.state import (
    Action,
    HandState,
    Phase,
    action_text,
    calling_state,
    check_action,
    discard_state,
    legal_actions,
    parse_action,
)
from engine.euchre.trick import check_sitting_out, play_order, trick_winner, winner_reason
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.match import WHOLE, whole_game
from engine.replay import play_out
from engine.words import and_list, capitalise, seat_name

__all__ = [
    "COMMANDS",
    "CallsAnswer",
    "CallsRequest",
    "DiscardAnswer",
    "DiscardRequest",
    "EuchreCheckAnswer",
    "trick_players",
    "EuchreCheckRequest",
    "EuchreDealAnswer",
    "EuchreDealRequest",
    "EuchreLegalAnswer",
    "EuchreLegalRequest",
    "EuchrePlay",
    "GameAnswer",
    "GameRequest",
    "MatchAnswer",
    "MatchRequest",
    "PositionAnswer",
    "PositionRequest",
    "ScoreAnswer",
    "ScoreRequest",
    "TrumpsAnswer",
    "TrumpsRequest",
    "WinnerAnswer",
    "WinnerRequest",
    "calls_command",
    "check_command",
    "deal_command",
    "discard_command",
    "game_command",
    "legal_command",
    "match_command",
    "position_command",
    "read_position",
    "score_command",
    "trumps_command",
    "winner_command",
]

_TRUMP = "the trump suit: S, H, D or C (♠ ♥ ♦ ♣ and names such as hearts are accepted)"
_TABLE = "the cards played to this trick so far, in order: the first is the lead"
_PLAYERS = "the active players: 4, or 3 (one player alone) or 2 (one of each side alone)"
_SITS_OUT = N_("the seat (or seats) sitting out: the partner of a lone player")
_SUIT_FIELDS = ("trump", "joker_suit")


def _rules(request: Request) -> Rules:
    return GAME.rules(request.preset, request.options)


def _seat(letter: str) -> Seat:
    return Seat.parse(letter)


def _sitting_out(value: str | tuple[str, ...]) -> tuple[Seat, ...]:
    return tuple(_seat(s) for s in ((value,) if isinstance(value, str) else value))


def _active(players: int | None, out: tuple[Seat, ...]) -> int:
    """The active players: ``players`` if given (it must agree with those sitting out), else 4 minus them."""
    if players is None:
        return 4 - len(out)
    if out and players != 4 - len(out):
        sitting = and_list(seat_name(s.letter) for s in out)
        raise InvalidPositionError(_("with {sitting} sitting out, {active} players are active, not {players}").format(
            sitting=sitting, active=4 - len(out), players=players))
    return players


# ------------------------------------------------------------------------------------------ legal, check


@dataclass(frozen=True, kw_only=True)
class EuchreLegalRequest(Request):
    """A player's turn in a trick."""

    trump: Suit = arg(help=_TRUMP)
    hand: tuple[Card, ...] = arg(help="your cards (at most 5)")
    table: tuple[Card, ...] = arg((), help=_TABLE, aliases=("trick",))
    players: int = arg(4, help=_PLAYERS, low=2, high=4)
    limit: int = arg(MAX_PLAYS, help="the most plays to list", low=1, high=MAX_PLAYS)


@dataclass(frozen=True, kw_only=True)
class EuchrePlay(PlayInfo):
    """One legal card, with the rule that makes it legal."""

    reason: str = arg(help="why it may be played")


@dataclass(frozen=True, kw_only=True)
class EuchreLegalAnswer(LegalAnswer):
    plays: tuple[EuchrePlay, ...] = arg(help="the legal cards, one play each, in hand order")
    hand: tuple[Card, ...] = arg(help="the hand")
    table: tuple[Card, ...] = arg(help="the cards of the trick so far")
    legal_cards: tuple[Card, ...] = arg(help="the legal cards together, in hand order")
    led_suit: Suit | None = arg(help="the suit led (the effective suit: a bower led is a trump), null if you lead")
    must_follow: bool = arg(help="whether following the suit led rules out some cards of the hand")
    reasons: Mapping[str, str] = arg(help="for every card of the hand (by notation), why it may or may not be played")


def _position(request: EuchreLegalRequest) -> Position:
    return Position.build(hand=request.hand, table=request.table, rules=_rules(request), trump=request.trump,
                          players=request.players)


def legal_command(request: EuchreLegalRequest) -> EuchreLegalAnswer:
    """The cards of a hand that may be played to a trick, with the reason for every card of the hand."""
    position = _position(request)
    legal_now = legal_cards(position).plays
    verdicts = {c: check_play(position, c) for c in position.hand}
    plays = tuple(EuchrePlay(cards=(c,), reason=verdicts[c].reason) for c in legal_now[:request.limit])
    must_follow = position.led_suit is not None and len(legal_now) < len(position.hand)
    if not position.table:
        summary = _("Nobody has played yet: you lead, so any card may be played.")
    elif must_follow and position.led_suit is not None:
        summary = capitalise(_("{suits} were led: you must follow suit while you can.").format(
            suits=suit_plural(position.led_suit)))
    else:
        summary = _("You cannot follow the suit led: any card may be played.")
    return EuchreLegalAnswer(
        plays=plays, count=len(legal_now), complete=len(plays) == len(legal_now), can_pass=False, summary=summary,
        hand=position.hand, table=position.table, legal_cards=legal_now, led_suit=position.led_suit,
        must_follow=must_follow,
        reasons={c.text: v.reason for c, v in verdicts.items()},
    )


@dataclass(frozen=True, kw_only=True)
class EuchreCheckRequest(EuchreLegalRequest):
    """Whether a card may be played to a trick."""

    play: tuple[Card, ...] | Literal["pass"] = arg(
        help="the card to play (several cards, or \"pass\", are refused with the reason)", aliases=("card",))


@dataclass(frozen=True, kw_only=True)
class EuchreCheckAnswer(CheckAnswer):
    card: Card | None = arg(help="the card checked (null unless the play was one card)")


NO_PASS = N_("nobody passes during the play: each player plays one card to every trick")
"""Why a pass is refused in a trick."""


def check_command(request: EuchreCheckRequest) -> EuchreCheckAnswer:
    """Whether a card may be played from a hand to a trick, and why (a pass, or several cards, never may)."""
    rules = _rules(request)
    position = _position(request)
    if request.play == "pass":
        return EuchreCheckAnswer(legal=False, reason=_(NO_PASS), card=None)
    if len(request.play) != 1:
        return EuchreCheckAnswer(legal=False, card=None,
                                 reason=_("each player plays one card to a trick, not {count}").format(
                                     count=len(request.play)))
    card = request.play[0]
    check_cards([card], "in 'play'", rules.benny)
    verdict = check_play(position, card)
    return EuchreCheckAnswer(legal=verdict.legal, reason=verdict.reason, card=card)


# ------------------------------------------------------------------------------------------ winner


@dataclass(frozen=True, kw_only=True)
class WinnerRequest(Request):
    """A complete trick."""

    trump: Suit = arg(help=_TRUMP)
    table: tuple[Card, ...] = arg(help="the complete trick, one card per active player, in the order played",
                                  aliases=("trick",))
    leader: str | None = arg(None, help="who led it (a seat letter): the answer then names who played each card",
                             seat=True)
    players: int | None = arg(None, help=_PLAYERS + " (by default 4 minus those sitting out)", low=2, high=4)
    sits_out: str | tuple[str, ...] = arg((), help=_SITS_OUT, seat=True)


@dataclass(frozen=True, kw_only=True)
class WinnerAnswer:
    table: tuple[Card, ...] = arg(help="the trick")
    winner_index: int = arg(help="the position in the trick of the winning card (0: the lead)")
    winner_card: Card = arg(help="the winning card")
    reason: str = arg(help="why it wins")
    seats: tuple[str, ...] | None = arg(help="who played each card, in order (with a leader)")
    order: str | None = arg(help="the players in the order they played, in words (with a leader)")
    winner: str | None = arg(help="the seat that wins (with a leader)")
    winner_name: str | None = arg(help="the seat that wins, in words (with a leader)")


def winner_command(request: WinnerRequest) -> WinnerAnswer:
    """Who wins a complete trick (one card per active player, in the order played), and why."""
    rules = _rules(request)
    trick = request.table
    check_cards(trick, "in the trick", rules.benny)
    out = _sitting_out(request.sits_out)
    players = _active(request.players, out)
    if len(trick) != players:
        raise InvalidPositionError(_("a complete trick has one card per active player: {players} cards, not "
                                     "{count}").format(players=players, count=len(trick)))
    index = trick_winner(trick, request.trump)
    answer = WinnerAnswer(table=trick, winner_index=index, winner_card=trick[index],
                          reason=winner_reason(trick, request.trump), seats=None, order=None, winner=None,
                          winner_name=None)
    if request.leader is None:
        check_sitting_out(out)
        return answer
    seats = play_order(_seat(request.leader), out, players)
    return WinnerAnswer(table=trick, winner_index=index, winner_card=trick[index], reason=answer.reason,
                        seats=tuple(s.letter for s in seats), order=" → ".join(seat_name(s.letter) for s in seats),
                        winner=seats[index].letter, winner_name=seat_name(seats[index].letter))


# ------------------------------------------------------------------------------------------ score, game


@dataclass(frozen=True, kw_only=True)
class ScoreRequest(Request):
    """The tricks the makers took and who went alone."""

    makers_tricks: int = arg(help="tricks won by the makers, 0 to 5", low=0, high=5)
    alone: bool = arg(False, help="a maker went alone")
    defender_alone: bool = arg(False, help="a defender went alone")


@dataclass(frozen=True, kw_only=True)
class ScoreAnswer:
    makers: int = arg(help="points to the makers")
    defenders: int = arg(help="points to the defenders")
    points: int = arg(help="the points scored (by whichever side)")
    side: str = arg(help="who scores: makers or defenders")
    euchred: bool = arg(help="the makers took fewer than 3 tricks")
    march: bool = arg(help="the makers took all 5")
    reason: str = arg(help="the row of the scoring table")


def score_command(request: ScoreRequest) -> ScoreAnswer:
    """The points of a hand from the makers' tricks and who went alone (the scoring table), under the preset's
    rules: a lone defender where no defender may go alone is refused, not paid."""
    result = score_hand(request.makers_tricks, request.alone, request.defender_alone, _rules(request))
    return ScoreAnswer(makers=result.makers, defenders=result.defenders, points=max(result.makers, result.defenders),
                       side="makers" if result.makers else "defenders", euchred=result.euchred, march=result.march,
                       reason=result.words)


@dataclass(frozen=True, kw_only=True)
class GameRequest(Request):
    """A game score."""

    scores: tuple[int, int] | Mapping[str, int] = arg(
        help="the score [North-South, East-West], or {\"N-S\": …, \"E-W\": …}")


@dataclass(frozen=True, kw_only=True)
class GameAnswer:
    over: bool = arg(help="whether a side has won")
    winner: str | None = arg(help="the side that won (N-S or E-W), null while the game goes on")
    reason: str = arg(help="why, in words")
    target: int = arg(help="the points that win")
    win_by_two: bool = arg(help="whether the winner must lead by 2")


def game_command(request: GameRequest) -> GameAnswer:
    """Whether a game is won at a score, under the preset's target (won by two, or first to 10)."""
    rules = _rules(request)
    scores = check_reachable(parse_scores(request.scores), rules)
    side = game_winner(scores, rules)
    return GameAnswer(over=side is not None, winner=side.short if side is not None else None,
                      reason=game_over_reason(scores, rules), target=rules.target, win_by_two=rules.win_by_two)


# ------------------------------------------------------------------------------------------ calls, discard


@dataclass(frozen=True, kw_only=True)
class CallsRequest(Request):
    """A calling position: the players before ``seat``, from the dealer's left, have passed."""

    dealer: str = arg(help="the dealer (a seat letter)", seat=True)
    upcard: Card = arg(help="the upcard")
    round: int | None = arg(None, help=N_("the calling round: 1, pass or order the upcard up; 2 (after four passes), "
                                          "name another suit or pass (by default 1)"), low=1, high=2)
    seat: str | None = arg(None, help="the player to call (by default the dealer's left; the dealer for a "
                                      "turned-up joker)", seat=True)
    hand: tuple[Card, ...] = arg((), help="their hand, for the rule-of-thumb advice (optional)")
    call: str | None = arg(None, help="a call to check: pass, order up, name H …")
    joker_suit: Suit | None = arg(None, help="with a turned-up joker under \"stands for a suit\": the suit the "
                                             "dealer named")


@dataclass(frozen=True, kw_only=True)
class CallsAnswer:
    to_act: str = arg(help="the player to call (a seat letter)")
    phase: str = arg(help="call round 1, call round 2, or joker upcard (the dealer names a suit)")
    round: int = arg(help="the calling round")
    calls: tuple[str, ...] = arg(help="the legal calls, as text")
    reasons: Mapping[str, str] = arg(help="for each call of this round, why it is legal or not")
    joker_rule: str | None = arg(help="what a turned-up joker means under these rules (when it is turned up)")
    advice: str | None = arg(help="the rule-of-thumb call (with a hand)")
    advice_reason: str | None = arg(help="why (with a hand)")
    legal: bool | None = arg(help="whether `call` is legal (when given)")
    reason: str | None = arg(help="why (when `call` is given)")


def calls_command(request: CallsRequest) -> CallsAnswer:
    """The legal calls of a player in calling round 1 or 2, each with why; with a hand, the rule-of-thumb
    advice; with a call, the verdict on it."""
    rules = _rules(request)
    dealer = _seat(request.dealer)
    check_cards([request.upcard], "as the upcard", rules.benny)
    fixed = calling_fixed(request.upcard, dealer, request.joker_suit)
    rnd = request.round if request.round is not None else 1
    default_seat = fixed[1] if fixed is not None else dealer.left
    seat = _seat(request.seat) if request.seat is not None else default_seat
    state = calling_state(rules, dealer, request.upcard, rnd, seat, request.hand, request.joker_suit)
    legal_now = legal_actions(state)
    every: list[Action]
    if state.phase is Phase.JOKER_UPCARD:
        every = [PASS, ORDER_UP, *legal_now]
    elif rnd == 1:
        every = [PASS, ORDER_UP]
    else:
        every = [PASS, *(NameTrump(s) for s in Suit)]
    advice = call_advice(state) if request.hand else None
    verdict = check_action(state, parse_action(request.call)) if request.call is not None else None
    return CallsAnswer(
        to_act=seat.letter, phase=state.phase.value, round=rnd, calls=tuple(action_text(a) for a in legal_now),
        reasons={action_text(a): check_action(state, a).reason for a in every},
        joker_rule=rules.benny_upcard.description if state.phase is Phase.JOKER_UPCARD else None,
        advice=advice[0] if advice else None, advice_reason=advice[1] if advice else None,
        legal=verdict.legal if verdict is not None else None, reason=verdict.reason if verdict is not None else None,
    )


@dataclass(frozen=True, kw_only=True)
class DiscardRequest(Request):
    """The dealer's hand after picking up the upcard."""

    hand: tuple[Card, ...] = arg(help="the dealer's six cards, the upcard among them")
    upcard: Card = arg(help="the upcard picked up")
    play: Card | None = arg(None, help="a discard to check", aliases=("card",))
    trump: Suit | None = arg(None, help="the trump suit: needed only when the upcard is the joker (the suit the "
                                        "dealer named)")
    dealer: str = arg("S", help="the dealer (a seat letter)", seat=True)


@dataclass(frozen=True, kw_only=True)
class DiscardAnswer:
    discards: tuple[Card, ...] = arg(help="the legal discards")
    trump: Suit = arg(help="the trump suit")
    advice: Card = arg(help="the rule-of-thumb discard")
    legal: bool | None = arg(help="whether `play` is a legal discard (when given)")
    reason: str | None = arg(help="why (when `play` is given)")


def discard_command(request: DiscardRequest) -> DiscardAnswer:
    """The dealer's legal discards after picking up the upcard, and the rule-of-thumb discard."""
    rules = _rules(request)
    state = discard_state(rules, request.upcard, request.hand, _seat(request.dealer), request.trump)
    options = tuple(a.card for a in legal_actions(state) if isinstance(a, Discard))
    advice = heuristic_bot(state, None)
    assert isinstance(advice, Discard) and state.trump is not None
    verdict = None
    if request.play is not None:
        check_cards([request.play], "in 'play'", rules.benny)
        verdict = check_action(state, Discard(request.play))
    return DiscardAnswer(discards=options, trump=state.trump, advice=advice.card,
                         legal=None if verdict is None else verdict.legal,
                         reason=None if verdict is None else verdict.reason)


# ------------------------------------------------------------------------------------------ trumps


@dataclass(frozen=True, kw_only=True)
class TrumpsRequest(Request):
    """A trump suit and a hand."""

    trump: Suit = arg(help=_TRUMP)
    hand: tuple[Card, ...] = arg((), help="the cards to sort into trumps and others", aliases=("cards",))
    picked: tuple[Card, ...] | None = arg(None, help="the cards a learner picked as the trumps of the hand")


@dataclass(frozen=True, kw_only=True)
class TrumpsAnswer:
    trump: Suit = arg(help="the trump suit")
    order: tuple[Card, ...] = arg(help="every trump, highest first")
    right_bower: Card = arg(help="the jack of trumps")
    left_bower: Card = arg(help="the other jack of the trump colour")
    best_bower: Card | None = arg(help="the joker, with the benny")
    trumps: tuple[Card, ...] = arg(help="the trumps in the hand, highest first")
    count: int = arg(help="how many trumps the hand holds")
    effective: Mapping[str, Suit] = arg(help="each card's suit while this suit is trump (by notation)")
    notes: Mapping[str, str] = arg(help="what each card is while this suit is trump (by notation)")
    correct: bool | None = arg(help="whether `picked` are exactly the trumps (when given)")
    reason: str | None = arg(help="why (when `picked` is given)")


def trumps_command(request: TrumpsRequest) -> TrumpsAnswer:
    """Which cards of a hand are trumps (bowers included), the trump order, each card's effective suit; with
    ``picked``, whether the picked cards are exactly the trumps."""
    rules = _rules(request)
    trump = request.trump
    check_cards(request.hand, "in the hand", rules.benny)
    order = order_of_trumps(trump, rules.benny)
    verdict = None
    if request.picked is not None:
        check_cards(request.picked, "in the picked cards", rules.benny)
        verdict = judge_trumps(request.hand, request.picked, trump, rules.benny)
    held = tuple(c for c in order if c in request.hand)
    suits = EFFECTIVE[trump]
    return TrumpsAnswer(
        trump=trump, order=order, right_bower=right_bower(trump), left_bower=left_bower(trump),
        best_bower=BENNY if rules.benny else None, trumps=held, count=len(held),
        effective={c.text: suits[c] for c in request.hand}, notes={c.text: card_note(c, trump) for c in request.hand},
        correct=verdict.legal if verdict is not None else None, reason=verdict.reason if verdict is not None else None,
    )


# ------------------------------------------------------------------------------------------ deal


@dataclass(frozen=True, kw_only=True)
class EuchreDealRequest(DealRequest):
    dealer: str | None = arg(None, help="the dealer (a seat letter); by default the seed picks one", seat=True)


@dataclass(frozen=True, kw_only=True)
class Packet:
    seat: str = arg(help="who was given the cards")
    cards: tuple[Card, ...] = arg(help="the cards")


@dataclass(frozen=True, kw_only=True)
class EuchreDealAnswer(DealAnswer):
    dealer: str = arg(help="the dealer")
    dealer_name: str = arg(help="the dealer, in words")
    first: str = arg(help="the first to speak: the dealer's left")
    first_name: str = arg(help="the first to speak, in words")
    first_hand: tuple[Card, ...] = arg(help="the hand of the first to speak")
    upcard: Card = arg(help="the card turned up on the kitty")
    upcard_suit: Suit | None = arg(help="its suit (null for the joker)")
    joker_upcard: bool = arg(help="whether the joker was turned up (the benny)")
    kitty: tuple[Card, ...] = arg(help="the cards under the upcard")
    deck_size: int = arg(help="24, or 25 with the benny")
    deal_packets: DealPackets = arg(help="how the cards were dealt")
    deal_order: str = arg(help="how the cards were dealt, in words")
    packets: tuple[Packet, ...] = arg(help="every packet, in the order dealt")
    packet_sizes: str = arg(help="the packets in short: seat letter and size")
    partners: Mapping[str, str] = arg(help="each seat's partner")
    partner_names: Mapping[str, str] = arg(help="each seat's partner, in words")
    sides: Mapping[str, str] = arg(help="the two sides and their seats")


def deal_command(request: EuchreDealRequest) -> EuchreDealAnswer:
    """A seeded deal: the dealer (from the seed unless given), the hands by seat, the upcard, the kitty and
    the packets as dealt."""
    rules = _rules(request)
    dealt = deal_cards(request.seed, _seat(request.dealer) if request.dealer is not None else None, rules)
    d = dealt.dealer
    return EuchreDealAnswer(
        seed=request.seed, hands={s.letter: tuple(sort_hand(dealt.hands[s])) for s in Seat},
        dealer=d.letter, dealer_name=seat_name(d.letter), first=d.left.letter, first_name=seat_name(d.left.letter),
        first_hand=tuple(sort_hand(dealt.hands[d.left])), upcard=dealt.upcard, upcard_suit=dealt.upcard.suit,
        joker_upcard=dealt.upcard == BENNY, kitty=dealt.kitty, deck_size=25 if rules.benny else 24,
        deal_packets=rules.deal_packets, deal_order=rules.deal_packets.description,
        packets=tuple(Packet(seat=seat.letter, cards=cards) for seat, cards in dealt.packets),
        packet_sizes=" ".join(f"{seat.letter}{len(cards)}" for seat, cards in dealt.packets),
        partners={s.letter: s.partner.letter for s in Seat},
        partner_names={seat_name(s.letter): seat_name(s.partner.letter) for s in Seat},
        sides={"N-S": "N S", "E-W": "E W"},
    )


# ------------------------------------------------------------------------------------------ position


@dataclass(frozen=True, kw_only=True)
class PositionRequest(Request):
    """What the position editor saves and shares: a trick (``trump``, ``hand``, ``table``; complete when it
    holds one card per active player) or, with an ``upcard``, a calling position (see ``calls``)."""

    trump: Suit | None = arg(None, help="a trick: " + _TRUMP)
    hand: tuple[Card, ...] = arg((), help="the hand of the player to act")
    table: tuple[Card, ...] = arg((), help="a trick: " + _TABLE, aliases=("trick",))
    players: int | None = arg(None, help="a trick: " + _PLAYERS, low=2, high=4)
    leader: str | None = arg(None, help="a trick: who led it", seat=True)
    sits_out: str | tuple[str, ...] = arg((), help="a trick: " + _SITS_OUT, seat=True)
    play: Card | None = arg(None, help="a trick: a card to check", aliases=("card",))
    dealer: str | None = arg(None, help="a calling position: the dealer", seat=True)
    upcard: Card | None = arg(None, help="a calling position: the upcard")
    round: int | None = arg(None, help="a calling position: the round, 1 or 2", low=1, high=2)
    seat: str | None = arg(None, help="a calling position: the player to call", seat=True)
    call: str | None = arg(None, help="a calling position: a call to check")
    joker_suit: Suit | None = arg(None, help="a calling position: the suit a turned-up joker stands for")


@dataclass(frozen=True, kw_only=True)
class PositionAnswer:
    kind: str = arg(help="trick, complete trick, or calling")
    legal: EuchreLegalAnswer | None = arg(help="a trick: the legal cards with reasons")
    check: EuchreCheckAnswer | None = arg(help="a trick with `play`: the verdict on that card")
    to_play: str | None = arg(help="a trick with a leader: who plays next")
    winner: WinnerAnswer | None = arg(help="a complete trick: who wins it")
    calls: CallsAnswer | None = arg(help="a calling position: the legal calls")


def trick_players(request: PositionRequest) -> int:
    """The players of a posed trick: ``players``, else four minus those sitting out (InvalidPositionError when the
    two disagree)."""
    return _active(request.players, _sitting_out(request.sits_out))


_TRICK_ONLY = ("trump", "table", "players", "leader", "sits_out", "play")
_CALLING_ONLY = ("dealer", "round", "seat", "call", "joker_suit")


def position_command(request: PositionRequest) -> PositionAnswer:
    """Everything the position editor shows for its JSON: a trick's legal cards (and the verdict on ``play``),
    a complete trick's winner, or a calling position's legal calls."""
    rules = _rules(request)
    r = request
    if r.upcard is not None:
        given = [k for k in _TRICK_ONLY if getattr(r, k) not in (None, ())]
        if given:
            raise InvalidRequestError(_("a calling position (with an upcard) has no {field}").format(
                field=repr(given[0])))
        if r.dealer is None:
            raise InvalidRequestError(_("a calling position needs its 'dealer'"))
        called = calls_command(CallsRequest(preset=r.preset, options=r.options, dealer=r.dealer, upcard=r.upcard,
                                            round=r.round, seat=r.seat, hand=r.hand, call=r.call,
                                            joker_suit=r.joker_suit))
        return PositionAnswer(kind="calling", legal=None, check=None, to_play=None, winner=None, calls=called)
    given = [k for k in _CALLING_ONLY if getattr(r, k) is not None]
    if given:
        raise InvalidRequestError(_("field {field} belongs to a calling position, which needs an 'upcard'").format(
            field=repr(given[0])))
    if r.trump is None:
        raise InvalidRequestError(_("a trick needs its 'trump'"))
    out = _sitting_out(r.sits_out)
    check_sitting_out(out)
    players = _active(r.players, out)
    if len(r.table) > players:
        raise InvalidPositionError(_("a trick holds one card per active player: with {players} active it holds at "
                                     "most {players} cards, not {count}").format(players=players, count=len(r.table)))
    if len(r.table) == players:
        check_cards(r.table + r.hand, "in the hand and the trick together", rules.benny)
        won = winner_command(WinnerRequest(preset=r.preset, options=r.options, trump=r.trump, table=r.table,
                                           leader=r.leader, players=r.players, sits_out=r.sits_out))
        return PositionAnswer(kind="complete trick", legal=None, check=None, to_play=None, winner=won, calls=None)
    answer = legal_command(EuchreLegalRequest(preset=r.preset, options=r.options, trump=r.trump, hand=r.hand,
                                              table=r.table, players=players))
    to_play = None
    if r.leader is not None:
        order = play_order(_seat(r.leader), out)
        to_play = order[len(r.table) % len(order)].letter
    verdict = None
    if r.play is not None:
        verdict = check_command(EuchreCheckRequest(preset=r.preset, options=r.options, trump=r.trump, hand=r.hand,
                                                   table=r.table, players=players, play=(r.play,)))
    return PositionAnswer(kind="trick", legal=answer, check=verdict, to_play=to_play, winner=None, calls=None)


# ------------------------------------------------------------------------------------------ match


@dataclass(frozen=True, kw_only=True)
class MatchRequest(Request):
    """A seeded whole game to 10 (or the rules' target), played by the bots (the same as ``playout`` with
    ``start: {"whole": true}``, answered as a game's result)."""

    seed: int = arg(0, help="the game's seed: it picks the first dealer and every deal", low=0, high=MAX_SEED)
    bots: str | tuple[str, ...] | None = arg(None, help="a bot name for every seat, or one per seat")
    record: bool = arg(False, help="include the whole game's record (it replays on the Table)", aliases=("records",))


@dataclass(frozen=True, kw_only=True)
class MatchAnswer:
    winner: str = arg(help="the side that won the game: N-S or E-W")
    scores: Mapping[str, int] = arg(help="the final score by side")
    hands: int = arg(help="how many hands were played")
    thrown_in: int = arg(help="how many of them were thrown in")
    path: tuple[str, ...] = arg(help="the score after each hand, from 0-0 (N-S first)")
    dealers: tuple[str, ...] = arg(help="who dealt each hand")
    summary: str = arg(help="how the game went, in sentences")
    record: Mapping[str, Any] | None = arg(help="the whole game's record, when asked for (start: {\"whole\": true})")


def match_command(request: MatchRequest) -> MatchAnswer:
    """A whole game to 10 (or the rules' target) played by the bots, hand after hand, from a seed — through
    :mod:`engine.match`, exactly as the Table plays and replays a whole game."""
    rules = _rules(request)
    record, final = play_out(GAME, rules, request.seed, request.bots, preset=request.preset,
                             options=request.options, start={WHOLE: True})
    outcome = whole_game(GAME).outcome(final)
    assert outcome is not None  # play_out plays to the end
    data = outcome.data
    return MatchAnswer(
        winner=data["winner"], scores={"N-S": data["ns_score"], "E-W": data["ew_score"]}, hands=data["hands"],
        thrown_in=data["thrown_in"], path=tuple(data["path"].split()), dealers=tuple(data["dealers"]),
        summary=outcome.summary, record=record.to_json() if request.record else None,
    )


# ------------------------------------------------------------------------------------------ the table


_context = default_context(GAME)


class _EuchreCommand(Command[Any, Any]):
    """A Euchre command: its suit fields also read the symbols ♠ ♥ ♦ ♣ (``trump``, ``joker_suit``), and the
    joker in a game without the benny is refused with :class:`NeedsBennyError` (which names the option)."""

    def decode(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            data = {k: _suit_letter(v) if k in _SUIT_FIELDS else v for k, v in data.items()}
        try:
            return super().decode(data)
        except NeedsBennyError:
            raise
        except CardNotInDeckError as error:
            if error.card != BENNY.symbol_text:
                raise
            where = str(error)[: str(error).find(error.card)].rstrip(": ")
            raise (add_context(NeedsBennyError(), where) if where else NeedsBennyError()) from None


def _suit_letter(value: Any) -> Any:
    if not isinstance(value, str) or len(value) > 20:
        return value
    try:
        return Suit.parse(value).letter
    except CardTableError:
        return value


def read_position(data: Any) -> PositionRequest:
    """A position editor's JSON (a saved file, a shared link) as a typed request; InvalidRequestError (or
    another CardTableError) naming the bad field.

    Refusals are worded for a learner (:func:`engine.commands.in_learner_words`: rule sets by their titles).
    """
    try:
        request = COMMANDS["position"].decode(data)
    except CardTableError as error:
        raise in_learner_words(GAME, error) from None
    assert isinstance(request, PositionRequest)
    return request


def posed_state(request: Any) -> HandState:
    """A state for the coach from a position posed in the editor: a trick (``trump``, ``hand``, ``table``,
    ``players``, ``sits_out``), a calling position (``upcard``, ``dealer``, ``round``, ``seat``, ``hand``) or the
    dealer's discard (``upcard`` and the dealer's six cards). The player to act holds the hand; every card they
    cannot see is dealt at random (the coach deals it again in every sample). In a posed trick the earlier tricks
    are unknown: the hand ends after the cards in hand are played, and its value is the tricks taken from here."""
    rules = _rules(request)
    if isinstance(request, DiscardRequest):
        dealer = Seat.parse(request.dealer)
        state = discard_state(rules, request.upcard, request.hand, dealer, request.trump)
        return fill_hidden(state, int(dealer))
    if isinstance(request, CallsRequest) or (isinstance(request, PositionRequest) and request.upcard is not None):
        if request.dealer is None or request.upcard is None:
            raise InvalidRequestError(_("a calling position needs its 'dealer' and 'upcard'"))
        if not request.hand:
            raise InvalidRequestError(_("the coach needs the hand of the player to call"))
        dealer = Seat.parse(request.dealer)
        seat = Seat.parse(request.seat) if request.seat is not None else dealer.left
        state = calling_state(rules, dealer, request.upcard, request.round or 1, seat, request.hand,
                              request.joker_suit)
        if len(state.hands[int(seat)]) != 5:
            raise InvalidRequestError(_("the coach needs all five cards of the player to call"))
        return fill_hidden(state, int(seat))
    if isinstance(request, (EuchreLegalRequest, PositionRequest)):
        if request.trump is None:
            raise InvalidRequestError(_("a trick needs its 'trump'"))
        return posed_trick(rules, request)
    raise InvalidRequestError(_("the coach takes a trick, a calling position or the dealer's discard"))


COMMANDS: dict[str, Command[Any, Any]] = {
    **{c.name: c for c in (_EuchreCommand(run, _context) for run in (
        legal_command, check_command, winner_command, score_command, game_command, calls_command, discard_command,
        trumps_command, deal_command, position_command, match_command))},
}
