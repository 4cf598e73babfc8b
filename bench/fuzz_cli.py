"""The CLI fuzz at full size: seeded requests over every game × command through ``python -m engine`` in-process.

    python bench/fuzz_cli.py --requests 20000 --seed 1

Prints how many requests each game × command got and how they ended (answered, refused in one line), then the
number of tracebacks (an exception escaping, an "internal error" line, output of another shape) and of overruns
(a request interrupted after ``--cpu`` seconds of CPU), and the first failures with the request to replay.
Exits 1 when there is any traceback or overrun. tests/test_fuzz.py runs the same fuzzer at a small size.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.cli_fuzzer import fuzz  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", type=float, default=10.0, help="CPU seconds one request may take")
    parser.add_argument("--games", nargs="*", help="only these games")
    args = parser.parse_args()
    started = time.perf_counter()
    report = fuzz(args.requests, args.seed, cpu=args.cpu, games=tuple(args.games) if args.games else None)
    took = time.perf_counter() - started
    pairs = sorted({(g, c) for g, c, _ in report.counts})
    print(f"{'game':<9} {'command':<15} {'requests':>8} {'answered':>8} {'refused':>8} {'tracebacks':>10} "
          f"{'overruns':>8}")
    for key, name in pairs:
        row = [report.counts[key, name, o] for o in ("answered", "refused", "traceback", "overrun")]
        print(f"{key:<9} {name:<15} {sum(row):>8} {row[0]:>8} {row[1]:>8} {row[2]:>10} {row[3]:>8}")
    print(f"{report.requests} requests over {len(pairs)} game × command pairs in {took:.0f} s (seed {args.seed}): "
          f"{report.tracebacks} tracebacks, {report.overruns} overruns")
    for failure in report.failures:
        print(failure)
    return 1 if report.tracebacks or report.overruns else 0


if __name__ == "__main__":
    sys.exit(main())
