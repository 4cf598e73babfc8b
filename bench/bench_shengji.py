"""Shengji speed: ``check``, full distinct enumeration of legal plays, and whole-round simulation.

    .venv/bin/python bench/bench_shengji.py            # --positions 2000 --rounds 1000 --seed 1
    .venv/bin/python bench/bench_shengji.py --baseline main   # the coach's play-outs timed on main's engine too
    .venv/bin/python bench/bench_shengji.py --page --baseline main   # the scoring explorer, here and on main
    .venv/bin/python bench/bench_shengji.py --four-decks --baseline main   # the editor's slowest position

Prints CPU-time figures (``time.process_time``, so other jobs on the machine disturb them less) and the
ratio against the issue's peer figure: a Rust engine (rbtying/shengji's ``mechanics`` crate) takes about
0.34 s to list the plays of a 25-card hand following a 6-card throw. That crate is not on a registry we
reach (crates.io is not reachable here), so it is not run; to compare on a machine that has it, build
``mechanics`` from its repository into ``bench/_peers/shengji`` and time its ``find_format_matches`` on the
positions printed by ``--dump``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cards import PLAIN_RANKS, Card, Suit, parse_cards  # noqa: E402
from engine.shengji import (  # noqa: E402
    GAME,
    Group,
    Position,
    Rules,
    Trump,
    check,
    count_legal_plays,
    deck_of,
    decompose,
    legal_plays,
    make_rules,
    trump_for,
)
from engine.sim import simulate  # noqa: E402

PEER_SECONDS = 0.34


def cpu(fn: Callable[[], object], repeat: int = 1) -> float:
    """CPU seconds per call of ``fn`` (best of ``repeat``)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def random_lead(rng: random.Random, hand: list[Card], trump: Trump, rules: Rules, max_cards: int = 6
                ) -> tuple[Card, ...]:
    """A lead from ``hand``: one group; often a pair, tractor or a throw of a few parts."""
    groups = [g for g in Group if any(trump.group(c) is g for c in hand)]
    group = rng.choice(groups)
    cards = [c for c in hand if trump.group(c) is group]
    parts = list(decompose(cards, trump, rules))
    rng.shuffle(parts)
    lead: list[Card] = []
    for part in parts:
        if len(lead) + len(part.cards) <= max_cards and (not lead or rng.random() < 0.6):
            lead.extend(part.cards)
    return tuple(lead)


def positions(count: int, seed: int) -> list[tuple[Position, tuple[Card, ...]]]:
    """Seeded two-deck positions (25-card hands) with a random lead and a play to check (legal or not)."""
    rules = make_rules("competition")
    deck = deck_of(rules).cards()
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        rng.shuffle(deck)
        rank = rng.choice(PLAIN_RANKS)
        suit = rng.choice([*Suit, None])
        trump = trump_for(rules, rank, suit)
        leader, hand = deck[:25], deck[25:50]
        lead = random_lead(rng, leader, trump, rules)
        pos = Position(rules, trump, tuple(hand), lead)
        plays = legal_plays(pos, 20).plays
        play = rng.choice(plays) if rng.random() < 0.5 else tuple(rng.sample(hand, len(lead)))
        out.append((pos, play))
    return out


def bench_check(n: int, seed: int) -> None:
    cases = positions(n, seed)
    times = []
    legal = 0
    for pos, play in cases:
        fresh = [Position(pos.rules, pos.trump, pos.hand, pos.lead) for _ in range(20)]
        start = time.process_time()
        for p in fresh:
            verdict = check(p, play)
        times.append((time.process_time() - start) / 20)
        legal += verdict.legal
    times.sort()
    print(f"check: {n} seeded 25-card positions ({legal} legal plays, {n - legal} illegal), a fresh position each "
          "call (nothing cached)")
    print(f"  median {statistics.median(times) * 1e6:.0f} µs · mean {statistics.mean(times) * 1e6:.0f} µs · "
          f"p90 {times[int(0.9 * n)] * 1e6:.0f} µs · max {times[-1] * 1e6:.0f} µs (target < 1000 µs)")


