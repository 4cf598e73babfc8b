"""A class in real browsers (Debian's Chromium through Playwright): a teacher signs up and creates a class;
three students join with its code, each in a browser of their own; the teacher's view lists the three; no
student's page shows another student's name."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text

pytestmark = pytest.mark.browser

STUDENTS = ("Ana Lopez", "Ben Okafor", "Chloé Martin")


def _field(page: Any, label: str) -> Any:
    return page.get_by_label(label, exact=True)


def test_a_teacher_a_class_and_three_students_on_their_own_browsers(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    with serve_app() as url, chromium_page(1280, 900) as teacher:
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
        code = found.group(1)
        assert teacher.locator("svg[class='segno']").count() == 1 or "QR code" in teacher.content()

        browser = teacher.context.browser
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

        for name, page in students:
            page.reload()
            wait_for_app(page)
            body = page.inner_text("body")
            others = [n for n in STUDENTS if n != name]
            assert not any(n in body for n in others), f"{name}'s page shows another student's name"
            page.goto(f"{url}/class")
            wait_for_app(page)
            wait_for_text(page, "This page is for teachers")
            assert not any(n in page.inner_text("body") for n in others), f"/class shows {name} another's name"

        teacher.get_by_role("button", name="Refresh").click()
        wait_for_text(teacher, "Students (3)")
        teacher.get_by_test_id("stDataFrame").wait_for(timeout=20000)  # drawn on a canvas: its text is the CSV's
        csv = teacher.get_by_role("button", name=re.compile("Download the class's results"))
        with teacher.expect_download() as download:
            csv.click()
        text = Path(download.value.path()).read_text(encoding="utf-8-sig")
        assert all(n in text for n in STUDENTS), text
