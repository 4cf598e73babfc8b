"""A real browser at the Table: play cards of a Euchre game by clicking them, step with the keyboard."""


import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from tests.helpers.table_browser import play_cards_by_clicking, word_buttons

pytestmark = pytest.mark.browser


def test_play_euchre_cards_by_clicking_them(tmp_path) -> None:
    with serve_app() as url, chromium_page(height=1600) as page:
        page.goto(url + "/euchre_table?mode=play&seat=S&seed=3")
        wait_for_app(page)
        played = play_cards_by_clicking(page, 3, lambda p: word_buttons(p, "euchre").first.click(), rounds=60,
                                        until="Play another deal")
        page.screenshot(path=str(tmp_path / "euchre-table-play.png"), full_page=True)
        assert played == 3, "three cards should have been played by clicking"
        assert "mode=play" in page.url and "seat=S" in page.url


def test_presenter_mode_steps_with_the_arrow_keys_and_the_link_follows() -> None:
    with serve_app() as url, chromium_page(width=1280, height=720) as page:
        page.goto(url + "/shengji_table?present=1&step=3")
        wait_for_app(page)
        assert not page.locator("section[data-testid='stSidebar']").is_visible()
        page.keyboard.press("ArrowRight")
        wait_for_app(page)
        page.keyboard.press("PageDown")
        wait_for_app(page)
        assert "step=5" in page.url, page.url
        assert page.get_by_text("Step 5 of").count()
        page.keyboard.press("ArrowLeft")
        wait_for_app(page)
        assert "step=4" in page.url
