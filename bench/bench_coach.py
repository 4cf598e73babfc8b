"""The coach's speed, per game, in one run: one piece of advice at the default budget, sampled deals per second per
core, and the cost as the budget grows.

    .venv/bin/python bench/bench_coach.py                     # every game the coach can sample
    .venv/bin/python bench/bench_coach.py --games euchre --decisions 20 --budgets 8 32 128

Decisions are taken from seeded bot games (a spread of moments: early, middle, late); each is advised at each budget
on one core (``workers=1``, so samples per second per core is the plain figure) and at the default budget on every
core. Times are wall seconds of this process, whose other work is nothing; CPU seconds are given beside them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.advisor import DEFAULT_BUDGET, advise, can_advise  # noqa: E402
from engine.contract import Game  # noqa: E402
from engine.games import GAMES, game  # noqa: E402


def decisions(g: Game[Any, Any, Any], count: int, seed: int) -> list[Any]:
    """``count`` states with a real choice (two options or more), from seeded heuristic games."""
    rng = random.Random(seed)
    bot = g.bot(next(iter(g.bots)))
    out: list[Any] = []
    deal = 0
    while len(out) < count:
        deal += 1
        state = g.new_game(g.rules(), seed * 1000 + deal)
        states = []
        while not g.is_terminal(state):
            if len(g.legal_actions(state, limit=3)) > 1:
                states.append(state)
            state = g.apply_unchecked(state, bot.choose(state, rng))
        if states:
            out += [states[int(f * (len(states) - 1))] for f in (0.1, 0.5, 0.9)][: count - len(out)]
    return out


def timed(g: Game[Any, Any, Any], state: Any, budget: int, workers: int) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    advice = advise(g, state, budget=budget, workers=workers)
    # Options clearly worse after the first few samples stop there: count the play-outs each option had.
    return time.perf_counter() - wall, time.process_time() - cpu, sum(o.samples for o in advice.options)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=list(GAMES))
    parser.add_argument("--decisions", type=int, default=12)
    parser.add_argument("--budgets", nargs="*", type=int, default=[8, DEFAULT_BUDGET, 128])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(f"{cores} cores; default budget {DEFAULT_BUDGET} sampled deals per option; {args.decisions} decisions "
          "per game, medians")
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print("| game | budget | workers | advice wall s (median / max) | advice CPU s (median / max) | "
          "play-outs per CPU s per core |")
    print("|---|---:|---:|---:|---:|---:|")
    for key in args.games:
        g = game(key)
        if not can_advise(g):
            print(f"| {key} | — | — | the coach cannot sample this game's hidden cards yet | | |")
            continue
        states = decisions(g, args.decisions, args.seed)
        for budget in args.budgets:
            runs = [timed(g, s, budget, 1) for s in states]
            walls = [r[0] for r in runs]
            rate = sum(r[2] for r in runs) / sum(r[1] for r in runs)
            cpus = [r[1] for r in runs]
            print(f"| {key} | {budget} | 1 | {statistics.median(walls):.3f} / {max(walls):.3f} | "
                  f"{statistics.median(cpus):.3f} / {max(cpus):.3f} | {rate:,.0f} |")
        if cores > 1:
            runs = [timed(g, s, DEFAULT_BUDGET, cores) for s in states]
            walls = [r[0] for r in runs]
            print(f"| {key} | {DEFAULT_BUDGET} | {cores} | {statistics.median(walls):.3f} / {max(walls):.3f} | "
                  f"{statistics.median(r[1] for r in runs):.3f} (this process only) | |")
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
