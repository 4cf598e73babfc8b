"""A whole hand of Euchre as a state machine of frozen states.

Phases, in order: (joker upcard, with the benny) → call round 1 → (dealer discard, after an order-up) → call
round 2 (only if all four passed) → go alone → play (5 tricks) → scored. A hand whose calling goes round
twice with no call is thrown in (phase scored, no points; who deals next is the ``thrown_in`` option).
:func:`apply` returns a new state and never changes the old one.

With the benny a turned-up joker opens the phase *joker upcard*: the dealer names a suit before looking at
their cards (``name H``). Under the common rule that suit is trump at once, as if the dealer had ordered it
up; under ``benny_upcard = "stands for a suit"`` the joker stands for that suit in round 1 (see
:mod:`engine.euchre.rules`).

Actions are typed values: :data:`engine.base.PASS`, the bidding decisions of :mod:`engine.euchre.bidding`
(:data:`ORDER_UP`, :class:`NameTrump`, :class:`Discard`, :class:`GoAlone`) and a :class:`~engine.cards.Card` to
play. :func:`action_text` / :func:`parse_action` convert them to and from text (``pass``, ``order up``,
``name H``, ``discard 9C``, ``alone``, ``partner``, ``9C``). Legality has one path, :func:`check_action`, which
asks :mod:`engine.euchre.bidding` and :func:`engine.euchre.play.check`.

A hand may start inside a game (``start``): who deals, and the game score before it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.base import PASS, Pass, Verdict
from engine.cards import Card, Suit
from engine.errors import (
    CardTableError,
    IllegalPlayError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRequestError,
)
from engine.euchre import bidding
from engine.euchre.bidding import ORDER_UP, Discard, GoAlone, NameTrump, OrderUp
from engine.euchre.deal import deal_cards
from engine.euchre.order import BENNY, EFFECTIVE, check_cards, suit_plural
from engine.euchre.play import Position, legal_cards
from engine.euchre.play import check as check_play
from engine.euchre.rules import BennyUpcard, FirstLead, Rules, Seat, Side, ThrownIn
from engine.euchre.score import HandScore, check_reachable, game_winner, parse_scores, score_hand, side_points
from engine.euchre.trick import Trick, trick_winner
from engine.i18n import N_
from engine.i18n import gettext as _

__all__ = [
    "START_FIELDS",
    "Action",
    "HandResult",
    "HandState",
    "Phase",
    "action_text",
    "apply",
    "apply_unchecked",
    "calling_state",
    "check_action",
    "discard_state",
    "hand_result",
    "legal_actions",
    "new_game",
    "next_dealer",
    "parse_action",
    "state_from_cards",
    "trick_position",
]


class Phase(Enum):
    """What is being decided. The value is how the phase is written for people."""

    JOKER_UPCARD = "joker upcard"
    CALL_ROUND_1 = "call round 1"
    DEALER_DISCARD = "dealer discard"
    CALL_ROUND_2 = "call round 2"
    GO_ALONE = "go alone"
    PLAY = "play"
    SCORED = "scored"


Action = Pass | OrderUp | NameTrump | Discard | GoAlone | Card


def action_text(action: Action) -> str:
    """Canonical text of an action: ``pass``, ``order up``, ``name H``, ``discard 9C``, ``alone``, ``9C``."""
    if action is PASS:
        return "pass"
    if action is ORDER_UP:
        return "order up"
    if isinstance(action, NameTrump):
        return f"name {action.suit.letter}"
    if isinstance(action, Discard):
        return f"discard {action.card.text}"
    if isinstance(action, GoAlone):
        return action.value
    if isinstance(action, Card):
        return action.text
    raise TypeError(f"not a Euchre action: {action!r}")


_ACTION_EXPECTED = "an action: pass, order up, name H (or a suit), discard 9C, alone, partner, or a card such as 9C"
_SPACES = re.compile(r"\s+")


def parse_action(text: str) -> Action:
    """The action written in ``text`` (case-insensitive); InvalidNotationError quoting it otherwise."""
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), _ACTION_EXPECTED)
    words = _SPACES.sub(" ", text.strip().lower())
    if words == "pass":
        return PASS
    if words in ("order up", "order it up", "order", "pick up", "pick it up"):
        return ORDER_UP
    if words in ("alone", "go alone"):
        return GoAlone.ALONE
    if words in ("partner", "with partner", "play with partner"):
        return GoAlone.PARTNER
    head, _, rest = words.partition(" ")
    try:
        if head in ("name", "call", "make"):
            return NameTrump(Suit.parse(rest))
        if head == "discard":
            return Discard(Card.parse(rest))
        if head == "play":
            return Card.parse(rest)
        return Card.parse(words)
    except InvalidNotationError:
        raise InvalidNotationError(text, _ACTION_EXPECTED) from None


@dataclass(frozen=True, slots=True)
class HandState:
    """One moment of a hand. ``to_act`` is the seat whose decision is next (None once scored).

    ``hands`` are indexed by seat (0 North … 3 West); ``out`` lists the seats sitting out (partners of
    lone players); ``lone`` the seats going alone; ``alone_queue`` the seats still to answer "alone?".
    ``trick_cards``/``trick_seats`` hold the current trick, ``tricks`` the completed ones, ``won`` the
    tricks won per seat. ``history`` is every decision so far as (seat, action). ``joker_suit`` is the suit
    the dealer named for a turned-up joker (the benny). ``scores`` is the game score (North-South, East-West)
    before this hand, when the hand is played inside a game.
    """

    rules: Rules
    dealer: int
    phase: Phase
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    upcard: Card | None
    kitty: tuple[Card, ...]
    dealt: tuple[tuple[Card, ...], ...] = ()
    history: tuple[tuple[int, Action], ...] = ()
    passes: int = 0
    trump: Suit | None = None
    maker: int | None = None
    called_round: int = 0
    discard: Card | None = None
    lone: tuple[int, ...] = ()
    alone_queue: tuple[int, ...] = ()
    out: tuple[int, ...] = ()
    tricks: tuple[Trick, ...] = ()
    leader: int | None = None
    trick_cards: tuple[Card, ...] = ()
    trick_seats: tuple[int, ...] = ()
    won: tuple[int, int, int, int] = (0, 0, 0, 0)
    joker_suit: Suit | None = None
    scores: tuple[int, int] | None = None

    def _with(self, **changes: Any) -> HandState:
        """A copy with ``changes`` (the hot path of every move: no validation, no dataclasses.replace)."""
        copied: HandState = _copy_with(self, changes)
        return copied

    @property
    def active(self) -> int:
        """How many players take part in the play (4, or 3 / 2 with lone hands)."""
        return 4 - len(self.out)

    @property
    def makers(self) -> Side | None:
        return None if self.maker is None else Side(self.maker % 2)

    @property
    def over(self) -> bool:
        return self.phase is Phase.SCORED

    @property
    def thrown_in(self) -> bool:
        return self.phase is Phase.SCORED and self.trump is None

    @property
    def turned_suit(self) -> Suit | None:
        """The suit on offer in round 1 and turned down for round 2: the upcard's, or the suit the dealer
        named for a turned-up joker (None while that is not named yet)."""
        if self.upcard is None:
            return None
        return self.joker_suit if self.upcard == BENNY else self.upcard.suit

    def tricks_of(self, side: Side) -> int:
        return self.won[side.value] + self.won[side.value + 2]


State = HandState
"""The state of a hand: the name every game's package gives its state."""


