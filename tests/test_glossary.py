"""The glossary (lessons/glossary.toml): well-formed, complete for every Chinese or Vietnamese word the lessons
and pages use, and pointing at lessons that exist and teach the term."""

from pathlib import Path

import pytest

from engine.games import GAMES
from engine.glossary import (
    GlossaryFormatError,
    find_terms,
    load_glossary,
    parse_glossary,
    term_by_key,
    uncovered_words,
)
from engine.lessons import load_lessons
from tests.conftest import ROOT

TERMS = load_glossary()

# Every file whose text a learner reads: the lessons, the pages, the UI blocks, the games' names and blurbs.
LEARNER_FILES = sorted(
    p.relative_to(ROOT).as_posix()
    for p in [*(ROOT / "lessons").glob("*/*.md"), *(ROOT / "pages").glob("*.py"), *(ROOT / "ui").rglob("*.py"),
              ROOT / "engine" / "games.py"]
)

GOOD = """
[[term]]
key = "kitty-shengji"
english = "kitty"
native = "底牌"
reading = "dǐpái"
meaning = "The cards left face down."
games = ["shengji"]
lesson = "shengji/02-deal"
"""


def test_the_glossary_has_terms_for_every_game() -> None:
    for game in GAMES:
        assert len([t for t in TERMS if game in t.games]) >= 10, game


@pytest.mark.parametrize("path", LEARNER_FILES)
def test_no_chinese_or_vietnamese_word_is_missing_from_the_glossary(path: str) -> None:
    missing = uncovered_words((ROOT / path).read_text(encoding="utf-8"), TERMS)
    assert not missing, f"{path} uses {missing}: add them to lessons/glossary.toml"


def test_the_words_the_issue_names_are_glossed() -> None:
    natives = {t.native for t in TERMS}
    for word in ("升级", "拖拉机", "庄家", "闲家", "底牌", "甩牌", "斗地主", "地主", "农民", "Tiến lên", "chặt"):
        assert word in natives, word


def test_every_entry_names_a_lesson_that_exists() -> None:
    stems = {f"{game}/{lesson.slug}" for game in GAMES for lesson in load_lessons(game)}
    wrong = [f"{t.key}: {t.lesson}" for t in TERMS if t.lesson not in stems]
    assert not wrong, wrong


def test_the_named_lesson_uses_the_term_where_any_lesson_does() -> None:
    wrong = []
    for term in TERMS:
        lessons = {lesson.slug: lesson.path.read_text(encoding="utf-8") for lesson in load_lessons(term.lesson_game)}
        users = [slug for slug, text in lessons.items() if find_terms(text, [term])]
        if users and term.lesson_stem not in users:
            wrong.append(f"{term.key} names {term.lesson}, but {', '.join(users)} use it")
    assert not wrong, wrong


def test_chinese_terms_have_pinyin_with_tone_marks() -> None:
    for term in TERMS:
        if term.has_cjk:
            assert any(c in "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ" for c in term.reading), term.key


def test_a_good_entry_parses() -> None:
    (term,) = parse_glossary(GOOD)
    assert (term.key, term.english, term.native, term.reading) == ("kitty-shengji", "kitty", "底牌", "dǐpái")
    assert (term.lesson_game, term.lesson_stem, term.games) == ("shengji", "02-deal", ("shengji",))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s.replace('english = "kitty"\n', ""), "missing 'english'"),
        (lambda s: s.replace('games = ["shengji"]', 'games = ["bridge"]'), "unknown game 'bridge'"),
        (lambda s: s.replace('"shengji/02-deal"', '"02-deal"'), "game/lesson-file-stem"),
        (lambda s: s.replace('"shengji/02-deal"', '"euchre/01-deck-and-partners"'), "not of one of its games"),
        (lambda s: s.replace('"dǐpái"', '"dipai"'), "no tone marks"),
        (lambda s: s.replace('"dǐpái"', '"the bottom"'), "pinyin"),
        (lambda s: s.replace('key = "kitty-shengji"', 'key = "Kitty Shengji"'), "lower-case"),
        (lambda s: s + 'colour = "red"\n', "unknown field(s) colour"),
        (lambda s: s + s, "used twice"),
        (lambda s: s.replace("[[term]]", "[[term]"), "not TOML"),
        (lambda s: "", "no [[term]] entries"),
        (lambda s: s.replace('games = ["shengji"]', 'games = "shengji"'), "list of words"),
    ],
)
def test_a_malformed_file_is_refused_with_a_message(change, message: str) -> None:
    with pytest.raises(GlossaryFormatError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("[", r"\[").replace("]", r"\]")):
        parse_glossary(change(GOOD))


def test_the_real_file_parses_strictly(tmp_path: Path) -> None:
    # The loader reads the file given; a broken copy is refused with its path in the message.
    broken = tmp_path / "glossary.toml"
    text = (ROOT / "lessons" / "glossary.toml").read_text(encoding="utf-8")
    broken.write_text(text.replace('key = "shengji"', 'key = "tractor"'), encoding="utf-8")
    with pytest.raises(GlossaryFormatError, match=f"{broken}: the key 'tractor' is used twice"):
        load_glossary(broken)


def test_unglossed_words_are_found() -> None:
    text = "升级 and 拖拉机 are glossed; 汉字 is not, Tiến lên is, phở is not, and 地主 inside 斗地主 is fine."
    assert uncovered_words(text, TERMS) == ["汉字", "phở"]
    assert uncovered_words("Tiến Lên, with a capital", TERMS) == []


def test_find_terms_prefers_the_longest_form_and_counts_plurals() -> None:
    found = [t.key for t in find_terms("The right bower and two tractors beat the bowers.", TERMS)]
    assert found == ["right-bower", "tractor", "bower"]
    assert [t.key for t in find_terms("The kitty (底牌).", TERMS, game="doudizhu")] == ["kitty-doudizhu"]
    assert find_terms("nothing to see here", TERMS) == []


def test_term_by_key() -> None:
    term = term_by_key(TERMS, "dou-dizhu")
    assert term is not None and term.native == "斗地主" and term.reading == "dòu dìzhǔ"
    assert term_by_key(TERMS, "no-such-term") is None
