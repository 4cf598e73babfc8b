"""The classroom half of the store: teachers' accounts (argon2 hashes, never the password), classes and join
codes, students joining and resuming on another device, the guards against guessing, the teacher's report."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import sqlalchemy as sa

from ui.store import InputRefused, NotAllowed, Store, Throttled, WrongCode
from ui.store.classes import ALPHABET, FREE_GUESSES, JOIN_LENGTH, normal_code, show_resume_code, wait_after

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PASSWORD = "correct horse battery"


@pytest.fixture()
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'classroom.sqlite'}"


@pytest.fixture()
def store(url: str) -> Store:
    return Store(url)


def _dump(url: str) -> str:
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        text = "\n".join(str(row) for table in ("teachers", "guards", "resume_codes", "learners")
                         for row in conn.execute(sa.text(f"SELECT * FROM {table}")))
    engine.dispose()
    return text


def test_a_teacher_signs_up_and_in_and_the_password_is_kept_only_as_an_argon2_hash(store: Store, url: str,
                                                                                   caplog: pytest.LogCaptureFixture
                                                                                   ) -> None:
    caplog.set_level("DEBUG")
    me = store.sign_up("Ms Rivera", PASSWORD)
    assert store.sign_in("ms rivera", PASSWORD, "browser-1") == me
    assert store.teacher_by_id(me.id) == me
    stored = _dump(url)
    assert PASSWORD not in stored and "$argon2id$" in stored
    assert PASSWORD not in caplog.text
    with pytest.raises(WrongCode) as wrong:
        store.sign_in("Ms Rivera", "not the password", "browser-1")
    assert "not the password" not in str(wrong.value)
    with pytest.raises(WrongCode):
        store.sign_in("Nobody", PASSWORD, "browser-1")
    with pytest.raises(InputRefused, match="exists already"):
        store.sign_up("MS RIVERA", "another password")
    with pytest.raises(InputRefused, match="8 to 200"):
        store.sign_up("Mr Short", "short")


def test_a_class_gets_a_short_unambiguous_code_students_join_and_resume_elsewhere(store: Store) -> None:
    teacher = store.sign_up("Ms Rivera", PASSWORD)
    klass = store.create_class(teacher.id, "Year 9 cards")
    assert len(klass.code) == JOIN_LENGTH and set(klass.code) <= set(ALPHABET)
    assert not set(klass.code) & set("01OIL")
    assert store.classes_of(teacher.id) == (klass,)
    ana = store.join_class(klass.code.lower()[:3] + " " + klass.code.lower()[3:], "Ana", "phone-1")
    other_ana = store.join_class(klass.code, "Ana", "phone-2")
    assert ana.learner.id != other_ana.learner.id, "two students may share a name; neither gets the other's record"
    assert ana.class_title == "Year 9 cards" and store.class_of(ana.learner.id) == "Year 9 cards"
    assert store.resume(show_resume_code(ana.resume_code), "laptop") == ana.learner
    assert store.resume(ana.resume_code.lower(), "laptop") == ana.learner
    fresh = store.new_resume_code(ana.learner.id)
    with pytest.raises(WrongCode, match="resume code is not known"):
        store.resume(ana.resume_code, "laptop")
    assert store.resume(fresh, "laptop") == ana.learner
    with pytest.raises(WrongCode, match="No class has this join code"):
        store.join_class("ZZZZZZ" if klass.code != "ZZZZZZ" else "YYYYYY", "Ben", "phone-3")


def test_a_learner_alone_gets_a_resume_code_and_no_class(store: Store) -> None:
    alone = store.start_alone("Bo")
    assert alone.class_title is None and store.class_of(alone.learner.id) is None
    assert store.resume(alone.resume_code, "elsewhere") == alone.learner
    assert store.start_alone("Bo").learner.id != alone.learner.id


def test_twenty_wrong_join_codes_in_a_row_from_one_browser_are_slowed_down(store: Store) -> None:
    teacher = store.sign_up("Ms Rivera", PASSWORD)
    klass = store.create_class(teacher.id, "Year 9")
    moment, refused = T0, 0
    for guess in range(20):
        try:
            store.join_class(f"WRONG{guess}", "Eve", "attacker", now=moment)
        except Throttled:
            refused += 1
        except WrongCode:
            pass
        moment += timedelta(seconds=1)
    assert refused >= 20 - FREE_GUESSES - 5, "most of twenty quick guesses are refused"
    with pytest.raises(Throttled, match="please wait"):
        store.join_class(klass.code, "Eve", "attacker", now=moment)  # even the right code waits
    assert store.join_class(klass.code, "Dan", "another browser", now=moment).class_title == "Year 9"
    later = moment + timedelta(hours=1)
    assert store.join_class(klass.code, "Eve", "attacker", now=later).class_title == "Year 9"
    assert store.guard_failures("join", "attacker") == 0, "a right code clears the count"


def test_wrong_passwords_are_slowed_per_account_whatever_the_browser(store: Store) -> None:
    store.sign_up("Ms Rivera", PASSWORD)
    for browser in range(FREE_GUESSES):
        with pytest.raises(WrongCode):
            store.sign_in("Ms Rivera", "guess", f"browser-{browser}", now=T0)
    with pytest.raises(Throttled, match="please wait 2 seconds"):
        store.sign_in("Ms Rivera", PASSWORD, "a new browser", now=T0)
    assert store.sign_in("Ms Rivera", PASSWORD, "a new browser", now=T0 + timedelta(seconds=3)).name == "Ms Rivera"


def test_resume_codes_are_guarded_too_and_the_waits_grow_to_a_ceiling(store: Store) -> None:
    for _ in range(FREE_GUESSES):
        with pytest.raises(WrongCode):
            store.resume("AAAAA-AAAAA", "guesser", now=T0)
    with pytest.raises(Throttled):
        store.resume("AAAAA-AAAAA", "guesser", now=T0)
    assert [wait_after(n) for n in (0, FREE_GUESSES - 1, FREE_GUESSES, FREE_GUESSES + 1)] == [0, 0, 2, 4]
    assert wait_after(100) == 15 * 60
    assert normal_code(None) == "" and normal_code(" ab-cd ") == "ABCD"


def test_the_teachers_report_shows_each_students_lessons_practice_and_last_activity(store: Store) -> None:
    teacher = store.sign_up("Ms Rivera", PASSWORD)
    klass = store.create_class(teacher.id, "Year 9")
    ana = store.join_class(klass.code, "Ana", "p1", now=T0).learner
    store.join_class(klass.code, "Ben", "p2", now=T0)
    store.mark_lesson_done(ana.id, "shengji", "01-cards", now=T0 + timedelta(minutes=5))
    store.mark_lesson_done(ana.id, "shengji", "02-trumps", now=T0 + timedelta(minutes=6))
    store.record_practice(ana.id, "shengji", "is_tractor", False, now=T0 + timedelta(minutes=9))
    outsider = store.start_alone("Zed").learner
    store.mark_lesson_done(outsider.id, "shengji", "01-cards")
    report = store.class_report(teacher.id, klass.id)
    assert [r.learner.name for r in report] == ["Ana", "Ben"], "only the class's students"
    first, second = report
    assert first.lessons_done == (("shengji", 2),)
    assert [(i.rule, i.seen, i.missed) for i in first.practice] == [("is_tractor", 1, 1)]
    assert first.last_activity == T0 + timedelta(minutes=9)
    assert second.lessons_done == () and second.practice == () and second.last_activity is None
    intruder = store.sign_up("Mr Other", PASSWORD)
    with pytest.raises(NotAllowed, match="not one of yours"):
        store.class_report(intruder.id, klass.id)
