"""Dou Dizhu: speed of legal-play generation on 2,000 seeded random positions, beside DouZero and RLCard.

Positions: 3 players, a hand of 17-20 cards; one in five is a lead, the others have on the table a
random legal lead made from the other cards. Each generator gets the hand and the previous play in its
own plain form (our rank counts, DouZero's int lists, RLCard's strings) and must classify the previous
play itself. Ours returns typed, duplicate-free plays grouped by type.

    .venv/bin/python bench/bench_doudizhu.py [--positions 2000] [--repeat 20] [--seed 1]
    .venv/bin/python bench/bench_doudizhu.py --coach-only --before /work/main   # play-outs before/after, advice

The coach section times, in one run, whole play-outs (CPU per hand, the heuristic and random bots) in this tree
and, with ``--before PATH``, in another checkout (e.g. ``main`` before the play-outs were made faster); then one
piece of advice at the default budget (32 samples per option) on fixed positions, and the samples per second.

Peers (sources only, never installed into the venv; bench/_peers/ is git-ignored):

    cd bench/_peers
    ../../.venv/bin/pip download douzero==1.1.0 --no-deps --no-binary :all: && tar xzf douzero-1.1.0.tar.gz
    ../../.venv/bin/pip download rlcard==1.2.0 --no-deps --no-binary :all: && tar xzf rlcard-1.2.0.tar.gz

Only ``douzero.env`` is imported (torch is never needed); RLCard's Dou Dizhu judger and utilities are
imported without its package ``__init__`` (which pulls in every other game).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(ROOT))

from engine.doudizhu import GAME, Position, Rules, counts_of, legal_plays, make_rules  # noqa: E402
from engine.doudizhu.generate import generate  # noqa: E402
from engine.doudizhu.play import read_table  # noqa: E402
from engine.driver import play_out  # noqa: E402

PEERS = ROOT / "bench" / "_peers"
DOUZERO_CARD = (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17, 20, 30)
RLCARD_CHAR = "3456789TJQKA2BR"

Counts = tuple[int, ...]


def positions(n: int, seed: int, rules: Rules) -> list[tuple[Counts, Counts]]:
    """``n`` seeded positions: (hand counts, previous counts — all zero for a lead)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = rules.deck.cards()
        rng.shuffle(deck)
        size = rng.randint(17, 20)
        hand, rest = counts_of(deck[:size]), counts_of(deck[size:])
        previous: Counts = (0,) * 15
        if rng.randrange(5):
            plays = [c for group in generate(rest, rules, None).values() for c in group]
            previous = rng.choice(plays).counts
        out.append((hand, previous))
    return out


def time_each(run: Callable[[Any], object], inputs: list[Any], repeat: int) -> list[float]:
    """Per-position time in microseconds (the mean of ``repeat`` calls), garbage collection off."""
    times = []
    gc.disable()
    try:
        for item in inputs:
            start = time.perf_counter_ns()
            for _ in range(repeat):
                run(item)
            times.append((time.perf_counter_ns() - start) / repeat / 1000)
    finally:
        gc.enable()
    return times


def ours(rules: Rules) -> Callable[[tuple[Counts, Counts]], object]:
    def run(item: tuple[Counts, Counts]) -> object:
        hand, previous = item
        combo = read_table(rules, previous) if any(previous) else None
        return legal_plays(Position(rules, hand, combo))

    return run


def load_douzero() -> Any:
    source = PEERS / "douzero-1.1.0"
    if not source.is_dir():
        return None
    sys.path.insert(0, str(source))
    from douzero.env.game import GameEnv

    return GameEnv


def douzero_inputs(items: list[tuple[Counts, Counts]]) -> list[tuple[list[int], list[int]]]:
    def cards(counts: Counts) -> list[int]:
        return [DOUZERO_CARD[r] for r in range(15) for _ in range(counts[r])]

    return [(cards(h), cards(p)) for h, p in items]


def douzero_runner(game_env: Any) -> Callable[[tuple[list[int], list[int]]], object]:
    def run(item: tuple[list[int], list[int]]) -> object:
        hand, previous = item
        env = types.SimpleNamespace(
            info_sets={"landlord": types.SimpleNamespace(player_hand_cards=hand)},
            acting_player_position="landlord",
            card_play_action_seq=[list(previous)] if previous else [],
        )
        return game_env.get_legal_card_play_actions(env)

    return run


