"""The four scoring explorers under AppTest, before and after, in one run: the server CPU of a first run
(a fresh process, imports included), of a second visitor and of one step of the slider that re-scores.

    .venv/bin/python bench/bench_explorers.py [--baseline COMMIT]   # default baseline: 6f401b3

"A new visitor" is a second AppTest of the page in the same process: what a server that has done its
imports spends on one more session.

The baseline commit is exported with ``git archive`` into a temporary folder and run with the same interpreter;
each measurement runs in its own process, the two trees alternately.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
SLIDERS = {  # the slider that re-scores kept rows on each page: (kind, key, the new value of a select_slider)
    "shengji": ("slider", "shengji:scoring:threshold", "null"),
    "thirteen": ("slider", "thirteen:scoring:which-match", "null"),
    "euchre": ("slider", "euchre:scoring:target", "null"),
    "doudizhu": ("select_slider", "doudizhu:scoring:cap", "16"),
}

PROBE = r'''
import json, logging, sys, time
logging.disable(logging.WARNING)
t0 = time.process_time()
from streamlit.testing.v1 import AppTest
at = AppTest.from_file(sys.argv[1], default_timeout=600)
at.run()
first = time.process_time() - t0
t2 = time.process_time()
AppTest.from_file(sys.argv[1], default_timeout=600).run()  # a second visitor: the server's imports are done
again = time.process_time() - t2
step = None
kind, key = sys.argv[2], sys.argv[3]
widgets = {w.key: w for w in (at.slider if kind == "slider" else at.select_slider)}
if key in widgets and not at.exception:  # a re-scoring slider, moved one notch
    w = widgets[key]
    t1 = time.process_time()
    if kind == "slider":
        w.set_value(w.value + w.step if w.value + w.step <= w.max else w.value - w.step)
    else:
        w.set_value(json.loads(sys.argv[4]))
    at.run()
    step = time.process_time() - t1
print(json.dumps({"first": first, "again": again, "step": step, "errors": [e.value for e in at.exception][:1]}))
'''


def measure(tree: Path, game: str) -> dict[str, object]:
    page = tree / "pages" / f"{game}_scoring.py"
    out = subprocess.run([sys.executable, "-c", PROBE, str(page), *SLIDERS[game]], cwd=tree, capture_output=True,
                         text=True, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}, timeout=1800)
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    return json.loads(lines[-1]) if lines else {"first": None, "step": None, "errors": [out.stderr[-300:]]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="6f401b3", help="the commit to compare with")
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        before.mkdir()
        archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(before)], input=archive.stdout, check=True)
        print(f"| explorer | first run, before ({args.baseline}) | first run, after | a new visitor, before | "
              "a new visitor, after | slider step, before | slider step, after |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for game in args.games:
            old, new = measure(before, game), measure(ROOT, game)

            def fmt(v: object) -> str:
                return f"{v:.2f} s" if isinstance(v, float) else "—"

            print(f"| {game} | {fmt(old['first'])} | {fmt(new['first'])} | {fmt(old['again'])} | "
                  f"{fmt(new['again'])} | {fmt(old['step'])} | {fmt(new['step'])} |", flush=True)
            for name, r in (("before", old), ("after", new)):
                if r["errors"]:
                    print(f"  ({game} {name}: {r['errors'][0]!s:.200})")


if __name__ == "__main__":
    main()