_FIELDS = tuple(HandState.__dataclass_fields__)


def _make_copier() -> Any:
    """A function that copies a HandState with changes, one line per field (generated once: a loop over the
    fields with getattr costs twice as much, and every move of every play-out makes a state)."""
    lines = ["def copy_with(old, changes):", "    new = new_state(HandState)", "    get = changes.get"]
    scope: dict[str, Any] = {"new_state": object.__new__, "HandState": HandState}
    for name in _FIELDS:
        scope[f"set_{name}"] = HandState.__dict__[name].__set__  # the slot itself (the class is frozen)
        lines.append(f"    set_{name}(new, get({name!r}, old.{name}))")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # noqa: S102 - code built above from the dataclass's own field names
    return scope["copy_with"]


_copy_with = _make_copier()


# ---------------------------------------------------------------------------------------------- set-up

START_FIELDS = ("dealer", "scores")
"""What ``start`` may say about a hand inside a game: who deals (a seat letter) and the game score before it
(``[N-S, E-W]`` or ``{"N-S": …, "E-W": …}``)."""


def read_start(rules: Rules, start: Mapping[str, Any] | None) -> tuple[Seat | None, tuple[int, int] | None]:
    """The dealer and the game score of ``start``; InvalidRequestError naming what is wrong."""
    if not start:
        return None, None
    if not isinstance(start, Mapping):
        raise InvalidRequestError("start is an object such as {\"dealer\": \"N\", \"scores\": [3, 5]}")
    unknown = [k for k in start if k not in START_FIELDS]
    if unknown:
        raise InvalidRequestError(f"unknown field {unknown[0]!r} in start; known fields: {', '.join(START_FIELDS)}")
    try:
        dealer = Seat.parse(start["dealer"]) if start.get("dealer") is not None else None
        scores = check_reachable(parse_scores(start["scores"]), rules) if start.get("scores") is not None else None
        if scores is not None and game_winner(scores, rules) is not None:
            raise InvalidRequestError(_("the game is already won at {a}-{b}: no hand follows").format(a=scores[0],
                                                                                                      b=scores[1]))
    except CardTableError as error:
        if isinstance(error, InvalidRequestError):
            raise
        raise InvalidRequestError(f"start: {error}") from None
    return dealer, scores


