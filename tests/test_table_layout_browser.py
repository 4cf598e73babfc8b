"""The Table's layout in a real browser (Debian's Chromium through Playwright):

- play mode at 1280×720 (a projector, the sidebar open) and at 1400×900: at the first decision of every game, and at
  a decision of every kind (Shengji's declaring, burying and tricks; Thirteen's plays and a turn where only a pass is
  left; Euchre's bidding, the dealer's discard and tricks; Dou Dizhu's auction and tricks), your hand's cards (found
  by their accessible names), the buttons to act and the trick are inside the window, without scrolling;
- on a phone (390×844) the control bar and the step bar are one row each, their buttons still named.

The decisions come from the engine: a seeded bot game, cut where the seat to act first faces each kind of decision,
opened through the Table's own link (``mode=play&seat=…&hand=…``); what must be on screen (the cards held, whether
the decision takes cards or words) is the engine's too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.driver import play_out, replay
from engine.games import game
from engine.table import Record
from tests.browser import chromium_page, serve_app, wait_for_app
from tests.helpers.table_browser import state_in_link, to_first_decision, word_buttons, your_hand
from ui.card_hand import card_name
from ui.share import encode_position

pytestmark = pytest.mark.browser

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
SEED = 3
CARDS = "[role=option], [role=img]"
BOXES = "els => els.map(e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })"
TOP = ("() => { window.scrollTo(0, 0); for (const e of document.querySelectorAll('*')) "
       "{ if (e.scrollTop) e.scrollTop = 0; } }")
SCROLLED = "() => window.scrollY + [...document.querySelectorAll('*')].reduce((a, e) => a + e.scrollTop, 0)"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


def _takes_cards(key: str, state: Any) -> bool:
    g = game(key)
    return any(g.action_cards(a) for a in g.legal_actions(state, limit=500))


def _kind(key: str, state: Any) -> tuple[str, str, str]:
    """A decision's kind: the phase the engine's view names (without a trick's number: "Play · trick 3"), whether it
    is made with cards or with words, and whether cards lie on the table."""
    view = game(key).view(state, None)
    return (view.phase.split(" · ")[0], "cards" if _takes_cards(key, state) else "words",
            "cards on the table" if view.table else "an empty table")


def decisions(key: str, seeds: range = range(SEED, SEED + 4)) -> list[tuple[tuple[str, str, str], Record, str]]:
    """The first decision of each kind in the bots' games of ``seeds``: (kind, the record up to it, the seat's
    letter)."""
    g = game(key)
    found: dict[tuple[str, str, str], tuple[Record, str]] = {}
    for seed in seeds:
        record, _ = play_out(g, g.rules(g.default_preset), seed, preset=g.default_preset)
        states, _ = replay(g, record)
        for i, state in enumerate(states):
            seat = g.to_act(state)
            if seat is None:
                continue
            kind = _kind(key, state)
            if kind not in found:
                letter = g.seat_letters(g.rules_of(state))[seat]
                found[kind] = (Record(record.game, record.preset, record.seed, record.actions[:i]), letter)
    return [(kind, rec, letter) for kind, (rec, letter) in found.items()]


def _boxes(locator: Any) -> list[list[float]]:
    return [list(b) for b in locator.evaluate_all(BOXES)]


def assert_decision_in_view(page: Any, key: str, state: Any, me: int, where: str) -> None:
    """Your cards, the buttons to act and the trick inside the window (scrolled to the top: nothing must need a
    scroll), and the page does not scroll by itself."""
    page.evaluate(TOP)
    page.wait_for_timeout(200)
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    g = game(key)

    def inside(box: list[float], what: str) -> None:
        top, bottom, left, right = box
        assert 0 <= top and bottom <= height and 0 <= left and right <= width, \
            f"{where}: {what} is outside the {width}×{height} window: {box}"

    held = [c for c in g.view(state, me).seats[me].cards if c is not None]
    hand = your_hand(page)
    assert hand.count() == 1, f"{where}: your hand is not on the page"
    names = [str(n) for n in hand.locator(CARDS).evaluate_all("es => es.map(e => e.getAttribute('aria-label'))")]
    assert sorted(names) == sorted(card_name(c) for c in held), f"{where}: the hand shown is not the one held"
    for name, box in zip(names, _boxes(hand.locator(CARDS)), strict=True):
        inside(box, f"the card {name} of your hand")
    if _takes_cards(key, state):
        act = page.locator(".ch").filter(has=hand).get_by_role(
            "button", name=re.compile("^(Play the chosen cards|Choose these)"))
        assert act.count() == 1, f"{where}: no button to play the chosen cards"
        inside(_boxes(act)[0], "the button to play the chosen cards")
    words = word_buttons(page, key)
    if not _takes_cards(key, state):
        assert words.count(), f"{where}: a decision made with words shows no buttons for them"
    for i, box in enumerate(_boxes(words)):
        inside(box, f"the button {words.nth(i).inner_text()!r}")
    inside(_boxes(page.get_by_role("button", name="Hint", exact=True))[0], "the Hint button")
    trick = page.get_by_role("group", name="The cards on the table")
    if trick.count():
        for box in _boxes(trick.first.locator(CARDS)):
            inside(box, "a card on the table")
    assert page.evaluate(SCROLLED) == 0, f"{where}: the page scrolled by itself"


@pytest.mark.parametrize("size", [(1280, 720), (1400, 900)], ids=["1280x720", "1400x900"])
def test_at_the_first_decision_of_every_game_your_hand_the_buttons_and_the_trick_fit_the_window(
        url: str, size: tuple[int, int]) -> None:
    with chromium_page(*size) as page:
        for key in GAMES:
            page.goto(f"{url}/{key}_table?mode=play&seat=S&seed={SEED}")
            wait_for_app(page)
            to_first_decision(page)
            state = state_in_link(key, page.url)
            g = game(key)
            me = g.seat_letters(g.rules_of(state)).index("S")
            assert g.to_act(state) == me
            assert_decision_in_view(page, key, state, me, f"{key} at {size[0]}×{size[1]}, first decision")


@pytest.mark.parametrize("key", GAMES)
def test_at_every_kind_of_decision_your_hand_the_buttons_and_the_trick_fit_a_1280x720_window(
        url: str, key: str) -> None:
    g = game(key)
    found = decisions(key)
    kinds = [kind for kind, _, _ in found]
    assert len(kinds) >= 3 and any(taken == "cards" for _, taken, _ in kinds), kinds
    with chromium_page(1280, 720) as page:
        for kind, record, letter in found:
            page.goto(f"{url}/{key}_table?mode=play&seat={letter}&hand={encode_position(record.to_json())}")
            wait_for_app(page)
            page.get_by_text(re.compile("^Your turn")).first.wait_for(timeout=20000)
            state = state_in_link(key, page.url)
            me = g.seat_letters(g.rules_of(state)).index(letter)
            assert g.to_act(state) == me and _kind(key, state) == kind, (kind, page.url)
            assert_decision_in_view(page, key, state, me, f"{key} at 1280×720, {' · '.join(kind)}")


def _one_row(page: Any, bar: str, where: str) -> int:
    """The visible controls of a bar (by its key) on one row inside the window; their number."""
    items = page.locator(f".st-key-{bar} > div, .st-key-{bar} > [data-testid]")
    boxes = [b for b in _boxes(items) if b[1] > b[0]]
    assert len(boxes) >= 4, f"{where}: the bar shows only {len(boxes)} controls"
    tops, bottoms = [b[0] for b in boxes], [b[1] for b in boxes]
    assert max(tops) < min(bottoms), f"{where}: the controls wrap onto more than one row: {boxes}"
    assert all(0 <= b[2] and b[3] <= page.viewport_size["width"] for b in boxes), f"{where}: cut off: {boxes}"
    return len(boxes)


def test_on_a_phone_the_table_bars_are_one_row_and_the_settings_hold_the_rest(url: str) -> None:
    with chromium_page(390, 844) as page:
        page.goto(f"{url}/thirteen_table?seed={SEED}&step=5")
        wait_for_app(page)
        _one_row(page, "thirteen-table-controls", "the control bar in watch mode")
        _one_row(page, "thirteen-table-steps", "the step bar")
        for name in ("Start", "Back", "Forward", "End", "Auto-play", "New deal"):
            button = page.get_by_role("button", name=name, exact=True)
            assert button.count() == 1 and button.is_visible(), f"the {name!r} button is gone or unnamed"
            assert button.bounding_box()["width"] < 60, f"the {name!r} button should show its icon only"
        page.get_by_role("button", name="Forward", exact=True).click()
        wait_for_app(page)
        assert "step=6" in page.url
        page.get_by_role("button", name="Speed and jump").click()
        page.locator(".st-key-thirteen-table-w-jump-menu").wait_for(state="visible", timeout=10000)
        page.locator(".st-key-thirteen-table-w-speed-menu").wait_for(state="visible", timeout=10000)
        page.keyboard.press("Escape")
        page.get_by_role("button", name="Settings").click()
        page.locator(".st-key-thirteen-table-w-whole-menu").wait_for(state="visible", timeout=10000)
        page.locator(".st-key-thirteen-table-present-menu").get_by_role("button", name="Present").wait_for(
            state="visible", timeout=10000)
        page.keyboard.press("Escape")
        page.goto(f"{url}/thirteen_table?mode=play&seat=S&seed={SEED}")
        wait_for_app(page)
        _one_row(page, "thirteen-table-controls", "the control bar in play mode")
        to_first_decision(page)
        assert your_hand(page).count() == 1


def test_at_1280x720_the_control_bar_and_the_step_bar_are_one_row_each(url: str) -> None:
    with chromium_page(1280, 720) as page:
        for key in ("shengji", "doudizhu"):  # the longest game name, the longest jump list
            page.goto(f"{url}/{key}_table?seed={SEED}&step=5")
            wait_for_app(page)
            assert _one_row(page, f"{key}-table-controls", f"{key}: the control bar") >= 6
            assert _one_row(page, f"{key}-table-steps", f"{key}: the step bar") >= 7
            assert not page.locator(f".st-key-{key}-table-more").is_visible(), "the phone's pop-over shows"


@pytest.mark.parametrize("lang", ["bn", "as"])
def test_in_bengali_and_assamese_the_bars_stay_one_row_at_1280x720(url: str, lang: str) -> None:
    """The words are longer in Bengali and Assamese: the control bar (New deal showing its dice alone) and the step
    bar still keep one row each, in watch and in play mode, with the sidebar open."""
    with chromium_page(1280, 720) as page:
        for key in ("shengji", "thirteen"):
            page.goto(f"{url}/{key}_table?seed={SEED}&step=5&lang={lang}")
            wait_for_app(page)
            assert _one_row(page, f"{key}-table-controls", f"{key} ({lang}): the control bar") >= 6
            assert _one_row(page, f"{key}-table-steps", f"{key} ({lang}): the step bar") >= 7
        page.goto(f"{url}/thirteen_table?mode=play&seat=S&seed={SEED}&lang={lang}")
        wait_for_app(page)
        assert _one_row(page, "thirteen-table-controls", f"thirteen ({lang}): the control bar in play mode") >= 6
        new = page.locator(".st-key-thirteen-table-new button").first
        assert new.bounding_box()["width"] < 60, "New deal shows its dice alone"
