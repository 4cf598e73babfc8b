"""The card-hand component against the old picker: server time of a rerun and the bytes it sends; and, in the
same run, the server time of the three things a learner does most: a card click, a Table step, an editor change.

One page draws a 25-card Shengji hand to choose from and a 108-card (two-deck) deck picker, once with
``ui.card_hand`` (``card_hand`` + ``deck_picker``) and once the old way (``ui.widgets.show_cards`` for the
hand's picture, ``card_picker`` pills for choosing from the hand and for the editor's deck). Both run in
one process through AppTest, alternating, ``--runs`` reruns each after a warm-up.

    .venv/bin/python bench/bench_card_hand.py [--runs 30]

Bytes are the serialized element messages of one rerun. Streamlit sends an element message of 10 kB or
more only once while it stays the same (afterwards a reference of ~50 bytes), so "a repeat rerun" counts
those as references. The new component's script and style are files the browser fetches once; with
``CARD_HAND_INLINE=1`` they travel inside every element message instead (measured too). A card click
was one rerun with the pills; with the component it sends nothing (the browser test checks that).

The actions (``--actions``, on by default): *a card click* — old: one rerun of the pills page above; now: none
(the selection lives in the browser), and the press that sends a chosen play at the Table (Thirteen, play mode,
the bots' replies included); *a Table step* — Forward in watch mode on the Shengji Table (one step of a seeded
hand); *an editor change* — posing a new hand in the Thirteen editor with the deck picker (the engine judges the
position and lists its plays). Each is one AppTest rerun of the real page, timed from the press to the end of the
script run. Nothing here asserts a time.

Before and after in one run (``--before``, on by default: the commit before the card-hand work, ``b375b3b``, the
parent of its first commit ``f1edaea``): the script checks that commit out into a temporary ``git worktree`` under
/tmp and times the same actions on its pages with AppTest, in a separate process (the two versions share module
names), alternating three rounds with the current code so that load on the machine falls on both alike; then it
removes the worktree. Before, a card click at the Table was a rerun of the whole page (a pill), and posing a hand in
the editor was one rerun per card clicked; the script times one such rerun.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "b375b3b"  # the parent of f1edaea, the card-hand component's first commit
ROUNDS = 3

if "--worker" not in sys.argv:  # a worker imports the code of the tree it times, not this one
    sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

CACHED_FROM = 10_000  # Streamlit's global.minCachedMessageSize
REFERENCE = 50

COMMON = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from engine.cards import Card, Deck, Rank, Suit, parse_cards
HAND = parse_cards("RJ BJ 2H 2S 2S AH KH 10H 5H AS KS QS 10S 10S 7S 5S AC JC 9C 9C 4C KD QD 8D 5D")
DECK = Deck.standard(jokers=True, decks=2)
def is_trump(card):
    return card.is_joker or card.rank is Rank.TWO or card.suit is Suit.HEARTS
"""

NEW = COMMON + """
from ui.card_hand import Action, card_hand, deck_picker, suit_groups
card_hand("hand", suit_groups(HAND, is_trump=is_trump), actions=(Action("play", "Play", min_chosen=1),))
deck_picker("deck", DECK, actions=(Action("set", "Set hand"),))
"""

OLD = COMMON + """
from ui.widgets import card_picker, show_cards
show_cards(HAND)
card_picker("play", DECK, limit_to=HAND, label="Choose the cards to play")
card_picker("editor", DECK, label="Hand")
"""


def element_sizes(at: AppTest) -> list[int]:
    """Serialized size of each element message the last run produced."""
    sizes = []
    for node in at._tree:
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "SerializeToString") and not getattr(node, "children", None):
            sizes.append(len(proto.SerializeToString()))
    return sizes


def repeat_bytes(sizes: list[int]) -> int:
    return sum(REFERENCE if s >= CACHED_FROM else s for s in sizes)


