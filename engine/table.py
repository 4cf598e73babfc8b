"""The Table's values shared by every game: a seat, what a seat sees (:class:`TableView`), one step's
commentary (:class:`Step`) and a game as data (:class:`Record`).

The Table page (watch a hand step by step, or play one against the bots), records (download, load, share)
and replays are written once against :class:`engine.contract.Game` (``engine.driver.replay`` and
``play_out``); each game draws its views and steps in ``engine/<game>/table.py``. Actions cross this
boundary as text (``"pass"``, ``"bid 2"``, ``"9C"``, ``"3S 3H"``) so records are plain JSON; inside, each
game uses its typed values. A play of cards is written in card notation and nothing else; every other
action contains a word (``"pass"``, ``"bid 2"``, ``"order up"``, ``"alone"``, ``"declare 2H 2H"``), so the
Table page can tell clickable cards from buttons.

A record is ``{"game", "preset", "options", "seed", "actions": [...]}``: the deal follows from
(game, preset, options, seed), so the actions replay the whole hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.commands import MAX_ITEMS, MAX_SEED, check_depth
from engine.errors import InvalidRequestError, LimitExceededError, quote
from engine.i18n import N_
from engine.i18n import gettext as _
from engine.i18n import number as local_number


@dataclass(frozen=True)
class Seat:
    """One seat as drawn at the table. ``cards`` holds ``None`` for each card this view may not see."""

    name: str
    cards: tuple[Card | None, ...]
    role: str = ""  # "landlord", "dealer", "banker", "sits out" …
    active: bool = True
    note: str = ""  # "passed", "out (2nd)", "3 tricks" …


WON_TRICK = N_("won the trick")
"""The label a view puts on the play that won the finished trick it shows (Shengji, Euchre): compared as it is,
translated where it is drawn."""


@dataclass(frozen=True)
class TableView:
    """What one seat (or the teacher, ``seat=None``) sees of a hand at one moment."""

    seats: tuple[Seat, ...]
    to_act: int | None
    phase: str
    table: tuple[tuple[int, tuple[Card, ...], str], ...] = ()  # (seat, cards, label) of the current trick
    info: tuple[tuple[str, str], ...] = ()  # ("Trump", "♥"), ("Score", "N-S 4 · E-W 7") …
    extra: tuple[tuple[str, tuple[Card | None, ...]], ...] = ()  # other card rows: ("Kitty", …), ("Upcard", …)


@dataclass(frozen=True)
class Step:
    """One applied action and the engine's commentary on it.

    ``chapter`` names the part of the hand the step belongs to ("Bidding", "Trick 3"); the Table page
    offers a jump to the first step of each chapter.
    """

    seat: int
    action: str
    comment: str
    chapter: str = ""


@dataclass(frozen=True)
class MomentKind:
    """A kind of teaching moment a teacher can search a game for ("the next bomb"), declared by the game's package
    (``engine/<game>/moments.py``) and searched by :mod:`engine.moments`.

    ``found(before, action, after)`` says whether one applied action (typed) makes the moment, given the hand's states
    before and after it (the game's own hand states, never a whole game's).
    """

    name: str
    """The key a request gives (``go_alone``); :func:`engine.moments.moment_kind` also reads ``go alone``."""
    label: str
    """How a teacher calls it: "a go alone"."""
    help: str
    """What counts, in one sentence."""
    found: Callable[[Any, Any, Any], bool]


@dataclass(frozen=True)
class Record:
    """A game as data: enough to replay it exactly (the deal follows from game, preset, options, seed, start)."""

    game: str
    preset: str
    seed: int
    actions: tuple[str, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    start: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, "preset": self.preset, "options": dict(self.options), "seed": self.seed,
               "actions": list(self.actions)}
        if self.start:
            out["start"] = dict(self.start)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from JSON; InvalidRequestError (or LimitExceededError) naming what is wrong."""
        if not isinstance(data, Mapping):
            raise InvalidRequestError(_("a record is a JSON object with game, preset, seed and actions"))
        check_depth(data, "the record")
        unknown = set(data) - {"game", "preset", "options", "seed", "actions", "start", "result"}
        if unknown:
            raise InvalidRequestError(_("unknown field {field} in the record").format(
                field=quote(sorted(map(str, unknown))[0])))
        try:
            game, preset, seed = data["game"], data["preset"], data["seed"]
        except KeyError as error:
            raise InvalidRequestError(_("the record has no {field}").format(field=repr(error.args[0]))) from None
        actions = data.get("actions", [])
        options = data.get("options") or {}
        start = data.get("start") or {}
        if not isinstance(game, str) or not isinstance(preset, str) or len(game) > 40 or len(preset) > 80:
            raise InvalidRequestError(_("game and preset are short names (text)"))
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidRequestError(_("the seed must be a whole number from 0 to {most}, not {seed}").format(
                most=MAX_SEED, seed=quote(seed)))
        if not isinstance(actions, list) or not all(isinstance(a, str) and len(a) <= 400 for a in actions):
            raise InvalidRequestError(_("actions must be a list of short texts"))
        if len(actions) > MAX_ITEMS:
            raise LimitExceededError(_("the record has {count} actions; the limit is {most}").format(
                count=local_number(len(actions)), most=local_number(MAX_ITEMS)))
        if not isinstance(options, Mapping) or not isinstance(start, Mapping):
            raise InvalidRequestError(_("options and start must be objects"))
        return cls(game, preset, seed, tuple(actions), dict(options), dict(start))
