"""In a real browser (Debian's Chromium through Playwright) a page with ``?lang=bn`` or ``?lang=as`` draws its
Bengali-script text with the shipped font, whatever fonts the machine has: Chromium's own record of the fonts that
drew a node's glyphs (DevTools' CSS.getPlatformFontsForNode) names CTC Sans Bengali, and no other font draws them.
The sidebar's links keep the language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


def _fonts_drawing(page: Any, selector: str) -> dict[str, int]:
    """Font family → glyphs it drew, for the text of the first element matching ``selector``."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, f"no element {selector!r}"
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    return {f["familyName"]: f["glyphCount"] for f in fonts}


@pytest.mark.parametrize(("lang", "title"), [("bn", "কার্ড টেবিল ক্লাসরুম"), ("as", "কাৰ্ড টেবুল শ্ৰেণীকোঠা")])
def test_bengali_script_is_drawn_with_the_shipped_font(url: str, lang: str, title: str) -> None:
    with chromium_page(1400, 900) as page:
        page.goto(f"{url}/?lang={lang}")  # type: ignore[attr-defined]
        wait_for_app(page)
        wait_for_text(page, title)
        page.evaluate("document.fonts.ready")  # type: ignore[attr-defined]
        family = page.evaluate(  # type: ignore[attr-defined]
            "() => getComputedStyle(document.querySelector('[data-testid=stMain] h1')).fontFamily")
        assert "Source Sans" in family
        fonts = _fonts_drawing(page, "[data-testid=stMain] h1")
        letters = sum(1 for c in title if not c.isspace())
        assert fonts.get("CTC Sans Bengali", 0) >= letters - 4, fonts  # conjuncts draw several letters as one
        others = {name: n for name, n in fonts.items() if name != "CTC Sans Bengali"}
        assert sum(others.values()) <= title.count(" "), f"only the spaces may come from another font: {fonts}"
        links = page.locator("[data-testid='stSidebar'] a")  # type: ignore[attr-defined]
        hrefs = [links.nth(i).get_attribute("href") or "" for i in range(links.count())]
        assert hrefs and all(f"lang={lang}" in h for h in hrefs), hrefs


def test_a_bad_language_is_said_once_the_browser_has_settled(url: str) -> None:
    with chromium_page(1280, 720) as page:
        page.goto(f"{url}/?lang=xx")  # type: ignore[attr-defined]
        wait_for_app(page)
        wait_for_text(page, "There is no language “xx”; the page is shown in English.")
        assert "lang=" not in page.url  # type: ignore[attr-defined]
