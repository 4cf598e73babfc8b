"""Hostile links on every page: no exception, and nothing from the link rendered as markup.

Every page of ``pages/`` is opened through ``app.py`` with every query parameter a page reads (or may read) set to
hostile text: a Markdown link, a Markdown image, raw HTML, a script, 5 MB of text, lone surrogates, a damaged
position, and well-formed positions and records whose preset, cards, options or actions are Markdown. Streamlit
renders Markdown in ``st.markdown``, ``st.error`` & co., widget labels and help, so a message that quotes the
link unescaped shows a clickable foreign link ("re-enter your password") or fetches an outside image. The check
reads every string AppTest exposes of every element that renders Markdown and looks for what would render.
"""

from __future__ import annotations

import base64
import re
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from engine.games import GAMES, preset_texts
from tests.conftest import ROOT

PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))
PARAMS = ("pos", "hand", "lesson", "step", "seed", "mode", "seat", "present", "whole", "game", "term", "preset", "view")
"""The query parameters pages read (``pos``: an editor's position, ``hand``: a Table's record) or are likely to."""

EVIL = "http://evil.example"
LINK = f"[re-enter your password]({EVIL})"
IMAGE = f"![x]({EVIL}/x.png)"
HTML = "<img src=x onerror=alert(1)>"
SCRIPT = "<script>alert(1)</script>"
MARKUP = f"{LINK} {IMAGE} {HTML} {SCRIPT}"


def encode(json_text: str) -> str:
    """A link's position parameter for ``json_text`` (as ``ui.share.encode_position`` writes one)."""
    raw = json_text.encode("utf-8", "surrogatepass")
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def quoted(value: str) -> str:
    """``value`` as a JSON string literal (lone surrogates written as ``\\ud800`` escapes, as a hostile link can)."""
    out = []
    for ch in value:
        if ch in "\"\\" or ord(ch) < 0x20 or 0xD800 <= ord(ch) <= 0xDFFF:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def page_game(page: str) -> str | None:
    key = page.removeprefix("pages/").split("_")[0]
    return key if key in GAMES else None


def a_preset(game: str | None) -> str:
    names = list(preset_texts(game)) if game else []
    return names[0] if names else "default"


