"""What the coach (:mod:`engine.advisor`) needs from Dou Dizhu: hidden cards sampled from what a seat has seen,
numbers that say how a hand went, rules of thumb in words, and a state from a posed editor position.

What a seat sees: its own hand; every card played (and by whom); the auction's calls; the card the dealer turned
face up (the first bidder drew it, so holds it unless it has played that rank); and, once the landlord has taken
it, the kitty, face up for all — the landlord still holds those cards unless it has played that rank. Bids say
little about the cards, so they constrain nothing. :func:`determinize` deals every other card again at random
within those facts, and never looks at where the hidden cards really are.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.base import PASS
from engine.doudizhu.bidding import PASS_BID, Auction, Bid
from engine.doudizhu.bots import strength
from engine.doudizhu.combos import Combo, Kind, describe
from engine.doudizhu.deal import DealtHand
from engine.doudizhu.order import BJ, INDEX, RJ, TWO, Counts, N, cards_of, counts_of, rank_word
from engine.doudizhu.play import Position, read_table
from engine.doudizhu.rules import Rules
from engine.doudizhu.state import Action, Phase, State
from engine.errors import InvalidPositionError
from engine.i18n import Nn_
from engine.i18n import gettext as _
from engine.words import count, number, seat_name

__all__ = ["FEATURE_WORDS", "determinize", "features", "position_state", "rule_of_thumb", "value_words"]

FEATURE_WORDS: Mapping[str, tuple[str, str]] = {
    "wins": Nn_("win in a hundred hands", "wins in a hundred hands"),
    "cards_left": Nn_("card left in your hand at the end", "cards left in your hand at the end"),
}


def _sub(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x - y for x, y in zip(a, b, strict=True)]


def _add(a: Sequence[int], b: Sequence[int]) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def played_by(state: State) -> list[list[int]]:
    """The rank counts each seat has played so far (public: every play is seen by all)."""
    kitty = counts_of(state.dealt.kitty)
    out = []
    for seat in range(state.players):
        start = counts_of(state.dealt.hands[seat])
        if state.landlord == seat:
            start = _add(start, kitty)
        out.append(_sub(start, state.hands[seat]))
    return out


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A state ``seat`` cannot tell from ``state``: the cards it cannot see dealt again at random among the other
    hands (and the kitty, during the auction), keeping what every seat holds for certain: the kitty cards in the
    landlord's hand and the face-up card in the first bidder's, unless that rank has been played by them."""
    rules = state.rules
    players = state.players
    played = played_by(state)
    deck = counts_of(rules.deck.cards())
    bidding = state.phase is Phase.BIDDING
    kitty = counts_of(state.dealt.kitty)
    pool = _sub(deck, state.hands[seat])
    for p in played:
        pool = _sub(pool, p)
    sure = [[0] * N for _ in range(players)]
    if not bidding and state.landlord is not None and state.landlord != seat:
        for r in range(N):
            sure[state.landlord][r] = max(0, kitty[r] - played[state.landlord][r])
    first = state.dealt.first_bidder
    face = INDEX[state.dealt.face_up.rank]
    if first != seat and not played[first][face] and not sure[first][face]:
        sure[first][face] = 1
    sizes = [sum(state.hands[s]) if s != seat else 0 for s in range(players)]
    hands: list[list[int]] = [list(state.hands[seat]) if s == seat else list(sure[s]) for s in range(players)]
    for s in range(players):
        if s != seat:
            pool = _sub(pool, sure[s])
    loose = [r for r in range(N) for _ in range(pool[r])]
    rng.shuffle(loose)
    at = 0
    for s in range(players):
        if s == seat:
            continue
        need = sizes[s] - sum(hands[s])
        for r in loose[at:at + need]:
            hands[s][r] += 1
        at += need
    new_kitty = kitty
    if bidding:
        rest = [0] * N
        for r in loose[at:]:
            rest[r] += 1
        new_kitty = tuple(rest)
    dealt_hands = []
    for s in range(players):
        start = _add(hands[s], played[s])
        if state.landlord == s:
            start = tuple(_sub(start, kitty))
        dealt_hands.append(cards_of(start))
    dealt = DealtHand(seed=state.dealt.seed, hands=tuple(dealt_hands), kitty=cards_of(new_kitty),
                      dealer=state.dealt.dealer, face_up=state.dealt.face_up, first_bidder=first)
    return replace(state, dealt=dealt, hands=tuple(tuple(h) for h in hands), seed=rng.randrange(2**31))


