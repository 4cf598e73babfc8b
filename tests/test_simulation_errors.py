"""A background simulation that fails shows the learner a sentence with the way on, never a Python error text."""

from __future__ import annotations

from concurrent.futures import Future
from typing import Any

import pytest

from engine.errors import CardTableError
from ui import simulation


def _failed(error: BaseException) -> Future[list[dict[str, Any]]]:
    future: Future[list[dict[str, Any]]] = Future()
    future.set_exception(error)
    return future


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (RuntimeError("worker died: BrokenProcessPool at 0x7f"), simulation.STOPPED),
        (CardTableError("the target must be at least 1, not 0"), "the target must be at least 1, not 0"),
    ],
)
def test_a_failed_worker_is_shown_in_words(monkeypatch: pytest.MonkeyPatch, error: BaseException, words: str) -> None:
    options: dict[str, Any] = {"preset": "default"}
    key = simulation._key("euchre", 10, 1, options)
    job = simulation.Job(key, 10, parts=[(10, _failed(error))])
    runner = simulation.Runner(1)
    runner.jobs[key] = job
    monkeypatch.setattr(simulation, "runner", lambda: runner)
    assert simulation.finished_frame("euchre", 10, 1, options) is None
    assert job.error == words
    assert "Traceback" not in (job.error or "") and "0x7f" not in (job.error or "")
