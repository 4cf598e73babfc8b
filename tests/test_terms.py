"""locale/terms.toml, the games' terms in English, Bengali and Assamese: well-formed, each language in its own
script and spelling, and the Chinese, pinyin and Vietnamese names the same as the glossary's."""

from __future__ import annotations

import re
import tomllib

from engine.games import GAMES
from engine.glossary import load_glossary, term_by_key
from tests.conftest import ROOT

TERMS = tomllib.loads((ROOT / "locale" / "terms.toml").read_text(encoding="utf-8"))["term"]
GLOSSARY = load_glossary()
FIELDS = {"key", "en", "bn", "as", "games", "seed", "note", "glossary", "zh", "pinyin", "vi", "bn_also", "as_also",
          "ambiguous"}
BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")
ASSAMESE_ONLY = "ৰৱ"  # U+09F0, U+09F1: Assamese ra and wa, never in Bengali
BENGALI_RA = "র"  # U+09B0: Bengali ra, never in Assamese


def test_keys_are_unique_and_fields_known() -> None:
    keys = [t["key"] for t in TERMS]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)
    for term in TERMS:
        assert set(term) <= FIELDS, (term["key"], set(term) - FIELDS)
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", term["key"]), term["key"]
        assert all(term[lang].strip() for lang in ("en", "bn", "as")), term["key"]
        assert set(term["games"]) <= set(GAMES), term["key"]


def test_each_language_is_in_its_own_script_and_spelling() -> None:
    for term in TERMS:
        assert not BENGALI_SCRIPT.search(term["en"]), term["key"]
        for lang in ("bn", "as"):
            assert BENGALI_SCRIPT.search(term[lang]), (term["key"], lang)
        for bn in [term["bn"], *term.get("bn_also", [])]:
            assert not set(bn) & set(ASSAMESE_ONLY), (term["key"], bn)
        for assamese in [term["as"], *term.get("as_also", [])]:
            assert BENGALI_RA not in assamese, (term["key"], assamese, "Assamese writes ৰ")


def test_assamese_is_not_bengali_relabelled() -> None:
    # Words both languages spell alike (দল, হাত, বোমা) are fine; most of the list must differ.
    same = [t["key"] for t in TERMS if t["bn"] == t["as"]]
    assert len(same) < len(TERMS) // 5, same
    assert sum(1 for t in TERMS if set(t["as"]) & set(ASSAMESE_ONLY)) > len(TERMS) // 3


def test_chinese_and_vietnamese_names_are_the_glossarys() -> None:
    for term in TERMS:
        entries = [term_by_key(GLOSSARY, k) for k in term.get("glossary", [])]
        assert all(entries), (term["key"], term.get("glossary"))
        natives = {e.native for e in entries if e is not None and e.native}
        readings = {e.reading for e in entries if e is not None and e.native}
        for name in ("zh", "vi"):
            if name in term:
                assert term[name] in natives, (term["key"], term[name], natives)
        if "pinyin" in term:
            assert term["pinyin"] in readings, (term["key"], term["pinyin"], readings)
        # A glossary entry with a Chinese or Vietnamese name gives it to the term.
        assert natives <= {term.get("zh"), term.get("vi")}, (term["key"], natives)


def test_the_brief_terms_are_all_there() -> None:
    english = {t["en"] for t in TERMS}
    wanted = {"trump", "trick", "lead", "follow suit", "spades", "hearts", "diamonds", "clubs", "pair", "tractor",
              "throw", "failed throw", "kitty", "level", "bankers", "attackers", "declare", "override", "bomb",
              "rocket", "landlord", "peasants", "sequence", "chop", "bower", "left bower", "right bower",
              "go alone", "Euchre", "march", "dealer", "bid", "pass", "points", "single", "triple",
              "three of a kind", "four of a kind", "joker", "North", "East", "South", "West", "player", "partner",
              "team", "hand", "card"}
    assert wanted <= english, sorted(wanted - english)
