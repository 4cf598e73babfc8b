"""Every lesson with an exercise, in all four games, in a real browser (Debian's Chromium through Playwright):
Next without answering, a wrong answer then Next, and a right answer then Next (issue 21: the last one replaced
the page by a ValueError from the lesson menu). After each, the page shows no exception or traceback and the
sidebar is still there; after a right answer the lesson counts as done, and after a reload of the tab (a learner
without a name) every ✓ is still there. The answers come from the engine (tests.lesson_answers).

One server, one browser, one page: each game is walked lesson by lesson with Next and Back."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.lessons import Lesson, load_lessons
from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text
from tests.lesson_answers import answers
from ui.card_hand import card_name
from ui.lessons import choice_label, parse_any_cards

pytestmark = pytest.mark.browser

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
DONE = re.compile(r"✓ (\d+) of (\d+) done")
_SETTLED = """([title]) => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main || document.querySelector('[data-testid="stStatusWidget"]')) return false;
  return [...main.querySelectorAll('h2')].some(h => h.innerText.trim() === title);
}"""


def _settle(page: Any, lesson: Lesson) -> None:
    """Wait until ``lesson`` is open and the page has finished running."""
    try:
        page.wait_for_function(_SETTLED, arg=[lesson.title], timeout=30000, polling=100)
    except Exception:
        body = page.inner_text("body")
        raise AssertionError(f"{lesson.game}/{lesson.slug} did not open; the page shows:\n{body[-1500:]}") from None
    page.wait_for_timeout(150)
    page.wait_for_function("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')", timeout=30000)


def _healthy(page: Any, where: str) -> None:
    """No exception, no traceback, and the sidebar still there."""
    assert page.locator("[data-testid='stException']").count() == 0, f"{where}: {page.inner_text('body')[-1500:]}"
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error:" not in body, f"{where}: {body[-1500:]}"
    assert page.get_by_test_id("stSidebar").count() == 1, f"{where}: the sidebar is gone"


def _done(page: Any) -> tuple[int, int]:
    found = DONE.search(page.inner_text("[data-testid='stMain']"))
    assert found, "the lesson progress line is missing"
    return int(found.group(1)), int(found.group(2))


def _answer(page: Any, lesson: Lesson, value: Any, right: bool) -> None:
    """Answer ``lesson``'s exercise as a learner would, and wait for the verdict."""
    exercise = lesson.exercise
    assert exercise is not None
    main = page.get_by_test_id("stMain")
    if exercise.input == "cards":
        hand = page.get_by_role("listbox", name="Cards to choose from", exact=True)
        used: dict[str, int] = {}
        for card in parse_any_cards(str(value)) or ():
            name = card_name(card)
            hand.get_by_role("option", name=name, exact=True).nth(used.get(name, 0)).click(
                position={"x": 10, "y": 40})
            used[name] = used.get(name, 0) + 1
        page.locator(".ch").filter(has=hand).get_by_role("button", name="Check my choice").click()
    elif exercise.input in ("choice", "yes_no"):
        label = ("Yes" if value else "No") if exercise.input == "yes_no" else (
            exercise.choice_labels.get(str(value)) or choice_label(str(value)))
        group = main.get_by_role("radiogroup", name="Your answer")
        group.locator("label").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$")).first.click()
    else:
        box = main.get_by_role("spinbutton", name="Your answer")
        box.fill(str(int(value)))
        box.press("Enter")
        wait_for_app(page, timeout=30000)
        main.get_by_role("button", name="Check", exact=True).click()
    verdict = "Right." if right else "Not quite."
    try:
        page.wait_for_function(
            "([v]) => document.querySelector('[data-testid=\"stMain\"]').innerText.split('\\n')"
            ".some(line => line.startsWith(v)) && !document.querySelector('[data-testid=\"stStatusWidget\"]')",
            arg=[verdict], timeout=30000, polling=100)
    except Exception:
        body = page.inner_text("[data-testid='stMain']")
        where = f"{lesson.game}/{lesson.slug}"
        raise AssertionError(f"{where}: {value!r} not judged {verdict!r}:\n{body[-1500:]}") from None


def _next(page: Any, lessons: list[Lesson], i: int, bottom: bool) -> None:
    main = page.get_by_test_id("stMain")
    if bottom:
        main.get_by_role("button", name=re.compile(r"^Next: ")).click()
    else:
        main.get_by_role("button", name="Next", exact=True).click()
    _settle(page, lessons[i + 1])


def _back(page: Any, lessons: list[Lesson], i: int) -> None:
    page.get_by_test_id("stMain").get_by_role("button", name="Back", exact=True).click()
    _settle(page, lessons[i])


def _walk(page: Any, url: str, game: str) -> None:
    lessons = load_lessons(game)
    count = len(lessons)
    page.goto(f"{url}/{game}_lessons?lesson=1")
    wait_for_app(page)
    _settle(page, lessons[0])
    for i, lesson in enumerate(lessons):
        where = f"{game} lesson {i + 1} ({lesson.slug})"
        last = i == count - 1
        if lesson.exercise is None:
            if not last:
                _next(page, lessons, i, bottom=True)
            continue
        found = answers(lesson)
        solved_before = _done(page)[0]
        # (c) Next only
        if not last:
            _next(page, lessons, i, bottom=False)
            _healthy(page, f"{where}, Next only")
            _back(page, lessons, i)
        # (b) a wrong answer, then Next
        _answer(page, lesson, found.wrong, right=False)
        _healthy(page, f"{where}, a wrong answer")
        assert _done(page)[0] == solved_before, f"{where}: a wrong answer counted as done"
        if not last:
            _next(page, lessons, i, bottom=True)
            _healthy(page, f"{where}, a wrong answer then Next")
            _back(page, lessons, i)
        # (a) a right answer, then Next (the top button and the bottom one in turn)
        _answer(page, lesson, found.right, right=True)
        _healthy(page, f"{where}, a right answer")
        assert _done(page)[0] == solved_before + 1, f"{where}: the right answer is not counted as done"
        assert page.get_by_role("heading", name=re.compile(r"Try it ✓")).count() == 1, where
        if not last:
            _next(page, lessons, i, bottom=i % 2 == 0)
            _healthy(page, f"{where}, a right answer then Next")
            assert _done(page)[0] == solved_before + 1, f"{where}: the ✓ is gone after Next"
    # a reload of the tab keeps every ✓ (no name was picked)
    assert "tab=" in page.url, page.url
    page.reload()
    wait_for_app(page)
    _settle(page, lessons[-1])
    _healthy(page, f"{game}, after a reload")
    assert _done(page) == (count, count), f"{game}: the ✓ marks did not survive the reload"
    menu = page.get_by_test_id("stMain").get_by_role("combobox", name="Lesson", exact=True)
    assert menu.input_value() == f"✓ {count}. {lessons[-1].title}"
    wait_for_text(page, "Your progress is kept in this tab")


def test_every_lesson_survives_next_after_no_wrong_and_right_answers_and_a_reload(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    with serve_app() as url, chromium_page(1280, 1000) as page:
        for game in GAMES:
            _walk(page, url, game)
