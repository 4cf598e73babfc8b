"""The glossary of all four games as data: loading ``lessons/glossary.toml`` and finding its terms in a text.

The file is a list of ``[[term]]`` tables::

    [[term]]
    key = "kitty-shengji"          # unique anchor: lower-case letters, digits and hyphens
    english = "kitty"              # the term as the English lessons use it
    native = "底牌"                # Chinese characters or Vietnamese ("" when there is none)
    reading = "dǐpái"              # pinyin with tone marks (Chinese), else a pronunciation hint ("" allowed)
    literally = "bottom cards"     # optional: the native term word for word
    meaning = "The cards left …"   # plain English
    games = [KEY]                  # the games' keys (engine.catalogue.GAMES), as strings
    lesson = "shengji/02-deal"     # the lesson that teaches it: game/lesson-file-stem
    also = ["bury"]                # optional: other spellings that count as this term
    meaning_bn = "…"               # the meaning in Bengali; meaning_as: in Assamese (ৰ, ৱ; never র)
    literally_bn = "…"             # 'literally' in Bengali; literally_as: in Assamese (only with 'literally')
    reading_bn = "…"               # a pronunciation hint (not pinyin) in Bengali; reading_as: in Assamese
    name_bn = "…"                  # the term in Bengali, only where locale/terms.toml has none; name_as: Assamese

The Bengali and Assamese texts sit on the term itself, one field per language (``<field>_<lang>``, the languages
of :data:`engine.i18n.LANGUAGES`); :meth:`Term.meaning_in`, :meth:`Term.literally_in` and :meth:`Term.reading_in`
give a term's texts in the current language (:func:`engine.i18n.language`), the English one where a translation
is missing (the loader allows that; ``tests/test_glossary_languages.py`` fails on it). A term's own name in
Bengali and Assamese comes from ``locale/terms.toml`` (:func:`local_names`), else from ``name_bn``/``name_as``.

:func:`find_terms` says which terms a text uses; :func:`uncovered_words` lists the Chinese and Vietnamese
words of a text that no term covers (the check that keeps the glossary complete).
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from engine.games import GAMES
from engine.i18n import DEFAULT_LANGUAGE, LANGUAGES, language

GLOSSARY_PATH = Path(__file__).resolve().parent.parent / "lessons" / "glossary.toml"
TERMS_PATH = Path(__file__).resolve().parent.parent / "locale" / "terms.toml"
"""The games' terms in Bengali and Assamese (the seeds' words), each naming its glossary entries."""

_KEY = re.compile(r"\A[a-z0-9]+(?:-[a-z0-9]+)*\Z")
_LESSON = re.compile(r"\A([a-z]+)/(\d\d-[a-z0-9-]+)\Z")
TRANSLATED = ("meaning", "literally", "reading")
"""The fields with a text in every language: ``meaning_bn``, ``literally_as``, …"""
LOCAL_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != DEFAULT_LANGUAGE)
_LOCAL_FIELDS = {f"{name}_{lang}" for name in (*TRANSLATED, "name") for lang in LOCAL_LANGUAGES}
_FIELDS = {"key", "english", "native", "reading", "literally", "meaning", "games", "lesson", "also", *_LOCAL_FIELDS}
_REQUIRED = ("key", "english", "meaning", "games", "lesson")

# Letters with the diacritics of Vietnamese (and of pinyin's tones, which share some of them): a word holding
# one of these is taken for Vietnamese when it stands in English text.
VIETNAMESE_LETTERS = frozenset(
    "àáảãạăằắẳẵặâầấẩẫậèéẻẽẹêềếểễệìíỉĩịòóỏõọôồốổỗộơờớởỡợùúủũụưừứửữựỳýỷỹỵđ"
    "ÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬÈÉẺẼẸÊỀẾỂỄỆÌÍỈĨỊÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢÙÚỦŨỤƯỪỨỬỮỰỲÝỶỸỴĐ"
)
PINYIN_TONE_MARKS = frozenset("āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ")
_PINYIN_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzü") | PINYIN_TONE_MARKS
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


class GlossaryFormatError(ValueError):
    """A glossary file that does not follow the format above; the message names the entry."""


def is_cjk(char: str) -> bool:
    """Whether ``char`` is a Chinese character (a CJK ideograph, in any of Unicode's CJK blocks)."""
    return unicodedata.name(char, "").startswith(("CJK UNIFIED IDEOGRAPH", "CJK COMPATIBILITY IDEOGRAPH"))


def cjk_characters(text: str) -> set[str]:
    """The Chinese characters that occur in ``text``."""
    return {c for c in text if is_cjk(c)}


def is_vietnamese_word(word: str) -> bool:
    """Whether ``word`` holds a letter with a Vietnamese diacritic (ế, ư, đ, …)."""
    return any(c in VIETNAMESE_LETTERS for c in word)


def _fold(text: str) -> str:
    """``text`` for matching: Unicode-composed and lower-cased, one character for one (so that positions in
    the folded text are positions in the composed text)."""
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in unicodedata.normalize("NFC", text))