def measure(script: str, runs: int) -> tuple[list[float], list[int]]:
    at = AppTest.from_string(script, default_timeout=60).run()
    assert not at.exception, at.exception
    for _ in range(3):
        at.run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        at.run()
        times.append(time.perf_counter() - start)
    return times, element_sizes(at)


def _timed(run: Callable[..., AppTest], *args: Any, **kwargs: Any) -> float:
    start = time.perf_counter()
    at = run(*args, **kwargs)
    elapsed = time.perf_counter() - start
    assert not at.exception, [e.value for e in at.exception]
    return elapsed


def table_steps(runs: int, root: Path = ROOT) -> list[float]:
    """Forward on the Shengji Table in watch mode (back to the deal when the hand is over); the same keys in the
    code before the card hand and now."""
    at = AppTest.from_file(str(root / "pages" / "shengji_table.py"), default_timeout=120).run()
    times = []
    for _ in range(runs + 2):
        forward = at.button(key="shengji:table:forward")
        if forward.disabled:
            at.button(key="shengji:table:first").click().run()
            forward = at.button(key="shengji:table:forward")
        times.append(_timed(lambda button: button.click().run(), forward))
    return times[2:]


def table_plays(runs: int) -> list[float]:
    """A play of cards at the Thirteen Table (play mode, seat S): the press that sends the chosen cards, the
    engine's check and the bots' replies; a fresh deal whenever the hand is over or only a pass is left."""
    from engine.games import game
    from tests.card_hand_testing import press

    g = game("thirteen")
    k = "thirteen:table:"
    at = AppTest.from_file(str(ROOT / "pages" / "thirteen_table.py"), default_timeout=120)
    at.query_params.update({"mode": "play", "seat": "S", "seed": "1"})
    at.run()
    times: list[float] = []
    for _ in range(runs * 20):
        if len(times) == runs + 2:
            break
        if at.session_state[f"{k}pause"] is not None:
            at.button(key=f"{k}continue").click().run()
            continue
        hand = at.session_state[f"{k}play"]
        plays = [g.action_cards(a) for a in g.legal_actions(hand.last, limit=50)] if g.to_act(hand.last) == \
            at.session_state[f"{k}settings"].me else []
        cards = next((c for c in plays if c), None)
        if cards is None:
            at.button(key=f"{k}new").click().run()
            continue
        key = f"{k}pick:{len(hand.steps)}"
        times.append(_timed(press, at, key, "play", cards=cards))
    return times[2:]


def editor_changes(runs: int) -> list[float]:
    """Pose a new hand in the Thirteen editor with the deck picker (two hands in turn)."""
    from engine.cards import parse_cards
    from tests.card_hand_testing import press

    hands = [parse_cards("7S 7C 7D 7H 9H 3C KD"), parse_cards("5S 5H 6C 6D 8H 10S AS")]
    at = AppTest.from_file(str(ROOT / "pages" / "thirteen_editor.py"), default_timeout=120).run()
    times = [_timed(press, at, "editor:thirteen:pick:hand", "set", cards=hands[i % 2])
             for i in range(runs + 2)]
    return times[2:]


# ----------------------------------------------------------------------------------------- the code before


def _old_options() -> dict[str, str]:
    """The old pills' option ids by their labels ("10:red[♥]" → "10H#1"), from the old code's own formatting."""
    from engine.thirteen.combos import DECK  # type: ignore[attr-defined]  # the old tree's (a worker's path)
    from ui.widgets import _format  # type: ignore[attr-defined]

    return {_format(f"{c.text}#1"): f"{c.text}#1" for c in DECK.cards()}


