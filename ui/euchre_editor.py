"""The Euchre position editor's state: the position JSON (what is saved, shared and read by
``python -m engine position euchre``) built from the widgets, loaded back into them, and the engine's answer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from engine.cards import Card, Deck, Suit, format_cards
from engine.euchre import (
    BENNY,
    BENNY_DECK,
    DECK,
    GAME,
    PositionAnswer,
    PositionRequest,
    Rules,
    Seat,
    calling_fixed,
    deck_of,
    position_command,
    read_position,
    sort_hand,
)
from ui.nav import current_preset, set_preset
from ui.widgets import set_picked

KEY = "euchre:editor"
MODES = {"trick": "A trick: legal cards, or who wins", "calling": "Calling trump: legal calls"}
SEATS = [s.letter for s in Seat]
SEAT_NAMES = {s.letter: s.title for s in Seat}
SUITS = [s.letter for s in Suit]
NOBODY = "—"
SUIT_NAMES = {s.letter: f"{s.symbol} {s.plural}" for s in Suit}

EXAMPLES: dict[str, dict[str, Any]] = {
    "Left bower: must you follow clubs?": {"trump": "H", "hand": "JD AS QC KC 10H", "table": "9C", "leader": "W"},
    "No diamond to follow": {"trump": "H", "hand": "JD AS 9S 10H", "table": "9D", "leader": "N"},
    "The left bower led": {"trump": "S", "hand": "AH 9S KD", "table": "JC", "leader": "E"},
    "Who wins? (left bower)": {"trump": "H", "table": "9C JD AC 10C", "leader": "N"},
    "A lone hand: 3-card trick": {"trump": "H", "table": "9S KS 9H", "leader": "E", "sits_out": ["S"]},
    "Round 2, the dealer is stuck": {"dealer": "N", "upcard": "KH", "round": 2, "seat": "N",
                                     "hand": "JD AD 9S QD 10C", "preset": "stick_the_dealer"},
    "The benny: the joker is a heart": {"trump": "H", "hand": "RJ AS 9C", "table": "9H", "leader": "N",
                                        "preset": "benny"},
    "The joker turned up": {"dealer": "S", "upcard": "RJ", "round": 1, "seat": "S", "preset": "benny"},
}


def k(name: str) -> str:
    return f"{KEY}:{name}"


def rules() -> Rules:
    """The rules of the preset chosen in the sidebar."""
    chosen: Rules = GAME.rules(current_preset("euchre"))
    return chosen


def deck() -> Deck:
    """The deck in play: 24 cards, or 25 with the joker under the benny."""
    return deck_of(rules().benny)


def upcards(cards: Deck) -> list[str]:
    """The cards that may be turned up, the joker (if in the deck) first."""
    return [c.text for c in sort_hand(cards.distinct())]


def card_label(text: str) -> str:
    card = BENNY_DECK.parse(text)[0]
    return f"{card.symbol_text} (the joker)" if card == BENNY else card.symbol_text


def calling_fixed_now() -> tuple[int, Seat] | None:
    """The round and the caller when the posed upcard fixes them (the engine's rule: a turned-up joker is named
    by the dealer at once, in round 1), else None."""
    upcard = BENNY_DECK.parse(st.session_state[k("upcard")])[0]
    return calling_fixed(upcard, Seat.parse(st.session_state[k("dealer")]))


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


def follow_upcard() -> None:
    """Callback of the dealer and upcard boxes: when the upcard fixes the round and the caller (a turned-up
    joker), the widgets show them."""
    fixed = calling_fixed_now()
    if fixed is not None:
        st.session_state[k("round")], seat = fixed
        st.session_state[k("seat")] = seat.letter


def fit_to_deck(cards: Deck) -> None:
    """Before the widgets are drawn: an upcard outside the deck in play (the joker after leaving the benny
    preset) goes back to the default."""
    if st.session_state[k("upcard")] not in upcards(cards):
        st.session_state[k("upcard")] = "KH"


def position(hand: tuple[Card, ...], call_hand: tuple[Card, ...]) -> dict[str, Any]:
    """The position JSON of the current widgets (the preset from the sidebar included)."""
    pos: dict[str, Any] = {"preset": current_preset("euchre")}
    if st.session_state[k("mode")] == "calling":
        pos.update(dealer=st.session_state[k("dealer")], upcard=st.session_state[k("upcard")],
                   round=int(st.session_state[k("round")]), seat=st.session_state[k("seat")])
        fixed = calling_fixed_now()
        if fixed is not None:
            pos.update(round=fixed[0], seat=fixed[1].letter)
        if call_hand:
            pos["hand"] = format_cards(call_hand)
        return pos
    pos.update(trump=st.session_state[k("trump")], table=st.session_state[k("trick")].strip())
    if hand:
        pos["hand"] = format_cards(hand)
    if st.session_state[k("out")]:
        pos["sits_out"] = list(st.session_state[k("out")])
    if st.session_state[k("leader")] != NOBODY:
        pos["leader"] = st.session_state[k("leader")]
    return pos


def request(hand: tuple[Card, ...], call_hand: tuple[Card, ...]) -> PositionRequest:
    """The typed position of the current widgets; InvalidNotationError if the trick box is not card notation."""
    preset = current_preset("euchre")
    if st.session_state[k("mode")] == "calling":
        fixed = calling_fixed_now()
        round_, seat = (fixed[0], fixed[1].letter) if fixed is not None else \
            (int(st.session_state[k("round")]), st.session_state[k("seat")])
        return PositionRequest(preset=preset, dealer=st.session_state[k("dealer")], round=round_, seat=seat,
                               upcard=BENNY_DECK.parse(st.session_state[k("upcard")])[0], hand=call_hand)
    leader = st.session_state[k("leader")]
    return PositionRequest(preset=preset, trump=Suit.parse(st.session_state[k("trump")]), hand=hand,
                           table=BENNY_DECK.parse(st.session_state[k("trick")]),
                           sits_out=tuple(st.session_state[k("out")]), leader=None if leader == NOBODY else leader)


def answer(hand: tuple[Card, ...], call_hand: tuple[Card, ...]) -> PositionAnswer:
    """What the engine says of the widgets' position; CardTableError (a learner's message) if it cannot occur."""
    return position_command(request(hand, call_hand))


def load(pos: Mapping[str, Any]) -> None:
    """Put a position JSON into the widgets (a callback); CardTableError if the engine refuses it."""
    request = read_position(pos)
    position_command(request)  # refuses an impossible position with a message
    _fill_widgets(request)
    preset = request.preset or GAME.default_preset
    if preset != current_preset("euchre"):
        set_preset("euchre", preset)  # last: from a link applied during the run, this reruns at once


def _fill_widgets(request: PositionRequest) -> None:
    if request.upcard is not None and request.dealer is not None:
        dealer = Seat.parse(request.dealer)
        st.session_state[k("mode")] = "calling"
        st.session_state[k("dealer")] = dealer.letter
        st.session_state[k("upcard")] = request.upcard.text
        st.session_state[k("round")] = request.round or 1
        st.session_state[k("seat")] = request.seat or dealer.left.letter
        set_picked(k("callhand"), BENNY_DECK, request.hand)
        return
    st.session_state[k("mode")] = "trick"
    if request.trump is not None:
        st.session_state[k("trump")] = request.trump.letter
    st.session_state[k("trick")] = format_cards(request.table)
    out = request.sits_out
    st.session_state[k("out")] = [out] if isinstance(out, str) else list(out)
    st.session_state[k("leader")] = request.leader or NOBODY
    set_picked(k("hand"), BENNY_DECK, request.hand)


def load_example(name: str) -> None:
    """Callback of the example buttons."""
    load({"preset": GAME.default_preset, **EXAMPLES[name]})
