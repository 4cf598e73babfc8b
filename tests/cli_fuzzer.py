"""A seeded fuzzer of ``python -m engine`` over every game × every command, run in this process.

Each request is drawn from the command's own JSON Schema (``python -m engine schema GAME COMMAND``): the fields
it declares, with values of their types and bounds (cards from the game's deck, seats, presets, rule options),
then often mutated into a hostile one (a wrong type, a huge number, an unknown field, bad card text, an empty
value, deep nesting, not an object, cut JSON text). It goes through :func:`engine.__main__.main` as the command
line's text; some go as a batch on stdin (``-``) between two lines that are not JSON.

Every request must be answered (exit 0, one JSON line) or refused in one line of the project's error family
(exit 2, ``error: …``); a batch answers every line. Anything else is counted as a *traceback*: an exception
escaping ``main``, an "internal error" line (exit 1), or output of another shape. A request still running after
``cpu`` seconds of CPU is interrupted and counted as an *overrun*. The coach's work is kept small in valid
requests (``budget`` at most 3, ``seconds`` at most 0.2, a few games) so that a request's size is not what is
measured. Used by tests/test_fuzz.py (small) and bench/fuzz_cli.py (full size).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import signal
import sys
import types
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.__main__ import main
from engine.cards import format_cards
from engine.command_tables import commands_of
from engine.games import GAMES, game

__all__ = ["FuzzReport", "fuzz", "requests_of"]

HUGE = (10**310, -(10**310), 2**63, -(2**63) - 1, 10**30, 1e308, -1e308)
BAD_CARDS = ("XQ", "10X", "ZZ ZZ", "1S", "🂡", "\ud800", "AS,,", "  ", "AS " * 400, "BJ BJ BJ BJ BJ BJ BJ BJ BJ")
WORK = {"budget": 3, "games": 3, "rounds": 3, "hands": 3}
"""Fields whose size is work: valid values are kept at most this (the fuzz looks for crashes, not slow runs)."""


class _Overrun(BaseException):
    """Raised by the CPU timer in a request past its budget (a BaseException: no ``except Exception`` eats it)."""


@contextlib.contextmanager
def cpu_budget(seconds: float) -> Iterator[list[bool]]:
    """Interrupt the block after ``seconds`` of CPU; the yielded list holds True once it was interrupted."""
    hit = [False]
    armed = [True]

    def interrupt(signum: int, frame: types.FrameType | None) -> None:
        if armed[0]:
            armed[0] = False
            raise _Overrun

    previous = signal.signal(signal.SIGPROF, interrupt)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield hit
    except _Overrun:
        hit[0] = True
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


# ------------------------------------------------------------------------------------------------ requests


class _Gen:
    def __init__(self, key: str, rng: random.Random) -> None:
        self.key = key
        self.rng = rng
        g = game(key)
        self.game = g
        rules = g.rules()
        self.deck = g.deck(rules)
        self.cards = list(self.deck.cards())
        self.seats = list(g.seat_letters(rules))
        self.specs = g.option_specs()

    def cards_text(self, most: int = 13) -> str:
        n = self.rng.randint(0, min(most, len(self.cards)))
        chosen = self.rng.sample(self.cards, n)
        return format_cards(chosen, symbols=self.rng.random() < 0.2)

    def options(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for spec in self.rng.sample(list(self.specs), min(len(self.specs), self.rng.randint(0, 3))):
            values: list[Any] = [spec.default, *(spec.choices or ())]
            if spec.low is not None:
                values += [spec.low]
            if spec.high is not None:
                values += [spec.high]
            out[spec.name] = self.rng.choice(values)
        return out

    def value(self, name: str, sch: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> Any:
        rng = self.rng
        if "$ref" in sch:
            sch = defs[sch["$ref"].split("/")[-1]]
        if "anyOf" in sch:
            options = [s for s in sch["anyOf"] if s.get("type") != "null"] or sch["anyOf"]
            return self.value(name, rng.choice(options), defs, depth)
        if "enum" in sch:
            return rng.choice(sch["enum"])
        kind = sch.get("type")
        if name == "options":
            return self.options()
        if name == "start":
            return rng.choice([{}, {}, {"whole": True}])
        if name == "preset":
            return rng.choice(list(self.game.presets))
        if kind == "boolean":
            return rng.random() < 0.5
        if kind == "integer":
            low, high = sch.get("minimum", 0), sch.get("maximum", 60)
            high = min(high, WORK.get(name, high), low + 60)
            return rng.choice([low, high, rng.randint(low, max(low, high))])
        if kind == "number":
            low, high = sch.get("minimum", 0), sch.get("maximum", 10)
            return round(rng.uniform(max(low, 0), min(high, 0.2)), 3)
        if kind == "string":
            if "seat" in sch.get("description", ""):
                return rng.choice(self.seats)
            if "card" in sch.get("description", ""):
                return self.cards_text(1) or self.cards[0].text
            return rng.choice([*self.seats, *self.game.bots, "pass", "H", "S", "10", "", "x"])
        if kind == "array":
            if depth > 2:
                return []
            items = sch.get("items", {})
            return [self.value(name, items, defs, depth + 1) for _ in range(rng.randint(0, 3))]
        if kind == "object" and "properties" not in sch:
            return {}
        if "properties" in sch:
            props = sch["properties"]
            wanted = set(sch.get("required", ()))
            out: dict[str, Any] = {}
            for prop, sub in props.items():
                if sub.get("deprecated"):
                    continue
                if prop in wanted or rng.random() < 0.5:
                    out[prop] = self.field(prop, sub, defs, depth + 1)
            return out
        if any("card" in str(s.get("description", "")) for s in sch.get("anyOf", ())):
            return self.cards_text()
        return None

    def field(self, prop: str, sub: dict[str, Any], defs: dict[str, Any], depth: int) -> Any:
        if "cards in notation" in json.dumps(sub):
            return self.cards_text()
        return self.value(prop, sub, defs, depth)

    def valid(self, command: dict[str, Any]) -> dict[str, Any]:
        request = command["request"]
        defs = request.get("$defs", {})
        examples = [dict(e) for e in self.game.examples.get(command["command"], ())]
        if examples and self.rng.random() < 0.3:
            base = self.rng.choice(examples)
            for name, value in WORK.items():
                if isinstance(base.get(name), int):
                    base[name] = min(base[name], value)
            return base
        out = self.value("", request, defs)
        return out if isinstance(out, dict) else {}

    def hostile(self) -> Any:
        rng = self.rng
        kind = rng.randrange(8)
        if kind == 0:
            return rng.choice(HUGE)
        if kind == 1:
            return rng.choice(BAD_CARDS)
        if kind == 2:
            return rng.choice(["", [], {}, None, True, 0, -1, 0.5, "NaN"])
        if kind == 3:
            value: Any = 1
            for _ in range(rng.choice([5, 13, 40])):
                value = [value] if rng.random() < 0.5 else {"a": value}
            return value
        if kind == 4:
            return [rng.choice(BAD_CARDS), 3]
        if kind == 5:
            return {"hand": rng.choice(BAD_CARDS)}
        if kind == 6:
            return "x" * rng.choice([10, 6000])
        return rng.choice(self.seats + ["Q", "north", "9"])

    def mutate(self, request: dict[str, Any]) -> Any:
        rng = self.rng
        for _ in range(rng.randint(1, 3)):
            what = rng.randrange(7)
            if what <= 2 and request:
                request[rng.choice(sorted(request))] = self.hostile()
            elif what == 3:
                request[rng.choice(["trump ", "hands", "x", "💥", "seat2", "budget_"])] = self.hostile()
            elif what == 4 and request:
                request.pop(rng.choice(sorted(request)))
            elif what == 5:
                request[rng.choice(["seconds", "budget", "seed", "limit", "step", "players", "games"])] = \
                    rng.choice(HUGE)
            else:
                return rng.choice([self.hostile(), [request], "", None])
        return request


def requests_of(key: str, name: str, schema: dict[str, Any], rng: random.Random) -> tuple[Any, bool]:
    """A request for ``key``'s command ``name`` (a parsed value) and whether it was left valid."""
    gen = _Gen(key, rng)
    request = gen.valid(schema)
    if rng.random() < 0.4:
        return request, True
    return gen.mutate(request), False


