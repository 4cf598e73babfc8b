"""A real browser on the Thirteen position editor (a shared link poses a position with its preset, the legal
plays appear, picking cards gives the engine's verdict) and at the Table (a whole match plays to its end and
reopens from its link)."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from ui.share import encode_position

pytestmark = pytest.mark.browser


def test_editor_in_chromium(tmp_path) -> None:
    position = {"preset": "pagat", "options": {}, "hand": "3S 4S 5H 5D 2H 7S 7C 7D 7H", "previous": "2D",
                "passed": False, "first_lead": False}
    with serve_app() as url, chromium_page(1400, 2400) as page:
        page.goto(f"{url}/thirteen_editor?pos={encode_position(position)}")
        wait_for_app(page)
        page.keyboard.press("Escape")
        page.get_by_text("Loaded the position from the link.").first.wait_for()
        page.get_by_text("Legal plays (2)").first.wait_for()
        page.get_by_text("Four of a kind").first.wait_for()
        page.wait_for_function("() => document.body.innerText.includes('Rules: the common Tiến lên rules')")
        groups = page.locator("[data-testid='stButtonGroup']")
        count = groups.count()
        assert count >= 12, "hand and table pickers (4 rows each), then the play picker"
        for i in range(count - 4, count):  # the play picker: one row per suit of the hand
            groups.nth(i).locator("button", has_text="7").first.click()
            page.wait_for_timeout(700)
        page.wait_for_function("() => document.body.innerText.includes('four 7s are a bomb: they chop 2♦')")
        page.get_by_text("Legal:").first.wait_for()
        page.screenshot(path=str(tmp_path / "editor.png"), full_page=True)
    assert (tmp_path / "editor.png").stat().st_size > 10_000


def test_a_whole_match_at_the_table_plays_to_its_end_and_reopens_from_its_link(tmp_path) -> None:
    with serve_app() as url, chromium_page(1400, 1400) as page:
        page.goto(f"{url}/thirteen_table?seed=2")
        wait_for_app(page)
        page.get_by_text("Whole game", exact=True).first.click()
        wait_for_app(page)
        page.get_by_text("Game 1 of 5").first.wait_for()
        page.get_by_role("button", name="End").first.click()
        wait_for_app(page)
        page.get_by_text("wins the match", exact=False).first.wait_for()
        summary = page.get_by_text("wins the match", exact=False).first.inner_text()
        page.screenshot(path=str(tmp_path / "match.png"), full_page=True)
        link = page.url
        assert "step=" in link
        page.goto(link)
        wait_for_app(page)
        page.get_by_text("Game 5 of 5").first.wait_for()
        assert page.get_by_text(summary.split(".")[0], exact=False).count()
