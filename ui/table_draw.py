"""Drawing a game at the Table: seats around the table, the trick in the middle, commentary and the result.

Only drawing: what is drawn (views, steps, outcomes) comes from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

import streamlit as st

from engine.cards import Card
from engine.contract import Outcome
from engine.i18n import N_, ngettext
from engine.i18n import gettext as _
from engine.i18n import number as local_number
from engine.table import WON_TRICK, Seat, Step, TableView
from ui import card_hand as ch
from ui.widgets import four_colour, plain

__all__ = ["bar_style", "choose_cards", "commentary", "css_key", "jumbo", "one_row", "outcome", "play_table",
           "presenter_style", "presenter_table",
           "step_keys", "table",
           "trick_cards"]

WINS = ch.Highlight(N_("wins the trick"), ch.HINT.colour, "♛")
"""The ring on the card (or play) that wins the trick (not the hint's: its legend would read "the hint"). Its mark is
a crown, not a letter: "W" read as West, the seat, on a table where East had won."""
CAPTION_FITS = 12
"""The characters of a caption that fit under one card; a trick with a longer one is drawn in labelled groups."""
_RING = ("N", "E", "S", "W")  # clockwise round the table, seen from above with North at the top
_PLACES = ("bottom", "left", "top", "right")


def place_of(letter: str, me_letter: str | None) -> str:
    """Where a seat sits on screen: the viewer (or South) at the bottom, the others round the table."""
    anchor = me_letter if me_letter in _RING else "S"
    if letter not in _RING:
        return "top"
    return _PLACES[(_RING.index(letter) - _RING.index(anchor)) % 4]


def presenter_style(text_rem: float = 1.25) -> None:
    """Presenter mode (the Table's, a lesson's): the sidebar and Streamlit's header out of the way, larger text for
    the back of the room (``text_rem``), and tighter spacing, so that every seat of the table fits a 1280×720
    projector."""
    st.html("""<style>
      section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], header[data-testid="stHeader"]
        { display: none !important; }
      .block-container { padding: 0.4rem 1rem 0 1rem !important; max-width: 100% !important; }
      .block-container [data-testid="stVerticalBlock"] { gap: 0.3rem; }
      .stMarkdown p, .stMarkdown li { font-size: __TEXT_REM__rem; }
      .block-container [data-testid="stAlertContainer"] { padding: 0.3rem 0.8rem; }
      .block-container [data-testid="stAlertContainer"] p { font-size: __ALERT_REM__rem; }
      .block-container [data-testid="stCaptionContainer"] p { font-size: __CAPTION_REM__rem; }
      .stMarkdown table { font-size: __TEXT_REM__rem; }
      .stMarkdown code { font-size: 0.95em; }
      .block-container [data-testid="stVerticalBlockBorderWrapper"] { padding: 0.35rem 0.5rem !important; }
    </style>""".replace("__TEXT_REM__", f"{text_rem:g}")
             .replace("__CAPTION_REM__", f"{0.85 * text_rem:.2f}").replace("__ALERT_REM__", f"{0.96 * text_rem:.2f}"))


def size_of(scale: float, *, side: bool = False) -> ch.Size:
    """The component's card size for a drawing scale (large for a projector or "Large cards")."""
    if scale >= 1.4:
        return "normal" if side else "large"
    return "small" if side else "normal"


def jumbo(scale: float) -> bool:
    """Jumbo-index cards (the rank and suit in the corner drawn large) for a projector or "Large cards": every hand
    shown, the trick and your own, so that each card reads from the back of a room however small it is drawn."""
    return scale > 1.0


def step_keys(key: str, on_step: Callable[[str], None], *, hint: str = "") -> None:
    """←/→ (and a clicker's PageUp/PageDown) step the Table: ``on_step("next"/"prev")`` runs before the page. Without
    a hint it draws nothing, and takes no room either (no gap in the page's column)."""
    if not hint:
        st.html(f"<style>.st-key-{css_key(key)} {{ position: absolute !important; }}</style>")
    ch.key_stepper(key, hint=hint, on_step=on_step)


