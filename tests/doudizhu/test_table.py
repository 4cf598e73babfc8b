"""What the Table shows: private views, the commentary, the outcome in sentences, and text actions through GAME
(what the Table page sends and records)."""

from __future__ import annotations

import random

import pytest

from engine.command_tables import commands_of
from engine.doudizhu import GAME
from engine.driver import play_out, replay
from engine.errors import IllegalPlayError, InvalidNotationError


def test_views_hide_other_hands_until_the_end() -> None:
    record, final = play_out(GAME, GAME.rules(), 4, "heuristic")
    states, _ = replay(GAME, record)
    middle = states[len(states) // 2]
    view = GAME.view(middle, 0)
    assert all(c is not None for c in view.seats[0].cards)
    assert all(c is None for c in view.seats[1].cards)
    assert all(c is not None for s in GAME.view(middle, None).seats for c in s.cards)
    assert all(c is not None for s in GAME.view(final, 1).seats for c in s.cards)
    bidding = GAME.view(states[0], 0)
    assert all(c is None for c in dict(bidding.extra)["Kitty"])
    assert [s.name for s in view.seats] == ["South", "East", "West"]


def test_the_outcome_in_sentences_and_by_seat_letter() -> None:
    record, final = play_out(GAME, GAME.rules("four_player"), 2, "heuristic")
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert "was the landlord at a bid of" in outcome.summary and "went out first" in outcome.summary
    assert set(outcome.data["payments"]) == {"S", "E", "N", "W"}
    assert outcome.data["landlord"] in "SENW" and dict(outcome.facts)["Landlord"].split()[0] in (
        "South", "East", "North", "West")
    row = GAME.summary_row(final)
    assert row["preset"] == "four_player" and row["landlord_payment"] == outcome.data["payments"][row["landlord"]]
    answer = commands_of(GAME)["playout"]({"preset": "four_player", "seed": 2})
    assert answer["outcome"]["returns"] == {k: float(v) for k, v in outcome.data["payments"].items()}


def test_commentary_of_a_whole_hand() -> None:
    _, steps = replay(GAME, play_out(GAME, GAME.rules(), 8, "heuristic")[0])
    chapters = [s.chapter for s in steps]
    assert chapters[0] == "Bidding" and chapters[-1].startswith("Trick ")
    assert any("is the landlord at" in s.comment for s in steps)
    assert any("passes in a row" in s.comment and "wins the trick" in s.comment for s in steps)


def test_actions_as_text_through_game() -> None:
    state = GAME.new_game(GAME.rules("three_player"), 3)
    assert [GAME.action_text(a) for a in GAME.legal_actions(state)] == ["pass", "bid 1", "bid 2", "bid 3"]
    assert not GAME.check(state, GAME.parse_action(state, "bid 4")).legal
    with pytest.raises(InvalidNotationError):
        GAME.parse_action(state, "3 3")  # cards are no action in the auction
    state, step = GAME.step(state, GAME.parse_action(state, "bid 2"))
    assert step.action == "bid 2" and "bids 2" in step.comment
    with pytest.raises(IllegalPlayError, match="higher than the highest"):
        GAME.step(state, GAME.parse_action(state, "bid 1"))
    rng = random.Random(1)
    bot = GAME.bot("heuristic")
    while not GAME.is_terminal(state):
        state, _ = GAME.step(state, bot.choose(state, rng))
    outcome = GAME.outcome(state)
    assert outcome is not None and "Stake" in dict(outcome.facts) and outcome.summary


def _states(seed: int, preset: str = "three_player") -> list:  # type: ignore[type-arg]
    record, _ = play_out(GAME, GAME.rules(preset), seed, "heuristic")
    return replay(GAME, record)[0]


def test_the_auction_prompt_says_what_is_at_stake_and_marks_strong_cards() -> None:
    state = GAME.new_game(GAME.rules(), 3)
    prompt = GAME.prompt(state)
    assert prompt.text == "Bid 1, 2 or 3, or pass — the landlord takes the three kitty cards"
    seat = GAME.to_act(state)
    hand = [c.text for c in GAME.view(state, seat).seats[seat].cards]
    assert prompt.highlight and all(c.text in hand for c in prompt.highlight)
    assert all(c.text in ("A", "2", "BJ", "RJ") or hand.count(c.text) == 4 for c in prompt.highlight)
    state = GAME.apply(state, GAME.parse_action(state, "bid 1"))
    assert GAME.prompt(state).text.startswith("Bid 2 or 3 (above the bid of 1), or pass")
    four = GAME.new_game(GAME.rules("four_player"), 3)
    assert "the eight kitty cards" in GAME.prompt(four).text


def test_the_landlord_sees_the_kitty_marked_and_followers_the_cards_that_beat() -> None:
    for seed in (1, 2, 3, 4):
        states = _states(seed)
        first = next(s for s in states if s.phase.value == "play")
        prompt = GAME.prompt(first)
        assert prompt.text == "You are the landlord and lead the first trick: play any combination"
        assert sorted(c.text for c in prompt.marked) == sorted(c.text for c in first.dealt.kitty)
        assert prompt.marked_label == "the kitty you took"
        for state in states:
            if state.phase.value != "play" or state.table is None or state.table[0] == state.turn:
                continue
            prompt = GAME.prompt(state)
            legal = [a for a in GAME.legal_actions(state) if GAME.action_cards(a)]
            used = {c.text for a in legal for c in GAME.action_cards(a) or ()}
            assert {c.text for c in prompt.highlight} == used
            who = state.rules.seat_names[state.table[0]]
            assert (prompt.text.startswith(f"Beat {who}'s ") and prompt.text.endswith(("or pass", "partner's play)"))
                    if legal else prompt.text.startswith("Nothing in your hand beats"))


def test_hand_groups_follow_the_game_order() -> None:
    cards = GAME.rules().deck.parse("RJ 2 3 A 2 BJ 10 3")
    groups = GAME.hand_groups(GAME.new_game(GAME.rules(), 1), cards)
    assert [label for label, _ in groups] == ["3 – A", "2s", "Jokers"]
    assert [c.text for _, members in groups for c in members] == "3 3 10 A 2 2 BJ RJ".split()


def test_outcome_facts_are_words() -> None:
    for preset in ("three_player", "four_player"):
        for seed in (1, 5):
            _, final = play_out(GAME, GAME.rules(preset, {"spring": True}), seed, "heuristic")
            outcome = GAME.outcome(final)
            assert outcome is not None
            for label, value in outcome.facts:
                assert value and not any(w in value for w in ("True", "False", "None")), (label, value)
            assert dict(outcome.facts)["Spring"].startswith(("yes: ", "no: "))
