"""What the browser tests of the Table share (on :mod:`tests.browser`'s server and Chromium page): finding your hand,
reading the game the page's link holds, and acting at your decisions — by clicking cards, by the buttons of a
decision made with words, or by Continue after a finished trick.

The page objects are Playwright's (``Page``, ``Locator``), typed ``Any`` as in :mod:`tests.browser`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qs, urlparse

from engine.cards import Card
from engine.driver import replay
from engine.games import game
from engine.table import Record
from tests.browser import wait_for_app
from ui.card_hand import card_name
from ui.share import decode_position

YOUR_HAND = re.compile("^Your hand")
"""The accessible name of your hand at the Table (a listbox when you choose from it, a group when you look)."""
YOUR_TURN = re.compile("^Your turn")
"""How the Table says that you are to decide."""
PLAY_CHOSEN = "Play the chosen cards"
"""The hand's button that plays the cards chosen in it."""
CONTINUE = "Continue"
"""The button that goes on after a finished trick."""
CLICK_AT = {"x": 8, "y": 30}
"""Where a card is clicked: its top-left corner, the part of it that an overlapping card never covers."""


def your_hand(page: Any) -> Any:
    """Your hand at the Table: a listbox when you choose from it, a group when you only look at it."""
    choosing = page.get_by_role("listbox", name=YOUR_HAND)
    return choosing if choosing.count() else page.get_by_role("group", name=YOUR_HAND)


def word_buttons(page: Any, key: str) -> Any:
    """The buttons of a decision made with words (bid, pass, declare …) at the Table of game ``key``."""
    return page.locator(f"[class*='st-key-{key}-table-act-'] button")


def state_in_link(key: str, page_url: str) -> Any:
    """The game state the page's own link holds (its ``hand`` parameter replayed by the engine; no parameter: the
    fresh deal of its seed)."""
    g = game(key)
    query = parse_qs(urlparse(page_url).query)
    if "hand" in query:
        record = Record.from_json(decode_position(query["hand"][0]))
        states, _ = replay(g, record)
        return states[-1]
    return g.new_game(g.rules(g.default_preset), int(query["seed"][0]), {})


def to_first_decision(page: Any, rounds: int = 12) -> None:
    """Continue past finished tricks until the page asks you to decide (at most ``rounds`` times)."""
    for _ in range(rounds):
        if page.get_by_text(YOUR_TURN).count():
            return
        page.get_by_role("button", name=CONTINUE).first.click()
        wait_for_app(page)
    raise AssertionError("the page never asked for a decision")


def click_cards(listbox: Any, cards: Iterable[Card], at: dict[str, int] = CLICK_AT) -> None:
    """Click each of ``cards`` in ``listbox`` by its accessible name (a card held twice: its next copy)."""
    used: Counter[str] = Counter()
    for card in cards:
        name = card_name(card)
        listbox.get_by_role("option", name=name, exact=True).nth(used[name]).click(position=at)
        used[name] += 1


def play_cards_by_clicking(page: Any, wanted: int, otherwise: Callable[[Any], None], *, rounds: int,
                           until: str | None = None) -> int:
    """Play ``wanted`` single cards at the Table in play mode, each the first card your hand lets you choose,
    clicked and played with the hand's button; a finished trick is continued, and a decision where no card can be
    chosen (a bid, a pass) is left to ``otherwise(page)``. Stops after ``rounds`` of these steps, or once ``until``
    is shown. Fails when the page refuses a card the hand offered. Returns how many cards were played."""
    played = 0
    for _ in range(rounds):
        if played == wanted or (until is not None and page.get_by_text(until).count()):
            break
        go_on = page.get_by_role("button", name=CONTINUE)
        if go_on.count():
            go_on.first.click()
            wait_for_app(page)
            continue
        hand = page.get_by_role("listbox", name=YOUR_HAND)
        usable = hand.locator("[role=option]:not([aria-disabled=true])") if hand.count() else None
        if usable is not None and usable.count():
            usable.first.click(position=CLICK_AT)
            page.get_by_role("button", name=PLAY_CHOSEN).click()
            wait_for_app(page)
            assert not page.get_by_text("You can't play").count(), "a card the hand offered was refused"
            played += 1
        else:
            otherwise(page)
            wait_for_app(page)
    return played
