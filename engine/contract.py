"""The one shape every game package has: rules with declared options, named presets, and a game object.

Every game package ``engine/<game>/`` exposes one :class:`Game` object, ``GAME``, registered in
:mod:`engine.games`. In the spirit of OpenSpiel's Python games it offers, for any game:

- **rules**: a frozen ``Rules`` dataclass whose fields are declared with :func:`option` (label, help, bounds,
  whether the rule is a common default the sources do not settle); named :class:`Preset` objects; one generic
  coercer (:func:`make_rules`) that turns JSON values into typed options with the same messages in every game;
- **a state machine** over frozen states: :meth:`Game.new_game` (the seeded deal is recorded chance, so a game
  replays from rules, seed and actions), :meth:`Game.to_act`, :meth:`Game.legal_actions`, :meth:`Game.check`
  (legal or not, with a reason a learner can read), :meth:`Game.apply` (which calls ``check`` — one legality path),
  :meth:`Game.is_terminal`, :meth:`Game.returns` (a number per seat) and :meth:`Game.view` (what one seat sees);
- **the table adapter**: actions as text (:meth:`Game.action_text`, :meth:`Game.parse_action`), commentary
  (:meth:`Game.comment`), the outcome in words (:meth:`Game.outcome`) and a row for simulations;
- **bots** by name (:class:`Bot`) and the typed **commands** of :mod:`engine.commands` (``rules``, ``deal``,
  ``legal``, ``check``, ``playout`` … with the same field names in every game).

Nothing here imports a game, pandas or Streamlit.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias, TypeVar

from engine.base import Verdict
from engine.cards import Card, Deck, Rank
from engine.errors import CardTableError, IllegalPlayError, InvalidRequestError, UnknownNameError, quote
from engine.fields import is_optional
from engine.i18n import gettext as _
from engine.words import COMMON_RULE, common_rule

if TYPE_CHECKING:
    from engine.commands import Command
    from engine.handout import Handout
    from engine.table import MomentKind, Record, Step, TableView
    from engine.teaching import LinkRule, PracticeRule

__all__ = [
    "COMMON_RULE",
    "SEAT_LETTERS",
    "SEAT_NAMES",
    "Bot",
    "BotFamily",
    "Game",
    "GameInfo",
    "Note",
    "OptionInfo",
    "OptionSpec",
    "Outcome",
    "Parts",
    "Preset",
    "Prompt",
    "SomeGame",
    "Verdict",
    "coerce_option",
    "default_note",
    "make_rules",
    "option",
    "option_label",
    "option_specs",
    "rules_json",
]

SEAT_LETTERS: tuple[str, ...] = ("N", "E", "S", "W")
"""Seats are named by compass letters in every game (Dou Dizhu's three seats are S, E, W)."""
SEAT_NAMES: Mapping[str, str] = {"N": "North", "E": "East", "S": "South", "W": "West"}

R = TypeVar("R")
S = TypeVar("S")
A = TypeVar("A")

_OPTION = "card_table_option"


# ------------------------------------------------------------------------------------------------ options


@dataclass(frozen=True)
class OptionInfo:
    """What a rules field means for people: declared once, with the field (see :func:`option`)."""

    label: str
    help: str
    low: int | None = None
    high: int | None = None
    common: bool = False
    """True when the default is not in the rules the presets follow (they are silent on it): the learner is told
    so, in the words of :func:`default_note`."""


def option(default: Any, *, label: str, help: str, low: int | None = None, high: int | None = None,
           common: bool = False) -> Any:
    """Declare a rules option: ``decks: int = option(2, label="Decks", help="…", low=1, high=4)``.

    ``label`` is the option's name for learners ("Decks"), ``help`` one sentence on what it changes; ``low`` and
    ``high`` bound a whole number; ``common`` marks a default that the sources do not settle.
    """
    info = OptionInfo(label, help, low, high, common)
    if isinstance(default, (list, dict, set)):
        raise TypeError("option defaults must be immutable (use a tuple)")
    return field(default=default, metadata={_OPTION: info})


@dataclass(frozen=True)
class OptionSpec:
    """One option as the ``rules`` command and the UI describe it (JSON-friendly)."""

    name: str
    label: str
    help: str
    type: str
    """``boolean``, ``integer``, ``integer or none``, ``choice``, ``rank``, ``ranks`` or ``text``."""
    default: Any
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None
    common: bool = False


def _hints(rules_type: type) -> dict[str, Any]:
    return typing.get_type_hints(rules_type)


def _json_value(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value if not isinstance(value, Rank) else value.text
    if isinstance(value, tuple):
        return [_json_value(v) for v in value]
    return value


@cache
def option_specs(rules_type: type) -> tuple[OptionSpec, ...]:
    """Every option of a rules dataclass, in field order. Fields not declared with :func:`option` are skipped."""
    hints = _hints(rules_type)
    specs = []
    for f in dataclasses.fields(rules_type):
        info = f.metadata.get(_OPTION)
        if not isinstance(info, OptionInfo):
            continue
        optional, tp = is_optional(hints[f.name])
        choices: tuple[Any, ...] | None = None
        if tp is bool:
            kind = "boolean"
        elif tp is int:
            kind = "integer or none" if optional else "integer"
        elif isinstance(tp, type) and issubclass(tp, Rank):
            kind = "rank"
            choices = tuple(r.text for r in Rank if not r.is_joker)
        elif isinstance(tp, type) and issubclass(tp, enum.Enum):
            kind = "choice"
            choices = tuple(m.value for m in tp)
        elif typing.get_origin(tp) is tuple and typing.get_args(tp)[:1] == (Rank,):
            kind = "ranks"
            choices = tuple(r.text for r in Rank if not r.is_joker)
        elif tp is str:
            kind = "text"
        else:  # pragma: no cover - a programming error in a rules dataclass
            raise TypeError(f"option {f.name} of {rules_type.__name__} has an unsupported type {tp!r}")
        default = f.default if f.default is not dataclasses.MISSING else None
        specs.append(OptionSpec(f.name, info.label, info.help, kind, _json_value(default), choices,
                                info.low, info.high, info.common))
    return tuple(specs)


def option_label(rules_type: type, name: str) -> str:
    """The label learners read for option ``name`` of ``rules_type`` ("Turn order"); KeyError for a name that is
    no option (a programming error)."""
    for spec in option_specs(rules_type):
        if spec.name == name:
            return spec.label
    raise KeyError(name)


def default_note(rules_type: type, name: str) -> str:
    """How a learner is told that the rule of option ``name`` is not in these rules, and which option changes it:
    "a common rule, not in these rules; the option “Turn order” changes it" (see :func:`engine.words.common_rule`).
    """
    return common_rule(option_label(rules_type, name))


def _enum_member(kind: type[enum.Enum], value: object) -> enum.Enum | None:
    if isinstance(value, kind):
        return value
    if not isinstance(value, str):
        return None
    wanted = value.strip().lower().replace("_", " ").replace("-", " ")
    for member in kind:
        texts = (str(member.value), member.name)
        if any(wanted == t.lower().replace("_", " ").replace("-", " ") for t in texts):
            return member
    return None


def coerce_option(rules_type: type, name: str, value: Any) -> Any:
    """``value`` (a JSON value or a typed one) as option ``name`` of ``rules_type``; InvalidRequestError if it
    is not one. The same words for the same problem in every game."""
    specs = {s.name: s for s in option_specs(rules_type)}
    if name not in specs:
        raise UnknownNameError("option", name, specs)
    spec = specs[name]
    optional, tp = is_optional(_hints(rules_type)[name])
    where = f"option {name!r} ({spec.label})"
    if value is None:
        if optional:
            return None
        raise InvalidRequestError(_("{option} needs a value, not null").format(option=where))
    if tp is bool:
        if isinstance(value, bool):
            return value
        raise InvalidRequestError(_("{option} is true or false, not {value}").format(option=where, value=quote(value)))
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRequestError(_("{option} is a whole number, not {value}").format(option=where,
                                                                                        value=quote(value)))
        if (spec.low is not None and value < spec.low) or (spec.high is not None and value > spec.high):
            raise InvalidRequestError(_("{option} must be from {low} to {high}, not {value}").format(
                option=where, low=spec.low, high=spec.high, value=quote(value)))
        return value
    if isinstance(tp, type) and issubclass(tp, Rank):
        return _rank(value, where)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        member = _enum_member(tp, value)
        if member is None:
            raise InvalidRequestError(_("{option} is one of {choices}, not {value}").format(
                option=where, choices=", ".join(str(c) for c in spec.choices or ()), value=quote(value)))
        return member
    if spec.type == "ranks":
        items = value.split() if isinstance(value, str) else value
        if not isinstance(items, (list, tuple)) or len(items) > 13:
            refusal = _("{option} is a list of ranks such as [\"5\", \"10\", \"K\"], not {value}")
            raise InvalidRequestError(refusal.format(option=where, value=quote(value)))
        return tuple(sorted({_rank(v, where) for v in items}))
    if tp is str:
        if isinstance(value, str) and len(value) <= 200:
            return value
        raise InvalidRequestError(_("{option} is a short text, not {value}").format(option=where, value=quote(value)))
    raise InvalidRequestError(f"{where}: unsupported value {quote(value)}")  # pragma: no cover


def _rank(value: Any, where: str) -> Rank:
    if isinstance(value, Rank) and not value.is_joker:
        return value
    if isinstance(value, str):
        try:
            rank = Rank.parse(value)
        except CardTableError:
            rank = None
        if rank is not None and not rank.is_joker:
            return rank
    raise InvalidRequestError(_("{option} is a rank 2-10, J, Q, K or A, not {value}").format(option=where,
                                                                                            value=quote(value)))


@dataclass(frozen=True)
class Preset(Generic[R]):
    """A named rule set: ``name`` is its id (``competition``), ``title`` how learners call it
    ("the Chinese competition rules"), ``description`` one sentence on what is special about it."""

    name: str
    title: str
    description: str
    rules: R


def make_rules(presets: Mapping[str, Preset[R]], preset: str | None, options: Mapping[str, Any] | None) -> R:
    """The rules of ``preset`` (the first preset when None) with ``options`` (option name → value) applied.

    Raises UnknownNameError for an unknown preset or option, InvalidRequestError for a bad value (the game's own
    cross-option checks in ``__post_init__`` raise CardTableError too).
    """
    if preset is None:
        preset = next(iter(presets))
    if not isinstance(preset, str):
        raise InvalidRequestError(_("the preset is a name such as {example}, not {preset}").format(
            example=repr(next(iter(presets))), preset=quote(preset)))
    if preset not in presets:
        raise UnknownNameError("preset", preset, presets)
    base = presets[preset].rules
    if not options:
        return base
    if not isinstance(options, Mapping):
        raise InvalidRequestError(_("options are an object of option name → value, not {options}").format(
            options=quote(options)))
    rules_type = type(base)
    changes = {name: coerce_option(rules_type, str(name), value) for name, value in options.items()}
    try:
        return dataclasses.replace(base, **changes)  # type: ignore[type-var]
    except TypeError as error:  # pragma: no cover - coerce_option already checked the types
        raise InvalidRequestError(str(error)) from None


def rules_json(rules: object) -> dict[str, Any]:
    """Every option of a rules value as JSON (enums by value, ranks by text)."""
    return {f.name: _json_value(getattr(rules, f.name)) for f in dataclasses.fields(rules)  # type: ignore[arg-type]
            if _OPTION in f.metadata}


# ------------------------------------------------------------------------------------------------ game


@dataclass(frozen=True)
class GameInfo:
    """What the home page says about a game."""

    key: str
    title: str
    native: str
    kind: str
    players: str
    deck: str
    goal: str
    sample: str = ""
    """A few cards that show the game at a glance (card notation): its trumps, a combination."""


@dataclass(frozen=True)
class Note:
    """A rule the sources leave open, the default played here, and the option that changes it."""

    topic: str
    text: str
    option: str | None = None


@dataclass(frozen=True)
class Outcome:
    """How a finished game came out.

    ``summary`` says it in sentences for a learner ("East–West took 120 points: they take the bank and go up one
    level."); ``returns`` is one number per seat (as :meth:`Game.returns`); ``facts`` are (label, value-in-words)
    pairs for a results panel; ``data`` holds the plain values for JSON and simulations.
    """

    summary: str
    returns: tuple[float, ...]
    facts: tuple[tuple[str, str], ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Prompt:
    """What the seat to act must decide, in one line for the Table's decision panel.

    ``text``: "You drew 2♦: declare to make ♦ trump and your team the bankers", "Bury 8 cards". ``count``: how
    many cards the decision takes when that is fixed (the panel counts "3 of 8 chosen"). ``highlight``: the cards
    that matter now (the trump-rank cards you could declare, the cards of the led suit), described by
    ``highlight_label``; ``marked``: cards to point out (the kitty just picked up), described by ``marked_label``.
    """

    text: str
    count: int | None = None
    highlight: tuple[Card, ...] = ()
    highlight_label: str = ""
    marked: tuple[Card, ...] = ()
    marked_label: str = ""


@dataclass(frozen=True)
class Bot(Generic[S, A]):
    """A named way of choosing an action: ``choose(state, rng)`` returns a legal action for the seat to act."""

    name: str
    description: str
    choose: Callable[[S, random.Random], A]


@dataclass(frozen=True)
class Parts(Generic[S]):
    """What a game package builds on its ``GAME`` and gives back to it with :meth:`Game.install`: its own
    ``commands`` by name, its ``handout`` of a preset (None: it has none) and the coach's state from a posed
    position (``position``, from the editor's typed request; None: positions cannot be posed)."""

    commands: Mapping[str, Command[Any, Any]]
    handout: Callable[[str], Handout] | None = None
    position: Callable[[Any], S] | None = None


@dataclass(frozen=True)
class BotFamily:
    """Bots a service adds to every game: ``name`` (``advisor``) asked alone or with a suffix (``advisor:16``);
    ``make(game, name)`` builds the bot (UnknownNameError for a suffix it does not take); ``description`` is what
    the ``rules`` command says of it."""

    name: str
    description: str
    make: Callable[[SomeGame, str], Bot[Any, Any]]


class Game(ABC, Generic[R, S, A]):
    """One game's engine. Subclasses set the class attributes and implement the abstract methods.

    ``R`` is the game's ``Rules`` dataclass, ``S`` its frozen state, ``A`` its typed action. Seats are indexes
    ``0 … players-1`` inside the engine and letters (:meth:`seat_letters`) at every boundary.
    """

    key: ClassVar[str]
    info: ClassVar[GameInfo]
    presets: ClassVar[Mapping[str, Preset[Any]]]
    notes: ClassVar[tuple[Note, ...]] = ()
    max_actions: ClassVar[int] = 20_000
    """The most actions a record of this game may hold (checked before any replay)."""
    examples: ClassVar[Mapping[str, tuple[Mapping[str, Any], ...]]] = {}
    """Sample JSON requests by command name (for the README, ``--help`` and the contract tests)."""

    # -------------------------------------------------------------------------------------- rules

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> R:
        """The rules of ``preset`` (the default preset when None) with ``options`` applied (see :func:`make_rules`)."""
        if not options:
            return _cached_rules(self, preset, "")  # type: ignore[no-any-return]
        if not isinstance(options, Mapping):
            raise InvalidRequestError(_("options are an object of option name → value, not {options}").format(
            options=quote(options)))
        try:
            key = json.dumps(dict(options), sort_keys=True, allow_nan=False)
        except (TypeError, ValueError, RecursionError):  # typed or odd values: not cached
            return make_rules(self.presets, preset, options)  # type: ignore[no-any-return]
        return _cached_rules(self, preset, key)  # type: ignore[no-any-return]

    def option_specs(self) -> tuple[OptionSpec, ...]:
        rules_type: Any = type(self.presets[self.default_preset].rules)
        return option_specs(rules_type)

    def preset_of(self, rules: R) -> str | None:
        """The name of the preset whose rules are exactly ``rules``, if any."""
        return next((name for name, p in self.presets.items() if p.rules == rules), None)

    @abstractmethod
    def deck(self, rules: R) -> Deck:
        """The deck in play under ``rules`` (its copy limits bound every hand)."""

    @abstractmethod
    def seat_letters(self, rules: R) -> tuple[str, ...]:
        """The seats' letters by seat index, in playing order."""

    # -------------------------------------------------------------------------------------- state machine

    @abstractmethod
    def new_game(self, rules: R, seed: int, start: Mapping[str, Any] | None = None) -> S:
        """The state right after the seeded deal: the first decision is the next action.

        ``start`` (game-specific, JSON) sets up a game that does not begin at the beginning: e.g. Shengji's
        levels and starter, Euchre's dealer and scores. Unknown keys raise InvalidRequestError."""

    @abstractmethod
    def rules_of(self, state: S) -> R:
        """The rules a state is played under."""

    @abstractmethod
    def to_act(self, state: S) -> int | None:
        """The seat whose decision is next, or None when the game is over."""

    def is_terminal(self, state: S) -> bool:
        return self.to_act(state) is None

    @abstractmethod
    def legal_actions(self, state: S, limit: int | None = None) -> Sequence[A]:
        """The distinct legal actions of the seat to act (at most ``limit``; empty when the game is over)."""

    @abstractmethod
    def check(self, state: S, action: A) -> Verdict:
        """Whether ``action`` is legal now, with a reason a learner can read — the one legality path."""

    @abstractmethod
    def apply_unchecked(self, state: S, action: A) -> S:
        """The state after ``action``, which the caller knows is legal (it came from :meth:`legal_actions` or a
        bot). The hot path of play-outs: no second validation."""

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; IllegalPlayError with :meth:`check`'s reason when it is not legal."""
        verdict = self.check(state, action)
        if not verdict.legal:
            raise IllegalPlayError(verdict.reason)
        return self.apply_unchecked(state, action)

    @abstractmethod
    def returns(self, state: S) -> tuple[float, ...]:
        """One number per seat: what the game so far is worth to that seat, in the game's own points (zeros
        before the end of a hand)."""

    def lost(self, state: S, seat: int) -> bool:
        """Whether ``seat`` did not come out on top of the finished ``state``: some seat's return beats its own
        (Thirteen below 1st, Euchre the other side ahead, Dou Dizhu the other side out first). A game whose
        returns can tie while one side wins says so itself."""
        returns = self.returns(state)
        return returns[seat] < max(returns)

    # -------------------------------------------------------------------------------------- table adapter

    @abstractmethod
    def action_text(self, action: A) -> str:
        """An action as text: card notation for a play of cards, words otherwise (``pass``, ``bid 2``)."""

    @abstractmethod
    def parse_action(self, state: S, text: str) -> A:
        """The action ``text`` names in ``state``; InvalidNotationError if it is not an action."""

    def action_cards(self, action: A) -> tuple[Card, ...] | None:
        """The cards an action plays — chosen by clicking cards at the Table — or None for an action that is a
        button (pass, a bid, a declaration). By default: a card, or a non-empty tuple of cards; games whose
        actions carry cards in another form override this."""
        if isinstance(action, Card):
            return (action,)
        if isinstance(action, tuple) and action and all(isinstance(c, Card) for c in action):
            return action
        return None

    @abstractmethod
    def view(self, state: S, seat: int | None) -> TableView:
        """What ``seat`` may see (``None``: every card face up, for a teacher)."""

    @abstractmethod
    def comment(self, before: S, action: A, after: S) -> Step:
        """The commentary on ``action`` taken in ``before`` (which led to ``after``)."""

    def prompt(self, state: S) -> Prompt:
        """What the seat to act must decide now (games say more: what to declare, how many cards to bury)."""
        seat = self.to_act(state)
        if seat is None:
            return Prompt(_("The game is over."))
        return Prompt(_("choose what to play."))

    def display_rank(self, rules: R, card: Card) -> int:
        """A card's place in this game's order of ranks, low to high, for laying a deck out (by default the
        printed ranks 2 … A, then the jokers; in Thirteen and Dou Dizhu 2 is high)."""
        return int(card.rank.value)

    def hand_groups(self, state: S, cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """``cards`` (a hand, in the order the view gives it) in groups for drawing: by default the jokers, then
        each suit; games with trumps put the trumps first ("Trumps", then each side suit)."""
        groups: dict[str, list[Card]] = {}
        for card in cards:
            label = "Jokers" if card.is_joker else (card.suit.symbol if card.suit is not None else "")
            groups.setdefault(label, []).append(card)
        return tuple((label, tuple(members)) for label, members in groups.items())

    def example_groups(self, request: Mapping[str, Any], answer: Mapping[str, Any],
                       cards: Sequence[Card]) -> tuple[tuple[str, tuple[Card, ...]], ...] | None:
        """How the cards a lesson's exercise offers are drawn, from its example's JSON ``request`` and ``answer``:
        groups of (label, cards), or None to draw them by suit (the default: grouping must never answer the
        question, as trumps-first would for "pick every trump"). Raises CardTableError for an answer that names
        no such trump or rule."""
        return None

    def step(self, state: S, action: A) -> tuple[S, Step]:
        """:meth:`apply` and :meth:`comment` together (what the Table does on each action)."""
        after = self.apply(state, action)
        return after, self.comment(state, action, after)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """How the game came out, once it is over; None before."""

    def summary_row(self, state: S) -> dict[str, Any]:
        """One row of a simulation for a finished game (plain values); by default the outcome's data."""
        outcome = self.outcome(state)
        if outcome is None:
            raise InvalidRequestError(_("the game is not over"))
        return dict(outcome.data)

    # -------------------------------------------------------------------------------------- the coach's hooks

    playout_bot: ClassVar[str] = "heuristic"
    """The bot the coach plays sampled games out with (fast, and good enough to tell options apart)."""
    review_thresholds: ClassVar[tuple[float, float]] = (0.5, 1.5)
    """Expected loss (in the game's own points, as :meth:`returns`) from which a decision is an inaccuracy, and a
    mistake, in a review of a finished hand."""
    feature_words: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """How to say each of :meth:`features` in words: name → (singular, plural), e.g. ``tricks`` → (trick, tricks)."""

    @property
    def base(self) -> SomeGame:
        """The game of one hand this game plays: itself; a whole game (:mod:`engine.match`) answers the game whose
        hands it strings together."""
        return self

    def finish(self, state: S, bot: str, rng: random.Random) -> S:
        """``state`` played to its end by the bot ``bot`` at every seat (the coach's play-outs). A game with a
        faster way that plays exactly the same cards overrides it. RuntimeError if it runs past :attr:`max_actions`
        (a bug in a game)."""
        chosen = self.bot(bot)
        for _step in range(self.max_actions):
            if self.to_act(state) is None:
                return state
            state = self.apply_unchecked(state, chosen.choose(state, rng))
        raise RuntimeError(f"a {self.key} play-out did not end")

    def exact_value(self, state: S, seat: int) -> float | None:
        """The value for ``seat`` of a world whose every card is known, under perfect play by all, when the game
        can solve it (a small ending); None otherwise — the default — and the coach plays it out instead."""
        return None

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A state that ``seat`` cannot tell from ``state``: every card it cannot see dealt again at random,
        consistently with everything it has seen (its hand, cards played, voids shown by not following, bids and
        calls, exposed cards). Must not depend on the hidden cards themselves (only on what ``seat`` saw)."""

    def position_state(self, request: Any) -> S:
        """A state for the coach from a posed position (the game's typed ``legal`` request: your hand, the cards
        on the table, trump …): the seat to act holds that hand; everything it cannot see is filled in by
        :meth:`determinize` before any play-out. Games whose editor poses positions implement this (or install it
        with their :class:`Parts`); the others refuse every request with InvalidRequestError."""
        if self._parts is not None and self._parts.position is not None:
            state: S = self._parts.position(request)
            return state
        raise InvalidRequestError(_("a {game} position cannot be posed for the coach: ask about a game in play "
                                    "instead").format(game=_(self.info.title)))

    def poses_positions(self) -> bool:
        """Whether the coach can take a posed position of this game (:meth:`position_state` is the game's own or
        installed with its :class:`Parts`)."""
        installed = self._parts is not None and self._parts.position is not None
        return installed or type(self).position_state is not Game.position_state

    def sides(self, rules: R) -> tuple[tuple[int, ...], ...]:
        """The seats that play together (partners), for duels; by default every seat alone."""
        return tuple((i,) for i in range(len(self.seat_letters(rules))))

    def features(self, state: S, seat: int) -> Mapping[str, float]:
        """Numbers that describe how a finished (or played-out) game went for ``seat`` — tricks, points, cards
        left — which the coach compares between options to say *why* one is better."""
        return {}

    def rule_of_thumb(self, state: S, action: A) -> str:
        """A short reason of the game's own strategy for ``action`` ("your partner is winning this trick: give 10
        points"), or "" when none applies."""
        return ""

    def value_words(self, state: S) -> tuple[str, str]:
        """What the coach's values count in ``state``, singular and plural — the unit of :meth:`returns`
        ("point", "points"; Shengji says "level", "levels")."""
        return ("point", "points")

    # -------------------------------------------------------------------------------------- whole games

    def first_hand(self, rules: R, seed: int) -> Mapping[str, Any] | None:
        """The ``start`` of the first hand of a whole game (None: the hand's own default set-up)."""
        return None

    def next_hand(self, rules: R, finished: tuple[S, ...], seed: int) -> Mapping[str, Any] | None:
        """The ``start`` of the hand after the ``finished`` ones in a whole game (the levels, the dealer, the
        scores so far), or None when the whole game is over. By default a whole game is one hand."""
        return None

    def scoreboard(self, rules: R, finished: tuple[S, ...], current: S) -> tuple[tuple[str, str], ...]:
        """Lines for the scoreboard beside the table during a whole game: (label, value in words)."""
        totals = self.whole_returns(rules, finished)
        letters = self.seat_letters(rules)
        return (("Totals", " · ".join(f"{s} {t:g}" for s, t in zip(letters, totals, strict=False))),)

    def whole_returns(self, rules: R, finished: tuple[S, ...]) -> tuple[float, ...]:
        """What the hands so far are worth to each seat (by default the sum of each hand's returns)."""
        seats = len(self.seat_letters(rules))
        totals = [0.0] * seats
        for hand in finished:
            for i, value in enumerate(self.returns(hand)):
                totals[i] += value
        return tuple(totals)

    def whole_outcome(self, rules: R, finished: tuple[S, ...]) -> Outcome:
        """How a whole game came out (by default: the totals of its hands)."""
        totals = self.whole_returns(rules, finished)
        letters = self.seat_letters(rules)
        best = max(totals)
        leaders = [s for s, t in zip(letters, totals, strict=False) if t == best]
        summary = (f"After {len(finished)} hand{'s' if len(finished) != 1 else ''}, "
                   f"{' and '.join(leaders)} {'lead' if len(leaders) > 1 else 'leads'} with {best:g}.")
        return Outcome(summary, totals, (("Hands", str(len(finished))),),
                       {"hands": len(finished), **{f"total_{s}": t for s, t in zip(letters, totals, strict=False)}})

    def normalize_record(self, record: Record) -> Record:
        """A record in today's form (games override this to read older records, e.g. moving set-up values that
        used to travel in ``options`` into ``start``)."""
        return record

    # -------------------------------------------------------------------------------------- bots and commands

    @property
    @abstractmethod
    def bots(self) -> Mapping[str, Bot[S, A]]:
        """The bots by name; the first is the default."""

    _parts: Parts[Any] | None = None

    def install(self, parts: Parts[S]) -> None:
        """Give the game the parts its package builds on it (its commands, its handouts, posed positions: modules
        that import ``GAME``, so they come after it). The package's ``__init__`` calls it once, after importing them;
        since Python runs a package's ``__init__`` before any of its modules is used, every user of ``GAME`` finds
        them installed."""
        self._parts = parts

    @property
    def commands(self) -> Mapping[str, Command[Any, Any]]:
        """The game's own typed commands by name (see :mod:`engine.commands`); the whole table with the commands
        every game shares is :func:`engine.command_tables.commands_of`'s."""
        if self._parts is None:
            raise RuntimeError(f"the {self.key} package has not installed its commands")
        return self._parts.commands

    lesson_editor_links: ClassVar[tuple[LinkRule, ...]] = ()
    """How a lesson's live example opens in the position editor when the lesson does not say, first rule that
    applies first (the editor reads the JSON of the game's ``legal`` command: a hand and what is on the table)."""
    editor_command: ClassVar[str] = "legal"
    """The command whose JSON the game's position editor reads and runs to accept a position."""
    passes: ClassVar[bool] = False
    """Whether a player may pass instead of playing cards (the position editor then offers to check a pass)."""
    play_size: ClassVar[int | None] = None
    """The most cards one play holds (Euchre: one card to a trick), or None when a play may hold any number."""
    lesson_table_examples: ClassVar[tuple[str, ...]] = ()
    """Example commands whose seeded deal is the deal the game's Table makes from the same preset and seed."""

    coach_lessons: ClassVar[tuple[str, ...]] = ()
    """The lessons (slugs) whose play "What would the coach play?" practises: the framework
    (:mod:`engine.practice`) adds that kind, judged by the coach, for a game that names some and can be advised."""

    def practice_rules(self) -> tuple[PracticeRule, ...]:
        """The game's practice rules (its ``teach`` module's, built on :mod:`engine.teaching`), in the order the
        practice page lists them; :mod:`engine.practice` gathers them through the registry. None by default."""
        return ()

    def moment_kinds(self) -> tuple[MomentKind, ...]:
        """The teaching moments a teacher can search this game's Table for (its ``moments`` module), in the order
        menus list them; :mod:`engine.moments` searches them. None by default."""
        return ()

    def handout(self, preset: str) -> Handout:
        """What the game's one-page rules summary under ``preset`` says, every fact asked of the engine (see
        :mod:`engine.handout`). Raises UnknownNameError, with the known presets, for an unknown preset."""
        if preset not in self.presets:
            raise UnknownNameError("preset", preset, list(self.presets))
        return self.handout_of(preset)

    def handout_of(self, preset: str) -> Handout:
        """The handout of a known preset: each game's ``handout`` module builds it (installed with its
        :class:`Parts`). A game without one refuses."""
        if self._parts is not None and self._parts.handout is not None:
            return self._parts.handout(preset)
        raise InvalidRequestError(_("there is no printable summary of {game} yet").format(game=_(self.info.title)))

    bot_families: ClassVar[dict[str, BotFamily]] = {}
    """Bots that services add to every game (the coach's ``advisor``), by name; filled through the registry
    (:func:`engine.games.register_bots`) when the service is imported."""

    def bot(self, name: str) -> Bot[S, A]:
        """The bot ``name``: one of :attr:`bots`, or one of a registered family (:attr:`bot_families`), by its name
        or its name with a suffix (``advisor``, ``advisor:N``). UnknownNameError listing them otherwise."""
        bots = self.bots
        if name in bots:
            return bots[name]
        family = self.bot_families.get(name.partition(":")[0]) if isinstance(name, str) else None
        if family is not None:
            return family.make(self, name)
        raise UnknownNameError(f"{self.key} bot", name, [*bots, *self.bot_families])

    def bot_descriptions(self) -> dict[str, str]:
        """Every bot a request may name, with what it does: the game's own, then the registered families."""
        return {**{name: bot.description for name, bot in self.bots.items()},
                **{name: family.description for name, family in self.bot_families.items()}}

    def __repr__(self) -> str:
        return f"<Game {self.key}>"


SomeGame: TypeAlias = Game[Any, Any, Any]
"""One of the registry's games, whose rules, state and action types are its own: what code that serves any game
holds (the registry, the services, the pages). Code that knows its game holds ``Game[R, S, A]`` with its types."""


@lru_cache(maxsize=512)
def _cached_rules(game: SomeGame, preset: str | None, options: str) -> Any:
    return make_rules(game.presets, preset, json.loads(options) if options else None)
