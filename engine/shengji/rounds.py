"""A whole round as a state machine: draw with declarations → kitty exchange → tricks → scoring.

The state is a frozen value; :func:`apply` returns the next state and a sentence of commentary. Decisions
are typed actions (:class:`Declare`, :class:`Bury`, :class:`Play`, :class:`Choose`, or ``PASS``):

* **Draw.** Cards are drawn one at a time in turn order. A player is asked to declare (or pass) only when
  they could: right after drawing a trump-rank card or a joker, after someone else declares (to override),
  and once more each when the draw is over, until everyone passes. In the first round the last declarer's
  team becomes the bankers and the declarer the starter; if nobody declares the cards are redealt. In later
  rounds the banker team and starter are given, and with no declaration the kitty is turned (per preset).
* **Kitty.** The starter takes the kitty and buries as many cards.
* **Tricks.** The leader plays any combination or tries a throw; a throw that fails is replaced by its
  forced part (the next player chooses when several parts failed) and the penalty is recorded.
* **Score.** After the last trick: attackers' points, the kitty bonus, the level table, next banker.

Seeds make everything reproducible: the deal (and any redeal) follows from the round's seed.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import pandas as pd

from engine.base import Pass
from engine.cards import Card, Rank, remove_cards
from engine.errors import IllegalPlayError
from engine.shengji.combos import classify, decompose, group_of
from engine.shengji.deal import ShengjiDeal, deal, redeal_seed
from engine.shengji.declare import Declaration, KittyTurn, judge, legal_declarations, turn_kitty
from engine.shengji.play import Position, cards_text, check
from engine.shengji.rules import TEAMS, NoDeclaration, Rules, rules_for
from engine.shengji.score import RoundScore, score_round, team_of
from engine.shengji.trick import ThrowJudgement, judge_throw, trick_winner
from engine.shengji.trump import Trump, points, trump_for

MAX_REDEALS = 50
"""After this many redeals in a row (nobody ever declares) the kitty is turned instead, so a round ends."""


class Phase(Enum):
    DRAW = "draw"
    BURY = "bury"
    PLAY = "play"
    CHOOSE = "choose"
    DONE = "done"


@dataclass(frozen=True)
class Declare:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Bury:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Play:
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Choose:
    """The next player's choice of the part a failed throw must lead."""

    cards: tuple[Card, ...]


Action = Declare | Bury | Play | Choose | Pass


def action_text(action: Action) -> str:
    """Text of an action, as records store it: ``pass``, ``declare 2H 2H``, ``choose QH``, and plain card
    notation for the cards played or buried (the phase says which)."""
    if isinstance(action, Pass):
        return "pass"
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
    reason: str = ""


@dataclass(frozen=True)
class RoundState:
    """Everything about a round in progress. Build with :func:`new_round`; advance with :func:`apply`."""

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
    leader: int = 0
    trick: tuple[tuple[Card, ...], ...] = ()
    attempted: tuple[Card, ...] = ()
    tricks: tuple[TrickRecord, ...] = ()
    trick_points: int = 0
    penalty: int = 0
    throw: ThrowJudgement | None = None
    score: RoundScore | None = None

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
        """The round's trump rank: the banker team's level (before that is known, North-South's)."""
        team = self.banker_team
        return self.levels[team if team is not None else 0]

    def declare_rank(self, seat: int) -> Rank:
        """The rank ``seat`` may declare with: the round's rank, or in the first round their own team's level."""
        if self.fixed_starter is not None:
            return self.levels[team_of(self.fixed_starter)]
        return self.levels[team_of(seat)]

    def played(self) -> list[Card]:
        """Every card played to finished tricks and to the current one."""
        return [c for t in self.tricks for p in t.plays for c in p] + [c for p in self.trick for c in p]


def new_round(
    rules: Rules,
    seed: int,
    levels: Sequence[Rank] | None = None,
    starter: int | None = None,
) -> RoundState:
    """A round dealt with ``seed``. Without ``starter`` it is a first round (declaring decides the bankers);
    with it, ``starter``'s team banks at its level (``levels`` by team, both 2 by default)."""
    lv = tuple(levels) if levels is not None else (rules.trump_rank_start, rules.trump_rank_start)
    first = starter if starter is not None else 0
    d = deal(rules, seed, first)
    state = RoundState(rules, seed, (lv[0], lv[1]), starter, d, 0, Phase.DRAW, 0, ((), (), (), ()), (), (), False,
                       None)
    state, _ = _advance(state, [])
    return state


# ---------------------------------------------------------------------------------------------------
# the draw and declarations
# ---------------------------------------------------------------------------------------------------


