"""Thirteen at the table: a whole game driven by text actions, with commentary (see engine.table).

Actions are ``"pass"`` or the cards played in notation (``"3S 4S 5H"``). The commentary names every
lead, beat, chop, pass and lock-out, table clearing, player going out, and the finishing order — and,
under the option ``twos_in_double_sequences``, that a double sequence ending in 2s is allowed (and chops
like any double sequence of as many pairs).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.base import Verdict
from engine.cards import Card, parse_cards
from engine.errors import IllegalPlayError, InvalidNotationError
from engine.table import Seat, Step, TableView
from engine.thirteen.bots import bot as get_bot
from engine.thirteen.combos import Combo, Kind, cards_of, combo_of_mask, index, mask_of
from engine.thirteen.deal import seat_names
from engine.thirteen.game import PASS_MASK, Game, apply_unchecked, can_pass, move_masks, new_game, places
from engine.thirteen.play import Position, check
from engine.thirteen.rules import PRESETS, Finish, Rules, make_rules
from engine.thirteen.score import game_points

PASS_TEXT = "pass"
_ORDINALS = ("1st", "2nd", "3rd", "4th")


def ordinal(place: int) -> str:
    return _ORDINALS[place - 1]


@dataclass(frozen=True)
class TableState:
    """A game at the table: the engine state, how it was set up, and the steps so far."""

    game: Game
    preset: str
    seed: int
    options: tuple[tuple[str, Any], ...]
    steps: tuple[Step, ...] = ()
    trick_of_step: tuple[int, ...] = ()

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def names(self) -> tuple[str, ...]:
        return seat_names(self.game.players)


def parse_action(text: str) -> int:
    """The mask of an action's cards (0 for a pass); InvalidNotationError for text that is neither."""
    if not isinstance(text, str):
        raise InvalidNotationError(repr(text), "'pass' or cards such as 3S 4S 5H")
    if text.strip().lower() == PASS_TEXT:
        return PASS_MASK
    cards = parse_cards(text)
    if not cards:
        raise InvalidNotationError(text, "'pass' or cards such as 3S 4S 5H")
    for card in cards:
        index(card)
    if len(set(cards)) != len(cards):
        raise InvalidNotationError(text, "cards, each at most once (one deck)")
    return mask_of(cards)


def action_text(mask: int) -> str:
    return PASS_TEXT if mask == PASS_MASK else " ".join(c.text for c in cards_of(mask))


def position_of(game: Game) -> Position:
    """The position the seat to act faces, for checking a play with a learner-readable reason."""
    seat = game.turn
    if seat is None:
        raise IllegalPlayError("the game is over")
    table = cards_of(game.table) if game.table else ()
    return Position.build(cards_of(game.hands[seat]), table, passed=game.is_locked(seat),
                          first_lead=game.must != 0, rules=game.rules)


class ThirteenTable:
    """The TableGame of Thirteen."""

    game = "thirteen"

    def new_hand(self, preset: str, seed: int, options: Mapping[str, Any] | None = None) -> TableState:
        rules = make_rules(preset, options)
        game = new_game(rules, seed)
        state = TableState(game, preset, seed, tuple(sorted((options or {}).items())))
        if game.instant:
            winner = state.names[game.finished[0]]
            step = Step(game.finished[0], "instant win", f"{winner} holds {game.instant}: an instant win, "
                                                         "the game ends before any play.")
            return TableState(game, preset, seed, state.options, (step,), (0,))
        return state

    def to_act(self, state: TableState) -> int | None:
        return state.game.turn

    def legal_actions(self, state: TableState, limit: int = 500) -> list[str]:
        if state.game.turn is None:
            return []
        out = [action_text(m) for m in move_masks(state.game)[:limit]]
        if can_pass(state.game) and len(out) < limit:
            out.append(PASS_TEXT)
        return out

    def check(self, state: TableState, action: str) -> Verdict:
        mask = parse_action(action)
        game = state.game
        if game.turn is None:
            return Verdict(False, "the game is over")
        position = position_of(game)
        if mask == PASS_MASK:
            if not game.table:
                return Verdict(False, "you lead: the table is empty, so you must play (a leader cannot pass)")
            return Verdict(True, "passing is allowed; you are then locked out until the table clears")
        return check(position, parse_cards(action))

    def apply(self, state: TableState, action: str) -> tuple[TableState, Step]:
        verdict = self.check(state, action)
        if not verdict.legal:
            raise IllegalPlayError(verdict.reason)
        mask = parse_action(action)
        before = state.game
        after = apply_unchecked(before, mask)
        comment = commentary(before, after, mask, state.names)
        trick = before.tricks
        step = Step(before.turn if before.turn is not None else 0, action_text(mask), comment, f"Round {trick + 1}")
        new = TableState(after, state.preset, state.seed, state.options, state.steps + (step,),
                         state.trick_of_step + (trick,))
        return new, step

    def bot_action(self, state: TableState, bot: str, rng: random.Random) -> str:
        return action_text(get_bot(bot)(state.game, rng))

    def view(self, state: TableState, seat: int | None) -> TableView:
        game = state.game
        names = state.names
        place_of = {s: p for p, s in enumerate(game.finished, start=1)}
        seats = []
        for s in range(game.players):
            cards = cards_of(game.hands[s])
            shown: tuple[Card | None, ...] = cards if seat is None or seat == s or game.over else (None,) * len(cards)
            if s in place_of and (not game.hands[s] or game.over):
                note = f"out ({ordinal(place_of[s])})" if not game.hands[s] else f"{ordinal(place_of[s])}"
            elif game.is_locked(s):
                note = "passed: locked out"
            else:
                note = f"{len(cards)} cards"
            seats.append(Seat(names[s], shown, active=bool(game.hands[s]) and not game.over, note=note))
        twos = game.rules.twos_in_double_sequences
        table = tuple((s, cards_of(m), _trick_label(m, twos)) for s, m in game.trick)
        info: list[tuple[str, str]] = []
        if game.over:
            info.append(("Finishing order", ", ".join(names[s] for s in game.finished)))
        elif game.table:
            combo = combo_of_mask(game.table, twos)
            assert combo is not None
            info.append(("To beat", f"{combo.name} by {names[game.last]}"))
        elif game.turn is not None:
            lead = f"{names[game.turn]} leads any combination"
            if game.must:
                lead += f" containing {cards_of(game.must)[0].symbol_text}"
            info.append(("Table", f"empty: {lead}"))
        if game.finished and not game.over:
            info.append(("Out", ", ".join(f"{names[s]} {ordinal(p)}" for p, s in enumerate(game.finished, 1))))
        phase = "over" if game.over else "play"
        return TableView(tuple(seats), game.turn, phase, table, tuple(info))

    def result(self, state: TableState) -> dict[str, Any] | None:
        game = state.game
        if not game.over:
            return None
        return game_result(game)

    def seat_names(self, state: TableState) -> tuple[str, ...]:
        return state.names

    def presets(self) -> Sequence[str]:
        return tuple(PRESETS)