def _cards_count(n: int) -> str:
    """"8 cards" (in digits, in every language)."""
    return ngettext("{n} card", "{n} cards", n).format(n=local_number(n))


def _sits_out(seat: Seat) -> bool:
    """Whether to add "sits out" to a seat that sits out (not when its role says so already)."""
    return not seat.active and "sits out" not in seat.role and _("sits out") not in seat.role


def _seat_head(seat: Seat, index: int, view: TableView, me: int | None) -> str:
    marks = []
    if view.to_act == index:
        marks.append(_("▶ to act"))
    if me == index:
        marks.append(_("you"))
    head = f"**{plain(seat.name)}**"
    if seat.role:
        head += f" — {plain(seat.role)}"
    detail = " · ".join(plain(x) for x in (seat.note, *marks) if x)
    if _sits_out(seat):
        detail = (detail + " · " if detail else "") + _("sits out")
    return head + (f" :gray[· {detail}]" if detail else "")


def _seat_block(seat: Seat, index: int, view: TableView, *, key: str, scale: float, me: int | None,
                side: bool) -> None:
    st.markdown(_seat_head(seat, index, view, me))  # one line: the table must fit a projector
    _seat_cards(seat, index, key=key, scale=scale, side=side)


def _seat_cards(seat: Seat, index: int, *, key: str, scale: float, side: bool) -> None:
    if not seat.cards:
        st.caption(_("no cards"))
        return
    if all(c is None for c in seat.cards):
        n = len(seat.cards)
        ch.show_cards(f"{key}:seat:{index}", [None], label=_("{seat}'s cards, face down").format(seat=seat.name),
                      size="small", captions={0: _cards_count(n)}, four_colour=four_colour())
        return
    ch.show_cards(f"{key}:seat:{index}", list(seat.cards), four_colour=four_colour(),
                  label=_("{seat}'s cards").format(seat=seat.name), size=size_of(scale, side=side), fit=True,
                  jumbo=jumbo(scale))


def trick_cards(table: Sequence[tuple[int, tuple[Card, ...], str]], names: Sequence[str], *, scale: float,
                key: str = "trick", fit: bool = False) -> None:
    """The cards on the table, large, each with who played it (and "wins" under the winning card, ringed); ``fit``:
    drawn smaller when that keeps a big trick on one row (presenter mode)."""
    if not table:
        st.caption(_("Nothing on the table yet."))
        return
    cards: list[Card | None] = []
    groups: list[ch.CardGroup] = []
    captions: dict[int | Card, str] = {}
    winner: dict[int | Card, ch.Highlight] = {}
    said: list[str] = []
    wins = replace(WINS, label=_(WINS.label))
    for seat, played, label in table:
        who = names[seat] if seat < len(names) else "?"
        if not played:
            said.append(f"{who}: {_(label) if label else _('passed')}")
            continue
        captions[len(cards)] = who + (f" · {_(label)}" if label else "")
        groups.append(ch.CardGroup(captions[len(cards)], played))
        if label in (WON_TRICK, _(WON_TRICK)):
            for i in range(len(cards), len(cards) + len(played)):
                winner[i] = wins
        cards.extend(played)
    if cards:
        # Plays of several cards (a throw, a sequence) each in its own labelled group, set apart by a divider, so
        # that one can see where a play ends; single cards with who played them underneath, unless a caption is
        # longer than a card is wide ("S · lead · winning"): then labelled groups too, whose labels are not cut.
        several = any(len(g.cards) > 1 for g in groups) or any(len(c) > CAPTION_FITS for c in captions.values())
        ch.show_cards(key, groups if several else cards, label=_("The cards on the table"),
                      captions=None if several else captions, highlight=winner or None,
                      size="large" if scale >= 1.2 else "normal", four_colour=four_colour(), jumbo=jumbo(scale),
                      fit=fit)
    if said:
        st.caption(plain(" · ".join(said)))


