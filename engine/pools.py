"""How the one-shot process pools of a command start their workers: small, so that importing it loads no pool.

:func:`pool_context` and :func:`worker_init` serve ``simulate`` and ``duel`` (a ``ProcessPoolExecutor`` made where
it is used) and the started workers of :mod:`engine.workers`.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from multiprocessing.context import BaseContext

__all__ = ["pool_context", "worker_init"]


def pool_context() -> BaseContext:
    """How the one-shot pools of a command (``simulate``, ``duel``) start their workers: by fork, cheap in a
    single-threaded command. (``spawn`` and ``forkserver`` re-import the ``__main__`` module in each worker, and
    under Streamlit ``__main__`` is the page script.) A server's long-lived pools, asked from many threads, use
    :class:`engine.workers.StartedPool` instead."""
    import multiprocessing  # only where a pool is made: a command that makes none does not load it

    return multiprocessing.get_context("fork")


def worker_init() -> None:
    """Run in each worker process as it starts: on Linux the worker is stopped when its parent dies (a server
    killed or crashed must not leave its pool's workers computing)."""
    import signal

    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG
        except OSError:  # pragma: no cover - no glibc: the worker lives until its queue closes
            pass
