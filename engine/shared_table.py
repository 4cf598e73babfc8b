"""One table, several people: which seats people play and which the bots play, whose turn it is, and what each
seat may see — for any game of the registry.

A :class:`SharedGame` is a value: the game so far (a :class:`~engine.table.Record`) and who sits where
(:class:`Sitter`: a person by the name they gave, a seat kept free for a person, or a bot). Every change returns
a new value; nothing here knows where it is kept (the app keeps it in its database, so that players served by
different server processes share it):

- :func:`open_game` deals a hand with seats kept for people; the bots play at once up to the first person's turn.
- :func:`take_seat` / :func:`leave_seat` / :func:`fill_with_bots` seat people, free a seat, give every free seat
  to a bot.
- :func:`act` is a person's action: refused with one sentence when it is not their seat's turn, or with the
  engine's reason (:meth:`~engine.contract.Game.check`) when the rules forbid it; else applied, and the bots then
  play until a person is to act or the hand is over.
- :func:`seat_view` is what one seat may see (the engine's ``view(seat)``); :func:`public_view` what every seat
  may see (the table for a projector: no hidden card face up).

Refusals are :class:`SeatError` (a seat that cannot be taken or may not act) or the engine's own errors
(:class:`~engine.errors.IllegalPlayError` with the rule's reason, InvalidNotationError for text that is no action).
"""

from __future__ import annotations

import enum
import json
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from engine.cards import Card
from engine.contract import SEAT_NAMES, SomeGame
from engine.driver import BOT_SEED_MIX, replay
from engine.errors import CardTableError, IllegalPlayError, InvalidRequestError
from engine.games import game as game_of
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.table import Record, Seat, TableView
from engine.words import seat_name as seat_word

__all__ = [
    "MAX_PLAYER_NAME",
    "SeatError",
    "SeatKind",
    "SharedGame",
    "Sitter",
    "act",
    "deal_again",
    "fill_with_bots",
    "leave_seat",
    "open_game",
    "public_view",
    "seat_name",
    "seat_view",
    "state_of",
    "take_seat",
    "waiting_for",
]

MAX_PLAYER_NAME = 40
"""The longest name a person may give at a table (as a learner's name)."""


class SeatError(CardTableError):
    """A seat that cannot be taken, or that may not act now; the message is one sentence for the player."""


class SeatKind(enum.Enum):
    """Who plays a seat."""

    BOT = "bot"
    OPEN = "open"
    """Kept for a person who has not sat down yet (the hand waits at this seat's turn)."""
    PERSON = "person"


@dataclass(frozen=True)
class Sitter:
    """Who plays one seat: a bot, nobody yet (kept for a person), or a person by the name they gave."""

    kind: SeatKind
    name: str = ""


@dataclass(frozen=True)
class SharedGame:
    """A hand played at one table by people and bots: the game so far and who sits where (by seat index)."""

    record: Record
    seats: tuple[Sitter, ...]

    @property
    def key(self) -> str:
        return self.record.game

    @property
    def step(self) -> int:
        """How many actions the hand has had: a person's action names the step it was chosen at."""
        return len(self.record.actions)

    def to_json(self) -> dict[str, Any]:
        return {"record": self.record.to_json(),
                "seats": [{"kind": s.kind.value, "name": s.name} for s in self.seats]}

    @classmethod
    def from_json(cls, data: Any) -> SharedGame:
        """The value :meth:`to_json` wrote; InvalidRequestError for anything else."""
        if not isinstance(data, Mapping) or not isinstance(data.get("seats"), list):
            raise InvalidRequestError(_("a shared table is an object with a record and its seats"))
        record = Record.from_json(data.get("record"))
        seats = []
        for item in data["seats"]:
            try:
                kind = SeatKind(item["kind"])
                name = str(item.get("name", ""))[:MAX_PLAYER_NAME]
            except (KeyError, TypeError, ValueError, AttributeError):
                raise InvalidRequestError(_("a seat is a bot, open, or a person with a name")) from None
            seats.append(Sitter(kind, name))
        return cls(record, tuple(seats))


def seat_name(game: SomeGame, rules: Any, seat: int) -> str:
    """A seat as players call it ("North", in the current language), from the game's seat letters."""
    letters = game.seat_letters(rules)
    letter = letters[seat] if 0 <= seat < len(letters) else "?"
    return seat_word(SEAT_NAMES.get(letter, letter))


