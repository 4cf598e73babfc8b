"""The card-hand component against the old picker: server time of a rerun and the bytes it sends.

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
Nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=30)
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


if __name__ == "__main__":
    main()
