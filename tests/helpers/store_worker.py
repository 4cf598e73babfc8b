"""A separate OS process using the store, for the tests of two app processes sharing one database.

    python -m tests.helpers.store_worker URL NAME TAG COUNT
        opens the store, prints "ready" and waits for a line on stdin (so that two workers start together);
        then, as the learner NAME (created by whichever worker comes first), reads what is stored, records
        COUNT tries, COUNT practice answers on the rule "shared" (right, wrong, right, …) and the lessons
        TAG-0 … TAG-(COUNT-1), and prints {"learner": id, "before": what it read} as one JSON line.
"""

from __future__ import annotations

import json
import sys

from ui.store import Store

GAME = "shengji"


def write(store: Store, name: str, tag: str, count: int) -> dict[str, object]:
    print("ready", flush=True)
    sys.stdin.readline()
    before = read(store, name)
    me = store.learner(name)
    for i in range(count):
        store.record_try(me.id, GAME, f"{tag}-exercise", i % 2 == 0, answer=f"{tag} {i}")
        store.record_practice(me.id, GAME, "shared", i % 2 == 0)
        store.mark_lesson_done(me.id, GAME, f"{tag}-{i}")
        store.open_lesson(me.id, GAME, f"{tag}-{i}")
    return {"learner": me.id, "before": before}


def read(store: Store, name: str) -> dict[str, object]:
    me = store.learner(name)
    progress = store.progress(me.id, GAME)
    items = {it.rule: {"seen": it.seen, "missed": it.missed, "box": it.box} for it in store.practice_items(me.id, GAME)}
    streak = store.streak(me.id, GAME)
    return {"learner": me.id, "lessons_done": sorted(progress.lessons_done),
            "exercises_done": sorted(progress.exercises_done), "last_lesson": progress.last_lesson,
            "tries": len(store.tries(me.id, GAME)), "practice": items, "best_streak": streak.best}


def main(argv: list[str]) -> int:
    url, name, tag, count = argv
    store = Store(url)
    result = write(store, name, tag, int(count))
    store.close()
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
