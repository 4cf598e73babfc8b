"""The position editors and the Cards page in Bengali and Assamese (issue #24): every text the page writes —
title, rules, pose section, deck and hand buttons, verdicts, the list of legal plays, the coach's panel and chart,
saving and loading, the card component's labels, buttons and sentences — is in the language's script (Assamese
without the Bengali ra); cards stay in card notation; a message written by a callback (an example loaded, a
deal) is in the session's language too; English is unchanged (the English tests of the editors pass as they
were)."""

from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from engine.errors import CardTableError
from engine.i18n import use_language
from tests.card_hand_testing import component
from tests.helpers.language_pages import BENGALI_SCRIPT, not_in_the_language, page_in
from ui.doudizhu_editor import DouDizhuEditor
from ui.editor import PositionEditor, translated
from ui.editor_values import EXAMPLE_NAMES
from ui.euchre_editor import EuchreEditor
from ui.shengji_editor import ShengjiEditor, _option_words, rule_options
from ui.thirteen_editor import ThirteenEditor

EDITORS: dict[str, PositionEditor] = {e.key: e for e in (ShengjiEditor(), ThirteenEditor(), EuchreEditor(),  # type: ignore[type-arg]
                                                         DouDizhuEditor())}
LANGS = ("bn", "as")


def _engine_words(editor: PositionEditor, at: AppTest, lang: str) -> list[str]:  # type: ignore[type-arg]
    """What the engine says of the posed position, whole (its summary, the game's hand groups): translated by the
    engine's parts, in parallel with this one."""
    position = dict(at.session_state[editor.k("position")])
    with use_language(lang):
        try:
            request = editor.read(position)
            plays = editor.analyse(request)
        except CardTableError as error:
            return [str(error)]
        groups = editor.groups(request, editor.hand_of(request))
        options = [translated(spec.label) for spec in editor.game.option_specs()]
        values = [_option_words(word) for words in rule_options().values() for word in words.values()]
        calls = getattr(getattr(plays.answer, "calls", None), "reasons", {}) or {}
    return [plays.summary, *(g.label for g in groups), *options, *values, *(translated(c) for c in calls)]


def _in_language(at: AppTest, lang: str, where: str, editor: PositionEditor | None = None) -> None:  # type: ignore[type-arg]
    assert not at.exception, [e.value for e in at.exception]
    bad = not_in_the_language(at, lang, _engine_words(editor, at, lang) if editor is not None else ())
    assert bad == [], f"{where} in {lang}: {bad}"


def _editor(lang: str, game: str) -> AppTest:
    return page_in(lang, f"pages/{game}_editor.py")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(EDITORS))
def test_an_editor_and_its_examples_are_in_the_language(game: str, lang: str) -> None:
    editor = EDITORS[game]
    at = _editor(lang, game)
    _in_language(at, lang, f"the {game} editor", editor)
    assert BENGALI_SCRIPT.search(at.title[0].value) and "Position editor" not in at.title[0].value
    hand = json.loads(component(at, editor.k("hand")).proto.json)
    assert BENGALI_SCRIPT.search(hand["label"]) and all(BENGALI_SCRIPT.search(a["label"]) for a in hand["actions"])
    assert hand["words"]["digits"] == "০১২৩৪৫৬৭৮৯"
    for i in range(len(editor.examples)):
        at.button(key=editor.k(f"example:{i}")).click().run()
        _in_language(at, lang, f"the {game} editor's example {i + 1}", editor)
        assert at.success and BENGALI_SCRIPT.search(at.success[0].value), "“Loaded the example …” in the language"


def _pressed(lang: str, game: str, button: str) -> AppTest:
    """The ``game`` editor in ``lang`` after the button ``button`` (its name under the editor's keys) is pressed,
    checked to be in the language."""
    editor = EDITORS[game]
    at = _editor(lang, game)
    at.button(key=editor.k(button)).click().run()
    _in_language(at, lang, f"the {game} editor after {button}", editor)
    return at


@pytest.mark.parametrize("lang", LANGS)
def test_a_seeded_deal_says_so_in_the_language(lang: str) -> None:
    at = _pressed(lang, "thirteen", "deal")
    assert at.info and BENGALI_SCRIPT.search(at.info[0].value), [i.value for i in at.info]


@pytest.mark.parametrize("lang", LANGS)
def test_the_euchre_calling_position_is_in_the_language(lang: str) -> None:
    editor = EDITORS["euchre"]
    at = _editor(lang, "euchre")
    calling = [i for i, e in enumerate(editor.examples.values()) if e.position.get("upcard")]
    assert calling, "an example poses a calling position"
    at.button(key=editor.k(f"example:{calling[0]}")).click().run()
    assert at.session_state[editor.k("position")].get("upcard"), "the calling position is posed"
    _in_language(at, lang, "a calling position", editor)


@pytest.mark.parametrize("lang", LANGS)
def test_the_coach_and_its_chart_are_in_the_language(lang: str) -> None:
    at = _pressed(lang, "doudizhu", "coach:run")
    charts = at.get("plotly_chart")
    assert charts, "the coach's chart"
    spec = json.loads(charts[0].proto.spec)
    title, axis = spec["layout"]["title"]["text"], spec["layout"]["xaxis"]["title"]["text"]
    assert BENGALI_SCRIPT.search(title) and BENGALI_SCRIPT.search(axis), (title, axis)
    assert not [t for t in (title, axis) if "average" in t or "best first" in t]


@pytest.mark.parametrize("lang", LANGS)
def test_the_cards_page_is_in_the_language(lang: str) -> None:
    at = page_in(lang, "pages/cards.py")
    _in_language(at, lang, "the Cards page")
    assert all(BENGALI_SCRIPT.search(o) for o in at.selectbox(key="cards:setup").options)


def test_english_editors_are_unchanged() -> None:
    at = _editor("en", "thirteen")
    assert not at.exception
    assert at.title[0].value == "Thirteen — Position editor"
    hand = json.loads(component(at, EDITORS["thirteen"].k("hand")).proto.json)
    assert hand["label"] == "Your hand" and "words" not in hand


def test_every_example_name_is_marked_for_the_catalogs() -> None:
    missing = [name for editor in EDITORS.values() for name in editor.examples if name not in EXAMPLE_NAMES]
    assert missing == [], "add these to ui.editor_values.EXAMPLE_NAMES (then make messages and translate them)"
