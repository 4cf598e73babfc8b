"""Shengji at the table: a whole round driven by text actions, with commentary (see engine.table).

Actions: ``"pass"`` or ``"declare 2H 2H"`` while the cards are drawn; the buried cards in notation when
the starter exchanges the kitty; the cards played in notation during the tricks; ``"choose 4H 4H"`` when
the next player chooses which part of a failed throw must be led.

Options (besides any rule option such as ``decks`` or ``turn_order``): ``levels`` ({"NS": "2", "WE": "5"}) and
``starter`` ("N") make a later round (the starter's team banks); without ``starter`` it is a first round. Seats
are listed in the rules' turn order from North (N W S E, or N E S W with ``turn_order = clockwise``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.base import PASS, Verdict
from engine.cards import Card, parse_cards
from engine.errors import IllegalPlayError, InvalidNotationError, InvalidRequestError
from engine.shengji.bots import bury_choice, choose_action
from engine.shengji.play import Position, check, covering_plays, legal_plays
from engine.shengji.rounds import (
    Action,
    Bury,
    Choose,
    Declare,
    Phase,
    Play,
    RoundState,
    action_text,
    apply,
    check_action,
    declaration_options,
    new_round,
)
from engine.shengji.rules import PRESETS, RANKS, TEAMS, Rules, parse_level, rules_for
from engine.shengji.score import team_of
from engine.shengji.trick import trick_winner
from engine.shengji.trump import points
from engine.table import Seat, Step, TableView

CONTEXT_OPTIONS = ("levels", "starter")


@dataclass(frozen=True)
class TableState:
    """A round at the table: the engine state and how it was set up."""

    round: RoundState
    preset: str
    seed: int


def _context(options: Mapping[str, Any] | None, preset: str) -> tuple[Rules, dict[str, Any]]:
    """The rules (preset + rule options) and the round context (levels, starter) of the table's options."""
    rules = rules_for(preset, {k: v for k, v in (options or {}).items() if k not in CONTEXT_OPTIONS})
    context: dict[str, Any] = {}
    raw = options or {}
    if raw.get("levels") is not None:
        levels = raw["levels"]
        if not isinstance(levels, Mapping):
            raise InvalidRequestError("option 'levels': expected {\"NS\": \"2\", \"WE\": \"5\"}")
        context["levels"] = tuple(parse_level(str(levels.get(team, "2"))) for team in TEAMS)
    if raw.get("starter") is not None:
        starter = str(raw["starter"]).upper()
        if starter not in rules.seats:
            raise InvalidRequestError(f"option 'starter': {raw['starter']!r} is not a seat (N, W, S, E)")
        context["starter"] = rules.seats.index(starter)
    return rules, context


def parse_action(state: RoundState, text: str) -> Action:
    """The typed action that ``text`` means in the current phase; InvalidNotationError if it means nothing."""
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "an action: pass, declare 2H, cards such as QH QH, choose QH")
    words = text.strip()
    low = words.lower()
    if low == "pass":
        return PASS
    for verb, kind in (("declare", Declare), ("choose", Choose), ("bury", Bury), ("play", Play)):
        if low.startswith(verb + " ") or low == verb:
            cards = parse_cards(words[len(verb):])
            if not cards:
                raise InvalidNotationError(text, f"{verb} followed by cards")
            return kind(cards)
    cards = parse_cards(words)
    if not cards:
        raise InvalidNotationError(text, "an action: pass, declare 2H, cards such as QH QH, choose QH")
    return Bury(cards) if state.phase is Phase.BURY else Play(cards)


def _chapter(state: RoundState) -> str:
    if state.phase is Phase.DRAW:
        return "Drawing and declaring"
    if state.phase is Phase.BURY:
        return "Kitty"
    return f"Trick {len(state.tricks) + 1}"


