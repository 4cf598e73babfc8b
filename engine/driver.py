"""Whole games on the contract, for every game: records, replay, play-outs with bots, and the shared commands.

- :func:`parse_bots` is the one bot-list parser: a name for every seat, or one name per seat.
- :func:`replay` rebuilds every state of a :class:`~engine.table.Record` (a refused action names its step).
- :func:`play_out` plays a seeded game to its end with bots (the one "play to the end" loop).
- :func:`standard_commands` gives every game the same ``rules`` and ``playout`` commands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.commands import MAX_ITEMS, MAX_SEED, Command, Context, Request, arg, default_context
from engine.contract import Game, Note, OptionSpec, rules_json
from engine.errors import CardTableError, InvalidRequestError, LimitExceededError, ReplayError, quote
from engine.table import Record, Step

__all__ = [
    "BOT_SEED_MIX",
    "parse_bots",
    "play_out",
    "replay",
    "standard_commands",
]

BOT_SEED_MIX = 0x5EED
"""The bots' random choices are seeded with ``seed ^ BOT_SEED_MIX``, so the same arguments give the same game."""


def parse_bots(game: Game[Any, Any, Any], value: object, players: int) -> tuple[str, ...]:
    """One bot name per seat from ``value``: None (the game's default bot), a name, or a list of ``players`` names.

    Raises UnknownNameError for an unknown bot, InvalidRequestError for a list of the wrong length or type.
    """
    if value is None:
        value = next(iter(game.bots))
    if isinstance(value, str):
        names: tuple[str, ...] = (value,) * players
    elif isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        if len(value) != players:
            raise InvalidRequestError(f"bots: give one name for every seat or a list of {players}, "
                                      f"not {len(value)} names")
        names = tuple(value)
    else:
        raise InvalidRequestError(f"bots: a bot name ({', '.join(game.bots)}) or a list of them, not {quote(value)}")
    for name in names:
        game.bot(name)
    return names


def replay(game: Game[Any, Any, Any], record: Record) -> tuple[list[Any], list[Step]]:
    """Every state of the recorded game (the deal first) and a step per action; ReplayError at a bad action."""
    if record.game != game.key:
        raise InvalidRequestError(f"this record is of {quote(record.game)}, not {game.key}")
    record = game.normalize_record(record)
    from engine.match import is_whole, whole_game

    if is_whole(record.start):
        game = whole_game(game)
    if len(record.actions) > game.max_actions:
        raise LimitExceededError(f"the record has {len(record.actions):,} actions; a {game.key} record holds at "
                                 f"most {game.max_actions:,}")
    rules = game.rules(record.preset, record.options)
    state = game.new_game(rules, record.seed, record.start)
    states, steps = [state], []
    for number, text in enumerate(record.actions, start=1):
        if game.to_act(state) is None:
            raise ReplayError(number, text, "the game is already over")
        try:
            action = game.parse_action(state, text)
            state, step = game.step(state, action)
        except CardTableError as error:
            raise ReplayError(number, text, str(error)) from None
        states.append(state)
        steps.append(step)
    return states, steps


def play_out(game: Game[Any, Any, Any], rules: Any, seed: int, bots: Sequence[str] | str | None = None, *,
             preset: str | None = None, options: Mapping[str, Any] | None = None,
             start: Mapping[str, Any] | None = None, actions: Sequence[Any] = (),
             max_steps: int | None = None) -> tuple[Record, Any]:
    """Play a seeded game to its end: first ``actions`` (typed, checked), then the bots.

    Returns the record and the final state. The bots' choices are seeded from ``seed`` too, so the same
    arguments always give the same game. ``preset``/``options`` are only written into the record. A ``start``
    of ``{"whole": true}`` plays a whole game (see :mod:`engine.match`).
    """
    from engine.match import is_whole, whole_game

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
    for _ in range(limit):
        seat = game.to_act(state)
        if seat is None:
            name = preset if preset is not None else (game.preset_of(rules) or game.default_preset)
            return Record(game.key, name, seed, tuple(texts), dict(options or {}), dict(start or {})), state
        action = chosen[seat].choose(state, rng)
        state = game.apply_unchecked(state, action)
        texts.append(game.action_text(action))
    raise RuntimeError(f"{game.key} game with seed {seed} did not end in {limit} steps")


