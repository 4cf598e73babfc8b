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
from engine.euchre.rules import Rules
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
        out.append(Position.build(hand=cards[:hand], table=cards[hand:hand + trick], rules=Rules(),
                                  trump=rng.choice(list(Suit)), players=players))
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


def playout_states(count: int) -> list[object]:
    """The first play-phase state of ``count`` seeded hands (the heuristic bots called trump)."""
    from engine.euchre import Phase

    out = []
    bot = GAME.bot("heuristic")
    for seed in range(count * 2):
        state = GAME.new_game(GAME.rules(), seed)
        rng = random.Random(seed)
        while state.to_act is not None and state.phase is not Phase.PLAY:
            state = GAME.apply_unchecked(state, bot.choose(state, rng))
        if state.to_act is not None:
            out.append(state)
        if len(out) == count:
            break
    return out


def loop_finish(state: object) -> object:
    bot = GAME.bot("heuristic")
    rng = random.Random(0)
    while GAME.to_act(state) is not None:
        state = GAME.apply_unchecked(state, bot.choose(state, rng))
    return state


def hooked_evaluate(key, state, seat, texts, seeds, game=None):  # type: ignore[no-untyped-def]
    """engine.advisor._evaluate as it would be with the two hooks proposed to the lead: ``game.finish`` for the
    play-outs and ``game.exact_value`` for endings of three tricks or fewer (bench only)."""
    game = game or GAME
    actions = [game.parse_action(state, t) for t in texts]
    out = []
    for seed in seeds:
        world = game.determinize(state, seat, random.Random(seed))
        row = []
        for action in actions:
            after = game.apply_unchecked(world, action)
            exact = game.exact_value(after, seat)
            if exact is not None:
                row.append((exact, {}))
                continue
            final = game.finish(after, game.playout_bot, random.Random(seed * 31 + 7))
            row.append((float(game.returns(final)[seat]), dict(game.features(final, seat))))
        out.append(row)
    return out


def coach_section(repeat: int) -> None:
    import engine.advisor as advisor

    starts = playout_states(500)
    loop = best_of(repeat, lambda: [loop_finish(s) for s in starts])
    fast = best_of(repeat, lambda: [GAME.finish(s, "heuristic", random.Random(0)) for s in starts])
    print(f"play-out of the five tricks, heuristic bots: loop {loop / len(starts) * 1e6:7.1f} µs, GAME.finish "
          f"{fast / len(starts) * 1e6:7.1f} µs ({loop / fast:.1f}× faster, the same final states)")
    deals = [GAME.new_game(GAME.rules(), s) for s in range(500)]
    loop = best_of(repeat, lambda: [loop_finish(s) for s in deals])
    fast = best_of(repeat, lambda: [GAME.finish(s, "heuristic", random.Random(0)) for s in deals])
    print(f"play-out of a whole hand from the deal:      loop {loop / len(deals) * 1e6:7.1f} µs, GAME.finish "
          f"{fast / len(deals) * 1e6:7.1f} µs ({loop / fast:.1f}×)")
    decisions = []
    for seed in range(30):
        state = GAME.new_game(GAME.rules(), seed)
        rng = random.Random(seed)
        while state.to_act is not None:
            if len(GAME.legal_actions(state)) > 1:
                decisions.append(state)
            state = GAME.apply_unchecked(state, GAME.bot("heuristic").choose(state, rng))
    decisions = decisions[::3]
    plain = _cpu(lambda: [advisor.advise(GAME, s, workers=1) for s in decisions])
    original = advisor._evaluate
    advisor._evaluate = hooked_evaluate  # type: ignore[assignment]
    try:
        hooked = _cpu(lambda: [advisor.advise(GAME, s, workers=1) for s in decisions])
    finally:
        advisor._evaluate = original
    print(f"one piece of advice at the default budget ({advisor.DEFAULT_BUDGET} samples per option), "
          f"{len(decisions)} decisions, CPU: {plain / len(decisions) * 1e3:.1f} ms as engine/advisor.py is; "
          f"{hooked / len(decisions) * 1e3:.1f} ms with the finish and exact-ending hooks")
    for budget in (32, 128, 512):
        t = _cpu(lambda b=budget: [advisor.advise(GAME, s, budget=b, workers=1) for s in decisions[:20]])
        print(f"  budget {budget:4}: {t / 20 * 1e3:7.1f} ms CPU per piece of advice")


def _cpu(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


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
    coach_section(repeat)
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
