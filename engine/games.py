"""The registry of the four games: what the home page says about each, and each package's ``GAME`` object.

``GAMES`` (key → :class:`~engine.contract.GameInfo`, kept in :mod:`engine.catalogue`) is cheap to import.
:func:`game` imports a game's package only when it is first asked for, so ``python -m engine cards`` loads no game
at all. The loaders below are the only place that knows where a game lives.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.catalogue import GAMES, game_info
from engine.contract import BotFamily, Game, GameInfo, SomeGame

__all__ = ["GAMES", "GameInfo", "all_games", "game", "game_info", "preset_texts", "register_bots"]


def _shengji() -> SomeGame:
    from engine.shengji import GAME

    return GAME


def _thirteen() -> SomeGame:
    from engine.thirteen import GAME

    return GAME


def _euchre() -> SomeGame:
    from engine.euchre import GAME

    return GAME


def _doudizhu() -> SomeGame:
    from engine.doudizhu import GAME

    return GAME


_LOADERS: dict[str, Callable[[], SomeGame]] = {
    loader.__name__.lstrip("_"): loader for loader in (_shengji, _thirteen, _euchre, _doudizhu)
}
"""Each game's loader by its key (the loader's name): the same keys as :data:`GAMES`."""
if set(_LOADERS) != set(GAMES):  # pragma: no cover - a game added to the catalogue without its loader
    raise RuntimeError(f"the registry loads {sorted(_LOADERS)} but the catalogue lists {sorted(GAMES)}")


@cache
def _load(key: str) -> SomeGame:
    return _LOADERS[key]()


def game(key: str) -> SomeGame:
    """The ``GAME`` object of game ``key`` (its package imported on first use); UnknownNameError otherwise."""
    game_info(key)
    return _load(key)


def all_games() -> list[SomeGame]:
    """Every registered game object, in the home page's order."""
    return [_load(k) for k in GAMES]


def register_bots(family: BotFamily) -> None:
    """Add a family of bots to every game (a service calls it as it is imported: the coach adds ``advisor``), so
    that any request naming a bot may name it (:meth:`~engine.contract.Game.bot`)."""
    Game.bot_families[family.name] = family


def preset_texts(key: str) -> dict[str, str]:
    """Preset name → its one-line description, for menus."""
    return {name: p.description for name, p in game(key).presets.items()}