class ShengjiTable:
    """The TableGame of Shengji: one round from the draw to the score."""

    game = "shengji"

    def new_hand(self, preset: str, seed: int, options: Mapping[str, Any] | None = None) -> TableState:
        rules, context = _context(options, preset)
        return TableState(new_round(rules, seed, context.get("levels"), context.get("starter")), preset, seed)

    def to_act(self, state: TableState) -> int | None:
        return state.round.to_act

    def legal_actions(self, state: TableState, limit: int = 500) -> list[str]:
        r = state.round
        seat = r.to_act
        if seat is None:
            return []
        if r.phase is Phase.DRAW:
            return (["pass"] + [f"declare {d.text}" for d in declaration_options(r, seat)])[:limit]
        if r.phase is Phase.CHOOSE:
            assert r.throw is not None
            return [action_text(Choose(o)) for o in r.throw.options][:limit]
        if r.phase is Phase.BURY:
            assert r.trump is not None
            hand = sorted(r.hands[seat], key=r.trump.key)
            k = r.rules.kitty
            plays = [bury_choice(r, random.Random(0), True).cards]
            plays += [tuple(hand[i:i + k]) for i in range(0, len(hand) - k + 1, k)] + [tuple(hand[-k:])]
        else:
            assert r.trump is not None
            pos = Position(r.rules, r.trump, r.hands[seat], r.trick[0] if r.trick else ())
            plays = covering_plays(pos) + list(legal_plays(pos, limit).plays)
        out: list[str] = []
        seen: set[tuple[tuple[str, int], ...]] = set()
        for play in plays:
            key = tuple(sorted((c.text, n) for c, n in Counter(play).items()))
            if key in seen:
                continue
            if r.phase is Phase.BURY and not check_action(r, Bury(play))[0]:
                continue
            seen.add(key)
            out.append(" ".join(c.text for c in (r.trump.sort(play) if r.trump else play)))
            if len(out) >= limit:
                break
        return out

    def check(self, state: TableState, action: str) -> Verdict:
        r = state.round
        if r.to_act is None:
            return Verdict(False, "the round is over")
        typed = parse_action(r, action)
        if r.phase is Phase.PLAY and isinstance(typed, Play):
            assert r.trump is not None
            lead = r.trick[0] if r.trick else ()
            return check(Position(r.rules, r.trump, r.hands[r.to_act], lead), typed.cards)
        legal, reason = check_action(r, typed)
        return Verdict(legal, reason if not legal else _legal_reason(r, typed))

    def apply(self, state: TableState, action: str) -> tuple[TableState, Step]:
        r = state.round
        typed = parse_action(r, action)
        seat = r.to_act
        if seat is None:
            raise IllegalPlayError("the round is over")
        chapter = _chapter(r)
        after, comment = apply(r, typed)
        return TableState(after, state.preset, state.seed), Step(seat, action_text(typed), comment, chapter)

    def bot_action(self, state: TableState, bot: str, rng: random.Random) -> str:
        return action_text(choose_action(state.round, bot, rng))

    def view(self, state: TableState, seat: int | None) -> TableView:
        r = state.round
        over = r.phase is Phase.DONE
        trump = r.trump
        names = r.rules.seats
        banker = r.banker_team
        seats = []
        won: Counter[int] = Counter()
        for t in r.tricks:
            won[t.winner] += t.points
        for s in range(4):
            hand = trump.sort(r.hands[s]) if trump else _draw_order(r.hands[s], r.declare_rank(s))
            shown: tuple[Card | None, ...] = tuple(hand) if seat is None or seat == s or over else (None,) * len(hand)
            if banker is None:
                role = "declarer" if r.current is not None and r.current.seat == s else ""
            else:
                starter = r.starter if r.starter is not None else r.fixed_starter
                role = ("starter · banker" if s == starter else "banker") if team_of(s) == banker else "attacker"
            note = f"{len(hand)} cards"
            if won[s]:
                note += f" · took {won[s]} points"
            seats.append(Seat(names[s], shown, role=role, note=note))
        table: tuple[tuple[int, tuple[Card, ...], str], ...] = ()
        if r.trick:
            labels = _labels(r, r.trick)
            table = tuple(((r.leader + i) % 4, tuple(trump.sort(p)) if trump else p, labels[i])
                          for i, p in enumerate(r.trick))
        elif r.tricks:
            last = r.tricks[-1]
            table = tuple(((last.leader + i) % 4, tuple(trump.sort(p)) if trump else p,
                           "won the trick" if (last.leader + i) % 4 == last.winner else "")
                          for i, p in enumerate(last.plays))
        info: list[tuple[str, str]] = [("Rules", state.preset), ("Turn order", " → ".join(names)),
                                       ("Levels", " · ".join(f"{TEAMS[i]} {lv.text}" for i, lv in enumerate(r.levels)))]
        info.append(("Trump", trump.label if trump else f"not yet fixed (rank {r.trump_rank.text})"))
        if r.current is not None:
            info.append(("Declared", f"{names[r.current.seat]}: {r.current.symbols}"))
        if banker is not None:
            starter = r.starter if r.starter is not None else r.fixed_starter
            info.append(("Bankers", f"{TEAMS[banker]} (starter {names[starter or 0]})"))
            info.append(("Attackers' points", str(r.trick_points + r.penalty)))
        if r.phase is Phase.DRAW:
            info.append(("Drawn", f"{r.drawn} of {r.deal.drawn} cards"))
        if r.phase is Phase.CHOOSE and r.throw is not None:
            info.append(("Failed throw", f"{names[r.to_act or 0]} chooses which part {names[r.leader]} must lead"))
        extra: list[tuple[str, tuple[Card | None, ...]]] = []
        if r.kitty_turn is not None:
            extra.append(("Kitty turned to fix the trump", r.kitty_turn.turned))
        if r.buried:
            sees = seat is None or seat == r.starter or over
            extra.append(("Buried kitty" + ("" if sees else " (face down)"),
                          tuple(trump.sort(r.buried)) if sees and trump else (None,) * len(r.buried)))
        elif r.phase is Phase.DRAW:
            extra.append(("Kitty (face down)", (None,) * len(r.kitty)))
        if r.throw is not None:
            extra.append(("The failed throw", tuple(trump.sort(r.throw.cards)) if trump else r.throw.cards))
        return TableView(tuple(seats), r.to_act, r.phase.value, table, tuple(info), tuple(extra))

    def result(self, state: TableState) -> dict[str, Any] | None:
        s = state.round.score
        if s is None:
            return None
        out = s.to_json()
        out["tricks"] = len(state.round.tricks)
        return out

    def seat_names(self, state: TableState) -> tuple[str, ...]:
        return state.round.rules.seats

    def presets(self) -> Sequence[str]:
        return tuple(PRESETS)