@lru_cache(maxsize=256)
def _states(key: str, preset: str, seed: int, actions: tuple[str, ...], options: str, start: str) -> Any:
    game = game_of(key)
    record = Record(key, preset, seed, actions, json.loads(options), json.loads(start))
    states, _steps = replay(game, record)
    return states[-1]


def state_of(shared: SharedGame) -> Any:
    """The game's state now (replayed from the record; the last few are kept, so a table polled every second
    replays each step once). ReplayError for a record that is not a legal game."""
    r = shared.record
    return _states(r.game, r.preset, r.seed, r.actions, json.dumps(dict(r.options), sort_keys=True),
                   json.dumps(dict(r.start), sort_keys=True))


def _rules_game(shared: SharedGame) -> tuple[SomeGame, Any]:
    game = game_of(shared.key)
    return game, game.rules(shared.record.preset, shared.record.options)


def _bots_play(shared: SharedGame) -> SharedGame:
    """The bots play every seat of theirs, in turn, until a person's seat (or a free one) is to act or the hand is
    over. Their choices are seeded by the deal and the step, so the same table always plays the same way."""
    game = game_of(shared.key)
    bot = game.bot(next(iter(game.bots)))
    state = state_of(shared)
    actions = list(shared.record.actions)
    for _step in range(game.max_actions):
        seat = game.to_act(state)
        if seat is None or shared.seats[seat].kind is not SeatKind.BOT:
            break
        rng = random.Random((shared.record.seed ^ BOT_SEED_MIX) * 7919 + len(actions))
        action = bot.choose(state, rng)
        state = game.apply_unchecked(state, action)
        actions.append(game.action_text(action))
    return replace(shared, record=replace(shared.record, actions=tuple(actions)))


def open_game(key: str, preset: str | None, seed: int, people: Collection[int],
              options: Mapping[str, Any] | None = None) -> SharedGame:
    """A new hand of game ``key`` dealt from ``seed``, the seats ``people`` kept for people (free until someone
    sits down) and the others played by bots, which play at once up to the first person's turn. UnknownNameError
    for a preset the game does not have, SeatError for a seat the game does not have or for no seat at all."""
    game = game_of(key)
    rules = game.rules(preset, options)
    count = len(game.seat_letters(rules))
    wanted = set(people)
    if not wanted:
        raise SeatError(_("Keep at least one seat for a person: a table of bots alone is the Table page's Watch "
                          "mode."))
    for seat in wanted:
        if not (isinstance(seat, int) and 0 <= seat < count):
            raise SeatError(_("{game} has {count} seats; there is no seat {seat}.").format(
                game=_(game.info.title), count=local_number(count), seat=repr(seat)))
    record = Record(game.key, preset or game.default_preset, seed, (), dict(options or {}))
    seats = tuple(Sitter(SeatKind.OPEN if i in wanted else SeatKind.BOT) for i in range(count))
    return _bots_play(SharedGame(record, seats))


def _seat(shared: SharedGame, seat: int) -> tuple[SomeGame, Any]:
    game, rules = _rules_game(shared)
    if not (isinstance(seat, int) and 0 <= seat < len(shared.seats)):
        raise SeatError(_("This table has {count} seats; there is no seat {seat}.").format(
            count=local_number(len(shared.seats)), seat=repr(seat)))
    return game, rules


def take_seat(shared: SharedGame, seat: int, name: str) -> SharedGame:
    """``name`` (a person, as they wish to be called at this table) sits down at a free seat. SeatError when the
    seat is a bot's or someone else's already."""
    game, rules = _seat(shared, seat)
    where = seat_name(game, rules, seat)
    sitter = shared.seats[seat]
    if sitter.kind is SeatKind.PERSON:
        raise SeatError(_("{seat} is taken already (by {name}); choose a free seat.").format(seat=where,
                                                                                             name=sitter.name))
    if sitter.kind is SeatKind.BOT:
        raise SeatError(_("{seat} is played by a bot at this table; choose a seat kept for a person.").format(
            seat=where))
    clean = " ".join(str(name).split())[:MAX_PLAYER_NAME]
    if not clean:
        raise SeatError(_("Type the name you want the other players to see at the table."))
    seats = tuple(Sitter(SeatKind.PERSON, clean) if i == seat else s for i, s in enumerate(shared.seats))
    return replace(shared, seats=seats)


