"""``advise`` on a posed position as well as on a game so far: the coach of the command line, as the editor's.

The ``advise`` command of :func:`engine.driver.standard_commands` takes a game so far (``seed`` and ``actions``, or
a Table ``record`` and a ``step``). :func:`advise_command` wraps it so that the same command also takes the
position the game's ``legal`` command takes (Euchre: its ``position`` command, which also poses calling
positions), plus ``seat`` (the seat advised: it must be the one to act in the position), ``budget``, ``seconds``
and ``sample_seed``::

    python -m engine advise euchre '{"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"}'

A request with any field of the position (``hand``, ``table``, ``trump`` …) is a posed position; one with a field
of a game so far (``seed``, ``actions``, ``record`` …) is a game so far; both at once is refused. The position is
turned into a state by the game's :meth:`~engine.contract.Game.position_state` (what the editor's Coach panel
calls) and advised by :func:`engine.advisor.advise`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.advisor import advise
from engine.commands import MAX_SEED, Command, add_language_field, arg, check_depth, decode_object, schema
from engine.contract import SomeGame
from engine.driver import AdviceOption, AdviseAnswer, AdviseRequest
from engine.errors import InvalidRequestError, quote
from engine.i18n import gettext as _

__all__ = ["MAX_SECONDS", "AdviceKnobs", "BoundedAdviseRequest", "PosedAdvice", "advise_command"]

MAX_SECONDS = 600
"""The longest the coach may be asked to sample for (seconds)."""
_SECONDS = "stop sampling after about this many seconds"


@dataclass(frozen=True, kw_only=True)
class BoundedAdviseRequest(AdviseRequest):
    """A decision to advise on: a game so far (``seed`` and ``actions``, or a whole ``record`` and a ``step``)."""

    seconds: float | None = arg(None, help=_SECONDS, low=0, high=MAX_SECONDS)
    seat: str | None = arg(None, help="the seat advised: it must be the seat to act", seat=True)


@dataclass(frozen=True, kw_only=True)
class AdviceKnobs:
    """What the coach is asked besides the position: whose decision, and how hard to look."""

    seat: str | None = arg(None, help="the seat advised: it must be the seat to act in the position", seat=True)
    budget: int = arg(32, help="sampled deals per option (more is slower and surer)", low=1, high=2000)
    seconds: float | None = arg(None, help=_SECONDS, low=0, high=MAX_SECONDS)
    sample_seed: int = arg(0, help="the seed of the coach's sampling (the same seed gives the same advice)",
                           low=0, high=MAX_SEED)


@dataclass(frozen=True)
class PosedAdvice:
    """A decoded posed-position request: the game's typed position and the coach's knobs."""

    position: Any
    knobs: AdviceKnobs


_KNOBS = tuple(f.name for f in dataclasses.fields(AdviceKnobs))
_SHARED = ("preset", "options")


def _names(tp: type[Any]) -> set[str]:
    out: set[str] = set()
    for f in dataclasses.fields(tp):
        out.add(f.name)
        out.update(getattr(f.metadata.get("card_table_arg"), "aliases", ()))
    return out


class _AdviseCommand(Command[Any, AdviseAnswer]):
    """``advise``: a game so far (the standard request) or a posed position (the ``legal`` fields)."""

    def __init__(self, game: SomeGame, standard: Command[Any, Any], position: Command[Any, Any]) -> None:
        super().__init__(self._run, standard.context, name="advise", request=BoundedAdviseRequest,
                         answer=AdviseAnswer)
        self.summary = ("The coach on a game so far or a posed position: every option of the decision, best first, "
                        "with its value, interval and reason.")
        self.game = game
        self.standard = standard
        self.position = position
        self.record_only = _names(BoundedAdviseRequest) - _names(position.request) - set(_SHARED) - set(_KNOBS)
        self.position_only = _names(position.request) - _names(BoundedAdviseRequest)
        known = dict.fromkeys([*(f.name for f in dataclasses.fields(BoundedAdviseRequest)),
                               *(f.name for f in dataclasses.fields(position.request)), *_KNOBS])
        self.known = tuple(known)
        self.accepted = _names(BoundedAdviseRequest) | _names(position.request) | set(_KNOBS)

    def decode(self, data: Any) -> Any:
        check_depth(data)
        if not isinstance(data, Mapping):
            raise InvalidRequestError(_("an advise request is a JSON object, not {value}").format(value=quote(data)))
        unknown = [k for k in data if k not in self.accepted]
        if unknown:
            raise InvalidRequestError(_("unknown field {name}; known fields: {known}").format(
                name=quote(unknown[0]), known=", ".join(self.known)))
        posed = [k for k in data if k in self.position_only]
        if not posed:
            request = decode_object(BoundedAdviseRequest, data, self.context(data))
            record_start = request.record.get("start") if request.record is not None else None
            for name, start in (("start", request.start), ("record.start", record_start)):
                if isinstance(start, Mapping) and start.get("whole"):
                    raise InvalidRequestError(_("field {name}: the coach advises on one hand; a whole game ({whole}) "
                                                "is for playout and match").format(name=repr(name),
                                                                                   whole='{"whole": true}'))
            return request
        so_far = [k for k in data if k in self.record_only]
        if so_far:
            raise InvalidRequestError(_("fields {posed} and {so_far}: give a posed position (the fields of the legal "
                                        "command) or a game so far (seed, actions or a record), not both").format(
                posed=quote(posed[0]), so_far=quote(so_far[0])))
        knobs = decode_object(AdviceKnobs, {k: v for k, v in data.items() if k in _KNOBS}, self.context(data))
        keep = _names(self.position.request)
        position = self.position.decode({k: v for k, v in data.items() if k in keep})
        return PosedAdvice(position, knobs)

    def _run(self, request: Any) -> AdviseAnswer:
        if not isinstance(request, PosedAdvice):
            answer = self.standard.run(request)
            if request.seat is not None and answer.seat != request.seat:
                raise InvalidRequestError(_("field 'seat': the seat to act is {seat}, not {asked}").format(
                    seat=answer.seat, asked=request.seat))
            assert isinstance(answer, AdviseAnswer)
            return answer
        game = self.game
        state = game.position_state(request.position)
        letters = game.seat_letters(game.rules_of(state))
        to_act = game.to_act(state)
        knobs = request.knobs
        if knobs.seat is not None and to_act is not None and letters[to_act] != knobs.seat:
            raise InvalidRequestError(_("field 'seat': in this position the seat to act is {seat}, not {asked}").format(
                seat=letters[to_act], asked=knobs.seat))
        if to_act is not None and not game.legal_actions(state, limit=1):  # e.g. an empty hand
            raise InvalidRequestError(_("the position leaves the player to act no play: give the cards in hand"))
        advice = advise(game, state, budget=knobs.budget, seconds=knobs.seconds, seed=knobs.sample_seed)
        return AdviseAnswer(
            seat=letters[advice.seat],
            options=tuple(AdviceOption(action=o.text, cards=game.action_cards(o.action), value=round(o.value, 4),
                                       low=round(o.low, 4), high=round(o.high, 4), samples=o.samples, tied=o.tied,
                                       why=o.why) for o in advice.options),
            samples=advice.samples, seconds=round(advice.seconds, 3), forced=advice.forced,
            considered=advice.considered)

    def schema(self) -> dict[str, Any]:
        so_far = schema(BoundedAdviseRequest)
        posed = schema(self.position.request)
        knobs = schema(AdviceKnobs)
        defs = {**so_far.get("$defs", {}), **posed.get("$defs", {})}
        root = defs[self.position.request.__name__]
        posed_name = f"Posed{self.position.request.__name__}"
        knob_def = knobs["$defs"]["AdviceKnobs"]
        defs[posed_name] = {
            **root, "properties": {**root["properties"], **knob_def["properties"]},
            "description": "A posed position (the fields of the legal command) and the coach's knobs",
        }
        defs["AdviseOnEither"] = {
            "anyOf": [{"$ref": "#/$defs/BoundedAdviseRequest"}, {"$ref": f"#/$defs/{posed_name}"}],
            "description": "a game so far, or a posed position",
        }
        request = add_language_field({"$schema": so_far["$schema"], "$ref": "#/$defs/AdviseOnEither", "$defs": defs},
                                     "BoundedAdviseRequest", posed_name)
        return {"command": self.name, "summary": self.summary, "request": request, "answer": schema(AdviseAnswer)}


def advise_command(game: SomeGame, standard: Command[Any, Any],
                   position: Command[Any, Any]) -> Command[Any, Any]:
    """The ``advise`` command of ``game``: ``standard`` (a game so far) or a position ``position`` decodes."""
    return _AdviseCommand(game, standard, position)