# ------------------------------------------------------------------------------------------------ commands


@dataclass(frozen=True, kw_only=True)
class RulesRequest(Request):
    """The rules of a preset (``preset``) with ``options`` applied."""


@dataclass(frozen=True, kw_only=True)
class PresetInfo:
    name: str = arg(help="the preset's name, as requests give it")
    title: str = arg(help="how learners call it")
    description: str = arg(help="what is special about it")


@dataclass(frozen=True, kw_only=True)
class RulesAnswer:
    game: str = arg(help="the game")
    preset: str = arg(help="the preset the rules are based on")
    default_preset: str = arg(help="the preset used when a request names none")
    presets: tuple[PresetInfo, ...] = arg(help="every preset")
    options: tuple[OptionSpec, ...] = arg(help="every option: name, label, type, default, choices, help")
    rules: Mapping[str, Any] = arg(help="the value of every option under the chosen preset and options")
    notes: tuple[Note, ...] = arg(help="rules the sources leave open: the default played, the option for it")
    bots: Mapping[str, str] = arg(help="the bots by name, with what each does")


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


def standard_commands(game: Game[Any, Any, Any],
                      context: Any = None) -> dict[str, Command[Any, Any]]:
    """The commands every game answers the same way: ``rules`` and ``playout``."""
    ctx = context or default_context(game)

    def rules(request: RulesRequest) -> RulesAnswer:
        """The presets, every option with its help, and the rules the sources leave open."""
        chosen = game.rules(request.preset, request.options)
        return RulesAnswer(
            game=game.key,
            preset=request.preset or game.default_preset,
            default_preset=game.default_preset,
            presets=tuple(PresetInfo(name=p.name, title=p.title, description=p.description)
                          for p in game.presets.values()),
            options=game.option_specs(),
            rules=rules_json(chosen),
            notes=game.notes,
            bots={**{name: bot.description for name, bot in game.bots.items()},
                  "advisor": "the coach's choice: samples the hidden cards and plays each option out"},
        )

    def playout(request: PlayoutRequest) -> PlayoutAnswer:
        """A whole seeded game: the given actions replayed, then the bots to its end; the record and outcome."""
        from engine.match import is_whole, whole_game

        chosen = whole_game(game) if is_whole(request.start) else game
        rules = chosen.rules(request.preset, request.options)
        letters = chosen.seat_letters(rules)
        state = chosen.new_game(rules, request.seed, request.start)
        typed = []
        for number, text in enumerate(request.actions, start=1):
            if chosen.to_act(state) is None:
                raise ReplayError(number, text, "the game is already over")
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
            from engine.moments import find_in_playout

            record, final, found, searched = find_in_playout(game, request.find, record, final, len(typed),
                                                             request.bots)
        outcome = chosen.outcome(final)
        assert outcome is not None
        steps: tuple[StepInfo, ...] = ()
        if request.steps:
            _, raw = replay(game, record)
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
        from engine.advisor import advise as run_advice

        if request.record is not None:
            record = Record.from_json(request.record)
            step = len(record.actions) if request.step is None else request.step
            if step > len(record.actions):
                raise InvalidRequestError(f"step {step} is past the end of the record ({len(record.actions)} "
                                          "actions)")
            record = Record(record.game, record.preset, record.seed, record.actions[:step], record.options,
                            record.start)
        else:
            record = Record(game.key, request.preset or game.default_preset, request.seed, request.actions,
                            dict(request.options), dict(request.start))
        states, _ = replay(game, record)
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
