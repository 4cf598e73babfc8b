"""The four games: what the home page says about each, and where each engine package lives.

A game package ``engine/<key>/`` provides ``cli.py`` with ``COMMANDS`` (name → function from a JSON
request dict to a JSON answer dict) and ``simulate(games, seed, options) -> pandas.DataFrame``.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType

from engine.errors import UnknownNameError


@dataclass(frozen=True)
class GameInfo:
    key: str
    title: str
    native: str
    kind: str
    players: str
    deck: str
    goal: str


GAMES: dict[str, GameInfo] = {
    g.key: g
    for g in (
        GameInfo(
            "shengji",
            "Shengji / Tractor",
            "升级 · 拖拉机",
            "Trick-taking, fixed partnerships, trumps that change every round",
            "4 players, partners opposite",
            "1–4 decks of 54 cards (2 decks is standard)",
            "Capture point cards (5s, 10s, kings) to climb the levels from 2 past the ace.",
        ),
        GameInfo(
            "thirteen",
            "Thirteen (Tiến lên)",
            "Tiến lên",
            "Climbing / shedding game",
            "2–4 players (4 usual), 13 cards each",
            "52 cards; 2 is high, suits ♠ < ♣ < ♦ < ♥",
            "Be first to shed all your cards by beating the combination on the table.",
        ),
        GameInfo(
            "euchre",
            "Euchre",
            "Euchre",
            "Trick-taking with bowers, fixed partnerships",
            "4 players, partners opposite",
            "24 cards (9 to A)",
            "Make trump and take 3 of 5 tricks; first side to 10 points, ahead by 2.",
        ),
        GameInfo(
            "doudizhu",
            "Dou Dizhu",
            "斗地主 · Fight the Landlord",
            "Climbing game, one against the rest",
            "3 players (or 4 with two decks)",
            "54 cards with two jokers (108 for 4 players)",
            "The landlord tries to shed all cards first; the peasants team up to stop it.",
        ),
    )
}


def game_info(key: str) -> GameInfo:
    """The game ``key``; raises UnknownNameError listing the games."""
    try:
        return GAMES[key]
    except KeyError:
        raise UnknownNameError("game", key, GAMES) from None


def has_engine(key: str) -> bool:
    """Whether the engine package of ``key`` exists yet."""
    if importlib.util.find_spec(f"engine.{key}") is None:
        return False
    return importlib.util.find_spec(f"engine.{key}.cli") is not None


def game_cli(key: str) -> ModuleType:
    """The ``cli`` module of game ``key``."""
    game_info(key)
    if not has_engine(key):
        raise UnknownNameError("game with an engine", key, [k for k in GAMES if has_engine(k)])
    return importlib.import_module(f"engine.{key}.cli")
