"""The typed command layer: every game's requests and answers are frozen dataclasses, read and written by one
decoder and one encoder, described by one JSON Schema generator, and bounded by one set of limits.

A command is a plain typed function, ``def legal(request: LegalRequest) -> LegalAnswer``, wrapped in a
:class:`Command` that the command line, the lessons (which are data) and links call with JSON::

    answer = GAME.commands["legal"]({"hand": "JD AS QC", "table": "9C", "trump": "H"})   # JSON in, JSON out
    answer = legal(LegalRequest(hand=cards, table=trick, trump=Suit.HEARTS))              # typed, for the UI

The same field names in every game: ``preset`` and ``options`` (the rules), ``hand``, ``table`` (the cards to
beat or follow; ``lead``, ``previous`` and ``trick`` are accepted aliases), ``play``, ``seed``, ``limit``, seats as
letters (``N E S W``). The same answers: ``legal`` → ``plays`` (objects with at least ``cards``), ``count``,
``complete``, ``can_pass``; ``check`` → ``legal``, ``reason``; ``deal`` → ``hands`` by seat letter; ``rules`` →
``presets``, ``options``, ``notes``. Game extras sit beside them.

Decoding refuses, before any work and with one line that names the field or the limit: a request that is not an
object, unknown fields, wrong types, texts with invalid characters, numbers out of bounds, more cards than the
deck holds, requests larger than :data:`MAX_REQUEST_BYTES` or nested deeper than :data:`MAX_DEPTH`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import math
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.cards import Card, Deck, Rank, Suit, parse_cards
from engine.contract import SEAT_NAMES, Note, OptionSpec, SomeGame, rules_json
from engine.errors import (
    CardTableError,
    InvalidRequestError,
    LimitExceededError,
    UnknownNameError,
    add_context,
    quote,
)
from engine.fields import (
    MAX_DEPTH,
    MAX_FLOAT,
    MAX_ITEMS,
    MAX_PLAYS,
    MAX_REQUEST_BYTES,
    MAX_SEED,
    MAX_TEXT,
    ArgInfo,
    arg,
    encode,
    field_help,
    info_of,
    is_cards,
    is_optional,
    schema,
)
from engine.i18n import DEFAULT_LANGUAGE, LANGUAGE_NAMES, LANGUAGES, N_, check_language, language, use_language
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.words import and_list

__all__ = [
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_PLAYS",
    "MAX_REQUEST_BYTES",
    "MAX_FLOAT",
    "MAX_SEED",
    "MAX_TEXT",
    "ArgInfo",
    "CheckAnswer",
    "Command",
    "Context",
    "DealAnswer",
    "DealRequest",
    "LegalAnswer",
    "PlayInfo",
    "PresetInfo",
    "Request",
    "RulesAnswer",
    "RulesRequest",
    "LANG_FIELD",
    "UnknownFieldError",
    "add_language_field",
    "arg",
    "check_depth",
    "decode",
    "encode",
    "field_help",
    "in_learner_words",
    "load_json",
    "rules_answer",
    "schema",
    "split_language",
]

Q = TypeVar("Q")
T = TypeVar("T")
ErrorT = TypeVar("ErrorT", bound=CardTableError)



@dataclass(frozen=True)
class Context:
    """What decoding needs to know of the game: the deck cards are parsed for, and the seat letters."""

    deck: Deck | None = None
    seats: tuple[str, ...] = ("N", "E", "S", "W")


# ------------------------------------------------------------------------------------------------ shared shapes


@dataclass(frozen=True, kw_only=True)
class Request:
    """Fields every request of a game takes."""

    preset: str | None = arg(None, help="the rule preset (see the rules command); the game's default when absent")
    options: Mapping[str, Any] = arg({}, help="rule options by name (see the rules command), e.g. {\"decks\": 3}")


@dataclass(frozen=True, kw_only=True)
class PlayInfo:
    """One legal play; games add fields (its combination, a label) in a subclass."""

    cards: tuple[Card, ...] = arg(help="the cards of the play, in notation")


@dataclass(frozen=True, kw_only=True)
class LegalAnswer:
    """The shared part of every ``legal`` answer."""

    plays: tuple[PlayInfo, ...] = arg(help="the distinct legal plays (at most `limit`)")
    count: int = arg(help="how many distinct legal plays there are (a lower bound when `complete` is false "
                          "and the game says so)")
    complete: bool = arg(help="whether `plays` lists every legal play")
    can_pass: bool = arg(help="whether passing is legal here")
    summary: str = arg(help="what may be played here and why, in a sentence or two for a learner")


@dataclass(frozen=True, kw_only=True)
class CheckAnswer:
    """The shared part of every ``check`` answer."""

    legal: bool = arg(help="whether the play is legal")
    reason: str = arg(help="why, in words for a learner")


@dataclass(frozen=True, kw_only=True)
class DealRequest(Request):
    seed: int = arg(0, help="the deal's seed: the same seed deals the same cards", low=0, high=MAX_SEED)


@dataclass(frozen=True, kw_only=True)
class DealAnswer:
    """The shared part of every ``deal`` answer."""

    seed: int = arg(help="the deal's seed")
    hands: Mapping[str, tuple[Card, ...]] = arg(help="each seat's cards, by seat letter")


# ------------------------------------------------------------------------------------------------ JSON in


REQUEST = N_("the request")
"""How refusals name a whole request (and ``where`` says a field is at the top of the request)."""
_READ_NAMES = (N_("the line"), N_("the record"))
"""The other things a refusal names as a whole (the command line's batch lines, a Table record)."""


def load_json(text: str | bytes, *, what: str = REQUEST) -> Any:
    """Parse JSON text within the limits: size, nesting depth, no NaN/Infinity, no invalid characters."""
    if isinstance(text, bytes):
        if len(text) > MAX_REQUEST_BYTES:
            raise LimitExceededError(_("{what} is {count} bytes; the limit is {most}").format(
                what=_(what), count=local_number(len(text)), most=local_number(MAX_REQUEST_BYTES)))
        text = text.decode("utf-8", errors="replace")
    if len(text) > MAX_REQUEST_BYTES:
        raise LimitExceededError(_("{what} is {count} characters; the limit is {most}").format(
            what=_(what), count=local_number(len(text)), most=local_number(MAX_REQUEST_BYTES)))
    _scan_depth(text, what)

    def refuse(constant: str) -> Any:
        raise InvalidRequestError(_("{what} is not JSON: {constant} is not a number JSON allows").format(
            what=_(what), constant=constant))

    try:
        return json.loads(text, parse_constant=refuse)
    except json.JSONDecodeError as error:
        raise InvalidRequestError(_("{what} is not JSON: {problem} at character {position}").format(
            what=_(what), problem=error.msg, position=error.pos)) from None
    except (ValueError, RecursionError) as error:  # e.g. an integer of more than 4,300 digits
        if isinstance(error, CardTableError):
            raise
        raise LimitExceededError(_("{what} holds a number or text too large to read").format(what=_(what))) from None


def _scan_depth(text: str, what: str) -> None:
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise LimitExceededError(_("{what} is nested more than {most} levels deep").format(what=_(what),
                                                                                                     most=MAX_DEPTH))
        elif ch in "]}":
            depth -= 1


def check_depth(value: Any, what: str = REQUEST) -> None:
    """Refuse a parsed value nested deeper than :data:`MAX_DEPTH` (without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (Mapping, list, tuple)):
            if depth >= MAX_DEPTH:
                raise LimitExceededError(_("{what} is nested more than {most} levels deep").format(what=_(what),
                                                                                                     most=MAX_DEPTH))
            children = item.values() if isinstance(item, Mapping) else item
            seen += len(children)
            if seen > 4 * MAX_ITEMS:
                raise LimitExceededError(_("{what} holds more than {most} values").format(
                    what=_(what), most=local_number(4 * MAX_ITEMS)))
            stack.extend((child, depth + 1) for child in children)


def _text(value: str, where: str) -> str:
    if len(value) > MAX_TEXT:
        raise LimitExceededError(_("{where}: a text of {count} characters; the limit is {most}").format(
            where=_(where), count=local_number(len(value)), most=local_number(MAX_TEXT)))
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidRequestError(_("{where}: the text holds an invalid character (a lone surrogate)").format(
            where=_(where))) from None
    return value


def _cards(value: Any, ctx: Context, where: str) -> tuple[Card, ...]:
    if isinstance(value, (list, tuple)):
        if len(value) > MAX_ITEMS or not all(isinstance(v, str) for v in value):
            raise InvalidRequestError(_("{where}: expected card notation, got {value}").format(where=_(where),
                                                                                            value=quote(value)))
        value = " ".join(value)
    if not isinstance(value, str):
        raise InvalidRequestError(_("{where}: expected cards in notation such as \"10S QH\", got {value}").format(
            where=_(where), value=quote(value)))
    _text(value, where)
    deck = ctx.deck
    try:
        if deck is None:
            return parse_cards(value)
        cards = deck.parse(value)
        if len(cards) > deck.size:
            raise LimitExceededError(_("{count} cards, but the {deck} has only {size}").format(
                count=len(cards), deck=_(deck.name), size=deck.size))
        deck.check(cards)
        return cards
    except CardTableError as error:
        raise add_context(error, where) from None


def decode(tp: Any, value: Any, ctx: Context = Context(), where: str = REQUEST,
           info: ArgInfo = ArgInfo()) -> Any:
    """``value`` (parsed JSON) as a value of type ``tp``; InvalidRequestError naming ``where`` otherwise."""
    optional, base = is_optional(tp)
    if value is None:
        if optional or base is Any:
            return None
        raise InvalidRequestError(_("{where}: a value is needed, not null").format(where=_(where)))
    if base is Any:
        check_depth(value, where)
        return value
    origin = typing.get_origin(base)
    if origin in (typing.Union, types.UnionType):
        first: CardTableError | None = None
        for option in typing.get_args(base):
            try:
                return decode(option, value, ctx, where, info)
            except CardTableError as error:
                first = first or error
        assert first is not None
        raise first
    if base is bool:
        if isinstance(value, bool):
            return value
        raise InvalidRequestError(_("{where}: expected true or false, got {value}").format(where=_(where),
                                                                                           value=quote(value)))
    if base is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidRequestError(_("{where}: expected a whole number, got {value}").format(where=_(where),
                                                                                                value=quote(value)))
        low = info.low if info.low is not None else -MAX_SEED
        high = info.high if info.high is not None else MAX_SEED
        if not low <= value <= high:
            raise LimitExceededError(_("{where}: {value} is outside {low}..{high}").format(
                where=_(where), value=quote(value), low=local_number(low), high=local_number(high)))
        return value
    if base is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                isinstance(value, float) and not math.isfinite(value):
            raise InvalidRequestError(_("{where}: expected a number, got {value}").format(
                where=_(where), value=quote(value)))
        low = info.low if info.low is not None else -MAX_FLOAT
        high = info.high if info.high is not None else MAX_FLOAT
        if not low <= value <= high:  # compared before float(): a 311-digit integer has no float
            raise LimitExceededError(_("{where}: {value} is outside {low}..{high}").format(
                where=_(where), value=quote(value), low=local_number(low), high=local_number(high)))
        return float(value)
    if base is str:
        if not isinstance(value, str):
            raise InvalidRequestError(_("{where}: expected text, got {value}").format(
                where=_(where), value=quote(value)))
        _text(value, where)
        return _seat(value, ctx, where) if info.seat else value
    if base is Card:
        cards = _cards(value, ctx, where)
        if len(cards) != 1:
            raise InvalidRequestError(_("{where}: expected one card, got {count}").format(
                where=_(where), count=len(cards)))
        return cards[0]
    if is_cards(base):
        return _cards(value, ctx, where)
    if isinstance(base, type) and issubclass(base, Rank):
        if isinstance(value, str):
            try:
                return Rank.parse(_text(value, where))
            except CardTableError as error:
                raise add_context(error, where) from None
        raise InvalidRequestError(_("{where}: expected a rank such as \"10\" or \"K\", got {value}").format(
            where=_(where), value=quote(value)))
    if base is Suit:
        if isinstance(value, Suit):
            return value
        if isinstance(value, str):
            try:
                return Suit.parse(_text(value, where))
            except CardTableError:
                pass
        raise InvalidRequestError(_("{where}: expected a suit (S, H, D, C or ♠ ♥ ♦ ♣), got {value}").format(
            where=_(where), value=quote(value)))
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return _enum(base, value, where)
    if origin is typing.Literal:
        if value in typing.get_args(base):
            return value
        raise InvalidRequestError(_("{where}: expected one of {choices}, got {value}").format(
            where=_(where), choices=", ".join(map(str, typing.get_args(base))), value=quote(value)))
    if dataclasses.is_dataclass(base) and isinstance(base, type):
        return decode_object(base, value, ctx, where)
    if origin in (tuple, list):
        args = typing.get_args(base)
        if not isinstance(value, list):
            raise InvalidRequestError(_("{where}: expected a list, got {value}").format(
                where=_(where), value=quote(value)))
        most = info.max_items or MAX_ITEMS
        if len(value) > most:
            raise LimitExceededError(_("{where}: {count} items; the limit is {most}").format(
                where=_(where), count=local_number(len(value)), most=local_number(most)))
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            if len(value) != len(args):
                raise InvalidRequestError(_("{where}: expected {count} items, got {got}").format(
                    where=_(where), count=len(args), got=len(value)))
            return tuple(decode(a, v, ctx, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, value, strict=True)))
        item_type = args[0] if args else Any
        items = [decode(item_type, v, ctx, f"{where}[{i}]", ArgInfo(seat=info.seat)) for i, v in enumerate(value)]
        return tuple(items) if origin is tuple else items
    if origin in (Mapping, dict, typing.Mapping) or base in (dict, Mapping):
        key_type, value_type = (typing.get_args(base) or (str, Any))
        if not isinstance(value, Mapping):
            raise InvalidRequestError(_("{where}: expected an object, got {value}").format(where=_(where),
                                                                                            value=quote(value)))
        if len(value) > MAX_ITEMS:
            raise LimitExceededError(_("{where}: {count} entries; the limit is {most}").format(
                where=_(where), count=local_number(len(value)), most=local_number(MAX_ITEMS)))
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise InvalidRequestError(_("{where}: keys are texts, got {value}").format(
                    where=_(where), value=quote(k)))
            key = _text(k, where)
            if info.seat:
                key = _seat(key, ctx, where)
            out[key] = decode(value_type, v, ctx, f"{where}.{key}" if len(key) < 40 else where)
        return out
    raise TypeError(f"decode: unsupported type {base!r} at {where}")  # pragma: no cover - a programming error


def _enum(kind: type[enum.Enum], value: Any, where: str) -> enum.Enum:
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        wanted = _text(value, where).strip().lower().replace("_", " ").replace("-", " ")
        for member in kind:
            for text in (str(member.value), member.name):
                if wanted == text.lower().replace("_", " ").replace("-", " "):
                    return member
    known = ", ".join(str(m.value) for m in kind)
    raise InvalidRequestError(_("{where}: expected one of {choices}, got {value}").format(
        where=_(where), choices=known, value=quote(value)))


def _seat(value: str, ctx: Context, where: str) -> str:
    key = value.strip().upper()
    for letter in ctx.seats:
        if key in (letter, SEAT_NAMES.get(letter, letter).upper()):
            return letter
    raise InvalidRequestError(_("{where}: {value} is not a seat here; the seats are {seats}").format(
        where=_(where), value=quote(value), seats=", ".join(ctx.seats)))


class UnknownFieldError(InvalidRequestError):
    """A field a request does not have; ``name`` is it, ``known`` the fields it has, ``where`` the object."""

    def __init__(self, name: str, where: str, known: tuple[str, ...]) -> None:
        self.name = name
        self.where = where
        self.known = known
        super().__init__(_("unknown field {name} in {where}; known fields: {known}").format(
            name=quote(name), where=_(where), known=", ".join(known)))


def decode_object(tp: type[Q], value: Any, ctx: Context = Context(), where: str = REQUEST) -> Q:
    """A dataclass ``tp`` from a JSON object: unknown fields refused, aliases accepted, defaults filled in."""
    if not isinstance(value, Mapping):
        raise InvalidRequestError(_("{where}: expected a JSON object, got {value}").format(where=_(where),
                                                                                          value=quote(value)))
    hints = typing.get_type_hints(tp)
    fields = [f for f in dataclasses.fields(tp) if f.init]  # type: ignore[arg-type]
    names: dict[str, dataclasses.Field[Any]] = {}
    for f in fields:
        names[f.name] = f
        for alias in info_of(f).aliases:
            names[alias] = f
    unknown = [k for k in value if k not in names]
    if unknown:
        raise UnknownFieldError(unknown[0], where, tuple(f.name for f in fields))
    given: dict[str, tuple[str, Any]] = {}
    for key, item in value.items():
        f = names[key]
        if f.name in given:
            raise InvalidRequestError(_("fields {first} and {second} say the same thing: give one").format(
                first=repr(given[f.name][0]), second=repr(key)))
        given[f.name] = (key, item)
    kwargs: dict[str, Any] = {}
    for f in fields:
        if f.name in given:
            key, item = given[f.name]
            label = f"field {key!r}" if where == REQUEST else f"{where}.{key}"
            kwargs[f.name] = decode(hints[f.name], item, ctx, label, info_of(f))
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            missing = _("missing field {name}") if where == REQUEST else _("missing field {name} in {where}")
            raise InvalidRequestError(missing.format(name=repr(f.name), where=_(where)))
    return tp(**kwargs)


# ------------------------------------------------------------------------------------------------ commands


PRESET_FIELD = "field 'preset'"
OPTIONS_FIELD = "field 'options'"
"""How refusals of a request's rules begin (:func:`in_learner_words` rewords them for the pages)."""


def request_rules(game: SomeGame, preset: Any, options: Any, extra: Mapping[str, Any] | None = None) -> Any:
    """The rules a JSON request's ``preset`` and ``options`` (plus ``extra`` options) name; a refusal names the
    field it is about."""
    if preset is not None and not isinstance(preset, str):
        raise InvalidRequestError(f"{PRESET_FIELD}: expected a preset name, got {quote(preset)}")
    if options is not None and not isinstance(options, Mapping):
        raise InvalidRequestError(f"{OPTIONS_FIELD}: expected an object, got {quote(options)}")
    if isinstance(preset, str):
        _text(preset, PRESET_FIELD)
    try:
        return game.rules(preset, {**(options or {}), **(extra or {})})
    except CardTableError as error:
        preset_error = isinstance(error, UnknownNameError) and error.kind == "preset"
        raise add_context(error, PRESET_FIELD if preset_error else OPTIONS_FIELD) from None


def default_context(game: SomeGame) -> Callable[[Mapping[str, Any]], Context]:
    """The decoding context of a request from its ``preset`` and ``options`` (checked here, once)."""

    def context(data: Mapping[str, Any]) -> Context:
        rules = request_rules(game, data.get("preset"), data.get("options"))
        return Context(game.deck(rules), game.seat_letters(rules))

    return context


_OPTION_NAMED = re.compile(r"option '(\w+)' \(([^)]*)\)")
"""How the engine names a rule in a refusal: ``option 'decks' (Decks)``."""


def in_learner_words(game: SomeGame, error: ErrorT) -> ErrorT:
    """``error`` (a refused position or record) worded for a learner: rule sets by their titles, rules by their
    labels, no list of field or preset names. The same error with its message replaced, returned to re-raise.

    The command line keeps the engine's own words, which name what it takes (``competition``, ``decks``).
    """
    title = _(game.info.title)
    text = str(error)
    if (isinstance(error, UnknownNameError) and error.kind == "preset") or text.startswith(f"{PRESET_FIELD}: "):
        titles = and_list(f"“{_(p.title)}”" for p in game.presets.values())
        text = (_("{game} has no rule set called {name}; its rule sets are {titles}").format(
            game=title, name=quote(error.name), titles=titles) if isinstance(error, UnknownNameError) else
            _("{game} has no rule set by that name; its rule sets are {titles}").format(game=title, titles=titles))
    elif isinstance(error, UnknownNameError) and error.kind == "game":
        games = and_list(_(t) for t in (error.titles or error.known))
        text = _("{name} is not a game taught here; the games are {games}").format(name=quote(error.name),
                                                                                   games=games)
    elif isinstance(error, UnknownNameError) and error.kind == "option":
        text = _("{game} has no rule called {name} (its rules are chosen in the sidebar)").format(
            game=title, name=quote(error.name))
    elif isinstance(error, UnknownFieldError):
        text = _("unknown field {name}: a position of {game} does not have it").format(name=quote(error.name),
                                                                                      game=title)
    else:
        labels = {spec.name: spec.label for spec in game.option_specs()}
        text = text.removeprefix(f"{OPTIONS_FIELD}: ")
        if text.startswith("expected an object"):
            text = _("its rules could not be read: they are not a list of rules and their values")
        text = _OPTION_NAMED.sub(lambda m: _("the rule “{label}”").format(
            label=_(labels.get(m.group(1), m.group(2)))), text)
    error.args = (text,)
    return error


LANG_FIELD = "lang"
"""The field every JSON request may carry: the language its answer is written in (``en``, ``bn``, ``as``)."""


def split_language(data: Any) -> tuple[str, Any]:
    """(the language a JSON request asks its answer in, the request without its ``lang`` field): the current
    language when the request does not say (English on the command line; a page's own language for a page);
    InvalidRequestError in one sentence, listing the languages, for a value that is none of them."""
    if not isinstance(data, Mapping) or LANG_FIELD not in data:
        return language(), data
    value = data[LANG_FIELD]
    try:
        lang = check_language(value if isinstance(value, str) else quote(value, 20))
    except CardTableError as error:
        raise add_context(error, f"field {LANG_FIELD!r}") from None
    return lang, {k: v for k, v in data.items() if k != LANG_FIELD}


def add_language_field(request: dict[str, Any], *names: str) -> dict[str, Any]:
    """A request's JSON Schema with the ``lang`` field in the objects ``names`` (its ``$defs``) — every request
    takes it (:func:`split_language`)."""
    for name in names:
        properties = request["$defs"][name]["properties"]
        properties[LANG_FIELD] = {
            "enum": list(LANGUAGES), "default": DEFAULT_LANGUAGE,
            "description": "the language of the answer's words: "
                           + ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGES)}
    return request