def new_game(rules: Rules, seed: int, start: Mapping[str, Any] | None = None) -> HandState:
    """The seeded hand right after the deal. ``start``: ``dealer`` (a seat; otherwise the seed picks the
    dealer) and ``scores`` (the game score before this hand)."""
    dealer, scores = read_start(rules, start)
    dealt = deal_cards(seed, dealer, rules)
    return _after_deal(rules, int(dealt.dealer), dealt.hands, dealt.upcard, dealt.kitty, scores)


def state_from_cards(rules: Rules, dealer: Seat | int, hands: Sequence[Sequence[Card]], upcard: Card,
                     kitty: Sequence[Card] = (), scores: tuple[int, int] | None = None) -> HandState:
    """A hand ready for its first call from given cards (five per seat, an upcard, up to 3 kitty cards; 4
    with the benny). With the benny and the joker as the upcard, the dealer first names a suit.

    Raises InvalidPositionError (or a subclass) naming the problem: a card twice, a card not in the
    24-card deck (25 with the benny), a hand that does not hold five cards.
    """
    if len(hands) != 4:
        raise InvalidPositionError(_("Euchre has four hands, not {count}").format(count=len(hands)))
    benny = rules.benny
    for seat, hand in zip(Seat, hands, strict=True):
        check_cards(hand, f"in {seat.title}'s hand", benny)
        if len(hand) != 5:
            raise InvalidPositionError(_("{seat} must be dealt 5 cards, not {count}").format(seat=seat.title,
                                                                                          count=len(hand)))
    under = 4 if benny else 3
    if len(kitty) > under:
        raise InvalidPositionError(_("the kitty holds {under} cards under the upcard, not {count}").format(
            under=under, count=len(kitty)))
    check_cards([c for h in hands for c in h] + [upcard] + list(kitty), "in the deal", benny)
    return _after_deal(rules, int(dealer) % 4, tuple(tuple(h) for h in hands), upcard, tuple(kitty), scores)


