"""Streamlit pieces of the Dou Dizhu pages: the editor's position in the session, play tables, charts.

The engine decides everything (legal plays, verdicts, payments, which options and bombs the rules allow,
simulations) and is reached only through ``engine.doudizhu``'s public names; these functions read widgets, call
its typed commands, and draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.express as px
import plotly.graph_objects as go
import streamlit as st

from engine.cards import Card, Deck, format_cards
from engine.doudizhu import (
    GAME,
    PRESETS,
    ComboInfo,
    Kind,
    LegalRequest,
    Rules,
    ScoreRequest,
    deal,
    display_deck,
    make_rules,
    read_position,
    score_command,
    sort_ranks,
)
from engine.errors import CardTableError
from ui.nav import preset_key, set_preset
from ui.simulation import stored
from ui.widgets import set_picked

GAME_KEY = "doudizhu"
EDITOR = "doudizhu:editor:"
SHARE = EDITOR + "share"
SEED, KITTY, PASSING, TYPED, READING, TRY = (EDITOR + k for k in ("seed", "kitty", "passing", "typed", "reading",
                                                                  "try"))
HAND, PLAYS = EDITOR + "hand", EDITOR + "plays"
EDITABLE_OPTIONS = ("distinct_kickers", "jokers_as_kickers", "quadplex")
START = {"hand": "3 3 4 5 6 7 8 9 9 9 BJ", "table": "4 4 4 5"}
KIND_TITLES = {
    Kind.SINGLE: "Singles", Kind.PAIR: "Pairs", Kind.TRIPLET: "Triplets", Kind.TRIPLET_SINGLE: "Triplet + single",
    Kind.TRIPLET_PAIR: "Triplet + pair", Kind.SEQUENCE: "Sequences", Kind.PAIR_SEQUENCE: "Pair sequences",
    Kind.AIRPLANE: "Airplanes", Kind.AIRPLANE_SINGLES: "Airplanes + singles", Kind.AIRPLANE_PAIRS: "Airplanes + pairs",
    Kind.BOMB: "Bombs", Kind.ROCKET: "Rocket", Kind.QUADPLEX_SINGLES: "Quadplex (4 + 2 singles)",
    Kind.QUADPLEX_PAIRS: "Quadplex (4 + 2 pairs)",
}


def picker_key(part: str, preset: str) -> str:
    """Widget key of a card picker; one per preset, since the two decks offer different cards."""
    return f"{EDITOR}{part}:{preset}"


def option_key(name: str) -> str:
    return f"{EDITOR}option:{name}"


def picker_deck(rules: Rules) -> Deck:
    """The suitless deck of ``rules`` in Dou Dizhu order (3 … A, 2, jokers), for card pickers."""
    return display_deck(rules.deck)


def option_label(name: str) -> str:
    return next(s.label for s in GAME.option_specs() if s.name == name)


def option_help(name: str) -> str:
    return next(s.help for s in GAME.option_specs() if s.name == name)


def option_open(name: str, rules: Rules) -> bool:
    """Whether the editor may change option ``name`` under ``rules`` (the player count fixes some)."""
    return name not in rules.fixed_options


def current_options(preset: str) -> dict[str, bool]:
    """The rule options set in the editor's toggles that differ from the preset."""
    base = make_rules(preset)
    out = {}
    for name in EDITABLE_OPTIONS:
        if not option_open(name, base):
            continue
        value = st.session_state.get(option_key(name), getattr(base, name))
        if value != getattr(base, name):
            out[name] = bool(value)
    return out


def init_editor(preset: str) -> None:
    """Set the editor's session keys once (the issue's example position)."""
    if EDITOR + "init" not in st.session_state:
        st.session_state[EDITOR + "init"] = True
        st.session_state[SEED] = 1
        st.session_state[KITTY] = False
        st.session_state[PASSING] = False
        st.session_state[TYPED] = ""
        rules = make_rules("three_player")
        deck = picker_deck(rules)
        set_picked(picker_key("hand", "three_player"), deck, rules.deck.parse(START["hand"]))
        set_picked(picker_key("table", "three_player"), deck, rules.deck.parse(START["table"]))
    base = make_rules(preset)
    for name in EDITABLE_OPTIONS:
        if option_key(name) not in st.session_state:
            st.session_state[option_key(name)] = getattr(base, name)


