"""Seeded simulation of hands and of whole games with the bots, one row per hand or per game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from engine.errors import InvalidRequestError
from engine.euchre.bots import Bot, bot
from engine.euchre.deal import deal_cards
from engine.euchre.hand import HandResult, HandState, apply, hand_result, next_dealer, start_hand
from engine.euchre.rules import Rules, Seat, make_rules
from engine.euchre.score import game_winner
from engine.euchre.trumps import EFFECTIVE
from engine.sim import Progress, game_seed, simulate

__all__ = ["GameResult", "play_game", "play_hand", "simulate_games", "simulate_hands"]

UNITS = ("hands", "games")


def _bots(names: str | Sequence[str]) -> tuple[Bot, Bot, Bot, Bot]:
    """One bot name for all, two (North-South, East-West) or four (per seat)."""
    if isinstance(names, str):
        names = [names]
    names = list(names)
    if len(names) == 1:
        names *= 4
    elif len(names) == 2:
        names = names * 2
    if len(names) != 4:
        raise InvalidRequestError("bots: one name, two (North-South, East-West) or four (one per seat)")
    b = [bot(n) for n in names]
    return (b[0], b[1], b[2], b[3])


def play_hand(
    rules: Rules, seed: int, bots: Sequence[Bot], dealer: int | None = None
) -> tuple[HandState, HandResult]:
    """Deal with ``seed`` (as ``rules`` deal) and let the bots (one per seat) play the hand to its end."""
    state = start_hand(rules, deal_cards(seed, dealer, rules))
    rng = random.Random(seed ^ 0x5EED)
    while state.to_act is not None:
        state = apply(state, bots[state.to_act](state, rng))
    result = hand_result(state)
    assert result is not None
    return state, result


def hand_row(state: HandState, result: HandResult) -> dict[str, Any]:
    """One simulation row describing a finished hand."""
    ns, ew = result.points
    maker = result.maker
    return {
        "dealer": Seat(state.dealer).letter,
        "upcard": state.upcard.text if state.upcard else "",
        "thrown_in": result.thrown_in,
        "round": state.called_round,
        "trump": result.trump.letter if result.trump else "",
        "maker": Seat(maker).letter if maker is not None else "",
        "makers": result.makers.short if result.makers is not None else "",
        "caller_trumps": _caller_trumps(state),
        "maker_alone": result.maker_alone,
        "defender_alone": result.defender_alone,
        "makers_tricks": result.makers_tricks,
        "makers_points": result.score.makers if result.score else 0,
        "defenders_points": result.score.defenders if result.score else 0,
        "euchred": bool(result.score and result.score.euchred),
        "march": bool(result.score and result.score.march),
        "ns_points": ns,
        "ew_points": ew,
    }


def _caller_trumps(state: HandState) -> int:
    """Trumps the maker held once trump was made (after the dealer's pick-up and discard)."""
    if state.trump is None or state.maker is None:
        return 0
    suits = EFFECTIVE[state.trump]
    held = list(state.dealt[state.maker])
    if state.called_round == 1 and state.maker == state.dealer:
        held.append(state.upcard)  # type: ignore[arg-type]
        if state.discard is not None:
            held.remove(state.discard)
    return sum(1 for c in held if suits[c] is state.trump)


@dataclass(frozen=True)
class GameResult:
    """A whole game: the winner, the final score, how many hands, the score after each hand, who dealt
    each hand and how many hands were thrown in."""

    winner: int
    scores: tuple[int, int]
    hands: int
    path: tuple[tuple[int, int], ...]
    dealers: tuple[int, ...] = ()
    thrown_in: int = 0


def play_game(rules: Rules, seed: int, bots: Sequence[Bot], max_hands: int = 1000) -> GameResult:
    """Play hands until a side wins; the first dealer is chosen by ``seed``, then the deal passes left (after a
    thrown-in hand, as the ``thrown_in`` option says). Every hand is dealt afresh from its own seed."""
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    scores = [0, 0]
    path = [(0, 0)]
    dealers: list[int] = []
    thrown = 0
    for number in range(1, max_hands + 1):
        state, result = play_hand(rules, game_seed(seed, number), bots, dealer)
        dealers.append(dealer)
        thrown += result.thrown_in
        ns, ew = result.points
        scores[0] += ns
        scores[1] += ew
        path.append((scores[0], scores[1]))
        winner = game_winner(scores, rules)
        if winner is not None:
            return GameResult(int(winner), (scores[0], scores[1]), number, tuple(path), tuple(dealers), thrown)
        dealer = next_dealer(state)
    raise RuntimeError(f"the game with seed {seed} did not end in {max_hands} hands")


def _options(options: Mapping[str, Any]) -> tuple[Rules, str, tuple[Bot, Bot, Bot, Bot]]:
    if not isinstance(options, Mapping):
        raise InvalidRequestError("options must be a JSON object")
    opts = dict(options)
    preset = opts.pop("preset", "seed")
    unit = opts.pop("unit", "hands")
    names = opts.pop("bots", opts.pop("bot", "random"))
    if unit not in UNITS:
        raise InvalidRequestError(f"unit: {unit!r} is not one of {', '.join(UNITS)}")
    if not isinstance(preset, str):
        raise InvalidRequestError(f"preset must be a name, not {preset!r}")
    return make_rules(preset, opts), unit, _bots(names)


def simulate_hands(
    games: int, seed: int, rules: Rules, bots: Sequence[Bot], progress: Progress | None = None
) -> pd.DataFrame:
    """One row per seeded hand (dealer from the seed)."""

    def one(s: int) -> dict[str, Any]:
        state, result = play_hand(rules, s, bots)
        return hand_row(state, result)

    return simulate(one, games, seed, progress)


def simulate_games(
    games: int, seed: int, rules: Rules, bots: Sequence[Bot], progress: Progress | None = None
) -> pd.DataFrame:
    """One row per seeded game: winner, final score, number of hands and the score path."""

    def one(s: int) -> dict[str, Any]:
        g = play_game(rules, s, bots)
        return {
            "winner": "N-S" if g.winner == 0 else "E-W",
            "ns_score": g.scores[0],
            "ew_score": g.scores[1],
            "hands": g.hands,
            "thrown_in": g.thrown_in,
            "path": " ".join(f"{a}-{b}" for a, b in g.path),
            "dealers": "".join(Seat(d).letter for d in g.dealers),
        }

    return simulate(one, games, seed, progress)


def run_simulation(
    games: int, seed: int, options: Mapping[str, Any], progress: Progress | None = None
) -> pd.DataFrame:
    """``options``: ``preset``, ``unit`` (``hands`` or ``games``), ``bots`` (a name, two or four), rule options."""
    rules, unit, bots = _options(options)
    if unit == "games":
        return simulate_games(games, seed, rules, bots, progress)
    return simulate_hands(games, seed, rules, bots, progress)
