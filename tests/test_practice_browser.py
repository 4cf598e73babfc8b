"""Practice and shared progress in a real browser (Debian's Chromium through Playwright).

- A practice session of 20 generated exercises per game: a learner picks a name once, answers by clicking the
  choices and the cards, misses some on purpose (hint, "Show me why", Next), and sees the missed rules come back
  before the others; the store holds each rule's misses and the streak.
- Two app servers (two ``streamlit run`` processes) on one PostgreSQL database: a lesson done on one is seen
  done (✓) on the other, and the other's lessons page downloads the one-page rules as a PDF.
"""

from __future__ import annotations

import itertools
import re
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from engine.cards import Card
from engine.games import game
from engine.lessons import load_lessons
from engine.practice import Exercise, make_exercise, rules_for
from tests.browser import chromium_page, serve_app, wait_for_app
from tests.helpers import postgres
from ui.card_hand import card_name
from ui.store import Store

pytestmark = pytest.mark.browser

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
LENGTH = 20
CAPTION = re.compile(r"^Exercise (\d+) · deal (\d+)$")


# ------------------------------------------------------------------------------------------------ helpers


def settle(page: Any, timeout: float = 30.0) -> None:
    """Wait until the page's script run is over: no running indicator and no stale (greyed) elements for 0.6 s
    (quicker than wait_for_app, which the first load uses)."""
    quiet_js = ("() => !document.querySelector('[data-testid=\"stStatusWidget\"]')"
                " && !document.querySelector('[data-stale=\"true\"]')")
    deadline = time.monotonic() + timeout
    quiet = 0
    while quiet < 4:  # the running indicator shows a moment after a rerun starts
        if time.monotonic() > deadline:
            raise TimeoutError("the page did not settle")
        page.wait_for_timeout(150)
        quiet = quiet + 1 if page.evaluate(quiet_js) else 0


def on_screen(page: Any, key: str) -> tuple[int, Exercise]:
    """The number of the exercise on screen and the exercise itself, made again from its rule and deal."""
    main = page.get_by_test_id("stMain")
    caption = main.get_by_text(CAPTION).first
    caption.wait_for(timeout=30000)
    number, seed = (int(x) for x in CAPTION.match(caption.inner_text().strip()).groups())
    heading = main.get_by_role("heading", level=4).first.inner_text().strip().rstrip(" ✓")
    preset = game(key).default_preset
    # The heading is the exercise's own title (a "which may you NOT …" deal has its own), so the exercise on
    # screen is the one of this deal whose title is the heading.
    made = [make_exercise(r.key, seed, preset) for r in rules_for(key)]
    matching = [ex for ex in made if ex.title == heading]
    assert matching, f"no {key} exercise of deal {seed} is headed {heading!r}"
    return number, matching[0]


def click_cards(page: Any, cards: list[Card]) -> None:
    hand = page.get_by_role("listbox", name="Your hand", exact=True)
    clear = page.locator(".ch").filter(has=hand).get_by_role("button", name="Clear")
    if clear.count() and clear.is_enabled():  # a wrong try stays chosen: start again
        clear.click()
    used: Counter[str] = Counter()
    for card in cards:
        name = card_name(card)
        hand.get_by_role("option", name=name, exact=True).nth(used[name]).click(position={"x": 10, "y": 40})
        used[name] += 1
    page.locator(".ch").filter(has=hand).get_by_role("button", name="Check my choice").click()


def give(page: Any, exercise: Exercise, right: bool) -> None:
    """Answer right or wrong by clicking what a learner clicks."""
    main = page.get_by_test_id("stMain")
    if exercise.pick is not None:
        if right:
            click_cards(page, list(exercise.pick.example))
        else:  # a wrong pick: one card, or else two (when every single card would do, e.g. beating a 3)
            cards = exercise.pick.cards
            wrong = next((list(c) for n in (1, 2) for c in itertools.combinations(cards, n)
                          if not exercise.judge(list(c)).right), None)
            assert wrong is not None, f"{exercise.rule}: no wrong answer to give"
            click_cards(page, wrong)
    else:
        choice = next(c for c in exercise.choices if c.right is right)
        label = f"Choose {choice.text}" if choice.cards else choice.text
        main.get_by_role("button", name=label, exact=True).click()
    settle(page)


