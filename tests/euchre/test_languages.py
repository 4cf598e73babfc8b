"""Euchre in Bengali and Assamese: every verdict's reason, the Table's commentary and the practice exercises a learner
reads are in Bengali script (Assamese without র, Bengali without ৰ ৱ), with the same cards and counts as in English.

Positions come from seeded deals played on by random legal steps; the reasons come through the game's JSON commands
(``check``, ``calls``), run inside :func:`engine.i18n.use_language` as a request with ``"lang"`` is.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine.cards import Card
from engine.euchre import GAME
from engine.euchre.commands import COMMANDS
from engine.euchre.order import BENNY, CARDS
from engine.euchre.rules import SEAT_LETTERS, Seat
from engine.euchre.state import HandState, Phase
from engine.i18n import use_language
from engine.teaching import Exercise

LOCALES = ("bn", "as")
POSITIONS = 200
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|RJ|BJ")
"""A card in card notation (what stays as it is in every language), the jokers included."""
RANK = re.compile(r"(?<![A-Za-z])[JQKA](?![A-Za-z])")
"""A rank on its own ("9 to A"): notation too."""
BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")
LATIN = re.compile(r"[A-Za-z]")
_ENGLISH_NUMBERS = {w: n for n, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                                "nine", "ten"))}
_LOCAL_DIGITS = str.maketrans("০১২৩৪৫৬৭৮৯", "0123456789")
PRESETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("seed", {}), ("benny", {}), ("benny", {"benny_upcard": "stands for a suit"}), ("stick_the_dealer", {}),
    ("openspiel", {}), ("seed", {"name_turned_down_suit": True, "dealer_partner_must_go_alone": True}),
)


def cards_of(text: str) -> Counter[str]:
    return Counter(CARD.findall(text))


def numbers_of(text: str) -> Counter[int]:
    """The numbers a text states (cards left out): digits in any script, and English number words; zero is
    left out ("no clubs" says it in words in every language)."""
    plain = CARD.sub(" ", text).translate(_LOCAL_DIGITS)
    found = [int(d) for d in re.findall(r"\d+", plain)]
    found += [_ENGLISH_NUMBERS[w] for w in re.findall(r"[a-z]+", plain.lower()) if w in _ENGLISH_NUMBERS]
    return Counter(n for n in found if n)


def in_script(text: str, lang: str, *, words: bool = True) -> None:
    """``text`` reads in ``lang``'s script: no Latin letter outside card notation, the language's own letters
    (no র in Assamese, no ৰ ৱ in Bengali), and — for ``words`` — some Bengali-script text at all."""
    rest = RANK.sub(" ", CARD.sub(" ", text))
    assert not LATIN.search(rest), f"English in {lang}: {text!r}"
    assert not words or BENGALI_SCRIPT.search(rest), f"no {lang} words: {text!r}"
    if lang == "as":
        assert "র" not in text, f"a Bengali র in Assamese: {text!r}"
    else:
        assert not re.search("[ৰৱ]", text), f"an Assamese letter in Bengali: {text!r}"


def same_facts(local: str, english: str) -> None:
    assert cards_of(local) == cards_of(english), (local, english)
    assert numbers_of(local) == numbers_of(english), (local, english)


def run(command: str, request: dict[str, Any], lang: str) -> dict[str, Any]:
    with use_language(lang):
        answer: dict[str, Any] = COMMANDS[command](request)
    return answer


# ------------------------------------------------------------------------------------------ positions


def _walk(seed: int) -> HandState:
    """A seeded hand played on by random legal steps, stopped at a random moment."""
    rng = random.Random(seed)
    preset, options = PRESETS[seed % len(PRESETS)]
    state = GAME.new_game(GAME.rules(preset, options), seed)
    steps = rng.randrange(4, 30)
    for _step in range(steps):
        if state.to_act is None:
            break
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def trick_requests(seed: int) -> Iterator[dict[str, Any]]:
    """``check`` requests for a trick position of seed ``seed``: every card of the hand, a card not in it, a pass
    and two cards at once."""
    rng = random.Random(-seed)
    state = _walk(seed)
    for extra in range(40):  # play on until someone is to play a card
        if state.phase is Phase.PLAY and state.to_act is not None:
            break
        if state.to_act is None:
            state = _walk(seed + 1000 * (extra + 1))
            continue
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    else:
        return
    assert state.trump is not None and state.to_act is not None
    hand = state.hands[state.to_act]
    base = {"trump": state.trump.letter, "hand": " ".join(c.text for c in hand),
            "table": " ".join(c.text for c in state.trick_cards), "players": state.active,
            "preset": "benny" if state.rules.benny else "seed"}
    outside = [c for c in CARDS if c not in hand and c not in state.trick_cards]
    plays: list[str] = [c.text for c in hand] + [rng.choice(outside).text, "pass", f"{hand[0].text} {outside[0].text}"]
    if state.rules.benny and BENNY not in hand and BENNY not in state.trick_cards:
        plays.append(BENNY.text)
    for play in plays:
        yield {**base, "play": play}


def calls_requests(seed: int) -> Iterator[dict[str, Any]]:
    """``calls`` requests of the calling rounds: each seat in round 1 and round 2 of seed ``seed``'s deal."""
    state = GAME.new_game(GAME.rules(), seed)
    assert state.upcard is not None
    dealer = SEAT_LETTERS[state.dealer]
    for round_ in (1, 2):
        for seat in Seat:
            yield {"dealer": dealer, "upcard": state.upcard.text, "round": round_, "seat": seat.letter}


