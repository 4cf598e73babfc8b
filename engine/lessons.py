"""Lessons as data: loading ``lessons/<game>/*.md`` and checking what they claim against the engine.

A lesson file is Markdown with a TOML header between two ``+++`` lines::

    +++
    title = "Pairs"
    summary = "Two cards of one rank."    # one line; also the first hint when the exercise has none
    pages = ["editor"]                    # optional: other pages of the game linked under the text
                                          # (lessons, editor, scoring, table)

    [example]                       # a live example, re-dealt with another seed on request
    command = "deal"                # a command of the game (engine.command_tables.json_commands)
    request = { preset = "three_player", seed = 7 }
    reseed = true                   # offer "Deal another" (replaces request.seed)
    caption = "South deals."        # a line above the example; may name example values: {example.dealer}
    show = [
      { label = "Your hand", path = "hands.0" },             # a value of the answer to draw (cards as cards)
      { label = "Who leads", path = "leader", after = true },  # shown only once the exercise is answered
    ]
    editor = { hand = "$example.hands.0" }   # optional: the position "Open in the editor" carries
    table = { seed = "$seed" }               # optional: the hand "Play it at the Table" deals
                                             # (false for either: no link; absent: the game's default)

    [exercise]
    prompt = "You are {example.first}. Pick a pair from your hand."
    hint = "Two cards of the same rank."    # one line, shown after a wrong answer (placeholders too)
    input = "cards"                 # cards | choice | yes_no | number
    pick_from = "$example.hands.0"  # cards input: the cards offered
    group_trumps = false            # cards input: draw them by printed suit even where the example names a trump
                                    # (default: trumps first, where the game knows them: an exercise that asks
                                    # which cards are trumps must not group them)
    choices = ["5S", "4H"]          # choice input: the options
    command = "check"
    request = { preset = "three_player", hand = "$example.hands.0", play = "$answer" }
    correct = "legal"               # cards input: the answer field that is true when the learner is right
    answer_field = "winner"         # other inputs: the engine's answer, compared with the learner's
    explain = "reason"              # the answer field that explains the verdict ("Show me why", and why right)
    why = "{answer.landlord_name} bid last; two passes after a bid end the auction."
                                    # optional: the explanation in the lesson's own words, for every verdict,
                                    # in place of ``explain`` (where the engine's field is terse or missing)
    right_why = "Any one card is a single."   # optional: what a right answer reads, in place of the above
    quality = "grade"               # optional: an answer field grading a legal answer ("good", "poor", …);
                                    # only "good" is right, any other grade reads "Legal, but poor: <explain>"
    [[exercise.tests]]              # answers the lesson check tries, with the verdict the engine must give
    answer = "5S 5H"
    right = true

    [[claims]]                      # every fact the text states ("Key facts"), checked by tests/test_lessons.py
    text = "Five 3s beat four 7s with four players."
    command = "check"
    request = { ... }
    expect = { legal = true }       # a subset of the answer
    expect_contains = { plays = ["9 9 9 3"] }   # lists in the answer that must contain these items
    +++
    The lesson text, in Markdown.

In requests (and in ``editor`` / ``table``), a string ``"$answer"`` is the learner's answer, ``"$seed"`` the
example's seed, ``"$example.a.b.0"`` a value from the example's answer and ``"$request.a"`` one from the
example's request (``"$request"`` alone: the whole request). In ``prompt``, ``hint`` and ``caption``,
``{example.a.b}`` is a value of the example's answer written in words (cards as symbols, true as "yes"), so that
an exercise about a re-dealt example names the new deal's values; ``why`` and ``right_why`` may also name
``{answer.a.b}``, a value of the engine's answer to the exercise's command. Every field added after the first
version (``hint``, ``after``, ``quality``, ``pages``, ``editor``, ``table``, ``why``, ``right_why``,
``group_trumps``, placeholders) is optional: older files read as before.

**Translations** (Bengali ``bn``, Assamese ``as``): ``lessons/<game>/<lang>/<slug>.md`` has the same ``+++``
header form holding only the learner-facing strings, at the English header's keys, then the translated text::

    +++
    title = "…"
    summary = "…"
    claims = ["…", "…"]             # the claims' text, one per English [[claims]], in order
    [example]
    caption = "…"                   # only where the English example has one
    show_labels = ["…"]             # one per English show row, in order
    [exercise]
    prompt = "…"                    # hint / why / right_why only where the English has them
    choice_labels = { "order up" = "…" }   # only for choices that are words (not cards, ranks or seats)
    +++
    The lesson text, translated.

Placeholders stay as in English. Every checked fact (commands, requests, claims, tests) is the English file's:
a claim is checked once, whatever the language. :func:`load_lessons` with ``lang`` gives each lesson in that
language, or in English (``Lesson.lang == "en"``) where its translation is missing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.contract import SEAT_NAMES
from engine.errors import CardTableError, InvalidRequestError
from engine.games import game as game_of
from engine.i18n import DEFAULT_LANGUAGE, LANGUAGES
from engine.i18n import gettext as _
from engine.words import and_list, seat_name

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"
INPUT_KINDS = ("cards", "choice", "yes_no", "number")
PAGE_KINDS = ("lessons", "editor", "scoring", "table")
GOOD_GRADE = "good"
"""The one grade (of an exercise's ``quality`` field) that counts as right."""
Command = Callable[[Mapping[str, Any]], dict[str, Any]]
Template = Mapping[str, Any] | str
"""A request-like template (``$example.…`` strings filled in), or ``"$request"``: the example's request."""

_PLACEHOLDER = re.compile(r"\{example\.([A-Za-z0-9_.\-]+)\}")
_BRACED = re.compile(r"\{example[^}]*\}")
_ANSWER_PLACEHOLDER = re.compile(r"\{answer\.([A-Za-z0-9_.\-]+)\}")
_ANSWER_BRACED = re.compile(r"\{answer[^}]*\}")


class LessonFormatError(CardTableError):
    """A lesson file that does not follow the format above; the message names the file."""


@dataclass(frozen=True)
class ShowRow:
    """A value of the example's answer to draw: ``path`` in the answer, under ``label``; ``after``: only once
    the exercise has been answered (a row that would give the answer away)."""

    label: str
    path: str
    after: bool = False


@dataclass(frozen=True)
class Example:
    command: str
    request: Mapping[str, Any]
    reseed: bool = False
    show: tuple[ShowRow, ...] = ()
    caption: str = ""
    editor: Template | bool | None = None
    """The position "Open in the editor" carries: a template, False for no link, None for the game's default."""
    table: Template | bool | None = None
    """The hand "Play it at the Table" deals: a record template, False for no link, None for the default."""


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
    hint: str = ""
    quality: str | None = None
    group_trumps: bool = True
    """Cards input: the offered cards are drawn trumps first where the game knows the example's trump."""
    why: str = ""
    """The explanation in the lesson's words (``{answer.…}`` and ``{example.…}`` filled), in place of ``explain``."""
    right_why: str = ""
    """What a right answer reads, in place of the explanation (when the engine's reason only repeats it)."""
    choice_labels: Mapping[str, str] = field(default_factory=dict)
    """Choice input: what a translated lesson shows for a choice that is a word (the answer stays the choice)."""


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
    pages: tuple[str, ...] = ()
    lang: str = DEFAULT_LANGUAGE
    """The language of the lesson's text: a translation's, or English where the translation is missing."""


_HEADER = re.compile(r"\A\+\+\+\s*\n(.*?)\n\+\+\+\s*\n?(.*)\Z", re.S)


def placeholders(text: str) -> tuple[str, ...]:
    """The example paths named in ``text`` by ``{example.path}`` placeholders, in order."""
    return tuple(_PLACEHOLDER.findall(text))


def fill_text(text: str, example: Any, words: Callable[[Any], str] = str, answer: Any = None) -> str:
    """``text`` with each ``{example.path}`` replaced by ``words(value)`` of that value in the example's answer
    (and each ``{answer.path}`` by one of ``answer``, the exercise's engine answer, when given);
    InvalidRequestError if a path is not in the answer."""
    text = _PLACEHOLDER.sub(lambda m: words(lookup(example, m.group(1))), text)
    if answer is not None:
        text = _ANSWER_PLACEHOLDER.sub(lambda m: words(lookup(answer, m.group(1))), text)
    return text


def plain_value(value: Any) -> str:
    """A value written for a learner without the UI's card drawing, in the current language: true/false as
    "yes"/"no", nothing as "none", lists joined with "and" — never a Python value."""
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        items = [plain_value(v) for v in value]
        return and_list(items) if items else _("none")
    return str(value)


def _template(value: Any, where: str, name: str) -> Template | bool | None:
    if value is None or isinstance(value, bool) or isinstance(value, Mapping) or value == "$request":
        return value  # type: ignore[no-any-return]
    raise LessonFormatError(f"{where}: example {name} is a table of fields, \"$request\" or false")


def _text_field(value: Any, where: str, name: str, answers: bool = False) -> str:
    if not isinstance(value, str):
        raise LessonFormatError(f"{where}: {name} is text")
    bad = [m for m in _BRACED.findall(value) if not _PLACEHOLDER.fullmatch(m)]
    if answers:
        bad += [m for m in _ANSWER_BRACED.findall(value) if not _ANSWER_PLACEHOLDER.fullmatch(m)]
    elif _ANSWER_BRACED.search(value):
        bad.append(_ANSWER_BRACED.findall(value)[0])
    if bad:
        also = " or {answer.path}" if answers else ""
        raise LessonFormatError(f"{where}: {name} has a placeholder {bad[0]!r}; write {{example.path}}{also}")
    return value


def _flag(value: Any, where: str, name: str) -> bool:
    if not isinstance(value, bool):
        raise LessonFormatError(f"{where}: {name!r} is true or false")
    return value


def _show_rows(rows: Any, where: str) -> tuple[ShowRow, ...]:
    out = []
    for row in rows:
        after = row.get("after", False)
        if not isinstance(after, bool):
            raise LessonFormatError(f"{where}: 'after' in a show row is true or false")
        out.append(ShowRow(row["label"], row["path"], after))
    return tuple(out)


def _split(text: str, where: str) -> tuple[dict[str, Any], str]:
    """A lesson file's TOML header (read) and its Markdown text (stripped); LessonFormatError naming ``where``."""
    match = _HEADER.match(text)
    if not match:
        raise LessonFormatError(f"{where}: a lesson starts with a TOML header between '+++' lines")
    try:
        return tomllib.loads(match.group(1)), match.group(2).strip()
    except tomllib.TOMLDecodeError as error:
        raise LessonFormatError(f"{where}: header is not TOML: {error}") from None


def parse_lesson(text: str, game: str, slug: str, path: Path | None = None) -> Lesson:
    """Parse one lesson file's text; raises LessonFormatError naming the file."""
    where = str(path or slug)
    head, body = _split(text, where)
    try:
        example = None
        if "example" in head:
            e = head["example"]
            example = Example(
                command=e["command"],
                request=e.get("request", {}),
                reseed=bool(e.get("reseed", False)),
                show=_show_rows(e.get("show", []), where),
                caption=_text_field(e.get("caption", ""), where, "the example's caption"),
                editor=_template(e.get("editor"), where, "editor"),
                table=_template(e.get("table"), where, "table"),
            )
        exercise = None
        if "exercise" in head:
            x = head["exercise"]
            if x["input"] not in INPUT_KINDS:
                raise LessonFormatError(f"{where}: exercise input must be one of {', '.join(INPUT_KINDS)}")
            quality = x.get("quality")
            if quality is not None and not isinstance(quality, str):
                raise LessonFormatError(f"{where}: the exercise's quality names an answer field (text)")
            exercise = Exercise(
                prompt=_text_field(x["prompt"], where, "the prompt"),
                input=x["input"],
                command=x["command"],
                request=x.get("request", {}),
                correct=x.get("correct"),
                answer_field=x.get("answer_field"),
                explain=x.get("explain"),
                choices=tuple(str(c) for c in x.get("choices", [])),
                pick_from=x.get("pick_from"),
                tests=tuple(x.get("tests", [])),
                hint=_text_field(x.get("hint", ""), where, "the hint"),
                quality=quality,
                group_trumps=_flag(x.get("group_trumps", True), where, "group_trumps"),
                why=_text_field(x.get("why", ""), where, "the exercise's why", answers=True),
                right_why=_text_field(x.get("right_why", ""), where, "the exercise's right_why", answers=True),
            )
            if exercise.input == "cards" and not exercise.correct:
                raise LessonFormatError(f"{where}: a cards exercise names its 'correct' field")
            if exercise.input != "cards" and not exercise.answer_field:
                raise LessonFormatError(f"{where}: a {exercise.input} exercise names its 'answer_field'")
            if example is None and placeholders(exercise.prompt + exercise.hint):
                raise LessonFormatError(f"{where}: placeholders {{example.…}} need an [example]")
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
        pages = head.get("pages", [])
        if not isinstance(pages, list) or any(p not in PAGE_KINDS for p in pages):
            raise LessonFormatError(f"{where}: pages is a list of {', '.join(PAGE_KINDS)}")
        return Lesson(
            game=game,
            slug=slug,
            title=head["title"],
            summary=head.get("summary", ""),
            body=body,
            example=example,
            exercise=exercise,
            claims=claims,
            path=path or Path(slug),
            pages=tuple(pages),
        )
    except KeyError as error:
        raise LessonFormatError(f"{where}: missing {error.args[0]!r} in the header") from None


def load_lessons(game: str, root: Path = LESSONS_DIR, lang: str = DEFAULT_LANGUAGE) -> list[Lesson]:
    """The lessons of ``game`` in file-name order (``01-goal.md``, ``02-ranking.md`` …), in ``lang`` where a
    translation exists (``lessons/<game>/<lang>/<slug>.md``), else in English (the lesson's ``lang`` says which)."""
    folder = root / game
    if not folder.is_dir():
        return []
    lessons = [
        parse_lesson(p.read_text(encoding="utf-8"), game, p.stem, p)
        for p in sorted(folder.glob("*.md"))
        if not p.name.startswith("_") and p.name.lower() != "readme.md"
    ]
    return [translate(lesson, lang) for lesson in lessons]


# --- translations: the learner-facing strings of a lesson in another language over the English header ---------


def translation_path(lesson: Lesson, lang: str) -> Path:
    """Where the ``lang`` text of ``lesson`` lives: ``lessons/<game>/<lang>/<slug>.md``."""
    return lesson.path.parent / lang / f"{lesson.slug}.md"


def translate(lesson: Lesson, lang: str) -> Lesson:
    """``lesson`` in ``lang``: its translation's texts over the English header's checked facts, or the English
    lesson itself (``lang`` "en") when there is no translation. InvalidRequestError for an unknown language."""
    if lang not in LANGUAGES:
        raise InvalidRequestError(f"there is no language {lang!r}; the languages are {', '.join(LANGUAGES)}")
    path = translation_path(lesson, lang)
    if lang == DEFAULT_LANGUAGE or not path.is_file():
        return lesson
    return parse_translation(path.read_text(encoding="utf-8"), lesson, lang, path)


def word_choices(exercise: Exercise) -> tuple[str, ...]:
    """The choices of ``exercise`` that are words a translation labels ("pass", "order up"): not cards, ranks,
    numbers or seats (the words layer names seats)."""
    seats = {name.lower() for name in SEAT_NAMES.values()}
    return tuple(c for c in exercise.choices if re.search(r"[a-z]{2}", c) and c.lower() not in seats)


def translation_skeleton(lesson: Lesson) -> dict[str, Any]:
    """The learner-facing keys a translation of ``lesson`` has, each with its English text (a list for
    ``show_labels`` and ``claims``, a table for ``choice_labels``): no more keys, no fewer."""
    out: dict[str, Any] = {"title": lesson.title}
    if lesson.summary:
        out["summary"] = lesson.summary
    e = lesson.example
    if e is not None and (e.caption or e.show):
        out["example"] = {k: v for k, v in (("caption", e.caption), ("show_labels", [r.label for r in e.show])) if v}
    x = lesson.exercise
    if x is not None:
        texts = (("prompt", x.prompt), ("hint", x.hint), ("why", x.why), ("right_why", x.right_why))
        out["exercise"] = {k: v for k, v in texts if v}
        if word_choices(x):
            out["exercise"]["choice_labels"] = {c: c for c in word_choices(x)}
    if lesson.claims:
        out["claims"] = [c.text for c in lesson.claims]
    return out


def _placeholder_set(text: str) -> list[str]:
    return sorted(_BRACED.findall(text) + _ANSWER_BRACED.findall(text))


def _same_shape(want: Any, got: Any, where: str, key: str) -> None:
    """``got`` (the translation's value at ``key``) has the shape of ``want`` (the skeleton's), and the same
    placeholders in every text."""
    if isinstance(want, dict):
        if not isinstance(got, dict):
            raise LessonFormatError(f"{where}: {key or 'the header'} is a table")
        if set(got) != set(want):
            extra, missing = sorted(set(got) - set(want)), sorted(set(want) - set(got))
            raise LessonFormatError(f"{where}: {key or 'the header'} must have the English lesson's keys"
                                    f"{'; extra: ' + ', '.join(extra) if extra else ''}"
                                    f"{'; missing: ' + ', '.join(missing) if missing else ''}")
        for k in want:
            _same_shape(want[k], got[k], where, f"{key}.{k}" if key else k)
    elif isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            raise LessonFormatError(f"{where}: {key} needs {len(want)} items, one per English item, in order")
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            _same_shape(w, g, where, f"{key}.{i}")
    elif not isinstance(got, str) or not got.strip():
        raise LessonFormatError(f"{where}: {key} is a text (not empty)")
    elif _placeholder_set(got) != _placeholder_set(want):
        raise LessonFormatError(f"{where}: {key} must keep the English placeholders {_placeholder_set(want)}, "
                                f"not {_placeholder_set(got)}")


def parse_translation(text: str, english: Lesson, lang: str, path: Path | None = None) -> Lesson:
    """``english`` with the texts of its ``lang`` translation ``text``; LessonFormatError naming the file when
    the translation's header is not exactly the English lesson's learner-facing keys (same counts, same
    placeholders) or its text is empty."""
    where = str(path or f"{english.slug} ({lang})")
    head, body = _split(text, where)
    for table in ("exercise", "example"):  # `claims = [...]` written after a table: TOML files it under that table
        if isinstance(head.get(table), dict) and "claims" in head[table] and "claims" not in head:
            head["claims"] = head[table].pop("claims")
    _same_shape(translation_skeleton(english), head, where, "")
    if not body:
        raise LessonFormatError(f"{where}: the translation has no lesson text")
    if _placeholder_set(body) != _placeholder_set(english.body):
        raise LessonFormatError(f"{where}: the text must keep the English placeholders")
    example, exercise = english.example, english.exercise
    if example is not None and "example" in head:
        e = head["example"]
        rows = tuple(ShowRow(label, r.path, r.after)
                     for label, r in zip(e.get("show_labels", []), example.show, strict=True))
        example = replace(example, caption=e.get("caption", ""), show=rows or example.show)
    if exercise is not None:
        x = head["exercise"]
        exercise = replace(exercise, prompt=x["prompt"], hint=x.get("hint", ""), why=x.get("why", ""),
                           right_why=x.get("right_why", ""), choice_labels=dict(x.get("choice_labels", {})))
    claims = tuple(replace(c, text=t) for c, t in zip(english.claims, head.get("claims", []), strict=True))
    return replace(english, title=head["title"], summary=head.get("summary", ""), body=body, example=example,
                   exercise=exercise, claims=claims, lang=lang)


def find_lesson(lessons: Sequence[Lesson], key: str) -> int | None:
    """The index of the lesson a link names: its number from 1 (``"7"``) or its slug (``"07-tractors"``, in
    any case); None when no lesson has that number or slug."""
    text = key.strip()
    if text.isdigit() and len(text) <= 4:
        number = int(text)
        return number - 1 if 1 <= number <= len(lessons) else None
    for i, lesson in enumerate(lessons):
        if lesson.slug.lower() == text.lower():
            return i
    return None


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


def fill(template: Any, *, answer: Any = None, seed: int | None = None, example: Any = None,
         request: Any = None) -> Any:
    """``template`` with ``$answer``, ``$seed``, ``$example.path`` and ``$request.path`` strings replaced."""
    if isinstance(template, Mapping):
        return {k: fill(v, answer=answer, seed=seed, example=example, request=request) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, answer=answer, seed=seed, example=example, request=request) for v in template]
    if isinstance(template, str):
        if template == "$answer":
            return answer
        if template == "$seed":
            return seed
        if template.startswith("$example."):
            return lookup(example, template[len("$example."):])
        if template == "$request":
            return dict(request or {})
        if template.startswith("$request."):
            return lookup(request or {}, template[len("$request."):])
    return template