def pick_name(page: Any, name: str) -> None:
    main = page.get_by_test_id("stMain")
    main.get_by_role("button", name=re.compile("Pick your name")).click()
    box = page.get_by_role("combobox", name=re.compile("Your name"))
    box.click()
    box.fill(name)
    box.press("Enter")
    start = page.get_by_role("button", name=f"Start as {name}")
    me = page.get_by_role("button", name="Yes, this is me")
    start.or_(me).first.click()
    main.get_by_text("Learning as").wait_for(timeout=20000)
    settle(page)


def resume_code(page: Any) -> str:
    """The resume code a learner who has just typed their name is shown on the page (until "Got it")."""
    shown = page.get_by_test_id("stMain").get_by_text(re.compile("Your resume code:"))
    shown.wait_for(timeout=20000)
    found = re.search(r"Your resume code:\s*(\S+)", shown.inner_text())
    assert found, shown.inner_text()
    return found.group(1)


def resume_with(page: Any, code: str) -> None:
    """Go on as the learner whose resume code is ``code`` (typed in "Pick your name")."""
    main = page.get_by_test_id("stMain")
    main.get_by_role("button", name=re.compile("Pick your name")).click()
    page.get_by_role("textbox", name="Or your resume code").fill(code)
    page.get_by_role("button", name="Go on with my code").click()
    main.get_by_text("Learning as").wait_for(timeout=20000)
    settle(page)


# ------------------------------------------------------------------------------------- a practice session


def practise(page: Any, url: str, key: str) -> tuple[list[str], set[str], list[bool]]:
    """20 exercises of ``key``: the first exercise of every other rule is missed on purpose (then "Show me
    why"), the rest answered right (now and then a wrong answer first, to see the hint and another try).
    Returns the rules asked in order, the rules missed on purpose, and whether each first answer was right."""
    page.goto(f"{url}/{key}_practice")
    wait_for_app(page)
    main = page.get_by_test_id("stMain")
    rules = [r.key for r in rules_for(key)]
    to_miss = set(rules[::2])
    asked: list[str] = []
    missed: set[str] = set()
    first_right: list[bool] = []
    for n in range(1, LENGTH + 1):
        number, exercise = on_screen(page, key)
        assert number == n
        asked.append(exercise.rule)
        first_right.append(not ((exercise.rule in to_miss and exercise.rule not in missed) or n % 7 == 0))
        if exercise.rule in to_miss and exercise.rule not in missed:
            missed.add(exercise.rule)
            give(page, exercise, right=False)
            alert = main.get_by_text(re.compile(r"^Not quite\. .* Try again\.$")).first
            alert.wait_for(timeout=20000)
            main.get_by_role("button", name="Show me why").click()
            main.get_by_text(re.compile(r"^Why:")).first.wait_for(timeout=20000)
            assert main.get_by_text(re.compile(r"^The answer:")).count() >= 1
        else:
            if n % 7 == 0:  # a wrong try, then the right answer at the second try
                give(page, exercise, right=False)
                main.get_by_text(re.compile(r"^Not quite\.")).first.wait_for(timeout=20000)
            give(page, exercise, right=True)
            main.get_by_text(re.compile(r"^Right")).first.wait_for(timeout=20000)
        main.get_by_role("button", name="Next", exact=True).click()
        main.get_by_text(re.compile(rf"^Exercise {n + 1} · ")).wait_for(timeout=30000)
        settle(page)
    return asked, missed, first_right


