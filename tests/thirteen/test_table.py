"""Whole games on the contract: text actions, commentary, views, outcomes, records and replays (through
engine.driver's play_out and replay)."""

import json
import random

import pytest

from engine.driver import play_out, replay
from engine.errors import CardTableError, IllegalPlayError, InvalidNotationError, ReplayError
from engine.table import Record
from engine.thirteen import GAME, PASS


def _steps(preset: str, seed: int, bots: str = "heuristic", options: dict | None = None):
    record, _ = play_out(GAME, GAME.rules(preset, options), seed, bots, preset=preset, options=options)
    return replay(GAME, record)[1]


def test_a_whole_game_by_text_actions_replays_from_its_record() -> None:
    record, final = play_out(GAME, GAME.rules("seed"), 21, ["heuristic", "random", "heuristic", "random"])
    assert GAME.to_act(final) is None
    data = json.loads(json.dumps(record.to_json()))
    states, steps = replay(GAME, Record.from_json(data))
    assert states[-1] == final
    assert len(steps) == len(record.actions)
    outcome = GAME.outcome(final)
    assert outcome is not None and sum(outcome.returns) == 6
    assert outcome.summary.startswith(dict(outcome.facts)["Finishing order"].split(", ")[0] + " went out first")
    assert sorted(outcome.data["order"].split()) == ["E", "N", "S", "W"]
    assert GAME.outcome(states[0]) is None and GAME.returns(states[0]) == (0.0, 0.0, 0.0, 0.0)


def test_commentary_names_leads_beats_passes_and_clears() -> None:
    steps = _steps("seed", 3)
    text = " ".join(s.comment for s in steps)
    assert "The first play of the game must contain 3♠" in steps[0].comment
    assert "passes, and is locked out until the table clears" in text
    assert "the table clears and" in text
    assert steps[-1].comment.endswith("The game is over.")
    assert steps[0].chapter == "Round 1" and steps[-1].chapter.startswith("Round ")


def test_commentary_for_a_chop() -> None:
    for seed in range(200):
        chops = [s.comment for s in _steps("pagat", seed) if " chops " in s.comment]
        if chops:
            assert chops[0].endswith("!") or "had passed" in chops[0]
            break
    else:
        pytest.fail("no chop in 200 heuristic games")


def test_illegal_actions_are_refused_with_the_reason() -> None:
    state = GAME.new_game(GAME.rules("seed"), 4)
    assert PASS not in GAME.legal_actions(state), "the first leader cannot pass"
    verdict = GAME.check(state, PASS)
    assert not verdict.legal and "cannot pass" in verdict.reason
    seat = GAME.to_act(state)
    hand = [c for c in GAME.view(state, seat).seats[seat].cards if c is not None]
    not_three = next(c for c in hand if c.text != "3S")
    with pytest.raises(IllegalPlayError, match="must contain 3♠"):
        GAME.apply(state, GAME.parse_action(state, not_three.text))
    for bad in ("hello", "3S 3S"):
        with pytest.raises(InvalidNotationError):
            GAME.parse_action(state, bad)
    with pytest.raises(CardTableError, match="not in the 52-card deck"):
        GAME.parse_action(state, "BJ")
    with pytest.raises(ReplayError, match="step 1"):
        replay(GAME, Record("thirteen", "seed", 4, ("pass",)))


def test_the_same_words_for_a_pass_everywhere() -> None:
    # One legality path: the Table (GAME.check on a parsed text action) and the position check answer alike.
    state = GAME.new_game(GAME.rules("seed"), 4)
    state = GAME.apply(state, GAME.bot("heuristic").choose(state, random.Random(1)))
    from engine.thirteen.state import position_of as state_position

    words = GAME.check(state, PASS).reason
    assert words == GAME.check(state, GAME.parse_action(state, "pass")).reason
    position = state_position(state)
    request = {"hand": " ".join(c.text for c in position.hand),
               "table": " ".join(c.text for c in position.table.cards), "play": "pass"}
    assert GAME.commands["check"](request)["reason"] == words
    assert "locked out until the table clears" in words


def test_views_hide_other_hands_until_the_end() -> None:
    state = GAME.new_game(GAME.rules("seed"), 8)
    view = GAME.view(state, 0)
    assert all(c is not None for c in view.seats[0].cards)
    assert all(c is None for c in view.seats[1].cards)
    teacher = GAME.view(state, None)
    assert all(c is not None for s in teacher.seats for c in s.cards)
    assert dict(teacher.info)["Table"].startswith("empty")
    state = GAME.apply(state, GAME.bot("heuristic").choose(state, random.Random(1)))
    view = GAME.view(state, None)
    assert view.table and "To beat" in dict(view.info)


def test_every_listed_action_is_accepted_and_the_game_ends() -> None:
    state = GAME.new_game(GAME.rules("pagat", {"players": 3}), 12)
    rng = random.Random(0)
    while not GAME.is_terminal(state):
        actions = GAME.legal_actions(state)
        for a in actions[:20]:
            assert GAME.check(state, a).legal, GAME.action_text(a)
        state = GAME.apply(state, rng.choice(actions))
    assert GAME.view(state, 1).phase == "over"
    assert GAME.seat_letters(GAME.rules_of(state)) == ("N", "E", "W")


