"""A class on one server, the server alone: N students speaking Streamlit's own websocket protocol, no browser.

    .venv/bin/python bench/load_test_ws.py --sessions 30 --warmup 150 --after 30 150
    .venv/bin/python bench/load_test_ws.py --sessions 60 --json out/load-ws-60.json

`bench/load_test.py` drives real Chromium sessions, but on this 2-core machine thirty browsers need more CPU than
the machine has (615 s of Chromium CPU in a 228 s run), so its times are mostly the browsers' own queue. In a
classroom each student's browser runs on the student's own laptop and only the server shares a machine. This
script measures that server: each student is a websocket client (a few milliseconds of CPU per action) that sends
the same messages the page sends — open a page, click a button, move a slider — and times each action from the
message sent to the server's ``script_finished`` (waiting ``--settle`` s for a rerun the page asks for at once).

Each student takes one game (the games in turn) and does what `bench/load_test.py`'s students do: open the game's
lessons and answer the first exercise (its first choice, or 1), open the Table and step Forward ``--steps`` times,
open the scoring explorer and move its first slider one step. What a browser adds is not sent: the custom
components' reports (the learner name kept in the browser, the card hand's selection), which each cost the
server one more run when a browser first opens a page.

Reported like `bench/load_test.py`: p50 / p95 / max seconds per page and action, errors (an exception drawn,
a timeout, a control not found), the server's CPU and memory (before, peak, ``--after`` seconds after the
sessions closed) and the load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(ROOT / "bench"))

from load_test import (  # noqa: E402 - the sibling script's server, sampler, options and report
    MemorySampler,
    Timing,
    class_arguments,
    load_average,
    print_pages,
    serve,
    summarize,
    warm_text,
)

FINISHED = ("FINISHED_SUCCESSFULLY", "FINISHED_FRAGMENT_RUN_SUCCESSFULLY")


@dataclass
class Widget:
    """A widget of the last run: its proto type, label, id and the element (for its value and bounds)."""

    kind: str
    label: str
    id: str
    element: Any


@dataclass
class Run:
    """What the server sent for one action: the widgets drawn, the exceptions, the pages of the app."""

    widgets: list[Widget] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)
    pages: dict[str, str] = field(default_factory=dict)


class Session:
    """One student's websocket to the server."""

    def __init__(self, url: str, settle: float, timeout: float) -> None:
        self.url = url
        self.settle = settle
        self.timeout = timeout
        self.page_hash = ""
        self.pages: dict[str, str] = {}
        self.ws: Any = None

    async def __aenter__(self) -> Session:
        import websockets

        host = self.url.removeprefix("http://")
        self.ws = await websockets.connect(f"ws://{host}/_stcore/stream", subprotocols=["streamlit"],
                                           origin=self.url, max_size=None)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def rerun(self, widgets: Sequence[Any] = (), page: str | None = None) -> tuple[float, Run]:
        """Ask for a run (of ``page``, else the current page) with these widget states; the seconds to its end."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        if page is not None:
            if page not in self.pages:
                raise LookupError(f"no page {page!r} among {sorted(self.pages)}")
            self.page_hash = self.pages[page]
        msg = BackMsg()
        state = msg.rerun_script
        state.page_script_hash = self.page_hash
        for w in widgets:
            state.widget_states.widgets.append(w)
        t0 = time.monotonic()
        await self.ws.send(msg.SerializeToString())
        run = await self._until_finished(t0 + self.timeout)
        return time.monotonic() - t0 - self._settled, run

    async def _until_finished(self, deadline: float) -> Run:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        statuses = ForwardMsg.ScriptFinishedStatus
        run = Run()
        self._settled = 0.0
        finished_at: float | None = None
        while True:
            wait = deadline - time.monotonic()
            if finished_at is not None:
                wait = min(wait, finished_at + self.settle - time.monotonic())
            try:
                raw = await asyncio.wait_for(self.ws.recv(), timeout=max(wait, 0.001))
            except TimeoutError:
                if finished_at is not None:
                    self._settled = time.monotonic() - finished_at
                    return run
                raise
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            kind = msg.WhichOneof("type")
            if kind == "new_session":
                finished_at = None
                run = Run(pages=run.pages)
            elif kind == "navigation":
                pages = {p.url_pathname: p.page_script_hash for p in msg.navigation.app_pages}
                if pages:
                    self.pages = run.pages = pages
            elif kind == "page_not_found":
                run.exceptions.append(f"page not found: {msg.page_not_found.page_name}")
            elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                element = msg.delta.new_element
                which = element.WhichOneof("type")
                if which == "exception":
                    run.exceptions.append(f"{element.exception.type}: {element.exception.message}"[:300])
                else:
                    sub = getattr(element, which)
                    if hasattr(sub, "id") and hasattr(sub, "label"):
                        run.widgets.append(Widget(which, sub.label, sub.id, sub))
            elif kind == "script_finished":
                status = statuses.Name(msg.script_finished)
                if status in FINISHED:
                    finished_at = time.monotonic()


def button(run: Run, label: str) -> Any:
    """The widget state of a click on the button ``label``; LookupError when the run drew none."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    for w in run.widgets:
        if w.kind == "button" and w.label == label and not w.element.disabled:
            return WidgetState(id=w.id, trigger_value=True)
    raise LookupError(f"no {label!r} button on the page")


