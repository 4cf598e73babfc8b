"""Dou Dizhu in Bengali and Assamese: every reason `check` gives (through the game's JSON commands), the Table's
commentary of whole hands and every practice kind's exercises are in Bengali script, and a reason names the same
cards and the same numbers as the English one.

The positions are seeded: a deal, random legal steps from it to a player's turn in the play, then a random legal
action, a pass, and random illegal plays (cards the hand holds that form no combination or do not beat the table,
and cards it does not hold). Some positions are played under options that change the rules, so that the reasons
that name an option are said too.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine.base import PASS
from engine.command_tables import json_commands
from engine.doudizhu import GAME
from engine.doudizhu.generate import generate
from engine.doudizhu.order import cards_of, counts_text
from engine.doudizhu.rules import Rules, make_rules
from engine.doudizhu.state import Phase, State, apply, legal_actions, new_game
from engine.errors import CardTableError
from engine.i18n import use_language

COMMANDS = json_commands("doudizhu")
LANGS = ("bn", "as")
POSITIONS = 200
EXERCISES = 20

RULES: tuple[Rules, ...] = (
    make_rules("three_player"),
    make_rules("four_player"),
    make_rules("three_player", {"long_sequences": False, "quadplex": False}),
    make_rules("three_player", {"distinct_kickers": False, "jokers_as_kickers": True}),
    make_rules("four_player", {"joker_pairs": False, "long_sequences": False}),
)
PRESET_OF = {3: "three_player", 4: "four_player"}

BENGALI = re.compile(r"[\u0980-\u09FF]")
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9]|BJ|RJ|[JQKA])(?![A-Za-z0-9])")
QUOTED = re.compile(r"“[^”]*”")

# English: rank words and number words as symbols and digits; the names of terms and "one" as a determiner or a
# pronoun are no count ("four of a kind", "of one rank", "one at a time", "this one has").
EN_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "black joker": "BJ", "red joker": "RJ"}
EN_NUMBERS = {w: str(i) for i, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"))}
EN_NOT_COUNTS = re.compile(r"\bone(?= (?:rank|colour|play|combination|at a time|of fewer|of more|has|four of a "
                           r"kind)\b)|\bfour of a kind\b")
EN_TOKEN = re.compile(r"\b(?:(black joker|red joker|ace|king|queen|jack)s?|(one|two|three|four|five|six|seven|"
                      r"eight|nine|ten)|(\d+|BJ|RJ|[JQKA])s?)\b")
LOCAL_RANK_WORDS = {
    "bn": {"ব্ল্যাক জোকার": "BJ", "রেড জোকার": "RJ", "এস": "A", "কিং": "K", "কুইন": "Q", "জ্যাক": "J"},
    "as": {"ক'লা জোকাৰ": "BJ", "ৰঙা জোকাৰ": "RJ", "এছ": "A", "ৰজা": "K", "কুইন": "Q", "জেক": "J"},
}
LOCAL_DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")


def english_tokens(text: str) -> Counter[str]:
    """The cards and numbers an English reason names: ranks as symbols, numbers as digits."""
    text = EN_NOT_COUNTS.sub("", QUOTED.sub("", text))
    found: Counter[str] = Counter()
    for word, number, symbol in EN_TOKEN.findall(text):
        found[EN_RANK_WORDS[word] if word else EN_NUMBERS[number] if number else symbol] += 1
    found.pop("0", None)
    return found


def local_tokens(text: str, lang: str) -> Counter[str]:
    """The cards and numbers a Bengali or Assamese reason names: card symbols and rank words as symbols, the
    language's digits as digits (spelt-out words such as একটি are no count, like the English "a")."""
    text = QUOTED.sub("", text)
    found: Counter[str] = Counter()
    for word, symbol in LOCAL_RANK_WORDS[lang].items():
        pattern = re.compile(rf"(?<![\u0980-\u09FF]){re.escape(word)}")  # a case ending may follow: এছৰ
        found[symbol] += len(pattern.findall(text))
        text = pattern.sub(" ", text)
    found.update(CARD_TOKEN.findall(text))
    found.update(n.translate(LOCAL_DIGITS) for n in re.findall(r"[০-৯]+", text))
    found.pop("0", None)
    return +found


