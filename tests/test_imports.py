"""The floors hold: no module imports one on a higher floor, no import closes a circle, and a module imports
another inside a function only where the short list below says why.

The floors and the import walk (function-level imports included, ``if TYPE_CHECKING:`` ones not) are those of
``bench/imports.py``, which prints the figures. An import not allowed below fails this test; a listed one that is
gone fails it too, so the lists only ever shrink.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]

# (importing module, imported module) → why it still runs upward. Empty: every import runs down or stays on its floor.
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}

_REGISTRY = "the registry loads a game's package when it is first asked for (`python -m engine cards` loads none)"
_PDF = "the PDF library (fpdf) is loaded only when a handout is made"
_PLOTLY = "plotly (through the coach's chart) is loaded only when the coach is asked"

# (importing module, imported module) → why it is imported inside a function rather than at the top of the module.
ALLOWED_IN_FUNCTIONS: dict[tuple[str, str], str] = {
    **{("engine.games", f"engine.{g}"): _REGISTRY for g in ("shengji", "thirteen", "euchre", "doudizhu")},
    ("engine.advisor", "engine.workers"): "the coach's process pool (subprocess, concurrent.futures) is loaded only "
                                          "where one is made: `legal` or `check` needs none",
    ("ui.lessons", "ui.handouts"): _PDF,
    ("ui.table", "ui.coach_view"): _PLOTLY,
    ("ui.table", "ui.table_review"): _PLOTLY,
    ("ui.lesson_links", "ui.table"): "the Table's module (and plotly through its coach) is loaded only when a lesson "
                                     "opens the Table",
}


def _measure() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_imports", ROOT / "bench" / "imports.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_imports"] = module
    spec.loader.exec_module(module)
    return module


def _edges() -> list[object]:
    m = _measure()
    files = sorted(p for d in ("engine", "ui", "pages") for p in (ROOT / d).rglob("*.py"))
    files.append(ROOT / "app.py")
    return list(m.edges(ROOT, files))


def test_no_import_runs_up_a_floor_except_the_listed_ones() -> None:
    m = _measure()
    upward = {(e.source, e.target) for e in _edges()  # type: ignore[attr-defined]
              if m.floor_of(e.source) < m.floor_of(e.target)}  # type: ignore[attr-defined]
    unexpected = sorted(upward - set(ALLOWED_UPWARD))
    assert not unexpected, f"imports that run up a floor (see bench/imports.py for the floors): {unexpected}"
    gone = sorted(set(ALLOWED_UPWARD) - upward)
    assert not gone, f"these upward imports are gone: take them off ALLOWED_UPWARD: {gone}"


def test_no_import_closes_a_circle() -> None:
    m = _measure()
    graph: dict[str, set[str]] = {}
    for e in _edges():
        graph.setdefault(e.source, set()).add(e.target)  # type: ignore[attr-defined]
    rings = m.circles(set(graph) | {t for ts in graph.values() for t in ts}, graph)  # type: ignore[attr-defined]
    assert not rings, f"modules that import each other round a circle: {rings}"


def test_imports_inside_functions_only_where_listed() -> None:
    inner = {(e.source, e.target) for e in _edges() if e.in_function}  # type: ignore[attr-defined]
    unexpected = sorted(inner - set(ALLOWED_IN_FUNCTIONS))
    assert not unexpected, f"imports inside functions (move them to the top of the module): {unexpected}"
    gone = sorted(set(ALLOWED_IN_FUNCTIONS) - inner)
    assert not gone, f"these imports inside functions are gone: take them off ALLOWED_IN_FUNCTIONS: {gone}"


def test_every_module_has_a_floor() -> None:
    m = _measure()
    files = sorted(p for d in ("engine", "ui", "pages") for p in (ROOT / d).rglob("*.py"))
    unplaced = [str(f.relative_to(ROOT)) for f in files if m.floor_of(m.module_name(ROOT, f)) == 99]
    assert not unplaced


def test_the_engine_knows_nothing_of_the_pages() -> None:
    engine_sources = sorted((ROOT / "engine").rglob("*.py"))
    for path in engine_sources:
        text = path.read_text(encoding="utf-8")
        assert "import streamlit" not in text and "from ui" not in text and "from pages" not in text, path
