"""Lessons as data: loading ``lessons/<game>/*.md`` and checking what they claim against the engine.

A lesson file is Markdown with a TOML header between two ``+++`` lines::

    +++
    title = "Pairs"
    summary = "Two cards of one rank."

    [example]                       # a live example, re-dealt with another seed on request
    command = "deal"                # a command of the game's cli (engine/<game>/cli.py)
    request = { preset = "three_player", seed = 7 }
    reseed = true                   # offer "deal another" (replaces request.seed)
    show = [ { label = "Your hand", path = "hands.0" } ]   # card strings in the answer to draw

    [exercise]
    prompt = "Pick a pair from your hand."
    input = "cards"                 # cards | choice | yes_no | number
    pick_from = "$example.hands.0"  # cards input: the cards offered
    choices = ["5S", "4H"]          # choice input: the options
    command = "check"
    request = { preset = "three_player", hand = "$example.hands.0", play = "$answer" }
    correct = "legal"               # cards input: the answer field that is true when the learner is right
    answer_field = "winner"         # other inputs: the engine's answer, compared with the learner's
    explain = "reason"              # the answer field shown as feedback
    [[exercise.tests]]              # answers the lesson check tries, with the verdict the engine must give
    answer = "5S 5H"
    right = true

    [[claims]]                      # every fact the text states, checked by tests/test_lessons.py
    text = "Five 3s beat four 7s with four players."
    command = "check"
    request = { ... }
    expect = { legal = true }       # a subset of the answer
    expect_contains = { plays = ["9 9 9 3"] }   # lists in the answer that must contain these items
    +++
    The lesson text, in Markdown.

In requests, a string ``"$answer"`` is the learner's answer, ``"$seed"`` the example's seed, and
``"$example.a.b.0"`` a value from the example's answer.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import CardTableError, InvalidRequestError

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
INPUT_KINDS = ("cards", "choice", "yes_no", "number")
Command = Callable[[Mapping[str, Any]], dict[str, Any]]


class LessonFormatError(CardTableError):
    """A lesson file that does not follow the format above; the message names the file."""


@dataclass(frozen=True)
class Example:
    command: str
    request: Mapping[str, Any]
    reseed: bool = False
    show: tuple[tuple[str, str], ...] = ()
    caption: str = ""


@dataclass(frozen=True)
class Exercise:
    prompt: str
    input: str
    command: str
    request: Mapping[str, Any]
    correct: str | None = None
    answer_field: str | None = None
    explain: str | None = None
    choices: tuple[str, ...] = ()
    pick_from: str | None = None
    tests: tuple[Mapping[str, Any], ...] = ()


@dataclass(frozen=True)
class Claim:
    text: str
    command: str
    request: Mapping[str, Any]
    expect: Mapping[str, Any] = field(default_factory=dict)
    expect_contains: Mapping[str, Sequence[Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    game: str
    slug: str
    title: str
    summary: str
    body: str
    example: Example | None
    exercise: Exercise | None
    claims: tuple[Claim, ...]
    path: Path


_HEADER = re.compile(r"\A\+\+\+\s*\n(.*?)\n\+\+\+\s*\n?(.*)\Z", re.S)


def parse_lesson(text: str, game: str, slug: str, path: Path | None = None) -> Lesson:
    """Parse one lesson file's text; raises LessonFormatError naming the file."""
    where = str(path or slug)
    match = _HEADER.match(text)
    if not match:
        raise LessonFormatError(f"{where}: a lesson starts with a TOML header between '+++' lines")
    try:
        head = tomllib.loads(match.group(1))
    except tomllib.TOMLDecodeError as error:
        raise LessonFormatError(f"{where}: header is not TOML: {error}") from None
    try:
        example = None
        if "example" in head:
            e = head["example"]
            example = Example(
                command=e["command"],
                request=e.get("request", {}),
                reseed=bool(e.get("reseed", False)),
                show=tuple((s["label"], s["path"]) for s in e.get("show", [])),
                caption=e.get("caption", ""),
            )
        exercise = None
        if "exercise" in head:
            x = head["exercise"]
            if x["input"] not in INPUT_KINDS:
                raise LessonFormatError(f"{where}: exercise input must be one of {', '.join(INPUT_KINDS)}")
            exercise = Exercise(
                prompt=x["prompt"],
                input=x["input"],
                command=x["command"],
                request=x.get("request", {}),
                correct=x.get("correct"),
                answer_field=x.get("answer_field"),
                explain=x.get("explain"),
                choices=tuple(str(c) for c in x.get("choices", [])),
                pick_from=x.get("pick_from"),
                tests=tuple(x.get("tests", [])),
            )
            if exercise.input == "cards" and not exercise.correct:
                raise LessonFormatError(f"{where}: a cards exercise names its 'correct' field")
            if exercise.input != "cards" and not exercise.answer_field:
                raise LessonFormatError(f"{where}: a {exercise.input} exercise names its 'answer_field'")
        claims = tuple(
            Claim(
                text=c["text"],
                command=c["command"],
                request=c.get("request", {}),
                expect=c.get("expect", {}),
                expect_contains=c.get("expect_contains", {}),
            )
            for c in head.get("claims", [])
        )
        return Lesson(
            game=game,
            slug=slug,
            title=head["title"],
            summary=head.get("summary", ""),
            body=match.group(2).strip(),
            example=example,
            exercise=exercise,
            claims=claims,
            path=path or Path(slug),
        )
    except KeyError as error:
        raise LessonFormatError(f"{where}: missing {error.args[0]!r} in the header") from None