def _after_deal(rules: Rules, dealer: int, hands: tuple[tuple[Card, ...], ...], upcard: Card,
                kitty: tuple[Card, ...], scores: tuple[int, int] | None) -> HandState:
    if upcard == BENNY:
        return HandState(rules, dealer, Phase.JOKER_UPCARD, dealer, hands, upcard, kitty, dealt=hands,
                         scores=scores)
    return HandState(rules, dealer, Phase.CALL_ROUND_1, (dealer + 1) % 4, hands, upcard, kitty, dealt=hands,
                     scores=scores)


# ---------------------------------------------------------------------------------------------- legality


def legal_actions(state: HandState, limit: int | None = None) -> list[Action]:
    """Every legal action of the seat to act, in a fixed order (at most ``limit``; [] when the hand is over)."""
    phase = state.phase
    actions: list[Action]
    if phase is Phase.PLAY:
        assert state.to_act is not None and state.trump is not None  # set when play starts, until scored
        actions = list(legal_cards(state.hands[state.to_act], state.trick_cards, state.trump))
    elif phase is Phase.CALL_ROUND_1:
        actions = list(bidding.round_one_calls())
    elif phase is Phase.CALL_ROUND_2:
        actions = list(bidding.round_two_calls(state))
    elif phase is Phase.JOKER_UPCARD:
        actions = list(bidding.joker_calls())
    elif phase is Phase.DEALER_DISCARD:
        actions = list(bidding.legal_discards(state))
    elif phase is Phase.GO_ALONE:
        actions = list(bidding.alone_choices(state))
    else:
        actions = []
    return actions if limit is None else actions[:limit]


def trick_position(state: HandState) -> Position:
    """The position of the seat to play, for :func:`engine.euchre.play.check` and ``legal_plays``."""
    if state.phase is not Phase.PLAY or state.to_act is None or state.trump is None:
        raise InvalidPositionError(_("no one is playing a card now (phase: {phase})").format(phase=state.phase.value))
    return Position(state.trump, state.hands[state.to_act], state.trick_cards, state.active, state.rules.benny)


_PHASE_DOES = {
    Phase.JOKER_UPCARD: N_("the joker was turned up, and the dealer names a suit before looking at their cards"),
    Phase.CALL_ROUND_1: N_("this is round 1 of the calling, where each player passes or orders up the upcard"),
    Phase.DEALER_DISCARD: N_("the dealer is discarding one card"),
    Phase.CALL_ROUND_2: N_("this is round 2 of the calling, where each player passes or names a suit"),
    Phase.GO_ALONE: N_("each player in turn says whether they go alone"),
    Phase.PLAY: N_("the tricks are being played, so play a card"),
    Phase.SCORED: N_("the hand is over"),
}


def _doing(action: Action) -> str:
    """An action as something done, for a reason: ``playing A♥``, ``passing``, ``naming hearts``."""
    if action is PASS:
        return _("passing")
    if action is ORDER_UP:
        return _("ordering up")
    if isinstance(action, NameTrump):
        return _("naming {suits}").format(suits=suit_plural(action.suit))
    if isinstance(action, Discard):
        return _("discarding {card}").format(card=action.card.symbol_text)
    if action is GoAlone.ALONE:
        return _("going alone")
    if action is GoAlone.PARTNER:
        return _("playing with your partner")
    if isinstance(action, Card):
        return _("playing {card}").format(card=action.symbol_text)
    return repr(action)  # pragma: no cover - not an action


