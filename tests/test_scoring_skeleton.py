"""The scoring explorers' shared skeleton (ui/scoring.py): every game's shipped quick defaults and nothing stale,
the quick default standing in for a run not yet made, the bots' help taken from the engine."""

from __future__ import annotations

from typing import Any

import pandas as pd
import pytest

from engine.games import GAMES, game
from ui import scoring, simulation


def test_the_shipped_files_are_exactly_every_explorers_quick_defaults() -> None:
    wanted = {simulation.file_name(*default) for default in scoring.quick_defaults()}
    shipped = {p.name for p in simulation.DATA.glob("*.parquet")}
    assert wanted - shipped == set(), "run python -m ui.scoring"
    assert shipped - wanted == set(), "files no explorer reads: delete them"
    assert {default[0] for default in scoring.quick_defaults()} == set(GAMES)


def test_the_quick_default_stands_in_until_the_run_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    frames = {10: pd.DataFrame({"n": [1]}), 20: pd.DataFrame({"n": [2]})}
    monkeypatch.setattr(scoring.Sim, "quick", lambda sim: frames[sim.games])
    finished: dict[int, Any] = {}
    monkeypatch.setattr(scoring.Sim, "finished", lambda sim: finished.get(sim.games))
    quick, bigger = scoring.Sim("euchre", 10, 1, {}), scoring.Sim("euchre", 20, 1, {})
    assert scoring.frames_or_quick([quick], [quick]) == ([frames[10]], False), "the quick default waits for nothing"
    shown, waiting = scoring.frames_or_quick([bigger], [quick])
    assert waiting and shown == [frames[10]]
    finished[20] = frames[20]
    assert scoring.frames_or_quick([bigger], [quick]) == ([frames[20]], False)


@pytest.mark.parametrize("key", list(GAMES))
def test_the_bots_are_explained_in_the_engines_words(key: str) -> None:
    control = scoring.bots_control("k", game(key).bots)
    assert control.choices == tuple(game(key).bots) and control.default == control.choices[0]
    for name, bot in game(key).bots.items():
        assert f"**{name}**: {bot.description}" in (control.help or "")


def test_a_sim_is_named_by_its_parameters() -> None:
    a = scoring.Sim("thirteen", 300, 1, {"players": 4}, "four players")
    assert a == scoring.Sim("thirteen", 300, 1, {"players": 4}, "four players") and len({a, a}) == 1
    assert a.key == simulation._key("thirteen", 300, 1, {"players": 4})


def test_a_kept_figure_is_kept_per_language() -> None:
    from engine.i18n import gettext, use_language

    built: list[str] = []

    @scoring.kept(8)
    def title(name: str) -> str:
        built.append(name)
        return gettext("{game} — Scoring explorer").format(game=gettext(name))

    english = title("Euchre")
    with use_language("bn"):
        bengali = title("Euchre")
        assert title("Euchre") is bengali  # kept: not built again in the same language
    with use_language("as"):
        assamese = title("Euchre")
    assert english == "Euchre — Scoring explorer"
    assert "স্কোরিং" in bengali and "স্ক'ৰিং" in assamese and len(built) == 3
    assert title("Euchre") is english


@pytest.mark.parametrize("lang", ["bn", "as"])
def test_the_explorers_figures_are_built_in_the_language(lang: str) -> None:
    from engine.i18n import use_language
    from ui import euchre_scoring, shengji_scoring

    english = euchre_scoring.points_chart(True, "en")
    with use_language(lang):
        local = euchre_scoring.points_chart(True, lang)
        level = shengji_scoring.level_chart("competition", shengji_scoring.Table(2, 80, 40))
    assert english.layout.xaxis.title.text == "tricks won by the makers"
    assert local.layout.xaxis.title.text != english.layout.xaxis.title.text
    for text in (local.layout.xaxis.title.text, level.layout.yaxis.title.text,
                 *(trace.name for trace in local.data), *(trace.name for trace in level.data)):
        assert text and not any("a" <= c.lower() <= "z" for c in text), text
