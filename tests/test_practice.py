"""The practice exercises of engine/practice.py: made for every rule, seed and preset, judged by the engine, and
consistent with what they show — each answer is checked again through another of the engine's commands, from
the cards and facts the learner sees (so a generator that shows one thing and judges another fails here)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

import pytest

from engine.cards import Card, Suit, format_cards, parse_cards
from engine.command_tables import json_commands
from engine.contract import SEAT_NAMES
from engine.errors import UnknownNameError
from engine.games import GAMES, game
from engine.practice import (
    MAX_SET_LENGTH,
    MAX_SET_SEED,
    RULES,
    Exercise,
    PracticeError,
    make_exercise,
    practice_set,
    rule_by_key,
    rules_for,
)

SEEDS = range(12)
LETTER = {name: letter for letter, name in SEAT_NAMES.items()}


def _all(rule: str, seeds: range = SEEDS) -> Iterator[Exercise]:
    presets = list(game(rule_by_key(rule).game).presets)
    for seed in seeds:
        yield make_exercise(rule, seed, presets[seed % len(presets)])


def _fact(exercise: Exercise, label: str) -> str:
    return dict(exercise.facts)[label]


def _suit(text: str) -> str | None:
    """"♥ hearts" → "H"; "none (no trump)" → None."""
    for suit in Suit:
        if suit.symbol in text:
            return suit.value
    return None


def test_every_game_has_practice_rules_with_stable_keys() -> None:
    for key in GAMES:
        rules = rules_for(key)
        assert len(rules) >= 2, key
        assert all(r.key.startswith(f"{key}:") and re.fullmatch(r"[a-z]+:[a-z]+", r.key) for r in rules)
        assert all(r.title.endswith("?") and r.blurb for r in rules)
        assert not [r.title for r in rules if ":" in r.title], "a colon in a title is read as markup on the page"
    assert {r.key for r in RULES} >= {
        "shengji:play", "shengji:trick", "shengji:tractor", "shengji:levels", "thirteen:play", "thirteen:beat",
        "euchre:play", "euchre:trick", "euchre:call", "doudizhu:play", "doudizhu:beat", "doudizhu:bid"}
    with pytest.raises(UnknownNameError):
        rules_for("chess")
    with pytest.raises(UnknownNameError):
        rule_by_key("euchre:bluff")


@pytest.mark.parametrize("rule", [r.key for r in RULES])
def test_an_exercise_is_the_same_for_the_same_seed_and_varies_with_it(rule: str) -> None:
    first = make_exercise(rule, 5)
    again = make_exercise(rule, 5)
    assert first == again
    assert first.rule == rule and first.seed == 5
    shown = {(e.prompt, e.rows, tuple(c.text for c in e.choices), e.pick.cards if e.pick else ())
             for e in _all(rule, range(8))}
    assert len(shown) >= 4, "eight seeds should not pose the same few exercises"


@pytest.mark.parametrize("rule", [r.key for r in RULES])
def test_exactly_one_choice_is_right_and_the_judge_says_so(rule: str) -> None:
    for exercise in _all(rule):
        if exercise.pick is not None:
            assert exercise.judge(exercise.pick.example).right
            assert not exercise.choices
            continue
        assert 2 <= len(exercise.choices) <= 7
        rights = sum(c.right for c in exercise.choices)
        assert rights == 1 or (exercise.several_right and 1 <= rights < len(exercise.choices))
        assert len({c.text for c in exercise.choices}) == len(exercise.choices), "choices are told apart"
        for i, choice in enumerate(exercise.choices):
            feedback = exercise.judge(i)
            assert feedback.right == choice.right
            assert feedback.hint and "\n" not in feedback.hint and len(feedback.hint) <= 400
            assert feedback.reason and feedback.answer == choice.text
            if not choice.right and not exercise.per_choice_hint:
                assert feedback.hint == exercise.hint and exercise.explanation not in feedback.hint, \
                    "a wrong answer gets the rule's hint, not the explanation"
            if not choice.right and exercise.per_choice_hint:
                assert feedback.hint.startswith(("That one is allowed", "That one is not allowed"))
        assert exercise.judge(exercise.choices[0].text).right == exercise.choices[0].right


def test_a_wrong_kind_of_answer_is_refused_with_a_message() -> None:
    choice = make_exercise("euchre:trick", 1)
    with pytest.raises(PracticeError, match="one of its choices"):
        choice.judge(parse_cards("JH"))
    with pytest.raises(PracticeError, match="no choice"):
        choice.judge(9)
    with pytest.raises(PracticeError, match="no choice"):
        choice.judge("Nobody")
    cards = make_exercise("thirteen:beat", 1)
    with pytest.raises(PracticeError, match="with cards"):
        cards.judge(0)
    assert not cards.judge(()).right


def test_bad_seeds_and_presets_are_refused() -> None:
    for seed in (-1, MAX_SET_SEED + 1, True, "3"):
        with pytest.raises(PracticeError, match="whole number"):
            make_exercise("euchre:trick", seed)  # type: ignore[arg-type]
    with pytest.raises(UnknownNameError, match="preset"):
        make_exercise("euchre:trick", 1, "poker")
    for length in (0, MAX_SET_LENGTH + 1):
        with pytest.raises(PracticeError, match="exercises"):
            practice_set("euchre", 1, length)


def test_a_fixed_set_is_the_same_for_everyone_and_asks_every_rule_in_turn() -> None:
    one = practice_set("shengji", 42, 20)
    assert one == practice_set("shengji", 42, 20)
    assert one != practice_set("shengji", 43, 20)
    assert practice_set("shengji", 42, 7) == one[:7], "a shorter set is the start of the longer one"
    keys = [r.key for r in rules_for("shengji")]
    counts = Counter(item.rule for item in one)
    assert set(counts) == set(keys) and max(counts.values()) - min(counts.values()) <= 1
    for i in range(0, 20, len(keys)):
        chunk = [item.rule for item in one[i:i + len(keys)]]
        assert len(set(chunk)) == len(chunk), "each round asks every rule once"
    assert all(a.rule != b.rule for a, b in zip(one, one[1:], strict=False)), "no rule twice in a row"
    assert len({item.seed for item in one}) == 20


# --------------------------------------------------------------------- what is shown agrees with the answer


def test_who_wins_a_euchre_trick_agrees_with_the_trick_shown() -> None:
    winner = json_commands("euchre")["winner"]
    for exercise in _all("euchre:trick"):
        (row,) = exercise.rows
        seats = [LETTER[label.removesuffix(" (led)")] for label, _ in row.groups]
        table = " ".join(format_cards(cards) for _, cards in row.groups)
        trump = _suit(_fact(exercise, "Trump"))
        answer = winner({"preset": exercise.preset, "trump": trump, "table": table, "leader": seats[0]})
        right = next(c.text for c in exercise.choices if c.right)
        assert right == SEAT_NAMES[answer["winner"]]
        assert [c.text for c in exercise.choices] == [SEAT_NAMES[s] for s in seats]


def test_who_wins_a_shengji_trick_agrees_with_the_trick_shown() -> None:
    winner = json_commands("shengji")["winner"]
    for exercise in _all("shengji:trick"):
        (row,) = exercise.rows
        seats = [LETTER[label.removesuffix(" (led)")] for label, _ in row.groups]
        suit = _suit(_fact(exercise, "Trump suit"))
        answer = winner({"preset": exercise.preset, "trump_rank": _fact(exercise, "Trump rank"),
                         "trump_suit": suit or "none", "plays": [format_cards(c) for _, c in row.groups],
                         "leader": seats[0]})
        assert next(c.text for c in exercise.choices if c.right) == SEAT_NAMES[answer["seat"]]


def test_is_it_a_tractor_agrees_with_the_cards_shown_and_asks_both_ways() -> None:
    is_tractor = json_commands("shengji")["is_tractor"]
    answers = Counter()
    for exercise in _all("shengji:tractor", range(30)):
        (row,) = exercise.rows
        suit = _suit(_fact(exercise, "Trump suit"))
        truth = is_tractor({"preset": exercise.preset, "trump_rank": _fact(exercise, "Trump rank"),
                            "trump_suit": suit or "none", "cards": format_cards(row.cards)})["tractor"]
        right = next(c.text for c in exercise.choices if c.right)
        assert right == ("Yes" if truth else "No")
        answers[right] += 1
    assert answers["Yes"] >= 8 and answers["No"] >= 8, answers


def test_how_many_levels_agrees_with_the_points_in_the_question() -> None:
    score = json_commands("shengji")["score"]
    results = set()
    for exercise in _all("shengji:levels", range(40)):
        points, kitty = (int(x) for x in re.findall(r"(\d+) points", exercise.prompt.replace("no points", "0 points")))
        won = "attackers won the last trick" in exercise.prompt
        shape = re.search(r"last trick with (a single card|a pair|a tractor of two pairs)", exercise.prompt)
        cards = {"a single card": 1, "a pair": 2, "a tractor of two pairs": 4}[shape.group(1)] if shape else 1
        answer = score({"preset": exercise.preset, "attacker_points": points, "kitty_points": kitty,
                        "last_trick_cards": cards, "attackers_won_last": won})
        right = next(c.text for c in exercise.choices if c.right)
        keep, levels = answer["bankers_keep"], answer["levels_up"]
        assert right.startswith("The bankers" if keep else "The attackers"), (exercise.prompt, right)
        assert (f"up {levels} level" in right) if (keep or levels) else ("no level change" in right)
        results.add(right)
    assert len(results) >= 4, "the questions cover several bands of the level table"


def _hand(exercise: Exercise) -> list[Card]:
    return list(next(r for r in exercise.rows if r.label == "Your hand").cards)


@pytest.mark.parametrize("key", ["shengji", "thirteen", "euchre", "doudizhu"])
def test_which_may_you_play_offers_plays_from_the_hand_shown(key: str) -> None:
    kinds = Counter()
    for exercise in _all(f"{key}:play"):
        hand = Counter(_hand(exercise))
        for choice in exercise.choices:
            assert choice.cards and not Counter(choice.cards) - hand, f"{choice.text} is not in the hand shown"
            assert choice.legal is not None
        asks_for_legal = "NOT" not in exercise.prompt
        right = next(c for c in exercise.choices if c.right)
        assert right.legal is asks_for_legal
        assert all(c.legal is not asks_for_legal for c in exercise.choices if not c.right)
        kinds[asks_for_legal] += 1
    assert kinds[True] and kinds[False], "both questions are asked"


def test_which_may_you_play_in_euchre_agrees_with_the_legal_command() -> None:
    legal = json_commands("euchre")["legal"]
    for exercise in _all("euchre:play", range(20)):
        table_row = [r for r in exercise.rows if r.label == "On the table"]
        table = " ".join(format_cards(c) for _, c in table_row[0].groups) if table_row else ""
        answer = legal({"preset": exercise.preset, "trump": _suit(_fact(exercise, "Trump")),
                        "hand": format_cards(_hand(exercise)), "table": table})
        allowed = set(parse_cards(answer["legal_cards"]))
        for choice in exercise.choices:
            assert (choice.cards[0] in allowed) is choice.legal, (exercise.prompt, choice)


def test_which_call_in_euchre_agrees_with_the_calls_command() -> None:
    calls = json_commands("euchre")["calls"]
    for exercise in _all("euchre:call", range(20)):
        facts = dict(exercise.facts)
        upcard = next(r for r in exercise.rows if r.label == "Upcard").cards
        seat = LETTER[re.match(r"You are (\w+)\.", exercise.prompt).group(1)]
        round_ = 1 if facts["Now"] == "call round 1" else 2
        if facts["Now"] not in ("call round 1", "call round 2"):
            continue  # a turned-up joker: the dealer names a suit
        for choice in exercise.choices:
            text = choice.text.split(" as trump")[0]
            if text.startswith("name "):
                text = "name " + _suit(text)
            answer = calls({"preset": exercise.preset, "dealer": LETTER[facts["Dealer"]],
                            "upcard": format_cards(upcard), "round": round_, "seat": seat, "call": text})
            assert answer["legal"] is choice.legal, (exercise.prompt, choice)


def test_which_bid_in_dou_dizhu_is_higher_than_the_bids_so_far() -> None:
    for exercise in _all("doudizhu:bid", range(20)):
        bids = [int(b) for b in re.findall(r"bid (\d)", dict(exercise.facts).get("Bids", ""))]
        for choice in exercise.choices:
            number = re.fullmatch(r"bid (\d)", choice.text)
            allowed = number is None or int(number.group(1)) > max(bids, default=0)
            assert allowed is choice.legal, (exercise.facts, choice)


@pytest.mark.parametrize("key", ["thirteen", "doudizhu"])
def test_what_beats_this_judges_cards_from_the_hand_with_the_check_command(key: str) -> None:
    check = json_commands(key)["check"]
    for exercise in _all(f"{key}:beat"):
        pick = exercise.pick
        assert pick is not None
        (row,) = exercise.rows
        table = format_cards(row.cards)
        assert not Counter(pick.example) - Counter(pick.cards)
        for card in dict.fromkeys(pick.cards):
            truth = check({"preset": exercise.preset, "hand": format_cards(pick.cards), "table": table,
                           "play": format_cards([card])})
            feedback = exercise.judge([card])
            assert feedback.right is truth["legal"]
            if not feedback.right:
                assert feedback.hint and "One play that does" in feedback.reason
        assert exercise.judge(pick.example).right
