"""Streamlit pieces of the Thirteen editor: its position in the session, legal-play tables (the scoring
explorer's parts are in :mod:`ui.thirteen_scoring`).

The engine decides everything (legal plays, verdicts, simulations); these functions only read widgets,
call it, and draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import streamlit as st

from engine.cards import Card
from engine.commands import DealRequest
from engine.errors import InvalidRequestError
from engine.thirteen import (
    DECK,
    GAME,
    CheckRequest,
    Kind,
    LegalRequest,
    PlayDetails,
    deal_command,
    game_sorted,
    request_position,
)
from ui.nav import current_preset, set_preset
from ui.widgets import set_picked

EDITOR = "thirteen:editor:"
HAND, TABLE, PLAY = EDITOR + "hand", EDITOR + "table", EDITOR + "play"
PLAYERS, PASSED, FIRST, SEED, PASSING, TWOS = (
    EDITOR + k for k in ("players", "passed", "first", "seed", "passing", "twos"))
TWOS_OPTION = "twos_in_double_sequences"
EDITOR_OPTIONS = ("players", TWOS_OPTION)  # the rule options the editor sets (the rest come from the preset)
SHARE = EDITOR + "share"
KIND_TITLES = {Kind.SINGLE.key: "Singles", Kind.PAIR.key: "Pairs", Kind.TRIPLE.key: "Three of a kind",
               Kind.QUAD.key: "Four of a kind", Kind.SEQUENCE.key: "Sequences",
               Kind.DOUBLE_SEQUENCE.key: "Double sequences"}
START = ("3S 4S 5H 5D 2H", "4C 4D")  # the example: your hand, the table


def init_editor() -> None:
    """Set the editor's session keys once (the issue's example position)."""
    if HAND + ":init" in st.session_state:
        return
    st.session_state[HAND + ":init"] = True
    set_picked(HAND, DECK, DECK.parse(START[0]))
    set_picked(TABLE, DECK, DECK.parse(START[1]))
    st.session_state[PLAYERS] = 4
    st.session_state[PASSED] = False
    st.session_state[FIRST] = False
    st.session_state[SEED] = 1
    st.session_state[PASSING] = False
    st.session_state[TWOS] = False


def options() -> dict[str, Any]:
    """The rule options the editor's widgets set (only those that differ from the defaults)."""
    out: dict[str, Any] = {}
    players = int(st.session_state.get(PLAYERS, 4))
    if players != 4:
        out["players"] = players
    if st.session_state.get(TWOS, False):
        out[TWOS_OPTION] = True
    return out


def request(preset: str, hand: Sequence[Card], table: Sequence[Card]) -> LegalRequest:
    """The editor's position as a typed request (what ``legal`` and ``check`` take)."""
    return LegalRequest(preset=preset, options=options(), hand=tuple(game_sorted(hand)),
                        table=tuple(game_sorted(table)), passed=bool(st.session_state.get(PASSED, False)),
                        first_lead=bool(st.session_state.get(FIRST, False)))


def check_request(position: LegalRequest, play: tuple[Card, ...] | None) -> CheckRequest:
    """The check of ``play`` (None: the pass) in the editor's position."""
    return CheckRequest(preset=position.preset, options=position.options, hand=position.hand, table=position.table,
                        passed=position.passed, first_lead=position.first_lead,
                        play="pass" if play is None else play)


def position_json(position: LegalRequest) -> dict[str, Any]:
    """The position as JSON: what the share panel saves and ``python -m engine legal thirteen`` reads."""
    return {"preset": position.preset, "options": dict(position.options),
            "hand": " ".join(c.text for c in position.hand), "table": " ".join(c.text for c in position.table),
            "passed": position.passed, "first_lead": position.first_lead}


def load_position(data: Mapping[str, Any]) -> None:
    """Put a position (from a file, pasted JSON or a link; ``previous`` is read as ``table``) into the editor;
    CardTableError with the reason if it is not one."""
    loaded = GAME.commands["legal"].decode(data)
    request_position(loaded)  # refuses impossible positions with a message
    extra = set(loaded.options) - set(EDITOR_OPTIONS)
    if extra:
        raise InvalidRequestError(f"the editor sets only the options {' and '.join(EDITOR_OPTIONS)}, "
                                  f"not {', '.join(sorted(extra))}")
    preset = loaded.preset or GAME.default_preset
    rules = GAME.rules(preset, loaded.options)
    set_picked(HAND, DECK, loaded.hand)
    set_picked(TABLE, DECK, loaded.table)
    set_picked(PLAY, DECK, ())
    st.session_state[PLAYERS] = rules.players
    st.session_state[TWOS] = rules.twos_in_double_sequences
    st.session_state[PASSED] = loaded.passed
    st.session_state[FIRST] = loaded.first_lead
    st.session_state[PASSING] = False
    if preset != current_preset("thirteen"):
        # From a link the sidebar is already drawn: the preset is then set by a rerun, keep the message.
        st.session_state[SHARE + ":message"] = ("success", "Loaded the position from the link.")
        set_preset("thirteen", preset)


def deal_hand(preset: str) -> None:
    """Callback: North's hand of the seeded deal, an empty table, a fresh game."""
    seed = int(st.session_state.get(SEED, 1))
    deal = deal_command(DealRequest(preset=preset, seed=seed, options=options()))
    set_picked(HAND, DECK, deal.hands["N"])
    set_picked(TABLE, DECK, ())
    set_picked(PLAY, DECK, ())
    st.session_state[PASSED] = False
    st.session_state[FIRST] = deal.leader == "N"
    st.session_state[SEED] = seed + 1


def clear_table() -> None:
    set_picked(TABLE, DECK, ())
    st.session_state[PASSED] = False


def choose_play() -> None:
    """Callback of the 'try a legal play' box: put that play into the play picker."""
    chosen = st.session_state.get(EDITOR + "try")
    if chosen:
        set_picked(PLAY, DECK, chosen)
        st.session_state[PASSING] = False


def keep_play_in_hand(hand: Sequence[Card]) -> None:
    """Drop chosen play cards that are no longer in the hand (call before drawing the play picker)."""
    texts = {c.text for c in hand}
    for key in [k for k in st.session_state if isinstance(k, str) and k.startswith(PLAY + ":")]:
        value = st.session_state[key]
        if isinstance(value, list):
            st.session_state[key] = [o for o in value if str(o).split("#")[0] in texts]


def play_rows(plays: Sequence[PlayDetails]) -> list[dict[str, Any]]:
    """Rows for a table of plays."""
    return [{"Play": p.symbols, "Top card": p.top.symbol_text, "Cards": p.length, "What it is": p.shape,
             "Bomb": "💣 bomb" if p.bomb else "", "Note": "chops the table" if p.chop else ""} for p in plays]
