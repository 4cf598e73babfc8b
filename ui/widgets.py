"""Streamlit building blocks the pages share: drawing cards, picking cards, typing cards, showing errors."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import streamlit as st

from engine.cards import Card, Deck, Suit, format_cards
from engine.i18n import N_, number
from engine.i18n import gettext as _
from ui.cards import card_label, hand_svg


def show_cards(
    cards: Sequence[Card | None],
    *,
    caption: str | None = None,
    overlap: float = 0.45,
    dim: Iterable[int] = (),
    mark: Iterable[int] = (),
    scale: float = 1.0,
) -> None:
    """Draw a row of cards (``None`` is a face-down card)."""
    svg = hand_svg(list(cards), overlap=overlap, dim=dim, mark=mark, scale=scale)
    st.image(svg)
    if caption:
        # Not st.image's caption: a caption wider than the cards would stretch the picture to its width.
        st.caption(caption)


_MARKDOWN = re.compile(r"([\\`*_{}\[\]<>!:$|~#])")
WORD_JOINER = "\u2060"
"""An invisible character that keeps a bare address from being one (it joins, so no line break appears there)."""
_AUTOLINK = re.compile(r"(?i)(://|www(?=\.)|@)")


def plain(text: object) -> str:
    """``text`` escaped so that Streamlit shows it as plain text: no Markdown link, image, emphasis, colour
    directive, icon, formula or bare-address link can come from it (messages quote user input; a link may hold
    anything). Characters that are harmless inside a sentence (``-``, ``(``, ``.``) are left as they are.

    Backslash escapes do not stop a bare address: Streamlit's Markdown resolves them first, then turns
    ``http://…``, ``www.…`` and ``name@host`` into links. A word joiner inside ``://``, after ``www`` and after
    ``@`` breaks each pattern while the text reads the same."""
    broken = _AUTOLINK.sub(lambda m: ":" + WORD_JOINER + "//" if m.group(1) == "://" else m.group(1) + WORD_JOINER,
                           str(text))
    return _MARKDOWN.sub(r"\\\1", broken).replace("\n", " ")


KEPT_PREFIX = "kept:"
"""Session keys of :func:`keep_values`' copies (not widget keys, so Streamlit never drops them)."""


def keep_values(values: Mapping[str, object]) -> None:
    """Give each widget key its value on every run, before the widget is drawn: the session's value, else the copy
    kept from the last run that had it, else the default given here.

    - A value put in the session only once (``setdefault``) reaches the browser with the run that draws the widget.
      When that run stops early for a rerun (the browser's report after a page's first run causes one), the
      browser can draw the widget again from the next run without the value, at the widget's own default (a
      number input's minimum), and send that with the next click: seen as a scoring page's seed 1 turning into 0
      and a Table's deal into deal 0. Given on every run, the value is in every run's drawing of the widget.
    - Streamlit drops a widget's value when a run of another page does not draw it; the copy brings it back when
      the learner comes back to the page."""
    ss = st.session_state
    for key, default in values.items():
        copy = KEPT_PREFIX + key
        value = ss[key] if key in ss else ss[copy] if copy in ss else default
        ss[key] = value
        ss[copy] = value


REPORT_RERUN_KEY = "run:browser-report"
"""Session key: True in the run the browser's learner-id report causes right after a visit's first run (set by
``ui.nav`` before the page runs) — a rerun the learner did not ask for."""

M = TypeVar("M")


def flashes(key: str, said: Sequence[M]) -> list[M]:
    """The messages to show once in this run: ``said`` (what was said since the last run). On the rerun the
    browser's learner-id report causes (:data:`REPORT_RERUN_KEY`), which comes a moment after a visit's first
    run, the messages that run showed are shown again: else a link's refusal would flash and vanish. ``key``
    names where the last shown messages are kept (one short list per key)."""
    shown_key = f"{key}:shown"
    if not said and st.session_state.get(REPORT_RERUN_KEY):
        said = st.session_state.get(shown_key, [])
    st.session_state[shown_key] = list(said)
    return list(said)


def four_colour() -> bool:
    """Whether the learner chose the four-colour deck (♦ blue, ♣ green) in the sidebar."""
    return bool(st.session_state.get("sidebar:four-colour", False))


def show_error(error: Exception) -> None:
    """A learner-readable message for a bad input (never a traceback); the message is shown as plain text."""
    st.error(plain(str(error)), icon=":material/error:")


def card_row(cards: Sequence[Card | None], *, scale: float = 1.0, overlap: float = 0.45, dim: bool = False,
             mark: bool = False) -> None:
    """A row of cards (``None`` is a face-down card), all dimmed or all outlined."""
    show_cards(cards, overlap=overlap, scale=scale, dim=range(len(cards)) if dim else (),
               mark=range(len(cards)) if mark else ())


def choose_cards_widget(key: str, cards: Sequence[Card], *, selectable: bool, unusable: Mapping[int, str],
                        highlight: Sequence[Card] = (), highlight_label: str = "", marked: Sequence[Card] = (),
                        marked_label: str = "", count: int | None = None, scale: float = 1.0, label: str = "",
                        action: str = N_("Play")) -> tuple[Card, ...] | None:
    """A hand to choose cards from: the chosen cards once, when ``action`` is pressed; else None."""
    lit = {i for i, c in enumerate(cards) if c in set(highlight)}
    if label:
        st.markdown(f"**{plain(label)}**")
    show_cards(cards, overlap=0.55 if len(cards) > 13 else 0.35, scale=0.85 * scale, dim=unusable.keys(), mark=lit)
    legend = []
    if highlight_label and lit:
        legend.append(_("outlined: {what}").format(what=highlight_label))
    if marked_label and marked:
        legend.append(f"{marked_label}: {format_cards(marked, symbols=True)}")
    if unusable and selectable:
        legend.append(_("greyed: in no legal play"))
    if legend:
        st.caption(plain(" · ".join(legend)))
    if not selectable:
        return None
    options = [i for i in range(len(cards)) if i not in unusable]
    picked = st.pills(_("Choose cards"), options, selection_mode="multi", key=key + ":pills",
                      format_func=lambda i: card_label(cards[i]), label_visibility="collapsed")
    chosen = tuple(cards[i] for i in (picked or []))
    if count is not None:
        st.caption(_("{chosen} of {count} chosen").format(chosen=number(len(chosen)), count=number(count)))
    pressed = st.button(_(action), key=key + ":go", icon=":material/play_arrow:", type="primary",
                        disabled=not chosen or (count is not None and len(chosen) != count))
    if unusable:
        with st.expander(_("Why can't I play a greyed card?")):
            for i, why in unusable.items():
                st.markdown(f"- **{plain(cards[i].symbol_text)}** — {plain(why)}")
    return chosen if pressed else None


_ROWS: tuple[tuple[str, Suit | None], ...] = (
    ("♠", Suit.SPADES),
    ("♥", Suit.HEARTS),
    ("♣", Suit.CLUBS),
    ("♦", Suit.DIAMONDS),
    (N_("Jokers"), None),
)
_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _option(card: Card, copy: int) -> str:
    return f"{card.text}#{copy}"


def _options_for(cards: Iterable[Card]) -> list[str]:
    seen: Counter[Card] = Counter()
    out = []
    for card in cards:
        seen[card] += 1
        out.append(_option(card, seen[card]))
    return out


def _card_of(option: str) -> Card:
    text = option.split("#")[0]
    try:
        return Card.parse(text)
    except ValueError:
        return Card.parse(text, suitless=True)


def _format(option: str) -> str:
    copy = option.split("#")[1]
    card = _card_of(option)
    label = card_label(card)
    return label if copy == "1" else f"{label}{copy.translate(_SUBSCRIPTS)}"


def _pool(deck: Deck, limit_to: Sequence[Card] | None) -> list[Card]:
    if limit_to is not None:
        return list(limit_to)
    return deck.cards() if deck.suitless else sorted(deck.cards(), key=deck.distinct().index)


def card_picker(
    key: str,
    deck: Deck,
    *,
    label: str = N_("Cards"),
    limit_to: Sequence[Card] | None = None,
    help: str | None = None,
) -> tuple[Card, ...]:
    """Multi-select pills, one row per suit, returning the chosen cards as a multiset.

    Each copy of a card is its own pill (``A♠`` and ``A♠₂`` with two decks), so a hand can never hold
    more copies than ``deck`` has. ``limit_to`` offers only those cards (e.g. the cards of one hand).
    Use :func:`set_picked` in a callback to change the selection from code.
    """
    pool = _pool(deck, limit_to)
    st.markdown(f"**{_(label)}**", help=help)
    chosen: list[Card] = []
    for name, options in _groups(deck, pool):
        if not options:
            continue
        picked = st.pills(
            _(name or label),
            options,
            selection_mode="multi",
            format_func=_format,
            key=f"{key}:{name}",
            label_visibility="collapsed",
        )
        for option in picked or []:
            chosen.append(_card_of(option))
    return tuple(chosen)


def picker_state(
    key: str, deck: Deck, cards: Iterable[Card], limit_to: Sequence[Card] | None = None
) -> dict[str, list[str]]:
    """The widget values (widget key → chosen option ids) of a :func:`card_picker` that has ``cards`` chosen."""
    wanted = Counter(cards)
    return {
        f"{key}:{name}": [o for o in options if int(o.split("#")[1]) <= wanted[_card_of(o)]]
        for name, options in _groups(deck, _pool(deck, limit_to))
    }


def set_picked(key: str, deck: Deck, cards: Iterable[Card], limit_to: Sequence[Card] | None = None) -> None:
    """Set a :func:`card_picker`'s selection (call before it is drawn, e.g. in an ``on_click``)."""
    for widget, chosen in picker_state(key, deck, cards, limit_to).items():
        st.session_state[widget] = chosen


def _groups(deck: Deck, pool: Sequence[Card]) -> list[tuple[str, list[str]]]:
    """The pill rows of a picker: (row name, option ids). One row per suit; without suits, one row per copy
    (all the first copies, then the second 3, the second 4 …), so that long pools wrap into short rows."""
    if not deck.suitless:
        return [(name, _options_for([c for c in pool if c.suit is suit])) for name, suit in _ROWS]
    rows: dict[str, list[str]] = {}
    for option in _options_for(pool):
        copy = option.split("#")[1]
        rows.setdefault("" if copy == "1" else copy, []).append(option)
    return list(rows.items())


def notation_input(key: str, deck: Deck, *, label: str = N_("Cards"), placeholder: str = "",
                   help: str | None = None, where: str = "") -> tuple[Card, ...] | None:
    """A text box for card notation; shows the error and returns None when the text is wrong."""
    text = st.text_input(_(label), key=key, placeholder=placeholder, help=help)
    try:
        cards = deck.parse(text)
        deck.check(cards, where)
    except ValueError as error:
        show_error(error)
        return None
    return cards


def plays_table(rows: Sequence[dict[str, Any]], *, key: str | None = None, height: int | None = None) -> None:
    """A table of plays (one dict per play; columns in the order of the first row)."""
    if not rows:
        st.info(_("No plays to list."))
        return
    import pandas as pd  # here, not at import: pages that list no plays start without pandas

    frame = pd.DataFrame(list(rows))
    kwargs: dict[str, Any] = {"hide_index": True, "width": "stretch", "key": key}
    if height is not None:
        kwargs["height"] = height
    st.dataframe(frame, **kwargs)


def cards_text(cards: Iterable[Card], symbols: bool = True) -> str:
    """Cards as text for captions: ``10♠ Q♥`` (``—`` when there are none)."""
    text = format_cards(cards, symbols=symbols)
    return text or "—"
