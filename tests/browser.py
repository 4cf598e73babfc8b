"""Serving the app and driving Debian's Chromium with Playwright: used by the browser tests and
``make screenshots`` (``python -m tests.browser``), which saves a PNG of every page under ``out/``."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def serve_app(timeout: float = 60.0, script: Path = ROOT / "app.py") -> Iterator[str]:
    """Run ``streamlit run app.py`` (or ``script``) on a free port; yield its URL; stop it afterwards."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless=true",
           f"--server.port={port}", "--server.address=127.0.0.1", "--browser.gatherUsageStats=false",
           "--server.fileWatcherType=none",  # as `make run`: an edit to a source file must not reload a test's server
           "--runner.postScriptGC=false"]  # as `make run`
    # The server's output goes to a file, never to a pipe nobody reads: once a pipe's buffer is full, the next
    # write blocks the writing thread for good (and every thread waiting on the logging lock behind it).
    log = tempfile.NamedTemporaryFile(prefix="streamlit-", suffix=".log", delete=False)  # noqa: SIM115
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                out = Path(log.name).read_text(errors="replace")
                raise RuntimeError(f"streamlit did not start on {url}:\n{out}")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        if os.environ.get("KEEP_SERVER_LOGS"):
            print(f"server log: {log.name}")
        else:
            os.unlink(log.name)


@contextlib.contextmanager
def chromium_page(width: int = 1400, height: int = 1000) -> Iterator[object]:
    """A Playwright page in headless Debian Chromium. Fails loudly if Chromium cannot start."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise RuntimeError(f"{CHROMIUM} is missing: run 'make test' (it installs Debian's chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            yield page
        finally:
            browser.close()


def wait_for_app(page: object, timeout: float = 60000) -> None:
    """Wait until Streamlit has finished running the page script: no 'running' indicator and no
    placeholder skeletons (an element's, or the whole app's while a fresh server runs its first page) for a second
    in a row."""
    page.wait_for_selector("[data-testid='stApp']", timeout=timeout)  # type: ignore[attr-defined]
    idle_js = (
        "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
        " && !document.querySelector('[data-testid=\"stSkeleton\"], [data-testid=\"stAppSkeleton\"]')"
        " && document.querySelectorAll('[data-testid=\"stMainBlockContainer\"] *').length > 5"
    )
    deadline = time.monotonic() + timeout / 1000
    quiet = 0
    while quiet < 4:
        if time.monotonic() > deadline:
            raise TimeoutError("the app did not finish running its page script")
        page.wait_for_timeout(300)  # type: ignore[attr-defined]
        quiet = quiet + 1 if page.evaluate(idle_js) else 0  # type: ignore[attr-defined]


def wait_for_text(page: object, text: str, timeout: float = 60000) -> None:
    """Wait until the page shows ``text``; on a timeout fail with what the page shows instead (its last 1,500
    characters), so that a failure in CI says which state the page was stuck in."""
    try:
        page.wait_for_function("t => document.body.innerText.includes(t)", arg=text,  # type: ignore[attr-defined]
                               timeout=timeout)
    except Exception as error:
        body = page.inner_text("body")  # type: ignore[attr-defined]
        raise AssertionError(f"{text!r} not shown within {timeout / 1000:.0f} s ({type(error).__name__}); "
                             f"the page shows:\n{body[-1500:]}") from None


def screenshots(paths: list[str], out: Path, script: Path = ROOT / "app.py", height: int = 2200) -> list[Path]:
    """Screenshots of ``paths`` (URL paths such as ``/cards``) saved in ``out``; a tall window so that the
    whole page shows (Streamlit scrolls inside its own container, not the document)."""
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with serve_app(script=script) as url, chromium_page(height=height) as page:
        for path in paths:
            page.goto(url + path)  # type: ignore[attr-defined]
            wait_for_app(page)
            name = (path.strip("/") or "home").replace("/", "_")
            target = out / f"{name}.png"
            page.screenshot(path=str(target), full_page=True)  # type: ignore[attr-defined]
            saved.append(target)
    return saved


if __name__ == "__main__":
    wanted = sys.argv[1:] or ["/", "/cards"]
    for p in screenshots(wanted, ROOT / "out" / "screenshots"):
        print(p)
