"""Records replayed and seeded games played out with bots, for every game on the contract.

- :func:`parse_bots` is the one bot-list parser: a name for every seat, or one name per seat.
- :func:`replay` rebuilds every state of a :class:`~engine.table.Record` (a refused action names its step).
- :func:`play_out` plays a seeded game to its end with bots (the one "play to the end" loop).

It sits on the contract's floor (it needs nothing but the contract and :mod:`engine.match`), so that a game's own
examples and commands play hands out without importing a service. A bot named by a service (the coach's
``advisor``) is found once that service has registered it (:func:`engine.games.register_bots`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from engine.contract import Game, SomeGame
from engine.errors import CardTableError, InvalidRequestError, LimitExceededError, ReplayError, quote
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.match import is_whole, whole_game
from engine.table import Record, Step

__all__ = ["BOT_SEED_MIX", "parse_bots", "play_out", "replay"]

R = TypeVar("R")
S = TypeVar("S")
A = TypeVar("A")

BOT_SEED_MIX = 0x5EED
"""The bots' random choices are seeded with ``seed ^ BOT_SEED_MIX``, so the same arguments give the same game."""


def parse_bots(game: Game[R, S, A], value: object, players: int) -> tuple[str, ...]:
    """One bot name per seat from ``value``: None (the game's default bot), a name, or a list of ``players`` names.

    Raises UnknownNameError for an unknown bot, InvalidRequestError for a list of the wrong length or type.
    """
    if value is None:
        value = next(iter(game.bots))
    if isinstance(value, str):
        names: tuple[str, ...] = (value,) * players
    elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        if len(value) != players:
            raise InvalidRequestError(_("bots: give one name for every seat or a list of {players}, not {count} "
                                        "names").format(players=players, count=len(value)))
        names = tuple(value)
    else:
        raise InvalidRequestError(_("bots: a bot name ({bots}) or a list of them, not {value}").format(
            bots=", ".join(game.bots), value=quote(value)))
    for name in names:
        game.bot(name)
    return names


def replay(game: SomeGame, record: Record) -> tuple[list[Any], list[Step]]:
    """Every state of the recorded game (the deal first) and a step per action; ReplayError at a bad action."""
    if record.game != game.key:
        raise InvalidRequestError(_("this record is of {other}, not {game}").format(other=quote(record.game),
                                                                                   game=game.key))
    record = game.normalize_record(record)
    if is_whole(record.start):
        game = whole_game(game)
    if len(record.actions) > game.max_actions:
        raise LimitExceededError(_("the record has {count} actions; a {game} record holds at most {most}").format(
            count=local_number(len(record.actions)), game=game.key, most=local_number(game.max_actions)))
    rules = game.rules(record.preset, record.options)
    state = game.new_game(rules, record.seed, record.start)
    states, steps = [state], []
    for number, text in enumerate(record.actions, start=1):
        if game.to_act(state) is None:
            raise ReplayError(number, text, _("the game is already over"))
        try:
            action = game.parse_action(state, text)
            state, step = game.step(state, action)
        except CardTableError as error:
            raise ReplayError(number, text, str(error)) from None
        states.append(state)
        steps.append(step)
    return states, steps


def play_out(game: SomeGame, rules: Any, seed: int, bots: Sequence[str] | str | None = None, *,
             preset: str | None = None, options: Mapping[str, Any] | None = None,
             start: Mapping[str, Any] | None = None, actions: Sequence[Any] = (),
             max_steps: int | None = None) -> tuple[Record, Any]:
    """Play a seeded game to its end: first ``actions`` (typed, checked), then the bots.

    Returns the record and the final state. The bots' choices are seeded from ``seed`` too, so the same
    arguments always give the same game. ``preset``/``options`` are only written into the record. A ``start``
    of ``{"whole": true}`` plays a whole game (see :mod:`engine.match`).
    """
    if is_whole(start) and game.base is game:
        game = whole_game(game)
    state = game.new_game(rules, seed, start)
    players = len(game.seat_letters(rules))
    names = parse_bots(game, bots, players)
    chosen = [game.bot(n) for n in names]
    rng = random.Random(seed ^ BOT_SEED_MIX)
    texts: list[str] = []
    for action in actions:
        state = game.apply(state, action)
        texts.append(game.action_text(action))
    limit = max_steps if max_steps is not None else game.max_actions
    for _step in range(limit):
        seat = game.to_act(state)
        if seat is None:
            name = preset if preset is not None else (game.preset_of(rules) or game.default_preset)
            return Record(game.key, name, seed, tuple(texts), dict(options or {}), dict(start or {})), state
        action = chosen[seat].choose(state, rng)
        state = game.apply_unchecked(state, action)
        texts.append(game.action_text(action))
    raise RuntimeError(f"{game.key} game with seed {seed} did not end in {limit} steps")
