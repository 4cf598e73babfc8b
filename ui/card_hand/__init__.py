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

import hashlib
import json
import logging
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

from engine.cards import Card, Deck, Suit
from ui import cards as card_art

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
#: The trigger names the browser sends.
ACTION_EVENT: Final = "action"
STEP_EVENT: Final = "step"

Size = Literal["small", "normal", "large"]
SIZES: Final[tuple[Size, ...]] = ("small", "normal", "large")
Mode = Literal["select", "show", "pick"]
Step = Literal["prev", "next"]
GroupBy = Literal["suit", "rank"]
FACE_DOWN_NAME: Final = "face-down card"


# ---------------------------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Action:
    """A button under the hand. Pressing it sends the chosen cards to Python as a :class:`HandEvent`.

    ``name`` is what the event carries (``"play"``), ``label`` the button text (``"Play"``). The button
    is disabled while fewer than ``min_chosen`` (or more than ``max_chosen``) cards are chosen and, with
    ``exact``, until exactly the hand's ``required`` count is chosen ("Bury these 8").
    """

    name: str
    label: str
    min_chosen: int = 0
    max_chosen: int | None = None
    exact: bool = False
    primary: bool = False
    help: str | None = None


@dataclass(frozen=True, slots=True)
class Highlight:
    """A coloured ring (and a short ``mark`` on the card) with a legend entry: "trump", "kitty"."""

    label: str
    colour: str
    mark: str = ""


