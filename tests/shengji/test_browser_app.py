"""A real browser on the Shengji position editor: type a hand and a tractor lead, see the requirement ladder and
the legal plays; then open a shared link with another preset and see its different requirement."""

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from ui.share import encode_position

pytestmark = pytest.mark.browser

HAND = "KH KH QH QH 9H 9H 7H 3C BJ 4S"
LEAD = "6H 6H 5H 5H"


def body_has(page, text: str) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=60000)


def test_tractor_lead_in_chromium(tmp_path) -> None:
    with serve_app() as url, chromium_page(1400, 3000) as page:
        page.goto(f"{url}/shengji_editor")
        wait_for_app(page)
        page.keyboard.press("Escape")
        rank = page.get_by_role("combobox", name="Trump rank")
        rank.click()
        page.get_by_role("option", name="2", exact=True).click()
        wait_for_app(page)
        box = page.get_by_label("Type your hand")
        box.fill(HAND)
        box.press("Enter")
        wait_for_app(page)
        page.get_by_role("tab", name="The lead").click()
        lead = page.get_by_label("Type the lead")
        lead.fill(LEAD)
        lead.press("Enter")
        wait_for_app(page)
        body_has(page, "The lead is a tractor of two pairs of ♥. You hold a tractor of two pairs of ♥ (K♥ K♥ Q♥ Q♥), "
                       "so you must play a tractor of two pairs of ♥.")
        body_has(page, "Legal plays (1)")
        body_has(page, "✓ required")
        body_has(page, "K♥ K♥ Q♥ Q♥")
        page.screenshot(path=str(tmp_path / "competition.png"), full_page=True)

        position = {"preset": "tractor", "decks": 2, "trump_rank": "2", "trump_suit": "S", "hand": HAND,
                    "lead": LEAD}
        page.goto(f"{url}/shengji_editor?pos={encode_position(position)}")
        wait_for_app(page)
        body_has(page, "Loaded the position from the link.")
        body_has(page, "Rules: the Tractor house rules")
        body_has(page, "so you must play two pairs of ♥")
        body_has(page, "Legal plays (3)")
        page.screenshot(path=str(tmp_path / "tractor.png"), full_page=True)
    assert (tmp_path / "competition.png").stat().st_size > 10_000