class Command(Generic[Q, T]):
    """A typed command: ``run(request) -> answer``; called with JSON it decodes, runs and encodes.

    ``request`` and ``answer`` are dataclasses (read from ``run``'s annotations when not given); ``summary`` is
    the first line of ``run``'s docstring; ``context`` gives the deck and seats a JSON request is decoded for.
    """

    def __init__(self, run: Callable[[Q], T], context: Callable[[Mapping[str, Any]], Context], *,
                 name: str | None = None, request: type[Q] | None = None, answer: type[T] | None = None) -> None:
        hints = typing.get_type_hints(run)
        params = [k for k in hints if k != "return"]
        self.run = run
        self.context = context
        self.name = name or run.__name__.removesuffix("_command")
        self.request: type[Q] = request or hints[params[0]]
        self.answer: type[T] = answer or hints["return"]
        self.summary = (run.__doc__ or "").strip().split("\n")[0]

    def decode(self, data: Any) -> Q:
        """The typed request of a parsed JSON value (InvalidRequestError naming the bad field)."""
        check_depth(data)
        if not isinstance(data, Mapping):
            raise InvalidRequestError(_("a {command} request is a JSON object, not {value}").format(
                command=self.name, value=quote(data)))
        ctx = self.context(data)
        return decode_object(self.request, data, ctx)

    def __call__(self, data: Any) -> dict[str, Any]:
        """JSON in, JSON out; the answer's words in the request's ``lang`` (:func:`split_language`)."""
        lang, data = split_language(data)
        with use_language(lang):
            answer = self.run(self.decode(data))
            encoded = encode(answer, self.answer)
        assert isinstance(encoded, dict)
        return encoded

    def schema(self) -> dict[str, Any]:
        """``{"request": …, "answer": …}``: the JSON Schemas of both sides (every request takes ``lang``)."""
        request = add_language_field(schema(self.request), self.request.__name__)
        return {"command": self.name, "summary": self.summary, "request": request, "answer": schema(self.answer)}

    def __repr__(self) -> str:
        return f"<Command {self.name}>"


