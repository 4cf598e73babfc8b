"""A class on one server: N headless Chromium sessions at once through a lesson, the Table and a scoring page.

    .venv/bin/python bench/load_test.py --sessions 30            # a table of figures
    .venv/bin/python bench/load_test.py --sessions 10 --json out/load-10.json

The script starts the app (``streamlit run app.py`` on a free port), then drives ``--sessions`` browser sessions —
browser contexts spread over ``--browsers`` Chromium processes — each a student of one game (the games in turn):

1. **lesson**: open the game's lessons page, answer the first exercise (a choice or a number);
2. **table**: go to the Table by the sidebar link, step forward ``--steps`` times;
3. **scoring**: go to the scoring explorer by the sidebar link, move its first slider one step.

Each action is timed to a *finished run*: the server's ``script_finished`` message on the session's websocket (the
last one, when a run reruns at once), then Streamlit's running indicator gone from the page. Reported per page and
action: p50 / p95 / max seconds, the server's part of them (from the page's first message to the server after the
action, which a loaded browser sends late, to the finished run), and errors — an exception drawn on the page, a
timeout, a control not found. The
server's memory (RSS of the streamlit process and its children) is sampled all along: before the sessions, at
peak, and ``--after`` seconds after every session closed (Streamlit keeps a disconnected session's state for
``server.disconnectedSessionTTL``, 120 s by default, so 150 s shows whether it is given back). The server's CPU
time and the machine's load average are reported too: the browsers run on the same cores as the server, so the
figures are those of a shared machine, not of a server alone: the browsers run at a lower priority
(``--browser-nice``) so that they take the cores the server leaves, and their CPU is reported beside the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-dev-shm-usage"]
GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
PAGE_KINDS = ("lesson", "table", "scoring")
FINISHED = {"FINISHED_SUCCESSFULLY", "FINISHED_WITH_COMPILE_ERROR", "FINISHED_FRAGMENT_RUN_SUCCESSFULLY"}
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------------------------------------ the server


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    return found


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (Linux /proc)."""
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        todo += _children(p)
    return tree


def rss_bytes(pids: Sequence[int]) -> int:
    """The resident memory of ``pids`` together."""
    total = 0
    for p in pids:
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1]) * 1024
                        break
        except OSError:
            continue
    return total


def cpu_seconds(pids: Sequence[int]) -> float:
    """User + system CPU of ``pids`` (with their reaped children)."""
    total = 0
    for p in pids:
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15])  # utime stime cutime cstime
    return total / CLOCK_TICKS


def renice(pid: int, nice: int) -> None:
    """Every thread of ``pid`` at least ``nice`` (Chromium sets its threads' priorities itself, thread by thread,
    so the niceness a process inherits does not stay)."""
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return
    for task in tasks:
        with contextlib.suppress(OSError, ValueError):
            if os.getpriority(os.PRIO_PROCESS, int(task)) < nice:
                os.setpriority(os.PRIO_PROCESS, int(task), nice)


def load_average() -> tuple[float, float, float]:
    one, five, fifteen = os.getloadavg()
    return round(one, 2), round(five, 2), round(fifteen, 2)


@dataclass
class Server:
    """A running ``streamlit run`` of the app: its URL and process id."""

    url: str
    pid: int
    started: float
    """Seconds from launch to a healthy server."""

    def rss(self) -> int:
        return rss_bytes(process_tree(self.pid))

    def cpu(self) -> float:
        return cpu_seconds(process_tree(self.pid))


@contextlib.contextmanager
def serve(script: Path = ROOT / "app.py", timeout: float = 120.0, extra: Sequence[str] = ()) -> Iterator[Server]:
    """Start ``streamlit run script`` on a free port, wait until it answers its health check, stop it after."""
    port = free_port()
    cmd = [sys.executable, "-m", "streamlit", "run", str(script), "--server.headless=true", f"--server.port={port}",
           "--server.address=127.0.0.1", "--browser.gatherUsageStats=false", "--server.fileWatcherType=none",
           "--runner.postScriptGC=false",  # as `make run` (Makefile: why)
           *extra]
    launched = time.monotonic()
    # stderr to a file, not a pipe read only at the end: a full pipe would block the server's next write
    log = tempfile.TemporaryFile()  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        while True:
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() - launched > timeout:
                log.seek(0)
                err = log.read().decode(errors="replace")
                raise RuntimeError(f"streamlit did not start on {url}:\n{err[-2000:]}")
            time.sleep(0.1)
        yield Server(url, proc.pid, time.monotonic() - launched)
    finally:
        for pid in reversed(process_tree(proc.pid)[1:]):  # the server's own worker processes, if any
            with contextlib.suppress(OSError):
                os.kill(pid, 15)
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


