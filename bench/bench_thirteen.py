"""Thirteen speed: legal plays on 5,000 seeded 13-card positions, and whole 4-player games per second.

    .venv/bin/python bench/bench_thirteen.py

No Tiến lên engine is published on the package registries we can reach (PyPI has none; OpenSpiel has no
Thirteen), so the reference is a naive generator written here for comparison only: try every subset of the
hand and keep the ones that form a combination that beats the table (the ``itertools`` way). The engine
builds sequences and double sequences rank by rank from the hand's rank groups instead.
Target (issue 4): a 1,000-game simulation in under 2 s on one core.

The coach (issue 14) plays positions out with the heuristic bot, so its speed is measured here too, before and
after in one run: the bots as wave 1 wrote them (tests/thirteen/reference_bots.py: they list every legal move)
against today's (engine/thirteen/bots.py: the same choices, without listing), whole play-outs step by step against
``GAME.finish`` (one tight loop, the same final states), and one piece of advice at the default budget as
engine/advisor.py is, and with the ``finish`` hook proposed to the lead (``_play`` calling ``game.finish``).
"""

from __future__ import annotations

import itertools
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine.advisor as advisor  # noqa: E402
from engine.driver import play_out, replay  # noqa: E402
from engine.sim import simulate  # noqa: E402
from engine.thirteen import GAME, Position, legal_plays, make_rules  # noqa: E402
from engine.thirteen import bots as fast  # noqa: E402
from engine.thirteen.combos import beats_key, kind_of_mask  # noqa: E402
from engine.thirteen.order import cards_of  # noqa: E402
from engine.thirteen.play import beat_groups, lead_groups  # noqa: E402
from engine.thirteen.playout import finish  # noqa: E402
from engine.thirteen.rules import Rules
from tests.thirteen import reference_bots as reference  # noqa: E402

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
        pos = Position.build(hand=cards_of(hand), table=cards_of(table), rules=Rules())
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


def decision_states(games: int) -> list:
    """Every decision of ``games`` seeded heuristic games."""
    rules = make_rules("seed")
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.new_game(rules, seed)
        while state.turn is not None:
            out.append(state)
            state = GAME.apply_unchecked(state, fast.heuristic_bot(state, rng))
    return out


def whole_games(choose, games: int) -> float:
    """ms of CPU per whole 4-player game with ``choose`` (a mask bot) at every seat, step by step."""
    rules = make_rules("seed")
    start = time.process_time()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = GAME.new_game(rules, seed)
        while state.turn is not None:
            state = GAME.apply_unchecked(state, fast._action(choose(state, rng)))
    return (time.process_time() - start) / games * 1e3


def _hooked_play(game, state, bot, rng):  # noqa: ANN001, ANN202 - engine.advisor._play with the proposed hook
    return game.finish(state, game.playout_bot, rng)


def coach() -> None:
    print("the coach's play-outs (CPU, one core; the same choices and final states before and after):")
    states = decision_states(300)
    leads = [s for s in states if not s.table]
    follows = [s for s in states if s.table]
    for label, group in (("leads", leads), ("follows", follows)):
        for name in ("heuristic_mask", "random_mask"):
            figures = []
            for module in (reference, fast):
                choose, rng = getattr(module, name), random.Random(1)
                start = time.process_time()
                for state in group:
                    choose(state, rng)
                figures.append((time.process_time() - start) / len(group) * 1e6)
            print(f"  {name.split('_')[0]:9} bot, {len(group):5} {label:7}: listing {figures[0]:6.1f} µs → "
                  f"{figures[1]:6.1f} µs per decision")
    for name in ("heuristic_mask", "random_mask"):
        before, after = whole_games(getattr(reference, name), 400), whole_games(getattr(fast, name), 400)
        print(f"  whole games, {name.split('_')[0]:9} bots step by step: {before:.3f} → {after:.3f} ms/game")
    rules = make_rules("seed")
    start = time.process_time()
    for seed in range(400):
        finish(GAME.new_game(rules, seed))
    print(f"  whole games, heuristic bots, GAME.finish (one loop): {(time.process_time() - start) / 400 * 1e3:.3f} "
          "ms/game")
    record, _ = play_out(GAME, rules, 5, "heuristic")
    positions, _ = replay(GAME, record)
    picks = [p for p in positions if p.turn is not None][:24:3]
    plain = advisor._play
    for label, play in (("as engine/advisor.py is", plain), ("with the finish hook", _hooked_play)):
        advisor._play = play
        try:
            start, wall = time.process_time(), time.perf_counter()
            options = 0
            for state in picks:
                options += len(advisor.advise(GAME, state, budget=advisor.DEFAULT_BUDGET, workers=1).options)
            cpu = (time.process_time() - start) / len(picks)
            print(f"  one piece of advice, budget {advisor.DEFAULT_BUDGET}, one process, {label}: {cpu:.2f} s CPU "
                  f"({(time.perf_counter() - wall) / len(picks):.2f} s wall; {options / len(picks):.1f} options "
                  f"on average over {len(picks)} decisions)")
            start = time.process_time()
            for seed in range(3):
                advisor._duel_deal("thirteen", None, {}, 1000 + seed, 32, GAME)
            print(f"  a duel deal (budget 32, four sides): {(time.process_time() - start) / 3:.1f} s CPU")
        finally:
            advisor._play = plain


if __name__ == "__main__":
    main()
    coach()