def load_rlcard() -> Any:
    source = PEERS / "rlcard-1.2.0" / "rlcard"
    if not source.is_dir():
        return None
    package = types.ModuleType("rlcard")
    package.__path__ = [str(source)]  # skip rlcard/__init__.py, which imports every game
    sys.modules["rlcard"] = package
    from rlcard.games.doudizhu import utils
    from rlcard.games.doudizhu.judger import DoudizhuJudger

    return utils, DoudizhuJudger


class _RLCard:
    __slots__ = ("rank", "suit")

    def __init__(self, char: str) -> None:
        self.rank, self.suit = ("", "BJ" if char == "B" else "RJ") if char in "BR" else (char, "S")


def rlcard_inputs(items: list[tuple[Counts, Counts]], type_table: dict[str, Any]) -> list[tuple[Any, str]]:
    out = []
    for hand, previous in items:
        text = "".join(RLCARD_CHAR[r] * hand[r] for r in range(15))
        played = "".join(RLCARD_CHAR[r] * previous[r] for r in range(15))
        if played and played not in type_table:
            continue  # not in RLCard's action space
        player = types.SimpleNamespace(current_hand=[_RLCard(c) for c in text])
        out.append((player, played))
    return out


def rlcard_runner(utils: Any, judger: Any) -> Callable[[tuple[Any, str]], object]:
    cards2str, get_gt_cards = utils.cards2str, utils.get_gt_cards

    def run(item: tuple[Any, str]) -> object:
        player, played = item
        if not played:
            return judger.playable_cards_from_hand(cards2str(player.current_hand))
        return get_gt_cards(player, types.SimpleNamespace(played_cards=played))

    return run