def check_action(state: HandState, action: Action) -> Verdict:
    """Whether ``action`` is legal for the seat to act, with the reason, in words for a learner."""
    phase = state.phase
    if phase is Phase.SCORED or state.to_act is None:
        return Verdict(False, _("no decision is open: the hand is over"))
    verdict: Verdict | None
    if phase is Phase.PLAY:
        verdict = check_play(trick_position(state), action) if isinstance(action, Card) else None
    elif phase is Phase.CALL_ROUND_1:
        verdict = bidding.check_round_one(state, action)
    elif phase is Phase.CALL_ROUND_2:
        verdict = bidding.check_round_two(state, action)
    elif phase is Phase.JOKER_UPCARD:
        verdict = bidding.check_joker_call(state, action)
    elif phase is Phase.DEALER_DISCARD:
        verdict = bidding.check_discard(state, action)
    else:
        verdict = bidding.check_alone(state, action)
    if verdict is None:
        return Verdict(False, _("{doing} is not a choice now: {phase}").format(doing=_doing(action),
                                                                              phase=_(_PHASE_DOES[phase])))
    return verdict


# ---------------------------------------------------------------------------------------------- moves


def apply(state: HandState, action: Action) -> HandState:
    """The state after the seat to act takes ``action``; IllegalPlayError with the reason if illegal."""
    verdict = check_action(state, action)
    if not verdict.legal:
        raise IllegalPlayError(verdict.reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: HandState, action: Action) -> HandState:
    """The state after ``action``, which the caller knows is legal (from :func:`legal_actions` or a bot)."""
    phase = state.phase
    seat = state.to_act
    assert seat is not None
    if phase is Phase.PLAY:
        assert isinstance(action, Card)
        return _play(state, seat, action)
    history = state.history + ((seat, action),)
    if phase is Phase.JOKER_UPCARD:
        assert isinstance(action, NameTrump)
        suit = action.suit
        if state.rules.benny_upcard is BennyUpcard.STANDS_FOR_A_SUIT:
            return state._with(history=history, joker_suit=suit, phase=Phase.CALL_ROUND_1, to_act=(seat + 1) % 4)
        return _picked_up(state._with(history=history, joker_suit=suit, trump=suit, maker=seat))
    if phase is Phase.CALL_ROUND_1:
        if action is PASS:
            if state.passes == 3:
                return state._with(history=history, passes=4, phase=Phase.CALL_ROUND_2,
                                   to_act=(state.dealer + 1) % 4)
            return state._with(history=history, passes=state.passes + 1, to_act=(seat + 1) % 4)
        return _picked_up(state._with(history=history, trump=state.turned_suit, maker=seat))
    if phase is Phase.CALL_ROUND_2:
        if action is PASS:
            if state.passes == 7:
                return state._with(history=history, passes=8, phase=Phase.SCORED, to_act=None)
            return state._with(history=history, passes=state.passes + 1, to_act=(seat + 1) % 4)
        assert isinstance(action, NameTrump)
        return _start_go_alone(state._with(history=history, trump=action.suit, maker=seat, called_round=2))
    if phase is Phase.DEALER_DISCARD:
        assert isinstance(action, Discard)
        hands = list(state.hands)
        rest = list(hands[seat])
        rest.remove(action.card)
        hands[seat] = tuple(rest)
        return _start_go_alone(state._with(history=history, hands=tuple(hands), discard=action.card))
    # GO_ALONE
    queue = state.alone_queue[1:]
    if action is GoAlone.ALONE:
        partner = (seat + 2) % 4
        queue = tuple(s for s in queue if s != partner)
        state = state._with(history=history, lone=state.lone + (seat,), out=state.out + (partner,))
    else:
        state = state._with(history=history)
    if queue:
        return state._with(alone_queue=queue, to_act=queue[0])
    return _start_play(state._with(alone_queue=()))


def _picked_up(state: HandState) -> HandState:
    """Trump made in round 1 (or named for a turned-up joker): the dealer picks up the upcard to discard."""
    assert state.upcard is not None
    hands = list(state.hands)
    hands[state.dealer] = hands[state.dealer] + (state.upcard,)
    return state._with(called_round=1, hands=tuple(hands), phase=Phase.DEALER_DISCARD, to_act=state.dealer)


def _start_go_alone(state: HandState) -> HandState:
    assert state.maker is not None
    queue = bidding.alone_queue(state.rules, state.dealer, state.maker)
    return state._with(phase=Phase.GO_ALONE, alone_queue=queue, to_act=queue[0])


