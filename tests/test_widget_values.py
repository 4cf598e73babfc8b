"""Widgets whose values the pages keep give the browser their value on every run, not only on the first.

The browser can draw a widget again from a later run (after a run stopped early for a rerun) and, without the
value in that run, starts from the widget's own default — a number input's minimum, 0 — and sends it with the next
click: a scoring page's seed 1 once turned into 0 in a browser test, a Table's deal into deal 0. The proto of a
widget whose value the server gives carries ``set_value``; these tests read it on a second, unchanged run.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

# (page, widget kind, key, the value it must be given)
KEPT = [
    ("euchre_scoring", "number_input", "euchre:scoring:seed", 1),
    ("euchre_scoring", "slider", "euchre:scoring:target", 10),
    ("thirteen_scoring", "number_input", "thirteen:scoring:seed", None),
    ("thirteen_scoring", "number_input", "thirteen:scoring:match_games", None),
    ("shengji_scoring", "number_input", "shengji:scoring:seed", 1),
    ("shengji_scoring", "slider", "shengji:scoring:kitty-points", 20),
    ("doudizhu_scoring", "number_input", "doudizhu:scoring:seed", 1),
    ("doudizhu_scoring", "number_input", "doudizhu:scoring:bombs", 1),
    ("cards", "number_input", "cards:seed", 1),
    ("thirteen_editor", "number_input", "editor:thirteen:w:seed", 1),
    ("doudizhu_editor", "number_input", "editor:doudizhu:w:seed", 1),
    ("shengji_editor", "number_input", "editor:shengji:w:seed", 1),
]


def _widget(at: AppTest, kind: str, key: str) -> object:
    return getattr(at, kind)(key=key)


@pytest.mark.parametrize(("page", "kind", "key", "value"), KEPT, ids=[f"{p}-{k}" for p, _, k, _ in KEPT])
def test_a_kept_widget_gets_its_value_on_every_run(page: str, kind: str, key: str, value: int | None) -> None:
    at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=180).run()
    assert not at.exception, [e.value for e in at.exception]
    first = _widget(at, kind, key)
    expected = first.value if value is None else value  # type: ignore[attr-defined]
    assert first.value == expected  # type: ignore[attr-defined]
    assert expected != 0, "the value must differ from a number input's default for the test to mean anything"
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    again = _widget(at, kind, key)
    assert again.value == expected  # type: ignore[attr-defined]
    proto = again.proto  # type: ignore[attr-defined]
    assert proto.set_value, f"{key}: the second run does not give the browser the widget's value"
    given = list(proto.value) if kind == "slider" else [proto.value]
    assert given == [expected]


@pytest.mark.parametrize(("page", "key"), [
    ("euchre_scoring", "euchre:scoring:seed"),
    ("thirteen_scoring", "thirteen:scoring:seed"),
    ("doudizhu_scoring", "doudizhu:scoring:seed"),
    ("cards", "cards:seed"),
    ("thirteen_editor", "editor:thirteen:w:seed"),
])
def test_a_kept_value_comes_back_after_another_page(page: str, key: str) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=180).run()
    at.switch_page(f"pages/{page}.py").run()
    at.number_input(key=key).set_value(7).run()
    assert not at.exception, [e.value for e in at.exception]
    other = "pages/glossary.py" if page == "cards" else "pages/cards.py"
    at.switch_page(other).run()  # a run that does not draw the widget: Streamlit drops its value
    at.switch_page(f"pages/{page}.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.number_input(key=key).value == 7
