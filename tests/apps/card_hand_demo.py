"""A test-only page showing every mode of the card-hand component, for the browser test and screenshots.

``streamlit run tests/apps/card_hand_demo.py`` (``?size=large``, ``?four=1`` to try the options). What
Python received is written out as plain lines ("Last action: play 10♠ Q♥", "Steps: 2") so a test can
read it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import streamlit as st  # noqa: E402

from engine.cards import Card, Deck, Rank, Suit, parse_cards  # noqa: E402
from ui.card_hand import (  # noqa: E402
    KITTY,
    LED_SUIT,
    TRUMP,
    Action,
    HandEvent,
    card_hand,
    deck_picker,
    key_stepper,
    select_indices,
    show_cards,
    suit_groups,
)

st.set_page_config(page_title="Card hand demo", layout="centered")

size = st.query_params.get("size", "normal")
size = size if size in ("small", "normal", "large") else "normal"
four = st.query_params.get("four", "") == "1"

# A Shengji-style hand from two decks: hearts are trumps at level 2.
HAND = parse_cards("RJ BJ 2H 2S 2S AH KH 10H 5H AS KS QS 10S 10S 7S 5S AC JC 9C 9C 4C KD QD 8D 5D")


def is_trump(card: Card) -> bool:
    return card.is_joker or card.rank is Rank.TWO or card.suit is Suit.HEARTS


st.session_state.setdefault("steps", 0)
st.session_state.setdefault("log", [])


def on_step(step: str) -> None:
    st.session_state.steps += 1 if step == "next" else -1


def log(event: HandEvent | None, where: str) -> None:
    if event is not None:
        cards = " ".join(c.symbol_text for c in event.cards) or "nothing"
        st.session_state.log.append(f"{where}: {event.action} {cards}")


def hint(event: HandEvent) -> None:
    if event.action == "hint":
        select_indices("hand", [0, 1])
    log(event, "Hand")


st.title("Card hand")
key_stepper("stepper", on_step=on_step, hint="Press ← or → (PageUp / PageDown) to step.")
st.write(f"Steps: {st.session_state.steps}")
st.text_input("Notes", key="notes")

st.subheader("Choose cards")
groups = suit_groups(HAND, is_trump=is_trump)
why = {Card(Rank.FIVE, Suit.DIAMONDS): "you must follow spades while you hold a spade."}
led = {c: LED_SUIT for c in HAND if c.suit is Suit.SPADES and not is_trump(c)}
highlight = {Card(Rank.TWO, Suit.SPADES): TRUMP, **led}
card_hand(
    "hand",
    groups,
    actions=(Action("play", "Play", min_chosen=1, primary=True), Action("hint", "Hint")),
    why_not=why,
    highlight=highlight,
    size=size,
    four_colour=four,
    on_action=hint,
)

st.subheader("Bury 8")
bury = card_hand(
    "bury",
    HAND[:12],
    actions=(Action("bury", "Bury these 8", exact=True, primary=True),),
    required=8,
    highlight={i: KITTY for i in range(4, 12)},
    label="Hand and kitty",
    size=size,
    four_colour=four,
)
log(bury, "Bury")

st.subheader("The table")
show_cards("trick", [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.SPADES), None],
           captions={0: "North", 1: "West", 2: "South"}, label="The trick", size=size, four_colour=four)
show_cards("seat", [None] * 12, label="East's hand", size="small")

st.subheader("Pose a hand")
picked = deck_picker(
    "picker",
    Deck.standard(jokers=True, decks=2),
    actions=(Action("set", "Set hand", min_chosen=1, primary=True),),
    taken=[Card(Rank.ACE, Suit.SPADES)] * 2,
    size=size,
    four_colour=four,
)
log(picked, "Picker")

st.subheader("Dou Dizhu, four players")
ddz = deck_picker(
    "ddz",
    Deck.standard(jokers=True, decks=2).stripped(),
    actions=(Action("set", "Set hand", primary=True),),
    label="Dou Dizhu deck",
    required=25,
    size=size,
    four_colour=four,
)
log(ddz, "Dou Dizhu")

for line in st.session_state.log[-5:]:
    st.write(f"Last action: {line}")
st.write(f"Events: {len(st.session_state.log)}")
st.button("Rerun")