def _text(value: Any, rng: random.Random) -> str:
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
    finally:
        sys.set_int_max_str_digits(digits)
    if rng.random() < 0.05:
        text = text[: rng.randint(0, len(text))]
    return text if text != "-" else "--"


# ------------------------------------------------------------------------------------------------ running


@dataclass
class FuzzReport:
    counts: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    """(game, command, outcome) → how many; outcome: answered, refused, traceback, overrun."""
    failures: list[str] = field(default_factory=list)
    """The first few tracebacks and overruns, each with its request (to replay)."""

    @property
    def tracebacks(self) -> int:
        return sum(n for (_, _, outcome), n in self.counts.items() if outcome == "traceback")

    @property
    def overruns(self) -> int:
        return sum(n for (_, _, outcome), n in self.counts.items() if outcome == "overrun")

    @property
    def requests(self) -> int:
        return sum(self.counts.values())


def _run(argv: list[str], stdin: str, cpu: float) -> tuple[str, int, str, str]:
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", newline="\n", write_through=True)
    stderr = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace", newline="\n",
                              write_through=True)
    code = -1
    escaped = ""
    with cpu_budget(cpu) as hit:
        try:
            code = main(argv, stdin=io.StringIO(stdin), stdout=stdout, stderr=stderr)
        except Exception as error:  # noqa: BLE001 - what the fuzz looks for
            escaped = f"{type(error).__name__}: {str(error)[:200]}"
    out = stdout.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    err = stderr.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]
    if hit[0]:
        return "overrun", code, out, err
    if escaped:
        return "traceback", code, out, escaped
    return "", code, out, err


