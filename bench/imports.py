"""How the project's modules import each other: circles, upward imports, function-level imports, big files.

Reads the source with ``ast`` (nothing is imported), so it measures any checkout::

    .venv/bin/python bench/imports.py                 # this checkout
    .venv/bin/python bench/imports.py --root /tmp/old # another checkout, e.g. a ``git worktree`` of an old commit
    .venv/bin/python bench/imports.py --list          # also every upward and function-level import

The floors are the layering issue #22 asks for, lowest first; an import is *upward* when a module imports one on a
higher floor than its own. Within one floor imports may go either way (a circle there still counts as a circle).
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")

# (floor, module-name prefixes). A module's floor is that of its longest matching prefix.
FLOORS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (0, ("engine.cards", "engine.errors", "engine.words", "engine.jsonio", "engine.i18n")),
    # the contract: rules and state, the typed requests and limits, the Table's presentation, the coach's sampling
    (1, ("engine.contract", "engine.base", "engine.teaching", "engine.exercises", "engine.commands", "engine.fields",
         "engine.table", "engine.sampling", "engine.catalogue", "engine.handout", "engine.match", "engine.replay",
         "engine.packaged")),
    (2, tuple(f"engine.{g}" for g in GAMES)),
    (3, ("engine.games",)),
    (4, ("engine",)),  # every other engine module: services (driver, sim, advisor, practice, lessons, CLI …)
    (5, ("ui",)),
    (6, ("pages", "app")),
)


@dataclass(frozen=True)
class Edge:
    """One import of a project module by another."""

    source: str
    target: str
    line: int
    in_function: bool


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def floor_of(module: str) -> int:
    best, best_len = 99, -1
    for floor, prefixes in FLOORS:
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best_len:
                best, best_len = floor, len(prefix)
    return best


def _resolve(modules: set[str], name: str) -> str | None:
    """The project module ``name`` refers to (itself or its nearest existing parent), or None."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def _walk(tree: ast.AST) -> Iterator[tuple[ast.AST, bool]]:
    """Every node with whether it sits inside a function body."""
    stack: list[tuple[ast.AST, bool]] = [(tree, False)]
    while stack:
        node, inside = stack.pop()
        yield node, inside
        child_inside = inside or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        stack.extend((child, child_inside) for child in ast.iter_child_nodes(node))


def _type_checking_only(tree: ast.Module) -> set[int]:
    """Line numbers of imports under ``if TYPE_CHECKING:`` (never run, so not part of the import graph)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


def edges(root: Path, files: list[Path]) -> list[Edge]:
    modules = {module_name(root, f) for f in files}
    found: list[Edge] = []
    for path in files:
        source = module_name(root, path)
        package = source if path.name == "__init__.py" else source.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        skip = _type_checking_only(tree)
        for node, inside in _walk(tree):
            if getattr(node, "lineno", None) in skip:
                continue
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - node.level + 1]
                    prefix = ".".join(base + ([node.module] if node.module else []))
                else:
                    prefix = node.module or ""
                # ``from pkg import mod`` imports the submodule when there is one.
                names = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in modules else prefix for a in node.names]
            for name in names:
                target = _resolve(modules, name)
                if target is not None and target != source:
                    found.append(Edge(source, target, node.lineno, inside))  # type: ignore[attr-defined]
    return sorted(set(found), key=lambda e: (e.source, e.line, e.target))  # one per statement and target


def circles(nodes: set[str], graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(nodes):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def measure(root: Path, show: bool) -> None:
    files = sorted(p for d in ("engine", "ui", "pages") for p in (root / d).rglob("*.py") if "_peers" not in p.parts)
    if (root / "app.py").exists():
        files.append(root / "app.py")
    found = edges(root, files)
    engine_files = [f for f in files if f.relative_to(root).parts[0] == "engine"]
    engine_modules = {module_name(root, f) for f in engine_files}
    graph: dict[str, set[str]] = {}
    for e in found:
        graph.setdefault(e.source, set()).add(e.target)
    rings = circles({module_name(root, f) for f in files}, graph)
    engine_rings = [r for r in rings if r[0] in engine_modules]
    upward = [e for e in found if floor_of(e.source) < floor_of(e.target)]
    inner = [e for e in found if e.in_function]
    inner_engine = [e for e in inner if e.source in engine_modules]
    sizes = sorted(((sum(1 for _ in f.open(encoding="utf-8")), f.relative_to(root)) for f in files), reverse=True)
    print(f"checkout: {root}")
    print(f"modules: {len(files)} ({len(engine_files)} in engine/)")
    print(f"imports of project modules: {len(found)}")
    print(f"circles: {len(rings)}; largest: {max((len(r) for r in rings), default=0)} modules"
          f" (engine: {len(engine_rings)} circles, {sum(len(r) for r in engine_rings)} modules in them)")
    print(f"upward imports: {len(upward)} ({sum(1 for e in upward if e.source in engine_modules)} in engine/)")
    print(f"function-level imports: {len(inner)} in {len({e.source for e in inner})} files"
          f" (engine: {len(inner_engine)} in {len({e.source for e in inner_engine})} files)")
    over = [(n, p) for n, p in sizes if n > 800]
    print(f"files over 800 lines: {len(over)}" + "".join(f"\n  {n:5d} {p}" for n, p in over))
    if show:
        for title, items in (("upward", upward), ("function-level", inner)):
            print(f"\n{title} imports:")
            for e in sorted(items, key=lambda e: (e.source, e.line)):
                print(f"  {e.source}:{e.line} -> {e.target} (floor {floor_of(e.source)} -> {floor_of(e.target)})")
        for ring in rings:
            print(f"\ncircle of {len(ring)}: " + ", ".join(ring))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--list", action="store_true", help="list every upward and function-level import")
    args = parser.parse_args(argv)
    measure(args.root.resolve(), args.list)
    return 0


if __name__ == "__main__":
    sys.exit(main())