def table(view: TableView, names: Sequence[str], *, scale: float, me: int | None, present: bool = False,
          last_seat: int | None = None, key: str = "table", info: bool = True) -> None:
    """The table at one moment, as one watches it: information, extra rows (kitty, upcard), the seats round the
    trick (``me``, whose cards are shown, at the bottom). Play mode draws :func:`play_table` instead; presenter
    mode :func:`presenter_table` (``info``: with the game's information line; without, when the result above says
    it)."""
    if present:
        presenter_table(view, names, scale=scale, me=me, key=key, info=info)
        return
    if view.info:
        st.markdown(_info_text(view))
    where = _places(view, me)

    def block(indexes: list[int], side: bool = False) -> None:
        for i in indexes:
            _seat_block(view.seats[i], i, view, key=key, scale=scale, me=me, side=side)

    def extras(small: bool) -> None:
        for n, (label, cards) in enumerate(view.extra):
            if (len(cards) <= 2) == small:
                st.caption(plain(label))
                ch.show_cards(f"{key}:extra:{n}", list(cards), label=label, size="small", four_colour=four_colour())

    # Seats round the table: the top and bottom seats in wide rows (a long hand stays one or two rows of
    # readable cards), the side seats beside the trick, so the trick sits high enough to be seen at 1280×720.
    with st.container(border=True):
        if where["top"]:
            _left, top, _right = st.columns([0.4, 3.4, 0.4])
            with top:
                block(where["top"])
        left, middle, right = st.columns([1, 2.2, 1])
        with middle:
            with st.container(border=True):
                if any(len(cards) <= 2 for _, cards in view.extra):
                    # a card or two (Euchre's upcard, the dealer's discard) beside the trick, not under it: under
                    # it they pushed the bottom seat's hand off a 1280×720 projector
                    trick_place, extra_place = st.columns([4, 1], vertical_alignment="top")
                    with trick_place:
                        trick_cards(view.table, names, scale=scale, key=f"{key}:trick")
                    with extra_place:
                        extras(small=True)
                else:
                    trick_cards(view.table, names, scale=scale, key=f"{key}:trick")
        with left:
            block(where["left"], side=True)
        with right:
            block(where["right"], side=True)
        if where["bottom"]:
            _left, bottom, _right = st.columns([0.4, 3.4, 0.4])
            with bottom:
                block(where["bottom"])
                extras(small=False)
        else:
            extras(small=False)


def _places(view: TableView, me: int | None) -> dict[str, list[int]]:
    letters = [s.name[:1].upper() for s in view.seats]
    me_letter = letters[me] if me is not None and me < len(letters) else None
    where: dict[str, list[int]] = {p: [] for p in _PLACES}
    for i, letter in enumerate(letters):
        where[place_of(letter, me_letter)].append(i)
    return where


