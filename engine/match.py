"""Whole games for every game on the contract: hands strung together, on the same contract.

A *whole game* is a Shengji game of rounds climbing past the ace, a Euchre game to 10, a Dou Dizhu session of N
hands with the dealer rotating and running totals, a Thirteen match. :class:`WholeGame` wraps a game's ``GAME``
into another :class:`~engine.contract.Game` whose state is a :class:`WholeState`: the hands played so far and the
hand under way. Its actions are the hand's actions; when a hand ends, the next one is dealt at once (hand ``n``
from ``game_seed(seed, n)``, set up by the game's :meth:`~engine.contract.Game.next_hand`), until the game says
the whole game is over. So a whole game is watched, played, shared (a record with ``"whole": true`` in its
``start``) and replayed exactly like a hand, by the same Table and the same driver.

The game's own hooks (all on the contract, with defaults): :meth:`~engine.contract.Game.first_hand` (the
``start`` of the first hand), :meth:`~engine.contract.Game.next_hand` (the next hand's ``start``, or None when
the whole game is over), :meth:`~engine.contract.Game.scoreboard` (lines for the scoreboard beside the table) and
:meth:`~engine.contract.Game.whole_outcome` (how the whole game came out).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.base import Verdict
from engine.cards import Card, Deck
from engine.commands import Command
from engine.contract import Bot, Game, GameInfo, Outcome, Preset, Prompt, SomeGame
from engine.errors import InvalidRequestError
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.table import Step, TableView

__all__ = ["WHOLE", "WholeGame", "WholeState", "game_seed", "is_whole", "whole_game"]

WHOLE = "whole"
"""The key of a record's (or request's) ``start`` that asks for a whole game: ``{"whole": true}``."""
MAX_HANDS = 500


@dataclass(frozen=True)
class WholeState:
    """A whole game so far: the finished hands' final states and the hand under way (its number from 1)."""

    rules: Any
    seed: int
    number: int
    hand: Any
    finished: tuple[Any, ...] = ()
    over: bool = False


def game_seed(seed: int, index: int) -> int:
    """The seed of game (or hand) ``index`` of a run seeded with ``seed``: stable, distinct per index. Whole games
    seed their hands with it, simulations and duels their games."""
    return (seed * 1_000_003 + index) % 2**31


def _hand_seed(seed: int, number: int) -> int:
    return seed if number == 1 else game_seed(seed, number)