def position(preset: str, hand: Sequence[Card], table: Sequence[Card]) -> dict[str, Any]:
    """The position JSON of the editor (what ``legal``/``check`` read and the share panel saves)."""
    data: dict[str, Any] = {
        "preset": preset,
        "hand": format_cards(sort_ranks(hand)),
        "table": format_cards(sort_ranks(table)),
    }
    options = current_options(preset)
    if options:
        data["options"] = options
    reading = st.session_state.get(READING)
    if table and reading:
        data["table_as"] = reading
    return data


def legal_request(data: Mapping[str, Any]) -> LegalRequest:
    """The editor's position as a typed request (CardTableError naming what is wrong)."""
    return read_position(data)


def load_position(data: Mapping[str, Any]) -> None:
    """Put a position (from a file, pasted JSON or a link) into the editor; CardTableError if it is not one.

    The sidebar's preset follows the position (through ``ui.nav.set_preset``, which reruns at once when the
    sidebar is already drawn, as when a link is applied during the run)."""
    request = read_position(data)  # refuses impossible positions with a message
    preset = request.preset or GAME.default_preset
    rules = make_rules(preset, request.options)
    deck = picker_deck(rules)
    set_picked(picker_key("hand", preset), deck, request.hand)
    table = () if isinstance(request.table, str) else request.table
    set_picked(picker_key("table", preset), deck, table)
    set_picked(picker_key("play", preset), deck, ())
    for name in EDITABLE_OPTIONS:
        st.session_state[option_key(name)] = getattr(rules, name)
    st.session_state[READING] = request.table_as.value if request.table_as is not None else None
    st.session_state[PASSING] = False
    if st.session_state.get(preset_key(GAME_KEY)) != preset:
        set_preset(GAME_KEY, preset)  # last: from a link applied during the run this reruns at once


def deal_hand(preset: str) -> None:
    """Callback: South's hand of the seeded deal (with the kitty when asked), and a lead."""
    rules = make_rules(preset)
    dealt = deal(rules, int(st.session_state.get(SEED, 1)))
    hand = dealt.hands[0] + (dealt.kitty if st.session_state.get(KITTY) else ())
    deck = picker_deck(rules)
    set_picked(picker_key("hand", preset), deck, hand)
    set_picked(picker_key("table", preset), deck, ())
    set_picked(picker_key("play", preset), deck, ())
    st.session_state[PASSING] = False


def clear_table(preset: str) -> None:
    """Callback: an empty table (the player leads)."""
    set_picked(picker_key("table", preset), picker_deck(make_rules(preset)), ())
    st.session_state[READING] = None


def type_hand(preset: str) -> None:
    """Callback: set the hand from the typed notation (a bad text keeps the hand and shows why)."""
    rules = make_rules(preset)
    text = st.session_state.get(TYPED, "")
    try:
        cards = rules.deck.parse(text)
        rules.deck.check(cards, "in the typed hand")
    except CardTableError as error:
        st.session_state[EDITOR + "typed-error"] = str(error)
        return
    st.session_state.pop(EDITOR + "typed-error", None)
    set_picked(picker_key("hand", preset), picker_deck(rules), cards)


def remember_plays(plays: Sequence[ComboInfo]) -> list[str]:
    """Keep the legal plays by their text for :func:`choose_play`; returns the texts, in order."""
    chosen = {format_cards(p.cards): p.cards for p in plays}
    st.session_state[PLAYS] = chosen
    return list(chosen)


def choose_play(preset: str) -> None:
    """Callback: put the legal play chosen in the list into the play picker."""
    rules = make_rules(preset)
    cards = st.session_state.get(PLAYS, {}).get(st.session_state.get(TRY) or "", ())
    hand = st.session_state.get(HAND, ())
    set_picked(picker_key("play", preset), picker_deck(rules), cards, sort_ranks(hand))
    st.session_state[PASSING] = False


def keep_play_in_hand(preset: str, hand: Sequence[Card]) -> None:
    """Drop picked play cards that are no longer in the hand (before the play picker is drawn)."""
    key = picker_key("play", preset) + ":"
    ordered = sort_ranks(hand)
    if st.session_state.get(HAND) != ordered:
        st.session_state[HAND] = ordered
        st.session_state[key] = []


def play_rows(plays: Sequence[ComboInfo]) -> list[dict[str, str]]:
    """Table rows for legal plays."""
    return [{"Cards": format_cards(p.cards), "What it is": p.description} for p in plays]


# --- scoring explorer --------------------------------------------------------------------------------

