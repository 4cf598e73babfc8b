"""Simulations for the scoring explorers: a quick default at once, bigger runs in the background on all cores.

- :func:`quick_frame` — the small default a page draws at once: read from a file shipped under ``ui/data/sim``
  (made by ``python -m ui.scoring``, checked against the engine by a test) or, failing that, computed once per
  server and kept for every session.
- :func:`runner` — the process pool shared by the whole server that runs bigger simulations (one job per set of
  parameters: two learners asking for the same run share it), in chunks, so it uses every core and the page stays
  responsive; :func:`ui.scoring.run_panel` draws its Run button, progress and Cancel. :func:`finished_frame` gives
  the finished run's frame (kept for every session).

A page keeps its sliders in its own session keys; nothing here resets them.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import streamlit as st

from engine.errors import CardTableError
from engine.games import game as game_of
from engine.i18n import N_
from engine.sim import rows_of, simulate, split_options
from engine.workers import StartedPool

Progress = Callable[[int, int], None]
STORE_SIZE = 48
DATA = Path(__file__).resolve().parent / "data" / "sim"
CHUNK = 100


def _key(game: str, games: int, seed: int, options: Mapping[str, Any]) -> tuple[str, int, int, str]:
    return (game, int(games), int(seed), json.dumps(dict(options), sort_keys=True, default=str))


def file_name(game: str, games: int, seed: int, options: Mapping[str, Any]) -> str:
    """The shipped file of a quick default: the game and a short hash of the parameters."""
    digest = hashlib.sha256(json.dumps(_key(game, games, seed, options)).encode()).hexdigest()[:12]
    return f"{game}-{games}-{digest}.parquet"


def _compute(game: str, games: int, seed: int, options: Mapping[str, Any],
             progress: Progress | None = None) -> pd.DataFrame:
    return simulate(game_of(game), int(games), int(seed), dict(options), progress, workers=1)


@st.cache_resource(show_spinner=False)
def _store() -> tuple[OrderedDict[tuple[str, int, int, str], pd.DataFrame], threading.Lock]:
    """Finished simulations kept for all sessions (the oldest dropped past STORE_SIZE)."""
    return OrderedDict(), threading.Lock()


def _keep(key: tuple[str, int, int, str], frame: pd.DataFrame) -> None:
    store, lock = _store()
    with lock:
        store[key] = frame
        store.move_to_end(key)
        while len(store) > STORE_SIZE:
            store.popitem(last=False)


def _kept(key: tuple[str, int, int, str]) -> pd.DataFrame | None:
    store, lock = _store()
    with lock:
        return store.get(key)


def quick_frame(game: str, games: int, seed: int, options: Mapping[str, Any]) -> pd.DataFrame:
    """The small default simulation: from its shipped file if there is one, else computed once and kept.
    Do not modify the frame: it is shared."""
    key = _key(game, games, seed, options)
    kept = _kept(key)
    if kept is not None:
        return kept
    path = DATA / file_name(game, games, seed, options)
    frame = pd.read_parquet(path) if path.exists() else _compute(game, games, seed, options)
    _keep(key, frame)
    return frame


# ------------------------------------------------------------------------------------------------ background runs


STOPPED = N_("The simulation stopped before it finished: press Run to try again, or run fewer games.")
"""What a learner reads when a worker fails for a reason that is not one of the engine's refusals."""


@dataclass
class Job:
    """A simulation running in the background: chunks of games in the server's process pool."""

    key: tuple[str, int, int, str]
    total: int
    parts: list[tuple[int, Future[list[dict[str, Any]]]]] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)
    cancelled: bool = False
    error: str | None = None

    @property
    def done(self) -> int:
        return sum(size for size, f in self.parts if f.done() and not f.cancelled() and f.exception() is None)

    @property
    def finished(self) -> bool:
        return all(f.done() for _, f in self.parts)

    def frame(self) -> pd.DataFrame:
        rows: list[dict[str, Any]] = []
        for _, future in self.parts:
            rows += future.result()
        return pd.DataFrame(rows)


class Runner:
    """The server's process pool and its jobs (one per set of parameters)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: StartedPool | None = None
        self.jobs: OrderedDict[tuple[str, int, int, str], Job] = OrderedDict()
        self.lock = threading.Lock()

    def _executor(self) -> StartedPool:
        if self.pool is None:  # started processes, not forked from this multi-threaded server: see engine.workers
            self.pool = StartedPool(self.workers)
        return self.pool

    def start(self, game: str, games: int, seed: int, options: Mapping[str, Any]) -> Job:
        key = _key(game, games, seed, options)
        with self.lock:
            job = self.jobs.get(key)
            if job is not None and not job.cancelled and job.error is None:
                return job
            preset, _, rule_options, _ = split_options(options)
            game_of(game).rules(preset, rule_options)  # refuse bad options at once, not in a worker
            job = Job(key, int(games))
            pool = self._executor()
            for start in range(0, int(games), CHUNK):
                stop = min(start + CHUNK, int(games))
                # an engine function, not one of this module: a worker finds it by its name
                part = pool.submit(rows_of, game, range(start, stop), int(seed), dict(options))
                job.parts.append((stop - start, part))
            self.jobs[key] = job
            while len(self.jobs) > 16:
                old_key, old = self.jobs.popitem(last=False)
                for _, f in old.parts:
                    f.cancel()
            return job

    def get(self, key: tuple[str, int, int, str]) -> Job | None:
        with self.lock:
            return self.jobs.get(key)

    def cancel(self, key: tuple[str, int, int, str]) -> None:
        with self.lock:
            job = self.jobs.pop(key, None)
        if job is not None:
            job.cancelled = True
            for _, future in job.parts:
                future.cancel()


@st.cache_resource(show_spinner=False)
def runner() -> Runner:
    """The one runner of this server process."""
    return Runner(max(1, min(os.cpu_count() or 1, 8)))


def finished_frame(game: str, games: int, seed: int, options: Mapping[str, Any]) -> pd.DataFrame | None:
    """The frame of a finished background run with these parameters, if there is one (shared; do not modify)."""
    key = _key(game, games, seed, options)
    kept = _kept(key)
    if kept is not None:
        return kept
    job = runner().get(key)
    if job is None or not job.finished or job.cancelled:
        return None
    try:
        frame = job.frame()
    except CardTableError as error:  # a refusal of ours is already a sentence for the learner
        job.error = str(error)
        return None
    except Exception:  # noqa: BLE001 - a worker's failure is shown in words, never raised into the page
        job.error = STOPPED
        return None
    _keep(key, frame)
    return frame


# ------------------------------------------------------------------------------------------------ shipped defaults


def precompute(defaults: list[tuple[str, int, int, dict[str, Any]]]) -> list[Path]:
    """Write the quick defaults' files (``python -m ui.scoring`` with every explorer's ``quick_defaults``)."""
    DATA.mkdir(parents=True, exist_ok=True)
    written = []
    for game, games, seed, options in defaults:
        frame = _compute(game, games, seed, options)
        path = DATA / file_name(game, games, seed, options)
        frame.to_parquet(path, index=False)
        written.append(path)
    return written
