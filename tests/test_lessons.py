"""Every lesson of every game: it parses, the engine agrees with each claim, its example deals with any
seed, its exercise judges the recorded answers as the lesson says, and its page renders."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, json_commands
from engine.lessons import Lesson, check_claim, example_request, judge, load_lessons, lookup, parse_lesson
from tests.conftest import ROOT
from tests.fixtures import demo_game

FIXTURES = Path(__file__).parent / "fixtures" / "lessons"
GAME_LESSONS = [(g, lesson) for g in GAMES for lesson in load_lessons(g)]
ALL = [("demo", lesson, demo_game.COMMANDS) for lesson in load_lessons("demo", FIXTURES)]
ALL += [(g, lesson, json_commands(g)) for g, lesson in GAME_LESSONS]
IDS = [f"{g}/{lesson.slug}" for g, lesson, _ in ALL]
RESEEDS = (2, 7, 31, 1234, 99991)


@pytest.mark.parametrize(("game", "lesson", "commands"), ALL, ids=IDS)
def test_claims_hold(game: str, lesson: Lesson, commands) -> None:
    for claim in lesson.claims:
        assert claim.command in commands, f"{lesson.path}: no command {claim.command!r}"
        problems = check_claim(claim, commands[claim.command])
        assert not problems, f"{lesson.path}: claim {claim.text!r}: {problems}"


@pytest.mark.parametrize(("game", "lesson", "commands"), ALL, ids=IDS)
def test_example_and_exercise(game: str, lesson: Lesson, commands) -> None:
    assert lesson.body, f"{lesson.path}: the lesson has no text"
    example_answer, seed = None, None
    if lesson.example is not None:
        seed = lesson.example.request.get("seed") if lesson.example.reseed else None
        example_answer = commands[lesson.example.command](example_request(lesson.example, seed))
        for _, path in lesson.example.show:
            lookup(example_answer, path)
    exercise = lesson.exercise
    if exercise is None:
        return
    assert exercise.tests, f"{lesson.path}: the exercise needs [[exercise.tests]] with answers and verdicts"
    assert any(t["right"] for t in exercise.tests) or exercise.input == "cards", \
        f"{lesson.path}: no test answer is right"
    for test in exercise.tests:
        feedback = judge(exercise, test["answer"], commands[exercise.command], example_answer, seed)
        assert feedback.right == test["right"], (
            f"{lesson.path}: answer {test['answer']!r} judged {feedback.right}, lesson says {test['right']}: "
            f"{feedback.message}"
        )
        if exercise.explain:
            assert feedback.message, f"{lesson.path}: the engine gave no explanation for {test['answer']!r}"


@pytest.mark.parametrize(("game", "lesson", "commands"), [a for a in ALL if a[1].example and a[1].example.reseed],
                         ids=[i for a, i in zip(ALL, IDS, strict=True) if a[1].example and a[1].example.reseed])
def test_reseeded_examples_work(game: str, lesson: Lesson, commands) -> None:
    assert lesson.example is not None
    for seed in RESEEDS:
        answer = commands[lesson.example.command](example_request(lesson.example, seed))
        for _, path in lesson.example.show:
            lookup(answer, path)
        exercise = lesson.exercise
        if exercise is not None and exercise.tests:
            judge(exercise, exercise.tests[0]["answer"], commands[exercise.command], answer, seed)


def test_lesson_format_errors_name_the_file() -> None:
    from engine.lessons import LessonFormatError

    with pytest.raises(LessonFormatError, match="x.md"):
        parse_lesson("no header", "demo", "x", Path("x.md"))
    with pytest.raises(LessonFormatError, match="missing 'title'"):
        parse_lesson("+++\nsummary = 'a'\n+++\nbody", "demo", "x", Path("x.md"))


def _lesson_page(game: str, root: str | None = None):
    def page(game: str, root: str | None) -> None:
        from pathlib import Path

        from ui.lessons import render_lessons

        if root is None:
            render_lessons(game)
        else:
            from tests.fixtures import demo_game

            render_lessons(game, root=Path(root), commands=demo_game.COMMANDS, title="Demo")

    return AppTest.from_function(page, args=(game, root), default_timeout=120)


def test_demo_lesson_page_walk() -> None:
    at = _lesson_page("demo", str(FIXTURES)).run()
    assert not at.exception
    assert "Pairs" in [h.value for h in at.header]
    assert len(at.get("image")) >= 1
    at.button(key="demo:lesson:01-pairs:seed:again").click().run()
    assert not at.exception
    at.button(key="demo:lesson:index:next").click().run()
    assert "Which is higher?" in [h.value for h in at.header]
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("4H").run()
    assert at.error and "Not quite" in at.error[0].value
    at.radio(key="demo:lesson:02-higher:answer:None").set_value("5S").run()
    assert at.success and "Right" in at.success[0].value


@pytest.mark.parametrize("game", sorted({g for g, _ in GAME_LESSONS}))
def test_every_lesson_page_renders(game: str) -> None:
    at = _lesson_page(game).run()
    assert not at.exception
    for index in range(len(load_lessons(game))):
        at.session_state[f"{game}:lesson:index"] = index
        at.run()
        assert not at.exception, f"{game} lesson {index + 1}: {[e.value for e in at.exception]}"
        assert not at.error, f"{game} lesson {index + 1}: {[e.value for e in at.error]}"


def test_lesson_files_live_in_game_folders() -> None:
    for folder in (ROOT / "lessons").iterdir():
        if folder.is_dir():
            assert folder.name in GAMES, f"lessons/{folder.name} is not a game"
