"""AppTest opens every page of the app with no exception."""

import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT

PAGES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))


def open_page(page: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.run()
    at.switch_page(page)
    at.run()
    return at


@pytest.mark.parametrize("page", PAGES)
def test_every_page_opens_without_exception(page: str) -> None:
    at = open_page(page)
    assert not at.exception, [e.value for e in at.exception]


def test_home_lists_the_four_games() -> None:
    at = open_page("pages/home.py")
    titles = [h.value for h in at.subheader]
    for title in ("Shengji / Tractor", "Thirteen (Tiến lên)", "Euchre", "Dou Dizhu"):
        assert title in titles


def test_notation_page_shows_error_message_not_exception() -> None:
    at = open_page("pages/cards.py")
    assert not at.error
    at.text_input(key="cards:text").input("as kh XQ").run()
    assert not at.exception
    assert any("'XQ'" in e.value for e in at.error)
    at.text_input(key="cards:text").input("10s 10s 10s").run()
    assert any("only 2 copies" in e.value for e in at.error)


def test_notation_page_deals_reproducibly() -> None:
    at = open_page("pages/cards.py")
    first = at.code[0].value
    at.button(key="cards:again").click().run()
    assert at.code[0].value != first
    at.number_input(key="cards:seed").set_value(1).run()
    assert at.code[0].value == first


def test_sidebar_chooses_the_game() -> None:
    # AppTest keeps what app.py draws around the page only on a first run, so each state is a fresh run.
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert at.selectbox(key="sidebar:game").value == "shengji"
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.session_state["sidebar:game"] = "euchre"
    at.run()
    assert not at.exception
    assert at.selectbox(key="sidebar:game").value == "euchre"


def test_notation_page_picks_cards_by_clicking_the_deck() -> None:
    from engine.cards import parse_cards
    from tests.card_hand_testing import press

    at = open_page("pages/cards.py")
    at.radio(key="cards:pick-setup").set_value("2x54").run()
    press(at, "cards:picker:2x54", "set", cards=parse_cards("10S 10S BJ"))
    assert not at.exception
    assert any("`10S 10S BJ`" in m.value for m in at.markdown)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_survives_a_second_run(page: str) -> None:
    # A second run replays cached results: a cached function that drew on the page would fail here.
    at = open_page(page)
    assert not at.exception, [e.value for e in at.exception]
    at.run()
    assert not at.exception, [e.value for e in at.exception]
