"""A real browser at the Thirteen Table: a whole match plays to its end and reopens from its link."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


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