def assert_script(text: str, lang: str) -> None:
    """``text`` is in Bengali script: Bengali letters, no English word (card symbols aside), and each language's
    own letters (no র in Assamese, no ৰ or ৱ in Bengali)."""
    assert BENGALI.search(text), (lang, text)
    latin = re.findall(r"[A-Za-z]+", CARD_TOKEN.sub(" ", text))
    assert not latin, (lang, latin, text)
    if lang == "as":
        assert "র" not in text, text
    else:
        assert "ৰ" not in text and "ৱ" not in text, text


def _play_position(rules: Rules, rng: random.Random) -> State:
    """A state at a player's turn in the play: a seeded deal, then random legal actions (the auction included)."""
    while True:
        state = new_game(rules, rng.randrange(2**31))
        for _step in range(rng.randrange(1, 40)):
            if state.phase is Phase.OVER:
                break
            state = apply(state, rng.choice(legal_actions(state)))
        if state.phase is Phase.PLAY:
            return state


def _plays(state: State, rng: random.Random) -> Iterator[str]:
    """What to judge in ``state``: a legal action and a pass; combinations of the hand of every shape (most do not
    fit the table), those with a card more or fewer; cards of the hand taken at random; more copies of a rank than
    the hand holds, and cards it does not hold."""
    rules = state.rules
    choice = rng.choice(legal_actions(state))
    yield "pass" if choice is PASS else counts_text(choice.counts)
    yield "pass"
    held = state.hands[state.turn]
    hand = list(cards_of(held))
    leads = [c for group in generate(held, rules, None).values() for c in group]
    for combo in rng.sample(leads, min(len(leads), 4)):
        yield counts_text(combo.counts)
        changed = list(combo.counts)
        rank = rng.choice([r for r, n in enumerate(held) if n])
        changed[rank] += 1 if changed[rank] < held[rank] else -1
        if any(changed):
            yield counts_text(changed)
    for _try in range(3):
        picked = rng.sample(hand, rng.randint(1, min(len(hand), 9)))
        yield " ".join(c.text for c in picked)
    rank = rng.choice([r for r, n in enumerate(held) if n])
    more = [0] * len(held)
    more[rank] = min(held[rank] + 1, rules.copies if rank < len(held) - 2 else rules.joker_copies)
    if more[rank] > held[rank]:
        yield counts_text(more)
    others = [c for c in rules.deck.cards() if c not in hand]
    if others:
        yield " ".join(c.text for c in rng.sample(others, min(len(others), rng.randint(1, 3))))


def _requests() -> Iterator[dict[str, Any]]:
    rng = random.Random(2024)
    for i in range(POSITIONS):
        rules = RULES[i % len(RULES)]
        state = _play_position(rules, rng)
        options = {name: getattr(rules, name) for name in ("long_sequences", "quadplex", "distinct_kickers",
                                                           "jokers_as_kickers", "joker_pairs")
                   if not (rules.four and name == "quadplex")}
        table = "" if state.table is None else counts_text(state.table[1].counts)
        for play in _plays(state, rng):
            yield {"preset": PRESET_OF[rules.players], "options": options,
                   "hand": counts_text(state.hands[state.turn]), "table": table, "play": play}


