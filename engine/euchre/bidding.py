"""The decisions before play, and what makes each legal: the dealer naming a suit for a turned-up joker (the
benny), calling round 1 (pass or order up), the dealer's discard, calling round 2 (pass or name a suit; stick
the dealer), and going alone.

The decisions are typed values (:data:`ORDER_UP`, :class:`NameTrump`, :class:`Discard`, :class:`GoAlone`, and
:data:`engine.base.PASS`). Each ``check_*`` function answers for one phase of the hand, with a reason a learner
can read; it returns None for an action that is no decision of that phase at all (the hand's state machine,
:mod:`engine.euchre.state`, says so in general words). The functions read the hand through
:class:`CallingState`, the few fields of the state they need.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from engine.base import PASS, Pass, Verdict
from engine.cards import Card, Suit, format_cards
from engine.errors import InvalidPositionError
from engine.euchre.order import BENNY, suit_plural
from engine.euchre.rules import BennyUpcard, Rules, Seat, rule_source
from engine.i18n import N_
from engine.i18n import gettext as _

__all__ = [
    "ORDER_UP",
    "CallingState",
    "Discard",
    "GoAlone",
    "NameTrump",
    "OrderUp",
    "alone_choices",
    "alone_queue",
    "calling_fixed",
    "check_alone",
    "check_discard",
    "check_joker_call",
    "check_joker_calling",
    "check_round_one",
    "check_round_two",
    "dealer_stuck",
    "joker_calls",
    "legal_discards",
    "must_go_alone",
    "round_one_calls",
    "round_two_calls",
    "upcard_text",
]


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

MAY_PASS = N_("{who} may pass: the next player decides")
"""Why a player who is not the dealer may pass in either calling round."""


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


PassOrOrder = Pass | OrderUp
PassOrName = Pass | NameTrump


class CallingState(Protocol):
    """What the bidding rules read of a hand (a :class:`~engine.euchre.state.HandState` has all of it)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def dealer(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def passes(self) -> int: ...

    @property
    def upcard(self) -> Card | None: ...

    @property
    def joker_suit(self) -> Suit | None: ...

    @property
    def turned_suit(self) -> Suit | None: ...

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...

    @property
    def maker(self) -> int | None: ...

    @property
    def called_round(self) -> int: ...


def upcard_text(state: CallingState) -> str:
    """The upcard for a reason: ``K♥``, or ``RJ (the joker, standing for spades)``."""
    if state.upcard is None:
        return "?"
    if state.upcard == BENNY and state.joker_suit is not None:
        return _("{card} (the joker, standing for {suits})").format(card=state.upcard.symbol_text,
                                                                    suits=suit_plural(state.joker_suit))
    return state.upcard.symbol_text


def _seat(state: CallingState) -> Seat:
    assert state.to_act is not None  # a decision is open whenever these rules are asked
    return Seat(state.to_act)


# ------------------------------------------------------------------------------------------ a turned-up joker


def joker_calls() -> list[NameTrump]:
    """The dealer's choices for a turned-up joker: any suit."""
    return [NameTrump(s) for s in Suit]


def check_joker_call(state: CallingState, action: object) -> Verdict | None:
    """The dealer naming a suit for the turned-up joker, before looking at their cards."""
    seat = _seat(state)
    if isinstance(action, NameTrump):
        suit = action.suit
        where = rule_source(state.rules, "benny_upcard")
        facts = {"who": seat.title, "suits": suit_plural(suit), "symbol": suit.symbol, "where": where}
        if state.rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
            return Verdict(True, _("{who}, the dealer, may name {suits} {symbol} as trump before looking at their "
                                   "cards{where}; {side} become the makers, and {who} picks up the joker and discards")
                           .format(side=seat.side.title, **facts))
        return Verdict(True, _("{who}, the dealer, may name {suits} {symbol} for the joker before looking at their "
                               "cards{where}; round 1 then offers {suits} as trump").format(**facts))
    if action is PASS or action is ORDER_UP:
        return Verdict(False, _("the joker ({upcard}) was turned up, so {dealer}, the dealer, must name a suit at "
                                "once, before looking at their cards").format(upcard=upcard_text(state),
                                                                               dealer=Seat(state.dealer).title))
    return None


def calling_fixed(upcard: Card, dealer: Seat, joker_suit: Suit | None = None) -> tuple[int, Seat] | None:
    """The calling round and the seat to call when the upcard fixes them — a turned-up joker (the benny) is
    named by the dealer at once, in round 1, before anyone else speaks — else None (any round and caller may
    be posed). With ``joker_suit`` (the suit the joker stands for) the calling goes on as usual."""
    if upcard == BENNY and joker_suit is None:
        return (1, dealer)
    return None


def check_joker_calling(rules: Rules, dealer: int, round_: int, seat: int, joker_suit: Suit | None) -> None:
    """Refuse a calling position that cannot follow a turned-up joker, saying why."""
    name = Seat(dealer).title
    if rules.benny_upcard is BennyUpcard.DEALER_NAMES_TRUMP:
        if joker_suit is not None or round_ != 1 or seat != dealer:
            raise InvalidPositionError(
                _("the joker (RJ) was turned up, so {dealer}, the dealer, names trump at once, before looking at "
                  "their cards: there is no other call to make (pose the dealer in round 1)").format(dealer=name))
        return
    if joker_suit is None and (round_ != 1 or seat != dealer):
        raise InvalidPositionError(
            _("the joker (RJ) was turned up: first {dealer}, the dealer, names the suit it stands for; give that "
              "suit as joker_suit to pose a later call").format(dealer=name))


# ------------------------------------------------------------------------------------------ round 1


def round_one_calls() -> list[PassOrOrder]:
    """Round 1: pass, or order up the upcard."""
    return [PASS, ORDER_UP]


def check_round_one(state: CallingState, action: object) -> Verdict | None:
    seat = _seat(state)
    offered = state.turned_suit
    assert offered is not None  # round 1 always has a suit on offer
    if action is PASS:
        if state.passes == 3:
            return Verdict(True, _("{who}, the dealer, may pass: the upcard is then turned down and round 2 begins")
                           .format(who=seat.title))
        return Verdict(True, _(MAY_PASS).format(who=seat.title))
    facts = {"who": seat.title, "upcard": upcard_text(state), "suits": suit_plural(offered)}
    if action is ORDER_UP:
        if seat == state.dealer:
            return Verdict(True, _("{who}, the dealer, may order up {upcard}: {suits} become trump and {who} picks it "
                                   "up").format(**facts))
        dealer = Seat(state.dealer)
        if dealer.side is seat.side:
            said = _("{who} may order up {upcard}: {suits} become trump and {dealer}, the dealer and their partner, "
                     "picks it up")
        else:
            said = _("{who} may order up {upcard}: {suits} become trump and {dealer}, the dealer and an opponent, "
                     "picks it up")
        return Verdict(True, said.format(dealer=dealer.title, **facts))
    if isinstance(action, NameTrump):
        return Verdict(False, _("in round 1 only the upcard's suit ({suits}, from {upcard}) can become trump: order "
                                "it up or pass; other suits are named in round 2").format(**facts))
    return None


# ------------------------------------------------------------------------------------------ round 2


def dealer_stuck(state: CallingState) -> bool:
    """Round 2, the other three have passed twice, and the dealer may not pass (stick the dealer)."""
    return state.rules.stick_the_dealer and state.passes == 7


def round_two_calls(state: CallingState) -> list[PassOrName]:
    """Round 2: pass (unless the dealer is stuck), or name a suit (not the turned-down one, by default)."""
    calls: list[PassOrName] = [] if dealer_stuck(state) else [PASS]
    turned = state.turned_suit
    calls += [NameTrump(s) for s in Suit if s is not turned or state.rules.name_turned_down_suit]
    return calls


def check_round_two(state: CallingState, action: object) -> Verdict | None:
    seat = _seat(state)
    turned = state.turned_suit
    assert turned is not None  # round 2 follows a turned-down upcard
    rules = state.rules
    if action is PASS:
        if dealer_stuck(state):
            return Verdict(False, _("the other three passed twice, so the dealer is stuck{where}: {who} may not pass "
                                    "and must name a suit").format(where=rule_source(rules, "stick_the_dealer"),
                                                                   who=seat.title))
        if state.passes == 7:
            return Verdict(True, _("{who}, the dealer, may pass: the hand is then thrown in and {then}{where}").format(
                who=seat.title, then=rules.thrown_in.description, where=rule_source(rules, "thrown_in")))
        return Verdict(True, _(MAY_PASS).format(who=seat.title))
    if action is ORDER_UP:
        if rules.name_turned_down_suit:
            said = _("the upcard {upcard} was turned down after round 1: in round 2 name a suit or pass")
        else:
            said = _("the upcard {upcard} was turned down after round 1: in round 2 name another suit or pass")
        return Verdict(False, said.format(upcard=upcard_text(state)))
    if isinstance(action, NameTrump):
        suit = action.suit
        facts = {"who": seat.title, "suits": suit_plural(suit), "symbol": suit.symbol}
        if suit is turned:
            where = rule_source(rules, "name_turned_down_suit")
            if not rules.name_turned_down_suit:
                return Verdict(False, _("{suits} were turned down in round 1 (the upcard was {upcard}), and the "
                                        "turned-down suit may not be named in round 2{where}").format(
                    suits=suit_plural(turned), upcard=upcard_text(state), where=where))
            return Verdict(True, _("{who} may name {suits} {symbol} as trump: the turned-down suit may be named "
                                   "too{where}").format(where=where, **facts))
        return Verdict(True, _("{who} may name {suits} {symbol} as trump").format(**facts))
    return None


# ------------------------------------------------------------------------------------------ the discard


def legal_discards(state: CallingState) -> list[Discard]:
    """The dealer's discards after picking up the upcard (not the upcard itself, if the rules say so)."""
    hand = state.hands[state.dealer]
    if state.rules.dealer_may_discard_upcard:
        return [Discard(c) for c in hand]
    return [Discard(c) for c in hand if c != state.upcard]


def check_discard(state: CallingState, action: object) -> Verdict | None:
    if not isinstance(action, Discard):
        return None
    card = action.card
    hand = state.hands[state.dealer]
    if card not in hand:
        return Verdict(False, _("{card} is not in the dealer's hand ({hand})").format(
            card=card.symbol_text, hand=format_cards(hand, symbols=True)))
    where = rule_source(state.rules, "dealer_may_discard_upcard")
    if card == state.upcard:
        if not state.rules.dealer_may_discard_upcard:
            return Verdict(False, _("{card} is the upcard just picked up, and the dealer must keep it{where}: discard "
                                    "another card").format(card=card.symbol_text, where=where))
        return Verdict(True, _("the dealer may discard {card} face down, though it is the upcard just picked "
                               "up{where}").format(card=card.symbol_text, where=where))
    return Verdict(True, _("the dealer may discard {card} face down").format(card=card.symbol_text))


# ------------------------------------------------------------------------------------------ going alone


def alone_queue(rules: Rules, dealer: int, maker: int) -> tuple[int, ...]:
    """Who is asked "alone?" once trump is made, in order: the maker, their partner (if the rules let them),
    then the defenders from the dealer's left (if the rules let them)."""
    queue = [maker]
    if rules.maker_partner_may_go_alone:
        queue.append((maker + 2) % 4)
    if rules.defender_may_go_alone:
        queue += [s for s in ((dealer + i) % 4 for i in range(1, 5)) if s % 2 != maker % 2]
    return tuple(queue)


def must_go_alone(state: CallingState) -> bool:
    """The dealer's partner ordered up, and the rules make them go alone."""
    return (state.rules.dealer_partner_must_go_alone and state.to_act == state.maker and state.called_round == 1
            and state.maker == (state.dealer + 2) % 4)


def alone_choices(state: CallingState) -> list[GoAlone]:
    return [GoAlone.ALONE] if must_go_alone(state) else [GoAlone.ALONE, GoAlone.PARTNER]


def check_alone(state: CallingState, action: object) -> Verdict | None:
    if not isinstance(action, GoAlone):
        return None
    seat = _seat(state)
    partner = seat.partner
    if action is GoAlone.PARTNER:
        if must_go_alone(state):
            return Verdict(False, _("{who}, the dealer's partner, ordered up, and they must go alone{where}").format(
                who=seat.title, where=rule_source(state.rules, "dealer_partner_must_go_alone")))
        return Verdict(True, _("{who} may play with {partner}").format(who=seat.title, partner=partner.title))
    return Verdict(True, _("{who} may go alone: {partner} puts their cards down and sits out").format(
        who=seat.title, partner=partner.title))