def declaration_options(state: RoundState, seat: int) -> list[Declaration]:
    """The declarations ``seat`` may make now."""
    return legal_declarations(state.hands[seat], seat, state.declare_rank(seat), state.current, state.rules)


def _advance(state: RoundState, notes: list[str]) -> tuple[RoundState, list[str]]:
    """Draw cards and settle the trump until somebody has a decision (or the round moves past the draw)."""
    if state.phase is not Phase.DRAW:
        return state, notes
    hands = [list(h) for h in state.hands]
    drawn, asking, final = state.drawn, list(state.asking), state.final
    d = state.deal
    while True:
        while asking:
            seat = asking[0]
            probe = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands))
            if declaration_options(probe, seat):
                return dataclasses.replace(probe, drawn=drawn, asking=tuple(asking), final=final,
                                           to_act=seat), notes
            asking.pop(0)
        if drawn < d.drawn:
            seat, card = d.seat_of(drawn), d.order[drawn]
            hands[seat].append(card)
            drawn += 1
            if card.is_joker or card.rank is state.declare_rank(seat):
                asking = [seat]
            continue
        if not final:
            if drawn > state.drawn:
                notes.append(f"All {d.drawn} cards are drawn; each player has a last chance to declare.")
            final = True
            asking = [(d.first + i) % 4 for i in range(4)]
            continue
        break
    state = dataclasses.replace(state, hands=tuple(tuple(h) for h in hands), drawn=drawn, asking=(), final=True,
                                to_act=None)
    return _settle_trump(state, notes)


def _settle_trump(state: RoundState, notes: list[str]) -> tuple[RoundState, list[str]]:
    rules = state.rules
    decl = state.current
    if decl is None:
        first_round = state.fixed_starter is None
        if (first_round or rules.no_declaration is NoDeclaration.REDEAL) and state.redeals < MAX_REDEALS:
            redeals = state.redeals + 1
            d = deal(rules, redeal_seed(state.seed, redeals), state.deal.first)
            notes.append("Nobody declared: the cards are thrown in and dealt again.")
            fresh = dataclasses.replace(state, deal=d, redeals=redeals, drawn=0, hands=((), (), (), ()),
                                        declarations=(), asking=(), final=False, to_act=None)
            return _advance(fresh, notes)
        starter = state.fixed_starter if state.fixed_starter is not None else state.deal.first
        rank = state.levels[team_of(starter)]
        turn = turn_kitty(state.kitty, rank, rules)
        notes.append(turn.reason[0].upper() + turn.reason[1:])
        trump = trump_for(rules, rank, turn.suit)
        state = dataclasses.replace(state, kitty_turn=turn)
    else:
        starter = state.fixed_starter if state.fixed_starter is not None else decl.seat
        trump = trump_for(rules, state.levels[team_of(starter)], decl.suit)
        notes.append(f"Trump is final: {trump.label}. {state.rules.seats[starter]} is the starter; "
                     f"{TEAMS[team_of(starter)]} are the bankers.")
    hands = list(state.hands)
    hands[starter] = hands[starter] + state.kitty
    notes.append(f"{state.rules.seats[starter]} takes the {len(state.kitty)}-card kitty and must bury as many cards.")
    return dataclasses.replace(state, phase=Phase.BURY, trump=trump, starter=starter, hands=tuple(hands),
                               to_act=starter, leader=starter), notes


# ---------------------------------------------------------------------------------------------------
# applying actions
# ---------------------------------------------------------------------------------------------------


def check_action(state: RoundState, action: Action) -> tuple[bool, str]:
    """Whether ``action`` is legal for the seat to act, with the reason."""
    try:
        _validate(state, action)
    except IllegalPlayError as error:
        return False, error.reason
    return True, "legal"


