"""A whole hand (a round of Shengji) as frozen states: draw with declarations → kitty exchange → tricks → score.

:func:`new_game` deals; :func:`legal_actions` lists the decisions of the seat to act; :func:`check_action` says
whether an action is legal, and why, by asking :mod:`engine.shengji.bidding` and :func:`engine.shengji.play.check`
(never a second copy of a rule); :func:`apply` returns the next state (:func:`apply_unchecked` for actions the
engine generated itself). Decisions are typed actions (:class:`Declare`, :class:`Bury`, :class:`Play`,
:class:`Choose`, or ``PASS``):

* **Draw.** Cards are drawn one at a time in turn order. A player is asked to declare (or pass) only when
  they could: right after drawing a trump-rank card or a joker, after someone else declares (to override),
  and once more each when the draw is over, until everyone passes. In the first round the last declarer's
  team becomes the bankers and the declarer the starter; if nobody declares the cards are redealt. In later
  rounds (``start`` gives the levels and the starter) the banker team and starter are given, and with no
  declaration the kitty is turned (per preset).
* **Kitty.** The starter takes the kitty and buries as many cards.
* **Tricks.** The leader plays any combination or tries a throw; a throw that fails is replaced by its
  forced part (the next player chooses when several parts failed) and the penalty is recorded.
* **Score.** After the last trick: attackers' points, the kitty bonus, the level table, next banker.

Seeds make everything reproducible: the deal (and any redeal) follows from the hand's seed.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import chain
from typing import Any

from engine.base import PASS, Pass, Verdict
from engine.cards import Card, Rank, Suit, parse_cards, remove_cards
from engine.errors import CardTableError, IllegalPlayError, InvalidNotationError, InvalidRequestError, quote
from engine.i18n import gettext as _
from engine.shengji.bidding import (
    Declaration,
    KittyTurn,
    bury_choices,
    check_bury,
    check_declaration,
    declaration,
    legal_declarations,
    turn_kitty,
)
from engine.shengji.combos import decompose
from engine.shengji.deal import ShengjiDeal, deal, redeal_seed
from engine.shengji.order import Trump, cards_text, points, seat_words, trump_for
from engine.shengji.play import Position, check, covering_plays, iter_legal_plays
from engine.shengji.rules import TEAMS, NoDeclaration, Rules, parse_level
from engine.shengji.score import HandScore, score_hand, team_of
from engine.shengji.trick import ThrowJudgement, judge_throw, trick_winner
from engine.words import count, or_list

__all__ = [
    "MAX_BURY_LIST",
    "MAX_REDEALS",
    "Action",
    "Bury",
    "Choose",
    "Declare",
    "Name",
    "Phase",
    "Play",
    "Start",
    "State",
    "TrickRecord",
    "action_text",
    "apply",
    "apply_unchecked",
    "check_action",
    "declaration_options",
    "legal_actions",
    "new_game",
    "parse_action",
    "parse_start",
]

MAX_REDEALS = 50
"""After this many redeals in a row (nobody ever declares) the kitty is turned instead, so a hand ends."""
NAMEABLE: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits the starter's partner may name as trump."""
MAX_BURY_LIST = 5000
"""The most burials :func:`legal_actions` lists when no limit is given (33 cards hold millions)."""


class Phase(Enum):
    DRAW = "draw"
    NAME = "name"
    BURY = "bury"
    PLAY = "play"
    CHOOSE = "choose"
    DONE = "done"


@dataclass(frozen=True)
class Declare:
    """Show trump-rank cards (or a pair of jokers) while the cards are drawn."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Name:
    """The starter's partner names the trump suit (nobody declared; the option *Nobody declares*)."""

    suit: Suit


@dataclass(frozen=True)
class Bury:
    """The starter's cards put back as the kitty."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Play:
    """Cards led or played to a trick."""

    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Choose:
    """The next player's choice of the part a failed throw must lead."""

    cards: tuple[Card, ...]


Action = Declare | Name | Bury | Play | Choose | Pass

