"""The click-everything walk at length: ``--actions`` random actions in all (spread evenly over the pages), in
Chromium, checked after every action (see ``tests/helpers/monkey.py``). Prints what it did and every finding
with its seed and action number, so that it can be replayed; exits 1 when it found something.

    .venv/bin/python bench/monkey.py --actions 5000 --seed 1
    .venv/bin/python bench/monkey.py --actions 200 --seed 1 --pages euchre_table   # replay one page
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser import serve_app  # noqa: E402
from tests.helpers.monkey import PAGES, walk_all  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=5000, help="actions in all, spread over the pages")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pages", nargs="*", default=list(PAGES), help="URL paths ('' is Home); default: all")
    args = parser.parse_args()
    unknown = [p for p in args.pages if p not in PAGES]
    if unknown:
        parser.error(f"no such page: {', '.join(unknown)} (the pages: {', '.join(p or '(home)' for p in PAGES)})")
    per_page = max(1, args.actions // len(args.pages))
    with tempfile.TemporaryDirectory() as data:
        os.environ["CARD_TABLE_DB_URL"] = f"sqlite:///{data}/monkey.sqlite"
        started = time.monotonic()
        findings = []
        total = 0
        kinds: dict[str, int] = {}
        with serve_app() as url:
            for walked in walk_all(url, args.pages, per_page, args.seed):
                total += walked.actions
                for k, n in walked.kinds.items():
                    kinds[k] = kinds.get(k, 0) + n
                findings.extend(walked.findings)
                mark = "FOUND" if walked.findings else "ok"
                print(f"/{walked.page:<20} {walked.actions:>5} actions {walked.seconds:7.1f} s  {mark}", flush=True)
                for f in walked.findings:
                    print(f"  {f}", flush=True)
        seconds = time.monotonic() - started
    print(f"\nseed {args.seed}: {total} actions over {len(args.pages)} pages in {seconds / 60:.1f} min "
          f"({seconds / max(total, 1):.2f} s an action); {len(findings)} finding(s)")
    print("by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda kv: -kv[1])))
    for f in findings:
        print(f"  {f}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
