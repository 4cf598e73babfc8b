"""Monte Carlo driver for any game on the contract: seeded games with any bots, one row per game, on all cores.

    frame = simulate(game(key), 1000, seed=1, options={"preset": preset, "bots": "heuristic"})

``options`` holds ``preset``, ``bots`` (a name for every seat or one per seat; ``bot`` is accepted too),
``start`` and any rule option by name. pandas is imported only when a frame is built.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine import advisor  # noqa: F401  (registers the coach's "advisor" bot, which a simulation may name)
from engine.errors import InvalidRequestError, LimitExceededError
from engine.games import game
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.match import game_seed, is_whole, whole_game
from engine.pools import pool_context, worker_init
from engine.replay import parse_bots, play_out

if TYPE_CHECKING:
    import pandas as pd

    from engine.contract import SomeGame

__all__ = ["MAX_GAMES", "game_seed", "pool_context", "rows_of", "simulate", "simulate_rows", "split_options",
           "worker_init"]

Progress = Callable[[int, int], None]
MAX_GAMES = 200_000
"""The most games one simulation plays."""
_RESERVED = ("preset", "bots", "bot", "start")


def split_options(options: Mapping[str, Any] | None) -> tuple[str | None, Any, dict[str, Any], dict[str, Any]]:
    """(preset, bots, rule options, start) from a simulation's options."""
    opts = dict(options or {})
    preset = opts.pop("preset", None)
    bots = opts.pop("bots", opts.pop("bot", None))
    start = opts.pop("start", None) or {}
    if isinstance(bots, list):
        bots = tuple(bots)
    if not isinstance(start, Mapping):
        raise InvalidRequestError(_("options.start must be an object"))
    return preset, bots, opts, dict(start)


def rows_of(key: str, indexes: range, seed: int, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The rows of games ``indexes`` of the simulation of game ``key`` seeded ``seed``: one chunk of
    :func:`simulate_rows`, a module-level function so that a worker process can be given it by name."""
    g = game(key)
    preset, bots, rule_options, start = split_options(options)
    if is_whole(start):
        g = whole_game(g)
    rules = g.rules(preset, rule_options)
    rows = []
    for i in indexes:
        s = game_seed(seed, i)
        _found, final = play_out(g, rules, s, bots, start=start)
        rows.append({"game": i, "seed": s, **g.summary_row(final)})
    return rows


def simulate_rows(game: SomeGame, games: int, seed: int, options: Mapping[str, Any] | None = None,
                  progress: Progress | None = None, workers: int | None = None) -> list[dict[str, Any]]:
    """The rows of :func:`simulate` as dicts (no pandas). ``workers`` processes (default: one per core for big
    runs, none for small ones); ``progress(done, total)`` is called as chunks finish."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidRequestError(_("the number of games must be a whole number, 0 or more, not {games}").format(
            games=repr(games)))
    if games > MAX_GAMES:
        raise LimitExceededError(_("{games} games is more than one simulation plays ({most})").format(
            games=local_number(games), most=local_number(MAX_GAMES)))
    options = dict(options or {})
    preset, bots, rule_options, start = split_options(options)
    rules = game.rules(preset, rule_options)  # refuse bad options before any work
    parse_bots(game, bots, len(game.seat_letters(rules)))
    if workers is None:
        workers = min(os.cpu_count() or 1, 8) if games >= 2_000 else 1
    chunk = max(1, min(250, games // (workers * 4) or 1))
    parts = [range(i, min(i + chunk, games)) for i in range(0, games, chunk)]
    rows: list[dict[str, Any]] = []
    done = 0
    if workers <= 1 or len(parts) <= 1:
        for part in parts:
            rows += rows_of(game.key, part, seed, options)
            done += len(part)
            if progress is not None:
                progress(done, games)
        return rows
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, mp_context=pool_context(), initializer=worker_init) as pool:
        futures = [pool.submit(rows_of, game.key, part, seed, options) for part in parts]
        try:
            for future, part in zip(futures, parts, strict=True):
                rows += future.result()
                done += len(part)
                if progress is not None:
                    progress(done, games)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return rows


def simulate(game: SomeGame, games: int, seed: int, options: Any = None, progress: Progress | None = None,
             workers: int | None = None) -> pd.DataFrame:
    """Play ``games`` seeded games of ``game`` with bots: one row per game (``game``, ``seed`` and the game's
    :meth:`~engine.contract.Game.summary_row`). Raises CardTableError for bad options before any work.
    """
    import pandas as pd

    return pd.DataFrame(simulate_rows(game, games, seed, options, progress, workers))

