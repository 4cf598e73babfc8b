"""A pool of worker processes that are *started*, never forked from the caller: safe in a multi-threaded server.

Forking a process that runs other threads copies the locks those threads hold at that instant (an import, a
buffered stream, a library's allocator), and a child that then needs one waits for ever. A web server has many
threads, so its long-lived pools (the scoring explorers' background runs, the coach's samples) use this pool: each
worker is a fresh interpreter (``python -m engine.workers``) that reads ``(function, args)`` from a pipe and
answers with the result, pickled. Functions must be importable by name (module-level), as for any process pool.
A task runs in the language that was current where it was submitted (:func:`engine.i18n.use_language`), so the
words it writes are the caller's.

    pool = StartedPool(2)
    future = pool.submit(engine.sim.game_seed, 1, 2)
    future.result()  # 1000005

Each worker is fed by one thread of the caller, which starts it on its first task and again if it stops; a worker
stops when its pipe closes (the caller exited or shut the pool down) and, on Linux, when its feeding thread ends.
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import IO, Any, TypeVar

from engine.errors import CardTableError
from engine.i18n import language, use_language
from engine.pools import worker_init

__all__ = ["StartedPool", "WorkerStoppedError"]

T = TypeVar("T")
_ROOT = str(Path(__file__).resolve().parent.parent)
_Task = tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any], str]


class WorkerStoppedError(CardTableError):
    """A worker process stopped in the middle of a task (killed, or out of memory)."""


class StartedPool(Executor):
    """``workers`` started processes behind the :class:`concurrent.futures.Executor` interface (thread-safe)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"a pool needs at least one worker, not {workers}")
        self._max_workers = workers
        self._tasks: queue.SimpleQueue[_Task | None] = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []
        self._procs: list[subprocess.Popen[bytes] | None] = [None] * workers
        self._lock = threading.Lock()
        self._closed = False

    @property
    def workers(self) -> int:
        """How many worker processes the pool runs at most."""
        return self._max_workers

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Queue ``fn(*args, **kwargs)`` for a worker, to run in the current language; its future is cancellable
        until a worker takes it."""
        future: Future[T] = Future()
        with self._lock:
            if self._closed:
                raise RuntimeError("the pool is shut down")
            if not self._threads:
                for i in range(self._max_workers):
                    thread = threading.Thread(target=self._feed, args=(i,), name=f"engine-worker-{i}", daemon=True)
                    thread.start()
                    self._threads.append(thread)
            self._tasks.put((future, fn, args, kwargs, language()))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the workers once the queued tasks are done (or cancelled, with ``cancel_futures``)."""
        with self._lock:
            self._closed = True
            threads = list(self._threads)
        if cancel_futures:
            while True:
                try:
                    task = self._tasks.get_nowait()
                except queue.Empty:
                    break
                if task is not None:
                    task[0].cancel()
        for _ in threads:
            self._tasks.put(None)
        if wait:
            for thread in threads:
                thread.join()

    def _start(self) -> subprocess.Popen[bytes]:
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_ROOT, env.get("PYTHONPATH", "")) if p)
        return subprocess.Popen([sys.executable, "-m", "engine.workers"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=env, cwd=_ROOT)

    def _feed(self, index: int) -> None:
        while True:
            task = self._tasks.get()
            if task is None:
                break
            future, fn, args, kwargs, lang = task
            if not future.set_running_or_notify_cancel():
                continue
            proc = self._procs[index]
            try:
                if proc is None or proc.poll() is not None:
                    proc = self._procs[index] = self._start()
                assert proc.stdin is not None and proc.stdout is not None
                pickle.dump((fn, args, kwargs, lang), proc.stdin)
                proc.stdin.flush()
                ok, value = pickle.load(proc.stdout)
            except (EOFError, OSError, pickle.UnpicklingError) as error:
                self._procs[index] = None
                if proc is not None:
                    proc.kill()
                    proc.wait()
                future.set_exception(WorkerStoppedError(f"a worker process stopped during a task ({error!r})"))
                continue
            except BaseException as error:  # noqa: BLE001 - the task's arguments could not be pickled
                future.set_exception(error)
                continue
            if ok:
                future.set_result(value)
            else:
                future.set_exception(value)
        proc = self._procs[index]
        if proc is not None:
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()
            self._procs[index] = None


def serve(tasks: IO[bytes], answers: IO[bytes]) -> None:
    """The worker's loop: read ``(fn, args, kwargs, lang)`` until the pipe closes, answer ``(True, result)`` or
    ``(False, exception)`` (``fn`` run in the language ``lang``)."""
    worker_init()
    while True:
        try:
            fn, args, kwargs, lang = pickle.load(tasks)
        except EOFError:
            return
        try:
            with use_language(lang):
                answer: tuple[bool, Any] = (True, fn(*args, **kwargs))
        except Exception as error:  # noqa: BLE001 - every failure goes back to the caller's future
            answer = (False, error)
        try:
            data = pickle.dumps(answer)
        except Exception as error:  # noqa: BLE001 - an exception or result that cannot be pickled
            data = pickle.dumps((False, RuntimeError(f"{type(error).__name__}: {error}; was {answer[1]!r}")))
        answers.write(data)
        answers.flush()


def main() -> None:
    """``python -m engine.workers``: serve tasks on stdin, answers on the original stdout (what a task prints goes
    to stderr, so that it cannot corrupt the answers)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's to handle: it closes the pipe
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, answers)


if __name__ == "__main__":
    main()
