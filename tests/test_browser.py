"""A real browser: the app served by streamlit, loaded in Debian's headless Chromium via Playwright."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


def test_home_page_and_a_drawn_card_appear(tmp_path) -> None:
    with serve_app() as url, chromium_page() as page:
        page.goto(url)
        wait_for_app(page)
        page.get_by_text("Card Table Classroom").first.wait_for()
        page.get_by_text("Dou Dizhu").first.wait_for()
        images = page.locator("[data-testid='stImage'] img")
        images.first.wait_for()
        assert images.count() >= 4
        assert "svg" in (images.first.get_attribute("src") or "")
        page.screenshot(path=str(tmp_path / "home.png"), full_page=True)

        page.goto(url + "/cards")
        wait_for_app(page)
        box = page.get_by_label("Cards in notation")
        box.fill("qh qh bj")
        box.press("Enter")
        page.get_by_text("Canonical form").first.wait_for()
        page.wait_for_function("() => document.body.innerText.includes('QH QH BJ')")
        page.screenshot(path=str(tmp_path / "cards.png"), full_page=True)
    assert (tmp_path / "home.png").stat().st_size > 10_000
