"""A temporary bridge: a game still on the old ``TableGame`` protocol seen as an ``engine.contract.Game``.

The Table page is written against the contract; while a game package has no ``GAME`` yet, its ``table.TABLE``
is wrapped here (actions are the old texts, rules are a (preset, options) pair). Delete this module once every
game is on the contract.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine.base import Verdict
from engine.cards import Deck, parse_cards
from engine.contract import Bot, Game, GameInfo, Outcome, Preset
from engine.errors import CardTableError, InvalidRequestError
from engine.games import GAMES
from engine.table import Step, TableView


class _LegacyRules(tuple[str, tuple[tuple[str, Any], ...]]):
    pass


def _rules(preset: str, options: Mapping[str, Any] | None) -> _LegacyRules:
    return _LegacyRules((preset, tuple(sorted((options or {}).items()))))


class LegacyGame(Game[Any, Any, str]):
    """An old ``TableGame`` (text actions) behind the contract."""

    key: ClassVar[str] = "legacy"
    info: ClassVar[GameInfo] = GameInfo("legacy", "", "", "", "", "", "")
    presets: ClassVar[Mapping[str, Preset[Any]]] = {}

    def __init__(self, table: Any) -> None:
        self.table = table
        self.key = table.game  # type: ignore[misc]
        self.info = GAMES[table.game] if table.game in GAMES else GameInfo(table.game, table.game, "", "", "", "", "")  # type: ignore[misc]
        self.presets = {p: Preset(p, p, p, _rules(p, None)) for p in table.presets()}  # type: ignore[misc]

    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> Any:
        name = preset or self.default_preset
        if name not in self.presets:
            from engine.errors import UnknownNameError

            raise UnknownNameError("preset", name, self.presets)
        return _rules(name, options)

    def option_specs(self) -> tuple[Any, ...]:
        return ()

    def deck(self, rules: Any) -> Deck:
        return Deck.standard(jokers=True, decks=4)

    def seat_letters(self, rules: Any) -> tuple[str, ...]:
        names = self.table.seat_names(self.table.new_hand(rules[0], 1, dict(rules[1])))
        return tuple(n[0].upper() for n in names)

    def new_game(self, rules: Any, seed: int, start: Mapping[str, Any] | None = None) -> Any:
        if start:
            raise InvalidRequestError("this game's Table does not take a start yet")
        return (rules, self.table.new_hand(rules[0], seed, dict(rules[1])))

    def rules_of(self, state: Any) -> Any:
        return state[0]

    def to_act(self, state: Any) -> int | None:
        return self.table.to_act(state[1])  # type: ignore[no-any-return]

    def legal_actions(self, state: Any, limit: int | None = None) -> Sequence[str]:
        if self.to_act(state) is None:
            return []
        return list(self.table.legal_actions(state[1], limit or 500))

    def check(self, state: Any, action: str) -> Verdict:
        try:
            return self.table.check(state[1], action)  # type: ignore[no-any-return]
        except CardTableError as error:
            return Verdict(False, str(error))

    def apply_unchecked(self, state: Any, action: str) -> Any:
        return (state[0], self.table.apply(state[1], action)[0])

    def step(self, state: Any, action: str) -> tuple[Any, Step]:
        verdict = self.check(state, action)
        if not verdict.legal:
            from engine.errors import IllegalPlayError

            raise IllegalPlayError(verdict.reason)
        after, step = self.table.apply(state[1], action)
        return (state[0], after), step

    def comment(self, before: Any, action: str, after: Any) -> Step:
        return self.table.apply(before[1], action)[1]  # type: ignore[no-any-return]

    def returns(self, state: Any) -> tuple[float, ...]:
        return tuple(0.0 for _ in self.table.view(state[1], None).seats)

    def action_text(self, action: str) -> str:
        return action

    def parse_action(self, state: Any, text: str) -> str:
        return text

    def action_cards(self, action: str) -> Any:
        for suitless in (False, True):
            try:
                cards = parse_cards(action, suitless=suitless)
            except CardTableError:
                continue
            return cards or None
        return None

    def view(self, state: Any, seat: int | None) -> TableView:
        return self.table.view(state[1], seat)  # type: ignore[no-any-return]

    def outcome(self, state: Any) -> Outcome | None:
        result = self.table.result(state[1])
        if result is None:
            return None
        summary = str(result.get("summary", "")) or "The hand is over."
        facts = tuple((k.replace("_", " ").capitalize(), str(v)) for k, v in result.items() if k != "summary")
        return Outcome(summary, self.returns(state), facts, dict(result))

    @property
    def bots(self) -> Mapping[str, Bot[Any, str]]:
        def make(name: str) -> Bot[Any, str]:
            return Bot(name, f"the {name} bot", lambda s, rng: self.table.bot_action(s[1], name, rng))

        return {"heuristic": make("heuristic"), "random": make("random")}

    @property
    def commands(self) -> Mapping[str, Any]:
        return {}


def legacy_game(key: str) -> Game[Any, Any, Any] | None:
    """The game's old TABLE wrapped, or None when it has none."""
    try:
        module = importlib.import_module(f"engine.{key}.table")
    except ImportError:
        return None
    table = getattr(module, "TABLE", None)
    return LegacyGame(table) if table is not None else None


def rng_for(seed: int, step: int) -> random.Random:
    return random.Random(hash((seed, step)))
