"""The contract issue's figures, before and after, in one run: ``python -m engine`` start-up CPU time, and the time
of the unit suite.

    .venv/bin/python bench/bench_contract.py                    # before = the last commit before the contract
    .venv/bin/python bench/bench_contract.py --suite            # also the unit suite (minutes)
    .venv/bin/python bench/bench_contract.py --before <rev>

The "before" tree is checked out in a temporary git worktree and run with the same interpreter, alternately with
the current tree, so that both see the same machine load. Figures are CPU seconds of the child processes
(``resource.getrusage(RUSAGE_CHILDREN)``), which a busy machine disturbs less than wall time.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "b375b3b"  # main before the contract issue (#11)


def cpu_of(cmd: list[str], cwd: Path) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``cmd`` in ``cwd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", default=BEFORE, help="the revision to compare with")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--suite", action="store_true", help="also time the unit suite (pytest -m 'not browser')")
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-before-"))
    old = tmp / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(old), args.before], cwd=ROOT, check=True)
    try:
        trees = {"before": old, "after": ROOT}
        commands = {
            "python -m engine cards 10S": [sys.executable, "-m", "engine", "cards", "10S"],
            "python -m engine legal euchre": [sys.executable, "-m", "engine", "legal", "euchre",
                                              '{"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C"}'],
        }
        print(f"before = {args.before}, after = the working tree; {args.repeat} alternating runs, median")
        print("| measurement | before CPU s | after CPU s | ratio |")
        print("|---|---:|---:|---:|")
        for label, cmd in commands.items():
            runs: dict[str, list[float]] = {"before": [], "after": []}
            for _ in range(args.repeat):
                for name, tree in trees.items():
                    runs[name].append(cpu_of(cmd, tree)[0])
            b, a = statistics.median(runs["before"]), statistics.median(runs["after"])
            print(f"| {label} | {b:.3f} | {a:.3f} | {a / b:.2f}× |")
        if args.suite:
            for name, tree in trees.items():
                cpu, wall = cpu_of([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m",
                                    "not browser"], tree)
                print(f"| unit suite ({name}) | CPU {cpu:.0f} s | wall {wall:.0f} s | |")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, check=False)
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
