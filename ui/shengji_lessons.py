"""Extra, interactive pieces under some Shengji lessons (the lessons themselves are data, drawn by ui.lessons).

- "The trump order": pick any trump rank and suit (or no trump) and see the whole order drawn.
- "The two presets side by side": every option in which the presets differ, as a table.
"""

from __future__ import annotations

import streamlit as st

from engine.cards import Card, Suit
from engine.games import game_cli
from engine.lessons import load_lessons
from engine.shengji.rules import RANKS
from ui.nav import current_preset
from ui.widgets import show_cards, show_error

GAME = "shengji"
KEY = "shengji:lesson:extra:"
SUIT_CHOICES = ("S", "H", "D", "C", "none")
SUIT_LABELS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "none": "No trump"}
OPTION_WORDS = {
    "no_trump_trumps": "Trumps in a no-trump round",
    "declare_order": "Declaration strength order",
    "no_declaration": "Nobody declares (later rounds)",
    "follow_tractor_with_tractor": "A tractor must follow a tractor",
    "throw_penalty_per_card": "Failed throw: points per card taken back",
    "kitty_multiplier": "Kitty bonus multiplier",
}
VALUE_WORDS = {
    "jokers_and_rank": "jokers and the rank cards",
    "jokers_only": "jokers only",
    "count_then_kind": "more cards win; rank < small jokers < big jokers",
    "tractor": "single < pair or joker pair; joker pair final",
    "first_kitty_card": "the first kitty card names the suit",
    "turn_kitty": "turn the kitty until a rank card shows",
    "double": "× 2",
    "twice_cards": "× 2 × cards per player in the last trick",
    "power_of_two": "× 2^k (largest combination)",
}


def _words(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no: as many pairs as possible"
    return VALUE_WORDS.get(str(value), str(value))


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


def trump_order_explorer() -> None:
    """Choose a trump rank and suit; draw the trumps (equal cards grouped) and the other suits."""
    st.subheader("Your own trump order")
    preset = current_preset(GAME)
    st.caption(f"Rules: **{preset}** (the sidebar's preset decides what a no-trump round keeps as trumps).")
    left, right = st.columns([1, 2])
    rank = left.selectbox("Trump rank", [r.text for r in RANKS], index=8, key=KEY + "rank")
    suit = right.radio("Trump suit", SUIT_CHOICES, key=KEY + "suit", horizontal=True,
                       format_func=SUIT_LABELS.__getitem__)
    try:
        order = game_cli(GAME).COMMANDS["order"]({"preset": preset, "trump_rank": rank, "trump_suit": suit})
    except ValueError as error:
        show_error(error)
        return
    st.markdown(f"**{order['label']}** — {order['trump_text']}")
    tiers = order["trump"]
    cards = _cards([c for tier in tiers for c in tier])
    # outline the cards that rank equal to a neighbour (the off-suit rank cards)
    equal = [i for i, c in enumerate(c for tier in tiers for c in tier) if any(c in t and len(t) > 1 for t in tiers)]
    show_cards(cards, caption="Trumps, high to low (outlined: cards that rank equal)", overlap=0.35, mark=equal)
    for letter, rows in order["suits"].items():
        show_cards(_cards([c for tier in rows for c in tier]), overlap=0.35, scale=0.8,
                   caption=f"{Suit.parse(letter).symbol}, high to low")


def preset_table() -> None:
    """The options in which the two presets differ."""
    st.subheader("Every option that differs, read from the engine")
    answer = game_cli(GAME).COMMANDS["rules"]({})
    rows = [{"Option": OPTION_WORDS.get(name, name),
             "competition": _words(v["competition"]), "tractor": _words(v["tractor"])}
            for name, v in answer["differences"].items()]
    st.dataframe(rows, hide_index=True, width="stretch", key=KEY + "differences")
    for name, text in answer["presets"].items():
        st.caption(f"**{name}** — {text}")


EXTRAS = {"03-trump-order": trump_order_explorer, "13-presets": preset_table}


def lesson_extras() -> None:
    """Draw the extra piece of the lesson being shown, if it has one (call after render_lessons)."""
    lessons = load_lessons(GAME)
    index = int(st.session_state.get(f"{GAME}:lesson:index", 0))
    if not 0 <= index < len(lessons):
        return
    extra = EXTRAS.get(lessons[index].slug)
    if extra is not None:
        with st.container(border=True):
            extra()
