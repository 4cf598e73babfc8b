"""Extra, interactive pieces under some Shengji lessons (the lessons themselves are data, drawn by ui.lessons).

- "The trump order": pick any trump rank and suit (or no trump) and see the whole order drawn.
- "The two presets side by side": every option in which the presets differ, with the options' own labels and
  the values in words, read from the engine (``GAME.presets`` and the Rules' option metadata).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from engine.cards import Rank, Suit
from engine.errors import CardTableError
from engine.i18n import DEFAULT_LANGUAGE, N_, language
from engine.i18n import gettext as _
from engine.lessons import load_lessons
from engine.shengji import GAME, RANKS, TrumpRequest, order, value_text
from engine.words import capitalise
from ui.nav import current_preset
from ui.widgets import show_cards, show_error

GAME_KEY = GAME.key
KEY = "shengji:lesson:extra:"
SUIT_CHOICES = ("S", "H", "D", "C", "none")
SUIT_LABELS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "none": N_("No trump")}


def trump_order_explorer() -> None:
    """Choose a trump rank and suit; draw the trumps (equal cards grouped) and the other suits."""
    st.subheader(_("Your own trump order"))
    preset = current_preset(GAME_KEY)
    st.caption(_("Rules: **{rules}** (the sidebar's preset decides what a no-trump round keeps as trumps).").format(
        rules=_(GAME.presets[preset].title)))
    left, right = st.columns([1, 2])
    rank = left.selectbox(_("Trump rank"), [r.text for r in RANKS], index=8, key=KEY + "rank")
    suits = {key: _(label) for key, label in SUIT_LABELS.items()}
    suit = right.radio(_("Trump suit"), SUIT_CHOICES, key=KEY + "suit", horizontal=True,
                       format_func=suits.__getitem__)
    try:
        answer = order(TrumpRequest(preset=preset, trump_rank=Rank.parse(rank),
                                    trump_suit=None if suit == "none" else Suit.parse(suit)))
    except CardTableError as error:
        show_error(error)
        return
    st.markdown(f"**{answer.label}** — {answer.trump_text}")
    flat = [c for tier in answer.trump for c in tier]
    # outline the cards that rank equal to a neighbour (the off-suit rank cards)
    equal = [i for i, c in enumerate(flat) if any(c in tier and len(tier) > 1 for tier in answer.trump)]
    show_cards(flat, caption=_("Trumps, high to low (outlined: cards that rank equal)"), overlap=0.35, mark=equal)
    for letter, tiers in answer.suits.items():
        show_cards([c for tier in tiers for c in tier], overlap=0.35, scale=0.8,
                   caption=_("{suit}, high to low").format(suit=Suit.parse(letter).symbol))


def _preset_heading(preset: Any) -> str:
    """A preset as a column heading: its key in English (``competition``), its title in another language."""
    return str(preset.name) if language() == DEFAULT_LANGUAGE else capitalise(_(preset.title))


def difference_rows() -> list[dict[str, Any]]:
    """One row per option in which the presets differ: its label and each preset's value in words."""
    presets = list(GAME.presets.values())
    rows = []
    for spec in GAME.option_specs():
        values = [getattr(p.rules, spec.name) for p in presets]
        if len(set(values)) > 1:
            rows.append({_("Option"): _(spec.label),
                         **{_preset_heading(p): _(value_text(v)) for p, v in zip(presets, values, strict=True)}})
    return rows


def preset_table() -> None:
    """The options in which the two presets differ."""
    st.subheader(_("Every option that differs, read from the engine"))
    st.dataframe(difference_rows(), hide_index=True, width="stretch", key=KEY + "differences")
    for preset in GAME.presets.values():
        description = _(preset.description) if preset.description else ""
        if language() == DEFAULT_LANGUAGE:
            st.caption(f"**{preset.name}** — {preset.title}: {description}")
        else:  # the preset's key is a code; its title names it
            st.caption(f"**{capitalise(_(preset.title))}**: {description}")


EXTRAS = {"03-trump-order": trump_order_explorer, "13-presets": preset_table}


def lesson_extras() -> None:
    """Draw the extra piece of the lesson being shown, if it has one (call after render_lessons)."""
    lessons = load_lessons(GAME_KEY)
    index = int(st.session_state.get(f"{GAME_KEY}:lesson:index", 0))
    if not 0 <= index < len(lessons):
        return
    extra = EXTRAS.get(lessons[index].slug)
    if extra is not None:
        with st.container(border=True):
            extra()
