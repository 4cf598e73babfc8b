"""Cards you can touch, in a real browser (Debian's Chromium through Playwright), for all four games:

- every example of every editor, shared as a link (both Dou Dizhu presets among them), opens on its position;
- ``/GAME_table?mode=play&seat=S&seed=3`` opens in play mode with your hand's cards on screen at your first
  decision — the cards the engine says you hold there, found by their accessible names;
- at the Table you choose a legal play (the engine's) by clicking its cards, and the game goes on with it;
- in a lesson exercise you click the right answer's cards and the lesson says it is right;
- presenter mode in play: the trick is above the fold at 1280×720 and → continues after a finished trick.

What is expected always comes from the engine (the hand replayed from the link the page wrote, its legal plays, the
lesson's own right answer), never from a list written here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from engine.cards import Card, parse_cards
from engine.driver import replay
from engine.games import game
from engine.lessons import load_lessons
from engine.table import Record
from tests.browser import chromium_page, serve_app, wait_for_app
from tests.helpers.table_browser import (
    PLAY_CHOSEN,
    YOUR_HAND,
    click_cards,
    state_in_link,
    to_first_decision,
    word_buttons,
    your_hand,
)
from ui.card_hand import card_name
from ui.doudizhu_editor import DouDizhuEditor
from ui.euchre_editor import EuchreEditor
from ui.share import decode_position, encode_position
from ui.shengji_editor import ShengjiEditor
from ui.thirteen_editor import ThirteenEditor

pytestmark = pytest.mark.browser

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
EDITORS = {"shengji": ShengjiEditor, "thirteen": ThirteenEditor, "euchre": EuchreEditor, "doudizhu": DouDizhuEditor}
SUITLESS = {"doudizhu"}
SEED = 3
CARD = "[role=option], [role=img]"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


def _open(page: Any, address: str) -> None:
    page.goto(address)
    wait_for_app(page)


def _no_exception(page: Any) -> None:
    body = page.inner_text("body")
    assert not page.locator("[data-testid='stException']").count(), body[:2000]
    assert "Traceback" not in body


def _names(locator: Any) -> list[str]:
    return [str(n) for n in locator.locator(CARD).evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")]


# ---------------------------------------------------------------------------------------------- editors


def _examples() -> list[tuple[str, str]]:
    """Per game its first example and every example of another preset (Dou Dizhu's four-player game, Euchre's
    benny and stick-the-dealer rules): the links whose loading differs."""
    chosen = []
    for key in GAMES:
        seen: set[object] = set()
        for name, example in EDITORS[key].examples.items():
            preset = example.position.get("preset")
            if not chosen or chosen[-1][0] != key or preset not in seen:
                chosen.append((key, name))
                seen.add(preset)
    return chosen


def test_both_dou_dizhu_presets_are_among_the_links_opened() -> None:
    default = DouDizhuEditor().game.default_preset
    presets = {DouDizhuEditor.examples[name].position.get("preset", default) for key, name in _examples()
               if key == "doudizhu"}
    assert {"three_player", "four_player"} <= presets, presets


def test_every_shared_editor_link_opens_on_its_position(url: str) -> None:
    with chromium_page(1280, 720) as page:
        for key, name in _examples():
            position = dict(EDITORS[key].examples[name].position)
            _open(page, f"{url}/{key}_editor?pos={encode_position(position)}")
            where = f"{key} editor, example {name!r}"
            _no_exception(page)
            assert not page.get_by_text("was not loaded").count(), where
            if position.get("hand"):
                expected = Counter(card_name(c) for c in parse_cards(position["hand"], suitless=key in SUITLESS))
                hand = page.locator(".ch").filter(has=page.get_by_role("listbox", name="Your hand", exact=True))
                if position.get("upcard"):  # a calling round: the hand is only shown, there is no card to play
                    hand = page.locator(".ch").filter(has=page.get_by_role("group", name=re.compile("hand")))
                hand.first.wait_for(timeout=20000)
                assert expected in [Counter(_names(hand.nth(i))) for i in range(hand.count())], where
            elif position.get("table"):
                expected = Counter(card_name(c) for c in parse_cards(position["table"], suitless=key in SUITLESS))
                shown = Counter(n for n in _names(page.locator(".ch")) if n in expected)
                assert shown and all(shown[n] >= k for n, k in expected.items()), (where, shown)


# ---------------------------------------------------------------------------------------------- the Table


@pytest.mark.parametrize("key", GAMES)
def test_play_mode_opens_with_your_hand_on_screen_at_the_first_decision(url: str, key: str) -> None:
    g = game(key)
    with chromium_page(1400, 900) as page:
        _open(page, f"{url}/{key}_table?mode=play&seat=S&seed={SEED}")
        to_first_decision(page)
        _no_exception(page)
        assert "mode=play" in page.url and "seat=S" in page.url
        state = state_in_link(key, page.url)
        me = g.seat_letters(g.rules_of(state)).index("S")
        assert g.to_act(state) == me, "the link should hold the game up to your decision"
        held = [c for c in g.view(state, me).seats[me].cards if c is not None]
        assert held, "you hold cards at your first decision"
        hand = your_hand(page)
        assert hand.count() == 1, "your hand is on screen"
        assert Counter(_names(hand)) == Counter(card_name(c) for c in held)
        assert hand.first.is_visible()


def _legal_card_play(key: str, state: Any) -> tuple[Card, ...] | None:
    g = game(key)
    for action in g.legal_actions(state, limit=500):
        cards = g.action_cards(action)
        if cards:
            return tuple(cards)
    return None


@pytest.mark.parametrize("key", GAMES)
def test_at_the_table_a_legal_play_is_chosen_by_clicking_its_cards(url: str, key: str) -> None:
    """Word decisions (pass, bid, declare) by the first button until the engine offers a play of cards; then click
    those cards by name, press the button, and the page's link holds that play as your action."""
    g = game(key)
    with chromium_page(1400, 1000) as page:
        _open(page, f"{url}/{key}_table?mode=play&seat=S&seed={SEED}")
        for _ in range(80):
            to_first_decision(page)
            state = state_in_link(key, page.url)
            cards = _legal_card_play(key, state)
            if cards is not None:
                break
            word_buttons(page, key).first.click()
            wait_for_app(page)
        else:
            raise AssertionError("no play of cards came")
        done = len(_record(page.url).actions) if "hand=" in page.url else 0
        hand = page.get_by_role("listbox", name=YOUR_HAND)
        root = page.locator(".ch").filter(has=hand)
        click_cards(hand, cards)
        counter = root.locator(".ch-count").inner_text()
        assert counter.startswith(f"{len(cards)} "), counter  # "1 chosen", "8 of 8 chosen"
        root.get_by_role("button", name=re.compile("^(Play the chosen cards|Choose these)")).click()
        wait_for_app(page)
        _no_exception(page)
        assert not page.get_by_text("You can't play").count()
        assert _adopted(page), "cards drawn anew should take the shared style at once"
        record = _record(page.url)
        mine = g.action_text(g.parse_action(state, " ".join(c.text for c in cards)))
        assert record.actions[done] == mine, (record.actions[done:], mine)