def old_table_clicks(runs: int, root: Path) -> list[float]:
    """A card click at the old Thirteen Table (play mode): a pill chosen, then let go; each one rerun of the page.
    A fresh deal when only a pass is left."""
    k = "thirteen:table:"
    options = _old_options()
    at = AppTest.from_file(str(root / "pages" / "thirteen_table.py"), default_timeout=120).run()
    mode = at.radio(key=f"{k}mode")  # "Watch a hand" / "Play against the computer"
    mode.set_value(next(o for o in mode.options if o != mode.value)).run()
    times: list[float] = []
    for _ in range(runs * 10):
        if len(times) >= runs + 2:
            break
        pills = [p for p in at.pills if p.key and p.key.startswith(f"{k}pick:") and p.options]
        if not pills:
            at.button(key=f"{k}new").click().run()
            continue
        key = pills[0].key
        pills[0].set_value([options[pills[0].options[0]]])
        times.append(_timed(at.run))
        next(p for p in at.pills if p.key == key).set_value([])
        times.append(_timed(at.run))
    return times[2:]


def old_editor_changes(runs: int, root: Path) -> list[float]:
    """A new hand in the old Thirteen editor: its suit pills set to the hand (one rerun; a learner clicked one pill,
    one rerun, per card)."""
    from engine.cards import parse_cards

    hands = [parse_cards("7S 7C 7D 7H 9H 3C KD"), parse_cards("5S 5H 6C 6D 8H 10S AS")]
    options = _old_options()
    at = AppTest.from_file(str(root / "pages" / "thirteen_editor.py"), default_timeout=120).run()
    times = []
    for i in range(runs + 2):
        for pill in at.pills:
            if pill.key and pill.key.startswith("thirteen:editor:hand:"):
                wanted = {f"{c.text}#1" for c in hands[i % 2]}
                pill.set_value([options[label] for label in pill.options if options.get(label) in wanted])
        times.append(_timed(at.run))
    return times[2:]


def worker(root: Path, runs: int) -> None:
    """Time the actions on the tree at ``root`` (the code before); print them as JSON."""
    out = {"table_step": table_steps(runs, root), "editor_change": old_editor_changes(runs, root),
           "table_click": old_table_clicks(runs, root)}
    print(json.dumps(out))


@contextlib.contextmanager
def before_tree(commit: str) -> Iterator[Path]:
    """The code at ``commit`` in a temporary git worktree (removed afterwards)."""
    path = Path(tempfile.mkdtemp(prefix="cardhand-before-")) / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(path), commit], check=True)
    try:
        yield path
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(path)], check=False)
        path.parent.rmdir()


def time_before(tree: Path, runs: int) -> dict[str, list[float]]:
    done = subprocess.run([sys.executable, __file__, "--worker", str(tree), "--runs", str(runs)], cwd=tree,
                          capture_output=True, text=True, check=False)
    if done.returncode:
        raise RuntimeError(f"timing the code before failed:\n{done.stderr[-3000:]}")
    return {k: list(v) for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}


def _ms(times: list[float]) -> tuple[float, float]:
    ms = sorted(t * 1000 for t in times)
    return statistics.median(ms), ms[int(0.9 * (len(ms) - 1))]


def _row(name: str, times: list[float]) -> str:
    median, p90 = _ms(times)
    return f"| {name} | {median:.1f} | {p90:.1f} | {len(times)} |"


