"""Euchre on the game contract: :class:`EuchreGame` and its one instance, :data:`GAME` (thin: it delegates to
the modules of the package)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.cards import Card, Deck
from engine.catalogue import game_info
from engine.contract import Bot, GameInfo, Note, Outcome, Preset
from engine.euchre import coach, moments, playout, table, teach, whole
from engine.euchre import state as hand
from engine.euchre.bidding import Discard
from engine.euchre.bots import BOTS, heuristic_bot
from engine.euchre.examples import SAMPLES
from engine.euchre.order import deck_of
from engine.euchre.rules import NOTES, PRESETS, SEAT_LETTERS, Rules
from engine.euchre.state import Action, HandState
from engine.packaged import PackagedGame
from engine.teaching import LinkRule

if TYPE_CHECKING:
    from engine.table import MomentKind
    from engine.teaching import PracticeRule

__all__ = ["GAME", "EuchreGame"]


class EuchreGame(PackagedGame[Rules, HandState, Action]):
    """Euchre: one hand (the calling, the discard, going alone, five tricks, the score) from a seeded deal.

    ``start`` sets a hand inside a game: ``dealer`` (a seat letter) and ``scores`` (the game score before it).
    """

    hand_module = hand
    table_module = table
    coach_module = coach

    key: ClassVar[str] = "euchre"
    info: ClassVar[GameInfo] = game_info("euchre")
    lesson_editor_links: ClassVar[tuple[LinkRule, ...]] = (  # the editor reads the ``position`` command's JSON
        LinkRule("legal", "$request"),
        LinkRule("winner", "$request"),
        LinkRule("deal", {"dealer": "$example.dealer", "upcard": "$example.upcard", "hand": "$example.first_hand"}),
    )
    lesson_table_examples: ClassVar[tuple[str, ...]] = ("deal", "hand")
    editor_command: ClassVar[str] = "position"  # a trick or a calling position: the editor poses both
    play_size: ClassVar[int | None] = 1
    presets: ClassVar[Mapping[str, Preset[Any]]] = PRESETS
    notes: ClassVar[tuple[Note, ...]] = NOTES
    max_actions: ClassVar[int] = 400
    """A hand takes at most 34 actions; the bound is set for whole games, which :mod:`engine.match` bounds at 8
    times it (3,200 actions: about 90 hands, where a game to 10 by the bots took at most 543 in 1,000 games)."""
    examples: ClassVar[Mapping[str, tuple[Mapping[str, Any], ...]]] = SAMPLES

    def deck(self, rules: Rules) -> Deck:
        return deck_of(rules.benny)

    def seat_letters(self, rules: Rules) -> tuple[str, ...]:
        return SEAT_LETTERS

    def new_game(self, rules: Rules, seed: int, start: Mapping[str, Any] | None = None) -> HandState:
        return hand.new_game(rules, seed, start)

    def rules_of(self, state: HandState) -> Rules:
        return state.rules

    def to_act(self, state: HandState) -> int | None:
        return state.to_act

    def returns(self, state: HandState) -> tuple[float, ...]:
        return table.returns(state)

    def parse_action(self, state: HandState, text: str) -> Action:
        """The action ``text`` names; while the dealer discards, a bare card (a card clicked) is the discard."""
        action = hand.parse_action(text)
        if isinstance(action, Card) and state.phase is hand.Phase.DEALER_DISCARD:
            return Discard(action)
        return action

    def action_cards(self, action: Action) -> tuple[Card, ...] | None:
        """A card played, or the card the dealer discards: both are chosen by clicking the card."""
        if isinstance(action, Card):
            return (action,)
        if isinstance(action, Discard):
            return (action.card,)
        return None

    def hand_groups(self, state: HandState, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        return table.hand_groups(state, cards)

    def summary_row(self, state: HandState) -> dict[str, Any]:
        return table.summary_row(state)

    # ---------------------------------------------------------------------------------------- the coach

    playout_bot: ClassVar[str] = "heuristic"
    review_thresholds: ClassVar[tuple[float, float]] = (0.3, 0.9)
    """In points of a hand (a side's points minus the other's): losing 0.3 on average is an inaccuracy, 0.9 (about
    a point: a made hand thrown away) a mistake."""
    feature_words: ClassVar[Mapping[str, tuple[str, str]]] = coach.FEATURE_WORDS

    def sides(self, rules: Rules) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def finish(self, state: HandState, bot: str, rng: random.Random) -> HandState:
        """``state`` played to its end by the bot ``bot`` at every seat — for the heuristic bot fast, on card
        numbers, and exactly as the loop of :meth:`apply_unchecked` would (the coach's play-outs)."""
        chosen = self.bot(bot)
        if chosen.choose is heuristic_bot:
            return playout.finish(state, rng)
        while state.to_act is not None:
            state = hand.apply_unchecked(state, chosen.choose(state, rng))
        return state

    def exact_value(self, state: HandState, seat: int) -> float | None:
        """The value for ``seat`` of a world whose every card is known (a sample) under perfect play by all four,
        when at most three tricks are left (else None): what the coach can use instead of a play-out."""
        return playout.exact_value(state, seat)

    # ---------------------------------------------------------------------------------------- whole games

    def first_hand(self, rules: Rules, seed: int) -> Mapping[str, Any] | None:
        return whole.first_hand(rules, seed)

    def next_hand(self, rules: Rules, finished: tuple[HandState, ...], seed: int) -> Mapping[str, Any] | None:
        return whole.next_hand(rules, finished)

    def scoreboard(self, rules: Rules, finished: tuple[HandState, ...],
                   current: HandState) -> tuple[tuple[str, str], ...]:
        return whole.scoreboard(rules, finished, current)

    def whole_outcome(self, rules: Rules, finished: tuple[HandState, ...]) -> Outcome:
        return whole.whole_outcome(rules, finished)

    @property
    def bots(self) -> Mapping[str, Bot[HandState, Action]]:
        return BOTS

    coach_lessons = ("02-calling-rounds", "05-who-wins")

    def practice_rules(self) -> tuple[PracticeRule, ...]:
        return teach.practice_rules(self)

    def moment_kinds(self) -> tuple[MomentKind, ...]:
        return moments.KINDS



GAME = EuchreGame()
