"""A class in real browsers (Debian's Chromium through Playwright): a teacher signs up and creates a class;
three students join with its code, each in a browser of their own; the teacher pushes a Table moment, each
student answers it by clicking a card, and the teacher's page shows the three answers and the engine's verdict;
the teacher's view lists the three; no student's page shows another student's name. The same again with the
students served by a second server process sharing one PostgreSQL database with the teacher's."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text
from tests.test_practice_browser import pg_database  # noqa: F401 - the PostgreSQL fixture, by name below

pytestmark = pytest.mark.browser

STUDENTS = ("Ana Lopez", "Ben Okafor", "Chloé Martin")


def _field(page: Any, label: str) -> Any:
    return page.get_by_label(label, exact=True)


def _teacher_with_a_class(teacher: Any, url: str) -> str:
    """Sign up, create a class; its join code."""
    teacher.goto(f"{url}/class")
    wait_for_app(teacher)
    wait_for_text(teacher, "This page is for teachers")
    teacher.get_by_role("tab", name="Create a teacher's account").click()
    _field(teacher, "Name or e-mail").last.fill("Ms Rivera")
    _field(teacher, "Password (8 characters or more)").fill("a long enough secret")
    teacher.get_by_role("button", name="Create the account").click()
    wait_for_text(teacher, "Signed in as")
    _field(teacher, "Class name").fill("Year 9 cards")
    teacher.get_by_role("button", name="Create the class").click()
    wait_for_text(teacher, "Join code:")
    found = re.search(r"Join code: ([A-Z0-9]{6})", teacher.inner_text("body"))
    assert found, teacher.inner_text("body")[-800:]
    assert teacher.locator("svg[class='segno']").count() == 1 or "QR code" in teacher.content()
    return found.group(1)


def _students_join(browser: Any, url: str, code: str) -> list[tuple[str, Any]]:
    students = []
    for name in STUDENTS:
        page = browser.new_page(viewport={"width": 1000, "height": 800})  # a context of its own
        page.goto(f"{url}/join?join={code}")
        wait_for_app(page)
        _field(page, "Your name").fill(name)
        page.get_by_role("button", name="Join", exact=True).click()
        wait_for_text(page, f"You are {name}")
        wait_for_text(page, "Your resume code:")
        students.append((name, page))
    return students


def _no_other_names(name: str, page: Any) -> None:
    body = page.inner_text("body")
    others = [n for n in STUDENTS if n != name]
    assert not any(n in body for n in others), f"{name}'s page shows another student's name"


def _live_table_question(teacher: Any, students: list[tuple[str, Any]]) -> None:
    """The teacher pushes a Table step; each student answers with a card; three answers, then the verdict."""
    teacher.get_by_role("button", name="Refresh").click()
    wait_for_text(teacher, "Students (3)")
    teacher.get_by_role("button", name="Push to the class").click()
    wait_for_text(teacher, "0 of 3 students answered")
    prompt = teacher.get_by_test_id("stHeading").filter(has_text=re.compile(r"^Which play is legal for ")).first
    question = prompt.inner_text().strip()
    for name, page in students:
        wait_for_text(page, question, timeout=20000)  # the student's screen follows the store by itself
        hand = page.get_by_role("listbox", name=re.compile(r"'s hand$"))
        hand.get_by_role("option").first.click(position={"x": 10, "y": 40})
        page.get_by_role("button", name="Answer with these cards").click()
        wait_for_text(page, "Your answer:")
        _no_other_names(name, page)
    wait_for_text(teacher, "3 of 3 students answered")
    for name in STUDENTS:  # who has answered: names on the teacher's screen only
        wait_for_text(teacher, name)
    answered = teacher.get_by_text(re.compile(r"^Answered: ")).inner_text()
    assert all(n in answered for n in STUDENTS), answered
    teacher.locator(".js-plotly-plot").first.wait_for(timeout=20000)  # the answers as a chart
    teacher.get_by_role("button", name="Show the verdict").click()
    wait_for_text(teacher, "The engine's verdict")
    verdict = teacher.inner_text("body")
    assert re.search(r"\((\d)\)", verdict) and sum(int(n) for n in re.findall(r"[✓✗] .*?\((\d)\)", verdict)) == 3
    for name, page in students:
        wait_for_text(page, "Your answer ", timeout=20000)  # "Your answer 5♠ — not this time. …"
        assert re.search(r"Your answer .+ — (right|not this time)", page.inner_text("body"))
        _no_other_names(name, page)


def _results(teacher: Any, students: list[tuple[str, Any]], url: str) -> None:
    for name, page in students:
        page.reload()
        wait_for_app(page)
        _no_other_names(name, page)
        page.goto(f"{url}/class")
        wait_for_app(page)
        wait_for_text(page, "This page is for teachers")
        _no_other_names(name, page)
    teacher.get_by_test_id("stDataFrame").wait_for(timeout=20000)  # drawn on a canvas: its text is the CSV's
    csv = teacher.get_by_role("button", name=re.compile("Download the class's results"))
    with teacher.expect_download() as download:
        csv.click()
    text = Path(download.value.path()).read_text(encoding="utf-8-sig")
    assert all(n in text for n in STUDENTS), text


def test_a_teacher_a_class_and_three_students_on_their_own_browsers(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    with serve_app() as url, chromium_page(1280, 900) as teacher:
        code = _teacher_with_a_class(teacher, url)
        students = _students_join(teacher.context.browser, url, code)
        _live_table_question(teacher, students)
        _results(teacher, students, url)


def test_the_students_on_a_second_server_sharing_one_postgresql(request: pytest.FixtureRequest,
                                                               monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", request.getfixturevalue("pg_database"))
    with serve_app() as first, serve_app() as second, chromium_page(1280, 900) as teacher:
        code = _teacher_with_a_class(teacher, first)
        students = _students_join(teacher.context.browser, second, code)
        _live_table_question(teacher, students)
        _results(teacher, students, second)
