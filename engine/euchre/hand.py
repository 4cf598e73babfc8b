"""A whole hand of Euchre as a state machine of frozen states.

Phases, in order: deal → (joker upcard, with the benny) → call round 1 → (dealer discard, after an
order-up) → call round 2 (only if all four passed) → go alone → play (5 tricks) → scored. A hand whose
calling goes round twice with no call is thrown in (phase scored, no points; who deals next is the
``thrown_in`` option). :func:`apply` returns a new state and never changes the old one.

With the benny a turned-up joker opens the phase *joker upcard*: the dealer names a suit before looking at
their cards (``name H``). Under the common rule that suit is trump at once, as if the dealer had ordered it
up; under ``benny_upcard = "stands for a suit"`` the joker stands for that suit in round 1 (see
:mod:`engine.euchre.rules`).

Actions are typed values: :data:`engine.base.PASS`, :data:`ORDER_UP`, :class:`NameTrump`, :class:`Discard`,
:class:`GoAlone` and a :class:`~engine.cards.Card` to play. :func:`action_text` / :func:`parse_action`
convert them to and from text (``pass``, ``order up``, ``name H``, ``discard 9C``, ``alone``, ``partner``,
``9C``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from engine.base import PASS, Pass, Verdict
from engine.cards import Card, Suit, format_cards
from engine.errors import IllegalPlayError, InvalidNotationError, InvalidPositionError
from engine.euchre.deal import EuchreDeal
from engine.euchre.play import TrickPosition, _legal, check, check_cards, trick_winner
from engine.euchre.rules import BennyUpcard, FirstLead, Rules, Seat, Side, ThrownIn
from engine.euchre.score import HandScore, score_hand
from engine.euchre.trumps import BENNY, EFFECTIVE

__all__ = [
    "ORDER_UP",
    "Action",
    "Discard",
    "GoAlone",
    "HandResult",
    "HandState",
    "NameTrump",
    "OrderUp",
    "Phase",
    "Trick",
    "action_text",
    "apply",
    "calling_state",
    "check_action",
    "deal",
    "discard_state",
    "empty_hand",
    "hand_result",
    "legal_actions",
    "legal_calls",
    "new_hand",
    "next_dealer",
    "parse_action",
    "start_hand",
    "trick_position",
]


class Phase(Enum):
    """What is being decided. The value is how the phase is written for people."""

    DEAL = "deal"
    JOKER_UPCARD = "joker upcard"
    CALL_ROUND_1 = "call round 1"
    DEALER_DISCARD = "dealer discard"
    CALL_ROUND_2 = "call round 2"
    GO_ALONE = "go alone"
    PLAY = "play"
    SCORED = "scored"


class OrderUp:
    """Round 1: make the upcard's suit trump (the dealer picks the upcard up). Use :data:`ORDER_UP`."""

    _instance: OrderUp | None = None

    def __new__(cls) -> OrderUp:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ORDER_UP"

    def __reduce__(self) -> str:
        return "ORDER_UP"


