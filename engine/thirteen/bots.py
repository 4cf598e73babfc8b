"""Two bots and a seeded whole-game player.

``random`` picks uniformly among the legal plays and (when allowed) the pass. ``heuristic`` plays like a
careful beginner: it goes out when it can; on a lead it sheds its lowest card in the largest combination
that does not spend 2s or break a bomb; on a follow it beats with the cheapest play of the same shape
(saving 2s unless an opponent is about to go out or its own hand is nearly empty), chops 2s whenever it
can, and otherwise passes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.errors import UnknownNameError
from engine.thirteen.combos import POP, TWO_RANK, TWOS_MASK
from engine.thirteen.game import PASS_MASK, Game, apply_unchecked, moves, new_game
from engine.thirteen.rules import Rules

Bot = Callable[[Game, random.Random], int]


def random_bot(game: Game, rng: random.Random) -> int:
    """A uniformly random legal action (a play's mask, or 0 for a pass)."""
    options: list[int] = []
    for _, ms, _ in moves(game):
        options.extend(ms)
    if game.table:
        options.append(PASS_MASK)
    return options[int(rng.random() * len(options))]


def _broken(hand: int, mask: int) -> int:
    """How many rank groups of ``hand`` the play splits (takes some but not all of the group's cards)."""
    broken = 0
    m = mask
    while m:
        r = ((m & -m).bit_length() - 1) >> 2
        group = (hand >> (4 * r)) & 15
        taken = (mask >> (4 * r)) & 15
        if taken != group:
            broken += 1 + (POP[group] == 4) * 3
        m &= ~(15 << (4 * r))
    return broken


def heuristic_bot(game: Game, rng: random.Random) -> int:
    """A simple greedy player (see the module docstring)."""
    seat = game.turn
    assert seat is not None
    hand = game.hands[seat]
    groups = moves(game)
    plays = [m for _, ms, _ in groups for m in ms]
    if hand in plays:
        return hand
    others = [h.bit_count() for s, h in enumerate(game.hands) if s != seat and h]
    danger = bool(others) and min(others) <= 2
    if not game.table:
        low = game.must or (hand & -hand)
        candidates = [m for m in plays if m & low] or plays

        def lead_cost(m: int) -> tuple[int, int, int]:
            twos = (m & TWOS_MASK).bit_count()
            single_risk = 1 if danger and m.bit_count() == 1 else 0
            return (twos * 10 + _broken(hand, m) * 2 + single_risk * 5 - m.bit_count(), m.bit_length(), m)

        return min(candidates, key=lead_cost)
    table_top_rank = (game.table.bit_length() - 1) >> 2
    chops_two = [m for _, ms, chop in groups if chop for m in ms]
    if table_top_rank == TWO_RANK and chops_two:
        return min(chops_two, key=lambda m: (m.bit_count(), m.bit_length()))
    same = [m for _, ms, chop in groups if not chop for m in ms]
    if not same:
        return PASS_MASK
    spend_ok = danger or hand.bit_count() <= 4

    def follow_cost(m: int) -> tuple[int, int]:
        return ((m & TWOS_MASK).bit_count() * 20 + _broken(hand, m) * 3, m.bit_length())

    best = min(same, key=follow_cost)
    if (best & TWOS_MASK) and not spend_ok:
        return PASS_MASK
    if _broken(hand, best) >= 4 and not spend_ok:
        return PASS_MASK
    return best


BOTS: dict[str, Bot] = {"random": random_bot, "heuristic": heuristic_bot}
BOT_HELP: dict[str, str] = {
    "random": "picks uniformly among its legal plays and the pass",
    "heuristic": "sheds low cards in big combinations, saves 2s, chops 2s, passes when beating costs too much",
}


def bot(name: str) -> Bot:
    try:
        return BOTS[name]
    except KeyError:
        raise UnknownNameError("bot", name, BOTS) from None


def play_game(
    rules: Rules,
    seed: int,
    bots: Sequence[Bot],
    rng: random.Random | None = None,
    leader: int | None = None,
    first_game: bool = True,
    max_steps: int = 2000,
) -> Game:
    """A whole seeded game played by ``bots`` (one per seat); returns the final state."""
    rng = rng or random.Random(seed ^ 0x5EED)
    game = new_game(rules, seed, leader, first_game)
    for _ in range(max_steps):
        seat = game.turn
        if seat is None:
            return game
        game = apply_unchecked(game, bots[seat](game, rng))
    raise RuntimeError(f"the game with seed {seed} did not end in {max_steps} steps")
