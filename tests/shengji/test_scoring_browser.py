"""A real browser on the Shengji scoring explorer: drawn at once from the default rounds, a slider step redraws the
re-scored charts, and a bigger run starts on its button, shows its progress and keeps the slider when it is done."""

import contextlib
import os
import signal
from pathlib import Path

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app

pytestmark = pytest.mark.browser


def has(page: object, text: str, timeout: float = 60_000) -> None:
    try:
        page.wait_for_function(f"() => document.body.textContent.includes({text!r})", timeout=timeout)  # type: ignore
    except Exception as error:  # say what the page shows instead: which state a CI failure was stuck in
        body = page.inner_text("body")  # type: ignore[attr-defined]
        raise AssertionError(f"{text!r} not shown ({type(error).__name__}); the page shows:\n{body[-1500:]}") from None


def _left_behind(url: str) -> list[int]:
    """The processes still running with this server's port on their command line: the workers of its process
    pool, which outlive a stopped server (the pool is not shut down when Streamlit exits)."""
    mark = f"--server.port={url.rsplit(':', 1)[1]}".encode()
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and mark in (proc / "cmdline").read_bytes():
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


def test_the_scoring_explorer_draws_at_once_and_runs_more_rounds_on_its_button() -> None:
    try:
        _run_the_explorer()
    finally:
        for pid in _left_behind(URL[0]) if URL else ():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)


URL: list[str] = []


def _run_the_explorer() -> None:
    with serve_app() as url, chromium_page(width=1280, height=720) as page:
        URL.append(url)
        page.goto(url + "/shengji_scoring")
        wait_for_app(page)
        has(page, "Showing 200 rounds, 2 decks, random bots, seed 1 per rule set.")
        body = page.inner_text("body")
        assert "Traceback" not in body and "Run 200" not in body
        has(page, "Chinese competition rules: threshold 80")
        decks = page.locator("[data-testid='stRadio']").first
        decks.get_by_text("1", exact=True).click()  # one deck: its defaults are shipped, nothing runs
        has(page, "Showing 200 rounds, 1 deck, random bots, seed 1 per rule set.")
        has(page, "Chinese competition rules: threshold 40")
        threshold = page.get_by_role("slider").nth(1)  # after the kitty slider
        threshold.focus()
        page.keyboard.press("ArrowRight")
        has(page, "Chinese competition rules: threshold 45")
        has(page, "your threshold 45")
        rounds = page.get_by_role("slider").nth(3)  # 200 → 500 rounds per rule set
        rounds.focus()
        page.keyboard.press("ArrowRight")
        run = page.get_by_role("button", name="Run 500 rounds of Chinese competition rules and Tractor house rules")
        run.wait_for(timeout=60_000)
        has(page, "the default rounds until your run is done")
        run.click()
        has(page, "Showing 500 rounds, 1 deck, random bots, seed 1 per rule set.", timeout=300_000)
        assert "Run 500" not in page.inner_text("body")
        has(page, "Tractor house rules: threshold 45")