def _judge_one(code: int, out: str, err: str) -> str:
    if code == 0 and not err and out.count("\n") == 1:
        try:
            return "answered" if isinstance(json.loads(out), dict) else "traceback"
        except ValueError:
            return "traceback"
    if code == 2 and not out and err.startswith("error: ") and err.count("\n") == 1 and "internal error" not in err:
        return "refused"
    return "traceback"


def _judge_batch(lines: int, code: int, out: str, err: str) -> list[str]:
    answers = out.splitlines()
    if code != 0 or err or len(answers) != lines:
        return ["traceback"] * lines
    outcomes = []
    for answer in answers:
        try:
            value = json.loads(answer)
        except ValueError:
            outcomes.append("traceback")
            continue
        error = value.get("error") if isinstance(value, dict) else None
        if not isinstance(value, dict) or (isinstance(error, str) and error.startswith("internal error")):
            outcomes.append("traceback")
        else:
            outcomes.append("refused" if isinstance(error, str) else "answered")
    return outcomes


def fuzz(requests: int, seed: int, *, cpu: float = 10.0, games: tuple[str, ...] | None = None,
         keep: int = 20) -> FuzzReport:
    """``requests`` seeded requests spread evenly over every game × command (``games``: these only)."""
    rng = random.Random(seed)
    pairs: list[tuple[str, str, dict[str, Any]]] = []
    for key in games or tuple(GAMES):
        for name, command in sorted(commands_of(game(key)).items()):
            pairs.append((key, name, command.schema()))  # type: ignore[attr-defined]
    report = FuzzReport()
    for index in range(requests):
        key, name, schema = pairs[index % len(pairs)]
        request, _ = requests_of(key, name, schema, rng)
        text = _text(request, rng)
        if rng.random() < 0.1:
            line = text.replace("\n", " ") if text.strip() else "{"  # a blank line asks nothing (it is skipped)
            lines = [line, "not json {", line]
            status, code, out, err = _run([name, key, "-"], "\n".join(lines) + "\n", cpu)
            outcomes = [status] * 3 if status else _judge_batch(3, code, out, err)
            bad = [o for o in outcomes if o in ("traceback", "overrun")]
            outcome = bad[0] if bad else "traceback" if outcomes[1] != "refused" else outcomes[0]
        else:
            status, code, out, err = _run([name, key, text], "", cpu)
            outcome = status or _judge_one(code, out, err)
        report.counts[key, name, outcome] += 1
        if outcome in ("traceback", "overrun") and len(report.failures) < keep:
            report.failures.append(f"{outcome}: request {index} (seed {seed}): {name} {key} {text[:300]} → "
                                   f"exit {code}, {(err or out)[:300].strip()}")
    return report
