"""The class, join, shared-table and practice pages in Bengali and Assamese: every text a learner or teacher reads
is in Bengali script (card notation, names, numbers and codes aside); the links they share keep the language;
and a signed-in learner's language is remembered: the sidebar's choice is kept in the store and the app opens in
it again when they come back without ``?lang=`` in the address."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from engine.i18n import use_language
from engine.teaching import Exercise
from tests.conftest import ROOT
from ui.learner import ID_KEY
from ui.store import Store
from ui.widgets import plain


@pytest.fixture()
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    monkeypatch.setenv("CARD_TABLE_DB_URL", url)
    return Store(url)


def _home(lang: str | None = None, **state: object) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in state.items():
        at.session_state[key] = value
    if lang is not None:
        at.query_params["lang"] = lang
    return at.run()


def _query_lang(at: AppTest) -> object:
    value = at.query_params.get("lang")
    return value[0] if isinstance(value, list) and value else value


# --- the learner's language ------------------------------------------------------------------------------------

def test_a_learner_comes_back_to_the_language_they_chose(db: Store) -> None:
    me = db.learner("রাহুল দাস")
    db.set_language(me.id, "as")
    at = _home(**{ID_KEY: me.id})
    assert not at.exception, [e.value for e in at.exception]
    assert at.title[0].value == "কাৰ্ড টেবুল শ্ৰেণীকোঠা"
    assert at.selectbox(key="sidebar:lang").value == "as" and _query_lang(at) == "as"


def test_the_sidebars_choice_is_kept_for_the_learner(db: Store) -> None:
    me = db.learner("Ana")
    at = _home(**{ID_KEY: me.id})
    assert at.title[0].value == "Card Table Classroom"
    at.selectbox(key="sidebar:lang").set_value("bn").run()
    assert not at.exception
    assert db.language_of(me.id) == "bn"
    again = _home(**{ID_KEY: me.id})  # the next visit, with no ?lang=
    assert again.title[0].value == "কার্ড টেবিল ক্লাসরুম"
    again.selectbox(key="sidebar:lang").set_value("en").run()
    assert db.language_of(me.id) == "en"


def test_the_address_wins_over_the_kept_language(db: Store) -> None:
    me = db.learner("Ana")
    db.set_language(me.id, "bn")
    at = _home("en", **{ID_KEY: me.id})
    assert at.title[0].value == "Card Table Classroom"
    assert db.language_of(me.id) == "bn"  # a link opened in English does not change the learner's choice


def test_nobody_signed_in_opens_in_english(db: Store) -> None:
    at = _home()
    assert at.title[0].value == "Card Table Classroom" and "lang" not in at.query_params


def test_a_new_student_keeps_the_language_they_joined_in(db: Store) -> None:
    from ui.learner import store as open_store

    teacher = db.sign_up("Ms Rivera", "a long enough secret")
    klass = db.create_class(teacher.id, "Year 9")

    def page(code: str) -> None:
        from engine.i18n import use_language
        from ui.classroom import join

        with use_language("bn"):
            join(code, "রাহুল")

    at = AppTest.from_function(page, args=(klass.code,), default_timeout=60).run()
    assert not at.exception, [e.value for e in at.exception]
    learner_id = at.session_state[ID_KEY]
    assert open_store() is not None
    assert db.language_of(learner_id) == "bn"


# --- links ----------------------------------------------------------------------------------------------------

def test_the_links_a_teacher_shares_keep_the_language() -> None:
    from ui.classroom import join_link
    from ui.practice import _share_link

    assert join_link("AB12CD") == "/join?join=AB12CD"
    assert _share_link("thirteen", 3, 10, "standard") == "/thirteen_practice?practice=3&n=10&rules=standard"
    with use_language("as"):
        assert join_link("AB12CD") == "/join?join=AB12CD&lang=as"
        assert _share_link("thirteen", 3, 10, "standard") == \
            "/thirteen_practice?practice=3&n=10&rules=standard&lang=as"


# --- the pages in Bengali and Assamese --------------------------------------------------------------------------

LANGS = ("bn", "as")
BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")
LINK = re.compile(r"https?://[^\s*]+|/[a-z_\\]+\?[^\s*]*")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*")
# What a Bengali or Assamese page still writes in Latin letters: card notation and jokers, codes and formats a
# learner types or reads as they are, the game's names in their own languages, and the examples of a JSON field.
NOT_WORDS = re.compile(
    r":material/[a-z_]+:|:[a-z-]+\[|`[^`]*`|\b(?:10|[2-9JQKA])[♠♥♦♣]|\b[A-Z0-9]{5}-[A-Z0-9]{5}\b"
    r"|\{[^}]*\}|\b(?:BJ|RJ|QR|CSV|JSON|SM-2|UTC|Enter|True|False|XXXXX-XXXXX|XXXXX|pos|seed|hand)\b"
    r"|Tiến lên|Dou Dizhu|Shengji|Tractor|Euchre|斗地主|升级")


def _page(path: str, lang: str, state: dict[str, object] | None = None,
          query: dict[str, str] | None = None) -> AppTest:
    """The page ``path`` run the way app.py runs it: inside ``use_language(lang)`` (tests/apps/language_page.py)."""

    at = AppTest.from_file(str(ROOT / "tests" / "apps" / "language_page.py"), default_timeout=120)
    at.session_state["test:page"] = str(ROOT / path)
    at.session_state["test:lang"] = lang
    for key, value in (state or {}).items():
        at.session_state[key] = value
    for key, value in (query or {}).items():
        at.query_params[key] = value
    return at.run()


def _shown(at: AppTest) -> list[str]:
    """Every text the page shows: headings, Markdown, captions, alerts, and every widget's label, help and
    placeholder."""
    texts: list[str] = []
    for kind in ("title", "header", "subheader", "markdown", "caption", "info", "success", "warning", "error"):
        texts += [str(e.value) for e in getattr(at, kind)]
    for kind in ("button", "text_input", "text_area", "selectbox", "number_input", "radio", "toggle", "tabs",
                 "expander", "multiselect"):
        for element in getattr(at, kind):
            proto = element.proto
            texts += [str(getattr(proto, name, "") or "") for name in ("label", "help", "placeholder")]
    for kind in ("button_group", "badge", "page_link", "download_button", "toast"):
        for element in at.get(kind):
            proto = element.proto
            texts += [str(getattr(proto, name, "") or "") for name in ("label", "help", "body")]
    return [t for t in texts if t.strip()]


def _english_left(texts: list[str], allowed: tuple[str, ...] = ()) -> list[str]:
    """The texts that still hold an English word once card notation, codes, names and ``allowed`` (the
    engine's own texts, translated in a later round) are taken out."""
    left = []
    for text in texts:
        text = LINK.sub(" ", text)
        for words in sorted({w for a in allowed for w in (a, plain(a)) if LATIN_WORD.search(w)}, key=len,
                            reverse=True):
            if words:
                text = text.replace(words, " ")
        rest = NOT_WORDS.sub(" ", text)
        if LATIN_WORD.search(rest):
            left.append(text)
    return left


def _assert_translated(at: AppTest, allowed: tuple[str, ...] = ()) -> None:
    assert not at.exception, [e.value for e in at.exception]
    texts = _shown(at)
    assert texts and any(BENGALI_SCRIPT.search(t) for t in texts), texts
    assert _english_left(texts, allowed) == [], _english_left(texts, allowed)


def _engine_words(game_key: str, exercise: Exercise | None = None) -> tuple[str, ...]:
    """The engine's own texts a page shows (rule sets, skills, lessons, an exercise): others translate them."""
    from engine.games import game
    from engine.i18n import gettext, use_language
    from engine.lessons import load_lessons
    from engine.practice import rules_for

    words = [p.title for p in game(game_key).presets.values()]
    words += [w for r in rules_for(game_key) for w in (r.title, r.blurb)]
    for lang in LANGS:  # the page translates the skills' titles and blurbs as it draws them
        with use_language(lang):
            words += [gettext(w) for r in rules_for(game_key) for w in (r.title, r.blurb)]
    words += [lesson.title for lang in ("en", *LANGS) for lesson in load_lessons(game_key, lang=lang)]
    if exercise is not None:
        words += [exercise.title, exercise.prompt, exercise.solution, exercise.explanation]
        words += [w for label, value in exercise.facts for w in (label, value)]
        words += [w for row in exercise.rows for w in (row.label, *(label for label, _cards in row.groups))]
        words += [c.text for c in exercise.choices]
        if exercise.pick is not None:
            words += [exercise.pick.label, *(label for label, _cards in exercise.pick.groups)]
    return tuple(w for w in words if w)


@pytest.mark.parametrize("lang", LANGS)
def test_the_class_page_signed_out_is_in_the_language(db: Store, lang: str) -> None:
    at = _page("pages/class.py", lang)
    _assert_translated(at)
    assert at.title[0].value == {"bn": "আপনার ক্লাস", "as": "আপোনাৰ শ্ৰেণী"}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_a_teachers_class_page_is_in_the_language(db: Store, lang: str) -> None:
    from ui.classroom import TEACHER_KEY

    teacher = db.sign_up("Ms Rivera", "a long enough secret")
    klass = db.create_class(teacher.id, "নবম · মঙ্গল")
    ana = db.join_class(klass.code, "Ana", "p1").learner
    db.join_class(klass.code, "রাহুল দাস", "p2")
    db.record_practice(ana.id, "thirteen", "thirteen:play", False)
    at = _page("pages/class.py", lang, {TEACHER_KEY: teacher.id})
    allowed = ("Ms Rivera", "Ana", klass.code, *_engine_words("thirteen"))
    _assert_translated(at, allowed)
    assert any(klass.code in m.value for m in at.markdown)
    assert any(f"lang={lang}" in m.value for m in at.markdown), "the join link keeps the language"
    columns = list(at.dataframe[0].value.columns)
    assert columns and all(BENGALI_SCRIPT.search(c) and not LATIN_WORD.search(c) for c in columns), columns


@pytest.mark.parametrize("lang", LANGS)
def test_the_join_page_is_in_the_language(db: Store, lang: str) -> None:
    _assert_translated(_page("pages/join.py", lang, query={"join": "AB12CD"}))


@pytest.mark.parametrize("lang", LANGS)
def test_a_student_on_the_join_page_sees_their_class_and_question_in_the_language(db: Store, lang: str) -> None:
    from ui.live_moment import practice_moment

    teacher = db.sign_up("Ms Rivera", "a long enough secret")
    klass = db.create_class(teacher.id, "Year 9")
    ana = db.join_class(klass.code, "Ana", "p1").learner
    prompt, moment = practice_moment("thirteen:play", seed=7)
    db.push_question(teacher.id, klass.id, "practice", "thirteen", prompt, moment)
    at = _page("pages/join.py", lang, {ID_KEY: ana.id})
    with use_language(lang):
        from engine.practice import make_exercise

        exercise = make_exercise("thirteen:play", 7, moment.get("preset"))
    _assert_translated(at, ("Ana", "Year 9", *_engine_words("thirteen", exercise)))
    assert any("Ana" in s.value for s in at.success)


@pytest.mark.parametrize("lang", LANGS)
def test_the_shared_table_page_is_in_the_language(db: Store, lang: str) -> None:
    at = _page("pages/table_room.py", lang)
    _assert_translated(at, _engine_words("shengji"))


def _table_words(db: Store, table_id: str, lang: str) -> tuple[str, ...]:
    """The engine's words on a shared table (its prompt, facts and actions), and the Table part's own words on a
    seat (ui/table_draw.py, translated by the Table's translators)."""
    from engine.games import game
    from engine.shared_table import state_of
    from ui.table_hands import action_label

    shared = db.table(table_id).game
    g, state = game(shared.key), state_of(shared)
    with use_language(lang):
        words = [g.prompt(state).text, *(w for pair in g.view(state, None).info for w in pair)]
        words += [action_label(g, a) for a in g.legal_actions(state, limit=400)]
        words += [f"{n} card" for n in range(1, 28)] + [f"{n} cards" for n in range(28)]
    return (*words, "to act", *_engine_words(shared.key))


@pytest.mark.parametrize("lang", LANGS)
def test_a_host_and_a_player_at_a_shared_table_read_the_language(db: Store, lang: str) -> None:
    from ui.shared_table import ROOM_KEY, Room

    hosted = db.open_table("thirteen", None, 3, [0, 1])
    seated = db.sit(hosted.table.id, 0, "Ana")
    host = _page("pages/table_room.py", lang,
                 {ROOM_KEY: Room(hosted.table.id, hosted.table.code, host_key=hosted.key)})
    allowed = ("Ana", hosted.table.code, *_table_words(db, hosted.table.id, lang))
    _assert_translated(host, allowed)
    player = _page("pages/table_room.py", lang,
                   {ROOM_KEY: Room(hosted.table.id, hosted.table.code, seat_key=seated.key)})
    _assert_translated(player, allowed)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_key", ["doudizhu", "euchre", "shengji", "thirteen"])
def test_each_practice_page_is_in_the_language(db: Store, game_key: str, lang: str) -> None:
    from engine.practice import make_exercise

    at = _page(f"pages/{game_key}_practice.py", lang)
    session = at.session_state[f"{game_key}:practice"]
    with use_language(lang):
        exercise = make_exercise(session.current.rule, session.current.seed, session.preset)
    _assert_translated(at, _engine_words(game_key, exercise))
    assert BENGALI_SCRIPT.search(at.title[0].value)


@pytest.mark.parametrize("lang", LANGS)
def test_practice_feedback_and_a_refused_link_are_in_the_language(db: Store, lang: str) -> None:
    from engine.practice import make_exercise
    from tests.test_practice_pages import answer, key

    game_key = "thirteen"
    at = _page(f"pages/{game_key}_practice.py", lang, query={"practice": "many", "n": "0"})
    assert at.warning and all(BENGALI_SCRIPT.search(w.value) for w in at.warning)
    session = at.session_state[f"{game_key}:practice"]
    with use_language(lang):
        exercise = make_exercise(session.current.rule, session.current.seed, session.preset)
        wrong = exercise.judge(next(i for i, c in enumerate(exercise.choices) if not c.right)
                               if exercise.pick is None else [exercise.pick.cards[0]])
        right = exercise.judge(exercise.right_choice if exercise.pick is None else exercise.pick.example)
    allowed = (*_engine_words(game_key, exercise), wrong.hint, wrong.reason, right.hint, right.reason)
    allowed = tuple(w for line in allowed for w in (line, *line.split("\n")))
    at = answer(at, game_key, right=False)
    assert at.error  # the hint, and another try
    _assert_translated(at, allowed)
    at.button(key=f"{key(at, game_key)}:why").click().run()
    assert at.info  # why, and the answer
    _assert_translated(at, allowed)


@pytest.mark.parametrize("lang", LANGS)
def test_a_live_question_and_its_verdict_are_in_the_language(db: Store, lang: str) -> None:
    from engine.practice import make_exercise
    from ui.classroom import TEACHER_KEY
    from ui.live_moment import practice_moment

    teacher = db.sign_up("Ms Rivera", "a long enough secret")
    klass = db.create_class(teacher.id, "Year 9")
    ana = db.join_class(klass.code, "Ana", "p1").learner
    prompt, moment = practice_moment("thirteen:play", seed=7)
    question = db.push_question(teacher.id, klass.id, "practice", "thirteen", prompt, moment)
    with use_language(lang):
        exercise = make_exercise("thirteen:play", 7, moment.get("preset"))
        right = exercise.judge(exercise.right_choice if exercise.pick is None else exercise.pick.example)
    choice = exercise.choices[0].text if exercise.choices else "x"
    db.answer_question(ana.id, question.id, choice, False)
    db.reveal_question(teacher.id, question.id)
    allowed = ("Ms Rivera", "Ana", "Year 9", klass.code, right.reason, *_engine_words("thirteen", exercise))
    teacher_page = _page("pages/class.py", lang, {TEACHER_KEY: teacher.id})
    _assert_translated(teacher_page, allowed)
    assert any(BENGALI_SCRIPT.search(i.value) for i in teacher_page.info), "the answer, in the language"
    student_page = _page("pages/join.py", lang, {ID_KEY: ana.id})
    _assert_translated(student_page, allowed)