def bomb_inputs(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(bomb sizes that do not double, bomb sizes that double) under ``rules``."""
    quiet = tuple(n for n in rules.bomb_sizes if not rules.bomb_doubles(n))
    return quiet, rules.doubling_bomb_sizes


def sizes_text(sizes: Sequence[int]) -> str:
    """``4–5`` or ``4``: a run of bomb sizes for a label."""
    return f"{sizes[0]}–{sizes[-1]}" if len(sizes) > 1 else f"{sizes[0]}"


def payment_frame(max_doublings: int = 5) -> pd.DataFrame:
    """The landlord's result (win and loss) for every bid and number of doublings, for 3 and 4 players."""
    rows = []
    for preset in PRESETS:
        rules = make_rules(preset)
        for bid in (1, 2, 3):
            for doublings in range(max_doublings + 1):
                bombs = (rules.doubling_bomb_sizes[0],) * doublings
                answer = score_command(ScoreRequest(preset=preset, bid=bid, bombs=bombs, winner="landlord"))
                rows.append({"players": f"{rules.players} players", "bid": f"bid {bid}", "doublings": doublings,
                             "stake": answer.stake, "landlord wins": answer.landlord_payment,
                             "each peasant": answer.peasant_payment})
    return pd.DataFrame(rows)


def payment_chart(frame: pd.DataFrame) -> go.Figure:
    fig = px.line(frame, x="doublings", y="landlord wins", color="bid", facet_col="players", markers=True,
                  log_y=True, labels={"doublings": "bombs and rockets that double (each ×2)",
                                      "landlord wins": "landlord's gain when winning (log scale)"},
                  title="What the landlord wins: bid × 2^doublings from each peasant")
    fig.update_yaxes(tickvals=[2**k for k in range(11)])
    fig.update_layout(height=420, legend_title_text="")
    return fig


def simulated(preset: str, games: int, seed: int, bots: str,
              progress: Callable[[int, int], None] | None = None) -> pd.DataFrame:
    """Seeded whole hands, computed once per (preset, count, seed, bots) and kept for every session."""
    return stored("doudizhu", games, seed, {"preset": preset, "bots": bots}, progress)


def simulate_presets(games: int, seed: int, bots: str, bar: Any) -> dict[str, pd.DataFrame]:
    """Simulated hands for each preset, updating the progress ``bar`` while they run; then clear it."""
    frames = {}
    for number, name in enumerate(PRESETS):
        title = PRESETS[name].title

        def progress(done: int, total: int, number: int = number, title: str = title) -> None:
            bar.progress((number + done / total) / len(PRESETS), text=f"Simulating {title}: {done}/{total} hands")

        frames[name] = simulated(name, games, seed, bots, progress)
    bar.empty()
    return frames


def deal_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = []
    for preset, frame in frames.items():
        players = f"{make_rules(preset).players} players"
        rows.append({"players": players, "what": "a bomb (4+ of a rank)", "share": (frame["bombs_dealt"] > 0).mean()})
        rows.append({"players": players, "what": "the rocket", "share": frame["rocket_dealt"].mean()})
        rows.append({"players": players, "what": "a bomb or the rocket", "share": frame["bomb_or_rocket_dealt"].mean()})
    fig = px.bar(pd.DataFrame(rows), x="what", y="share", color="players", barmode="group", text_auto=".0%",
                 labels={"share": "share of deals", "what": "some hand holds"},
                 title="How often a deal (the landlord's hand with the kitty) holds bombs or the rocket")
    fig.update_layout(yaxis_tickformat=".0%", height=400)
    return fig


def stakes_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = pd.concat([f.assign(players=f"{make_rules(p).players} players") for p, f in frames.items()])
    fig = px.histogram(rows, x="stake", color="players", barmode="group", histnorm="percent",
                       category_orders={"stake": sorted(rows["stake"].unique())},
                       title="Final stakes (bid × doublings) — what each peasant pays or is paid")
    fig.update_xaxes(type="category")
    fig.update_layout(height=400, yaxis_title="% of hands")
    return fig


def win_rate_chart(frames: Mapping[str, pd.DataFrame]) -> go.Figure:
    rows = []
    for preset, frame in frames.items():
        players = f"{make_rules(preset).players} players"
        for bid, group in frame.groupby("bid"):
            rows.append({"players": players, "bid": f"bid {bid}", "landlord win rate": (group["winner"] == "landlord")
                         .mean(), "hands": len(group)})
    fig = px.bar(pd.DataFrame(rows), x="bid", y="landlord win rate", color="players", barmode="group",
                 text_auto=".0%", hover_data=["hands"], title="Landlord win rate by winning bid")
    fig.update_layout(yaxis_tickformat=".0%", height=400)
    return fig