_WORDS = "an action: pass, declare 2H, name H, cards such as QH QH, choose QH"


def action_text(action: Action) -> str:
    """Text of an action, as records store it: ``pass``, ``declare 2H 2H``, ``choose QH``, and plain card
    notation for the cards played or buried (the phase says which)."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Name):
        return f"name {action.suit.value}"
    words = " ".join(c.text for c in action.cards)
    if isinstance(action, Declare):
        return f"declare {words}"
    if isinstance(action, Choose):
        return f"choose {words}"
    return words


@dataclass(frozen=True)
class TrickRecord:
    """A finished trick: who led, the plays in turn order from the leader, the winner (seat) and points."""

    leader: int
    plays: tuple[tuple[Card, ...], ...]
    winner: int
    points: int
    attempted: tuple[Card, ...] = ()  # a failed throw that was taken back, if any


@dataclass(frozen=True)
class Start:
    """Where a hand starts: each team's level (NS, WE) and, in a later round, the starter (None: a first round,
    in which declaring decides the bankers)."""

    levels: tuple[Rank, Rank] = (Rank.TWO, Rank.TWO)
    starter: int | None = None


def parse_start(rules: Rules, data: Mapping[str, Any] | None) -> Start:
    """A :class:`Start` from JSON: ``{"levels": {"NS": "2", "WE": "5"}, "starter": "N"}`` (both optional; levels
    default to the rules' starting level). InvalidRequestError names a bad field."""
    data = dict(data or {})
    unknown = sorted(set(data) - {"levels", "starter"})
    if unknown:
        raise InvalidRequestError(f"unknown field {quote(unknown[0])} in start; known fields: levels, starter")
    first = rules.trump_rank_start
    levels = (first, first)
    raw = data.get("levels")
    if raw is not None:
        if not isinstance(raw, Mapping) or not set(raw) <= set(TEAMS) | {"EW"}:
            raise InvalidRequestError("start.levels: expected {\"NS\": \"2\", \"WE\": \"5\"}")
        try:
            levels = (parse_level(str(raw.get("NS", first.text))),
                      parse_level(str(raw.get("WE", raw.get("EW", first.text)))))
        except InvalidNotationError as error:
            raise InvalidRequestError(f"start.levels: {error}") from None
    starter = None
    if data.get("starter") is not None:
        name = data["starter"]
        key = name.strip().upper()[:1] if isinstance(name, str) else None
        if key not in rules.seats:
            raise InvalidRequestError(f"start.starter: {quote(name)} is not a seat; the seats are "
                                      f"{', '.join(rules.seats)}")
        starter = rules.seats.index(key)
    return Start(levels, starter)


@dataclass(frozen=True)
class State:
    """Everything about a hand in progress. Build with :func:`new_game`; advance with :func:`apply`."""

    rules: Rules
    seed: int
    levels: tuple[Rank, Rank]
    fixed_starter: int | None  # given in later rounds; None in the first round
    deal: ShengjiDeal
    redeals: int
    phase: Phase
    drawn: int
    hands: tuple[tuple[Card, ...], ...]
    declarations: tuple[Declaration, ...]
    asking: tuple[int, ...]
    final: bool
    to_act: int | None
    trump: Trump | None = None
    starter: int | None = None
    buried: tuple[Card, ...] = ()
    kitty_turn: KittyTurn | None = None
    named: Suit | None = None
    """The suit the starter's partner named, when nobody declared (option *Nobody declares*)."""
    leader: int = 0
    trick: tuple[tuple[Card, ...], ...] = ()
    attempted: tuple[Card, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    trick_points: int = 0
    penalty: int = 0
    throw: ThrowJudgement | None = None
    score: HandScore | None = None
    hidden_history: bool = False
    """A position posed in the editor: its earlier tricks stand for cards played before, which nobody knows."""
    playout: bool = False
    """A world the coach sampled (:meth:`~engine.shengji.game.ShengjiGame.determinize`): its play phase is played
    out on integer cards (:mod:`engine.shengji.playout`)."""

    @property
    def banker_team(self) -> int | None:
        """The bankers' team, once known (from the start in a later round, after declaring in the first)."""
        starter = self.starter if self.starter is not None else self.fixed_starter
        return team_of(starter) if starter is not None else None

    @property
    def current(self) -> Declaration | None:
        return self.declarations[-1] if self.declarations else None

    @property
    def kitty(self) -> tuple[Card, ...]:
        """The kitty as dealt."""
        return self.deal.kitty

    @property
    def trump_rank(self) -> Rank:
        """The hand's trump rank: the banker team's level (before that is known, North-South's)."""
        team = self.banker_team
        return self.levels[team if team is not None else 0]

    @property
    def start(self) -> Start:
        return Start(self.levels, self.fixed_starter)

    def declare_rank(self, seat: int) -> Rank:
        """The rank ``seat`` may declare with: the hand's rank, or in the first round their own team's level."""
        if self.fixed_starter is not None:
            return self.levels[team_of(self.fixed_starter)]
        return self.levels[team_of(seat)]

    def played(self) -> list[Card]:
        """Every card played to finished tricks and to the current one."""
        return [c for t in self.tricks for p in t.plays for c in p] + [c for p in self.trick for c in p]

    def position(self) -> Position:
        """The decision of the seat to act in the play (its hand and the lead, if any)."""
        assert self.trump is not None and self.to_act is not None
        beat = bool(self.trick) and bool(self.attempted) and self.rules.must_beat_failed_throw
        return Position(self.rules, self.trump, self.hands[self.to_act], self.trick[0] if self.trick else (), (),
                        beat)

    def others(self, seat: int) -> list[tuple[str, tuple[Card, ...]]]:
        """The other hands in turn order from the next player (who chooses the forced part of a failed throw)."""
        names = self.rules.seats
        return [(names[s], self.hands[s]) for s in ((seat + i) % 4 for i in (1, 2, 3))]


def new_game(rules: Rules, seed: int, start: Start | None = None) -> State:
    """A hand dealt with ``seed``. Without a starter it is a first round (declaring decides the bankers); with
    one, the starter's team banks at its level."""
    start = start or Start((rules.trump_rank_start, rules.trump_rank_start))
    first = start.starter if start.starter is not None else 0
    d = deal(rules, seed, first)
    state = State(rules, seed, start.levels, start.starter, d, 0, Phase.DRAW, 0, ((), (), (), ()), (), (), False,
                  None)
    return _advance(state)


# ---------------------------------------------------------------------------------------------------
# the draw and declarations
# ---------------------------------------------------------------------------------------------------


def declaration_options(state: State, seat: int) -> list[Declaration]:
    """The declarations ``seat`` may make now."""
    return legal_declarations(state.hands[seat], seat, state.declare_rank(seat), state.current, state.rules)


def _advance(state: State) -> State:
    """Draw cards and settle the trump until somebody has a decision (or the hand moves past the draw)."""
    if state.phase is not Phase.DRAW:
        return state
    hands = [list(h) for h in state.hands]
    drawn, asking, final = state.drawn, list(state.asking), state.final
    d = state.deal
    while True:
        while asking:
            seat = asking[0]
            probe = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands))
            if declaration_options(probe, seat):
                return dataclasses.replace(probe, drawn=drawn, asking=tuple(asking), final=final, to_act=seat)
            asking.pop(0)
        if drawn < d.drawn:
            seat, card = d.seat_of(drawn), d.order[drawn]
            hands[seat].append(card)
            drawn += 1
            if card.is_joker or card.rank is state.declare_rank(seat):
                asking = [seat]
            continue
        if not final:
            final = True
            asking = [(d.first + i) % 4 for i in range(4)]
            continue
        break
    state = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands), drawn=drawn, asking=(), final=True,
                                to_act=None)
    return _settle_trump(state)