def _adopted(page: Any) -> bool:
    """Whether the cards drawn anew after a rerun (new components: the next hand, the finished trick) use the
    style sheet the earlier ones loaded, rather than waiting for their own copy (a flash of page-wide cards)."""
    return bool(page.locator(".ch").evaluate_all("rs => rs.some(r => r.getRootNode().adoptedStyleSheets.length)"))


def _record(page_url: str) -> Record:
    return Record.from_json(decode_position(parse_qs(urlparse(page_url).query)["hand"][0]))


# ---------------------------------------------------------------------------------------------- lessons


def _cards_exercise(key: str) -> tuple[int, Any, str]:
    for i, lesson in enumerate(load_lessons(key)):
        exercise = lesson.exercise
        if exercise is not None and exercise.input == "cards":
            right = [t["answer"] for t in exercise.tests if t["right"]]
            if right:
                return i + 1, lesson, right[0]
    raise AssertionError(f"{key} has no lesson with a cards exercise")


@pytest.mark.parametrize("key", GAMES)
def test_a_lesson_exercise_is_answered_by_clicking_cards(url: str, key: str) -> None:
    number, lesson, right = _cards_exercise(key)
    with chromium_page(1280, 900) as page:
        _open(page, f"{url}/{key}_lessons?lesson={number}")
        main = page.get_by_test_id("stMain")
        main.get_by_role("heading", name=lesson.title).wait_for(timeout=20000)
        hand = page.get_by_role("listbox", name="Cards to choose from", exact=True)
        click_cards(hand, parse_cards(right, suitless=key in SUITLESS), at={"x": 10, "y": 40})
        page.locator(".ch").filter(has=hand).get_by_role("button", name="Check my choice").click()
        page.get_by_text(re.compile(r"^Right\. ")).first.wait_for(timeout=20000)
        _no_exception(page)


# ---------------------------------------------------------------------------------------------- presenter mode


