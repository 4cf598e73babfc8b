"""What the coach (:mod:`engine.advisor`) needs from Shengji: sampled worlds that respect what a seat has seen, the
numbers that say how a played-out hand went, the game's rules of thumb, and a state for a posed position.

- :func:`determinize` deals again every card ``seat`` cannot see — the other hands, the kitty (unless ``seat``
  buried it), the cards still to be drawn — keeping what the seat saw: its hand, every card played, the voids a
  player showed by not following, the cards shown in declarations, the kitty cards turned to fix the trump, and the
  cards of a failed throw that went back to the thrower's hand. It reads nothing else of the hidden cards: two
  states that differ only there give the same worlds for the same random numbers.
- :func:`features` — the points and tricks a seat's team took, and the kitty points it gained.
- :func:`rule_of_thumb` — one sentence of strategy for an action, from what the seat knows.
- :func:`position_state` — a play-phase state from a position posed in the editor (your hand, the lead, trump).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from engine.base import Pass
from engine.cards import Card
from engine.errors import InvalidPositionError
from engine.i18n import Nn_
from engine.i18n import gettext as _
from engine.i18n import number as n_
from engine.sampling import deal_hidden
from engine.shengji import playout
from engine.shengji.combos import Holding, decompose, group_of
from engine.shengji.deal import ShengjiDeal, deal, deck_of
from engine.shengji.order import GROUPS, Group, Trump, cards_text, points, seat_words, trump_for
from engine.shengji.play import Position
from engine.shengji.rules import Rules
from engine.shengji.score import team_of
from engine.shengji.state import (
    Bury,
    Declare,
    Name,
    Phase,
    Play,
    State,
    TrickRecord,
    declaration_options,
)
from engine.shengji.trick import trick_winner
from engine.words import and_list, count

__all__ = ["FEATURE_WORDS", "determinize", "features", "position_state", "rule_of_thumb", "value_words", "voids"]

FEATURE_WORDS: Mapping[str, tuple[str, str]] = {
    "points": ("point", "points"),
    "tricks": ("trick", "tricks"),
    "kitty": Nn_("point from the kitty", "points from the kitty"),
}


# ------------------------------------------------------------------------------------------------ what was seen


def voids(state: State) -> dict[int, set[Group]]:
    """The groups each seat showed it has none of (it followed a lead of that group with other cards)."""
    out: dict[int, set[Group]] = {s: set() for s in range(4)}
    trump = state.trump
    if trump is None:
        return out
    tricks = [] if state.hidden_history else [(t.leader, t.plays) for t in state.tricks]
    if state.trick:
        tricks.append((state.leader, state.trick))
    for leader, plays in tricks:
        group = group_of(plays[0], trump)
        if group is None:
            continue
        n = len(plays[0])
        for i, play_ in enumerate(plays[1:], start=1):
            if sum(1 for c in play_ if trump.group(c) is group) < n:
                out[(leader + i) % 4].add(group)
    return out


def _played_by(state: State) -> dict[int, Counter[Card]]:
    """The cards each seat played where everyone saw them."""
    out: dict[int, Counter[Card]] = {s: Counter() for s in range(4)}
    tricks = [] if state.hidden_history else [(t.leader, t.plays) for t in state.tricks]
    if state.trick:
        tricks.append((state.leader, state.trick))
    for leader, plays in tricks:
        for i, play_ in enumerate(plays):
            out[(leader + i) % 4].update(play_)
    return out


def _shown(state: State, seat: int) -> dict[int, Counter[Card]]:
    """Cards another seat is known to hold still (or, for the starter, to hold or to have buried): the cards of its
    declarations, the kitty cards turned up (the starter took them), the cards of its failed throws taken back —
    less the ones it has played since."""
    need: dict[int, Counter[Card]] = {s: Counter() for s in range(4)}
    for d in state.declarations:
        need[d.seat][d.card] = max(need[d.seat][d.card], d.count)
    starter = state.starter
    if state.kitty_turn is not None and starter is not None:
        need[starter].update(state.kitty_turn.turned)
    if not state.hidden_history:
        for t in state.tricks:
            if t.attempted:
                back = Counter(t.attempted)
                back.subtract(t.plays[0])
                need[t.leader].update(+back)
    if state.throw is not None and state.phase is Phase.CHOOSE:
        need[state.leader].update(state.throw.cards)
    played = _played_by(state)
    for s in range(4):
        need[s] = +(need[s] - played[s])
    need[seat] = Counter()
    return need


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A world ``seat`` cannot tell from ``state`` (see the module docstring), marked for fast play-outs."""
    rules = state.rules
    deck = deck_of(rules)
    seat_knows_kitty = seat == state.starter and state.phase not in (Phase.DRAW, Phase.NAME)
    known: Counter[Card] = Counter(state.hands[seat])
    if not state.hidden_history:
        known.update(c for t in state.tricks for p in t.plays for c in p)
    known.update(c for p in state.trick for c in p)
    if seat_knows_kitty:
        known.update(state.buried)
    pool: Counter[Card] = Counter()
    for card in deck.distinct():  # a canonical order: nothing here depends on where the hidden cards are
        left = rules.decks - known[card]
        if left > 0:
            pool[card] = left
    others = [s for s in range(4) if s != seat]
    sizes = [len(state.hands[s]) for s in others]
    # the other slots: the kitty (buried, or still in the deal), the cards still to be drawn, a posed history
    kitty_hidden = not seat_knows_kitty
    extra: list[tuple[str, int]] = []
    if state.phase is Phase.DRAW:
        extra.append(("undrawn", len(state.deal.order) - state.drawn))
    elif state.phase is Phase.NAME:
        extra.append(("kitty", len(state.kitty)))
    elif kitty_hidden and state.buried:
        extra.append(("buried", len(state.buried)))
    if state.hidden_history:
        extra.append(("history", sum(len(p) for t in state.tricks for p in t.plays)))
    need = _shown(state, seat)
    gone = voids(state) if state.trump is not None else {s: set() for s in range(4)}
    trump = state.trump
    placed: dict[str, list[Card]] = {name: [] for name, _ in extra}
    room = dict(zip(others, sizes, strict=True))
    fixed: dict[int, list[Card]] = {s: [] for s in others}
    for s in others:
        for card, n in sorted(need[s].items(), key=lambda kv: kv[0].text):
            for _copy in range(n):
                if pool[card] <= 0:
                    break
                if room[s] > 0 and not (trump is not None and trump.group(card) in gone[s]):
                    fixed[s].append(card)
                    room[s] -= 1
                    pool[card] -= 1
                elif s == state.starter and "buried" in placed and len(placed["buried"]) < dict(extra)["buried"]:
                    placed["buried"].append(card)
                    pool[card] -= 1
    cards = [c for c in deck.distinct() for _ in range(pool[c])]
    slot_sizes = [room[s] for s in others] + [size - len(placed[name]) for name, size in extra]

    def allowed(s: int) -> Any:
        if trump is None or not gone[s]:
            return lambda card: True
        banned = gone[s]
        return lambda card: trump.group(card) not in banned

    tests = [allowed(s) for s in others] + [lambda card: True for _ in extra]
    dealt = deal_hidden(cards, slot_sizes, tests, rng)
    hands = list(state.hands)
    for i, s in enumerate(others):
        hands[s] = tuple(fixed[s] + dealt[i])
    rest = {name: placed[name] + dealt[len(others) + k] for k, (name, _) in enumerate(extra)}
    changes: dict[str, Any] = {"playout": True}
    if state.phase is Phase.DRAW:
        changes.update(_redrawn(state, seat, hands, rest["undrawn"], rng))
    else:
        changes["hands"] = tuple(hands)
        if "kitty" in rest:
            order = state.deal.order[: state.deal.drawn] + tuple(rest["kitty"])
            changes["deal"] = dataclasses.replace(state.deal, order=order)
        if "buried" in rest:
            changes["buried"] = tuple(rest["buried"])
        if "history" in rest:
            changes["tricks"] = _rehistory(state.tricks, rest["history"])
    return dataclasses.replace(state, **changes)