def presenter_table(view: TableView, names: Sequence[str], *, scale: float, me: int | None, key: str,
                    info: bool = True) -> None:
    """The table on a projector (1280×720, no sidebar): the information in one small line, the top and bottom seats
    each on one row (name beside the cards), the side seats beside the trick, the extra cards (kitty, upcard) in the
    trick's box; every card jumbo-index, drawn as large as its row allows."""
    if view.info and info:
        st.caption(_info_text(view))
    where = _places(view, me)

    def across(indexes: list[int]) -> None:
        for i in indexes:
            with st.container(horizontal=True, vertical_alignment="center", gap="small", key=f"{key}-place-{i}"):
                st.markdown(_seat_head(view.seats[i], i, view, me), width=215)
                with st.container():
                    _seat_cards(view.seats[i], i, key=key, scale=scale, side=True)

    def beside(indexes: list[int]) -> None:
        for i in indexes:
            with st.container(key=f"{key}-place-{i}"):
                st.markdown(_seat_head(view.seats[i], i, view, me))
                _seat_cards(view.seats[i], i, key=key, scale=scale, side=True)

    with st.container(border=True, key=f"{key}-present"):
        across(where["top"])
        left, middle, right = st.columns([1, 2.3, 1]) if where["left"] or where["right"] else \
            (st.container(), st.container(), st.container())
        with middle, st.container(border=True):
            # The extra cards (the kitty, the upcard) side by side under a trick of a few cards, beside a big one (a
            # throw and its answers), so that the trick box never pushes the bottom seat off the screen.
            big = sum(len(cards) for _, cards, _ in view.table) > len(view.seats)
            trick_place, extra_place = st.columns([2.2, 1]) if view.extra and big else (st.container(), st.container())
            with trick_place:
                trick_cards(view.table, names, scale=scale, key=f"{key}:trick", fit=True)
            with extra_place:
                for n, place in enumerate(st.columns([max(2, len(cards)) for _, cards in view.extra])
                                          if view.extra and not big else [st.container() for _ in view.extra]):
                    with place:
                        _extra_row(view.extra[n][0], view.extra[n][1], f"{key}:extra:{n}", scale=scale)
        with left:
            beside(where["left"])
        with right:
            beside(where["right"])
        across(where["bottom"])


def _info_text(view: TableView) -> str:
    return "  ·  ".join(f"**{plain(label)}:** {plain(value)}" for label, value in view.info)


def _seat_line(view: TableView, index: int) -> str:
    """One seat in a few words: "**West** — attacker · 9 cards · ▶ to act" (the engine's role and note, the cards
    left when the note does not already count them)."""
    seat = view.seats[index]
    head = f"**{plain(seat.name)}**" + (f" — {plain(seat.role)}" if seat.role else "")
    detail = [plain(seat.note)] if seat.note else []
    left = len(seat.cards)
    if "card" not in seat.note and ngettext("card", "cards", left) not in seat.note:
        detail.append(_cards_count(left))
    if _sits_out(seat):
        detail.append(_("sits out"))
    if view.to_act == index:
        detail.append(_("▶ to act"))
    return head + (f" :gray[· {' · '.join(detail)}]" if detail else "")


def _extra_row(label: str, cards: Sequence[Card | None], key: str, scale: float = 1.0) -> None:
    """A row of extra cards (kitty, upcard, a failed throw) in the trick area; face-down ones only counted ("Kitty
    (face down): 8 cards"), so that hidden cards take no room from the trick and your hand."""
    if cards and all(c is None for c in cards):
        n = len(cards)
        st.caption(f"{plain(label)}: {_cards_count(n)}")
        return
    st.caption(plain(label))
    ch.show_cards(key, list(cards), label=label, size="small", four_colour=four_colour(), fit=True,
                  jumbo=jumbo(scale))


def play_table(view: TableView, names: Sequence[str], *, me: int, scale: float, key: str,
               mine: Callable[[], None], trick: Callable[[], None] | None = None) -> None:
    """Play mode on one screen (1280×720 with the sidebar open): the game's information in a small line, the other
    seats in one row (name, role, what they said, cards left; ▶ who acts), the trick across the width with the
    extra cards (kitty, upcard) beside it, then your hand with the decision (``mine``). ``trick`` draws the trick
    area instead (a finished trick, paused on). The other seats' cards, when a teacher shows them face up, come
    after your hand, so that they never push it off the screen."""
    if view.info:
        st.caption(_info_text(view))
    n = len(view.seats)
    others = [(me + i) % n for i in range(1, n)]  # in the order they play after you
    with st.container(horizontal=True, gap="small", key=f"{key}:others"):
        for i in others:
            st.markdown(_seat_line(view, i), width="content")
    with st.container(border=True, key=f"{key}:trick-area"):
        # The extra rows (kitty, upcard) beside the trick, each in a column as wide as its cards need (a long one
        # stays one row of small cards), so that they add no height.
        widths = [min(3.0, max(1.0, len(cards) / 3)) for _, cards in view.extra]
        place = st.columns([4.0, *widths], vertical_alignment="top") if view.extra else None
        with place[0] if place else st.container():
            if trick is not None:
                trick()
            else:
                trick_cards(view.table, names, scale=scale, key=f"{key}:trick")
        for number, (label, cards) in enumerate(view.extra):
            with place[number + 1] if place else st.container():
                _extra_row(label, cards, f"{key}:extra:{number}", scale)
    mine()
    shown = [i for i in others if any(c is not None for c in view.seats[i].cards)]
    if shown:
        st.caption(_("The other seats' cards, face up (Settings: Show every seat's cards)"))
        for i in shown:
            _seat_block(view.seats[i], i, view, key=key, scale=scale, me=me, side=True)


