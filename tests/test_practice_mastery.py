"""Mastery a learner can see on the practice page (AppTest): every skill of the game in a plotly chart and a
table that change after each answer; a lesson's "practise this" link (``?lesson=<slug>``) practises only that
lesson's skills; a wrong answer's feedback links back to the skill's lessons."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.practice import rules_for, rules_of_lesson
from tests.test_practice_pages import answer, key, open_practice, session
from ui.practice_mastery import skill_rows
from ui.store import practice as schedule


@pytest.fixture()
def db(tmp_path, monkeypatch) -> Path:
    file = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{file}")
    return file


def chart_values(at: AppTest, game: str) -> dict[str, float]:
    (chart,) = [c for c in at.get("plotly_chart") if "Mastery (%)" in c.proto.spec]
    bar = json.loads(chart.proto.spec)["data"][0]
    return dict(zip(bar["y"], bar["x"], strict=True))


def table_rows(at: AppTest) -> list[dict[str, str]]:
    frame = at.dataframe[-1].value
    return frame.to_dict("records")


def test_the_chart_and_table_show_every_skill_and_change_after_each_answer(db: Path) -> None:
    game = "euchre"
    at = open_practice(game)
    titles = [r.title for r in rules_for(game)]
    before = chart_values(at, game)
    assert sorted(before) == sorted(titles) and set(before.values()) == {0}
    assert [row["Skill"] for row in table_rows(at)] == titles
    asked = rules_for(game)[[r.key for r in rules_for(game)].index(session(at, game).current.rule)].title
    at = answer(at, game, right=True)
    after = chart_values(at, game)
    assert after[asked] > 0 and all(after[t] == 0 for t in titles if t != asked)
    row = next(r for r in table_rows(at) if r["Skill"] == asked)
    assert row["Right"] == "1 of 1" and row["Waits"] == "10 min"
    at.button(key=f"{key(at, game)}:next").click().run()
    second = rules_for(game)[[r.key for r in rules_for(game)].index(session(at, game).current.rule)].title
    at = answer(at, game, right=False)
    missed = chart_values(at, game)
    assert missed[second] == 0 and missed[asked] == after[asked]
    row = next(r for r in table_rows(at) if r["Skill"] == second)
    assert row["Right"] == "0 of 1" and row["Waits"] == "1 min"


def test_a_wrong_answer_links_back_to_the_skills_lessons(db: Path) -> None:
    game = "shengji"
    at = open_practice(game)
    rule = session(at, game).current.rule
    at = answer(at, game, right=False)
    links = [link.proto.label for link in at.get("page_link")]
    lessons = next(r for r in rules_for(game) if r.key == rule).lessons
    assert lessons and sum(label.startswith("Lesson: ") for label in links) == len(lessons)


def test_a_lessons_practise_this_link_practises_only_its_skills(db: Path) -> None:
    game = "euchre"
    focus = {r.key for r in rules_of_lesson(game, "03-bowers")}
    assert focus
    at = open_practice(game, {"lesson": "03-bowers"})
    asked = set()
    for _ in range(4):
        asked.add(session(at, game).current.rule)
        at = answer(at, game, right=True)
        at.button(key=f"{key(at, game)}:next").click().run()
    assert asked <= focus
    assert any("Practising the lesson" in c.value for c in at.caption)
    at.button(key=f"{game}:practice:all").click().run()
    assert session(at, game).focus == ()


def test_a_lesson_without_skills_says_so_and_practises_everything(db: Path) -> None:
    at = open_practice("euchre", {"lesson": "no-such-lesson"})
    assert not at.exception
    assert any("There is no lesson" in w.value for w in at.warning)
    assert session(at, "euchre").focus == ()


def test_skill_rows_follow_the_schedulers_mastery() -> None:
    rules = rules_for("doudizhu")
    item = schedule.item_after(None, "doudizhu", rules[0].key, True, datetime(2026, 1, 1, tzinfo=UTC))
    rows = skill_rows(rules, {rules[0].key: item})
    assert rows[0].mastery == schedule.mastery(item) > 0 and rows[0].level != "new"
    assert all(r.level == "new" and r.wait is None for r in rows[1:])


@pytest.mark.parametrize("game", ["shengji", "euchre"])
def test_every_lesson_ends_with_practise_this_into_its_own_skills(game: str, db: Path) -> None:
    from engine.lessons import load_lessons
    from tests.test_lessons_pages import open_lessons

    for lesson in load_lessons(game)[::3]:
        at = open_lessons(game, lesson.slug)
        assert not at.exception, [e.value for e in at.exception]
        (link,) = [p.proto for p in at.get("page_link") if p.proto.label.startswith("Practise this")]
        skills = rules_of_lesson(game, lesson.slug)
        assert skills and all(r.title in link.label for r in skills)
        assert link.page.endswith(f"{game}_practice") and link.query_string == f"lesson={lesson.slug}"
        practice = open_practice(game, {"lesson": lesson.slug})
        assert session(practice, game).focus == tuple(r.key for r in skills)
