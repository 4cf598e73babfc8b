"""The card-hand component in a real browser: tests/apps/card_hand_demo.py served by streamlit, driven in
Debian's headless Chromium by the cards' accessible names, as a learner (or a screen reader) finds them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import ROOT, chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser

DEMO = ROOT / "tests" / "apps" / "card_hand_demo.py"


@pytest.fixture(scope="module")
def demo_url() -> Iterator[str]:
    with serve_app(script=DEMO) as url:
        yield url


def _component(page: Any, role: str, name: str) -> Any:
    """The card-hand root holding the listbox/group with this accessible name."""
    return page.locator(".ch").filter(has=page.get_by_role(role, name=name, exact=True))


def _tap(card: Any, *, greyed: bool = False) -> None:
    """Click a card where a person would: on its corner, the part the next card leaves visible.
    A greyed card is aria-disabled, which Playwright will not click unless forced; a person can."""
    card.click(position={"x": 10, "y": 40}, force=greyed)


def _said(page: Any, text: str) -> None:
    page.get_by_text(text, exact=True).wait_for(timeout=20000)


def test_choose_clear_why_not_and_play_without_a_rerun_per_click(demo_url: str) -> None:
    with chromium_page(1280, 900) as page:
        sent: list[object] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
        page.goto(demo_url)
        wait_for_app(page)
        hand = page.get_by_role("listbox", name="Your hand", exact=True)
        root = _component(page, "listbox", "Your hand")
        count = root.locator(".ch-count")
        play = root.get_by_role("button", name="Play", exact=True)
        assert count.inner_text() == "0 chosen" and play.is_disabled()

        before = len(sent)
        ace = hand.get_by_role("option", name="A♠", exact=True)
        _tap(ace)
        assert ace.get_attribute("aria-selected") == "true"
        _tap(hand.get_by_role("option", name="K♠", exact=True))
        assert count.inner_text() == "2 chosen" and play.is_enabled()
        _tap(ace)
        assert ace.get_attribute("aria-selected") == "false" and count.inner_text() == "1 chosen"
        root.get_by_role("button", name="Clear", exact=True).click()
        assert count.inner_text() == "0 chosen"

        # A card no legal play uses: greyed, and a click says why instead of choosing it.
        five = hand.get_by_role("option", name="5♦", exact=True)
        assert five.get_attribute("aria-disabled") == "true"
        _tap(five, greyed=True)
        assert five.get_attribute("aria-selected") == "false"
        assert root.get_by_role("status").inner_text() == "Why not 5♦? you must follow spades while you hold a spade."

        # The keyboard: arrows move between cards, Space chooses; the key stepper leaves those arrows alone.
        ace.focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Space")
        assert hand.get_by_role("option", name="K♠", exact=True).get_attribute("aria-selected") == "true"
        page.keyboard.press("Space")
        assert count.inner_text() == "0 chosen"
        page.wait_for_timeout(500)
        assert len(sent) == before, "choosing cards sent something to the server"

        tens = hand.get_by_role("option", name="10♠", exact=True)
        assert tens.count() == 2
        _tap(tens.nth(0))
        _tap(tens.nth(1))
        play.click()
        _said(page, "Last action: Hand: play 10♠ 10♠")
        _said(page, "Steps: 0")


def test_bury_counts_to_eight_and_refuses_a_ninth(demo_url: str) -> None:
    with chromium_page(1280, 900) as page:
        page.goto(demo_url)
        wait_for_app(page)
        hand = page.get_by_role("listbox", name="Hand and kitty", exact=True)
        root = _component(page, "listbox", "Hand and kitty")
        bury = root.get_by_role("button", name="Bury these 8", exact=True)
        options = hand.get_by_role("option")
        for i in range(4, 12):
            _tap(options.nth(i))
            if i < 11:
                assert bury.is_disabled()
        assert root.locator(".ch-count").inner_text() == "8 of 8 chosen" and bury.is_enabled()
        _tap(options.nth(0))
        assert root.get_by_role("status").inner_text() == "You can choose at most 8 cards: take one back first."
        assert options.nth(0).get_attribute("aria-selected") == "false"
        bury.click()
        _said(page, "Last action: Bury: bury 2♠ A♥ K♥ 10♥ 5♥ A♠ K♠ Q♠")


def test_the_deck_picker_poses_a_multiset_with_two_copies(demo_url: str) -> None:
    with chromium_page(1280, 900) as page:
        page.goto(demo_url)
        wait_for_app(page)
        deck = page.get_by_role("group", name="Deck", exact=True)
        root = _component(page, "group", "Deck")
        ten = deck.get_by_role("button", name="10♠", exact=True)
        ten.click()
        ten.click()
        assert ten.locator(".ch-badge").inner_text() == "×2"
        ten.click()
        assert root.get_by_role("status").inner_text() == "All 2 copies of 10♠ are chosen."
        deck.get_by_role("button", name="Remove one 10♠", exact=True).click()
        assert ten.locator(".ch-badge").inner_text() == "×1"
        ten.click()
        deck.get_by_role("button", name="Q♥", exact=True).click()
        assert root.locator(".ch-count").inner_text() == "3 chosen"
        ace = deck.get_by_role("button", name="A♠", exact=True)
        assert ace.get_attribute("aria-disabled") == "true"
        _tap(ace, greyed=True)
        assert root.get_by_role("status").inner_text() == "Why not A♠? all 2 copies of A♠ are already used elsewhere"
        root.get_by_role("button", name="Set hand", exact=True).click()
        _said(page, "Last action: Picker: set 10♠ 10♠ Q♥")

        # Dou Dizhu, four players: suitless ranks, eight copies each.
        ddz = page.get_by_role("group", name="Dou Dizhu deck", exact=True)
        three = ddz.get_by_role("button", name="3", exact=True)
        for _ in range(9):
            three.click()
        assert three.locator(".ch-badge").inner_text() == "×8"
        assert _component(page, "group", "Dou Dizhu deck").locator(".ch-count").inner_text() == "8 of 25 chosen"


def test_the_key_stepper_steps_once_per_press_but_not_while_typing(demo_url: str) -> None:
    with chromium_page(1280, 900) as page:
        page.goto(demo_url)
        wait_for_app(page)
        page.get_by_role("heading", name="Card hand").click()
        page.keyboard.press("ArrowRight")
        _said(page, "Steps: 1")
        wait_for_app(page)
        page.keyboard.press("PageDown")
        _said(page, "Steps: 2")
        wait_for_app(page)
        page.keyboard.press("ArrowLeft")
        _said(page, "Steps: 1")
        wait_for_app(page)
        notes = page.get_by_label("Notes")
        notes.fill("abc")
        notes.press("ArrowLeft")
        notes.press("ArrowRight")
        page.wait_for_timeout(1500)
        wait_for_app(page)
        _said(page, "Steps: 1")


@pytest.mark.parametrize(("width", "height"), [(1400, 900), (1280, 720), (390, 844)])
def test_cards_stay_readable_and_inside_the_page(demo_url: str, width: int, height: int, tmp_path: Any) -> None:
    with chromium_page(width, height) as page:
        page.goto(demo_url)
        wait_for_app(page)
        page.screenshot(path=str(tmp_path / f"card_hand_{width}.png"), full_page=True)
        boxes = page.evaluate(
            """() => [...document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')]
                 .flatMap(h => [...h.shadowRoot.querySelectorAll('.ch-card, .ch-tile, .ch-btn')])
                 .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right, r.width]; })"""
        )
        assert len(boxes) >= 25 + 12 + 3 + 12 + 54 + 15  # every card and tile of the demo
        assert all(left >= 0 and right <= width for left, right, _ in boxes), "a card or a button is cut off"
        assert min(w for _, _, w in boxes) >= 34, "a card is drawn smaller than readable"