class MemorySampler:
    """Samples the server's RSS every ``interval`` seconds in a thread: (seconds since start, bytes)."""

    def __init__(self, server: Server, interval: float = 0.5, nice: int = 0) -> None:
        self.server = server
        self.nice = nice
        self.interval = interval
        self.samples: list[tuple[float, int]] = []
        self.load: list[tuple[float, float]] = []
        self.client_cpu: dict[int, float] = {}
        """CPU seconds last seen of every process of this script's but the server's (Playwright, Chromium)."""
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.t0 = time.monotonic()

    def _run(self) -> None:
        while not self._stop.is_set():
            now = time.monotonic() - self.t0
            server = process_tree(self.server.pid)
            self.samples.append((now, rss_bytes(server)))
            me = os.getpid()
            for pid in set(process_tree(me)) - set(server) - {me}:
                self.client_cpu[pid] = cpu_seconds([pid])
                if self.nice:
                    renice(pid, self.nice)
            self.load.append((now, os.getloadavg()[0]))
            self._stop.wait(self.interval)

    def __enter__(self) -> MemorySampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def now(self) -> float:
        return time.monotonic() - self.t0

    def peak(self, start: float = 0.0, end: float = math.inf) -> int:
        return max((b for t, b in self.samples if start <= t <= end), default=0)


# ------------------------------------------------------------------------------------------------ one session


class RunWatcher:
    """Follows one page's Streamlit websocket: when script runs start and finish, and exceptions drawn."""

    def __init__(self) -> None:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        self._msg = ForwardMsg
        self.starts: list[float] = []
        self.sent: list[float] = []
        """When the page sent a message (a rerun request, a widget's value) to the server."""
        self.finishes: list[tuple[float, str]] = []
        self.exceptions: list[tuple[float, str]] = []
        self.changed = asyncio.Event()

    def attach(self, page: Any) -> None:
        def watch(ws: Any) -> None:
            ws.on("framereceived", self._frame)
            ws.on("framesent", lambda _payload: self.sent.append(time.monotonic()))

        page.on("websocket", watch)

    def first_sent(self, t0: float) -> float | None:
        """When the page first sent the server a message after ``t0``."""
        return next((t for t in self.sent if t >= t0), None)

    def _frame(self, payload: str | bytes) -> None:
        if not isinstance(payload, bytes):
            return
        msg = self._msg()
        try:
            msg.ParseFromString(payload)
        except Exception:  # noqa: BLE001 - a frame we cannot read is not the server's error
            return
        kind = msg.WhichOneof("type")
        now = time.monotonic()
        if kind == "new_session":
            self.starts.append(now)
        elif kind == "script_finished":
            self.finishes.append((now, msg.DESCRIPTOR.fields_by_name["script_finished"].enum_type
                                  .values_by_number[msg.script_finished].name))
        elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
            element = msg.delta.new_element
            if element.WhichOneof("type") == "exception":
                self.exceptions.append((now, f"{element.exception.type}: {element.exception.message}"[:300]))
        else:
            return
        self.changed.set()

    async def finished_after(self, t0: float, timeout: float, settle: float = 0.4) -> float:
        """When the last run started after ``t0`` finished (waiting ``settle`` s for an immediate rerun);
        TimeoutError past ``timeout``."""
        deadline = t0 + timeout
        while True:
            done = [t for t, status in self.finishes if t >= t0 and status in FINISHED]
            started = [t for t in self.starts if t >= t0]
            if done and started and done[-1] >= started[-1]:
                # A finished run; wait a little for a rerun that a callback or a component asks for at once.
                quiet_until = done[-1] + settle
                if time.monotonic() >= quiet_until:
                    return done[-1]
                await asyncio.sleep(quiet_until - time.monotonic())
                continue
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            self.changed.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.changed.wait(), timeout=min(remaining, 1.0))


