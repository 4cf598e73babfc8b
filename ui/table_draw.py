"""Drawing a game at the Table: seats around the table, the trick in the middle, commentary and the result.

Only drawing: what is drawn (views, steps, outcomes) comes from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import streamlit as st

from engine.cards import Card
from engine.contract import Outcome
from engine.table import Seat, Step, TableView
from ui.widgets import card_row, choose_cards_widget, plain

__all__ = ["choose_cards", "commentary", "outcome", "presenter_style", "step_keys", "table", "trick_cards"]

_RING = ("N", "E", "S", "W")  # clockwise round the table, seen from above with North at the top
_PLACES = ("bottom", "left", "top", "right")


def place_of(letter: str, me_letter: str | None) -> str:
    """Where a seat sits on screen: the viewer (or South) at the bottom, the others round the table."""
    anchor = me_letter if me_letter in _RING else "S"
    if letter not in _RING:
        return "top"
    return _PLACES[(_RING.index(letter) - _RING.index(anchor)) % 4]


def presenter_style() -> None:
    """Presenter mode: the sidebar and Streamlit's header out of the way, larger text for the back of the room."""
    st.html("""<style>
      section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], header[data-testid="stHeader"]
        { display: none !important; }
      .block-container { padding-top: 0.6rem !important; max-width: 100% !important; }
      .stMarkdown p, .stMarkdown li { font-size: 1.25rem; }
    </style>""")


def step_keys(key: str) -> str | None:
    """"next"/"prev" when ←/→ (or a clicker's PageDown/PageUp) was pressed since the last run, else None."""
    try:
        from ui.keys import step_keys as keys  # type: ignore[import-not-found]
    except ImportError:
        return None
    result = keys(key=key)
    return result if result in ("next", "prev") else None


def _seat_block(seat: Seat, index: int, view: TableView, *, scale: float, me: int | None, last_seat: int | None,
                side: bool) -> None:
    marks = []
    if view.to_act == index:
        marks.append("▶ to act")
    if me == index:
        marks.append("you")
    head = f"**{plain(seat.name)}**"
    if seat.role:
        head += f" — {plain(seat.role)}"
    detail = " · ".join(plain(x) for x in (seat.note, *marks) if x)
    if not seat.active:
        detail = (detail + " · " if detail else "") + "sits out"
    st.markdown(head + (f"  \n:gray[{detail}]" if detail else ""))
    if seat.cards:
        hidden = all(c is None for c in seat.cards)
        if hidden:
            card_row(seat.cards[: min(len(seat.cards), 8)], scale=0.45 * scale, overlap=0.75)
            st.caption(f"{len(seat.cards)} cards")
        else:
            card_row(seat.cards, scale=(0.5 if side else 0.62) * scale, overlap=0.6 if len(seat.cards) > 8 else 0.35,
                     dim=not seat.active)
    else:
        st.caption("no cards")


def trick_cards(table: Sequence[tuple[int, tuple[Card, ...], str]], names: Sequence[str], *, scale: float) -> None:
    """The cards on the table, large, each with who played it."""
    if not table:
        st.caption("Nothing on the table yet.")
        return
    columns = st.columns(max(len(table), 1))
    for column, (seat, cards, label) in zip(columns, table, strict=False):
        with column:
            card_row(cards, scale=0.8 * scale, overlap=0.45 if len(cards) > 3 else 0.2,
                     mark=label == "wins")
            text = names[seat] if seat < len(names) else "?"
            st.caption(f"**{plain(text)}**" + (f" · {plain(label)}" if label else ""))