ORDER_UP = OrderUp()


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Round 2: name ``suit`` as trump (also the dealer's choice when the joker is turned up)."""

    suit: Suit


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer who picked up the upcard lays ``card`` away face down."""

    card: Card


class GoAlone(Enum):
    """Announce a lone hand (the partner sits out), or play with the partner."""

    ALONE = "alone"
    PARTNER = "partner"


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
class Trick:
    """A trick: who led, the cards in the order played and who played each."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]

    def winner(self, trump: Suit) -> int:
        """The seat that wins this (complete) trick."""
        return self.seats[trick_winner(self.cards, trump)]


@dataclass(frozen=True, slots=True)
class HandState:
    """One moment of a hand. ``to_act`` is the seat whose decision is next (None once scored).

    ``hands`` are indexed by seat (0 North … 3 West); ``out`` lists the seats sitting out (partners of
    lone players); ``lone`` the seats going alone; ``alone_queue`` the seats still to answer "alone?".
    ``trick_cards``/``trick_seats`` hold the current trick, ``tricks`` the completed ones, ``won`` the
    tricks won per seat. ``history`` is every decision so far as (seat, action). ``joker_suit`` is the suit
    the dealer named for a turned-up joker (the benny).
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

    def _with(self, **changes: object) -> HandState:
        new = object.__new__(HandState)
        for name in _FIELDS:
            object.__setattr__(new, name, changes[name] if name in changes else getattr(self, name))
        return new

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


_FIELDS = tuple(HandState.__dataclass_fields__)


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
        pts = [0, 0]
        pts[self.makers.value] = self.score.makers
        pts[self.makers.other.value] = self.score.defenders
        return (pts[0], pts[1])


def empty_hand(rules: Rules, dealer: Seat | int) -> HandState:
    """A hand before the deal (phase deal): no cards yet; :func:`deal` gives the cards out."""
    return HandState(rules, int(dealer), Phase.DEAL, int(dealer), ((), (), (), ()), None, ())


def deal(state: HandState, cards: EuchreDeal) -> HandState:
    """The hand after the deal: calling round 1 starts on the dealer's left. The deal's own dealer is used."""
    if state.phase is not Phase.DEAL:
        raise IllegalPlayError(f"the cards are dealt once, before the calling (now: {state.phase.value})")
    return new_hand(state.rules, cards.dealer, cards.hands, cards.upcard, cards.kitty)


def start_hand(rules: Rules, cards: EuchreDeal) -> HandState:
    """A seeded deal ready for calling round 1."""
    return deal(empty_hand(rules, cards.dealer), cards)


def new_hand(
    rules: Rules,
    dealer: Seat | int,
    hands: Sequence[Sequence[Card]],
    upcard: Card,
    kitty: Sequence[Card] = (),
) -> HandState:
    """A hand ready for calling round 1 from given cards (five per seat, an upcard, up to 3 kitty cards; 4
    with the benny). With the benny and the joker as the upcard, the dealer first names a suit (phase
    joker upcard).

    Raises InvalidPositionError (or a subclass) naming the problem: a card twice, a card not in the
    24-card deck (25 with the benny), a hand that does not hold five cards.
    """
    if len(hands) != 4:
        raise InvalidPositionError(f"Euchre has four hands, not {len(hands)}")
    benny = rules.benny
    for seat, hand in zip(Seat, hands, strict=True):
        check_cards(hand, f"in {seat.title}'s hand", benny)
        if len(hand) != 5:
            raise InvalidPositionError(f"{seat.title} must be dealt 5 cards, not {len(hand)}")
    under = 4 if benny else 3
    if len(kitty) > under:
        raise InvalidPositionError(f"the kitty holds {under} cards under the upcard, not {len(kitty)}")
    every = [c for h in hands for c in h] + [upcard] + list(kitty)
    check_cards(every, "in the deal", benny)
    hands_t = tuple(tuple(h) for h in hands)
    d = int(dealer) % 4
    if upcard == BENNY:
        return HandState(rules, d, Phase.JOKER_UPCARD, d, hands_t, upcard, tuple(kitty), dealt=hands_t)
    return HandState(rules, d, Phase.CALL_ROUND_1, (d + 1) % 4, hands_t, upcard, tuple(kitty), dealt=hands_t)


# ---------------------------------------------------------------------------------------------- legality


def legal_calls(state: HandState) -> list[Action]:
    """The legal calls in a calling round (pass first), or of the dealer naming a suit for a turned-up
    joker; else []."""
    if state.phase is Phase.CALL_ROUND_1:
        return [PASS, ORDER_UP]
    if state.phase is Phase.JOKER_UPCARD:
        return [NameTrump(s) for s in Suit]
    if state.phase is Phase.CALL_ROUND_2:
        calls: list[Action] = []
        if not _stuck(state):
            calls.append(PASS)
        turned = state.turned_suit
        calls += [NameTrump(s) for s in Suit if s is not turned or state.rules.name_turned_down_suit]
        return calls
    return []


def _stuck(state: HandState) -> bool:
    return state.rules.stick_the_dealer and state.phase is Phase.CALL_ROUND_2 and state.passes == 7


def _must_go_alone(state: HandState) -> bool:
    """The dealer's partner ordered up under the dealer_partner_must_go_alone option."""
    return (
        state.rules.dealer_partner_must_go_alone
        and state.to_act == state.maker
        and state.called_round == 1
        and state.maker == (state.dealer + 2) % 4
    )


def legal_actions(state: HandState) -> list[Action]:
    """Every legal action of the seat to act, in a fixed order ([] when the hand is over)."""
    phase = state.phase
    if phase is Phase.PLAY:
        assert state.to_act is not None and state.trump is not None  # set by _start_play until the hand is scored
        return list(_legal(state.hands[state.to_act], state.trick_cards, state.trump))
    if phase is Phase.CALL_ROUND_1 or phase is Phase.CALL_ROUND_2 or phase is Phase.JOKER_UPCARD:
        return legal_calls(state)
    if phase is Phase.DEALER_DISCARD:
        hand = state.hands[state.dealer]
        allowed = hand if state.rules.dealer_may_discard_upcard else [c for c in hand if c != state.upcard]
        return [Discard(c) for c in allowed]
    if phase is Phase.GO_ALONE:
        return [GoAlone.ALONE] if _must_go_alone(state) else [GoAlone.ALONE, GoAlone.PARTNER]
    return []


def trick_position(state: HandState) -> TrickPosition:
    """The position of the seat to play, for :func:`engine.euchre.play.check` and ``legal_plays``."""
    if state.phase is not Phase.PLAY or state.to_act is None or state.trump is None:
        raise InvalidPositionError(f"no one is playing a card now (phase: {state.phase.value})")
    return TrickPosition(state.trump, state.hands[state.to_act], state.trick_cards, state.active,
                         state.rules.benny)


_PHASE_DOES = {
    Phase.DEAL: "the cards are being dealt",
    Phase.JOKER_UPCARD: "the joker was turned up: the dealer names a suit before looking at their cards",
    Phase.CALL_ROUND_1: "round 1 of the calling: pass or order up the upcard",
    Phase.DEALER_DISCARD: "the dealer discards one card",
    Phase.CALL_ROUND_2: "round 2 of the calling: pass or name a suit",
    Phase.GO_ALONE: "each player in turn may go alone",
    Phase.PLAY: "the tricks are being played: play a card",
    Phase.SCORED: "the hand is over",
}


def check_action(state: HandState, action: Action) -> Verdict:
    """Whether ``action`` is legal for the seat to act, with the reason, in words for a learner."""
    phase = state.phase
    seat = Seat(state.to_act) if state.to_act is not None else None
    if phase is Phase.SCORED or phase is Phase.DEAL or seat is None:
        return Verdict(False, f"no decision is open: {_PHASE_DOES[phase]}")
    kind_ok = {
        Phase.JOKER_UPCARD: isinstance(action, NameTrump),
        Phase.CALL_ROUND_1: action is PASS or action is ORDER_UP,
        Phase.CALL_ROUND_2: action is PASS or isinstance(action, NameTrump),
        Phase.DEALER_DISCARD: isinstance(action, Discard),
        Phase.GO_ALONE: isinstance(action, GoAlone),
        Phase.PLAY: isinstance(action, Card),
    }[phase]
    if not kind_ok:
        if phase is Phase.CALL_ROUND_1 and isinstance(action, NameTrump):
            return Verdict(False, f"in round 1 the only suit that can become trump is the upcard's "
                                  f"({_upcard(state)}): say 'order up' or 'pass'; suits are named in round 2")
        if phase is Phase.JOKER_UPCARD:
            return Verdict(False, f"the joker ({_upcard(state)}) was turned up, so {Seat(state.dealer).title}, the "
                                  "dealer, must name a suit at once (before looking at their cards): say 'name H' "
                                  "or another suit")
        if phase is Phase.CALL_ROUND_2 and action is ORDER_UP:
            return Verdict(False, f"the upcard {_upcard(state)} was turned down after round 1; in round 2 "
                                  "name another suit or pass")
        return Verdict(False, f"{action_text(action)!r} is not a decision of this phase: {_PHASE_DOES[phase]}")
    if phase is Phase.JOKER_UPCARD:
        assert isinstance(action, NameTrump)  # kind_ok let only a named suit through
        suit = action.suit
        if state.rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
            return Verdict(True, f"{seat.title}, the dealer, may name {suit.plural} {suit.symbol} as trump (before "
                                 f"looking at their cards): {seat.side.title} become the makers, and the dealer "
                                 "picks up the joker and discards")
        return Verdict(True, f"{seat.title}, the dealer, may name {suit.plural} {suit.symbol} for the joker (before "
                             f"looking at their cards): round 1 then offers {suit.plural} as trump")
    if phase is Phase.CALL_ROUND_1:
        if action is PASS:
            return Verdict(True, f"{seat.title} may pass: the next player decides")
        who = "the dealer picks it up" if seat != state.dealer else "as dealer, you pick it up"
        return Verdict(True, f"{seat.title} may order up {_upcard(state)}: "
                             f"{state.turned_suit.plural} become trump and {who}")  # type: ignore[union-attr]
    if phase is Phase.CALL_ROUND_2:
        turned = state.turned_suit
        assert turned is not None
        if action is PASS:
            if _stuck(state):
                return Verdict(False, "the other three passed twice and the dealer is stuck (stick the dealer): "
                                      "the dealer must name a suit")
            if state.passes == 7:
                return Verdict(True, "the dealer may pass: the hand is then thrown in and "
                                     f"{state.rules.thrown_in.description}")
            return Verdict(True, f"{seat.title} may pass: the next player decides")
        assert isinstance(action, NameTrump)  # kind_ok let only a named suit through
        suit = action.suit
        if suit is turned and not state.rules.name_turned_down_suit:
            return Verdict(False, f"{turned.plural} were turned down in round 1 (the upcard was "
                                  f"{_upcard(state)}), so {turned.plural} may not be named in round 2")
        return Verdict(True, f"{seat.title} may name {suit.plural} {suit.symbol} as trump")
    if phase is Phase.DEALER_DISCARD:
        card = action.card  # type: ignore[union-attr]
        hand = state.hands[state.dealer]
        if card not in hand:
            return Verdict(False, f"{card.symbol_text} is not in the dealer's hand "
                                  f"({format_cards(hand, symbols=True)})")
        if card == state.upcard and not state.rules.dealer_may_discard_upcard:
            return Verdict(False, f"the dealer must keep the upcard {card.symbol_text} (option: the upcard "
                                  "may not be discarded); discard another card")
        return Verdict(True, f"the dealer may discard {card.symbol_text} face down")
    if phase is Phase.GO_ALONE:
        partner = seat.partner
        if action is GoAlone.PARTNER:
            if _must_go_alone(state):
                return Verdict(False, f"{seat.title}, the dealer's partner, ordered up and must go alone "
                                      "(option: the dealer's partner who orders up goes alone)")
            return Verdict(True, f"{seat.title} may play with {partner.title}")
        return Verdict(True, f"{seat.title} may go alone: {partner.title} puts their cards down and sits out")
    verdict = check(trick_position(state), action)  # type: ignore[arg-type]
    return verdict


def _upcard(state: HandState) -> str:
    if state.upcard is None:
        return "?"
    if state.upcard == BENNY and state.joker_suit is not None:
        return f"{state.upcard.symbol_text} (the joker, standing for {state.joker_suit.plural})"
    return state.upcard.symbol_text


# ---------------------------------------------------------------------------------------------- moves


def _illegal(state: HandState, action: Action) -> IllegalPlayError:
    return IllegalPlayError(check_action(state, action).reason)


def apply(state: HandState, action: Action) -> HandState:
    """The state after the seat to act takes ``action``; IllegalPlayError with the reason if illegal."""
    phase = state.phase
    seat = state.to_act
    if phase is Phase.PLAY:
        if not isinstance(action, Card):
            raise _illegal(state, action)
        hand = state.hands[seat]  # type: ignore[index]
        if action not in _legal(hand, state.trick_cards, state.trump):  # type: ignore[arg-type]
            raise _illegal(state, action)
        return _play(state, seat, action)  # type: ignore[arg-type]
    if seat is None or phase is Phase.DEAL or phase is Phase.SCORED:
        raise _illegal(state, action)
    if action not in legal_actions(state):
        raise _illegal(state, action)
    history = state.history + ((seat, action),)
    if phase is Phase.JOKER_UPCARD:
        suit = action.suit  # type: ignore[union-attr]
        if state.rules.benny_upcard is BennyUpcard.STANDS_FOR_A_SUIT:
            return state._with(history=history, joker_suit=suit, phase=Phase.CALL_ROUND_1, to_act=(seat + 1) % 4)
        hands = list(state.hands)
        hands[seat] = hands[seat] + (state.upcard,)  # type: ignore[operator]
        return state._with(history=history, joker_suit=suit, trump=suit, maker=seat, called_round=1,
                           hands=tuple(hands), phase=Phase.DEALER_DISCARD, to_act=seat)
    if phase is Phase.CALL_ROUND_1:
        if action is PASS:
            if state.passes == 3:
                return state._with(history=history, passes=4, phase=Phase.CALL_ROUND_2,
                                   to_act=(state.dealer + 1) % 4)
            return state._with(history=history, passes=state.passes + 1, to_act=(seat + 1) % 4)
        hands = list(state.hands)
        hands[state.dealer] = hands[state.dealer] + (state.upcard,)  # type: ignore[operator]
        return state._with(history=history, trump=state.turned_suit, maker=seat,
                           called_round=1, hands=tuple(hands), phase=Phase.DEALER_DISCARD, to_act=state.dealer)
    if phase is Phase.CALL_ROUND_2:
        if action is PASS:
            if state.passes == 7:
                return state._with(history=history, passes=8, phase=Phase.SCORED, to_act=None)
            return state._with(history=history, passes=state.passes + 1, to_act=(seat + 1) % 4)
        made = state._with(history=history, trump=action.suit, maker=seat, called_round=2)  # type: ignore[union-attr]
        return _start_go_alone(made)
    if phase is Phase.DEALER_DISCARD:
        hands = list(state.hands)
        rest = list(hands[seat])
        rest.remove(action.card)  # type: ignore[union-attr]
        hands[seat] = tuple(rest)
        return _start_go_alone(state._with(history=history, hands=tuple(hands),
                                           discard=action.card))  # type: ignore[union-attr]
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


def _start_go_alone(state: HandState) -> HandState:
    maker = state.maker
    assert maker is not None
    queue = [maker]
    if state.rules.maker_partner_may_go_alone:
        queue.append((maker + 2) % 4)
    if state.rules.defender_may_go_alone:
        queue += [s for s in ((state.dealer + i) % 4 for i in range(1, 5)) if s % 2 != maker % 2]
    return state._with(phase=Phase.GO_ALONE, alone_queue=tuple(queue), to_act=queue[0])


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
    hands[seat] = hand[:i] + hand[i + 1 :]
    cards = state.trick_cards + (card,)
    seats = state.trick_seats + (seat,)
    history = state.history + ((seat, card),)
    if len(cards) < 4 - len(state.out):
        return state._with(hands=tuple(hands), trick_cards=cards, trick_seats=seats, history=history,
                           to_act=_next_active(state, seat))
    winner = seats[trick_winner(cards, state.trump)]  # type: ignore[arg-type]
    won = list(state.won)
    won[winner] += 1
    tricks = state.tricks + (Trick(state.leader, cards, seats),)  # type: ignore[arg-type]
    done = len(tricks) == 5
    return state._with(hands=tuple(hands), trick_cards=(), trick_seats=(), history=history, won=tuple(won),
                       tricks=tricks, leader=None if done else winner,
                       phase=Phase.SCORED if done else Phase.PLAY, to_act=None if done else winner)


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


def trumps_held(state: HandState, seat: int) -> int:
    """How many trumps ``seat`` holds now (bowers included); 0 before trump is made."""
    if state.trump is None:
        return 0
    suits = EFFECTIVE[state.trump]
    return sum(1 for c in state.hands[seat] if suits[c] is state.trump)


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
        raise InvalidPositionError(f"there are two calling rounds, 1 and 2, not {round_!r}")
    check_cards([upcard], "as the upcard", rules.benny)
    check_cards(hand, "in the hand", rules.benny)
    d, s = int(dealer) % 4, int(seat) % 4
    if upcard != BENNY and joker_suit is not None:
        raise InvalidPositionError(f"the upcard is {upcard.symbol_text}, not the joker: only a turned-up joker "
                                   "stands for a suit the dealer names")
    if upcard == BENNY:
        _check_joker_calling(rules, d, round_, s, joker_suit)
    if len(hand) > 5:
        raise InvalidPositionError(f"a hand holds 5 cards while trump is being called, not {len(hand)} "
                                   "(the dealer holds 6 only after picking up the upcard)")
    if upcard in hand:
        raise InvalidPositionError(f"the upcard {upcard.symbol_text} lies face up on the table, so it cannot "
                                   "also be in the hand")
    d, s = int(dealer) % 4, int(seat) % 4
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[s] = tuple(hand)
    if upcard == BENNY and joker_suit is None:
        return HandState(rules, d, Phase.JOKER_UPCARD, d, tuple(hands), upcard, ())
    passes = (s - d - 1) % 4 + (4 if round_ == 2 else 0)
    phase = Phase.CALL_ROUND_1 if round_ == 1 else Phase.CALL_ROUND_2
    return HandState(rules, d, phase, s, tuple(hands), upcard, (), passes=passes, joker_suit=joker_suit)


def _check_joker_calling(rules: Rules, dealer: int, round_: int, seat: int, joker_suit: Suit | None) -> None:
    """Refuse a calling position that cannot follow a turned-up joker, saying why."""
    name = Seat(dealer).title
    if rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
        if joker_suit is not None or round_ != 1 or seat != dealer:
            raise InvalidPositionError(
                f"the joker (RJ) was turned up, so {name}, the dealer, names trump at once, before looking at "
                "their cards: there is no other call to make (pose the dealer in round 1)")
        return
    if joker_suit is None and (round_ != 1 or seat != dealer):
        raise InvalidPositionError(
            f"the joker (RJ) was turned up: first {name}, the dealer, names the suit it stands for; give that "
            "suit as joker_suit to pose a later call")


def discard_state(
    rules: Rules, upcard: Card, hand: Sequence[Card], dealer: Seat | int = Seat.SOUTH, trump: Suit | None = None
) -> HandState:
    """The dealer's discard after picking up ``upcard``: ``hand`` is the six cards, the upcard among them.
    ``trump`` is the upcard's suit; give it when the upcard is the joker (the suit the dealer named)."""
    check_cards(hand, "in the dealer's hand", rules.benny)
    if upcard == BENNY:
        if trump is None:
            raise InvalidPositionError("the upcard is the joker (RJ): say which suit the dealer named as trump")
    elif trump is not None and trump is not upcard.suit:
        raise InvalidPositionError(f"the dealer picked up {upcard.symbol_text}, so {upcard.suit.plural} "  # type: ignore
                                   f"are trump, not {trump.plural}")
    if len(hand) != 6:
        raise InvalidPositionError(f"after picking up, the dealer holds 6 cards (5 dealt + the upcard), "
                                   f"not {len(hand)}")
    if upcard not in hand:
        raise InvalidPositionError(f"the dealer picked up the upcard {upcard.symbol_text}, so it must be in "
                                   "the hand")
    d = int(dealer) % 4
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[d] = tuple(hand)
    suit = trump if trump is not None else upcard.suit
    return HandState(rules, d, Phase.DEALER_DISCARD, d, tuple(hands), upcard, (), trump=suit, maker=d,
                     called_round=1, joker_suit=suit if upcard == BENNY else None)
