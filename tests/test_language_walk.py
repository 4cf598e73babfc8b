"""Every page of the app in Bengali and in Assamese: no English a learner reads (issue #24).

AppTest opens every page — each game's five pages, home, cards, glossary, class, join and the shared table — with
``?lang=bn`` and ``?lang=as`` (run the way app.py runs a page: inside ``use_language``) and reads every text
element: titles, headers, Markdown, captions, messages, the labels, options, help and placeholders of every widget,
metrics, expanders, tabs, dataframe column names, and the titles, axes, legends, texts and hover texts of every
plotly chart. A page fails on any run of two or more ASCII words outside the allow-list (card notation, the games'
own names in their languages, codes, numbers), and on Assamese text that holds the Bengali letter র.

Pages whose texts other engineers are still translating are in :data:`STILL_BEING_TRANSLATED` with the reason,
as strict expected failures: an entry whose page passes fails the test, so the list only shrinks (the lead empties
it once everyone's work is merged).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.glossary import load_glossary
from tests.conftest import ROOT

# ----------------------------------------------------------------------------------------------------------------
# The pages still being translated by others: page (pages/<name>.py) → who and what. Strict: a listed page that
# passes fails the test — take it off the list.
STILL_BEING_TRANSLATED: dict[str, str] = {}
# ----------------------------------------------------------------------------------------------------------------

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
KINDS = ("lessons", "editor", "scoring", "table", "practice")
PAGES = tuple(f"{g}_{k}" for g in GAMES for k in KINDS) + ("home", "cards", "glossary", "class", "join",
                                                            "table_room")
LANGS = ("bn", "as")

ALLOWED = (
    # the games' own names and their native spellings, the language names, pinyin and Vietnamese
    "Shengji", "Tractor", "Tiến lên", "Tien len", "Dou Dizhu", "Euchre", "Thirteen", "shēng jí", "dòu dì zhǔ",
    "tien len",  # the glossary's search help: “tien len” finds Tiến lên
    "English", "Noto Sans Bengali", "SIL OFL", "JSON", "CSV", "PDF", "PNG", "N-S", "E-W",
    "S H D C",  # card notation: the suits' letters
    "as kh 10d 5c tc bj rj",  # the cards page's example of notation in any case
    "DouZero", "RLCard",  # programs a Dou Dizhu option's help names
)
_CARD = r"(?:10|[2-9TJQKA])[SHDC♠♥♦♣]?|BJ|RJ"
_CARDS = re.compile(rf"(?<![\w])(?:{_CARD})(?![\w])")
_URL = re.compile(r"\]\([^)]*\)|https?://\S+|\?\S*=\S*|/[a-z_]+(?:\?\S*)?|:material/[a-z_]+:|:[a-z]+(?:-badge)?\[")
_ENGLISH = re.compile(r"[A-Za-z][A-Za-z'’]*(?:[ \t,;:-]+[A-Za-z][A-Za-z'’]*)+")
_PINYIN = re.compile(r"\b[a-zA-Zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]*[āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜ][a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]*\b")
_VIETNAMESE = re.compile(r"\b\w*[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]\w*\b", re.IGNORECASE)

_TEXT_FIELDS = {"label", "body", "help", "placeholder", "options", "text", "caption", "title", "value",
                "default_value_text"}


def glossary_names() -> tuple[str, ...]:
    """The glossary page's English term names as it shows them beside a term's Bengali or Assamese name —
    "হোল কার্ড (kitty exchange)" — allowed on that page only, as the Chinese and Vietnamese names are."""
    return tuple(f"({term.english})" for term in load_glossary())


PAGE_ALLOWED = {"glossary": glossary_names}
"""Page → the names it may show in English besides :data:`ALLOWED`."""


def english_runs(text: str, also_allowed: tuple[str, ...] = ()) -> list[str]:
    """The runs of two or more ASCII words in ``text`` that the allow-list (and ``also_allowed``) does not
    explain."""
    for allowed in (*also_allowed, *ALLOWED):
        text = text.replace(allowed, " ")
    text = _URL.sub(" ", text)
    text = _PINYIN.sub(" ", text)
    text = _VIETNAMESE.sub(" ", text)
    text = _CARDS.sub(" ", text)
    return [m.group(0) for m in _ENGLISH.finditer(text) if len(m.group(0).split()) >= 2]


def _strings(message: Any, depth: int = 0) -> Iterator[str]:
    """The learner-readable strings of an element's protobuf (its text fields, nested ones too)."""
    if depth > 6:
        return
    for field, value in message.ListFields():
        name = field.name
        if name == "spec":
            yield from _plotly_strings(json.loads(value))
        elif field.type == field.TYPE_MESSAGE:
            for item in (value if not hasattr(value, "ListFields") else [value]):
                yield from _strings(item, depth + 1)
        elif field.type == field.TYPE_STRING and name in _TEXT_FIELDS:
            yield from ([value] if isinstance(value, str) else value)


