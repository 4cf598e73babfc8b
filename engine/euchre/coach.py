"""What the coach (:mod:`engine.advisor`) needs from Euchre: hidden cards sampled from what one seat has seen,
features of a played-out hand, rules of thumb in words, and states from positions posed in the editor.

:func:`determinize` deals again every card ``seat`` cannot see — the other hands, the face-down kitty, the
dealer's discard (unless ``seat`` is the dealer) and, while the dealer names a suit for a turned-up joker before
looking, the dealer's own hand — keeping what the seat saw: its hand, the upcard (in the dealer's hand once it
was picked up, until it is played), every card played, and the voids shown by not following suit. It reads only
those; the hidden cards of ``state`` are replaced, never looked at.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.base import PASS
from engine.cards import Card, Suit, format_cards
from engine.errors import InvalidPositionError
from engine.euchre.bidding import ORDER_UP, Discard, GoAlone, NameTrump
from engine.euchre.bots import call_strength
from engine.euchre.order import (
    BENNY,
    BENNY_CARDS,
    CARDS,
    EFFECTIVE,
    POWER,
    describe_card,
    right_bower,
    suit_plural,
    trump_order,
)
from engine.euchre.play import Position
from engine.euchre.rules import Rules, Seat, Side
from engine.euchre.state import Action, HandState, Phase, hand_result
from engine.euchre.trick import Trick, check_sitting_out, play_order, trick_winner
from engine.i18n import Nn_
from engine.i18n import gettext as _
from engine.sampling import deal_hidden
from engine.words import count

__all__ = ["FEATURE_WORDS", "determinize", "features", "fill_hidden", "posed_trick", "rule_of_thumb", "value_words",
           "voids"]

FEATURE_WORDS: Mapping[str, tuple[str, str]] = {
    "tricks": Nn_("trick for your side", "tricks for your side"),
    "euchred": Nn_("euchre against your side", "euchres against your side"),
    "marches": Nn_("march", "marches"),
}


# ---------------------------------------------------------------------------------------------- sampling


def voids(state: HandState) -> dict[int, set[Suit]]:
    """The suits each seat has shown it lacks by not following them (trick by trick, the current one too)."""
    out: dict[int, set[Suit]] = {s: set() for s in range(4)}
    trump = state.trump
    if trump is None:
        return out
    suits = EFFECTIVE[trump]
    tricks = [(t.cards, t.seats) for t in state.tricks if t.cards] + [(state.trick_cards, state.trick_seats)]
    for cards, seats in tricks:
        if not cards:
            continue
        led = suits[cards[0]]
        for card, who in zip(cards[1:], seats[1:], strict=True):
            if suits[card] is not led:
                out[who].add(led)
    return out


def _played(state: HandState) -> list[tuple[int, Card]]:
    return [(who, c) for t in state.tricks for c, who in zip(t.cards, t.seats, strict=True)] + \
        list(zip(state.trick_seats, state.trick_cards, strict=True))


def determinize(state: HandState, seat: int, rng: random.Random) -> HandState:
    """A world ``seat`` cannot tell from ``state``: every card it has not seen dealt again at random, consistently
    with the voids shown and the upcard picked up (see the module docstring)."""
    deck = BENNY_CARDS if state.rules.benny else CARDS
    played = _played(state)
    seen: set[Card] = {c for _, c in played}
    blind = state.phase is Phase.JOKER_UPCARD and seat == state.dealer
    if not blind:
        seen |= set(state.hands[seat])
    upcard = state.upcard
    fixed: dict[int, list[Card]] = {s: [] for s in range(4)}
    shown = voids(state)
    discard_known = state.discard is not None and seat == state.dealer
    discard = state.discard if discard_known else None
    if upcard is not None:
        seen.add(upcard)
        picked = state.called_round == 1 and state.maker is not None
        if picked and upcard not in {c for _, c in played} and seat != state.dealer:
            # The dealer picked it up and has not played it: it is in their hand, or (seldom) laid away; once
            # their hand is empty, or they showed they lack its suit, it can only have been laid away.
            shown_void = state.trump is not None and EFFECTIVE[state.trump][upcard] in shown[state.dealer]
            if state.hands[state.dealer] and not shown_void:
                fixed[state.dealer].append(upcard)
            elif state.discard is not None:
                discard_known, discard = True, upcard
    if discard_known:
        assert discard is not None
        seen.add(discard)
    pool = [c for c in deck if c not in seen]
    trump = state.trump
    suits = EFFECTIVE[trump] if trump is not None else None
    slots: list[tuple[str, int]] = []
    sizes: list[int] = []
    allowed = []
    for s in range(4):
        if s == seat and not blind:
            continue
        size = len(state.hands[s]) - len(fixed[s])
        lacking = shown[s] if s not in state.out else set()
        slots.append(("hand", s))
        sizes.append(size)
        allowed.append(_allow(lacking, suits))
    slots.append(("kitty", -1))
    sizes.append(len(state.kitty))
    allowed.append(_allow(set(), suits))
    hidden_discard = state.discard is not None and not discard_known
    if hidden_discard:
        slots.append(("discard", -1))
        sizes.append(1)
        allowed.append(_allow(set(), suits))
    if sum(sizes) != len(pool):  # pragma: no cover - a state the engine cannot reach
        raise InvalidPositionError(f"{len(pool)} unseen cards for {sum(sizes)} hidden places")
    dealt = deal_hidden(pool, sizes, allowed, rng)
    hands = [list(h) for h in state.hands]
    kitty: tuple[Card, ...] = state.kitty
    for (kind, s), cards in zip(slots, dealt, strict=True):
        if kind == "hand":
            hands[s] = fixed[s] + cards
        elif kind == "kitty":
            kitty = tuple(cards)
        else:
            discard = cards[0]
    history = state.history
    if state.discard is not None and discard is not None and discard != state.discard:
        sampled = Discard(discard)
        history = tuple((who, sampled if isinstance(a, Discard) else a) for who, a in history)
    return state._with(hands=tuple(tuple(h) for h in hands), kitty=kitty, discard=discard, history=history,
                       dealt=_dealt(state, hands, discard))


def _allow(lacking: set[Suit], suits: Mapping[Card, Suit] | None) -> Any:
    if not lacking or suits is None:
        return lambda card: True
    return lambda card: suits[card] not in lacking


def _dealt(state: HandState, hands: Sequence[Sequence[Card]], discard: Card | None) -> tuple[tuple[Card, ...], ...]:
    """The hands as dealt in a sampled world: what each seat holds and has played (the dealer's pick-up undone)."""
    out = [list(h) for h in hands]
    for who, card in _played(state):
        out[who].append(card)
    if state.called_round == 1 and state.maker is not None and state.upcard is not None \
            and state.phase is not Phase.DEALER_DISCARD:
        d = state.dealer
        if discard is not None:
            out[d].append(discard)
        if state.upcard in out[d]:
            out[d].remove(state.upcard)
    elif state.phase is Phase.DEALER_DISCARD and state.upcard in out[state.dealer]:
        out[state.dealer].remove(state.upcard)
    return tuple(tuple(h) for h in out)


# ---------------------------------------------------------------------------------------------- features


def features(state: HandState, seat: int) -> Mapping[str, float]:
    """How a played-out hand went for ``seat``'s side: its tricks, whether it was euchred, whether it marched."""
    side = Side(seat % 2)
    result = hand_result(state)
    tricks = float(state.tricks_of(side))
    if result is None or result.makers is None or result.score is None:
        return {"tricks": tricks}
    mine = result.makers is side
    return {"tricks": tricks, "euchred": float(mine and result.score.euchred),
            "marches": float(mine and result.score.march)}


# ---------------------------------------------------------------------------------------------- rules of thumb


def _strength(state: HandState, seat: int, suit: Suit) -> tuple[bool, str]:
    hand = state.hands[seat]
    if state.phase is Phase.CALL_ROUND_1 and seat == state.dealer and state.upcard is not None:
        hand = hand + (state.upcard,)
    return call_strength(hand, suit)


def _unseen_trumps(state: HandState, seat: int, trump: Suit) -> list[Card]:
    """The trumps ``seat`` has not seen: not in its hand, not played (highest first)."""
    gone = {c for _, c in _played(state)} | set(state.hands[seat])
    return [c for c in trump_order(trump, state.rules.benny) if c not in gone]


def rule_of_thumb(state: HandState, action: Action) -> str:
    """Euchre's strategy for ``action`` in a clause ("your partner is winning this trick: play low", "J♦ (left
    bower) is the only card you hold that beats A♥"), or "" when no rule of thumb applies."""
    seat = state.to_act
    if seat is None:
        return ""
    phase = state.phase
    if phase in (Phase.CALL_ROUND_1, Phase.CALL_ROUND_2):
        if action is ORDER_UP and state.turned_suit is not None:
            return _strength(state, seat, state.turned_suit)[1]
        if isinstance(action, NameTrump):
            return _strength(state, seat, action.suit)[1]
        if action is PASS:
            options = [state.turned_suit] if phase is Phase.CALL_ROUND_1 else \
                [s for s in Suit if s is not state.turned_suit or state.rules.name_turned_down_suit]
            judged = [(_strength(state, seat, s), s) for s in options if s is not None]
            if judged and not any(good for (good, _), _ in judged):
                best = max(judged, key=lambda j: sum(1 for c in state.hands[seat] if EFFECTIVE[j[1]][c] is j[1]))
                return best[0][1]
        return ""
    if phase is Phase.JOKER_UPCARD:
        return _("you name the suit before looking at your cards, so no suit is better than another")
    trump = state.trump
    if trump is None:
        return ""
    suits, power = EFFECTIVE[trump], POWER[trump]
    hand = state.hands[seat]
    if phase is Phase.DEALER_DISCARD and isinstance(action, Discard):
        card = action.card
        if suits[card] is trump:
            return _("{card} is a trump: keep trumps, lay away a side card").format(card=card.symbol_text)
        rest = [c for c in hand if suits[c] is suits[card] and c != card]
        if not rest:
            return _("laying away {card} leaves you without {suits}, so you can trump their lead").format(
                card=card.symbol_text, suits=suit_plural(suits[card]))
        return ""
    if phase is Phase.GO_ALONE and isinstance(action, GoAlone):
        trumps = [c for c in trump_order(trump, state.rules.benny) if c in hand]
        top = trumps[:1] == [right_bower(trump)] or trumps[:1] == [BENNY]
        if action is not GoAlone.ALONE:
            return ""
        defending = state.maker is not None and seat % 2 != state.maker % 2
        need = _("three of the five tricks") if defending else _("all five tricks")
        facts = {"trumps": count(len(trumps), "trump"), "held": format_cards(trumps, symbols=True), "need": need}
        if len(trumps) >= 4 and top:
            return _("alone with {trumps} ({held}), headed by the highest: four points if you take {need}").format(
                **facts)
        if trumps:
            return _("alone with only {trumps} ({held}): four points only if you take {need} without your partner")\
                .format(**facts)
        return _("alone with {trumps}: four points only if you take {need} without your partner").format(**facts)
    if phase is not Phase.PLAY or not isinstance(action, Card):
        return ""
    return _play_thumb(state, seat, action, suits, power, trump)


def _play_thumb(state: HandState, seat: int, card: Card, suits: Mapping[Card, Suit], power: Mapping[Card, int],
                trump: Suit) -> str:
    hand = state.hands[seat]
    table = state.trick_cards
    name = describe_card(card, trump)
    if not table:
        unseen = _unseen_trumps(state, seat, trump)
        if suits[card] is trump and (not unseen or power[card] > power[unseen[0]]):
            return _("no trump left in the other hands beats {card}, so it wins this trick whatever they hold").format(
                card=name)
        return ""
    led = suits[table[0]]

    def strength(c: Card) -> int:
        return 200 + power[c] if suits[c] is trump else 100 + power[c] if suits[c] is led else 0

    best = trick_winner(table, trump)
    top = table[best]
    partner_wins = state.trick_seats[best] % 2 == seat % 2
    legal = [c for c in hand if suits[c] is led] or list(hand)
    beats = [c for c in legal if strength(c) > strength(top)]
    last = len(table) == state.active - 1
    top_name = describe_card(top, trump)
    if partner_wins:
        if strength(card) > strength(top):
            return _("it overtakes your partner, who is already winning the trick with {top}").format(top=top_name)
        if card == min(legal, key=lambda c: (strength(c), power[c])) and len(legal) > 1:
            return _("your partner is winning this trick with {top}: play low").format(top=top_name)
        return ""
    if card in beats:
        if len(beats) == 1:
            only = _("{card} is the only trump you hold that beats {top}") if suits[card] is trump else \
                _("{card} is the only card you hold that beats {top}")
            return only.format(card=name, top=top_name)
        cheapest = min(beats, key=strength)
        if last:
            if card == cheapest:
                return _("you play last, and {card} is the cheapest card that takes the trick").format(card=name)
            return _("you play last: {cheaper} would take the trick too, and costs less").format(
                cheaper=describe_card(cheapest, trump))
        return _("{card} beats {top}").format(card=name, top=top_name)
    if beats:
        return _("{card} does not beat {top}, and {other} would").format(card=name, top=top_name,
                                                                         other=describe_card(beats[0], trump))
    if card == min(legal, key=lambda c: (strength(c), power[c])) and len(legal) > 1:
        return _("nothing you hold beats {top}: throw your lowest card").format(top=top_name)
    return ""


# ---------------------------------------------------------------------------------------------- posed positions


def posed_trick(rules: Rules, request: Any) -> HandState:
    """The coach's state from a posed trick (``trump``, ``hand``, ``table``, ``players``, ``sits_out``): see
    :func:`engine.euchre.commands.posed_state`."""
    trump: Suit = request.trump
    sits_out = getattr(request, "sits_out", ())
    out = tuple(Seat.parse(s) for s in ((sits_out,) if isinstance(sits_out, str) else sits_out))
    check_sitting_out(out)
    players = request.players if request.players is not None else 4 - len(out)
    if len(out) not in (0, 4 - players):
        raise InvalidPositionError(_("{players} active players, but {out} sitting out").format(players=players,
                                                                                              out=len(out)))
    if not out and players < 4:
        out = (Seat.NORTH,) if players == 3 else (Seat.NORTH, Seat.EAST)
    position = Position.build(hand=request.hand, table=request.table, rules=rules, trump=trump, players=players)
    active = [s for s in Seat if s not in out]
    leader = Seat.parse(request.leader) if getattr(request, "leader", None) is not None else None
    if leader is None:  # the player to act sits South (or the first active seat after the sitting-out ones)
        me = Seat.SOUTH if Seat.SOUTH not in out else active[0]
        around = play_order(me, out)
        leader = around[-len(position.table)] if position.table else me
    order = play_order(leader, out)
    seat = order[len(position.table) % len(order)]
    n = len(position.hand)
    hands: list[tuple[Card, ...]] = [(), (), (), ()]
    hands[seat] = position.hand
    sizes = {s: (n - 1 if s in order[:len(position.table)] else n) for s in active if s != seat}
    for s in out:
        sizes[s] = 5
    deck = BENNY_CARDS if rules.benny else CARDS
    pool = [c for c in deck if c not in set(position.hand) | set(position.table)]
    rng = random.Random(0)
    rng.shuffle(pool)
    for s, size in sorted(sizes.items()):
        hands[s], pool = tuple(pool[:size]), pool[size:]
    earlier = tuple(Trick(int(leader), (), ()) for _ in range(5 - n))
    return HandState(rules, int(order[0]), Phase.PLAY, int(seat), tuple(hands), None, tuple(pool), dealt=(),
                     trump=trump, maker=None, lone=(), out=tuple(int(s) for s in out), tricks=earlier,
                     leader=int(leader), trick_cards=position.table,
                     trick_seats=tuple(int(s) for s in order[:len(position.table)]))


def fill_hidden(state: HandState, seat: int) -> HandState:
    """``state`` with every card ``seat`` cannot see dealt at random (a fixed seed): the coach deals them again."""
    deck = BENNY_CARDS if state.rules.benny else CARDS
    known = set(state.hands[seat]) | ({state.upcard} if state.upcard is not None else set())
    pool = [c for c in deck if c not in known]
    random.Random(0).shuffle(pool)
    hands = list(state.hands)
    for s in range(4):
        if s != seat:
            hands[s], pool = tuple(pool[:5]), pool[5:]
    return state._with(hands=tuple(hands), kitty=tuple(pool), dealt=tuple(hands))


def value_words(state: HandState) -> tuple[str, str]:
    """What the coach's values count, singular and plural: the hand's points (your side's less theirs), or, in a
    trick posed in the editor (no makers, earlier tricks unknown), the tricks taken from there on."""
    if state.maker is None and state.trump is not None:
        return ("trick", "tricks")
    return ("point", "points")
