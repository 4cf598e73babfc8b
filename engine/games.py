"""The registry of the four games: what the home page says about each, and each package's ``GAME`` object.

``GAMES`` (key → :class:`~engine.contract.GameInfo`) is cheap to import. :func:`game` imports a game's package
only when it is first asked for, so ``python -m engine cards`` loads no game at all. The loaders below are the
only place that knows where a game lives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.contract import Game, GameInfo
from engine.errors import UnknownNameError

__all__ = ["GAMES", "GameInfo", "all_games", "game", "game_info", "json_commands", "preset_texts"]

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


def _shengji() -> Game[Any, Any, Any]:
    from engine.shengji import GAME

    return GAME


def _thirteen() -> Game[Any, Any, Any]:
    from engine.thirteen import GAME

    return GAME


def _euchre() -> Game[Any, Any, Any]:
    from engine.euchre import GAME

    return GAME


def _doudizhu() -> Game[Any, Any, Any]:
    from engine.doudizhu import GAME

    return GAME


_LOADERS: dict[str, Callable[[], Game[Any, Any, Any]]] = {
    "shengji": _shengji,
    "thirteen": _thirteen,
    "euchre": _euchre,
    "doudizhu": _doudizhu,
}


def game_info(key: str) -> GameInfo:
    """The game ``key``'s description; UnknownNameError listing the games."""
    try:
        return GAMES[key]
    except (KeyError, TypeError):
        raise UnknownNameError("game", key, GAMES, [g.title for g in GAMES.values()]) from None


@cache
def _load(key: str) -> Game[Any, Any, Any]:
    return _LOADERS[key]()


def game(key: str) -> Game[Any, Any, Any]:
    """The ``GAME`` object of game ``key`` (its package imported on first use); UnknownNameError otherwise."""
    game_info(key)
    return _load(key)


def all_games() -> list[Game[Any, Any, Any]]:
    """Every registered game object, in the home page's order."""
    return [_load(k) for k in GAMES]


def json_commands(key: str) -> Any:
    """Game ``key``'s commands by name, each called with JSON (a dict) and answering JSON (what lessons use)."""
    return game(key).commands


def preset_texts(key: str) -> dict[str, str]:
    """Preset name → its one-line description, for menus."""
    return {name: p.description for name, p in game(key).presets.items()}