def _validate(state: RoundState, action: Action) -> str:
    """Raise IllegalPlayError unless ``action`` is legal now; return a short description when it is."""
    seat = state.to_act
    if seat is None:
        raise IllegalPlayError("the round is over")
    phase = state.phase
    hand = state.hands[seat]
    if phase is Phase.DRAW:
        if isinstance(action, Pass):
            return "passes"
        if not isinstance(action, Declare):
            raise IllegalPlayError(f"{state.rules.seats[seat]} may declare or pass now")
        try:
            verdict, _ = judge(action.cards, seat, state.declare_rank(seat), state.current, state.rules, hand)
        except ValueError as error:
            raise IllegalPlayError(str(error)) from None
        if not verdict.legal:
            raise IllegalPlayError(verdict.reason)
        return verdict.reason
    if phase is Phase.BURY:
        if not isinstance(action, Bury):
            raise IllegalPlayError(f"{state.rules.seats[seat]} must bury {state.rules.kitty} cards now")
        k = state.rules.kitty
        if len(action.cards) != k:
            raise IllegalPlayError(f"bury exactly {k} cards, not {len(action.cards)}")
        remove_cards(hand, action.cards)
        if not state.rules.bury_points_allowed and points(action.cards):
            plain = [c for c in hand if not points([c])]
            if len(plain) >= k:
                raise IllegalPlayError("these rules forbid burying point cards while you have other cards")
        return "buries"
    if phase is Phase.CHOOSE:
        throw = state.throw
        assert throw is not None
        if not isinstance(action, Choose):
            raise IllegalPlayError(f"{state.rules.seats[seat]} must choose which part of the failed throw is led")
        if Counter(action.cards) not in [Counter(o) for o in throw.options]:
            listed = " or ".join(cards_text(o, state.trump) for o in throw.options)
            raise IllegalPlayError(f"choose one of the failing parts: {listed}")
        return "chooses"
    if phase is Phase.PLAY:
        if not isinstance(action, Play):
            raise IllegalPlayError(f"{state.rules.seats[seat]} must play cards now")
        assert state.trump is not None
        cards = action.cards
        if not state.trick:
            return _validate_lead(state, seat, cards)
        verdict = check(Position(state.rules, state.trump, hand, state.trick[0]), cards)
        if not verdict.legal:
            raise IllegalPlayError(verdict.reason)
        return verdict.reason
    raise IllegalPlayError("the round is over")


def _validate_lead(state: RoundState, seat: int, cards: tuple[Card, ...]) -> str:
    assert state.trump is not None
    if not cards:
        raise IllegalPlayError("play at least one card")
    remove_cards(state.hands[seat], cards)
    if group_of(cards, state.trump) is None:
        raise IllegalPlayError(f"{cards_text(cards, state.trump)} mixes suits: a lead is one suit, or all trumps")
    if classify(cards, state.trump, state.rules) is None and not state.rules.throws_allowed:
        raise IllegalPlayError("throws are not allowed under these rules")
    return "leads"


def apply(state: RoundState, action: Action) -> tuple[RoundState, str]:
    """The state after ``action`` by the seat to act, and the commentary; IllegalPlayError if it is illegal."""
    description = _validate(state, action)
    seat = state.to_act
    assert seat is not None
    notes: list[str] = []
    if state.phase is Phase.DRAW:
        if isinstance(action, Declare):
            _, decl = judge(action.cards, seat, state.declare_rank(seat), state.current, state.rules)
            assert decl is not None
            notes.append(description)
            others = tuple((seat + i) % 4 for i in (1, 2, 3))
            state = dataclasses.replace(state, declarations=state.declarations + (decl,), asking=others)
        else:
            notes.append(f"{state.rules.seats[seat]} passes.")
            state = dataclasses.replace(state, asking=state.asking[1:])
        state, notes = _advance(state, notes)
        return state, " ".join(notes)
    if state.phase is Phase.BURY:
        assert isinstance(action, Bury)
        hands = list(state.hands)
        hands[seat] = remove_cards(hands[seat], action.cards)
        notes.append(f"{state.rules.seats[seat]} buries {len(action.cards)} cards and leads the first trick.")
        return dataclasses.replace(state, hands=tuple(hands), buried=action.cards, phase=Phase.PLAY,
                                   to_act=seat), " ".join(notes)
    if state.phase is Phase.CHOOSE:
        assert isinstance(action, Choose) and state.throw is not None
        notes.append(f"{state.rules.seats[seat]} chooses {cards_text(action.cards, state.trump)}.")
        return _lead(state, state.leader, action.cards, state.throw.cards, notes)
    assert isinstance(action, Play)
    if not state.trick:
        return _try_lead(state, seat, action.cards)
    return _follow(state, seat, action.cards)


def _try_lead(state: RoundState, seat: int, cards: tuple[Card, ...]) -> tuple[RoundState, str]:
    assert state.trump is not None
    if len(decompose(cards, state.trump, state.rules)) <= 1:
        return _lead(state, seat, cards, (), [])
    names = state.rules.seats
    # the other hands in turn order from the next player, who chooses the forced part when there is a choice
    others = [(names[s], state.hands[s]) for s in ((seat + i) % 4 for i in (1, 2, 3))]
    verdict = judge_throw(cards, others, state.trump, state.rules)
    if verdict.stands:
        return _lead(state, seat, cards, (), [f"{names[seat]}'s throw stands: {verdict.reason}"])
    notes = [f"{names[seat]} throws {cards_text(cards, state.trump)}, but the throw fails: {verdict.reason}"]
    if verdict.forced is not None:
        return _lead(state, seat, verdict.forced, cards, notes)
    chooser = names.index(verdict.chooser) if verdict.chooser else (seat + 1) % 4
    return dataclasses.replace(state, phase=Phase.CHOOSE, throw=verdict, to_act=chooser, leader=seat), " ".join(notes)