@pytest.mark.parametrize("lang", LOCALES)
def test_every_verdict_of_200_positions_has_a_reason_in_the_language_with_the_same_cards_and_counts(lang: str) -> None:
    checked = Counter[bool]()
    for seed in range(POSITIONS):
        for request in trick_requests(seed):
            english, local = run("check", request, "en"), run("check", request, lang)
            assert local["legal"] == english["legal"] and local["reason"].strip(), request
            in_script(local["reason"], lang)
            same_facts(local["reason"], english["reason"])
            checked[english["legal"]] += 1
    assert checked[True] > POSITIONS and checked[False] > POSITIONS  # legal and illegal verdicts alike


@pytest.mark.parametrize("lang", LOCALES)
def test_the_legal_cards_summary_and_every_card_reason_are_in_the_language(lang: str) -> None:
    for seed in range(0, POSITIONS, 10):
        for request in trick_requests(seed):
            request = {k: v for k, v in request.items() if k != "play"}
            english, local = run("legal", request, "en"), run("legal", request, lang)
            in_script(local["summary"], lang)
            for card, reason in local["reasons"].items():
                in_script(reason, lang)
                same_facts(reason, english["reasons"][card])
            break


@pytest.mark.parametrize("lang", LOCALES)
def test_every_call_of_both_calling_rounds_has_a_reason_in_the_language(lang: str) -> None:
    for seed in range(40):
        for request in calls_requests(seed):
            english, local = run("calls", request, "en"), run("calls", request, lang)
            assert local["reasons"].keys() == english["reasons"].keys()
            for call, reason in local["reasons"].items():
                in_script(reason, lang)
                same_facts(reason, english["reasons"][call])


@pytest.mark.parametrize("lang", LOCALES)
def test_trick_winners_and_scores_are_said_in_the_language(lang: str) -> None:
    for request in ({"trump": "H", "table": "9C JD AC 10C", "leader": "N"},
                    {"trump": "S", "table": "AD KD JC 9S", "leader": "W"},
                    {"trump": "C", "table": "9H 10H QH", "leader": "E", "sits_out": "S"}):
        english, local = run("winner", request, "en"), run("winner", request, lang)
        for key in ("reason", "order", "winner_name"):
            in_script(local[key], lang)
        same_facts(local["reason"], english["reason"])
    for tricks in range(6):
        for alone in (False, True):
            request = {"makers_tricks": tricks, "alone": alone}
            in_script(run("score", request, lang)["reason"], lang)
    for scores in ([10, 9], [11, 9], [4, 10], [12, 10], [3, 5]):
        english, local = run("game", {"scores": scores}, "en"), run("game", {"scores": scores}, lang)
        in_script(local["reason"], lang)
        same_facts(local["reason"], english["reason"])


# ------------------------------------------------------------------------------------------ the Table


def _hand_steps(seed: int, lang: str) -> Iterator[tuple[str, str]]:
    """The commentary of a whole seeded hand played by random legal steps: (chapter, comment) for every step,
    then each seat's prompt on the way, the views' words and the outcome."""
    rng = random.Random(seed)
    preset, options = PRESETS[seed % len(PRESETS)]
    rules = GAME.rules(preset, options)
    with use_language(lang):
        state = GAME.new_game(rules, seed, {"scores": [rng.randrange(8), rng.randrange(8)]})
        while state.to_act is not None:
            prompt = GAME.prompt(state)
            yield "prompt", prompt.text
            view = GAME.view(state, state.to_act)
            for label, value in view.info:
                yield "info", f"{label}: {value}"
            action = rng.choice(list(GAME.legal_actions(state)))
            after = GAME.apply(state, action)
            step = GAME.comment(state, action, after)
            yield "chapter", step.chapter
            yield "comment", step.comment
            state = after
        outcome = GAME.outcome(state)
        assert outcome is not None
        yield "outcome", outcome.summary
        for label, value in outcome.facts:
            yield "fact", f"{label}: {value}"


