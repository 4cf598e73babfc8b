"""A real browser: pose a Dou Dizhu position in the editor and see the legal plays."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


def test_editor_poses_a_position_and_lists_its_legal_plays(tmp_path) -> None:
    with serve_app() as url, chromium_page() as page:
        page.goto(url + "/doudizhu_editor")
        wait_for_app(page)
        page.get_by_text("Dou Dizhu — Position editor").first.wait_for()
        page.get_by_text("Legal plays (7)").first.wait_for()
        page.get_by_text("Triplet + single · 7").first.wait_for()  # the table itself is a canvas
        page.get_by_role("button", name="Clear the table (I lead)").click()
        wait_for_app(page)
        box = page.get_by_label("Or type the hand")
        box.fill("3 3 3 4 4 4 5 7 BJ RJ")
        box.press("Enter")
        wait_for_app(page)
        page.get_by_text("You lead: any combination may be played").first.wait_for()
        page.get_by_text("Airplanes + singles").first.wait_for()
        page.get_by_text("Rocket · 1").first.wait_for()
        page.wait_for_function("() => /Legal plays \\(\\d+\\)/.test(document.body.innerText)")
        page.screenshot(path=str(tmp_path / "doudizhu-editor.png"), full_page=True)
    assert (tmp_path / "doudizhu-editor.png").stat().st_size > 10_000


def test_a_shared_link_of_the_other_preset_opens_the_editor(tmp_path) -> None:
    from ui.share import encode_position

    position = {"preset": "four_player", "hand": "3 3 3 3 3 7 7 7 7 BJ BJ", "previous": "8 8 8 8"}
    with serve_app() as url, chromium_page() as page:
        page.goto(url + "/doudizhu_editor?pos=" + encode_position(position))
        wait_for_app(page)
        page.get_by_text("Legal plays (1)").first.wait_for()
        page.get_by_text("the four-player game").first.wait_for()
        body = page.inner_text("body")
        assert "cannot be modified after the widget" not in body and "Traceback" not in body
        page.screenshot(path=str(tmp_path / "doudizhu-link.png"), full_page=True)


def test_play_at_the_table_bid_then_choose_cards_by_clicking_them(tmp_path) -> None:
    import re

    with serve_app() as url, chromium_page(height=1600) as page:
        page.goto(url + "/doudizhu_table?mode=play&seat=S&seed=3")
        wait_for_app(page)
        page.get_by_text("Bid 1, 2 or 3, or pass — the landlord takes the three kitty cards").first.wait_for()
        hand = page.get_by_role("group", name=re.compile("^Your hand"))
        assert hand.count() and hand.first.locator("[aria-label='A']").count() == 3  # the hand is on screen
        page.get_by_role("button", name="Bid 3").click()
        wait_for_app(page)
        page.get_by_text("You are the landlord and lead the first trick").first.wait_for()
        played = 0
        for _ in range(40):
            if played == 2:
                break
            go_on = page.get_by_role("button", name="Continue")
            if go_on.count():
                go_on.first.click()
                wait_for_app(page)
                continue
            listbox = page.get_by_role("listbox", name=re.compile("^Your hand"))
            usable = listbox.locator("[role=option]:not([aria-disabled=true])") if listbox.count() else None
            if usable is not None and usable.count():
                usable.first.click(position={"x": 8, "y": 30})
                page.get_by_role("button", name="Play the chosen cards").click()
                wait_for_app(page)
                assert not page.get_by_text("You can't play").count(), "a single card was refused"
                played += 1
            else:
                page.get_by_role("button", name="Pass").first.click()
                wait_for_app(page)
        page.screenshot(path=str(tmp_path / "doudizhu-table-play.png"), full_page=True)
        assert played == 2, "two singles should have been played by clicking"