def _settle_trump(state: State) -> State:
    rules = state.rules
    decl = state.current
    fixed = rules.fixed_trump.suit
    if fixed is not None:
        starter = state.fixed_starter if state.fixed_starter is not None else state.deal.first
        trump = trump_for(rules, state.levels[team_of(starter)], fixed)
    elif decl is None:
        first_round = state.fixed_starter is None
        if (first_round or rules.no_declaration is NoDeclaration.REDEAL) and state.redeals < MAX_REDEALS:
            redeals = state.redeals + 1
            d = deal(rules, redeal_seed(state.seed, redeals), state.deal.first)
            fresh = dataclasses.replace(state, deal=d, redeals=redeals, drawn=0, hands=((), (), (), ()),
                                        declarations=(), asking=(), final=False, to_act=None)
            return _advance(fresh)
        starter = state.fixed_starter if state.fixed_starter is not None else state.deal.first
        if rules.no_declaration is NoDeclaration.PARTNER_NAMES and state.redeals < MAX_REDEALS:
            return dataclasses.replace(state, phase=Phase.NAME, starter=starter, leader=starter,
                                       to_act=(starter + 2) % 4)
        rank = state.levels[team_of(starter)]
        turn = turn_kitty(state.kitty, rank, rules)
        trump = trump_for(rules, rank, turn.suit)
        state = dataclasses.replace(state, kitty_turn=turn)
    else:
        starter = state.fixed_starter if state.fixed_starter is not None else decl.seat
        trump = trump_for(rules, state.levels[team_of(starter)], decl.suit)
    return _take_kitty(state, starter, trump)