def commentary(steps: Sequence[Step], upto: int, names: Sequence[str], *, present: bool = False,
               label: Callable[[str], str] = str, playing: bool = False) -> None:
    """The commentary: the last step large, the whole story below (newest first). Before the first step: in watch
    mode how to go on; when ``playing``, nothing (your first decision is on the table above)."""
    if upto == 0:
        if not playing:
            st.info(_("The cards are dealt. Step forward to see the first decision."))
        return
    step = steps[upto - 1]
    who = names[step.seat] if step.seat < len(names) else "?"
    chapter = f"{plain(step.chapter)} · " if step.chapter else ""
    head = _("Step {n}").format(n=local_number(upto))
    if present:  # one paragraph: the projector's height is for the table
        st.success(f"**{head}** · {chapter}{plain(who)}: **{plain(label(step.action))}** — {plain(step.comment)}")
        return
    st.success(f"**{head}** · {chapter}{plain(who)}: **{plain(label(step.action))}**  \n{plain(step.comment)}")
    with st.expander(_("Everything so far"), expanded=False):
        with st.container(height=min(420, 60 + 40 * upto)):
            for number in range(upto, 0, -1):
                s = steps[number - 1]
                who = names[s.seat] if s.seat < len(names) else "?"
                ch = f"{plain(s.chapter)} · " if s.chapter else ""
                st.markdown(f"{local_number(number)}. {ch}{plain(who)} — {plain(label(s.action))}: {plain(s.comment)}")


def outcome(result: Outcome | None, letters: Sequence[str], *, present: bool = False) -> None:
    """The end of the game in words, then its facts (``present``: its facts in one line, the words being the last
    step's commentary already, so that the table stays on the projector's screen)."""
    if result is None:
        return
    if present:
        st.markdown(" · ".join([f":material/flag: **{_('Result')}**", *(f"**{plain(k)}:** {plain(v)}"
                                                                for k, v in result.facts)]))
        return
    st.markdown(f"#### {_('Result')}")
    st.success(plain(result.summary), icon=":material/flag:")
    if result.facts:
        st.markdown("  \n".join(f"**{plain(k)}:** {plain(v)}" for k, v in result.facts))


def _mark(label: str) -> str:
    """The letter on a ringed card, from its legend's words ("point cards" → P, "your trumps" → T, "your ♥" → ♥),
    so that it never reads as another legend's (the led suit's L, the kitty's K)."""
    words = [w for w in label.replace(":", " ").split() if w.lower() not in ("your", "the", "a", "an")]
    return words[0][:1].upper() if words else "•"


