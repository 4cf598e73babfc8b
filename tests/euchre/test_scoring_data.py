"""The scoring explorer's shipped quick defaults (ui/data/sim) are still what the engine plays: every default the
page draws has its file, and the first rows of each file are the engine's rows for the same seeds."""

from __future__ import annotations

import pandas as pd
import pytest

from engine.euchre import GAME
from engine.sim import simulate
from ui import euchre_scoring as charts
from ui.simulation import DATA, file_name

DEFAULTS = charts.quick_defaults()


def test_every_preset_has_its_quick_defaults() -> None:
    assert {options["preset"] for _, _, _, options in DEFAULTS} == set(GAME.presets)
    for game, games, seed, options in DEFAULTS:
        assert (DATA / file_name(game, games, seed, options)).exists(), f"run python -m ui.scoring ({options})"


def _id(value: object) -> str:
    return value["preset"] + str(value.get("win_by_two", "")) if isinstance(value, dict) else str(value)


@pytest.mark.parametrize(("game", "games", "seed", "options"), DEFAULTS[:3] + DEFAULTS[-3:], ids=_id)
def test_a_shipped_file_still_matches_the_engine(game: str, games: int, seed: int, options: dict) -> None:
    shipped = pd.read_parquet(DATA / file_name(game, games, seed, options))
    assert len(shipped) == games
    fresh = simulate(GAME, 4, seed, options, workers=1)
    head = shipped.head(4).reset_index(drop=True)
    assert list(head.columns) == list(fresh.columns)
    assert head.astype(str).to_dict("records") == fresh.astype(str).to_dict("records")