def example_request(example: Example, seed: int | None = None) -> dict[str, Any]:
    """The example's request, with ``seed`` in place of its own when given."""
    request = dict(example.request)
    if seed is not None and example.reseed:
        request["seed"] = seed
    return request


@dataclass(frozen=True)
class Feedback:
    """The engine's judgement of a learner's answer to an exercise.

    ``right``: the answer is what the exercise asks for. ``legal`` differs from it only for a graded exercise
    (``quality``): a legal answer of another grade than "good" is legal but not right, and ``grade`` names it.
    ``message`` is the engine's explanation; ``engine_answer`` the truth (non-cards inputs) or the whole answer.
    """

    right: bool
    message: str
    engine_answer: Any = None
    legal: bool | None = None
    grade: str | None = None

    @property
    def poor(self) -> bool:
        """A legal answer that the engine grades below "good"."""
        return bool(self.legal) and not self.right and self.grade is not None


def judge(
    exercise: Exercise, answer: Any, run: Command, example_answer: Any = None, seed: int | None = None,
    words: Callable[[Any], str] = plain_value,
) -> Feedback:
    """Judge ``answer`` with the engine: run the exercise's command and read its verdict (and grade). The
    message is the lesson's ``right_why`` for a right answer, else its ``why``, else the engine's ``explain``
    field; ``words`` writes the values the lesson's texts name."""
    request = fill(exercise.request, answer=answer, seed=seed, example=example_answer)
    result = run(request)

    def message(right: bool) -> str:
        text = exercise.right_why if right and exercise.right_why else exercise.why
        if text:
            return fill_text(text, example_answer if example_answer is not None else {}, words, result)
        return str(lookup(result, exercise.explain)) if exercise.explain else ""

    if exercise.input == "cards":
        legal = bool(lookup(result, exercise.correct or ""))
        grade = str(lookup(result, exercise.quality)) if exercise.quality and legal else None
        right = legal and (grade is None or grade.strip().lower() == GOOD_GRADE)
        return Feedback(right, message(right), result, legal, grade)
    truth = lookup(result, exercise.answer_field or "")
    right = same_answer(answer, truth)
    return Feedback(right, message(right), truth, right)


