"""Presenter mode on a 1280×720 projector, in a real browser (Debian's Chromium through Playwright).

For every game, at the first decision of each kind in the bots' games (as :mod:`tests.test_table_layout_browser`
finds them) and at the first moment of each kind the moment search finds (a Dou Dizhu bomb, a Euchre go alone …),
the Table in presenter mode (``?present=1``, the teacher's view: every hand face up) is checked as a teacher at the
back of a room would need it:

- every seat's box (its name and its cards) lies inside the window, with nothing scrolled;
- every face-up card on the table and in the hands has a jumbo index whose rank glyph is at least 3 % of the
  window's height (21.6 px): both its rendered box and its font size, measured in the page;
- the number of face-up cards drawn is the number the engine's view holds.

The screenshots are saved in ``out/presenter/`` (one per game and kind) to be looked at. Play mode in presenter mode
too: at each kind of decision your hand, its buttons and the trick are in the window and every card's index reads as
large. Then auto-play: the link follows the screen at every step.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.games import game
from engine.moments import find_moment, moment_kinds
from tests.browser import ROOT, chromium_page, serve_app, wait_for_app
from tests.helpers.table_browser import state_in_link
from tests.test_table_layout_browser import GAMES, assert_decision_in_view, decisions
from ui.share import encode_position
from ui.table_hands import bot_hand

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1280, 720
LEAST = 0.03 * HEIGHT
"""The least height of a card's index glyph: 3 % of the window (issue 23)."""
OUT = ROOT / "out" / "presenter"
SEATS = "[class*='-table-view-place-']"
BOX = "e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; }"
GLYPHS = """els => els.map(t => { const r = t.getBoundingClientRect(); const m = t.getScreenCTM();
  return [r.height, parseFloat(t.getAttribute('font-size')) * Math.abs(m.d), r.top, r.bottom]; })"""


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


def moments(key: str) -> list[tuple[str, int, int]]:
    """(kind, seed, step) of the first moment of each kind the search finds from deal 3 (none: left out)."""
    g = game(key)
    record = bot_hand(g, key, g.default_preset, 3).record
    found = []
    for kind in moment_kinds(g):
        moment = find_moment(g, kind.name, record, 0, deals=30)
        if moment is not None:
            found.append((kind.name, moment.record.seed, moment.step))
    return found


def where_to_look(key: str) -> list[tuple[str, int, int]]:
    """(a name for the screenshot, seed, step): each decision kind, then each moment kind."""
    shots = [(f"{n}-{'-'.join(kind).replace(' ', '_')}", rec.seed, len(rec.actions))
             for n, (kind, rec, _) in enumerate(decisions(key))]
    return shots + [(f"moment-{name}", seed, step) for name, seed, step in moments(key)]


def assert_indexes_readable(page: Any, where: str) -> None:
    """Every face-up card drawn has a jumbo index at least 3 % of the window's height (its box and its font)."""
    faces = page.locator(".ch-card:not([aria-label='face-down card'])")
    glyphs = page.locator(".ch-card svg text.ch-index")
    assert glyphs.count() == faces.count() > 0, f"{where}: {faces.count() - glyphs.count()} cards without a jumbo index"
    for box, font, _, _ in glyphs.evaluate_all(GLYPHS):
        assert box >= LEAST and font >= LEAST, f"{where}: an index glyph {box:.1f} px high (font {font:.1f} px)"