def _redrawn(state: State, seat: int, hands: list[tuple[Card, ...]], undrawn: list[Card],
             rng: random.Random) -> dict[str, Any]:
    """While drawing: a new deal order with ``seat``'s draws where they were, the other seats' (sampled) cards at
    their draws — the declared cards first — and the undrawn cards shuffled."""
    d = state.deal
    order = list(d.order)
    for s in range(4):
        if s == seat:
            continue
        positions = [i for i in range(state.drawn) if d.seat_of(i) == s]
        cards = list(hands[s])
        shown = {decl.card for decl in state.declarations if decl.seat == s}
        first = [c for c in cards if c in shown]
        later = [c for c in cards if c not in shown]
        rng.shuffle(later)
        for i, card in zip(positions, first + later, strict=True):
            order[i] = card
        hands[s] = tuple(order[i] for i in positions)
    rng.shuffle(undrawn)
    order[state.drawn:] = undrawn
    return {"deal": ShengjiDeal(d.seed, tuple(order), d.first, d.hand_size), "hands": tuple(hands)}


def _rehistory(records: Sequence[TrickRecord], cards: list[Card]) -> tuple[TrickRecord, ...]:
    out = []
    i = 0
    for t in records:
        plays = []
        for p in t.plays:
            plays.append(tuple(cards[i:i + len(p)]))
            i += len(p)
        out.append(dataclasses.replace(t, plays=tuple(plays)))
    return tuple(out)


