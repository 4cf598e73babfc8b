"""The languages layer (engine/i18n.py, engine/words.py, locale/): the catalogs are complete and in their
languages' scripts, match the strings the code marks, and the current language is per request; numbers, counts,
lists, seats and the common-rule mark read in Bengali and Assamese, and English is unchanged."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
import threading
import tomllib
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

import engine.i18n as i18n
from engine.errors import InvalidRequestError
from engine.i18n import gettext, language, number, use_language
from engine.words import and_list, common_rule, count, listed, option_named, or_list, rank_plural, seat_name, sentence
from tests.conftest import ROOT

LOCALES = ("bn", "as")
BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")
FIELD = re.compile(r"\{[a-z_]*\}")


def _tool() -> ModuleType:
    """locale/catalogs.py, the tool that files every marked string in its part (as `make messages` runs it)."""
    spec = importlib.util.spec_from_file_location("catalogs_tool", ROOT / "locale" / "catalogs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogs_tool"] = module
    spec.loader.exec_module(module)
    return module


def _parts(lang: str) -> dict[str, Catalog]:
    folder = ROOT / "locale" / lang / "LC_MESSAGES"
    parts = {}
    for path in sorted(folder.glob("*.po")):
        with open(path, "rb") as po:
            parts[path.stem] = read_po(po, locale=lang)
    return parts


def _catalog(lang: str) -> list[object]:
    """Every entry of every part of ``lang``'s catalog."""
    return [m for part in _parts(lang).values() for m in part]


def _key(m: object) -> tuple[object, object]:
    ident = m.id  # type: ignore[attr-defined]
    return m.context, ident[0] if isinstance(ident, tuple) else ident  # type: ignore[attr-defined]


def test_each_part_holds_exactly_the_strings_its_files_mark() -> None:
    assigned = _tool().assignment()
    for lang in LOCALES:
        parts = _parts(lang)
        for name, messages in assigned.items():
            held = {_key(m) for m in parts.get(name, []) if m.id}
            assert set(messages) - held == set(), f"{lang}/{name}: marked in the code, missing here (make messages)"
            assert held - set(messages) == set(), f"{lang}/{name}: no longer marked by its files (make messages)"
        extra = set(parts) - {name for name, messages in assigned.items() if messages}
        assert not extra, f"{lang}: parts that no file marks a string for: {extra}"


@pytest.mark.parametrize("lang", LOCALES)
def test_every_entry_is_translated_in_the_languages_script(lang: str) -> None:
    for message in _catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(texts), f"{lang}: no translation of {ids[0]!r}"
        assert not message.fuzzy, f"{lang}: fuzzy translation of {ids[0]!r}"
        for text in texts:
            assert set(FIELD.findall(text)) == set(FIELD.findall(ids[0])), (lang, ids[0], text)
            assert BENGALI_SCRIPT.search(text), (lang, ids[0], text)
            if lang == "as":
                assert "র" not in text, f"Assamese writes ৰ: {text!r}"
            else:
                assert not {"ৰ", "ৱ"} & set(text), f"Assamese letters in Bengali: {text!r}"


def test_assamese_is_not_bengali_relabelled() -> None:
    # Single words may be spelt alike (ভাষা, পাঠ); no translated phrase of three words or more is.
    bn = {m.id: m.string for m in _catalog("bn")  # type: ignore[attr-defined]
          if isinstance(m.id, str) and len(FIELD.sub("", m.string).split()) >= 3}  # type: ignore[attr-defined]
    same = [m.id for m in _catalog("as") if m.id in bn and bn[m.id] == m.string]  # type: ignore[attr-defined]
    assert bn and not same, same


def test_english_is_the_source_and_unchanged() -> None:
    assert language() == "en"
    assert count(3, "card") == "three cards" and count(1, "trick") == "one trick" and count(0, "card") == "no cards"
    assert and_list(["a", "b", "c"]) == "a, b and c" and or_list(["a", "b"]) == "a or b"
    assert sentence("x") == "X." and seat_name("E") == "East" and number(12345) == "12,345"
    assert common_rule("Deal") == "a common rule, not in these rules; the option “Deal” changes it"
    assert listed(list("abcdefgh")) == "a, b, c, d, e, f and 2 more" and rank_plural("7", 3) == "three 7s"