def check_presenter_table(page: Any, key: str, seed: int, step: int, where: str) -> None:
    g = game(key)
    record = bot_hand(g, key, g.default_preset, seed).record
    from engine.driver import replay

    states, _ = replay(g, record)
    view = g.view(states[step], None)
    seats = page.locator(SEATS)
    assert seats.count() == len(view.seats), f"{where}: {seats.count()} seats drawn, {len(view.seats)} held"
    for i in range(seats.count()):
        top, bottom, left, right = seats.nth(i).evaluate(BOX)
        assert 0 <= top and bottom <= HEIGHT and 0 <= left and right <= WIDTH, \
            f"{where}: the seat {seats.nth(i).inner_text()[:30]!r} is outside the window: {(top, bottom, left, right)}"
    up = [c for seat in view.seats for c in seat.cards if c is not None]
    up += [c for _, cards, _ in view.table for c in cards]
    up += [c for _, cards in view.extra for c in cards if c is not None]
    faces = page.locator(".ch-card[role=img]:not([aria-label='face-down card'])")
    assert faces.count() == len(up), f"{where}: {faces.count()} face-up cards drawn, the view holds {len(up)}"
    glyphs = page.locator(".ch-card[role=img] svg text.ch-index")
    assert glyphs.count() == len(up), f"{where}: {len(up) - glyphs.count()} face-up cards without a jumbo index"
    for box, font, top, bottom in glyphs.evaluate_all(GLYPHS):
        assert box >= LEAST and font >= LEAST, f"{where}: an index glyph {box:.1f} px high (font {font:.1f} px)"
        assert 0 <= top and bottom <= HEIGHT, f"{where}: an index glyph outside the window"
    assert page.evaluate("() => window.scrollY") == 0


@pytest.mark.parametrize("key", GAMES)
def test_every_seat_fits_a_projector_and_every_card_reads_from_the_back_of_the_room(url: str, key: str) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    looked = where_to_look(key)
    assert len(looked) >= 4, looked
    with chromium_page(WIDTH, HEIGHT) as page:
        for name, seed, step in looked:
            page.goto(f"{url}/{key}_table?mode=watch&seed={seed}&step={step}&present=1")
            wait_for_app(page)
            page.get_by_text(f"Step {step} of").first.wait_for(timeout=20000)
            page.wait_for_timeout(300)  # the card-hand components lay out after their first paint
            page.screenshot(path=str(Path(OUT) / f"{key}-{name}.png"))
            check_presenter_table(page, key, seed, step, f"{key} {name} (deal {seed}, step {step})")


@pytest.mark.parametrize("key", GAMES)
def test_playing_in_presenter_mode_keeps_your_hand_in_view_and_every_card_readable(url: str, key: str) -> None:
    g = game(key)
    OUT.mkdir(parents=True, exist_ok=True)
    with chromium_page(WIDTH, HEIGHT) as page:
        for n, (kind, record, letter) in enumerate(decisions(key)):
            where = f"{key} play, {' · '.join(kind)}"
            page.goto(f"{url}/{key}_table?mode=play&seat={letter}&present=1&hand={encode_position(record.to_json())}")
            wait_for_app(page)
            page.get_by_text(re.compile("^Your turn")).first.wait_for(timeout=20000)
            page.wait_for_timeout(300)
            page.screenshot(path=str(Path(OUT) / f"{key}-play-{n}.png"))
            state = state_in_link(key, page.url)
            me = g.seat_letters(g.rules_of(state)).index(letter)
            assert_decision_in_view(page, key, state, me, where)
            assert_indexes_readable(page, where)


def test_auto_play_keeps_the_link_in_step_with_the_screen(url: str) -> None:
    shown = re.compile(r"Step (\d+) of")
    in_step = """n => { const m = document.body.innerText.match(/Step (\\d+) of/);
      const s = new URLSearchParams(location.search).get('step');
      return m !== null && Number(m[1]) >= n && s === m[1]; }"""
    with chromium_page(WIDTH, HEIGHT) as page:
        page.goto(f"{url}/euchre_table?mode=watch&seed=3&step=0&present=1&large=1")
        wait_for_app(page)
        page.get_by_role("button", name="Auto-play").click()
        for n in range(1, 6):  # each step as it comes: the link says the step the screen shows
            page.wait_for_function(in_step, arg=n, timeout=20000)
        page.get_by_role("button", name="Stop").click()
        wait_for_app(page)
        number = shown.search(page.inner_text("body"))
        assert number is not None and int(number.group(1)) >= 5
        assert f"step={number.group(1)}" in page.url and "large=1" in page.url and "present=1" in page.url
