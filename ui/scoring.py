"""The scoring explorers' skeleton: what the four games' explorers share, each filling in only what differs.

- :class:`Control` — a slider, a number, a choice, declared as data; :func:`draw_controls` (one a column) and
  :func:`draw_stacked` (several a column) keep their values (:func:`ui.widgets.keep_values`: a value survives a
  visit to another page) and draw them.
  :func:`seed_control` and :func:`bots_control` are the two every explorer has (the bots' help is the engine's own
  description of each bot).
- :class:`Sim` — one seeded simulation: the game, how many games, the seed, the options. :func:`frames_or_quick`
  gives the finished runs' frames when they are all done, else the quick defaults the page draws at once
  (and whether a run is waiting).
- :func:`run_panel` — the Run button of the simulations not yet at hand; while they run, their progress bars
  polled once a second with one Cancel beside them. The runs go to the server's process pool
  (:func:`ui.simulation.runner`), one job per set of parameters, shared by every session.
- :func:`kept` — a figure (or any value) kept per parameters for every session, so a slider step builds only the
  figures it changes.
- :func:`title` — the page's title and the rules line under it.

Each game's explorer module is ``ui/<game>_scoring.py`` and gives its shipped simulations as ``quick_defaults()``;
``python -m ui.scoring`` writes every game's files under ``ui/data/sim``.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

import pandas as pd
import streamlit as st

from engine.contract import Bot, GameInfo, Preset
from engine.errors import CardTableError
from engine.games import GAMES
from engine.i18n import N_, language, ngettext, number
from engine.i18n import gettext as _
from engine.words import and_list
from ui import simulation
from ui.widgets import keep_values, plain

SEED_MAX = 2**31 - 1
Kind = Literal["slider", "select_slider", "number_input", "radio", "selectbox", "toggle"]
F = TypeVar("F", bound=Callable[..., Any])


# ------------------------------------------------------------------------------------------------ controls


@dataclass(frozen=True)
class Control:
    """A widget of an explorer declared as data: its session key, kind, label and default value; ``choices`` for a
    choice (``words`` names each), ``low``/``high``/``step`` for a number or a slider."""

    key: str
    kind: Kind
    label: str
    default: Any
    choices: tuple[Any, ...] = ()
    words: Mapping[Any, str] | None = None
    low: int | None = None
    high: int | None = None
    step: int | None = None
    help: str | None = None
    on_change: Callable[..., None] | None = None
    args: tuple[Any, ...] = ()

    def draw(self, where: Any = st) -> Any:
        """Draw the widget in ``where`` (a column, or the page) and give its value."""
        common: dict[str, Any] = {"key": self.key, "help": self.help, "on_change": self.on_change, "args": self.args}
        if self.kind == "toggle":
            return where.toggle(self.label, **common)
        if self.kind == "number_input":
            return where.number_input(self.label, min_value=self.low, max_value=self.high, step=self.step or 1,
                                      **common)
        if self.kind == "slider":
            return where.slider(self.label, self.low, self.high, step=self.step, **common)
        words = self.words
        if words is not None:
            common["format_func"] = lambda value: words.get(value, str(value))
        if self.kind == "select_slider":
            return where.select_slider(self.label, list(self.choices), **common)
        if self.kind == "radio":
            return where.radio(self.label, list(self.choices), horizontal=True, **common)
        return where.selectbox(self.label, list(self.choices), **common)


def seed_control(key: str, default: int = 1) -> Control:
    """The seed of an explorer's simulations."""
    return Control(key, "number_input", _("Seed"), default, low=0, high=SEED_MAX)