def answer(run: Run) -> tuple[Any, str]:
    """The first exercise's answer: its first choice, or 1 in its number box."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    for w in run.widgets:
        if w.label.startswith("Your answer"):
            if w.kind == "radio":
                return WidgetState(id=w.id, int_value=0), "a choice"
            if w.kind == "number_input":
                if w.element.data_type == w.element.INT:
                    return WidgetState(id=w.id, int_value=1), "a number"
                return WidgetState(id=w.id, double_value=1.0), "a number"
    raise LookupError("no choice or number exercise on the page")


def slider_step(run: Run) -> tuple[Any, str]:
    """The first enabled slider moved one step right (left at its end), as the arrow key does."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    for w in run.widgets:
        if w.kind != "slider" or w.element.disabled:
            continue
        s = w.element
        values = list(s.value) if s.set_value and s.value else list(s.default)
        state = WidgetState(id=w.id)
        if s.options:  # a select slider: its value and default are indexes, it sends the option's text
            top = len(s.options) - 1
            at = int(values[0])
            state.string_array_value.data.append(s.options[at - 1 if at >= top else at + 1])
        else:
            values[0] = values[0] - s.step if values[0] + s.step > s.max else values[0] + s.step
            state.double_array_value.data.extend(values)
        return state, w.label
    raise LookupError("no slider on the page")


@dataclass
class Student:
    number: int
    game: str
    args: argparse.Namespace
    url: str
    timings: list[Timing] = field(default_factory=list)

    async def act(self, session: Session, page: str, action: str, widgets: Sequence[Any] = (),
                  to: str | None = None, detail: str | None = None) -> Run | None:
        error = None
        seconds = None
        run = Run()
        try:
            seconds, run = await session.rerun(widgets, page=to)
            if run.exceptions:
                error = "exception: " + run.exceptions[0]
        except TimeoutError:
            error = f"timeout after {self.args.timeout:.0f} s"
        except Exception as exc:  # noqa: BLE001 - a closed socket: reported, not raised
            error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200] if str(exc) else ''}"
        self.timings.append(Timing(self.number, self.game, page, action, seconds, error, seconds, detail))
        if self.args.verbose:
            took = f"{seconds:.2f} s" if seconds is not None else "-"
            print(f"[{self.number:>2} {self.game}] {page} {action}: {took}{' · ' + error if error else ''}",
                  file=sys.stderr, flush=True)
        return run if error is None or error.startswith("exception") else None

    def failed(self, page: str, action: str, error: str) -> None:
        self.timings.append(Timing(self.number, self.game, page, action, None, error))

    async def think(self) -> None:
        await asyncio.sleep(self.args.think * random.uniform(0.5, 1.5))

    async def run(self) -> None:
        game = self.game
        async with Session(self.url, self.args.settle, self.args.timeout) as s:
            await s.rerun()  # the home page: the app's pages are learnt from its first message
            run = await self.act(s, "lesson", "open", to=f"{game}_lessons")
            if run is None:
                return
            await self.think()
            try:
                state, what = answer(run)
                await self.act(s, "lesson", "answer", [state], detail=what)
            except LookupError as exc:
                self.failed("lesson", "answer", f"LookupError: {exc}")
            await self.think()
            run = await self.act(s, "table", "open", to=f"{game}_table")
            if run is None:
                return
            for _ in range(self.args.steps):
                await self.think()
                try:
                    forward = button(run, "Forward")
                except LookupError as exc:
                    self.failed("table", "forward", f"LookupError: {exc}")
                    break
                run = await self.act(s, "table", "forward", [forward])
                if run is None:
                    break
            await self.think()
            run = await self.act(s, "scoring", "open", to=f"{game}_scoring")
            if run is None:
                return
            await self.think()
            try:
                state, label = slider_step(run)
                await self.act(s, "scoring", "slider", [state], detail=label)
            except LookupError as exc:
                self.failed("scoring", "slider", f"LookupError: {exc}")