@pytest.mark.parametrize("lang", LOCALES)
def test_the_commentary_of_whole_seeded_hands_is_in_the_language_at_every_step(lang: str) -> None:
    said = Counter[str]()
    for seed in range(60):
        english = list(_hand_steps(seed, "en"))
        local = list(_hand_steps(seed, lang))
        assert [kind for kind, _ in local] == [kind for kind, _ in english]
        for (kind, text), (_kind, original) in zip(local, english, strict=True):
            in_script(text, lang)
            assert cards_of(text) == cards_of(original), (text, original)
            said[kind] += 1
            if kind in ("comment", "outcome"):
                assert text.endswith("।"), text
    assert said["comment"] > 60 * 8 and said["outcome"] == 60


def test_the_hand_groups_and_roles_are_in_the_language() -> None:
    state = GAME.new_game(GAME.rules(), 5)
    for lang in LOCALES:
        with use_language(lang):
            for name, _cards in GAME.hand_groups(state, state.hands[0]):
                in_script(name, lang, words=False)
            for seat in GAME.view(state, None).seats:
                in_script(seat.name, lang)
                if seat.role:
                    in_script(seat.role, lang)


# ------------------------------------------------------------------------------------------ practice


FULL = ("euchre:trick", "euchre:points", "euchre:winner", "euchre:partners", "euchre:benny", "euchre:deal",
        "euchre:thrown")
"""The kinds whose every word this package writes (``play``, ``call`` and ``joker`` are posed by the shared
generators of :mod:`engine.teaching`, which write their own title and prompt; their reasons are Euchre's)."""


def _kinds() -> list[str]:
    return [r.key for r in GAME.practice_rules()]


def make_exercise(key: str, seed: int, lang: str) -> Exercise:
    """Exercise ``seed`` of kind ``key`` made in ``lang`` (straight from the kind: engine.practice caches what it
    makes by kind and seed alone)."""
    rule = next(r for r in GAME.practice_rules() if r.key == key)
    with use_language(lang):
        return rule.make(random.Random(f"{key}:{seed}"), GAME.default_preset)


def test_every_kind_is_covered_here() -> None:
    assert set(FULL) | {"euchre:play", "euchre:call", "euchre:joker"} == set(_kinds())


@pytest.mark.parametrize("lang", LOCALES)
@pytest.mark.parametrize("rule", _kinds())
def test_twenty_exercises_of_every_kind_are_in_the_language(rule: str, lang: str) -> None:
    for seed in range(20):
        english, exercise = make_exercise(rule, seed, "en"), make_exercise(rule, seed, lang)
        assert len(exercise.choices) == len(english.choices)
        reasons = [c.reason for c in exercise.choices if c.reason]
        assert reasons or exercise.explanation
        for reason in reasons:
            in_script(reason, lang)
        for choice, original in zip(exercise.choices, english.choices, strict=True):
            assert cards_of(choice.reason) == cards_of(original.reason)
            assert choice.cards == original.cards and choice.right == original.right
        if rule == "euchre:joker":
            in_script(exercise.title, lang)
        if rule not in FULL:
            continue
        for text in (exercise.title, exercise.prompt):
            in_script(text, lang)
        # A play's hint and explanation are its choices' reasons (checked above): then both are empty.
        for text, original in ((exercise.hint, english.hint), (exercise.explanation, english.explanation)):
            assert bool(text) == bool(original)
            if text:
                in_script(text, lang)
        for choice in exercise.choices:
            in_script(choice.text, lang, words=not choice.cards and not choice.text.translate(_LOCAL_DIGITS)
                      .isdigit())
        # Cards only: a prompt's English says "which one", "one at a time" in words that count nothing.
        assert cards_of(exercise.prompt) == cards_of(english.prompt)
        assert cards_of(exercise.explanation) == cards_of(english.explanation)


def test_a_card_outside_the_pattern_is_no_card() -> None:
    assert cards_of("J♦ 10♥ RJ and 7") == Counter({"J♦": 1, "10♥": 1, "RJ": 1})
    assert numbers_of("২টি ক্লাবস (Q♣ K♣)") == numbers_of("two clubs (Q♣ K♣)") == Counter({2: 1})
    assert str(Card.parse("10H").symbol_text) == "10♥"