@dataclass
class Timing:
    session: int
    game: str
    page: str
    action: str
    seconds: float | None
    error: str | None = None
    server_seconds: float | None = None
    """From the page's request reaching the websocket to the finished run: the server's part of ``seconds``."""
    detail: str | None = None
    """What was done, when it varies (the exercise's kind, the slider's label)."""


@dataclass
class Student:
    """One browser session: a student of ``game`` going through a lesson, the Table and a scoring page."""

    number: int
    game: str
    args: argparse.Namespace
    url: str
    timings: list[Timing] = field(default_factory=list)

    async def act(self, page: Any, watcher: RunWatcher, kind: str, action: str, do: Any) -> bool:
        """Do ``do(mark)`` and time it to the finished run; record the outcome. False if the session cannot go on.

        ``do`` calls ``mark()`` just before it clicks or types: the wait starts there (finding a control that a
        loaded browser has not drawn yet is the browser's time, not the server's).
        """
        marks: list[float] = []
        t0 = time.monotonic()
        error = None
        seconds = None
        detail = None
        server_seconds = None
        try:
            done = await do(lambda: marks.append(time.monotonic()))
            detail = done if isinstance(done, str) else None
            t0 = marks[-1] if marks else t0
            end = await watcher.finished_after(t0, self.args.timeout)
            seconds = end - t0
            sent = watcher.first_sent(t0)
            server_seconds = end - sent if sent is not None and sent <= end else None
            idle = "() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
            await page.wait_for_function(idle, timeout=self.args.timeout * 1000)
            if await page.locator("[data-testid='stException']").count():
                text = await page.locator("[data-testid='stException']").first.inner_text()
                error = "exception: " + text.strip().splitlines()[0][:200]
        except TimeoutError:
            error = f"timeout after {self.args.timeout:.0f} s"
        except Exception as exc:  # noqa: BLE001 - a control not found, a closed page: reported, not raised
            error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
        if error is None:
            seen = [m for t, m in watcher.exceptions if t >= t0]
            if seen:
                error = "exception: " + seen[0]
        if error and self.args.screenshots:
            with contextlib.suppress(Exception):
                folder = Path(self.args.screenshots)
                folder.mkdir(parents=True, exist_ok=True)
                await page.screenshot(path=str(folder / f"{self.number:02d}-{self.game}-{kind}-{action}.png"))
        self.timings.append(Timing(self.number, self.game, kind, action, seconds, error, server_seconds, detail))
        if self.args.verbose:
            took = f"{seconds:.2f} s" if seconds is not None else "-"
            what = f" ({detail})" if detail else ""
            print(f"[{self.number:>2} {self.game}] {kind} {action}{what}: {took}{' · ' + error if error else ''}",
                  file=sys.stderr, flush=True)
        return error is None or error.startswith("exception")

    async def think(self) -> None:
        await asyncio.sleep(self.args.think * random.uniform(0.5, 1.5))

    async def run(self, browser: Any) -> None:
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        try:
            page = await context.new_page()
            page.set_default_timeout(self.args.timeout * 1000)
            watcher = RunWatcher()
            watcher.attach(page)
            game = self.game

            async def open_lessons(mark: Mark) -> None:
                mark()
                await page.goto(f"{self.url}/{game}_lessons", wait_until="commit")

            async def forward(mark: Mark) -> None:
                button = page.get_by_role("button", name="Forward", exact=True)
                await button.wait_for(state="visible")
                mark()
                await button.click()

            if not await self.act(page, watcher, "lesson", "open", open_lessons):
                return
            await self.think()
            await self.act(page, watcher, "lesson", "answer", lambda mark: answer_exercise(page, mark))
            await self.think()
            if not await self.act(page, watcher, "table", "open", lambda mark: sidebar(page, f"{game}_table", mark)):
                return
            for _ in range(self.args.steps):
                await self.think()
                if not await self.act(page, watcher, "table", "forward", forward):
                    break
            await self.think()
            if not await self.act(page, watcher, "scoring", "open",
                                  lambda mark: sidebar(page, f"{game}_scoring", mark)):
                return
            await self.think()
            await self.act(page, watcher, "scoring", "slider", lambda mark: move_slider(page, mark))
        finally:
            await context.close()


