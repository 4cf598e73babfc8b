"""The lessons page in a real browser (Debian's Chromium through Playwright): a link opens lesson 7, a learner
types a name once, answers a cards exercise by clicking the cards, and after a reload — a new session that knows
the learner only through the id the browser kept — the lesson is marked done and the page resumes there."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from engine.cards import parse_cards
from engine.lessons import load_lessons
from tests.browser import chromium_page, serve_app, wait_for_app
from ui.card_hand import card_name
from ui.store import Store

pytestmark = pytest.mark.browser

GAME = "shengji"


def _cards_lesson() -> tuple[int, Any]:
    """Lesson 7 if its exercise is chosen by clicking cards, else the first such lesson after it."""
    lessons = load_lessons(GAME)
    for i in range(6, len(lessons)):
        exercise = lessons[i].exercise
        if exercise is not None and exercise.input == "cards" and any(t["right"] for t in exercise.tests):
            return i, lessons[i]
    raise AssertionError("no Shengji lesson from 7 on has a cards exercise")


def _lesson_in_url(page: Any, number: int) -> None:
    page.wait_for_url(re.compile(rf"[?&]lesson={number}(&|$)"), timeout=20000)


def test_a_link_a_name_cards_clicked_and_a_reload_keep_the_progress(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{db}")
    lessons = load_lessons(GAME)
    index, lesson = _cards_lesson()
    right = next(t["answer"] for t in lesson.exercise.tests if t["right"])
    with serve_app() as url, chromium_page(1280, 900) as page:
        page.goto(f"{url}/{GAME}_lessons?lesson=7")
        wait_for_app(page)
        main = page.get_by_test_id("stMain")
        main.get_by_role("heading", name=lessons[6].title).wait_for(timeout=20000)

        # a name, typed once
        main.get_by_role("button", name=re.compile("Pick your name")).click()
        box = page.get_by_role("combobox", name=re.compile("Your name"))
        box.click()
        box.fill("Ana")
        box.press("Enter")
        page.get_by_role("button", name="Start as Ana").click()
        main.get_by_text("Learning as").wait_for(timeout=20000)
        assert "Ana" in main.get_by_text("Learning as").inner_text()

        # on to the cards exercise with Next: the address follows
        for number in range(8, index + 2):
            wait_for_app(page)
            main.get_by_role("button", name="Next", exact=True).first.click()
            _lesson_in_url(page, number)
        main.get_by_role("heading", name=lesson.title).wait_for(timeout=20000)

        hand = page.get_by_role("listbox", name="Cards to choose from", exact=True)
        used: dict[str, int] = {}
        for card in parse_cards(right):
            name = card_name(card)
            hand.get_by_role("option", name=name, exact=True).nth(used.get(name, 0)).click(
                position={"x": 10, "y": 40})
            used[name] = used.get(name, 0) + 1
        page.locator(".ch").filter(has=hand).get_by_role("button", name="Check my choice").click()
        page.get_by_text(re.compile(r"^Right\. ")).wait_for(timeout=20000)

        # the store has it, and a reload (a new session) shows the ✓ and resumes at this lesson
        me = Store(f"sqlite:///{db}").find_learner("Ana")
        assert me is not None and lesson.slug in Store(f"sqlite:///{db}").lessons_done(me.id, GAME)
        page.goto(f"{url}/{GAME}_lessons")
        wait_for_app(page)
        main = page.get_by_test_id("stMain")
        main.get_by_role("heading", name=lesson.title).wait_for(timeout=30000)
        _lesson_in_url(page, index + 1)
        main.get_by_text(f"Lesson {index + 1} of {len(lessons)} · ✓ 1 of {len(lessons)} done").wait_for(timeout=20000)
        menu = main.get_by_role("combobox", name="Lesson", exact=True)
        assert menu.input_value() == f"✓ {index + 1}. {lesson.title}"
        assert "Ana" in main.get_by_text("Learning as").inner_text()