def _trick_label(mask: int, twos: bool = False) -> str:
    if mask == PASS_MASK:
        return PASS_TEXT
    combo = combo_of_mask(mask, twos)
    return combo.shape if combo is not None else ""


def game_result(game: Game) -> dict[str, Any]:
    """The outcome of a finished game: order, places, points, chops."""
    names = seat_names(game.players)
    left = game.left_at_first_out or tuple(h.bit_count() for h in game.hands)
    points = game_points(game.rules, game.finished, left)
    return {
        "order": [names[s] for s in game.finished],
        "places": {names[s]: p for s, p in enumerate(places(game))},
        "points": {names[s]: points[s] for s in range(game.players)},
        "cards_left_at_first_out": {names[s]: left[s] for s in range(game.players)},
        "instant_win": game.instant,
        "chops": game.chops,
        "plays": game.plays,
        "passes": game.passes,
    }


def commentary(before: Game, after: Game, mask: int, names: Sequence[str]) -> str:
    """What happened in one step, for a learner watching the table."""
    seat = before.turn
    assert seat is not None
    who = names[seat]
    parts: list[str] = []
    if mask == PASS_MASK:
        if before.is_locked(seat):
            parts.append(f"{who} passes again (still locked out).")
        else:
            parts.append(f"{who} passes, and is locked out until the table clears.")
    else:
        twos = before.rules.twos_in_double_sequences
        combo = combo_of_mask(mask, twos)
        assert combo is not None
        if not before.table:
            text = f"{who} leads {combo.name}"
            if before.must:
                text += f"; the first play of the game must contain {cards_of(before.must)[0].symbol_text}"
            parts.append(text + ".")
        else:
            table = combo_of_mask(before.table, twos)
            assert table is not None
            parts.append(_beat_text(who, combo, table, names[before.last], before.is_locked(seat)))
        if combo.kind is Kind.DOUBLE_SEQUENCE and combo.has_two:
            parts.append(_TWOS_NOTE)
        if after.hands[seat] == 0:
            place = after.finished.index(seat) + 1
            parts.append(f"{who} has no cards left: out in {ordinal(place)} place.")
    if after.turn is not None and after.table:
        skipped = []
        s = seat
        while (s := (s + 1) % len(names)) != after.turn:
            if after.hands[s] and after.is_locked(s):
                skipped.append(names[s])
        if skipped:
            verb = "is" if len(skipped) == 1 else "are"
            parts.append(f"{' and '.join(skipped)} passed this round and {verb} skipped: {names[after.turn]} is next.")
    if after.over:
        if after.rules.finish is Finish.FIRST and after.players > 2:
            parts.append("The game ends when the first player goes out; the others are placed by cards left.")
        elif after.finished[-1] != seat and after.hands[after.finished[-1]]:
            parts.append(f"Only {names[after.finished[-1]]} has cards left, and takes last place.")
        parts.append("Finishing order: " + ", ".join(names[s] for s in after.finished) + ".")
    elif not after.table and after.turn is not None:
        last = before.last if mask == PASS_MASK else seat
        if last >= 0 and after.turn == last:
            parts.append(f"Nobody else can or will beat it: the table clears and {names[last]} leads.")
        elif last >= 0:
            parts.append(f"The table clears; {names[last]} is out, so {names[after.turn]}, the next player "
                         "still in, leads.")
    return " ".join(parts)


_TWOS_NOTE = ("(Under these rules pairs of 2s may end a double sequence, after the aces: it is still a double "
              "sequence of as many pairs, and a bomb like any other.)")


def _beat_text(who: str, combo: Combo, table: Combo, owner: str, was_locked: bool) -> str:
    if combo.kind is table.kind and combo.length == table.length:
        return f"{who} beats {owner}'s {table.bare_name} with {combo.name}."
    target = f"{owner}'s {table.bare_name}"
    if table.is_twos:
        text = f"{who} chops {target} with {combo.name}!"
    else:
        text = f"{who} beats the bomb {target} with the bigger bomb {combo.name}!"
    if was_locked:
        text += f" ({who} had passed, but a bomb on 2s may still be played under these rules.)"
    return text


TABLE = ThirteenTable()
