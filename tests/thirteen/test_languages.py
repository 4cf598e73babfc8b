"""Thirteen in Bengali and Assamese: every verdict of ``check`` (through the game's JSON command) has a reason in
the language's script with the same cards and counts as the English one; the Table's commentary of a whole hand
and every practice kind's exercises are in the language's script."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine.base import Pass
from engine.cards import Card
from engine.i18n import use_language
from engine.thirteen import COMMANDS, GAME, make_rules
from engine.thirteen.order import CARDS
from engine.thirteen.state import State, legal_actions, position_of
from engine.thirteen.table import comment, outcome, prompt, view

LANGUAGES = ("bn", "as")
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
BENGALI_LETTER = re.compile(r"[\u0980-\u09FF]")
LOCAL_DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
# The names of combinations hold number words that count nothing ("a four of a kind" is one combination).
KIND_NAMES = re.compile(r"three or four of a kind|four of a kind|three of a kind")
POSITIONS = 200


def in_script(text: str, lang: str) -> None:
    """``text`` reads in ``lang``: Bengali script, no English word (cards and ranks stay in card notation), and
    the letters of that language (Assamese ৰ, never the Bengali র; no ৰ or ৱ in Bengali)."""
    words = CARD.sub(" ", text)
    assert BENGALI_LETTER.search(words), (lang, text)
    assert not ENGLISH_WORD.findall(words), (lang, text)
    if lang == "as":
        assert "র" not in text, text
    else:
        assert not {"ৰ", "ৱ"} & set(text), text


def numbers(text: str, lang: str) -> Counter[int]:
    """The numbers two and up a sentence says, in digits or (English) in words. One is left out: English also
    says "one" for a thing ("2s never go in one")."""
    if lang == "en":
        text = KIND_NAMES.sub(" ", text)
        said = [NUMBER_WORDS[w] for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS]
    else:
        text = text.translate(LOCAL_DIGITS)
        said = []
    said += [int(d) for d in re.findall(r"\d+", text)]
    return Counter(n for n in said if n >= 2)


def notation(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(c.text for c in cards)


def positions() -> Iterator[tuple[dict[str, Any], list[Any]]]:
    """200 seeded positions — a deal, then random legal steps — each with a request for the check command and
    the plays to ask about: some legal ones, the pass, and random illegal plays (cards of the hand that form
    no combination or do not beat the table, a card the hand does not hold, no cards)."""
    made = 0
    for seed in itertools.count():
        if made == POSITIONS:
            return
        rng = random.Random(seed)
        preset = ("seed", "pagat")[seed % 2]
        options = {"twos_in_double_sequences": True} if seed % 5 == 0 else {}
        rules = make_rules(preset, options | {"players": (4, 3, 2, 4)[seed % 4]})
        state: State = GAME.new_game(rules, seed)
        for _ in range(rng.randrange(0, 30)):
            if state.turn is None:
                break
            actions = legal_actions(state)
            state = GAME.apply_unchecked(state, rng.choice(actions))
        if state.turn is None:
            continue
        position = position_of(state)
        request: dict[str, Any] = {"preset": preset, "options": options | {"players": rules.players},
                                   "hand": notation(position.hand), "table": notation(position.table.cards)
                                   if position.table else "", "passed": position.passed,
                                   "first_lead": position.first_lead}
        hand = list(position.hand)
        plays: list[Any] = ["pass", ""]
        plays += [notation(a.cards) for a in rng.sample(legal_actions(state), min(3, len(legal_actions(state))))
                  if not isinstance(a, Pass)]
        for _ in range(4):
            plays.append(notation(rng.sample(hand, rng.randint(1, min(6, len(hand))))))
        outside = [c for c in CARDS if c not in hand]
        plays.append(notation([rng.choice(outside), hand[0]]))
        made += 1
        yield request, plays


def _check(request: dict[str, Any], play: str, lang: str) -> dict[str, Any]:
    with use_language(lang):
        answer: dict[str, Any] = COMMANDS["check"](request | {"play": play})
    return answer


def test_every_verdict_has_a_reason_in_each_language_with_the_same_cards_and_counts() -> None:
    verdicts = Counter[bool]()
    asked = 0
    for request, plays in positions():
        asked += 1
        for play in plays:
            english = _check(request, play, "en")
            verdicts[english["legal"]] += 1
            for lang in LANGUAGES:
                local = _check(request, play, lang)
                assert local["legal"] == english["legal"], (request, play)
                reason = local["reason"]
                in_script(reason, lang)
                assert Counter(CARD.findall(reason)) == Counter(CARD.findall(english["reason"])), (
                    english["reason"], reason)
                assert numbers(reason, lang) == numbers(english["reason"], "en"), (english["reason"], reason)
    assert asked == POSITIONS and verdicts[True] > 300 and verdicts[False] > 600, (asked, verdicts)


def no_english(text: str, lang: str) -> None:
    """A value that may be only a number or names (Bengali digits, seats): no English word in it."""
    assert not ENGLISH_WORD.findall(CARD.sub(" ", text)), (lang, text)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("seed", [3, 11])
def test_the_commentary_of_a_whole_hand_is_in_the_language_at_every_step(lang: str, seed: int) -> None:
    rules = make_rules("pagat" if seed % 2 else "seed")
    bot = GAME.bot("heuristic")
    rng = random.Random(seed)
    with use_language(lang):
        state = GAME.new_game(rules, seed)
        steps = 0
        while state.turn is not None:
            in_script(prompt(state).text, lang)
            for label, value in view(state, state.turn).info:
                in_script(label, lang)
                no_english(value, lang)
            action = bot.choose(state, rng)
            after = GAME.apply_unchecked(state, action)
            step = comment(state, action, after)
            in_script(step.comment, lang)
            in_script(step.chapter, lang)
            state, steps = after, steps + 1
        result = outcome(state)
        assert result is not None and steps > 20
        in_script(result.summary, lang)
        for label, value in result.facts:
            in_script(label, lang)
            no_english(value, lang)


SHARED_KINDS = frozenset({"play", "beat"})
"""Kinds whose questions engine/teaching.py words (title, prompt, hint): this package gives them only the
verdicts and reasons of its ``check``, so only those are asked of them here."""


def _exercise_texts(exercise: Any, kind: str) -> Iterator[str]:
    """What a learner reads of an exercise: title, prompt, each choice and its reason, hint, explanation (of a
    shared kind: the choices' reasons)."""
    if kind in SHARED_KINDS:
        yield from (c.reason for c in exercise.choices)
        if exercise.pick is not None:  # "what beats this?": the verdict on the example, and on each single card
            yield exercise.pick.check(exercise.pick.example).reason
            for _, cards in exercise.pick.groups:
                yield from (exercise.pick.check((card,)).reason for card in cards)
        return
    yield exercise.title
    yield exercise.prompt
    for choice in exercise.choices:
        if not choice.cards:
            yield choice.text
        if choice.reason:
            yield choice.reason
    if exercise.hint:
        yield exercise.hint
    if exercise.explanation:
        yield exercise.explanation


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", [rule.key.split(":")[1] for rule in GAME.practice_rules()])
def test_every_practice_kind_makes_exercises_in_the_language(lang: str, kind: str) -> None:
    rule = next(r for r in GAME.practice_rules() if r.key == f"thirteen:{kind}")
    read = 0
    with use_language(lang):
        for i in range(20):
            exercise = rule.make(random.Random(i), ("seed", "pagat")[i % 2])
            for text in _exercise_texts(exercise, kind):
                if CARD.sub("", text).strip(" ·,.;:-—0123456789০১২৩৪৫৬৭৮৯"):
                    in_script(text, lang)
                    read += 1
    assert read >= 40, (kind, read)