CRAFTED = (  # the rarer reasons, which random plays seldom meet: (preset, options, hand, table, play)
    ("three_player", {"distinct_kickers": False}, "3 3 3 4 4 4 5 5 5 6 6 6 9", "", "3 3 3 4 4 4 5 5 5 6 6 6"),
    ("three_player", {}, "3 3 3 4 4 4 4 5 9", "", "3 3 3 4 4 4 4 5"),
    ("three_player", {}, "3 3 3 3 4 4 4 4 5 9", "", "3 3 3 3 4 4 4 4 5"),
    ("three_player", {}, "3 3 3 3 4 4 4 4 9", "", "3 3 3 3 4 4 4 4"),
    ("three_player", {}, "9 9 J", "3 3 3 4 4 4", "9 9"),
    ("three_player", {}, "9 9 J", "3 3 3 4 4 4 5 6", "9 9"),
    ("three_player", {"quadplex": False}, "5 5 5 5 3 4 9", "", "5 5 5 5 3 4"),
    ("three_player", {"quadplex": False}, "5 5 5 5 3 3 4 4 9", "", "5 5 5 5 3 3 4 4"),
    ("three_player", {}, "3 3 3 4 4 4 5 5 5 6 6 6 8 8 8 8 9", "", "3 3 3 4 4 4 5 5 5 6 6 6 8 8 8 8"),
    ("three_player", {}, "3 3 3 4 4 4 5 5 5 5 9", "", "3 3 3 4 4 4 5 5 5 5"),
    ("three_player", {}, "3 3 4 4 6 6 9", "", "3 3 4 4 6 6"),
    ("three_player", {}, "3 3 3 4 4 4 5 5 9", "", "3 3 3 4 4 4 5 5"),
    ("four_player", {"joker_pairs": False}, "BJ BJ 9", "", "BJ BJ"),
    ("four_player", {}, "3 3 3 BJ RJ 9", "", "3 3 3 BJ RJ"),
    ("three_player", {}, "9 9 9 9 J", "5 5 5 5", "9 9 9 9"),
    ("three_player", {}, "5 5 5 5 J", "9 9 9 9", "5 5 5 5"),
    ("three_player", {}, "3 4 5 6 7 J", "5 6 7 8 9", "3 4 5 6 7"),
    ("four_player", {}, "9 9 9 9 J", "5 5 5 5 5", "9 9 9 9"),
    ("three_player", {"long_sequences": False}, "3 4 5 6 7 8 J", "", "3 4 5 6 7 8"),
    ("three_player", {}, "3 4 5 6 7 8 J", "", "3 4 5 6 7 8"),
    ("three_player", {}, "BJ RJ 3", "", "BJ RJ 3"),
)


def _crafted() -> Iterator[dict[str, Any]]:
    for preset, options, hand, table, play in CRAFTED:
        yield {"preset": preset, "options": options, "hand": hand, "table": table, "play": play}


REQUESTS = list(_requests()) + list(_crafted())


def test_the_positions_give_every_kind_of_verdict() -> None:
    verdicts = [COMMANDS["check"](r)["legal"] for r in REQUESTS]
    assert len(REQUESTS) >= 10 * POSITIONS and any(verdicts) and not all(verdicts)


@pytest.mark.parametrize("lang", LANGS)
def test_every_check_reason_is_in_the_language_with_the_same_cards_and_counts(lang: str) -> None:
    said = Counter[str]()
    for request in REQUESTS:
        english = COMMANDS["check"](request)
        with use_language(lang):
            local = COMMANDS["check"](request)
        assert local["legal"] == english["legal"], request
        assert english["reason"] and local["reason"], request
        assert_script(local["reason"], lang)
        assert local_tokens(local["reason"], lang) == english_tokens(english["reason"]), (
            request, english["reason"], local["reason"])
        said[local["reason"].split(":")[0]] += 1
    assert len(said) > 20  # many different reasons were said, not one over and over


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("preset", ["three_player", "four_player"])
def test_the_commentary_of_a_whole_hand_is_in_the_language(lang: str, seed: int, preset: str) -> None:
    rules = make_rules(preset)
    bot = GAME.bot("heuristic")
    rng = random.Random(seed)
    state = GAME.new_game(rules, seed)
    steps = 0
    while not GAME.is_terminal(state):
        action = bot.choose(state, rng)
        after = GAME.apply(state, action)
        with use_language(lang):
            step = GAME.comment(state, action, after)
            prompt = GAME.prompt(state).text
            view = GAME.view(after, None)
        assert_script(step.comment, lang)
        assert_script(prompt, lang)
        assert_script(step.chapter, lang)
        for _label, value in view.info:
            assert value == "—" or BENGALI.search(value) or not re.search(r"[A-Za-z]{2,}", value), value
        state, steps = after, steps + 1
    with use_language(lang):
        outcome = GAME.outcome(state)
    assert outcome is not None and steps > 10
    assert_script(outcome.summary, lang)
    for label, _value in outcome.facts:
        assert_script(label, lang)


