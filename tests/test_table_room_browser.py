"""One table, four people, in real browsers (Debian's Chromium through Playwright): one opens a Shengji table on
/table_room and sits at North, three others take West, South and East with its code, each in a browser of their
own; North buries the kitty and the four play a whole trick by clicking cards, each page following the others'
plays by itself. Each page shows its own hand (the engine's hand of that seat) and no other hand. The same with two
of the players served by a second server process, both servers on one PostgreSQL database."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from engine.games import game
from engine.shared_table import state_of
from tests.browser import chromium_page, serve_app, wait_for_app, wait_for_text
from tests.helpers.table_browser import CLICK_AT, YOUR_HAND
from tests.test_store import pg_server, pg_url  # noqa: F401  (fixtures: a new PostgreSQL database)
from ui.card_hand import card_name
from ui.store import Store

pytestmark = pytest.mark.browser

PLAYERS = (("North", "Ana"), ("West", "Ben"), ("South", "Chloé"), ("East", "Dev"))
"""Shengji's seats in playing order (counter-clockwise), and who sits there."""
OPTIONS = '{"fixed_trump": "S"}'
"""Spades fixed before the deal: nobody declares while drawing, so the hand starts with North burying the kitty."""
PLAY = re.compile(r"^(Play the chosen cards?|Choose these \d+)$")
"""The hand's button: play the chosen cards (a lead), or the chosen card (one to follow with)."""
FOLLOW = 20000
"""How long (ms) a page may take to show another page's play (it polls every second; the machine is shared)."""


def _field(page: Any, label: str) -> Any:
    return page.get_by_label(label, exact=True)


