"""Driving the card-hand component and the key stepper from AppTest, which cannot run their script.

AppTest shows a components-v2 element as an ``UnknownElement`` of type ``"bidi_component"``: its
``proto.json`` is the data the browser would get, its ``key`` the key the page gave. A press in the
browser is a *trigger value*: one widget state with the id ``$$STREAMLIT_INTERNAL_KEY_<element id>__events``
holding ``[{"event": "action", "value": {...}}]``, sent with the next rerun and gone after it. The
helpers here build exactly that state and rerun the page with it, so the page sees what a real press
sends (and the next ``at.run()`` sees no event, as in the browser)::

    at = AppTest.from_file("pages/some_page.py").run()
    press(at, "hand", "play", cards=parse_cards("10S 10S"))   # or indices=[3, 4]
    assert "You played" in at.markdown[0].value
    step(at, "stepper", "next")

``hand_data(at, key)`` gives the data of a drawn hand to assert on (names, groups, reasons).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from engine.cards import Card

_TRIGGER = "$$STREAMLIT_INTERNAL_KEY_{id}__events"


def component(at: AppTest, key: str) -> Any:
    """The drawn card-hand (or key-stepper) element with this key; AssertionError if there is none."""
    found = [e for e in at.get("bidi_component") if getattr(e, "key", None) == key]
    assert found, f"no card-hand component with key {key!r} on the page"
    return found[0]


def hand_data(at: AppTest, key: str) -> dict[str, Any]:
    """The data the browser would get for the component ``key``."""
    data: dict[str, Any] = json.loads(component(at, key).proto.json)
    return data


def cards_of(at: AppTest, key: str) -> list[Card | None]:
    """The cards a drawn hand shows, in order (``None`` face down); for a deck picker its distinct cards."""
    data = hand_data(at, key)
    suitless = data["mode"] == "pick" and all(
        not any(ch in code for ch in "SHDC") for g in data["groups"] for code in g["cards"]
    )
    out: list[Card | None] = []
    for group in data["groups"]:
        for code in group["cards"]:
            bare = suitless or (code is not None and not any(ch in code for ch in "SHDC") and code not in ("BJ", "RJ"))
            out.append(None if code is None else Card.parse(code, suitless=bare))
    return out


def names_of(at: AppTest, key: str) -> list[str]:
    """The accessible names of the cards of ``key``, in order (what a screen reader reads)."""
    return [name for g in hand_data(at, key)["groups"] for name in g["names"]]


def _indices_for(at: AppTest, key: str, cards: Iterable[Card]) -> list[int]:
    shown = cards_of(at, key)
    if hand_data(at, key)["mode"] == "pick":
        return sorted(shown.index(c) for c in cards)
    out: list[int] = []
    for card in cards:
        i = next((i for i, c in enumerate(shown) if c == card and i not in out), None)
        assert i is not None, f"{card} is not (or not that often) in the hand {key!r}"
        out.append(i)
    return sorted(out)


def send(at: AppTest, key: str, event: str, value: object) -> AppTest:
    """Rerun the page with one trigger value of ``key`` set, as the browser's script would send it."""
    element = component(at, key)
    states = at._tree.get_widget_states()
    trigger = WidgetState()
    trigger.id = _TRIGGER.format(id=element.proto.id)
    trigger.json_trigger_value = json.dumps([{"event": event, "value": value}])
    states.widgets.append(trigger)
    return at._run(states)


def press(
    at: AppTest,
    key: str,
    action: str,
    indices: Iterable[int] | None = None,
    *,
    cards: Iterable[Card] | None = None,
    sig: str | None = None,
) -> AppTest:
    """Press the action button ``action`` of the hand (or deck picker) ``key`` with these cards chosen.

    Give positions in the hand as drawn (``indices``; for a deck picker, positions in its distinct
    cards, repeated per copy) or the ``cards`` themselves (a multiset for a deck picker). ``sig``
    overrides the hand's signature, to send a press made on a hand that has since changed.
    """
    chosen = list(indices or ()) if cards is None else _indices_for(at, key, cards)
    data = hand_data(at, key)
    return send(at, key, "action", {"a": action, "i": chosen, "s": data["sig"] if sig is None else sig, "q": 1})


def step(at: AppTest, key: str, direction: str) -> AppTest:
    """Press ← (``"prev"``) or → (``"next"``) for the key stepper ``key``."""
    return send(at, key, "step", {"d": direction, "q": 1})