def load_lessons(game: str, root: Path = LESSONS_DIR) -> list[Lesson]:
    """The lessons of ``game`` in file-name order (``01-goal.md``, ``02-ranking.md`` …)."""
    folder = root / game
    if not folder.is_dir():
        return []
    return [
        parse_lesson(p.read_text(encoding="utf-8"), game, p.stem, p)
        for p in sorted(folder.glob("*.md"))
        if not p.name.startswith("_") and p.name.lower() != "readme.md"
    ]


def lookup(data: Any, path: str) -> Any:
    """The value at a dotted ``path`` (``hands.0``, ``plays.2.cards``) in nested dicts and lists."""
    value = data
    for part in path.split(".") if path else []:
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.lstrip("-").isdigit() and -len(value) <= int(part) < len(value):
            value = value[int(part)]
        else:
            raise InvalidRequestError(f"no {part!r} in the answer at {path!r}")
    return value


def fill(template: Any, *, answer: Any = None, seed: int | None = None, example: Any = None) -> Any:
    """``template`` with ``$answer``, ``$seed`` and ``$example.path`` strings replaced."""
    if isinstance(template, Mapping):
        return {k: fill(v, answer=answer, seed=seed, example=example) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, answer=answer, seed=seed, example=example) for v in template]
    if isinstance(template, str):
        if template == "$answer":
            return answer
        if template == "$seed":
            return seed
        if template.startswith("$example."):
            return lookup(example, template[len("$example.") :])
    return template


def example_request(example: Example, seed: int | None = None) -> dict[str, Any]:
    """The example's request, with ``seed`` in place of its own when given."""
    request = dict(example.request)
    if seed is not None and example.reseed:
        request["seed"] = seed
    return request


@dataclass(frozen=True)
class Feedback:
    """The engine's judgement of a learner's answer to an exercise."""

    right: bool
    message: str
    engine_answer: Any = None


def judge(
    exercise: Exercise, answer: Any, run: Command, example_answer: Any = None, seed: int | None = None
) -> Feedback:
    """Judge ``answer`` with the engine: run the exercise's command and read its verdict."""
    request = fill(exercise.request, answer=answer, seed=seed, example=example_answer)
    result = run(request)
    explanation = str(lookup(result, exercise.explain)) if exercise.explain else ""
    if exercise.input == "cards":
        right = bool(lookup(result, exercise.correct or ""))
        return Feedback(right, explanation, result)
    truth = lookup(result, exercise.answer_field or "")
    right = _same(answer, truth)
    return Feedback(right, explanation, truth)


def _same(answer: Any, truth: Any) -> bool:
    if isinstance(truth, bool) or isinstance(answer, bool):
        return bool(answer) == bool(truth)
    if isinstance(truth, (int, float)) and not isinstance(answer, str):
        return float(answer) == float(truth)
    return str(answer).strip().upper() == str(truth).strip().upper()


def check_claim(claim: Claim, run: Command) -> list[str]:
    """Problems with ``claim`` (empty when the engine agrees with it)."""
    result = run(claim.request)
    problems = [f"{key}: lesson says {want!r}, engine says {got!r}"
                for key, want, got in _mismatches(claim.expect, result, "")]
    for key, items in claim.expect_contains.items():
        got = lookup(result, key)
        for item in items:
            if item not in got:
                problems.append(f"{key}: lesson says it contains {item!r}, engine answers {got!r}")
    return problems


def _mismatches(want: Any, got: Any, path: str) -> list[tuple[str, Any, Any]]:
    if isinstance(want, Mapping):
        if not isinstance(got, Mapping):
            return [(path or "answer", want, got)]
        out: list[tuple[str, Any, Any]] = []
        for k, v in want.items():
            sub = f"{path}.{k}" if path else k
            out += _mismatches(v, got.get(k), sub) if k in got else [(sub, v, "(missing)")]
        return out
    return [] if want == got else [(path or "answer", want, got)]
