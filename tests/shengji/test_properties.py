"""Properties of the Shengji engine, on random positions and random whole hands (hypothesis):

- every enumerated play passes ``check``, and ``count`` (counted without listing) is the number listed;
- every other play of the right size is refused by ``check`` with a reason;
- random whole hands through ``GAME.legal_actions``/``apply`` conserve the cards and the points, and end.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import PLAIN_RANKS, Card, Suit
from engine.shengji import (
    GAME,
    Group,
    Phase,
    Position,
    check,
    count_legal_plays,
    deck_of,
    decompose,
    legal_plays,
    points,
    trump_for,
)
from tests.shengji.helpers import bag, rules


def _position(seed: int, decks: int, preset: str, hand_size: int, lead_size: int) -> Position:
    """A seeded position: a hand, and a lead of one group from the other cards (empty: leading). Four decks play
    with four of a kind as a combination, so that those units are exercised too."""
    r = rules(preset, decks=decks, four_of_a_kind=decks == 4,
              long_tractor_follow="shorter_tractors" if seed % 2 else "listed")
    rng = random.Random(seed)
    hand_size = min(hand_size, r.hand_size)  # no hand holds more than the tricks take (the limits refuse it)
    deck = list(deck_of(r).cards())
    rng.shuffle(deck)
    trump = trump_for(r, rng.choice(PLAIN_RANKS), rng.choice([*Suit, None]))
    hand_size = min(hand_size, r.hand_size)  # never more than a player holds in the tricks
    hand, rest = deck[:hand_size], deck[hand_size:hand_size + 40]
    lead: list[Card] = []
    if lead_size:
        group = rng.choice([g for g in Group if any(trump.group(c) is g for c in rest)])
        pool = [c for c in rest if trump.group(c) is group]
        for part in decompose(pool, trump, r):
            if len(lead) + len(part.cards) <= lead_size:
                lead.extend(part.cards)
    return Position.build(hand=hand, table=lead, rules=r, trump=trump)


POSITIONS = st.builds(_position, st.integers(0, 2**31 - 1), st.sampled_from([1, 2, 3, 4]),
                      st.sampled_from(["competition", "tractor"]), st.integers(6, 13), st.integers(0, 5))


@settings(max_examples=150, deadline=None)
@given(pos=POSITIONS, seed=st.integers(0, 2**31 - 1))
def test_listed_plays_pass_check_and_other_plays_are_refused_with_a_reason(pos: Position, seed: int) -> None:
    found = legal_plays(pos, None)
    listed = {bag(p) for p in found.plays}
    assert len(listed) == len(found.plays) == found.count and found.complete
    assert count_legal_plays(pos) == (found.count, True)
    for play in found.plays:
        assert check(pos, play).legal
    if pos.leading:
        return
    rng = random.Random(seed)
    for _ in range(30):
        play = tuple(rng.sample(pos.hand, len(pos.lead)))
        verdict = check(pos, play)
        assert verdict.legal == (bag(play) in listed), (play, verdict.reason)
        assert verdict.reason


@settings(max_examples=40, deadline=None)
@given(pos=st.builds(_position, st.integers(0, 2**31 - 1), st.sampled_from([2, 3, 4]),
                     st.sampled_from(["competition", "tractor"]), st.integers(20, 30), st.integers(4, 8)),
       limit=st.integers(1, 40))
def test_counting_agrees_with_listing_on_long_hands(pos: Position, limit: int) -> None:
    """Long hands after long leads (tractors, throws, several decks): the count needs no listing and equals the
    number of distinct plays; a limit lists that many and keeps the count."""
    every = legal_plays(pos, None)
    count, exact = count_legal_plays(pos)
    assert exact and count == len(every.plays)
    capped = legal_plays(pos, limit)
    assert len(capped.plays) == min(limit, count) and capped.count == count
    assert capped.complete == (limit >= count)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), preset=st.sampled_from(["competition", "tractor"]),
       decks=st.sampled_from([1, 2, 3]))
def test_random_whole_hands_conserve_cards_and_points_and_end(seed: int, preset: str, decks: int) -> None:
    r = rules(preset, decks=decks)
    full = Counter(deck_of(r).cards())
    rng = random.Random(seed)
    state = GAME.new_game(r, seed)
    for _ in range(GAME.max_actions):
        if GAME.is_terminal(state):
            break
        held = Counter(c for h in state.hands for c in h) + Counter(state.played())
        if state.phase is Phase.DRAW:
            held += Counter(state.deal.order[state.drawn:])
        elif state.phase is not Phase.BURY:
            held += Counter(state.buried)
        assert held == full
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state, limit=60))))
    assert GAME.is_terminal(state) and state.score is not None
    assert sum(t.points for t in state.tricks) + points(state.buried) == 100 * decks
    returns = GAME.returns(state)
    assert sum(returns) == 0 and returns[0] == returns[2] and returns[1] == returns[3]