def features(state: State, seat: int) -> dict[str, float]:
    """How a (played-out) hand went for ``seat``: whether its side won (100 for a win, so that averages read as
    wins in a hundred hands) and the cards it had left."""
    out: dict[str, float] = {"cards_left": float(sum(state.hands[seat]))}
    if state.out is not None and state.landlord is not None:
        mine = (seat == state.landlord) == (state.out == state.landlord)
        out["wins"] = 100.0 if mine else 0.0
    return out


def rule_of_thumb(state: State, action: Action) -> str:
    """Dou Dizhu's strategy for ``action`` in a clause, or "" when no simple rule applies."""
    seat = state.auction.to_act if state.phase is Phase.BIDDING else state.turn
    if seat is None:
        return ""
    rules = state.rules
    hand = state.hands[seat]
    if state.phase is Phase.BIDDING:
        return _bid_thumb(hand, action, rules)
    names = tuple(seat_name(s) for s in rules.seat_letters)
    landlord = state.landlord
    opponents = [s for s in range(state.players) if s != seat and (s == landlord) != (seat == landlord)]
    low = min(opponents, key=lambda s: sum(state.hands[s]), default=None)
    low_cards = sum(state.hands[low]) if low is not None else 99
    table = state.table if state.table is not None and state.table[0] != seat else None
    partner_on_table = (table is not None and landlord is not None and seat != landlord and table[0] != landlord)
    if action is PASS:
        if partner_on_table:
            return _("your partner's play is winning this trick: let it stand")
        if low is not None and low_cards <= 2:
            return _("{seat} has only {cards} left: passing may let them go out").format(
                seat=names[low], cards=count(low_cards, "card"))
        return _("passing keeps your cards for a later trick")
    if not isinstance(action, Combo):
        return ""
    if action.size == sum(hand):
        return _("this play empties your hand: it wins the hand")
    if partner_on_table and action.kind not in (Kind.BOMB, Kind.ROCKET):
        return _("this beats your partner's winning play")
    if action.kind in (Kind.BOMB, Kind.ROCKET):
        return _spend(action, rules, names[low] if low is not None and low_cards <= 4 else None, low_cards)
    if table is None:
        if action.size >= 5:
            return _("leading {play} sheds {n} cards at once").format(play=describe(action), n=number(action.size))
        if action.rank >= TWO:
            return _("leading a high card early gives away your control of later tricks")
        if _lowest_held(hand, action):
            return _("leading low keeps your high cards for later tricks")
        return ""
    if action.rank >= TWO and table[1].rank < TWO - 2:
        return _("beating a low play with a {rank} spends a high card early").format(rank=rank_word(action.rank))
    return ""


def _spend(action: Combo, rules: Rules, close: str | None, left: int) -> str:
    """Why a bomb or the rocket is played (``close``: the opponent close to going out, holding ``left`` cards)."""
    doubles = action.kind is Kind.ROCKET or rules.bomb_doubles(action.length)
    what = _("the rocket") if action.kind is Kind.ROCKET else _("a bomb")
    if close is not None:
        lead = _("{seat} has only {cards} left: {what} takes the lead and doubles the stake") if doubles else \
            _("{seat} has only {cards} left: {what} takes the lead")
        return lead.format(seat=close, cards=count(left, "card"), what=what)
    wins = _("{what} wins the trick and doubles the stake, but spends your strongest cards early") if doubles else \
        _("{what} wins the trick, but spends your strongest cards early")
    return wins.format(what=what)


def _lowest_held(hand: Counts, action: Combo) -> bool:
    """Whether ``action`` uses the lowest rank the hand holds as many cards of as the play's main rank needs."""
    need = max(action.counts[action.rank], 1)
    held = [r for r, n in enumerate(hand) if n >= need]
    return bool(held) and action.rank == held[0]