def hostile_links(page: str) -> dict[str, dict[str, str]]:
    """Case name → query parameters for ``page``: the same hostile text in every parameter, or for ``pos`` and
    ``hand`` a well-formed position / record carrying it."""
    game = page_game(page) or "shengji"
    preset = quoted(a_preset(page_game(page)))
    g = quoted(game)

    def every(value: str, pos: str | None = None, hand: str | None = None) -> dict[str, str]:
        params = dict.fromkeys(PARAMS, value)
        if pos is not None:
            params["pos"] = pos
        if hand is not None:
            params["hand"] = hand
        return params

    damaged = encode('{"preset": ' + quoted(LINK) + ', "hand": "AS"}')
    return {
        "markup": every(MARKUP),
        "huge": {**every(LINK), "pos": "A" * 5_000_000, "hand": "A" * 5_000_000, "lesson": "A" * 5_000_000},
        "lone-surrogate": every(
            "%ED%A0%80" + LINK,  # a surrogate cannot survive a URL's decoding; inside a position's JSON it can
            pos=encode('{"preset": ' + preset + ', "hand": ' + quoted("\ud800" + LINK) + ', "table": '
                       + quoted(IMAGE + "\udfff") + "}"),
            hand=encode('{"game": ' + g + ', "preset": ' + preset + ', "seed": 1, "actions": ['
                        + quoted("\ud800") + ", " + quoted(LINK) + "]}"),
        ),
        "damaged-position": every(LINK, pos=damaged[: len(damaged) // 2] + "!" + LINK, hand=damaged[:-7]),
        "markdown-preset": every(
            LINK,
            pos=encode('{"preset": ' + quoted(LINK) + ', "hand": "AS KS"}'),
            hand=encode('{"game": ' + g + ', "preset": ' + quoted(LINK) + ', "seed": 1, "actions": []}'),
        ),
        "markdown-cards": every(
            IMAGE,
            pos=encode('{"preset": ' + preset + ', "hand": ' + quoted(LINK) + "}"),
            hand=encode('{"game": ' + g + ', "preset": ' + preset + ', "seed": 1, "actions": [' + quoted(LINK)
                        + "]}"),
        ),
        "markdown-table": every(
            LINK,
            pos=encode('{"preset": ' + preset + ', "hand": "AS KS QS", "table": ' + quoted(IMAGE) + "}"),
            hand=encode('{"game": ' + g + ', "preset": ' + preset + ', "seed": 1, "actions": [], "options": {'
                        + quoted(LINK) + ": 1}}"),
        ),
        "markdown-options": every(
            HTML,
            pos=encode('{"preset": ' + preset + ', "options": {' + quoted(LINK) + ": " + quoted(IMAGE) + "}}"),
            hand=encode('{"game": ' + quoted(f"[a]({EVIL})") + ', "preset": ' + preset + ', "seed": 1, "actions": []}'),
        ),
        "escaped-surrogate": every(
            SCRIPT,
            pos=encode('{"preset": ' + quoted("\ud800" + LINK) + "}"),
            hand=encode('{"game": ' + g + ', "preset": ' + preset + ', "seed": 1, "actions": ['
                        + quoted(IMAGE + "\udc80") + "]}"),
        ),
    }


CASES = [(page, case) for page in PAGES for case in hostile_links(page)]


# ------------------------------------------------------------------------------------------------ what renders

PLAIN_TYPES = {"code", "text", "json", "arrow_data_frame", "dataframe", "plotly_chart", "table", "download_button"}
"""Elements whose text is shown as it is (no Markdown): a quoted link there is harmless."""
PLAIN_FIELDS = {"code_text", "value", "default", "placeholder", "spec", "data", "url", "id", "form_id", "stack_trace",
                "file_name", "mime"}
"""Proto fields that hold data rather than Markdown (a text box's value, a chart's spec …)."""

CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
UNESCAPE = re.compile(r"\\(.)")
AUTOLINK = "a bare address Markdown turns into a link"
RISKS = {
    "a Markdown link or image to the outside": re.compile(r"(?<!\\)\]\s*(?<!\\)\(\s*<?\s*(?:https?:)?//evil\.example",
                                                         re.I),
    # Found in Chromium: Streamlit turns a bare address into a link after resolving backslash escapes, so
    # "http\\://evil.example" and "www\\.evil.example" are links too (a word joiner or a code span is not).
    AUTOLINK: re.compile(r"(?<![\w/])(?:https?://|www\.)evil\.example", re.I),
    # The link's own tags (a page's own st.html — its style sheet — is no risk).
    "an HTML tag": re.compile(r"(?<!\\)<\s*(?:img\s+src\s*=\s*x|script\s*>\s*alert)", re.I),
}


def _strings(message: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (field path, text) of a protobuf message, nested messages and lists included."""
    for field, value in message.ListFields():
        name = f"{path}.{field.name}" if path else field.name
        if field.name in PLAIN_FIELDS:
            continue
        single = isinstance(value, (str, bytes)) or hasattr(value, "ListFields") or not hasattr(value, "__len__")
        values = [value] if single else value
        for item in values:
            if isinstance(item, str):
                yield name, item
            elif hasattr(item, "ListFields"):
                yield from _strings(item, name)


def _nodes(node: Any) -> Iterator[Any]:
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _nodes(child)


def rendered_risks(at: AppTest) -> list[str]:
    """What of the hostile input would render as markup, as 'element.field: risk in …text…' lines."""
    found = []
    for node in _nodes(at._tree):  # noqa: SLF001 - AppTest offers no public walk over every element
        proto = getattr(node, "proto", None)
        if proto is None or node.type in PLAIN_TYPES:
            continue
        if getattr(proto, "allow_html", False):
            found.append(f"{node.type}: HTML allowed in a body holding {getattr(proto, 'body', '')[:120]!r}")
        for field, text in _strings(proto):
            visible = CODE_SPAN.sub("", text)
            for risk, pattern in RISKS.items():
                # Backslash escapes keep Markdown from making a link of [..](..), not a bare address one.
                match = pattern.search(UNESCAPE.sub(r"\1", visible) if risk == AUTOLINK else visible)
                if match:
                    start = max(0, match.start() - 60)
                    found.append(f"{node.type}.{field}: {risk} in …{visible[start:match.end() + 40]!r}…")
                    break  # one risk per text is enough to say
    return found


def open_with(page: str, params: dict[str, str]) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(page)
    return at.run()


@pytest.mark.parametrize(("page", "case"), CASES, ids=[f"{p.removeprefix('pages/')[:-3]}-{c}" for p, c in CASES])
def test_a_hostile_link_renders_nothing_but_text(page: str, case: str) -> None:
    at = open_with(page, hostile_links(page)[case])
    assert not at.exception, [e.value[:300] for e in at.exception]
    assert at.title or at.header, "the page did not draw (no title or header)"
    risks = rendered_risks(at)
    assert not risks, "\n".join(risks)


def test_the_check_sees_a_quoted_link_in_an_error() -> None:
    # The detector itself: a link put into st.error unescaped is caught, and a bare address escaped with
    # backslashes (Streamlit still links it); one in code, with escaped brackets or a word joiner is not.
    script = (
        "import streamlit as st\n"
        f"st.error('unknown preset {LINK!s}')\n"
        f"st.markdown('ok: `{LINK!s}` and \\\\[x\\\\]\\\\(evil\\\\)')\n"
        f"st.caption('{HTML}')\n"
        f"st.code('{MARKUP}')\n"
        "st.warning('escaped: \\\\[x\\\\]\\\\(http\\\\://evil.example\\\\)')\n"
        "st.info('joined: http\\u2060://evil.example')\n"
    )
    at = AppTest.from_string(script).run()
    assert [w.value for w in at.warning] == ["escaped: \\[x\\]\\(http\\://evil.example\\)"]
    risks = rendered_risks(at)
    assert any(r.startswith("warning.body: a bare address") for r in risks), risks
    assert not any(r.startswith("info") for r in risks), risks
    assert any(r.startswith("error.body: a Markdown link") for r in risks), risks
    assert any(r.startswith("caption.body: an HTML tag") or r.startswith("markdown.body: an HTML tag")
               for r in risks), risks
    assert not any(r.startswith("markdown.body: a Markdown link") for r in risks), risks
    assert not any(r.startswith("code") for r in risks), risks


EDITORS = [p for p in PAGES if p.endswith("_editor.py") and page_game(p)]


@pytest.mark.parametrize("page", EDITORS, ids=[p.removeprefix("pages/")[:-3] for p in EDITORS])
def test_a_link_with_an_unknown_rule_set_is_refused_in_plain_words(page: str) -> None:
    from engine.games import game as game_of

    g = game_of(page_game(page) or "")
    at = open_with(page, {"pos": encode('{"preset": "house-rules", "hand": "3"}')})
    assert not at.exception, [e.value[:300] for e in at.exception]
    errors = [e.value for e in at.error]
    refusal = next((e for e in errors if "was not loaded" in e), "")
    assert "has no rule set called" in refusal and "house-rules" in refusal, errors
    assert all(p.title in refusal for p in g.presets.values()), refusal
    assert "known" not in refusal and ", ".join(g.presets) not in refusal, refusal