def bots_control(key: str, bots: Mapping[str, Bot[Any, Any]], *, label: str | None = None,
                 choices: Sequence[str] | None = None, default: str | None = None,
                 words: Mapping[Any, str] | None = None, kind: Kind = "radio") -> Control:
    """A choice of the game's ``bots`` (``choices``: the ones offered, else all), each explained by the engine's own
    description."""
    names = tuple(choices) if choices is not None else tuple(bots)
    said = words or {name: _(BOT_WORDS.get(name, name)) for name in names}
    help_text = "\n\n".join(f"**{said.get(name, name)}**: {_(bots[name].description)}" for name in names)
    return Control(key, kind, label if label is not None else _("Bots"), default if default is not None else names[0],
                   choices=names, words=said, help=help_text)


BOT_WORDS = {"heuristic": N_("heuristic"), "random": N_("random")}
"""The engine's bots by the words a learner reads (the engine's names are keys)."""


def draw_controls(controls: Sequence[Control], widths: Sequence[float] | None = None) -> dict[str, Any]:
    """Keep the controls' values, draw them side by side (one column each) and give their values by key."""
    return draw_stacked([[control] for control in controls], widths)


def draw_stacked(columns: Sequence[Sequence[Control]], widths: Sequence[float] | None = None) -> dict[str, Any]:
    """Keep the controls' values and draw them in columns, each column's controls one under another; give their
    values by key."""
    keep_values({c.key: c.default for column in columns for c in column})
    out: dict[str, Any] = {}
    for where, column in zip(st.columns(list(widths) if widths else len(columns)), columns, strict=True):
        for control in column:
            out[control.key] = control.draw(where)
    return out


# ------------------------------------------------------------------------------------------------ simulations


@dataclass(frozen=True)
class Sim:
    """One seeded simulation of ``games`` games of ``game`` (a registry key) with ``options``; ``title`` names it
    beside its progress bar when a panel runs several."""

    game: str
    games: int
    seed: int
    options: Mapping[str, Any] = field(hash=False)
    title: str = ""

    @property
    def key(self) -> tuple[str, int, int, str]:
        return simulation._key(self.game, self.games, self.seed, self.options)

    def finished(self) -> pd.DataFrame | None:
        """The frame of this simulation once it has run (shared: do not modify), else None."""
        return simulation.finished_frame(self.game, self.games, self.seed, self.options)

    def quick(self) -> pd.DataFrame:
        """The frame of this simulation as a quick default: shipped, or computed once per server."""
        return simulation.quick_frame(self.game, self.games, self.seed, self.options)


def frames_or_quick(wanted: Sequence[Sim], quick: Sequence[Sim]) -> tuple[list[pd.DataFrame], bool]:
    """The frames the charts show, and whether ``wanted`` is still waiting for its run: the quick defaults' frames
    when ``wanted`` is the quick default, or not yet run (True: waiting); else the finished runs' frames."""
    if list(wanted) == list(quick):
        return [sim.quick() for sim in quick], False
    ran = [sim.finished() for sim in wanted]
    if all(frame is not None for frame in ran):
        return [frame for frame in ran if frame is not None], False
    return [sim.quick() for sim in quick], True


def run_panel(prefix: str, sims: Sequence[Sim], label: str, *, noun: str | None = None) -> None:
    """The Run button of those of ``sims`` not yet run nor running (``label`` may name ``{games}``, the count, and
    ``{titles}``, the titles of the ones it runs); while some run, their progress with one Cancel beside them.

    The button's key is ``prefix + "run"``, Cancel's ``prefix + "cancel"``. The button is drawn outside the polling
    fragment and every change of state is a full rerun: a click inside a fragment reruns only the fragment, which
    was declared before the click without polling, so its progress would never move."""
    runner = simulation.runner()
    jobs = {sim: runner.get(sim.key) for sim in sims}
    idle = [sim for sim, job in jobs.items() if job is None or job.cancelled or job.error]
    for sim in idle:
        job = jobs[sim]
        if job is not None and job.error:
            st.error((f"{sim.title}: " if sim.title else "") + plain(_(job.error)))
    if idle:
        games = idle[0].games
        text = label.format(games=number(games), titles=and_list(sim.title for sim in idle))
        if st.button(text, key=prefix + "run", icon=":material/play_arrow:", type="primary"):
            try:
                for sim in idle:
                    runner.start(sim.game, sim.games, sim.seed, sim.options)
            except CardTableError as error:
                st.error(plain(str(error)))
                return
            st.rerun()
    running = tuple(sim for sim in sims if sim not in idle)
    if running:
        _progress(prefix, running, noun if noun is not None else _("games"))