_SUIT_ORDER = {"S": 0, "H": 1, "C": 2, "D": 3}


def _draw_order(cards: Sequence[Card], rank: Any) -> list[Card]:
    """A hand while trump is not fixed: jokers, then the cards of the rank that may be declared, then by suit."""
    def key(c: Card) -> tuple[int, int, int]:
        if c.is_joker:
            return (0, -c.rank.value, 0)
        suit = _SUIT_ORDER[c.suit.value] if c.suit else 4
        return (1, suit, 0) if c.rank is rank else (2, suit, -c.rank.value)

    return sorted(cards, key=key)


def _labels(r: RoundState, trick: Sequence[tuple[Card, ...]]) -> list[str]:
    assert r.trump is not None
    out = trick_winner(list(trick), r.trump, r.rules)
    labels = ["lead"] + ["" for _ in trick[1:]]
    for i, role in enumerate(out.roles[1:], start=1):
        if "trumps" in role and "discard" not in role:
            labels[i] = "trumps"
        elif "discard" in role:
            labels[i] = "discard"
    labels[out.winner] = (labels[out.winner] + " · winning").strip(" ·")
    return labels


def _legal_reason(r: RoundState, action: Action) -> str:
    if isinstance(action, Declare):
        return f"you may declare {' '.join(c.symbol_text for c in action.cards)}"
    if isinstance(action, Bury):
        return f"you may bury these {len(action.cards)} cards ({points(action.cards)} points)"
    if isinstance(action, Choose):
        return "that part failed, so it may be chosen"
    return "you may pass"


TABLE = ShengjiTable()
__all__ = ["TABLE", "ShengjiTable", "TableState", "parse_action", "RANKS"]
