"""The progress store (ui/store) against SQLite (a temporary file) and a real PostgreSQL server.

PostgreSQL: `make test` starts a throwaway server (`make postgres`) and passes its URL in CARD_TABLE_TEST_PG_URL;
these tests then use it and fail (never skip) when it cannot be reached. Run without that variable (plain
pytest), they start a private server of their own for the session, and fail when PostgreSQL is not installed.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tempfile
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from tests.helpers import postgres
from ui.store import (
    InputRefused,
    SchemaTooNew,
    Store,
    StoreError,
    StoreUnavailable,
    Streak,
    UnknownLearner,
    database_url,
    schema,
    text,
)
from ui.store import practice as leitner
from ui.store import store as store_module
from ui.store.models import Base

ROOT = Path(__file__).resolve().parent.parent
T0 = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
GAME = "shengji"


# --- servers and databases -----------------------------------------------------------------------------------

def _reachable(url: str) -> None:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(sa.text("SELECT 1"))
    except sa.exc.SQLAlchemyError as e:
        raise postgres.PostgresUnavailable(f"the PostgreSQL server at {url} cannot be reached: {e}") from None
    finally:
        engine.dispose()


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL database on a running server that the tests may create databases on."""
    given = os.environ.get(postgres.URL_ENV)
    if given is not None:
        if not given.strip():
            pytest.fail(f"{postgres.URL_ENV} is empty: `make postgres` did not write the server's URL")
        try:
            _reachable(given.strip())
        except postgres.PostgresUnavailable as e:
            pytest.fail(f"{e}\n(`make test` starts this server with `make postgres`; is it still running?)")
        yield given.strip()
        return
    folder = Path(tempfile.mkdtemp(prefix="ctpg-", dir="/tmp"))
    try:
        cluster = postgres.start(folder)
    except postgres.PostgresUnavailable as e:
        pytest.fail(f"the PostgreSQL tests need a server and none could be started: {e}")
    try:
        yield cluster.url
    finally:
        postgres.stop(folder)


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A new, empty database on the test server (dropped afterwards)."""
    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = sa.create_engine(pg_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(pg_server).set(database=name).render_as_string(hide_password=False)
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture(scope="session")
def pg_shared(pg_server: str) -> Iterator[str]:
    """One migrated database for the tests that only need empty tables (a new database each costs 0.2 s)."""
    name = f"t_shared_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(pg_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    url = sa.make_url(pg_server).set(database=name).render_as_string(hide_password=False)
    Store(url).close()
    try:
        yield url
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.fixture
def pg_clean(pg_shared: str) -> str:
    """The shared PostgreSQL database with every table emptied."""
    engine = sa.create_engine(pg_shared)
    with engine.begin() as conn:
        tables = ", ".join(t.name for t in Base.metadata.sorted_tables)
        conn.execute(sa.text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    engine.dispose()
    return pg_shared


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'data' / 'classroom.sqlite'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest) -> str:
    """The URL of a database with the store's tables, all empty: SQLite, then PostgreSQL."""
    return str(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_clean"))


@pytest.fixture(params=["sqlite", "postgresql"])
def new_url(request: pytest.FixtureRequest) -> str:
    """The URL of a new database without any table: SQLite, then PostgreSQL."""
    return str(request.getfixturevalue("sqlite_url" if request.param == "sqlite" else "pg_url"))


@pytest.fixture
def store(url: str) -> Iterator[Store]:
    opened = Store(url)
    yield opened
    opened.close()


# --- learners, lessons, exercises ----------------------------------------------------------------------------

def test_a_learner_is_found_again_by_name_and_by_id_and_by_a_second_store(store: Store, url: str) -> None:
    ana = store.learner("  Ana   Lopez ", now=T0)
    assert (ana.name, ana.created) == ("Ana Lopez", T0)
    assert store.learner("ana lopez") == ana, "names that differ only in case and spacing are the same learner"
    ben = store.learner("Ben")
    assert ben.id != ana.id and len(ana.id) >= 16
    assert store.learner_by_id(ana.id) == ana
    assert store.learner_by_id("x" * 22) is None
    assert store.find_learner("ANA LOPEZ") == ana and store.find_learner("Ana\u200b Lopez") == ana
    assert store.find_learner("Ａｎａ Ｌｏｐｅｚ") == ana, "full-width letters are the same name"
    assert store.find_learner("Carla") is None and "Carla" not in {x.name for x in store.learners()}
    assert [x.name for x in store.learners()] == ["Ana Lopez", "Ben"]
    other = Store(url)
    assert other.learner_by_id(ben.id) == ben
    other.close()


def test_lessons_done_and_the_last_lesson_open_per_game(store: Store) -> None:
    me = store.learner("Ana").id
    assert store.progress(me, GAME).lessons_done == frozenset() and store.last_lesson(me, GAME) is None
    store.mark_lesson_done(me, GAME, "01-teams", now=T0)
    store.mark_lesson_done(me, GAME, "01-teams", now=T0 + timedelta(days=1))  # again: no error, no change
    store.mark_lesson_done(me, GAME, "02-deal")
    store.mark_lesson_done(me, "euchre", "01-deck-and-partners")
    store.open_lesson(me, GAME, "03-order")
    store.open_lesson(me, GAME, "07-throws")
    store.open_lesson(me, "euchre", "02-calling-rounds")
    assert store.lessons_done(me, GAME) == {"01-teams", "02-deal"}
    assert store.lessons_done(me, "euchre") == {"01-deck-and-partners"}
    assert store.last_lesson(me, GAME) == "07-throws"
    assert store.last_lesson(me, "euchre") == "02-calling-rounds"
    assert store.last_lesson(me, "thirteen") is None


def test_tries_are_kept_in_order_and_only_right_answers_mark_an_exercise_done(store: Store) -> None:
    me = store.learner("Ana").id
    store.record_try(me, GAME, "07-throws.q1", False, "KH KH", now=T0)
    store.record_try(me, GAME, "07-throws.q1", True, "AH AH", now=T0 + timedelta(seconds=30))
    store.record_try(me, GAME, "08-follow.q1", False, "3C", now=T0 + timedelta(seconds=60))
    kept = store.tries(me, GAME)
    assert [(t.exercise, t.correct, t.answer) for t in kept] == [
        ("07-throws.q1", False, "KH KH"), ("07-throws.q1", True, "AH AH"), ("08-follow.q1", False, "3C")]
    assert kept[1].at == T0 + timedelta(seconds=30) and kept[1].at.tzinfo is not None
    assert [t.answer for t in store.tries(me, GAME, "08-follow.q1")] == ["3C"]
    assert [t.answer for t in store.tries(me, GAME, limit=2)] == ["AH AH", "3C"], "the newest, oldest first"
    assert store.exercises_done(me, GAME) == {"07-throws.q1"}
    assert store.tries(me, "euchre") == ()


# --- practice ------------------------------------------------------------------------------------------------

def test_leitner_boxes_move_up_when_right_and_back_to_the_first_when_wrong(store: Store) -> None:
    me = store.learner("Ana").id
    boxes = []
    waits = [timedelta(minutes=10), timedelta(days=1), timedelta(days=3), timedelta(days=7), timedelta(days=17.5),
             timedelta(minutes=1), timedelta(minutes=10)]  # SM-2: in the last box the wait grows by the ease 2.5
    for i, right in enumerate([True, True, True, True, True, False, True]):
        item = store.record_practice(me, GAME, "is_tractor", right, now=T0 + timedelta(hours=i))
        boxes.append(item.box)
        assert item.due == T0 + timedelta(hours=i) + waits[i]
    assert boxes == [2, 3, 4, 5, 5, 1, 2]
    (item,) = store.practice_items(me, GAME)
    assert (item.rule, item.seen, item.missed, item.right) == ("is_tractor", 7, 1, 6)


def test_due_practice_puts_due_and_often_missed_rules_first_then_new_ones_then_the_soonest(store: Store) -> None:
    me = store.learner("Ana").id
    rules = ["lead", "follow", "trump", "score", "throw"]
    assert store.due_practice(me, GAME, rules, 3, now=T0) == ("lead", "follow", "trump"), "all new: in given order"
    store.record_practice(me, GAME, "follow", False, now=T0)  # box 1, due in a minute
    store.record_practice(me, GAME, "lead", True, now=T0)  # box 2, due in ten minutes
    store.record_practice(me, GAME, "trump", False, now=T0)
    store.record_practice(me, GAME, "trump", False, now=T0)  # box 1, missed twice
    later = T0 + timedelta(minutes=2)
    assert store.due_practice(me, GAME, rules, 5, now=later) == ("trump", "follow", "score", "throw", "lead")
    assert store.due_practice(me, GAME, rules, 5, now=T0) == ("score", "throw", "follow", "trump", "lead")
    assert store.due_practice(me, GAME, ["lead", "lead"], 5, now=T0) == ("lead",)
    assert store.due_practice(me, GAME, rules, 0, now=T0) == ()


def test_in_a_practice_session_the_rule_missed_most_comes_back_most_often(store: Store) -> None:
    me = store.learner("Ana").id
    rules = ["lead", "follow", "trump", "score", "throw", "tractor"]
    asked: Counter[str] = Counter()
    now = T0
    for _ in range(30):  # one exercise every 20 seconds; the learner always gets "trump" wrong
        (rule,) = store.due_practice(me, GAME, rules, 1, now=now)
        asked[rule] += 1
        store.record_practice(me, GAME, rule, rule != "trump", now=now)
        now += timedelta(seconds=20)
    assert asked.most_common(1)[0][0] == "trump"
    assert asked["trump"] >= 2 * max(n for r, n in asked.items() if r != "trump")
    assert set(asked) == set(rules), "every rule is still asked"


def test_the_streak_counts_right_answers_in_a_row_and_days_in_a_row(store: Store) -> None:
    me = store.learner("Ana").id
    assert store.streak(me, GAME).current == 0 and store.streak(me, GAME).last_day is None
    for right in [True, True, True, False, True]:
        store.record_practice(me, GAME, "lead", right, now=T0)
    s = store.streak(me, GAME)
    assert (s.current, s.best, s.days, s.last_day) == (1, 3, 1, date(2025, 3, 1))
    store.record_practice(me, GAME, "lead", True, now=T0 + timedelta(days=1))
    store.record_practice(me, GAME, "lead", True, now=T0 + timedelta(days=2))
    assert (store.streak(me, GAME).days, store.streak(me, GAME).current) == (3, 3)
    store.record_practice(me, GAME, "lead", True, now=T0 + timedelta(days=5))
    assert store.streak(me, GAME).days == 1, "a day missed starts the count again"
    assert store.streak(me, "euchre").best == 0


def test_the_day_of_the_streak_is_the_learners_own_date() -> None:
    before = leitner.next_streak(Streak(GAME, 0, 0, 4, date(2025, 3, 1)), True, date(2025, 3, 2))
    assert (before.days, before.current, before.best) == (5, 1, 1)


# --- saved positions -----------------------------------------------------------------------------------------

def test_saved_positions_round_trip_newest_first_and_can_be_deleted(store: Store) -> None:
    me = store.learner("Ana").id
    first = store.save_position(me, GAME, "Throw of A♥ K♥", {"hand": "AH KH", "lead": None, "decks": 2}, now=T0)
    second = store.save_position(me, "euchre", "Left bower", '{"trump": "H", "hand": "JD AS"}',
                                 now=T0 + timedelta(minutes=1))
    assert first.data() == {"hand": "AH KH", "lead": None, "decks": 2}
    assert json.loads(second.position) == {"trump": "H", "hand": "JD AS"}
    assert store.positions(me) == (second, first)
    assert store.positions(me, GAME) == (first,)
    assert store.delete_position(me, first.id) is True
    assert store.delete_position(me, first.id) is False
    other = store.learner("Ben").id
    assert store.delete_position(other, second.id) is False, "one learner cannot delete another's position"
    assert store.positions(me) == (second,)


def test_a_learner_keeps_a_bounded_number_of_positions(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store_module, "MAX_POSITIONS", 3)
    me = store.learner("Ana").id
    for i in range(3):
        store.save_position(me, GAME, f"p{i}", {"i": i})
    with pytest.raises(InputRefused, match="delete some"):
        store.save_position(me, GAME, "one more", {"i": 4})
    assert len(store.positions(me)) == 3


# --- bad and hostile input -----------------------------------------------------------------------------------

PLAIN_NAMES = [
    "<b>Bold</b> <script>alert(1)</script>",
    "Robert'); DROP TABLE learners;--",
    "[click](http://x.example) ![i](/a.png)",
    "王小明 Nguyễn Thị 😀",
    "% _ \\ ' \" ;",
]


@pytest.mark.parametrize("name", PLAIN_NAMES)
def test_html_markdown_and_sql_looking_names_are_kept_as_plain_text(store: Store, name: str) -> None:
    me = store.learner(name)
    assert me.name == name
    assert store.learner_by_id(me.id) == me
    assert store.learner(name).id == me.id
    assert store.learner("Someone else").id != me.id
    assert {x.name for x in store.learners()} == {name, "Someone else"}, "the tables are all still there"


@pytest.mark.parametrize(("name", "reason"), [
    ("x" * 10 * 1024 * 1024, "too long"),
    ("y" * (text.MAX_NAME + 1), "too long"),
    ("Ana\ud800", "broken character"),
    ("\udfffBen", "broken character"),
    ("Ana\x00Ben", "control characters"),
    ("Ana\x1bBen", "control characters"),
    ("Ana\x7f", "control characters"),
    ("\u202eAna", "control characters"),
    ("   \n\t ", "empty"),
    ("\u200b\u200d", "empty"),
    ("", "empty"),
    (None, "must be text"),
    (42, "must be text"),
    (b"Ana", "must be text"),
])
def test_names_the_store_cannot_keep_are_refused_with_a_message(store: Store, name: object, reason: str) -> None:
    with pytest.raises(InputRefused) as refused:
        store.learner(name)  # type: ignore[arg-type]
    assert reason in str(refused.value)
    assert store.learners() == (), "a refused name writes nothing"  # how fast: bench/bench_store.py
    assert store.learners() == ()


def test_white_space_in_a_name_is_one_space_and_forty_characters_are_kept(store: Store) -> None:
    assert store.learner("Ana\n\tLopez\r\n").name == "Ana Lopez"
    forty = "é" * text.MAX_NAME
    assert store.learner(forty).name == forty
    assert store.learner("e\u0301" * text.MAX_NAME).name == forty, "the same name written decomposed (NFC)"


def test_messages_never_quote_the_input() -> None:
    for hostile in ["<img src=x onerror=alert(1)>" * 10, "[a](http://x.example)\x00"]:
        with pytest.raises(InputRefused) as refused:
            text.clean_name(hostile)
        assert "<img" not in str(refused.value) and "http" not in str(refused.value)


@pytest.mark.parametrize(("position", "reason"), [
    ("[" * 20_000 + "]" * 20_000, "not valid JSON"),
    ('{"a": ' + "[" * 200_000 + "]" * 200_000 + "}", "too large"),
    ('{"a": ' * 50 + "1" + "}" * 50, "nested too deeply"),
    ('{"x": NaN}', "not valid JSON"),
    ('{"x": 1', "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ({"x": float("nan")}, "JSON cannot keep"),
    ({"x": object()}, "JSON cannot keep"),
    ({"x": "\ud800"}, "broken character"),
    ({"x": "y" * 70_000}, "too large"),
    ('{"x": "' + "y" * 70_000 + '"}', "too large"),
    (["not", "a", "dict"], "JSON object"),
    (12, "JSON object"),
])
def test_positions_the_store_cannot_keep_are_refused_with_a_message(store: Store, position: object,
                                                                    reason: str) -> None:
    me = store.learner("Ana").id
    with pytest.raises(InputRefused) as refused:
        store.save_position(me, GAME, "hostile", position)
    assert reason in str(refused.value)
    assert store.positions(me) == ()


def test_a_position_that_contains_itself_is_refused() -> None:
    loop: dict[str, object] = {}
    loop["self"] = loop
    with pytest.raises(InputRefused, match="JSON cannot keep"):
        text.position_json(loop)


def test_html_in_a_title_and_a_position_comes_back_as_text(store: Store) -> None:
    me = store.learner("Ana").id
    hostile = "<script>x</script> '; DELETE FROM positions;--"
    saved = store.save_position(me, GAME, hostile, {"note": hostile, "\u00e9": [1, {"b": None}]})
    (again,) = store.positions(me)
    assert again == saved and again.title == hostile and again.data()["note"] == hostile


@pytest.mark.parametrize(("game", "lesson"), [
    ("../etc", "01"), ("", "01"), ("shengji", "a" * 65), ("shengji", "07 throws"), ("shengji", "\ud800"),
    ("shengji", None), (3, "01"),
])
def test_keys_that_are_not_keys_are_refused(store: Store, game: object, lesson: object) -> None:
    me = store.learner("Ana").id
    with pytest.raises(InputRefused):
        store.mark_lesson_done(me, game, lesson)  # type: ignore[arg-type]
    assert store.lessons_done(me, GAME) == frozenset()


@pytest.mark.parametrize("learner_id", ["", "x" * 22, "'; DROP TABLE learners;--", "\ud800" * 20, None, 7])
def test_an_unknown_or_malformed_learner_id_is_an_unknown_learner(store: Store, learner_id: object) -> None:
    assert store.learner_by_id(learner_id) is None
    with pytest.raises(UnknownLearner, match="pick or type your name again"):
        store.mark_lesson_done(learner_id, GAME, "01-teams")  # type: ignore[arg-type]
    with pytest.raises(UnknownLearner):
        store.progress(learner_id, GAME)  # type: ignore[arg-type]


def test_other_wrong_arguments_are_refused(store: Store) -> None:
    me = store.learner("Ana").id
    calls: list[Callable[[], object]] = [
        lambda: store.record_try(me, GAME, "q1", "yes"),  # type: ignore[arg-type]
        lambda: store.record_try(me, GAME, "q1", True, "a" * 501),
        lambda: store.record_try(me, GAME, "q1", True, now=datetime(2025, 1, 1)),  # no time zone
        lambda: store.due_practice(me, GAME, "lead", 3),
        lambda: store.due_practice(me, GAME, ["lead"], -1),
        lambda: store.due_practice(me, GAME, ["lead"], True),
        lambda: store.due_practice(me, GAME, ["r"] * (text.MAX_RULES + 1), 1),
        lambda: store.delete_position(me, -1),
        lambda: store.save_position(me, GAME, "", {}),
    ]
    for call in calls:
        with pytest.raises(InputRefused):
            call()
    assert store.tries(me, GAME) == ()


def test_threads_of_one_app_process_writing_at_once_lose_nothing(store: Store) -> None:
    me = store.learner("Ana").id

    def answer(worker: int) -> None:
        for i in range(8):
            store.record_practice(me, GAME, "shared", True)
            store.record_try(me, GAME, f"w{worker}", i % 2 == 0)

    with ThreadPoolExecutor(max_workers=4) as pool:
        list(pool.map(answer, range(4)))
    (item,) = store.practice_items(me, GAME)
    assert item.seen == 32 and store.streak(me, GAME).best == 32
    assert len(store.tries(me, GAME)) == 32


# --- schema --------------------------------------------------------------------------------------------------

def test_the_migrations_build_exactly_the_models_tables(new_url: str) -> None:
    Store(new_url).close()
    engine = sa.create_engine(new_url)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
        assert schema.current_revisions(conn) == (schema.HEAD,)
    engine.dispose()


def test_the_head_constant_is_the_newest_migration() -> None:
    assert ScriptDirectory.from_config(schema.alembic_config()).get_heads() == [schema.HEAD]


def test_a_database_newer_than_the_code_is_refused_and_left_unchanged(new_url: str) -> None:
    url = new_url
    store = Store(url)
    me = store.learner("Ana")
    store.close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '0099_from_the_future'"))
    with pytest.raises(SchemaTooNew) as refused:
        Store(url)
    message = str(refused.value)
    assert "newer version of Card Table Classroom" in message and "0099_from_the_future" in message
    assert schema.HEAD in message
    with engine.connect() as conn:
        assert schema.current_revisions(conn) == ("0099_from_the_future",)
        assert conn.execute(sa.text("SELECT name FROM learners")).scalars().all() == [me.name]
    engine.dispose()


def test_a_downgraded_database_is_upgraded_again_on_first_use(new_url: str) -> None:
    url = new_url
    Store(url).close()
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        command.downgrade(schema.alembic_config(conn), "base")
    with engine.connect() as conn:
        assert not sa.inspect(conn).has_table("learners")
    engine.dispose()
    again = Store(url)
    assert again.learner("Ana").name == "Ana"
    again.close()


# --- where the data lives ------------------------------------------------------------------------------------

def test_the_default_database_is_a_file_in_the_data_folder_created_on_first_use(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch
                                                                                 ) -> None:
    assert database_url({}).database == str(ROOT / "data" / "classroom.sqlite")
    ignored = subprocess.run(["git", "check-ignore", "-q", "data/classroom.sqlite"], cwd=ROOT, check=False)
    assert ignored.returncode == 0, "the data folder is git-ignored"
    folder = tmp_path / "school" / "data"
    monkeypatch.delenv("CARD_TABLE_DB_URL", raising=False)
    monkeypatch.setenv("CARD_TABLE_DATA_DIR", str(folder))
    opened = Store()
    assert opened.file == folder / "classroom.sqlite" and opened.file.exists()
    with sa.create_engine(f"sqlite:///{opened.file}").connect() as conn:
        assert conn.execute(sa.text("PRAGMA journal_mode")).scalar() == "wal"
    opened.close()
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{tmp_path / 'elsewhere.sqlite'}")
    assert Store().file == tmp_path / "elsewhere.sqlite"


@pytest.mark.parametrize(("raw", "reason"), [
    ("not a url at all", "not a database URL"),
    ("mysql://u:p@localhost/db", "SQLite or PostgreSQL"),
])
def test_a_wrong_database_url_is_refused_with_a_message(raw: str, reason: str) -> None:
    with pytest.raises(StoreError, match=reason):
        Store(raw)


def test_postgres_urls_get_the_psycopg_driver() -> None:
    for raw in ["postgres://u@h/db", "postgresql://u@h/db"]:
        assert database_url({"CARD_TABLE_DB_URL": raw}).drivername == "postgresql+psycopg"


def test_an_unreachable_server_is_a_message_without_the_password(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable) as refused:
        Store(f"postgresql://learner:s3cret@/classroom?host={tmp_path}&port=1")
    assert "cannot be opened" in str(refused.value) and "s3cret" not in str(refused.value)


def test_a_data_folder_that_cannot_be_created_or_a_file_that_is_no_database_is_a_message(tmp_path: Path
                                                                                           ) -> None:
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(StoreUnavailable, match="cannot be created"):
        Store(f"sqlite:///{tmp_path / 'file' / 'data' / 'classroom.sqlite'}")
    with pytest.raises(StoreUnavailable, match="cannot be opened"):
        Store(f"sqlite:///{tmp_path / 'file'}")


def test_the_engine_never_imports_the_store() -> None:
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n == "ui" or n.startswith("ui.") for n in names), path


def test_postgres_tests_fail_loudly_when_the_server_is_gone(tmp_path: Path) -> None:
    with pytest.raises(postgres.PostgresUnavailable, match="cannot be reached"):
        _reachable(postgres.url_for(tmp_path))


# --- two processes -------------------------------------------------------------------------------------------

def _worker(url: str, name: str, tag: str, count: int) -> subprocess.Popen[str]:
    """A store worker process (tests/helpers/store_worker.py), opened and waiting for "go"."""
    return subprocess.Popen([sys.executable, "-m", "tests.helpers.store_worker", url, name, tag, str(count)],
                            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def _go(*procs: subprocess.Popen[str]) -> None:
    for proc in procs:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        if line != "ready":  # the worker died opening the store: show why
            _, err = proc.communicate(timeout=60)
            pytest.fail(f"a store worker did not open the store ({line!r}): {err.strip()[-2000:]}")
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()


def _finish(proc: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def _two_writers_at_once(url: str, count: int) -> None:
    """Two processes open a new database together (both migrate it), create the same learner at once and
    write ``count`` of everything at once; this process then reads it all back: nothing may be lost."""
    a, b = _worker(url, "Ana", "a", count), _worker(url, "Ana", "b", count)
    _go(a, b)
    ids = {_finish(a)["learner"], _finish(b)["learner"]}
    store = Store(url)
    ana = store.learner("Ana")
    assert ids == {ana.id}, "both processes are the same learner"
    progress = store.progress(ana.id, GAME)
    assert len(store.tries(ana.id, GAME)) == 2 * count
    assert progress.lessons_done == {f"{t}-{i}" for t in "ab" for i in range(count)}
    assert progress.exercises_done == {"a-exercise", "b-exercise"}
    assert progress.last_lesson in {f"a-{count - 1}", f"b-{count - 1}"}
    (shared,) = store.practice_items(ana.id, GAME)
    wrong = sum(1 for i in range(count) if i % 2)  # each writer answers right, wrong, right, …
    assert (shared.rule, shared.seen, shared.missed) == ("shared", 2 * count, 2 * wrong)
    store.close()


def _a_later_process_sees_and_adds(url: str, count: int) -> None:
    """What the writers stored, a process started after they ended (an app server restarted) reads and adds to."""
    later = _worker(url, "Ana", "c", 2)
    _go(later)
    seen = _finish(later)
    assert seen["before"]["tries"] == 2 * count and len(seen["before"]["lessons_done"]) == 2 * count
    assert seen["before"]["practice"]["shared"]["seen"] == 2 * count
    store = Store(url)
    ana = store.learner("Ana")
    assert seen["learner"] == ana.id
    assert {"c-0", "c-1"} < store.lessons_done(ana.id, GAME) and len(store.tries(ana.id, GAME)) == 2 * count + 2
    store.close()


def test_two_processes_on_one_sqlite_file_lose_nothing_and_a_restart_keeps_progress(sqlite_url: str) -> None:
    _two_writers_at_once(sqlite_url, 15)
    _a_later_process_sees_and_adds(sqlite_url, 15)


def test_two_processes_on_one_postgresql_database_see_each_others_progress(pg_url: str) -> None:
    _two_writers_at_once(pg_url, 15)
    _a_later_process_sees_and_adds(pg_url, 15)


def test_a_learners_language_is_kept_and_a_value_that_is_no_language_refused(store: Store) -> None:
    me = store.learner("Rahul").id
    assert store.language_of(me) is None
    store.set_language(me, "as")
    assert store.language_of(me) == "as"
    store.set_language(me, "bn")
    assert store.language_of(me) == "bn"
    with pytest.raises(InputRefused):
        store.set_language(me, "xx")
    assert store.language_of(me) == "bn"
    with pytest.raises(UnknownLearner):
        store.set_language("A" * 22, "bn")