@dataclass(frozen=True)
class Term:
    """One glossary entry; ``lesson`` is ``game/lesson-file-stem``."""

    key: str
    english: str
    native: str
    reading: str
    meaning: str
    games: tuple[str, ...]
    lesson: str
    literally: str = ""
    also: tuple[str, ...] = ()
    meaning_bn: str = ""
    meaning_as: str = ""
    literally_bn: str = ""
    literally_as: str = ""
    reading_bn: str = ""
    reading_as: str = ""
    name_bn: str = ""
    name_as: str = ""

    def text(self, name: str, lang: str | None = None) -> str:
        """The field ``name`` (one of :data:`TRANSLATED`) in ``lang`` (default: the current language); the
        English text where that language has none."""
        lang = language() if lang is None else lang
        local = getattr(self, f"{name}_{lang}", "") if lang in LOCAL_LANGUAGES else ""
        return local or str(getattr(self, name))

    def meaning_in(self, lang: str | None = None) -> str:
        """What the term means, in ``lang`` (default: the current language), else in English."""
        return self.text("meaning", lang)

    def reading_in(self, lang: str | None = None) -> str:
        """How to say the term: pinyin as it is, a pronunciation hint in ``lang`` (default: the current
        language), else in English ("" when there is none)."""
        return self.text("reading", lang)

    def literally_in(self, lang: str | None = None) -> str:
        """The native term word for word, in ``lang`` (default: the current language), else in English
        ("" when the term has no literal translation)."""
        return self.text("literally", lang)

    @property
    def lesson_game(self) -> str:
        return self.lesson.split("/", 1)[0]

    @property
    def lesson_stem(self) -> str:
        return self.lesson.split("/", 1)[1]

    @property
    def forms(self) -> tuple[str, ...]:
        """Every spelling that counts as this term in a text: English, native, and the other spellings."""
        return tuple(f for f in (self.english, self.native, *self.also) if f)

    @property
    def has_cjk(self) -> bool:
        return bool(cjk_characters(self.native))


def _string(entry: dict[str, Any], name: str, where: str) -> str:
    value = entry.get(name, "")
    if not isinstance(value, str):
        raise GlossaryFormatError(f"{where}: {name!r} must be a string, not {value!r}")
    return value.strip()


def _strings(entry: dict[str, Any], name: str, where: str) -> tuple[str, ...]:
    value = entry.get(name, [])
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise GlossaryFormatError(f"{where}: {name!r} must be a list of words, not {value!r}")
    return tuple(v.strip() for v in value)


def _check_pinyin(reading: str, native: str, where: str) -> None:
    letters = [c for c in unicodedata.normalize("NFC", reading).lower() if c not in " '-"]
    odd = sorted({c for c in letters if c not in _PINYIN_LETTERS})
    if not letters or odd:
        raise GlossaryFormatError(
            f"{where}: the reading of {native!r} must be pinyin with tone marks"
            + (f"; it holds {''.join(odd)!r}" if odd else "")
        )
    marks = sum(c in PINYIN_TONE_MARKS for c in letters)
    if not 1 <= marks <= sum(is_cjk(c) for c in native):
        raise GlossaryFormatError(f"{where}: the pinyin {reading!r} of {native!r} has no tone marks")