_SEAT_LETTERS = {name.upper(): letter for letter, name in SEAT_NAMES.items()}


def same_answer(answer: Any, truth: Any) -> bool:
    """Whether a learner's answer is the engine's: yes/no as truth values, numbers by value, texts in any case,
    a seat by its letter or its name, in English or the current language ("E" is "East", and পূর্ব in Bengali)."""
    if isinstance(truth, bool) or isinstance(answer, bool):
        return bool(answer) == bool(truth)
    if isinstance(truth, (int, float)) and not isinstance(answer, str):
        return float(answer) == float(truth)

    local = {seat_name(letter).upper(): letter for letter in SEAT_NAMES}

    def text(value: Any) -> str:
        word = str(value).strip().upper()
        return _SEAT_LETTERS.get(word) or local.get(word, word)

    return text(answer) == text(truth)


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


# --- links from a live example to the game's position editor and Table -------------------------------------


def _with_rules(position: dict[str, Any], request: Mapping[str, Any]) -> dict[str, Any]:
    for name in ("preset", "options", "decks"):
        if name in request and name not in position:
            position[name] = request[name]
    return position


def editor_position(game: str, example: Example, answer: Any, seed: int | None = None) -> dict[str, Any] | None:
    """The position JSON that "Open in the editor" carries for this example (its answer ``answer``), or None
    when the example is not a position the editor reads. The UI still checks it with the game's command."""
    if example.editor is False:
        return None
    request = example_request(example, seed)
    templates: list[Template]
    if isinstance(example.editor, (Mapping, str)):
        templates = [example.editor]
    else:
        rules = game_of(game).lesson_editor_links
        templates = [r.template for r in rules if r.applies(example.command, example.request)]
    for template in templates:
        try:
            filled = fill(template, seed=seed, example=answer, request=request)
        except InvalidRequestError:
            continue
        if isinstance(filled, dict):
            return _with_rules(filled, request)
    return None


def table_record(game: str, example: Example, answer: Any, seed: int | None = None) -> dict[str, Any] | None:
    """The Table record (``{"game", "preset", "options", "seed", "actions": []}``) that "Play it at the Table"
    carries for this example, or None when its deal is not one the Table makes. ``preset`` is None when the
    example uses the game's default preset."""
    if example.table is False:
        return None
    request = example_request(example, seed)
    if isinstance(example.table, (Mapping, str)):
        try:
            filled = fill(example.table, seed=seed, example=answer, request=request)
        except InvalidRequestError:
            return None
        if not isinstance(filled, dict):
            return None
        record = {"game": game, "preset": request.get("preset"), "options": dict(request.get("options") or {}),
                  "seed": request.get("seed"), "actions": [], **filled}
    elif example.command in game_of(game).lesson_table_examples and isinstance(request.get("seed"), int):
        record = {"game": game, "preset": request.get("preset"), "options": dict(request.get("options") or {}),
                  "seed": request["seed"], "actions": []}
    else:
        return None
    return record if isinstance(record.get("seed"), int) else None