THROW_CASES = {
    "in suit: 12 ♥ with 4 pairs, following a 6-card ♥ throw (two pairs + two singles)": (
        "AH AH 9H 9H 7H 7H 4H 4H QH 8H 3H 2H 2S 5S 6S 7S 8S 9D 9D 3D 4C 5C 6C BJ RJ",
        "KH KH JH JH 6H 5H"),
    "in suit: 12 ♥ with 5 pairs, following a 6-card throw (tractor + pair)": (
        "AH AH QH QH 9H 9H 7H 7H 4H 4H KH 3H 2S 5S 6S 7S 8S 9D 9D 3D 4C 5C 6C BJ RJ",
        "6H 6H 5H 5H 8H 8H"),
    "short: 3 ♥, following a 6-card ♥ throw (3 ♥ + any 3 of 22)": (
        "AH 9H 4H 2S 5S 6S 7S 8S 9D 9D 3D 4D 6D 7D 8D 4C 5C 6C 7C 8C JC BJ RJ AS 2C",
        "KH KH JH JH 6H 5H"),
    "void: no ♥, following a 6-card ♥ throw (any 6 of 25)": (
        "2S 2S 5S 6S 7S 8S 9D 9D 3D 4D 6D 7D 8D 4C 5C 6C 7C 8C JC JC BJ RJ AS AS 2C",
        "KH KH JH JH 6H 5H"),
}


def bench_enumeration(seed: int) -> None:
    rules = make_rules("competition")
    trump = trump_for(rules, parse_cards("10S")[0].rank, Suit.SPADES)
    print(f"full distinct enumeration (limit None), trump rank 10, ♠ trump; peer: ~{PEER_SECONDS} s to list one "
          "such position")
    for name, (hand, lead) in THROW_CASES.items():
        pos = Position.build(hand=parse_cards(hand), table=parse_cards(lead), rules=rules, trump=trump)
        count = len(legal_plays(pos, None))
        t = cpu(lambda p=pos: legal_plays(Position(p.rules, p.trump, p.hand, p.lead), None), repeat=5)
        counted = cpu(lambda p=pos: count_legal_plays(Position(p.rules, p.trump, p.hand, p.lead)), repeat=5)
        assert count_legal_plays(pos) == (count, True)
        print(f"  {name}: {count:,} plays in {t * 1000:.1f} ms — {PEER_SECONDS / t:.0f}× faster than the peer; "
              f"counted without listing in {counted * 1000:.2f} ms")
    # seeded random 25-card hands following random 6-card throws
    deck = deck_of(rules).cards()
    rng = random.Random(seed)
    times, counts = [], []
    while len(times) < 200:
        rng.shuffle(deck)
        t = trump_for(rules, rng.choice(PLAIN_RANKS), rng.choice(list(Suit)))
        lead = random_lead(rng, deck[:40], t, rules, max_cards=6)
        if len(lead) != 6 or len(decompose(lead, t, rules)) < 2:
            continue
        pos = Position(rules, t, tuple(deck[40:65]), lead)
        counts.append(len(legal_plays(pos, None)))
        times.append(cpu(lambda p=pos: legal_plays(Position(p.rules, p.trump, p.hand, p.lead), None)))
    times.sort()
    print("  200 seeded 25-card hands following random 6-card throws: "
          f"median {statistics.median(times) * 1000:.2f} ms, p90 {times[180] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms; plays per position: median {statistics.median(counts):,.0f}, "
          f"max {max(counts):,}")


