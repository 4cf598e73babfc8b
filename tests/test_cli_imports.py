"""What a ``legal`` or ``check`` request on the command line imports: the game's rules and commands, never its
coach, its play-outs, a process pool or the data libraries (they cost most of a short command's CPU)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.games import GAMES, LazyMapping, game

HEAVY = ("pandas", "numpy", "plotly", "pyarrow", "concurrent.futures", "multiprocessing")
"""Modules no short command needs."""
LATE = ("coach", "playout")
"""A game's modules that only the coach and its play-outs need."""


def _imported(*argv: str) -> tuple[set[str], str]:
    """The modules ``python -m engine *argv`` imports (from ``-X importtime``), and its answer."""
    result = subprocess.run([sys.executable, "-X", "importtime", "-m", "engine", *argv],
                            capture_output=True, text=True, check=True)
    modules = {line.split("|")[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")}
    return modules, result.stdout


@pytest.mark.parametrize("key", sorted(GAMES))
def test_legal_imports_no_coach_and_no_pool(key: str) -> None:
    request = game(key).examples["legal"][0]
    modules, out = _imported("legal", key, json.dumps(request))
    assert "plays" in json.loads(out)
    assert f"engine.{key}.commands" in modules  # the listing is of this run's imports
    assert [m for m in HEAVY if m in modules] == []
    assert [m for m in LATE if f"engine.{key}.{m}" in modules] == []
    assert "engine.advisor" not in modules


@pytest.mark.parametrize("key", sorted(GAMES))
def test_feature_words_load_the_coach_when_read(key: str) -> None:
    words = game(key).feature_words
    assert isinstance(words, LazyMapping)
    module = __import__(f"engine.{key}.coach", fromlist=["FEATURE_WORDS"])
    assert dict(words) == dict(module.FEATURE_WORDS) and len(words) > 0
    name = next(iter(words))
    assert words[name] == module.FEATURE_WORDS[name]


def test_lazy_mapping_loads_once_and_only_when_read() -> None:
    calls: list[int] = []

    def load() -> dict[str, int]:
        calls.append(1)
        return {"a": 1, "b": 2}

    lazy = LazyMapping(load)
    assert calls == []
    assert lazy["a"] == 1 and sorted(lazy) == ["a", "b"] and len(lazy) == 2 and lazy.get("c") is None
    assert calls == [1]
    with pytest.raises(KeyError):
        lazy["c"]
