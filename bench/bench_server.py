"""Where the server's time goes: the command line's start, the app's cold start, and each page's runs.

    .venv/bin/python bench/bench_server.py                 # all three parts, tables on stdout
    .venv/bin/python bench/bench_server.py --only cli --json out/bench-server.json

1. **Command line** — CPU time of ``python -m engine cards 10S`` and of ``legal`` for each game (a sample request
   of the game), each a fresh process measured with ``getrusage(RUSAGE_CHILDREN)``; a bare interpreter for scale.
2. **Cold start** — ``streamlit run app.py`` from launch to its first home page finished in Chromium (the
   ``script_finished`` message on the page's websocket): wall time and the server process's CPU, beside the same
   for a one-line Streamlit app.
3. **Page runs under AppTest** — server CPU (``time.process_time`` of the process running the script) of each
   game's scoring page, Table, editor and lessons: the first run in a fresh process (its imports included), one
   change (a slider step; a Table step forward; an editor's deal; a lesson's answer), the first run of a second
   session (caches warm) and a first run with the caches cleared. Each page is measured in its own process.

Nothing here asserts a time: the figures go into bench/README.md as "before" and "after".
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
PAGE_KINDS = ("scoring", "table", "editor", "lessons")
LEGACY_LEGAL = {
    # The samples of the README for a game whose package is not on the contract yet (its old field names).
    "doudizhu": {"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "previous": "4 4 4 5"},
    "thirteen": {"hand": "3S 4S 5H 5D 2H", "previous": "4C 4D", "passed": False, "first_lead": False},
    "euchre": {"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C"},
    "shengji": {"trump_rank": "10", "trump_suit": "S", "hand": "KH KH 9H 9H 3H 5C AS", "lead": "4H 4H 5H 5H",
                "limit": 2000},
}


# ------------------------------------------------------------------------------------------------ 1. the CLI


def child_cpu(cmd: Sequence[str]) -> tuple[float, int]:
    """CPU seconds (user + system) of running ``cmd`` to its end, and its exit code."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), result.returncode


def legal_request(game: str) -> dict[str, Any]:
    """A sample ``legal`` request of ``game``: the game's own example when it is on the contract."""
    from engine.errors import UnknownNameError
    from engine.games import game as game_object

    try:
        examples = game_object(game).examples.get("legal", ())
    except UnknownNameError:
        examples = ()
    return dict(examples[0]) if examples else LEGACY_LEGAL[game]


def bench_cli(repeat: int) -> list[dict[str, Any]]:
    py = sys.executable
    cases: list[tuple[str, list[str]]] = [
        ("python -c pass (a bare interpreter)", [py, "-c", "pass"]),
        ("python -m engine cards 10S", [py, "-m", "engine", "cards", "10S"]),
    ]
    for game in GAMES:
        cases.append((f"python -m engine legal {game} (its sample)",
                      [py, "-m", "engine", "legal", game, json.dumps(legal_request(game))]))
    rows = []
    for label, cmd in cases:
        runs = [child_cpu(cmd) for _ in range(repeat)]
        times = [t for t, _ in runs]
        rows.append({"command": label, "cpu_median_s": statistics.median(times), "cpu_min_s": min(times),
                     "exit_codes": sorted({c for _, c in runs})})
    return rows


# ------------------------------------------------------------------------------------------------ 2. cold start


def first_page(url: str, timeout: float = 180.0) -> float:
    """Open ``url`` in Chromium; seconds from the request to its first finished run (websocket message)."""
    import asyncio

    from playwright.async_api import async_playwright

    from bench.load_test import CHROMIUM, CHROMIUM_ARGS, RunWatcher

    async def go() -> float:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                page = await browser.new_page()
                watcher = RunWatcher()
                watcher.attach(page)
                t0 = time.monotonic()
                await page.goto(url, wait_until="commit")
                return await watcher.finished_after(t0, timeout, settle=0.3) - t0
            finally:
                await browser.close()

    return asyncio.run(go())


def bench_cold_start() -> list[dict[str, Any]]:
    from bench.load_test import serve

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        one_line = Path(tmp) / "one_line.py"
        one_line.write_text("import streamlit as st\n\nst.write('Hello')\n")
        for label, script in (("the app (app.py, home page)", ROOT / "app.py"),
                              ("a one-line Streamlit app", one_line)):
            launched = time.monotonic()
            with serve(script) as server:
                healthy_cpu = server.cpu()
                healthy = time.monotonic() - launched
                seconds = first_page(server.url)
                time.sleep(0.5)
                rows.append({"server": label, "to_healthy_s": round(healthy, 2), "cpu_to_healthy_s": healthy_cpu,
                             "first_page_s": round(seconds, 2), "cpu_to_first_page_s": server.cpu(),
                             "rss_mb": round(server.rss() / 2**20, 1)})
    return rows


# ------------------------------------------------------------------------------------------------ 3. AppTest


