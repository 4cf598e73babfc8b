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
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from streamlit.testing.v1 import AppTest  # noqa: E402

from ui.card_hand import ASSETS, GEOMETRY_JS, HAND_CSS, HAND_JS, INLINE_ENV  # noqa: E402

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


def table_steps(runs: int) -> list[float]:
    """Forward on the Shengji Table in watch mode (back to the deal when the hand is over)."""
    at = AppTest.from_file(str(ROOT / "pages" / "shengji_table.py"), default_timeout=120).run()
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


def _row(name: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return f"| {name} | {statistics.median(ms):.1f} | {ms[int(0.9 * (len(ms) - 1))]:.1f} | {len(ms)} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--no-actions", dest="actions", action="store_false",
                        help="only the rerun of the component against the pills")
    args = parser.parse_args()

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
        ms = sorted(t * 1000 for t in times)
        p90 = ms[int(0.9 * (len(ms) - 1))]
        print(f"| {name} | {statistics.median(ms):.1f} | {p90:.1f} | {len(sizes)} | {sum(sizes):,} | "
              f"{repeat_bytes(sizes):,} |")
    print()
    print(f"card_hand script + style + geometry, fetched once per browser session: {assets:,} bytes")
    old_ms = statistics.median(results["old pills + st.image"][0]) * 1000
    print(f"a card click: old = one rerun ({old_ms:.1f} ms server time, "
          f"{repeat_bytes(results['old pills + st.image'][1]):,} bytes); card_hand = no rerun, 0 bytes")
    if not args.actions:
        return
    print()
    print("| action (one rerun of the real page) | median ms | p90 ms | runs |")
    print("|---|---:|---:|---:|")
    print(_row("a card click, before: the pills page reruns", old_t))
    print("| a card click, now: nothing is sent (the selection lives in the browser) | 0 | 0 | – |")
    print(_row("the play's press at the Thirteen Table (check + the bots' replies)", table_plays(args.runs)))
    print(_row("a Table step: Forward on the Shengji Table", table_steps(args.runs)))
    print(_row("an editor change: a new hand posed in the Thirteen editor", editor_changes(args.runs)))


if __name__ == "__main__":
    main()
