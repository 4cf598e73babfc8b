"""Teaching moments: where the next bomb, throw, chop, go alone … happens, from a step of a game on.

Each game declares its kinds of moment in its own package (``engine/<game>/moments.py``, a tuple of
:class:`~engine.table.MomentKind` given by :meth:`engine.contract.Game.moment_kinds`); this module only searches:
first the rest of the game shown (from the step after the current one), then the bots' games of the next deals, as
the Table deals them (seed + 1, seed + 2 …), up to :data:`MAX_DEALS` deals. The Table page's "Find" and the command
line's ``playout`` with ``find`` both come here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.commands import MAX_SEED
from engine.contract import SomeGame
from engine.errors import InvalidRequestError, UnknownNameError
from engine.i18n import gettext as _
from engine.match import WHOLE, WholeState, is_whole, whole_game
from engine.replay import play_out, replay
from engine.table import MomentKind, Record

__all__ = ["MAX_DEALS", "Moment", "find_in_playout", "find_moment", "moment_kind", "moment_kinds", "moments_in"]

MAX_DEALS = 200
"""The most deals a search looks through (the game shown counts as the first)."""


@dataclass(frozen=True)
class Moment:
    """A moment found: the game it is in, and the Table's step that shows it (its action the step's last)."""

    kind: MomentKind
    record: Record
    step: int
    """How many of the record's actions are applied when it is on the table (the Table's "Step N")."""
    seat: int
    action: str
    comment: str
    deals: int
    """How many deals were searched to find it (1: the game shown)."""


def moment_kinds(game: SomeGame) -> tuple[MomentKind, ...]:
    """The kinds of moment one can search ``game`` for (a whole game's are its hands')."""
    return game.base.moment_kinds()


def _key(name: str) -> str:
    return "_".join(name.strip().lower().replace("-", " ").replace("_", " ").split())


def moment_kind(game: SomeGame, name: str) -> MomentKind:
    """The kind called ``name`` (``go_alone``, ``go alone`` and ``Go-alone`` alike); UnknownNameError listing the
    game's kinds otherwise, InvalidRequestError for a game with none."""
    kinds = moment_kinds(game)
    if not kinds:
        raise InvalidRequestError(_("there are no moments to search for in {game} yet").format(
            game=_(game.info.title)))
    for kind in kinds:
        if _key(kind.name) == _key(name):
            return kind
    raise UnknownNameError(f"{game.info.title} moment", name, [k.name for k in kinds])


def _hands(before: Any, after: Any) -> tuple[Any, Any]:
    """The hand states around one action (a whole game's: the hand under way, and that hand when it ended)."""
    if not isinstance(before, WholeState) or not isinstance(after, WholeState):
        return before, after
    if after.number == before.number and not (after.over and not before.over):
        return before.hand, after.hand
    return before.hand, after.finished[len(before.finished)]


def moments_in(game: SomeGame, kind: MomentKind, states: Sequence[Any], actions: Sequence[str],
               first: int = 0) -> Iterator[int]:
    """The steps (1-based, as the Table counts them) from action ``first`` (0-based) on whose action makes a moment
    of ``kind``; ``states`` are the game's states, the deal first (one more than ``actions``)."""
    played = whole_game(game.base) if states and isinstance(states[0], WholeState) else game.base
    for index in range(max(0, first), len(actions)):
        before, after = _hands(states[index], states[index + 1])
        if kind.found(before, played.parse_action(states[index], actions[index]), after):
            yield index + 1


def _bots_game(game: SomeGame, record: Record, seed: int, bots: Sequence[str] | str | None) -> Record:
    """The bots' game of deal ``seed`` with ``record``'s rules, as the Table deals it."""
    base = game.base
    start = {WHOLE: True} if is_whole(record.start) else None
    found, _final = play_out(base, base.rules(record.preset, record.options), seed, bots, preset=record.preset,
                        options=record.options, start=start)
    return found


def find_moment(game: SomeGame, name: str, record: Record, step: int = 0, *,
                bots: Sequence[str] | str | None = None, deals: int = MAX_DEALS) -> Moment | None:
    """The first moment of kind ``name`` after step ``step`` of ``record`` (a moment at a later step of it), else in
    the bots' games of the next deals (``record.seed + 1`` on), searching ``deals`` deals in all; None when there
    is none. UnknownNameError for a kind the game does not have."""
    kind = moment_kind(game, name)
    base = game.base
    candidate, first = record, step
    for searched in range(1, max(1, deals) + 1):
        states, steps = replay(base, candidate)
        for found in moments_in(base, kind, states, candidate.actions, first):
            done = steps[found - 1]
            return Moment(kind, candidate, found, done.seat, done.action, done.comment, searched)
        seed = record.seed + searched
        if seed > MAX_SEED:
            return None
        candidate, first = _bots_game(game, record, seed, bots), 0
    return None


def find_in_playout(game: SomeGame, name: str, record: Record, final: Any, step: int,
                    bots: Sequence[str] | str | None) -> tuple[Record, Any, Moment | None, int]:
    """The ``playout`` command's ``find``: the game the moment is in (``record`` itself, or a later deal's bots'
    game), its final state, the moment (None when there is none) and how many deals were searched."""
    moment = find_moment(game, name, record, step, bots=bots)
    if moment is None:
        return record, final, None, MAX_DEALS
    if moment.record is record:
        return record, final, moment, moment.deals
    states, _raw = replay(game.base, moment.record)
    return moment.record, states[-1], moment, moment.deals
