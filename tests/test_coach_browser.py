"""The coach in a real browser (Debian's Chromium through Playwright), for all four games:

- the editor's Coach panel ranks the options of the default position in a plotly chart, names the best (a legal
  play, the top bar) with a reason in words, and choosing another of the compared plays gives that play's reason;
- the Table's Hint, in play mode, names a legal option of your decision with a reason (at your first decision and
  at your first play of cards that has a choice), and chooses the hinted cards in your hand;
- a hand finished in play mode (your last decisions clicked at the Table, taking the first legal option) is
  reviewed: every one of your decisions is a row marked fine, inaccuracy or mistake, and "Show me" opens that
  step of the game.

What is expected comes from the engine (the legal options of the position the page's own link holds, your
decisions in the record), never from a list written here. With ``COACH_SHOTS=<folder>`` in the environment the
tests also save screenshots of the panel, the hint and the review at 1400×900, 1280×720 and 390×844.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from engine.advisor import label
from engine.cards import Card, parse_cards
from engine.driver import BOT_SEED_MIX, replay
from engine.games import game
from engine.review_story import lost
from engine.table import Record
from tests.browser import chromium_page, serve_app, wait_for_app
from ui.card_hand import card_name
from ui.doudizhu_editor import DouDizhuEditor
from ui.editor import PositionEditor
from ui.euchre_editor import EuchreEditor
from ui.share import decode_position, encode_position
from ui.shengji_editor import ShengjiEditor
from ui.table import action_label
from ui.thirteen_editor import ThirteenEditor

pytestmark = pytest.mark.browser

GAMES = ("shengji", "thirteen", "euchre", "doudizhu")
EDITORS: dict[str, type[PositionEditor[Any]]] = {
    "shengji": ShengjiEditor, "thirteen": ThirteenEditor, "euchre": EuchreEditor, "doudizhu": DouDizhuEditor}
SUITLESS = {"doudizhu"}
SEED = 3
SEAT = "S"
CLICKED = 3
"""Your last decisions of the reviewed hand that are taken by clicking at the Table (the earlier ones come in the
link, so that the test stays quick)."""
VERDICTS = ("Fine", "Inaccuracy", "Mistake")
SIZES = ((1400, 900), (1280, 720), (390, 844))
SHOTS = os.environ.get("COACH_SHOTS")
SLOW = 180_000
"""How long the coach may think (ms): a review of a Shengji hand plays out every decision."""


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serve_app() as served:
        yield served


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_page(*SIZES[0]) as first:
        yield first.context.browser


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A page of its own (a fresh browser context) for every test: one page that has been left waiting on the
    coach cannot hold up the next test's navigation."""
    context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
    try:
        yield context.new_page()
    finally:
        context.close()


# ---------------------------------------------------------------------------------------------- helpers


def _open(page: Any, address: str) -> None:
    page.goto(address, wait_until="domcontentloaded")
    wait_for_app(page)


def _no_exception(page: Any) -> None:
    body = page.inner_text("body")
    assert not page.locator("[data-testid='stException']").count(), body[:2000]
    assert "Traceback" not in body


def _shots(page: Any, name: str, target: Any, block: str = "start") -> None:
    """With COACH_SHOTS set: what a learner sees of ``target`` (scrolled to the top, or ``center``, of the window) at
    each size."""
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(900)
        target.first.evaluate("(e, block) => e.scrollIntoView({block})", block)
        page.wait_for_timeout(300)
        page.screenshot(path=str(folder / f"{name}-{width}x{height}.png"))
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    page.wait_for_timeout(500)


def _until(page: Any, check: Any, what: str, timeout: float = 20_000) -> Any:
    """Poll ``check()`` (every 250 ms) until it gives something true; fail naming ``what`` after ``timeout`` ms."""
    for _ in range(int(timeout / 250)):
        found = check()
        if found:
            return found
        page.wait_for_timeout(250)
    raise AssertionError(f"{what} did not come")


def _paragraph(page: Any, start: str) -> Any:
    """The paragraphs of the page's Markdown that begin with ``start``."""
    return page.locator("[data-testid='stMarkdownContainer'] p").filter(has_text=re.compile("^" + re.escape(start)))