def _take_kitty(state: State, starter: int, trump: Trump) -> State:
    """Trump is final: the starter takes the kitty and must bury as many cards."""
    hands = list(state.hands)
    hands[starter] = hands[starter] + state.kitty
    return dataclasses.replace(state, phase=Phase.BURY, trump=trump, starter=starter, hands=tuple(hands),
                               to_act=starter, leader=starter)


# ---------------------------------------------------------------------------------------------------
# the decisions: listing, checking, parsing
# ---------------------------------------------------------------------------------------------------


def legal_actions(state: State, limit: int | None = None) -> list[Action]:
    """The distinct legal actions of the seat to act, at most ``limit`` (plays and burials: first a few that
    together use every card that may be used, then the others; burials at most :data:`MAX_BURY_LIST` when no
    limit is given)."""
    seat = state.to_act
    if seat is None or limit == 0:
        return []
    if state.phase is Phase.DRAW:
        draw: list[Action] = [PASS, *(Declare(d.cards) for d in declaration_options(state, seat))]
        return draw[:limit]
    if state.phase is Phase.CHOOSE:
        assert state.throw is not None
        chosen: list[Action] = [Choose(o) for o in state.throw.options]
        return chosen[:limit]
    if state.phase is Phase.NAME:
        named: list[Action] = [Name(suit) for suit in NAMEABLE]
        return named[:limit]
    assert state.trump is not None
    trump = state.trump
    if state.phase is Phase.BURY:
        cap = MAX_BURY_LIST if limit is None else limit
        return [Bury(tuple(trump.sort(p))) for p in _first(bury_choices(state.hands[seat], trump, state.rules), cap)]
    pos = state.position()
    plays = _distinct(chain(covering_plays(pos), iter_legal_plays(pos)))
    return [Play(tuple(trump.sort(p))) for p in _first(plays, limit)]


def _first(items: Iterator[tuple[Card, ...]], limit: int | None) -> Iterator[tuple[Card, ...]]:
    for i, item in enumerate(items):
        if limit is not None and i >= limit:
            return
        yield item


def _distinct(plays: Iterable[tuple[Card, ...]]) -> Iterator[tuple[Card, ...]]:
    seen: set[frozenset[tuple[Card, int]]] = set()
    for play in plays:
        key = frozenset(Counter(play).items())
        if key not in seen:
            seen.add(key)
            yield play