def _next_active(state: HandState, seat: int) -> int:
    nxt = (seat + 1) % 4
    while nxt in state.out:
        nxt = (nxt + 1) % 4
    return nxt


def _start_play(state: HandState) -> HandState:
    first = (state.dealer + 1) % 4
    if first in state.out:
        if state.rules.first_lead is FirstLead.LEFT_OF_LONE:
            first = (first + 3) % 4  # the lone player is first's partner; their left is the dealer
            if first in state.out:
                first = _next_active(state, first)
        else:
            first = _next_active(state, first)
    return state._with(phase=Phase.PLAY, to_act=first, leader=first)


def _play(state: HandState, seat: int, card: Card) -> HandState:
    hands = list(state.hands)
    hand = hands[seat]
    i = hand.index(card)
    hands[seat] = hand[:i] + hand[i + 1:]
    cards = state.trick_cards + (card,)
    seats = state.trick_seats + (seat,)
    history = state.history + ((seat, card),)
    if len(cards) < 4 - len(state.out):
        return state._with(hands=tuple(hands), trick_cards=cards, trick_seats=seats, history=history,
                           to_act=_next_active(state, seat))
    assert state.trump is not None and state.leader is not None
    winner = seats[trick_winner(cards, state.trump)]
    won = list(state.won)
    won[winner] += 1
    tricks = state.tricks + (Trick(state.leader, cards, seats),)
    done = len(tricks) == 5
    return state._with(hands=tuple(hands), trick_cards=(), trick_seats=(), history=history,
                       won=(won[0], won[1], won[2], won[3]), tricks=tricks, leader=None if done else winner,
                       phase=Phase.SCORED if done else Phase.PLAY, to_act=None if done else winner)


# ---------------------------------------------------------------------------------------------- the result


@dataclass(frozen=True)
class HandResult:
    """The outcome of a finished hand."""

    thrown_in: bool
    makers: Side | None = None
    maker: int | None = None
    trump: Suit | None = None
    makers_tricks: int = 0
    maker_alone: bool = False
    defender_alone: bool = False
    score: HandScore | None = None

    @property
    def points(self) -> tuple[int, int]:
        """Points to (North-South, East-West)."""
        if self.score is None or self.makers is None:
            return (0, 0)
        return side_points(self.makers, self.score)


def hand_result(state: HandState) -> HandResult | None:
    """The outcome once the hand is scored (thrown in, or the points of the table), else None."""
    if state.phase is not Phase.SCORED:
        return None
    if state.trump is None or state.maker is None:
        return HandResult(thrown_in=True)
    makers = Side(state.maker % 2)
    tricks = state.tricks_of(makers)
    maker_alone = any(s % 2 == makers.value for s in state.lone)
    defender_alone = any(s % 2 != makers.value for s in state.lone)
    return HandResult(False, makers, state.maker, state.trump, tricks, maker_alone, defender_alone,
                      score_hand(tricks, maker_alone, defender_alone))


def next_dealer(state: HandState) -> int:
    """Who deals the hand after this one: the player on the dealer's left, unless the hand was thrown in and
    the ``thrown_in`` option says the same dealer deals again."""
    if state.thrown_in and state.rules.thrown_in is ThrownIn.SAME_DEALER:
        return state.dealer
    return (state.dealer + 1) % 4




def maker_trumps(state: HandState) -> int:
    """Trumps the maker held once trump was made (after the dealer's pick-up and discard); 0 if none made."""
    if state.trump is None or state.maker is None:
        return 0
    suits = EFFECTIVE[state.trump]
    held = list(state.dealt[state.maker])
    if state.called_round == 1 and state.maker == state.dealer and state.upcard is not None:
        held.append(state.upcard)
        if state.discard is not None:
            held.remove(state.discard)
    return sum(1 for c in held if suits[c] is state.trump)


