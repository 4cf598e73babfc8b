"""The Table's games as values: a :class:`Hand` is a record with its replayed states and steps, and the functions
here make, extend, cut and read them (which trick a step finished, an action as a label). No widget is drawn here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import streamlit as st

from engine.cards import Card
from engine.contract import SomeGame
from engine.driver import play_out, replay
from engine.errors import UnknownNameError
from engine.games import game
from engine.i18n import language
from engine.match import WHOLE
from engine.table import WON_TRICK, Record, Step, TableView
from ui.cards import symbol_words


def table_game(key: str) -> SomeGame | None:
    """The game's contract object (``engine.<game>.GAME``); None for a key that is not a game."""
    try:
        return game(key)
    except UnknownNameError:
        return None


def action_label(game: SomeGame, action: Any) -> str:
    """An action as a button label, with card symbols: ``bid 2`` → ``Bid 2``, ``9C`` → ``9♣``,
    ``declare 2S 2S`` → ``Declare 2♠ 2♠``."""
    cards = game.action_cards(action)
    if cards:
        return " ".join(c.symbol_text for c in cards)
    return text_label(game.action_text(action))


def text_label(text: str) -> str:
    """An action's text (a record's, a step's) with card and suit symbols, capitalised: ``declare 2S`` →
    ``Declare 2♠``, ``3H`` → ``3♥``, ``name S`` → ``Name ♠`` (actions name suits, never seats); other words stay."""
    out = symbol_words(text, suits=True)
    return out[:1].upper() + out[1:]


# ---------------------------------------------------------------------------------------------- hands


@dataclass(frozen=True)
class Hand:
    """A record with its replayed states and steps (kept so that reruns need not replay)."""

    record: Record
    states: tuple[Any, ...]
    steps: tuple[Step, ...]
    lang: str = field(default_factory=language)
    """The language of the steps' words (commentary, chapters): the one it was played or replayed in."""

    @property
    def last(self) -> Any:
        return self.states[-1]


def start_hand(game: SomeGame, preset: str, seed: int, options: Mapping[str, Any] | None = None,
               start: Mapping[str, Any] | None = None) -> Hand:
    rules = game.rules(preset, options)
    return Hand(Record(game.key, preset, seed, (), dict(options or {}), dict(start or {})),
                (game.new_game(rules, seed, start),), ())


def load_hand(game: SomeGame, record: Record) -> Hand:
    """Replay ``record`` (a hand, or a whole game when its start says so), its commentary in the current language;
    ReplayError names the refused step (nothing changes on the page)."""
    base = game.base
    states, steps = replay(base, record)
    return Hand(base.normalize_record(record), tuple(states), tuple(steps))


def extend(game: SomeGame, hand: Hand, action: Any) -> Hand:
    """``hand`` with one more action; IllegalPlayError with the reason if it is not legal."""
    state, step = game.step(hand.last, action)
    record = replace(hand.record, actions=hand.record.actions + (game.action_text(action),))
    return Hand(record, hand.states + (state,), hand.steps + (step,), hand.lang)


def truncate(hand: Hand, length: int) -> Hand:
    record = replace(hand.record, actions=hand.record.actions[:length])
    return Hand(record, hand.states[: length + 1], hand.steps[:length], hand.lang)


@st.cache_resource(max_entries=64, show_spinner=False)
def bot_hand(_game: SomeGame, key: str, preset: str, seed: int, options_json: str = "{}",
             bots: str | None = None, whole: bool = False, lang: str = "en") -> Hand:
    """A hand (or a whole game) played by bots from the seeded deal, its commentary in ``lang`` (the current
    language: a key of the cache; shared by every session; never modified)."""
    game = _game
    options = json.loads(options_json)
    record, _ = play_out(game, game.rules(preset, options), seed, bots, preset=preset, options=options,
                         start={WHOLE: True} if whole else None)
    return load_hand(game, record)


def _won(view: TableView) -> bool:
    return any(label == WON_TRICK for _, _, label in view.table)


def trick_ended(before: TableView, after: TableView) -> bool:
    """Whether the action between two views finished a trick (or cleared the table of a climbing game)."""
    if _won(before):  # the next lead after a finished trick (already paused on) ends nothing
        return False
    if _won(after):
        return True
    return bool(before.table) and len(after.table) <= len(before.table) and after.table != before.table


def finished_trick(game: SomeGame, hand: Hand, index: int) -> tuple[tuple[int, tuple[Card, ...], str], ...]:
    """The cards of the trick that step ``index`` (0-based) finished, as the table showed them."""
    after = game.view(hand.states[index + 1], None)
    if _won(after):
        return after.table
    before = game.view(hand.states[index], None)
    cards = game.action_cards(game.parse_action(hand.states[index], hand.steps[index].action)) or ()
    return before.table + (((hand.steps[index].seat, tuple(cards), "last")),) if cards else before.table
