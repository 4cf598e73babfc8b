"""The commands every game answers the same way: ``rules``, ``playout`` and ``advise`` (on a game so far).

:func:`standard_commands` builds them for a game; :mod:`engine.command_tables` adds them to each game's own table.
The play-out pieces (:func:`~engine.replay.parse_bots`, :func:`~engine.replay.replay`,
:func:`~engine.replay.play_out`, :data:`~engine.replay.BOT_SEED_MIX`) live on the contract's floor in
:mod:`engine.replay` and are named here too for older callers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.advisor import advise as run_advice
from engine.cards import Card
from engine.commands import (
    MAX_ITEMS,
    MAX_SEED,
    Command,
    Context,
    PresetInfo,
    Request,
    RulesAnswer,
    RulesRequest,
    arg,
    default_context,
    rules_answer,
)
from engine.contract import SomeGame
from engine.errors import CardTableError, InvalidRequestError, ReplayError
from engine.i18n import gettext as _
from engine.match import is_whole, whole_game
from engine.moments import find_in_playout
from engine.replay import BOT_SEED_MIX, parse_bots, play_out, replay
from engine.table import Record

__all__ = [
    "BOT_SEED_MIX",
    "AdviceOption",
    "AdviseAnswer",
    "AdviseRequest",
    "PlayoutAnswer",
    "PlayoutRequest",
    "PresetInfo",
    "RulesAnswer",
    "RulesRequest",
    "parse_bots",
    "play_out",
    "replay",
    "standard_commands",
]

# ------------------------------------------------------------------------------------------------ commands


@dataclass(frozen=True, kw_only=True)
class PlayoutRequest(Request):
    """A seeded game: ``actions`` are replayed, then the bots play it to its end."""

    seed: int = arg(0, help="the deal's seed", low=0, high=MAX_SEED)
    bots: str | tuple[str, ...] | None = arg(None, help="a bot name for every seat, or one per seat")
    actions: tuple[str, ...] = arg((), help="actions to replay first, as text", max_items=MAX_ITEMS)
    start: Mapping[str, Any] = arg({}, help="where the game starts, when not at the beginning (game-specific)")
    steps: bool = arg(False, help="include the commentary of every step")
    find: str | None = arg(None, help="a kind of teaching moment (the game's: bomb, go_alone …) to search for after "
                                      "the given actions, then in the bots' games of the next deals; the answer is "
                                      "then the game it is found in")


@dataclass(frozen=True, kw_only=True)
class MomentInfo:
    kind: str = arg(help="the kind of moment found")
    seed: int = arg(help="the deal it is in (the answer's record)")
    step: int = arg(help="how many of the record's actions are played when it is on the table (the Table's step)")
    seat: str = arg(help="who made it (seat letter)")
    action: str = arg(help="the action that made it, as text")
    comment: str = arg(help="the commentary of that step")


@dataclass(frozen=True, kw_only=True)
class StepInfo:
    seat: str = arg(help="who acted (seat letter)")
    action: str = arg(help="the action, as text")
    comment: str = arg(help="the commentary")
    chapter: str = arg(help="the part of the game it belongs to")


@dataclass(frozen=True, kw_only=True)
class OutcomeInfo:
    summary: str = arg(help="what happened, in sentences")
    returns: Mapping[str, float] = arg(help="what the game is worth to each seat, by seat letter")
    facts: tuple[tuple[str, str], ...] = arg(help="(label, value) pairs for a results panel")
    data: Mapping[str, Any] = arg(help="the plain values")


@dataclass(frozen=True, kw_only=True)
class PlayoutAnswer:
    record: Mapping[str, Any] = arg(help="the whole game as a record (replays exactly)")
    outcome: OutcomeInfo = arg(help="how it came out")
    steps: tuple[StepInfo, ...] = arg(help="the commentary of every step (when asked for)")
    found: MomentInfo | None = arg(None, help="with find: the moment found (None: none in the deals searched)")
    searched: int = arg(0, help="with find: how many deals were searched")


@dataclass(frozen=True, kw_only=True)
class AdviseRequest(Request):
    """A decision to advise on: a game so far (``seed`` and ``actions``, or a whole ``record`` and a ``step``)."""

    seed: int = arg(0, help="the deal's seed", low=0, high=MAX_SEED)
    actions: tuple[str, ...] = arg((), help="the actions so far, as text (the Table's record)", max_items=MAX_ITEMS)
    start: Mapping[str, Any] = arg({}, help="where the game starts, when not at the beginning (game-specific)")
    record: Mapping[str, Any] | None = arg(None, help="a Table record instead of seed/actions/preset/options")
    step: int | None = arg(None, help="with a record: how many of its actions come before the decision "
                                      "(default: all)", low=0, high=MAX_ITEMS)
    budget: int = arg(32, help="sampled deals per option (more is slower and surer)", low=1, high=2000)
    seconds: float | None = arg(None, help="stop sampling after about this many seconds")
    sample_seed: int = arg(0, help="the seed of the coach's sampling (the same seed gives the same advice)",
                           low=0, high=MAX_SEED)


@dataclass(frozen=True, kw_only=True)
class AdviceOption:
    action: str = arg(help="the option, as an action text")
    cards: tuple[Card, ...] | None = arg(None, help="its cards, when it is a play of cards")
    value: float = arg(help="its mean value for the seat, in the game's points")
    low: float = arg(help="the low end of the value's 95 % interval")
    high: float = arg(help="the high end of the value's 95 % interval")
    samples: int = arg(help="how many sampled deals it was played out in")
    tied: bool = arg(help="within noise of the best option")
    why: str = arg(help="the reason, in words")


@dataclass(frozen=True, kw_only=True)
class AdviseAnswer:
    seat: str = arg(help="the seat advised (letter)")
    options: tuple[AdviceOption, ...] = arg(help="the options, best first")
    samples: int = arg(help="sampled deals per option")
    seconds: float = arg(help="time taken")
    forced: bool = arg(help="only one legal option")
    considered: int = arg(help="how many legal options there were")


def standard_commands(game: SomeGame,
                      context: Any = None) -> dict[str, Command[Any, Any]]:
    """The commands every game answers the same way: ``rules`` and ``playout``."""
    ctx = context or default_context(game)

    def rules(request: RulesRequest) -> RulesAnswer:
        """The presets, every option with its help, and the rules the sources leave open."""
        return rules_answer(game, request)

    def playout(request: PlayoutRequest) -> PlayoutAnswer:
        """A whole seeded game: the given actions replayed, then the bots to its end; the record and outcome."""
        chosen = whole_game(game) if is_whole(request.start) else game
        rules = chosen.rules(request.preset, request.options)
        letters = chosen.seat_letters(rules)
        state = chosen.new_game(rules, request.seed, request.start)
        typed = []
        for number, text in enumerate(request.actions, start=1):
            if chosen.to_act(state) is None:
                raise ReplayError(number, text, _("the game is already over"))
            try:
                action = chosen.parse_action(state, text)
                state = chosen.apply(state, action)
            except CardTableError as error:
                raise ReplayError(number, text, str(error)) from None
            typed.append(action)
        record, final = play_out(game, rules, request.seed, request.bots, preset=request.preset,
                                 options=request.options, start=request.start, actions=typed)
        found, searched = None, 0
        if request.find is not None:  # the search lives in engine.moments; it answers the game it found
            record, final, found, searched = find_in_playout(game, request.find, record, final, len(typed),
                                                             request.bots)
        outcome = chosen.outcome(final)
        assert outcome is not None
        steps: tuple[StepInfo, ...] = ()
        if request.steps:
            _states, raw = replay(game, record)
            steps = tuple(StepInfo(seat=letters[s.seat], action=s.action, comment=s.comment, chapter=s.chapter)
                          for s in raw)
        return PlayoutAnswer(
            record=record.to_json(),
            outcome=OutcomeInfo(summary=outcome.summary, returns=dict(zip(letters, outcome.returns, strict=False)),
                                facts=outcome.facts, data=outcome.data),
            steps=steps,
            found=None if found is None else MomentInfo(
                kind=found.kind.name, seed=found.record.seed, step=found.step, seat=letters[found.seat],
                action=found.action, comment=found.comment),
            searched=searched,
        )

    def advise(request: AdviseRequest) -> AdviseAnswer:
        """The coach: every option of the decision, best first, with its value, interval and reason."""
        if request.record is not None:
            record = Record.from_json(request.record)
            step = len(record.actions) if request.step is None else request.step
            if step > len(record.actions):
                raise InvalidRequestError(_("step {step} is past the end of the record ({count} actions)").format(
                    step=step, count=len(record.actions)))
            record = Record(record.game, record.preset, record.seed, record.actions[:step], record.options,
                            record.start)
        else:
            record = Record(game.key, request.preset or game.default_preset, request.seed, request.actions,
                            dict(request.options), dict(request.start))
        states, _raw = replay(game, record)
        state = states[-1]
        rules = game.rules_of(state)
        advice = run_advice(game, state, budget=request.budget, seconds=request.seconds, seed=request.sample_seed)
        letters = game.seat_letters(rules)
        return AdviseAnswer(
            seat=letters[advice.seat],
            options=tuple(AdviceOption(action=o.text, cards=game.action_cards(o.action), value=round(o.value, 4),
                                       low=round(o.low, 4), high=round(o.high, 4), samples=o.samples, tied=o.tied,
                                       why=o.why) for o in advice.options),
            samples=advice.samples, seconds=round(advice.seconds, 3), forced=advice.forced,
            considered=advice.considered)

    return {"rules": Command(rules, ctx), "playout": Command(playout, ctx), "advise": Command(advise, ctx)}


def no_context(_: Mapping[str, Any]) -> Context:
    """A context for requests with no cards (e.g. scoring)."""
    return Context()
