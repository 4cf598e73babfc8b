"""Thirteen speed: legal plays on 5,000 seeded 13-card positions, and whole 4-player games per second.

    .venv/bin/python bench/bench_thirteen.py

No Tiến lên engine is published on the package registries we can reach (PyPI has none; OpenSpiel has no
Thirteen), so the reference is a naive generator written here for comparison only: try every subset of the
hand and keep the ones that form a combination that beats the table (the ``itertools`` way). The engine
builds sequences and double sequences rank by rank from the hand's rank groups instead.
Target (issue 4): a 1,000-game simulation in under 2 s on one core.
"""

from __future__ import annotations

import itertools
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.driver import play_out  # noqa: E402
from engine.sim import simulate  # noqa: E402
from engine.thirteen import GAME, Position, legal_plays, make_rules  # noqa: E402
from engine.thirteen.combos import beats_key, kind_of_mask  # noqa: E402
from engine.thirteen.order import cards_of  # noqa: E402
from engine.thirteen.play import beat_groups, lead_groups  # noqa: E402

POSITIONS = 5000
NAIVE_POSITIONS = 300
GAMES = 2000


def positions(count: int) -> list[tuple[int, int, int]]:
    """Seeded (hand, table kind, table mask): a 13-card hand, and 2 times in 3 a combination to beat."""
    out = []
    for i in range(count):
        rng = random.Random(i)
        order = list(range(52))
        rng.shuffle(order)
        hand = sum(1 << k for k in order[:13])
        other = sum(1 << k for k in order[13:26])
        table, kind = 0, -1
        if rng.random() < 2 / 3:
            groups = [ms for _, ms in lead_groups(other) if ms]
            table = rng.choice(rng.choice(groups))
            kind = int(kind_of_mask(table))  # type: ignore[arg-type]
        out.append((hand, kind, table))
    return out


def engine_masks(cases: list[tuple[int, int, int]]) -> int:
    total = 0
    for hand, kind, table in cases:
        if table:
            total += sum(len(ms) for _, ms, _ in beat_groups(hand, kind, table, False))
        else:
            total += sum(len(ms) for _, ms in lead_groups(hand))
    return total


def engine_api(cases: list[tuple[int, int, int]]) -> int:
    total = 0
    for hand, _, table in cases:
        pos = Position.build(cards_of(hand), cards_of(table))
        total += len(list(legal_plays(pos)))
    return total


def naive(cases: list[tuple[int, int, int]]) -> int:
    total = 0
    for hand, t_kind, table in cases:
        bits = [1 << i for i in range(52) if hand >> i & 1]
        for size in range(1, len(bits) + 1):
            for subset in itertools.combinations(bits, size):
                mask = sum(subset)
                kind = kind_of_mask(mask)
                if kind is None:
                    continue
                if not table or beats_key(kind, mask, t_kind, table, False):
                    total += 1
    return total


def timed(fn, *args) -> tuple[float, object]:
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def main() -> None:
    print(f"Thirteen benchmark — Python {platform.python_version()} on {platform.machine()}, one core")
    cases = positions(POSITIONS)
    t_masks, n_masks = timed(engine_masks, cases)
    t_api, n_api = timed(engine_api, cases)
    assert n_masks == n_api
    print(f"legal plays, {POSITIONS} seeded 13-card positions ({n_masks} plays in all):")
    print(f"  engine (masks)       {t_masks:7.3f} s  {t_masks / POSITIONS * 1e6:8.1f} µs/position")
    print(f"  engine (Card API)    {t_api:7.3f} s  {t_api / POSITIONS * 1e6:8.1f} µs/position")
    small = cases[:NAIVE_POSITIONS]
    t_naive, n_naive = timed(naive, small)
    t_small, n_small = timed(engine_masks, small)
    assert n_naive == n_small, (n_naive, n_small)
    per_naive = t_naive / NAIVE_POSITIONS * 1e6
    print(f"  naive subsets (first {NAIVE_POSITIONS}) {per_naive:8.1f} µs/position   "
          f"→ engine is {per_naive / (t_small / NAIVE_POSITIONS * 1e6):.0f}× faster, same {n_naive} plays")

    rules = make_rules("seed")
    for name in ("random", "heuristic"):
        bot = GAME.bot(name)
        start = time.perf_counter()
        actions = 0
        for seed in range(GAMES):
            # The engine's own loop: GAME.new_game, the bot's choice, GAME.apply_unchecked (no texts, no record).
            rng = random.Random(seed ^ 0x5EED)
            state = GAME.new_game(rules, seed)
            while state.turn is not None:
                state = GAME.apply_unchecked(state, bot.choose(state, rng))
            actions += state.plays + state.passes
        elapsed = time.perf_counter() - start
        print(f"whole 4-player games, {name} bots: {GAMES / elapsed:8.0f} games/s "
              f"({elapsed / GAMES * 1e3:.2f} ms/game, {actions / GAMES:.0f} actions/game)")
        start = time.perf_counter()
        for seed in range(GAMES):
            play_out(GAME, rules, seed, name)
        elapsed = time.perf_counter() - start
        print(f"  the same through engine.driver.play_out (texts and a record): {GAMES / elapsed:8.0f} games/s")
    t_sim, frame = timed(simulate, GAME, 1000, 1, {"bots": "random"}, None, 1)
    verdict = "meets" if t_sim < 2.0 else "MISSES"
    print(f"simulate(1000 games, random bots, one process) → DataFrame {frame.shape}: {t_sim:.2f} s "  # type: ignore[union-attr]
          f"({verdict} the 2 s target)")


if __name__ == "__main__":
    main()
