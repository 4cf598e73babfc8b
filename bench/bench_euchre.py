"""Euchre speed: legal plays per second, and whole hands per second with the random bot beside OpenSpiel's
C++ ``euchre`` driven from Python on the same number of hands. Target: a 1,000-hand simulation in under 1 s.

    .venv/bin/python bench/bench_euchre.py [--hands 1000] [--repeat 3]

OpenSpiel is the peer (``pip install open_spiel``; it is in this project's venv for the differential test).
Without it the script prints our own figures and says how to get it. Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import Suit  # noqa: E402
from engine.driver import play_out  # noqa: E402
from engine.euchre import CARDS, GAME, Position, check, legal_plays  # noqa: E402
from engine.sim import simulate  # noqa: E402


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def positions(count: int, seed: int = 1) -> list[Position]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = list(CARDS)
        rng.shuffle(cards)
        players = rng.choice((2, 3, 4, 4, 4))
        hand = rng.randint(1, 5)
        trick = rng.randint(0, players - 1)
        out.append(Position.build(cards[:hand], cards[hand:hand + trick], trump=rng.choice(list(Suit)),
                                  players=players))
    return out


def our_hands(hands: int, bot: str) -> None:
    """Whole hands through the shared driver (``engine.driver.play_out``: deal, bots, record)."""
    rules = GAME.rules("seed")
    for seed in range(hands):
        play_out(GAME, rules, seed, bot)


def openspiel_hands(hands: int) -> None:
    import pyspiel

    game = pyspiel.load_game("euchre", {"allow_lone_defender": True, "stick_the_dealer": False})
    rng = random.Random(1)
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    n, repeat = args.hands, args.repeat
    print(f"Euchre benchmark · Python {platform.python_version()} · {platform.machine()} · best of {repeat}")

    pool = positions(20_000)
    t = best_of(repeat, lambda: [legal_plays(p) for p in pool])
    print(f"legal_plays:                  {len(pool) / t:>10,.0f} positions/s ({len(pool):,} seeded positions)")
    first = [(p, p.hand[0]) for p in pool]
    t = best_of(repeat, lambda: [check(p, c) for p, c in first])
    print(f"check (with the reason):      {len(pool) / t:>10,.0f} cards/s")

    ours = best_of(repeat, lambda: our_hands(n, "random"))
    print(f"{n} hands, random bot:       {ours:7.3f} s = {n / ours:8,.0f} hands/s (target: under 1 s)")
    heur = best_of(repeat, lambda: our_hands(n, "heuristic"))
    print(f"{n} hands, heuristic bot:    {heur:7.3f} s = {n / heur:8,.0f} hands/s")
    sim = best_of(repeat, lambda: simulate(GAME, n, 1, {"bots": "random"}, workers=1))
    print(f"simulate({n}) to a DataFrame, one process: {sim:6.3f} s = {n / sim:8,.0f} hands/s")
    sim = best_of(repeat, lambda: simulate(GAME, n, 1, {"bots": "random"}))
    print(f"simulate({n}) to a DataFrame, every core:  {sim:6.3f} s = {n / sim:8,.0f} hands/s")
    games = max(1, n // 10)
    g = best_of(repeat, lambda: simulate(GAME, games, 1, {"bots": "random", "start": {"whole": True}}, workers=1))
    print(f"simulate({games} whole games, one process): {g:6.3f} s = {games / g:8,.0f} games/s")
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel (peer) is not installed: `.venv/bin/pip install open_spiel` to compare.")
        return
    peer = best_of(repeat, lambda: openspiel_hands(n))
    print(f"OpenSpiel C++ euchre, {n} random hands driven from Python: {peer:.3f} s = {n / peer:,.0f} hands/s")
    print(f"ratio ours/OpenSpiel (hands/s): {peer / ours:.2f}×")


if __name__ == "__main__":
    main()