class WholeGame(Game[Any, WholeState, Any]):
    """``base``'s hands strung into whole games, on the contract (see the module docstring)."""

    info: ClassVar[GameInfo]
    presets: ClassVar[Mapping[str, Preset[Any]]]

    def __init__(self, base: SomeGame) -> None:
        self._base = base
        self.key = base.key  # type: ignore[misc]
        self.info = base.info  # type: ignore[misc]
        self.presets = base.presets  # type: ignore[misc]
        self.notes = base.notes  # type: ignore[misc]
        self.max_actions = base.max_actions * MAX_HANDS  # type: ignore[misc]  # every hand may run its longest
        self.playout_bot = base.playout_bot  # type: ignore[misc]
        self.review_thresholds = base.review_thresholds  # type: ignore[misc]
        self.feature_words = base.feature_words  # type: ignore[misc]

    # the rules are the base game's

    @property
    def base(self) -> SomeGame:
        """The game each hand is."""
        return self._base

    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> Any:
        return self._base.rules(preset, options)

    def option_specs(self) -> Any:
        return self._base.option_specs()

    def deck(self, rules: Any) -> Deck:
        return self._base.deck(rules)

    def seat_letters(self, rules: Any) -> tuple[str, ...]:
        return self._base.seat_letters(rules)

    def sides(self, rules: Any) -> tuple[tuple[int, ...], ...]:
        return self._base.sides(rules)

    # the state machine
    def new_game(self, rules: Any, seed: int, start: Mapping[str, Any] | None = None) -> WholeState:
        extra = {k: v for k, v in (start or {}).items() if k != WHOLE}
        if extra:
            raise InvalidRequestError(_("a whole game starts at its beginning; unknown start {field}").format(
                field=repr(sorted(extra)[0])))
        first = self._base.first_hand(rules, seed)
        return self._settle(WholeState(rules, seed, 1, self._base.new_game(rules, _hand_seed(seed, 1), first)))

    def _settle(self, state: WholeState) -> WholeState:
        """``state`` with every hand that is already over moved to the finished ones and the next one dealt.

        A hand can end at the deal (a Thirteen instant win) before anyone acts; the whole game goes on past it, so
        the hand under way is always one where someone acts, or the whole game is over.
        """
        while not state.over and self._base.to_act(state.hand) is None:
            finished = state.finished + (state.hand,)
            start = None if len(finished) >= MAX_HANDS else self._base.next_hand(state.rules, finished, state.seed)
            if start is None:
                return replace(state, finished=finished, over=True)
            number = state.number + 1
            state = WholeState(state.rules, state.seed, number,
                               self._base.new_game(state.rules, _hand_seed(state.seed, number), start), finished)
        return state

    def rules_of(self, state: WholeState) -> Any:
        return state.rules

    def to_act(self, state: WholeState) -> int | None:
        return None if state.over else self._base.to_act(state.hand)

    def legal_actions(self, state: WholeState, limit: int | None = None) -> Sequence[Any]:
        return [] if state.over else self._base.legal_actions(state.hand, limit)

    def check(self, state: WholeState, action: Any) -> Verdict:
        if state.over:
            return Verdict(False, _("the whole game is over"))
        return self._base.check(state.hand, action)

    def apply_unchecked(self, state: WholeState, action: Any) -> WholeState:
        return self._settle(replace(state, hand=self._base.apply_unchecked(state.hand, action)))

    def returns(self, state: WholeState) -> tuple[float, ...]:
        return self._base.whole_returns(state.rules, state.finished)

    # the table
    def action_text(self, action: Any) -> str:
        return self._base.action_text(action)

    def parse_action(self, state: WholeState, text: str) -> Any:
        return self._base.parse_action(state.hand, text)

    def action_cards(self, action: Any) -> tuple[Card, ...] | None:
        return self._base.action_cards(action)

    def hand_groups(self, state: WholeState, cards: Sequence[Card]) -> Any:
        return self._base.hand_groups(state.hand, cards)

    def prompt(self, state: WholeState) -> Prompt:
        return self._base.prompt(state.hand)

    def view(self, state: WholeState, seat: int | None) -> TableView:
        view = self._base.view(state.hand, seat)
        board = self._base.scoreboard(state.rules, state.finished, state.hand)
        number = local_number(state.number)
        head = ((_("Hand"), _("{number} (the last)").format(number=number) if state.over else number),)
        return replace(view, info=head + tuple(board) + tuple(view.info))

    def comment(self, before: WholeState, action: Any, after: WholeState) -> Step:
        if after.number == before.number and not (after.over and not before.over):
            step = self._base.comment(before.hand, action, after.hand)
        else:
            ended = after.finished[len(before.finished)]
            step = self._base.comment(before.hand, action, ended)
            result = self._base.outcome(ended)
            tail = f" {result.summary}" if result is not None else ""
            for number, dealt in enumerate(after.finished[len(before.finished) + 1:], start=before.number + 1):
                at_deal = self._base.outcome(dealt)
                ends = _("Hand {number} is dealt and ends at once: {outcome}").format(
                    number=local_number(number), outcome=at_deal.summary) if at_deal else \
                    _("Hand {number} is dealt and ends at once.").format(number=local_number(number))
                tail += f" {ends}"
            if after.over:
                whole = self._base.whole_outcome(after.rules, after.finished)
                tail += f" {whole.summary}"
            else:
                tail += " " + _("Hand {number} is dealt.").format(number=local_number(after.number))
            step = replace(step, comment=step.comment + tail)
        hand = _("Hand {number}").format(number=local_number(before.number))
        return replace(step, chapter=hand + (f" · {step.chapter}" if step.chapter else ""))

    def outcome(self, state: WholeState) -> Outcome | None:
        if not state.over:
            return None
        return self._base.whole_outcome(state.rules, state.finished)

    def summary_row(self, state: WholeState) -> dict[str, Any]:
        outcome = self.outcome(state)
        if outcome is None:
            raise InvalidRequestError(_("the whole game is not over"))
        return {"hands": len(state.finished), **dict(outcome.data)}

    # the coach sees the hand under way
    def determinize(self, state: WholeState, seat: int, rng: random.Random) -> WholeState:
        return replace(state, hand=self._base.determinize(state.hand, seat, rng))

    def features(self, state: WholeState, seat: int) -> Mapping[str, float]:
        return self._base.features(state.finished[-1] if state.finished else state.hand, seat)

    def rule_of_thumb(self, state: WholeState, action: Any) -> str:
        return self._base.rule_of_thumb(state.hand, action)

    def value_words(self, state: WholeState) -> tuple[str, str]:
        return self._base.value_words(state.hand)

    @property
    def bots(self) -> Mapping[str, Bot[WholeState, Any]]:
        def lift(bot: Bot[Any, Any]) -> Bot[WholeState, Any]:
            return Bot(bot.name, bot.description, lambda s, rng: bot.choose(s.hand, rng))

        return {name: lift(bot) for name, bot in self._base.bots.items()}

    @property
    def commands(self) -> Mapping[str, Command[Any, Any]]:
        return self._base.commands

    def __repr__(self) -> str:
        return f"<WholeGame {self.key}>"


_CACHE: dict[int, WholeGame] = {}


def whole_game(base: SomeGame) -> WholeGame:
    """The whole-game form of ``base`` (one per game)."""
    found = _CACHE.get(id(base))
    if found is None or found.base is not base:
        found = _CACHE[id(base)] = WholeGame(base)
    return found


def is_whole(start: Mapping[str, Any] | None) -> bool:
    """Whether a record's or request's ``start`` asks for a whole game."""
    return bool(start) and (start or {}).get(WHOLE) is True
