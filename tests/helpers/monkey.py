"""A click-everything walk (a "monkey") over the app's pages in Chromium, seeded so any failure can be replayed.

On each page it takes ``actions`` random actions a learner could take: click a card, a button, a tab, an
expander, a radio option, a checkbox, a link of the page; move a slider; choose from a select box; type into a
number or text box (sensible and hostile values); press ← or → ; go Back. After every action it waits for the page
to settle and checks that there is no exception box, no traceback and no Python error text, that the page has not
hung and that the sidebar is still there. A page that navigates away is brought back to the page under test.

Used by ``tests/test_monkey_browser.py`` (a few actions per page) and ``bench/monkey.py`` (thousands).
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]

#: Every page of the app by its URL path ("" is Home), in the sidebar's order.
PAGES: tuple[str, ...] = ("", "cards", "glossary") + tuple(
    f"{game}_{kind}" for game in ("shengji", "thirteen", "euchre", "doudizhu")
    for kind in ("lessons", "practice", "editor", "table", "scoring"))

# What counts as broken: an exception box, a traceback, a Python exception's name, Streamlit's own error dialogs.
_BROKEN = re.compile(r"Traceback \(most recent call last\)|\b[A-Z][A-Za-z]*(Error|Exception)\b(?!s)|"
                     r"Bad message format|Connection error|File \"[^\"]+\.py\"")

# Marks every element an action can use (visible, enabled) with data-monkey=N and returns [N, kind, label].
_CANDIDATES = """() => {
  document.querySelectorAll('[data-monkey]').forEach(e => e.removeAttribute('data-monkey'));
  for (const h of document.querySelectorAll('*')) if (h.shadowRoot)
    h.shadowRoot.querySelectorAll('[data-monkey]').forEach(e => e.removeAttribute('data-monkey'));
  const seen = e => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true}); };
  const roots = [document.querySelector('[data-testid="stMain"]'),
                 document.querySelector('[data-testid="stSidebarUserContent"]')].filter(Boolean);
  const kinds = [
    ['card', '[role="listbox"] [role="option"]'],
    ['button', 'button:not([disabled]):not([role="tab"])'],
    ['tab', '[role="tab"]'],
    ['expander', 'details > summary'],
    ['radio', '[role="radiogroup"] label'],
    ['checkbox', 'label[data-baseweb="checkbox"]'],
    ['select', '[data-baseweb="select"]'],
    ['slider', '[role="slider"]'],
    ['number', 'input[type="number"]:not([disabled])'],
    ['text', 'input[type="text"]:not([disabled]), textarea:not([disabled])'],
    ['link', 'a[href]'],
  ];
  // The card hand is a component in its own shadow root: look inside open shadow roots too.
  const deep = (root, sel) => { const found = [...root.querySelectorAll(sel)];
    for (const e of root.querySelectorAll('*')) if (e.shadowRoot) found.push(...deep(e.shadowRoot, sel));
    return found; };
  const out = []; const taken = new Set(); let n = 0;
  for (const root of roots) for (const [kind, sel] of kinds) for (const e of deep(root, sel)) {
    if (taken.has(e) || !seen(e)) continue;
    // The sidebar's page list, heading anchors and a table's hover toolbar are Streamlit's own, not the page's.
    if (e.closest('[data-testid="stSidebarNav"], [data-testid="stHeaderActionElements"],'
                  + ' [data-testid="stElementToolbar"]')) continue;
    if (kind === 'text' && e.closest('[data-baseweb="select"]')) continue;
    if (kind === 'link') { const h = e.getAttribute('href') || '';
      if (e.target === '_blank' || h.startsWith('mailto:') || (/^https?:/.test(h) && !h.startsWith(location.origin)))
        continue; }
    taken.add(e); e.setAttribute('data-monkey', String(n));
    out.push([n, kind, (e.getAttribute('aria-label') || e.innerText || e.value || '').trim().slice(0, 60)]);
    n += 1;
  }
  return out;
}"""

_BUSY = ("() => !!document.querySelector('[data-testid=\"stStatusWidget\"], [data-testid=\"stSkeleton\"],"
         " [data-testid=\"stAppSkeleton\"]')")

# Values a learner might type: sensible, odd and hostile.
_NUMBERS = ("0", "1", "2", "3", "5", "10", "-1", "99", "100000", "1e9", "3.5", "")
_TEXTS = ("", "AS KS", "10H 10H", "zz", "♠♥♦♣", "{\"seed\": 1}", "'; drop table learners; --", "x" * 300,
          "Mai", "  ", "BJ RJ", "2C 2D 2H 2S")


@dataclass(frozen=True)
class Finding:
    """A broken page: where, at which action (the seed and step replay it), and what the page showed."""

    page: str
    seed: int
    step: int
    action: str
    problem: str
    shows: str

    def __str__(self) -> str:
        return (f"/{self.page} (seed {self.seed}, action {self.step}: {self.action}): {self.problem}\n"
                f"  the page shows: {self.shows[-600:]!r}")


@dataclass(frozen=True)
class Walked:
    """What one page's walk did: the actions taken (by kind), the findings, and the seconds it took."""

    page: str
    actions: int
    kinds: dict[str, int]
    findings: tuple[Finding, ...]
    seconds: float


def settle(page: Any, timeout: float = 60.0) -> bool:
    """Wait until the page has stopped running (three quiet polls in a row); False if it is still busy after
    ``timeout`` seconds (a hang)."""
    deadline = time.monotonic() + timeout
    quiet = 0
    page.wait_for_timeout(120)
    while quiet < 3:
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(100)
        try:
            quiet = 0 if page.evaluate(_BUSY) else quiet + 1
        except Exception:  # the page is navigating: not quiet yet
            quiet = 0
    return True


