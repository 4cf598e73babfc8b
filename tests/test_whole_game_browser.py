"""A whole game of every game at the Table in a real browser: it plays to its end (the scoreboard's summary in
words, the same as the engine's) and reopens at that step from its link."""

from __future__ import annotations

import logging
from urllib.parse import parse_qs, urlparse

import pytest

from engine.games import game
from engine.match import whole_game
from tests.browser import chromium_page, serve_app, wait_for_app
from ui.table import bot_hand

pytestmark = pytest.mark.browser

SEED = 2


def engine_summary(key: str) -> tuple[str, int]:
    """The first sentence of the whole game's outcome as the engine words it, and the game's length."""
    logging.getLogger("streamlit").setLevel(logging.ERROR)
    base = game(key)
    hand = bot_hand(base, key, base.default_preset, SEED, whole=True)
    outcome = whole_game(base).outcome(hand.last)
    assert outcome is not None, f"{key}: the bots' whole game has an outcome"
    return outcome.summary.split(". ")[0], len(hand.record.actions)


def test_a_whole_game_of_every_game_plays_to_its_end_and_reopens_from_its_link() -> None:
    with serve_app() as url, chromium_page(1400, 1200) as page:
        for key in ("shengji", "thirteen", "euchre", "doudizhu"):
            summary, length = engine_summary(key)
            page.goto(f"{url}/{key}_table?seed={SEED}&whole=1")
            wait_for_app(page)
            page.get_by_role("button", name="End").first.click()
            wait_for_app(page)
            page.get_by_text(summary, exact=False).first.wait_for(timeout=60_000)
            body = page.inner_text("body")
            assert "Traceback" not in body
            link = page.url
            query = parse_qs(urlparse(link).query)
            assert query.get("whole") == ["1"] and query.get("step") == [str(length)], (key, link)
            page.goto(f"{url}/thirteen_lessons")  # somewhere else, then the link again
            wait_for_app(page)
            page.goto(link)
            wait_for_app(page)
            page.get_by_text(summary, exact=False).first.wait_for(timeout=60_000)
