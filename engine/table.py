"""A whole hand of any game as a state machine: the contract each game's ``table.py`` fulfils.

The Table page (watch a hand step by step, or play one against the bots), records (download, load,
share) and replays are written once against :class:`TableGame`; every game implements it in
``engine/<game>/table.py`` as ``TABLE``. Actions cross this boundary as text (``"pass"``, ``"bid 2"``,
``"9C"``, ``"3S 3H"``) so records are plain JSON; inside, each game uses its typed values. A play of cards
is written in card notation and nothing else; every other action contains a word (``"pass"``, ``"bid 2"``,
``"order up"``, ``"alone"``, ``"declare 2H 2H"``), so the Table page can tell clickable cards from buttons.

A record is ``{"game", "preset", "options", "seed", "actions": [...]}``: the deal follows from
(game, preset, options, seed), so the actions replay the whole hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.base import Verdict
from engine.cards import Card
from engine.errors import IllegalPlayError, InvalidRequestError, LimitExceededError, ReplayError, quote


@dataclass(frozen=True)
class Seat:
    """One seat as drawn at the table. ``cards`` holds ``None`` for each card this view may not see."""

    name: str
    cards: tuple[Card | None, ...]
    role: str = ""  # "landlord", "dealer", "banker", "sits out" …
    active: bool = True
    note: str = ""  # "passed", "out (2nd)", "3 tricks" …


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


class TableGame(Protocol):
    """One game's whole-hand engine, driven with text actions."""

    game: str

    def new_hand(self, preset: str, seed: int, options: Mapping[str, Any] | None = None) -> Any:
        """The state right after the seeded deal (the first decision is the next action)."""
        ...

    def to_act(self, state: Any) -> int | None:
        """The seat whose decision is next, or None when the hand is over."""
        ...

    def legal_actions(self, state: Any, limit: int = 500) -> list[str]:
        """Legal actions of the seat to act, as text, distinct; at most ``limit`` of them."""
        ...

    def check(self, state: Any, action: str) -> Verdict:
        """Whether ``action`` is legal now, with a reason a learner can read."""
        ...

    def apply(self, state: Any, action: str) -> tuple[Any, Step]:
        """The state after ``action`` and the commentary; IllegalPlayError (with the reason) if illegal,
        InvalidNotationError if the text is not an action."""
        ...

    def bot_action(self, state: Any, bot: str, rng: random.Random) -> str:
        """The action bot ``bot`` ("random" or "heuristic") chooses now."""
        ...

    def view(self, state: Any, seat: int | None) -> TableView:
        """What ``seat`` may see (``None``: every card face up, for a teacher)."""
        ...

    def result(self, state: Any) -> dict[str, Any] | None:
        """The outcome once the hand is over (scores, payments, level change, places), else None."""
        ...

    def seat_names(self, state: Any) -> tuple[str, ...]:
        ...

    def presets(self) -> Sequence[str]:
        ...


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
        from engine.commands import MAX_ITEMS, MAX_SEED, check_depth

        if not isinstance(data, Mapping):
            raise InvalidRequestError("a record is a JSON object with game, preset, seed and actions")
        check_depth(data, "the record")
        unknown = set(data) - {"game", "preset", "options", "seed", "actions", "start", "result"}
        if unknown:
            raise InvalidRequestError(f"unknown field {quote(sorted(map(str, unknown))[0])} in the record")
        try:
            game, preset, seed = data["game"], data["preset"], data["seed"]
        except KeyError as error:
            raise InvalidRequestError(f"the record has no {error.args[0]!r}") from None
        actions = data.get("actions", [])
        options = data.get("options") or {}
        start = data.get("start") or {}
        if not isinstance(game, str) or not isinstance(preset, str) or len(game) > 40 or len(preset) > 80:
            raise InvalidRequestError("game and preset are short names (text)")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidRequestError(f"the seed must be a whole number from 0 to {MAX_SEED}, not {quote(seed)}")
        if not isinstance(actions, list) or not all(isinstance(a, str) and len(a) <= 400 for a in actions):
            raise InvalidRequestError("actions must be a list of short texts")
        if len(actions) > MAX_ITEMS:
            raise LimitExceededError(f"the record has {len(actions):,} actions; the limit is {MAX_ITEMS:,}")
        if not isinstance(options, Mapping) or not isinstance(start, Mapping):
            raise InvalidRequestError("options and start must be objects")
        return cls(game, preset, seed, tuple(actions), dict(options), dict(start))


# --- the pre-contract table protocol: removed once every game is on engine.contract.Game ---------------


def replay(table: TableGame, record: Record) -> tuple[list[Any], list[Step]]:
    """Every state of the recorded hand (the deal first) and the steps; ReplayError at a bad action."""
    state = table.new_hand(record.preset, record.seed, record.options)
    states, steps = [state], []
    for number, action in enumerate(record.actions, start=1):
        if table.to_act(state) is None:
            raise ReplayError(number, action, "the hand is already over")
        try:
            state, step = table.apply(state, action)
        except (IllegalPlayError, ValueError) as error:
            raise ReplayError(number, action, str(error)) from None
        states.append(state)
        steps.append(step)
    return states, steps


def play_out(
    table: TableGame,
    preset: str,
    seed: int,
    bots: Sequence[str] | str = "random",
    options: Mapping[str, Any] | None = None,
    max_steps: int = 10_000,
) -> tuple[Record, Any]:
    """Play a seeded hand to its end with bots (one name for all seats, or one per seat).

    Returns the record and the final state. The bots' choices are seeded too, so the same arguments
    always give the same hand.
    """
    rng = random.Random(seed ^ 0x5EED)
    state = table.new_hand(preset, seed, options)
    actions: list[str] = []
    for _ in range(max_steps):
        seat = table.to_act(state)
        if seat is None:
            return Record(table.game, preset, seed, tuple(actions), dict(options or {})), state
        bot = bots if isinstance(bots, str) else bots[seat]
        action = table.bot_action(state, bot, rng)
        state, _ = table.apply(state, action)
        actions.append(action)
    raise RuntimeError(f"{table.game} hand with seed {seed} did not end in {max_steps} steps")
