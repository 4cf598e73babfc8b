"""A real browser on the Euchre scoring explorer: drawn at once from the quick default, a bigger run on its button."""

import re

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text

pytestmark = pytest.mark.browser


def test_the_scoring_explorer_draws_at_once_and_runs_a_bigger_simulation_on_its_button() -> None:
    with serve_app() as url, chromium_page(width=1280, height=720) as page:
        page.goto(url + "/euchre_scoring")
        wait_for_app(page)
        body = page.inner_text("body")
        # drawn at once: the shipped quick default (named so, or as the finished run it is once kept by the server)
        assert re.search(r"showing (the quick default: )?1,000 hands", body) and "Traceback" not in body
        assert "Simulate (" not in body, "the quick default needs no run"
        slider = page.get_by_role("slider").first  # Hands to simulate: 1,000 → 2,000
        slider.focus()
        page.keyboard.press("ArrowRight")
        wait_for_app(page)
        page.get_by_role("button", name="Simulate (2,000 hands)").click()
        wait_for_text(page, "showing 2,000 hands, seed 1", timeout=180_000)
        assert "Simulate (2,000 hands)" not in page.inner_text("body")
