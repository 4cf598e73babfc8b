"""A real browser at the Table: play a few cards of a Euchre game by clicking, as a learner would."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


def test_play_a_few_euchre_cards_by_clicking(tmp_path) -> None:
    with serve_app() as url, chromium_page(height=1600) as page:
        page.goto(url + "/euchre_table?mode=play&seat=S&seed=3")
        wait_for_app(page)
        played = 0
        for _ in range(40):
            if played == 3 or page.get_by_text("Play another deal").count():
                break
            if page.locator("[class*='st-key-euchre-table-continue'] button").count():
                page.locator("[class*='st-key-euchre-table-continue'] button").click()
                wait_for_app(page)
                continue
            cards = page.locator("[class*='st-key-euchre-table-pick-'][class*='-pills'] button")
            if cards.count():
                cards.first.click()
                wait_for_app(page)
                page.locator("[class*='st-key-euchre-table-pick-'][class*='-go'] button").click()
                wait_for_app(page)
                assert not page.get_by_text("You can't play").count(), "a clickable card was refused"
                played += 1
            else:
                page.locator("[class*='st-key-euchre-table-act-'] button").first.click()
                wait_for_app(page)
        page.screenshot(path=str(tmp_path / "euchre-table-play.png"), full_page=True)
        assert played == 3, "three cards should have been played by clicking"
        assert "mode=play" in page.url and "seat=S" in page.url