@st.fragment(run_every=1.0)
def _progress(prefix: str, sims: tuple[Sim, ...], noun: str) -> None:
    """The running simulations' progress, polled once a second; a full rerun once they are all done."""
    runner = simulation.runner()
    jobs = [runner.get(sim.key) for sim in sims]
    if any(job is None or job.cancelled for job in jobs):  # cancelled, perhaps by another session
        st.rerun()
    if all(job is not None and job.finished for job in jobs):
        for sim in sims:
            sim.finished()  # keep the frames for every session before the page reads them
        st.rerun()
    bars, stop = st.columns([5, 1], vertical_alignment="center")
    cores = ngettext("{n} core", "{n} cores", runner.workers).format(n=number(runner.workers))
    for sim, job in zip(sims, jobs, strict=True):
        assert job is not None
        what = _("{noun} of {title}").format(noun=noun, title=sim.title) if sim.title else noun
        bars.progress(job.done / job.total if job.total else 1.0,
                      text=_("Simulating {done} of {total} {what} on {cores}…").format(
                          done=number(job.done), total=number(job.total), what=what, cores=cores))
    if stop.button(_("Cancel"), key=prefix + "cancel", icon=":material/stop:", width="stretch"):
        for sim in sims:
            runner.cancel(sim.key)
        st.rerun()


# ------------------------------------------------------------------------------------------------ charts


def kept(size: int) -> Callable[[F], F]:
    """Keep a function's results for every session of the server, the oldest dropped past ``size`` — like
    ``st.cache_resource``, but keyed by the arguments' own hash (Streamlit's hashing of the arguments costs a slider
    step more than the figures it keeps). Arguments whose name starts with "_" are not part of the key; call with
    positional arguments only. Kept values are shared: do not modify them. The current language is part of the key
    (a figure holds words)."""
    def wrap(fn: F) -> F:
        skip = {i for i, name in enumerate(inspect.signature(fn).parameters) if name.startswith("_")}
        store: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        lock = threading.Lock()

        @functools.wraps(fn)
        def call(*args: Any) -> Any:
            key = (language(), *(a for i, a in enumerate(args) if i not in skip))
            with lock:
                if key in store:
                    store.move_to_end(key)
                    return store[key]
            value = fn(*args)
            with lock:
                store[key] = value
                while len(store) > size:
                    store.popitem(last=False)
            return value

        return call  # type: ignore[return-value]

    return wrap


def title(info: GameInfo, preset: Preset[Any]) -> None:
    """The explorer's title (``info``: the game's) and the rule set it uses."""
    st.title(_("{game} — Scoring explorer").format(game=_(info.title)))
    st.caption(_("Rules: **{rules}** (change them in the sidebar).").format(rules=plain(_(preset.title))))


def quick_defaults() -> list[tuple[str, int, int, dict[str, Any]]]:
    """Every explorer's shipped simulations (each game's ``ui/<game>_scoring.py`` ``quick_defaults()``)."""
    out: list[tuple[str, int, int, dict[str, Any]]] = []
    for key in GAMES:
        out += importlib.import_module(f"ui.{key}_scoring").quick_defaults()
    return out


__all__ = ["Control", "Sim", "bots_control", "draw_controls", "draw_stacked", "frames_or_quick", "kept",
           "quick_defaults", "run_panel", "seed_control", "title"]


if __name__ == "__main__":  # pragma: no cover - writes the shipped quick defaults
    for path in simulation.precompute(quick_defaults()):
        print(path)