def test_an_instant_win_ends_the_game_before_any_play() -> None:
    rules = GAME.rules("seed", {"instant_wins": True})
    seed = next(s for s in range(2000) if GAME.new_game(rules, s).over)
    state = GAME.new_game(rules, seed)
    outcome = GAME.outcome(state)
    assert outcome is not None and "instant win" in outcome.summary
    assert "Instant win" in dict(GAME.view(state, None).info)


def test_a_game_by_text_actions_replays_and_refuses_a_leader_passing() -> None:
    record, final = play_out(GAME, GAME.rules("seed"), 21, ["heuristic", "random", "heuristic", "random"])
    assert GAME.to_act(final) is None and tuple(GAME.presets) == ("seed", "pagat")
    states, steps = replay(GAME, Record.from_json(record.to_json()))
    assert states[-1] == final and len(steps) == len(record.actions)
    assert [s.action for s in steps] == list(record.actions)
    outcome = GAME.outcome(final)
    assert outcome is not None and sum(outcome.returns) == 6 and GAME.outcome(states[0]) is None
    state = GAME.new_game(GAME.rules("seed"), 4)
    assert "pass" not in {GAME.action_text(a) for a in GAME.legal_actions(state)}
    with pytest.raises(IllegalPlayError, match="cannot pass"):
        GAME.apply(state, GAME.parse_action(state, "pass"))


# ------------------------------------------------------------------------------------------------ the Table's decisions


def _posed(hands: list[str], plays: list[str], preset: str = "seed", **options: object):  # type: ignore[no-untyped-def]
    from engine.cards import parse_cards
    from engine.thirteen.order import mask_of
    from engine.thirteen.state import from_hands

    state = from_hands(GAME.rules(preset, options or None), tuple(mask_of(parse_cards(h)) for h in hands))
    for text in plays:
        state = GAME.apply(state, GAME.parse_action(state, text))
    return state


def test_the_first_lead_prompt_asks_for_three_of_spades_and_highlights_it() -> None:
    state = GAME.new_game(GAME.rules("seed"), 4)
    prompt = GAME.prompt(state)
    assert prompt.text.startswith("Lead anything with 3♠ in it")
    assert [c.text for c in prompt.highlight] == ["3S"] and prompt.count is None
    free = GAME.new_game(GAME.rules("seed"), 4, {"leader": "E"})
    assert GAME.prompt(free).text == "You lead: play any combination (a leader cannot pass)"


def test_a_beat_prompt_names_the_shape_and_highlights_the_cards_that_can_beat_it() -> None:
    # North leads 3♠ and clears the table; North then leads 7♦ 8♣ 9♠ and East must answer.
    seq = _posed(["3S 7D 8C 9S", "9D 10D JD 4S", "4C 5C 6C 2C", "KH AH 2D 2H"],
                 ["3S", "pass", "pass", "pass", "7D 8C 9S"])
    prompt = GAME.prompt(seq)
    assert prompt.text == "Beat 7♦ 8♣ 9♠ with a higher sequence of three, or pass"
    assert [c.text for c in prompt.highlight] == ["9D", "10D", "JD"] and prompt.highlight_label
    seq = GAME.apply(seq, PASS)
    assert GAME.prompt(seq).text == "Nothing in your hand beats 7♦ 8♣ 9♠: pass" and not GAME.prompt(seq).highlight


def test_prompts_on_twos_name_the_chop() -> None:
    state = _posed(["3S 2H 9H", "4S 4C 4D 4H 9C", "5C 6C 7C", "5D 6D 7D"], ["3S", "pass", "pass", "pass", "2H"])
    prompt = GAME.prompt(state)
    assert prompt.text == "Chop 2♥ with a bomb, or pass"
    assert {c.text for c in prompt.highlight} == {"4S", "4C", "4D", "4H"}
    lower = _posed(["3S 2S 9H", "4S 4C 4D 4H 2C", "5C 6C 7C", "5D 6D 7D"], ["3S", "pass", "pass", "pass", "2S"])
    assert GAME.prompt(lower).text == "Beat 2♠ with a higher single card or a bomb that chops it, or pass"


def test_the_hand_is_grouped_low_to_high_with_bombs_and_twos_apart() -> None:
    from engine.cards import parse_cards

    state = GAME.new_game(GAME.rules("seed"), 1)
    cards = parse_cards("3S 5S 5H 6C 6D 7S 7H 9S 9C 9D 9H 2C 2H")
    groups = GAME.hand_groups(state, cards)
    assert [label for label, _ in groups] == ["3 to A, low to high", "Bomb: four 9s",
                                              "Bomb: a double sequence of three pairs", "2s, the highest cards"]
    assert [c.text for c in groups[0][1]] == ["3S"]
    assert sorted(c.text for _, cs in groups for c in cs) == sorted(c.text for c in cards)
    plain = GAME.hand_groups(state, parse_cards("3S 4S 8H 2D"))
    assert [(label, [c.text for c in cs]) for label, cs in plain] == [("3 to A, low to high", ["3S", "4S", "8H"]),
                                                                       ("2s, the highest cards", ["2D"])]


def test_the_outcome_facts_are_words() -> None:
    _, final = play_out(GAME, GAME.rules("pagat"), 5, "heuristic")
    outcome = GAME.outcome(final)
    assert outcome is not None
    for label, value in outcome.facts:
        assert value and value not in ("None", "False", "True", "0", "[]"), (label, value)
    assert outcome.summary.count(".") >= 2 and "Points:" in outcome.summary