def summary(name: str, times: list[float], reference: float | None) -> str:
    median = statistics.median(times)
    p90 = statistics.quantiles(times, n=10)[-1]
    ratio = f"{median / reference:6.2f}×" if reference else "     —"
    return f"{name:<44} {median:9.1f} {statistics.fmean(times):9.1f} {p90:9.1f}   {ratio}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", type=int, default=150, help="whole hands per preset and bot for the play-outs")
    parser.add_argument("--coach-only", action="store_true", help="only the play-outs and the coach")
    parser.add_argument("--playouts-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--before", help="another checkout whose play-outs to time first (e.g. /work/main)")
    args = parser.parse_args()
    if args.playouts_only:
        playout_cpu(args.hands)
        return
    if args.coach_only:
        coach(args.hands, args.before)
        return
    seed_rules = make_rules("three_player")
    douzero_like = make_rules("three_player", {"distinct_kickers": False, "jokers_as_kickers": True})
    items = positions(args.positions, args.seed, seed_rules)
    leads = sum(1 for _, p in items if not any(p))
    print(f"Dou Dizhu legal-play generation: {len(items)} positions ({leads} leads), seed {args.seed}, "
          f"{args.repeat} calls each; Python {platform.python_version()}, {platform.machine()}")
    print(f"{'generator':<44} {'median µs':>9} {'mean µs':>9} {'p90 µs':>9}   vs DouZero")
    results: dict[str, list[float]] = {}
    game_env = load_douzero()
    dz_inputs = douzero_inputs(items)
    if game_env is not None:
        results["douzero"] = time_each(douzero_runner(game_env), dz_inputs, args.repeat)
    reference = statistics.median(results["douzero"]) if "douzero" in results else None
    results["ours"] = time_each(ours(seed_rules), items, args.repeat)
    print(summary("ours, seed rules (three_player)", results["ours"], reference))
    results["ours_dz"] = time_each(ours(douzero_like), items, args.repeat)
    print(summary("ours, DouZero's kicker rules", results["ours_dz"], reference))
    if reference is not None:
        print(summary("DouZero 1.1.0 (douzero.env)", results["douzero"], reference))
        run = douzero_runner(game_env)
        raw = sum(len(run(i)) for i in dz_inputs)
        distinct = sum(len({tuple(m) for m in run(i)}) for i in dz_inputs)
        mine = sum(len(legal_plays(Position(douzero_like, h, read_table(douzero_like, p) if any(p) else None)))
                   + any(p) for h, p in items)
        print(f"  plays listed: DouZero {raw} ({raw - distinct} duplicates), ours with its kicker rules "
              f"{mine} (+ pass), all distinct")
    else:
        print("DouZero: not found. Get it with (in bench/_peers): pip download douzero==1.1.0 --no-deps "
              "--no-binary :all: && tar xzf douzero-1.1.0.tar.gz")
    loaded = load_rlcard()
    if loaded is not None:
        utils, judger = loaded
        rl_inputs = rlcard_inputs(items, utils.CARD_TYPE[0])
        times = time_each(rlcard_runner(utils, judger), rl_inputs, max(1, args.repeat // 4))
        print(summary(f"RLCard 1.2.0 ({len(rl_inputs)} positions in its action space)", times, reference))
    else:
        print("RLCard: not found. Get it with (in bench/_peers): pip download rlcard==1.2.0 --no-deps "
              "--no-binary :all: && tar xzf rlcard-1.2.0.tar.gz")
    playouts(args.hands)


def playouts(hands: int) -> None:
    """Whole seeded hands played by the bots through ``GAME`` (the simulations' loop), per preset and bot."""
    print(f"\nWhole hands with the bots (engine.driver.play_out, {hands} seeded hands each):")
    print(f"{'preset, bots':<44} {'hands/s':>9} {'actions/s':>10}")
    for preset in GAME.presets:
        rules = GAME.rules(preset)
        for bot in GAME.bots:
            actions = 0
            start = time.perf_counter()
            for seed in range(hands):
                record, _ = play_out(GAME, rules, seed, bot)
                actions += len(record.actions)
            elapsed = time.perf_counter() - start
            print(f"{preset + ', ' + bot:<44} {hands / elapsed:9.1f} {actions / elapsed:10.0f}")


def playout_cpu(hands: int) -> None:
    """CPU per whole seeded hand (deal, auction, play) with each bot, per preset: ``process_time``."""
    for preset in GAME.presets:
        rules = GAME.rules(preset)
        for bot in ("heuristic", "random"):
            start = time.process_time()
            for seed in range(hands):
                play_out(GAME, rules, seed, bot)
            ms = (time.process_time() - start) / hands * 1000
            print(f"  {preset + ', ' + bot:<42} {ms:8.3f} ms CPU per hand")


def coach(hands: int, before: str | None) -> None:
    """Play-outs before/after, then the coach's advice at the default budget (one process)."""
    import subprocess

    load = os.getloadavg()
    print(f"Coach and play-outs ({hands} seeded hands per preset and bot); load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
    if before:
        print(f"before ({before}):")
        env = {**os.environ, "BENCH_ROOT": before}
        subprocess.run([sys.executable, __file__, "--playouts-only", "--hands", str(hands)], env=env, check=True)
    print(f"after ({ROOT}):")
    playout_cpu(hands)
    from engine.advisor import DEFAULT_BUDGET, advise
    from engine.driver import replay

    record, _ = play_out(GAME, GAME.rules(), 3, "heuristic")
    states, _ = replay(GAME, record)
    print(f"One piece of advice at the default budget ({DEFAULT_BUDGET} samples per option), one process:")
    total_samples, total_cpu = 0, 0.0
    for index in (0, 5, 12, 20):
        state = states[index]
        start, wall = time.process_time(), time.perf_counter()
        advice = advise(GAME, state, workers=1)
        cpu, wall = time.process_time() - start, time.perf_counter() - wall
        playouts = advice.samples * len(advice.options)
        total_samples += playouts
        total_cpu += cpu
        print(f"  step {index:>2}: {advice.considered:>3} legal, {len(advice.options):>2} compared, "
              f"{playouts:>4} play-outs: {cpu:5.2f} s CPU ({wall:5.2f} s wall)")
    print(f"  {total_samples / total_cpu:,.0f} play-outs per CPU second")


if __name__ == "__main__":
    main()
