"""The practice page of every game, opened through the app (AppTest): one exercise at a time, a wrong answer
gets a hint and another try, "Show me why" the engine's reason and the answer, "Next" the next exercise; the
rules you miss come back first (in the session without a name, in the store with one); a teacher's fixed set
from a link is the same for everyone, and a damaged link is refused with a message."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.cards import Card
from engine.games import GAMES
from engine.practice import Exercise, make_exercise, practice_set, rules_for
from tests.card_hand_testing import press
from tests.conftest import ROOT
from tests.fixtures.lessons import report_learner
from ui.store import Store
from ui.widgets import plain

GAME_KEYS = sorted(GAMES)


@pytest.fixture()
def db(tmp_path, monkeypatch) -> Path:
    file = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{file}")
    return file


def open_practice(game: str, query: dict[str, str] | None = None) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(f"pages/{game}_practice.py")
    for name, value in (query or {}).items():
        at.query_params[name] = value
    return at.run()


def session(at: AppTest, game: str):  # noqa: ANN201 - the page's own Session value
    return at.session_state[f"{game}:practice"]


def shown(at: AppTest, game: str) -> Exercise:
    """The exercise on screen, made again from its rule and seed (what the learner sees)."""
    s = session(at, game)
    return make_exercise(s.current.rule, s.current.seed, s.preset)


def key(at: AppTest, game: str) -> str:
    return f"{game}:practice:{session(at, game).current.number}"


def wrong_cards(exercise: Exercise) -> list[Card]:
    assert exercise.pick is not None
    return next([c] for c in exercise.pick.cards if not exercise.judge([c]).right)


def answer(at: AppTest, game: str, right: bool) -> AppTest:
    """Answer the exercise on screen right or wrong, the way a learner does."""
    exercise = shown(at, game)
    if exercise.pick is not None:
        cards = list(exercise.pick.example) if right else wrong_cards(exercise)
        return press(at, f"{key(at, game)}:hand", "check", cards=cards)
    index = next(i for i, c in enumerate(exercise.choices) if c.right is right)
    return at.button(key=f"{key(at, game)}:choose:{index}").click().run()


def texts(elements) -> list[str]:  # noqa: ANN001
    return [e.value for e in elements]


@pytest.mark.parametrize("game", GAME_KEYS)
def test_a_wrong_answer_gets_a_hint_another_try_and_show_me_why(game: str, db: Path) -> None:
    at = open_practice(game)
    assert not at.exception, texts(at.exception)
    assert at.title[0].value.endswith("Practice")
    seen: set[str] = set()
    for _ in range(12):  # until every rule of the game has been on screen (the fresh ones come first)
        exercise = shown(at, game)
        seen.add(exercise.rule)
        assert any(exercise.title in m.value for m in at.markdown)
        assert at.button(key=f"{key(at, game)}:next").disabled, "Next waits for an answer"
        assert at.button(key=f"{key(at, game)}:why").disabled, "Show me why comes after a try"
        at = answer(at, game, right=False)
        assert not at.exception, texts(at.exception)
        (error,) = at.error
        assert error.value.startswith("Not quite.") and error.value.endswith("Try again.")
        if not exercise.per_choice_hint:
            assert plain(exercise.hint) in error.value, "the rule's hint, not the answer"
        if exercise.pick is None:
            wrong = next(i for i, c in enumerate(exercise.choices) if not c.right)
            assert at.button(key=f"{key(at, game)}:choose:{wrong}").disabled, "a wrong choice is crossed out"
        at.button(key=f"{key(at, game)}:why").click().run()
        (info,) = at.info
        assert info.value.startswith("**Why:**") and "The answer:" in info.value
        assert not at.button(key=f"{key(at, game)}:next").disabled
        number = session(at, game).current.number
        at.button(key=f"{key(at, game)}:next").click().run()
        assert session(at, game).current.number == number + 1
        if seen == {r.key for r in rules_for(game)}:
            break
    assert seen == {r.key for r in rules_for(game)}
    assert any("Right first time: **0 of" in m.value for m in at.markdown)


@pytest.mark.parametrize("game", GAME_KEYS)
def test_right_answers_build_a_streak(game: str, db: Path) -> None:
    at = open_practice(game)
    for n in range(1, 4):
        at = answer(at, game, right=True)
        assert not at.exception, texts(at.exception)
        (success,) = at.success
        assert success.value.startswith("Right at the first try.")
        assert any(f"Streak: **{n}**" in m.value for m in at.markdown)
        at.button(key=f"{key(at, game)}:next").click().run()
    at = answer(at, game, right=False)
    assert any("Streak: **0** (best 3)" in m.value for m in at.markdown)
    at = answer(at, game, right=True)  # the second try is right, but the first answer counts
    assert at.success[0].value.startswith("Right.")
    assert any("Right first time: **3 of 4**" in m.value for m in at.markdown)


def test_without_a_name_the_missed_rule_comes_back_first(db: Path) -> None:
    game = "shengji"
    keys = [r.key for r in rules_for(game)]
    at = open_practice(game)
    asked: list[str] = []
    for i in range(len(keys) + 2):
        rule = session(at, game).current.rule
        asked.append(rule)
        if i == 1:  # the second rule asked is missed (then answered at the second try)
            at = answer(at, game, right=False)
        at = answer(at, game, right=True)
        at.button(key=f"{key(at, game)}:next").click().run()
    assert sorted(asked[:len(keys)]) == sorted(keys), "every rule once, first"
    assert asked[len(keys)] == asked[1], "then the missed one"
    assert asked[len(keys) + 1] != asked[1]
    assert Store(f"sqlite:///{db}").learners() == (), "nothing stored without a name"


def test_with_a_name_the_store_keeps_the_boxes_and_the_streak(db: Path) -> None:
    game = "euchre"
    store = Store(f"sqlite:///{db}")
    me = store.learner("Ana")
    at = report_learner(open_practice(game), me.id)
    assert any("Learning as **Ana**" in m.value for m in at.markdown)
    first = session(at, game).current.rule
    at = answer(at, game, right=False)
    at.button(key=f"{key(at, game)}:why").click().run()
    at.button(key=f"{key(at, game)}:next").click().run()
    at = answer(at, game, right=True)
    items = {it.rule: it for it in store.practice_items(me.id, game)}
    assert items[first].missed == 1 and items[first].box == 1
    second = session(at, game).current.rule
    assert items[second].missed == 0 and items[second].box == 2
    assert store.streak(me.id, game).current == 1
    # a fresh session of the same learner (a reload): the store chooses, the missed rule is due before long
    again = report_learner(open_practice(game), me.id)
    assert any("Streak: **1**" in m.value for m in again.markdown)
    assert session(again, game).current.rule not in (first, second), "rules never asked come first"


def test_a_fixed_set_from_a_link_is_the_same_for_everyone_and_ends_with_a_summary(db: Path) -> None:
    game = "thirteen"
    link = {"practice": "77", "n": "3", "rules": "pagat"}
    items = practice_set(game, 77, 3)
    first = open_practice(game, link)
    other = open_practice(game, link)
    assert not first.exception, texts(first.exception)
    for at in (first, other):
        s = session(at, game)
        assert (s.current.rule, s.current.seed, s.preset) == (items[0].rule, items[0].seed, "pagat")
        assert any("Set 77 · 3 exercises" in c.value for c in at.caption)
    at = first
    for n, item in enumerate(items, start=1):
        assert (session(at, game).current.rule, session(at, game).current.seed) == (item.rule, item.seed)
        assert any(f"Exercise {n} of 3" in c.value for c in at.caption)
        at = answer(at, game, right=n != 2)
        if n == 2:
            at.button(key=f"{key(at, game)}:why").click().run()
        label = at.button(key=f"{key(at, game)}:next").label
        assert label == ("See how you did" if n == 3 else "Next")
        at.button(key=f"{key(at, game)}:next").click().run()
    assert not at.exception
    assert at.success[0].value == "You finished the set: 2 of 3 right at the first try."
    at.button(key=f"{game}:practice:again").click().run()
    assert (session(at, game).current.rule, session(at, game).current.seed) == (items[0].rule, items[0].seed)


@pytest.mark.parametrize(("query", "words"), [
    ({"practice": "abc"}, "set number must be a whole number"),
    ({"practice": "5", "n": "0"}, "number of exercises must be from 1 to 100"),
    ({"practice": "5", "n": "1000000"}, "number of exercises must be from 1 to 100"),
    ({"practice": "9999999999999"}, "set number must be a whole number"),
    ({"practice": "5", "rules": "<b>poker</b>"}, "not one of this game's rule sets"),
])
def test_a_damaged_link_is_refused_and_practice_goes_on(query: dict[str, str], words: str, db: Path) -> None:
    at = open_practice("euchre", query)
    assert not at.exception, texts(at.exception)
    (warning,) = at.warning
    assert words in warning.value and "practising freely" in warning.value
    assert "<b>" not in warning.value
    assert session(at, "euchre").fixed is None and session(at, "euchre").current is not None


def test_the_teacher_panel_makes_the_link_and_starts_the_set(db: Path) -> None:
    game = "doudizhu"
    at = open_practice(game)
    at.number_input(key=f"{game}:practice:teacher:number").set_value(314).run()
    at.number_input(key=f"{game}:practice:teacher:length").set_value(6).run()
    assert any("?practice=314&n=6&rules=three_player" in c.value for c in at.code)
    at.button(key=f"{game}:practice:teacher:use").click().run()
    assert dict(at.query_params) == {"practice": "314", "n": "6", "rules": "three_player"}
    s = session(at, game)
    assert s.fixed == practice_set(game, 314, 6) and s.current.number == 1


def test_the_sidebar_rules_change_the_exercise_on_screen(db: Path) -> None:
    game = "shengji"
    at = open_practice(game)
    assert session(at, game).preset == "competition"
    before = shown(at, game)
    at.session_state[f"sidebar:preset:{game}"] = "tractor"  # what the sidebar's menu sets
    at.run()
    assert not at.exception
    assert session(at, game).preset == "tractor"
    after = shown(at, game)
    assert after.preset == "tractor" and (after.rule, after.seed) == (before.rule, before.seed)
