"""A real browser on the Euchre position editor: pose a trick, see the legal cards and the reasons change."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from ui.share import encode_position

pytestmark = pytest.mark.browser


def test_editor_in_chromium(tmp_path) -> None:
    with serve_app() as url, chromium_page() as page:
        # A shared link straight to the editor, with another preset: the position and the preset load.
        link = encode_position({"dealer": "W", "upcard": "9D", "round": 2, "seat": "W", "preset": "stick_the_dealer"})
        page.goto(f"{url}/euchre_editor?pos={link}")
        wait_for_app(page)
        page.wait_for_function("() => document.body.innerText.includes('West to call')")
        body = page.inner_text("body")
        assert "stuck" in body and "Traceback" not in body and "Page not found" not in body

        page.goto(url + "/euchre_editor")
        wait_for_app(page)
        page.get_by_text("Euchre — Position editor").first.wait_for()
        page.wait_for_function("() => document.body.innerText.includes('Legal: Q♣ K♣')")
        assert "J♦ is the left bower, a heart while hearts are trump" in page.inner_text("body")
        images = page.locator("[data-testid='stImage'] img")
        assert images.count() >= 2 and "svg" in (images.first.get_attribute("src") or "")

        box = page.get_by_label("The trick so far, in the order played (the first card is the lead)", exact=True)
        box = box.and_(page.get_by_test_id("stTextInputField"))
        box.fill("9D")
        box.press("Enter")
        page.wait_for_function("() => document.body.innerText.includes('you hold no diamonds')")

        page.get_by_role("button", name="Q♣").first.click()  # take Q♣ out of the hand
        box.fill("9C")
        box.press("Enter")
        page.wait_for_function("() => document.body.innerText.includes('Legal: K♣')")

        box.fill("9D JH AD 10D")
        box.press("Enter")
        page.wait_for_function("() => document.body.innerText.includes('wins the trick')")
        page.screenshot(path=str(tmp_path / "euchre_editor.png"), full_page=True)
    assert (tmp_path / "euchre_editor.png").stat().st_size > 10_000


def test_the_scoring_explorer_draws_at_once_and_runs_a_bigger_simulation_on_its_button() -> None:
    with serve_app() as url, chromium_page(width=1280, height=720) as page:
        page.goto(url + "/euchre_scoring")
        wait_for_app(page)
        body = page.inner_text("body")
        assert "showing the quick default: 1,000 hands" in body and "Traceback" not in body
        assert "Simulate (" not in body, "the quick default needs no run"
        slider = page.get_by_role("slider").first  # Hands to simulate: 1,000 → 2,000
        slider.focus()
        page.keyboard.press("ArrowRight")
        wait_for_app(page)
        page.get_by_role("button", name="Simulate (2,000 hands)").click()
        page.wait_for_function("() => document.body.innerText.includes('showing 2,000 hands, seed 1')",
                               timeout=180_000)
        assert "Simulate (2,000 hands)" not in page.inner_text("body")
