"""The four position editors in a real browser (Debian's Chromium through Playwright): in each game, pose a
position by clicking cards of the deck, see the legal plays, choose a play by clicking cards of the hand, and see
its verdict and reason. Cards are found by their accessible names (``10♠``, ``BJ``, a Dou Dizhu rank alone)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from ui.share import encode_position

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


def _root(page: Any, role: str, name: str) -> Any:
    """The card-hand component holding the listbox (a hand) or group (a deck) with this accessible name."""
    return page.locator(".ch").filter(has=page.get_by_role(role, name=name, exact=True))


def _said(page: Any, text: str, timeout: float = 60000) -> None:
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=timeout)


def _open(page: Any, url: str, path: str) -> None:
    page.goto(url + path)
    wait_for_app(page)
    page.keyboard.press("Escape")


def _clear(root: Any) -> None:
    """Empty a component's choice ("Clear" is disabled while nothing is chosen)."""
    button = root.get_by_role("button", name="Clear", exact=True)
    if button.is_enabled():
        button.click()


def _pose(page: Any, deck: str, names: list[str], use: str) -> None:
    """Empty the deck picker's choice, click these cards (a name twice: two copies), press ``use``."""
    root = _root(page, "group", deck)
    _clear(root)
    tiles = page.get_by_role("group", name=deck, exact=True)
    for name in names:
        tiles.get_by_role("button", name=name, exact=True).click()
    root.get_by_role("button", name=use, exact=True).click()
    wait_for_app(page)


def _part(page: Any, label: str) -> None:
    """Choose the part of the position to pose (a segmented control: its options are radios, named with the part's
    label and its card count)."""
    page.get_by_role("radio", name=label).first.click()
    wait_for_app(page)


def _choose(page: Any, names: list[str], check: str = "Check this play") -> None:
    """Click cards of "Your hand" (each name once per copy, on the card's corner) and press ``check``."""
    hand = page.get_by_role("listbox", name="Your hand", exact=True)
    root = _root(page, "listbox", "Your hand")
    _clear(root)
    seen: dict[str, int] = {}
    for name in names:
        card = hand.get_by_role("option", name=name, exact=True).nth(seen.get(name, 0))
        seen[name] = seen.get(name, 0) + 1
        card.click(position={"x": 10, "y": 40})
    root.get_by_role("button", name=check, exact=True).click()
    wait_for_app(page)


def test_thirteen_pose_click_and_judge(url: str, tmp_path: Path) -> None:
    with chromium_page(1400, 1000) as page:
        _open(page, url, "/thirteen_editor")
        _said(page, "Every legal play (1)")
        _pose(page, "Deck for your hand", ["7♠", "7♣", "7♦", "7♥", "9♥"], "Use as your hand")
        _said(page, "Every legal play (6)")  # the six pairs of 7s beat the pair of 4s
        _choose(page, ["7♠", "7♥"])
        _said(page, "7♠ 7♥: legal.")
        hand = page.get_by_role("listbox", name="Your hand", exact=True)
        assert hand.get_by_role("option").count() == 5, "the chosen play stays in the hand"
        nine = hand.get_by_role("option", name="9♥", exact=True)
        assert nine.get_attribute("aria-disabled") == "true"
        nine.click(position={"x": 10, "y": 40}, force=True)
        status = _root(page, "listbox", "Your hand").get_by_role("status").inner_text()
        assert status.startswith("Why not 9♥? no legal play uses it:") and "pair" in status
        # a saved file loads again (the uploader is a real one here)
        saved = tmp_path / "position.json"
        saved.write_text(json.dumps({"hand": "3S 3H 9C", "previous": "8C"}), encoding="utf-8")
        page.locator("input[type='file']").set_input_files(str(saved))
        wait_for_app(page)
        page.get_by_role("button", name="Load", exact=True).click()
        _said(page, "Position loaded.")
        _said(page, "Every legal play (1)")
        page.screenshot(path=str(tmp_path / "thirteen.png"), full_page=True)


def test_euchre_pose_the_trick_click_a_card_and_judge(url: str, tmp_path: Path) -> None:
    with chromium_page(1400, 1000) as page:
        _open(page, url, "/euchre_editor")
        _said(page, "Every legal play (2)")
        _part(page, "The trick so far")
        root = _root(page, "group", "Deck for the trick so far")
        page.get_by_role("button", name="Take back the last card").click()  # 9♣ leaves the trick
        wait_for_app(page)
        _said(page, "Click a card, then “Add to the table”")
        tiles = page.get_by_role("group", name="Deck for the trick so far", exact=True)
        tiles.get_by_role("button", name="9♦", exact=True).click()
        root.get_by_role("button", name="Add to the table", exact=True).click()
        wait_for_app(page)
        _said(page, "Every legal play (5)")  # no diamond in the hand (J♦ is a heart): any card
        _choose(page, ["A♠"], check="Check this card")
        _said(page, "A♠: legal.")
        page.screenshot(path=str(tmp_path / "euchre.png"), full_page=True)


def test_shengji_pose_a_lead_click_a_pair_and_judge(url: str, tmp_path: Path) -> None:
    with chromium_page(1400, 1000) as page:
        _open(page, url, "/shengji_editor")
        _said(page, "Every legal play (3)")
        _part(page, "The lead")
        _pose(page, "Deck for the lead", ["J♣", "J♣"], "Use as the lead")
        _said(page, "Every legal play (1)")  # the only pair of clubs in the hand: 7♣ 7♣
        _said(page, "so you must play a pair of ♣")
        _choose(page, ["7♣", "7♣"])
        _said(page, "7♣ 7♣: legal.")
        page.screenshot(path=str(tmp_path / "shengji.png"), full_page=True)


def test_doudizhu_pose_the_play_to_beat_click_a_pair_and_judge(url: str, tmp_path: Path) -> None:
    with chromium_page(1400, 1000) as page:
        _open(page, url, "/doudizhu_editor")
        _said(page, "Every legal play (7)")
        _part(page, "The play to beat")
        _pose(page, "Deck for the play to beat", ["6", "6"], "Use as the play to beat")
        _said(page, "Every legal play (1)")  # only the 9s make a higher pair
        _choose(page, ["9", "9"])
        _said(page, "9 9: legal.")
        page.screenshot(path=str(tmp_path / "doudizhu.png"), full_page=True)


def test_a_dou_dizhu_link_of_the_four_player_preset_opens(url: str) -> None:
    position = {"preset": "four_player", "hand": "3 3 3 3 3 7 7 7 7 BJ BJ", "previous": "8 8 8 8"}
    with chromium_page(1280, 720) as page:
        _open(page, url, "/doudizhu_editor?pos=" + encode_position(position))
        _said(page, "Loaded the position from the link.")
        _said(page, "Every legal play (1)")
        body = page.inner_text("body")
        assert "Traceback" not in body and "cannot be modified after the widget" not in body
