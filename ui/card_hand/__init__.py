"""The card-hand component: a hand drawn as real cards that a learner chooses by clicking or tapping.

One component (Streamlit's components v2, its script and style bundled beside this file) in three modes:

- :func:`card_hand` — choose cards from a hand. The selection changes in the browser without a rerun;
  pressing one of the caller's :class:`Action` buttons sends it: the call returns a :class:`HandEvent`
  exactly once per press (``None`` on every other run).
- :func:`show_cards` — display only: seats, the trick, the kitty (``None`` is a face-down card).
- :func:`deck_picker` — every distinct card of a deck; a click adds one copy up to the deck's limit,
  "−" takes one back; the event's ``cards`` is the chosen multiset.

And a page-wide :func:`key_stepper` for presenter mode (←/→, PageUp/PageDown → ``"prev"``/``"next"``).

What the browser gets is a compact description (card codes, names, groups, reasons); it draws the
cards itself from the shapes of ``ui/cards.py``. The script and style are served as files once
(``/_stcore/bidi-components/…``) and not re-sent with every rerun. Tests drive the component
through ``tests/card_hand_testing.py`` (AppTest cannot run its script). See ``README.md`` here.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from engine.cards import Card, Deck
from engine.i18n import N_
from ui import cards as card_art
from ui.card_hand.payload import (  # noqa: F401 (re-exported: callers and tests use ui.card_hand.X)
    ACTION_EVENT,
    DECLARABLE,
    FACE_DOWN_NAME,
    HINT,
    KITTY,
    LED_SUIT,
    SIZES,
    STEP_EVENT,
    TRUMP,
    Action,
    CardGroup,
    CardKey,
    GroupBy,
    HandEvent,
    HandInput,
    Highlight,
    Mode,
    Size,
    Step,
    _Drawn,
    _flatten,
    card_name,
    hand_payload,
    hand_signature,
    parse_event,
    picker_payload,
    suit_groups,
)

__all__ = [
    "DECLARABLE",
    "HINT",
    "KITTY",
    "LED_SUIT",
    "TRUMP",
    "Action",
    "CardGroup",
    "HandEvent",
    "Highlight",
    "Step",
    "card_hand",
    "card_name",
    "clear_selection",
    "deck_picker",
    "key_stepper",
    "select_cards",
    "select_indices",
    "show_cards",
    "suit_groups",
]

_LOG = logging.getLogger(__name__)

ASSETS: Final = Path(__file__).resolve().parent
PACKAGE: Final = "cardtable"
HAND_COMPONENT: Final = f"{PACKAGE}.card_hand"
STEPPER_COMPONENT: Final = f"{PACKAGE}.key_stepper"
HAND_JS: Final = "card_hand.js"
HAND_CSS: Final = "card_hand.css"
GEOMETRY_JS: Final = "card_geometry.js"
STEPPER_JS: Final = "key_stepper.js"
STEPPER_CSS: Final = "key_stepper.css"
#: Set to 1 to send the script and style inline with every rerun instead of as served files.
INLINE_ENV: Final = "CARD_HAND_INLINE"


# ------------------------------------------------------------------------------ Streamlit plumbing

_GEOMETRY_IMPORT = re.compile(r'^import \{ GEOMETRY as G \} from "\./card_geometry\.js";$', re.M)


def geometry_module() -> str:
    """The text of ``card_geometry.js``: the card shapes of ``ui/cards.py`` as an ES module."""
    body = json.dumps(card_art.geometry(), ensure_ascii=False, indent=1)
    return (
        "// Generated from ui/cards.py by `python -m ui.card_hand` - do not edit; a test checks it.\n"
        f"export const GEOMETRY = {body};\n"
    )


def inline_script() -> str:
    """The card-hand script as one self-contained module (the geometry written into it)."""
    js = (ASSETS / HAND_JS).read_text(encoding="utf-8")
    geometry = json.dumps(card_art.geometry(), ensure_ascii=False, separators=(",", ":"))
    js, n = _GEOMETRY_IMPORT.subn(lambda _: f"const G = {geometry};", js)
    if n != 1:
        raise RuntimeError("card_hand.js no longer imports its geometry the expected way")
    return js


def _inline_wanted() -> bool:
    return os.environ.get(INLINE_ENV, "") not in ("", "0")


def _serve_assets() -> bool:
    """Make the runtime serve this folder to the browser; False where this Streamlit cannot.

    Components v2 serves a component's files only when an installed package declares them in its
    ``pyproject.toml``. This app is not installed, so it declares the same thing at run time, with the
    manifest types Streamlit's own package scanner builds. Falls back to inline code if they change.
    """
    if _inline_wanted():
        return False
    try:
        from streamlit.components.v2.manifest_scanner import ComponentConfig, ComponentManifest
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return False
        manager = Runtime.instance().bidi_component_registry
        if manager.get_component_asset_root(HAND_COMPONENT) is not None:
            return True
        configs = [
            ComponentConfig(name=HAND_COMPONENT.split(".", 1)[1], asset_dir=ASSETS.name),
            ComponentConfig(name=STEPPER_COMPONENT.split(".", 1)[1], asset_dir=ASSETS.name),
        ]
        manager.register_from_manifest(ComponentManifest(name=PACKAGE, version="1", components=configs),
                                       ASSETS.parent)
        return manager.get_component_asset_root(HAND_COMPONENT) is not None
    except Exception as error:  # an internal of Streamlit changed: inline content still works
        _LOG.warning("card hand: serving the component files failed (%s); sending them inline", error)
        return False


_RENDERERS: dict[tuple[str, bool], Callable[..., Any]] = {}


def _renderer(name: str) -> Callable[..., Any]:
    from streamlit.components.v2 import component

    served = _serve_assets()
    key = (name, served)
    if key not in _RENDERERS:
        if name == HAND_COMPONENT:
            js, css = (HAND_JS, HAND_CSS) if served else (inline_script(), (ASSETS / HAND_CSS).read_text("utf-8"))
        else:
            js, css = (STEPPER_JS, STEPPER_CSS) if served else (
                (ASSETS / STEPPER_JS).read_text("utf-8"), (ASSETS / STEPPER_CSS).read_text("utf-8"))
        _RENDERERS[key] = component(name, js=js, css=css)
    return _RENDERERS[key]


def _drawn_key(key: str) -> str:
    return f"_card_hand:drawn:{key}"


def _preset_key(key: str) -> str:
    return f"_card_hand:preset:{key}"


def _rev_key(key: str) -> str:
    return f"_card_hand:rev:{key}"


def _state() -> Any:
    import streamlit as st

    return st.session_state


@dataclass(frozen=True, slots=True)
class _Preset:
    """A selection set from code; bound to the hand it was first drawn on, dropped when that changes."""

    indices: tuple[int, ...] | None
    cards: tuple[Card, ...] | None
    sig: str | None = None


def _set_preset(key: str, preset: _Preset) -> None:
    state = _state()
    state[_rev_key(key)] = int(state.get(_rev_key(key), 0)) + 1
    state[_preset_key(key)] = preset


def _take_preset(key: str, sig: str) -> tuple[int, _Preset | None]:
    """The revision counter and the preset for the hand with signature ``sig`` (binding it to it)."""
    state = _state()
    rev = int(state.get(_rev_key(key), 0))
    preset: _Preset | None = state.get(_preset_key(key))
    if preset is None:
        return rev, None
    if preset.sig is None:
        preset = _Preset(preset.indices, preset.cards, sig)
        state[_preset_key(key)] = preset
    elif preset.sig != sig:
        del state[_preset_key(key)]
        return rev, None
    return rev, preset


def select_indices(key: str, indices: Iterable[int]) -> None:
    """Set the selection of the hand ``key`` to these positions (e.g. a hint). Call it from a callback
    (``on_action``, a button's ``on_click``) or before the hand is drawn in this run. It replaces what
    the learner had chosen, and holds until the hand's cards change."""
    _set_preset(key, _Preset(tuple(sorted(set(indices))), None))


def select_cards(key: str, cards: Iterable[Card]) -> None:
    """Set the selection of ``key`` to these cards: a hand chooses the first matching copies, a deck
    picker takes the multiset. Same timing as :func:`select_indices`."""
    _set_preset(key, _Preset(None, tuple(cards)))


def clear_selection(key: str) -> None:
    """Empty the selection of ``key`` (a hand or a deck picker)."""
    select_indices(key, ())


def _indices_of(cards: Iterable[Card], flat: Sequence[Card | None]) -> list[int]:
    taken: set[int] = set()
    for card in cards:
        i = next((i for i, c in enumerate(flat) if c == card and i not in taken), None)
        if i is not None:
            taken.add(i)
    return sorted(taken)


def _mount(
    name: str,
    key: str,
    data: dict[str, Any],
    drawn: _Drawn,
    on_action: Callable[[HandEvent], None] | None,
) -> HandEvent | None:
    state = _state()
    previous: _Drawn | None = state.get(_drawn_key(key))

    def deliver() -> None:
        if on_action is None:
            return
        value = state.get(key)
        raw = value.get(ACTION_EVENT) if isinstance(value, dict) else None
        event = parse_event(raw, state.get(_drawn_key(key)))
        if event is not None:
            on_action(event)

    result = _renderer(name)(key=key, data=data, on_action_change=deliver)
    state[_drawn_key(key)] = drawn
    if on_action is not None:
        return None
    return parse_event(result.get(ACTION_EVENT), previous)


def card_hand(
    key: str,
    hand: HandInput,
    *,
    actions: Sequence[Action] = (Action("play", N_("Play"), min_chosen=1, primary=True),),
    label: str = N_("Your hand"),
    required: int | None = None,
    limit: int | None = None,
    why_not: Mapping[CardKey, str] | None = None,
    highlight: Mapping[CardKey, Highlight] | None = None,
    captions: Mapping[CardKey, str] | None = None,
    selected: Iterable[int] = (),
    size: Size = "normal",
    four_colour: bool = False,
    fit: bool = False,
    jumbo: bool = False,
    on_action: Callable[[HandEvent], None] | None = None,
) -> HandEvent | None:
    """Draw a hand to choose from; return the :class:`HandEvent` of an action pressed, once, else None.

    ``hand`` is the cards in the order to draw them, or :class:`CardGroup` values ("Trumps", then each
    side suit) drawn one after another with a divider. Clicking, tapping or Space/Enter on a card
    chooses it (arrows move between cards); "Clear" empties the choice; the counter reads "3 chosen",
    or "3 of 8 chosen" with ``required``. At most ``limit`` cards (default: ``required``) can be chosen.

    Per card (keyed by position, or by card for every copy): ``why_not`` greys a card that cannot be
    chosen and gives the reason shown when it is clicked; ``highlight`` rings it with a
    :class:`Highlight` (a legend lists those used); ``captions`` writes a word under it.

    ``selected`` positions are chosen whenever the hand is drawn anew (new cards); :func:`select_indices`
    / :func:`select_cards` / :func:`clear_selection` change the choice later. With ``on_action`` the
    event goes to that callback before the page runs (so the page draws the hand after the play) and
    this returns None. ``fit``: smaller cards for a long hand; ``jumbo``: large corner indexes, for a projector
    (see :func:`hand_payload`).
    """
    groups, flat = _flatten(hand)
    rev, preset = _take_preset(key, hand_signature("select", groups))
    chosen = list(selected)
    if preset is not None:
        chosen = list(preset.indices) if preset.indices is not None else _indices_of(preset.cards or (), flat)
    data, drawn = hand_payload(
        groups, mode="select", label=label, actions=actions, required=required, limit=limit, why_not=why_not,
        highlight=highlight, captions=captions, selected=chosen, rev=rev, size=size, four_colour=four_colour,
        fit=fit, jumbo=jumbo,
    )
    return _mount(HAND_COMPONENT, key, data, drawn, on_action)


def show_cards(
    key: str,
    hand: HandInput,
    *,
    label: str = N_("Cards"),
    highlight: Mapping[CardKey, Highlight] | None = None,
    captions: Mapping[CardKey, str] | None = None,
    size: Size = "normal",
    four_colour: bool = False,
    empty: str = "no cards",
    fit: bool = False,
    jumbo: bool = False,
) -> None:
    """Draw cards to look at (a seat, the trick, the kitty): ``None`` is a face-down card; the same
    groups, highlights, captions ("N", "played by West"), ``fit`` and ``jumbo`` as :func:`card_hand`."""
    data, drawn = hand_payload(hand, mode="show", label=label, highlight=highlight, captions=captions,
                               size=size, four_colour=four_colour, empty=empty, fit=fit, jumbo=jumbo)
    _renderer(HAND_COMPONENT)(key=key, data=data)


def deck_picker(
    key: str,
    deck: Deck,
    *,
    actions: Sequence[Action] = (Action("set", N_("Set hand"), primary=True),),
    label: str = N_("Deck"),
    chosen: Iterable[Card] = (),
    taken: Iterable[Card] = (),
    limit_to: Iterable[Card] | None = None,
    why_not: Mapping[Card, str] | None = None,
    by: GroupBy = "suit",
    required: int | None = None,
    limit: int | None = None,
    size: Size = "normal",
    four_colour: bool = False,
    order: Callable[[Card], Any] | None = None,
    on_action: Callable[[HandEvent], None] | None = None,
) -> HandEvent | None:
    """Pose a hand by clicking the cards of a deck; return the event of an action pressed, once.

    Every distinct card of ``deck`` (or of ``limit_to``) is a small card laid out by suit (``by="rank"``:
    by rank); a click adds one copy, up to the copies the deck holds less those in ``taken``; a badge
    counts them ("×2"); "−" under a card (or Delete, or a right click) takes one back. ``chosen`` is
    the multiset shown chosen when the picker is drawn anew. The event's ``cards`` is the multiset.
    """
    def payload(rev: int, chosen: Iterable[Card]) -> tuple[dict[str, Any], _Drawn]:
        return picker_payload(
            deck, label=label, actions=actions, chosen=chosen, taken=taken, limit_to=limit_to, why_not=why_not,
            by=by, required=required, limit=limit, rev=rev, size=size, four_colour=four_colour, order=order,
        )

    data, drawn = payload(0, ())
    rev, preset = _take_preset(key, drawn.sig)
    if preset is not None:
        picked = preset.cards if preset.cards is not None else [drawn.cards[i] for i in preset.indices or ()
                                                                if 0 <= i < len(drawn.cards)]
        data, drawn = payload(rev, [c for c in picked if c is not None])
    else:
        data, drawn = payload(rev, chosen)
    return _mount(HAND_COMPONENT, key, data, drawn, on_action)


def key_stepper(
    key: str = "key_stepper",
    *,
    enabled: bool = True,
    hint: str = "",
    on_step: Callable[[Step], None] | None = None,
) -> Step | None:
    """Page-wide keyboard stepping: ←/→ and PageUp/PageDown return ``"prev"``/``"next"`` once per key
    press (ignored while typing in a text box, on sliders, radios and tabs, and while ``enabled`` is
    False). ``hint`` is a line of text shown where it is placed. With ``on_step`` the step goes to that
    callback before the page runs, and this returns None."""

    def direction(raw: object) -> Step | None:
        d = raw.get("d") if isinstance(raw, dict) else None
        return d if d in ("prev", "next") else None

    def deliver() -> None:
        if on_step is None:
            return
        value = _state().get(key)
        step = direction(value.get(STEP_EVENT) if isinstance(value, dict) else None)
        if step is not None:
            on_step(step)

    result = _renderer(STEPPER_COMPONENT)(key=key, data={"enabled": enabled, "hint": hint},
                                          on_step_change=deliver)
    if on_step is not None:
        return None
    return direction(result.get(STEP_EVENT))

