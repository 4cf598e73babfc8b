"""What the home page says about each of the four games, and their keys: the registry's list, as data.

It sits on the contract's floor so that a game package can take its own description from here without importing
the registry (:mod:`engine.games`), which loads the packages. The keys here are the only list of the games.
The texts are English msgids (``N_``), translated where they are shown.
"""

from __future__ import annotations

from engine.contract import GameInfo
from engine.errors import UnknownNameError
from engine.i18n import N_

__all__ = ["GAMES", "game_info"]

GAMES: dict[str, GameInfo] = {
    g.key: g
    for g in (
        GameInfo(
            "shengji",
            N_("Shengji / Tractor"),
            "升级 · 拖拉机",
            N_("Trick-taking, fixed partnerships, trumps that change every round"),
            N_("4 players, partners opposite"),
            N_("1–4 decks of 54 cards (2 decks is standard)"),
            N_("Capture point cards (5s, 10s, kings) to climb the levels from 2 past the ace."),
            "RJ BJ 2H 2S AH KH",
        ),
        GameInfo(
            "thirteen",
            N_("Thirteen (Tiến lên)"),
            "Tiến lên",
            N_("Climbing / shedding game"),
            N_("2–4 players (4 usual), 13 cards each"),
            N_("52 cards; 2 is high, suits ♠ < ♣ < ♦ < ♥"),
            N_("Be first to shed all your cards by beating the combination on the table."),
            "3S 4C 5D 6H 2H",
        ),
        GameInfo(
            "euchre",
            N_("Euchre"),
            "Euchre",
            N_("Trick-taking with bowers, fixed partnerships"),
            N_("4 players, partners opposite"),
            N_("24 cards (9 to A)"),
            N_("Make trump and take 3 of 5 tricks; first side to 10 points, ahead by 2."),
            "JH JD AH KH QH",
        ),
        GameInfo(
            "doudizhu",
            N_("Dou Dizhu"),
            N_("斗地主 · Fight the Landlord"),
            N_("Climbing game, one against the rest"),
            N_("3 players (or 4 with two decks)"),
            N_("54 cards with two jokers (108 for 4 players)"),
            N_("The landlord tries to shed all cards first; the peasants team up to stop it."),
            "RJ BJ 2S 2H 2D 2C",
        ),
    )
}


def game_info(key: str) -> GameInfo:
    """The game ``key``'s description; UnknownNameError listing the games."""
    try:
        return GAMES[key]
    except (KeyError, TypeError):
        raise UnknownNameError("game", key, GAMES, [g.title for g in GAMES.values()]) from None
