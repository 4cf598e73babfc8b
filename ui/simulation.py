"""Seeded simulations for the scoring explorers: computed once, kept for every session, with a progress bar.

``st.cache_data`` cannot be used here: a cached function that updates a progress bar drawn outside it
fails when Streamlit replays it on the next run (``CacheReplayClosureError``). A store held by
``st.cache_resource`` can be filled while the bar moves.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd
import streamlit as st

from engine.errors import UnknownNameError
from engine.games import game as game_of
from engine.games import game_cli
from engine.sim import simulate

Progress = Callable[[int, int], None]
STORE_SIZE = 48


@st.cache_resource(show_spinner=False)
def _store() -> tuple[dict[tuple[str, int, int, str], pd.DataFrame], threading.Lock]:
    """Simulations kept for all sessions (oldest dropped past STORE_SIZE)."""
    return {}, threading.Lock()


def stored(game: str, games: int, seed: int, options: Mapping[str, Any],
           progress: Progress | None = None) -> pd.DataFrame:
    """``python -m engine simulate``'s frame for these arguments, computed at most once; ``progress(done, total)``
    is called only while it is computed. Do not modify the frame: it is shared."""
    store, lock = _store()
    key = (game, int(games), int(seed), json.dumps(dict(options), sort_keys=True, default=str))
    with lock:
        if key in store:
            return store[key]
    try:
        chosen = game_of(game)
    except UnknownNameError:  # a package not yet on the contract
        frame = game_cli(game).simulate(int(games), int(seed), dict(options), progress)
    else:
        frame = simulate(chosen, int(games), int(seed), dict(options), progress)
    with lock:
        while len(store) >= STORE_SIZE:
            store.pop(next(iter(store)))
        store[key] = frame
    return frame


def simulated(game: str, games: int, seed: int, options: Mapping[str, Any], *,
              label: str = "Simulating…") -> pd.DataFrame:
    """:func:`stored` with a progress bar on the page while it computes (nothing shows once it is kept)."""
    bar = st.empty()

    def progress(done: int, total: int) -> None:
        bar.progress(done / total if total else 1.0, text=f"{label} {done:,} / {total:,}")

    try:
        return stored(game, games, seed, options, progress)
    finally:
        bar.empty()