def _hand_names(page: Any) -> Counter[str]:
    hand = page.get_by_role("listbox", name=YOUR_HAND)
    if not hand.count():
        hand = page.get_by_role("group", name=YOUR_HAND)
    names = hand.first.locator("[role=option], [role=img]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    return Counter(names)


def _only_own_hand(page: Any, seat: int, store: Store, table_id: str) -> None:
    """The page's hand is the engine's hand of ``seat``, and no other seat's cards are drawn face up."""
    shared = store.table(table_id).game
    g = game(shared.key)
    held = [c for c in g.view(state_of(shared), seat).seats[seat].cards if c is not None]
    page.get_by_role("listbox", name=YOUR_HAND).or_(page.get_by_role("group", name=YOUR_HAND)).first.wait_for(
        timeout=FOLLOW)
    assert _hand_names(page) == Counter(card_name(c) for c in held), f"{PLAYERS[seat]}: not its own hand"
    assert page.get_by_role("group", name=re.compile("'s cards$")).count() == 0, "another seat's cards are shown"
    assert "face up" not in page.inner_text("body")


def _sit(page: Any, url: str, code: str, seat: str, name: str) -> None:
    page.goto(f"{url}/table_room?code={code}")
    wait_for_app(page)
    _field(page, "Your name at the table").fill(name)
    page.get_by_role("button", name=f"Sit at {seat}").click()
    wait_for_text(page, f"{seat} · {name}")
    wait_for_app(page)


def _open_table(page: Any, url: str) -> str:
    page.goto(f"{url}/table_room")
    wait_for_app(page)
    page.get_by_text("Other rule options").click()
    _field(page, "Options (JSON)").fill(OPTIONS)
    _field(page, "Options (JSON)").press("Enter")
    wait_for_app(page)  # the options' rerun ends before the click: a click during it can be lost on a slow server
    page.get_by_role("button", name="Open the table").click()
    wait_for_text(page, "Table code:")
    found = re.search(r"Table code: ([A-Z0-9]{6})", page.inner_text("body"))
    assert found, page.inner_text("body")[-800:]
    return found.group(1)


def _my_turn(page: Any, seat: str, name: str) -> Any:
    """Wait until the page says it is this seat's turn; its hand to choose from."""
    wait_for_text(page, f"Your turn, {seat} · {name}", timeout=FOLLOW)
    wait_for_app(page)
    return page.get_by_role("listbox", name=YOUR_HAND)


def _refused_lead(page: Any, store: Store, table_id: str) -> None:
    """North leads two cards of different groups (a trump and a side suit): the page answers with the engine's own
    reason, and nothing is played."""
    hand = _my_turn(page, *PLAYERS[0])
    groups = hand.get_by_role("group")
    first, second = (groups.nth(i).get_by_role("option").first for i in (0, 1))
    names = [first.get_attribute("aria-label"), second.get_attribute("aria-label")]
    first.click(position=CLICK_AT)
    second.click(position=CLICK_AT)
    page.get_by_role("button", name=PLAY).click()
    wait_for_text(page, "You can't play")
    shared = store.table(table_id).game
    g = game(shared.key)
    state = state_of(shared)
    held = [c for c in g.view(state, 0).seats[0].cards if c is not None]
    cards = [next(c for c in held if card_name(c) == name) for name in names]
    verdict = g.check(state, g.parse_action(state, " ".join(c.text for c in cards)))
    assert not verdict.legal and verdict.reason.rstrip(".") in page.inner_text("body")
    assert store.table(table_id).game.step == shared.step  # nothing was played
    page.get_by_role("button", name="Clear").click()


def _four_play_a_trick(pages: list[Any], store: Store, code: str) -> None:
    table = store.table_by_code(code, "test")
    north = pages[0]
    # North buries eight cards (the kitty's are marked; any eight will do), chosen by clicking them
    hand = _my_turn(north, *PLAYERS[0])
    usable = hand.locator("[role=option]:not([aria-disabled=true])")
    for i in range(8):
        usable.nth(i).click(position=CLICK_AT)
    north.get_by_role("button", name="Choose these 8").click()
    wait_for_app(north)
    assert not north.get_by_text("You can't play").count()
    for seat, page in enumerate(pages):
        _only_own_hand(page, seat, store, table.id)
    # the trick: each in turn clicks the first card they may play and plays it
    _refused_lead(north, store, table.id)
    played: list[str] = []
    for seat, page in enumerate(pages):
        hand = _my_turn(page, *PLAYERS[seat])
        card = hand.locator("[role=option]:not([aria-disabled=true])").first
        played.append(card.get_attribute("aria-label"))
        card.click(position=CLICK_AT)
        page.get_by_role("button", name=PLAY).click()
        wait_for_app(page)
        assert not page.get_by_text("You can't play").count(), f"{PLAYERS[seat]}: a card the hand offered was refused"
    after = store.table(table.id).game
    first_trick = game(after.key).view(state_of(after), None).table
    assert [card_name(cards[0]) for _, cards, _ in first_trick] == played  # the four plays, as clicked
    for seat, page in enumerate(pages):
        # every page shows the finished trick by itself (its captions are drawn inside the card component)
        page.get_by_text(re.compile("won the trick")).first.wait_for(timeout=FOLLOW)
        _only_own_hand(page, seat, store, table.id)


@pytest.fixture
def sqlite_db(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    monkeypatch.setenv("CARD_TABLE_DB_URL", url)
    opened = Store(url)
    yield opened
    opened.close()


def _play(store: Store, servers: list[str]) -> None:
    """Four browsers, the first server for North and West, the last for South and East."""
    with chromium_page(1280, 900) as first:
        browser = first.context.browser
        pages = [first] + [browser.new_page(viewport={"width": 1280, "height": 900}) for _ in range(3)]
        where = [servers[0], servers[0], servers[-1], servers[-1]]
        code = _open_table(first, where[0])
        _sit(first, where[0], code, *PLAYERS[0])
        for seat in range(1, 4):
            _sit(pages[seat], where[seat], code, *PLAYERS[seat])
        _four_play_a_trick(pages, store, code)


def test_four_browsers_take_the_four_seats_and_play_a_trick_by_clicking(sqlite_db: Store) -> None:
    with serve_app() as url:
        _play(sqlite_db, [url])


def test_the_same_with_two_players_on_a_second_server_sharing_postgresql(pg_url: str,  # noqa: F811
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARD_TABLE_DB_URL", pg_url)
    store = Store(pg_url)
    try:
        with ExitStack() as servers:
            urls = [servers.enter_context(serve_app()) for _ in range(2)]
            _play(store, urls)
    finally:
        store.close()
