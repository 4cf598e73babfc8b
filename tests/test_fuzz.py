"""Hostile requests for every command of every game on the contract (and the toy game): an answer or a refusal.

Hypothesis builds requests from each command's own request dataclass — plausible values for its fields (cards
from the game's deck, seats, presets, option values), then hostile mutations: deep nesting, lone surrogates,
wrong types, huge numbers, NaN and Infinity, huge texts and lists, unknown fields, a field and its alias both
given, more copies of a card than the decks hold. Each request goes through both JSON paths:

- ``Command.__call__`` with parsed values (what lessons and pages call): a JSON answer, or a ``CardTableError``;
- ``python -m engine`` in this process (``engine.__main__.main``) with the request as text: exit 0 and one JSON
  line, or exit 2, nothing on stdout and one line on stderr; in batch mode one line per request, ``{"error": …}``
  for a refused one.

Never another exception, never a traceback, and every request within :data:`CPU_BUDGET` seconds of CPU and
:data:`MEMORY_BUDGET` bytes more address space (a runaway request is interrupted, not waited for). Records
(``Record.from_json`` + ``engine.driver.replay``) and ``engine.commands.load_json`` are fuzzed the same way.

``FUZZ_EXAMPLES=500 pytest tests/test_fuzz.py`` digs deeper than ``make test`` does.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import io
import json
import os
import resource
import signal
import sys
import time
import types
import typing
from collections.abc import Callable, Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TextIO

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

import engine.games as registry
from engine.__main__ import main
from engine.cards import Card, Deck, Rank, format_cards
from engine.command_tables import commands_of
from engine.commands import MAX_DEPTH, MAX_ITEMS, MAX_PLAYS, MAX_REQUEST_BYTES, MAX_SEED, MAX_TEXT, Command, load_json
from engine.contract import SEAT_NAMES, Game
from engine.driver import replay
from engine.errors import CardTableError
from engine.i18n import LANGUAGES
from engine.table import Record
from tests.fixtures.toy_game import GAME as TOY

CPU_BUDGET = 2.0
"""Seconds of CPU one request may take (answer or refusal)."""
MEMORY_BUDGET = 1 << 30
"""Bytes of address space one request may add."""
MESSAGE_LIMIT = 2_000
"""The longest error message a learner should have to read (inputs are quoted shortened)."""
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "20"))

GAMES: list[Game[Any, Any, Any]] = [TOY, *registry.all_games()]
COMMANDS = [(g, name) for g in GAMES for name in commands_of(g)]
COMMAND_IDS = [f"{g.key}-{name}" for g, name in COMMANDS]

FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])


# ------------------------------------------------------------------------------------------------ budget


class _Overrun(BaseException):
    """Raised by the CPU timer inside a runaway request (a BaseException, so no ``except Exception`` eats it)."""


def _address_space() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0  # pragma: no cover - not Linux


@contextlib.contextmanager
def bounded(what: str, address_space: int = MEMORY_BUDGET, cpu: float = CPU_BUDGET) -> Iterator[None]:
    """Run the block within ``cpu`` seconds of CPU and ``address_space`` bytes more address space.

    A block still running past the budget is interrupted by a CPU timer (SIGPROF) and the test fails; an
    allocation past the memory budget raises MemoryError inside the block (which then fails as an exception).
    Where a library reserves address space it does not use (pyarrow's allocator), give more and let the peak
    resident memory (``ru_maxrss``) hold the block to :data:`MEMORY_BUDGET`.
    """
    peak_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    armed = True

    def interrupt(signum: int, frame: types.FrameType | None) -> None:
        if armed:
            raise _Overrun

    previous = signal.signal(signal.SIGPROF, interrupt)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + address_space
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    start = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, cpu + 1.0)
    overrun = False
    try:
        yield
    except _Overrun:
        overrun = True
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    used = time.process_time() - start
    if overrun:
        pytest.fail(f"{what}: still running after {used:.1f} s of CPU (interrupted); the budget is {cpu} s")
    assert used < cpu, f"{what}: {used:.2f} s of CPU; the budget is {cpu} s"
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - peak_before
    assert grown < MEMORY_BUDGET, f"{what}: the peak resident memory grew by {grown / 2**20:,.0f} MB"


def _show(value: Any, limit: int = 300) -> str:
    """A short description of a (possibly huge or deep) request for a failure message."""
    try:
        text = json.dumps(value, ensure_ascii=True, allow_nan=True, default=repr)
    except (ValueError, RecursionError):
        text = f"<{type(value).__name__} too large or deep to print>"
    return text if len(text) <= limit else text[:limit] + f"… ({len(text):,} characters)"


def _refusal_ok(error: CardTableError, what: str) -> None:
    message = str(error)
    assert message.strip(), f"{what}: {type(error).__name__} with an empty message"
    assert "\n" not in message, f"{what}: a message on several lines: {message[:300]!r}"
    assert len(message) <= MESSAGE_LIMIT, f"{what}: a message of {len(message):,} characters"


def _answer_ok(answer: Any, what: str) -> None:
    assert isinstance(answer, dict), f"{what}: the answer is a {type(answer).__name__}, not an object"
    # The answer must be writable as JSON and as UTF-8 (what the command line does with it).
    json.dumps(answer, ensure_ascii=False, allow_nan=False).encode("utf-8")


# ------------------------------------------------------------------------------------------------ values

SURROGATES = ("\ud800", "\udfff", "\udc80\ud800", "a\udcffb")
MARKUP = ("[re-enter your password](http://evil.example)", "![x](http://evil.example/x.png)",
          "<img src=x onerror=alert(1)>", "<script>alert(1)</script>")
ODD_LANGUAGES = ("xx", "EN", "bn-BD", "", "as ", "বাংলা", "\ud800")
"""Values of ``lang`` that are no language of the app (refused in one sentence listing them)."""
HUGE_INTS = (2**63, -(2**63) - 1, 10**30, -(10**30), 10**4000, -(10**4000))
"""(Past 4,300 digits ``repr`` itself refuses an int, and hypothesis could not report it: see the ``@example``.)"""
FLOATS = (float("nan"), float("inf"), float("-inf"), 1e308, -0.0, 0.5, 1e-320)
HUGE_TEXTS = ("x" * (MAX_TEXT + 1), "10S " * 3_000, "🂡" * (MAX_TEXT + 1), "A" * 200_000, " ," * 4_000)


def nested(depth: int, kind: str = "list") -> Any:
    """A value nested ``depth`` levels deep, built without recursion."""
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def huge_list(kind: int) -> Any:
    if kind == 0:
        return ["10S"] * (MAX_ITEMS + 1)
    if kind == 1:
        return list(range(4 * MAX_ITEMS + 5))
    if kind == 2:
        return [[]] * (MAX_ITEMS * 2)
    return {f"k{i}": i for i in range(MAX_ITEMS + 1)}


def surrogate_texts() -> st.SearchStrategy[str]:
    return st.builds(lambda a, s, b: a + s + b, st.text(max_size=5), st.sampled_from(SURROGATES), st.text(max_size=5))


SCALARS: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from(HUGE_INTS),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(FLOATS),
    st.text(max_size=20),
    surrogate_texts(),
    st.sampled_from(MARKUP),
    st.sampled_from(HUGE_TEXTS),
)

HOSTILE: st.SearchStrategy[Any] = st.one_of(
    SCALARS,
    st.builds(nested, st.sampled_from([MAX_DEPTH, MAX_DEPTH + 1, 200, 5_000, 100_000]),
              st.sampled_from(["list", "dict"])),
    st.builds(huge_list, st.integers(0, 3)),
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4), max_leaves=8),
)
"""Values no field expects."""


def _optional(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        return rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]  # noqa: UP007
    return tp


@cache
def deck_of(game: Game[Any, Any, Any]) -> Deck:
    return game.deck(game.rules())


def card_texts(deck: Deck) -> st.SearchStrategy[Any]:
    """Cards of ``deck`` as notation (a fair multiset, or too many copies), sometimes as a list of card texts."""
    cards = deck.cards()
    first = deck.distinct()[0]
    fair = st.permutations(cards).flatmap(lambda p: st.integers(0, len(p)).map(lambda n: tuple(p[:n])))
    too_many = st.one_of(
        st.sampled_from(deck.distinct()).map(lambda c: (c,) * (deck.limit(c) + 1)),
        st.just(tuple(cards) + (first,)),
        st.just(tuple(cards) * 2),
    )
    chosen = st.one_of(fair, fair, too_many)
    return st.one_of(
        chosen.map(format_cards),
        chosen.map(lambda cs: format_cards(cs, symbols=True).lower()),
        chosen.map(lambda cs: [c.text for c in cs]),
        chosen.map(lambda cs: ",".join(c.text for c in cs)),
    )


def option_values(game: Game[Any, Any, Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Rule options by name with values in range, out of range, or of the wrong kind."""
    specs = game.option_specs()
    strategies: dict[str, st.SearchStrategy[Any]] = {}
    for spec in specs:
        good: list[Any] = [spec.default]
        if spec.choices:
            good += list(spec.choices)
        if spec.low is not None:
            good += [spec.low, spec.low - 1]
        if spec.high is not None:
            good += [spec.high, spec.high + 1]
        if spec.type == "boolean":
            good += [True, False, "yes", 1]
        strategies[spec.name] = st.one_of(st.sampled_from(good), SCALARS)
    names = st.sampled_from([s.name for s in specs] or ["none"])
    return st.one_of(
        st.fixed_dictionaries({}, optional=strategies),
        st.dictionaries(st.one_of(names, st.text(max_size=10), surrogate_texts()), HOSTILE, max_size=3),
    )


def plausible(tp: Any, game: Game[Any, Any, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values a field of type ``tp`` might be given: mostly of its type, at its bounds and just past them."""
    tp = _optional(tp)
    origin = typing.get_origin(tp)
    deck = deck_of(game)
    if depth > 3 or tp is Any:
        return HOSTILE
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(plausible(a, game, depth + 1) for a in typing.get_args(tp)))
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.one_of(st.integers(-2, 60), st.sampled_from([MAX_PLAYS, MAX_PLAYS + 1, MAX_SEED, MAX_SEED + 1,
                                                               MAX_ITEMS, 2**31, -1]))
    if tp is float:
        return st.one_of(st.floats(-1e6, 1e6), st.sampled_from(FLOATS))
    if tp is str:
        seats = [*game.seat_letters(game.rules()), *SEAT_NAMES.values()]
        return st.one_of(st.sampled_from([*seats, *game.presets, *game.bots, *MARKUP]), st.text(max_size=12))
    if tp is Card:
        return st.one_of(st.sampled_from(deck.distinct()).map(lambda c: c.text), card_texts(deck))
    if origin is tuple and typing.get_args(tp) == (Card, ...):
        return card_texts(deck)
    if isinstance(tp, type) and issubclass(tp, Rank):
        return st.sampled_from([r.text for r in Rank] + ["1", "11", "BJ"])
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return st.sampled_from([*(str(m.value) for m in tp), *(m.name for m in tp), "none"])
    if origin is typing.Literal:
        return st.sampled_from(typing.get_args(tp))
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        hints = typing.get_type_hints(tp)
        return st.fixed_dictionaries({}, optional={f.name: plausible(hints[f.name], game, depth + 1)
                                                   for f in dataclasses.fields(tp) if f.init})
    if origin in (tuple, list):
        args = typing.get_args(tp)
        if origin is tuple and args and (len(args) != 2 or args[1] is not Ellipsis):
            return st.tuples(*(plausible(a, game, depth + 1) for a in args)).map(list)
        return st.lists(plausible(args[0] if args else Any, game, depth + 1), max_size=6)
    if origin in (Mapping, dict) or tp in (dict, Mapping):
        return option_values(game)
    return HOSTILE


@dataclasses.dataclass(frozen=True)
class Field:
    name: str
    aliases: tuple[str, ...]
    tp: Any


@cache
def request_fields(command: Command[Any, Any]) -> tuple[Field, ...]:
    hints = typing.get_type_hints(command.request)
    out = []
    for f in dataclasses.fields(command.request):  # type: ignore[arg-type]
        if not f.init:
            continue
        info = f.metadata.get("card_table_arg")
        aliases = tuple(getattr(info, "aliases", ()))
        out.append(Field(f.name, aliases, hints[f.name]))
    return tuple(out)


def examples_of(game: Game[Any, Any, Any], name: str) -> list[dict[str, Any]]:
    return [dict(e) for e in game.examples.get(name, ())] or [{}]


@st.composite
def requests(draw: st.DrawFn, game: Game[Any, Any, Any], name: str) -> Any:
    """A request for ``game``'s command ``name``: a sample or plausible one, then hostile mutations."""
    command = commands_of(game)[name]
    fields = request_fields(command)
    if draw(st.integers(0, 30)) == 0:
        return draw(HOSTILE)  # not an object at all (or an odd one)
    request = dict(draw(st.sampled_from(examples_of(game, name))))
    for field in fields:
        if field.name == "options" and draw(st.booleans()):
            request["options"] = draw(option_values(game))
        elif field.name == "preset" and draw(st.integers(0, 3)) == 0:
            request["preset"] = draw(st.sampled_from([*game.presets, *MARKUP, "no such preset"]))
        elif draw(st.integers(0, 2)) == 0:
            request[field.name] = draw(plausible(field.tp, game))
    if draw(st.integers(0, 3)) == 0:  # the language of the answer, every request's field
        request["lang"] = draw(st.one_of(st.sampled_from(LANGUAGES), st.sampled_from(ODD_LANGUAGES), HOSTILE))
    for _ in range(draw(st.integers(0, 3))):
        mutation = draw(st.sampled_from(["hostile", "hostile", "unknown", "alias", "drop"]))
        if mutation == "hostile" and fields:
            field = draw(st.sampled_from(fields))
            request[draw(st.sampled_from([field.name, *field.aliases]))] = draw(HOSTILE)
        elif mutation == "unknown":
            request[draw(st.one_of(st.text(max_size=10), surrogate_texts(), st.sampled_from(MARKUP)))] = draw(HOSTILE)
        elif mutation == "alias":
            with_alias = [f for f in fields if f.aliases]
            if with_alias:
                field = draw(st.sampled_from(with_alias))
                value = request.get(field.name, draw(plausible(field.tp, game)))
                request[field.name] = value
                request[draw(st.sampled_from(field.aliases))] = value
        elif mutation == "drop" and request:
            request.pop(draw(st.sampled_from(sorted(request))))
    return request


def to_json_text(value: Any, ascii_only: bool) -> str:
    """``value`` as JSON text, as a hostile client could send it (NaN, 5,000-digit numbers, surrogates)."""
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(value, ensure_ascii=ascii_only, allow_nan=True)
    except RecursionError:
        kind = "[" if isinstance(value, list) else "{\"a\":"
        return kind * 100_000
    finally:
        sys.set_int_max_str_digits(digits)


# ------------------------------------------------------------------------------------------------ the CLI


@pytest.fixture(scope="module", autouse=True)
def toy_on_the_command_line() -> Iterator[None]:
    """The toy game registered like a real one while these tests run, so ``python -m engine legal toy …`` works."""
    loaders: dict[str, Callable[[], Any]] = registry._LOADERS  # noqa: SLF001 - test-only registration
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(registry.GAMES, TOY.key, TOY.info)
        patch.setitem(loaders, TOY.key, lambda: TOY)
        registry._load.cache_clear()  # noqa: SLF001
        for game in GAMES:  # imports and first-use caches are paid here, not inside a request's budget
            run_main(["rules", game.key, "{}"])
            run_main(["simulate", game.key, "--games=1", "--workers=1"])
            for name, command in commands_of(game).items():
                for request in examples_of(game, name):
                    try:
                        command(request)
                    except CardTableError:
                        pass
        yield
    registry._load.cache_clear()  # noqa: SLF001


def run_main(argv: list[str], stdin: str | TextIO = "") -> tuple[int, str, str]:
    """``python -m engine *argv`` in this process, with streams that encode like real ones (strict UTF-8)."""
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n", write_through=True)
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", newline="\n",
                              write_through=True)
    code = main(argv, stdin=io.StringIO(stdin) if isinstance(stdin, str) else stdin, stdout=stdout, stderr=stderr)
    out = stdout.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    err = stderr.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    return code, out, err


def check_cli_one(game: Game[Any, Any, Any], name: str, text: str, what: str) -> None:
    with bounded(what):
        code, out, err = run_main([name, game.key, text])
    assert "Traceback" not in err, f"{what}: a traceback on stderr"
    if code == 0:
        assert err == "" and out.count("\n") == 1, f"{what}: exit 0 with stdout {out[:200]!r}, stderr {err[:200]!r}"
        _answer_ok(json.loads(out), what)
    else:
        assert code == 2, f"{what}: exit code {code}"
        assert out == "", f"{what}: exit 2 but stdout {out[:200]!r}"
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, \
            f"{what}: stderr is not one line: {err[:300]!r}"
        assert len(err) <= MESSAGE_LIMIT, f"{what}: an error line of {len(err):,} characters"


# ------------------------------------------------------------------------------------------------ tests


def check_command(command: Command[Any, Any], request: Any, what: str) -> None:
    with bounded(what):
        try:
            answer = command(request)
        except CardTableError as error:
            answer = error
    if isinstance(answer, CardTableError):
        _refusal_ok(answer, what)
    else:
        _answer_ok(answer, what)


def integer_option(game: Game[Any, Any, Any]) -> str:
    """The name of the game's first whole-number option (a name that is no option when it has none)."""
    return next((s.name for s in game.option_specs() if s.type.startswith("integer")), "no_integer_option")


class Given:
    """A request written out, for an explicit ``@example`` (the test draws one when it gets a DataObject)."""

    def __init__(self, request: Any) -> None:
        self.request = request
        """The request, or a function of the game that gives it."""

    def __repr__(self) -> str:
        return f"Given({_show(self.request)})"


def drawn(data: st.DataObject | Given, game: Game[Any, Any, Any], name: str) -> Any:
    if isinstance(data, Given):
        return data.request(game) if callable(data.request) else data.request
    return data.draw(requests(game, name), label="request")


@pytest.mark.parametrize(("game", "name"), COMMANDS, ids=COMMAND_IDS)
@FUZZ
@given(data=st.data())
# Found by this test: a whole number of more than 4,300 digits makes the refusal's own message fail with
# ValueError (engine/errors.py `quote` called repr(), which refuses such an int; it now names the digits instead).
@example(data=Given({"seed": 10**4400}))
@example(data=Given({"limit": -(10**4400)}))
# Found by this test: an option value out of bounds is quoted whole, so a 4,000-digit number gives a 4,000-character
# message (engine/contract.py `coerce_option` printed the value itself; it now uses quote()).
@example(data=Given(lambda game: {"options": {integer_option(game): 10**4000}}))
def test_command_with_parsed_values(game: Game[Any, Any, Any], name: str, data: st.DataObject | Given) -> None:
    request = drawn(data, game, name)
    check_command(commands_of(game)[name], request, f"{game.key} {name} {_show(request)}")


@pytest.mark.parametrize(("game", "name"), COMMANDS, ids=COMMAND_IDS)
@FUZZ
@given(data=st.data())
@example(data=Given(lambda game: {"options": {integer_option(game): 10**4000}}))  # as above: coerce_option
def test_command_line_with_json_text(game: Game[Any, Any, Any], name: str, data: st.DataObject | Given) -> None:
    request = drawn(data, game, name)
    if isinstance(data, Given):
        text = to_json_text(request, True)
    else:
        text = to_json_text(request, data.draw(st.booleans(), label="ascii only"))
        if data.draw(st.integers(0, 5), label="damage") == 0:
            text = text[: data.draw(st.integers(0, len(text)), label="cut")]
        assume(text != "-")  # '-' asks for batch mode (tested below)
    check_cli_one(game, name, text, f"{game.key} {name} {text[:300]!r}")


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
@settings(FUZZ, max_examples=max(3, EXAMPLES // 4))
@given(data=st.data())
def test_command_line_batch_answers_every_line(game: Game[Any, Any, Any], data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(commands_of(game))), label="command")
    lines = [to_json_text(data.draw(requests(game, name), label="request"), data.draw(st.booleans()))
             for _ in range(data.draw(st.integers(1, 4), label="lines"))]
    lines = [line for line in lines if line.strip()]
    lines.insert(data.draw(st.integers(0, len(lines))), "not json {")
    what = f"{game.key} {name} batch of {len(lines)} lines"
    with bounded(what):
        code, out, err = run_main([name, game.key, "-"], stdin="\n".join(lines) + "\n")
    assert code == 0 and "Traceback" not in err, f"{what}: exit {code}, stderr {err[:300]!r}"
    answers = out.splitlines()
    assert len(answers) == len(lines), f"{what}: {len(answers)} answers"
    for answer in answers:
        _answer_ok(json.loads(answer), what)
    assert "error" in json.loads(answers[lines.index("not json {")])


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
def test_the_limits_named_in_the_contract_are_refused_on_the_command_line(game: Game[Any, Any, Any]) -> None:
    # One of each limit, through the whole command line: size, depth, a huge number, NaN, a lone surrogate.
    name = "legal" if "legal" in commands_of(game) else sorted(commands_of(game))[0]
    for text in ("[" * 100_000, "{\"hand\": " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
                 "{\"seed\": " + "9" * 5_000 + "}", "{\"seed\": NaN}", "{\"seed\": Infinity}",
                 "{\"hand\": \"\\ud800\"}", "{\"hand\": \"" + "x" * (MAX_REQUEST_BYTES + 1) + "\"}",
                 "{\"hand\": \"\ud800\"}"):
        what = f"{game.key} {name} {text[:60]!r}"
        with bounded(what):
            code, out, err = run_main([name, game.key, text])
        assert code == 2 and not out and err.startswith("error: ") and err.count("\n") == 1, (what, code, err[:200])


def bots_values(game: Game[Any, Any, Any]) -> st.SearchStrategy[Any]:
    """A bot for every seat, one per seat, too few or too many, unknown names, wrong kinds."""
    names = st.sampled_from([*game.bots, "no such bot", *MARKUP])
    return st.one_of(names, st.lists(names, max_size=6), st.lists(HOSTILE, min_size=1, max_size=4), HOSTILE)


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
@settings(FUZZ, max_examples=max(3, EXAMPLES // 4))
@given(data=st.data())
def test_simulate_with_hostile_options(game: Game[Any, Any, Any], data: st.DataObject) -> None:
    # A few games only (a big legitimate run may take long); the counts and options are what is hostile here.
    options = data.draw(st.one_of(option_values(game), HOSTILE), label="options")
    if isinstance(options, dict):
        if data.draw(st.booleans(), label="with bots"):
            options["bots"] = data.draw(bots_values(game), label="bots")
        if data.draw(st.booleans(), label="with preset"):
            options["preset"] = data.draw(st.sampled_from([*game.presets, *MARKUP, 7]), label="preset")
        if data.draw(st.integers(0, 3), label="with start") == 0:
            options["start"] = data.draw(HOSTILE, label="start")
    # Not whole numbers at all ("1.5") are argparse's to refuse: on one line too, through the same stderr.
    games = data.draw(st.sampled_from(["0", "1", "2", "-1", "200001", str(10**30), "1.5"]), label="games")
    seed = data.draw(st.sampled_from(["0", "1", "-1", str(2**64), str(10**30)]), label="seed")
    text = to_json_text(options, data.draw(st.booleans(), label="ascii only"))
    argv = ["simulate", game.key, f"--games={games}", f"--seed={seed}", "--workers=1", f"--options={text}"]
    what = f"simulate {game.key} --games {games} --seed {seed} --options {text[:200]!r}"
    with bounded(what, address_space=8 * MEMORY_BUDGET):
        code, out, err = run_main(argv)
    assert "Traceback" not in err, f"{what}: a traceback on stderr"
    if code == 0:
        assert out.count("\n") >= 1 and err == "", f"{what}: exit 0 with stderr {err[:200]!r}"
    else:
        assert code == 2 and not out and err.startswith("error: ") and err.count("\n") == 1, \
            f"{what}: exit {code}, stdout {out[:100]!r}, stderr {err[:300]!r}"


# ------------------------------------------------------------------------------------------------ issue 15's cases

ISSUE_BUDGET = 20.0
"""Seconds of CPU each of the cases measured in issue 15 may take (an answer, or a refusal that names the limit)."""


def _shengji_cases() -> list[tuple[str, dict[str, Any]]]:
    from engine.cards import Suit

    # 36 different cards of the three other suits (no trump rank, no joker), 16 of them twice: 52 cards.
    others = [Card(r, s) for s in (Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS) for r in Rank
              if not r.is_joker and r != Rank.TWO]
    hand = format_cards(others + others[:16])
    throw = "AH AH KH KH QH QH JH 9H 9H 8H 7H 6H"
    return [
        ("a 52-card hand, void in the led suit, after a 12-card throw, no limit",
         {"options": {"decks": 4}, "trump_suit": "S", "hand": hand, "table": throw, "limit": None}),
        ("the same with a huge limit",
         {"options": {"decks": 4}, "trump_suit": "S", "hand": hand, "table": throw, "limit": 10**9}),
        ("leading with a 52-card hand, no limit",
         {"options": {"decks": 4}, "trump_suit": "S", "hand": hand, "limit": None}),
    ]


@pytest.mark.parametrize("case", range(3), ids=["void-after-throw", "huge-limit", "lead-52"])
def test_the_shengji_legal_requests_of_the_issue_answer_within_budget(case: int) -> None:
    if "shengji" not in [g.key for g in GAMES]:
        pytest.fail("shengji is not registered")
    label, request = _shengji_cases()[case]
    command = registry.game("shengji").commands["legal"]
    with bounded(label, cpu=ISSUE_BUDGET):
        try:
            answer: Any = command(request)
        except CardTableError as error:
            answer = error
    if isinstance(answer, CardTableError):
        _refusal_ok(answer, label)
    else:
        _answer_ok(answer, label)
        assert len(answer["plays"]) <= MAX_PLAYS and answer["count"] >= len(answer["plays"])


def test_a_100_mb_batch_line_is_refused_and_the_next_line_answered(tmp_path: Path) -> None:
    lines = tmp_path / "lines.jsonl"
    with lines.open("w") as f:
        f.write("{\"hand\": \"" + "A" * 100_000_000 + "\"}\n{\"hand\": \"9S\"}\n")
    with bounded("a 100 MB batch line", cpu=ISSUE_BUDGET), lines.open() as stdin:
        code, out, err = run_main(["legal", TOY.key, "-"], stdin=stdin)
    answers = [json.loads(a) for a in out.splitlines()]
    assert code == 0 and len(answers) == 2 and "error" in answers[0] and "plays" in answers[1], (code, err[:200])


# ------------------------------------------------------------------------------------------------ records


@cache
def sample_record(game: Game[Any, Any, Any]) -> Record:
    """A whole game the bots played (so its actions are legal)."""
    from engine.driver import play_out

    record, _ = play_out(game, game.rules(), 3)
    return record


@cache
def longest_legal_record(game: Game[Any, Any, Any]) -> Record:
    """The first legal action taken every time, up to the record limit (endless redeals where a game has them)."""
    rules = game.rules()
    state = game.new_game(rules, 1)
    actions = []
    for _ in range(min(game.max_actions, MAX_ITEMS)):
        if game.to_act(state) is None:
            break
        action = game.legal_actions(state, limit=1)[0]
        state = game.apply_unchecked(state, action)
        actions.append(game.action_text(action))
    return Record(game.key, game.default_preset, 1, tuple(actions))


@st.composite
def records(draw: st.DrawFn, game: Game[Any, Any, Any]) -> Any:
    """Record JSON: a real game's, damaged — padded, cut, its actions replaced, its fields of the wrong kind."""
    base = draw(st.sampled_from([sample_record(game), longest_legal_record(game)])).to_json()
    actions = list(base["actions"])
    change = draw(st.sampled_from(["pad", "cut", "junk", "huge", "fields", "fields", "none"]))
    if change == "pad":
        actions += [actions[-1] if actions else "pass"] * draw(st.sampled_from([1, 50, MAX_ITEMS, 300_000]))
    elif change == "cut":
        actions = actions[: draw(st.integers(0, len(actions)))]
    elif change == "junk" and actions:
        at = draw(st.integers(0, len(actions) - 1))
        actions[at] = draw(st.one_of(st.text(max_size=30), surrogate_texts(), st.sampled_from(MARKUP),
                                     st.sampled_from(["pass", "x" * 400, "x" * 401, "10S " * 100]),
                                     card_texts(deck_of(game)).filter(lambda v: isinstance(v, str))))
    elif change == "huge":
        actions = ["pass"] * 300_000
    base["actions"] = actions
    if change == "fields":
        for _ in range(draw(st.integers(1, 3))):
            key = draw(st.sampled_from(["game", "preset", "seed", "options", "start", "actions", "result", "extra"]))
            base[key] = draw(st.one_of(
                HOSTILE,
                st.sampled_from([g.key for g in GAMES] + ["no such game", *game.presets, -1, MAX_SEED + 1, 1.5, True]),
                option_values(game),
            ))
    return base


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
@settings(FUZZ, max_examples=max(5, EXAMPLES // 2))
@given(data=st.data())
def test_hostile_records_replay_or_are_refused(game: Game[Any, Any, Any], data: st.DataObject) -> None:
    value = data.draw(records(game), label="record")
    what = f"{game.key} record {_show(value)}"
    with bounded(what):
        try:
            states, steps = replay(game, Record.from_json(value))
        except CardTableError as error:
            _refusal_ok(error, what)
        else:
            assert len(states) == len(steps) + 1


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
def test_the_longest_record_accepted_replays_within_the_budget(game: Game[Any, Any, Any]) -> None:
    record = longest_legal_record(game)
    padded = Record(record.game, record.preset, record.seed,
                    record.actions + ("pass",) * (game.max_actions - len(record.actions)))
    for candidate in (record, padded):
        with bounded(f"{game.key}: a record of {len(candidate.actions):,} actions"):
            try:
                replay(game, Record.from_json(candidate.to_json()))
            except CardTableError as error:
                _refusal_ok(error, game.key)


# ------------------------------------------------------------------------------------------------ load_json


JSON_TEXTS: st.SearchStrategy[str | bytes] = st.one_of(
    st.text(max_size=50),
    st.builds(to_json_text, HOSTILE, st.booleans()),
    st.builds(lambda n, c: c * n, st.sampled_from([MAX_DEPTH, MAX_DEPTH + 1, 1_000, 200_000]),
              st.sampled_from(["[", "{\"a\":", "[{\"a\":"])),
    st.builds(lambda n: "9" * n, st.sampled_from([4_300, 4_301, 100_000])),
    st.sampled_from(["NaN", "-Infinity", "[1e999]", "\"\\ud800\"", "{\"a\": 1, \"a\": 2}", "\"" + "\\" * 9,
                     "[" * 5 + "]" * 6, "1" * (MAX_REQUEST_BYTES + 1)]),
    st.binary(max_size=40),
    st.just(b"\xff\xfe{\"a\": 1}"),
)


@FUZZ
@given(text=JSON_TEXTS)
def test_load_json_answers_a_value_or_refuses(text: str | bytes) -> None:
    what = f"load_json {text[:120]!r}"
    with bounded(what):
        try:
            value = load_json(text)
        except CardTableError as error:
            _refusal_ok(error, what)
        else:
            json.dumps(value)  # a value the rest of the engine can handle: no NaN constants, no depth beyond reach


# ------------------------------------------------------------------------------------------------ the seeded CLI fuzz

SEEDED_REQUESTS = int(os.environ.get("CLI_FUZZ_REQUESTS", "500"))
"""How many requests the seeded fuzz sends here (bench/fuzz_cli.py sends 20,000)."""


@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_cli_fuzz_answers_or_refuses_every_request(seed: int) -> None:
    from tests.cli_fuzzer import fuzz

    real = tuple(k for k in registry.GAMES if k != TOY.key)  # the four games (not the toy one registered above)
    report = fuzz(SEEDED_REQUESTS, seed, cpu=20.0, games=real)
    assert report.requests == SEEDED_REQUESTS
    pairs = {(g, c) for g, c, _ in report.counts}
    assert pairs == {(k, c) for k in real for c in commands_of(registry.game(k))}, "every game × command"
    assert {o for _, _, o in report.counts} >= {"answered", "refused"}
    assert report.tracebacks == 0 and report.overruns == 0, "\n".join(report.failures)


def test_seeded_cli_fuzz_is_repeatable() -> None:
    from tests.cli_fuzzer import fuzz

    first = fuzz(60, 7, games=("euchre",))
    assert first.counts == fuzz(60, 7, games=("euchre",)).counts


def test_seeded_cli_fuzz_counts_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    # The fuzz itself must see a crash: a command that raises is counted, not hidden as a refusal.
    from tests.cli_fuzzer import fuzz

    command = registry.game("euchre").commands["winner"]

    def broken(request: Any) -> Any:
        raise KeyError("broken")

    monkeypatch.setattr(command, "run", broken)
    report = fuzz(200, 3, games=("euchre",))
    assert report.tracebacks > 0 and all("winner" in f for f in report.failures)