def parse_term(entry: Any, where: str) -> Term:
    """One ``[[term]]`` table as a Term; raises GlossaryFormatError naming ``where``."""
    if not isinstance(entry, dict):
        raise GlossaryFormatError(f"{where}: an entry is a [[term]] table")
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        known = ", ".join(sorted(_FIELDS))
        raise GlossaryFormatError(f"{where}: unknown field(s) {', '.join(unknown)}; known: {known}")
    for name in _REQUIRED:
        if name not in entry:
            raise GlossaryFormatError(f"{where}: missing {name!r}")
    key = _string(entry, "key", where)
    where = f"{where} ({key or 'no key'})"
    if not _KEY.match(key):
        raise GlossaryFormatError(f"{where}: the key must be lower-case letters, digits and hyphens")
    term = Term(
        key=key,
        english=_string(entry, "english", where),
        native=_string(entry, "native", where),
        reading=_string(entry, "reading", where),
        meaning=_string(entry, "meaning", where),
        games=_strings(entry, "games", where),
        lesson=_string(entry, "lesson", where),
        literally=_string(entry, "literally", where),
        also=_strings(entry, "also", where),
        meaning_bn=_string(entry, "meaning_bn", where),
        meaning_as=_string(entry, "meaning_as", where),
        literally_bn=_string(entry, "literally_bn", where),
        literally_as=_string(entry, "literally_as", where),
        reading_bn=_string(entry, "reading_bn", where),
        reading_as=_string(entry, "reading_as", where),
        name_bn=_string(entry, "name_bn", where),
        name_as=_string(entry, "name_as", where),
    )
    if not term.english or not term.meaning:
        raise GlossaryFormatError(f"{where}: 'english' and 'meaning' may not be empty")
    if not term.games:
        raise GlossaryFormatError(f"{where}: 'games' names at least one game")
    for game in term.games:
        if game not in GAMES:
            raise GlossaryFormatError(f"{where}: unknown game {game!r}; known: {', '.join(GAMES)}")
    match = _LESSON.match(term.lesson)
    if not match:
        raise GlossaryFormatError(f"{where}: 'lesson' is game/lesson-file-stem, such as shengji/06-kitty")
    if match.group(1) not in term.games:
        raise GlossaryFormatError(f"{where}: the lesson {term.lesson!r} is not of one of its games")
    if term.has_cjk:
        _check_pinyin(term.reading, term.native, where)
    if term.literally and not term.native:
        raise GlossaryFormatError(f"{where}: 'literally' translates the native term, which is empty")
    for lang in LOCAL_LANGUAGES:
        for name in ("literally", "reading"):
            if getattr(term, f"{name}_{lang}") and not getattr(term, name):
                raise GlossaryFormatError(f"{where}: '{name}_{lang}' translates '{name}', which is empty")
    return term


def parse_glossary(text: str, where: str = "glossary") -> tuple[Term, ...]:
    """The terms of a glossary file's text, in file order; raises GlossaryFormatError."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise GlossaryFormatError(f"{where}: not TOML: {error}") from None
    extra = sorted(set(data) - {"term"})
    if extra:
        raise GlossaryFormatError(f"{where}: only [[term]] tables belong here, not {', '.join(extra)}")
    entries = data.get("term", [])
    if not isinstance(entries, list) or not entries:
        raise GlossaryFormatError(f"{where}: no [[term]] entries")
    terms = tuple(parse_term(e, f"{where}: term {i + 1}") for i, e in enumerate(entries))
    seen: set[str] = set()
    for term in terms:
        if term.key in seen:
            raise GlossaryFormatError(f"{where}: the key {term.key!r} is used twice")
        seen.add(term.key)
    return terms


def load_glossary(path: Path = GLOSSARY_PATH) -> tuple[Term, ...]:
    """The glossary's terms, in file order; raises GlossaryFormatError naming the file and the entry."""
    return parse_glossary(path.read_text(encoding="utf-8"), str(path))


def local_names(lang: str, path: Path = TERMS_PATH, glossary: Iterable[Term] | None = None) -> dict[str, str]:
    """Glossary key → the term in ``lang`` (``bn`` or ``as``) from ``locale/terms.toml``, else the glossary's own
    ``name_<lang>``; empty for English."""
    if lang not in LOCAL_LANGUAGES:
        return {}
    terms = tomllib.loads(path.read_text(encoding="utf-8"))["term"]
    names = {key: term[lang] for term in terms for key in term.get("glossary", []) if lang in term}
    for entry in glossary if glossary is not None else load_glossary():
        if own := getattr(entry, f"name_{lang}"):
            names.setdefault(entry.key, own)
    return names


