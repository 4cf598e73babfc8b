"""Shengji's examples and grades that play hands out with the bots, on ``GAME``: a trick and a scored round from a
hand the bots played, and the coach's grade of a burial (sampled deals played out). They sit above
:mod:`engine.shengji.game` (they play through ``GAME``), where the dealt examples of :mod:`engine.shengji.examples`
cannot.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from engine.cards import Card
from engine.errors import InvalidRequestError
from engine.replay import play_out
from engine.shengji import coach, examples
from engine.shengji.bots import bury_choice
from engine.shengji.combos import group_of
from engine.shengji.examples import Example, example_rng, sorted_cards, trump_fields
from engine.shengji.game import GAME
from engine.shengji.order import Group, Trump, cards_text
from engine.shengji.rules import TEAMS, Rules
from engine.shengji.state import Bury, State
from engine.shengji.table import summary_row
from engine.words import count

__all__ = ["EXAMPLES", "bury_answer", "grade_burial", "make_example"]


def _bot_hand(rules: Rules, seed: int, bot: str) -> State:
    """A whole first-round hand played by ``bot`` at every seat (the same seed: the same hand)."""
    _, final = play_out(GAME, rules, seed, bot)
    return final  # type: ignore[no-any-return]




def example_trick(seed: int, rules: Rules) -> dict[str, Any]:
    """A trick led by N from a whole round played by the bots, preferring tricks with pairs or trumping."""
    for attempt in range(20):
        state = _bot_hand(rules, seed * 17 + attempt, "heuristic")
        assert state.trump is not None
        t = state.trump
        led = [r for r in state.tricks if r.leader == 0]
        if not led:
            continue
        rng = example_rng("trick", seed * 17 + attempt)
        good = [r for r in led if len(r.plays[0]) > 1 or any(
            group_of(p, t) is Group.TRUMP for p in r.plays[1:]) and group_of(r.plays[0], t) is not Group.TRUMP]
        record = rng.choice(good or led)
        return {**trump_fields(t, state.trump_rank), "plays": tuple(sorted_cards(p, t) for p in record.plays),
                "summary": f"A trick from a round played by the bots ({t.label}). N leads; W, S and E follow."}
    raise InvalidRequestError(f"no trick example for seed {seed}")  # pragma: no cover


def example_score(seed: int, rules: Rules) -> dict[str, Any]:
    """A whole round played by the random bots (they bury points, so the kitty can matter): what the attackers
    took, the kitty, the last trick. Two seeds in three show a round in which the kitty bonus counts."""
    want_bonus = seed % 3 != 2
    state = _bot_hand(rules, seed, "random")
    for attempt in range(30):
        state = _bot_hand(rules, seed * 31 + attempt, "random")
        row = summary_row(state)
        if (row["kitty_bonus"] > 0) == want_bonus:
            break
    row = summary_row(state)
    s = state.score
    assert s is not None and state.trump is not None
    attackers = TEAMS[1 - s.banker_team]
    last = state.tricks[-1]
    won = row["attackers_won_last"]
    n = row["last_trick_cards"]
    side = "attackers" if s.banker_team != last.winner % 2 else "bankers"
    return {
        "summary": f"{TEAMS[s.banker_team]} are the bankers; {attackers} attack. {attackers} took "
                   f"{row['trick_points']} points in tricks"
                   + (f" and lost {-row['penalty']} to failed throws" if row["penalty"] < 0 else "")
                   + (f" and gained {row['penalty']} from failed throws" if row["penalty"] > 0 else "") + ".",
        "last": f"The last trick ({count(n, 'card')} each) was won by "
                f"{rules.seats[last.winner]} ({side}): " + ("the attackers take the kitty's points with a bonus."
                                                     if won else "the bankers keep the kitty."),
        "kitty_text": f"The buried kitty holds {row['kitty_points']} points.",
        "kitty": sorted_cards(state.buried, state.trump),
        "trick_points": row["trick_points"] + row["penalty"],
        "kitty_points": row["kitty_points"],
        "last_trick_cards": n,
        "largest_combo": row["last_trick_largest"],
        "attackers_won_last": won,
        "starter": row["starter"],
    }


EXAMPLES: dict[str, Callable[[int, Rules], dict[str, Any]]] = {
    **{k: f for k, f in examples.DEALT.items() if k != "presets"},
    "trick": example_trick,
    "score": example_score,
    "presets": examples.DEALT["presets"],
}
"""Every kind of example, in the order the lessons list them: the dealt ones and the two played by the bots."""


def make_example(kind: str, seed: int, rules: Rules) -> Example:
    """The example of ``kind`` (a key of :data:`EXAMPLES`) dealt with ``seed``."""
    return Example(kind=kind, seed=seed, **EXAMPLES[kind](seed, rules))


def grade_burial(rules: Rules, trump: Trump, hand: Sequence[Card], buried: Sequence[Card],
                 samples: int = coach.GRADE_SAMPLES, seed: int = 0) -> tuple[str, str]:
    """The coach's grade of a (legal) burial — ``good``, or ``poor`` when it loses a third of a level or more a
    round on average against the heuristic bot's burial on the same sampled deals — and the reason in words."""
    state = coach.burial_state(rules, trump, hand)
    mine = Bury(tuple(buried))
    sound = bury_choice(state, random.Random(seed), heuristic=True)
    costs = coach.bury_costs(state, 0, buried, trump)
    emptied = coach.bury_voids(state, 0, buried, trump)
    void = f", and you are now void in {emptied}, so you can trump it" if emptied else ""
    good = (f"a sound burial in the sampled deals, though you bury {costs}{void}" if costs else
            f"a sound burial: low cards that would not win tricks{void}")
    if Counter(sound.cards) == Counter(buried):
        return "good", good
    rng = random.Random(seed)
    bot = GAME.bot(GAME.playout_bot)
    loss = 0.0
    for _ in range(samples):
        world = GAME.determinize(state, 0, random.Random(rng.randrange(2**31)))
        values = []
        for action in (mine, sound):
            after = GAME.apply_unchecked(world, action)
            play_rng = random.Random(0)
            while GAME.to_act(after) is not None:
                after = GAME.apply_unchecked(after, bot.choose(after, play_rng))
            values.append(GAME.returns(after)[0])
        loss += values[1] - values[0]
    loss /= samples
    if loss < GAME.review_thresholds[0]:
        return "good", good
    shown = cards_text(sound.cards, trump)
    thumb = coach.bury_thumb(state, 0, buried, trump)
    return "poor", (f"{thumb}; on average burying {shown} instead scores {loss:.1f} "
                    f"{'level' if round(loss, 1) == 1 else 'levels'} more a round in the sampled deals")


def bury_answer(hand: Sequence[Card], buried: Sequence[Card], trump: Trump, rules: Rules) -> dict[str, Any]:
    """Judge a burial and say what it risks (:func:`engine.shengji.examples.bury_answer`); a legal burial from a
    whole starter's hand is graded by the coach too (:func:`grade_burial`)."""
    answer = examples.bury_answer(hand, buried, trump, rules)
    if answer["legal"] and len(hand) == rules.hand_size + rules.kitty:
        grade, why = grade_burial(rules, trump, hand, buried)
        answer = {**answer, "grade": grade, "reason": why}
    return answer