def check_action(state: State, action: Action) -> Verdict:
    """Whether ``action`` is legal for the seat to act, with the reason (the one legality path)."""
    seat = state.to_act
    if seat is None:
        return Verdict(False, _("the hand is over"))
    who = seat_words(state.rules.seats[seat])
    hand = state.hands[seat]
    phase = state.phase
    if phase is Phase.DRAW:
        if isinstance(action, Pass):
            return Verdict(True, _("{seat} may pass: declaring is never required").format(seat=who))
        if not isinstance(action, Declare):
            return Verdict(False, _("{seat} may only declare or pass now").format(seat=who))
        return check_declaration(action.cards, seat, state.declare_rank(seat), state.current, state.rules, hand)
    if phase is Phase.NAME:
        if not isinstance(action, Name):
            return Verdict(False, _("{seat} must name the trump suit now: nobody declared").format(seat=who))
        return Verdict(True, _("nobody declared, so {seat}, the starter's partner, names {suit} trump").format(
            seat=who, suit=action.suit.symbol))
    if phase is Phase.BURY:
        if not isinstance(action, Bury):
            return Verdict(False, _("{seat} must bury {cards} now").format(seat=who,
                                                                           cards=count(state.rules.kitty, "card")))
        return check_bury(hand, action.cards, state.rules)
    if phase is Phase.CHOOSE:
        assert state.throw is not None
        if not isinstance(action, Choose):
            return Verdict(False, _("{seat} must choose which part of the failed throw is led").format(seat=who))
        listed = or_list(cards_text(o, state.trump) for o in state.throw.options)
        if Counter(action.cards) in [Counter(o) for o in state.throw.options]:
            return Verdict(True, _("{cards} is a failing part of the throw, so {seat} may choose it "
                                   "({options})").format(cards=cards_text(action.cards, state.trump), seat=who,
                                                         options=listed))
        return Verdict(False, _("choose one of the failing parts: {options}").format(options=listed))
    if not isinstance(action, Play):
        return Verdict(False, _("{seat} must play cards now").format(seat=who))
    return check(state.position(), action.cards)


def parse_action(state: State, text: str) -> Action:
    """The typed action that ``text`` means in the current phase; InvalidNotationError if it means nothing."""
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), _WORDS)
    words = text.strip()
    low = words.lower()
    if low == "pass":
        return PASS
    if low.startswith("name ") or low == "name":
        try:
            suit = Suit.parse(words[4:].strip())
        except CardTableError:
            raise InvalidNotationError(text, "name followed by a suit: name S, name H, name D or name C") from None
        return Name(suit)
    kinds: tuple[tuple[str, type[Declare] | type[Choose] | type[Bury] | type[Play]], ...] = (
        ("declare", Declare), ("choose", Choose), ("bury", Bury), ("play", Play))
    for verb, kind in kinds:
        if low.startswith(verb + " ") or low == verb:
            cards = parse_cards(words[len(verb):])
            if not cards:
                raise InvalidNotationError(text, f"{verb} followed by cards")
            return kind(cards)
    cards = parse_cards(words)
    if not cards:
        raise InvalidNotationError(text, _WORDS)
    return Bury(cards) if state.phase is Phase.BURY else Play(cards)


# ---------------------------------------------------------------------------------------------------
# applying actions
# ---------------------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after ``action`` by the seat to act; IllegalPlayError with :func:`check_action`'s reason."""
    verdict = check_action(state, action)
    if not verdict.legal:
        raise IllegalPlayError(verdict.reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: State, action: Action) -> State:
    """The state after ``action``, which the caller knows is legal (a bot's, or one from :func:`legal_actions`)."""
    seat = state.to_act
    assert seat is not None
    if state.phase is Phase.DRAW:
        if isinstance(action, Declare):
            decl = declaration(action.cards, seat)
            others = tuple((seat + i) % 4 for i in (1, 2, 3))
            state = dataclasses.replace(state, declarations=state.declarations + (decl,), asking=others)
        else:
            state = dataclasses.replace(state, asking=state.asking[1:])
        return _advance(state)
    if state.phase is Phase.NAME:
        assert isinstance(action, Name) and state.starter is not None
        trump = trump_for(state.rules, state.levels[team_of(state.starter)], action.suit)
        return _take_kitty(dataclasses.replace(state, named=action.suit), state.starter, trump)
    if state.phase is Phase.BURY:
        assert isinstance(action, Bury)
        hands = list(state.hands)
        hands[seat] = remove_cards(hands[seat], action.cards)
        return dataclasses.replace(state, hands=tuple(hands), buried=action.cards, phase=Phase.PLAY, to_act=seat)
    if state.phase is Phase.CHOOSE:
        assert isinstance(action, Choose) and state.throw is not None
        return _lead(state, state.leader, action.cards, state.throw.cards)
    assert isinstance(action, Play)
    if not state.trick:
        return _try_lead(state, seat, action.cards)
    return _follow(state, seat, action.cards)