Mark = Callable[[], None]
"""Called by an action just before it clicks or types: where its wait starts."""


async def visible(locator: Any, what: str) -> Any:
    """The first element of ``locator`` once the browser has drawn it; LookupError if it never does."""
    try:  # the run may have finished long before a loaded browser has drawn its last elements
        await locator.first.wait_for(state="attached")
    except Exception:  # noqa: BLE001 - Playwright's TimeoutError
        raise LookupError(f"no {what} on the page") from None
    return locator.first


async def sidebar(page: Any, path: str, mark: Mark) -> None:
    """Go to ``path`` by the sidebar's page link, as a student does (the same session)."""
    link = await visible(page.locator(f"[data-testid='stSidebar'] a[href$='{path}']"), f"link to {path}")
    mark()
    await link.click()


async def answer_exercise(page: Any, mark: Mark) -> str:
    """Answer the lesson's exercise: the first choice, or 1 in a number box (both answer at once)."""
    widget = await visible(page.locator("[data-testid='stRadio'], [data-testid='stNumberInput']")
                           .filter(has_text="Your answer"), "choice or number exercise")
    if await widget.get_attribute("data-testid") == "stRadio":
        option = await visible(widget.locator("[data-testid='stRadioOption']"), "choice")
        mark()
        await option.click()
        return "a choice"
    box = await visible(widget.locator("input"), "number box")
    await box.fill("1")
    mark()
    await box.press("Enter")
    return "a number"


async def move_slider(page: Any, mark: Mark) -> str:
    """Move the page's first enabled slider one step to the right (to the left at its end), by keyboard;
    returns its label."""
    thumb = await visible(page.locator("[data-testid='stSlider'] input[type='range']:not([disabled])"), "slider")
    label = str(await thumb.get_attribute("aria-label") or "a slider")
    await thumb.focus()
    at_end = await thumb.evaluate("e => Number(e.value) >= Number(e.max)")
    mark()
    await thumb.press("ArrowLeft" if at_end else "ArrowRight")
    return label


# ------------------------------------------------------------------------------------------------ the class


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return math.nan
    k = (len(ordered) - 1) * q
    low, high = math.floor(k), math.ceil(k)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


def summarize(timings: Sequence[Timing]) -> list[dict[str, Any]]:
    """One row per (page, action): how many, errors, p50 / p95 / max seconds of the finished ones."""
    rows = []
    for kind in PAGE_KINDS:
        actions = list(dict.fromkeys(t.action for t in timings if t.page == kind))
        for action in actions:
            group = [t for t in timings if t.page == kind and t.action == action]
            times = [t.seconds for t in group if t.seconds is not None and t.error is None]
            server = [t.server_seconds for t in group if t.server_seconds is not None and t.error is None]
            errors = [t.error for t in group if t.error]
            rows.append({"page": kind, "action": action, "count": len(group), "errors": len(errors),
                         "p50": percentile(times, 0.5), "p95": percentile(times, 0.95),
                         "max": max(times) if times else math.nan,
                         "server_p50": percentile(server, 0.5), "server_p95": percentile(server, 0.95),
                         "error_kinds": dict(sorted(_error_kinds(errors).items()))})
    return rows


def _error_kinds(errors: Sequence[str]) -> dict[str, int]:
    kinds: dict[str, int] = {}
    for e in errors:
        key = e.split(":")[0] if not e.startswith("timeout") else "timeout"
        kinds[key] = kinds.get(key, 0) + 1
    return kinds


async def drive(server: Server, args: argparse.Namespace) -> tuple[list[Timing], float]:
    """All the students at once; returns their timings and when the last session closed (monotonic)."""
    from playwright.async_api import async_playwright

    games = [g for g in args.games.split(",") if g]
    students = [Student(i, games[i % len(games)], args, server.url) for i in range(args.sessions)]
    browsers_n = args.browsers or max(1, math.ceil(args.sessions / 20))
    async with async_playwright() as p:
        browsers = [await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                    for _ in range(browsers_n)]

        async def start(student: Student) -> None:
            await asyncio.sleep(random.uniform(0, args.ramp))
            await student.run(browsers[student.number % browsers_n])

        try:
            await asyncio.gather(*(start(s) for s in students))
        finally:
            closed = time.monotonic()
            for b in browsers:
                await b.close()
    return [t for s in students for t in s.timings], closed