def table(view: TableView, names: Sequence[str], *, scale: float, me: int | None, present: bool = False,
          hide_seat: int | None = None, last_seat: int | None = None) -> None:
    """The table at one moment: information, extra rows (kitty, upcard), the seats round the trick.

    ``hide_seat``'s cards are drawn elsewhere (your own hand, below the table)."""
    if view.info:
        st.markdown("  ·  ".join(f"**{plain(label)}:** {plain(value)}" for label, value in view.info))
    letters = [s.name[:1].upper() for s in view.seats]
    me_letter = letters[me] if me is not None and me < len(letters) else None
    where: dict[str, list[int]] = {p: [] for p in _PLACES}
    for i, letter in enumerate(letters):
        where[place_of(letter, me_letter)].append(i)

    def block(indexes: list[int], side: bool = False) -> None:
        for i in indexes:
            if i == hide_seat:
                seat = view.seats[i]
                st.markdown(f"**{plain(seat.name)}** (you){' — ' + plain(seat.role) if seat.role else ''}"
                            + ("  \n:gray[▶ to act]" if view.to_act == i else "")
                            + (f"  \n:gray[{plain(seat.note)}]" if seat.note else ""))
                st.caption("Your cards are below.")
                continue
            _seat_block(view.seats[i], i, view, scale=scale, me=me, last_seat=last_seat, side=side)

    with st.container(border=True):
        if where["top"]:
            _, mid, _ = st.columns([1, 3, 1])
            with mid:
                block(where["top"])
        left, middle, right = st.columns([1, 1.6, 1])
        with left:
            block(where["left"], side=True)
        with middle:
            with st.container(border=True):
                st.markdown("**On the table**")
                trick_cards(view.table, names, scale=scale)
                for label, cards in view.extra:
                    st.caption(plain(label))
                    card_row(cards, scale=0.5 * scale, overlap=0.55)
        with right:
            block(where["right"], side=True)
        if where["bottom"]:
            _, mid, _ = st.columns([1, 3, 1])
            with mid:
                block(where["bottom"])


def commentary(steps: Sequence[Step], upto: int, names: Sequence[str], *, present: bool = False,
               label: Callable[[str], str] = str) -> None:
    """The commentary: the last step large, the whole story below (newest first)."""
    if upto == 0:
        st.info("The cards are dealt. Step forward to see the first decision.")
        return
    step = steps[upto - 1]
    who = names[step.seat] if step.seat < len(names) else "?"
    chapter = f"{plain(step.chapter)} · " if step.chapter else ""
    st.success(f"**Step {upto}** · {chapter}{plain(who)}: **{plain(label(step.action))}**  \n{plain(step.comment)}")
    if present:
        return
    with st.expander("Everything so far", expanded=False):
        with st.container(height=min(420, 60 + 40 * upto)):
            for number in range(upto, 0, -1):
                s = steps[number - 1]
                who = names[s.seat] if s.seat < len(names) else "?"
                ch = f"{plain(s.chapter)} · " if s.chapter else ""
                st.markdown(f"{number}. {ch}{plain(who)} — {plain(label(s.action))}: {plain(s.comment)}")


def outcome(result: Outcome | None, letters: Sequence[str]) -> None:
    """The end of the game in words, then its facts."""
    if result is None:
        return
    st.markdown("#### Result")
    st.success(plain(result.summary), icon=":material/flag:")
    if result.facts:
        st.markdown("  \n".join(f"**{plain(k)}:** {plain(v)}" for k, v in result.facts))


def choose_cards(key: str, cards: Sequence[Card], *, selectable: bool, unusable: Mapping[int, str],
                 highlight: Sequence[Card] = (), highlight_label: str = "", marked: Sequence[Card] = (),
                 marked_label: str = "", count: int | None = None, scale: float = 1.0, label: str = "",
                 action: str = "Play") -> tuple[Card, ...] | None:
    """Your hand; when ``selectable``, pick cards by clicking them and press ``action``: the chosen cards, once."""
    return choose_cards_widget(key, cards, selectable=selectable, unusable=unusable, highlight=highlight,
                               highlight_label=highlight_label, marked=marked, marked_label=marked_label,
                               count=count, scale=scale, label=label, action=action)