def _lead(state: RoundState, seat: int, cards: tuple[Card, ...], attempted: tuple[Card, ...],
          notes: list[str]) -> tuple[RoundState, str]:
    penalty = state.penalty
    if attempted:
        back = len(attempted) - len(cards)
        amount = state.rules.throw_penalty_per_card * back
        if amount:
            sign = -1 if team_of(seat) != state.banker_team else 1
            penalty += sign * amount
            side = "the bankers" if sign < 0 else "the attackers"
            notes.append(f"Penalty: {amount} points ({back} cards taken back) go to {side}.")
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], cards)
    notes.append(f"{state.rules.seats[seat]} leads {cards_text(cards, state.trump)}.")
    return dataclasses.replace(state, hands=tuple(hands), trick=(cards,), leader=seat, attempted=attempted,
                               penalty=penalty, phase=Phase.PLAY, throw=None, to_act=(seat + 1) % 4), " ".join(notes)


def _follow(state: RoundState, seat: int, cards: tuple[Card, ...]) -> tuple[RoundState, str]:
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], cards)
    trick = state.trick + (cards,)
    text = f"{state.rules.seats[seat]} plays {cards_text(cards, state.trump)}."
    if len(trick) < 4:
        return dataclasses.replace(state, hands=tuple(hands), trick=trick, to_act=(seat + 1) % 4), text
    assert state.trump is not None
    leader = state.leader
    seats = [state.rules.seats[(leader + i) % 4] for i in range(4)]
    outcome = trick_winner(trick, state.trump, state.rules, seats)
    winner = (leader + outcome.winner) % 4
    attackers_win = team_of(winner) != state.banker_team
    record = TrickRecord(leader, trick, winner, outcome.points, state.attempted, outcome.reason)
    trick_points = state.trick_points + (outcome.points if attackers_win else 0)
    won = f" {outcome.reason} The trick holds {outcome.points} points"
    won += " for the attackers." if attackers_win and outcome.points else "."
    state = dataclasses.replace(state, hands=tuple(hands), trick=(), attempted=(), tricks=state.tricks + (record,),
                                trick_points=trick_points, leader=winner, to_act=winner)
    if any(state.hands):
        return state, text + won
    return _finish(state, text + won)


def _finish(state: RoundState, text: str) -> tuple[RoundState, str]:
    assert state.trump is not None and state.starter is not None
    last = state.tricks[-1]
    lead = last.plays[0]
    largest = max(len(p.cards) for p in decompose(lead, state.trump, state.rules))
    attackers_last = team_of(last.winner) != state.banker_team
    s = score_round(state.rules, trick_points=state.trick_points, kitty_points=points(state.buried),
                    last_trick_cards=len(lead), attackers_won_last=attackers_last, starter=state.starter,
                    levels=state.levels, penalty=state.penalty, largest_combo=largest)
    kitty = f" The kitty held {s.kitty_points} points"
    kitty += f" × {s.multiplier} = {s.kitty_bonus} for the attackers." if attackers_last else ", kept by the bankers."
    end = f" Attackers' points: {s.attacker_points} — {s.change.text}."
    if s.winner is not None:
        end += f" {TEAMS[s.winner]} go past {state.rules.game_end_rank.text} and win the game!"
    return dataclasses.replace(state, score=s, phase=Phase.DONE, to_act=None), text + kitty + end


# ---------------------------------------------------------------------------------------------------
# whole rounds, games and simulation
# ---------------------------------------------------------------------------------------------------


def play_round(rules: Rules, seed: int, bots: str | Sequence[str] = "heuristic",
               levels: Sequence[Rank] | None = None, starter: int | None = None) -> RoundState:
    """A whole round played by bots (one name for all seats, or one per seat), reproducible from the seed."""
    import random

    from engine.shengji.bots import choose_action

    rng = random.Random(seed ^ 0x5EED)
    state = new_round(rules, seed, levels, starter)
    names = [bots] * 4 if isinstance(bots, str) else list(bots)
    while state.to_act is not None:
        action = choose_action(state, names[state.to_act], rng)
        state, _ = apply(state, action)
    return state


