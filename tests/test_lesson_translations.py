"""Every translated lesson (``lessons/<game>/<lang>/<slug>.md``, /work/notes/lesson-translation-format.md): its
header holds exactly the English header's learner-facing keys (same counts of show labels and claims), its
placeholders are the English ones, its text is not empty and is in its language's script and spelling, and the
lesson loads and judges its exercise as the English one does. Only the translation files that exist are checked;
a missing translation falls back to English, visibly (``Lesson.lang``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from engine.command_tables import json_commands
from engine.errors import InvalidRequestError
from engine.games import GAMES
from engine.i18n import DEFAULT_LANGUAGE, LANGUAGES
from engine.lessons import (
    LessonFormatError,
    example_request,
    fill_text,
    judge,
    load_lessons,
    parse_translation,
    translate,
    translation_path,
    translation_skeleton,
)
from tests.conftest import ROOT

LESSONS = ROOT / "lessons"
TRANSLATIONS = sorted(p for p in LESSONS.glob("*/*/*.md") if p.parent.name != "fixtures")
ENGLISH = {(g, lesson.slug): lesson for g in GAMES for lesson in load_lessons(g)}
IDS = [p.relative_to(LESSONS).as_posix() for p in TRANSLATIONS]
_HEADER = re.compile(r"\A\+\+\+\s*\n(.*?)\n\+\+\+\s*\n?(.*)\Z", re.S)
_BENGALI_LETTER = re.compile(r"[\u0985-\u09B9\u09CE\u09DC-\u09DF\u09F0\u09F1]")
_LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


def _parts(path: Path) -> tuple[str, str, str]:
    return path.parent.parent.name, path.parent.name, path.stem


def _keys(value: object) -> object:
    """The shape of a header: its keys, and the number of items of each list."""
    if isinstance(value, dict):
        return {k: _keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return len(value)
    return "text"


def _texts(value: object) -> list[str]:
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return [str(value)]


@pytest.mark.parametrize("path", TRANSLATIONS, ids=IDS)
def test_translation_names_a_lesson_and_a_language(path: Path) -> None:
    game, lang, slug = _parts(path)
    assert game in GAMES, path
    assert lang in LANGUAGES and lang != DEFAULT_LANGUAGE, f"{path}: the languages are {LANGUAGES[1:]}"
    assert (game, slug) in ENGLISH, f"{path}: no English lesson lessons/{game}/{slug}.md"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=IDS)
def test_header_has_exactly_the_english_learner_facing_keys(path: Path) -> None:
    game, _lang, slug = _parts(path)
    match = _HEADER.match(path.read_text(encoding="utf-8"))
    assert match, f"{path}: no +++ header"
    head = tomllib.loads(match.group(1))
    assert _keys(head) == _keys(translation_skeleton(ENGLISH[game, slug]))


@pytest.mark.parametrize("path", TRANSLATIONS, ids=IDS)
def test_text_is_in_the_languages_script_and_spelling(path: Path) -> None:
    game, lang, slug = _parts(path)
    lesson = translate(ENGLISH[game, slug], lang)
    head = tomllib.loads(_HEADER.match(path.read_text(encoding="utf-8")).group(1))  # type: ignore[union-attr]
    texts = [lesson.body, *_texts(head)]
    for text in texts:
        plain = re.sub(r"\{(example|answer)\.[^}]*\}", "", text)
        assert _BENGALI_LETTER.search(plain), f"{path}: not in Bengali script: {text!r}"
        assert len(_LATIN_WORD.findall(plain)) <= 3, f"{path}: English words left: {_LATIN_WORD.findall(plain)}"
    whole = "\n".join(texts)
    if lang == "as":
        assert "ৰ" in whole or "ৱ" in whole, f"{path}: Assamese spells with ৰ and ৱ"
        assert "র" not in whole, f"{path}: Bengali র in Assamese text (Assamese writes ৰ)"
    if lang == "bn":
        assert not {"ৰ", "ৱ"} & set(whole), f"{path}: Assamese letters ৰ/ৱ in Bengali text"


TERMS = sorted(tomllib.loads((ROOT / "locale" / "terms.toml").read_text(encoding="utf-8"))["term"],
               key=lambda t: -len(t["en"]))  # the longest first: "double sequence" before "sequence"


def _learner_text(lesson_path: Path) -> str:
    match = _HEADER.match(lesson_path.read_text(encoding="utf-8"))
    assert match
    return " ".join([*_texts(tomllib.loads(match.group(1))), match.group(2)])


@pytest.mark.parametrize("path", TRANSLATIONS, ids=IDS)
def test_the_translation_uses_the_terms_of_locale_terms_toml(path: Path) -> None:
    game, lang, slug = _parts(path)
    english = " ".join(_texts(translation_skeleton(ENGLISH[game, slug])) + [ENGLISH[game, slug].body])
    translated = " ".join(_learner_text(path).split())
    for term in TERMS:
        pattern = re.compile(rf"\b{re.escape(term['en'])}(?:s|es)?\b", re.IGNORECASE)
        found = pattern.search(english)
        english = pattern.sub(" ", english)  # a longer term's words are not counted again for a shorter one
        if found is None or term.get("ambiguous") or game not in term["games"] and term["games"]:
            continue
        forms = [term[lang], *term.get(f"{lang}_also", [])]
        assert any(form in translated for form in forms), \
            f"{path}: the English says {found.group(0)!r}; locale/terms.toml writes it {' or '.join(forms)}"


@pytest.mark.parametrize("path", TRANSLATIONS, ids=IDS)
def test_lesson_loads_and_judges_as_in_english(path: Path) -> None:
    game, lang, slug = _parts(path)
    english = ENGLISH[game, slug]
    lesson = translate(english, lang)
    assert lesson.lang == lang and lesson.body and lesson.body != english.body
    assert [c.request for c in lesson.claims] == [c.request for c in english.claims]
    assert [c.text for c in lesson.claims] != [c.text for c in english.claims] or not english.claims
    commands = json_commands(game)
    example_answer, seed = None, None
    if lesson.example is not None:
        seed = lesson.example.request.get("seed") if lesson.example.reseed else None
        example_answer = commands[lesson.example.command](example_request(lesson.example, seed))
        assert [r.path for r in lesson.example.show] == [r.path for r in english.example.show]  # type: ignore[union-attr]
        fill_text(lesson.example.caption, example_answer)
    if lesson.exercise is None:
        return
    assert english.exercise is not None
    for text in (lesson.exercise.prompt, lesson.exercise.hint):
        assert "{example." not in fill_text(text, example_answer or {})
    for test in english.exercise.tests:
        run = commands[english.exercise.command]
        want = judge(english.exercise, test["answer"], run, example_answer, seed)
        got = judge(lesson.exercise, test["answer"], run, example_answer, seed)
        assert (got.right, got.legal, got.grade) == (want.right, want.legal, want.grade), test
        assert bool(got.message) == bool(want.message)
        if english.exercise.why or (want.right and english.exercise.right_why):  # the lesson's words, translated
            assert got.message != want.message and "{" not in got.message, got.message


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("game", GAMES)
def test_a_missing_translation_falls_back_to_english_visibly(game: str, lang: str) -> None:
    for lesson in load_lessons(game, lang=lang):
        translated = translation_path(lesson, lang).is_file()
        assert lesson.lang == (lang if translated else DEFAULT_LANGUAGE), lesson.slug
        if not translated:
            assert lesson == ENGLISH[game, lesson.slug]


def test_an_unknown_language_is_refused_with_a_sentence() -> None:
    with pytest.raises(InvalidRequestError, match="no language 'xx'"):
        load_lessons("thirteen", lang="xx")


def _bengali(text: str) -> str:
    """A stand-in translation of ``text``: Bengali words keeping its placeholders."""
    return " ".join(["লেখা", *re.findall(r"\{(?:example|answer)\.[^}]*\}", text)])


def _value(value: object) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f'"{k}" = "{_bengali(v)}"' for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(f'"{_bengali(v)}"' for v in value) + "]"
    return f'"{_bengali(str(value))}"'


def _translation(skeleton: dict, body: str = "লেখা") -> str:
    """A translation file of the skeleton's shape (top-level keys first, then each table)."""
    lines = [f"{k} = {_value(v)}" for k, v in skeleton.items() if not isinstance(v, dict)]
    for table, fields in skeleton.items():
        if isinstance(fields, dict):
            lines += [f"[{table}]", *(f"{k} = {_value(v)}" for k, v in fields.items())]
    return "+++\n" + "\n".join(lines) + "\n+++\n" + body + "\n"