# ------------------------------------------------------------------------------------------------ features


def features(state: Any, seat: int) -> dict[str, float]:
    """How a (played-out) hand went for ``seat``'s team: the points and tricks it took, the kitty points it gained."""
    team = team_of(seat)
    if isinstance(state, playout.FastState):
        s = state.score
        kitty = float(s.kitty_bonus) if s is not None and team != s.banker_team else 0.0
        return {"points": float(state.team_points[team]), "tricks": float(state.team_tricks[team]), "kitty": kitty}
    took = sum(t.points for t in state.tricks if team_of(t.winner) == team)
    won = sum(1 for t in state.tricks if team_of(t.winner) == team)
    s = state.score
    kitty = float(s.kitty_bonus) if s is not None and team != s.banker_team else 0.0
    return {"points": float(took), "tricks": float(won), "kitty": kitty}


# ------------------------------------------------------------------------------------------------ rules of thumb


def _unseen(state: State, seat: int) -> Counter[Card]:
    left = Counter(deck_of(state.rules).cards())
    left.subtract(state.hands[seat])
    if not state.hidden_history:
        left.subtract(state.played())
    else:
        left.subtract(c for p in state.trick for c in p)
    if seat == state.starter:
        left.subtract(state.buried)
    return +left


def rule_of_thumb(state: State, action: Any) -> str:
    """A short reason of Shengji strategy for ``action`` in ``state``, from what the seat to act knows ("" when no
    rule of thumb applies)."""
    seat = state.to_act
    if seat is None:
        return ""
    if isinstance(action, Declare) and action.cards:
        card = action.cards[0]
        rank = state.declare_rank(seat)
        trump = trump_for(state.rules, rank, None if card.is_joker else card.suit)
        hand = state.hands[seat]
        n = sum(1 for c in hand if trump.is_trump(c))
        return _("you hold {trumps} if {cards} is declared ({drawn} drawn so far)").format(
            trumps=count(n, "trump"), cards=cards_text(action.cards), drawn=count(len(hand), "card"))
    if isinstance(action, Pass) and state.phase is Phase.DRAW and declaration_options(state, seat):
        return _("passing keeps your cards hidden but leaves the trump suit to the others")
    if isinstance(action, Name):
        rank = state.levels[team_of(state.starter or 0)]
        trump = trump_for(state.rules, rank, action.suit)
        n = sum(1 for c in state.hands[seat] if trump.is_trump(c))
        return _("naming {suit} makes {cards} of your hand trumps").format(suit=action.suit.symbol,
                                                                           cards=count(n, "card"))
    if isinstance(action, Bury) and state.trump is not None:
        return bury_thumb(state, seat, action.cards, state.trump)
    if isinstance(action, Play) and state.trump is not None:
        return _lead_thumb(state, seat, action.cards, state.trump) if not state.trick else \
            _follow_thumb(state, seat, action.cards, state.trump)
    return ""


def bury_costs(state: State, seat: int, cards: Sequence[Card], trump: Trump) -> str:
    """What a burial gives up, in words ("two trumps, 15 points and cards of two pairs"; "" when nothing)."""
    pts = points(cards)
    trumps = sum(1 for c in cards if trump.is_trump(c))
    tally = Counter(state.hands[seat])
    pairs = sum(1 for c, n in Counter(cards).items() if n >= 2 or tally[c] >= 2)
    bits = []
    if trumps:
        bits.append(count(trumps, "trump"))
    if pts:
        bits.append(count(pts, "point"))
    if pairs:
        bits.append(_("cards of {pairs}").format(pairs=count(pairs, "pair")))
    return and_list(bits)