TRUMP: Final = Highlight("trump", "#c2410c", "T")
KITTY: Final = Highlight("from the kitty", "#7c3aed", "K")
LED_SUIT: Final = Highlight("the led suit", "#0f766e", "L")
DECLARABLE: Final = Highlight("you could declare it", "#b45309", "D")
HINT: Final = Highlight("the hint", "#15803d", "H")


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Cards drawn together under a small label ("Trumps", "♠"); groups are set apart by a divider."""

    label: str
    cards: tuple[Card | None, ...]

    def __init__(self, label: str, cards: Iterable[Card | None]) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "cards", tuple(cards))


@dataclass(frozen=True, slots=True)
class HandEvent:
    """One press of an action button: which action, and what was chosen.

    ``indices`` are positions in the hand as drawn (groups one after another, in the order given);
    ``cards`` the chosen cards in that order. For a deck picker ``indices`` are positions in its list
    of distinct cards, repeated once per copy, and ``cards`` is the chosen multiset.
    """

    action: str
    indices: tuple[int, ...]
    cards: tuple[Card, ...]

    @property
    def counts(self) -> Counter[Card]:
        """The chosen cards as a multiset."""
        return Counter(self.cards)


CardKey: TypeAlias = int | Card
"""Per-card options are keyed by position in the hand (one copy) or by card (every copy of it)."""
HandInput: TypeAlias = Sequence[Card] | Sequence[Card | None] | Sequence[CardGroup]


@dataclass(frozen=True, slots=True)
class _Drawn:
    """What a component showed on its last run: an event is checked against it."""

    mode: Mode
    sig: str
    cards: tuple[Card | None, ...]
    blocked: frozenset[int]
    limits: tuple[int, ...]
    actions: tuple[Action, ...]
    required: int | None
    limit: int | None


# ----------------------------------------------------------------------------------------- card names


def card_name(card: Card | None) -> str:
    """The accessible name of a card: ``10♠``, ``Q♥``, ``BJ``, ``RJ``; a suitless rank alone (``10``)."""
    if card is None:
        return FACE_DOWN_NAME
    return card.symbol_text


def _code(card: Card | None) -> str | None:
    return None if card is None else card.text


_SUIT_LABEL: Final = {Suit.SPADES: "♠ Spades", Suit.HEARTS: "♥ Hearts", Suit.CLUBS: "♣ Clubs",
                      Suit.DIAMONDS: "♦ Diamonds"}


def suit_groups(
    cards: Iterable[Card],
    *,
    is_trump: Callable[[Card], bool] | None = None,
    trump_label: str = "Trumps",
) -> list[CardGroup]:
    """Cards grouped for drawing, each group keeping the order the cards come in.

    With ``is_trump``: the trumps first (jokers included where the predicate says so), then each side
    suit in order of first appearance. Without: jokers, then each suit. Suitless cards are one group.
    """
    order: list[str] = []
    members: dict[str, list[Card]] = {}
    for card in cards:
        if is_trump is not None and is_trump(card):
            label = trump_label
        elif card.is_joker:
            label = "Jokers"
        elif card.suit is None:
            label = ""
        else:
            label = _SUIT_LABEL[card.suit]
        if label not in members:
            members[label] = []
            order.append(label)
        members[label].append(card)
    first = [trump_label] if trump_label in members and is_trump is not None else []
    if "Jokers" in members and is_trump is None:
        first.append("Jokers")
    rest = [label for label in order if label not in first]
    return [CardGroup(label, members[label]) for label in first + rest]


def _flatten(hand: HandInput) -> tuple[list[CardGroup], tuple[Card | None, ...]]:
    items = list(hand)
    if any(isinstance(item, CardGroup) for item in items):
        if not all(isinstance(item, CardGroup) for item in items):
            raise TypeError("pass either cards or CardGroup values, not both")
        groups = [g for g in items if isinstance(g, CardGroup)]
    else:
        groups = [CardGroup("", [c for c in items if c is None or isinstance(c, Card)])]
    flat = tuple(card for group in groups for card in group.cards)
    return groups, flat


def _resolve(mapping: Mapping[CardKey, Any] | None, cards: Sequence[Card | None], what: str) -> dict[int, Any]:
    """Per-card options by position: an int key is one position, a Card key every copy of that card."""
    out: dict[int, Any] = {}
    if not mapping:
        return out
    for key, value in mapping.items():
        if isinstance(key, Card):
            for i, card in enumerate(cards):
                if card == key:
                    out[i] = value
        elif isinstance(key, int) and not isinstance(key, bool):
            if not 0 <= key < len(cards):
                raise ValueError(f"{what}: position {key} is outside the hand of {len(cards)} cards")
            out[key] = value
        else:
            raise TypeError(f"{what}: keys are positions (int) or cards (Card), not {key!r}")
    return out


def _signature(*parts: object) -> str:
    text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"), default=str)
    return hashlib.blake2s(text.encode(), digest_size=8).hexdigest()


def hand_signature(mode: Mode, groups: Sequence[CardGroup]) -> str:
    """What identifies a drawn hand: its cards and groups. The browser keeps the learner's choice while
    it stays the same; a press made on a hand with another signature is refused."""
    return _signature(mode, [[g.label, [_code(c) for c in g.cards]] for g in groups])


def _legend(highlights: Mapping[int, Highlight]) -> tuple[list[dict[str, str]], dict[str, int]]:
    legend: list[Highlight] = []
    for h in highlights.values():
        if h not in legend:
            legend.append(h)
    index = {str(i): legend.index(h) for i, h in sorted(highlights.items())}
    return [{"label": h.label, "colour": h.colour, "mark": h.mark} for h in legend], index


def _actions_payload(actions: Sequence[Action]) -> list[dict[str, Any]]:
    names = [a.name for a in actions]
    if len(set(names)) != len(names):
        raise ValueError(f"action names must differ: {names}")
    out = []
    for a in actions:
        item: dict[str, Any] = {"name": a.name, "label": a.label}
        if a.min_chosen:
            item["min"] = a.min_chosen
        if a.max_chosen is not None:
            item["max"] = a.max_chosen
        if a.exact:
            item["exact"] = True
        if a.primary:
            item["primary"] = True
        if a.help:
            item["help"] = a.help
        out.append(item)
    return out


def _check_size(size: str) -> None:
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")


# ------------------------------------------------------------------------------------------- payloads


def hand_payload(
    hand: HandInput,
    *,
    mode: Literal["select", "show"] = "select",
    label: str = "Your hand",
    actions: Sequence[Action] = (),
    required: int | None = None,
    limit: int | None = None,
    why_not: Mapping[CardKey, str] | None = None,
    highlight: Mapping[CardKey, Highlight] | None = None,
    captions: Mapping[CardKey, str] | None = None,
    selected: Iterable[int] = (),
    rev: int = 0,
    size: Size = "normal",
    four_colour: bool = False,
    empty: str = "no cards",
    fit: bool = False,
) -> tuple[dict[str, Any], _Drawn]:
    """The data the browser gets for a hand (and the record an event is checked against).

    With ``fit`` the browser draws the cards smaller when the hand is long: the largest size from ``size`` down
    that keeps it on one row, else ``small`` (a hand that wraps anyway then takes the least height). Pure: no
    Streamlit. :func:`card_hand` and :func:`show_cards` send it.
    """
    _check_size(size)
    groups, flat = _flatten(hand)
    if mode == "select" and any(c is None for c in flat):
        raise ValueError("face-down cards (None) can be shown, not chosen")
    if required is not None and required < 0:
        raise ValueError(f"required must be 0 or more, not {required}")
    if limit is None:
        limit = required
    why = _resolve(why_not, flat, "why_not")
    marks = _resolve(highlight, flat, "highlight")
    caps = _resolve(captions, flat, "captions")
    legend, hl = _legend(marks)
    chosen = sorted({i for i in selected if 0 <= i < len(flat) and i not in why})
    if limit is not None:
        chosen = chosen[:limit]
    sig = hand_signature(mode, groups)
    data: dict[str, Any] = {
        "mode": mode,
        "label": label,
        "size": size,
        "four": four_colour,
        "groups": [
            {"label": g.label, "cards": [_code(c) for c in g.cards], "names": [card_name(c) for c in g.cards]}
            for g in groups
        ],
        "sig": sig,
    }
    if legend:
        data["legend"], data["hl"] = legend, hl
    if caps:
        data["cap"] = {str(i): text for i, text in sorted(caps.items())}
    if empty != "no cards":
        data["empty"] = empty
    if fit:
        data["fit"] = True
    if mode == "select":
        data.update(
            actions=_actions_payload(actions),
            required=required,
            limit=limit,
            sel=chosen,
            rev=rev,
        )
        if why:
            data["why"] = {str(i): text for i, text in sorted(why.items())}
    drawn = _Drawn(mode, sig, flat, frozenset(why), (), tuple(actions), required, limit)
    return data, drawn


def _rank_order(card: Card) -> int:
    # 2 … A, then the jokers: the order a deck is laid out in by rank.
    return card.rank.value


def picker_payload(
    deck: Deck,
    *,
    label: str = "Deck",
    actions: Sequence[Action] = (),
    chosen: Iterable[Card] = (),
    taken: Iterable[Card] = (),
    limit_to: Iterable[Card] | None = None,
    why_not: Mapping[Card, str] | None = None,
    by: GroupBy = "suit",
    required: int | None = None,
    limit: int | None = None,
    rev: int = 0,
    size: Size = "normal",
    four_colour: bool = False,
    order: Callable[[Card], Any] | None = None,
) -> tuple[dict[str, Any], _Drawn]:
    """The data the browser gets for a deck picker (and the record an event is checked against).

    ``order`` is the sort key of the cards within a group (the game's order: in Thirteen and Dou Dizhu 2 is high);
    by default the printed ranks 2 … A, then the jokers.

    Each distinct card of ``deck`` (or of ``limit_to``) once; its limit is the deck's copies less those
    in ``taken`` (cards already used elsewhere, e.g. in other hands). A card with no copy left is shown
    greyed with the reason. Pure: no Streamlit.
    """
    _check_size(size)
    if by not in ("suit", "rank"):
        raise ValueError(f"by must be 'suit' or 'rank', not {by!r}")
    used = Counter(taken)
    offered = deck.distinct() if limit_to is None else list(dict.fromkeys(limit_to))
    for card in offered:
        if deck.limit(card) == 0:
            raise ValueError(f"{card.symbol_text} is not in the {deck.name}")
    key_of = order or _rank_order
    groups: dict[str, list[Card]] = {}
    if by == "rank" or deck.suitless:
        for card in sorted(offered, key=key_of):
            key = "Jokers" if card.is_joker and not deck.suitless else ("" if deck.suitless else card.rank.text)
            groups.setdefault(key, []).append(card)
    else:
        suits = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
        for suit in suits:
            members = sorted((c for c in offered if c.suit is suit), key=key_of)
            if members:
                groups[_SUIT_LABEL[suit]] = members
        jokers = sorted((c for c in offered if c.is_joker), key=key_of)
        if jokers:
            groups["Jokers"] = jokers
    distinct = [card for members in groups.values() for card in members]
    limits = [max(0, deck.limit(card) - used[card]) for card in distinct]
    why: dict[int, str] = {}
    for i, card in enumerate(distinct):
        if why_not and card in why_not:
            why[i] = why_not[card]
        elif limits[i] == 0:
            copies = deck.limit(card)
            why[i] = (f"the only {card.symbol_text} is already used elsewhere" if copies == 1
                      else f"all {copies} copies of {card.symbol_text} are already used elsewhere")
    want = Counter(chosen)
    sel: list[int] = []
    for i, card in enumerate(distinct):
        sel.extend([i] * min(want[card], limits[i]))
    sig = _signature("pick", [c.text for c in distinct], limits)
    data: dict[str, Any] = {
        "mode": "pick",
        "label": label,
        "size": size,
        "four": four_colour,
        "groups": [
            {"label": name, "cards": [c.text for c in members], "names": [card_name(c) for c in members]}
            for name, members in groups.items()
        ],
        "limits": limits,
        "actions": _actions_payload(actions),
        "required": required,
        "limit": limit,
        "sel": sel,
        "rev": rev,
        "sig": sig,
    }
    if why:
        data["why"] = {str(i): text for i, text in sorted(why.items())}
    drawn = _Drawn("pick", sig, tuple(distinct), frozenset(why), tuple(limits), tuple(actions), required, limit)
    return data, drawn


# -------------------------------------------------------------------------------------------- events


def parse_event(raw: object, drawn: _Drawn | None) -> HandEvent | None:
    """The event a press sent, checked against what was drawn; ``None`` if it is not a valid one.

    Refused (``None``): no press, a press on a hand that has changed since it was drawn (a second click
    that crossed the rerun), an unknown action, positions outside the hand or on a card that cannot be
    chosen, a count the action does not accept, more copies than the deck holds.
    """
    if raw is None or drawn is None or not isinstance(raw, dict):
        return None
    name, chosen, sig = raw.get("a"), raw.get("i"), raw.get("s")
    if sig != drawn.sig:
        _LOG.info("card hand: a press on a hand that has changed since (ignored)")
        return None
    action = next((a for a in drawn.actions if a.name == name), None)
    if action is None or not isinstance(chosen, list):
        return None
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(drawn.cards) for i in chosen):
        return None
    if any(i in drawn.blocked for i in chosen):
        return None
    if drawn.mode == "pick":
        counts = Counter(chosen)
        if any(n > drawn.limits[i] for i, n in counts.items()):
            return None
        indices = tuple(sorted(chosen))
    else:
        if len(set(chosen)) != len(chosen):
            return None
        indices = tuple(sorted(chosen))
    n = len(indices)
    if n < action.min_chosen or (action.max_chosen is not None and n > action.max_chosen):
        return None
    if action.exact and drawn.required is not None and n != drawn.required:
        return None
    if drawn.limit is not None and n > drawn.limit:
        return None
    cards = tuple(c for c in (drawn.cards[i] for i in indices) if c is not None)
    return HandEvent(action.name, indices, cards)


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
    actions: Sequence[Action] = (Action("play", "Play", min_chosen=1, primary=True),),
    label: str = "Your hand",
    required: int | None = None,
    limit: int | None = None,
    why_not: Mapping[CardKey, str] | None = None,
    highlight: Mapping[CardKey, Highlight] | None = None,
    captions: Mapping[CardKey, str] | None = None,
    selected: Iterable[int] = (),
    size: Size = "normal",
    four_colour: bool = False,
    fit: bool = False,
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
    this returns None. ``fit``: smaller cards for a long hand (see :func:`hand_payload`).
    """
    groups, flat = _flatten(hand)
    rev, preset = _take_preset(key, hand_signature("select", groups))
    chosen = list(selected)
    if preset is not None:
        chosen = list(preset.indices) if preset.indices is not None else _indices_of(preset.cards or (), flat)
    data, drawn = hand_payload(
        groups, mode="select", label=label, actions=actions, required=required, limit=limit, why_not=why_not,
        highlight=highlight, captions=captions, selected=chosen, rev=rev, size=size, four_colour=four_colour,
        fit=fit,
    )
    return _mount(HAND_COMPONENT, key, data, drawn, on_action)


def show_cards(
    key: str,
    hand: HandInput,
    *,
    label: str = "Cards",
    highlight: Mapping[CardKey, Highlight] | None = None,
    captions: Mapping[CardKey, str] | None = None,
    size: Size = "normal",
    four_colour: bool = False,
    empty: str = "no cards",
    fit: bool = False,
) -> None:
    """Draw cards to look at (a seat, the trick, the kitty): ``None`` is a face-down card; the same
    groups, highlights, captions ("N", "played by West") and ``fit`` as :func:`card_hand`."""
    data, drawn = hand_payload(hand, mode="show", label=label, highlight=highlight, captions=captions,
                               size=size, four_colour=four_colour, empty=empty, fit=fit)
    _renderer(HAND_COMPONENT)(key=key, data=data)


def deck_picker(
    key: str,
    deck: Deck,
    *,
    actions: Sequence[Action] = (Action("set", "Set hand", primary=True),),
    label: str = "Deck",
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