def _is_reason(text: str) -> bool:
    """A reason in words: a clause of several words with letters, not a number alone."""
    words = re.findall(r"[A-Za-z]{2,}", text)
    return len(words) >= 4


def _record(page_url: str) -> Record | None:
    query = parse_qs(urlparse(page_url).query)
    return Record.from_json(decode_position(query["hand"][0])) if "hand" in query else None


def _state_in_link(key: str, page_url: str) -> Any:
    """The game state the page's own link holds (its ``hand`` replayed; no hand: the fresh deal of its seed)."""
    g = game(key)
    record = _record(page_url)
    if record is not None:
        states, _ = replay(g, record)
        return states[-1]
    seed = int(parse_qs(urlparse(page_url).query)["seed"][0])
    return g.new_game(g.rules(g.default_preset), seed, {})


def _me(key: str) -> int:
    g = game(key)
    return g.seat_letters(g.rules(g.default_preset)).index(SEAT)


def _table_game(key: str) -> tuple[Record, list[Any], list[int]]:
    """The hand the Table plays from the seed when you (South) always take the first legal option: the bots
    move as the page moves them (the same bot, the same random numbers). Its record, its states and the indices of
    your decisions."""
    g = game(key)
    rules = g.rules(g.default_preset)
    state = g.new_game(rules, SEED)
    bot = g.bot(next(iter(g.bots)))
    me = _me(key)
    actions: list[str] = []
    states = [state]
    mine = []
    for _ in range(g.max_actions):
        seat = g.to_act(state)
        if seat is None:
            break
        if seat == me:
            mine.append(len(actions))
            action = g.legal_actions(state, limit=5000)[0]
        else:
            action = bot.choose(state, random.Random((SEED ^ BOT_SEED_MIX) * 7919 + len(actions)))
        actions.append(g.action_text(action))
        state = g.apply(state, action)
        states.append(state)
    assert g.to_act(state) is None, f"{key}: the hand did not end"
    return Record(key, g.default_preset, SEED, tuple(actions)), states, mine


def _play_link(url: str, key: str, record: Record, length: int) -> str:
    cut = Record(record.game, record.preset, record.seed, record.actions[:length])
    return f"{url}/{key}_table?mode=play&seat={SEAT}&seed={SEED}&hand={encode_position(cut.to_json())}"


def _click_cards(page: Any, hand: Any, cards: Sequence[Card]) -> None:
    used: Counter[str] = Counter()
    for card in cards:
        name = card_name(card)
        hand.get_by_role("option", name=name, exact=True).nth(used[name]).click(position={"x": 8, "y": 30})
        used[name] += 1


def _take_first_option(page: Any, key: str) -> None:
    """At your decision: the engine's first legal option, by clicking its cards (and the hand's button) or its
    button."""
    g = game(key)
    state = _state_in_link(key, page.url)
    assert g.to_act(state) == _me(key), "the link should hold the game up to your decision"
    legal = g.legal_actions(state, limit=5000)
    first = legal[0]
    cards = g.action_cards(first)
    if cards:
        hand = page.get_by_role("listbox", name=re.compile("^Your hand"))
        _click_cards(page, hand, cards)
        page.locator(".ch").filter(has=hand).get_by_role(
            "button", name=re.compile("^(Play the chosen cards|Choose these)")).click()
    else:
        words = [a for a in legal if g.action_cards(a) is None]
        record = _record(page.url)
        done = len(record.actions) if record is not None else 0
        button = page.locator(f".st-key-{key}-table-act-{words.index(first)}-{done} button")
        assert button.inner_text().strip() == action_label(g, first)
        button.click()
    wait_for_app(page)


# ---------------------------------------------------------------------------------------------- the editor


def _editor_options(key: str) -> set[str]:
    """The labels of every legal option of the editor's default position, as the coach names them."""
    editor = EDITORS[key]()
    g = editor.game
    data = {"preset": g.default_preset, **editor.default_position()}
    state = g.position_state(editor.coach_request(editor.read(data)))
    return {label(g, a) for a in g.legal_actions(state, limit=5000)}


def _chart_labels(page: Any) -> list[str]:
    """The options of the coach's chart as drawn, top bar first (the bars' categories, "(your play)" left out)."""
    drawn = page.locator("[data-testid='stPlotlyChart'] .js-plotly-plot").first.evaluate("gd => gd.data[0].y")
    return [re.sub(r" \(your play\)$", "", str(t)).strip() for t in drawn]


