"""Differential test against OpenSpiel's ``dou_dizhu`` on thousands of positions from seeded random games.

At every decision of the play phase we compare OpenSpiel's legal actions with ours, under the options
that name OpenSpiel's rule choices: no quadplex (``quadplex=False``) and single kickers that may repeat a
rank (``distinct_kickers=False``). Two differences remain, both OpenSpiel defects, and each is checked
to be exactly what it is:

- ``bomb_on_rocket``: OpenSpiel lets a bomb be played on the rocket; nothing beats the rocket.
- ``chain_from_a_four``: OpenSpiel skips a sequence, pair sequence or airplane whose lowest rank the
  hand holds four times (its chain search starts only from ranks held 1-3 times).
"""

from __future__ import annotations

import random
from collections import Counter

import pyspiel

from engine.doudizhu.combos import Combo, Kind, readings, with_kickers
from engine.doudizhu.generate import generate
from engine.doudizhu.order import BJ, RJ, counts_of
from engine.doudizhu.rules import make_rules

OPEN_SPIEL_RULES = make_rules("three_player", {"quadplex": False, "distinct_kickers": False})
_CHARS = {c: i for i, c in enumerate("3456789TJQKA2")}
_PLAIN_KINDS = {Kind.SEQUENCE, Kind.PAIR_SEQUENCE, Kind.AIRPLANE}


def _ranks(text: str) -> list[int]:
    out = []
    text = text.replace("(BWJ)", "B").replace("(CJ)", "R")
    for ch in text:
        out.append(BJ if ch == "B" else RJ if ch == "R" else _CHARS[ch])
    return out


def _counts(ranks: list[int]) -> tuple[int, ...]:
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    return tuple(counts)


def os_combo(text: str) -> Combo:
    """Our typed value for an OpenSpiel play action (airplanes with kickers are written ``chain-kickers``)."""
    if "-" in text:
        chain_text, kicker_text = text.split("-")
        chain = sorted(set(_ranks(chain_text)))
        kickers = _ranks(kicker_text)
        length = len(chain)
        if len(kickers) == length:
            return with_kickers(Kind.AIRPLANE_SINGLES, chain[-1], length, tuple(sorted(kickers)))
        return with_kickers(Kind.AIRPLANE_PAIRS, chain[-1], length, tuple(sorted(set(kickers))))
    found = [c for c in readings(_counts(_ranks(text)), OPEN_SPIEL_RULES)
             if c.kind not in (Kind.AIRPLANE_SINGLES, Kind.AIRPLANE_PAIRS)]
    assert len(found) == 1, (text, found)
    return found[0]


def _hand(state, player: int) -> tuple[int, ...]:
    text = state.observation_string(player)
    line = next(part for part in text.split("\n") if part.startswith("My hand"))
    return _counts(_ranks(line[len("My hand "):].strip()))


def compare_games(games: int, seed: int) -> tuple[int, Counter[str]]:
    """Positions compared and the explained differences, over ``games`` seeded random games."""
    game = pyspiel.load_game("dou_dizhu")
    rng = random.Random(seed)
    positions = 0
    explained: Counter[str] = Counter()
    for _ in range(games):
        state = game.new_initial_state()
        trick: list[tuple[int, Combo | None]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                state.apply_action(rng.choice(outcomes))
                continue
            legal = state.legal_actions()
            names = [state.action_to_string(a) for a in legal]
            if any(n.startswith("Bid") for n in names):
                state.apply_action(rng.choice(legal))
                continue
            player = state.current_player()
            passes = 0
            previous = None
            for _seat, combo in reversed(trick):
                if combo is None:
                    passes += 1
                    continue
                previous = combo
                break
            if passes >= 2:
                previous = None
            hand = _hand(state, player)
            theirs = {(c.kind, c.counts) for n in names if n != "Pass" for c in [os_combo(n)]}
            ours = {(c.kind, c.counts) for group in generate(hand, OPEN_SPIEL_RULES, previous).values()
                    for c in group}
            assert ("Pass" in names) == (previous is not None)
            for kind, counts in theirs - ours:
                assert previous is not None and previous.kind is Kind.ROCKET and kind is Kind.BOMB, (
                    f"OpenSpiel offers {kind} {counts} that we refuse; hand {hand}, previous {previous}")
                explained["bomb_on_rocket"] += 1
            for kind, counts in ours - theirs:
                start = next(r for r in range(15) if counts[r])
                assert kind in _PLAIN_KINDS and hand[start] == 4, (
                    f"we offer {kind} {counts} that OpenSpiel refuses; hand {hand}, previous {previous}")
                explained["chain_from_a_four"] += 1
            positions += 1
            action = rng.choice(legal)
            text = state.action_to_string(action)
            state.apply_action(action)
            if text == "Pass":
                trick.append((player, None))
            else:
                if previous is None:
                    trick = []
                trick.append((player, os_combo(text)))
    return positions, explained


def test_we_agree_with_open_spiel_on_thousands_of_positions() -> None:
    positions, explained = compare_games(games=300, seed=2024)
    assert positions >= 10_000
    # the defects do occur in random play, and nothing else differs
    assert explained["chain_from_a_four"] > 0 and explained["bomb_on_rocket"] > 0


def test_open_spiel_bomb_on_rocket_is_the_only_other_difference() -> None:
    # Posed directly: with the rocket on the table OpenSpiel would allow a bomb; we allow nothing.
    rocket = generate(counts_of(OPEN_SPIEL_RULES.deck.parse("BJ RJ")), OPEN_SPIEL_RULES, None)[Kind.ROCKET][0]
    hand = counts_of(OPEN_SPIEL_RULES.deck.parse("3 3 3 3 5"))
    assert generate(hand, OPEN_SPIEL_RULES, rocket) == {}