def _cpu_of(run: Callable[[], Any]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def _change(at: Any, kind: str) -> tuple[str, Callable[[], Any]]:
    """The change a learner makes on a page of ``kind``: (what it is, a function that makes it and reruns)."""
    if kind == "scoring":
        for slider in at.slider:
            if not slider.proto.disabled:
                step = slider.proto.step or 1
                value = slider.value if not isinstance(slider.value, tuple) else slider.value[0]
                target = value + step if value + step <= slider.proto.max else value - step
                return (f"slider {slider.proto.label!r} {value} → {target}",
                        lambda s=slider, t=target: s.set_value(t).run())
        for select in at.select_slider:
            if not select.proto.disabled:
                options = list(select.proto.options)
                index = options.index(str(select.value)) if str(select.value) in options else 0
                nxt = options[(index + 1) % len(options)]
                return (f"select slider {select.proto.label!r} {select.value} → {nxt}",
                        lambda s=select, n=nxt: s.set_value(type(s.value)(n)).run())
        raise LookupError("no slider on the scoring page")
    if kind == "table":
        for button in at.button:
            if button.proto.label == "Forward":
                return "Table: Forward one step", lambda b=button: b.click().run()
        raise LookupError("no Forward button on the Table")
    if kind == "editor":
        for button in at.button:
            if button.proto.label.startswith("Deal"):
                return f"editor: {button.proto.label!r}", lambda b=button: b.click().run()
        for button in at.button:  # no deal button: the first sample position
            return f"editor: {button.proto.label!r}", lambda b=button: b.click().run()
        raise LookupError("no button on the editor")
    for radio in at.radio:
        if radio.proto.label == "Your answer":
            return "lesson: the first choice", lambda r=radio: r.set_value(r.options[0]).run()
    for number in at.number_input:
        if number.proto.label == "Your answer":
            return "lesson: answer 1", lambda n=number: n.set_value(1).run()
    raise LookupError("no exercise on the first lesson")


def worker(page: str, kind: str) -> dict[str, Any]:
    """Measure one page in this (fresh) process; see the module docstring."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    def app() -> AppTest:
        return AppTest.from_file(str(ROOT / "app.py"), default_timeout=900)

    home = app()
    home_cpu = _cpu_of(home.run)
    at = app()
    at.switch_page(page)
    first = _cpu_of(at.run)
    errors = [e.value for e in at.exception]
    what, change = _change(at, kind)
    changed = _cpu_of(change)
    errors += [e.value for e in at.exception]
    second = app()
    second.switch_page(page)
    warm = _cpu_of(second.run)
    st.cache_data.clear()
    st.cache_resource.clear()
    third = app()
    third.switch_page(page)
    cleared = _cpu_of(third.run)
    return {"page": page, "home_first_run_s": home_cpu, "first_run_s": first, "change": what, "change_s": changed,
            "second_session_first_run_s": warm, "caches_cleared_first_run_s": cleared,
            "exceptions": [e[:200] for e in errors]}


def bench_pages(games: Sequence[str], kinds: Sequence[str]) -> list[dict[str, Any]]:
    rows = []
    for kind in kinds:
        for game in games:
            page = f"pages/{game}_{kind}.py"
            if not (ROOT / page).exists():
                continue
            result = subprocess.run([sys.executable, __file__, "--worker", page, kind], cwd=ROOT,
                                    capture_output=True, text=True, check=False)
            lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
            if result.returncode != 0 or not lines:
                rows.append({"page": page, "error": (result.stderr.strip().splitlines() or ["no output"])[-1]})
                continue
            rows.append(json.loads(lines[-1]))
    return rows


# ------------------------------------------------------------------------------------------------ report


def _s(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def print_report(result: dict[str, Any]) -> None:
    print(f"machine: {os.cpu_count()} cores, load average {result['load_average']} at the start, "
          f"Python {sys.version.split()[0]}")
    if "cli" in result:
        print("\n| command | CPU median s | CPU min s | exit |\n|---|---:|---:|---:|")
        for row in result["cli"]:
            print(f"| `{row['command']}` | {_s(row['cpu_median_s'])} | {_s(row['cpu_min_s'])} | "
                  f"{','.join(map(str, row['exit_codes']))} |")
    if "cold_start" in result:
        print("\n| server | to healthy s | CPU to healthy s | first page s | CPU to first page s | RSS MB |\n"
              "|---|---:|---:|---:|---:|---:|")
        for row in result["cold_start"]:
            print(f"| {row['server']} | {row['to_healthy_s']} | {_s(row['cpu_to_healthy_s'])} | "
                  f"{row['first_page_s']} | {_s(row['cpu_to_first_page_s'])} | {row['rss_mb']} |")
    if "pages" in result:
        print("\nserver CPU s under AppTest (each page in a fresh process; the home page ran first)\n")
        print("| page | first run | change | the change | 2nd session's first run | first run, caches cleared |\n"
              "|---|---:|---|---:|---:|---:|")
        for row in result["pages"]:
            if "error" in row:
                print(f"| {row['page']} | error: {row['error'][:100]} | | | | |")
                continue
            flag = " ⚠ exception" if row["exceptions"] else ""
            print(f"| {row['page']}{flag} | {_s(row['first_run_s'])} | {row['change']} | {_s(row['change_s'])} | "
                  f"{_s(row['second_session_first_run_s'])} | {_s(row['caches_cleared_first_run_s'])} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=["cli", "cold", "pages"], action="append",
                        help="run only these parts (repeatable)")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each command-line measurement")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--kinds", default=",".join(PAGE_KINDS), help="page kinds measured under AppTest")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--worker", nargs=2, metavar=("PAGE", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(*args.worker)))
        return 0
    parts = args.only or ["cli", "cold", "pages"]
    result: dict[str, Any] = {"load_average": [round(x, 2) for x in os.getloadavg()], "cores": os.cpu_count()}
    if "cli" in parts:
        result["cli"] = bench_cli(args.repeat)
    if "cold" in parts:
        result["cold_start"] = bench_cold_start()
    if "pages" in parts:
        result["pages"] = bench_pages(args.games.split(","), args.kinds.split(","))
    result["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
    print_report(result)
    print(f"\nload average at the end: {result['load_average_end']}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