def _compare(name: str, before: list[float] | None, after: list[float] | None, note: str = "") -> str:
    b = "{:.1f} / {:.1f} ({})".format(*_ms(before), len(before)) if before else "–"
    a = "{:.1f} / {:.1f} ({})".format(*_ms(after), len(after)) if after else "0 (no rerun)"
    if before and after:
        ratio = f"{_ms(after)[0] / _ms(before)[0]:.2f}×"
    elif before:
        ratio = "nothing sent"
    else:
        ratio = "–"
    return f"| {name} | {b} | {a} | {ratio} | {note} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--no-actions", dest="actions", action="store_false",
                        help="only the rerun of the component against the pills")
    parser.add_argument("--before", default=BEFORE, help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--no-before", dest="compare", action="store_false", help="the current code only")
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        sys.path.insert(0, str(args.worker))
        worker(args.worker, args.runs)
        return

    from ui.card_hand import ASSETS, GEOMETRY_JS, HAND_CSS, HAND_JS, INLINE_ENV

    results: dict[str, tuple[list[float], list[int]]] = {}
    new_t: list[float] = []
    old_t: list[float] = []
    # Alternate the two pages so that load on the machine falls on both alike.
    for _ in range(3):
        t, new_sizes = measure(NEW, args.runs // 3)
        new_t += t
        t, old_sizes = measure(OLD, args.runs // 3)
        old_t += t
    results["card_hand (served files)"] = (new_t, new_sizes)
    results["old pills + st.image"] = (old_t, old_sizes)
    os.environ[INLINE_ENV] = "1"
    try:
        results["card_hand (inline code)"] = measure(NEW, args.runs // 3)
    finally:
        del os.environ[INLINE_ENV]

    assets = sum((ASSETS / name).stat().st_size for name in (HAND_JS, HAND_CSS, GEOMETRY_JS))
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores; a 25-card hand + a 108-card deck picker")
    print()
    print("| page | rerun median ms | p90 ms | elements | first draw bytes | repeat rerun bytes |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (times, sizes) in results.items():
        median, p90 = _ms(times)
        print(f"| {name} | {median:.1f} | {p90:.1f} | {len(sizes)} | {sum(sizes):,} | {repeat_bytes(sizes):,} |")
    print()
    print(f"card_hand script + style + geometry, fetched once per browser session: {assets:,} bytes")
    old_ms = _ms(results["old pills + st.image"][0])[0]
    print(f"a card click: old = one rerun ({old_ms:.1f} ms server time, "
          f"{repeat_bytes(results['old pills + st.image'][1]):,} bytes); card_hand = no rerun, 0 bytes")
    if not args.actions:
        return
    now: dict[str, list[float]] = {"table_step": [], "editor_change": [], "table_play": []}
    before: dict[str, list[float]] = {}
    share = max(1, args.runs // ROUNDS)
    with before_tree(args.before) if args.compare else contextlib.nullcontext() as tree:
        for _ in range(ROUNDS):  # alternate the two versions so that load falls on both alike
            now["table_step"] += table_steps(share)
            now["editor_change"] += editor_changes(share)
            now["table_play"] += table_plays(share)
            if tree is not None:
                for name, times in time_before(tree, share).items():
                    before.setdefault(name, []).extend(times)
    print()
    if args.compare:
        commit = subprocess.run(["git", "-C", str(ROOT), "log", "-1", "--format=%h %ad", "--date=short",
                                 args.before], capture_output=True, text=True, check=False).stdout.strip()
        print(f"Before: {commit} (a temporary worktree); after: this tree. Server time of one AppTest rerun of the "
              "real page, median / p90 ms (runs).")
        print()
        print("| action | before | after | after/before | note |")
        print("|---|---:|---:|---:|---|")
        print(_compare("a card click at the Thirteen Table", before.get("table_click"), None,
                       "before: a pill, one rerun; now the selection lives in the browser"))
        print(_compare("a card click, the 25-card page above", old_t, None, "pills + st.image against card_hand"))
        print(_compare("a Table step: Forward on the Shengji Table", before.get("table_step"), now["table_step"]))
        print(_compare("an editor change: a new hand in the Thirteen editor", before.get("editor_change"),
                       now["editor_change"], "before: one rerun per card clicked; now one per hand"))
        print(_compare("the play's press at the Thirteen Table (check + the bots' replies)", None, now["table_play"],
                       "now only: the old press is not comparable"))
        return
    print("| action (one rerun of the real page) | median ms | p90 ms | runs |")
    print("|---|---:|---:|---:|")
    print(_row("a card click, before: the pills page reruns", old_t))
    print("| a card click, now: nothing is sent (the selection lives in the browser) | 0 | 0 | – |")
    print(_row("the play's press at the Thirteen Table (check + the bots' replies)", now["table_play"]))
    print(_row("a Table step: Forward on the Shengji Table", now["table_step"]))
    print(_row("an editor change: a new hand posed in the Thirteen editor", now["editor_change"]))


if __name__ == "__main__":
    main()