def test_bengali_words() -> None:
    with use_language("bn"):
        assert count(3, "card") == "৩টি কার্ড" and count(13, "player") == "১৩টি খেলোয়াড়"
        assert number(1234567) == "১২,৩৪,৫৬৭" and rank_plural("7", 3) == "৩টি 7"
        assert and_list(["ক", "খ", "গ"]) == "ক, খ এবং গ" and or_list(["ক", "খ"]) == "ক বা খ"
        assert sentence("উত্তর জেতে") == "উত্তর জেতে।" and sentence("উত্তর জেতে।") == "উত্তর জেতে।"
        assert [seat_name(s) for s in "NESW"] == ["উত্তর", "পূর্ব", "দক্ষিণ", "পশ্চিম"] and seat_name("West") == "পশ্চিম"
        # an option by its label, the label itself through the catalogs (a game marks it; no catalog: as given)
        assert option_named("Deal") == "“ডিল” বিকল্পটি" and option_named("No such label") == "“No such label” বিকল্পটি"
        assert listed(list("abcdefgh")) == "a, b, c, d, e, f এবং আরও ২টি"


def test_assamese_words() -> None:
    with use_language("as"):
        assert count(3, "card") == "৩খন কাৰ্ড" and count(2, "pair") == "২টা যোৰ"
        assert and_list(["ক", "খ", "গ"]) == "ক, খ আৰু গ" and rank_plural("2", 3) == "৩খন 2"
        assert [seat_name(s) for s in "NESW"] == ["উত্তৰ", "পূব", "দক্ষিণ", "পশ্চিম"]
        assert sentence("উত্তৰে জিকে") == "উত্তৰে জিকে।"


def test_the_common_rule_mark_is_the_terms_and_the_lessons_form() -> None:
    terms = tomllib.loads((ROOT / "locale" / "terms.toml").read_text(encoding="utf-8"))["term"]
    form = next(t for t in terms if t["key"] == "common-rule")
    for lang in LOCALES:
        with use_language(lang):
            assert common_rule() == form[lang]
        for path in sorted((ROOT / "lessons").glob(f"*/{lang}/*.md")):
            english = " ".join((path.parent.parent / path.name).read_text(encoding="utf-8").split())
            if form["en"] in english:
                text = " ".join(path.read_text(encoding="utf-8").split())
                assert form[lang] in text, f"{path}: the common rule is “{form[lang]}”"


def test_the_language_is_per_request_and_nests() -> None:
    seen: dict[str, str] = {}

    def other_request() -> None:
        seen["thread"] = language()

    with use_language("bn"):
        with use_language("as"):
            assert gettext("North") == "উত্তৰ"
        assert gettext("North") == "উত্তর"
        thread = threading.Thread(target=other_request)
        thread.start()
        thread.join()
    assert seen["thread"] == "en" and language() == "en" and gettext("North") == "North"


def test_a_bad_language_is_refused_in_one_sentence() -> None:
    with pytest.raises(InvalidRequestError, match=r"there is no language 'xx'; the languages are en \(English\), bn"):
        with use_language("xx"):
            pass
    assert language() == "en"


def test_a_catalog_not_compiled_yet_is_read_from_its_po(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for lang in LOCALES:
        folder = tmp_path / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        for po in (ROOT / "locale" / lang / "LC_MESSAGES").glob("*.po"):
            shutil.copy(po, folder / po.name)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert not list(tmp_path.rglob("*.mo"))
    with use_language("as"):
        assert gettext("Glossary") == "শব্দকোষ" and gettext("West") == "পশ্চিম"
    assert not list(tmp_path.rglob("*.mo"))


def test_a_catalog_changed_while_running_is_read_again_without_harm(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "bn" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    for po in (ROOT / "locale" / "bn" / "LC_MESSAGES").glob("*.po"):
        shutil.copy(po, folder / po.name)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    with use_language("bn"):
        edited = sorted(folder.glob("*.po"))[-1]  # one part edited: the others' cached catalogs are chained again
        for second in range(1, 6):
            os.utime(edited, (second, second))
            assert gettext("North") == "উত্তর" and gettext("Glossary") == "শব্দকোষ"
