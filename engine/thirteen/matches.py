"""Seeded matches for the scoring explorer: games in a row, each later game of a match led by the previous winner.

:func:`engine.sim.simulate` plays independent games (every first lead from the lowest card dealt). A match
carries one fact from game to game — who leads next — so its games are played in order here, through the same
driver (:func:`engine.driver.play_out`) and the same rows (``GAME.summary_row``), plus the match columns. With
one game per match the rows are those of :func:`engine.sim.simulate` with the same seeds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.driver import parse_bots, play_out
from engine.errors import InvalidRequestError, LimitExceededError
from engine.sim import MAX_GAMES, game_seed, split_options
from engine.thirteen.game import GAME
from engine.thirteen.rules import seat_letters

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_MATCH_GAMES", "match_rows", "seat_frame", "simulate_matches"]

MAX_MATCH_GAMES = 1000
SEAT_FIELDS = ("bot", "place", "points", "left", "twos", "quads", "pairs", "bombs")


def match_rows(games: int, seed: int, options: Mapping[str, Any] | None = None,
               progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """One row per game: ``game``, ``seed``, ``match``, ``game_in_match``, ``preset``, ``GAME.summary_row`` and
    ``bot_X`` per seat letter X.

    ``options``: ``preset``, ``bots`` (one name, or one per seat; ``bot`` is accepted too), ``match_games``
    (games per match, default 1) and any rule option. CardTableError for bad options, before any game.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidRequestError(f"the number of games must be a whole number, 0 or more, not {games!r}")
    if games > MAX_GAMES:
        raise LimitExceededError(f"{games:,} games is more than one simulation plays ({MAX_GAMES:,})")
    opts = dict(options or {})
    match_games = opts.pop("match_games", 1)
    if isinstance(match_games, bool) or not isinstance(match_games, int) or not 1 <= match_games <= MAX_MATCH_GAMES:
        raise InvalidRequestError(f"match_games is a whole number from 1 to {MAX_MATCH_GAMES}, not {match_games!r}")
    preset, bots, rule_options, start = split_options(opts)
    if start:
        raise InvalidRequestError("a match sets where each game starts: give match_games, not start")
    rules = GAME.rules(preset, rule_options)
    letters = seat_letters(rules.players)
    names = parse_bots(GAME, bots, len(letters))
    preset_name = preset or GAME.default_preset
    rows: list[dict[str, Any]] = []
    winner: str | None = None
    step = max(1, games // 100)
    for i in range(games):
        match, game_in_match = divmod(i, match_games)
        s = game_seed(seed, i)
        first = game_in_match == 0
        _, final = play_out(GAME, rules, s, names, start=None if first else {"leader": winner})
        row = GAME.summary_row(final)
        winner = row["winner"]
        rows.append({"game": i, "seed": s, "match": match, "game_in_match": game_in_match, "preset": preset_name,
                     **row, **{f"bot_{c}": names[x] for x, c in enumerate(letters)}})
        if progress is not None and ((i + 1) % step == 0 or i + 1 == games):
            progress(i + 1, games)
    return rows


def simulate_matches(games: int, seed: int, options: Mapping[str, Any] | None = None,
                     progress: Callable[[int, int], None] | None = None) -> pd.DataFrame:
    """:func:`match_rows` as a DataFrame (pandas is imported here, and only here)."""
    import pandas as pd

    return pd.DataFrame(match_rows(games, seed, options, progress))


def seat_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """One row per (game, seat) from a :func:`simulate_matches` frame: seat, bot, place, points, left, twos, quads,
    pairs, bombs — the shape the scoring charts group by."""
    import pandas as pd

    if frame.empty:
        return pd.DataFrame(columns=["game", "seat", *SEAT_FIELDS])
    letters = [c for c in "NESW" if f"place_{c}" in frame.columns]
    parts = []
    for c in letters:
        part = frame[["game", "match", "game_in_match", "actions"]].copy()
        part["seat"] = c
        for field in SEAT_FIELDS:
            part[field] = frame[f"{field}_{c}"]
        parts.append(part)
    return pd.concat(parts, ignore_index=True)