def leave_seat(shared: SharedGame, seat: int) -> SharedGame:
    """The person at ``seat`` leaves: the seat is free again for someone else (the hand waits for them)."""
    _seat(shared, seat)
    if shared.seats[seat].kind is not SeatKind.PERSON:
        return shared
    seats = tuple(Sitter(SeatKind.OPEN) if i == seat else s for i, s in enumerate(shared.seats))
    return replace(shared, seats=seats)


def fill_with_bots(shared: SharedGame) -> SharedGame:
    """Every free seat goes to a bot (people keep theirs); the bots then play up to a person's turn."""
    seats = tuple(Sitter(SeatKind.BOT) if s.kind is SeatKind.OPEN else s for s in shared.seats)
    return _bots_play(replace(shared, seats=seats))


def deal_again(shared: SharedGame, seed: int) -> SharedGame:
    """A new hand at the same table, dealt from ``seed``: the same people in the same seats, the bots in theirs."""
    return _bots_play(replace(shared, record=replace(shared.record, seed=seed, actions=())))


def waiting_for(shared: SharedGame) -> int | None:
    """The seat to act, or None when the hand is over."""
    return game_of(shared.key).to_act(state_of(shared))


def act(shared: SharedGame, seat: int, action: Any, *, at_step: int | None = None) -> SharedGame:
    """The person at ``seat`` takes ``action`` (the game's typed action, or its text): applied, then the bots play
    up to the next person's turn.

    Refused, with one sentence, when the hand is over, when it is not ``seat``'s turn, when the hand has moved on
    since ``at_step`` (the step the player chose at: two clicks, two tabs) — SeatError — or when the rules forbid
    it: IllegalPlayError with the engine's reason (InvalidNotationError for text that is no action)."""
    game, rules = _seat(shared, seat)
    state = state_of(shared)
    to_act = game.to_act(state)
    if to_act is None:
        raise SeatError(_("This hand is over; nothing more can be played."))
    if at_step is not None and at_step != shared.step:
        raise SeatError(_("The table moved on while you were choosing; look at it again and choose again."))
    if to_act != seat:
        raise SeatError(_("It is {seat}'s turn, not yours; wait for them.").format(seat=seat_name(game, rules, to_act)))
    if isinstance(action, str):
        action = game.parse_action(state, action)
    verdict = game.check(state, action)
    if not verdict.legal:
        raise IllegalPlayError(verdict.reason)
    record = replace(shared.record, actions=shared.record.actions + (game.action_text(action),))
    return _bots_play(replace(shared, record=record))


def seat_view(shared: SharedGame, seat: int) -> TableView:
    """What the person at ``seat`` may see: the engine's own view of that seat (other hands face down)."""
    _seat(shared, seat)
    return game_of(shared.key).view(state_of(shared), seat)


def _common(rows: Sequence[Sequence[Card | None]]) -> tuple[Card | None, ...]:
    """Cards every view shows face up, slot by slot (a card hidden from any seat is face down)."""
    first = rows[0]
    return tuple(c if all(len(r) == len(first) and r[i] == c for r in rows) else None for i, c in enumerate(first))


def public_view(shared: SharedGame) -> TableView:
    """What every seat may see — the table for a projector: the trick, the information, each seat's cards as the
    other seats see them (face down until the hand is over), and only the extra cards every seat sees face up."""
    game = game_of(shared.key)
    state = state_of(shared)
    views = [game.view(state, s) for s in range(len(shared.seats))]
    count = len(views)
    seats: list[Seat] = []
    for i in range(count):
        others = [views[j].seats[i] for j in range(count) if j != i] or [views[i].seats[i]]
        seats.append(replace(others[0], cards=_common([s.cards for s in others])))
    first = views[0]
    extra = []
    for n, (label, _cards) in enumerate(first.extra):
        rows = [v.extra[n][1] for v in views if len(v.extra) > n]
        shown = _common(rows)
        hidden_label = next((v.extra[n][0] for v in views if len(v.extra) > n and v.extra[n][1] == shown), label)
        extra.append((hidden_label if any(c is None for c in shown) else label, shown))
    info = tuple(item for item in first.info if all(item in v.info for v in views))
    return replace(first, seats=tuple(seats), extra=tuple(extra), info=info)
