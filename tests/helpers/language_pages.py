"""Reading a page run in Bengali or Assamese under AppTest: every text the page writes for a learner, and which
of them are not in the language's script.

A page is run the way app.py runs it (ui/nav.py): inside ``use_language(lang)``, with the session's language
chosen (``sidebar:lang``, which the callbacks answer in) — AppTest runs only the page on a switch, so the page is
run here on its own::

    at = page_in(lang, "pages/thirteen_editor.py", {"pos": …})
    assert not_in_the_language(at, lang) == []
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

BENGALI_SCRIPT = re.compile(r"[\u0980-\u09FF]")
BENGALI_RA = "র"
"""The Bengali letter ra, which Assamese writes ৰ."""

_ALLOWED = re.compile(
    r"`[^`]*`"                                   # code: notation, JSON
    r"|\]\([^)]*\)"                               # a link's address
    r"|:material/[a-z0-9_]+:"                    # icons
    r"|:[a-z]+(?:-badge|-background)?\["          # colour directives
    r"|\S*[♠♥♦♣]\S*"                             # cards with suit symbols
    r"|(?<![\w])(?:10|[2-9TJQKA])[SHDCshdc](?![\w])"  # cards in notation
    r"|%\{[^}]*\}"                               # plotly's slots
    r"|\b(?:BJ|RJ|JSON|PDF|README|Enter|Reset|Download|pass|RJ)\b"  # codes, keys and what is typed
    r"|\b(?:Shengji|Tractor|Dou Dizhu|Euchre|Thirteen|Tiến lên)\b"  # the games' own names
    r"|[\u4e00-\u9fff]+"                          # Chinese
)
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def page_in(lang: str, page: str, query: Mapping[str, str] | None = None, state: Mapping[str, Any] | None = None,
            ) -> AppTest:
    """The page script ``page`` (relative to the repository) after its first run in ``lang``."""

    def run(root: str, page: str, lang: str, query: dict[str, str], state: dict[str, object]) -> None:
        import runpy
        from pathlib import Path

        import streamlit as st

        from engine.i18n import use_language

        for key, value in query.items():
            if key not in st.query_params:
                st.query_params[key] = value
        for key, value in state.items():
            st.session_state.setdefault(key, value)
        st.session_state["sidebar:lang"] = lang  # as ui.language.read_language keeps it for the callbacks
        with use_language(lang):
            runpy.run_path(str(Path(root) / page), run_name="__main__")

    at = AppTest.from_function(run, args=(str(ROOT), page, lang, dict(query or {}), dict(state or {})),
                               default_timeout=180)
    return at.run()


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    children = getattr(node, "children", None)
    if isinstance(children, Mapping):
        for child in children.values():
            yield from _nodes(child)


def texts(at: AppTest) -> list[str]:
    """Every text the page shows a learner: markdown, captions, headings, messages, buttons, widget labels and
    options, expanders, progress, links, table headings and the card component's labels and buttons (not help or
    placeholder texts)."""
    out: list[str] = []
    for node in _nodes(at._tree):
        kind = getattr(node, "type", "")
        proto = getattr(node, "proto", None)
        if kind in ("markdown", "caption", "title", "header", "subheader", "success", "info", "warning", "error",
                    "latex", "badge"):
            out.append(str(node.value))
        elif kind == "bidi_component" or kind == "custom_component":
            data = json.loads(proto.json) if getattr(proto, "json", "") else {}
            if "mode" in data:  # a card hand
                out += [data.get("label", ""), *(g["label"] for g in data.get("groups", []))]
                out += [a["label"] for a in data.get("actions", [])]
                out += [h["label"] for h in data.get("legend", [])]
                out += [v for k, v in data.get("words", {}).items() if k != "digits"]
        elif kind == "expandable" or kind == "expander":
            out.append(str(getattr(node, "label", "")))
        elif kind == "dataframe":
            value = node.value
            out += [str(c) for c in getattr(value, "columns", [])]
        elif kind == "progress":
            out.append(str(proto.text))
        elif kind == "page_link":
            out.append(str(proto.label))
        elif kind == "button_group":
            out += [str(o.content) for o in proto.options]
            if proto.label:
                out.append(str(proto.label))
        elif proto is not None and hasattr(proto, "label") and kind not in ("column", "vertical", "horizontal"):
            out.append(str(proto.label))
            out += [str(o) for o in getattr(node, "options", []) or []]
    return [t for t in out if t.strip()]


def english_words(text: str) -> list[str]:
    """The words of ``text`` written in Latin letters, besides cards, codes and the games' names."""
    return _LATIN_WORD.findall(_ALLOWED.sub(" ", text))


def not_in_the_language(at: AppTest, lang: str, engine: Iterable[str] = ()) -> list[str]:
    """The texts of the page that are not in ``lang``: with no Bengali-script letter while they hold a word in
    Latin letters, or, in Assamese, written with the Bengali ra (র). A text in the script may quote the engine's
    words, and ``engine`` lists texts that come whole from the engine (a summary, a game's group labels): those
    are translated by the engine's catalog parts and left out of the check."""
    quoted = sorted({_unescaped(e) for e in engine if e.strip()}, key=len, reverse=True)
    bad = []
    for text in texts(at):
        own = _unescaped(text)
        for words in quoted:
            own = own.replace(words, " ")
        if not BENGALI_SCRIPT.search(own) and english_words(own):
            bad.append(text)
        elif lang == "as" and BENGALI_RA in own:
            bad.append(text)
    return bad


def _unescaped(text: str) -> str:
    return text.replace("\\", "")
