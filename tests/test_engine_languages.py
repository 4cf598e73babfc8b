"""The engine's shared services answer in the request's language: the coach's reasons, the coach's practice
exercises, the review story, handouts and the command line, in Bengali and Assamese script (Assamese spelt with ৰ,
never র; Bengali without ৰ ৱ), with the same cards as the English; English is unchanged."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from engine.advisor import Review, advise
from engine.errors import CardTableError, InvalidRequestError
from engine.games import all_games, game
from engine.handout import Column, Section, Table
from engine.i18n import LOCALE_DIR, gettext, language, use_language
from engine.lessons import plain_value, same_answer
from engine.practice import RULES, make_exercise
from engine.replay import play_out, replay
from engine.review_story import review_story
from engine.teaching import TITLES
from engine.workers import StartedPool
from tests.cli_helpers import cli_json, run_cli

LANGS = ("bn", "as")
BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")
SUITED_CARD = re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]")

POSED = {
    "euchre": {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C"},
    "thirteen": {"hand": "3S 4S 5H 5D 2H", "table": "4C 4D"},
    "doudizhu": {"preset": "three_player", "hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5"},
    "shengji": {"trump_rank": "10", "trump_suit": "S", "hand": "KH 9H 3H 5C AS", "table": "4H"},
}
"""A posed position of each game for the coach (the README's examples)."""


def in_script(text: str, lang: str) -> None:
    """``text`` is written in ``lang``'s script: Bengali letters, and the letters of the other language absent."""
    assert BENGALI_SCRIPT.search(text), (lang, text)
    if lang == "as":
        assert "র" not in text, f"Assamese writes ৰ: {text!r}"
    else:
        assert not {"ৰ", "ৱ"} & set(text), f"Assamese letters in Bengali: {text!r}"


def _advice(key: str, lang: str | None) -> dict[str, Any]:
    request = {**POSED[key], "budget": 8}
    return cli_json("advise", key, json.dumps(request if lang is None else {**request, "lang": lang}))


# ------------------------------------------------------------------------------------------------ the coach


@pytest.mark.parametrize("key", sorted(POSED))
@pytest.mark.parametrize("lang", LANGS)
def test_the_coachs_reasons_are_in_the_language_with_the_same_cards(key: str, lang: str) -> None:
    english = _advice(key, None)
    local = _advice(key, lang)
    assert [o["action"] for o in local["options"]] == [o["action"] for o in english["options"]]
    assert [o["value"] for o in local["options"]] == [o["value"] for o in english["options"]]
    for mine, theirs in zip(local["options"], english["options"], strict=True):
        in_script(mine["why"], lang)
        assert sorted(SUITED_CARD.findall(mine["why"])) == sorted(SUITED_CARD.findall(theirs["why"])), mine["why"]


def test_a_forced_choice_is_explained_in_the_language() -> None:
    g = game("euchre")
    state = g.position_state(g.commands["legal"].decode({"trump": "H", "hand": "QC", "table": "9C"}))
    with use_language("as"):
        advice = advise(g, state, budget=4)
    assert advice.forced
    in_script(advice.best.why, "as")


# ------------------------------------------------------------------------------------------------ practice

COACH_RULES = [r.key for r in RULES if r.key.endswith(":coach")]


def test_every_game_has_a_coach_kind_of_exercise() -> None:
    assert {key.split(":")[0] for key in COACH_RULES} == {g.key for g in all_games()}


@pytest.mark.parametrize("rule", COACH_RULES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_coach_exercise_is_posed_and_judged_in_the_language(rule: str, lang: str) -> None:
    english = make_exercise(rule, 5)
    with use_language(lang):
        exercise = make_exercise(rule, 5)
        for text in (exercise.title, exercise.prompt, exercise.hint, exercise.explanation):
            in_script(text, lang)
        for choice in exercise.choices:
            in_script(choice.reason, lang)
        wrong = next((i for i, c in enumerate(exercise.choices) if not c.right), None)
        right = exercise.right_choice
        assert right is not None
        in_script(exercise.judge(right).hint, lang)
        if wrong is not None:
            in_script(exercise.judge(wrong).hint, lang)
    assert [c.cards for c in exercise.choices] == [c.cards for c in english.choices]
    assert [c.right for c in exercise.choices] == [c.right for c in english.choices]
    assert make_exercise(rule, 5) == english, "a cached exercise of another language was answered"


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_kinds_of_exercise_speak_the_language(lang: str) -> None:
    for rule in ("euchre:play", "euchre:call", "doudizhu:beat", "doudizhu:bid", "thirteen:play", "shengji:play"):
        with use_language(lang):
            exercise = make_exercise(rule, 3)
        in_script(exercise.title, lang)
        in_script(exercise.prompt, lang)
        labels = [row.label for row in exercise.rows] + ([exercise.pick.label] if exercise.pick else [])
        with use_language(lang):
            assert gettext("Your hand") in labels, (rule, labels)
        for choice in exercise.choices:
            if not choice.cards:  # a call in words
                in_script(choice.text, lang)


# ------------------------------------------------------------------------------------------------ review story


def _finished(key: str, seed: int) -> tuple[Any, list[Any], list[str]]:
    g = game(key)
    record, _final = play_out(g, g.rules(), seed)
    states, _steps = replay(g, record)
    return g, states, list(record.actions)


def _marks(g: Any, states: list[Any], actions: list[str], seat: int) -> list[Review]:
    """Made-up marks for ``seat``'s decisions (the story's words are under test, not the coach)."""
    steps = [i for i, state in enumerate(states[:-1]) if g.to_act(state) == seat]
    return [Review(step, actions[step], actions[step], 0.4 * n, "mistake" if n % 2 else "fine", "", 1.0 - 0.3 * n,
                   0.4 * n) for n, step in enumerate(steps[:4])]


@pytest.mark.parametrize("key", ["euchre", "thirteen", "doudizhu", "shengji"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_review_story_is_told_in_the_language(key: str, lang: str) -> None:
    g, states, actions = _finished(key, 11)
    final = states[-1]
    seat = next((s for s in range(len(g.returns(final))) if g.lost(final, s)), 0)
    marks = _marks(g, states, actions, seat)
    def label(step: int, _text: str) -> str:
        return f"<{step}>"  # the page's label of an action: the story's own words are under test

    english = review_story(g, states, actions, seat, marks, opening=False, label=label)
    with use_language(lang):
        story = review_story(g, states, actions, seat, marks, opening=False, label=label)
    in_script(story, lang)
    assert not re.search(r"[A-Za-z]", story), story
    assert story.endswith("\u0964") and english.endswith(".")
    assert re.findall(r"<\d+>", story) == re.findall(r"<\d+>", english)


# ------------------------------------------------------------------------------------------------ handouts


@pytest.mark.parametrize("lang", LANGS)
def test_handout_sections_and_tables_are_titled_in_the_language(lang: str) -> None:
    with use_language(lang):
        section = Section(TITLES["play"], Column.LEFT,
                          table=Table((TITLES["trick"], TITLES["beat"]), (("a", "b"),), (1.0, 1.0)))
    in_script(section.title, lang)
    assert section.table is not None
    for heading in section.table.header:
        in_script(heading, lang)
    english = Section(TITLES["play"], Column.LEFT)
    assert english.title == "Which may you play?"


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_handout_titles_its_sections_in_the_language(lang: str) -> None:
    for g in all_games():
        english = g.handout(g.default_preset)
        with use_language(lang):
            local = g.handout(g.default_preset)
            through_catalogs = [gettext(s.title) for s in english.sections]
        assert len(local.sections) == len(english.sections), g.key
        if (LOCALE_DIR / lang / "LC_MESSAGES" / f"{g.key}.po").is_file():  # the game's words are translated
            for section in local.sections:
                in_script(section.title, lang)
        else:  # the game's part is still to come: a title is what the catalogs hold for it, or the game's own
            assert [s.title for s in local.sections] == through_catalogs, g.key


# ------------------------------------------------------------------------------------------------ command line


@pytest.mark.parametrize("lang", LANGS)
def test_the_command_line_answers_a_refusal_in_the_language(lang: str) -> None:
    code, out, err = run_cli("cards", "-", stdin=json.dumps({"text": "10S 1X", "lang": lang}) + "\n")
    assert code == 0
    in_script(json.loads(out)["error"], lang)
    code, out, err = run_cli("legal", "euchre", json.dumps({"hand": "JD 1X", "trump": "H", "lang": lang}))
    assert code == 2 and not out and err.count("\n") == 1
    in_script(err, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_each_batch_line_answers_in_its_own_language(lang: str) -> None:
    lines = [{**POSED["euchre"], "budget": 4, "lang": lang}, {**POSED["euchre"], "budget": 4},
             {**POSED["euchre"], "budget": 4, "lang": "xx"}]
    code, out, _err = run_cli("advise", "euchre", "-", stdin="".join(json.dumps(x) + "\n" for x in lines))
    local, english, refused = (json.loads(line) for line in out.splitlines())
    assert code == 0
    in_script(local["options"][0]["why"], lang)
    assert not BENGALI_SCRIPT.search(english["options"][0]["why"])
    assert "lang" in refused["error"] and "bn" in refused["error"] and "as" in refused["error"]


def test_a_bad_language_is_refused_in_one_sentence_listing_the_languages() -> None:
    code, out, err = run_cli("check", "thirteen", json.dumps({"hand": "3S", "play": "3S", "lang": "fr"}))
    assert code == 2 and not out
    assert err == "error: field 'lang': there is no language 'fr'; the languages are en (English), bn (বাংলা), " \
                  "as (অসমীয়া)\n"
    code, out, err = run_cli("check", "thirteen", json.dumps({"hand": "3S", "play": "3S", "lang": ["bn"]}))
    assert code == 2 and "the languages are" in err
    with pytest.raises(InvalidRequestError):
        game("euchre").commands["legal"]({"hand": "JD", "lang": 3})


def test_english_is_the_default_and_unchanged() -> None:
    request = {"hand": "3S 4S 5H 5D 2H", "table": "4C 4D"}
    plain = cli_json("legal", "thirteen", json.dumps(request))
    assert cli_json("legal", "thirteen", json.dumps({**request, "lang": "en"})) == plain
    assert _advice("euchre", "en")["options"] == _advice("euchre", None)["options"]
    code, _out, err = run_cli("cards", "10S 1X")
    assert code == 2 and err.startswith("error: '1X' (in '10S 1X') is not valid: expected a card such as 10S")


@pytest.mark.parametrize("key", sorted(POSED))
def test_every_command_schema_lists_the_language_field(key: str) -> None:
    for name in cli_json("games")[key]["commands"]:
        schema = cli_json("schema", key, name)["request"]
        defs = [d for d in schema["$defs"].values() if "lang" in d.get("properties", {})]
        assert defs, (key, name)
        assert defs[0]["properties"]["lang"]["enum"] == ["en", "bn", "as"]


def test_a_page_language_holds_when_a_request_names_none() -> None:
    legal = game("euchre").commands["legal"]
    with use_language("bn"):
        with pytest.raises(CardTableError) as local:
            legal({"hand": "JD 1X", "trump": "H"})
        with pytest.raises(CardTableError) as english:
            legal({"hand": "JD 1X", "trump": "H", "lang": "en"})
    in_script(str(local.value), "bn")
    assert not BENGALI_SCRIPT.search(str(english.value))


# ------------------------------------------------------------------------------------------------ the rest


def test_a_lesson_answer_may_name_a_seat_in_the_language() -> None:
    with use_language("as"):
        assert same_answer("পূব", "E") and same_answer("East", "E") and not same_answer("পশ্চিম", "E")
    with use_language("bn"):
        assert same_answer("পূর্ব", "E") and plain_value([True, None]) == f"হ্যাঁ এবং {gettext('none')}"
    assert plain_value([True, None]) == "yes and none"


def test_a_worker_runs_its_task_in_the_language_it_was_sent_in() -> None:
    pool = StartedPool(1)
    try:
        with use_language("as"):
            local = pool.submit(language)
        english = pool.submit(language)
        assert (local.result(timeout=60), english.result(timeout=60)) == ("as", "en")
    finally:
        pool.shutdown()


@pytest.mark.parametrize("key", sorted(POSED))
def test_the_rules_answer_keeps_its_names_and_values_in_every_language(key: str) -> None:
    english = cli_json("rules", key, "{}")
    for lang in LANGS:
        local = cli_json("rules", key, json.dumps({"lang": lang}))
        assert "Project-Id-Version" not in json.dumps(local, ensure_ascii=False)  # never the catalog's header
        assert [p["name"] for p in local["presets"]] == [p["name"] for p in english["presets"]]
        assert [(o["name"], o["type"], o["default"]) for o in local["options"]] == \
            [(o["name"], o["type"], o["default"]) for o in english["options"]]
        assert local["rules"] == english["rules"] and list(local["bots"]) == list(english["bots"])
    with use_language("bn"):
        assert gettext("") == ""