@pytest.mark.parametrize("key", GAMES)
def test_the_coach_panel_ranks_the_options_and_gives_reasons(url: str, page: Any, key: str) -> None:
    legal = _editor_options(key)
    _open(page, f"{url}/{key}_editor")
    page.get_by_role("button", name=re.compile("What should I play")).click()
    wait_for_app(page, SLOW)
    _no_exception(page)
    chart = page.locator("[data-testid='stPlotlyChart']")
    chart.locator(".ytick text").first.wait_for(timeout=30_000)
    labels = _chart_labels(page)
    assert len(labels) >= 2 and set(labels) <= legal, (labels, legal)
    ticks = [re.sub(r" \(your play\)$", "", t).strip() for t in chart.locator(".ytick text").all_text_contents()]
    assert sorted(ticks) == sorted(labels), f"the options are named on the chart's axis: {ticks}"
    assert chart.locator(".bars .point").count() == len(labels), "one bar per option"
    best = _paragraph(page, "Best: ")
    assert best.count() == 1
    text = best.first.inner_text()
    named = re.match(r"Best: (.+?)(?: \(tied with [^)]*\))? — (.+)$", text)
    assert named, text
    assert named.group(1) == labels[0], "the best option is the chart's top bar"
    assert _is_reason(named.group(2)), text
    heading = page.get_by_role("heading", name=re.compile("^Coach"))
    _shots(page, f"editor-{key}", heading)

    # Another option: its cards chosen in the hand and checked (or the pass), and the coach says why it is worse
    # (or tied).
    other = labels[1]
    hand = page.get_by_role("listbox", name="Your hand", exact=True)
    root = page.locator(".ch").filter(has=hand)
    chosen = root.locator("[role=option][aria-selected=true]")
    for _ in range(40):  # the cards of a play an example had chosen, let go one by one
        if not chosen.count():
            break
        chosen.first.click(position={"x": 8, "y": 30})
    if other == "pass":
        root.get_by_role("button", name="Check a pass instead").click()
    else:
        _click_cards(page, hand, parse_cards(other, suitless=key in SUITLESS))
        root.get_by_role("button", name=EDITORS[key].check_label).click()
    wait_for_app(page)
    _no_exception(page)
    expected = Counter(("a pass" if other == "pass" else other).split())

    def your_play() -> str | None:
        for said in _paragraph(page, "Your play: ").all_inner_texts():
            if Counter(said.removeprefix("Your play: ").partition(" — ")[0].split()) == expected:
                return said
        return None

    said = _until(page, your_play, f"the coach's words on {other}")
    assert _is_reason(said.partition(" — ")[2]), said
    figure = page.locator("[data-testid='stPlotlyChart'] .js-plotly-plot").first
    _until(page, lambda: f"{other} (your play)" in figure.evaluate("gd => gd.data[0].y"),
           "your play marked in the chart")
    _shots(page, f"editor-{key}-your-play", heading)


# ---------------------------------------------------------------------------------------------- the Hint


def _first_choice_of_cards(key: str) -> int:
    """The index of your first decision that is a play of cards with more than one legal option."""
    g = game(key)
    record, states, mine = _table_game(key)
    for index in mine:
        legal = g.legal_actions(states[index], limit=5000)
        if len(legal) > 1 and all(g.action_cards(a) for a in legal[:1]):
            return index
    raise AssertionError(f"{key}: you never choose between plays of cards")


def _hint(page: Any, key: str, name: str) -> None:
    g = game(key)
    state = _state_in_link(key, page.url)
    legal = {action_label(g, a): a for a in g.legal_actions(state, limit=5000)}
    page.locator(f".st-key-{key}-table-hint-button button:visible").click()  # Streamlit also draws a hidden copy
    wait_for_app(page, SLOW)
    _no_exception(page)
    hint = _paragraph(page, "Hint: ")
    hint.first.wait_for(timeout=20_000)
    text = hint.first.inner_text()
    found = re.match(r"Hint: (.+?) — (.+)$", text, re.S)
    assert found, text
    assert found.group(1) in legal, (found.group(1), sorted(legal))
    assert _is_reason(found.group(2)), text
    cards = g.action_cards(legal[found.group(1)])
    if cards:  # the hinted cards are chosen in your hand, ready to play
        hand = page.get_by_role("listbox", name=re.compile("^Your hand"))
        chosen = hand.locator("[role=option][aria-selected=true]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label'))")
        assert Counter(chosen) == Counter(card_name(c) for c in cards), chosen
    _shots(page, name, hint, "center")


