"""The coach on Thirteen: hidden cards sampled from what the seat saw (never the cards themselves), forced and
obvious plays ranked first, reasons in words, posed editor positions — and the fast bots and play-outs that
make it affordable, checked decision for decision against the bots that list every legal move."""

from __future__ import annotations

import random

import pytest

from engine.advisor import advise
from engine.cards import parse_cards
from engine.command_tables import commands_of
from engine.driver import play_out, replay
from engine.thirteen import GAME, LegalRequest, State
from engine.thirteen import bots as fast
from engine.thirteen.coach import determinize, seen_mask
from engine.thirteen.order import ALL_MASK, mask_of
from engine.thirteen.playout import finish
from engine.thirteen.state import apply_unchecked, from_hands
from tests.reasons import problems
from tests.thirteen import reference_bots as reference

CONFIGS = [("seed", {}), ("pagat", {}), ("seed", {"twos_in_double_sequences": True}),
           ("pagat", {"chop_after_pass": True, "twos_in_double_sequences": True, "players": 3}),
           ("seed", {"players": 2}), ("seed", {"finish": "first"}),
           ("pagat", {"scoring": "cards", "bomb_ladder": False, "chop_after_pass": True})]


def _midgame(seed: int, steps: int) -> State:
    preset, options = CONFIGS[seed % len(CONFIGS)]
    state = GAME.new_game(GAME.rules(preset, options), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.turn is None:
            break
        state = apply_unchecked(state, fast.random_bot(state, rng))
    return state


def test_the_fast_bots_choose_what_the_listing_bots_choose() -> None:
    compared = 0
    for seed in range(140):
        preset, options = CONFIGS[seed % len(CONFIGS)]
        state = GAME.new_game(GAME.rules(preset, options), seed)
        rng = random.Random(seed)
        while state.turn is not None:
            for name in ("heuristic_mask", "random_mask"):
                assert getattr(fast, name)(state, random.Random(compared)) == \
                    getattr(reference, name)(state, random.Random(compared)), (seed, name)
                compared += 1
            pick = reference.random_mask if rng.random() < 0.5 else reference.heuristic_mask
            state = apply_unchecked(state, fast._action(pick(state, rng)))
    assert compared > 10_000


def test_the_fast_play_out_ends_where_the_step_loop_ends() -> None:
    for seed in range(600):
        state = _midgame(seed, seed % 45)
        if state.turn is not None:
            state = determinize(state, state.turn, random.Random(seed))
        stepped = state
        while stepped.turn is not None:
            stepped = apply_unchecked(stepped, fast.heuristic_bot(stepped, random.Random(0)))
        assert finish(state) == stepped, seed
        assert GAME.finish(state, "heuristic", random.Random(0)) == stepped
    loop = _midgame(3, 10)
    rng_a, rng_b = random.Random(4), random.Random(4)
    by_hook = GAME.finish(loop, "random", rng_a)
    while loop.turn is not None:
        loop = apply_unchecked(loop, fast.random_bot(loop, rng_b))
    assert by_hook == loop


def test_determinize_keeps_what_the_seat_saw_and_deals_the_rest_again() -> None:
    for seed in range(60):
        state = _midgame(seed, 5 + seed % 30)
        if state.turn is None:
            continue
        seat = state.turn
        world = determinize(state, seat, random.Random(seed))
        assert world.hands[seat] == state.hands[seat]
        assert [h.bit_count() for h in world.hands] == [h.bit_count() for h in state.hands]
        assert seen_mask(world, seat) == seen_mask(state, seat), "the cards played stay where they were"
        held = 0
        for hand in world.hands:
            assert not held & hand
            held |= hand
        assert not held & (seen_mask(state, seat) & ~state.hands[seat]), "no card played comes back"
        assert held & ~ALL_MASK == 0


def _with_hidden_swapped(state: State, seat: int, rng: random.Random) -> State:
    """The same position with the other seats' hidden cards dealt differently (what the seat cannot see)."""
    return determinize(state, seat, rng)


@pytest.mark.parametrize("seed", [2, 9])
def test_advice_is_the_same_whatever_the_hidden_cards_are(seed: int) -> None:
    state = _midgame(seed, 6)
    seat = state.turn
    assert seat is not None
    other = _with_hidden_swapped(state, seat, random.Random(99))
    assert other.hands != state.hands and other.hands[seat] == state.hands[seat]
    a = advise(GAME, state, budget=12, seed=5, workers=1)
    b = advise(GAME, other, budget=12, seed=5, workers=1)
    assert [(o.text, o.value, o.low, o.high, o.why) for o in a.options] == \
        [(o.text, o.value, o.low, o.high, o.why) for o in b.options]


def _posed(hands: list[str], leader: int, plays: list[str], preset: str = "seed") -> State:
    """A later game of a match (``leader`` leads freely) with these hands, after ``plays``."""
    state = from_hands(GAME.rules(preset), tuple(mask_of(parse_cards(h)) for h in hands), leader, first_game=False)
    for text in plays:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def test_the_only_legal_play_is_forced() -> None:
    state = _posed(["3S 9H", "4S 4C 5D 6H 7H 8D", "4D 5C 6C 7C 8C 9C", "2H 5H 6D 7D 8H 9D"], 3, ["2H"])
    assert GAME.to_act(state) == 0 and [GAME.action_text(a) for a in GAME.legal_actions(state)] == ["pass"]
    advice = advise(GAME, state, workers=1)
    assert advice.forced and advice.best.text == "pass" and "only legal" in advice.best.why


def test_going_out_is_ranked_first() -> None:
    state = _posed(["9S 9H", "8S 8H 4C 4D", "5C 6C 7C 2C", "5D 6D 7D 2D"], 0, [])
    advice = advise(GAME, state, budget=24, workers=1)
    assert advice.best.text == "9S 9H" and advice.best.why.startswith("it plays your last cards: you go out; ")
    assert "than 9♠" in advice.best.why, "the reason says what it gains over the next best option"
    assert advice.best.value == 3.0, "first place: three points"
    assert all(o.value < 3.0 for o in advice.options[1:])


def test_chopping_a_two_to_go_out_next_is_ranked_first() -> None:
    # West leads 2♥; North holds four 7s and 3♥: the bomb takes the table, and 3♥ then goes out.
    state = _posed(["3H 7S 7C 7D 7H", "4S 5S 6S 8S 9S 10S", "4C 5C 6C 8C 9C 10C", "2H 4D 5D 6D 8D 9D"], 3,
                   ["2H"])
    assert GAME.to_act(state) == 0
    advice = advise(GAME, state, budget=24, workers=1)
    assert advice.best.text == "7S 7C 7D 7H" and advice.best.value == 3.0
    assert advice.best.why.startswith("a bomb on a 2 takes the table from the highest card; ")
    assert advice.best.why.endswith(" than pass"), "the reason says what it gains over the next best option"
    passing = advice.option("pass")
    assert passing is not None and passing.value < advice.best.value and not passing.tied


def test_reasons_read_well() -> None:
    for seed in range(12):
        state = _midgame(seed, 3 + seed)
        if state.turn is None:
            continue
        for option in advise(GAME, state, budget=6, seed=seed, workers=1).options:
            assert not problems(option.why), (option.text, option.why)


def test_a_posed_editor_position_is_advised() -> None:
    request = LegalRequest(hand=tuple(parse_cards("3S 4S 5H 5D 2H")), table=tuple(parse_cards("4C 4D")))
    state = GAME.position_state(request)
    assert state.turn == 0 and state.hands[0] == mask_of(parse_cards("3S 4S 5H 5D 2H"))
    assert state.table == mask_of(parse_cards("4C 4D")) and state.last == 3
    advice = advise(GAME, state, budget=8, workers=1)
    assert {o.text for o in advice.options} == {"5D 5H", "pass"}
    first = GAME.position_state(LegalRequest(hand=tuple(parse_cards("3S 9D 9H")), first_lead=True))
    assert all("3S" in o.text for o in advise(GAME, first, budget=4, workers=1).options)


def test_the_advise_command_answers_for_a_recorded_game() -> None:
    record, _ = play_out(GAME, GAME.rules(), 4, "heuristic")
    answer = commands_of(GAME)["advise"]({"seed": 4, "actions": list(record.actions[:6]), "budget": 6})
    states, _ = replay(GAME, record)
    assert answer["seat"] == "NESW"[states[6].turn]
    assert answer["options"] and all(o["why"] for o in answer["options"])
    values = [o["value"] for o in answer["options"]]
    assert values == sorted(values, reverse=True)
