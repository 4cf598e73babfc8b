"""The scoring explorer's shipped default rounds (ui/data/sim) are still what the engine plays: every default the
page draws has its file, and the first rounds of each file are the engine's rounds for the same seeds."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from engine.shengji import GAME, PRESETS
from engine.sim import simulate
from ui import shengji_scoring as ui
from ui.simulation import DATA, file_name

DEFAULTS = ui.quick_defaults()


def test_every_rule_set_and_deck_count_has_its_default_rounds() -> None:
    assert {(o["preset"], o["decks"]) for _, _, _, o in DEFAULTS if o["bots"] == "random"} == {
        (p, d) for p in PRESETS for d in (1, 2, 3, 4)}
    for game, games, seed, options in DEFAULTS:
        assert (DATA / file_name(game, games, seed, options)).exists(), f"run python -m ui.scoring ({options})"
    shipped = {p.name for p in DATA.glob("shengji-*.parquet")}
    assert shipped == {file_name(*d) for d in DEFAULTS}, "no stale default files"


def _id(value: object) -> str:
    return "-".join(str(v) for v in value.values()) if isinstance(value, dict) else str(value)


@pytest.mark.parametrize(("game", "games", "seed", "options"), [DEFAULTS[0], DEFAULTS[3], DEFAULTS[-2]], ids=_id)
def test_a_shipped_file_still_matches_the_engine(game: str, games: int, seed: int, options: dict[str, Any]) -> None:
    shipped = pd.read_parquet(DATA / file_name(game, games, seed, options))
    assert len(shipped) == games
    fresh = simulate(GAME, 3, seed, options, workers=1)
    head = shipped.head(3).reset_index(drop=True)
    assert list(head.columns) == list(fresh.columns)
    assert head.astype(str).to_dict("records") == fresh.astype(str).to_dict("records")
