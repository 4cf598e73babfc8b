"""A real browser at the Table: play a few cards of a Euchre hand by clicking, as a learner would."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


def test_play_a_few_euchre_cards_by_clicking(tmp_path) -> None:
    with serve_app() as url, chromium_page(height=1600) as page:
        page.goto(url + "/euchre_table")
        wait_for_app(page)
        page.get_by_text("Play against the computer").click()
        wait_for_app(page)
        played = 0
        for _ in range(30):
            if played == 3 or page.get_by_text("Play another deal").count():
                break
            cards = page.locator("[class*='st-key-euchre-table-pick-'] button")
            if cards.count():
                cards.first.click()
                wait_for_app(page)
                page.locator(".st-key-euchre-table-play-selected button").click()
                wait_for_app(page)
                assert not page.get_by_text("You can't play").count(), "a clickable card was refused"
                played += 1
            else:
                page.locator("[class*='st-key-euchre-table-act-'] button").first.click()
                wait_for_app(page)
        page.screenshot(path=str(tmp_path / "euchre-table-play.png"), full_page=True)
        assert played == 3, "three cards should have been played by clicking"
        commentary = page.evaluate("() => document.body.innerText")
        assert "Trick 3" in commentary or "Result" in commentary
