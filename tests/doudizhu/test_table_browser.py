"""A real browser at the Dou Dizhu Table: your hand on screen at the auction, then cards played by clicking them.
(The editor's browser tests are in tests/test_editors_browser.py.)"""

import re

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from tests.helpers.table_browser import play_cards_by_clicking

pytestmark = pytest.mark.browser


def test_play_at_the_table_bid_then_choose_cards_by_clicking_them(tmp_path) -> None:
    with serve_app() as url, chromium_page(height=1600) as page:
        page.goto(url + "/doudizhu_table?mode=play&seat=S&seed=3")
        wait_for_app(page)
        page.get_by_text("Bid 1, 2 or 3, or pass — the landlord takes the three kitty cards").first.wait_for()
        hand = page.get_by_role("group", name=re.compile("^Your hand"))
        assert hand.count() and hand.first.locator("[aria-label='A']").count() == 3  # the hand is on screen
        page.get_by_role("button", name="Bid 3").click()
        wait_for_app(page)
        page.get_by_text("You are the landlord and lead the first trick").first.wait_for()
        played = play_cards_by_clicking(page, 2, lambda p: p.get_by_role("button", name="Pass").first.click(),
                                        rounds=40)
        page.screenshot(path=str(tmp_path / "doudizhu-table-play.png"), full_page=True)
        assert played == 2, "two singles should have been played by clicking"