# ---------------------------------------------------------------------------------------------- posed positions


def calling_state(
    rules: Rules, dealer: Seat | int, upcard: Card, round_: int, seat: Seat | int, hand: Sequence[Card] = (),
    joker_suit: Suit | None = None,
) -> HandState:
    """A calling position for the editor: ``seat`` is to call in ``round_`` (1 or 2), the others before it
    (from the dealer's left) have passed. Only ``seat``'s hand is known (it may be empty).

    With the benny and the joker as the upcard: without ``joker_suit`` it is the dealer's choice of a suit
    (round 1, ``seat`` the dealer); with ``joker_suit`` (only under ``benny_upcard = "stands for a suit"``)
    the joker stands for that suit in the calling rounds.
    """
    if round_ not in (1, 2):
        raise InvalidPositionError(_("there are two calling rounds, 1 and 2, not {value}").format(value=repr(round_)))
    check_cards([upcard], "as the upcard", rules.benny)
    check_cards(hand, "in the hand", rules.benny)
    d, s = int(dealer) % 4, int(seat) % 4
    if upcard != BENNY and joker_suit is not None:
        raise InvalidPositionError(_("the upcard is {card}, not the joker: only a turned-up joker stands for a suit "
                                     "the dealer names").format(card=upcard.symbol_text))
    if upcard == BENNY:
        bidding.check_joker_calling(rules, d, round_, s, joker_suit)
    if len(hand) > 5:
        raise InvalidPositionError(_("a hand holds 5 cards while trump is being called, not {count} (the dealer "
                                     "holds 6 only after picking up the upcard)").format(count=len(hand)))
    if upcard in hand:
        raise InvalidPositionError(_("the upcard {card} lies face up on the table, so it cannot also be in the hand")
                                   .format(card=upcard.symbol_text))
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[s] = tuple(hand)
    if upcard == BENNY and joker_suit is None:
        return HandState(rules, d, Phase.JOKER_UPCARD, d, tuple(hands), upcard, ())
    passes = (s - d - 1) % 4 + (4 if round_ == 2 else 0)
    phase = Phase.CALL_ROUND_1 if round_ == 1 else Phase.CALL_ROUND_2
    return HandState(rules, d, phase, s, tuple(hands), upcard, (), passes=passes, joker_suit=joker_suit)


def discard_state(
    rules: Rules, upcard: Card, hand: Sequence[Card], dealer: Seat | int = Seat.SOUTH, trump: Suit | None = None
) -> HandState:
    """The dealer's discard after picking up ``upcard``: ``hand`` is the six cards, the upcard among them.
    ``trump`` is the upcard's suit; give it when the upcard is the joker (the suit the dealer named)."""
    check_cards(hand, "in the dealer's hand", rules.benny)
    check_cards([upcard], "as the upcard", rules.benny)
    if upcard.suit is None:
        if trump is None:
            raise InvalidPositionError(_("the upcard is the joker (RJ): say which suit the dealer named as trump"))
        suit = trump
    else:
        if trump is not None and trump is not upcard.suit:
            raise InvalidPositionError(_("the dealer picked up {card}, so {suits} are trump, not {other}").format(
                card=upcard.symbol_text, suits=suit_plural(upcard.suit), other=suit_plural(trump)))
        suit = upcard.suit
    if len(hand) != 6:
        raise InvalidPositionError(_("after picking up, the dealer holds 6 cards (5 dealt + the upcard), not {count}")
                                   .format(count=len(hand)))
    if upcard not in hand:
        raise InvalidPositionError(_("the dealer picked up the upcard {card}, so it must be in the hand").format(
            card=upcard.symbol_text))
    d = int(dealer) % 4
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[d] = tuple(hand)
    return HandState(rules, d, Phase.DEALER_DISCARD, d, tuple(hands), upcard, (), trump=suit, maker=d,
                     called_round=1, joker_suit=suit if upcard == BENNY else None)
