"""Live class questions under load, the server alone: one teacher and N students (30) speaking Streamlit's own
websocket protocol, no browser; the teacher pushes ``--questions`` (5) Table moments and every student answers.

    .venv/bin/python bench/load_test_class.py --students 30 --questions 5
    .venv/bin/python bench/load_test_class.py --students 30 --json out/load-class-30.json

Each student joins the class on ``/join`` (the join code and a name in the page's form), then stays there: the
page's question panel is a fragment that the browser runs again every second (the server's ``auto_rerun``
message); this script sends those reruns as the browser does. The teacher signs in on ``/class`` and presses
"Push to the class" (a Table step: the game, the deal and the step in the form's widgets, so the engine and the
coach run on the server as they do in class), watches the answers arrive in the teacher's own fragment, presses
"Show the verdict", then "Close the question" and pushes the next one.

Measured for each student and question: **shown**, the seconds from the question's opening in the store (its
``opened`` time) to the end of the student's first run that draws it (the time a browser would show it); and
**answer**, the seconds from a student's press (a card of their hand, sent as the card hand's trigger) to the end
of the run that records it. Also the teacher's push (the engine sets the question and the coach weighs it) and
the server's CPU. The students run on this machine too (a few milliseconds of CPU per rerun); the server is the
one Streamlit process, on a fresh SQLite database.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for where in (ROOT, ROOT / "bench"):
    if str(where) not in sys.path:
        sys.path.insert(0, str(where))

from load_test import load_average, percentile, serve  # noqa: E402 - the sibling scripts' server, figures, socket
from load_test_ws import Session  # noqa: E402

TEACHER, PASSWORD = "Load Test Teacher", "a long enough secret"
FINISHED = ("FINISHED_SUCCESSFULLY", "FINISHED_FRAGMENT_RUN_SUCCESSFULLY")
TRIGGER = "$$STREAMLIT_INTERNAL_KEY_{id}__events"


@dataclass
class Drawn:
    """What one run drew: widgets by label (their ids and elements), the texts, the card hands to choose from."""

    widgets: dict[str, list[Any]] = field(default_factory=dict)
    texts: list[str] = field(default_factory=list)
    hands: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    exceptions: list[str] = field(default_factory=list)

    def text(self) -> str:
        return "\n".join(self.texts)

    def widget(self, label: str) -> Any:
        found = self.widgets.get(label)
        if not found:
            raise LookupError(f"no widget {label!r} on the page")
        return found[0]


class Client(Session):
    """One browser tab's websocket (load_test_ws's session): full runs, fragment reruns, pages by URL path."""

    def __init__(self, url: str, timeout: float) -> None:
        super().__init__(url, 0.0, timeout)
        self.fragment: str | None = None
        self.interval = 1.0

    async def run(self, widgets: Sequence[Any] = (), page: str | None = None, query: str = "",
                  fragment: bool = False) -> Drawn:
        """One run (a fragment's when ``fragment``); what it drew, once the script finished."""
        from streamlit.proto.BackMsg_pb2 import BackMsg

        if page is not None:
            self.page_hash = self.pages[page]
        msg = BackMsg()
        state = msg.rerun_script
        state.page_script_hash = self.page_hash
        state.query_string = query
        if fragment and self.fragment:
            state.fragment_id = self.fragment
            state.is_auto_rerun = not widgets
        for w in widgets:
            state.widget_states.widgets.append(w)
        await self.ws.send(msg.SerializeToString())
        return await self._drawn(time.monotonic() + self.timeout)

    async def _drawn(self, deadline: float) -> Drawn:
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        statuses = ForwardMsg.ScriptFinishedStatus
        drawn = Drawn()
        while True:
            raw = await asyncio.wait_for(self.ws.recv(), timeout=max(deadline - time.monotonic(), 0.001))
            msg = ForwardMsg()
            msg.ParseFromString(raw)
            kind = msg.WhichOneof("type")
            if kind == "navigation":
                self.pages = {p.url_pathname: p.page_script_hash for p in msg.navigation.app_pages} or self.pages
            elif kind == "auto_rerun":
                self.fragment, self.interval = msg.auto_rerun.fragment_id, msg.auto_rerun.interval
            elif kind == "delta" and msg.delta.WhichOneof("type") == "new_element":
                self._element(drawn, msg.delta.new_element)
            elif kind == "script_finished" and statuses.Name(msg.script_finished) in FINISHED:
                return drawn

    @staticmethod
    def _element(drawn: Drawn, element: Any) -> None:
        which = element.WhichOneof("type")
        sub = getattr(element, which)
        if which == "exception":
            drawn.exceptions.append(f"{sub.type}: {sub.message}"[:300])
        elif which == "bidi_component":
            data = json.loads(sub.json or "{}")
            if data.get("mode") == "select":
                drawn.hands.append((sub.id, data))
        elif which in ("markdown", "heading", "alert"):
            drawn.texts.append(sub.body)
        if hasattr(sub, "id") and hasattr(sub, "label") and sub.id:
            drawn.widgets.setdefault(sub.label, []).append(sub)


def text_state(widget: Any, value: str) -> Any:
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    return WidgetState(id=widget.id, string_value=value)


def click(widget: Any) -> Any:
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    return WidgetState(id=widget.id, trigger_value=True)


def press_first_card(hand_id: str, data: dict[str, Any]) -> Any:
    """The card hand's trigger for "Answer with these cards" with its first card chosen."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    value = {"a": "answer", "i": [0], "s": data["sig"], "q": 1}
    return WidgetState(id=TRIGGER.format(id=hand_id), json_trigger_value=json.dumps([{"event": "action",
                                                                                      "value": value}]))


@dataclass
class Figures:
    shown: list[float] = field(default_factory=list)
    answered: list[float] = field(default_factory=list)
    pushes: list[float] = field(default_factory=list)
    polls: list[float] = field(default_factory=list)
    """Seconds of each fragment rerun of a student's question panel (sent to finished)."""
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Pushed:
    id: int
    prompt: str
    opened: datetime


async def student(number: int, url: str, code: str, pushed: list[Pushed], done: asyncio.Event,
                  figures: Figures, args: argparse.Namespace) -> None:
    """Join, then follow the question panel as the browser does; answer each question once, after a pause."""
    await asyncio.sleep(random.uniform(0, args.ramp))
    async with Client(url, args.timeout) as c:
        await c.run()
        drawn = await c.run(page="join", query=f"join={code}")
        name = f"Student {number:02d}"
        drawn = await c.run([text_state(drawn.widget("Join code"), code), text_state(drawn.widget("Your name"), name),
                             click(drawn.widget("Join"))])
        if f"You are **{name}**" not in drawn.text():
            figures.errors.append(f"{name} did not join: {drawn.text()[:200]}")
            return
        seen: set[int] = set()
        tick = time.monotonic()
        while not done.is_set():
            # as the browser's timer: a rerun every interval, whatever the last one took (a late one goes at once)
            tick = max(tick + c.interval, time.monotonic())
            await asyncio.sleep(tick - time.monotonic())
            t0 = time.monotonic()
            drawn = await c.run(fragment=True)
            figures.polls.append(time.monotonic() - t0)
            if drawn.exceptions:
                figures.errors.append(drawn.exceptions[0])
            latest = pushed[-1] if pushed else None
            if latest is None or latest.id in seen or latest.prompt not in drawn.text() or not drawn.hands:
                continue
            seen.add(latest.id)
            figures.shown.append((datetime.now(UTC) - latest.opened).total_seconds())
            await asyncio.sleep(random.uniform(0.5, args.think))
            hand_id, data = drawn.hands[0]
            t0 = time.monotonic()
            drawn = await c.run([press_first_card(hand_id, data)], fragment=True)
            if "Your answer:" in drawn.text():
                figures.answered.append(time.monotonic() - t0)
            else:
                figures.errors.append(f"{name}'s answer was not recorded: {drawn.text()[-200:]}")


async def teacher(url: str, pushed: list[Pushed], done: asyncio.Event, figures: Figures,
                  args: argparse.Namespace, db_url: str, class_id: str) -> None:
    """Sign in; push each question, wait for every answer (or ``--wait`` s), show the verdict, close it."""
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    from ui.store import Store

    store = Store(db_url)
    me = store.sign_in(TEACHER, PASSWORD, "load test")
    async with Client(url, args.timeout) as c:
        await c.run()
        drawn = await c.run(page="class")
        drawn = await c.run([text_state(drawn.widget("Name or e-mail"), TEACHER),
                             text_state(drawn.widget("Password"), PASSWORD), click(drawn.widget("Sign in"))])
        while f"{args.students} students answered" not in drawn.text() and "Push to the class" not in drawn.widgets:
            await asyncio.sleep(1.0)
            drawn = await c.run()
        for q in range(args.questions):
            step = WidgetState(id=drawn.widget("and step").id, int_value=args.first_step + 4 * q)
            t0 = time.monotonic()
            drawn = await c.run([step, click(drawn.widget("Push to the class"))])
            figures.pushes.append(time.monotonic() - t0)
            question = store.class_question(me.id, class_id)
            if question is None:
                figures.errors.append(f"question {q + 1} was not pushed: {drawn.text()[-300:]}")
                continue
            pushed.append(Pushed(question.id, question.prompt, question.opened))
            deadline = time.monotonic() + args.wait
            while time.monotonic() < deadline:
                await asyncio.sleep(c.interval)
                drawn = await c.run(fragment=True)
                if f"{args.students} of {args.students} students answered" in drawn.text():
                    break
            drawn = await c.run([click(drawn.widget("Show the verdict"))], fragment=True)
            await asyncio.sleep(args.think)
            drawn = await c.run([click(drawn.widget("Close the question"))])
            await asyncio.sleep(1.5)  # the students' screens empty before the next question
    store.close()
    done.set()


async def drive(url: str, code: str, args: argparse.Namespace, db_url: str, class_id: str) -> Figures:
    figures = Figures()
    pushed: list[Pushed] = []
    done = asyncio.Event()

    async def later() -> None:
        await asyncio.sleep(args.ramp + 3)  # once the students have joined
        await teacher(url, pushed, done, figures, args, db_url, class_id)

    await asyncio.gather(later(), *(student(i, url, code, pushed, done, figures, args)
                                    for i in range(1, args.students + 1)))
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--first-step", type=int, default=10, help="the Table step of the first question")
    parser.add_argument("--think", type=float, default=3.0, help="the longest a student waits before answering (s)")
    parser.add_argument("--wait", type=float, default=20.0, help="the longest the teacher waits for the answers (s)")
    parser.add_argument("--ramp", type=float, default=5.0, help="students join within this many seconds")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a run may take before it fails")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="write the figures here")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    random.seed(args.seed)
    from ui.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{tmp}/class.sqlite"
        store = Store(db_url)
        klass = store.create_class(store.sign_up(TEACHER, PASSWORD).id, "Load test")
        store.close()
        os.environ["CARD_TABLE_DB_URL"] = db_url
        with serve() as server:
            cpu0, load0, t0 = server.cpu(), load_average(), time.monotonic()
            figures = asyncio.run(drive(server.url, klass.code, args, db_url, klass.id))
            wall, cpu = time.monotonic() - t0, server.cpu() - cpu0
    result = {
        "students": args.students, "questions": args.questions, "wall_s": round(wall, 1),
        "server_cpu_s": round(cpu, 1), "load_average": {"before": load0, "after": load_average()},
        "shown_s": _summary(figures.shown, args.students * args.questions),
        "answer_s": _summary(figures.answered, args.students * args.questions),
        "push_s": _summary(figures.pushes, args.questions),
        "poll_s": _summary(figures.polls, len(figures.polls)),
        "server_cpu_ms_per_poll": round(1000 * cpu / max(len(figures.polls), 1), 1), "errors": figures.errors[:20],
        "error_count": len(figures.errors),
    }
    print(f"{args.students} students, {args.questions} questions · wall {result['wall_s']} s · server CPU "
          f"{result['server_cpu_s']} s · load {result['load_average']}")
    print("| what | n | p50 s | p95 s | max s |\n|---|---:|---:|---:|---:|")
    for label, key in (("question shown on a student's screen", "shown_s"), ("a student's answer recorded", "answer_s"),
                       ("a student's panel rerun (every second)", "poll_s"),
                       ("the teacher's push (engine + coach)", "push_s")):
        s = result[key]
        print(f"| {label} | {s['n']} of {s['expected']} | {s['p50']:.2f} | {s['p95']:.2f} | {s['max']:.2f} |")
    print(f"server CPU per student panel rerun (all the server's CPU / reruns): {result['server_cpu_ms_per_poll']} ms")
    print(f"errors: {len(figures.errors)}" + "".join(f"\n  {e}" for e in figures.errors[:10]))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=2, default=str))
    return 0 if not figures.errors and len(figures.shown) == args.students * args.questions else 1


def _summary(values: Sequence[float], expected: int) -> dict[str, Any]:
    nan = float("nan")
    return {"n": len(values), "expected": expected, "p50": percentile(values, 0.5),
            "p95": percentile(values, 0.95), "max": max(values, default=nan)}


if __name__ == "__main__":
    sys.exit(main())