def _bid_thumb(hand: Counts, action: Action, rules: Rules) -> str:
    power = strength(hand)
    high = [w for w in (_held(hand, BJ), _held(hand, RJ), _held(hand, TWO)) if w]
    bombs = sum(1 for r in range(TWO + 1) if hand[r] >= 4)
    if bombs:
        high.append(count(bombs, "bomb"))
    held = ", ".join(high) if high else _("no jokers, 2s or bombs")
    if isinstance(action, Bid):
        if power >= 9:
            return _("a strong hand ({held}): worth playing alone against the others").format(held=held)
        if action.value == 3:
            return _("bidding 3 with {held} triples the stake: a win pays three times as much, and so does a "
                     "loss").format(held=held)
        return _("a bid with {held}: the landlord plays alone, with the {n} kitty cards").format(
            held=held, n=number(rules.kitty))
    if power < 6.5:
        return _("a weak hand for the landlord ({held}): passing keeps you a peasant, with partners").format(held=held)
    return _("passing with {held} leaves the kitty and the stake to someone else").format(held=held)


def _held(hand: Counts, r: int) -> str:
    """The cards of rank ``r`` the hand holds, in words: "the black joker", "two 2s", ""."""
    n = hand[r]
    if not n:
        return ""
    if r >= BJ and n == 1:
        return _("the black joker") if r == BJ else _("the red joker")
    return _("{n} {ranks}").format(n=number(n), ranks=rank_word(r, n))


def position_state(rules: Rules, hand: Sequence[Any], table: Sequence[Any], table_as: Kind | None,
                   seed: int = 0) -> State:
    """A state for the coach from a posed position (South's hand and the play to beat): South is to act.

    A position says nothing of roles or of the other hands, so it is read the simplest way: South is the landlord
    when it holds more than a dealt hand (it took the kitty), else a peasant and the landlord made the play on the
    table (or, on a lead, is East); the play on the table was made by the seat before South; the other hands hold
    as many cards as South's (the landlord the kitty more), drawn from the cards South cannot see, and the rest is
    taken as played. The stake is a bid of 1.
    """
    position = Position.build(hand=hand, table=table, rules=rules)
    players = rules.players
    own = position.hand
    n = sum(own)
    table_seat = players - 1
    landlord = 0 if n > rules.hand_size else (table_seat if position.table is not None else 1)
    sizes = [n]
    for s in range(1, players):
        size = n - rules.kitty if landlord == 0 else n + (rules.kitty if s == landlord else 0)
        size = max(1, min(size, rules.max_hand))
        sizes.append(size)
    deck = counts_of(rules.deck.cards())
    table_counts = position.table.counts if position.table is not None else (0,) * N
    pool = _sub(_sub(deck, own), table_counts)
    cards = [r for r in range(N) for _ in range(pool[r])]
    random.Random(seed).shuffle(cards)
    hidden = sum(sizes[1:])
    if hidden > len(cards):
        raise InvalidPositionError(_("the other hands cannot be filled from the cards left"))
    hands: list[Counts] = [own]
    at = 0
    for s in range(1, players):
        counts = [0] * N
        for r in cards[at:at + sizes[s]]:
            counts[r] += 1
        at += sizes[s]
        hands.append(tuple(counts))
    played = [[0] * N for _ in range(players)]
    if position.table is not None:
        played[table_seat] = list(table_counts)
    rest = [0] * N
    for r in cards[at:]:
        rest[r] += 1
    # the cards nobody holds count as played by the landlord before (who played is not known, and play-outs
    # only need every card to be somewhere)
    played[landlord] = [a + b for a, b in zip(played[landlord], rest, strict=True)]
    dealt = DealtHand(seed=seed, hands=tuple(cards_of(_add(hands[s], played[s])) for s in range(players)),
                      kitty=(), dealer=(landlord - 1) % players, face_up=cards_of(_add(hands[landlord],
                                                                                       played[landlord]))[0],
                      first_bidder=landlord)
    calls = (1,) + (PASS_BID,) * (players - 1)
    auction = Auction(players, landlord, calls)
    trick: tuple[tuple[int, Combo], ...] = ()
    table_play = None
    if position.table is not None:
        combo = read_table(rules, position.table.counts, table_as)
        table_play = (table_seat, combo)
        trick = ((table_seat, combo),)
    plays_by = tuple(1 if any(p) else 0 for p in played)
    return State(rules=rules, seed=seed, redeals=0, dealt=dealt, auction=auction, hands=tuple(hands),
                 phase=Phase.PLAY, landlord=landlord, turn=0, table=table_play, trick=trick, passes=0,
                 trick_no=2 if position.table is not None or any(plays_by) else 1, plays_by=plays_by,
                 fixed_dealer=True)


def value_words(state: State) -> tuple[str, str]:
    """What the coach's values count, singular and plural: the points you win (or pay) at the end of the hand."""
    return ("point", "points")
