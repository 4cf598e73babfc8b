"""The click-everything walk (tests/helpers/monkey.py) at a small size: on every page of the app, a few seeded
random actions of a learner (cards, buttons, tabs, expanders, options, sliders, select boxes, typed values, ← →,
Back), each followed by a check that the page shows no exception, no traceback, no Python error text, has not
hung and still has its sidebar. ``bench/monkey.py --actions 5000 --seed N`` runs the same walk at length.

The seed is ``MONKEY_SEED`` (1 unless set), so a failure here replays with the seed and the page it names."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser import chromium_page, serve_app
from tests.helpers.monkey import PAGES, walk

pytestmark = pytest.mark.browser

ACTIONS = int(os.environ.get("MONKEY_ACTIONS", "6"))
SEED = int(os.environ.get("MONKEY_SEED", "1"))


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data: Path = tmp_path_factory.mktemp("monkey")
    before = os.environ.get("CARD_TABLE_DB_URL")
    os.environ["CARD_TABLE_DB_URL"] = f"sqlite:///{data}/monkey.sqlite"
    try:
        with serve_app() as url:
            yield url
    finally:
        if before is None:
            os.environ.pop("CARD_TABLE_DB_URL", None)
        else:
            os.environ["CARD_TABLE_DB_URL"] = before


@pytest.mark.parametrize("path", PAGES, ids=[p or "home" for p in PAGES])
def test_random_clicks_never_break_the_page(app_url: str, path: str) -> None:
    with chromium_page(1280, 900) as page:
        walked = walk(page, app_url, path, ACTIONS, SEED)
    assert not walked.findings, "\n".join(str(f) for f in walked.findings)
    assert walked.actions == ACTIONS
    done = sum(n for kind, n in walked.kinds.items() if kind not in ("missed", "nothing"))
    assert done >= ACTIONS // 2, f"the walk found little to do on /{path}: {walked.kinds}"
