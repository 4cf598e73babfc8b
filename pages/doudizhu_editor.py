"""Dou Dizhu position editor: pose your hand and the play to beat, see every legal play grouped by type,
check any play with the engine's reason, and save or share the position."""

import streamlit as st

from engine.doudizhu import (
    PRESETS,
    CheckRequest,
    ClassifyRequest,
    ComboInfo,
    DouDizhuLegalAnswer,
    Kind,
    check_command,
    classify_command,
    legal_command,
    make_rules,
    sort_ranks,
)
from engine.errors import CardTableError
from ui import doudizhu_ui as ui
from ui.nav import current_preset
from ui.share import apply_url_position, share_panel
from ui.widgets import card_picker, plays_table, show_cards, show_error

preset = current_preset("doudizhu")
ui.init_editor(preset)
apply_url_position(ui.SHARE, ui.load_position)
base = make_rules(preset)
deck = ui.picker_deck(base)

st.title("Dou Dizhu — Position editor")
st.caption(f"Rules: **{PRESETS[preset].title}** — {base.players} players (change the preset in the sidebar). Pose "
           "your hand and the play on the table; the engine lists every legal play and explains its verdict on any "
           "play.")

c1, c2, c3, c4 = st.columns([1, 2, 2, 2], vertical_alignment="bottom")
c1.number_input("Seed", min_value=0, max_value=2**31 - 1, step=1, key=ui.SEED)
c2.button("Deal South's hand", on_click=ui.deal_hand, args=(preset,), icon=":material/casino:",
          key=ui.EDITOR + "deal", help="The hand South is dealt with this seed; the table is cleared.")
c3.toggle("With the kitty (as the landlord)", key=ui.KITTY)
c4.button("Clear the table (I lead)", on_click=ui.clear_table, args=(preset,), icon=":material/layers_clear:",
          key=ui.EDITOR + "clear")
c1, c2 = st.columns([3, 2], vertical_alignment="bottom")
c1.text_input("Or type the hand", key=ui.TYPED, placeholder="e.g. 3 3 4 5 6 7 8 9 9 9 BJ",
              on_change=ui.type_hand, args=(preset,))
with c2.expander("House rules (options)"):
    for name in ui.EDITABLE_OPTIONS:
        fixed = not ui.option_open(name, base)
        st.toggle(ui.option_label(name), key=ui.option_key(name), disabled=fixed,
                  help=ui.option_help(name) + (f" (fixed with {base.players} players)" if fixed else ""))
typed_error = st.session_state.get(ui.EDITOR + "typed-error")
if typed_error:
    st.error(typed_error)
hand = card_picker(ui.picker_key("hand", preset), deck, label="Your hand",
                   help=f"Up to {base.max_hand} cards ({base.hand_size} dealt, {base.kitty} more for the landlord). "
                        "Suits do not matter in Dou Dizhu: the first row holds one card of each rank, the next rows "
                        "the second, third … copies. Click a card again to remove it.")
table = card_picker(ui.picker_key("table", preset), deck, label="The play to beat",
                    help="The last play on the table. Leave it empty when you lead.")

position = ui.position(preset, hand, table)
show_cards(sort_ranks(hand), caption=f"Your hand ({len(hand)} cards)", overlap=0.35)
show_cards(sort_ranks(table), caption="To beat" if table else "The table is empty: you lead", scale=0.8)

if table:
    try:
        readings: tuple[ComboInfo, ...] = classify_command(
            ClassifyRequest(preset=preset, options=position.get("options", {}), cards=table)).readings
    except CardTableError:
        readings = ()
    if len(readings) > 1:
        kinds = [r.combo.value for r in readings]
        if st.session_state.get(ui.READING) not in kinds:
            st.session_state[ui.READING] = kinds[0]
        st.radio("These cards read several ways — which did the player claim?", kinds, key=ui.READING,
                 format_func=lambda k: next(r.description for r in readings if r.combo.value == k))
        position["table_as"] = st.session_state[ui.READING]
    else:
        position.pop("table_as", None)

legal: DouDizhuLegalAnswer | None = None
try:
    request = ui.legal_request(position)
    legal = legal_command(request)
except CardTableError as error:
    show_error(error)

if legal is not None:
    st.header(f"Legal plays ({legal.count})")
    if legal.table is not None:
        st.markdown(f"To beat: **{legal.table.description}**. Only a higher {legal.table.label} of the same size, a "
                    "bomb or the rocket beats it. You may also pass.")
    else:
        st.markdown("You lead: any combination may be played, and a leader cannot pass.")
    if not legal.count:
        st.info("Nothing in this hand beats the play on the table: you must pass.")
    by_kind: dict[Kind, list[ComboInfo]] = {}
    for play in legal.plays:
        by_kind.setdefault(play.combo, []).append(play)
    for kind in Kind:
        plays = by_kind.get(kind)
        if not plays:
            continue
        st.markdown(f"**{ui.KIND_TITLES[kind]}** · {len(plays)}")
        plays_table(ui.play_rows(plays), key=f"{ui.EDITOR}plays:{kind.value}", height=min(38 + 35 * len(plays), 300))

    st.header("Check a play")
    ui.keep_play_in_hand(preset, hand)
    texts = ui.remember_plays(legal.plays)
    if texts:
        st.selectbox("Try one of the legal plays", [""] + texts, key=ui.TRY, on_change=ui.choose_play,
                     args=(preset,), format_func=lambda t: t or "—")
    passing = st.toggle("I pass", key=ui.PASSING)
    chosen = () if passing else card_picker(ui.picker_key("play", preset), deck, label="Or pick cards from your hand",
                                            limit_to=sort_ranks(hand))
    if passing or chosen:
        if chosen:
            show_cards(sort_ranks(chosen), caption="Your play", scale=0.8)
        verdict = check_command(CheckRequest(preset=request.preset, options=request.options, hand=request.hand,
                                             table=request.table, table_as=request.table_as,
                                             play="pass" if passing else chosen))
        if verdict.legal:
            st.success(f"Legal: {verdict.reason}", icon=":material/check_circle:")
        else:
            st.error(f"Not legal: {verdict.reason}", icon=":material/block:")
    else:
        st.caption("Choose cards (or 'I pass') to see the engine's verdict and its reason.")

st.header("Save, load and share")
st.caption("The JSON is exactly what `python -m engine legal doudizhu '…'` reads.")
share_panel(position, key=ui.SHARE, on_load=ui.load_position, filename="doudizhu-position.json")