def test_a_practice_session_of_twenty_per_game_brings_the_missed_rules_back(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "classroom.sqlite"
    monkeypatch.setenv("CARD_TABLE_DB_URL", f"sqlite:///{db}")
    with serve_app() as url, chromium_page(1280, 900) as page:
        page.goto(f"{url}/shengji_practice")
        wait_for_app(page)
        pick_name(page, "Mai")
        for key in GAMES:
            asked, missed, first_right = practise(page, url, key)
            rules = [r.key for r in rules_for(key)]
            first_round = asked[:len(rules)]
            assert sorted(first_round) == sorted(rules), f"{key}: every rule once first: {asked}"
            after = asked[len(rules):len(rules) + len(missed)]
            assert set(after) == missed, f"{key}: the rules missed in the first round come back first: {asked}"
            for i, right in enumerate(first_right[:-len(rules)]):
                if not right:
                    soon = asked[i + 1:i + 1 + len(rules)]
                    assert asked[i] in soon, f"{key}: {asked[i]} missed at {i + 1} is not back soon: {asked}"
            store = Store(f"sqlite:///{db}")
            me = store.find_learner("Mai")
            assert me is not None
            items = {it.rule: it for it in store.practice_items(me.id, key)}
            missed_at_first = {rule for rule, right in zip(asked, first_right, strict=True) if not right}
            assert {r for r, it in items.items() if it.missed} == missed_at_first, key
            assert sum(it.missed for it in items.values()) == first_right.count(False)
            assert sum(it.seen for it in items.values()) == LENGTH
            assert store.streak(me.id, key).best >= 2


# ------------------------------------------------------------------------------- two servers, one database


@pytest.fixture(scope="module")
def pg_database() -> Iterator[str]:
    """A new database on the `make test` PostgreSQL server (CARD_TABLE_TEST_PG_URL), or on a private server
    started for this test when that variable is not set; dropped afterwards."""
    given = __import__("os").environ.get(postgres.URL_ENV, "").strip()
    folder: Path | None = None
    if given:
        server = given
    else:
        folder = Path(tempfile.mkdtemp(prefix="ctpg-", dir="/tmp"))
        try:
            server = postgres.start(folder).url
        except postgres.PostgresUnavailable as error:
            pytest.fail(f"the shared-progress test needs PostgreSQL and none could be started: {error}")
    name = f"t_two_servers_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(server, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
        yield sa.make_url(server).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
        if folder is not None:
            postgres.stop(folder)


def _yes_no_lesson(key: str) -> tuple[int, Any, bool]:
    """A lesson whose exercise is answered Yes or No on its first deal, and the right answer."""
    for i, lesson in enumerate(load_lessons(key)):
        exercise = lesson.exercise
        if exercise is not None and exercise.input == "yes_no" and not (exercise.pick_from or "").strip():
            right = [t["answer"] for t in exercise.tests if t["right"]]
            if right:
                return i, lesson, bool(right[0])
    raise AssertionError(f"no {key} lesson has a yes/no exercise")


def test_two_servers_on_one_postgresql_share_a_learners_progress(pg_database: str, monkeypatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", pg_database)
    key = "shengji"
    index, lesson, right = _yes_no_lesson(key)
    count = len(load_lessons(key))
    with serve_app() as first, serve_app() as second, chromium_page(1280, 900) as page:
        page.goto(f"{first}/{key}_lessons?lesson={index + 1}")
        wait_for_app(page)
        main = page.get_by_test_id("stMain")
        main.get_by_role("heading", name=lesson.title).wait_for(timeout=20000)
        pick_name(page, "Linh")
        main.get_by_text("Yes" if right else "No", exact=True).first.click()
        main.get_by_text(re.compile(r"^Right\. ")).wait_for(timeout=20000)
        settle(page)

        code = resume_code(page)

        # the other server: another origin, so the browser keeps no learner there; the resume code finds the progress
        page.goto(f"{second}/{key}_lessons?lesson={index + 1}")
        wait_for_app(page)
        main = page.get_by_test_id("stMain")
        assert main.get_by_text(f"✓ 1 of {count} done").count() == 0
        resume_with(page, code)
        main.get_by_text(re.compile(rf"^Lesson \d+ of {count} · ✓ 1 of {count} done$")).wait_for(timeout=20000)
        # and the lesson itself: this browser now keeps the learner for the second server too
        page.goto(f"{second}/{key}_lessons?lesson={index + 1}")
        wait_for_app(page)
        main = page.get_by_test_id("stMain")
        main.get_by_text(f"Lesson {index + 1} of {count} · ✓ 1 of {count} done").wait_for(timeout=20000)
        assert "Linh" in main.get_by_text("Learning as").inner_text()
        main.get_by_text(re.compile(r"Done$")).first.wait_for(timeout=20000)  # the lesson's badge
        main.get_by_role("combobox", name="Lesson", exact=True).click()
        page.get_by_role("option", name=f"✓ {index + 1}. {lesson.title}", exact=True).wait_for(timeout=20000)
        assert page.get_by_role("option", name=re.compile("^✓ ")).count() == 1
        page.keyboard.press("Escape")

        with page.expect_download(timeout=60000) as download:
            main.get_by_role("button", name="Download the rules on one page (PDF)").click()
        assert download.value.suggested_filename == f"{key}-competition-rules.pdf"
        data = Path(download.value.path()).read_bytes()
        assert data.startswith(b"%PDF") and len(data) > 5000

    learner = Store(pg_database).find_learner("Linh")
    assert learner is not None and lesson.slug in Store(pg_database).lessons_done(learner.id, key)
