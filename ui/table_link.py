"""The Table page's link: what it shows (``mode``, ``seed``, ``step``, ``seat``, ``present``, ``large``, ``whole``)
and the game itself (``hand``, a compressed record) as query parameters, read once per visit and written on every
run. A bad parameter is refused with a message naming it; the rest of the link still applies. And the game's
record to save, load or share (:func:`record_panel`).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import streamlit as st

from engine.errors import CardTableError
from engine.i18n import gettext as _
from engine.match import is_whole
from ui.share import decode_position, encode_position
from ui.widgets import plain

if TYPE_CHECKING:
    from ui.table import TablePage
    from ui.table_hands import Hand

WATCH, PLAY = "watch", "play"
HAND_QUERY = "hand"


def read_link(page: TablePage) -> None:
    """Once per visit to this page with a link: apply its parameters (each checked; a bad one is refused)."""
    params = st.query_params
    signature = json.dumps({k: params.get(k) for k in sorted(params.keys())}, ensure_ascii=True)[:4000]
    if st.session_state.get(page.key("link-read")) == signature:
        return
    st.session_state[page.key("link-read")] = signature
    s = page.settings
    problems: list[str] = []
    mode = params.get("mode")
    if mode is not None:
        if mode in (WATCH, PLAY):
            s.mode = mode
        else:
            problems.append(_("mode must be watch or play, not {value}").format(value=plain(mode[:40])))
    for name in ("seed", "step"):
        raw = params.get(name)
        if raw is None:
            continue
        if raw.isdigit() and len(raw) <= 12:
            setattr(s, name, int(raw))
        else:
            problems.append(_("{name} must be a whole number, not {value}").format(name=name, value=plain(raw[:40])))
    seat = params.get("seat")
    if seat is not None:
        letter = seat.strip().upper()[:1]
        if seat.strip().upper() in page.letters or (len(seat.strip()) > 1 and letter in page.letters
                                                    and seat.strip().isalpha() and len(seat) < 8):
            index = page.letters.index(letter)
            s.seat, s.me = index, index
        else:
            problems.append(_("seat must be one of {seats}, not {value}").format(seats=", ".join(page.letters),
                                                                                   value=plain(seat[:40])))
    for flag in ("present", "large"):
        raw = params.get(flag)
        if raw is not None:
            setattr(s, flag, raw in ("1", "true", "yes"))
    whole = params.get("whole")
    if whole is not None:
        s.whole = whole in ("1", "true", "yes")
    page.use_form()
    text = params.get(HAND_QUERY)
    if text:
        try:
            page.load(decode_position(text), from_link=True)
        except CardTableError as error:
            problems.append(_("the game in the link was not loaded: {error}").format(error=plain(str(error))))
    if problems:
        page.say("error", _("Part of the link was refused — {problems}. The rest is shown.").format(
            problems="; ".join(problems)))

def write_link(page: TablePage, hand: Hand) -> None:
    """Put what is shown into the link (mode, seed, step, seat, presenter mode, large cards; the game itself when it
    is not the seeded one), keeping any other parameter."""
    s = page.settings
    wanted: dict[str, str] = {"mode": s.mode, "seed": str(hand.record.seed)}
    if s.mode == WATCH:
        wanted["step"] = str(s.step)
        if s.seat is not None:
            wanted["seat"] = page.letters[s.seat]
    else:
        wanted["seat"] = page.letters[s.me]
    if s.present:
        wanted["present"] = "1"
    if s.large:
        wanted["large"] = "1"
    if s.whole:
        wanted["whole"] = "1"
    seeded = not hand.record.actions or (s.mode == WATCH and not st.session_state.get(page.key("loaded")))
    if not seeded or (hand.record.start and not is_whole(hand.record.start)) or hand.record.options:
        wanted[HAND_QUERY] = encode_position(hand.record.to_json())
    current: dict[str, str] = {k: str(st.query_params.get(k)) for k in st.query_params.keys()}
    keep = {k: v for k, v in current.items()
            if k not in ("mode", "seed", "step", "seat", "present", "large", "whole", HAND_QUERY)}
    if current != {**keep, **wanted}:
        st.query_params.from_dict({**keep, **wanted})
    st.session_state[page.key("link-read")] = json.dumps(
        {k: st.query_params.get(k) for k in sorted(st.query_params.keys())}, ensure_ascii=True)[:4000]


def record_panel(page: TablePage, hand: Hand) -> None:
    """Save, load or share the game: its record as a JSON download (with the result once it is over), a file or
    pasted JSON to load, and the address bar's link (not in presenter mode)."""
    if page.settings.present:
        return
    record = hand.record.to_json()
    outcome = page.game.outcome(hand.last)
    if outcome is not None:
        record["result"] = {"summary": outcome.summary, **{k: v for k, v in outcome.data.items()
                                                            if isinstance(v, (int, float, str, bool))}}
    with st.expander(_("Save, load or share this game")):
        left, right = st.columns(2)
        with left:
            st.download_button(_("Download the game (JSON)"), json.dumps(record, indent=2, ensure_ascii=False),
                               file_name=f"{page.key_name}-game-{hand.record.seed}.json", mime="application/json",
                               key=page.key("download"), icon=":material/download:")
            st.caption(_("The address bar always holds what you see: copy it to share this very step."))
        with right:
            st.file_uploader(_("Load a game (JSON)"), type=["json"], key=page.key("upload"))
            st.text_area(_("…or paste one"), key=page.key("paste"), height=100)
            st.button(_("Load"), key=page.key("load"), on_click=page._load_clicked, icon=":material/upload:")
