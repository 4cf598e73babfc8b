"""What the server keeps for all sessions stays bounded, however many students ask for different things (the
simulations kept, the background runs), and what every session needs is kept once (the parsed lessons)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import Any

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


def _finished_job(key: tuple[str, int, int, str], rows: list[dict[str, Any]]) -> simulation.Job:
    done: Future[list[dict[str, Any]]] = Future()
    done.set_result(rows)
    return simulation.Job(key, len(rows), [(len(rows), done)])


def test_the_kept_simulations_never_pass_their_bound(empty_store: None) -> None:
    store, _ = simulation._store()
    for seed in range(3 * simulation.STORE_SIZE):
        simulation._keep(simulation._key("euchre", 10, seed, {}), pd.DataFrame({"seed": [seed]}))
        assert len(store) <= simulation.STORE_SIZE
    newest = simulation._key("euchre", 10, 3 * simulation.STORE_SIZE - 1, {})
    assert len(store) == simulation.STORE_SIZE and simulation._kept(newest) is not None
    assert simulation._kept(simulation._key("euchre", 10, 0, {})) is None, "the oldest went first"


def test_a_finished_run_is_kept_once_as_a_frame_and_its_rows_let_go(empty_store: None) -> None:
    options = {"preset": "seed"}
    key = simulation._key("euchre", 3, 9, options)
    runner = simulation.runner()
    runner.jobs[key] = _finished_job(key, [{"game": i} for i in range(3)])
    frame = simulation.finished_frame("euchre", 3, 9, options)
    assert frame is not None and list(frame["game"]) == [0, 1, 2]
    assert key not in runner.jobs, "the job's rows are not kept beside the frame"
    assert simulation.finished_frame("euchre", 3, 9, options) is frame  # from the store from now on


def test_a_run_still_going_is_not_forgotten(empty_store: None) -> None:
    key = simulation._key("euchre", 100, 1, {})
    runner = simulation.runner()
    runner.jobs[key] = simulation.Job(key, 100, [(100, Future())])
    runner.forget(key)
    assert key in runner.jobs
    assert simulation.finished_frame("euchre", 100, 1, {}) is None


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
