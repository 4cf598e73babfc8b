"""Shengji on the contract: :class:`ShengjiGame` and ``GAME``, delegating to the modules of the package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.base import Verdict
from engine.cards import Card, Deck
from engine.contract import Bot, Game, GameInfo, Note, Outcome, Preset, Prompt
from engine.games import game_info
from engine.shengji import state as hand
from engine.shengji import table
from engine.shengji.bots import BOTS
from engine.shengji.deal import deck_of
from engine.shengji.rules import NOTES, PRESETS, Rules
from engine.shengji.state import Action, State

if TYPE_CHECKING:
    from engine.commands import Command
    from engine.table import Record, Step, TableView

__all__ = ["GAME", "ShengjiGame"]


class ShengjiGame(Game[Rules, State, Action]):
    """Shengji / Tractor: one hand (a round) from the draw to the score; ``start`` sets up a later round."""

    key: ClassVar[str] = "shengji"
    info: ClassVar[GameInfo] = game_info("shengji")
    presets: ClassVar[Mapping[str, Preset[Any]]] = PRESETS
    notes: ClassVar[tuple[Note, ...]] = NOTES
    max_actions: ClassVar[int] = 5_000
    examples: ClassVar[Mapping[str, tuple[Mapping[str, Any], ...]]] = {
        "legal": ({"trump_rank": "10", "trump_suit": "S", "hand": "KH KH 9H 9H 3H 5C AS", "table": "4H 4H 5H 5H"},),
        "check": ({"trump_rank": "10", "trump_suit": "S", "hand": "KH KH 9H 3H 5C AS", "table": "4H 4H",
                   "play": "9H 3H"},),
        "playout": ({"seed": 2, "start": {"levels": {"NS": "5", "WE": "9"}, "starter": "W"}},),
    }

    def deck(self, rules: Rules) -> Deck:
        return deck_of(rules)

    def seat_letters(self, rules: Rules) -> tuple[str, ...]:
        return rules.seats

    def new_game(self, rules: Rules, seed: int, start: Mapping[str, Any] | None = None) -> State:
        """The hand dealt with ``seed``. ``start`` (optional): ``{"levels": {"NS": "2", "WE": "5"}, "starter":
        "N"}`` — each team's level and, for a later round, the starter (whose team banks); without a starter
        the hand is a first round, in which declaring decides the bankers."""
        return hand.new_game(rules, seed, hand.parse_start(rules, start))

    def rules_of(self, state: State) -> Rules:
        return state.rules

    def to_act(self, state: State) -> int | None:
        return state.to_act

    def legal_actions(self, state: State, limit: int | None = None) -> Sequence[Action]:
        return hand.legal_actions(state, limit)

    def check(self, state: State, action: Action) -> Verdict:
        return hand.check_action(state, action)

    def apply_unchecked(self, state: State, action: Action) -> State:
        return hand.apply_unchecked(state, action)

    def returns(self, state: State) -> tuple[float, ...]:
        return table.returns(state)

    def action_text(self, action: Action) -> str:
        return hand.action_text(action)

    def parse_action(self, state: State, text: str) -> Action:
        return hand.parse_action(state, text)

    def action_cards(self, action: Action) -> tuple[Card, ...] | None:
        return action.cards if isinstance(action, (hand.Play, hand.Bury)) else None

    def view(self, state: State, seat: int | None) -> TableView:
        return table.view(state, seat)

    def comment(self, before: State, action: Action, after: State) -> Step:
        return table.comment(before, action, after)

    def prompt(self, state: State) -> Prompt:
        return table.prompt(state)

    def hand_groups(self, state: State, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return table.hand_groups(state, cards)

    def outcome(self, state: State) -> Outcome | None:
        return table.outcome(state)

    def summary_row(self, state: State) -> dict[str, Any]:
        return table.summary_row(state)

    def normalize_record(self, record: Record) -> Record:
        """Older records carried the set-up (``levels``, ``starter``) in ``options``: it moves to ``start``."""
        moved = {k: record.options[k] for k in table.START_OPTIONS if record.options.get(k) is not None}
        if not moved and not any(k in record.options for k in table.START_OPTIONS):
            return record
        from dataclasses import replace

        options = {k: v for k, v in record.options.items() if k not in table.START_OPTIONS}
        return replace(record, options=options, start={**moved, **record.start})

    # -------------------------------------------------------------------------------------- whole games

    def next_hand(self, rules: Rules, finished: tuple[State, ...], seed: int) -> Mapping[str, Any] | None:
        """The next round's levels and starter (the bank kept: the starter's partner; passed: the next player), or
        None once a team has gone past the last level."""
        return table.next_start(finished[-1])

    def scoreboard(self, rules: Rules, finished: tuple[State, ...], current: State) -> tuple[tuple[str, str], ...]:
        return table.scoreboard(rules, finished, current)

    def whole_outcome(self, rules: Rules, finished: tuple[State, ...]) -> Outcome:
        return table.whole_outcome(rules, finished, self.whole_returns(rules, finished))

    @property
    def bots(self) -> Mapping[str, Bot[State, Action]]:
        return BOTS

    @property
    def commands(self) -> Mapping[str, Command[Any, Any]]:
        from engine.shengji.commands import COMMANDS

        return COMMANDS


GAME = ShengjiGame()
