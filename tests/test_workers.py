"""The started worker pool (engine.workers): results, errors and cancellation as a process pool's, a worker that
dies replaced, and no fork of the caller."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import pytest

from engine.errors import UnknownNameError
from engine.games import game_info
from engine.sim import game_seed
from engine.workers import StartedPool, WorkerStoppedError


@pytest.fixture(scope="module")
def pool() -> Iterator[StartedPool]:
    p = StartedPool(2)
    yield p
    p.shutdown()


def test_results_come_back_in_order_of_the_futures(pool: StartedPool) -> None:
    futures = [pool.submit(game_seed, 7, i) for i in range(20)]
    assert [f.result(timeout=60) for f in futures] == [game_seed(7, i) for i in range(20)]


def test_workers_are_other_processes_and_not_forks(pool: StartedPool) -> None:
    pids = {pool.submit(os.getpid).result(timeout=60) for _ in range(6)}
    assert os.getpid() not in pids
    # a started interpreter has its own parent-independent state: the caller's threads are not in it
    assert all(pool.submit(threading.active_count).result(timeout=60) == 1 for _ in range(2))


def test_the_projects_errors_arrive_as_themselves(pool: StartedPool) -> None:
    with pytest.raises(UnknownNameError, match="chess"):
        pool.submit(game_info, "chess").result(timeout=60)


def test_what_a_task_prints_does_not_corrupt_the_answers(pool: StartedPool) -> None:
    assert pool.submit(print, "a line a task prints").result(timeout=60) is None
    assert pool.submit(game_seed, 1, 2).result(timeout=60) == game_seed(1, 2)


def test_a_worker_that_dies_fails_its_task_and_is_replaced(pool: StartedPool) -> None:
    with pytest.raises(WorkerStoppedError, match="stopped"):
        pool.submit(os._exit, 3).result(timeout=60)
    assert [pool.submit(game_seed, 2, i).result(timeout=60) for i in range(4)] == [game_seed(2, i) for i in range(4)]


def test_queued_tasks_can_be_cancelled() -> None:
    p = StartedPool(1)
    try:
        first = p.submit(time.sleep, 1.0)
        queued = [p.submit(game_seed, 3, i) for i in range(5)]
        assert all(f.cancel() for f in queued)
        assert first.result(timeout=60) is None
        assert all(f.cancelled() for f in queued)
    finally:
        p.shutdown(cancel_futures=True)
    with pytest.raises(RuntimeError, match="shut down"):
        p.submit(game_seed, 1, 1)


def test_shutdown_stops_the_worker_processes() -> None:
    p = StartedPool(1)
    pid = p.submit(os.getpid).result(timeout=60)
    p.shutdown()
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    pytest.fail(f"worker {pid} still runs after shutdown")