def bury_voids(state: State, seat: int, cards: Sequence[Card], trump: Trump) -> str:
    left = Counter(state.hands[seat])
    left.subtract(cards)
    emptied = [g for g in GROUPS if g is not Group.TRUMP and any(trump.group(c) is g for c in cards)
               and not any(trump.group(c) is g for c in left.elements())]
    return and_list(g.label for g in emptied)


def bury_thumb(state: State, seat: int, cards: Sequence[Card], trump: Trump) -> str:
    costs = bury_costs(state, seat, cards, trump)
    if costs:
        return _("you bury {costs}: keep trumps and pairs, and bury points only if your side will win the last "
                 "trick").format(costs=costs)
    emptied = bury_voids(state, seat, cards, trump)
    if emptied:
        return _("burying low cards leaves you void in {suits}, so you can trump it").format(suits=emptied)
    return _("you bury low cards that would not win tricks")


def _lead_thumb(state: State, seat: int, cards: Sequence[Card], trump: Trump) -> str:
    unseen = _unseen(state, seat)
    parts = decompose(cards, trump, state.rules)
    group = parts[0].group
    out = Holding(Counter({c: n for c, n in unseen.items() if trump.group(c) is group}), trump, group)
    safe = all((top := out.best_top(p.shape)) is None or top <= p.top for p in parts)
    if safe and len(parts) > 1 and group is Group.TRUMP:
        return _("no card you have not seen can beat any part of this throw: it stands and wins")
    if safe and len(parts) > 1:
        return _("no card you have not seen can beat any part of this throw: it stands and wins unless it is trumped")
    if safe and group is Group.TRUMP:
        return _("no trump you have not seen beats {cards}: it wins the trick").format(cards=cards_text(cards, trump))
    if safe:
        return _("no card you have not seen beats {cards}: it wins the trick unless it is trumped").format(
            cards=cards_text(cards, trump))
    if group is Group.TRUMP:
        return _("leading trumps draws the other side's trumps")
    if len(cards) == 1 and trump.level(cards[0]) <= 5 and _lowest_of_group(state.hands[seat], cards, trump):
        return _("a low lead keeps your high cards for later tricks")
    return ""


def _follow_thumb(state: State, seat: int, cards: Sequence[Card], trump: Trump) -> str:
    names = [seat_words(s) for s in state.rules.seats]
    so_far = trick_winner(list(state.trick), trump, state.rules)
    winning = (state.leader + so_far.winner) % 4
    partner = winning % 2 == seat % 2
    pts = points(cards)
    trick_points = sum(points(p) for p in state.trick)
    after = trick_winner([*state.trick, tuple(cards)], trump, state.rules)
    takes = after.winner == len(state.trick)
    last = len(state.trick) == 3
    lead_group = group_of(state.trick[0], trump)
    if partner and not takes:
        spent = [c for c in cards if trump.is_trump(c)] if lead_group is not Group.TRUMP else []
        if spent:  # a trump thrown on a side-suit trick the partner wins anyway
            return (_("your partner {seat} is winning this trick, and {cards} is a trump you give away for nothing")
                    if len(spent) == 1 else
                    _("your partner {seat} is winning this trick, and {cards} are trumps you give away for "
                      "nothing")).format(seat=names[winning], cards=cards_text(spent, trump))
        if pts:
            return _("your partner {seat} is winning this trick: give {points}").format(seat=names[winning],
                                                                                        points=count(pts, "point"))
        return _("your partner {seat} is winning this trick: keep your high cards").format(seat=names[winning])
    if takes and lead_group is not Group.TRUMP and all(trump.is_trump(c) for c in cards):
        gain = trick_points + pts
        return _("trumping takes the {points} in this trick").format(points=count(gain, "point")) if gain else \
            _("trumping wins the trick and the lead")
    if takes:
        total = trick_points + pts
        shown = cards_text(cards, trump)
        if total and last:
            return _("{cards} wins the trick and its {points}").format(cards=shown, points=count(total, "point"))
        return (_("{cards} wins the trick") if last else _("{cards} takes the lead of this trick")).format(cards=shown)
    if pts:
        return _("the other side is winning this trick: {points} given away").format(points=count(pts, "point"))
    if _lowest_of_group(state.hands[seat], cards, trump):
        return _("the other side is winning this trick: play low and keep your high cards")
    return ""