def _try_lead(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    assert state.trump is not None
    if len(decompose(cards, state.trump, state.rules)) <= 1:
        return _lead(state, seat, cards, ())
    verdict = judge_throw(cards, state.others(seat), state.trump, state.rules)
    if verdict.stands:
        return _lead(state, seat, cards, ())
    if verdict.forced is not None:
        return _lead(state, seat, verdict.forced, cards)
    chooser = state.rules.seats.index(verdict.chooser) if verdict.chooser else (seat + 1) % 4
    return dataclasses.replace(state, phase=Phase.CHOOSE, throw=verdict, to_act=chooser, leader=seat)


def throw_penalty(state: State, seat: int, led: Sequence[Card], attempted: Sequence[Card]) -> int:
    """The points a failed throw by ``seat`` moves to the attackers (negative: from them) when ``led`` is led."""
    back = len(attempted) - len(led)
    amount = state.rules.throw_penalty_per_card * back if attempted else 0
    return -amount if team_of(seat) != state.banker_team else amount


def _lead(state: State, seat: int, cards: tuple[Card, ...], attempted: tuple[Card, ...]) -> State:
    penalty = state.penalty + throw_penalty(state, seat, cards, attempted)
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], cards)
    return dataclasses.replace(state, hands=tuple(hands), trick=(cards,), leader=seat, attempted=attempted,
                               penalty=penalty, phase=Phase.PLAY, throw=None, to_act=(seat + 1) % 4)


def _follow(state: State, seat: int, cards: tuple[Card, ...]) -> State:
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], cards)
    trick = state.trick + (cards,)
    if len(trick) < 4:
        return dataclasses.replace(state, hands=tuple(hands), trick=trick, to_act=(seat + 1) % 4)
    assert state.trump is not None
    leader = state.leader
    outcome = trick_winner(trick, state.trump, state.rules)
    winner = (leader + outcome.winner) % 4
    attackers_win = team_of(winner) != state.banker_team
    record = TrickRecord(leader, trick, winner, outcome.points, state.attempted)
    trick_points = state.trick_points + (outcome.points if attackers_win else 0)
    state = dataclasses.replace(state, hands=tuple(hands), trick=(), attempted=(), tricks=state.tricks + (record,),
                                trick_points=trick_points, leader=winner, to_act=winner)
    if any(state.hands):
        return state
    return _finish(state)


def last_lead_largest(state: State) -> int:
    """The number of cards in the largest combination of the last trick's lead."""
    assert state.trump is not None and state.tricks
    lead = state.tricks[-1].plays[0]
    return max(len(p.cards) for p in decompose(lead, state.trump, state.rules))


def _finish(state: State) -> State:
    assert state.trump is not None and state.starter is not None
    last = state.tricks[-1]
    attackers_last = team_of(last.winner) != state.banker_team
    s = score_hand(state.rules, trick_points=state.trick_points, kitty_points=points(state.buried),
                   last_trick_cards=len(last.plays[0]), attackers_won_last=attackers_last, starter=state.starter,
                   levels=state.levels, penalty=state.penalty, largest_combo=last_lead_largest(state))
    return dataclasses.replace(state, score=s, phase=Phase.DONE, to_act=None)