@pytest.mark.parametrize("key", GAMES)
def test_the_hint_names_a_legal_option_with_its_reason(url: str, page: Any, key: str) -> None:
    _open(page, f"{url}/{key}_table?mode=play&seat={SEAT}&seed={SEED}")
    for _ in range(12):  # past finished tricks (Shengji's first decisions come while drawing)
        if page.get_by_text(re.compile("^Your turn")).count():
            break
        page.get_by_role("button", name="Continue").first.click()
        wait_for_app(page)
    _hint(page, key, f"hint-{key}-first")
    record, _, _ = _table_game(key)
    _open(page, _play_link(url, key, record, _first_choice_of_cards(key)))
    page.get_by_text(re.compile("^Your turn")).first.wait_for(timeout=20_000)
    _hint(page, key, f"hint-{key}-play")


# ---------------------------------------------------------------------------------------------- the review


@pytest.mark.parametrize("key", GAMES)
def test_a_finished_hand_is_reviewed_decision_by_decision(url: str, page: Any, key: str) -> None:
    g = game(key)
    record, states, mine = _table_game(key)
    assert len(mine) > CLICKED, f"{key}: too few decisions of yours"
    link = _play_link(url, key, record, mine[-CLICKED])
    _open(page, link)
    opened = _record(page.url)
    assert opened is not None and opened.actions == record.actions[:mine[-CLICKED]], \
        f"the Table should open the game in the link, not {page.url}"
    review = page.get_by_role("button", name=re.compile("Review my decisions"))
    for _ in range(40):
        if review.count():
            break
        if page.get_by_role("button", name="Continue").count():
            page.get_by_role("button", name="Continue").first.click()
            wait_for_app(page)
        else:
            _take_first_option(page, key)
    _no_exception(page)
    finished = _record(page.url)
    assert finished is not None and finished.actions == record.actions, "the page played the same hand to its end"
    review.click()
    wait_for_app(page, SLOW)
    _no_exception(page)
    rows = page.locator(f"[class*='st-key-{key}-table-review-row-']")
    rows.first.wait_for(timeout=SLOW)
    assert rows.count() == len(mine), "one row per decision of yours"
    texts = rows.all_inner_texts()
    for index, text in zip(mine, texts, strict=True):
        assert re.match(rf"^({'|'.join(VERDICTS)})\b", text), text
        assert re.search(rf"\b[Ss]tep {index + 1}\b", text) and "Show me" in text, text
        played = action_label(g, g.parse_action(states[index], record.actions[index]))
        assert played in text, (played, text)
    counts = Counter(re.match(r"^\w+", t).group(0) for t in texts)  # type: ignore[union-attr]
    summary = _paragraph(page, "The coach's review")
    assert summary.count() == 1, "one story of the game"
    story = summary.first.inner_text()
    if lost(g, states[-1], _me(key)):  # a lost game is explained, never summed up as all fine
        assert "You lost this one" in story and "first decision" in story, story
        assert "cost most" in story or "coach's choice at every decision" in story, story
    assert _paragraph(page, f"Your {len(mine)} decisions:").count() == 1, "the tally of your decisions"
    _shots(page, f"review-{key}", summary, "center")

    # "Show me" on the worst decision opens the game at that step.
    worst = next(v for v in reversed(VERDICTS) if counts[v])
    pick = next(i for i, t in enumerate(texts) if t.startswith(worst))
    step = mine[pick] + 1
    rows.nth(pick).get_by_role("button", name="Show me").click()
    wait_for_app(page)
    _no_exception(page)
    _until(page, lambda: "mode=watch" in page.url, "the game in watch mode")
    query = parse_qs(urlparse(page.url).query)
    assert query.get("mode") == ["watch"] and query.get("step") == [str(step)], page.url
    assert page.get_by_text(f"Step {step} of {len(record.actions)}").count()
    _shots(page, f"review-{key}-show-me", page.get_by_text(re.compile(f"^Step {step} of")))
