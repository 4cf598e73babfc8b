"""The Euchre position editor's state: the position JSON (what is saved, shared and read by
``python -m engine position euchre``) built from the widgets, and loaded back into them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.cards import Card, Deck, Suit, format_cards
from engine.errors import InvalidRequestError
from engine.euchre.cli import COMMANDS, PRESETS
from engine.euchre.rules import Rules, Seat, make_rules
from engine.euchre.trumps import BENNY, BENNY_DECK, DECK, deck_of, sort_hand
from ui.nav import current_preset, set_preset
from ui.widgets import set_picked

KEY = "euchre:editor"
MODES = {"trick": "A trick: legal cards, or who wins", "calling": "Calling trump: legal calls"}
SEATS = [s.letter for s in Seat]
SEAT_NAMES = {s.letter: s.title for s in Seat}
SUITS = [s.letter for s in Suit]
NOBODY = "—"
UPCARDS = [c.text for c in sort_hand(DECK.distinct())]
SUIT_NAMES = {"S": "♠ spades", "H": "♥ hearts", "D": "♦ diamonds", "C": "♣ clubs"}

EXAMPLES: dict[str, dict[str, Any]] = {
    "Left bower: must you follow clubs?": {"trump": "H", "hand": "JD AS QC KC 10H", "trick": "9C", "leader": "W"},
    "No diamond to follow": {"trump": "H", "hand": "JD AS 9S 10H", "trick": "9D", "leader": "N"},
    "The left bower led": {"trump": "S", "hand": "AH 9S KD", "trick": "JC", "leader": "E"},
    "Who wins? (left bower)": {"trump": "H", "trick": "9C JD AC 10C", "leader": "N"},
    "A lone hand: 3-card trick": {"trump": "H", "trick": "9S KS 9H", "leader": "E", "sits_out": ["S"]},
    "Round 2, the dealer is stuck": {"dealer": "N", "upcard": "KH", "round": 2, "seat": "N",
                                     "hand": "JD AD 9S QD 10C", "preset": "stick_the_dealer"},
    "The benny: the joker is a heart": {"trump": "H", "hand": "RJ AS 9C", "trick": "9H", "leader": "N",
                                        "preset": "benny"},
    "The joker turned up": {"dealer": "S", "upcard": "RJ", "round": 1, "seat": "S", "preset": "benny"},
}


def k(name: str) -> str:
    return f"{KEY}:{name}"


def rules() -> Rules:
    """The rules of the preset chosen in the sidebar."""
    return make_rules(current_preset("euchre"))


def deck() -> Deck:
    """The deck in play: 24 cards, or 25 with the joker under the benny."""
    return deck_of(rules().benny)


def upcards(cards: Deck) -> list[str]:
    """The cards that may be turned up, the joker (if in the deck) first."""
    return [c.text for c in sort_hand(cards.distinct())]


def card_label(text: str) -> str:
    card = DECK.parse(text)[0]
    return f"{card.symbol_text} (the joker)" if card == BENNY else card.symbol_text


def joker_named_now() -> bool:
    """The posed calling position is the dealer naming a suit for a turned-up joker (the later calls of the
    ``stands for a suit`` rule, with ``joker_suit``, are posed on the command line)."""
    return st.session_state[k("upcard")] == BENNY.text


def init_state() -> None:
    """Set the editor's session_state keys once (the issue's example trick)."""
    if k("mode") in st.session_state:
        return
    defaults = {"mode": "trick", "trump": "H", "trick": "9C", "out": [], "leader": "W",
                "dealer": "N", "upcard": "KH", "round": 1, "seat": "E"}
    for name, value in defaults.items():
        st.session_state[k(name)] = value
    set_picked(k("hand"), BENNY_DECK, DECK.parse("JD AS QC KC 10H"))
    set_picked(k("callhand"), BENNY_DECK, DECK.parse("JH JD AH 10S QC"))


def follow_joker() -> None:
    """Callback of the dealer and upcard boxes: a dealer naming a suit for a turned-up joker is shown as such
    (round 1, the dealer to call)."""
    if joker_named_now():
        st.session_state[k("round")] = 1
        st.session_state[k("seat")] = st.session_state[k("dealer")]


def fit_to_deck(cards: Deck) -> None:
    """Before the widgets are drawn: an upcard outside the deck in play (the joker after leaving the benny
    preset) goes back to the default."""
    if st.session_state[k("upcard")] not in upcards(cards):
        st.session_state[k("upcard")] = "KH"


def position(hand: tuple[Card, ...], call_hand: tuple[Card, ...]) -> dict[str, Any]:
    """The position JSON of the current widgets (the preset from the sidebar included)."""
    pos: dict[str, Any] = {"preset": current_preset("euchre")}
    if st.session_state[k("mode")] == "calling":
        dealer = st.session_state[k("dealer")]
        pos.update(dealer=dealer, upcard=st.session_state[k("upcard")],
                   round=int(st.session_state[k("round")]), seat=st.session_state[k("seat")])
        if joker_named_now():  # the dealer names a suit at once: no round or seat to choose
            pos.update(round=1, seat=dealer)
        if call_hand:
            pos["hand"] = format_cards(call_hand)
        return pos
    pos.update(trump=st.session_state[k("trump")], trick=st.session_state[k("trick")].strip())
    if hand:
        pos["hand"] = format_cards(hand)
    if st.session_state[k("out")]:
        pos["sits_out"] = list(st.session_state[k("out")])
    if st.session_state[k("leader")] != NOBODY:
        pos["leader"] = st.session_state[k("leader")]
    return pos


def load(pos: Mapping[str, Any]) -> None:
    """Put a position JSON into the widgets (a callback); ValueError if the engine refuses it."""
    data = dict(pos)
    preset = data.get("preset", "seed")
    if preset not in PRESETS:
        raise InvalidRequestError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
    COMMANDS["position"](data)  # refuses an impossible position with a message
    _fill_widgets(data)
    if preset != current_preset("euchre"):
        set_preset("euchre", preset)  # last: from a link applied during the run, this reruns at once


def _fill_widgets(data: Mapping[str, Any]) -> None:
    hand = DECK.parse(data.get("hand", "")) if isinstance(data.get("hand", ""), str) else ()
    if "upcard" in data:
        st.session_state[k("mode")] = "calling"
        st.session_state[k("dealer")] = Seat.parse(data["dealer"]).letter
        st.session_state[k("upcard")] = DECK.parse(data["upcard"])[0].text
        st.session_state[k("round")] = int(data.get("round", 1))
        st.session_state[k("seat")] = Seat.parse(data.get("seat", Seat.parse(data["dealer"]).left)).letter
        set_picked(k("callhand"), BENNY_DECK, hand)
        return
    st.session_state[k("mode")] = "trick"
    st.session_state[k("trump")] = Suit.parse(data["trump"]).letter
    st.session_state[k("trick")] = format_cards(DECK.parse(data.get("trick", "")))
    out = data.get("sits_out") or []
    st.session_state[k("out")] = [Seat.parse(s).letter for s in (out if isinstance(out, list) else [out])]
    st.session_state[k("leader")] = Seat.parse(data["leader"]).letter if data.get("leader") else NOBODY
    set_picked(k("hand"), BENNY_DECK, hand)


def load_example(name: str) -> None:
    """Callback of the example buttons."""
    load({"preset": "seed", **EXAMPLES[name]})