def test_presenter_mode_in_play_keeps_the_trick_in_view_and_the_right_arrow_continues(url: str) -> None:
    with chromium_page(1280, 720) as page:
        _open(page, f"{url}/thirteen_table?mode=play&seat=S&seed={SEED}&present=1")
        assert not page.locator("section[data-testid='stSidebar']").is_visible()
        assert "present=1" in page.url
        for _ in range(30):
            if page.get_by_role("button", name="Continue").count():
                break
            to_first_decision(page)
            state = state_in_link("thirteen", page.url)
            cards = _legal_card_play("thirteen", state)
            if cards is None:
                word_buttons(page, "thirteen").first.click()
            else:
                click_cards(page.get_by_role("listbox", name=YOUR_HAND), cards)
                page.get_by_role("button", name=PLAY_CHOSEN).click()
            wait_for_app(page)
        assert page.get_by_role("button", name="Continue").count(), "a finished trick should pause"
        trick = page.get_by_role("group", name="The cards on the table").first
        box = trick.bounding_box()
        assert box is not None and box["y"] + 40 < 720, f"the finished trick starts below the fold: {box}"
        go_on = page.get_by_role("button", name="Continue").bounding_box()
        assert go_on is not None and go_on["y"] + go_on["height"] <= 720, f"Continue is below the fold: {go_on}"
        steps = len(_record(page.url).actions)
        page.keyboard.press("ArrowRight")
        wait_for_app(page)
        # → ended the pause: the bots played on (and may pause again at the next trick), or it is your turn
        assert len(_record(page.url).actions) > steps or page.get_by_text(re.compile("^Your turn")).count()
        _no_exception(page)


def _first_full_trick(key: str) -> int:
    """The first step of seed 1's bot game with three plays on the table (from the engine's own replay)."""
    from engine.driver import play_out

    g = game(key)
    record, _ = play_out(g, g.rules(g.default_preset), 1, preset=g.default_preset)
    states, _ = replay(g, record)
    return next(i for i, s in enumerate(states) if len(g.view(s, None).table) >= 3)


@pytest.mark.parametrize("key", GAMES)
def test_presenter_mode_shows_the_trick_above_the_fold_and_steps_with_the_right_arrow(url: str, key: str) -> None:
    step = _first_full_trick(key)
    with chromium_page(1280, 720) as page:
        _open(page, f"{url}/{key}_table?mode=watch&seed=1&step={step}&present=1")
        trick = page.get_by_role("group", name="The cards on the table").first
        first = trick.locator("[role=img]").first.bounding_box()
        assert first is not None and first["y"] >= 0 and first["y"] + first["height"] <= 720, \
            f"{key}: the trick's first card is not fully in view at 1280×720: {first}"
        assert first["width"] >= 90, f"{key}: the trick's cards should be large in presenter mode: {first}"
        page.keyboard.press("ArrowRight")
        wait_for_app(page)
        assert f"step={step + 1}" in page.url and page.get_by_text(f"Step {step + 1} of").count()
        _no_exception(page)


def test_a_refused_play_is_explained_next_to_the_cards_you_chose(url: str) -> None:
    """Two cards that some legal play uses but that the engine refuses together: the reason appears right under the
    hand, by the button just pressed."""
    key = "thirteen"
    g = game(key)
    with chromium_page(1400, 1000) as page:
        _open(page, f"{url}/{key}_table?mode=play&seat=S&seed={SEED}")
        pair: tuple[Card, Card] | None = None
        for _ in range(40):
            if page.get_by_role("button", name="Continue").count():
                page.get_by_role("button", name="Continue").first.click()
                wait_for_app(page)
                continue
            to_first_decision(page)
            state = state_in_link(key, page.url)
            usable = sorted({c for a in g.legal_actions(state, limit=500) for c in (g.action_cards(a) or ())},
                            key=lambda c: c.text)
            pair = next(((a, b) for i, a in enumerate(usable) for b in usable[i + 1:]
                         if not g.check(state, g.parse_action(state, f"{a.text} {b.text}")).legal), None)
            if pair is not None:
                break
            word_buttons(page, key).first.click()
            wait_for_app(page)
        assert pair is not None, "no decision offered two cards that are refused together"
        hand = page.get_by_role("listbox", name=YOUR_HAND)
        for card in pair:
            hand.get_by_role("option", name=card_name(card), exact=True).first.click(position={"x": 8, "y": 30})
        button = page.get_by_role("button", name="Play the chosen cards")
        button.click()
        wait_for_app(page)
        error = page.get_by_text(re.compile("^You can't play"))
        error.first.wait_for(timeout=20000)
        error.first.scroll_into_view_if_needed()
        box, below = error.first.bounding_box(), button.bounding_box()
        assert below is not None and box is not None and 0 <= box["y"] - below["y"] < 250, (below, box)
        reason = g.check(state, g.parse_action(state, f"{pair[0].text} {pair[1].text}")).reason
        assert reason[:30] in error.first.inner_text().replace("\n", " ")