def choose_cards(key: str, groups: Sequence[tuple[str, Sequence[Card]]], *, selectable: bool,
                 unusable: Mapping[int, str], highlight: Sequence[Card] = (), highlight_label: str = "",
                 marked: Sequence[Card] = (), marked_label: str = "", count: int | None = None, scale: float = 1.0,
                 label: str = "Your hand", action: str = "Play", fit: bool = False,
                 on_play: Callable[[tuple[Card, ...]], None] | None = None) -> None:
    """Your hand in its groups; when ``selectable``, choose cards by clicking them and press ``action``
    (``on_play`` gets the chosen cards before the page runs again). Unusable cards are greyed, with their reason
    shown when clicked; ``highlight``/``marked`` cards are ringed, with a legend. ``fit``: smaller cards when that
    keeps a long hand on one row (play mode, so that the trick and your buttons stay in view)."""
    flat = [c for _, cards in groups for c in cards]
    rings: dict[int | Card, ch.Highlight] = {}
    lit, mark = set(highlight), list(marked)
    for i, card in enumerate(flat):
        if card in mark:
            rings[i] = ch.Highlight(marked_label or _("marked"), ch.KITTY.colour, ch.KITTY.mark)
            mark.remove(card)
        elif card in lit:
            rings[i] = ch.Highlight(highlight_label or _("matters now"), ch.LED_SUIT.colour, _mark(highlight_label))
    hand = [ch.CardGroup(name, cards) for name, cards in groups]
    size: ch.Size = "large" if scale >= 1.2 else "normal"
    if not selectable:
        ch.show_cards(key, hand, label=label, highlight=rings or None, size=size, four_colour=four_colour(), fit=fit,
                      jumbo=jumbo(scale))
        return
    button = ch.Action("play", action, min_chosen=1, exact=count is not None, primary=True)

    def deliver(event: ch.HandEvent) -> None:
        if on_play is not None and event.action == "play":
            on_play(tuple(c for c in event.cards if c is not None))

    why: dict[int | Card, str] = dict(unusable.items())
    ch.card_hand(key, hand, actions=(button,), label=label, required=count, why_not=why or None,
                 highlight=rings or None, size=size, on_action=deliver, four_colour=four_colour(), fit=fit,
                 jumbo=jumbo(scale))


def css_key(key: str) -> str:
    """A widget key as it appears in its element's class name (``st-key-…``: other characters become ``-``)."""
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in key)


PHONE, WIDE = "(max-width: 640px)", "(min-width: 641px)"
"""A phone held upright (the widths at which Streamlit stacks columns), and every wider screen."""


def bar_style(*, icon_only: Sequence[str], wide_only: Sequence[str] = (), narrow_only: Sequence[str] = (),
              always: bool = False) -> None:
    """Keep the Table's bars on one row on a phone: the ``icon_only`` buttons and pop-overs (by key) show their icon
    alone (their words stay their accessible names, with the tooltip; ``always``: on every screen), the
    ``wide_only`` controls are hidden there (their copies in a pop-over, ``narrow_only``, are hidden on wider screens
    instead)."""
    def rule(keys: Sequence[str], suffix: str = "") -> str:
        return ", ".join(f".st-key-{css_key(k)}{suffix}" for k in keys)

    icons = f"""{rule(icon_only, " [data-testid='stMarkdownContainer']")} {{
        position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%);
        white-space: nowrap; }}
      {rule(icon_only, " [data-testid='stPopoverButton'] div[aria-hidden='true']")} {{ display: none; }}"""
    phone = ("" if always else icons) + (f"{rule(wide_only)} {{ display: none !important; }}" if wide_only else "")
    wide = f"{rule(narrow_only)} {{ display: none !important; }}" if narrow_only else ""
    st.html(f"<style>{icons if always else ''} @media {PHONE} {{ {phone} }} @media {WIDE} {{ {wide} }}</style>")


def one_row(key: str) -> None:
    """The horizontal container ``key`` (a line of text, then a few buttons) stays one row on a wider screen: the
    text wraps beside the buttons instead of pushing them onto a row of their own. On a phone it wraps as usual."""
    k = css_key(key)
    st.html(f"<style>@media {WIDE} {{ .st-key-{k} {{ flex-wrap: nowrap !important; }} "
            f".st-key-{k} > :first-child {{ flex: 1 1 0 !important; min-width: 0; }} }}</style>")