def term_by_key(terms: Iterable[Term], key: str) -> Term | None:
    """The term whose key is ``key``, if any."""
    return next((t for t in terms if t.key == key), None)


def _form_pattern(form: str) -> re.Pattern[str]:
    folded = r"\s+".join(re.escape(part) for part in _fold(form).split())
    if cjk_characters(form):
        return re.compile(folded)
    # Whole words only, and an English plural ("tractors", "bombs") counts as the word.
    return re.compile(rf"(?<!\w){folded}(?:e?s)?(?!\w)")


def _spans(text: str, terms: Sequence[Term]) -> list[tuple[int, int, Term]]:
    """Where the terms occur in ``text``: longest match first, no overlaps, in text order."""
    folded = _fold(text)
    found: list[tuple[int, int, Term]] = []
    for term in terms:
        for form in term.forms:
            found += [(m.start(), m.end(), term) for m in _form_pattern(form).finditer(folded)]
    found.sort(key=lambda s: (s[0], -(s[1] - s[0])))
    kept: list[tuple[int, int, Term]] = []
    for start, end, term in found:
        if not kept or start >= kept[-1][1]:
            kept.append((start, end, term))
    return kept


def find_terms(text: str, terms: Sequence[Term] | None = None, game: str | None = None) -> list[Term]:
    """The glossary terms that occur in ``text`` (in English, natively or in another spelling), each once,
    in order of first occurrence; with ``game``, only that game's terms."""
    pool = [t for t in (terms if terms is not None else load_glossary()) if game is None or game in t.games]
    out: list[Term] = []
    for _, _, term in _spans(text, pool):
        if term not in out:
            out.append(term)
    return out


def uncovered_words(text: str, terms: Sequence[Term] | None = None) -> list[str]:
    """The Chinese and Vietnamese words of ``text`` that no glossary term covers, each once, in text order:
    runs of Chinese characters, and words with Vietnamese diacritics, outside every term's occurrence (a
    term's pinyin counts as the term: "dǐpái" is covered by 底牌)."""
    text = unicodedata.normalize("NFC", text)
    pool = [t for t in (terms if terms is not None else load_glossary()) if t.native or t.also]
    pool += [replace(t, english=t.reading, native="", also=()) for t in pool if t.has_cjk and t.reading]
    covered = [False] * len(text)
    for start, end, _ in _spans(text, pool):
        covered[start:end] = [True] * (end - start)
    out: list[str] = []

    def add(word: str) -> None:
        if word and word not in out:
            out.append(word)

    for match in _WORD.finditer(text):
        word, start = match.group(), match.start()
        run = ""
        for offset, char in enumerate(word):
            if is_cjk(char) and not covered[start + offset]:
                run += char
            else:
                add(run)
                run = ""
        add(run)
        if is_vietnamese_word(word) and not all(covered[start : match.end()]):
            add(word)
    return out


def plain(text: str) -> str:
    """``text`` lower-cased without accents or tone marks, for searching: "Tiến lên" → "tien len",
    "dǐpái" → "dipai", "đôi" → "doi"; Chinese characters stay as they are."""
    decomposed = unicodedata.normalize("NFD", text.replace("đ", "d").replace("Đ", "D"))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold().strip()


def search_terms(terms: Sequence[Term], query: str = "", games: Iterable[str] = ()) -> list[Term]:
    """The terms matching ``query`` (in any field, ignoring case, accents and tone marks) of any of ``games``
    (all games when empty): exact matches of the term or its key first, then the terms that start with it,
    then the rest, each group alphabetical."""
    wanted = set(games)
    pool = [t for t in terms if not wanted or wanted & set(t.games)]
    needle = plain(query)

    def rank(term: Term) -> int | None:
        if not needle:
            return 0
        names = [plain(f) for f in (term.key, *term.forms)]
        if needle in names:
            return 0
        if any(n.startswith(needle) for n in names):
            return 1
        fields = tuple(term.text(name, lang) for name in TRANSLATED for lang in LANGUAGES)
        return 2 if any(needle in n for n in names) or any(needle in plain(f) for f in fields) else None

    ranked = [(r, t) for t in pool if (r := rank(t)) is not None]
    ranked.sort(key=lambda rt: (rt[0], plain(rt[1].english), rt[1].games))
    return [t for _, t in ranked]
