"""Whole games to 10: hands strung together, each played by :func:`engine.driver.play_out` from where the game
stands (``start``: the dealer and the score), until a side wins.

The first dealer is drawn from the match's seed; after each hand the deal passes left (after a thrown-in hand
as the ``thrown_in`` option says). Hand ``n`` is dealt from ``game_seed(seed, n)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.driver import parse_bots, play_out
from engine.errors import InvalidRequestError, LimitExceededError
from engine.euchre.game import GAME
from engine.euchre.rules import Rules, Seat
from engine.sim import MAX_GAMES, Progress, game_seed, split_options
from engine.table import Record

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MAX_HANDS", "MatchResult", "play_match", "simulate_matches"]

MAX_HANDS = 1000
"""The most hands a match may take (a game to 10 takes about 9 on average)."""


@dataclass(frozen=True)
class MatchResult:
    """A whole game: the winning side (0 North-South, 1 East-West), the final score, the score after each
    hand (from 0-0), who dealt each hand, how many hands were thrown in, and each hand's record."""

    winner: int
    scores: tuple[int, int]
    path: tuple[tuple[int, int], ...]
    dealers: tuple[int, ...]
    thrown_in: int
    records: tuple[Record, ...]

    @property
    def hands(self) -> int:
        return len(self.dealers)


def play_match(rules: Rules, seed: int, bots: str | Sequence[str] | None = None,
               max_hands: int = MAX_HANDS) -> MatchResult:
    """Play seeded hands with the bots until a side wins the game under ``rules`` (target, win by two)."""
    names = parse_bots(GAME, bots, 4)
    dealer = Seat(random.Random(seed).randrange(4))
    scores = (0, 0)
    path = [scores]
    dealers: list[int] = []
    records: list[Record] = []
    thrown = 0
    for number in range(1, max_hands + 1):
        start = {"dealer": dealer.letter, "scores": list(scores)}
        record, final = play_out(GAME, rules, game_seed(seed, number), names, start=start)
        row = GAME.summary_row(final)
        dealers.append(dealer)
        records.append(record)
        thrown += row["thrown_in"]
        scores = (row["ns_score"], row["ew_score"])
        path.append(scores)
        if row["game_winner"]:
            return MatchResult(0 if row["game_winner"] == "N-S" else 1, scores, tuple(path), tuple(dealers), thrown,
                               tuple(records))
        dealer = Seat.parse(row["next_dealer"])
    raise LimitExceededError(f"the game with seed {seed} did not end in {max_hands} hands")


def match_row(result: MatchResult) -> dict[str, Any]:
    """One row of a simulation of whole games."""
    return {
        "winner": "N-S" if result.winner == 0 else "E-W",
        "ns_score": result.scores[0],
        "ew_score": result.scores[1],
        "hands": result.hands,
        "thrown_in": result.thrown_in,
        "path": " ".join(f"{a}-{b}" for a, b in result.path),
        "dealers": "".join(Seat(d).letter for d in result.dealers),
    }


def simulate_matches(games: int, seed: int, options: Any = None, progress: Progress | None = None) -> pd.DataFrame:
    """Seeded whole games with the bots, one row per game: ``game``, ``seed`` and :func:`match_row`'s columns.

    ``options`` as for :func:`engine.sim.simulate`: ``preset``, ``bots`` and any rule option. Bad options raise
    CardTableError before any work; ``progress(done, total)`` is called as games finish.
    """
    import pandas as pd

    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise InvalidRequestError(f"the number of games must be a whole number, 0 or more, not {games!r}")
    if games > MAX_GAMES:
        raise LimitExceededError(f"{games:,} games is more than one simulation plays ({MAX_GAMES:,})")
    preset, bots, rule_options, start = split_options(options)
    if start:
        raise InvalidRequestError("a simulation of whole games starts every game at 0-0: give no start")
    rules = GAME.rules(preset, rule_options)
    names = parse_bots(GAME, bots, 4)
    rows = []
    step = max(1, games // 50)
    for i in range(games):
        s = game_seed(seed, i)
        rows.append({"game": i, "seed": s, **match_row(play_match(rules, s, names))})
        if progress is not None and ((i + 1) % step == 0 or i + 1 == games):
            progress(i + 1, games)
    return pd.DataFrame(rows)