OWN_KINDS = ("doudizhu:payment", "doudizhu:four", "doudizhu:goal")
"""The practice kinds this package words entirely (titles, prompts, choices, hints, explanations)."""
SHARED_KINDS = ("doudizhu:play", "doudizhu:beat", "doudizhu:bid")
"""The kinds made by engine/teaching.py's shared generators from this package's plays, checks and bids: their
titles and prompts are the shared module's words; the reasons a learner reads on answering are this package's."""


def _exercises(rule: str, lang: str) -> list[Any]:
    made = next(r for r in GAME.practice_rules() if r.key == rule)
    rng = random.Random(7)
    with use_language(lang):
        return [made.make(rng, "three_player" if i % 2 else "four_player") for i in range(EXERCISES)]


def test_every_practice_kind_is_tested() -> None:
    assert sorted(r.key for r in GAME.practice_rules()) == sorted(OWN_KINDS + SHARED_KINDS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule", OWN_KINDS)
def test_every_practice_kind_makes_exercises_in_the_language(lang: str, rule: str) -> None:
    for exercise in _exercises(rule, lang):
        texts = [exercise.title, exercise.prompt, exercise.hint, exercise.explanation]
        texts += [c.text for c in exercise.choices] + [c.reason for c in exercise.choices]
        texts += [label for label, _value in exercise.facts]
        assert exercise.choices and all(texts[:4]), rule
        for text in filter(None, texts):
            assert_script(text, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule", SHARED_KINDS)
def test_the_reasons_of_the_shared_kinds_are_in_the_language(lang: str, rule: str) -> None:
    for exercise in _exercises(rule, lang):
        if exercise.pick is not None:
            with use_language(lang):
                reasons = [exercise.pick.check(exercise.pick.example).reason]
        else:
            reasons = [c.reason for c in exercise.choices]
        assert reasons, rule
        for reason in reasons:
            assert_script(reason, lang)


def test_the_token_readers_agree_on_a_known_pair() -> None:
    english = "you hold only two 9s, but the play has three; an ace and the red joker from 3 to 7"
    bengali = "আপনার হাতে 9 আছে মাত্র ২টি, কিন্তু চালে আছে ৩টি; একটি এস আর রেড জোকার 3 থেকে 7 পর্যন্ত"
    assert english_tokens(english) == local_tokens(bengali, "bn") == Counter(
        {"2": 1, "9": 1, "3": 2, "A": 1, "RJ": 1, "7": 1})


BAD = (
    {"hand": "3 4 9", "table": "3 5", "play": "9"},
    {"hand": "3 4 9", "table": "3 3 3 4", "table_as": "airplane", "play": "9"},
    {"hand": "3 3 3 3 4 4 4 4 5 5 5 5 6 6 6 6 7 7 7 7 8", "play": "8"},
    {"hand": "3S 4 9", "play": "9"},
)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("request_", BAD)
def test_bad_positions_get_one_sentence_in_the_language(lang: str, request_: dict[str, Any]) -> None:
    with pytest.raises(CardTableError) as english:
        COMMANDS["check"](request_)
    with use_language(lang), pytest.raises(CardTableError) as local:
        COMMANDS["check"](request_)
    assert type(local.value) is type(english.value)
    assert BENGALI.search(str(local.value)) and "\n" not in str(local.value), str(local.value)
