"""The lesson open is always an index, whatever the menu sends back (issue 21: Shengji lesson 2, solved, then
Next, replaced the page by "ValueError: invalid literal for int() with base 10: '1. Teams, levels and the goal'").

A browser sends the menu's value as the label it drew; once a lesson gets its ✓ the labels change, and a label
drawn before the change (no ✓) reaches the page as text. The AppTest below sends exactly that, for the second
lesson of every game, solved with an answer the engine gives (tests.lesson_answers)."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from engine.lessons import Lesson, load_lessons
from tests.card_hand_testing import press
from tests.conftest import ROOT
from tests.lesson_answers import answers, example_of
from ui.lesson_menu import menu_choice
from ui.lessons import parse_any_cards

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")


def answer(at: AppTest, lesson: Lesson, value: Any) -> AppTest:
    """Answer ``lesson``'s exercise on the page as a learner would."""
    exercise = lesson.exercise
    assert exercise is not None
    _, seed = example_of(lesson)
    key = f"{lesson.game}:lesson:{lesson.slug}:answer:{seed}"
    if exercise.input == "cards":
        return press(at, key, "check", cards=parse_any_cards(value))
    if exercise.input == "choice":
        return at.radio(key=key).set_value(value).run()
    if exercise.input == "yes_no":
        return at.radio(key=key).set_value("Yes" if value else "No").run()
    at.number_input(key=key).set_value(int(value)).run()
    return at.button(key=f"{key}:check").click().run()


def send_stale_label(at: AppTest, game: str, label: str) -> None:
    """Make the menu send ``label`` on the next run, as a browser that drew it before the ✓ came does."""
    menu = at.selectbox(key=f"{game}:lesson:index")

    class Stale(type(menu)):  # type: ignore[misc]
        @property
        def _widget_state(self) -> WidgetState:
            state = WidgetState()
            state.id = self.id
            state.string_value = label
            return state

    menu.__class__ = Stale


@pytest.mark.parametrize("game", GAMES)
def test_next_after_a_right_answer_with_a_stale_menu_label_opens_the_next_lesson(game: str) -> None:
    lessons = load_lessons(game)
    lesson = lessons[1]
    at = AppTest.from_file(str(ROOT / "pages" / f"{game}_lessons.py"), default_timeout=120)
    at.query_params["lesson"] = "2"
    at = at.run()
    assert [h.value for h in at.header] == [lesson.title]
    at = answer(at, lesson, answers(lesson).right)
    assert at.success and at.success[0].value.startswith("Right. "), [e.value for e in at.error]
    assert at.selectbox(key=f"{game}:lesson:index").options[1] == f"✓ 2. {lesson.title}"
    for stale in (f"2. {lesson.title}", f"✓ 1. {lessons[0].title}"):  # drawn before the ✓ came or went
        send_stale_label(at, game, stale)
        at = at.button(key=f"{game}:lesson:index:next-bottom").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert [h.value for h in at.header] == [lessons[2].title]
        assert at.query_params["lesson"] == "3"
        at = at.button(key=f"{game}:lesson:index:prev").click().run()
        assert [h.value for h in at.header] == [lesson.title]


def test_a_menu_value_is_a_choice_only_as_an_index_in_range() -> None:
    assert menu_choice(2, 5) == 2
    assert menu_choice("✓ 3. Throws", 5) is None
    assert menu_choice("3. Throws", 5) is None
    assert menu_choice(7, 5) is None
    assert menu_choice(-1, 5) is None
    assert menu_choice(True, 5) is None
    assert menu_choice(None, 5) is None