async def drive(url: str, args: argparse.Namespace) -> tuple[list[Timing], float]:
    games = [g for g in args.games.split(",") if g]
    students = [Student(i, games[i % len(games)], args, url) for i in range(args.sessions)]

    async def start(student: Student) -> None:
        await asyncio.sleep(random.uniform(0, args.ramp))
        await student.run()

    await asyncio.gather(*(start(s) for s in students))
    return [t for s in students for t in s.timings], time.monotonic()


def run_class(args: argparse.Namespace, script: Path = ROOT / "app.py") -> dict[str, Any]:
    random.seed(args.seed)
    with serve(script) as server:
        time.sleep(1.0)
        fresh = server.rss()
        warm = None
        if args.warmup:
            games = [g for g in args.games.split(",") if g]
            asyncio.run(drive(server.url, argparse.Namespace(**{**vars(args), "sessions": len(games),
                                                                   "ramp": 0.0, "think": 0.2})))
            time.sleep(args.warmup)
            warm = server.rss()
        cpu_before = server.cpu()
        with MemorySampler(server) as memory:
            before = server.rss()
            load_before = load_average()
            started = memory.now()
            timings, closed = asyncio.run(drive(server.url, args))
            closed_at = closed - memory.t0
            cpu_sessions = server.cpu() - cpu_before
            load_during = max((v for t, v in memory.load if started <= t <= closed_at), default=math.nan)
            after: dict[str, int] = {}
            for wait in sorted(args.after):
                time.sleep(max(0.0, closed_at + wait - memory.now()))
                after[f"{wait:g}s"] = server.rss()
            load_after = load_average()
        peak = memory.peak(started, closed_at)

    def mb(value: int) -> float:
        return round(value / 2**20, 1)

    return {
        "sessions": args.sessions, "games": args.games, "steps": args.steps, "think_s": args.think,
        "ramp_s": args.ramp, "settle_s": args.settle, "wall_s": round(closed_at - started, 1),
        "server_cpu_s": round(cpu_sessions, 1),
        "memory_mb": {"fresh_server": mb(fresh), **({"after_warmup": mb(warm)} if warm is not None else {}),
                      "before": mb(before), "peak": mb(peak), **{f"after_{k}": mb(v) for k, v in after.items()}},
        "warmup_s": args.warmup,
        "load_average": {"before": load_before, "peak_1min": round(load_during, 2), "after": load_after},
        "pages": summarize(timings), "timings": [asdict(t) for t in timings],
    }


def print_report(result: dict[str, Any]) -> None:
    print(f"{result['sessions']} websocket sessions ({result['games']}){warm_text(result)}, {result['steps']} Table "
          f"steps, think {result['think_s']} s, ramp {result['ramp_s']} s")
    print(f"wall {result['wall_s']} s · server CPU {result['server_cpu_s']} s")
    print()
    print_pages(result, server_part=False)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    class_arguments(parser, "students")
    parser.add_argument("--settle", type=float, default=0.4,
                        help="seconds to wait after a finished run for one the page asks for at once")
    parser.add_argument("--baseline", metavar="COMMIT",
                        help="first the same class on this commit (exported with git archive), then on this tree, "
                             "and the ratios of their times")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    results = {}
    if args.baseline:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(["git", "archive", args.baseline], cwd=ROOT, capture_output=True, check=True)
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            print(f"## before: {args.baseline}")
            results["before"] = run_class(args, Path(tmp) / "app.py")
            print_report(results["before"])
            print()
    results["after"] = run_class(args)
    print("## after: this tree" if args.baseline else "", end="\n" if args.baseline else "")
    print_report(results["after"])
    if args.baseline:
        print()
        print("| page | action | p50 before → after | p95 before → after | p95 ratio |")
        print("|---|---|---:|---:|---:|")
        for old, new in zip(results["before"]["pages"], results["after"]["pages"], strict=False):
            ratio = old["p95"] / new["p95"] if new["p95"] else math.nan
            print(f"| {new['page']} | {new['action']} | {old['p50']:.2f} → {new['p50']:.2f} | "
                  f"{old['p95']:.2f} → {new['p95']:.2f} | {ratio:.1f}× |")
    if args.json:
        text = json.dumps(results if args.baseline else results["after"], indent=2)
        if args.json == "-":
            print(text)
        else:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
