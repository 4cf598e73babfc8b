"""How long the store takes to refuse a name it cannot keep, against accepting an ordinary name.

The store must refuse a hostile name (10 MB of text, broken characters, control characters) before any database
work, so a refusal costs no more than an ordinary sign-in. Measured on a fresh SQLite store in a temporary folder::

    .venv/bin/python bench/bench_store.py            # --repeat 20
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ui.store import InputRefused, Store  # noqa: E402

CASES = {
    "10 MB name": "x" * 10 * 1024 * 1024,
    "one over the length limit": "y" * 200,
    "a broken character": "Ana\ud800",
    "a control character": "Ana\x00Ben",
    "blank": "   \n\t ",
}


def _best(call: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            call()  # type: ignore[operator]
        except InputRefused:
            pass
        best = min(best, time.perf_counter() - started)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{folder}/bench.sqlite")
        store.learner("Warm up")
        ordinary = _best(lambda: store.learner("Ana"), args.repeat)
        print(f"{'case':<28} {'best ms':>9} {'vs an ordinary name':>20}")
        print(f"{'an ordinary name (accepted)':<28} {ordinary * 1000:9.3f} {1.0:19.2f}x")
        for label, name in CASES.items():
            took = _best(lambda name=name: store.learner(name), args.repeat)  # type: ignore[misc]
            print(f"{label:<28} {took * 1000:9.3f} {took / ordinary:19.2f}x")
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
