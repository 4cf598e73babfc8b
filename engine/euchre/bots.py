"""Bots: ``random`` (any legal action, uniformly) and ``heuristic`` (simple sound play).

The heuristic bot calls trump with 3 or more trumps, or with a bower (the benny counts) and an ace; goes
alone with 4 or more trumps headed by the right bower or the benny; discards its lowest side card; in play it
wins a trick it can win with a high card (the cheapest winning card when it plays last) and otherwise plays
low, and it does not overtake its partner. As dealer under a turned-up joker it names a suit without looking
at its cards, as the rule says: a suit drawn with ``rng`` (hearts when there is no ``rng``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.base import PASS
from engine.cards import Card, Rank, Suit, format_cards
from engine.contract import Bot
from engine.euchre.bidding import ORDER_UP, Discard, GoAlone, NameTrump
from engine.euchre.order import BENNY, EFFECTIVE, POWER, left_bower, right_bower, suit_plural
from engine.euchre.state import Action, HandState, Phase, legal_actions
from engine.euchre.trick import trick_winner
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.words import count

__all__ = ["BOTS", "call_strength", "heuristic_bot", "random_bot", "would_call"]


def random_bot(state: HandState, rng: random.Random) -> Action:
    """A legal action chosen uniformly at random."""
    return rng.choice(legal_actions(state))


def call_strength(hand: Sequence[Card], trump: Suit) -> tuple[bool, str]:
    """Whether the heuristic would make ``trump`` with ``hand``, and why (for lessons and the editor)."""
    suits = EFFECTIVE[trump]
    trumps = [c for c in hand if suits[c] is trump]
    trumps.sort(key=POWER[trump].__getitem__, reverse=True)
    bowers = [c for c in trumps if c in (BENNY, right_bower(trump), left_bower(trump))]
    aces = [c for c in hand if c.rank is Rank.ACE]
    facts = {"trumps": count(len(trumps), "trump"), "held": format_cards(trumps, symbols=True),
             "suits": suit_plural(trump)}
    if len(trumps) >= 3:
        return True, _("{trumps} ({held}): strong enough to make {suits} trump").format(**facts)
    if bowers and aces:
        return True, _("a bower ({bower}) and an ace ({ace}): enough to make {suits} trump").format(
            bower=bowers[0].symbol_text, ace=aces[0].symbol_text, **facts)
    if not trumps:
        said = _("no trumps: too weak to make {suits} trump (the rule of thumb: three trumps, or a bower and an ace)")
    elif bowers:
        said = _("only {trumps} ({held}) and no ace: too weak to make {suits} trump (the rule of thumb: three trumps, "
                 "or a bower and an ace)")
    else:
        said = _("only {trumps} ({held}): too weak to make {suits} trump (the rule of thumb: three trumps, or a "
                 "bower and an ace)")
    return False, said.format(**facts)


def would_call(hand: Sequence[Card], trump: Suit) -> bool:
    """Whether the heuristic makes ``trump`` with ``hand`` (:func:`call_strength`'s verdict, without its words):
    three trumps or more, or a bower (the benny counts) and an ace."""
    suits = EFFECTIVE[trump]
    trumps = 0
    bower = ace = False
    right, left = right_bower(trump), left_bower(trump)
    for c in hand:
        if suits[c] is trump:
            trumps += 1
            if c == right or c == left or c == BENNY:
                bower = True
        if c.rank is Rank.ACE:
            ace = True
    return trumps >= 3 or (bower and ace)


def _calling_hand(state: HandState, seat: int) -> tuple[Card, ...]:
    hand = state.hands[seat]
    if state.phase is Phase.CALL_ROUND_1 and seat == state.dealer and state.upcard is not None:
        return hand + (state.upcard,)
    return hand


def _trump_count(hand: Sequence[Card], trump: Suit) -> int:
    suits = EFFECTIVE[trump]
    return sum(1 for c in hand if suits[c] is trump)


def heuristic_bot(state: HandState, rng: random.Random | None) -> Action:
    """A simple player, deterministic except for naming a suit blind under a turned-up joker (drawn with
    ``rng``; hearts without one, as for advice)."""
    seat = state.to_act
    assert seat is not None
    phase = state.phase
    if phase is Phase.JOKER_UPCARD:
        suits = list(Suit)
        return NameTrump(rng.choice(suits) if rng is not None else Suit.HEARTS)
    if phase is Phase.CALL_ROUND_1:
        offered = state.turned_suit
        assert offered is not None
        return ORDER_UP if would_call(_calling_hand(state, seat), offered) else PASS
    if phase is Phase.CALL_ROUND_2:
        legal = legal_actions(state)
        options = [a for a in legal if isinstance(a, NameTrump)]
        hand = state.hands[seat]
        ranked = sorted(options, key=lambda a: _trump_count(hand, a.suit), reverse=True)
        for option in ranked:
            if would_call(hand, option.suit):
                return option
        return PASS if PASS in legal else ranked[0]
    if phase is Phase.DEALER_DISCARD:
        return Discard(_discard(state))
    if phase is Phase.GO_ALONE:
        legal = legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        trump = state.trump
        assert trump is not None
        hand = state.hands[seat]
        count = _trump_count(hand, trump)
        assert state.maker is not None
        defending = seat % 2 != state.maker % 2
        strong = count >= 4 and (right_bower(trump) in hand or BENNY in hand)
        if defending:
            strong = count >= 3 and right_bower(trump) in hand and left_bower(trump) in hand
        return GoAlone.ALONE if strong else GoAlone.PARTNER
    return _play(state, [a for a in legal_actions(state) if isinstance(a, Card)])


def _discard(state: HandState) -> Card:
    trump = state.trump
    assert trump is not None
    hand = state.hands[state.dealer]
    suits, power = EFFECTIVE[trump], POWER[trump]
    allowed = [c for c in hand if state.rules.dealer_may_discard_upcard or c != state.upcard]
    side = [c for c in allowed if suits[c] is not trump and c.rank is not Rank.ACE]
    pool = side or [c for c in allowed if suits[c] is not trump] or allowed

    def key(c: Card) -> tuple[int, int]:
        length = sum(1 for d in hand if suits[d] is suits[c])
        return (length, power[c])

    return min(pool, key=key)


def _play(state: HandState, legal: list[Card]) -> Card:
    trump = state.trump
    assert trump is not None
    power, suits = POWER[trump], EFFECTIVE[trump]
    if len(legal) == 1:
        return legal[0]
    cards = state.trick_cards
    if not cards:
        return max(legal, key=power.__getitem__)
    led = suits[cards[0]]
    best = trick_winner(cards, trump)
    assert state.to_act is not None
    if state.trick_seats[best] % 2 == state.to_act % 2:
        return min(legal, key=lambda c: _value(c, trump, led, suits, power))

    top = _value(cards[best], trump, led, suits, power)
    winners = [c for c in legal if _value(c, trump, led, suits, power) > top]
    if winners:
        last = len(cards) == 4 - len(state.out) - 1
        pick = min if last else max
        return pick(winners, key=lambda c: _value(c, trump, led, suits, power))
    return min(legal, key=lambda c: _value(c, trump, led, suits, power))


def _value(card: Card, trump: Suit, led: Suit, suits: dict[Card, Suit], power: dict[Card, int]) -> int:
    """Strength in this trick: trumps above the suit led above the rest (the rest by rank, to shed low)."""
    s = suits[card]
    if s is trump:
        return 200 + power[card]
    if s is led:
        return 100 + power[card]
    return power[card]


BOTS: dict[str, Bot[HandState, Action]] = {
    b.name: b
    for b in (
        Bot("heuristic", N_("calls with 3 trumps or a bower and an ace, goes alone with 4 trumps and the right "
                            "bower, wins the tricks it can and does not overtake its partner"), heuristic_bot),
        Bot("random", N_("any legal action, chosen at random"), random_bot),
    )
}
