"""Hostile links in a real browser: the refusal is shown, and no foreign link, image or request comes of it.

Chromium opens an editor and a Table with a link whose position (record) names a Markdown preset — a clickable
"re-enter your password" link and an image from an outside server if the message renders Markdown. Every request
the page makes is recorded (those to the outside are aborted); the DOM must hold no anchor or image pointing
there. Backslash-escaping alone is not enough: Chromium turns a bare ``http://…`` in Markdown into a link too.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app
from tests.test_hostile_links import IMAGE, LINK, encode, quoted

pytestmark = pytest.mark.browser

LINKS = {
    # Messages quote at most about 60 characters of the input: the image first, so that it is quoted whole.
    "/euchre_editor?pos=" + encode('{"preset": ' + quoted(f"{IMAGE} {LINK}") + ', "hand": "AS KS"}'),
    "/shengji_table?hand=" + encode('{"game": "shengji", "preset": ' + quoted(LINK)
                                    + ', "seed": 1, "actions": []}'),
}


@pytest.fixture(scope="module")
def app_url() -> Iterator[str]:
    with serve_app() as url:
        yield url


@pytest.mark.parametrize("path", sorted(LINKS), ids=lambda p: p.split("?")[0].strip("/"))
def test_a_hostile_link_makes_no_foreign_link_image_or_request(app_url: str, path: str) -> None:
    requested: list[str] = []

    def record(route: object) -> None:
        url = route.request.url  # type: ignore[attr-defined]
        requested.append(url)
        if "evil.example" in url:
            route.abort()  # type: ignore[attr-defined]
        else:
            route.continue_()  # type: ignore[attr-defined]

    with chromium_page(height=1400) as page:
        page.route("**/*", record)  # type: ignore[attr-defined]
        page.goto(app_url + path)  # type: ignore[attr-defined]
        wait_for_app(page)
        page.wait_for_timeout(1000)  # type: ignore[attr-defined]  # images load after the script has finished
        text = page.evaluate("() => document.body.innerText")  # type: ignore[attr-defined]
        anchors = page.evaluate(  # type: ignore[attr-defined]
            "() => [...document.querySelectorAll('a[href]')].map(a => a.href).filter(h => h.includes('evil.example'))")
        images = page.evaluate(  # type: ignore[attr-defined]
            "() => [...document.querySelectorAll('img[src]')].map(i => i.src).filter(s => s.includes('evil.example'))")
    outside = [u for u in requested if "evil.example" in u]
    assert "not loaded" in text, "the page should say the link was refused"
    problems = [f"a link to {h}" for h in anchors] + [f"an image from {s}" for s in images] + [
        f"a request to {u}" for u in outside]
    assert not problems, "; ".join(problems)
