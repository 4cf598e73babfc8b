"""What the server keeps for all sessions stays bounded, however many students ask for different things (the
simulations kept), and what every session needs is kept once (the parsed lessons)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from ui import simulation


@pytest.fixture
def empty_store() -> Iterator[None]:
    store, _ = simulation._store()
    saved = dict(store)
    store.clear()
    simulation.runner().jobs.clear()
    yield
    store.clear()
    store.update(saved)
    simulation.runner().jobs.clear()


def test_the_kept_simulations_never_pass_their_bound(empty_store: None) -> None:
    store, _ = simulation._store()
    for seed in range(3 * simulation.STORE_SIZE):
        simulation._keep(simulation._key("euchre", 10, seed, {}), pd.DataFrame({"seed": [seed]}))
        assert len(store) <= simulation.STORE_SIZE
    newest = simulation._key("euchre", 10, 3 * simulation.STORE_SIZE - 1, {})
    assert len(store) == simulation.STORE_SIZE and simulation._kept(newest) is not None
    assert simulation._kept(simulation._key("euchre", 10, 0, {})) is None, "the oldest went first"


def test_the_lessons_are_parsed_once_and_shared_by_every_session(tmp_path: Path) -> None:
    from tests.test_lessons import FIXTURES
    from ui.lessons import _parsed_lessons, lessons_of

    first = lessons_of("demo", FIXTURES)
    again = lessons_of("demo", FIXTURES)
    assert first and all(a is b for a, b in zip(first, again, strict=True)), "each run gets the same lesson values"
    # An edited lesson file is read again.
    shutil.copytree(FIXTURES / "demo", tmp_path / "demo")
    path = sorted((tmp_path / "demo").glob("*.md"))[0]
    before = lessons_of("demo", tmp_path)[0]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(before.title, before.title + " (edited)", 1), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
    assert lessons_of("demo", tmp_path)[0].title == before.title + " (edited)"
    maxsize = _parsed_lessons.cache_info().maxsize
    assert maxsize is not None
    for _ in range(maxsize + 5):
        os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 1_000_000_000))
        lessons_of("demo", tmp_path)
        assert _parsed_lessons.cache_info().currsize <= maxsize
