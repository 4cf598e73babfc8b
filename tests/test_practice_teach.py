"""Each game's practice rules live in its own package (``engine/<game>/teach.py``) behind the contract's declared
hook ``Game.practice_rules``; the framework (engine/practice.py, engine/teaching.py) finds them through the
registry and names no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.coach_drill import coach_rule
from engine.contract import Game
from engine.games import GAMES, all_games, game
from engine.practice import RULES, make_exercise, rules_for

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("engine/practice.py", "engine/teaching.py", "engine/coach_drill.py")


@pytest.mark.parametrize("key", list(GAMES))
def test_a_games_rules_are_its_own_hook(key: str) -> None:
    g = game(key)
    assert type(g).practice_rules is not Game.practice_rules, f"{key} declares no practice rules of its own"
    own = [r.key for r in g.practice_rules()]
    assert own and all(r.startswith(f"{key}:") for r in own)
    assert [r.key for r in rules_for(key)] == [*own, f"{key}:coach"], "the game's own, then the coach's"
    assert all(r.game == key for r in g.practice_rules())


def test_the_registry_gives_every_rule_in_the_home_pages_order() -> None:
    assert [r.key for r in RULES] == [r.key for g in all_games()
                                      for r in (*g.practice_rules(), coach_rule(g)) if r is not None]
    assert len({r.key for r in RULES}) == len(RULES)


@pytest.mark.parametrize("key", list(GAMES))
def test_every_game_names_the_lessons_its_coach_kind_practises(key: str) -> None:
    g = game(key)
    rule = coach_rule(g)
    assert rule is not None and rule.lessons == g.coach_lessons and rule.game == key


def _strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (an f-string's literal parts included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [(n.lineno, n.value) for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]


@pytest.mark.parametrize("name", SHARED)
def test_the_shared_practice_modules_name_no_game(name: str) -> None:
    named = [(line, text) for line, text in _strings(ROOT / name)
             if any(text == key or text.startswith(f"{key}:") for key in GAMES)]
    assert not named, f"{name} names a game: {named}"


def test_the_shared_practice_modules_import_no_game_package() -> None:
    for name in SHARED:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        modules = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        assert not [m for m in modules if any(m == f"engine.{k}" or m.startswith(f"engine.{k}.") for k in GAMES)]


@pytest.mark.parametrize("path", ["engine/teaching.py", "engine/exercises.py"])
def test_the_teaching_floor_imports_nothing_above_the_contract(path: str) -> None:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    project = {m for m in modules if m.startswith("engine")}
    assert project <= {"engine.base", "engine.cards", "engine.contract", "engine.errors", "engine.exercises",
                       "engine.i18n", "engine.words"}, project


@pytest.mark.parametrize("preset", list(game("shengji").presets))
def test_every_levels_exercise_can_be_made(preset: str) -> None:
    """The attackers' points and the kitty never add up to more points than are in play (seed 51 of the
    competition rules drew 175 + 30 of 200, and the exercise could not be made)."""
    total = game("shengji").rules(preset).total_points
    for seed in range(201):
        exercise = make_exercise("shengji:levels", seed, preset)
        taken = int(exercise.prompt.split("took ", 1)[1].split(" ", 1)[0])
        held = exercise.prompt.split("kitty holds ", 1)[1].split(".", 1)[0]
        kitty = 0 if held == "no points" else int(held.split()[0])
        assert taken + kitty <= total
        assert exercise.right_choice is not None