def _plotly_strings(spec: Any) -> Iterator[str]:
    """A plotly figure's words: titles, axis titles, tick texts, legend titles, trace names, texts, hover."""
    words = {"text", "name", "hovertemplate", "ticktext", "texttemplate", "title"}
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in words:
                if isinstance(value, str):
                    yield value
                elif isinstance(value, list):
                    yield from (v for v in value if isinstance(v, str))
                elif isinstance(value, dict):
                    yield from _plotly_strings(value)
            elif key not in ("customdata", "x", "y", "z", "ids", "locations"):
                yield from _plotly_strings(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from _plotly_strings(item)


def _dataframe_columns(element: Any) -> list[str]:
    try:
        frame = element.value
    except Exception:  # noqa: BLE001 - an element with no readable frame has no column names to check
        return []
    return [str(c) for c in getattr(frame, "columns", [])]


def page_texts(at: AppTest) -> list[str]:
    """Every text an element of the page shows (the main area; the sidebar is app.py's, checked on home)."""
    out: list[str] = []
    stack: list[Any] = [at.main]
    while stack:
        node = stack.pop()
        proto = getattr(node, "proto", None)
        if proto is not None and hasattr(proto, "ListFields"):
            out.extend(_strings(proto))
        if getattr(node, "type", "") in ("dataframe", "arrow_data_frame", "table"):
            out.extend(_dataframe_columns(node))
        children = getattr(node, "children", None)
        if isinstance(children, dict):
            stack.extend(children.values())
    return [t for t in out if t and t.strip()]


_RUNNER = """
from pathlib import Path

import streamlit as st

from engine.i18n import use_language

st.query_params["lang"] = {lang!r}
with use_language({lang!r}):
    folder = Path(__file__).parent / "pages"
    target = folder / "{page}.py"
    others = [st.Page(str(p), url_path=p.stem) for p in sorted(folder.glob("*.py")) if p.name != target.name]
    st.navigation([st.Page(str(target), default=True), *others], position="hidden").run()
"""


@pytest.fixture(scope="module")
def walk_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for the walk's entry scripts, with the app's pages beside them (links to ``pages/x.py`` resolve as
    they do beside app.py)."""
    folder = tmp_path_factory.mktemp("walk")
    (folder / "pages").symlink_to(ROOT / "pages", target_is_directory=True)
    return folder


def open_page(page: str, lang: str, folder: Path, params: dict[str, str] | None = None) -> AppTest:
    """``pages/<page>.py`` run as app.py runs it in ``lang``: inside ``use_language``, every page registered (so
    that its links resolve), this one the page shown (AppTest runs only the page after a switch, without app.py);
    ``params``: the address's other query parameters."""
    script = folder / f"walk_{page}_{lang}.py"
    script.write_text(_RUNNER.format(page=page, lang=lang), encoding="utf-8")
    at = AppTest.from_file(str(script), default_timeout=300)
    for name, value in (params or {}).items():
        at.query_params[name] = value
    return at.run()


def problems(at: AppTest, lang: str, also_allowed: tuple[str, ...] = ()) -> list[str]:
    """What reads wrong on the page: an exception, English runs (beyond ``also_allowed``), Bengali র in
    Assamese."""
    found = [f"exception: {e.value}" for e in at.exception]
    for text in page_texts(at):
        found += [f"English: {run!r} in {text[:120]!r}" for run in english_runs(text, also_allowed)]
        if lang == "as" and "র" in text:
            found.append(f"Bengali র in Assamese: {text[:120]!r}")
    return found


def _cases() -> list[Any]:
    cases = []
    for page in PAGES:
        for lang in LANGS:
            reason = STILL_BEING_TRANSLATED.get(page)
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            cases.append(pytest.param(page, lang, marks=marks, id=f"{page}-{lang}"))
    return cases


@pytest.mark.parametrize(("page", "lang"), _cases())
def test_every_page_reads_in_the_language(page: str, lang: str, walk_folder: Path) -> None:
    at = open_page(page, lang, walk_folder)
    allowed = PAGE_ALLOWED.get(page)
    found = problems(at, lang, allowed() if allowed else ())
    assert not found, "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize(("text", "runs"), [
    ("খেলোয়াড় 10♠ Q♥ খেলে", []),
    ("শেংজি (Shengji / Tractor) · Tiến lên", []),
    ("AH KH 2S", []),
    ("ডিল Deal হাত", []),
    ("Deal another হাত", ["Deal another"]),
    ("আরেকটি ডিল: Deal number", ["Deal number"]),
    ("[পাঠ](/glossary?term=thirteen&lang=bn)", []),
])
def test_the_english_finder(text: str, runs: list[str]) -> None:
    assert english_runs(text) == runs


@pytest.mark.parametrize(("lang", "turn", "hint"), [("bn", "আপনার পালা", "ইঙ্গিত"), ("as", "আপোনাৰ পালি", "ইংগিত")])
def test_the_tables_own_words_in_play_mode(lang: str, turn: str, hint: str, walk_folder: Path) -> None:
    """Play mode (the walk opens watch mode): the decision row, its buttons, the seat and the record's panel are
    in the language (the prompt and the seats' names are the engine's)."""
    at = open_page("thirteen_table", lang, walk_folder, {"mode": "play"})
    assert not at.exception, [e.value for e in at.exception]
    assert at.button(key="thirteen:table:hint-button").label == hint
    assert any(m.value.startswith(f"**{turn}") for m in at.markdown), [m.value[:40] for m in at.markdown]
    labels = [at.button(key=f"thirteen:table:{k}").label for k in ("undo", "new", "load")]
    labels += [at.selectbox(key="thirteen:table:w:me").label, at.get("expander")[-1].label]
    assert all(labels) and not any(english_runs(t) or t.isascii() for t in labels), labels
