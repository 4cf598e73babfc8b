"""``GAME``: Thirteen on the engine contract (:class:`engine.contract.Game`), delegating to the modules beside it."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cards import Card, Deck
from engine.catalogue import game_info
from engine.contract import Bot, GameInfo, Note, Outcome, Preset
from engine.errors import InvalidRequestError, quote
from engine.packaged import PackagedGame
from engine.teaching import LinkRule
from engine.thirteen import coach, moments, playout, table, teach, whole
from engine.thirteen import state as st
from engine.thirteen.bots import BOTS
from engine.thirteen.order import DECK, rank_pos
from engine.thirteen.play import Play
from engine.thirteen.rules import NOTES, PRESETS, Rules, seat_letters
from engine.thirteen.score import hand_features
from engine.thirteen.state import Action, State

if TYPE_CHECKING:
    from engine.table import MomentKind
    from engine.teaching import PracticeRule

__all__ = ["GAME", "ThirteenGame"]

_START_KEYS = ("leader",)


class ThirteenGame(PackagedGame[Rules, State, Action]):
    """Thirteen (Tiến lên): 2–4 players, 13 cards each, climb with combinations, first out wins.

    ``start`` may hold ``leader`` (a seat letter): a later game of a match, led freely by the previous winner
    (without it the holder of the lowest card dealt leads, and the first play must contain that card). A whole
    game (:mod:`engine.match`) is a match: see :mod:`engine.thirteen.whole`.
    """

    hand_module = st
    table_module = table
    coach_module = coach

    key: ClassVar[str] = "thirteen"
    passes: ClassVar[bool] = True
    info: ClassVar[GameInfo] = game_info("thirteen")
    lesson_editor_links: ClassVar[tuple[LinkRule, ...]] = (
        LinkRule("example", {"hand": "$example.hand", "table": "$example.table"}),
        LinkRule("example", {"hand": "$example.hand"}),
    )
    lesson_table_examples: ClassVar[tuple[str, ...]] = ("deal", "game")
    presets: ClassVar[Mapping[str, Preset[Any]]] = PRESETS
    notes: ClassVar[tuple[Note, ...]] = NOTES
    max_actions: ClassVar[int] = 2_000
    examples: ClassVar[Mapping[str, tuple[Mapping[str, Any], ...]]] = {
        "legal": ({"hand": "3S 4S 5H 5D 2H", "table": "4C 4D"},
                  {"preset": "pagat", "hand": "3S 4S 5H 5D 2H 7S 7C 7D 7H", "table": "2D"}),
        "check": ({"hand": "3S 4S 5H 5D 2H", "table": "4C 4D", "play": "5D 5H"},
                  {"hand": "3S 4S 5H 5D 2H", "table": "4C 4D", "play": "pass"},
                  {"hand": "5S 6H", "table": "4D", "passed": True, "play": "6H"}),
    }

    def deck(self, rules: Rules) -> Deck:
        return DECK

    def seat_letters(self, rules: Rules) -> tuple[str, ...]:
        return seat_letters(rules.players)

    def new_game(self, rules: Rules, seed: int, start: Mapping[str, Any] | None = None) -> State:
        if not start:
            return st.new_game(rules, seed)
        unknown = [k for k in start if k not in _START_KEYS]
        if unknown:
            raise InvalidRequestError(f"unknown field {quote(unknown[0])} in start; known fields: "
                                      f"{', '.join(_START_KEYS)}")
        letters = seat_letters(rules.players)
        leader = start.get("leader")
        if leader not in letters:
            raise InvalidRequestError(f"start.leader: {quote(leader)} is not a seat here; the seats are "
                                      f"{', '.join(letters)}")
        return st.new_game(rules, seed, letters.index(leader), first_game=False)

    def rules_of(self, state: State) -> Rules:
        return state.rules

    def to_act(self, state: State) -> int | None:
        return state.turn

    def is_terminal(self, state: State) -> bool:
        return state.turn is None

    def returns(self, state: State) -> tuple[float, ...]:
        result = table.outcome(state)
        return result.returns if result is not None else (0.0,) * state.players

    def parse_action(self, state: State, text: str) -> Action:
        return st.parse_action(text)

    def action_cards(self, action: Action) -> tuple[Card, ...] | None:
        return action.cards if isinstance(action, Play) else None

    def example_groups(self, request: Mapping[str, Any], answer: Mapping[str, Any],
                       cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...] | None:
        """One row in the order given (the hand's, lowest first): combinations are of ranks, not suits."""
        return (("", tuple(cards)),)

    def display_rank(self, rules: Rules, card: Card) -> int:
        """3 lowest … A, then 2 (the highest rank)."""
        return rank_pos(card)

    def hand_groups(self, state: State, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return table.hand_groups(state, cards)

    def summary_row(self, state: State) -> dict[str, Any]:
        if not state.over:
            raise InvalidRequestError("the game is not over")
        row = table.outcome_data(state)
        twos = state.rules.twos_in_double_sequences
        for c, dealt in zip(seat_letters(state.players), state.dealt, strict=True):
            f = hand_features(dealt, twos)
            row |= {f"twos_{c}": f.twos, f"quads_{c}": f.quads, f"pairs_{c}": f.best_double_sequence,
                    f"bombs_{c}": f.bombs}
        return row

    # ---------------------------------------------------------------------------------- the coach

    playout_bot: ClassVar[str] = "heuristic"
    review_thresholds: ClassVar[tuple[float, float]] = (0.25, 0.75)
    """In match points (3/2/1/0 for places): a quarter of a point lost on average is an inaccuracy, three quarters
    (most of a place) a mistake."""
    feature_words: ClassVar[Mapping[str, tuple[str, str]]] = coach.FEATURE_WORDS

    def finish(self, state: State, bot: str, rng: random.Random) -> State:
        """``state`` played to its end by the bot ``bot`` at every seat — for the heuristic bot in one tight loop
        (:func:`engine.thirteen.playout.finish`, the same final state as the step loop), the coach's play-outs."""
        if bot == "heuristic":
            return playout.finish(state)
        chosen = self.bot(bot)
        while state.turn is not None:
            state = st.apply_unchecked(state, chosen.choose(state, rng))
        return state

    # ---------------------------------------------------------------------------------- whole games: a match

    def next_hand(self, rules: Rules, finished: tuple[State, ...], seed: int) -> Mapping[str, Any] | None:
        return whole.next_hand(rules, finished)

    def scoreboard(self, rules: Rules, finished: tuple[State, ...], current: State) -> tuple[tuple[str, str], ...]:
        return whole.scoreboard(rules, finished, current)

    def whole_outcome(self, rules: Rules, finished: tuple[State, ...]) -> Outcome:
        return whole.whole_outcome(rules, finished)

    @property
    def bots(self) -> Mapping[str, Bot[State, Action]]:
        return BOTS

    coach_lessons = ("09-beating", "12-a-whole-hand")

    def practice_rules(self) -> tuple[PracticeRule, ...]:
        return teach.practice_rules(self)

    def moment_kinds(self) -> tuple[MomentKind, ...]:
        return moments.KINDS



GAME = ThirteenGame()