def bench_simulation(rounds: int, seed: int) -> None:
    for bots in ("random", "heuristic"):
        n = rounds if bots == "random" else max(1, rounds // 5)
        start = time.process_time()
        # one process, so that process_time counts all the work
        frame = simulate(GAME, n, seed, {"preset": "competition", "bots": bots, "decks": 2}, workers=1)
        spent = time.process_time() - start
        print(f"simulation: {n:,} two-deck rounds, {bots} bots, to a {frame.shape[0]} × {frame.shape[1]} DataFrame: "
              f"{spent:.1f} s CPU ({spent / n * 1000:.1f} ms/round)" + (" — target < 20 s" if bots == "random" else ""))


PLAYOUT_SCRIPT = """
import random, sys, time
from engine.shengji import GAME
bot = GAME.bot("heuristic")
n, seed = int(sys.argv[1]), int(sys.argv[2])
starts = []
for s in range(seed, seed + n):
    state = GAME.new_game(GAME.rules("competition"), s)
    rng = random.Random(s)
    while state.phase.value != "play":
        state = GAME.apply_unchecked(state, bot.choose(state, rng))
    starts.append(state)
def play(state):
    rng = random.Random(0)
    while GAME.to_act(state) is not None:
        state = GAME.apply_unchecked(state, bot.choose(state, rng))
    return state
t = time.process_time()
for state in starts:
    play(state)
print((time.process_time() - t) / n * 1000)
"""


def playout_ms(root: Path, n: int, seed: int) -> float:
    """CPU ms per heuristic play-out of the play phase of a two-deck round, with the engine found in ``root``
    (the same positions: the seeds' rounds played up to their first lead), in a fresh process."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", PLAYOUT_SCRIPT, str(n), str(seed)], cwd=root, check=True,
                         capture_output=True, text=True)
    return float(out.stdout.strip().splitlines()[-1])


def bench_playouts(n: int, seed: int, baseline: str | None) -> None:
    """The coach's play-outs: the State path against the integer-card path, and (with ``baseline``) the same
    play-outs on another commit's engine, in the same run."""
    import random

    from engine.shengji import Phase

    bot = GAME.bot("heuristic")
    starts = []
    for s in range(seed, seed + n):
        state = GAME.new_game(make_rules("competition"), s)
        rng = random.Random(s)
        while state.phase is not Phase.PLAY:
            state = GAME.apply_unchecked(state, bot.choose(state, rng))
        starts.append(state)

    def play(state: object) -> object:
        rng = random.Random(0)
        while GAME.to_act(state) is not None:  # type: ignore[arg-type]
            state = GAME.apply_unchecked(state, bot.choose(state, rng))  # type: ignore[arg-type]
        return state

    from engine.shengji import playout

    slow = cpu(lambda: [play(s) for s in starts]) / n
    fast = cpu(lambda: [play(playout.from_state(s)) for s in starts]) / n
    print(f"play-outs: {n} two-deck rounds from their first lead, heuristic bots: State path {slow * 1000:.1f} ms, "
          f"integer cards {fast * 1000:.2f} ms per play-out, the conversion included ({slow / fast:.1f}× faster)")
    if baseline:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            import subprocess

            archive = subprocess.run(["git", "archive", baseline, "engine"], capture_output=True, check=True,
                                     cwd=Path(__file__).resolve().parent.parent).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            before = playout_ms(Path(tmp), n, seed)
        print(f"  the same play-outs on {baseline}: {before:.1f} ms — now {fast * 1000:.2f} ms "
              f"({before / (fast * 1000):.1f}× cheaper)")


PAGE_SCRIPT = """
import statistics, sys, time
from streamlit.testing.v1 import AppTest
KEY = "shengji:scoring:"

def run(at):
    start = time.process_time()
    at.run()
    spent = time.process_time() - start
    assert not at.exception, [e.value for e in at.exception]
    return spent

first = run(AppTest.from_file("pages/shengji_scoring.py", default_timeout=600))
at = AppTest.from_file("pages/shengji_scoring.py", default_timeout=600)
second = run(at)
steps = {}
for name, key, values in (("threshold", KEY + "threshold", (85, 90, 95, 100, 105)),
                          ("band", KEY + "band", (35, 30, 45, 50, 25))):
    times = []
    for value in values:
        at.slider(key=key).set_value(value)
        times.append(run(at))
    steps[name] = statistics.median(times)
at.radio(key=KEY + "decks").set_value(3)
decks = run(at)
print(first, second, steps["threshold"], steps["band"], decks)
"""


def page_figures(root: Path) -> list[float]:
    """CPU seconds of the scoring explorer under AppTest in a fresh process of ``root``: the first session's first
    run (imports included), a second session's first run, the median threshold and band slider step (AppTest reruns
    the whole page) and a change of Decks."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", PAGE_SCRIPT], cwd=root, check=True, capture_output=True, text=True)
    return [float(v) for v in out.stdout.strip().splitlines()[-1].split()]


def bench_page(baseline: str | None) -> None:
    """The scoring explorer's first run and slider steps, here and (with ``baseline``) on that commit."""
    here = Path(__file__).resolve().parent.parent
    trees = [("this tree", here)]
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        if baseline:
            import subprocess

            archive = subprocess.run(["git", "archive", baseline], capture_output=True, check=True, cwd=here).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            trees.insert(0, (baseline, Path(tmp)))
        for name, root in trees:
            first, second, threshold, band, decks = page_figures(root)
            print(f"scoring explorer ({name}), CPU s under AppTest: first run {first:.2f} (imports included), "
                  f"a second session's first run {second:.2f}, a threshold step {threshold:.2f}, a band step "
                  f"{band:.2f}, Decks 2 → 3 {decks:.2f}")


def bench_advice(seed: int) -> None:
    """One piece of advice at the default budget (32 samples an option), one process, for a few decisions."""
    import random

    from engine.advisor import DEFAULT_BUDGET, advise
    from engine.shengji import Phase

    bot = GAME.bot("heuristic")
    cases = [("a lead", Phase.PLAY, 0), ("a follow", Phase.PLAY, 1), ("a lead, mid-hand", Phase.PLAY, 40),
             ("the kitty burial", Phase.BURY, 0)]
    for name, phase, extra in cases:
        state = GAME.new_game(make_rules("competition"), seed)
        rng = random.Random(seed)
        while state.phase is not phase:
            state = GAME.apply_unchecked(state, bot.choose(state, rng))
        for _ in range(extra):
            state = GAME.apply_unchecked(state, bot.choose(state, rng))
        start = time.process_time()
        advice = advise(GAME, state, budget=DEFAULT_BUDGET, workers=1)
        spent = time.process_time() - start
        print(f"advice on {name}: {advice.considered:,} legal, {len(advice.options)} compared × {advice.samples} "
              f"samples: {spent:.2f} s CPU on one core (target < 3 s)")


FOUR_DECKS_SCRIPT = """
import sys, time
from engine.cards import Rank, Suit, parse_cards
from engine.shengji import Position, legal_plays, make_rules, trump_for
from engine.shengji.commands import LegalRequest, legal
T = "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H 2D 2C 2S BJ RJ".split()
OTHER = "AH KH QH JH 10H 9H AD KD QD JD 10D 9D AC KC QC JC".split()
hand = parse_cards(" ".join([c for c in T for _ in range(2)] + OTHER))
lead = parse_cards("AS AS QS QS 10S 10S 8S 8S 6S 6S 4S 4S")
rules = make_rules("competition", {"decks": 4})
trump = trump_for(rules, Rank.TWO, Suit.SPADES)
def best(fn, repeat=3):
    out = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        value = fn()
        out = min(out, time.process_time() - start)
    return out, value
request = LegalRequest(options={"decks": 4}, trump_rank=Rank.TWO, trump_suit=Suit.SPADES, hand=tuple(hand),
                       table=tuple(lead), limit=int(sys.argv[1]))
editor, answer = best(lambda: legal(request))
full, plays = best(lambda: legal_plays(Position.build(rules, trump, hand, lead), None))
print(editor, answer.count, answer.count_exact, full, len(plays.plays))
"""


def four_decks_figures(root: Path, limit: int) -> tuple[float, int, bool, float, int]:
    """(the editor's ``legal`` call in CPU s, its count, exact, the full enumeration in CPU s, its plays) for the
    four-deck position, with the engine found in ``root``, in a fresh process."""
    import subprocess

    out = subprocess.run([sys.executable, "-c", FOUR_DECKS_SCRIPT, str(limit)], cwd=root, check=True,
                         capture_output=True, text=True)
    editor, count, exact, full, plays = out.stdout.split()
    return float(editor), int(count), exact == "True", float(full), int(plays)


def bench_four_decks(baseline: str | None) -> None:
    """The Shengji editor's slowest interaction: four decks, a 52-card follower holding 18 trump pairs after a
    12-card lead of six separate trump pairs (18,564 legal plays). The editor asks ``legal`` for the count and a
    first page of 200 plays (and the cards in any play); the full enumeration lists every play."""
    import subprocess
    import tempfile

    here = Path(__file__).resolve().parent.parent
    roots = [("this branch", here)]
    with tempfile.TemporaryDirectory() as tmp:
        if baseline:
            archive = subprocess.run(["git", "archive", baseline, "engine"], capture_output=True, check=True,
                                     cwd=here).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            roots.insert(0, (baseline, Path(tmp)))
        print("four decks: a 52-card follower (18 trump pairs) after a 12-card lead of six trump pairs")
        for name, root in roots:
            editor, count, exact, full, plays = four_decks_figures(root, 200)
            print(f"  {name}: the editor's call (count + first 200 plays + playable cards) {editor:.3f} s CPU, "
                  f"count {count:,} ({'exact' if exact else 'a lower bound'}); the full enumeration {plays:,} "
                  f"plays in {full:.3f} s ({plays / full:,.0f} plays/s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", default=None,
                        help="a git commit whose engine the play-outs are also timed on (e.g. main)")
    parser.add_argument("--page", action="store_true", help="only the scoring explorer's first run and slider steps")
    parser.add_argument("--four-decks", action="store_true",
                        help="only the editor's four-deck position (with --baseline: on that commit too)")
    args = parser.parse_args()
    if args.four_decks:
        bench_four_decks(args.baseline)
        return
    if args.page:
        bench_page(args.baseline)
        return
    print(f"Python {sys.version.split()[0]}; peer (Rust, rbtying/shengji mechanics): not run here, "
          f"issue figure {PEER_SECONDS} s")
    bench_check(args.positions, args.seed)
    bench_enumeration(args.seed)
    bench_simulation(args.rounds, args.seed)
    bench_playouts(args.playouts, args.seed, args.baseline)
    bench_advice(args.seed)
    bench_four_decks(args.baseline)


if __name__ == "__main__":
    main()
