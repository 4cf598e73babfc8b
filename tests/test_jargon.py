"""Plain words for learners: no internal jargon in what the lessons show.

Checked, per lesson file: the title, summary and body, the example's caption and row labels and the values it
shows as text, the exercise's prompt, hint and choices, the key facts, and the engine's explanations of the
recorded answers. Checked, per game: every text the lessons page draws while walking all lessons, less what
the lesson's own texts already contain (those are reported per file): the page's own words and the values it
writes. Jargon is: seed numbers ("seed 000"), "the seeds", option identifiers in backticks (`turn_order`),
command lines (``python -m``), "Checked by the engine", Python or JSON values shown as answers ("False",
": None", ``['…']``, ``{"…": …}``) and suit-first shorthand such as ♥2233.

A failure lists every phrase found, per file: the lesson texts are fixed by their authors, not here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.command_tables import json_commands
from engine.games import GAMES
from engine.lessons import Lesson, example_request, fill_text, judge, load_lessons, lookup
from tests.conftest import ROOT
from ui.lessons import words

JARGON: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a seed number", re.compile(r"\bseeds?\s+0\d*", re.I)),
    ("'the seeds'", re.compile(r"\bthe seeds\b", re.I)),
    ("an option identifier", re.compile(r"`[a-z][a-z0-9]*_[a-z0-9_]+`")),
    ("a command line", re.compile(r"python\s+-m\b")),
    ("'Checked by the engine'", re.compile(r"checked by the engine", re.I)),
    ("a Python true/false", re.compile(r"(?<![A-Za-z])(?:True|False)(?![A-Za-z])")),
    ("a Python None", re.compile(r"(?:[:=]\s*\**\s*None\b|\bNone\s*\**\s*$)", re.M)),
    ("a list dump", re.compile(r"\[\s*(?:['\"]|\d+\s*,|\]|True|False|None)")),
    ("a dict dump", re.compile(r"\{\s*['\"][^'\"]{0,40}['\"]\s*:")),
    ("suit-first shorthand", re.compile(r"[♠♥♦♣](?:10|[2-9JQKA]){2,}")),
)

GAME_LESSONS = [(g, lesson) for g in GAMES for lesson in load_lessons(g)]
IDS = [f"{g}/{lesson.slug}" for g, lesson in GAME_LESSONS]


def matched(text: str) -> set[tuple[str, str]]:
    """(what, the matched words) for each jargon phrase in ``text``."""
    return {(name, m.group()) for name, pattern in JARGON for m in pattern.finditer(text)}


def jargon(text: str) -> list[str]:
    """The jargon phrases in ``text``, each as "what: 'the phrase'"."""
    found = []
    for name, pattern in JARGON:
        for match in pattern.finditer(text):
            start, end = max(0, match.start() - 20), min(len(text), match.end() + 20)
            found.append(f"{name}: …{text[start:end].strip()}…")
    return found


@pytest.mark.parametrize(("text", "caught"), [
    ("Seed 000 gives eleven examples", True),
    ("the seeds do not settle this case", True),
    ("set `turn_order` to clockwise", True),
    ("The JSON is exactly what `python -m engine legal` reads", True),
    ("Checked by the engine (9)", True),
    ("Is the game over?: False", True),
    ("**Winner:** None", True),
    ("Bids: ['pass', 1]", True),
    ("{'N': 3, 'E': 1}", True),
    ("♥2233, ♠AA♦10♦10", True),
    ("None of your cards beats it, so you pass.", False),
    ("South holds 3♠ and leads; the deal is number 3.", False),
    ("Two pairs of ♥ (A♥ A♥ K♥ K♥) make a tractor; see [lesson 3](#trumps).", False),
    ("the option *Turn order* (clockwise)", False),
    ("yes — the game is over", False),
])
def test_the_detector_catches_jargon_and_passes_plain_words(text: str, caught: bool) -> None:
    assert bool(jargon(text)) is caught, jargon(text)


def _shown_values(value: Any) -> Iterator[str]:
    """The texts a shown value becomes on the page (cards are drawn, not written)."""
    written = words(value)
    if isinstance(value, str) and written != value:
        return  # card notation: drawn as cards
    if isinstance(value, (list, dict)) and all(isinstance(v, str) for v in (value.values() if isinstance(
            value, dict) else value)):
        for item in value.values() if isinstance(value, dict) else value:
            yield from _shown_values(item)
        return
    yield written


def lesson_texts(lesson: Lesson) -> Iterable[tuple[str, str]]:
    """(where, text) for every learner-visible text of a lesson, its example and its explanations."""
    yield "title", lesson.title
    yield "summary", lesson.summary
    yield "body", lesson.body
    for claim in lesson.claims:
        yield "key fact", claim.text
    commands = json_commands(lesson.game)
    answer, seed = None, None
    if lesson.example is not None:
        seed = lesson.example.request.get("seed") if lesson.example.reseed else None
        answer = commands[lesson.example.command](example_request(lesson.example, seed))
        yield "example caption", fill_text(lesson.example.caption, answer, words)
        for row in lesson.example.show:
            yield "example row label", row.label
            for text in _shown_values(lookup(answer, row.path)):
                yield f"example row {row.label!r}", text
    exercise = lesson.exercise
    if exercise is None:
        return
    yield "prompt", fill_text(exercise.prompt, answer, words) if answer is not None else exercise.prompt
    yield "hint", fill_text(exercise.hint, answer, words) if answer is not None else exercise.hint
    for choice in exercise.choices:
        yield "choice", choice
    for test in exercise.tests:
        feedback = judge(exercise, test["answer"], commands[exercise.command], answer, seed)
        yield f"explanation of {test['answer']!r}", feedback.message


@pytest.mark.parametrize(("game", "lesson"), GAME_LESSONS, ids=IDS)
def test_lesson_texts_are_plain_words(game: str, lesson: Lesson) -> None:
    found = [f"{where}: {phrase}" for where, text in lesson_texts(lesson) for phrase in jargon(text)]
    assert not found, f"{lesson.path.relative_to(ROOT)}:\n  " + "\n  ".join(found)


def _page_texts(at: AppTest) -> Iterator[str]:
    for kind in ("title", "header", "subheader", "markdown", "caption", "success", "error", "warning", "info"):
        for element in at.get(kind):
            yield str(element.value)
    for button in at.button:
        yield str(button.label)
    for expander in at.expander:
        yield str(expander.label)
    for widget in list(at.radio) + list(at.selectbox):
        yield str(widget.label)
        yield from (str(o) for o in widget.options)


@pytest.mark.parametrize("game", sorted(g for g in GAMES if load_lessons(g)))
def test_the_lessons_page_shows_plain_words(game: str, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'progress.sqlite'}")
    at = AppTest.from_file(str(ROOT / "pages" / f"{game}_lessons.py"), default_timeout=120).run()
    found: dict[str, list[str]] = {}
    for index, lesson in enumerate(load_lessons(game)):
        at.selectbox(key=f"{game}:lesson:index").set_value(index).run()
        own = set().union(*(matched(text) for _, text in lesson_texts(lesson)))  # reported per file above
        for text in _page_texts(at):
            if matched(text) - own:
                found.setdefault(lesson.slug, []).extend(jargon(text))
    assert not found, f"{game}: " + "\n".join(f"  {slug}: {'; '.join(p)}" for slug, p in found.items())