async def visit(url: str) -> None:
    """One new student opens the home page and leaves (what the next class does first)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            page = await browser.new_page()
            await page.goto(url)
            await page.wait_for_selector("[data-testid='stMain'] h1", timeout=120_000)
        finally:
            await browser.close()


def run_class(args: argparse.Namespace) -> dict[str, Any]:
    random.seed(args.seed)
    with serve(Path(args.app).resolve()) as server:
        time.sleep(1.0)
        fresh = server.rss()
        warm: int | None = None
        if args.warmup:
            # One student per game first, then long enough for Streamlit to drop their sessions: "before" is then
            # a server with its imports done and its caches filled, as on the second lesson of the day.
            games = [g for g in args.games.split(",") if g]
            warmup = argparse.Namespace(**{**vars(args), "sessions": len(games), "ramp": 0.0, "think": 0.2})
            asyncio.run(drive(server, warmup))
            time.sleep(args.warmup)
            warm = server.rss()
        cpu_before = server.cpu()
        # The sampler also keeps the browsers at a lower priority, so that the server keeps the cores it would have
        # if the students' browsers ran on their own machines.
        with MemorySampler(server, nice=args.browser_nice) as memory:
            before = server.rss()
            load_before = load_average()
            started = memory.now()
            own_before = resource.getrusage(resource.RUSAGE_SELF)
            clients_before = sum(memory.client_cpu.values())
            timings, closed = asyncio.run(drive(server, args))
            own_after = resource.getrusage(resource.RUSAGE_SELF)
            clients = sum(memory.client_cpu.values()) - clients_before
            closed_at = closed - memory.t0
            cpu_sessions = server.cpu() - cpu_before
            load_during = max((v for t, v in memory.load if started <= t <= closed_at), default=math.nan)
            after: dict[str, int] = {}
            for wait in sorted(args.after):
                time.sleep(max(0.0, closed_at + wait - memory.now()))
                after[f"{wait:g}s"] = server.rss()
            if args.next_visit:
                # Streamlit keeps a disconnected session for server.disconnectedSessionTTL and drops the expired ones
                # only when its session store is next written: when someone connects again.
                asyncio.run(visit(server.url))
                time.sleep(5.0)
                after["next_visit"] = server.rss()
            load_after = load_average()
        peak = memory.peak(started, closed_at)
    return {
        "sessions": args.sessions,
        "games": args.games,
        "steps": args.steps,
        "think_s": args.think,
        "ramp_s": args.ramp,
        "browsers": args.browsers or max(1, math.ceil(args.sessions / 20)),
        "browser_nice": args.browser_nice,
        "server_start_s": round(server.started, 2),
        "wall_s": round(closed_at - started, 1),
        "server_cpu_s": round(cpu_sessions, 1),
        "browsers_cpu_s": round(clients, 1),
        "driver_cpu_s": round(_cpu(own_after) - _cpu(own_before), 1),
        "memory_mb": {"fresh_server": _mb(fresh), **({"after_warmup": _mb(warm)} if warm is not None else {}),
                      "before": _mb(before), "peak": _mb(peak), **{f"after_{k}": _mb(v) for k, v in after.items()}},
        "warmup_s": args.warmup,
        "load_average": {"before": load_before, "peak_1min": round(load_during, 2), "after": load_after},
        "cores": os.cpu_count(),
        "pages": summarize(timings),
        "timings": [asdict(t) for t in timings],
    }


def _cpu(usage: resource.struct_rusage) -> float:
    return usage.ru_utime + usage.ru_stime


def _mb(value: int) -> float:
    return round(value / 2**20, 1)


def _fmt(value: float) -> str:
    return "—" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.2f}"


def print_pages(result: dict[str, Any], server_part: bool = True) -> None:
    """The table of timings per page and action (with the server part's columns when ``server_part``), then the
    server's memory and the load average."""
    extra = " server p50 s | server p95 s |" if server_part else ""
    print("| page | action | runs | errors | p50 s | p95 s | max s |" + extra)
    print("|---|---|---:|---:|---:|---:|---:|" + ("---:|---:|" if server_part else ""))
    for row in result["pages"]:
        kinds = ", ".join(f"{k} {n}" for k, n in row["error_kinds"].items())
        errors = f"{row['errors']}" + (f" ({kinds})" if kinds else "")
        line = (f"| {row['page']} | {row['action']} | {row['count']} | {errors} | {_fmt(row['p50'])} | "
                f"{_fmt(row['p95'])} | {_fmt(row['max'])} |")
        if server_part:
            line += f" {_fmt(row['server_p50'])} | {_fmt(row['server_p95'])} |"
        print(line)
    m = result["memory_mb"]
    print()
    print("server RSS (MB): " + " · ".join(f"{k.replace('_', ' ')} {v}" for k, v in m.items()))
    la = result["load_average"]
    print(f"load average: before {la['before'][0]} · peak (1 min) {la['peak_1min']} · after {la['after'][0]}")


def warm_text(result: dict[str, Any]) -> str:
    """How the server was warmed before the class, in words."""
    return f", after a warm-up and {result['warmup_s']:g} s" if result["warmup_s"] else ", a cold server"


def print_report(result: dict[str, Any]) -> None:
    print(f"{result['sessions']} sessions ({result['games']}){warm_text(result)}, {result['browsers']} Chromium "
          f"processes (nice {result['browser_nice']}), "
          f"{result['steps']} Table steps, think {result['think_s']} s, ramp {result['ramp_s']} s; "
          f"{result['cores']} cores")
    print(f"wall {result['wall_s']} s · server CPU {result['server_cpu_s']} s · Chromium CPU "
          f"{result['browsers_cpu_s']} s · this script {result['driver_cpu_s']} s · server start "
          f"{result['server_start_s']} s")
    print()
    print_pages(result)


def class_arguments(parser: argparse.ArgumentParser, who: str) -> None:
    """The options both load tests share: the class (``who``: "browser sessions", "students"), its pace, the
    memory readings, the seed, the output."""
    parser.add_argument("--sessions", type=int, default=10, help=f"{who} at once (10, 30, 60)")
    parser.add_argument("--games", default=",".join(GAMES), help=f"games, taken in turn by the {who}")
    parser.add_argument("--steps", type=int, default=5, help="Forward steps at the Table")
    parser.add_argument("--think", type=float, default=1.0, help="seconds between a student's actions (± 50 %%)")
    parser.add_argument("--ramp", type=float, default=5.0, help=f"{who} start within this many seconds")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds an action may take before it fails")
    parser.add_argument("--after", type=float, nargs="*", default=[30.0, 150.0],
                        help="seconds after the sessions close at which to read the server's memory")
    parser.add_argument("--warmup", type=float, default=0.0, metavar="SECONDS",
                        help="first one session per game, then wait this long (150 s outlasts Streamlit's 120 s "
                             "for a disconnected session) before measuring; 0: a cold server")
    parser.add_argument("--seed", type=int, default=1, help="seeds the think times and the ramp")
    parser.add_argument("--verbose", action="store_true", help="print every action as it finishes (stderr)")
    parser.add_argument("--json", metavar="FILE", help="also write every figure and timing as JSON ('-': stdout)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    class_arguments(parser, "browser sessions")
    parser.add_argument("--browsers", type=int, default=0, help="Chromium processes (default: one per 20 sessions)")
    parser.add_argument("--browser-nice", type=int, default=19, metavar="N",
                        help="run the browsers at this niceness, so that they take the server's cores only when "
                             "it leaves them (0: the same priority as the server)")
    parser.add_argument("--screenshots", metavar="DIR", help="save a screenshot of every page where an action failed")
    parser.add_argument("--next-visit", action="store_true",
                        help="after the last --after reading, open the home page once more and read the memory again "
                             "(Streamlit drops expired disconnected sessions only when a session next connects)")
    parser.add_argument("--app", default=str(ROOT / "app.py"), metavar="SCRIPT",
                        help="the script to serve (default: the app; a copy that traces its memory, say)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the server and the browsers on a kill too
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (apt-get install chromium)", file=sys.stderr)
        return 2
    result = run_class(args)
    if args.json == "-":
        print(json.dumps(result, indent=2))
    else:
        print_report(result)
        if args.json:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
