"""How soon the screens at a shared table show a play made elsewhere (``/table_room``).

Four people sit at a Shengji table (spades fixed: the hand starts with North burying the kitty). Three of them are
Chromium pages on the app server(s); the fourth seat's plays, and the others' when it is their turn, are made
through the store by this script — as another server process would. After each play, every page watches its own
text for the change (a MutationObserver notes the moment "Your turn, …" or "waiting for …" names the new seat to
act); the figure is that moment minus the moment the play was written. Pages poll the store every
``ui.shared_table.POLL_SECONDS``. Plays after which the seat to act stays the same (a trick's winner leading again)
change no page's text and are not timed.

    .venv/bin/python bench/shared_table_follow.py                 # --plays 24, SQLite, one server
    .venv/bin/python bench/shared_table_follow.py --servers 2 --db-url postgresql+psycopg://…

A measurement, not a test: it asserts nothing about time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

WATCH_JS = """target => {
  window.__seen = null;
  const check = () => { if (document.body.innerText.includes(target)) { window.__seen = Date.now(); return true; }
                        return false; };
  if (check()) return;
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=24, help="plays to make (the bury counts as one)")
    parser.add_argument("--servers", type=int, default=1, help="app server processes (pages spread over them)")
    parser.add_argument("--db-url", default="", help="the database (default: a new SQLite file)")
    args = parser.parse_args()
    url = args.db_url or f"sqlite:///{tempfile.mkdtemp(prefix='follow-')}/classroom.sqlite"
    os.environ["CARD_TABLE_DB_URL"] = url

    from engine.games import game
    from engine.shared_table import act, state_of
    from tests.browser import chromium_page, serve_app, wait_for_app
    from ui.shared_table import POLL_SECONDS, names_of
    from ui.store import Store

    store = Store(url)
    hosted = store.open_table("shengji", None, 1, range(4), {"fixed_trump": "S"})
    table = hosted.table
    people = ("Ana", "Ben", "Chloé", "Dev")
    keys = [store.sit(table.id, seat, name).key for seat, name in enumerate(people)]
    g = game("shengji")
    delays: list[float] = []
    with ExitStack() as stack:
        servers = [stack.enter_context(serve_app()) for _ in range(args.servers)]
        first = stack.enter_context(chromium_page(1280, 900))
        browser = first.context.browser
        pages = {1: first, 2: browser.new_page(viewport={"width": 1280, "height": 900}),
                 3: browser.new_page(viewport={"width": 1280, "height": 900})}
        for seat, page in pages.items():
            page.goto(f"{servers[seat % len(servers)]}/table_room?code={table.code}&me={keys[seat]}")
            wait_for_app(page)
        for _ in range(args.plays):
            info = store.table(table.id)
            state = state_of(info.game)
            seat = g.to_act(state)
            if seat is None:
                break
            action = g.action_text(g.legal_actions(state)[0])
            after = act(info.game, seat, action)  # computed here, not written: what the pages will show
            names = names_of(after)
            nxt = g.to_act(state_of(after))
            texts = {s: (f"Your turn, {names[s]}" if nxt == s else f"waiting for {names[nxt]}")
                     for s in pages} if nxt is not None else {}
            for s, page in pages.items():
                page.evaluate(WATCH_JS, texts.get(s, "Result"))
            start = time.time()
            store.play(table.id, keys[seat], action, info.game.step)
            if nxt is None or nxt == seat:
                time.sleep(2 * POLL_SECONDS)
                continue
            for page in pages.values():
                page.wait_for_function("() => window.__seen !== null", timeout=30000)
                delays.append(page.evaluate("() => window.__seen") / 1000 - start)
            time.sleep(0.2)
    store.close()
    delays.sort()
    p95 = delays[min(len(delays) - 1, int(0.95 * len(delays)))]
    print(f"{len(delays)} page updates over {args.servers} server(s), poll every {POLL_SECONDS:g} s: "
          f"median {statistics.median(delays):.2f} s, p95 {p95:.2f} s, max {delays[-1]:.2f} s")


if __name__ == "__main__":
    main()