def problem(page: Any) -> tuple[str, str] | None:
    """What is broken on the page, with the text it shows, or None when it is healthy."""
    try:
        body = page.inner_text("body", timeout=10000)
    except Exception as error:
        return f"the page cannot be read ({type(error).__name__})", ""
    if page.locator("[data-testid='stException']").count():
        return "an exception box is shown", body
    found = _BROKEN.search(body)
    if found:
        return f"the page shows {found.group(0)!r}", body
    if page.get_by_test_id("stSidebar").count() != 1:
        try:  # a page that has only just started its first run draws the sidebar a moment later
            page.get_by_test_id("stSidebar").wait_for(timeout=15000)
        except Exception:
            return "the sidebar is gone", page.inner_text("body")
    return None


def _act(page: Any, rng: random.Random, kind: str, n: int) -> str:
    """Take one action on candidate ``n`` of ``kind``; returns what was done, in words."""
    target = page.locator(f"[data-monkey='{n}']")
    if kind == "slider":
        target.focus(timeout=2000)
        key = rng.choice(("ArrowRight", "ArrowLeft", "Home", "End", "PageUp", "PageDown"))
        for _ in range(rng.randint(1, 4)):
            page.keyboard.press(key)
        return f"slider {key}"
    if kind == "number":
        value = rng.choice(_NUMBERS)
        target.fill(value, timeout=2000)
        target.press("Enter")
        return f"number {value!r}"
    if kind == "text":
        value = rng.choice(_TEXTS)
        target.fill(value, timeout=2000)
        target.press("Control+Enter" if target.evaluate("e => e.tagName") == "TEXTAREA" else "Enter")
        return f"text {value[:30]!r}"
    if kind == "select":
        target.click(timeout=2000)
        options = page.locator("[data-baseweb='popover'] [role='option']")
        try:
            options.first.wait_for(timeout=3000)
        except Exception:
            page.keyboard.press("Escape")
            return "select (no options)"
        count = options.count()
        pick = rng.randrange(count)
        label = options.nth(pick).inner_text().strip()[:40]
        options.nth(pick).click(timeout=2000)
        return f"select {label!r}"
    if kind == "card":
        # force: a card that cannot be played is aria-disabled, and a learner clicks it all the same.
        target.click(timeout=2000, position={"x": 10, "y": 30}, force=True)
        return "card"
    target.click(timeout=2000)
    return kind


def walk(page: Any, url: str, path: str, actions: int, seed: int) -> Walked:
    """``actions`` random actions on the page at ``path``, checked after each; stops at the first finding."""
    rng = random.Random(f"{seed}:{path}")
    started = time.monotonic()
    kinds: dict[str, int] = {}
    home = f"{url}/{path}"
    page.goto(home)
    if not settle(page):
        return Walked(path, 0, kinds, (Finding(path, seed, 0, "open", "the page does not finish", ""),),
                      time.monotonic() - started)
    found = problem(page)
    if found:
        return Walked(path, 0, kinds, (Finding(path, seed, 0, "open", *found),), time.monotonic() - started)
    recent: list[str] = []
    for step in range(1, actions + 1):
        if not page.url.split("?")[0].rstrip("/").endswith(f"/{path}".rstrip("/")) or \
                not page.url.startswith(url):
            page.goto(home)  # a link or Back left the page under test: come back to it
            settle(page)
        roll = rng.random()
        try:
            if roll < 0.06:
                key = rng.choice(("ArrowLeft", "ArrowRight"))
                page.keyboard.press(key)
                did = f"key {key}"
            elif roll < 0.09:
                page.go_back(timeout=10000)
                did = "Back"
            else:
                candidates = page.evaluate(_CANDIDATES)
                if not candidates:
                    did = "nothing to click"
                else:
                    # A kind first, then one of its elements: a page's dozens of links must not drown its cards.
                    kind = rng.choice(sorted({c[1] for c in candidates}))
                    n, kind, label = rng.choice([c for c in candidates if c[1] == kind])
                    did = f"{_act(page, rng, kind, n)} {label!r}"
            kinds[did.split()[0]] = kinds.get(did.split()[0], 0) + 1
        except Exception as error:  # the element went away under the click (a rerun): a learner's miss, not a bug
            did = f"missed ({type(error).__name__}: {str(error).splitlines()[0][:120]})"
            kinds["missed"] = kinds.get("missed", 0) + 1
        recent.append(did)
        del recent[:-4]
        did = " → ".join(recent)  # the actions just before say how the page got there
        if not page.url.startswith(url):
            continue  # Back went past the app (to the blank tab): nothing of ours to check
        if not settle(page):
            return Walked(path, step, kinds, (Finding(path, seed, step, did, "the page is still running after 60 s",
                                                      page.inner_text("body")),), time.monotonic() - started)
        found = problem(page)
        if found:
            return Walked(path, step, kinds, (Finding(path, seed, step, did, *found),), time.monotonic() - started)
    return Walked(path, actions, kinds, (), time.monotonic() - started)


def walk_all(url: str, paths: Sequence[str], actions: int, seed: int, size: tuple[int, int] = (1280, 900)
             ) -> Iterator[Walked]:
    """Walk every page of ``paths`` in one fresh browser per page (so one page's state never hides another's)."""
    from tests.browser import chromium_page

    for path in paths:
        with chromium_page(*size) as page:
            yield walk(page, url, path, actions, seed)