def _lowest_of_group(hand: Sequence[Card], cards: Sequence[Card], trump: Trump) -> bool:
    """Whether no card ``hand`` keeps after playing ``cards`` is lower than a played card of its own group (the
    play is the low one of what the seat holds in those groups)."""
    left = Counter(hand)
    left.subtract(cards)
    kept = [c for c in (+left).elements()]
    for card in cards:
        group = trump.group(card)
        if any(trump.group(k) is group and trump.level(k) < trump.level(card) for k in kept):
            return False
    return True


# ------------------------------------------------------------------------------------------------ posed positions


def position_state(pos: Position, leader_letter: str) -> State:
    """A play-phase state from a posed position (the editor's, led by the seat ``leader_letter``): the seat to act
    holds ``pos.hand`` (it leads when nothing is on the table, else it plays next after the leader); N–S bank with N
    as the starter; the cards of earlier tricks, the kitty and the other hands are unknown (the coach deals them)."""
    rules, trump = pos.rules, pos.trump
    leader = rules.seats.index(leader_letter)
    seat = leader if pos.leading else (leader + 1) % 4
    hand = tuple(pos.hand)
    lead = tuple(pos.lead)
    size = min(len(hand), rules.hand_size)
    sizes = [size] * 4
    if lead:
        sizes[leader] = size - len(lead)
    deck = Counter(deck_of(rules).cards())
    deck.subtract(hand)
    deck.subtract(lead)
    rest = list((+deck).elements())
    others = sum(sizes[s] for s in range(4) if s != seat)
    if others > len(rest):
        raise InvalidPositionError(_("the coach cannot deal the other hands: {left} cards are left for "
                                     "{needed}").format(left=n_(len(rest)), needed=n_(others)))
    history = len(rest) - others - rules.kitty
    each = history // 4 if history >= 0 and history % 4 == 0 else 0
    kitty = len(rest) - others - 4 * each
    fill = iter(rest)
    hands = [hand if s == seat else tuple(next(fill) for _ in range(sizes[s])) for s in range(4)]
    buried = tuple(next(fill) for _ in range(max(kitty, 0)))
    tricks: tuple[TrickRecord, ...] = ()
    if each:
        tricks = (TrickRecord(0, tuple(tuple(next(fill) for _ in range(each)) for _ in range(4)), 0, 0),)
    dealt = deal(rules, 0)
    start_levels = (trump.rank or rules.trump_rank_start, trump.rank or rules.trump_rank_start)
    return State(rules, 0, start_levels, 0, dealt, 0, Phase.PLAY, dealt.drawn, tuple(hands), (), (), True, seat,
                 trump=trump, starter=0, buried=buried, leader=leader, trick=(lead,) if lead else (), tricks=tricks,
                 hidden_history=True)


# ------------------------------------------------------------------------------------------------ grading a burial


GRADE_SAMPLES = 24
"""Sampled deals the coach plays out to grade a burial (the lesson's exercise)."""


def burial_state(rules: Rules, trump: Trump, hand: Sequence[Card]) -> State:
    """N, the starter, holding ``hand`` (the kitty picked up) and about to bury; the other hands unknown."""
    deck = Counter(deck_of(rules).cards())
    deck.subtract(hand)
    rest = list((+deck).elements())
    size = rules.hand_size
    if len(rest) < 3 * size:
        raise InvalidPositionError(_("{cards} leave too few for the other hands").format(
            cards=count(len(hand), "card")))
    hands = (tuple(hand), *(tuple(rest[i * size:(i + 1) * size]) for i in range(3)))
    dealt = deal(rules, 0)
    rank = trump.rank or rules.trump_rank_start
    return State(rules, 0, (rank, rank), 0, dealt, 0, Phase.BURY, dealt.drawn, hands, (), (), True, 0, trump=trump,
                 starter=0, leader=0)


def value_words(state: State) -> tuple[str, str]:
    """What the coach's values count, singular and plural: levels (your team's climb; the other team's counts
    against you) — not the card points of the tricks."""
    return ("level", "levels")
