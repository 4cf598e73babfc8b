"""Leaving a page and coming back keeps the work, in a real browser (Debian's Chromium through Playwright).

Streamlit forgets a widget's value when a run does not draw the widget (another page ran), and the address bar
loses the page's query parameters when the learner follows a sidebar link; either could reset a Table to deal 1
or an editor to its default hand and rules. Each test does some work, goes to another page through the sidebar,
comes back (through the sidebar, or with the browser's Back button) and finds the work as it was.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


def _sidebar(page: Any, label: str) -> None:
    """Follow a link of the sidebar (the way a learner changes page: the session and its state stay)."""
    page.locator("[data-testid='stSidebar']").get_by_role("link", name=label, exact=True).click()
    wait_for_app(page)


def _said(page: Any, text: str, timeout: float = 60000) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def _params(page: Any) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlparse(page.url).query).items()}


def _main(page: Any) -> Any:
    return page.locator("[data-testid='stMain']")


# ------------------------------------------------------------------------------------------------ the Table


def _table_state(page: Any) -> tuple[str, str | None, str]:
    """(the deal number shown, the step and the deal number in the address bar)."""
    seed = _main(page).get_by_label("Deal number", exact=True).input_value()
    return seed, _params(page).get("step"), _params(page).get("seed", "")


@pytest.mark.parametrize("back", ["sidebar", "browser-back"])
def test_a_table_game_in_progress_survives_a_visit_to_another_page(url: str, back: str) -> None:
    with chromium_page(1400, 1000) as page:
        page.goto(url + "/euchre_table")  # type: ignore[attr-defined]
        wait_for_app(page)
        seed = _main(page).get_by_label("Deal number", exact=True)
        seed.fill("7")
        seed.press("Enter")
        wait_for_app(page)
        forward = _main(page).get_by_role("button", name="Forward", exact=True).first
        for _ in range(3):
            forward.click()
            wait_for_app(page)
        before = _table_state(page)
        assert before == ("7", "3", "7"), f"the Table did not take the deal and the steps: {before}"
        table_text = _main(page).inner_text()

        _sidebar(page, "Glossary")
        _said(page, "Glossary")
        if back == "sidebar":
            _sidebar(page, "Table")
        else:
            page.go_back()  # type: ignore[attr-defined]
            wait_for_app(page)
        after = _table_state(page)
        assert after == before, f"coming back ({back}) the Table shows deal/step/link {after}, not {before}"
        assert _main(page).inner_text() == table_text, "the Table does not show the same step as before"


# ------------------------------------------------------------------------------------------------ an editor


def _players(page: Any) -> str:
    """The number of players chosen in the Thirteen editor (the checked option of its "Players" control)."""
    checked = _main(page).get_by_role("radiogroup", name="Players").get_by_role("radio", checked=True)
    return ",".join(t.strip() for t in checked.all_inner_texts()) or "none"


def _hand_box(page: Any) -> Any:
    return _main(page).get_by_label("…or type your hand in notation", exact=True)


@pytest.mark.parametrize(("away", "back"), [("Lessons", "sidebar"), ("Glossary", "browser-back")])
def test_an_editor_position_and_its_rules_survive_a_visit_to_another_page(url: str, away: str, back: str) -> None:
    with chromium_page(1400, 1000) as page:
        page.goto(url + "/thirteen_editor")  # type: ignore[attr-defined]
        wait_for_app(page)
        _main(page).get_by_role("radiogroup", name="Players").get_by_role("radio", name="3", exact=True).click()
        wait_for_app(page)
        box = _hand_box(page)
        box.fill("9S 9H JD")
        box.press("Enter")
        wait_for_app(page)
        _said(page, "Your hand · 3")
        before = (_players(page), _hand_box(page).input_value())
        assert before[0] == "3", f"the editor did not take 3 players: {before}"
        listed = _main(page).get_by_text("Every legal play", exact=False).first.inner_text()

        _sidebar(page, away)
        _said(page, away)
        if back == "sidebar":
            _sidebar(page, "Position editor")
        else:
            page.go_back()  # type: ignore[attr-defined]
            wait_for_app(page)
        _said(page, "Pose the position")
        after = (_players(page), _hand_box(page).input_value())
        assert after == before, f"coming back ({back}) the editor shows players/hand {after}, not {before}"
        assert "Your hand · 3" in _main(page).inner_text(), "the posed hand is gone"
        assert _main(page).get_by_text("Every legal play", exact=False).first.inner_text() == listed


# ------------------------------------------------------------------------------------------------ Back leaves


def _path(page: Any) -> str:
    return urlparse(page.url).path.rstrip("/")


@pytest.mark.parametrize(("link", "writes"), [("home:Lessons", "lesson"), ("sidebar:Lessons", "lesson"),
                                              ("sidebar:Table", "seed")])
def test_back_from_a_page_that_writes_its_address_on_opening_leaves_it(url: str, link: str, writes: str) -> None:
    # A lesson page adds ?lesson=1 to its address as it opens, a Table its deal and step: that must not be a
    # history entry of its own, or Back lands on the page without them, which adds them again.
    where, label = link.split(":")
    with chromium_page(1400, 1000) as page:
        page.goto(url)  # type: ignore[attr-defined]
        wait_for_app(page)
        _said(page, "Learn four card games")
        if where == "home":
            _main(page).get_by_role("link", name=label, exact=True).first.click()
            wait_for_app(page)
        else:
            _sidebar(page, label)
        page.wait_for_url(re.compile(rf"[?&]{writes}=\d+(&|$)"), timeout=20000)  # type: ignore[attr-defined]
        opened = _path(page)
        assert opened.endswith(("_lessons", "_table")), f"the link opened {page.url}"  # type: ignore[attr-defined]
        page.go_back()  # type: ignore[attr-defined]
        wait_for_app(page)
        assert _path(page) == urlparse(url).path.rstrip("/"), f"Back from {opened} went to {page.url}"  # type: ignore[attr-defined]
        _said(page, "Learn four card games")
        page.go_forward()  # type: ignore[attr-defined]
        wait_for_app(page)
        assert _path(page) == opened and f"{writes}=" in page.url  # type: ignore[attr-defined]
