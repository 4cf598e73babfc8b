"""In a real browser: a learner who chose Assamese comes back to the app with no ``?lang=`` in the address (the
browser remembers only their learner id) and the app opens in Assamese, the address taking ``?lang=as``; choosing
Bengali in the sidebar is kept for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text
from ui.store import Store

pytestmark = pytest.mark.browser


def test_a_learner_comes_back_in_their_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url_db = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    monkeypatch.setenv("CARD_TABLE_DB_URL", url_db)  # the server started below inherits it
    db = Store(url_db)
    me = db.learner("রাহুল দাস")
    db.set_language(me.id, "as")
    with serve_app() as url, chromium_page(1280, 720) as page:
        page.goto(url + "/")  # type: ignore[attr-defined]
        wait_for_app(page)
        page.evaluate(f"window.localStorage.setItem('cardtable.learner', {me.id!r})")  # type: ignore[attr-defined]
        page.goto(url + "/thirteen_practice")  # type: ignore[attr-defined]
        wait_for_text(page, "থাৰ্টিন — অনুশীলন")
        wait_for_text(page, "হিচাপে শিকি আছে")
        assert page.url.endswith("/thirteen_practice?lang=as")  # type: ignore[attr-defined]
        page.locator("[data-testid='stSidebar'] [data-testid='stSelectbox']").first.click()  # type: ignore[attr-defined]
        page.get_by_role("option", name="বাংলা").click()  # type: ignore[attr-defined]
        wait_for_text(page, "থার্টিন — অনুশীলন")
    assert db.language_of(me.id) == "bn"
