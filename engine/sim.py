"""Monte Carlo driver: play many seeded games with any game's bots and collect one row per game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pandas as pd

Progress = Callable[[int, int], None]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed``: stable, distinct per index."""
    return (seed * 1_000_003 + index) % 2**31


def simulate(
    play_one: Callable[[int], Mapping[str, Any]],
    games: int,
    seed: int,
    progress: Progress | None = None,
) -> pd.DataFrame:
    """Run ``play_one(game_seed(seed, i))`` for ``i < games``; one row per game with ``game`` and ``seed``.

    ``progress(done, total)`` is called about a hundred times over the run (for a progress bar).
    """
    if games < 0:
        raise ValueError(f"the number of games must be 0 or more, not {games}")
    rows: list[dict[str, Any]] = []
    step = max(1, games // 100)
    for i in range(games):
        s = game_seed(seed, i)
        rows.append({"game": i, "seed": s, **play_one(s)})
        if progress is not None and ((i + 1) % step == 0 or i + 1 == games):
            progress(i + 1, games)
    return pd.DataFrame(rows)
