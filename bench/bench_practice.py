"""How long one practice exercise takes to make, per kind (issue #25: the coach's kind too).

    .venv/bin/python bench/bench_practice.py                       # every kind of every game, seeds 0-19
    .venv/bin/python bench/bench_practice.py --games shengji --seeds 50 --kinds coach

Each exercise is made once from its seed under the game's default preset (the cache of made exercises is cleared
first, so every figure is a fresh make). Wall milliseconds of this process: mean, median and the slowest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games import GAMES  # noqa: E402
from engine.practice import _made, make_exercise, rules_for  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--kinds", nargs="*", default=None, help="kinds to time (the part after the colon)")
    args = parser.parse_args()
    print(f"{'kind':<22} {'mean ms':>8} {'median':>8} {'max':>8}")
    for key in args.games:
        for rule in rules_for(key):
            if args.kinds and rule.key.split(":", 1)[1] not in args.kinds:
                continue
            times = []
            for seed in range(args.seeds):
                _made.cache_clear()
                started = time.perf_counter()
                make_exercise(rule.key, seed)
                times.append(1000 * (time.perf_counter() - started))
            print(f"{rule.key:<22} {statistics.mean(times):>8.1f} {statistics.median(times):>8.1f} {max(times):>8.1f}")


if __name__ == "__main__":
    main()
