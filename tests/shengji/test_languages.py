"""Shengji in Bengali and Assamese: every verdict of ``check`` (through the JSON commands, in the language of the
request) has a reason in Bengali script with the English reason's cards and numbers; the Table's commentary of a
whole seeded hand is in Bengali script at every step; every practice kind makes exercises whose words are in
Bengali script."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from engine.cards import Card, Deck
from engine.i18n import use_language
from engine.practice import rules_for
from engine.shengji import GAME, Phase, Play, State, make_rules, new_game
from tests.shengji.helpers import command

LANGS = ("bn", "as")
BENGALI = re.compile(r"[\u0980-\u09FF]")
CARD = re.compile(r"(?:10|[2-9AKQJ])[♠♥♦♣]|RJ|BJ")
RANK = re.compile(r"(?<![A-Za-z])(?:10|[2-9AKQJ])(?![A-Za-z])")
ENGLISH_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                   "ten": 10}
LOCAL_DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
PRESETS = ("competition", "tractor")
SHARED_KINDS = {"shengji:play"}
"""Kinds made by the shared generators (engine/teaching.py): their titles and prompts are the engine part's words;
their choices' reasons are this game's verdicts. ("shengji:coach" is the shared coach drill's and advisor's words
throughout: engine/coach_drill.py, engine/advisor.py.)"""


def cards_in(text: str) -> Counter[str]:
    """The card symbols a text names, as a multiset."""
    return Counter(CARD.findall(text))


def assert_script(text: str, lang: str, what: str) -> None:
    """``text`` is in Bengali script: Bengali letters, and no Latin word once cards and ranks are taken out (and
    no Bengali ``র`` in Assamese, no Assamese ``ৰ ৱ`` in Bengali)."""
    assert BENGALI.search(text), f"{what} in {lang} has no Bengali-script letter: {text!r}"
    rest = RANK.sub(" ", CARD.sub(" ", text))
    assert not re.search(r"[A-Za-z]", rest), f"{what} in {lang} has English words: {text!r}"
    if lang == "as":
        assert "র" not in text, f"{what} in Assamese has the Bengali letter র: {text!r}"
    else:
        assert not re.search("[ৰৱ]", text), f"{what} in Bengali has Assamese letters: {text!r}"


def numbers_in(text: str, english: bool) -> Counter[int]:
    """The numbers above one a text says (English: digits and the words two to ten; else the language's digits),
    outside the cards."""
    rest = CARD.sub(" ", text)
    found = [int(n) for n in re.findall(r"\d+", rest.translate(LOCAL_DIGITS).replace(",", ""))]
    if english:
        found += [ENGLISH_NUMBERS[w] for w in re.findall(r"[a-z]+", rest.lower()) if w in ENGLISH_NUMBERS]
    return Counter(n for n in found if n > 1)


def _spelt(cards: tuple[Card, ...]) -> str:
    return " ".join(c.text for c in cards)


def _position(seed: int) -> tuple[dict[str, Any], State]:
    """A seeded position in the play: a deal, then random legal steps, as a ``check`` request without the play."""
    rng = random.Random(seed)
    rules = make_rules(PRESETS[seed % 2], {"decks": 2})
    state = new_game(rules, seed)
    stop = rng.randrange(0, 40)
    while state.to_act is not None:
        if state.phase is Phase.PLAY and (stop <= 0 or len(state.hands[state.to_act]) <= 1):
            break
        if state.phase is Phase.PLAY:
            stop -= 1
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state, 12)))
    assert state.phase is Phase.PLAY and state.to_act is not None and state.trump is not None
    seat = state.to_act
    request: dict[str, Any] = {
        "preset": PRESETS[seed % 2], "options": {"decks": 2}, "hand": _spelt(state.hands[seat]),
        "table": _spelt(state.trick[0]) if state.trick else "", "leader": rules.seats[state.leader],
        "trump_rank": state.trump.rank.text if state.trump.rank else "2",
        "trump_suit": state.trump.suit.value if state.trump.suit else None,
    }
    if not state.trick and seed % 3 == 0:
        request["others"] = {name: _spelt(hand) for name, hand in state.others(seat)}
    return request, state


def _plays(state: State, rng: random.Random) -> list[str]:
    """A legal play, sometimes a pass, random plays of the right size (mostly illegal), a card not held, and a
    wrong count."""
    seat = state.to_act
    assert seat is not None
    hand = list(state.hands[seat])
    legal = [a for a in GAME.legal_actions(state, 30) if isinstance(a, Play)]
    n = len(state.trick[0]) if state.trick else rng.randint(1, min(4, len(hand)))
    plays = ([_spelt(rng.choice(legal).cards)] if legal else []) + (["pass"] if rng.random() < 0.1 else [])
    plays += [_spelt(tuple(rng.sample(hand, min(n, len(hand))))) for _ in range(2)]
    plays.append(next(c.text for c, _ in Deck.standard(jokers=True).counts if c not in hand))
    if state.trick and len(hand) > n:
        plays.append(_spelt(tuple(hand[: n + 1])))
    return plays


@pytest.mark.parametrize("lang", LANGS)
def test_check_gives_a_reason_for_every_verdict_in_bengali_script_with_the_same_cards_and_numbers(lang: str) -> None:
    verdicts = Counter[bool]()
    for seed in range(200):
        request, state = _position(seed)
        rng = random.Random(seed)
        for play in _plays(state, rng):
            english = command("check", **request, play=play)
            with use_language(lang):
                local = command("check", **request, play=play)
            assert local["legal"] == english["legal"], (seed, play)
            reason = local["reason"]
            where = f"seed {seed}, play {play}: the reason"
            assert_script(reason, lang, where)
            assert cards_in(reason) == cards_in(english["reason"]), (where, english["reason"], reason)
            assert numbers_in(reason, False) == numbers_in(english["reason"], True), (where, english["reason"],
                                                                                      reason)
            assert_script(local["requirement"], lang, f"seed {seed}: the requirement")
            verdicts[local["legal"]] += 1
    assert verdicts[True] >= 200 and verdicts[False] >= 200, verdicts


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_commentary_of_a_whole_hand_is_in_bengali_script(lang: str) -> None:
    rules = make_rules("competition", {})
    for seed in (3, 11):
        state = new_game(rules, seed)
        rng = random.Random(seed)
        steps = 0
        with use_language(lang):
            while state.to_act is not None:
                action = GAME.bot("heuristic").choose(state, rng)
                state, info = GAME.step(state, action)
                assert_script(info.comment, lang, f"seed {seed}, step {steps}: the commentary")
                steps += 1
        assert steps > 40


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", [rule.key for rule in rules_for("shengji") if rule.key != "shengji:coach"])
def test_every_practice_kind_makes_exercises_in_bengali_script(lang: str, kind: str) -> None:
    rule = next(r for r in rules_for("shengji") if r.key == kind)
    with use_language(lang):
        for seed in range(20):
            # the kind's own maker (engine.practice caches exercises by seed, not by language)
            exercise = rule.make(random.Random(f"{kind}:{seed}"), GAME.default_preset)
            texts = [("a choice's reason", c.reason) for c in exercise.choices]
            if kind not in SHARED_KINDS:
                texts += [("title", exercise.title), ("prompt", exercise.prompt), ("hint", exercise.hint),
                          ("explanation", exercise.explanation)]
                texts += [("a choice", c.text) for c in exercise.choices if BENGALI.search(c.text) or
                          re.search("[A-Za-z]", RANK.sub(" ", CARD.sub(" ", c.text)))]
            for what, text in texts:
                if text:
                    assert_script(text, lang, f"{kind} {seed}: {what}")