def round_row(state: RoundState) -> dict[str, Any]:
    """One row of simulation results for a finished round."""
    s = state.score
    assert s is not None and state.trump is not None and state.starter is not None
    decl = state.current
    last_lead = state.tricks[-1].plays[0]
    largest = max(len(p.cards) for p in decompose(last_lead, state.trump, state.rules))
    return {
        "trump": state.trump.label,
        "trump_rank": state.trump_rank.text,
        "trump_suit": state.trump.suit.value if state.trump.suit else None,
        "declarer": state.rules.seats[decl.seat] if decl else None,
        "declaration": decl.text if decl else None,
        "declarations": len(state.declarations),
        "redeals": state.redeals,
        "kitty_turned": state.kitty_turn is not None,
        "starter": state.rules.seats[state.starter],
        "banker_team": TEAMS[s.banker_team],
        "tricks": len(state.tricks),
        "failed_throws": sum(1 for t in state.tricks if t.attempted),
        "trick_points": s.trick_points,
        "kitty_points": s.kitty_points,
        "attackers_won_last": s.multiplier > 0,
        "last_trick_cards": len(last_lead),
        "last_trick_largest": largest,
        "kitty_multiplier": s.multiplier,
        "kitty_bonus": s.kitty_bonus,
        "penalty": s.penalty,
        "attacker_points": s.attacker_points,
        "bankers_keep": s.change.bankers_keep,
        "levels_up": s.change.levels,
        "next_banker_team": TEAMS[s.next_banker_team],
        "next_starter": state.rules.seats[s.next_starter],
        "result": s.change.text,
    }


def round_summary(state: RoundState) -> dict[str, Any]:
    """A finished round as JSON: declarations, kitty, tricks and the score."""
    assert state.score is not None and state.trump is not None
    t = state.trump
    names = state.rules.seats
    return {
        "trump": t.label,
        "turn_order": " → ".join(names),
        "declarations": [{"seat": names[d.seat], "cards": d.text} for d in state.declarations],
        "redeals": state.redeals,
        "starter": names[state.starter] if state.starter is not None else None,
        "kitty": " ".join(c.text for c in t.sort(state.kitty)),
        "buried": " ".join(c.text for c in t.sort(state.buried)),
        "tricks": [{"leader": names[r.leader], "plays": [" ".join(c.text for c in t.sort(p)) for p in r.plays],
                    "winner": names[r.winner], "points": r.points,
                    "failed_throw": " ".join(c.text for c in r.attempted) or None} for r in state.tricks],
        "score": state.score.to_json(),
    }


SIM_OPTIONS = ("preset", "bots", "context")


def simulate_rounds(games: int, seed: int, options: Mapping[str, Any], progress: Any = None) -> pd.DataFrame:
    """``games`` seeded rounds with the bots, one row per round.

    Options: ``preset`` (default competition), ``bots`` ("random", "heuristic", or a list of four),
    ``context`` ("first": a first round, both teams at the start rank; "random": random levels and starter),
    and any rule option by name (``decks``, ``kitty_multiplier`` …).
    """
    from engine.sim import simulate

    return simulate(_round_player(options), games, seed, progress)


def _round_player(options: Mapping[str, Any]) -> Any:
    """The function playing one seeded round under ``options`` (see :func:`simulate_rounds`) to a row."""
    import random

    from engine.errors import InvalidRequestError

    opts = dict(options)
    preset = opts.pop("preset", "competition")
    bots = opts.pop("bots", "random")
    context = opts.pop("context", "first")
    if context not in ("first", "random"):
        raise InvalidRequestError(f"option 'context': {context!r} is not 'first' or 'random'")
    rules = rules_for(preset, opts)

    def one(s: int) -> dict[str, Any]:
        levels, starter = None, None
        if context == "random":
            rng = random.Random(s)
            from engine.shengji.rules import RANKS

            levels = (rng.choice(RANKS), rng.choice(RANKS))
            starter = rng.randrange(4)
        state = play_round(rules, s, bots, levels, starter)
        return {"preset": preset, "decks": rules.decks, **round_row(state)}

    return one


def play_game(rules: Rules, seed: int, bots: str | Sequence[str] = "heuristic", max_rounds: int = 200
              ) -> list[RoundState]:
    """Rounds until a team goes past the end rank (or ``max_rounds``): each round's final state."""
    levels: tuple[Rank, Rank] = (rules.trump_rank_start, rules.trump_rank_start)
    starter: int | None = None
    out: list[RoundState] = []
    for number in range(max_rounds):
        state = play_round(rules, (seed * 1009 + number) % 2**31, bots, levels, starter)
        out.append(state)
        s = state.score
        assert s is not None
        if s.winner is not None:
            break
        levels, starter = s.levels, s.next_starter
    return out
