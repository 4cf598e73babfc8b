"""Each game's whole command table: the commands every game shares, then the game's own.

A game package knows only its own commands (:attr:`~engine.contract.Game.commands`: ``legal``, ``check``,
``deal`` …). The services add, for every game, the shared ones of :mod:`engine.driver` (``rules``, ``playout``,
``advise``), with ``advise`` taking a posed position too (:mod:`engine.posed_advice`: the fields of the game's
:attr:`~engine.contract.Game.editor_command`). A game's own command of the same name (Shengji's richer ``rules``)
replaces the shared one in place. The command line, the lessons and the links call :func:`json_commands`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from engine.commands import Command
from engine.contract import SomeGame
from engine.driver import standard_commands
from engine.games import game
from engine.posed_advice import advise_command

__all__ = ["commands_of", "json_commands"]


@cache
def _table(base: SomeGame) -> Mapping[str, Command[Any, Any]]:
    own = base.commands
    editor = own[base.editor_command]
    table: dict[str, Command[Any, Any]] = {**standard_commands(base, editor.context), **own}
    table["advise"] = advise_command(base, table["advise"], editor)
    return table


def commands_of(chosen: SomeGame) -> Mapping[str, Command[Any, Any]]:
    """Every command of ``chosen`` by name (a whole game answers its hand's), each called with JSON (a dict) and
    answering JSON: the shared ones first, then the game's own."""
    return _table(chosen.base)


def json_commands(key: str) -> Mapping[str, Command[Any, Any]]:
    """Game ``key``'s commands by name (UnknownNameError for an unknown game): what lessons and links call."""
    return commands_of(game(key))
