"""Shengji on the contract: :class:`ShengjiGame` and ``GAME``, delegating to the modules of the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from engine.base import Verdict
from engine.cards import Card, Deck
from engine.catalogue import game_info
from engine.contract import Bot, GameInfo, Note, Outcome, Preset
from engine.packaged import PackagedGame
from engine.shengji import coach, moments, playout, table, teach, whole
from engine.shengji import state as hand
from engine.shengji.bots import BOTS
from engine.shengji.deal import deck_of
from engine.shengji.rules import NOTES, PRESETS, Rules
from engine.shengji.state import Action, State
from engine.teaching import LinkRule

if TYPE_CHECKING:
    from engine.table import MomentKind, Record
    from engine.teaching import PracticeRule

__all__ = ["GAME", "ShengjiGame"]


def _state(state: State) -> State:
    """A play-out state as a ``State`` (for the rare questions a play-out does not answer on integer cards)."""
    return playout.to_state(state) if isinstance(state, playout.FastState) else state


_TRUMP_LINK = {"trump_rank": "$example.trump_rank", "trump_suit": "$example.trump_suit"}
"""A lesson example's trump, as the editor's position carries it."""


class ShengjiGame(PackagedGame[Rules, State, Action]):
    """Shengji / Tractor: one hand (a round) from the draw to the score; ``start`` sets up a later round."""

    hand_module = hand
    table_module = table
    coach_module = coach

    key: ClassVar[str] = "shengji"
    info: ClassVar[GameInfo] = game_info("shengji")
    lesson_editor_links: ClassVar[tuple[LinkRule, ...]] = (
        LinkRule("example", {**_TRUMP_LINK, "hand": "$example.hand", "lead": "$example.lead"},
                 {"kind": ("follow", "trumping", "presets")}),
        LinkRule("example", {**_TRUMP_LINK, "hand": "$example.hand", "others": "$example.others"},
                 {"kind": ("throw",)}),
    )
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
        return hand.legal_actions(_state(state), limit)

    def check(self, state: State, action: Action) -> Verdict:
        return hand.check_action(_state(state), action)

    def apply_unchecked(self, state: State, action: Action) -> State:
        """The state after ``action``. A sampled world of the coach (``playout``) continues on integer cards once
        its play phase begins (:mod:`engine.shengji.playout`: the same play, faster)."""
        if type(state) is not State:  # a play-out on integer cards
            fast = cast(playout.FastState, state)
            if isinstance(action, playout.FastPlay):
                ids = action.ids
                return cast(State, playout.lead(fast, ids, True) if not fast.trick else playout.play(fast, ids))
            if not isinstance(action, hand.Play):
                return hand.apply_unchecked(playout.to_state(fast), action)
            ids = tuple(fast.ctx.index[c] for c in action.cards)
            return cast(State, playout.lead(fast, ids) if not fast.trick else playout.play(fast, ids))
        if state.playout and isinstance(action, hand.Play) and state.phase is hand.Phase.PLAY and \
                not state.rules.must_beat_failed_throw:
            fast = playout.fork(state)
            ids = tuple(fast.ctx.index[c] for c in action.cards)
            return cast(State, playout.lead(fast, ids) if not fast.trick else playout.play(fast, ids))
        after = hand.apply_unchecked(state, action)
        if after.playout and after.phase is hand.Phase.PLAY and not after.rules.must_beat_failed_throw:
            return cast(State, playout.from_state(after))
        return after

    def returns(self, state: State) -> tuple[float, ...]:
        if type(state) is not State:
            return playout.returns(cast(playout.FastState, state))
        return table.returns(state)

    def lost(self, state: State, seat: int) -> bool:
        if type(state) is not State:
            return super().lost(state, seat)
        return table.lost(state, seat)

    def parse_action(self, state: State, text: str) -> Action:
        return hand.parse_action(state, text)

    def action_cards(self, action: Action) -> tuple[Card, ...] | None:
        return action.cards if isinstance(action, (hand.Play, hand.Bury)) else None

    def hand_groups(self, state: State, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return table.hand_groups(state, cards)

    def example_groups(self, request: Mapping[str, Any], answer: Mapping[str, Any],
                       cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...] | None:
        rules = self.rules(request.get("preset"), request.get("options") or None)
        return table.example_groups(rules, answer, cards)

    def summary_row(self, state: State) -> dict[str, Any]:
        return table.summary_row(state)

    # -------------------------------------------------------------------------------------- the coach

    playout_bot: ClassVar[str] = "heuristic"
    review_thresholds: ClassVar[tuple[float, float]] = (0.3, 0.8)
    """In levels (what a round is worth): losing a third of a level on average is an inaccuracy, most of a level a
    mistake."""
    feature_words: ClassVar[Mapping[str, tuple[str, str]]] = coach.FEATURE_WORDS

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return coach.determinize(_state(state), seat, rng)

    def rule_of_thumb(self, state: State, action: Action) -> str:
        return coach.rule_of_thumb(_state(state), action)

    def value_words(self, state: State) -> tuple[str, str]:
        return coach.value_words(_state(state))

    def sides(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

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
        return whole.next_hand(finished[-1])

    def scoreboard(self, rules: Rules, finished: tuple[State, ...], current: State) -> tuple[tuple[str, str], ...]:
        return whole.scoreboard(rules, finished, current)

    def whole_outcome(self, rules: Rules, finished: tuple[State, ...]) -> Outcome:
        return whole.whole_outcome(rules, finished, self.whole_returns(rules, finished))

    @property
    def bots(self) -> Mapping[str, Bot[State, Action]]:
        return BOTS

    coach_lessons = ("09-following", "11-trick-winner")

    def practice_rules(self) -> tuple[PracticeRule, ...]:
        return teach.practice_rules(self)

    def moment_kinds(self) -> tuple[MomentKind, ...]:
        return moments.KINDS



GAME = ShengjiGame()
