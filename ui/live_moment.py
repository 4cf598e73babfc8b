"""Live class questions as values: a teacher's Table step, editor position or practice question made into a
question for the class (its prompt and a JSON moment the store keeps), rebuilt on any app server, and each
student's answer judged — every verdict, reason and coach's choice by the engine's own functions (the game's
``check``, the coach's ``advise``, the exercise's ``judge``). No widget is drawn here (ui/live_view.py draws).

A moment is ``{"source": "table" | "editor" | "practice", "ask": "legal" | "best" | "practice", ...}`` with the
Table's ``record`` (cut at the step asked about), the editor's ``position``, or a practice ``rule`` and ``seed``;
a question about a play also keeps the coach's ``coach`` choice, worked out once when it is pushed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

from engine.advisor import advise, can_advise
from engine.cards import Card
from engine.command_tables import commands_of
from engine.commands import load_json
from engine.contract import SEAT_NAMES, SomeGame
from engine.driver import play_out, replay
from engine.errors import CardTableError, InvalidNotationError, InvalidRequestError
from engine.games import game as game_of
from engine.i18n import gettext as _
from engine.i18n import language, number
from engine.match import WHOLE
from engine.posed_advice import PosedAdvice
from engine.practice import MAX_SET_SEED, make_exercise, rule_by_key
from engine.table import Record, TableView
from engine.teaching import Exercise, Feedback
from engine.words import seat_name
from ui.coach_view import best_reason
from ui.share import QUERY_KEY, decode_position

TABLE, EDITOR, PRACTICE = "table", "editor", "practice"
SOURCES: Final = (TABLE, EDITOR, PRACTICE)
LEGAL, BEST = "legal", "best"
ASKS: Final = (LEGAL, BEST)
COACH_BUDGET, COACH_SECONDS = 32, 6.0  # once per pushed question: a little more than the Table's hint
MAX_LINK: Final = 16_000
MAX_STEP: Final = 5_000


class MomentError(InvalidRequestError):
    """A Table link, position or skill that cannot make a question; the message is one plain sentence."""


@dataclass(frozen=True)
class Coach:
    """The coach's choice on a play question: the action's text, why, and the options tied with it."""

    choice: str
    why: str
    tied: tuple[str, ...] = ()


@dataclass(frozen=True)
class Built:
    """A question rebuilt from its moment: the game and either the state asked about (a play: ``seat`` to act)
    or the practice ``exercise``."""

    game: SomeGame
    source: str
    ask: str
    state: Any = None
    seat: int | None = None
    exercise: Exercise | None = None
    coach: Coach | None = None

    @cached_property
    def view(self) -> TableView:
        """What the seat asked about sees (its own hand, the table; nobody else's cards)."""
        return self.game.view(self.state, self.seat)

    @cached_property
    def buttons(self) -> tuple[str, ...]:
        """The decision's actions that are not a play of cards (pass, a bid, a call): answered with a button."""
        g, state = self.game, self.state
        return tuple(g.action_text(a) for a in g.legal_actions(state, limit=400) if g.action_cards(a) is None)

    @property
    def seat_name(self) -> str:
        letter = self.game.seat_letters(self.game.rules_of(self.state))[self.seat or 0]
        return seat_name(letter) if letter in SEAT_NAMES else seat_name(self.view.seats[self.seat or 0].name)


@dataclass(frozen=True)
class Judged:
    """The engine's verdict on one answer: ``answer`` as stored (a play's notation, or the exercise's words),
    ``correct`` for the question asked (a legal play; the coach's choice or one tied with it; the exercise's
    right answer), ``legal`` by the rules (None for an exercise) and the engine's ``reason``."""

    answer: str
    correct: bool
    legal: bool | None
    reason: str


# ------------------------------------------------------------------------------------------------ making


def prompt_for(ask: str, seat: str) -> str:
    """The question on the students' screens."""
    return (_("Which play is legal for {seat}?") if ask == LEGAL else _("What should {seat} play?")).format(seat=seat)


def prompt_of(built: Built) -> str:
    """The question of a rebuilt moment in the current language (the stored prompt is in the asker's)."""
    return built.exercise.title if built.exercise is not None else prompt_for(built.ask, built.seat_name)


def _query(link: str) -> dict[str, str]:
    text = link.strip()
    if len(text) > MAX_LINK:
        raise MomentError(_("This link is too long: at most {n} characters.").format(n=number(MAX_LINK)))
    query = urlsplit(text).query if "?" in text or "://" in text else text
    return {k: v[-1] for k, v in parse_qs(query).items()}


def _whole(params: Mapping[str, str], name: str, high: int) -> int | None:
    raw = params.get(name)
    if raw is None:
        return None
    if not raw.isdigit() or int(raw) > high:
        raise MomentError(_("The link's {name} must be a whole number from 0 to {high}.").format(
            name=name, high=number(high)))
    return int(raw)


def table_record(game_key: str, link: str, seed: int | None = None, step: int | None = None,
                 preset: str | None = None) -> Record:
    """The Table's game cut at the step a Table link shows (its ``hand``, or the bots' hand of its ``seed``
    under ``preset``, the game's default when None); without a link, the bots' hand of ``seed`` cut at
    ``step``. MomentError says what is wrong."""
    g = game_of(game_key)
    params = _query(link) if link.strip() else {}
    if link.strip() and not (params.get("hand") or "seed" in params):
        raise MomentError(_("This link holds no deal: copy the Table's address, which has seed=… (or hand=…) in "
                            "it."))
    seed = _whole(params, "seed", 2**31) if "seed" in params else seed
    step = _whole(params, "step", MAX_STEP) if "step" in params else step
    try:
        if params.get("hand"):
            record = Record.from_json(decode_position(params["hand"]))
            if record.game != game_key:
                raise MomentError(_("This link is a Table of another game; open {game}'s Table.").format(
                    game=_(g.info.title)))
        else:
            preset = preset if preset in g.presets else g.default_preset
            whole = {WHOLE: True} if params.get(WHOLE) in ("1", "true", "yes") else None
            record, _outcome = play_out(g, g.rules(preset), seed or 0, None, preset=preset, start=whole)
    except MomentError:
        raise
    except CardTableError as error:
        raise MomentError(_("The Table's game could not be read: {reason}.").format(reason=error)) from None
    at = len(record.actions) if step is None else min(step, len(record.actions))
    return Record(record.game, record.preset, record.seed, record.actions[:at], record.options, record.start)


def _coach(g: SomeGame, state: Any) -> dict[str, Any] | None:
    if not can_advise(g):
        return None
    advice = advise(g, state, budget=COACH_BUDGET, seconds=COACH_SECONDS, seed=0, workers=1)
    tied = [o.text for o in advice.options[1:] if o.tied]
    return {"choice": advice.best.text, "why": best_reason(g, state, advice), "tied": tied}


def _play_moment(g: SomeGame, base: dict[str, Any], state: Any, ask: str) -> tuple[str, dict[str, Any]]:
    if ask not in ASKS:
        raise MomentError(_("Ask which play is legal, or what the player should play."))
    seat = g.to_act(state)
    if seat is None:
        raise MomentError(_("The game is over at this step: choose a step where someone has to play."))
    legal = g.legal_actions(state, limit=2)
    if not legal:
        raise MomentError(_("The player to act has nothing to play here: choose another step."))
    if ask == BEST and len(legal) == 1:
        raise MomentError(_("Here the player to act has only one legal choice: choose another step, or ask which "
                            "play is legal."))
    moment = {**base, "ask": ask}
    coach = _coach(g, state)
    if ask == BEST and coach is None:
        raise MomentError(_("The coach cannot judge this game's plays yet: ask which play is legal instead."))
    if coach is not None:
        moment["coach"] = coach
    built = _built(json.dumps(moment, sort_keys=True), g.key, language())
    return prompt_for(ask, built.seat_name), moment


def table_moment(game_key: str, link: str, ask: str, seed: int | None = None, step: int | None = None
                 ) -> tuple[str, dict[str, Any]]:
    """A question on the Table step a link shows (or deal ``seed`` at ``step``): (prompt, moment)."""
    record = table_record(game_key, link, seed, step)
    g = game_of(game_key)
    state = replayed(g, record)
    return _play_moment(g, {"source": TABLE, "record": record.to_json()}, state, ask)


def editor_moment(game_key: str, text: str, ask: str) -> tuple[str, dict[str, Any]]:
    """A question on an editor's position (its shared link, or the position's JSON): (prompt, moment)."""
    g = game_of(game_key)
    try:
        stripped = text.strip()
        if stripped.startswith("{"):
            position = load_json(stripped, what="the position")
        else:
            encoded = _query(stripped).get(QUERY_KEY) if "=" in stripped else stripped
            if not encoded:
                raise MomentError(_("Paste the editor's link (it holds pos=…) or the position's JSON."))
            position = decode_position(encoded)
        state = _posed(g, position)
    except MomentError:
        raise
    except CardTableError as error:
        raise MomentError(_("This position cannot be asked about: {reason}.").format(reason=error)) from None
    return _play_moment(g, {"source": EDITOR, "position": position}, state, ask)


def practice_moment(rule: str, seed: int | None = None) -> tuple[str, dict[str, Any]]:
    """A practice question of skill ``rule`` (a new one each time unless ``seed`` is given): (prompt, moment)."""
    try:
        found = rule_by_key(rule)
        chosen = random.randrange(MAX_SET_SEED + 1) if seed is None else seed
        exercise = make_exercise(rule, chosen)
    except CardTableError as error:
        raise MomentError(_("This skill's question could not be made: {reason}.").format(reason=error)) from None
    moment = {"source": PRACTICE, "ask": PRACTICE, "rule": found.key, "seed": chosen, "preset": exercise.preset}
    return exercise.title, moment


# ----------------------------------------------------------------------------------------------- rebuilding


def replayed(g: SomeGame, record: Record) -> Any:
    """The state at the end of ``record`` (MomentError when it cannot be replayed)."""
    try:
        states, _outcome = replay(g.base, record)
    except CardTableError as error:
        raise MomentError(_("The Table's game could not be replayed: {reason}.").format(reason=error)) from None
    return states[-1]


def _posed(g: SomeGame, position: Mapping[str, Any]) -> Any:
    request = commands_of(g)["advise"].decode(dict(position))
    if not isinstance(request, PosedAdvice):
        raise MomentError(_("This is not an editor's position: it holds no hand or table."))
    return g.position_state(request.position)


@lru_cache(maxsize=256)
def _built(text: str, game_key: str, lang: str) -> Built:
    """The moment ``text`` rebuilt, in ``lang`` (its exercise's and its actions' words are the language's)."""
    moment = json.loads(text)
    g = game_of(game_key)
    source, ask = moment.get("source"), moment.get("ask")
    if source == PRACTICE:
        exercise = make_exercise(moment["rule"], int(moment["seed"]), moment.get("preset"))
        return Built(g, source, PRACTICE, exercise=exercise)
    if source == TABLE:
        state = replayed(g, Record.from_json(moment["record"]))
    elif source == EDITOR:
        state = _posed(g, moment["position"])
    else:
        raise MomentError(_("This question was made by a newer version of the app."))
    raw = moment.get("coach")
    coach = Coach(raw["choice"], raw["why"], tuple(raw.get("tied", ()))) if isinstance(raw, Mapping) else None
    return Built(g, source, ask, state=state, seat=g.to_act(state), coach=coach)


def rebuild(game_key: str, moment: Mapping[str, Any]) -> Built:
    """The question a stored moment holds, rebuilt (the same on every app server; kept for reuse)."""
    return _built(json.dumps(moment, sort_keys=True), game_key, language())


# ------------------------------------------------------------------------------------------------ judging


def hand_of(built: Built) -> tuple[Card, ...]:
    """The cards of the seat asked about, as its view shows them."""
    return tuple(c for c in built.view.seats[built.seat or 0].cards if c is not None)


def judge_play(built: Built, text: str) -> Judged:
    """The engine's verdict on a play or call ``text`` (card notation or words) at the moment asked about."""
    g, state = built.game, built.state
    try:
        action = g.parse_action(state, text)
    except InvalidNotationError as error:
        return Judged(text, False, False, str(error))
    except CardTableError as error:
        return Judged(text, False, False, str(error))
    verdict = g.check(state, action)
    shown = g.action_text(action)
    if built.ask == LEGAL or built.coach is None:
        return Judged(shown, verdict.legal, verdict.legal, verdict.reason)
    chosen = verdict.legal and (shown == built.coach.choice or shown in built.coach.tied)
    return Judged(shown, chosen, verdict.legal, verdict.reason)


def judge_exercise(built: Built, answer: int | tuple[Card, ...]) -> Judged:
    """The exercise's own verdict on a choice (its index) or on cards chosen."""
    exercise = built.exercise
    assert exercise is not None
    feedback: Feedback = exercise.judge(answer)
    return Judged(feedback.answer, feedback.right, None, feedback.hint)


def solution(built: Built) -> tuple[str, str]:
    """The right answer and the whole reason for it: the coach's choice on a play question (the rules' verdict
    alone on a "which is legal" question without a coach), the exercise's answer on a practice question."""
    if built.exercise is not None:
        exercise = built.exercise
        right: int | tuple[Card, ...] | None = exercise.pick.example if exercise.pick is not None \
            else exercise.right_choice
        reason = exercise.judge(right).reason if right is not None else exercise.explanation
        return exercise.solution, reason
    if built.coach is None:
        return "", ""
    return built.coach.choice, built.coach.why