ENGLISH_07 = ENGLISH["thirteen", "07-sequences"]
SKELETON = translation_skeleton(ENGLISH_07)


def test_a_good_translation_parses() -> None:
    lesson = parse_translation(_translation(SKELETON), ENGLISH_07, "bn")
    assert (lesson.title, lesson.summary, lesson.body, lesson.lang) == ("লেখা", "লেখা", "লেখা", "bn")
    assert lesson.exercise is not None and lesson.exercise.hint == "লেখা"
    assert lesson.exercise.command == ENGLISH_07.exercise.command  # type: ignore[union-attr]
    assert [c.request for c in lesson.claims] == [c.request for c in ENGLISH_07.claims]


def test_claims_written_after_a_table_are_read_as_the_lessons() -> None:
    skeleton = {k: v for k, v in SKELETON.items() if k != "claims"}
    text = _translation(skeleton).replace("\n+++\n", f"\nclaims = {_value(SKELETON['claims'])}\n+++\n", 1)
    assert [c.text for c in parse_translation(text, ENGLISH_07, "as").claims] == ["লেখা"] * len(ENGLISH_07.claims)


def _changed(**changes: object) -> dict:
    skeleton = {k: (dict(v) if isinstance(v, dict) else v) for k, v in SKELETON.items()}
    for key, value in changes.items():
        table, _, name = key.partition("__")
        target = skeleton[table] if name else skeleton
        if value is None:
            del target[name or table]
        else:
            target[name or table] = value
    return skeleton


@pytest.mark.parametrize(("skeleton", "body", "message"), [
    (_changed(extra="x"), "লেখা", "extra: extra"),
    (_changed(exercise__hint=None), "লেখা", "missing: hint"),
    (_changed(example__show_labels=["a"]), "লেখা", "show_labels needs 2 items"),
    (_changed(claims=["a"]), "লেখা", f"claims needs {len(ENGLISH_07.claims)} items"),
    (_changed(exercise__prompt="{example.hand}"), "লেখা", "placeholders"),
    (SKELETON, "", "no lesson text"),
])
def test_a_bad_translation_is_refused_naming_the_file(skeleton: dict, body: str, message: str) -> None:
    with pytest.raises(LessonFormatError, match=message) as error:
        parse_translation(_translation(skeleton, body), ENGLISH_07, "bn", Path("bn/07-sequences.md"))
    assert "bn/07-sequences.md" in str(error.value)


def test_an_empty_text_is_refused() -> None:
    text = _translation(SKELETON).replace('title = "লেখা"', 'title = " "')
    with pytest.raises(LessonFormatError, match="title is a text"):
        parse_translation(text, ENGLISH_07, "bn", Path("x.md"))