def command_table(context: Callable[[Mapping[str, Any]], Context],
                  *runs: Callable[[Any], Any]) -> dict[str, Command[Any, Any]]:
    """Commands by name from typed functions (``legal_command`` or ``legal`` → ``legal``)."""
    table: dict[str, Command[Any, Any]] = {}
    for run in runs:
        cmd = Command(run, context)
        table[cmd.name] = cmd
    return table


# ------------------------------------------------------------------------------------------------ the rules


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


def rules_answer(game: SomeGame, request: RulesRequest) -> RulesAnswer:
    """What the ``rules`` command of every game answers: the presets, every option with its help, the rules the
    sources leave open, and the bots a request may name (the game's own and the services' families). The words
    (titles, labels, help, notes) are in the current language; names and values never change."""
    chosen = game.rules(request.preset, request.options)
    return RulesAnswer(
        game=game.key,
        preset=request.preset or game.default_preset,
        default_preset=game.default_preset,
        presets=tuple(PresetInfo(name=p.name, title=_(p.title), description=_(p.description))
                      for p in game.presets.values()),
        options=tuple(dataclasses.replace(spec, label=_(spec.label), help=_(spec.help))
                      for spec in game.option_specs()),
        rules=rules_json(chosen),
        notes=tuple(dataclasses.replace(note, topic=_(note.topic), text=_(note.text)) for note in game.notes),
        bots={name: _(text) for name, text in game.bot_descriptions().items()},
    )
