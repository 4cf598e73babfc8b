"""A real browser at the Table: play cards of a Euchre game by clicking them, step with the keyboard."""

import re

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


def test_play_euchre_cards_by_clicking_them(tmp_path) -> None:
    with serve_app() as url, chromium_page(height=1600) as page:
        page.goto(url + "/euchre_table?mode=play&seat=S&seed=3")
        wait_for_app(page)
        played = 0
        for _ in range(60):
            if played == 3 or page.get_by_text("Play another deal").count():
                break
            go_on = page.get_by_role("button", name="Continue")
            if go_on.count():
                go_on.first.click()
                wait_for_app(page)
                continue
            hand = page.get_by_role("listbox", name=re.compile("^Your hand"))
            usable = hand.locator("[role=option]:not([aria-disabled=true])") if hand.count() else None
            if usable is not None and usable.count():
                usable.first.click(position={"x": 8, "y": 30})
                page.get_by_role("button", name="Play the chosen cards").click()
                wait_for_app(page)
                assert not page.get_by_text("You can't play").count(), "a clickable card was refused"
                played += 1
            else:
                page.locator("[class*='st-key-euchre-table-act-'] button").first.click()
                wait_for_app(page)
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
